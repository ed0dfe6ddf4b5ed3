/* bench_odds.c -- the empirical odds tables over 10M random deals (every
 * row, dealer and turn-up modes "all": the heaviest case), on one thread
 * (deals added one by one are counted in the caller; a corpus is counted
 * on the corpus runner's threads, `odds --corpus`), in this process, against a loop over the same deals that only counts each
 * hand's suit lengths, RUNS times in turn.
 *
 * Prints the time of 10M deals (wall and CPU) and passes on the CPU-time
 * ratio odds/loop: at most TARGET (the bound, 10M deals within a
 * minute on 2 cores, is 120 s of CPU: about 200 times the loop's 0.6 s).
 * Deals are generated before timing: 1M shuffled deals, each also fed with
 * its suits permuted, so that all 10M are distinct and go through
 * deduplication like a real corpus. Usage: bench_odds [DEALS] */
#include "analyze/deal/deal_random.h"
#include "analyze/odds/odds_run.h"
#include "tests/bench/bench.h"

#define RUNS 3
#define TARGET 200.0

/* The hands with their suits renamed by permutation k of 24. */
static void permuted(const odds_deal *base, int k, odds_deal *out)
{
    static const uint8_t PERM[24][4] = {
        {0, 1, 2, 3}, {1, 0, 2, 3}, {2, 1, 0, 3}, {3, 1, 2, 0}, {0, 2, 1, 3}, {0, 3, 2, 1},
        {0, 1, 3, 2}, {1, 2, 0, 3}, {2, 0, 1, 3}, {1, 3, 2, 0}, {3, 0, 2, 1}, {2, 1, 3, 0},
        {3, 1, 0, 2}, {0, 2, 3, 1}, {0, 3, 1, 2}, {1, 0, 3, 2}, {2, 3, 0, 1}, {3, 2, 1, 0},
        {1, 2, 3, 0}, {1, 3, 0, 2}, {2, 0, 3, 1}, {2, 3, 1, 0}, {3, 0, 1, 2}, {3, 2, 0, 1},
    };
    *out = (odds_deal){{0}, SEAT_NONE, CARD_NONE};
    for (int p = 0; p < 4; p++)
        for (int s = 0; s < 4; s++) out->hand[p] |= hand_from_suit(PERM[k][s], hand_suit(base->hand[p], s));
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 10000000;
    long nbase = n < 1000000 ? n : 1000000;
    odds_deal *base = malloc((size_t)nbase * sizeof *base);
    if (n <= 0 || !base) return 2;
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, 42);
    for (long i = 0; i < nbase; i++) {
        base[i] = (odds_deal){{0}, SEAT_NONE, CARD_NONE};
        deal_random_hands(rng, base[i].hand);
    }
    gsl_rng_free(rng);

    bench_sample ratio = {0}, wall = {0}, cpu = {0}, ref_cpu = {0};
    for (int r = 0; r < RUNS; r++) {
        /* Reference: the same deals, each hand's suit lengths counted. */
        double c0 = bench_cpu();
        volatile unsigned long sink = 0; /* keeps the loop */
        for (long i = 0; i < n; i++) {
            odds_deal d;
            permuted(&base[i % nbase], (int)(i / nbase) % 24, &d);
            for (int p = 0; p < 4; p++)
                for (int s = 0; s < 4; s++)
                    sink += (unsigned long)hand_suit_len(d.hand[p], s) * (unsigned long)(s + 1);
        }
        double ref = bench_cpu() - c0;

        double t0 = bench_wall();
        c0 = bench_cpu();
        odds_run_opts o = {ODDS_DEALER_ALL, ODDS_TURNUP_ALL, 2, true, NULL};
        odds_run *run = odds_run_new(&o);
        if (!run) return 2;
        for (long i = 0; i < n; i++) {
            odds_deal d;
            permuted(&base[i % nbase], (int)(i / nbase) % 24, &d);
            odds_run_add(run, &d);
        }
        odds_run_summary s;
        const odds_acc *acc = odds_run_finish(run, &s);
        double w = bench_wall() - t0, c = bench_cpu() - c0;
        if (s.accepted + s.duplicates != (uint64_t)n || acc->deals != (int64_t)s.accepted) return 2;
        odds_run_free(run);
        bench_add(&ref_cpu, ref * 1e7 / (double)n);
        bench_add(&wall, w * 1e7 / (double)n);
        bench_add(&cpu, c * 1e7 / (double)n);
        bench_add(&ratio, c / ref);
    }
    free(base);
    bench_figure("suit-length-loop-10m-cpu", "%.2f", &ref_cpu, "s CPU", "10M deals' hands, suit lengths counted");
    bench_figure("odds-empirical-10m", "%.1f", &wall, "s", "every odds table over 10M distinct deals on one thread, "
                 "in one process (%.1f s CPU)", bench_median(&cpu));
    return bench_verdict("odds-empirical", &ratio, "suit-length-loop (CPU time)", "<=", TARGET, NULL) ? 0 : 1;
}
