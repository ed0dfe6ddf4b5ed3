/* cli.h -- what the front ends share: the exit statuses, the helpers of
 * cli.c, and the subcommands, one function each, dispatched by whistlab.c;
 * each takes the argument vector from the subcommand's name on and returns
 * the process exit status. */
#ifndef WHISTLAB_CLI_H
#define WHISTLAB_CLI_H

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include "formats/deal_stream.h"

enum {
    EXIT_OK = 0,       /* success; every deal accepted */
    EXIT_REJECTS = 1,  /* ran, but some input was rejected: see the messages */
    EXIT_USAGE = 2,    /* bad command line */
    EXIT_FAILURE_IO = 3, /* cannot read or write a file, or the input is broken */
    EXIT_INTERRUPTED = 130, /* replay stopped by a signal: its state file says where */
};

/* -q/--quiet and -v/--verbose, taken by whistlab.c wherever they stand on
 * the command line (before a --) and so accepted by every command: quiet
 * (-1) prints no warnings, notes, progress or status lines, only errors and
 * results; verbose (1) adds what a command has to say beyond its default
 * (timings, rates, each file merged). */
enum { CLI_QUIET = -1, CLI_NORMAL = 0, CLI_VERBOSE = 1 };
extern int cli_verbosity;

/* Where a command's text report goes: standard output, or standard error
 * when one of its CSV tables goes to standard output ('-'), so that the
 * table can be piped whole. NULL (after "PREFIX: ..." on stderr) when two
 * tables would both go to standard output. A NULL path is no table. */
FILE *cli_report_stream(const char *prefix, const char *csv_a, const char *csv_b);

/* Prints d on stderr after prefix: "PREFIX: FILE: REASON" ("PREFIX:
 * FILE:LINE: REASON" at a line, "PREFIX: REASON" when d names no file). */
void cli_error(const char *prefix, const diag_t *d);

/* Says which of a merge's `parts` shards the state files given (`mask`)
 * leave out, and that --partial gives `what` ("a report", "tables")
 * marked PARTIAL: replay's and odds' merges alike. */
void cli_missing_shards(unsigned parts, uint64_t mask, const char *what);

/* Ctrl-C and SIGTERM from now on ask a long run to stop at its next
 * record and save its state: the flag they set, for run_opts.stop. A
 * second signal ends the process at once (the default action). */
volatile sig_atomic_t *cli_stop_on_signals(void);

/* The reading of convert, show and lead: the next DS_DEAL item of s, every
 * problem before it printed as file:line: reason; false at the end. */
bool cli_next_deal(deal_stream *s, ds_item *it);
/* What convert and lead report of their reading: deals read (repeats
 * aside), analysed, rejected (a deal of unknown hands too; a rejected
 * repeat is a repeat), left out by --where, and repeats: read = accepted +
 * rejected + left. */
typedef struct {
    uint64_t read, accepted, rejected, left, repeats;
} cli_counts;
cli_counts cli_counts_of(const ds_counts *c);
/* With --where (io->where), "N deals kept by --where, M left" on f after
 * before: the deals read that it did not leave out, and those it did;
 * nothing without. */
void cli_print_where(FILE *f, const char *before, const input_opts *io, uint64_t read, uint64_t left);
/* The exit status of what a stream read: EXIT_FAILURE_IO if a file could
 * not be read (on), EXIT_REJECTS if a record was rejected or unusable or
 * an error found, else EXIT_OK. */
int cli_stream_status(const ds_counts *c);

/* The numbers of every command line (option_number.c; issue 25 item 17),
 * as options.c reads them: the whole text a decimal number, no sign,
 * spaces, trailing characters or overflow, within the range (km: the
 * suffixes k, thousand, and m, million, of deal's counts); a decimal
 * fraction greater than above and at most at_most (less than it when
 * below). *v is set only when it is one. */
bool cli_u64_of(const char *text, uint64_t min, uint64_t max, bool km, uint64_t *v);
bool cli_double_of(const char *text, double above, double at_most, bool below, double *v);
/* --shard I/N: 1 <= I <= N <= max into *i, *n, both read as cli_u64_of
 * reads them; false (nothing set) if s is not one. */
bool cli_parse_shard(const char *s, unsigned max, unsigned *i, unsigned *n);
/* Files of a command line, for cli_outputs_apart: what names them ("the
 * corpus", "--csv-deals"), their paths (a NULL path, or "-" for a standard
 * stream, is none), and for an output whether it is the DIR of --plot
 * (the figure files in it are the outputs). */
typedef struct {
    const char *what;
    const char *const *paths;
    int n;
    bool plot_dir;
} cli_files;
#define CLI_FILE(what, path) {(what), (const char *const[]){(path)}, 1, false}
#define CLI_FILES(what, paths, n) {(what), (const char *const *)(paths), (n), false}
#define CLI_PLOT_DIR(dir) {"--plot", (const char *const[]){(dir)}, 1, true}
/* Issue 25 item 6, for every command that reads files and writes others:
 * true when no existing output is the same file (st_dev, st_ino) as an
 * input; else false after "PREFIX: OPTION OUT is the same file as WHAT
 * IN: refusing to overwrite an input" on stderr (the caller exits
 * EXIT_USAGE before it writes anything). */
bool cli_outputs_apart(const char *prefix, const cli_files *out, int nout, const cli_files *in, int nin);

/* The table files of "FILE DIGEST" lines (analyze/lead/table_digest.h),
 * the conventions' files a command reads: at most max into paths, pointing
 * into digests, which is cut into them. Their number. */
int cli_table_paths(char *digests, const char *paths[], int max);
/* The same of the table files named in a comma-separated list of
 * conventions, buf (len bytes) holding their lines; none when one cannot
 * be read (the conventions are refused when they are opened). */
int cli_table_files(const char *list, char *buf, size_t len, const char *paths[], int max);

/* A stream over files, or NULL after "PREFIX: out of memory" on stderr. */
deal_stream *cli_stream_open(const char *prefix, const ds_opts *o, const char *const files[], int nfiles);

int cmd_check(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int cmd_odds(int argc, char **argv);
int cmd_lead(int argc, char **argv);
int cmd_conventions(int argc, char **argv);
int cmd_deal(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_claims(int argc, char **argv);

#endif
