/* tally.h -- the mergeable state of a comparison run: per convention, per
 * pair of conventions and against the best lead, over all deals and broken
 * down by small integer keys of the leader's hand.
 *
 * This module knows nothing of cards: each deal arrives as numbers (the
 * score of each convention's choice, an id per choice so that equal choices
 * can be recognised, the best score and the breakdown keys). Every counter
 * is an exact unsigned integer, so merging states is addition and is
 * bit-identical whatever the order or the sharding. */
#ifndef WHISTLAB_STATS_TALLY_H
#define WHISTLAB_STATS_TALLY_H

#include <stdint.h>
#include "paired.h"

/* The most conventions (columns) one run compares: every command's one
 * limit (replay, lead, lead --simulate, the round robin, the figures), set
 * with room for a user's tables beside all the built-ins, not to their
 * number; --eval both takes two columns a convention. */
#define STATS_MAX_CONV 32
#define STATS_MAX_PAIRS (STATS_MAX_CONV * (STATS_MAX_CONV - 1) / 2)
/* A column's name with its NUL: a convention's whole name (at most 287
 * bytes with its options, analyze/lead/lead.h CONVENTION_NAME_SIZE) and
 * " (sd)" for the single-dummy columns of --eval both. */
#define STATS_NAME_LEN 320
#define STATS_KEYS 14 /* breakdown keys 0..13 */

/* The breakdowns, each keyed 0..STATS_KEYS-1 by the caller. */
enum {
    BREAK_TRUMPS,    /* trumps held by the leader (0 at no trumps) */
    BREAK_LONGEST,   /* length of his longest plain suit */
    BREAK_COINCIDE,  /* 1 if the compared choices all coincide, else 0 */
    STATS_BREAKDOWNS
};

/* One deal, as the caller scored it. */
typedef struct {
    int score[STATS_MAX_CONV];  /* tricks after convention i's choice */
    int choice[STATS_MAX_CONV]; /* an id of that choice: equal ids = same */
    int best;                   /* the best score of any choice */
    int n_best;                 /* how many choices reach the best score (0: not known) */
    int key[STATS_BREAKDOWNS];  /* 0..STATS_KEYS-1 */
} stats_deal;

typedef struct {
    uint64_t deals;
    uint64_t score[STATS_MAX_CONV];    /* sums of scores */
    uint64_t score_sq[STATS_MAX_CONV]; /* sums of squared scores */
    paired_acc vs_best[STATS_MAX_CONV]; /* score - best (cost = -that) */
    uint64_t best, best_sq;            /* sums of the best score */
    uint64_t n_best;                   /* sum of the optimal-choice counts (0: not counted) */
    paired_acc pair[STATS_MAX_PAIRS];  /* score[i] - score[j], i < j */
} stats_cell;

typedef struct {
    int nconv;
    char name[STATS_MAX_CONV][STATS_NAME_LEN];
    /* Input accounting: read = accepted + rejected (+ left). */
    uint64_t read, accepted, rejected;
    uint64_t left;     /* deals read that --where left out: read, valid, not analysed */
    uint64_t repeats;  /* accepted deals skipped as repeats of the one before */
    uint64_t errors;   /* input problems outside any deal */
    stats_cell all;
    stats_cell by[STATS_BREAKDOWNS][STATS_KEYS];
} stats_state;

/* Clears st (heap-allocate it: it is a few hundred KiB) for the named
 * conventions, n <= STATS_MAX_CONV. */
void stats_init(stats_state *st, int n, const char *const names[]);

/* Index of the pair (i, j), i < j < nconv, in stats_cell.pair. */
int stats_pair_index(int i, int j, int nconv);

/* Adds one scored deal (all of its numbers already in range). */
void stats_add(stats_state *st, const stats_deal *d);

/* Joint cells: a faster way to add many deals. Each deal goes to one cell
 * keyed by all its breakdown keys at once (instead of 1 +
 * STATS_BREAKDOWNS cells), and stats_joint_fold adds the cells into a
 * state's, counter for counter what stats_add of the same deals gives;
 * fold before the state is read. A cell is allocated the first time its
 * keys occur (a few hundred at most) and kept. */
typedef struct stats_joint stats_joint;
/* NULL if out of memory. */
stats_joint *stats_joint_open(int nconv);
/* Adds d (stats_add(st, d) instead when its cell cannot be allocated). */
void stats_joint_add(stats_joint *j, stats_state *st, const stats_deal *d);
/* st += the cells, which are then empty. */
void stats_joint_fold(stats_joint *j, stats_state *st);
void stats_joint_close(stats_joint *j);

/* Calls op on every counter of a (and the same counter of b, which may be
 * NULL), in a fixed order that depends only on a->nconv: the basis of
 * merging, saving and loading. */
typedef void (*stats_op)(uint64_t *a, const uint64_t *b, void *ctx);
void stats_walk(stats_state *a, const stats_state *b, stats_op op, void *ctx);

/* into += from. False (nothing changed) unless both compare the same
 * conventions in the same order. */
int stats_merge(stats_state *into, const stats_state *from);

/* Means of a sum over n (NaN when n = 0). */
double stats_mean(uint64_t sum, uint64_t n);

#endif
