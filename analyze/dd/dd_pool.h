/* dd_pool.h -- double-dummy solving on worker threads, results in order.
 *
 * The caller fills jobs in input order; workers (each with its own solver:
 * the pool's engine, a DDS thread index of its own, the own engine's
 * table) solve them in any order, then run the caller's hook on the
 * job (the replay driver chooses the leads, values them and plays the deal
 * single-dummy there, so that all the work of a deal runs on every core);
 * the caller takes the results back strictly in the order it submitted
 * them. So whatever the number of threads, what the caller sees is the
 * same sequence. The ring of jobs is fixed at creation: no allocation
 * while running. Workers take jobs in batches and are woken only when
 * idle, so that cheap jobs (rule-based play only) do not pay a lock and a
 * wake-up each.
 *
 * Besides the local workers a pool may have peers (dd_mpi.h: the other
 * ranks of an MPI run): a peer is served by a proxy thread that takes a
 * chunk of jobs, hands them to the peer's exchange function (which sends
 * them, waits for the peer to do them and copies the results back) and
 * marks them done. */
#ifndef WHISTLAB_DD_POOL_H
#define WHISTLAB_DD_POOL_H

#include <stdbool.h>
#include <stdint.h>
#include "analyze/dd/dd_solve.h"

/* Bytes of a job's result area: the hook's own results, opaque to the
 * pool, carried back whole from a peer (the round robin's: a gain for
 * each of up to 496 pairs of conventions). */
#define DD_JOB_OUT_BYTES 512

typedef struct {
    deal_t deal;     /* in: the whist deal (strain, leader set) */
    bool solve;      /* in: the pool solves every lead (dd_solve_leads) before the hook */
    bool play;       /* in: the caller's flag for its hook */
    uint64_t tag;    /* in: the caller's, returned untouched */
    uint64_t place;  /* in: the caller's (the deal's place in its corpus) */
    uint64_t term0;  /* in: the first lane of deal_digest_term(&deal, place) when the caller has it, else 0 */
    int rc;          /* out: DD_OK or a DDS error code (or the hook's) */
    dd_leads leads;  /* out: with solve */
    unsigned char out[DD_JOB_OUT_BYTES]; /* out: the hook's */
    bool done;       /* set by the pool */
} dd_job;

/* Run by a worker on each job after its solve, with the worker's solver
 * (for the solves of its own); ctx is dd_pool_open's. */
typedef void (*dd_job_hook)(dd_job *job, dd_solver *solver, void *ctx);

/* A peer's exchange: does jobs[0..n-1] elsewhere (their in fields sent,
 * rc, leads and out filled back). False when the peer is lost: the jobs
 * then end with rc = DD_PEER_LOST and the peer gets no more. */
typedef bool (*dd_peer_exchange)(void *peer, dd_job *const jobs[], int n);

/* A job's rc when the peer that held it was lost (not a DDS code). */
#define DD_PEER_LOST (-1000)

/* What a worker does with a job: solves it with solver when job->solve,
 * then runs the hook (NULL: none). Also how another rank does a job it was
 * sent. */
void dd_job_run(dd_job *job, dd_solver *solver, dd_job_hook hook, void *ctx);

typedef struct dd_pool dd_pool;

/* Starts `threads` workers solving with engine (0, or more than the engine
 * has: dd_init(engine)'s count) over a ring of `depth` jobs (at least 2
 * per worker); hook (may be NULL) runs on each job after its solve. NULL
 * if out of memory or threads cannot start. */
dd_pool *dd_pool_open(dd_engine engine, int threads, int depth, dd_job_hook hook, void *hook_ctx);
/* The same for jobs that never solve (job->solve false: the hook's work
 * only, e.g. the players'): DDS is not loaded, and threads (at least 1)
 * are started as asked (their solvers name DDS, and are not used). */
dd_pool *dd_pool_open_plain(int threads, int depth, dd_job_hook hook, void *hook_ctx);
/* Adds a peer served chunk jobs at a time. False if its thread cannot
 * start. */
bool dd_pool_add_peer(dd_pool *p, dd_peer_exchange exchange, void *peer, int chunk);
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

/* The caller will take back only the first `pending` of the jobs pending
 * (from the oldest on), then close the pool: the others are not done, so
 * that the close waits for at most the job each worker is doing (and a
 * peer's exchange in flight), not for the rest of the jobs each took at
 * once (a stop answered within a solve, not a batch of them). A job
 * dropped must not be taken back. */
void dd_pool_drop_from(dd_pool *p, int pending);

/* Stops the workers and peers' threads (pending jobs are dropped; a peer's
 * exchange in flight is waited for) and frees the pool. */
void dd_pool_close(dd_pool *p);

#endif
