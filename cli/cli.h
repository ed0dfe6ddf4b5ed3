/* cli.h -- the whistlab subcommands, one function each, dispatched by
 * cli/whistlab.c. Each takes the argument vector from the subcommand's name on
 * and returns the process exit status (see EXIT_* below). */
#ifndef WHISTLAB_CLI_H
#define WHISTLAB_CLI_H

#include "formats/diag.h"

enum {
    EXIT_OK = 0,       /* success; every deal accepted */
    EXIT_REJECTS = 1,  /* ran, but some input was rejected: see the messages */
    EXIT_USAGE = 2,    /* bad command line */
    EXIT_FAILURE_IO = 3, /* cannot read or write a file, or the input is broken */
    EXIT_INTERRUPTED = 130, /* replay stopped by a signal: its state file says where */
};

/* Prints d on stderr after prefix: "PREFIX: FILE: REASON" ("PREFIX:
 * FILE:LINE: REASON" at a line, "PREFIX: REASON" when d names no file). */
void cli_error(const char *prefix, const diag_t *d);

int cmd_check(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_odds(int argc, char **argv);
int cmd_lead(int argc, char **argv);
int cmd_conventions(int argc, char **argv);
int cmd_deal(int argc, char **argv);
int cmd_play(int argc, char **argv);

#endif
