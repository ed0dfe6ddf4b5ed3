/* tally.h -- the mergeable state of a comparison run: per convention, per
 * pair of conventions and against the best lead, over all deals and broken
 * down by small integer keys of the leader's hand.
 *
 * This module knows nothing of cards: each deal arrives as numbers
 * (measure.h's stats_deal: the score of each convention's choice, an id per
 * choice so that equal choices can be recognised, the best score and the
 * breakdown keys), and each measure of the table is accumulated as its row
 * says. Every counter
 * is an exact unsigned integer, so merging states is addition and is
 * bit-identical whatever the order or the sharding. */
#ifndef WHISTLAB_STATS_TALLY_H
#define WHISTLAB_STATS_TALLY_H

#include <stdint.h>
#include "stats/measure.h"
#include "stats/paired.h"

#define STATS_MAX_PAIRS (STATS_MAX_CONV * (STATS_MAX_CONV - 1) / 2)
/* A column's name with its NUL: a convention's whole name (at most 287
 * bytes with its options, analyze/lead/lead.h CONVENTION_NAME_SIZE) and
 * " (sd)" for the single-dummy columns of --eval both. */
#define STATS_NAME_LEN 320

/* The counters of a set of deals: how many, each measure's (measure.h,
 * at stats_measure_offset, one block per column for a per-column measure;
 * read them through stats_sum and stats_paired) and the pairs' net gain. */
typedef struct {
    uint64_t deals;
    uint64_t counter[STATS_MEASURE_COUNTERS];
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

/* Measure k's counters of column col in c (a per-deal measure: col 0):
 * the sum (and the sum of squares after it), or the paired accumulator. */
uint64_t *stats_sum(stats_cell *c, int k, int col);
paired_acc *stats_paired(stats_cell *c, int k, int col);
/* The same, read only, by measure id (which must be in the table). */
const uint64_t *stats_sum_of(const stats_cell *c, const char *id, int col);
const paired_acc *stats_paired_of(const stats_cell *c, const char *id, int col);
/* The columns of measure m in a state of nconv columns. */
int stats_measure_columns(const stats_measure *m, int nconv);

/* Calls op on every counter of a (and the same counter of b, which may be
 * NULL), in a fixed order that depends only on a->nconv and the measure
 * table: the basis of merging and comparing. */
typedef void (*stats_op)(uint64_t *a, const uint64_t *b, void *ctx);
void stats_walk(stats_state *a, const stats_state *b, stats_op op, void *ctx);

/* into += from. False (nothing changed) unless both compare the same
 * conventions in the same order. */
int stats_merge(stats_state *into, const stats_state *from);

/* Means of a sum over n (NaN when n = 0). */
double stats_mean(uint64_t sum, uint64_t n);
/* The sample standard deviation from a sum and a sum of squares (NaN
 * below two). */
double stats_sd(uint64_t sum, uint64_t sumsq, uint64_t n);
/* A statistic of measure k's column col over c's deals (NaN when it has
 * none: too few deals, or not one of its accumulator's). */
double stats_stat(const stats_cell *c, int k, int col, stats_statistic stat);

#endif
