/* robin_csv.h -- the duplicate round robin (`play --round-robin`) as the
 * same tidy table as a replay's summary CSV (report.h): columns breakdown,
 * level, eval, convention, versus, measure, difference, value; eval is
 * "duplicate". Rows: the provenance; input,all: read, analysed (the whist
 * deals played), rejected, repeats, complete, status; all,all: deals; per
 * pair (convention minus versus, each deal's gain = the convention's
 * tricks at both tables - 13): n mean_gain sd se ci_low ci_high t p_value
 * differ_pct deals_with_difference (difference = the gain); per convention
 * versus "field": mean_gain (its mean gain averaged over the others). */
#ifndef WHISTLAB_STATS_ROBIN_CSV_H
#define WHISTLAB_STATS_ROBIN_CSV_H

#include "formats/diag.h"
#include "stats/paired.h"
#include "stats/report/csv_out.h"
#include "stats/report/provenance.h"

typedef struct {
    int nconv;
    const char *const *name;   /* the conventions, in the command's order */
    const paired_acc *pair;    /* [i * pair_stride + j], i < j: i's gain against j */
    int pair_stride;
    uint64_t read, played, rejected, repeats;
} robin_table;

/* Writes t to path ("-" = standard output), prov's rows first (NULL: none).
 * False with diag filled on failure. */
int stats_write_robin_csv(const char *path, const robin_table *t, const provenance *prov, diag_t *diag);

/* The per-deal table (--csv-deals): one row per deal and pair, columns
 * file line index board trump leader eval convention versus gain (eval
 * "duplicate"; gain: the convention's tricks at both tables - 13: the
 * pair measure "gain" of stats/measure.h names the last and eval's value). */
#define ROBIN_DEAL_COLUMNS 10
/* Their names into cols (ROBIN_DEAL_COLUMNS of them): the deal's, then
 * the pair measure's eval and column (stats/measure.h, "gain"). */
void stats_robin_deal_columns(const char *cols[ROBIN_DEAL_COLUMNS]);

/* A whist deal played: where it was read, its board, 0-based position in
 * its file, trumps and eldest hand as letters, and each pair's gain (i < j
 * in row order: 0-1, 0-2, ..., 1-2, ...). */
typedef struct {
    const char *file;
    uint64_t line, index;
    uint32_t board;
    char trump, leader;
    const int8_t *gain;
} robin_deal;

/* Its rows, the conventions named by name (nconv of them). */
void stats_robin_deal_rows(csv_out *out, const robin_deal *d, const char *const *name, int nconv);

#endif
