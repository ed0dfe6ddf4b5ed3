/* paired.c -- paired-difference accumulator, paired t-test (Student t
 * quantiles and tail areas from GSL) and exact sign-flip test. */
#include <math.h>
#include <stdlib.h>
#include <gsl/gsl_cdf.h>
#include "stats/paired.h"

uint64_t paired_n(const paired_acc *p)
{
    uint64_t n = 0;
    for (int k = 0; k < PAIRED_BINS; k++) n += p->hist[0][k] + p->hist[1][k];
    return n;
}

uint64_t paired_n_differ(const paired_acc *p)
{
    uint64_t n = 0;
    for (int k = 0; k < PAIRED_BINS; k++) n += p->hist[1][k];
    return n;
}

uint64_t paired_with_difference(const paired_acc *p, int d)
{
    return p->hist[0][d + PAIRED_MAX_DIFF] + p->hist[1][d + PAIRED_MAX_DIFF];
}

/* The counts and sums of the deals of the histograms selected (bit 0: the
 * same choices, bit 1: differing ones). */
typedef struct {
    uint64_t count, gain, loss, sumsq;
} sums;

static sums sums_of(const paired_acc *p, unsigned which)
{
    sums s = {0, 0, 0, 0};
    for (int h = 0; h < 2; h++) {
        if (!((which >> h) & 1)) continue;
        for (int k = 0; k < PAIRED_BINS; k++) {
            uint64_t c = p->hist[h][k];
            int d = k - PAIRED_MAX_DIFF;
            s.count += c;
            if (d > 0) s.gain += c * (uint64_t)d;
            else s.loss += c * (uint64_t)-d;
            s.sumsq += c * (uint64_t)(d * d);
        }
    }
    return s;
}

int64_t paired_sum(const paired_acc *p)
{
    sums s = sums_of(p, 3);
    return (int64_t)s.gain - (int64_t)s.loss;
}

/* The statistics of count differences with these sums. */
static void summarise(uint64_t count, uint64_t gain, uint64_t loss, uint64_t sumsq, paired_summary *s)
{
    s->n = count;
    s->mean = s->sd = s->se = s->ci_lo = s->ci_hi = s->t = s->p = NAN;
    if (count == 0) return;
    long double n = (long double)count;
    long double sum = (long double)gain - (long double)loss;
    s->mean = (double)(sum / n);
    if (count < 2) return;
    /* (n * sumsq - sum^2) / (n (n - 1)): exact in the integers' range of
     * long double, and never negative. */
    long double var = (n * (long double)sumsq - sum * sum) / (n * (n - 1));
    if (var < 0) var = 0;
    s->sd = (double)sqrtl(var);
    s->se = (double)sqrtl(var / n);
    double df = (double)(count - 1);
    double tcrit = gsl_cdf_tdist_Pinv(0.975, df);
    s->ci_lo = s->mean - tcrit * s->se;
    s->ci_hi = s->mean + tcrit * s->se;
    if (s->se > 0) {
        s->t = s->mean / s->se;
        s->p = 2 * gsl_cdf_tdist_Q(fabs(s->t), df);
        if (s->p > 1) s->p = 1;
    } else {
        s->t = s->mean == 0 ? 0 : copysign(INFINITY, s->mean);
        /* every difference the same: the sign-flip test's 2 / 2^n (a
         * double holds none below 2^-1074) */
        s->p = s->mean == 0 ? 1 : ldexp(1.0, 1 - (int)(count < 2000 ? count : 2000));
    }
}

static void summarise_sums(sums x, paired_summary *s) { summarise(x.count, x.gain, x.loss, x.sumsq, s); }

void paired_summarise(const paired_acc *p, paired_summary *s) { summarise_sums(sums_of(p, 3), s); }

void paired_summarise_differ(const paired_acc *p, paired_summary *s) { summarise_sums(sums_of(p, 2), s); }

void paired_summarise_same(const paired_acc *p, paired_summary *s) { summarise_sums(sums_of(p, 1), s); }

double paired_sign_flip_p(const paired_acc *p)
{
    if (paired_n(p) == 0) return NAN;
    uint64_t size[PAIRED_MAX_DIFF + 1], nonzero = 0;
    for (int v = 1; v <= PAIRED_MAX_DIFF; v++) {
        size[v] = paired_with_difference(p, v) + paired_with_difference(p, -v);
        nonzero += size[v];
    }
    if (nonzero > PAIRED_EXACT_MAX) return NAN;
    /* chance[k]: the chance that the differences drawn positive have sizes
     * adding up to k, so S* = 2k - top; each difference halves it into k
     * and k + its size (every pattern weighs 2^-n, exact in a double up to
     * 53 halvings). */
    double chance[PAIRED_MAX_DIFF * PAIRED_EXACT_MAX + 1];
    int top = 0;
    chance[0] = 1;
    for (int v = 1; v <= PAIRED_MAX_DIFF; v++)
        for (uint64_t i = 0; i < size[v]; i++) {
            for (int k = top + v; k > top; k--) chance[k] = 0;
            for (int k = top + v; k >= v; k--) chance[k] = (chance[k] + chance[k - v]) / 2;
            for (int k = v - 1; k >= 0; k--) chance[k] /= 2;
            top += v;
        }
    long long observed = llabs((long long)paired_sum(p));
    double tail = 0;
    for (int k = 0; k <= top; k++)
        if (llabs(2LL * k - top) >= observed) tail += chance[k];
    return tail < 1 ? tail : 1;
}

uint64_t *paired_counter(paired_acc *p, int i) { return &p->hist[i / PAIRED_BINS][i % PAIRED_BINS]; }
