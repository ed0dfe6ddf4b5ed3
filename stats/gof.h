/* gof.h -- goodness of fit of observed category counts to known
 * probabilities (odds.md S4): chi-square with the pooling rules of S4.3, the
 * G statistic, standardised residuals, and the z-test of a mean. */
#ifndef WHISTLAB_STATS_GOF_H
#define WHISTLAB_STATS_GOF_H

#include <stdbool.h>
#include <stdint.h>

#define GOF_MAX_CATEGORIES 64

typedef enum {
    GOF_POOL_HEAD, /* keep categories (in descending probability) while
                      N p >= 5, pool the rest into "other" (tests P, S) */
    GOF_POOL_TAILS /* ordered categories: merge each tail inwards until its
                      end bin has N p >= 5 (test L) */
} gof_pooling;

typedef struct {
    int ncat;                       /* categories */
    int nbins;                      /* bins after pooling */
    int bin_of[GOF_MAX_CATEGORIES]; /* category -> bin */
    double expected[GOF_MAX_CATEGORIES]; /* per bin, N p */
    double observed[GOF_MAX_CATEGORIES]; /* per bin */
    double n;                       /* observations N */
    int df;                         /* nbins - 1 */
    double x2, g2, p;               /* p-value of x2; NaN when df < 1 */
} gof_chi2;

/* Bins for N observations over categories with probabilities prob[0..k-1]. */
void gof_chi2_bins(gof_chi2 *g, const double *prob, int k, double n, gof_pooling pooling);

/* Fills observed, x2, g2 and p from per-category counts (bins as made). */
void gof_chi2_eval(gof_chi2 *g, const double *count);

/* X^2 alone for other per-category counts with the same bins (Monte Carlo). */
double gof_chi2_stat(const gof_chi2 *g, const double *count);

/* The null quantile of X^2 at probability q (df >= 1). */
double gof_chi2_quantile(const gof_chi2 *g, double q);

/* z-test of a mean of d independent values against mean0, var0 (test F):
 * z = (mean - mean0) / sqrt(var0 / d), two-sided p. */
typedef struct {
    double mean, var; /* sample mean and variance */
    double z, p;
    int64_t d;
} gof_mean_test;
gof_mean_test gof_mean_z(int64_t d, double sum, double sumsq, double mean0, double var0);

#endif
