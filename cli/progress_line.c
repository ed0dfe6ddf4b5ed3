/* progress_line.c -- the progress line of replay and play --round-robin
 * (progress_line.h). */
#include <stdio.h>
#include <time.h>
#include <unistd.h>
#include "cli/cli.h"
#include "cli/progress_line.h"

double progress_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void progress_start(progress_line *p, const char *name, bool wanted)
{
    p->on = wanted && cli_verbosity > CLI_QUIET && isatty(STDERR_FILENO);
    p->name = name;
    p->started = p->shown = progress_now();
}

void progress_update(progress_line *p, uint64_t done, uint64_t expected)
{
    if (!p->on) return;
    double t = progress_now();
    if (t - p->shown < 0.5) return;
    p->shown = t;
    double rate = (double)done / (t - p->started > 0 ? t - p->started : 1e-9);
    fprintf(stderr, "\r%s: %llu deals, %.1f deals/s", p->name, (unsigned long long)done, rate);
    if (expected > done && rate > 0) {
        unsigned long eta = (unsigned long)((double)(expected - done) / rate);
        fprintf(stderr, ", ETA %lu:%02lu:%02lu  ", eta / 3600, eta / 60 % 60, eta % 60);
    }
}

void progress_clear(const progress_line *p)
{
    if (p->on) fprintf(stderr, "\r%79s\r", "");
}
