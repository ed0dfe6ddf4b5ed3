/* dde_solve.c -- the engine's public functions: a context, the position
 * checked and loaded, a position's exact value found by a series of
 * null-window searches (MTD(f): each answer moves a bound, the next test
 * starts next to it), and every card's value, one search series a group of
 * equal cards, each seeded with the value found before it and all sharing
 * the table of the solve. */
#include <stdlib.h>
#include <string.h>
#include "analyze/dd/engine/dde_internal.h"

dde_ctx *dde_open(size_t tt_bytes)
{
    dde_ctx *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    if (!dde_tt_init(&e->tt, tt_bytes ? tt_bytes : DDE_TT_BYTES_DEFAULT)) {
        free(e);
        return NULL;
    }
    return e;
}

void dde_close(dde_ctx *e)
{
    if (!e) return;
    dde_tt_free(&e->tt);
    free(e);
}

size_t dde_memory(const dde_ctx *e) { return sizeof *e + dde_tt_bytes(&e->tt); }

uint64_t dde_nodes(const dde_ctx *e) { return e->nodes; }

int dde_check(const dde_position *p)
{
    if (p->trump > STRAIN_NT || p->first > 3 || p->nplayed > 3) return DDE_BAD_POSITION;
    hand_t seen = 0;
    for (int seat = 0; seat < 4; seat++) {
        if (p->hand[seat] & ~HAND_ALL || p->hand[seat] & seen) return DDE_BAD_POSITION;
        seen |= p->hand[seat];
    }
    for (int i = 0; i < p->nplayed; i++) {
        if (!card_valid(p->played[i]) || seen & card_bit(p->played[i])) return DDE_BAD_POSITION;
        seen |= card_bit(p->played[i]);
    }
    /* the seats that played to the trick hold one card fewer than the others */
    int left = hand_count(p->hand[(p->first + p->nplayed) & 3]);
    if (left < 1) return DDE_BAD_POSITION;
    for (int i = 0; i < 4; i++)
        if (hand_count(p->hand[(p->first + i) & 3]) != left - (i < p->nplayed)) return DDE_BAD_POSITION;
    return DDE_OK;
}

/* Loads p (checked) as the position to search, in a new generation of the
 * table. */
static void load(dde_ctx *e, const dde_position *p)
{
    memcpy(e->hand, p->hand, sizeof e->hand);
    e->trump = p->trump;
    e->leader = p->first;
    e->nplayed = p->nplayed;
    for (int i = 0; i < p->nplayed; i++) e->trick[i] = p->played[i];
    e->left = hand_count(p->hand[(p->first + p->nplayed) & 3]);
    memset(e->killer, CARD_NONE, sizeof e->killer); /* the same work whatever was solved before */
    dde_tt_new_generation(&e->tt);
}

/* North-South's tricks among those left, by null-window tests starting at
 * guess. */
static int exact(dde_ctx *e, int guess)
{
    int lo = 0, hi = e->left;
    int t = guess < 1 ? 1 : guess > hi ? hi : guess;
    while (lo < hi) {
        hand_t rel;
        if (dde_reach(e, t, &rel)) {
            lo = t;
            t = lo + 1;
        } else {
            hi = t - 1;
            t = hi;
        }
    }
    return lo;
}

/* North-South's tricks among those left after the seat on move plays c. */
static int after(dde_ctx *e, card_t c, int guess)
{
    dde_undo u;
    int won = dde_play(e, c, &u);
    int v = won < 0 ? exact(e, guess) : e->left ? won + exact(e, guess - won) : won;
    dde_unplay(e, &u);
    return v;
}

/* A first guess of North-South's tricks, for the first null-window test
 * (the nearer the value, the fewer tests): the tricks shared out as the
 * high cards are -- 4, 3, 2, 1 points for each suit's four highest cards
 * out -- with one more point for each trump. */
static int first_guess(const dde_ctx *e)
{
    int ns = 0, all = 0;
    for (int s = 0; s < 4; s++) {
        uint16_t out = (uint16_t)(hand_suit(e->hand[0], s) | hand_suit(e->hand[1], s) | hand_suit(e->hand[2], s) |
                                  hand_suit(e->hand[3], s));
        uint16_t ns_cards = (uint16_t)(hand_suit(e->hand[0], s) | hand_suit(e->hand[2], s));
        for (int points = 4; points > 0 && out; points--) {
            int r = 31 - __builtin_clz((unsigned)out);
            out = (uint16_t)(out & ~(1u << r));
            all += points;
            if (ns_cards >> r & 1) ns += points;
        }
        if (s == e->trump) {
            all += dde_suit_len(e->hand[0] | e->hand[1] | e->hand[2] | e->hand[3], s);
            ns += dde_suit_len(e->hand[0] | e->hand[2], s);
        }
    }
    return all ? (2 * ns * e->left + all) / (2 * all) : e->left / 2;
}

/* North-South's tricks as the side on move's. */
static int for_mover(const dde_ctx *e, int ns)
{
    return dde_ns((e->leader + e->nplayed) & 3) ? ns : e->left - ns;
}

int dde_best(dde_ctx *e, const dde_position *p, int *best)
{
    if (dde_check(p) != DDE_OK) return DDE_BAD_POSITION;
    load(e, p);
    *best = for_mover(e, exact(e, first_guess(e)));
    return DDE_OK;
}

int dde_values(dde_ctx *e, const dde_position *p, int8_t values[64], int *best)
{
    memset(values, -1, 64);
    if (dde_check(p) != DDE_OK) return DDE_BAD_POSITION;
    load(e, p);
    card_t moves[13];
    int n = dde_moves(e, moves), top = -1, guess = first_guess(e);
    hand_t h = e->hand[(e->leader + e->nplayed) & 3], alive = dde_alive(e);
    for (int i = 0; i < n; i++) {
        int ns = after(e, moves[i], guess);
        guess = ns;
        int v = for_mover(e, ns);
        if (v > top) top = v;
        for (hand_t g = dde_equal_group(h, alive, moves[i]); g; g &= g - 1) values[__builtin_ctzll(g)] = (int8_t)v;
    }
    if (best) *best = top;
    return DDE_OK;
}

void dde_position_of_deal(const deal_t *d, dde_position *p)
{
    memset(p, 0, sizeof *p);
    memcpy(p->hand, d->hand, sizeof p->hand);
    p->trump = d->strain;
    p->first = d->leader;
}
