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
        int follow = dde_suit_len(e->hand[P], s);
        if (top[s] > follow) discards += top[s] - follow;
    }
    if (!entry || !theirs || dde_count(e->hand[P]) - theirs < discards) return own;
    return own + theirs;
}

/* The rounds of suit s the leader wins by leading his cards above every
 * opponent's card, highest first, while partner follows with his lowest:
 * counted until partner would have to overtake (he would take the lead).
 * The count rests on the suit's cards from the opponents' highest up (all
 * of them when the opponents hold none). */
static int cash_rounds(uint16_t mine, uint16_t partner, uint16_t opp, int s, hand_t *rel)
{
    uint16_t win = mine, from = 0xFFFF;
    if (opp) {
        int top = 31 - __builtin_clz((unsigned)opp);
        win = (uint16_t)(mine & ~((2u << top) - 1));
        from = (uint16_t)~((1u << top) - 1);
    }
    if (!win) return 0;
    *rel |= hand_from_suit(s, (uint16_t)((mine | partner | opp) & from));
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

/* The leader's winners with partner's cards beside them (cash_rounds), top
 * trumps first, a side suit only as often as every opponent still holding
 * a trump follows; -1 when partner lacks the cards to throw on the rounds
 * he cannot follow (a throw from a suit being cashed, or a forced ruff,
 * would spoil the count). */
static int cash_with_partner(const dde_ctx *e, hand_t *rel)
{
    int L = e->leader, P = seat_partner(L), t = e->trump;
    int o1 = seat_left(L), o2 = seat_right(L);
    int k[4], need = 0, spare = 0, sure = 0;
    for (int s = 0; s < 4; s++) {
        uint16_t opp = (uint16_t)(hand_suit(e->hand[o1], s) | hand_suit(e->hand[o2], s));
        k[s] = cash_rounds(hand_suit(e->hand[L], s), hand_suit(e->hand[P], s), opp, s, rel);
    }
    bool ruffs[2] = {false, false};
    if (t != STRAIN_NT) {
        sure = k[t];
        ruffs[0] = dde_suit_len(e->hand[o1], t) > k[t];
        ruffs[1] = dde_suit_len(e->hand[o2], t) > k[t];
    }
    for (int s = 0; s < 4; s++) {
        int len = dde_suit_len(e->hand[P], s);
        if (s != t) {
            if (ruffs[0] && dde_suit_len(e->hand[o1], s) < k[s]) k[s] = dde_suit_len(e->hand[o1], s);
            if (ruffs[1] && dde_suit_len(e->hand[o2], s) < k[s]) k[s] = dde_suit_len(e->hand[o2], s);
            sure += k[s];
            if (!k[s]) spare += len;
        }
        if (k[s] > len) need += k[s] - len;
    }
    return need <= spare ? sure : -1;
}

int dde_sure_tricks(const dde_ctx *e, hand_t *rel)
{
    hand_t h = e->hand[e->leader], all = e->hand[0] | e->hand[1] | e->hand[2] | e->hand[3];
    hand_t cash_rel = 0, top_rel = 0;
    int cashed = cash_with_partner(e, &cash_rel), top[4], alone;
    for (int s = 0; s < 4; s++) top[s] = tops(hand_suit(h, s), hand_suit(all, s), s, &top_rel);
    if (e->trump == STRAIN_NT)
        alone = nt_with_partner(e, top, &top_rel);
    else /* partner short of throws: the leader's top trumps alone */
        alone = top[e->trump], top_rel &= hand_from_suit(e->trump, 0xFFFF);
    *rel = cashed > alone ? cash_rel : top_rel;
    return cashed > alone ? cashed : alone;
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
        if (dde_count(above) > best) best = dde_count(above);
    }
    return best;
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
        if (t == STRAIN_NT || s == t) sure += tops(hand_suit(mine, s), hand_suit(rest, s), s, rel);
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
