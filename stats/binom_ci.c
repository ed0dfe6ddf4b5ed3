/* binom_ci.c -- cluster-adjusted Wilson intervals (odds.md S2.5). */
#include <math.h>
#include <gsl/gsl_cdf.h>
#include "stats/binom_ci.h"

double ci_z(double level) { return gsl_cdf_ugaussian_Pinv(1 - (1 - level) / 2); }

void ci_wilson(double p, double n_eff, double z, double *lo, double *hi)
{
    double z2 = z * z, d = 1 + z2 / n_eff;
    double centre = (p + z2 / (2 * n_eff)) / d;
    double half = z / d * sqrt(p * (1 - p) / n_eff + z2 / (4 * n_eff * n_eff));
    /* The bounds at p = 0 and p = 1 are exact, not rounding noise. */
    *lo = p <= 0 ? 0 : fmax(centre - half, 0);
    *hi = p >= 1 ? 1 : fmin(centre + half, 1);
}

/* n^2 sum_d (S_d - est m_d)^2 with est = s/n, that is
 * n^2 ss - 2 n s sm + s^2 mm: exact in 128-bit integers when it fits, so
 * that a corpus in which every deal has the same share gives V = 0 exactly
 * (S2.5: then n_eff = D). */
static long double scaled_dev(const cluster_sums *c)
{
    __int128 n = c->n, s = c->s, nn, a, b, cc, t;
    if (!__builtin_mul_overflow(n, n, &nn) && !__builtin_mul_overflow(nn, (__int128)c->ss, &a) &&
        !__builtin_mul_overflow(2 * n * s, (__int128)c->sm, &b) && !__builtin_mul_overflow(s * s, (__int128)c->mm, &cc) &&
        !__builtin_sub_overflow(a, b, &t) && !__builtin_add_overflow(t, cc, &t))
        return (long double)t;
    long double est = (long double)c->s / (long double)c->n, ln = (long double)c->n;
    long double dev = (long double)c->ss - 2 * est * (long double)c->sm + est * est * (long double)c->mm;
    return dev * ln * ln;
}

/* V = D/(D-1) sum_d (S_d - est m_d)^2 / n^2. */
static long double cluster_var(const cluster_sums *c)
{
    if (c->deals < 2) return 0;
    long double n2 = (long double)c->n * (long double)c->n, dev = scaled_dev(c);
    if (dev < 0) dev = 0; /* rounding of an exact zero */
    return (long double)c->deals / (c->deals - 1) * dev / (n2 * n2);
}

bool ci_cluster_share(const cluster_sums *c, double level, double *est, double *lo, double *hi)
{
    if (c->n <= 0) return false;
    long double p = (long double)c->s / (long double)c->n;
    *est = (double)p;
    long double v = cluster_var(c);
    double n_eff;
    if (c->multi == 0) n_eff = (double)c->n; /* one observation per deal: plain Wilson */
    else if (p <= 0 || p >= 1 || v <= 0) n_eff = (double)c->deals;
    else {
        n_eff = (double)(p * (1 - p) / v);
        if (n_eff < 1) n_eff = 1;
    }
    ci_wilson(*est, n_eff, ci_z(level), lo, hi);
    return true;
}

bool ci_cluster_mean(const cluster_sums *c, double level, double *est, double *lo, double *hi)
{
    if (c->n <= 0) return false;
    long double mean = (long double)c->s / (long double)c->n;
    *est = (double)mean;
    if (c->deals < 2) {
        *lo = *hi = NAN;
        return true;
    }
    double half = ci_z(level) * sqrt((double)cluster_var(c));
    *lo = *est - half;
    *hi = *est + half;
    return true;
}
