/* bench_values.c -- a double-dummy comparison of all eleven conventions
 * over 1M deals read from a store of solved leads (`replay --eval dd
 * --values`), against reading the same corpus alone (`whistlab check`) in
 * the same run. The target: 1M deals a second on 2 cores.
 *
 * Solving 1M deals takes CPU-days, so the store is made here with made-up
 * values (each card's value a hash of the deal and the card, 0..13) in the
 * real layout, bound to the real deals: reading, checking and using it
 * costs what a solved store costs. Built once under build/.
 *
 * Prints "replay-values-11conv-1m: N deals/s, T s wall, C s CPU (ratio R vs
 * check)" and the rate per 2 cores of CPU (N / (C / 2)), which the machine's
 * other load disturbs less; best of 3 runs, interleaved with the reference.
 * Exits 1 when both rates are under 1M deals/s. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include "analyze/dd/dd_store.h"
#include "formats/deal_digest.h"
#include "formats/deal_stream.h"

#define DEALS "1000000"
#define WDA "build/bench-values-1m.wda"
#define WDV "build/bench-values-1m.wdv"
#define RUNS 3

static const char CONVENTIONS[] = "long-suit,long-suit-pole,long-suit-clay,long-suit-hogarth,american,"
                                  "short-suit,short-suit-singleton,strongest-suit,master-card,highest,random";

static double wall_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double children_cpu_s(void)
{
    struct rusage ru;
    getrusage(RUSAGE_CHILDREN, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec +
           1e-6 * (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
}

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

typedef struct {
    double wall, cpu;
} timing;

static timing run(const char *cmd)
{
    double w0 = wall_s(), c0 = children_cpu_s();
    if (system(cmd) != 0) {
        fprintf(stderr, "bench_values: failed: %s\n", cmd);
        exit(2);
    }
    return (timing){wall_s() - w0, children_cpu_s() - c0};
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
    timing best = {1e30, 1e30}, ref = {1e30, 1e30};
    for (int r = 0; r < RUNS; r++) {
        timing c = run(check), v = run(replay);
        if (c.wall < ref.wall) ref.wall = c.wall;
        if (c.cpu < ref.cpu) ref.cpu = c.cpu;
        if (v.wall < best.wall) best.wall = v.wall;
        if (v.cpu < best.cpu) best.cpu = v.cpu;
    }
    double n = 1e6, rate = n / best.wall, rate_cpu = n / (best.cpu / 2);
    printf("replay-values-11conv-1m: %.0f deals/s, %.2f s wall, %.2f s CPU (ratio %.3f vs check, %.2f s wall)\n",
           rate, best.wall, best.cpu, ref.wall / best.wall, ref.wall);
    printf("replay-values-11conv-1m-cpu: %.0f deals per second of 2 cores' CPU (target >= 1000000)\n", rate_cpu);
    return rate >= 1e6 || rate_cpu >= 1e6 ? 0 : 1;
}
