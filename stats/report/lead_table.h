/* lead_table.h -- the table of a lead problem: one hand's possible opening
 * leads (columns) valued on many layouts of the other cards, as Pavlicek's
 * lead tables and Lead Solver print them. Per column: the mean tricks of
 * the leader's side with its standard error and 95% confidence interval,
 * how often it is the best column of the layout, how often the side makes
 * the odd trick (7 tricks or more); per pair of columns, the paired
 * comparison (paired.h), so that each lead can be set against a lead named
 * in advance, and each column's chance of being the best lead on average
 * (top_chance.h; not the margin over the best of the same sample, which
 * favours the lead the sample's luck put on top: issue 28 item 5).
 *
 * Exact integer counters only: tables built apart and merged are
 * bit-identical to one built at once. Knows nothing of cards: the caller
 * names the columns. */
#ifndef WHISTLAB_STATS_LEAD_TABLE_H
#define WHISTLAB_STATS_LEAD_TABLE_H

#include <stdint.h>
#include <stdio.h>
#include "stats/report/csv_out.h"
#include "stats/paired.h"

#define LEAD_TABLE_COLS 13
#define LEAD_TABLE_PAIRS (LEAD_TABLE_COLS * (LEAD_TABLE_COLS - 1) / 2)
#define LEAD_TABLE_ODD 7 /* the odd trick: more than six */

typedef struct {
    int ncols;
    uint64_t n;                        /* layouts */
    paired_acc col[LEAD_TABLE_COLS];   /* each column's value against 0 */
    uint64_t best[LEAD_TABLE_COLS];    /* layouts where the column has the highest value */
    uint64_t odd[LEAD_TABLE_COLS];     /* layouts where it makes the odd trick */
    paired_acc pair[LEAD_TABLE_PAIRS]; /* value i - value j, i < j */
} lead_table;

void lead_table_init(lead_table *t, int ncols);
/* Adds one layout: value[0..ncols-1], the tricks (0..13) of each column. */
void lead_table_add(lead_table *t, const int *value);

typedef struct {
    double mean, se, ci_lo, ci_hi; /* tricks (95% Student t interval) */
    double best_pct, odd_pct;
} lead_column;

void lead_table_column(const lead_table *t, int i, lead_column *out);
/* Column i against column j: the paired comparison of i - j. */
void lead_table_vs(const lead_table *t, int i, int j, paired_summary *out);
/* Each column's chance (percent) of having the highest mean tricks
 * (top_chance.h, from the columns' means and covariances); columns equal
 * on every layout share one chance. NaN below two layouts. */
void lead_table_top(const lead_table *t, double top[LEAD_TABLE_COLS]);

/* The table as text: the effect first (the lead of the highest mean
 * against column against, named in advance, with its CI and p; or, the
 * named one on top, the next against it), a heading line, then a row for
 * each of the columns row[0..nrows-1]: its label, its difference from
 * column against (its label against_label heads the column): mean, CI, p;
 * its chance of being the top lead; the statistics; and its mark (who
 * chose it; may be empty). */
void lead_table_print(FILE *f, const lead_table *t, const int *row, int nrows, const char *const label[],
                      const char *const mark[], int against, const char *against_label);

/* The tidy columns of lead_table_csv_row, after the caller's own. */
extern const char *const LEAD_TABLE_CSV_COLUMNS[];
extern const int LEAD_TABLE_CSV_NCOLS;
/* Writes column i's statistics (the fields of LEAD_TABLE_CSV_COLUMNS;
 * top: lead_table_top's) against column against, and ends the row; the
 * caller has written its own fields first. */
void lead_table_csv_row(csv_out *o, const lead_table *t, int i, int against, const double *top);

#endif
