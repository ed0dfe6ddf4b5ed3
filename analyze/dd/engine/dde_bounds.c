/* dde_bounds.c -- the sure-trick bound at a trick's start: the tricks the
 * leader takes by cashing the top cards he holds, which no play of the
 * others can stop. Top trumps first (each opponent follows with a trump
 * while he has one); then each side suit's top cards, as many rounds as
 * every opponent still holding a trump can follow. Trumps never win
 * against this in no-trump, so there every top card counts.
 *
 * And a bound for either side, on lead or not: a trump above every trump
 * of the opponents wins the trick it is played to (led, or ruffing), and
 * one hand's such trumps go to different tricks.
 *
 * Each count also says which cards it rested on (beside the suit lengths),
 * for the table's patterns: a run of top cards rests on its cards and the
 * first card out below it that is not the holder's. */
#include "analyze/dd/engine/dde_internal.h"

/* How many of the suit's highest cards out the holder has, in a row; the
 * cards that count rests on are added to *rel (ranks of suit s). */
static int tops(uint16_t mine, uint16_t out, int s, hand_t *rel)
{
    int k = 0;
    uint16_t seen = 0;
    while (out) {
        int r = 31 - __builtin_clz((unsigned)out);
        seen |= (uint16_t)(1u << r);
        if (!(mine >> r & 1)) break;
        k++;
        out = (uint16_t)(out & ~(1u << r));
    }
    *rel |= hand_from_suit(s, seen);
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
        int k = tops(hand_suit(e->hand[P], s), hand_suit(all, s), s, rel);
        theirs += k;
        if (k && hand_suit(e->hand[L], s)) entry = true;
        int follow = hand_suit_len(e->hand[P], s);
        if (top[s] > follow) discards += top[s] - follow;
    }
    if (!entry || !theirs || hand_count(e->hand[P]) - theirs < discards) return own;
    return own + theirs;
}

int dde_sure_tricks(const dde_ctx *e, hand_t *rel)
{
    int L = e->leader;
    hand_t h = e->hand[L], all = e->hand[0] | e->hand[1] | e->hand[2] | e->hand[3];
    int opp[2] = {seat_left(L), seat_right(L)};
    int top[4];
    *rel = 0;
    for (int s = 0; s < 4; s++) top[s] = tops(hand_suit(h, s), hand_suit(all, s), s, rel);
    if (e->trump == STRAIN_NT) return nt_with_partner(e, top, rel);
    int t = e->trump, sure = top[t];
    bool ruffs[2];
    for (int o = 0; o < 2; o++) ruffs[o] = hand_suit_len(e->hand[opp[o]], t) > top[t];
    for (int s = 0; s < 4; s++) {
        if (s == t) continue;
        int k = top[s];
        for (int o = 0; o < 2; o++) {
            int len = hand_suit_len(e->hand[opp[o]], s);
            if (ruffs[o] && len < k) k = len;
        }
        sure += k;
    }
    return sure;
}

int dde_master_trumps(const dde_ctx *e, int seat, hand_t *rel)
{
    *rel = 0;
    if (e->trump == STRAIN_NT) return 0;
    uint16_t opp = (uint16_t)(hand_suit(e->hand[seat_left(seat)], e->trump) |
                              hand_suit(e->hand[seat_right(seat)], e->trump));
    if (opp) { /* every trump from the opponents' highest up */
        hand_t all = e->hand[0] | e->hand[1] | e->hand[2] | e->hand[3];
        uint16_t from = (uint16_t)~((1u << (31 - __builtin_clz((unsigned)opp))) - 1);
        *rel = hand_from_suit(e->trump, (uint16_t)(hand_suit(all, e->trump) & from));
    }
    int best = 0;
    for (int p = seat & 1; p < 4; p += 2) {
        uint16_t above = (uint16_t)(hand_suit(e->hand[p], e->trump) & ~((2u << (31 - __builtin_clz(opp | 1u))) - 1));
        if (!opp) above = hand_suit(e->hand[p], e->trump);
        if (__builtin_popcount(above) > best) best = __builtin_popcount(above);
    }
    return best;
}
