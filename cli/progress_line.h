/* progress_line.h -- the progress line of the long commands (replay, play
 * --round-robin) on stderr: "NAME: N deals, R deals/s, ETA h:mm:ss", at
 * most twice a second, only when stderr is a terminal and not with -q or
 * --no-progress. */
#ifndef WHISTLAB_PROGRESS_LINE_H
#define WHISTLAB_PROGRESS_LINE_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    bool on;
    const char *name;
    double started, shown;
} progress_line;

/* Monotonic seconds, for the rate and for -v's closing lines. */
double progress_now(void);
/* Starts the clock; on: whether the line is wanted (--no-progress not
 * given), to which the terminal and -q are added here. */
void progress_start(progress_line *p, const char *name, bool wanted);
/* done of expected (0: unknown) deals; shown at most twice a second. */
void progress_update(progress_line *p, uint64_t done, uint64_t expected);
/* Clears the line (before the report or a message on stderr). */
void progress_clear(const progress_line *p);

#endif
