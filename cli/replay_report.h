/* replay_report.h -- the report `whistlab replay` and `whistlab merge`
 * print from a run's state and settings (replay_report.c). */
#ifndef WHISTLAB_REPLAY_REPORT_H
#define WHISTLAB_REPLAY_REPORT_H

#include <stdio.h>
#include "analyze/dd/dd_store.h"
#include "cli/replay_settings.h"

/* The report's first line, on out; part_mask says which of the shards it
 * covers. */
void replay_print_title(FILE *out, const replay_settings *s, uint64_t part_mask, unsigned shards);

/* The provenance of a report: the command line (quoted before getopt
 * reorders argv), s, and what the run read of its inputs; parts and
 * part_mask as the state holds them. */
void replay_make_provenance(provenance *p, const char *command, const replay_settings *s,
                            const input_account *inputs, unsigned parts, uint64_t part_mask);

/* The setting of a run whose double-dummy values come from a store of
 * solved leads (s->values, the report's "dd values" line): the file, its
 * deals and digest, how it was made. */
void replay_values_setting(replay_settings *s, const char *path, const dd_store *store);
/* The report (on out: stdout, or stderr when a CSV table goes to stdout,
 * cli_report_stream), the summary CSV and, with plot_dir, the figures drawn from
 * it in plot_formats (plot.h's bits; 0: SVG) (cmd_plot.h; cmd names the command in the messages); the exit status:
 * a run that lost input (INCOMPLETE) fails as its reading did, and so does
 * one whose figures could not be drawn. */
int replay_finish_report(FILE *out, const stats_state *st, const replay_settings *s, const provenance *prov,
                         const char *csv_summary, const char *plot_dir, unsigned plot_formats, const char *cmd);

#endif
