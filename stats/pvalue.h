/* pvalue.h -- p-values as the reports give them: printed so that a small
 * one keeps its magnitude ("0.0294", "2.3e-41", "< 1e-300" beyond what a
 * double holds), and adjusted for a family of tests by Holm's step-down
 * method, so that stars over the thirty cells of a breakdown do not mark
 * chance. */
#ifndef WHISTLAB_STATS_PVALUE_H
#define WHISTLAB_STATS_PVALUE_H

#include <stddef.h>

/* The smallest p-value printed as a number; below it "< 1e-300", and 0 in
 * CSV tables (p-values underflow a double near 1e-308). */
#define PVALUE_FLOOR 1e-300

/* p as text: "-" for NaN (no test), four decimals from 0.001 up, else two
 * significant digits with the exponent, "< 1e-300" below PVALUE_FLOOR. At
 * most 8 characters. */
void pvalue_format(char *buf, size_t len, double p);

/* p for a CSV table: the value itself, or 0 below PVALUE_FLOOR. */
double pvalue_for_csv(double p);

/* Holm's step-down adjustment of the family p[0..n-1] (a NaN is no test:
 * left out of the family, NaN in adj). With the m tests ranked by p,
 * smallest first, the adjusted p of rank r (0-based) is the largest of
 * min(1, (m - q) p) over the ranks q <= r; a test is significant at level
 * alpha, the family-wise error rate held to alpha, when its adjusted p is
 * below alpha. Returns m. */
int pvalue_holm(const double *p, int n, double *adj);

#endif
