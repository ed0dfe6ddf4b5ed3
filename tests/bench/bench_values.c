/* bench_values.c -- a double-dummy comparison of all eleven conventions
 * over 1M deals read from a store of solved leads (`replay --eval dd
 * --values`), against reading the same corpus alone (`whistlab check`),
 * both as whole processes, RUNS times in turn.
 *
 * Solving 1M deals takes CPU-days, so the store is made here with made-up
 * values (each card's value a hash of the deal and the card, 0..13) in the
 * real layout, bound to the real deals: reading, checking and using it
 * costs what a solved store costs. Built once under build/.
 *
 * Passes on the CPU-time ratio comparison/check: at most TARGET. Also
 * printed: the comparison's CPU seconds, and its deals/s on 2 cores were
 * its CPU spread evenly over them (the target, 1M deals a second on
 * 2 cores, is 2 s of CPU). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "analyze/dd/dd_store.h"
#include "formats/deal_digest.h"
#include "formats/deal_stream.h"
#include "tests/bench/bench.h"

#define DEALS "1000000"
#define WDA "build/bench-values-1m.wda"
#define WDV "build/bench-values-1m.wdv"
#define RUNS 5
#define TARGET 25.0 /* the 2 s of CPU for 1M deals, over check's 0.08-0.09 s */

static const char CONVENTIONS[] = "long-suit,long-suit-pole,long-suit-clay,long-suit-hogarth,american,"
                                  "short-suit,short-suit-singleton,strongest-suit,master-card,highest,random";

/* The store of WDA with made-up values, in the places replay numbers. */
static void make_store(void)
{
    const char *files[] = {WDA};
    ds_opts o = {.whist = true};
    input_opts_init(&o.input);
    deal_stream *in = deal_stream_open(&o, files, 1);
    dd_store_header h = {.per_record = 1, .shard = 1, .shards = 1};
    snprintf(h.policy, sizeof h.policy, "format auto trump auto leader -");
    snprintf(h.note, sizeof h.note, "bench_values: made-up values");
    diag_t diag = {0};
    dd_store_writer *w = dd_store_create(WDV, &h, false, &diag);
    if (!in || !w) {
        diag_print(stderr, &diag);
        exit(2);
    }
    ds_item it;
    uint64_t place = 0;
    digest128 digest = {{0, 0}}; /* bound to the deals as replay digests them */
    while (deal_stream_next(in, &it)) {
        if (it.kind != DS_DEAL) continue;
        deal_digest_add(&digest, deal_digest_term(it.deal, it.position));
        const deal_t *d = &it.whist[0];
        dd_leads l;
        memset(l.tricks, -1, sizeof l.tricks);
        for (card_t c = 0; c < 64; c++)
            if (hand_has(d->hand[d->leader], c)) l.tricks[c] = (int8_t)((place * 2654435761u + c * 40503u) % 14);
        if (!dd_store_put(w, dd_store_pack(d, place, DD_OK, &l), &diag)) {
            diag_print(stderr, &diag);
            exit(2);
        }
        place++;
    }
    deal_stream_close(in);
    if (!dd_store_finish(w, place, digest, &diag)) {
        diag_print(stderr, &diag);
        exit(2);
    }
}

int main(void)
{
    struct stat st;
    if (stat(WDA, &st) != 0 && system("./whistlab deal -n " DEALS " --seed 1848 -o " WDA " > /dev/null 2>&1") != 0) {
        fprintf(stderr, "bench_values: cannot write %s (run from the repository after `make whistlab`)\n", WDA);
        return 2;
    }
    if (stat(WDV, &st) != 0) make_store();
    char replay[1024];
    snprintf(replay, sizeof replay,
             "./whistlab replay " WDA " --values " WDV " --conventions %s --no-progress > /dev/null 2>&1",
             CONVENTIONS);
    const char *check = "./whistlab check " WDA " > /dev/null 2>&1";
    bench_sample ratio = {0}, cpu = {0}, wall = {0}, ref = {0};
    for (int r = 0; r < RUNS; r++) {
        bench_time c = bench_run(check), v = bench_run(replay);
        bench_add(&ref, c.cpu);
        bench_add(&cpu, v.cpu);
        bench_add(&wall, v.wall);
        bench_add(&ratio, v.cpu / c.cpu);
    }
    bench_figure("check-1m-cpu", "%.2f", &ref, "s CPU", "`whistlab check` of a 1M-deal .wda");
    bench_figure("replay-values-11conv-1m-cpu", "%.2f", &cpu, "s CPU",
                 "%.2f M deals/s on 2 cores by CPU (wall %.2f s, %.2f M deals/s)", 2e-6 * 1e6 / bench_median(&cpu),
                 bench_median(&wall), 1e-6 * 1e6 / bench_median(&wall));
    return bench_verdict("replay-values-11conv-1m", &ratio, "check (CPU time)", "<=", TARGET, NULL) ? 0 : 1;
}
