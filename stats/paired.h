/* paired.h -- the paired comparison of two scores over the same deals.
 *
 * Each deal adds one difference d = a - b (a whole number of tricks,
 * -13..13) and whether the choices behind a and b differed. The accumulator
 * holds only exact integer counts: how many deals had each difference,
 * apart for the deals whose choices differed and those whose choices were
 * the same. Adding a deal is one increment (a comparison run adds hundreds
 * a deal), every sum is derived from the counts, and shards of a corpus
 * accumulated apart and merged give bit-identical state; the statistics (mean, standard
 * deviation, standard error, Student-t confidence interval and p-value of
 * the paired t-test, and the exact sign-flip test that small cells need)
 * are derived from it when reported, for all deals or for either subset. */
#ifndef WHISTLAB_STATS_PAIRED_H
#define WHISTLAB_STATS_PAIRED_H

#include <stdint.h>

#define PAIRED_MAX_DIFF 13
#define PAIRED_BINS (2 * PAIRED_MAX_DIFF + 1) /* d = -13..13 */

typedef struct {
    /* hist[differ][d + 13] = deals with difference d whose choices
     * differed (differ 1) or were the same (0) */
    uint64_t hist[2][PAIRED_BINS];
} paired_acc;

/* The counters of a paired_acc, in a fixed order, for merging and saving. */
#define PAIRED_COUNTERS (2 * PAIRED_BINS)

/* Adds one deal: scores a and b (|a - b| <= 13), and whether the two
 * choices behind them differed. */
static inline void paired_add(paired_acc *p, int a, int b, int choices_differ)
{
    p->hist[choices_differ != 0][a - b + PAIRED_MAX_DIFF]++;
}

/* Deals added; those whose choices differed; those with difference d. */
uint64_t paired_n(const paired_acc *p);
uint64_t paired_n_differ(const paired_acc *p);
uint64_t paired_with_difference(const paired_acc *p, int d);
/* The sum of the differences. */
int64_t paired_sum(const paired_acc *p);

/* What a paired_acc says, at the 95% level. Fields that need two deals or
 * more (sd, se, ci, t, p) are NaN below that. When every difference is the
 * same (sd = 0) the t-test is undefined and p is the exact sign-flip
 * test's (issue 25 item 18: not 0): 1 if that difference is 0, else
 * 2 / 2^n, the chance that n random signs all agree. */
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

/* The cells up to which the exact sign-flip test is computed: its cost
 * grows as the square of the deals with a non-zero difference. */
#define PAIRED_EXACT_MAX 100

/* The exact two-sided p-value of the sign-flip (permutation) test of the
 * differences: if each difference was as likely to be -d as d, the chance
 * P(|S*| >= |S|) that the sum S* of the differences with signs drawn at
 * random is as far from 0 as their sum S, over the 2^n equally likely
 * signs (a zero difference adds 0 either way). Computed by counting over
 * the differences' sizes, exactly for up to 53 non-zero differences and
 * to a double's precision above. 1 when every difference is 0; NaN with no
 * deals, or more than PAIRED_EXACT_MAX with a non-zero difference. */
double paired_sign_flip_p(const paired_acc *p);

/* The i-th counter (0 <= i < PAIRED_COUNTERS), for walking the state. */
uint64_t *paired_counter(paired_acc *p, int i);

#endif
