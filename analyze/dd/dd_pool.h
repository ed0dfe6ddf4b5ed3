/* dd_pool.h -- double-dummy solving on worker threads, results in order.
 *
 * The caller fills jobs in input order; workers (each with its own DDS
 * thread index) solve them in any order, then run the caller's hook on the
 * job (the replay driver plays the deal single-dummy there, so that rule-
 * based play runs on every core too); the caller takes the results back
 * strictly in the order it submitted them. So whatever the number of
 * threads, what the caller sees is the same sequence. The ring of jobs is
 * fixed at creation: no allocation while running. */
#ifndef WHISTLAB_DD_POOL_H
#define WHISTLAB_DD_POOL_H

#include <stdbool.h>
#include <stdint.h>
#include "analyze/dd/dd_solve.h"

#define DD_JOB_PLAYS 8 /* single-dummy results a job carries (one per convention) */

typedef struct {
    deal_t deal;     /* in: the whist deal (strain, leader set) */
    bool solve;      /* in: false for a job that only keeps its place in order */
    uint64_t tag;    /* in: the caller's, returned untouched */
    int rc;          /* out: DD_OK or a DDS error code */
    dd_leads leads;  /* out */
    bool play;       /* in: the hook should play the deal (the caller's flag) */
    int8_t played[DD_JOB_PLAYS]; /* out, by the hook: single-dummy results */
    bool done;       /* set by the pool */
} dd_job;

/* Run by a worker on each job after its solve; ctx is dd_pool_open's. */
typedef void (*dd_job_hook)(dd_job *job, void *ctx);

typedef struct dd_pool dd_pool;

/* Starts `threads` workers (0, or more than DDS has: dd_init()'s count)
 * over a ring of `depth` jobs (at least 2 per worker); hook (may be NULL)
 * runs on each job after its solve. NULL if out of memory or threads
 * cannot start. */
dd_pool *dd_pool_open(int threads, int depth, dd_job_hook hook, void *hook_ctx);
int dd_pool_threads(const dd_pool *p);
/* The ring size: at most this many jobs are pending at once. */
int dd_pool_depth(const dd_pool *p);

/* The next free job to fill, or NULL when the ring is full (take a result
 * first). */
dd_job *dd_pool_claim(dd_pool *p);
/* Hands the claimed job to the workers. */
void dd_pool_submit(dd_pool *p);

/* Jobs submitted and not yet retired. */
int dd_pool_pending(const dd_pool *p);
/* The oldest job submitted and not retired, once it is done (waits for it);
 * NULL if none is pending. */
dd_job *dd_pool_oldest(dd_pool *p);
/* Frees the oldest job's place. */
void dd_pool_retire(dd_pool *p);

/* Stops the workers (pending jobs are dropped) and frees the pool. */
void dd_pool_close(dd_pool *p);

#endif
