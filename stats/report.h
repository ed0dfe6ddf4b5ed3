/* report.h -- the comparison as text and as a tidy CSV table.
 *
 * Terminal report (in the manner of Pavlicek's opening-lead tables): per
 * convention the mean tricks of the leader's side, the mean cost against the
 * best lead and how often its lead is optimal; then the net gain of every
 * pair of conventions with its 95% confidence interval and p-value; the
 * distribution of per-deal differences; and the breakdowns by the leader's
 * hand.
 *
 * Summary CSV (long format, one number per row), columns:
 *   breakdown  input | all | trumps | longest_plain | leads_coincide
 *   level      "all", or the breakdown key (trumps held 0..13, longest plain
 *              suit 0..13, leads coincide 0/1)
 *   convention a convention, "best" (the best lead), or empty for a count
 *              of deals
 *   versus     for pair rows the convention compared with (gain = convention
 *              minus versus), "best" for rows against the best lead, else empty
 *   measure    read accepted rejected repeats errors analysed (input rows);
 *              deals; mean_tricks sd_tricks; mean_optimal_cards (best);
 *              mean_cost cost_se cost_ci_low cost_ci_high optimal_pct
 *              (versus best); n mean_gain sd se ci_low ci_high t p_value
 *              differ_pct mean_gain_when_differ deals_with_difference (pairs)
 *   difference the per-deal difference -13..13 for deals_with_difference
 *   value      the number */
#ifndef WHISTLAB_STATS_REPORT_H
#define WHISTLAB_STATS_REPORT_H

#include <stdbool.h>
#include <stdio.h>
#include "tally.h"

/* What the scores are, for the headings: double-dummy tricks after each
 * convention's opening lead (a lead decides the score: identical leads
 * score identically), tricks won in rule-based play of all 52 cards, or
 * both side by side. */
typedef enum { STATS_EVAL_DD, STATS_EVAL_PLAY, STATS_EVAL_BOTH } stats_eval;

void stats_report(FILE *f, const stats_state *st, stats_eval eval);

/* Writes the summary CSV to path ("-" = standard output). False with err
 * filled on failure. */
int stats_write_summary_csv(const char *path, const stats_state *st, char *err, size_t err_len);

#endif
