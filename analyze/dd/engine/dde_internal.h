/* dde_internal.h -- what the engine's files share and nothing outside
 * analyze/dd/engine/ may use: the context (the position being searched and
 * its transposition table) and the functions of each file: the table
 * (dde_tt.c), the moves worth trying and their order (dde_moves.c), the
 * sure-trick bound (dde_bounds.c) and the null-window search (dde_search.c).
 *
 * The search counts tricks of North-South (seats 0 and 2) among the tricks
 * left, the current one included; the public functions (dde_solve.c) turn
 * them into the side on move's. */
#ifndef WHISTLAB_DDE_INTERNAL_H
#define WHISTLAB_DDE_INTERNAL_H

#include <stdbool.h>
#include <string.h>
#include "analyze/dd/engine/dde.h"

/* One table entry: a position at a trick's start, by its relative ranks
 * (for each suit, who holds its 1st, 2nd ... highest card still out; the
 * cards already played do not matter, so positions that differ only by them
 * share an entry) and the leader; the bounds known on North-South's tricks
 * among the `left` tricks of the position; the lead that last decided a
 * search of it (DDE_NO_MOVE, or suit * 16 + how many cards of the suit
 * still out are above it: a relative card, as the key is). gen 0 = empty;
 * an entry of an older generation (an earlier solve) is empty too. */
typedef struct {
    uint64_t k0, k1;
    uint8_t lb, ub, left, gen, move;
} dde_entry;

#define DDE_NO_MOVE 0xFF

#define DDE_WAYS 4 /* entries a bucket, the cheapest to redo replaced first */

typedef struct {
    dde_entry *slot;  /* nbuckets * DDE_WAYS */
    size_t nbuckets;  /* a power of two */
    uint8_t gen;
} dde_tt;

struct dde_ctx {
    dde_tt tt;
    hand_t hand[4];
    int trump;       /* 0..3, or STRAIN_NT: never a suit */
    int leader;      /* seat that led to the current trick */
    int nplayed;     /* cards of the current trick played, 0..3 */
    card_t trick[4];
    int left;        /* tricks left, the current one included */
    uint64_t nodes;
};

static inline bool dde_ns(int seat) { return (seat & 1) == 0; }

/* Seat winning trick[0..n-1] (n >= 1) led by leader, under trump. */
static inline int dde_winner(const card_t *trick, int n, int leader, int trump)
{
    int best = 0;
    for (int i = 1; i < n; i++) {
        card_t c = trick[i], b = trick[best];
        if (card_suit(c) == card_suit(b) ? card_rank(c) > card_rank(b) : card_suit(c) == trump) best = i;
    }
    return (leader + best) & 3;
}

/* What a card played changes, put back by dde_unplay. */
typedef struct {
    card_t trick[4]; /* the trick it ended (the next tricks reuse e->trick) */
    card_t c;
    int seat, leader, nplayed;
} dde_undo;

/* The seat on move plays c. Returns -1 while the trick goes on; when c
 * ends it, 1 if North-South won it, else 0, and its winner is on lead. */
static inline int dde_play(dde_ctx *e, card_t c, dde_undo *u)
{
    int np = e->nplayed, seat = (e->leader + np) & 3;
    *u = (dde_undo){.c = c, .seat = seat, .leader = e->leader, .nplayed = np};
    e->hand[seat] &= ~card_bit(c);
    e->trick[np] = c;
    if (np < 3) {
        e->nplayed = np + 1;
        return -1;
    }
    int w = dde_winner(e->trick, 4, e->leader, e->trump);
    memcpy(u->trick, e->trick, sizeof u->trick);
    e->leader = w;
    e->nplayed = 0;
    e->left--;
    return dde_ns(w);
}

static inline void dde_unplay(dde_ctx *e, const dde_undo *u)
{
    if (u->nplayed == 3) {
        memcpy(e->trick, u->trick, sizeof u->trick);
        e->left++;
    }
    e->nplayed = u->nplayed;
    e->leader = u->leader;
    e->hand[u->seat] |= card_bit(u->c);
}

/* Cards still in some hand or in the current trick. */
static inline hand_t dde_alive(const dde_ctx *e)
{
    hand_t a = e->hand[0] | e->hand[1] | e->hand[2] | e->hand[3];
    for (int i = 0; i < e->nplayed; i++) a |= card_bit(e->trick[i]);
    return a;
}

/* dde_tt.c */
bool dde_tt_init(dde_tt *tt, size_t bytes);
void dde_tt_free(dde_tt *tt);
/* Starts a new solve: every entry empty. */
void dde_tt_new_generation(dde_tt *tt);
/* The key of e's position (at a trick's start). */
void dde_tt_key(const dde_ctx *e, uint64_t *k0, uint64_t *k1);
/* The bounds known for the key into *lb, *ub (0 and left when none) and
 * its lead that decided (DDE_NO_MOVE when none). */
void dde_tt_probe(const dde_tt *tt, uint64_t k0, uint64_t k1, int left, int *lb, int *ub, int *move);
/* Narrows the key's bounds to [lb, ub]; move (unless DDE_NO_MOVE) becomes
 * its lead that decided. */
void dde_tt_store(dde_tt *tt, uint64_t k0, uint64_t k1, int left, int lb, int ub, int move);

/* dde_moves.c: a card as a relative card of the table (alive: the cards
 * out), and back (CARD_NONE when the hand h holds no such card). */
int dde_relative(hand_t alive, card_t c);
card_t dde_absolute(hand_t alive, hand_t h, int move);
/* The legal cards of the seat on move, one of each group of
 * equal cards (its lowest), the likeliest best first; returns how many. */
int dde_moves(const dde_ctx *e, card_t out[13]);
/* The group of equal cards of hand h that holds c (a run of its cards in
 * c's suit with no card of `alive` outside h between them), as a set. */
hand_t dde_equal_group(hand_t h, hand_t alive, card_t c);

/* dde_bounds.c: tricks the leader's side surely takes at a trick's start,
 * the leader cashing his top cards (trumps first; a side suit only as
 * often as no opponent can ruff). */
int dde_sure_tricks(const dde_ctx *e);
/* Tricks seat's side surely takes with its trumps above all of the
 * opponents' (the most one of its hands holds); 0 at no-trump. */
int dde_master_trumps(const dde_ctx *e, int seat);

/* dde_search.c: can North-South take at least target of the tricks left? */
bool dde_reach(dde_ctx *e, int target);

#endif
