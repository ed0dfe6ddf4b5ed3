/* cmd_odds_impl.h -- what `whistlab odds` (cmd_odds.c) shares with its
 * merge driver (cmd_odds_merge.c): the command's settings, what a
 * counting gave, and the steps both take from them: the settings text of
 * a state made and read back through the option table, the provenance,
 * and the report. Nothing else includes it. */
#ifndef WHISTLAB_CMD_ODDS_IMPL_H
#define WHISTLAB_CMD_ODDS_IMPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "analyze/odds/odds_run.h"
#include "analyze/odds/odds_tables.h"
#include "cli/input_opts.h"
#include "cli/progress.h"
#include "stats/report/provenance.h"
#include "stats/report/wls.h"

typedef struct {
    bool table[ODDS_NTABLES]; /* selected tables */
    const char *corpus[ODDS_MAX_FILES];
    int ncorpus;
    const char *csv, *plot;
    unsigned plot_formats; /* --plot-format (0: SVG) */
    double level;
    int dealer_mode, turnup_mode;
    bool fit, wide;
    int fit_mc;
    unsigned long seed;
    int threads;
    unsigned shard, shards; /* --shard I/N (1/1: the whole corpus) */
    int rank, ranks;        /* under mpirun: this rank of so many, each counting a shard (0 of 1: no MPI) */
    const char *save, *resume; /* the state file written, and read to go on */
    uint64_t checkpoint;       /* deals between checkpoints (0: by time only) */
    cli_progress progress;
    input_opts io;
    /* the command line's values, before they are checked together */
    cli_input in;
    uint64_t fit_mc_n, seed_n, threads_n;
    bool list, any_table;
} odds_opts;

/* What the corpus gave: the run's counts, and the errors outside any
 * deal the runner counted. */
typedef struct {
    odds_run_summary s;
    uint64_t errors;
    /* deals and digests, for the provenance; room for what a state file
     * may hold (a hostile one: it is refused once read) */
    input_account input[WLS_MAX_INPUTS];
} odds_corpus_counts;

/* The settings text of a counting's state (corpus_state_config's: the
 * corpus files and prov's settings) and, for a shard, the exact --level
 * merge computes the intervals with (the settings line rounds it). */
void odds_state_config(const provenance *prov, const odds_opts *o, char *buf, size_t len);

/* Such a text back into o through the option table's setting rows, o's
 * texts pointing into text (cut into lines where it stands, kept by the
 * caller); false when a line is not understood, that line into bad (""
 * when the text is no counting's). */
bool odds_settings_read(char *text, odds_opts *o, char *bad, size_t len);

/* What measured tables rest on: the corpus files with their deals and
 * digests (c), and the settings that decide the numbers. */
void odds_provenance(provenance *p, const char *command, const odds_opts *o, const odds_corpus_counts *c);

/* The report: with a counting (acc, c and prov; acc NULL: none) what it
 * rests on and its counts, then the tables, the fit, the legend, the CSV
 * and the figures; the exit status. */
int odds_output(const odds_opts *o, const odds_corpus_counts *c, const odds_acc *acc, const provenance *prov);

#endif
