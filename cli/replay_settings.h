/* replay_settings.h -- what decides the numbers of a `whistlab replay`
 * run: conventions (and the digests of their table files), --eval, the
 * play options, the input policy, seed, limit and inputs. The command line
 * makes them; a state file keeps them as a settings text (equal texts mean
 * runs whose states may be resumed or merged together), from which
 * --resume and merge rebuild them; the report states them in its
 * provenance, with the experiment they make. Threads, progress and output
 * files are not settings: they do not change a number; --where is one:
 * it picks the deals the numbers rest on. */
#ifndef WHISTLAB_REPLAY_SETTINGS_H
#define WHISTLAB_REPLAY_SETTINGS_H

#include "analyze/dd/dd_engine.h"
#include "cli/convention_opts.h"
#include "formats/deal_stream.h"
#include "stats/report/provenance.h"
#include "stats/report/report.h"
#include "stats/report/wls.h"

typedef struct {
    conventions_text conventions;
    char tables[2048];      /* "FILE DIGEST\n" per table file named by
                               conventions or opponents (table_digest.h) */
    char eval[8];           /* dd, play, both */
    bool all_leads;         /* every lead valued: the best lead and the optimal count reported */
    char opponents[256];    /* --eval play: the dealer's side; "same": each convention itself */
    bool signals;           /* --eval play: analyze/play/RULES.md §11 */
    char ext[64];           /* --eval play: analyze/play/RULES.md §13 rules, "X4,X5" ("-": none) */
    char trump[16];
    char leader[4];         /* "-": the deal's */
    char where[512];        /* --where: the deals kept ("": all) */
    char values[4608];      /* --values: the store the dd values came from,
                               as the report states it ("": solved); in the
                               settings text, so that a merge or a resumed
                               run states it too (issue 25 item 19) */
    char engine[DD_ENGINE_NAME_MAX]; /* --engine: the solver's name, "" for dds
                                        (a run that solves states it; the state
                                        text keeps it when it is not dds) */
    deal_format format;
    uint64_t seed, limit;
    const char *inputs[WLS_MAX_INPUTS];
    int ninputs;
} replay_settings;

/* The settings of a run that names nothing but its conventions and inputs. */
void replay_settings_init(replay_settings *s);

/* The name of stats_eval i ("dd", "play", "both"); NULL past the last. */
const char *replay_eval_name(int i);
/* The stats_eval named s ("dd", "play", "both"); -1 if none. */
int replay_eval_parse(const char *s);

/* The settings text of a state file (the keys and wordings of
 * replay_settings.c's rows, in their order; then the table and input
 * lines). */
void replay_settings_format(const replay_settings *s, char *buf, size_t len);

/* A settings text back into s; input and table names point into text,
 * which must outlive s. False if it is not one. */
bool replay_settings_parse(char *text, replay_settings *s);

/* The input options (--format, --trump, --leader, --where) of s; where
 * points into s. The engine of s becomes the process's (a resumed run
 * solves with the engine it started with). */
bool replay_settings_to_input(const replay_settings *s, input_opts *io);

/* The table files of s's conventions (and opponents, when they play) with
 * their digests, into tables (that of s, or another to compare with it).
 * False with diag filled when one cannot be read. */
bool replay_settings_tables(const replay_settings *s, char *tables, size_t len, diag_t *diag);

/* The provenance of a run with these settings: the experiment sentence,
 * the settings, the inputs' names (the accounts and the rest are the
 * caller's); shard_of: the shards the run was split in (1: none). */
void replay_settings_provenance(const replay_settings *s, unsigned shard_of, provenance *p);

#endif
