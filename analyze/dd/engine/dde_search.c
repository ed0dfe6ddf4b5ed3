/* dde_search.c -- the null-window search: can North-South take at least
 * `target` of the tricks left? An and-or tree over the cards played (one of
 * each group of equal cards, dde_moves), cut as soon as the answer is known;
 * at each trick's start the table's bounds and the sure tricks of the side
 * on lead may answer at once, and each answer found there narrows the
 * table's bounds for that position. */
#include "analyze/dd/engine/dde_internal.h"

/* The last trick: every hand holds one card. */
static int last_trick_ns(const dde_ctx *e)
{
    card_t t[4];
    for (int i = 0; i < 4; i++) t[i] = hand_lowest(e->hand[(e->leader + i) & 3]);
    return dde_ns(dde_winner(t, 4, e->leader, e->trump));
}

/* Moves the group of the relative card `known` (from the table) to the
 * front of moves[0..n-1], when the leader still holds such a card. */
static void promote(const dde_ctx *e, card_t *moves, int n, int known)
{
    hand_t h = e->hand[e->leader], alive = dde_alive(e);
    card_t c = dde_absolute(alive, h, known);
    if (c == CARD_NONE) return;
    hand_t group = dde_equal_group(h, alive, c);
    for (int i = 0; i < n; i++)
        if (group & card_bit(moves[i])) {
            card_t m = moves[i];
            memmove(moves + 1, moves, (size_t)i * sizeof moves[0]);
            moves[0] = m;
            return;
        }
}

bool dde_reach(dde_ctx *e, int target)
{
    if (target <= 0) return true;
    if (target > e->left) return false;
    e->nodes++;
    int np = e->nplayed, seat = (e->leader + np) & 3;
    uint64_t k0 = 0, k1 = 0;
    int known = DDE_NO_MOVE;
    if (np == 0) {
        if (e->left == 1) return last_trick_ns(e) >= target;
        int lb, ub;
        dde_tt_key(e, &k0, &k1);
        dde_tt_probe(&e->tt, k0, k1, e->left, &lb, &ub, &known);
        if (lb >= target) return true;
        if (ub < target) return false;
        int ns_sure = dde_master_trumps(e, SEAT_N), ew_sure = dde_master_trumps(e, SEAT_E);
        if (ns_sure >= target) {
            dde_tt_store(&e->tt, k0, k1, e->left, ns_sure, e->left, DDE_NO_MOVE);
            return true;
        }
        if (e->left - ew_sure < target) {
            dde_tt_store(&e->tt, k0, k1, e->left, 0, e->left - ew_sure, DDE_NO_MOVE);
            return false;
        }
        int sure = dde_sure_tricks(e);
        if (dde_ns(seat) && sure >= target) {
            dde_tt_store(&e->tt, k0, k1, e->left, sure, e->left, DDE_NO_MOVE);
            return true;
        }
        if (!dde_ns(seat) && e->left - sure < target) {
            dde_tt_store(&e->tt, k0, k1, e->left, 0, e->left - sure, DDE_NO_MOVE);
            return false;
        }
    }
    card_t moves[13];
    int n = dde_moves(e, moves), decided = DDE_NO_MOVE;
    if (known != DDE_NO_MOVE) /* the lead that decided before goes first */
        promote(e, moves, n, known);
    bool maximiser = dde_ns(seat), result = !maximiser;
    for (int i = 0; i < n && result != maximiser; i++) {
        card_t c = moves[i];
        dde_undo u;
        int won = dde_play(e, c, &u);
        bool r = dde_reach(e, won < 0 ? target : target - won);
        dde_unplay(e, &u);
        if (r == maximiser) {
            result = r;
            if (np == 0) decided = dde_relative(dde_alive(e), c);
        }
    }
    if (np == 0) {
        if (result)
            dde_tt_store(&e->tt, k0, k1, e->left, target, e->left, decided);
        else
            dde_tt_store(&e->tt, k0, k1, e->left, 0, target - 1, decided);
    }
    return result;
}
