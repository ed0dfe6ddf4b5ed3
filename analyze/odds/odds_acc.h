/* odds_acc.h -- the running state of the empirical odds: for every row the
 * exact integer sums of its per-deal observations (binom_ci.h), and for
 * every histogram bin its total over the deals.
 *
 * All counters are integers, so accumulators of several threads merge by
 * addition into the same result whatever the split. Memory is constant in
 * the corpus size. */
#ifndef WHISTLAB_STATS_ODDS_ACC_H
#define WHISTLAB_STATS_ODDS_ACC_H

#include "stats/binom_ci.h"
#include "analyze/odds/odds_tables.h"

enum { ODDS_PART_DEAL = 1, ODDS_PART_TURNUP = 2, ODDS_PART_ALL = 3 };

/* The sums of one row are split: S-sums per row (s, ss, sm), and the
 * m-sums (n, deals, multi, mm) once per group for the rows whose domain is
 * the whole group -- they share them -- or per row for the others. The rows'
 * S-sums are kept as arrays: they are what every deal touches. */
typedef struct {
    int64_t s[ODDS_NROWS], ss[ODDS_NROWS], sm[ODDS_NROWS];
    cluster_sums domain[ODDS_NROWS]; /* m-sums of rows with a partial domain */
    cluster_sums group[OG_COUNT];    /* m-sums of whole-group rows */
    int64_t total[ODDS_NBINS];       /* bin totals over the deals added, for
                                        the groups of the fit (S4: patterns,
                                        pattern1, suit lengths, suit splits,
                                        balanced) and the scalar groups (Q, F) */
    int64_t deals;                   /* deals added with ODDS_PART_DEAL */
} odds_acc;

void odds_acc_init(odds_acc *a);

/* Adds one deal's histograms; parts says which groups (deal, per-turn-up)
 * this call covers, so that the two can come from separate calls. */
void odds_acc_add(odds_acc *a, const odds_counts *c, unsigned parts);

/* into += from, for the rows and bins of parts. */
void odds_acc_merge(odds_acc *into, const odds_acc *from, unsigned parts);

typedef struct {
    bool has;       /* false when the row is not measured or n = 0 */
    double value;   /* share, mean or variance */
    bool has_ci;
    double lo, hi;
    /* the same in every deal and equal to the exact value: the row is
     * exact by construction (one named card is with one of three other
     * players, each suit of a deal holds 4 honours), no interval (has_ci
     * false) */
    bool by_construction;
    int64_t n;      /* observations (pseudo-observations) */
} odds_estimate;

odds_estimate odds_acc_estimate(const odds_acc *a, int row, double level);

#endif
