/* gof.c -- chi-square, G and z tests of a corpus against random dealing
 * (odds.md S4.3). */
#include <math.h>
#include <gsl/gsl_cdf.h>
#include "stats/gof.h"

static void pool_head(gof_chi2 *g, const double *prob, int k, double n)
{
    /* Keep while N p >= 5; if "other" then falls short of 5, give it the
     * last kept category, and repeat. */
    int kept = 0;
    while (kept < k && n * prob[kept] >= 5) kept++;
    for (;;) {
        double other = 0;
        for (int i = kept; i < k; i++) other += n * prob[i];
        if (kept == k || other >= 5 || kept == 0) break;
        kept--;
    }
    for (int i = 0; i < k; i++) g->bin_of[i] = i < kept ? i : kept;
    g->nbins = kept < k ? kept + 1 : k;
}

static void pool_tails(gof_chi2 *g, const double *prob, int k, double n)
{
    int lo = 0, hi = k - 1;
    double low = n * prob[0];
    while (lo < hi && low < 5) low += n * prob[++lo];
    double high = n * prob[hi];
    while (hi > lo + 1 && high < 5) high += n * prob[--hi];
    for (int i = 0; i < k; i++) g->bin_of[i] = i <= lo ? 0 : i >= hi ? hi - lo : i - lo;
    g->nbins = hi - lo + 1;
}

void gof_chi2_bins(gof_chi2 *g, const double *prob, int k, double n, gof_pooling pooling)
{
    g->ncat = k;
    g->n = n;
    if (pooling == GOF_POOL_HEAD) pool_head(g, prob, k, n);
    else pool_tails(g, prob, k, n);
    for (int b = 0; b < g->nbins; b++) g->expected[b] = g->observed[b] = 0;
    for (int i = 0; i < k; i++) g->expected[g->bin_of[i]] += n * prob[i];
    g->df = g->nbins - 1;
}

double gof_chi2_stat(const gof_chi2 *g, const double *count)
{
    double obs[GOF_MAX_CATEGORIES] = {0}, x2 = 0;
    for (int i = 0; i < g->ncat; i++) obs[g->bin_of[i]] += count[i];
    for (int b = 0; b < g->nbins; b++)
        if (g->expected[b] > 0) x2 += (obs[b] - g->expected[b]) * (obs[b] - g->expected[b]) / g->expected[b];
    return x2;
}

void gof_chi2_eval(gof_chi2 *g, const double *count)
{
    for (int b = 0; b < g->nbins; b++) g->observed[b] = 0;
    for (int i = 0; i < g->ncat; i++) g->observed[g->bin_of[i]] += count[i];
    g->x2 = gof_chi2_stat(g, count);
    g->g2 = 0;
    for (int b = 0; b < g->nbins; b++)
        if (g->observed[b] > 0 && g->expected[b] > 0)
            g->g2 += 2 * g->observed[b] * log(g->observed[b] / g->expected[b]);
    g->p = g->df >= 1 ? gsl_cdf_chisq_Q(g->x2, g->df) : NAN;
}

double gof_chi2_quantile(const gof_chi2 *g, double q) { return gsl_cdf_chisq_Pinv(q, g->df); }

gof_mean_test gof_mean_z(int64_t d, double sum, double sumsq, double mean0, double var0)
{
    gof_mean_test t = {NAN, NAN, NAN, NAN, d};
    if (d < 1) return t;
    t.mean = sum / (double)d;
    if (d >= 2) t.var = (sumsq - sum * sum / (double)d) / (double)(d - 1);
    t.z = (t.mean - mean0) / sqrt(var0 / (double)d);
    t.p = 2 * gsl_cdf_ugaussian_Q(fabs(t.z));
    return t;
}
