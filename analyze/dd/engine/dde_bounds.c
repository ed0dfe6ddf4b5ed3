/* dde_bounds.c -- the sure-trick bound at a trick's start: the tricks the
 * leader takes by cashing the top cards he holds, which no play of the
 * others can stop. Top trumps first (each opponent follows with a trump
 * while he has one); then each side suit's top cards, as many rounds as
 * every opponent still holding a trump can follow. Trumps never win
 * against this in no-trump, so there every top card counts. Or the leader
 * leads low to a suit partner tops (no opponent can ruff it), and partner
 * cashes his (DDS's quick tricks through an entry): that trick at least.
 *
 * And a bound for either side, on lead or not: a trump above every trump
 * of the opponents wins the trick it is played to (led, or ruffing), and
 * one hand's such trumps go to different tricks; the two highest trumps
 * split between the side's hands, not two singletons, are two tricks (each
 * wins when played, and they need not fall together: DDS's later tricks).
 *
 * After the lead, a bound for the second hand's side (DDS's quick tricks
 * of the second hand): when it holds the top card of the suit led and the
 * leader's partner cannot ruff, it wins the trick, and the hand holding
 * that card then cashes its top cards (at no-trump; its top trumps in a
 * suit contract).
 *
 * And a bound for the side not on lead: the trick being led is surely
 * theirs when every suit the leader holds is topped by one of them (the
 * card out highest in it: led or followed to, it wins) and the leader's
 * partner cannot ruff it (he follows to it, or holds no trump).
 *
 * Each count also says which cards it rested on (beside the suit lengths),
 * for the table's patterns: a run of top cards rests on its cards alone
 * (every position holding them has at least as many tricks; where the run
 * stops does not matter to a lower bound), and a count is taken only as
 * far as the question needs (`enough`): the fewer cards, the wider the
 * table entries above (half the positions visited: README.md, "Speed"). */
#include "analyze/dd/engine/dde_internal.h"

/* How many of the suit's highest cards out the holder has, in a row (at
 * most cap); those
 * cards are added to *rel (ranks of suit s): a count of sure tricks rests
 * on them alone (where the run stops does not matter to a lower bound:
 * every position holding them has at least as many). */
static int tops(uint16_t mine, uint16_t out, int s, int cap, hand_t *rel)
{
    int k = 0;
    uint16_t run = 0;
    while (out && k < cap) {
        int r = 31 - __builtin_clz((unsigned)out);
        if (!(mine >> r & 1)) break;
        run |= (uint16_t)(1u << r);
        k++;
        out = (uint16_t)(out & ~(1u << r));
    }
    *rel |= hand_from_suit(s, run);
    return k;
}

/* At no-trump, the leader cashes his top cards, then leads a suit whose
 * top card partner holds, and partner cashes his: counted only when the
 * leader has a card of that suit and partner has enough other cards to
 * discard while the leader cashes the suits partner is void in. Else the
 * leader's own top cards. */
static int nt_with_partner(const dde_ctx *e, const int *top, hand_t *rel)
{
    int L = e->leader, P = seat_partner(L);
    hand_t all = e->hand[0] | e->hand[1] | e->hand[2] | e->hand[3];
    int own = top[0] + top[1] + top[2] + top[3], theirs = 0, discards = 0;
    bool entry = false;
    for (int s = 0; s < 4; s++) {
        int k = tops(hand_suit(e->hand[P], s), hand_suit(all, s), s, 13, rel);
        theirs += k;
        if (k && hand_suit(e->hand[L], s)) entry = true;
        int follow = dde_suit_len(e->hand[P], s);
        if (top[s] > follow) discards += top[s] - follow;
    }
    if (!entry || !theirs || dde_count(e->hand[P]) - theirs < discards) return own;
    return own + theirs;
}

/* The rounds of a suit the leader wins by leading his cards above every
 * opponent's card, highest first, while partner follows with his lowest:
 * counted until partner would have to overtake (he would take the lead). */
static int cash_rounds(uint16_t mine, uint16_t partner, uint16_t opp)
{
    uint16_t win = mine;
    if (opp) win = (uint16_t)(mine & ~((2u << (31 - __builtin_clz((unsigned)opp))) - 1));
    int k = 0;
    while (win) {
        int w = 31 - __builtin_clz((unsigned)win);
        win = (uint16_t)(win & ~(1u << w));
        if (partner) {
            if (__builtin_ctz(partner) > w) break;
            partner &= (uint16_t)(partner - 1);
        }
        k++;
    }
    return k;
}

/* What k rounds of cash_rounds rest on: the suit's cards from the
 * leader's k-th highest up (leader's and partner's only: every opponent's
 * card is below them); partner's cards below are told by his length. */
static hand_t rounds_rel(uint16_t mine, uint16_t partner, int k, int s)
{
    if (!k) return 0;
    uint16_t m = mine;
    while (--k) m = (uint16_t)(m & ~(1u << (31 - __builtin_clz((unsigned)m))));
    uint16_t from = (uint16_t)~((1u << (31 - __builtin_clz((unsigned)m))) - 1);
    return hand_from_suit(s, (uint16_t)((mine | partner) & from));
}

/* The leader's winners with partner's cards beside them (cash_rounds), top
 * trumps first, a side suit only as often as every opponent still holding
 * a trump follows; -1 when partner lacks the cards to throw on the rounds
 * he cannot follow (a throw from a suit being cashed, or a forced ruff,
 * would spoil the count). Rests on the cards of the rounds counted
 * (rounds_rel) and the suit lengths. */
static int cash_with_partner(const dde_ctx *e, int L, int enough, int entry, hand_t *rel)
{
    int P = seat_partner(L), t = e->trump;
    int o1 = seat_left(L), o2 = seat_right(L);
    int k[4], need = 0, spare = 0, sure = 0;
    for (int s = 0; s < 4; s++) {
        uint16_t opp = (uint16_t)(hand_suit(e->hand[o1], s) | hand_suit(e->hand[o2], s));
        k[s] = cash_rounds(hand_suit(e->hand[L], s), hand_suit(e->hand[P], s), opp);
    }
    bool ruffs[2] = {false, false};
    if (t != STRAIN_NT) {
        sure = k[t];
        ruffs[0] = dde_suit_len(e->hand[o1], t) > k[t];
        ruffs[1] = dde_suit_len(e->hand[o2], t) > k[t];
    }
    for (int s = 0; s < 4; s++) {
        if (s == t) continue;
        if (ruffs[0] && dde_suit_len(e->hand[o1], s) < k[s]) k[s] = dde_suit_len(e->hand[o1], s);
        if (ruffs[1] && dde_suit_len(e->hand[o2], s) < k[s]) k[s] = dde_suit_len(e->hand[o2], s);
    }
    /* side suits, the one crossed to first, then the richest first, only
     * as far as enough: fewer cards to rest on, and the suits left alone
     * give partner throws */
    for (bool taken[4] = {false, false, false, false};;) {
        int pick = -1;
        for (int s = 0; s < 4; s++)
            if (s != t && !taken[s] && (pick < 0 || (pick != entry && (s == entry || k[s] > k[pick])))) pick = s;
        if (pick < 0) break;
        taken[pick] = true;
        if (k[pick] > enough - sure) k[pick] = enough - sure > 0 ? enough - sure : 0;
        sure += k[pick];
    }
    for (int s = 0; s < 4; s++) {
        int len = dde_suit_len(e->hand[P], s);
        if (s != t && !k[s]) spare += len - (s == entry); /* the crossing card is spent */
        if (k[s] > len) need += k[s] - len;
    }
    if (need > spare) return -1;
    for (int s = 0; s < 4; s++) *rel |= rounds_rel(hand_suit(e->hand[L], s), hand_suit(e->hand[P], s), k[s], s);
    return sure;
}

/* The leader leads a low card of a suit whose top card partner holds
 * (no opponent can ruff it: each follows or holds no trump), and partner,
 * on lead, cashes his winners as cash_with_partner counts them (that trick
 * is his first round of the suit); the best such suit's count, -1 when
 * there is none. The count rests on cash_with_partner's cards (the suit's
 * from the opponents' highest up: partner's top card among them) and the
 * suit lengths. */
static int cash_after_entry(const dde_ctx *e, int enough, hand_t *rel)
{
    int L = e->leader, P = seat_partner(L), t = e->trump;
    hand_t all = e->hand[0] | e->hand[1] | e->hand[2] | e->hand[3];
    hand_t o1 = e->hand[seat_left(L)], o2 = e->hand[seat_right(L)];
    bool ruff1 = t != STRAIN_NT && hand_suit(o1, t), ruff2 = t != STRAIN_NT && hand_suit(o2, t);
    for (int s = 0; s < 4; s++) {
        uint16_t out = hand_suit(all, s);
        if (!hand_suit(e->hand[L], s) || !(hand_suit(e->hand[P], s) >> (31 - __builtin_clz((unsigned)out)) & 1))
            continue;
        if (s != t && ((ruff1 && !hand_suit(o1, s)) || (ruff2 && !hand_suit(o2, s)))) continue;
        hand_t r = 0;
        int k = cash_with_partner(e, P, enough, s, &r);
        if (k < 1) /* the crossing trick alone */
            k = 1, r = hand_from_suit(s, (uint16_t)(1u << (31 - __builtin_clz((unsigned)out))));
        *rel = r;
        return k; /* the first suit that crosses */
    }
    return -1;
}

/* The cards of seat above every card of the opponents' in their suit: no
 * cashing count of his (cash_with_partner) exceeds it, so the count is
 * skipped when this is not enough (it cost a tenth of the search). */
static int winners(const dde_ctx *e, int seat)
{
    hand_t opp = e->hand[seat_left(seat)] | e->hand[seat_right(seat)];
    int n = 0;
    for (int s = 0; s < 4; s++) {
        uint16_t o = hand_suit(opp, s), mine = hand_suit(e->hand[seat], s);
        n += dde_count(o ? (uint16_t)(mine & ~((2u << (31 - __builtin_clz((unsigned)o))) - 1)) : mine);
    }
    return n;
}

int dde_sure_tricks(const dde_ctx *e, int enough, hand_t *rel)
{
    hand_t h = e->hand[e->leader], all = e->hand[0] | e->hand[1] | e->hand[2] | e->hand[3];
    hand_t top_rel = 0, cash_rel = 0, entry_rel = 0;
    int top[4], alone = 0;
    /* the counts in the order of the cards they rest on, fewest first:
     * the first that is enough answers (a wider table entry above) */
    if (e->trump != STRAIN_NT) { /* partner short of throws: the leader's top trumps alone */
        alone = tops(hand_suit(h, e->trump), hand_suit(all, e->trump), e->trump, enough, &top_rel);
    } else {
        for (int s = 0; s < 4; s++) top[s] = tops(hand_suit(h, s), hand_suit(all, s), s, 13, &top_rel);
        if (top[0] + top[1] + top[2] + top[3] < enough) {
            alone = nt_with_partner(e, top, &top_rel);
        } else { /* the richest suits, as far as enough */
            top_rel = 0;
            for (bool taken[4] = {false, false, false, false}; alone < enough;) {
                int pick = 0;
                for (int s = 1; s < 4; s++)
                    if (taken[pick] || (!taken[s] && top[s] > top[pick])) pick = s;
                taken[pick] = true;
                alone += tops(hand_suit(h, pick), hand_suit(all, pick), pick, enough - alone, &top_rel);
            }
        }
    }
    if (alone >= enough) return *rel = top_rel, alone;
    int cashed = winners(e, e->leader) < enough ? -1 : cash_with_partner(e, e->leader, enough, -1, &cash_rel);
    if (cashed >= enough) return *rel = cash_rel, cashed;
    int crossed = enough > 1 && winners(e, seat_partner(e->leader)) < enough ? -1 : cash_after_entry(e, enough, &entry_rel);
    if (crossed >= enough) return *rel = entry_rel, crossed;
    *rel = top_rel;
    return alone;
}

int dde_master_trumps(const dde_ctx *e, int seat, int enough, hand_t *rel)
{
    *rel = 0;
    if (e->trump == STRAIN_NT) return 0;
    int t = e->trump;
    uint16_t opp = (uint16_t)(hand_suit(e->hand[seat_left(seat)], t) | hand_suit(e->hand[seat_right(seat)], t));
    uint16_t above_opp = opp ? (uint16_t)~((2u << (31 - __builtin_clz((unsigned)opp))) - 1) : 0xFFFF;
    uint16_t best = 0;
    for (int p = seat & 1; p < 4; p += 2) {
        uint16_t above = (uint16_t)(hand_suit(e->hand[p], t) & above_opp);
        if (dde_count(above) > dde_count(best)) best = above;
    }
    int k = dde_count(best) < enough ? dde_count(best) : enough;
    if (!opp || !k) return k; /* the opponents' void: the lengths tell */
    uint16_t all = (uint16_t)(hand_suit(e->hand[0] | e->hand[1] | e->hand[2] | e->hand[3], t));
    if (k == 1 && enough > 1) { /* the two highest trumps split between the side's hands, not two singletons */
        uint16_t a = hand_suit(e->hand[seat], t), b = hand_suit(e->hand[seat_partner(seat)], t);
        uint16_t top2 = (uint16_t)(1u << (31 - __builtin_clz((unsigned)all)));
        uint16_t rest = (uint16_t)(all & ~top2);
        if (rest) top2 |= (uint16_t)(1u << (31 - __builtin_clz((unsigned)rest)));
        bool split = (a & top2) && (b & top2) && dde_count(a & top2) == 1;
        if (split && (dde_count(a) > 1 || dde_count(b) > 1)) {
            *rel = hand_from_suit(t, top2);
            return 2;
        }
    }
    /* the trumps out from the k-th highest counted one up: the side's own */
    while (dde_count(best) > k) best &= (uint16_t)(best - 1);
    *rel = hand_from_suit(t, (uint16_t)(all & ~((1u << __builtin_ctz(best)) - 1)));
    return k;
}

int dde_second_hand_tricks(const dde_ctx *e, int enough, hand_t *rel)
{
    card_t led = e->trick[0];
    int ls = card_suit(led), t = e->trump;
    hand_t all = e->hand[0] | e->hand[1] | e->hand[2] | e->hand[3];
    uint16_t out = (uint16_t)(hand_suit(all, ls) | 1u << card_rank(led));
    int top = 31 - __builtin_clz((unsigned)out);
    card_t top_card = card_make(ls, top);
    int second = (e->leader + 1) & 3, third = (e->leader + 2) & 3, fourth = (e->leader + 3) & 3;
    int w = hand_has(e->hand[second], top_card) ? second : hand_has(e->hand[fourth], top_card) ? fourth : -1;
    if (w < 0) return 0; /* the leader's side holds the top card, or led it */
    if (t != STRAIN_NT && ls != t && !hand_suit(e->hand[third], ls) && hand_suit(e->hand[third], t))
        return 0; /* the leader's partner may ruff */
    *rel = card_bit(top_card);
    hand_t mine = e->hand[w] & ~card_bit(top_card), rest = all & ~card_bit(top_card);
    int sure = 1;
    for (int s = 0; s < 4 && sure < enough; s++) /* the suits it takes to reach enough: fewer cards to rest on */
        if (t == STRAIN_NT || s == t) sure += tops(hand_suit(mine, s), hand_suit(rest, s), s, enough - sure, rel);
    return sure;
}

/* Rests on the top card of each suit the leader holds (its holder; the
 * suit lengths tell the voids and the partner's trumps). */
int dde_lost_lead(const dde_ctx *e, hand_t *rel)
{
    int L = e->leader, P = seat_partner(L), t = e->trump;
    hand_t all = e->hand[0] | e->hand[1] | e->hand[2] | e->hand[3], opp = e->hand[seat_left(L)] | e->hand[seat_right(L)];
    bool partner_ruffs = t != STRAIN_NT && hand_suit(e->hand[P], t);
    hand_t topped = 0;
    for (int s = 0; s < 4; s++) {
        if (!hand_suit(e->hand[L], s)) continue;
        card_t top = card_make(s, 31 - __builtin_clz((unsigned)hand_suit(all, s)));
        if (!(opp & card_bit(top))) return 0;
        if (s != t && partner_ruffs && !hand_suit(e->hand[P], s)) return 0;
        topped |= card_bit(top);
    }
    *rel |= topped;
    return 1;
}
