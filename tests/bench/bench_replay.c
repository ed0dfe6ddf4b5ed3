/* bench_replay.c -- the double-dummy work of whistlab against a bare loop
 * of DDS SolveBoard(-1, 3, 1) calls over the same deals on the same number
 * of threads, in the same run:
 *   solve: `whistlab solve` (every lead of every deal into a store):
 *     deals/s at least 0.98 of the bare loop's;
 *   replay-dd-3conv: `replay --eval dd` with three conventions, no store,
 *     which values only the conventions' cards (dd_solve_cards): CPU per
 *     deal at most 0.65 of the bare loop's.
 *
 *   bench_replay [CORPUS [ROUNDS]]   (default: DDS's list300 under
 *                                     $WHISTLAB_SHARED or ../shared, 3 rounds)
 *
 * The machine is shared, so the corpus is cut in chunks of CHUNK deals and
 * each chunk is timed bare, then replayed (replay_run over that window of
 * records), ROUNDS times; each side's time is the sum over chunks of its
 * best time for the chunk. A burst of load then spoils one chunk of one
 * round, not a whole side. CPU seconds are compared the same way.
 * Prints "name: value unit (ratio R vs REF)" lines; exits 1 if a target
 * is missed. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "analyze/replay/replay.h"
#include "formats/reader.h"
#include "tests/bench/bench_dds.h"

#define CHUNK 50

/* The corpus's whist deals as DDS boards (read once, outside the timing). */
typedef struct {
    struct dds_deal *board;
    int n;
} corpus;

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
        }
        struct dds_deal *b = &c->board[c->n];
        memset(b, 0, sizeof *b);
        b->trump = whist[0].strain;
        b->first = whist[0].leader;
        for (int seat = 0; seat < 4; seat++)
            for (int s = 0; s < 4; s++) b->remainCards[seat][s] = hand_suit(whist[0].hand[seat], s);
        c->n++;
    }
    deal_reader_close(r);
}

/* The replay of records lo..hi-1, added to st; with o->solve_only, into a
 * store made for the pass. */
static pass_time replay_pass(const char *path, stats_state *st, replay_opts *o, int lo, int hi)
{
    o->resume_records = (uint64_t)lo;
    o->limit = (uint64_t)hi;
    pass_time t0 = pass_start();
    diag_t diag = {0};
    dd_store_header h = {.per_record = 1, .shard = 1, .shards = 1};
    if (o->solve_only && !(o->solve_to = dd_store_create("build/bench-solve.wdv", &h, false, &diag))) {
        diag_print(stderr, &diag);
        exit(2);
    }
    bool ok = replay_run(o, &path, 1, st) == REPLAY_DONE;
    if (o->solve_only) ok = dd_store_finish(o->solve_to, 0, (digest128){{0, 0}}, &diag) && ok;
    if (!ok) {
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
    stats_state *st = calloc(1, sizeof *st), *solved = calloc(1, sizeof *solved);
    replay_opts so = o;
    so.nconv = 0;
    so.solve_only = true;
    int nchunks = (c.n + CHUNK - 1) / CHUNK;
    pass_time *bare = malloc((size_t)nchunks * sizeof *bare);
    pass_time *replay = malloc((size_t)nchunks * sizeof *replay);
    pass_time *solve = malloc((size_t)nchunks * sizeof *solve);
    for (int k = 0; k < nchunks; k++) bare[k] = replay[k] = solve[k] = (pass_time){1e30, 1e30};
    bare_pass(c.board, c.n < 20 ? c.n : 20, threads); /* warm the solver threads up */
    for (int r = 0; r < rounds; r++) {
        stats_init(st, 3, names);
        stats_init(solved, 0, NULL);
        for (int k = 0; k < nchunks; k++) {
            int lo = k * CHUNK, hi = lo + CHUNK < c.n ? lo + CHUNK : c.n;
            keep_best(&bare[k], bare_pass(c.board + lo, hi - lo, threads));
            keep_best(&replay[k], replay_pass(path, st, &o, lo, hi));
            keep_best(&solve[k], replay_pass(path, solved, &so, lo, hi));
        }
        if (st->all.deals != (uint64_t)c.n || solved->accepted != (uint64_t)c.n) {
            fprintf(stderr, "bench_replay: replay analysed %llu deals, solve %llu, of %d\n",
                    (unsigned long long)st->all.deals, (unsigned long long)solved->accepted, c.n);
            return 2;
        }
    }
    pass_time b = {0, 0}, p = {0, 0}, v = {0, 0};
    for (int k = 0; k < nchunks; k++) {
        b.wall += bare[k].wall;
        b.cpu += bare[k].cpu;
        p.wall += replay[k].wall;
        p.cpu += replay[k].cpu;
        v.wall += solve[k].wall;
        v.cpu += solve[k].cpu;
    }
    double solve_ratio = b.wall / v.wall, cpu_ratio = p.cpu / b.cpu;
    printf("dds-solve3-bare %s: %.1f deals/s, %.2f ms CPU a deal (%d deals, %d threads, best of %d)\n",
           base, c.n / b.wall, 1e3 * b.cpu / c.n, c.n, threads, rounds);
    printf("solve %s: %.1f deals/s (ratio %.3f vs dds-solve3-bare; target >= 0.98)\n", base, c.n / v.wall,
           solve_ratio);
    printf("solve-cpu %s: %.2f ms CPU a deal (ratio %.3f vs dds-solve3-bare)\n", base, 1e3 * v.cpu / c.n,
           b.cpu / v.cpu);
    printf("replay-dd-3conv-cpu %s: %.2f ms CPU a deal (ratio %.3f vs dds-solve3-bare; target <= 0.65)\n",
           base, 1e3 * p.cpu / c.n, cpu_ratio);
    printf("replay-dd-3conv %s: %.1f deals/s (ratio %.3f vs dds-solve3-bare)\n", base, c.n / p.wall,
           b.wall / p.wall);
    remove("build/bench-solve.wdv");
    free(c.board);
    free(bare);
    free(replay);
    free(solve);
    free(st);
    free(solved);
    return solve_ratio >= 0.98 && cpu_ratio <= 0.65 ? 0 : 1;
}
