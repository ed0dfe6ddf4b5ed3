/* pvalue.c -- p-value text and Holm's adjustment (pvalue.h). */
#include <math.h>
#include <stdio.h>
#include "stats/pvalue.h"

void pvalue_format(char *buf, size_t len, double p)
{
    if (isnan(p)) snprintf(buf, len, "-");
    else if (p >= 0.001) snprintf(buf, len, "%.4f", p);
    else if (p >= PVALUE_FLOOR) snprintf(buf, len, "%.1e", p);
    else snprintf(buf, len, "< 1e-300");
}

double pvalue_for_csv(double p)
{
    return p < PVALUE_FLOOR ? 0 : p;
}

/* The rank of test i among the tests, smallest p first, ties in index
 * order. The families are small (a breakdown table's cells), so the
 * ranks are counted rather than sorted. */
static int rank_of(const double *p, int n, int i)
{
    int r = 0;
    for (int j = 0; j < n; j++)
        if (!isnan(p[j]) && (p[j] < p[i] || (p[j] == p[i] && j < i))) r++;
    return r;
}

int pvalue_holm(const double *p, int n, double *adj)
{
    int m = 0;
    for (int i = 0; i < n; i++) m += !isnan(p[i]);
    for (int i = 0; i < n; i++) {
        if (isnan(p[i])) {
            adj[i] = NAN;
            continue;
        }
        int r = rank_of(p, n, i);
        double best = 0;
        for (int j = 0; j < n; j++) {
            if (isnan(p[j])) continue;
            int q = rank_of(p, n, j);
            if (q > r) continue;
            double a = (double)(m - q) * p[j];
            if (a > 1) a = 1;
            if (a > best) best = a;
        }
        adj[i] = best;
    }
    return m;
}
