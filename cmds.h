/* cmds.h -- the whistlab subcommands, one function each, dispatched by
 * whistlab.c. Each takes the argument vector from the subcommand's name on
 * and returns the process exit status (see EXIT_* below). */
#ifndef WHISTLAB_CMDS_H
#define WHISTLAB_CMDS_H

enum {
    EXIT_OK = 0,       /* success; every deal accepted */
    EXIT_REJECTS = 1,  /* ran, but some input was rejected: see the messages */
    EXIT_USAGE = 2,    /* bad command line */
    EXIT_FAILURE_IO = 3, /* cannot read or write a file, or the input is broken */
};

int cmd_check(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_odds(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int cmd_lead(int argc, char **argv);
int cmd_conventions(int argc, char **argv);
int cmd_deal(int argc, char **argv);
int cmd_play(int argc, char **argv);

#endif
