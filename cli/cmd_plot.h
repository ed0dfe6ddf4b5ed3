/* cmd_plot.h -- what replay, merge and odds share for --plot DIR
 * (cli/cmd_plot.c, beside `whistlab plot`; the figures are stats/report/plot.h's).
 * These print the library's diagnostics and notes on stderr. */
#ifndef WHISTLAB_CLI_CMD_PLOT_H
#define WHISTLAB_CLI_CMD_PLOT_H

#include <stdbool.h>
#include "stats/report/provenance.h"
#include "stats/report/report.h"
#include "stats/tally.h"

/* Before a run: makes DIR and checks that it can be written (error and
 * EXIT_FAILURE_IO if not: the run is not started), and warns if gnuplot
 * cannot be found (the run goes on). Returns -1 to go on. */
int plot_command_prepare(const char *cmd, const char *dir);

/* After the report: the figures of csv (a summary CSV, or with odds an
 * odds CSV; temporary: a file the command made for them, not the user's)
 * into dir, a line per figure on stderr. EXIT_OK, or EXIT_FAILURE_IO with
 * the error on stderr. */
int plot_command_draw(const char *cmd, const char *csv, const char *dir, bool odds, bool temporary,
                      unsigned formats);

/* replay and merge --plot: the figures of st, drawn from csv_summary (the
 * summary CSV just written), or from a temporary copy when there is none
 * or it went to standard output ("-"). */
int plot_command_summary(const char *cmd, const char *csv_summary, const stats_state *st, stats_eval eval,
                         const provenance *prov, const char *dir, unsigned formats);

/* --plot-format LIST (replay, odds): the formats of plot_formats_parse
 * into the unsigned field, as `whistlab plot --format` takes them. */
bool plot_take_formats(void *field, const char *value, char *why, size_t len);

#endif
