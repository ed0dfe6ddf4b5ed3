/* hand_facts.c -- the per-holding table and the hand facts the lead rules
 * test (analyze/lead/RULES.md §2.3). */
#include <pthread.h>
#include "analyze/lead/hand_facts.h"

#define RB(r) (1u << (r))

static holding_info TABLE[8192];
static pthread_once_t table_once = PTHREAD_ONCE_INIT;

/* hand_facts.h's ranks_count: the bits of each byte. */
#define B2(n) n, n + 1, n + 1, n + 2
#define B4(n) B2(n), B2(n + 1), B2(n + 1), B2(n + 2)
#define B6(n) B4(n), B4(n + 1), B4(n + 1), B4(n + 2)
const uint8_t ranks_count8[256] = {B6(0), B6(1), B6(1), B6(2)};
#undef B2
#undef B4
#undef B6

int ranks_seqlow(uint16_t m, int r)
{
    if (!(m & RB(r))) return 0;
    while (r > 2 && (m & RB(r - 1))) r--;
    return r;
}

/* The run of held-or-played ranks through rank, in bit operations: the
 * nearest gaps above and below bound it (sd_rules.h's sd_group). */
uint16_t suit_group(uint16_t held, uint16_t played, int rank)
{
    uint32_t gaps = ~(((uint32_t)(held | played) & SUIT_MASK_ALL) | RB(rank));
    uint32_t above = gaps & ~((2u << rank) - 1), below = gaps & (RB(rank) - 1);
    int hi = __builtin_ctz(above), lo = below ? 32 - __builtin_clz(below) : 0;
    return (uint16_t)((held & (RB(hi) - 1) & ~(RB(lo) - 1)) | RB(rank));
}

/* HF_ESTABLISHED and HF_REENTRY of a holding given the ranks played
 * (§2.3), master(s) found once for both:
 * established(s): he holds master(s) and out <= 3 w, w = |group(master)|,
 * out = unplayed cards of s he does not hold (foster L1479);
 * reentry(s): master(s), or the 2nd-best unplayed card with >= 2 cards
 * (foster L1483). */
uint16_t suit_play_flags(uint16_t held, uint16_t played)
{
    uint16_t unplayed = (uint16_t)(SUIT_MASK_ALL & ~played);
    if (!unplayed) return 0;
    int master = ranks_top(unplayed);
    if (!(held & RB(master))) {
        uint16_t below_master = (uint16_t)(unplayed & ~RB(master));
        bool second = below_master && (held & RB(ranks_top(below_master)));
        return second && ranks_count(held) >= 2 ? HF_REENTRY : 0;
    }
    int w = ranks_count(suit_group(held, played, master));
    int out = 13 - ranks_count(played & SUIT_MASK_ALL) - ranks_count(held);
    return (uint16_t)(HF_REENTRY | (out <= 3 * w ? HF_ESTABLISHED : 0));
}

bool suit_established(uint16_t held, uint16_t played)
{
    return suit_play_flags(held, played) & HF_ESTABLISHED;
}

bool suit_reentry(uint16_t held, uint16_t played)
{
    return suit_play_flags(held, played) & HF_REENTRY;
}

static void build_table(void)
{
    for (unsigned i = 0; i < 8192; i++) {
        uint16_t m = (uint16_t)(i << 2);
        holding_info *h = &TABLE[i];
        int n = ranks_count(m);
        h->n = (uint8_t)n;
        h->hc = (uint8_t)ranks_count(m & (RB(RANK_A) | RB(RANK_K) | RB(RANK_Q) |
                                                 RB(RANK_J) | RB(RANK_T)));
        h->hon = (uint8_t)ranks_count(m & (RB(RANK_A) | RB(RANK_K) | RB(RANK_Q) |
                                                  RB(RANK_J)));
        h->hcp = (uint8_t)(4 * !!(m & RB(RANK_A)) + 3 * !!(m & RB(RANK_K)) +
                           2 * !!(m & RB(RANK_Q)) + !!(m & RB(RANK_J)));
        if (n == 0) continue;
        h->top = (uint8_t)ranks_top(m);
        h->h2 = (uint8_t)ranks_nth(m, 2);
        h->low = (uint8_t)ranks_low(m);
        h->penult = (uint8_t)ranks_nth(m, n - 1 > 0 ? n - 1 : 1);
        h->fourth = (uint8_t)ranks_nth(m, 4);
        bool a = m & RB(RANK_A), k = m & RB(RANK_K), q = m & RB(RANK_Q), j = m & RB(RANK_J);
        uint16_t f = 0;
        if (n >= 4 && ((a && k) || (k && q) || (q && j))) f |= HF_GOOD_LONG;
        if (a || (k && q)) f |= HF_STRONG;
        if (a || (k && n >= 2) || (q && n >= 3)) f |= HF_STOPPED;
        if ((a && q && !k) || (k && j && !q)) f |= HF_TENACE;
        if (n >= 2 && h->h2 == h->top - 1) f |= HF_TOUCHING;
        if (suit_established(m, 0)) f |= HF_ESTABLISHED;
        if (suit_reentry(m, 0)) f |= HF_REENTRY;
        h->flags = f;
    }
}

const holding_info *holding_table(void)
{
    pthread_once(&table_once, build_table);
    return TABLE;
}

/* Puts the larger of *a and *b first. */
static inline void order_pair(int *a, int *b)
{
    if (*a < *b) {
        int t = *a;
        *a = *b;
        *b = t;
    }
}

/* The trump suit reads -1 and sorts last, then a sorting network of four. */
uint16_t hand_facts_shape(const hand_facts *f)
{
    int len[4];
    for (int s = 0; s < 4; s++) len[s] = s == f->trump ? -1 : f->n[s] > 15 ? 15 : f->n[s];
    order_pair(&len[0], &len[1]);
    order_pair(&len[2], &len[3]);
    order_pair(&len[0], &len[2]);
    order_pair(&len[1], &len[3]);
    order_pair(&len[1], &len[2]);
    uint16_t code = 0;
    for (int i = 0; i < 4 && len[i] >= 0; i++) code = (uint16_t)(code << 4 | len[i]);
    return code;
}

int hand_facts_hcp(const hand_facts *f, const holding_info *tab)
{
    int hcp = 0;
    for (int s = 0; s < 4; s++) hcp += holding_of(tab, f->hold[s])->hcp;
    return hcp;
}

/* The facts that depend on the whole hand: HF_TRUMPS on the trump suit,
 * HF_OTHER_ACE on each plain suit when another plain suit holds its A
 * (W3b), and t. */
static void whole_hand(hand_facts *f)
{
    int aces = 0;
    for (int s = 0; s < 4; s++) aces |= (f->hold[s] >> RANK_A & 1) << s;
    if (f->trump >= 0) aces &= ~(1 << f->trump);
    for (int s = 0; s < 4; s++) {
        if (s == f->trump) f->flags[s] |= HF_TRUMPS;
        else f->flags[s] = (uint16_t)((f->flags[s] & ~HF_OTHER_ACE) | (aces & ~(1 << s) ? HF_OTHER_ACE : 0));
    }
    f->t = f->trump >= 0 ? f->n[f->trump] : 0;
}

/* Fills the per-suit fields from the holdings and flags already set. */
static void finish(hand_facts *f, const holding_info *tab)
{
    for (int s = 0; s < 4; s++) {
        const holding_info *h = holding_of(tab, f->hold[s]);
        f->n[s] = h->n;
        f->hc[s] = h->hc;
        f->top[s] = h->top;
        f->h2[s] = h->h2;
    }
    whole_hand(f);
}

void hand_facts_opening(hand_facts *f, const holding_info *tab, hand_t hand,
                        int trump, card_t turnup)
{
    f->trump = trump >= SUIT_S && trump <= SUIT_C ? trump : -1;
    for (int s = 0; s < 4; s++) {
        f->hold[s] = hand_suit(hand, s);
        f->played[s] = 0;
        f->flags[s] = holding_of(tab, f->hold[s])->flags; /* nothing played: the table's flags are whole */
    }
    f->play_pending = false;
    memset(f->seen, 0, sizeof f->seen);
    finish(f, tab);
    /* §2.3: turn-up rank r in K..T and the leader holds trumps r+1 and r-1. */
    f->turnup_tenace = false;
    if (f->trump >= 0 && turnup != CARD_NONE && card_suit(turnup) == f->trump) {
        int r = card_rank(turnup);
        uint16_t tr = f->hold[f->trump];
        f->turnup_tenace = r >= RANK_T && r <= RANK_K && (tr & RB(r + 1)) && (tr & RB(r - 1));
    }
}

void hand_facts_later(hand_facts *f, const holding_info *tab, hand_t hand,
                      int trump, hand_t played)
{
    f->trump = trump >= SUIT_S && trump <= SUIT_C ? trump : -1;
    for (int s = 0; s < 4; s++) {
        uint16_t held = hand_suit(hand, s);
        f->hold[s] = held;
        f->played[s] = hand_suit(played, s);
        f->flags[s] = holding_of(tab, held)->flags & ~(HF_ESTABLISHED | HF_REENTRY);
    }
    f->play_pending = true;
    memset(f->seen, 0, sizeof f->seen);
    finish(f, tab);
    f->turnup_tenace = false;
}

void hand_facts_restrict(hand_facts *f, const hand_facts *full, unsigned candidates, bool no_trumps)
{
    *f = *full;
    for (int s = 0; s < 4; s++) {
        bool keep = s == f->trump ? !no_trumps : (candidates >> s) & 1;
        if (keep) continue;
        /* a void suit: the holding table's facts of no cards, all 0 */
        f->hold[s] = f->flags[s] = 0;
        f->n[s] = f->hc[s] = f->top[s] = f->h2[s] = 0;
    }
    whole_hand(f);
}
