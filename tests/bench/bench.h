/* bench.h -- what every benchmark shares: the CPU time (user + system) of a
 * command run as a whole process, of this process and of this thread; a
 * measure and its reference repeated in turn (interleaved, so that both see
 * the same load); and the lines they print, one per row of the README's
 * benchmark table:
 *
 *   NAME: FIGURE UNIT (min-max over N runs) ...
 *     a figure with no target (a reference, a time);
 *   NAME: ratio R vs REFERENCE (min-max over N runs), target OP T: met|MISSED; ...
 *     the one figure a benchmark passes on: a CPU-time ratio against the
 *     reference measured in the same benchmark, each run's ratio taken
 *     against the reference run just before it; R is the median.
 *
 * Header-only: each benchmark is one program. */
#ifndef WHISTLAB_BENCH_H
#define WHISTLAB_BENCH_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#define BENCH_MAX_RUNS 16

static inline double bench_clock(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static inline double bench_wall(void) { return bench_clock(CLOCK_MONOTONIC); }
static inline double bench_cpu(void) { return bench_clock(CLOCK_PROCESS_CPUTIME_ID); }

/* CPU seconds of the children (and theirs) waited for so far. */
static inline double bench_children_cpu(void)
{
    struct rusage ru;
    getrusage(RUSAGE_CHILDREN, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec +
           1e-6 * (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
}

typedef struct {
    double wall, cpu;
} bench_time;

/* cmd (through sh) as a whole process; the program stops (exit 2) if it
 * fails: a benchmark of a failing command measures nothing. */
static inline bench_time bench_run(const char *cmd)
{
    double w0 = bench_wall(), c0 = bench_children_cpu();
    if (system(cmd) != 0) {
        fprintf(stderr, "bench: failed: %s\n", cmd);
        exit(2);
    }
    return (bench_time){bench_wall() - w0, bench_children_cpu() - c0};
}

/* The values of one figure over the runs. */
typedef struct {
    double v[BENCH_MAX_RUNS];
    int n;
} bench_sample;

static inline void bench_add(bench_sample *s, double v)
{
    if (s->n < BENCH_MAX_RUNS) s->v[s->n++] = v;
}

static inline int bench_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The sample sorted: min v[0], max v[n-1]. */
static inline bench_sample bench_sorted(const bench_sample *s)
{
    bench_sample t = *s;
    qsort(t.v, (size_t)t.n, sizeof t.v[0], bench_cmp);
    return t;
}

static inline double bench_median(const bench_sample *s)
{
    bench_sample t = bench_sorted(s);
    if (t.n == 0) return 0;
    return t.n % 2 ? t.v[t.n / 2] : (t.v[t.n / 2 - 1] + t.v[t.n / 2]) / 2;
}

/* "MEDIAN UNIT (MIN-MAX over N runs)" with the format fmt for each value. */
static inline void bench_spread(char *out, size_t size, const char *fmt, const bench_sample *s, const char *unit)
{
    bench_sample t = bench_sorted(s);
    char med[32], lo[32], hi[32];
    snprintf(med, sizeof med, fmt, bench_median(s));
    snprintf(lo, sizeof lo, fmt, t.n ? t.v[0] : 0);
    snprintf(hi, sizeof hi, fmt, t.n ? t.v[t.n - 1] : 0);
    snprintf(out, size, "%s%s%s (%s-%s over %d runs)", med, *unit ? " " : "", unit, lo, hi, t.n);
}

/* A figure with no target: "NAME: MEDIAN UNIT (MIN-MAX over N runs)[; NOTE]". */
static inline void bench_figure(const char *name, const char *fmt, const bench_sample *s, const char *unit,
                                const char *note, ...)
{
    char fig[160], text[512] = "";
    bench_spread(fig, sizeof fig, fmt, s, unit);
    if (note) {
        va_list ap;
        va_start(ap, note);
        vsnprintf(text, sizeof text, note, ap);
        va_end(ap);
    }
    printf("%s: %s%s%s\n", name, fig, *text ? "; " : "", text);
    fflush(stdout);
}

/* The figure a benchmark passes on: the median of the ratios, against
 * target with op ">=" or "<=". Returns whether it is met. */
static inline bool bench_verdict(const char *name, const bench_sample *ratio, const char *reference, const char *op,
                                 double target, const char *note, ...)
{
    char fig[160], text[512] = "";
    bench_spread(fig, sizeof fig, "%.3f", ratio, "");
    if (note) {
        va_list ap;
        va_start(ap, note);
        vsnprintf(text, sizeof text, note, ap);
        va_end(ap);
    }
    double r = bench_median(ratio);
    bool met = strcmp(op, ">=") == 0 ? r >= target : r <= target;
    printf("%s: ratio %s vs %s, target %s %.2f: %s%s%s\n", name, fig, reference, op, target, met ? "met" : "MISSED",
           *text ? "; " : "", text);
    fflush(stdout);
    return met;
}

#endif
