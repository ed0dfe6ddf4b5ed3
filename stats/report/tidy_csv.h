/* tidy_csv.h -- the tidy summary table shared by a replay's summary CSV
 * (report.h) and the round robin's (robin_csv.h): one number per row, in
 * the columns breakdown, level, evaluation, convention, versus, measure,
 * difference, value; and the rows of one paired comparison, which both
 * write alike. */
#ifndef WHISTLAB_STATS_TIDY_CSV_H
#define WHISTLAB_STATS_TIDY_CSV_H

#include <stdbool.h>
#include <stdint.h>
#include "stats/report/csv_out.h"
#include "stats/paired.h"
#include "stats/report/provenance.h"

/* Where the rows go and the columns they share: the breakdown, its level
 * and what scored the rows ("dd", "play", "dd-play", "duplicate" or ""). */
typedef struct {
    csv_out *out;
    const char *breakdown;
    char level[16];
    const char *eval;
} tidy_rows;

/* Opens path ("-" = standard output) with the header; false with diag
 * filled. */
bool tidy_open(tidy_rows *r, const char *path, diag_t *diag);
/* Closes it: false with diag filled when a write failed. */
bool tidy_close(tidy_rows *r, diag_t *diag);

/* A number with decimals; difference: the difference column (NULL: empty). */
void tidy_num(tidy_rows *r, const char *conv, const char *versus, const char *measure, const int *difference,
              double value, int decimals);
void tidy_count(tidy_rows *r, const char *conv, const char *versus, const char *measure, uint64_t v);
/* A number with significant digits rather than decimals (p). */
void tidy_sig(tidy_rows *r, const char *conv, const char *versus, const char *measure, double value);
/* prov as the comment lines that open the table (csv_out_comment):
 * version, command, experiment, per input (its number after the name)
 * input, input_deals, input_digest, input_complete, input_stopped_at, per
 * setting (its name after "setting") its value, shards_total and
 * shards_present for a split run, and status (complete, or the
 * INCOMPLETE: ... and PARTIAL: ... text). Before the first row. */
void tidy_provenance(tidy_rows *r, const provenance *prov);
void csv_out_provenance(csv_out *out, const provenance *prov);
/* The same for a table written as its run goes (the per-deal tables): the
 * head, before the first row, has what is known when the run starts
 * (version, command, experiment, each input's name, settings); the tail,
 * after the last row, what is known when it ends (each input's deals,
 * digest, whether it was read whole, where it stopped; the status). Both
 * are comment lines, which pandas and R skip wherever they stand. */
void csv_out_provenance_head(csv_out *out, const provenance *prov);
void csv_out_provenance_tail(csv_out *out, const provenance *prov);
/* The input row common to both tables' ends: complete (1 if every input
 * was read to its end). */
void tidy_status(tidy_rows *r, const provenance *prov);

/* A breakdown cell's test of a pair (report.h's stats_breakdown_holm): its
 * p-value and Holm-adjusted p-value (NaN: not one of the table's tests). */
typedef struct {
    double p, holm_p;
} tidy_test;

/* The rows of x minus y over a: n mean_gain sd se ci_low ci_high t
 * p_value (test's p, or the paired t-test's when test is NULL),
 * p_value_holm when test's is a number, differ_pct with its Wilson 95%
 * interval (differ_pct_ci_low, differ_pct_ci_high), with differ_same the
 * n, mean and se of the gain when the choices differ and when they are the
 * same, and deals_with_difference for each difference that occurs. */
void tidy_pair(tidy_rows *r, const char *x, const char *y, const paired_acc *a, const tidy_test *test,
               bool differ_same);

#endif
