/* dde_search.c -- the null-window search: can North-South take at least
 * `target` of the tricks left? An and-or tree over the cards played (one of
 * each group of equal cards, dde_moves), cut as soon as the answer is known;
 * at each trick's start the sure tricks (dde_bounds.c) and then the table's
 * bounds may answer at once (after the lead, the second hand's side's sure
 * tricks), and each answer searched at a trick's start narrows the table's
 * bounds for that position. The card that last cut at the same depth (a
 * killer move) is tried second. */
#include "analyze/dd/engine/dde_internal.h"

/* The last trick: every hand holds one card; *rel gets the winning card
 * when it beat a card of its suit. */
static int last_trick_ns(const dde_ctx *e, hand_t *rel)
{
    card_t t[4];
    for (int i = 0; i < 4; i++) t[i] = hand_lowest(e->hand[(e->leader + i) & 3]);
    int w = dde_winner(t, 4, e->leader, e->trump);
    *rel = dde_decided(t, w, e->leader);
    return dde_ns(w);
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

/* The answer at a trick's start from the bounds alone (dde_bounds.c): 1 or
 * 0, the cards it rested on into *rel; -1 when they do not settle it. */
static int bound_at_start(const dde_ctx *e, int target, hand_t *rel)
{
    int seat = e->leader;
    hand_t ns_rel, ew_rel;
    int ns_sure = dde_master_trumps(e, SEAT_N, target, &ns_rel);
    if (ns_sure >= target) return *rel = ns_rel, 1;
    int ew_sure = dde_master_trumps(e, SEAT_E, e->left - target + 1, &ew_rel);
    if (e->left - ew_sure < target) return *rel = ew_rel, 0;
    hand_t sure_rel;
    int sure = dde_sure_tricks(e, dde_ns(seat) ? target : e->left - target + 1, &sure_rel);
    if (dde_ns(seat) && sure >= target) return *rel = sure_rel, 1;
    if (!dde_ns(seat) && e->left - sure < target) return *rel = sure_rel, 0;
    hand_t lost_rel = 0; /* the side on lead needs every trick left (or its opponents one) */
    if ((dde_ns(seat) ? target == e->left : target == 1) && dde_lost_lead(e, &lost_rel))
        return *rel = lost_rel, !dde_ns(seat);
    return -1;
}

bool dde_reach(dde_ctx *e, int target, hand_t *rel)
{
    *rel = 0;
    if (target <= 0) return true;
    if (target > e->left) return false;
    e->nodes++;
    int np = e->nplayed, seat = (e->leader + np) & 3;
    dde_key key;
    int known = DDE_NO_MOVE;
    if (np == 0) {
        if (e->left == 1) return last_trick_ns(e, rel) >= target;
        /* the bounds before the table: they cost less than a probe, and
         * an answer they give is not stored (they give it again) */
        int bound = bound_at_start(e, target, rel);
        if (bound >= 0) return bound;
        dde_tt_key(e, &key);
        uint16_t pattern;
        int hit = dde_tt_probe(&e->tt, &key, target, &pattern, &known);
        if (hit >= 0) {
            *rel = dde_tt_cards(e->hand, pattern);
            return hit;
        }
    }
    if (np == 1) {
        hand_t second_rel = 0;
        int sure = dde_second_hand_tricks(e, dde_ns(seat) ? target : e->left - target + 1, &second_rel);
        if (dde_ns(seat) && sure >= target) return *rel = second_rel, true;
        if (!dde_ns(seat) && e->left - sure < target) return *rel = second_rel, false;
    }
    card_t moves[13];
    int n = dde_moves(e, moves), decided = DDE_NO_MOVE;
    int depth = dde_cards_left(e);
    /* the card that cut last at this depth (killer move), when on offer,
     * goes second: before dde_moves' first choice it cut 2-2.4x more nodes */
    card_t killer = e->killer[depth];
    for (int i = 2; killer != CARD_NONE && i < n; i++)
        if (moves[i] == killer) {
            memmove(moves + 2, moves + 1, (size_t)(i - 1) * sizeof moves[0]);
            moves[1] = killer;
            break;
        }
    if (known != DDE_NO_MOVE) /* the lead that decided before goes first */
        promote(e, moves, n, known);
    bool maximiser = dde_ns(seat), result = !maximiser;
    hand_t all_rel = 0; /* when no move decides, the answer rests on every move's */
    for (int i = 0; i < n && result != maximiser; i++) {
        card_t c = moves[i];
        dde_undo u;
        int won = dde_play(e, c, &u);
        hand_t child;
        bool r = dde_reach(e, won < 0 ? target : target - won, &child);
        dde_unplay(e, &u);
        child |= u.decided;
        if (r == maximiser) {
            result = r;
            all_rel = child;
            e->killer[depth] = c;
            if (np == 0) decided = dde_relative(dde_alive(e), c);
        } else {
            all_rel |= child;
        }
    }
    if (result != maximiser) all_rel = dde_tt_rest_on_groups(e, seat, moves, n, all_rel);
    *rel = all_rel;
    if (np == 0) {
        uint16_t pattern = dde_tt_pattern(e->hand, all_rel);
        if (result)
            dde_tt_store(&e->tt, &key, pattern, e->left, target, e->left, decided);
        else
            dde_tt_store(&e->tt, &key, pattern, e->left, 0, target - 1, decided);
    }
    return result;
}
