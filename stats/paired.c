/* paired.c -- paired-difference accumulator and paired t-test (Student t
 * quantiles and tail areas from GSL). */
#include <math.h>
#include <gsl/gsl_cdf.h>
#include "paired.h"

void paired_add(paired_acc *p, int a, int b, int choices_differ)
{
    int d = a - b;
    p->n++;
    uint64_t gain = d > 0 ? (uint64_t)d : 0, loss = d < 0 ? (uint64_t)-d : 0, sq = (uint64_t)(d * d);
    p->gain += gain;
    p->loss += loss;
    p->sumsq += sq;
    if (choices_differ) {
        p->n_differ++;
        p->differ_gain += gain;
        p->differ_loss += loss;
        p->differ_sumsq += sq;
    }
    p->hist[d + PAIRED_MAX_DIFF]++;
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

void paired_summarise(const paired_acc *p, paired_summary *s)
{
    summarise(p->n, p->gain, p->loss, p->sumsq, s);
}

void paired_summarise_differ(const paired_acc *p, paired_summary *s)
{
    summarise(p->n_differ, p->differ_gain, p->differ_loss, p->differ_sumsq, s);
}

void paired_summarise_same(const paired_acc *p, paired_summary *s)
{
    summarise(p->n - p->n_differ, p->gain - p->differ_gain, p->loss - p->differ_loss,
              p->sumsq - p->differ_sumsq, s);
}

uint64_t *paired_counter(paired_acc *p, int i)
{
    switch (i) {
    case 0: return &p->n;
    case 1: return &p->n_differ;
    case 2: return &p->gain;
    case 3: return &p->loss;
    case 4: return &p->sumsq;
    case 5: return &p->differ_gain;
    case 6: return &p->differ_loss;
    case 7: return &p->differ_sumsq;
    default: return &p->hist[i - 8];
    }
}
