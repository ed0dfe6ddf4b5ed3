/* bench_play.c -- deal-replays of the single-dummy players
 * (analyze/play/RULES.md), RUNS times in turn with their references:
 *
 *   play-replays: a duplicate comparison long-suit against american over N
 *     generated deals (2N replays) on 2 threads in this process, against a
 *     player of the lowest legal card through the same public state (the
 *     cost of the bookkeeping alone): replays per CPU-second and per second,
 *     no target of its own (the 1M replays/s on 2 cores is 2 us of
 *     CPU a replay);
 *   play-duplicate-1m: `whistlab play --round-robin long-suit,american`
 *     over a 1M-deal .wda (2M replays) as a whole process, against the
 *     engine's CPU for 2M replays just measured: passes on the CPU-time
 *     ratio command/engine (what reading, batching and accounting add), at
 *     most TARGET; its wall and CPU time printed (the target: 2 s).
 *
 * With WHISTLAB_BENCH_REF=PATH (another build of whistlab, e.g. the one
 * before the play became table rows), the 1M-deal command is run by both
 * binaries in turn and the CPU times compared: issue 26 allows the
 * table-driven play at most 1.25 times the hard-coded one's.
 *
 *   bench_play [N]   (default 200000 deals for the engine) */
#include <gsl/gsl_rng.h>
#include <pthread.h>
#include <stdatomic.h>
#include <sys/stat.h>
#include "analyze/deal/deal_gen.h"
#include "analyze/play/sd_duplicate.h"
#include "tests/bench/bench.h"

#define RUNS 3
#define TARGET 1.25
#define THREADS 2

#define CHUNK 256 /* deals a thread takes at a time: a slower core takes fewer */

typedef struct {
    const sd_deal *deals;
    long n;
    atomic_long *next;
    const sd_pair *pair;
    bool reference;
    long sink;
} job;

/* The reference: every player plays his lowest legal card (suit order). */
static int lowest_player(const sd_deal *d)
{
    hand_t hand[4];
    for (int s = 0; s < 4; s++) hand[s] = d->hand[s];
    play_public pub;
    play_public_init(&pub, d->trump, d->turnup, d->dealer, false);
    int ns = 0;
    for (int t = 0; t < 13; t++) {
        int seat = pub.leader[t], led = -1, w = -1;
        for (int i = 0; i < 4; i++, seat = seat_left(seat)) {
            hand_t legal = led >= 0 && hand_suit(hand[seat], led) ? hand_from_suit(led, hand_suit(hand[seat], led))
                                                                   : hand[seat];
            card_t c = hand_lowest(legal);
            if (i == 0) led = card_suit(c);
            hand[seat] &= ~card_bit(c);
            w = play_public_play(&pub, seat, c);
        }
        ns += sd_side_of(w) == 0;
    }
    return ns;
}

/* The sum stays in a local until the end: the two jobs share a cache line,
 * and a store per deal would bounce it between the cores. */
static void *run(void *arg)
{
    job *j = arg;
    long sink = 0;
    for (long lo; (lo = atomic_fetch_add(j->next, CHUNK)) < j->n;) {
        long hi = lo + CHUNK < j->n ? lo + CHUNK : j->n;
        for (long i = lo; i < hi; i++) {
            if (j->reference) {
                sink += lowest_player(&j->deals[i]) + lowest_player(&j->deals[i]);
            } else {
                sd_dup_result r;
                if (sd_duplicate(&j->deals[i], j->pair, &r) == 0) sink += r.gain;
            }
        }
    }
    j->sink = sink;
    return NULL;
}

/* Wall and CPU seconds of 2n replays on THREADS threads. */
static bench_time rate(const sd_deal *deals, long n, const sd_pair *pair, bool reference, long *sink)
{
    pthread_t th[THREADS];
    job jobs[THREADS];
    atomic_long next;
    atomic_init(&next, 0);
    double t0 = bench_wall(), c0 = bench_cpu();
    for (int k = 0; k < THREADS; k++) {
        jobs[k] = (job){deals, n, &next, pair, reference, 0};
        pthread_create(&th[k], NULL, run, &jobs[k]);
    }
    for (int k = 0; k < THREADS; k++) {
        pthread_join(th[k], NULL);
        *sink += jobs[k].sink;
    }
    return (bench_time){bench_wall() - t0, bench_cpu() - c0};
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 200000;
    sd_deal *deals = calloc((size_t)n, sizeof *deals);
    gen_deal *g = calloc(DEAL_GEN_BLOCK, sizeof *g);
    if (!deals || !g) return 2;
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_taus2);
    for (long i = 0; i < n; i += DEAL_GEN_BLOCK) {
        size_t m = (size_t)(n - i < DEAL_GEN_BLOCK ? n - i : DEAL_GEN_BLOCK);
        deal_gen_block(rng, 1, NULL, (uint64_t)i, m, g);
        for (size_t k = 0; k < m; k++) {
            sd_deal *d = &deals[i + (long)k];
            for (int s = 0; s < 4; s++) d->hand[s] = g[k].hand[s];
            d->dealer = g[k].dealer;
            d->turnup = g[k].turnup;
            d->trump = card_suit(g[k].turnup);
            d->deal_key = g[k].index;
        }
    }
    gsl_rng_free(rng);
    free(g);
    sd_side x, y;
    sd_side_init(&x, convention_builtin("long-suit"));
    sd_side_init(&y, convention_builtin("american"));
    sd_pair pair;
    sd_pair_init(&pair, &x, &y);
    long sink = 0;
    rate(deals, n < 1000 ? n : 1000, &pair, false, &sink); /* static tables built outside the timing */
    const char *wda = "build/bench-play-1m.wda";
    const char *robin = "./whistlab play --round-robin long-suit,american build/bench-play-1m.wda > /dev/null";
    struct stat st;
    if (stat(wda, &st) != 0 && system("./whistlab deal -n 1m --seed 1829 -o build/bench-play-1m.wda > /dev/null 2>&1") != 0) {
        fprintf(stderr, "bench_play: cannot write %s (run from the repository after `make whistlab`)\n", wda);
        return 2;
    }
    bench_sample ref_rate = {0}, cpu_rate = {0}, wall_rate = {0}, cmd_wall = {0}, cmd_cpu = {0}, ratio = {0};
    for (int r = 0; r < RUNS; r++) {
        bench_time a = rate(deals, n, &pair, true, &sink), b = rate(deals, n, &pair, false, &sink);
        bench_time c = bench_run(robin);
        bench_add(&ref_rate, 2.0 * (double)n / a.cpu / 1e6);
        bench_add(&cpu_rate, 2.0 * (double)n / b.cpu / 1e6);
        bench_add(&wall_rate, 2.0 * (double)n / b.wall / 1e6);
        bench_add(&cmd_wall, c.wall);
        bench_add(&cmd_cpu, c.cpu);
        bench_add(&ratio, c.cpu / (b.cpu * 1e6 / (double)n));
    }
    free(deals);
    if (sink == 0x7FFFFFFFFFFFFFFFL) return 2;
    bench_figure("play-lowest-card", "%.2f", &ref_rate, "M replays per CPU-second", "the reference player, %ld deals",
                 n);
    bench_figure("play-replays", "%.2f", &cpu_rate, "M replays per CPU-second",
                 "long-suit vs american, %.2f M replays/s on %d threads", bench_median(&wall_rate), THREADS);
    bench_figure("play-duplicate-1m-time", "%.2f", &cmd_wall, "s", "`play --round-robin long-suit,american`, 1M deals "
                 "(%.2f s CPU)", bench_median(&cmd_cpu));
    bool ok = bench_verdict("play-duplicate-1m", &ratio, "the engine's CPU for 2M replays", "<=", TARGET, NULL);
    const char *ref_bin = getenv("WHISTLAB_BENCH_REF");
    if (ref_bin && *ref_bin) {
        char ref_cmd[1024];
        snprintf(ref_cmd, sizeof ref_cmd, "'%s' play --round-robin long-suit,american build/bench-play-1m.wda > /dev/null",
                 ref_bin);
        bench_sample vs = {0};
        for (int r = 0; r < RUNS; r++) {
            bench_time theirs = bench_run(ref_cmd), mine = bench_run(robin);
            bench_add(&vs, mine.cpu / theirs.cpu);
        }
        ok = bench_verdict("play-vs-ref-1m", &vs, ref_bin, "<=", 1.25, NULL) && ok;
    }
    return ok ? 0 : 1;
}
