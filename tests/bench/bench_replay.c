/* bench_replay.c -- deals/s of the double-dummy replay (three conventions,
 * reading, leads, one DDS solve per deal, statistics) against a bare loop
 * of DDS SolveBoard(solutions=3) calls over the same deals on the same
 * number of threads, in the same run. The ratio replay/bare is what our
 * own work costs: it must stay >= 0.95.
 *
 *   bench_replay [CORPUS [ROUNDS]]   (default: DDS's list300 under
 *                                     $WHISTLAB_SHARED or ../shared, 3 rounds)
 *
 * The machine is shared, so the corpus is cut in chunks of CHUNK deals and
 * each chunk is timed bare, then replayed (replay_run over that window of
 * records), ROUNDS times; each side's time is the sum over chunks of its
 * best time for the chunk. A burst of load then spoils one chunk of one
 * round, not a whole side. CPU seconds are compared the same way.
 * Prints "name: value unit (ratio R vs REF)" lines; exits 1 if R < 0.95. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "analyze/replay/replay.h"
#include "formats/reader.h"

#define deal dds_deal /* DDS's struct deal, beside formats/deal.h's */
#include <dds/dll.h>
#undef deal

#define CHUNK 50

static double clock_s(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Wall-clock and CPU seconds of one pass. */
typedef struct {
    double wall, cpu;
} pass_time;

static pass_time pass_start(void)
{
    return (pass_time){clock_s(CLOCK_MONOTONIC), clock_s(CLOCK_PROCESS_CPUTIME_ID)};
}

static pass_time pass_end(pass_time t0)
{
    return (pass_time){clock_s(CLOCK_MONOTONIC) - t0.wall,
                       clock_s(CLOCK_PROCESS_CPUTIME_ID) - t0.cpu};
}

static void keep_best(pass_time *best, pass_time t)
{
    if (t.wall < best->wall) best->wall = t.wall;
    if (t.cpu < best->cpu) best->cpu = t.cpu;
}

/* The corpus's whist deals as DDS boards (read once, outside the timing),
 * and which of them repeat the deal just before (the replay does not solve
 * those again, unless the deal before is outside its window). */
typedef struct {
    struct dds_deal *board;
    bool *same;
    int n;
} corpus;

typedef struct {
    const corpus *c;
    int lo, hi;
    atomic_int next;
    atomic_long score_sum; /* keeps the solves from being optimised away */
} bare_job;

typedef struct {
    bare_job *job;
    int thread;
} bare_worker;

static void *bare_main(void *arg)
{
    bare_worker *w = arg;
    const corpus *c = w->job->c;
    struct futureTricks fut;
    int i;
    while ((i = atomic_fetch_add(&w->job->next, 1)) < w->job->hi) {
        if (i > w->job->lo && c->same[i]) continue;
        if (SolveBoard(c->board[i], -1, 3, 1, &fut, w->thread) != RETURN_NO_FAULT) {
            fprintf(stderr, "bench_replay: DDS failed on deal %d\n", i);
            exit(2);
        }
        atomic_fetch_add(&w->job->score_sum, fut.score[0]);
    }
    return NULL;
}

/* The bare loop over deals lo..hi-1: one SolveBoard per deal, deals handed
 * out one at a time. */
static pass_time bare_pass(const corpus *c, int lo, int hi, int threads)
{
    bare_job job = {.c = c, .lo = lo, .hi = hi, .next = lo};
    bare_worker w[16];
    pthread_t tid[16];
    pass_time t0 = pass_start();
    for (int t = 0; t < threads; t++) {
        w[t] = (bare_worker){&job, t};
        pthread_create(&tid[t], NULL, bare_main, &w[t]);
    }
    for (int t = 0; t < threads; t++) pthread_join(tid[t], NULL);
    return pass_end(t0);
}

static void load_corpus(const char *path, corpus *c)
{
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(path, FMT_AUTO, &diag);
    if (!r) {
        diag_print(stderr, &diag);
        exit(2);
    }
    int cap = 1024;
    c->board = malloc((size_t)cap * sizeof *c->board);
    c->same = malloc((size_t)cap * sizeof *c->same);
    c->n = 0;
    trump_policy policy = {.kind = TRUMP_AUTO, .leader = SEAT_NONE};
    deal_t d, whist[4];
    diag_t why = {0};
    read_status st;
    while ((st = deal_reader_next(r, &d, &diag)) != READ_EOF) {
        /* Record k must be deal k for the replay's windows. */
        if (st != READ_DEAL || (d.flags & DEAL_REPEAT) ||
            deal_apply_trump_policy(&d, &policy, whist, &why) != 1) {
            fprintf(stderr, "bench_replay: %s: needs a corpus of whist deals only\n", path);
            exit(2);
        }
        if (c->n == cap) {
            cap *= 2;
            c->board = realloc(c->board, (size_t)cap * sizeof *c->board);
            c->same = realloc(c->same, (size_t)cap * sizeof *c->same);
        }
        struct dds_deal *b = &c->board[c->n];
        memset(b, 0, sizeof *b);
        b->trump = whist[0].strain;
        b->first = whist[0].leader;
        for (int seat = 0; seat < 4; seat++)
            for (int s = 0; s < 4; s++) b->remainCards[seat][s] = hand_suit(whist[0].hand[seat], s);
        c->same[c->n] = c->n > 0 && memcmp(b, b - 1, sizeof *b) == 0;
        c->n++;
    }
    deal_reader_close(r);
}

/* The replay of records lo..hi-1, added to st. */
static pass_time replay_pass(const char *path, stats_state *st, replay_opts *o, int lo, int hi)
{
    o->resume_records = (uint64_t)lo;
    o->limit = (uint64_t)hi;
    pass_time t0 = pass_start();
    if (replay_run(o, &path, 1, st) != REPLAY_DONE) {
        fprintf(stderr, "bench_replay: replay failed\n");
        exit(2);
    }
    return pass_end(t0);
}

int main(int argc, char **argv)
{
    char fallback[4096];
    const char *shared = getenv("WHISTLAB_SHARED");
    snprintf(fallback, sizeof fallback, "%s/corpora/dds-hands/list300.txt",
             shared && *shared ? shared : "../shared");
    const char *path = argc > 1 ? argv[1] : fallback;
    int rounds = argc > 2 ? atoi(argv[2]) : 3;
    if (rounds < 1) rounds = 1;
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    int threads = dd_init();
    if (threads > 16) threads = 16;
    corpus c;
    load_corpus(path, &c);
    int solves = 0;
    for (int i = 0; i < c.n; i++) solves += i % CHUNK == 0 || !c.same[i];

    static const char *const names[] = {"long-suit", "american", "short-suit"};
    static input_account inputs[1]; /* what the run read of its one input */
    replay_opts o = {.nconv = 3, .shard = 1, .shards = 1, .threads = threads, .checkpoint_every = 1,
                     .inputs = inputs};
    for (int i = 0; i < 3; i++) {
        o.conv[i] = convention_builtin(names[i]);
        if (!o.conv[i]) {
            fprintf(stderr, "bench_replay: no convention %s\n", names[i]);
            return 2;
        }
    }
    input_opts_init(&o.input);
    stats_state *st = calloc(1, sizeof *st);
    int nchunks = (c.n + CHUNK - 1) / CHUNK;
    pass_time *bare = malloc((size_t)nchunks * sizeof *bare);
    pass_time *replay = malloc((size_t)nchunks * sizeof *replay);
    for (int k = 0; k < nchunks; k++) bare[k] = replay[k] = (pass_time){1e30, 1e30};
    bare_pass(&c, 0, c.n < 20 ? c.n : 20, threads); /* warm the solver threads up */
    for (int r = 0; r < rounds; r++) {
        stats_init(st, 3, names);
        for (int k = 0; k < nchunks; k++) {
            int lo = k * CHUNK, hi = lo + CHUNK < c.n ? lo + CHUNK : c.n;
            keep_best(&bare[k], bare_pass(&c, lo, hi, threads));
            keep_best(&replay[k], replay_pass(path, st, &o, lo, hi));
        }
        if (st->all.deals != (uint64_t)c.n) {
            fprintf(stderr, "bench_replay: replay analysed %llu deals of %d\n",
                    (unsigned long long)st->all.deals, c.n);
            return 2;
        }
    }
    pass_time b = {0, 0}, p = {0, 0};
    for (int k = 0; k < nchunks; k++) {
        b.wall += bare[k].wall;
        b.cpu += bare[k].cpu;
        p.wall += replay[k].wall;
        p.cpu += replay[k].cpu;
    }
    double ratio = b.wall / p.wall;
    printf("dds-solve3-bare %s: %.1f deals/s (%d deals, %d solves, %d threads, best of %d)\n",
           base, c.n / b.wall, c.n, solves, threads, rounds);
    printf("replay-dd-3conv %s: %.1f deals/s (ratio %.3f vs dds-solve3-bare)\n", base,
           c.n / p.wall, ratio);
    /* CPU time is less disturbed by other load on the machine. */
    printf("replay-dd-3conv-cpu %s: %.1f deals/cpu-s (ratio %.3f vs dds-solve3-bare %.1f)\n",
           base, c.n / p.cpu, b.cpu / p.cpu, c.n / b.cpu);
    free(c.board);
    free(c.same);
    free(bare);
    free(replay);
    free(st);
    return ratio >= 0.95 ? 0 : 1;
}
