/* bench_lead_sim.c -- layouts/s of a lead problem valued double-dummy
 * (`whistlab lead --hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --simulate N
 * --eval dd`: dealing the layouts, every built-in convention's lead noted,
 * one DDS solve a layout, the tables) against a bare loop of DDS
 * SolveBoard(solutions=3) calls over the same layouts on the same number of
 * threads, in the same run. The ratio simulation/bare is what our own work
 * costs: the bound is 5,000 layouts for no more than 5,000 bare
 * solves, so it must stay >= 0.95.
 *
 *   bench_lead_sim [LAYOUTS [ROUNDS]]   (default 240 layouts, 3 rounds)
 *
 * The machine is shared, so the layouts are cut in chunks of CHUNK, chunk
 * k being the first CHUNK layouts of seed k (lead_sim_run deals from a
 * seed), and each chunk is timed bare, then simulated, in turn; a round is
 * all chunks, and each round gives one CPU-time ratio bare/simulation
 * (other programs' load disturbs CPU time less than wall time). Prints
 * bench.h's lines; exits 1 if the median ratio is below 0.95. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "analyze/dd/dd_solve.h"
#include "analyze/simulate/lead_sim.h"
#include "formats/hand_text.h"
#include "tests/bench/bench.h"
#include "tests/bench/bench_dds.h"

#define CHUNK 40
#define HAND "S:KJ8432 H:Q963 D:AK C:Q"

/* The layouts lead_sim_run deals for o (its seed, its first n), as DDS
 * boards: made outside the timing. */
static void layouts_as_boards(const lead_sim_opts *o, int n, struct dds_deal *board)
{
    deal_predeal pre;
    diag_t diag = {0};
    if (!lead_sim_setup(o, &pre, &diag)) {
        fprintf(stderr, "bench_lead_sim: %s\n", diag.reason);
        exit(2);
    }
    gen_deal *g = malloc((size_t)n * sizeof *g);
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_taus2);
    deal_gen_block(rng, o->seed, &pre, 0, (size_t)n, g);
    deal_t d;
    deal_clear(&d);
    for (int i = 0; i < n; i++) {
        deal_gen_to_deal(&g[i], (uint32_t)(i + 1), &d);
        memset(&board[i], 0, sizeof board[i]);
        board[i].trump = d.strain;
        board[i].first = d.leader;
        for (int seat = 0; seat < 4; seat++)
            for (int s = 0; s < 4; s++) board[i].remainCards[seat][s] = hand_suit(d.hand[seat], s);
    }
    gsl_rng_free(rng);
    free(g);
}

/* The simulation of o, its tables thrown away. */
static pass_time sim_pass(const lead_sim_opts *o, lead_sim_result *res)
{
    diag_t diag = {0};
    pass_time t0 = pass_start();
    if (!lead_sim_run(o, res, NULL, NULL, &diag)) {
        fprintf(stderr, "bench_lead_sim: %s\n", diag.reason);
        exit(2);
    }
    return pass_end(t0);
}

int main(int argc, char **argv)
{
    int layouts = argc > 1 ? atoi(argv[1]) : 240;
    int rounds = argc > 2 ? atoi(argv[2]) : 3;
    if (layouts < CHUNK) layouts = CHUNK;
    if (rounds < 1) rounds = 1;
    int nchunks = layouts / CHUNK;
    layouts = nchunks * CHUNK;
    int threads = dd_init(DD_ENGINE_DDS);
    if (threads < 1) {
        fprintf(stderr, "bench_lead_sim: %s\n", dd_unavailable(DD_ENGINE_DDS));
        return 2;
    }
    if (threads > 16) threads = 16;

    /* the command's defaults: every built-in convention but dd-best noted */
    lead_sim_opts o = {.trump = SUIT_H, .turnup = CARD_NONE, .against = CARD_NONE, .layouts = CHUNK, .dd = true,
                       .threads = threads};
    diag_t diag = {0};
    if (!hand_parse(HAND, &o.hand, &diag)) {
        fprintf(stderr, "bench_lead_sim: %s\n", diag.reason);
        return 2;
    }
    int nbuiltin;
    const convention *const *all = convention_builtins(&nbuiltin);
    for (int i = 0; i < nbuiltin && o.nconv < STATS_MAX_CONV; i++)
        if (!convention_is_dd_best(all[i])) o.conv[o.nconv++] = all[i];

    struct dds_deal *board = malloc((size_t)layouts * sizeof *board);
    for (int k = 0; k < nchunks; k++) {
        o.seed = (uint64_t)k + 1;
        layouts_as_boards(&o, CHUNK, board + k * CHUNK);
    }
    lead_sim_result *res = malloc(sizeof *res);
    bench_sample ratio = {0}, bare_rate = {0}, sim_rate = {0};
    bare_pass(board, CHUNK < 10 ? CHUNK : 10, threads); /* warm the solver threads up */
    for (int r = 0; r < rounds; r++) {
        pass_time b = {0, 0}, s = {0, 0};
        for (int k = 0; k < nchunks; k++) {
            o.seed = (uint64_t)k + 1;
            pass_time tb = bare_pass(board + k * CHUNK, CHUNK, threads), ts = sim_pass(&o, res);
            if (res->layouts != CHUNK) {
                fprintf(stderr, "bench_lead_sim: %llu layouts of %d taken back\n",
                        (unsigned long long)res->layouts, CHUNK);
                return 2;
            }
            b.cpu += tb.cpu;
            s.cpu += ts.cpu;
        }
        bench_add(&bare_rate, layouts / b.cpu);
        bench_add(&sim_rate, layouts / s.cpu);
        bench_add(&ratio, b.cpu / s.cpu);
    }
    bench_figure("dds-solve3-bare-layouts", "%.1f", &bare_rate, "layouts per CPU-second", "%d layouts, %d threads",
                 layouts, threads);
    bench_figure("lead-sim-dd-cpu", "%.1f", &sim_rate, "layouts per CPU-second",
                 "`lead --hand '%s' --trump H --simulate --eval dd`", HAND);
    bool ok = bench_verdict("lead-sim-dd", &ratio, "dds-solve3-bare-layouts (CPU time)", ">=", 0.95, NULL);
    free(board);
    free(res);
    return ok ? 0 : 1;
}
