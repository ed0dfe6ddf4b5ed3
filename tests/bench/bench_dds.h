/* bench_dds.h -- what the double-dummy benchmarks share: the wall-clock
 * and CPU time of a pass, and the reference they are
 * measured against, a bare loop of DDS SolveBoard(-1, 3, 1) calls over the
 * same boards on the same number of threads. Include it after formats/ and
 * analyze/ headers: DDS's struct deal is renamed dds_deal here, beside
 * formats/deal.h's. */
#ifndef WHISTLAB_BENCH_DDS_H
#define WHISTLAB_BENCH_DDS_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "tests/bench/bench.h"

#define deal dds_deal
#include <dds/dll.h>
#undef deal

#define BENCH_MAX_THREADS 16

/* Wall-clock and CPU seconds of one pass. */
typedef struct {
    double wall, cpu;
} pass_time;

static inline pass_time pass_start(void)
{
    return (pass_time){bench_wall(), bench_cpu()};
}

static inline pass_time pass_end(pass_time t0)
{
    return (pass_time){bench_wall() - t0.wall, bench_cpu() - t0.cpu};
}

typedef struct {
    const struct dds_deal *board;
    int n;
    atomic_int next;
    atomic_long score_sum; /* keeps the solves from being optimised away */
} bare_job;

typedef struct {
    bare_job *job;
    int thread;
} bare_worker;

static inline void *bare_main(void *arg)
{
    bare_worker *w = arg;
    struct futureTricks fut;
    int i;
    while ((i = atomic_fetch_add(&w->job->next, 1)) < w->job->n) {
        if (SolveBoard(w->job->board[i], -1, 3, 1, &fut, w->thread) != RETURN_NO_FAULT) {
            fprintf(stderr, "bench: DDS failed on board %d\n", i);
            exit(2);
        }
        atomic_fetch_add(&w->job->score_sum, fut.score[0]);
    }
    return NULL;
}

/* The bare loop: one SolveBoard(-1, 3, 1) per board of board[0..n-1],
 * handed out one at a time to threads (at most BENCH_MAX_THREADS). */
static inline pass_time bare_pass(const struct dds_deal *board, int n, int threads)
{
    bare_job job = {.board = board, .n = n, .next = 0};
    bare_worker w[BENCH_MAX_THREADS];
    pthread_t tid[BENCH_MAX_THREADS];
    if (threads > BENCH_MAX_THREADS) threads = BENCH_MAX_THREADS;
    pass_time t0 = pass_start();
    for (int t = 0; t < threads; t++) {
        w[t] = (bare_worker){&job, t};
        pthread_create(&tid[t], NULL, bare_main, &w[t]);
    }
    for (int t = 0; t < threads; t++) pthread_join(tid[t], NULL);
    return pass_end(t0);
}

#endif
