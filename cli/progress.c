/* progress.c -- the progress report of long runs (progress.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "cli/cli.h"
#include "cli/progress.h"
#include "stats/report/provenance.h"

#define LOG_EVERY_DEFAULT_S 60.0
#define ESTIMATE_AFTER_S 10.0

double cli_progress_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void cli_progress_init(cli_progress *p, const char *cmd)
{
    *p = (cli_progress){.mode = isatty(STDERR_FILENO) && cli_verbosity > CLI_QUIET ? PROGRESS_TTY : PROGRESS_OFF,
                        .every_s = LOG_EVERY_DEFAULT_S, .cmd = cmd};
}

bool cli_progress_take(void *field, const char *arg, char *why, size_t len)
{
    cli_progress *p = field;
    if (strcmp(arg, "tty") == 0) {
        p->mode = PROGRESS_TTY;
    } else if (strcmp(arg, "off") == 0) {
        p->mode = PROGRESS_OFF;
    } else if (strcmp(arg, "log") == 0) {
        p->mode = PROGRESS_LOG;
        p->every_s = LOG_EVERY_DEFAULT_S;
    } else if (strncmp(arg, "log=", 4) == 0) {
        double s;
        if (!cli_double_of(arg + 4, 0, CLI_PROGRESS_MAX_S, false, &s)) {
            snprintf(why, len, "%s", CLI_PROGRESS_EXPECTED);
            return false;
        }
        p->mode = PROGRESS_LOG;
        p->every_s = s;
    } else {
        snprintf(why, len, "%s", CLI_PROGRESS_EXPECTED);
        return false;
    }
    return true;
}

bool cli_progress_take_off(void *field, const char *arg, char *why, size_t len)
{
    (void)arg, (void)why, (void)len;
    ((cli_progress *)field)->mode = PROGRESS_OFF;
    return true;
}

/* "h:mm:ss" of s seconds. */
static void format_hms(char *buf, size_t len, double s)
{
    unsigned long t = (unsigned long)s;
    snprintf(buf, len, "%lu:%02lu:%02lu", t / 3600, t / 60 % 60, t % 60);
}

static void show(cli_progress *p, uint64_t done, uint64_t expected, double t, bool last)
{
    double elapsed = t - p->started_s > 0 ? t - p->started_s : 1e-9;
    double rate = (double)done / elapsed;
    char eta[32] = "", took[32];
    if (expected > done && rate > 0) {
        char hms[24];
        format_hms(hms, sizeof hms, (double)(expected - done) / rate);
        snprintf(eta, sizeof eta, ", ETA %s", hms);
    }
    if (p->mode == PROGRESS_TTY) {
        if (expected)
            fprintf(stderr, "\r%s: %llu of %llu deals (%.1f%%), %.1f deals/s%s  ", p->cmd, (unsigned long long)done,
                    (unsigned long long)expected, 100.0 * (double)done / (double)expected, rate, eta);
        else
            fprintf(stderr, "\r%s: %llu deals, %.1f deals/s%s  ", p->cmd, (unsigned long long)done, rate, eta);
        return;
    }
    char stamp[32];
    time_t wall = time(NULL);
    struct tm tm;
    strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&wall, &tm));
    format_hms(took, sizeof took, elapsed);
    if (expected)
        fprintf(stderr, "%s %s: %llu of %llu deals (%.1f%%), %.1f deals/s, %s elapsed%s%s\n", stamp, p->cmd,
                (unsigned long long)done, (unsigned long long)expected, 100.0 * (double)done / (double)expected,
                rate, took, eta, last ? ", done" : "");
    else
        fprintf(stderr, "%s %s: %llu deals, %.1f deals/s, %s elapsed%s\n", stamp, p->cmd,
                (unsigned long long)done, rate, took, last ? ", done" : "");
}

void cli_progress_start(cli_progress *p, uint64_t expected)
{
    p->started_s = p->shown_s = cli_progress_now();
    if (p->mode == PROGRESS_LOG) show(p, 0, expected, p->started_s, false);
}

/* Once, early (ESTIMATE_AFTER_S into the run): what the whole run will
 * take at the rate so far, on a line of its own that stays. */
static void estimate(cli_progress *p, uint64_t done, uint64_t expected, double t)
{
    double elapsed = t - p->started_s;
    p->estimated = true;
    if (!expected || done >= expected || !done) return;
    double rate = (double)done / elapsed;
    char all[24], left[24];
    format_hms(all, sizeof all, (double)expected / rate);
    format_hms(left, sizeof left, (double)(expected - done) / rate);
    if (p->mode == PROGRESS_TTY) cli_progress_clear(p);
    fprintf(stderr, "%s: at %.1f deals/s so far, the %llu deals take about %s in all (%s to go)\n", p->cmd, rate,
            (unsigned long long)expected, all, left);
}

void cli_progress_update(cli_progress *p, uint64_t done, uint64_t expected)
{
    if (p->mode == PROGRESS_OFF) return;
    double t = cli_progress_now();
    if (p->estimate && !p->estimated && t - p->started_s >= ESTIMATE_AFTER_S) estimate(p, done, expected, t);
    if (t - p->shown_s < (p->mode == PROGRESS_LOG ? p->every_s : 0.5)) return;
    p->shown_s = t;
    show(p, done, expected, t, false);
}

void cli_progress_end(cli_progress *p, uint64_t done, uint64_t expected)
{
    if (p->mode == PROGRESS_TTY) fprintf(stderr, "\r%79s\r", "");
    else if (p->mode == PROGRESS_LOG) show(p, done, expected, cli_progress_now(), true);
}

void cli_progress_hook(void *ctx, run_progress at, uint64_t done, uint64_t expected)
{
    cli_progress *p = ctx;
    switch (at) {
    case RUN_PROGRESS_START: cli_progress_start(p, expected); return;
    case RUN_PROGRESS_END: cli_progress_end(p, done, expected); return;
    case RUN_PROGRESS_TICK: cli_progress_update(p, done, expected); return;
    }
}

void cli_progress_clear(const cli_progress *p)
{
    if (p->mode == PROGRESS_TTY) fprintf(stderr, "\r%79s\r", "");
}
