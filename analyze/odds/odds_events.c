/* odds_events.c -- one deal to the observation histograms of the odds
 * tables. Hands are bit masks, so every observation is a few shifts and
 * popcounts; nothing here allocates (odds.md S2.5, "Hands as bit masks"). */
#include <pthread.h>
#include <string.h>
#include "analyze/odds/odds_events.h"
#include "analyze/odds/odds_exact.h"

#define BIT(rank) ((uint16_t)(1u << (rank)))
#define ACE BIT(RANK_A)
#define KING BIT(RANK_K)
#define QUEEN BIT(RANK_Q)
#define KNAVE BIT(RANK_J)
#define HONOURS (ACE | KING | QUEEN | KNAVE)

static int8_t PATTERN_OF[14][14][14]; /* by the lengths of suits S, H, D */
static uint8_t BALANCED_OF[ODDS_NPATTERNS];
static uint8_t HCP_OF[16];            /* by the bits J Q K A of a suit */
static pthread_once_t TABLES_ONCE = PTHREAD_ONCE_INIT;

static void tables_build(void)
{
    for (int a = 0; a < 14; a++)
        for (int b = 0; b < 14; b++)
            for (int c = 0; c < 14; c++)
                PATTERN_OF[a][b][c] = (int8_t)odds_pattern_index(a, b, c, 13 - a - b - c);
    for (int i = 0; i < ODDS_NPATTERNS; i++) BALANCED_OF[i] = odds_pattern_balanced(odds_patterns()[i].len);
    for (int bits = 0; bits < 16; bits++) /* bit 0 J=1, bit 1 Q=2, bit 2 K=3, bit 3 A=4 */
        HCP_OF[bits] = (uint8_t)((bits & 1) + 2 * (bits >> 1 & 1) + 3 * (bits >> 2 & 1) + 4 * (bits >> 3 & 1));
}

/* Bits set in a suit. The portable builtin becomes a library call on a
 * plain x86-64 build; this is a handful of instructions. */
static inline int pop16(unsigned x)
{
    x = x - ((x >> 1) & 0x5555u);
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0F0Fu;
    return (int)((x + (x >> 8)) & 0x1Fu);
}

/* The deal by seat and suit. */
typedef struct {
    uint16_t s[4][4];    /* ranks held, [seat][suit] */
    uint8_t len[4][4];
    uint8_t owner[4][16]; /* seat holding [suit][rank] */
} view;

static void view_make(const odds_deal *d, view *v)
{
    for (int p = 0; p < 4; p++)
        for (int s = 0; s < 4; s++) {
            uint16_t ranks = hand_suit(d->hand[p], s);
            v->s[p][s] = ranks;
            v->len[p][s] = (uint8_t)pop16(ranks);
            for (; ranks; ranks &= (uint16_t)(ranks - 1)) v->owner[s][__builtin_ctz(ranks)] = (uint8_t)p;
        }
}

static inline int top_rank(unsigned x) { return 31 - __builtin_clz(x); }

/* S3.1 base, S3.7 calc1-3: the m highest cards of s the viewer lacks. The
 * histogram of each m is packed 9 bits a bin (a deal adds at most 48 to a
 * bin) so that the adds stay in registers. */
static inline void partner_cards(const view *v, int me, int s, uint64_t packed[6], odds_deal_counts *c)
{
    int lho = seat_left(me), partner = seat_partner(me), rho = seat_right(me);
    unsigned held = 0; /* named cards held by each seat, a byte per seat */
    unsigned rest = SUIT_MASK_ALL & ~(unsigned)v->s[me][s];
    for (int m = 1; m <= 6 && rest; m++) {
        int r = top_rank(rest);
        rest &= ~(1u << r);
        held += 1u << (8 * v->owner[s][r]);
        unsigned kp = held >> (8 * partner) & 15;
        packed[m - 1] += (1ULL << (9 * (held >> (8 * lho) & 15))) + (1ULL << (9 * kp)) +
                         (1ULL << (9 * (held >> (8 * rho) & 15)));
        if (m >= 2 && m <= 4) c->calc[m - 2][kp > 0]++;
    }
}

/* S3.4: the viewer leads, dummy is his RHO, "he" his LHO. */
static void two_hands(const view *v, int me, int s, odds_deal_counts *c)
{
    int he = seat_left(me), dummy = seat_right(me), partner = seat_partner(me);
    uint16_t seen = v->s[me][s] | v->s[dummy][s], his = v->s[he][s];
    unsigned rest = v->s[he][s] | v->s[partner][s];
    int k = 0;
    for (int m = 1; m <= 3 && rest; m++) {
        int r = top_rank(rest);
        rest &= ~(1u << r);
        k += (his >> r) & 1;
        c->th[m - 1][k]++;
    }
    if (!(seen & (KING | QUEEN | KNAVE)))
        c->th_l404[(his & KING) ? 0 : (his & (QUEEN | KNAVE)) == (QUEEN | KNAVE) ? 1 : 2]++;
    if (!(seen & (KING | QUEEN))) {
        uint16_t kq = KING | QUEEN;
        c->th_l566[(his & kq) == kq || (v->s[partner][s] & kq) == kq]++;
    }
}

/* S3.5 a priori, and the claims of S3.6 / Hoyle's cases of S3.7. */
static void viewer_suit(const view *v, int me, int s, odds_deal_counts *c)
{
    int lho = seat_left(me), rho = seat_right(me), partner = seat_partner(me);
    uint16_t mine = v->s[me][s];
    int t = v->len[me][s];
    int rounds = v->len[lho][s] > v->len[rho][s] ? v->len[lho][s] : v->len[rho][s];
    if (t >= 4 && t <= 8) c->te[t - 4][rounds]++;
    if (t >= 5) c->te_ge5[rounds]++;
    if (!(mine & KING)) c->king_lho[(v->s[lho][s] & KING) != 0]++;
    if (!(mine & ACE)) c->not_ace[(v->s[partner][s] & ACE) != 0]++;
    if ((mine & HONOURS) == (KING | KNAVE)) c->ace_or_queen[(v->s[partner][s] & (ACE | QUEEN)) != 0]++;
    /* Dick's L939: the unique longest of the other three (ties excluded). */
    int ll = v->len[lho][s], lp = v->len[partner][s], lr = v->len[rho][s];
    if (lp > ll && lp > lr) c->longest_adv[0]++;
    else if ((ll > lp && ll > lr) || (lr > lp && lr > ll)) c->longest_adv[1]++;
    if (t >= 5 && !(mine & HONOURS)) c->partner_hon[pop16(v->s[partner][s] & HONOURS)]++;
    /* Foster L1717: K and one lower card, the leader (RHO) lacks the A. */
    if (t == 2 && (mine & KING) && !(mine & ACE) && !(v->s[rho][s] & ACE))
        c->ace_third[(v->s[lho][s] & ACE) != 0]++;
}

static inline int pattern_of(const uint8_t len[4]) { return PATTERN_OF[len[0]][len[1]][len[2]]; }

void odds_events_deal(const odds_deal *d, odds_deal_counts *c)
{
    pthread_once(&TABLES_ONCE, tables_build);
    memset(c, 0, sizeof *c);
    view v;
    view_make(d, &v);
    int deal_f = 0;
    uint64_t packed[6] = {0};
    for (int p = 0; p < 4; p++) {
        for (int s = 0; s < 4; s++) {
            partner_cards(&v, p, s, packed, c);
            two_hands(&v, p, s, c);
            viewer_suit(&v, p, s, c);
        }
        const uint8_t *len = v.len[p];
        int pat = pattern_of(len);
        c->pattern[pat]++;
        int lo = 13, hi = 0, q = 0, hcp = 0;
        for (int s = 0; s < 4; s++) {
            if (len[s] < lo) lo = len[s];
            if (len[s] > hi) hi = len[s];
            q += len[s] * len[s];
            c->suit_length[len[s]]++;
            c->hon_hand[pop16(v.s[p][s] & HONOURS)]++;
            hcp += HCP_OF[v.s[p][s] >> RANK_J & 15];
        }
        c->longest[hi]++;
        c->shortest[lo]++;
        c->balanced[BALANCED_OF[pat]]++;
        c->hcp[hcp]++;
        c->q[0]++;
        c->q[1] += q;
        c->q[2] += q * q;
        deal_f += q;
    }
    for (int m = 0; m < 6; m++)
        for (int k = 0; k <= m + 1; k++) c->pc[m][k] = (int32_t)(packed[m] >> (9 * k) & 0x1FF);
    c->f[0] = 1;
    c->f[1] = deal_f;
    c->f[2] = deal_f * deal_f;
    c->pattern1[pattern_of(v.len[d->dealer < 4 ? d->dealer : SEAT_N])]++;
    for (int s = 0; s < 4; s++) {
        uint8_t split[4] = {v.len[0][s], v.len[1][s], v.len[2][s], v.len[3][s]};
        c->suit_split[pattern_of(split)]++;
        c->hon_prior[pop16((v.s[SEAT_N][s] | v.s[SEAT_S][s]) & HONOURS)]++;
        /* S3.8: each side's missing cards, between the opponents. */
        for (int side = 0; side < 2; side++) {
            int a = v.len[side + 1][s], b = v.len[(side + 3) & 3][s];
            int n = a + b;
            if (n >= 2) c->split[n][a > b ? a : b]++;
        }
    }
}

/* Trumps, eldest hand's exhaustion and honours for trump suit s, weighted
 * by w pseudo-turn-ups of which hon are honours. */
static void trump_suit(const view *v, int dealer, int s, int w, int hon, odds_turnup_counts *c)
{
    c->dealer[v->len[dealer][s]] += w;
    for (int p = 0; p < 4; p++)
        if (p != dealer) c->nondealer[v->len[p][s]] += w;
    int eldest = seat_left(dealer), t = v->len[eldest][s];
    int lho = v->len[seat_left(eldest)][s], rho = v->len[dealer][s];
    int rounds = lho > rho ? lho : rho;
    if (t >= 4 && t <= 8) c->te_e[t - 4][rounds] += w;
    if (t >= 5) c->te_e_ge5[rounds] += w;
    int h = pop16((v->s[dealer][s] | v->s[seat_partner(dealer)][s]) & HONOURS);
    c->hon_whist[h] += w;
    c->hon_tu_hon[h] += hon;
    c->hon_tu_small[h] += w - hon;
}

/* S3.1 variants: the up to five highest cards of suit u that the viewer
 * lacks, by holder; excluded is the turn-up's rank bit when it is known and
 * lies in u. */
typedef struct {
    int n;
    uint8_t owner[5];
} named_cards;

static void named_make(const view *v, int me, int u, unsigned excluded, named_cards *nc)
{
    unsigned rest = SUIT_MASK_ALL & ~(unsigned)v->s[me][u] & ~excluded;
    for (nc->n = 0; rest && nc->n < 5; nc->n++) {
        int r = top_rank(rest);
        rest &= ~(1u << r);
        nc->owner[nc->n] = v->owner[u][r];
    }
}

/* The tu. and tud. histograms of one deal, bins k = 0..4 packed 12 bits
 * apart in one word per m: a deal adds at most 4 dealers x 3 viewers x 4
 * suits x 2 players x 13 turn-ups = 1248 < 4096 to a bin, and the adds stay
 * in registers instead of read-modify-writes of the same few counters. */
typedef struct {
    uint64_t tu[4], td[4];
} named_hist;

#define PACK(k, w) ((uint64_t)(w) << (12 * (k)))
#define NIBBLE(x, seat) ((x) >> (4 * (seat)) & 15)

/* The tu. rows (w1, w2: the other non-dealers) and tud. rows for a viewer's
 * named cards. all_turnups: every card of the dealer's hand is the turn-up
 * in turn; a turn-up among the m named cards gives way to the next card,
 * any other leaves them as they are. */
static inline void named_count(const named_cards *nc, int dealer, int w1, int w2, bool all_turnups,
                               named_hist *h)
{
    /* named cards held by each seat, a nibble per seat */
    unsigned held = 0;
    int dealers = 0;
    for (int m = 1; m <= 4 && m <= nc->n; m++) {
        int o = nc->owner[m - 1];
        held += 1u << (4 * o);
        dealers += o == dealer;
        int weight = all_turnups ? 13 - dealers : 1;
        h->tu[m - 1] += PACK(NIBBLE(held, w1), weight) + PACK(NIBBLE(held, w2), weight);
        h->td[m - 1] += PACK(NIBBLE(held, dealer), weight);
        if (!all_turnups || !dealers || m == nc->n) continue;
        unsigned k = held - (1u << (4 * dealer)) + (1u << (4 * nc->owner[m]));
        h->tu[m - 1] += PACK(NIBBLE(k, w1), dealers) + PACK(NIBBLE(k, w2), dealers);
        h->td[m - 1] += PACK(NIBBLE(k, dealer), dealers);
    }
}

/* The two non-dealers other than me. */
static void other_two(int dealer, int me, int *w1, int *w2)
{
    *w1 = *w2 = -1;
    for (int p = 0; p < 4; p++)
        if (p != dealer && p != me) {
            if (*w1 < 0) *w1 = p;
            else *w2 = p;
        }
}

static inline void one_dealer(const view *v, int dealer, const odds_deal *d, odds_turnup_mode tm,
                       const named_cards named[4][4], named_hist *h, odds_turnup_counts *c)
{
    int w1, w2;
    if (tm == ODDS_TURNUP_RECORD) {
        card_t t = d->turnup;
        int ts = card_suit(t);
        trump_suit(v, dealer, ts, 1, card_rank(t) >= RANK_J, c);
        for (int me = 0; me < 4; me++) {
            if (me == dealer) continue;
            other_two(dealer, me, &w1, &w2);
            for (int u = 0; u < 4; u++) {
                named_cards nc;
                named_make(v, me, u, u == ts ? 1u << card_rank(t) : 0, &nc);
                named_count(&nc, dealer, w1, w2, false, h);
            }
        }
        return;
    }
    for (int s = 0; s < 4; s++)
        if (v->len[dealer][s]) trump_suit(v, dealer, s, v->len[dealer][s], pop16(v->s[dealer][s] & HONOURS), c);
    for (int me = 0; me < 4; me++) {
        if (me == dealer) continue;
        other_two(dealer, me, &w1, &w2);
        for (int u = 0; u < 4; u++) named_count(&named[me][u], dealer, w1, w2, true, h);
    }
}

void odds_events_turnup(const odds_deal *d, odds_dealer_mode dm, odds_turnup_mode tm, odds_turnup_counts *c)
{
    memset(c, 0, sizeof *c);
    if (tm == ODDS_TURNUP_NONE) return;
    if (dm == ODDS_DEALER_RECORD && d->dealer > SEAT_W) return;
    if (tm == ODDS_TURNUP_RECORD &&
        (dm != ODDS_DEALER_RECORD || d->turnup == CARD_NONE || !hand_has(d->hand[d->dealer], d->turnup)))
        return;
    view v;
    view_make(d, &v);
    named_cards named[4][4]; /* with every turn-up in turn, by viewer and suit */
    if (tm == ODDS_TURNUP_ALL)
        for (int me = 0; me < 4; me++)
            for (int u = 0; u < 4; u++) named_make(&v, me, u, 0, &named[me][u]);
    named_hist h = {{0}, {0}};
    if (dm == ODDS_DEALER_RECORD) one_dealer(&v, d->dealer, d, tm, named, &h, c);
    else
        for (int dealer = 0; dealer < 4; dealer++) one_dealer(&v, dealer, d, tm, named, &h, c);
    for (int m = 0; m < 4; m++)
        for (int k = 0; k <= m + 1; k++) {
            c->pct[m][k] = (int32_t)(h.tu[m] >> (12 * k) & 0xFFF);
            c->pcd[m][k] = (int32_t)(h.td[m] >> (12 * k) & 0xFFF);
        }
}
