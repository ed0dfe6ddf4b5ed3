/* dde_moves.c -- the cards worth trying and their order. Cards of one hand
 * with no card still out (in a hand or in the current trick) of another
 * seat between them are equal double-dummy: one of them, the lowest, is
 * tried for the group. Order (cut-offs come sooner when the best card is
 * tried first): the lead of a card that is the top of its suit, else (in a
 * suit contract) of a suit partner can ruff and no opponent can, else
 * from a suit partner tops, else from the side's longest suits; a suit an
 * opponent can ruff comes later. A follower takes the trick as cheaply as
 * it can when partner is not winning it (third and fourth hand, and ruffs);
 * third hand covers the card with which the last hand would beat
 * partner's; else low; discards from long suits, low cards first. Against
 * the leader's suit alone and partner winning meaning low: 12-16% fewer
 * positions visited (README.md, "Speed"). */
#include "analyze/dd/engine/dde_internal.h"

hand_t dde_equal_group(hand_t h, hand_t alive, card_t c)
{
    int s = card_suit(c);
    uint16_t mine = hand_suit(h, s), out = hand_suit(alive, s);
    uint16_t group = (uint16_t)(1u << card_rank(c));
    for (int r = card_rank(c) + 1; r <= RANK_A && !(out >> r & 1 && !(mine >> r & 1)); r++)
        if (mine >> r & 1) group |= (uint16_t)(1u << r);
    for (int r = card_rank(c) - 1; r >= 2 && !(out >> r & 1 && !(mine >> r & 1)); r--)
        if (mine >> r & 1) group |= (uint16_t)(1u << r);
    return hand_from_suit(s, group);
}

int dde_relative(hand_t alive, card_t c)
{
    uint16_t above = (uint16_t)(hand_suit(alive, card_suit(c)) & ~((2u << card_rank(c)) - 1));
    return card_suit(c) * 16 + dde_count(above);
}

card_t dde_absolute(hand_t alive, hand_t h, int move)
{
    int s = move >> 4;
    uint16_t out = hand_suit(alive, s);
    for (int k = move & 15; k > 0 && out; k--) out = (uint16_t)(out & ~(1u << (31 - __builtin_clz((unsigned)out))));
    if (!out) return CARD_NONE;
    card_t c = card_make(s, 31 - __builtin_clz((unsigned)out));
    return hand_has(h, c) ? c : CARD_NONE;
}

/* The lowest card of each group of equal cards of mine (a suit of the
 * hand), given out, the suit's cards still out; returns how many. */
static int group_lows(uint16_t mine, uint16_t out, int s, card_t *low)
{
    int n = 0;
    for (uint16_t m = mine; m;) { /* mine's cards from the top: a group's low has no card of mine next below it */
        int r = 31 - __builtin_clz((unsigned)m);
        m = (uint16_t)(m & ~(1u << r));
        uint16_t below = (uint16_t)(out & ((1u << r) - 1));
        if (!below || !(mine >> (31 - __builtin_clz((unsigned)below)) & 1)) low[n++] = card_make(s, r);
    }
    return n;
}

static int top_rank(uint16_t ranks) { return ranks ? 31 - __builtin_clz((unsigned)ranks) : 0; }

int dde_moves(const dde_ctx *e, card_t out[13])
{
    int np = e->nplayed, seat = (e->leader + np) & 3;
    hand_t h = e->hand[seat], alive = dde_alive(e);
    int lead_suit = np ? card_suit(e->trick[0]) : -1;
    bool follows = np && hand_suit(h, lead_suit);
    int win_seat = -1, win_suit = -1, win_rank = 0;
    if (np) { /* the card winning the trick so far */
        win_seat = dde_winner(e->trick, np, e->leader, e->trump);
        card_t w = e->trick[(win_seat - e->leader) & 3];
        win_suit = card_suit(w);
        win_rank = card_rank(w);
    }
    bool partner_wins = np && win_seat == seat_partner(seat);
    int beat_fourth = 0; /* third hand: the rank the last hand would beat partner's card with, else 0 */
    if (np == 2 && partner_wins && follows && win_suit == lead_suit) {
        int last = top_rank(hand_suit(e->hand[seat_left(seat)], lead_suit));
        if (last > win_rank) beat_fourth = last;
    }
    int score[13], n = 0;
    for (int s = 0; s < 4; s++) {
        if (follows && s != lead_suit) continue;
        uint16_t mine = hand_suit(h, s);
        if (!mine) continue;
        card_t low[13];
        uint16_t others = (uint16_t)(hand_suit(alive, s) & ~mine);
        int k = group_lows(mine, hand_suit(alive, s), s, low);
        int len = dde_count(mine), top_others = top_rank(others);
        bool own_top = false, partner_top = false, partner_ruffs = false, opp_ruffs = false;
        int side_len = len;
        if (!np) {
            uint16_t partner = hand_suit(e->hand[seat_partner(seat)], s);
            side_len += dde_count(partner);
            own_top = top_rank(mine) > top_others;
            partner_top = top_rank(partner) > top_rank((uint16_t)(others & ~partner));
            if (e->trump != STRAIN_NT && s != e->trump) {
                partner_ruffs = !partner && hand_suit(e->hand[seat_partner(seat)], e->trump);
                opp_ruffs = !hand_suit(e->hand[seat_left(seat)], s) && hand_suit(e->hand[seat_left(seat)], e->trump);
                opp_ruffs |= !hand_suit(e->hand[seat_right(seat)], s) && hand_suit(e->hand[seat_right(seat)], e->trump);
            }
        }
        for (int i = 0; i < k; i++) {
            card_t c = low[i];
            int r = card_rank(c), sc;
            if (!np) {
                if (own_top && i == 0)
                    sc = 100 + len;
                else if (partner_ruffs && !opp_ruffs)
                    sc = 80 - r;
                else if (partner_top)
                    sc = 60 - r;
                else
                    sc = 30 + side_len - r;
                if (opp_ruffs) sc -= 20;
            } else {
                bool takes = s == win_suit ? r > win_rank : s == e->trump; /* c would win the trick so far */
                if (beat_fourth && r > beat_fourth)
                    sc = 200 - r; /* third hand covers what the last hand would beat partner's card with */
                else if (partner_wins)
                    sc = 100 - r - (s == e->trump && !follows ? 50 : 0);
                else if (takes && (np >= 2 || !follows))
                    sc = 200 - r;
                else if (takes && r > top_others)
                    sc = 150 - r; /* second hand wins with a card nobody can beat */
                else if (follows)
                    sc = 100 - r;
                else if (s == e->trump)
                    sc = 10 - r;
                else
                    sc = 80 + len - r;
            }
            int j = n++;
            while (j > 0 && score[j - 1] < sc) {
                score[j] = score[j - 1];
                out[j] = out[j - 1];
                j--;
            }
            score[j] = sc;
            out[j] = c;
        }
    }
    return n;
}
