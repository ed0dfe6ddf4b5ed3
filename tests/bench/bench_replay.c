/* bench_replay.c -- the double-dummy work of whistlab against a bare loop
 * of DDS SolveBoard(-1, 3, 1) calls over the same deals on the same number
 * of threads (this program run again with --bare), all as whole processes,
 * RUNS times in turn:
 *   dds-solve3-bare: the bare loop's CPU a deal (no target: the cost of
 *     double-dummy itself, and what 1M deals cost in CPU-hours);
 *   solve: `whistlab solve` (every lead of every deal into a store): the
 *     CPU-time ratio bare/solve at least 0.95 (solve costs what DDS costs);
 *   replay-dd-3conv: `replay --eval dd` with three conventions, no store,
 *     which values only the conventions' cards: the CPU-time ratio
 *     replay/bare at most 0.65.
 * Whole processes, not passes inside one process: there, the order of the
 * passes moved the ratio by several per cent (DDS's memory, caches).
 *
 *   bench_replay [CORPUS]   (default: DDS's list100 under $WHISTLAB_SHARED
 *                            or ../shared) */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/dd/dd_solve.h"
#include "analyze/replay/replay.h"
#include "formats/reader.h"
#include "tests/bench/bench.h"
#include "tests/bench/bench_dds.h"

#define RUNS 5 /* the median of 3 ratios moved with one loaded run: 5 */

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

/* The bare loop over path's deals on every solver thread: exit 0 when done. */
static int bare_all(const char *path)
{
    int threads = dd_init(DD_ENGINE_DDS);
    corpus c;
    load_corpus(path, &c);
    bare_pass(c.board, c.n, threads);
    free(c.board);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--bare") == 0) return bare_all(argv[2]);
    char fallback[4096];
    const char *shared = getenv("WHISTLAB_SHARED");
    snprintf(fallback, sizeof fallback, "%s/corpora/dds-hands/list100.txt",
             shared && *shared ? shared : "../shared");
    const char *path = argc > 1 ? argv[1] : fallback;
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    corpus c;
    load_corpus(path, &c);
    free(c.board);
    char bare[4400], solve[4400], replay[4400];
    snprintf(bare, sizeof bare, "%s --bare '%s'", argv[0], path);
    snprintf(solve, sizeof solve, "./whistlab solve '%s' -o build/bench-solve.wdv --no-progress > /dev/null 2>&1", path);
    snprintf(replay, sizeof replay,
             "./whistlab replay '%s' --eval dd --conventions long-suit,american,short-suit --no-progress > /dev/null",
             path);
    bench_sample b = {0}, v = {0}, p = {0}, solve_ratio = {0}, replay_ratio = {0};
    for (int r = 0; r < RUNS; r++) {
        bench_time tb = bench_run(bare), tv = bench_run(solve), tp = bench_run(replay);
        bench_add(&b, 1e3 * tb.cpu / c.n);
        bench_add(&v, 1e3 * tv.cpu / c.n);
        bench_add(&p, 1e3 * tp.cpu / c.n);
        bench_add(&solve_ratio, tb.cpu / tv.cpu);
        bench_add(&replay_ratio, tp.cpu / tb.cpu);
    }
    remove("build/bench-solve.wdv");
    bench_figure("dds-solve3-bare", "%.1f", &b, "ms CPU a deal", "%s, %d deals: %.0f CPU-hours per 1M deals", base, c.n,
                 bench_median(&b) * 1e6 / 3.6e6);
    bench_figure("solve-cpu", "%.1f", &v, "ms CPU a deal", "`whistlab solve` of %s", base);
    bench_figure("replay-dd-3conv-cpu", "%.1f", &p, "ms CPU a deal", "`replay --eval dd`, 3 conventions, of %s", base);
    bool ok = bench_verdict("solve", &solve_ratio, "dds-solve3-bare (CPU time)", ">=", 0.95, NULL);
    ok = bench_verdict("replay-dd-3conv", &replay_ratio, "dds-solve3-bare (CPU time)", "<=", 0.65, NULL) && ok;
    return ok ? 0 : 1;
}
