/* top_chance.c -- the chance of being the highest (top_chance.h): a
 * Cholesky factor of the covariance (positive semi-definite: a direction
 * without variance is left out), TOP_CHANCE_DRAWS normal draws from one
 * fixed seed. */
#include <math.h>
#include <stdbool.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include "stats/top_chance.h"

#define SEED 1

/* L (lower, k x k) with L L' = cov over the estimates that are their own
 * (same[i] == i); a pivot below tol is a direction without variance: 0. */
static void cholesky(int k, const double *cov, const int *same, double *l)
{
    double top = 0;
    for (int i = 0; i < k; i++)
        if (cov[i * k + i] > top) top = cov[i * k + i];
    double tol = 1e-12 * (top > 0 ? top : 1);
    for (int i = 0; i < k * k; i++) l[i] = 0;
    for (int j = 0; j < k; j++) {
        if (same[j] != j) continue;
        double d = cov[j * k + j];
        for (int m = 0; m < j; m++) d -= l[j * k + m] * l[j * k + m];
        double piv = d > tol ? sqrt(d) : 0;
        l[j * k + j] = piv;
        for (int i = j + 1; i < k; i++) {
            if (same[i] != i) continue;
            double s = cov[i * k + j];
            for (int m = 0; m < j; m++) s -= l[i * k + m] * l[j * k + m];
            l[i * k + j] = piv > 0 ? s / piv : 0;
        }
    }
}

int top_chance(int k, const double *mean, const double *cov, const int *same, double *share)
{
    bool ok = k >= 1 && k <= TOP_CHANCE_MAX;
    for (int i = 0; ok && i < k; i++) ok = isfinite(mean[i]) && isfinite(cov[i * k + i]);
    for (int i = 0; i < k && i < TOP_CHANCE_MAX; i++) share[i] = ok ? 0 : NAN;
    if (!ok) return 0;
    double l[TOP_CHANCE_MAX * TOP_CHANCE_MAX], z[TOP_CHANCE_MAX];
    unsigned long wins[TOP_CHANCE_MAX] = {0};
    cholesky(k, cov, same, l);
    gsl_rng *r = gsl_rng_alloc(gsl_rng_taus2);
    if (!r) {
        for (int i = 0; i < k; i++) share[i] = NAN;
        return 0;
    }
    gsl_rng_set(r, SEED);
    for (int n = 0; n < TOP_CHANCE_DRAWS; n++) {
        for (int i = 0; i < k; i++) z[i] = same[i] == i ? gsl_ran_gaussian_ziggurat(r, 1.0) : 0;
        int best = -1;
        double best_x = 0;
        for (int i = 0; i < k; i++) {
            if (same[i] != i) continue;
            double x = mean[i];
            for (int m = 0; m <= i; m++) x += l[i * k + m] * z[m];
            if (best < 0 || x > best_x) best = i, best_x = x;
        }
        wins[best]++;
    }
    gsl_rng_free(r);
    for (int i = 0; i < k; i++) share[i] = 100.0 * (double)wins[same[i]] / TOP_CHANCE_DRAWS;
    return 1;
}
