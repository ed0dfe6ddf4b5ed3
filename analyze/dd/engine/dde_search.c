/* dde_search.c -- the null-window search: can North-South take at least
 * `target` of the tricks left? An and-or tree over the cards played (one of
 * each group of equal cards, dde_moves), cut as soon as the answer is known;
 * at each trick's start the table's bounds and the sure tricks of the side
 * on lead may answer at once (after the lead, those of the second hand's
 * side), and each answer found at a trick's start narrows the table's
 * bounds for that position. */
#include "analyze/dd/engine/dde_internal.h"

/* The last trick: every hand holds one card; *rel gets the winning card
 * when it beat a card of its suit. */
static int last_trick_ns(const dde_ctx *e, hand_t *rel)
{
    card_t t[4];
    for (int i = 0; i < 4; i++) t[i] = hand_lowest(e->hand[(e->leader + i) & 3]);
    int w = dde_winner(t, 4, e->leader, e->trump), same = 0;
    card_t top = t[(w - e->leader) & 3];
    for (int i = 0; i < 4; i++) same += card_suit(t[i]) == card_suit(top);
    *rel = same > 1 ? card_bit(top) : 0;
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

/* An answer found at a trick's start without searching (rel: the cards it
 * rested on), kept in the table. */
static bool known_at_start(dde_ctx *e, const dde_key *k, bool ns_reach, int target, hand_t rel)
{
    uint16_t pattern = dde_tt_pattern(e->hand, rel);
    if (ns_reach)
        dde_tt_store(&e->tt, k, pattern, e->left, target, e->left, DDE_NO_MOVE);
    else
        dde_tt_store(&e->tt, k, pattern, e->left, 0, target - 1, DDE_NO_MOVE);
    return ns_reach;
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
        dde_tt_key(e, &key);
        uint16_t pattern;
        int hit = dde_tt_probe(&e->tt, &key, target, &pattern, &known);
        if (hit >= 0) {
            *rel = dde_tt_cards(e->hand, pattern);
            return hit;
        }
        hand_t ns_rel, ew_rel;
        int ns_sure = dde_master_trumps(e, SEAT_N, &ns_rel);
        if (ns_sure >= target) return known_at_start(e, &key, true, target, *rel = ns_rel);
        int ew_sure = dde_master_trumps(e, SEAT_E, &ew_rel);
        if (e->left - ew_sure < target) return known_at_start(e, &key, false, target, *rel = ew_rel);
        hand_t sure_rel;
        int sure = dde_sure_tricks(e, &sure_rel);
        if (dde_ns(seat) && sure >= target) return known_at_start(e, &key, true, target, *rel = sure_rel);
        if (!dde_ns(seat) && e->left - sure < target) return known_at_start(e, &key, false, target, *rel = sure_rel);
    }
    if (np == 1) {
        hand_t second_rel = 0;
        int sure = dde_second_hand_tricks(e, dde_ns(seat) ? target : e->left - target + 1, &second_rel);
        if (dde_ns(seat) && sure >= target) return *rel = second_rel, true;
        if (!dde_ns(seat) && e->left - sure < target) return *rel = second_rel, false;
    }
    card_t moves[13];
    int n = dde_moves(e, moves), decided = DDE_NO_MOVE;
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
