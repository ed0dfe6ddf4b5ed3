/* bench_read.c -- reading a 1M-deal .pbn.gz through whistlab's reader
 * against `gzip -dc` of the same file, in the same run.
 * Prints "read-pbn-gz: N deals/s (ratio R vs gzip -dc)" where R is our
 * throughput over gzip's (1.0 = as fast as decompressing alone). */
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "formats/reader.h"
#include "formats/writer.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Random whist deals: the deal passes to the left each board, the dealer's
 * last card is turned up and fixes trumps. */
static void write_corpus(const char *path, long n)
{
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, 42);
    card_t pack[52];
    for (int s = 0, k = 0; s < 4; s++)
        for (int r = 2; r <= 14; r++) pack[k++] = card_make(s, r);
    diag_t diag = {0};
    deal_writer *w = deal_writer_open(path, FMT_PBN, &diag);
    if (!w) {
        diag_print(stderr, &diag);
        exit(1);
    }
    for (long i = 0; i < n; i++) {
        deal_t d;
        deal_clear(&d);
        gsl_ran_shuffle(rng, pack, 52, sizeof pack[0]);
        for (int k = 0; k < 52; k++) d.hand[k / 13] |= card_bit(pack[k]);
        d.board = (uint32_t)(i + 1);
        d.dealer = (uint8_t)(i & 3);
        d.turnup = pack[d.dealer * 13 + (int)gsl_rng_uniform_int(rng, 13)];
        d.strain = (uint8_t)card_suit(d.turnup);
        if (!deal_writer_put(w, &d, &diag)) {
            diag_print(stderr, &diag);
            exit(1);
        }
    }
    if (!deal_writer_close(w, &diag)) {
        diag_print(stderr, &diag);
        exit(1);
    }
    gsl_rng_free(rng);
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000000;
    const char *path = "build/rel/bench/random-1m.pbn.gz";
    FILE *probe = fopen(path, "rb");
    if (probe) fclose(probe);
    else write_corpus(path, n);

    char cmd[512];
    snprintf(cmd, sizeof cmd, "gzip -dc %s > /dev/null", path);
    double best_gzip = 1e9, best_ours = 1e9;
    long deals = 0;
    for (int rep = 0; rep < 3; rep++) {
        double t0 = now_s();
        if (system(cmd) != 0) {
            fprintf(stderr, "bench_read: gzip -dc failed\n");
            return 1;
        }
        double t1 = now_s();
        if (t1 - t0 < best_gzip) best_gzip = t1 - t0;

        diag_t diag = {0};
        deal_reader *r = deal_reader_open(path, FMT_AUTO, &diag);
        if (!r) {
            diag_print(stderr, &diag);
            return 1;
        }
        deal_t d;
        read_status st;
        deals = 0;
        t0 = now_s();
        while ((st = deal_reader_next(r, &d, &diag)) == READ_DEAL) deals++;
        t1 = now_s();
        deal_reader_close(r);
        if (st != READ_EOF) {
            diag_print(stderr, &diag);
            return 1;
        }
        if (t1 - t0 < best_ours) best_ours = t1 - t0;
    }
    printf("read-pbn-gz: %.0f deals/s (ratio %.2f vs gzip -dc; %ld deals, %.2f s vs %.2f s)\n",
           deals / best_ours, best_gzip / best_ours, deals, best_ours, best_gzip);
    return 0;
}
