/* bench_dd_engine.c -- whistlab's double-dummy engine against DDS, one
 * thread, the same random whist deals (every trump suit and no-trump, every
 * leader; seeded), interleaved deal by deal so that both see the same load:
 * every lead's value (dde_values against SolveBoard solutions=3) and the
 * optimum alone (dde_best against solutions=1), in CPU time of the thread.
 * Every value is checked against DDS's as it goes (exit 2 on a difference).
 * DDS keeps its table when it is given the deal it solved last: so each
 * round solves its deals for the optimum first, then again for every lead,
 * never the same deal twice in a row.
 *
 * The deals are cut into ROUNDS rounds; each round gives a ratio (DDS's CPU
 * over the engine's: above 1 the engine is faster). Passes on the every-lead
 * ratio's median: at least TARGET (issue 29). Also printed: mean and 90th
 * percentile CPU per deal of each, the optimum's ratio, the engine's table
 * (its memory cap). BENCH_DDE_DEALS sets the number of deals (default 200;
 * the figure is on 1000). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/bench/bench.h"
#include "tests/dde_oracle.h"

#define ROUNDS 5
#define TARGET 1.7

static double thread_cpu(void) { return bench_clock(CLOCK_THREAD_CPUTIME_ID); }

static double pct90(double *v, int n)
{
    qsort(v, (size_t)n, sizeof v[0], bench_cmp);
    return v[(n * 9 + 9) / 10 - 1];
}

int main(void)
{
    const char *env = getenv("BENCH_DDE_DEALS");
    int deals = env && *env ? atoi(env) : 200;
    if (deals < 2 * ROUNDS) deals = 2 * ROUNDS;
    if (!dd_init(DD_ENGINE_DDS)) {
        fprintf(stderr, "bench_dd_engine: %s\n", dd_unavailable(DD_ENGINE_DDS));
        return 2;
    }
    dde_ctx *ctx = dde_open(0);
    double *t[4]; /* per deal: DDS leads, engine leads, DDS optimum, engine optimum */
    for (int k = 0; k < 4; k++) t[k] = calloc((size_t)deals, sizeof(double));
    if (!ctx || !t[0] || !t[1] || !t[2] || !t[3]) return 2;
    bench_sample leads = {0}, optimum = {0};
    uint64_t seed = 29;
    int per_round = deals / ROUNDS;
    for (int round = 0; round < ROUNDS; round++) {
        double sum[4] = {0};
        int first = round * per_round, end = first + per_round, opt[2] = {-1, -2};
        dde_position *p = calloc((size_t)per_round, sizeof *p);
        if (!p) return 2;
        for (int i = first; i < end; i++) oracle_random_deal(&seed, &p[i - first]);
        for (int i = first; i < end; i++) {
            double c0 = thread_cpu();
            int rc = oracle_best(&p[i - first], 0, &opt[0]);
            double c1 = thread_cpu();
            dde_best(ctx, &p[i - first], &opt[1]);
            double c2 = thread_cpu();
            if (rc != RETURN_NO_FAULT || opt[0] != opt[1]) {
                fprintf(stderr, "bench_dd_engine: deal %d's optimum differs from DDS's\n", i);
                return 2;
            }
            t[2][i] = c1 - c0;
            t[3][i] = c2 - c1;
        }
        for (int i = first; i < end; i++) {
            int8_t a[64], b[64];
            int best_a = -1, best_b = -2;
            double c0 = thread_cpu();
            int rc = oracle_values(&p[i - first], 0, a, &best_a);
            double c1 = thread_cpu();
            dde_values(ctx, &p[i - first], b, &best_b);
            double c2 = thread_cpu();
            if (rc != RETURN_NO_FAULT || memcmp(a, b, 64) || best_a != best_b) {
                fprintf(stderr, "bench_dd_engine: deal %d's values differ from DDS's\n", i);
                return 2;
            }
            t[0][i] = c1 - c0;
            t[1][i] = c2 - c1;
        }
        free(p);
        for (int i = first; i < end; i++)
            for (int k = 0; k < 4; k++) sum[k] += t[k][i];
        bench_add(&leads, sum[0] / sum[1]);
        bench_add(&optimum, sum[2] / sum[3]);
    }
    int n = per_round * ROUNDS;
    double mean[4], p90[4];
    for (int k = 0; k < 4; k++) {
        mean[k] = 0;
        for (int i = 0; i < n; i++) mean[k] += t[k][i] / n;
        p90[k] = pct90(t[k], n);
    }
    printf("dd-engine deals: %d random whist deals (all trumps, no-trump, every leader), one thread, every "
           "value equal to DDS's; engine table %.0f MiB\n", n, (double)dde_memory(ctx) / (1 << 20));
    printf("dd-engine every lead: engine %.1f ms a deal (90th percentile %.1f), DDS solutions=3 %.1f ms (%.1f)\n",
           1e3 * mean[1], 1e3 * p90[1], 1e3 * mean[0], 1e3 * p90[0]);
    printf("dd-engine optimum: engine %.1f ms a deal (90th percentile %.1f), DDS solutions=1 %.1f ms (%.1f)\n",
           1e3 * mean[3], 1e3 * p90[3], 1e3 * mean[2], 1e3 * p90[2]);
    bench_figure("dd-engine-optimum", "%.3f", &optimum, "x DDS solutions=1 (CPU ratio DDS/engine)", NULL);
    bool met = bench_verdict("dd-engine-leads", &leads, "DDS solutions=3 (CPU DDS/engine)", ">=", TARGET, NULL);
    dde_close(ctx);
    for (int k = 0; k < 4; k++) free(t[k]);
    return met ? 0 : 1;
}
