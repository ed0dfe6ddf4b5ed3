/* progress.h -- the progress report of long runs (replay, solve, play
 * --round-robin) on stderr: a line redrawn in place on a terminal, or, for batch jobs and
 * clusters where nobody watches a terminal (`--progress log[=N]`), a
 * whole line every N seconds that a log file keeps: the time (UTC), the
 * deals done, the rate and the ETA. */
#ifndef WHISTLAB_CLI_PROGRESS_H
#define WHISTLAB_CLI_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>
#include "analyze/run/corpus_run.h"
#include "cli/options.h"

typedef enum { PROGRESS_OFF, PROGRESS_TTY, PROGRESS_LOG } progress_mode;

typedef struct {
    progress_mode mode;
    double every_s;     /* PROGRESS_LOG: seconds between lines */
    const char *cmd;    /* "replay", "solve": what the lines say first */
    bool estimate;      /* say once, early, what the whole run will take */
    bool estimated;
    double started_s, shown_s;
} cli_progress;

/* The default: a terminal's line when stderr is a terminal (and not -q),
 * else none. */
void cli_progress_init(cli_progress *p, const char *cmd);
/* Monotonic seconds, for rates and for -v's closing lines. */
double cli_progress_now(void);
/* Starts the clock (and a log's first line). */
void cli_progress_start(cli_progress *p, uint64_t expected);
/* done of expected (0: unknown) deals: a terminal's line at most twice a
 * second (with the total and the percentage when known), a log's line
 * every every_s seconds; with estimate, once, ten seconds in, a line
 * saying what the whole run will take at the rate so far. */
void cli_progress_update(cli_progress *p, uint64_t done, uint64_t expected);
/* The end of the run: clears a terminal's line, writes a log's last. */
void cli_progress_end(cli_progress *p, uint64_t done, uint64_t expected);
/* --progress ARG, an OPT_CALL row's take (options.h): "tty", "log" or
 * "log=N" (N seconds, default 60; N as cli_double_of reads it), "off";
 * field: a cli_progress. --no-progress: the same as --progress off. */
bool cli_progress_take(void *field, const char *arg, char *why, size_t len);
bool cli_progress_take_off(void *field, const char *arg, char *why, size_t len);
#define CLI_PROGRESS_MAX_S 86400
#define CLI_PROGRESS_EXPECTED "expected tty, log, log=SECONDS (more than 0, at most 86400) or off"
#define PROGRESS_SPECS(type, member, helptext, off_help) \
    {.name = "progress", .kind = OPT_CALL, .arg = "P", .at = offsetof(type, member), .take = cli_progress_take, \
     .help = helptext}, \
    {.name = "no-progress", .kind = OPT_CALL, .at = offsetof(type, member), .take = cli_progress_take_off, \
     .help = off_help}
/* The corpus runner's progress hook (ctx: a cli_progress). */
void cli_progress_hook(void *ctx, run_progress at, uint64_t done, uint64_t expected);
/* Before a message on stderr: clears a terminal's line so the message
 * stands on its own. */
void cli_progress_clear(const cli_progress *p);

#endif
