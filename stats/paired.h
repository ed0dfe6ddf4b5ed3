/* paired.h -- the paired comparison of two scores over the same deals.
 *
 * Each deal adds one difference d = a - b (a whole number of tricks,
 * -13..13) and whether the choices behind a and b differed. The accumulator
 * holds only exact integer counts and sums, over all deals and over the
 * deals whose choices differed (those whose choices were the same are the
 * difference of the two), so shards of a corpus accumulated apart and
 * merged give bit-identical state; the statistics (mean, standard
 * deviation, standard error, Student-t confidence interval and p-value of
 * the paired t-test) are derived from it when reported, for all deals or
 * for either subset. */
#ifndef WHISTLAB_STATS_PAIRED_H
#define WHISTLAB_STATS_PAIRED_H

#include <stdint.h>

#define PAIRED_MAX_DIFF 13
#define PAIRED_BINS (2 * PAIRED_MAX_DIFF + 1) /* d = -13..13 */

typedef struct {
    uint64_t n;              /* deals */
    uint64_t n_differ;       /* deals where the two choices differed */
    uint64_t gain;           /* sum of the positive differences */
    uint64_t loss;           /* sum of -d over the negative differences */
    uint64_t sumsq;          /* sum of d * d */
    /* gain, loss and sumsq over the n_differ deals where the choices
     * differed; over the others they are the totals less these */
    uint64_t differ_gain, differ_loss, differ_sumsq;
    uint64_t hist[PAIRED_BINS]; /* hist[d + 13] = deals with difference d */
} paired_acc;

/* The counters of a paired_acc, in a fixed order, for merging and saving. */
#define PAIRED_COUNTERS (8 + PAIRED_BINS)

/* Adds one deal: scores a and b (|a - b| <= 13), and whether the two
 * choices behind them differed. */
void paired_add(paired_acc *p, int a, int b, int choices_differ);

/* What a paired_acc says, at the 95% level. Fields that need two deals or
 * more (sd, se, ci, t, p) are NaN below that. When every difference is the
 * same (sd = 0) the test is degenerate: p = 1 if that difference is 0,
 * else 0. */
typedef struct {
    uint64_t n;
    double mean;   /* mean difference a - b */
    double sd;     /* sample standard deviation of d */
    double se;     /* standard error of the mean, sd / sqrt(n) */
    double ci_lo, ci_hi; /* mean -/+ t(0.975, n-1) * se */
    double t;      /* mean / se */
    double p;      /* two-sided p-value of the paired t-test */
} paired_summary;

void paired_summarise(const paired_acc *p, paired_summary *s);

/* The same over the deals where the two choices differed, and over those
 * where they were the same. */
void paired_summarise_differ(const paired_acc *p, paired_summary *s);
void paired_summarise_same(const paired_acc *p, paired_summary *s);

/* The i-th counter (0 <= i < PAIRED_COUNTERS), for walking the state. */
uint64_t *paired_counter(paired_acc *p, int i);

#endif
