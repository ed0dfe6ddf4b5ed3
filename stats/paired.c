/* paired.c -- paired-difference accumulator and paired t-test (Student t
 * quantiles and tail areas from GSL). */
#include <math.h>
#include <gsl/gsl_cdf.h>
#include "paired.h"

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
        s->p = s->mean == 0 ? 1 : 0;
    }
}

static void summarise_sums(sums x, paired_summary *s) { summarise(x.count, x.gain, x.loss, x.sumsq, s); }

void paired_summarise(const paired_acc *p, paired_summary *s) { summarise_sums(sums_of(p, 3), s); }

void paired_summarise_differ(const paired_acc *p, paired_summary *s) { summarise_sums(sums_of(p, 2), s); }

void paired_summarise_same(const paired_acc *p, paired_summary *s) { summarise_sums(sums_of(p, 1), s); }

uint64_t *paired_counter(paired_acc *p, int i) { return &p->hist[i / PAIRED_BINS][i % PAIRED_BINS]; }
