/* binom_ci.h -- confidence intervals for shares and means estimated from
 * clustered observations: every deal of a corpus contributes a cluster of
 * correlated observations (odds.md S2.5, "cluster-adjusted Wilson").
 *
 * The caller keeps, over the deals d with m_d > 0 observations summing to
 * S_d, the exact sums below; the interval needs nothing else. */
#ifndef WHISTLAB_STATS_BINOM_CI_H
#define WHISTLAB_STATS_BINOM_CI_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    int64_t n;      /* sum of m_d */
    int64_t s;      /* sum of S_d */
    int64_t deals;  /* D: deals with m_d > 0 */
    int64_t multi;  /* deals with m_d > 1 */
    int64_t ss;     /* sum of S_d^2 */
    int64_t sm;     /* sum of S_d m_d */
    int64_t mm;     /* sum of m_d^2 */
} cluster_sums;

/* z of a two-sided interval at level (0.95 -> 1.959964). */
double ci_z(double level);

/* Textbook Wilson score interval for share p on n_eff observations. */
void ci_wilson(double p, double n_eff, double z, double *lo, double *hi);

/* Share S/n with its cluster-adjusted Wilson interval; false if n = 0. */
bool ci_cluster_share(const cluster_sums *c, double level, double *est, double *lo, double *hi);

/* Mean with the interval mean +- z sqrt(V); false if n = 0. The interval is
 * NaN when fewer than two deals contribute. */
bool ci_cluster_mean(const cluster_sums *c, double level, double *est, double *lo, double *hi);

#endif
