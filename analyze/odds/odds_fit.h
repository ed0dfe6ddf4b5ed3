/* odds_fit.h -- does a corpus look like random deals? (odds.md S4): the
 * chi-square tests over hand patterns (P, and P1 on one hand per deal), suit
 * lengths (L) and suit splits (S), and the flatness z-test (F), from the
 * counts of an odds run; optionally Monte Carlo p-values from random
 * corpora of the same size. */
#ifndef WHISTLAB_ODDS_FIT_H
#define WHISTLAB_ODDS_FIT_H

#include <stdio.h>
#include "stats/gof.h"
#include "analyze/odds/odds_acc.h"
#include "analyze/odds/odds_report.h"

enum { FIT_PATTERNS, FIT_PATTERNS1, FIT_LENGTHS, FIT_SUITSPLITS, FIT_TESTS };

typedef struct {
    int64_t deals;                /* D */
    gof_chi2 chi2[FIT_TESTS];
    double count[FIT_TESTS][GOF_MAX_CATEGORIES]; /* observed per category */
    int mc_rounds;                /* 0: no Monte Carlo */
    double p_mc[FIT_TESTS];
    gof_mean_test flatness;       /* F over deals */
    double balanced;              /* share of balanced hands */
} odds_fit;

/* The tests on the deduplicated deals counted in a. */
void odds_fit_compute(const odds_acc *a, odds_fit *f);

/* p = (1 + #{X2_b >= X2}) / (B + 1) over B random corpora of D deals each,
 * dealt from a generator seeded with seed. */
void odds_fit_monte_carlo(odds_fit *f, int rounds, unsigned long seed);

/* The CSV rows of S4.4 (patterns.chi2, patterns.p, ..., flatness.p) into
 * out (room for 16); returns their number. */
int odds_fit_lines(const odds_fit *f, double level, odds_line *out);

/* The tests in words, F first (the most sensitive, S4.5). */
void odds_fit_print(FILE *out, const odds_fit *f);

#endif
