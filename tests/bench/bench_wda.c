/* bench_wda.c -- the .wda corpus path, each against its reference in the
 * same run:
 *
 *   deal-gen-wda: `whistlab deal -n N -o x.wda` against Debian's dealer
 *     (/usr/games/dealer, generate N, produce N, action printoneline, to
 *     /dev/null), both as processes, best of 3; target ratio >= 10.
 *   read-wda-suit-lengths: a 10M-deal .wda read by mmap on 2 threads, every
 *     block's CRC checked, every hand's four suit lengths counted; deals/s
 *     against the 20 M deals/s target (ratio >= 1).
 *
 * The third ratio of the issue, reading .pbn.gz against gzip -dc, is
 * bench_read's. Exits 1 when a target is missed. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "formats/wda.h"

#define GEN_DEALS 1000000
#define READ_DEALS 10000000
#define READ_TARGET 20e6
#define GEN_TARGET 10.0
#define DEALER "/usr/games/dealer"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Best wall time of 3 runs of a shell command; -1 if it fails. */
static double best_of_3(const char *cmd)
{
    double best = 1e9;
    for (int rep = 0; rep < 3; rep++) {
        double t0 = now_s();
        if (system(cmd) != 0) return -1;
        double t = now_s() - t0;
        if (t < best) best = t;
    }
    return best;
}

typedef struct {
    const wda_file *f;
    uint64_t first_block, end_block;
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
        for (size_t k = 0; k < n; k++) {
            hand_t hand[4];
            wda_record_hands(recs + k * WDA_RECORD_BYTES, hand);
            for (int seat = 0; seat < 4; seat++)
                for (int suit = 0; suit < 4; suit++)
                    c->lengths[seat][suit][hand_suit_len(hand[seat], suit)]++;
        }
        c->deals += n;
    }
    return NULL;
}

/* Reads path on 2 threads (half the blocks each); returns seconds, -1 on error. */
static double read_count(const char *path, uint64_t *deals)
{
    diag_t diag = {0};
    double t0 = now_s();
    wda_file *f = wda_open(path, &diag);
    if (!f) {
        diag_print(stderr, &diag);
        return -1;
    }
    wda_advise(f, true);
    static counter c[2];
    uint64_t nb = wda_file_blocks(f);
    pthread_t tid[2];
    for (int t = 0; t < 2; t++) {
        memset(&c[t], 0, sizeof c[t]);
        c[t].f = f;
        c[t].first_block = nb * (uint64_t)t / 2;
        c[t].end_block = nb * (uint64_t)(t + 1) / 2;
        pthread_create(&tid[t], NULL, count_lengths, &c[t]);
    }
    for (int t = 0; t < 2; t++) pthread_join(tid[t], NULL);
    double secs = now_s() - t0;
    wda_close(f);
    *deals = c[0].deals + c[1].deals;
    uint64_t cards = 0;
    for (int t = 0; t < 2; t++)
        for (int seat = 0; seat < 4; seat++)
            for (int suit = 0; suit < 4; suit++)
                for (int len = 0; len <= 13; len++) cards += c[t].lengths[seat][suit][len] * (uint64_t)len;
    if (c[0].corrupt || c[1].corrupt || cards != 52 * *deals) return -1;
    return secs;
}

int main(void)
{
    const char *bin = getenv("WHISTLAB_BIN") ? getenv("WHISTLAB_BIN") : "./whistlab";
    int status = 0;
    char cmd[1024];

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
    snprintf(cmd, sizeof cmd, "%s -s 1 %s > /dev/null", DEALER, script);
    double t_dealer = best_of_3(cmd);
    snprintf(cmd, sizeof cmd, "%s deal -n %d --seed 1 -o build/rel/bench/gen-1m.wda 2>/dev/null",
             bin, GEN_DEALS);
    double t_ours = best_of_3(cmd);
    if (t_dealer < 0 || t_ours < 0) {
        fprintf(stderr, "bench_wda: dealer or whistlab deal failed\n");
        return 1;
    }
    double gen_ratio = t_dealer / t_ours;
    printf("deal-gen-wda: %.0f deals/s (ratio %.1f vs dealer printoneline; %d deals, %.3f s vs %.3f s)\n",
           GEN_DEALS / t_ours, gen_ratio, GEN_DEALS, t_ours, t_dealer);
    if (gen_ratio < GEN_TARGET) status = 1;

    /* 2. reading 10M deals: the corpus of `make corpora` if built, else one here */
    const char *path = "corpora/random-10m.wda";
    struct stat st;
    if (stat(path, &st) != 0) {
        path = "build/rel/bench/random-10m.wda";
        if (stat(path, &st) != 0) {
            snprintf(cmd, sizeof cmd, "%s deal -n %d --seed 42 -o %s 2>/dev/null", bin, READ_DEALS, path);
            if (system(cmd) != 0 || stat(path, &st) != 0) {
                fprintf(stderr, "bench_wda: cannot make %s\n", path);
                return 1;
            }
        }
    }
    double best = 1e9;
    uint64_t deals = 0;
    for (int rep = 0; rep < 3; rep++) {
        double t = read_count(path, &deals);
        if (t < 0) {
            fprintf(stderr, "bench_wda: reading %s failed\n", path);
            return 1;
        }
        if (t < best) best = t;
    }
    double rate = (double)deals / best;
    printf("read-wda-suit-lengths: %.0f deals/s (ratio %.2f vs the 20M deals/s target; %llu deals "
           "on 2 threads, %.3f s, %.0f MB/s)\n",
           rate, rate / READ_TARGET, (unsigned long long)deals, best,
           (double)st.st_size / best / 1e6);
    if (rate < READ_TARGET) status = 1;
    return status;
}
