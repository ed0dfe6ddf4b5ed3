/* bench_wda.c -- the .wda corpus path, each against its reference in the
 * same run, in turn (GEN_RUNS and RUNS times):
 *
 *   deal-gen-oneline: `whistlab deal -n N` writing one-line text against
 *     Debian's dealer (/usr/games/dealer, generate N, produce N, action
 *     printoneline), both to /dev/null as whole processes: the CPU-time ratio
 *     dealer/whistlab in the same output format, at least GEN_TARGET. Also
 *     printed, as the figure users see for corpora: whistlab writing .wda
 *     (binary) against dealer's text (deal-gen-wda).
 *   read-wda-suit-lengths: a 10M-deal .wda read by mmap on 2 threads, every
 *     block's CRC checked, every hand's four suit lengths counted
 *     (wda_count_suit_lengths), against checking the CRCs alone: the
 *     CPU-time ratio count/CRC at most READ_TARGET; deals/s printed too.
 *
 * Reading .pbn.gz against gzip -dc is bench_read's. Exits 1 when a target is
 * missed. */
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>
#include "formats/wda.h"
#include "tests/bench/bench.h"

#define GEN_DEALS 1000000
#define READ_DEALS 10000000
#define GEN_RUNS 3
#define RUNS 15 /* a read is ~0.2 s CPU and a run's ratio moved 1.9-4.6 under load: the median of 15 */
#define GEN_TARGET 1.25
#define READ_TARGET 3.0 /* the 20 M deals/s first asked for, where the CRCs alone run at 60 M/s */
#define DEALER "/usr/games/dealer"

typedef struct {
    const wda_file *f;
    uint64_t first_block, end_block;
    bool count; /* false: the CRCs alone */
    uint64_t lengths[4][4][14]; /* [seat][suit][length] */
    uint64_t deals;
    bool corrupt;
} counter;

static void *count_lengths(void *arg)
{
    counter *c = arg;
    for (uint64_t b = c->first_block; b < c->end_block; b++) {
        uint64_t first;
        size_t n;
        diag_t diag = {0};
        const uint8_t *recs = wda_block(c->f, b, &first, &n, &diag);
        if (!recs) {
            diag_print(stderr, &diag);
            c->corrupt = true;
            return NULL;
        }
        if (c->count) wda_count_suit_lengths(recs, n, c->lengths);
        c->deals += n;
    }
    return NULL;
}

/* Reads path on 2 threads (half the blocks each), counting or not; wall and
 * CPU seconds, wall -1 on error. */
static bench_time read_count(const char *path, bool count, uint64_t *deals)
{
    diag_t diag = {0};
    double t0 = bench_wall(), c0 = bench_cpu();
    wda_file *f = wda_open(path, &diag);
    if (!f) {
        diag_print(stderr, &diag);
        return (bench_time){-1, 0};
    }
    wda_advise(f, true);
    static counter c[2];
    uint64_t nb = wda_file_blocks(f);
    pthread_t tid[2];
    for (int t = 0; t < 2; t++) {
        memset(&c[t], 0, sizeof c[t]);
        c[t].f = f;
        c[t].count = count;
        c[t].first_block = nb * (uint64_t)t / 2;
        c[t].end_block = nb * (uint64_t)(t + 1) / 2;
        pthread_create(&tid[t], NULL, count_lengths, &c[t]);
    }
    for (int t = 0; t < 2; t++) pthread_join(tid[t], NULL);
    bench_time took = {bench_wall() - t0, bench_cpu() - c0};
    wda_close(f);
    *deals = c[0].deals + c[1].deals;
    uint64_t cards = 0;
    for (int t = 0; t < 2; t++)
        for (int seat = 0; seat < 4; seat++)
            for (int suit = 0; suit < 4; suit++)
                for (int len = 0; len <= 13; len++) cards += c[t].lengths[seat][suit][len] * (uint64_t)len;
    if (c[0].corrupt || c[1].corrupt || cards != (count ? 52 * *deals : 0)) return (bench_time){-1, 0};
    return took;
}

int main(void)
{
    const char *bin = getenv("WHISTLAB_BIN") ? getenv("WHISTLAB_BIN") : "./whistlab";
    int status = 0;
    char dealer[1024], text[1024], wda[1024];

    /* 1. generation against dealer */
    if (access(DEALER, X_OK) != 0) {
        fprintf(stderr, "bench_wda: %s missing: apt-get install dealer\n", DEALER);
        return 1;
    }
    const char *script = "build/rel/bench/dealer-1m.in";
    FILE *f = fopen(script, "w");
    if (!f) return 1;
    fprintf(f, "generate %d\nproduce %d\naction printoneline\n", GEN_DEALS, GEN_DEALS);
    fclose(f);
    snprintf(dealer, sizeof dealer, "%s -s 1 %s > /dev/null", DEALER, script);
    snprintf(text, sizeof text, "%s deal -n %d --seed 1 > /dev/null 2>&1", bin, GEN_DEALS);
    snprintf(wda, sizeof wda, "%s deal -n %d --seed 1 -o build/rel/bench/gen-1m.wda > /dev/null 2>&1", bin, GEN_DEALS);
    bench_sample same = {0}, binary = {0}, t_dealer = {0}, t_text = {0}, t_wda = {0};
    for (int r = 0; r < GEN_RUNS; r++) {
        bench_time d = bench_run(dealer), t = bench_run(text), w = bench_run(wda);
        bench_add(&t_dealer, d.cpu);
        bench_add(&t_text, t.cpu);
        bench_add(&t_wda, w.cpu);
        bench_add(&same, d.cpu / t.cpu);
        bench_add(&binary, d.cpu / w.cpu);
    }
    remove("build/rel/bench/gen-1m.wda");
    bench_figure("dealer-printoneline-cpu", "%.2f", &t_dealer, "s CPU", "Debian's dealer, %d deals as one-line text",
                 GEN_DEALS);
    bench_figure("deal-gen-oneline-cpu", "%.2f", &t_text, "s CPU", "`whistlab deal`, the same number as one-line text");
    bench_figure("deal-gen-wda-cpu", "%.2f", &t_wda, "s CPU", "`whistlab deal` to .wda (binary)");
    bench_figure("deal-gen-wda", "%.1f", &binary, "x dealer's CPU time", "binary .wda against dealer's text");
    if (!bench_verdict("deal-gen-oneline", &same, "dealer printoneline (CPU time, same format)", ">=", GEN_TARGET, NULL))
        status = 1;

    /* 2. reading 10M deals: the corpus of `make corpora` if built, else one here */
    const char *path = "corpora/random-10m.wda";
    struct stat st;
    if (stat(path, &st) != 0) {
        path = "build/rel/bench/random-10m.wda";
        if (stat(path, &st) != 0) {
            char cmd[1024];
            snprintf(cmd, sizeof cmd, "%s deal -n %d --seed 42 -o %s 2>/dev/null", bin, READ_DEALS, path);
            if (system(cmd) != 0 || stat(path, &st) != 0) {
                fprintf(stderr, "bench_wda: cannot make %s\n", path);
                return 1;
            }
        }
    }
    bench_sample ratio = {0}, rate = {0}, crc_rate = {0}, cpu_rate = {0};
    uint64_t deals = 0;
    for (int r = 0; r < RUNS; r++) {
        bench_time crc = read_count(path, false, &deals), cnt = read_count(path, true, &deals);
        if (crc.wall < 0 || cnt.wall < 0) {
            fprintf(stderr, "bench_wda: reading %s failed\n", path);
            return 1;
        }
        bench_add(&crc_rate, (double)deals / crc.wall / 1e6);
        bench_add(&rate, (double)deals / cnt.wall / 1e6);
        bench_add(&cpu_rate, (double)deals / cnt.cpu / 1e6);
        bench_add(&ratio, cnt.cpu / crc.cpu);
    }
    bench_figure("read-wda-crc-only", "%.1f", &crc_rate, "M deals/s", "%llu deals on 2 threads, every block's CRC checked",
                 (unsigned long long)deals);
    bench_figure("read-wda-suit-lengths-rate", "%.1f", &rate, "M deals/s",
                 "the same with every hand's suit lengths counted (%.1f M deals per CPU-second)", bench_median(&cpu_rate));
    if (!bench_verdict("read-wda-suit-lengths", &ratio, "read-wda-crc-only (CPU time)", "<=", READ_TARGET, NULL))
        status = 1;
    return status;
}
