/* cmd_play.h -- the modes of `whistlab play` besides one deal, each in its
 * own file; cmd_play.c parses the command line and calls them. */
#ifndef WHISTLAB_CMD_PLAY_H
#define WHISTLAB_CMD_PLAY_H

#include <stdbool.h>
#include <stdint.h>
#include "cli/input_opts.h"
#include "cli/options.h"

/* --verify: the recorded play of every deal of the files replayed and
 * checked on `threads` threads (0: one per CPU), with a progress line
 * unless no_progress; problems as file:line: reason, then the summary
 * line; with save a state file, from which resume goes on after an
 * interrupt. */
typedef struct {
    input_opts io;
    int threads;
    bool no_progress;
    const char *save, *resume;     /* the state file to write, to go on from (NULL: none) */
    uint64_t checkpoint;           /* deals between checkpoints (0: by time alone) */
    const opt_command *options;    /* the command line's table, and the */
    int argc;                      /* command line from the command's name on, */
    char **argv;                   /* for the command that resumes */
} verify_cli;

/* Returns an exit status. */
int play_verify(const verify_cli *vc, char *const files[], int nfiles);

/* --round-robin: every pair of the conventions of list in duplicate over
 * the files; the report, headed by its provenance (command: the command
 * line; its settings: those of the rows of options flagged OPT_SETTING,
 * as values holds them), the per-deal
 * and summary CSV tables, the progress line; with --save a state file,
 * from which --resume goes on after an interrupt. */
typedef struct {
    const char *command, *list;
    const opt_command *options;    /* the command line's table, and the */
    const void *values;            /* values it was parsed into */
    input_opts io;
    uint64_t seed, limit;
    int threads;
    bool signals, no_progress;
    unsigned ext;
    const char *csv_deals, *csv_summary; /* NULL: none; "-": standard output */
    const char *save, *resume;     /* the state file to write, to go on from (NULL: none) */
    uint64_t checkpoint;           /* deals between checkpoints (0: by time alone) */
    int argc;                      /* the command line from the command's name on, as */
    char **argv;                   /* opt_parse left it, for the command that resumes */
} robin_cli;

/* Returns an exit status. */
int play_round_robin(const robin_cli *rc, char **files, int nfiles);

#endif
