/* cmd_play.h -- the modes of `whistlab play` besides one deal, each in its
 * own file; cmd_play.c parses the command line and calls them. */
#ifndef WHISTLAB_CMD_PLAY_H
#define WHISTLAB_CMD_PLAY_H

#include <stdbool.h>
#include <stdint.h>
#include "cli/input_opts.h"

/* --verify: the recorded play of every deal of the files replayed and
 * checked on `threads` threads (0: one per CPU), with a progress line
 * unless no_progress; problems as file:line: reason, then the summary
 * line. Returns an exit status. */
int play_verify(char *const files[], int nfiles, const input_opts *io, int threads, bool no_progress);

/* --round-robin: every pair of the conventions of list in duplicate over
 * the files; the report, headed by its provenance (command: the command
 * line; io_text: --format, --trump and --leader as given), the per-deal
 * and summary CSV tables, the progress line. */
typedef struct {
    const char *command, *list;
    input_opts io;
    const char *io_text[3];
    uint64_t seed, limit;
    int threads;
    bool signals, no_progress;
    unsigned ext;
    const char *ext_text;          /* NULL: none */
    const char *csv_deals, *csv_summary; /* NULL: none; "-": standard output */
} robin_cli;

/* Returns an exit status. */
int play_round_robin(const robin_cli *rc, char **files, int nfiles);

#endif
