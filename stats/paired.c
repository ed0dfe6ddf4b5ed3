/* paired.c -- paired-difference accumulator and paired t-test (Student t
 * quantiles and tail areas from GSL). */
#include <math.h>
#include <gsl/gsl_cdf.h>
#include "paired.h"

void paired_add(paired_acc *p, int a, int b, int choices_differ)
{
    int d = a - b;
    p->n++;
    p->n_differ += choices_differ != 0;
    if (d > 0) p->gain += (uint64_t)d;
    else p->loss += (uint64_t)-d;
    p->sumsq += (uint64_t)(d * d);
    p->hist[d + PAIRED_MAX_DIFF]++;
}

void paired_summarise(const paired_acc *p, paired_summary *s)
{
    s->n = p->n;
    s->mean = s->sd = s->se = s->ci_lo = s->ci_hi = s->t = s->p = NAN;
    if (p->n == 0) return;
    long double n = (long double)p->n;
    long double sum = (long double)p->gain - (long double)p->loss;
    s->mean = (double)(sum / n);
    if (p->n < 2) return;
    /* (n * sumsq - sum^2) / (n (n - 1)): exact in the integers' range of
     * long double, and never negative. */
    long double var = (n * (long double)p->sumsq - sum * sum) / (n * (n - 1));
    if (var < 0) var = 0;
    s->sd = (double)sqrtl(var);
    s->se = (double)sqrtl(var / n);
    double df = (double)(p->n - 1);
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

uint64_t *paired_counter(paired_acc *p, int i)
{
    switch (i) {
    case 0: return &p->n;
    case 1: return &p->n_differ;
    case 2: return &p->gain;
    case 3: return &p->loss;
    case 4: return &p->sumsq;
    default: return &p->hist[i - 5];
    }
}
