/* report.h -- the comparison as text and as a tidy CSV table.
 *
 * Terminal report (in the manner of Pavlicek's opening-lead tables): first
 * what it rests on (stats/report/provenance.h: INCOMPLETE or PARTIAL when it is
 * not whole, the experiment, version, command, inputs with their digests,
 * settings); per convention the mean tricks of the leader's side, the mean
 * cost against the best lead and how often its lead is optimal; then the
 * net gain of every pair of conventions with its 95% confidence interval
 * and p-value, and the gain over the deals where the pair's opening leads
 * differ (in rule-based play also over those where they are the same: a
 * same opening lead can still gain there); the distribution of per-deal
 * differences; and the breakdowns by the leader's hand, whose stars are
 * Holm-corrected over each table's tests (stats_breakdown_p: the exact
 * sign-flip test in small cells, none starred below STATS_STAR_MIN_DEALS).
 *
 * Summary CSV (long format, one number per row; the measures' rows and the
 * report's columns of conventions are the table's, measure.h), columns:
 *   breakdown  provenance | input | all | trumps_held | longest_plain |
 *              leads_coincide (named as the per-deal table's columns)
 *   level      "all", or the breakdown key (trumps held 0..13, longest plain
 *              suit 0..13, leads coincide 0/1); provenance rows: the input's
 *              number or the setting's name (provenance.h)
 *   eval       what scored the row's numbers: dd (double-dummy value of the
 *              opening lead), play (rule-based play of all 52 cards),
 *              dd-play (a pair of a dd and a play column, with --eval
 *              both), or empty (counts of deals, input and provenance rows);
 *              the best's is play with --eval play, else dd
 *   convention a convention, "best" (the best lead; with --eval play the
 *              best convention on each deal), or empty for a count of deals
 *   versus     for pair rows the convention compared with (gain = convention
 *              minus versus), "best" for rows against the best lead, else empty
 *   measure    provenance rows: version command experiment shards_total
 *              shards_present input input_deals input_digest input_complete
 *              input_stopped_at setting (values are text);
 *              read accepted rejected repeats errors analysed complete
 *              (1 if every input was read to its end) status ("complete",
 *              or the INCOMPLETE and PARTIAL text) (input rows);
 *              deals; mean_tricks sd_tricks; mean_optimal_leads (best);
 *              mean_cost cost_se cost_ci_low cost_ci_high optimal_pct
 *              (versus best); n mean_gain sd se ci_low ci_high t p_value
 *              (%.6g; 0 below 1e-300; in a breakdown cell its test's,
 *              stats_breakdown_p) p_value_holm (breakdown cells that the
 *              text report may star, Holm-adjusted over its table)
 *              differ_pct n_when_differ mean_gain_when_differ
 *              se_gain_when_differ n_when_same mean_gain_when_same
 *              se_gain_when_same deals_with_difference (pairs; "differ" and
 *              "same" are the deals where the pair's opening leads differ or
 *              are the same card)
 *   difference the per-deal difference -13..13 for deals_with_difference
 *   value      the number, or the text of a provenance or status row */
#ifndef WHISTLAB_STATS_REPORT_H
#define WHISTLAB_STATS_REPORT_H

#include <stdbool.h>
#include <stdio.h>
#include "formats/diag.h"
#include "stats/report/provenance.h"
#include "stats/tally.h"

/* What the scores are, for the headings: double-dummy tricks after each
 * convention's opening lead (a lead decides the score: identical leads
 * score identically), tricks won in rule-based play of all 52 cards, or
 * both side by side. */
typedef enum { STATS_EVAL_DD, STATS_EVAL_PLAY, STATS_EVAL_BOTH } stats_eval;

/* The report of st, after its title line (the caller's): prov's status
 * lines and block first (prov may be NULL: none). */
void stats_report(FILE *f, const stats_state *st, stats_eval eval, const provenance *prov);

/* Writes the summary CSV to path ("-" = standard output), with prov's rows
 * first (NULL: none); eval says what scored st's columns (with both, its
 * second half are the first half's conventions in play). False with diag
 * filled on failure. */
int stats_write_summary_csv(const char *path, const stats_state *st, stats_eval eval, const provenance *prov,
                            diag_t *diag);

/* Whether a breakdown table shows the pair (i, j), i < j: every pair up to
 * four conventions, else each against the first. */
bool stats_breakdown_shows(const stats_state *st, int i, int j);

/* The fewest deals of a breakdown cell that may be starred (issue 25 item
 * 18): a smaller cell is no test of its table's family. */
#define STATS_STAR_MIN_DEALS 20

/* The p-value of a breakdown cell's pair: the exact sign-flip test's
 * (paired_sign_flip_p) up to PAIRED_EXACT_MAX deals, where the t-test's
 * normal tails misjudge a few whole-trick differences (two deals of -1
 * are p = 0.5, not 0), the paired t-test's above. NaN with no deals. */
double stats_breakdown_p(const paired_acc *a);

/* The breakdown's tests (the pairs it shows, in every key with at least
 * STATS_STAR_MIN_DEALS deals) as one family: p[key][stats_pair_index]
 * receives every pair's stats_breakdown_p in every key (p may be NULL), and
 * adj[key][stats_pair_index] each test's Holm-adjusted p-value (NaN where
 * there is no test). Returns the number of tests. */
int stats_breakdown_holm(const stats_state *st, int br, double p[STATS_KEYS][STATS_MAX_PAIRS],
                         double adj[STATS_KEYS][STATS_MAX_PAIRS]);

#endif
