/* replay_settings.h -- what decides the numbers of a `whistlab replay`
 * run: conventions (and the digests of their table files), --eval, the
 * play options, the input policy, seed, limit and inputs. The rows of
 * replay's option table flagged OPT_SETTING (cmd_replay.c) fill them from
 * the command line, and say how a state file keeps each (its settings
 * text: equal texts mean runs whose states may be resumed or merged
 * together, from which --resume and merge rebuild them) and how the
 * report states it in its provenance, with the experiment they make.
 * Threads, progress and output files are not settings: they do not
 * change a number; --where is one: it picks the deals the numbers rest on. */
#ifndef WHISTLAB_REPLAY_SETTINGS_H
#define WHISTLAB_REPLAY_SETTINGS_H

#include "analyze/dd/dd_engine.h"
#include "cli/convention_opts.h"
#include "cli/input_opts.h"
#include "cli/options.h"
#include "formats/deal_stream.h"
#include "stats/report/provenance.h"
#include "stats/report/report.h"
#include "stats/report/wls.h"

/* The fields of the option rows that are settings (and the rest a state
 * file keeps with them); replay's command-line struct starts with it, so
 * that those rows' offsets are its own. */
typedef struct {
    int eval;               /* stats_eval: dd, play, both */
    conventions_text conventions;
    bool all_leads;         /* every lead valued: the best lead and the optimal count reported */
    const char *opponents;  /* --eval play: the dealer's side; "same": each convention itself */
    bool signals;           /* --eval play: analyze/play/RULES.md §11 */
    const char *ext;        /* --eval play: analyze/play/RULES.md §13 rules, "X4,X5" (NULL: none) */
    cli_input in;           /* --format, --trump, --leader, --where: the reading policy */
    char tables[2048];      /* "FILE DIGEST\n" per table file named by
                               conventions or opponents (table_digest.h) */
    char values[4608];      /* --values: the store the dd values came from,
                               as the report states it ("": solved); in the
                               settings text, so that a merge or a resumed
                               run states it too (issue 25 item 19) */
    char engine[DD_ENGINE_NAME_MAX]; /* --engine: the solver's name, "" for dds
                                        (a run that solves states it; the state
                                        text keeps it when it is not dds) */
    uint64_t seed, limit;
    const char *inputs[WLS_MAX_INPUTS];
    int ninputs;
} replay_settings;

/* replay's option table (cmd_replay.c), whose OPT_SETTING rows are the
 * settings. */
const opt_command *replay_options(void);

/* The settings of a run that names nothing but its conventions and inputs:
 * the rows' defaults. */
void replay_settings_init(replay_settings *s);

/* The name of stats_eval i ("dd", "play", "both"); NULL past the last. */
const char *replay_eval_name(int i);

/* The settings text of a state file (the rows' keys and wordings, in
 * their order, with the store of values after --where; then the table
 * and input lines). */
void replay_settings_format(const replay_settings *s, char *buf, size_t len);

/* A settings text back into s, each line read as the command line reads
 * its option; values as given point into text, which must outlive s.
 * False if it is not one. */
bool replay_settings_parse(char *text, replay_settings *s);

/* The table files of s's conventions (and opponents, when they play) with
 * their digests, into tables (that of s, or another to compare with it).
 * False with diag filled when one cannot be read. */
bool replay_settings_tables(const replay_settings *s, char *tables, size_t len, diag_t *diag);

/* The provenance of a run with these settings: the experiment sentence,
 * the settings, the inputs' names (the accounts and the rest are the
 * caller's); shard_of: the shards the run was split in (1: none). */
void replay_settings_provenance(const replay_settings *s, unsigned shard_of, provenance *p);

#endif
