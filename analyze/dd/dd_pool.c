/* dd_pool.c -- a fixed ring of jobs shared by the caller, the workers and
 * the peers' proxies. Positions are counters that only grow (oldest <=
 * next_work <= submitted <= submitted + staged); the job at position k
 * lives in ring[k % depth]. Executors take runs of positions in order
 * (next_work), the caller retires them in order (oldest), so results come
 * back in input order while the work runs out of order.
 *
 * Locking is kept off the per-job path: the caller stages submissions and
 * publishes them in batches, executors take several jobs at once, a
 * condition is signalled only when someone waits on it, and the caller
 * sleeps until a run of results is ready, not one batch. */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include "analyze/dd/dd_pool.h"

#define TAKE_MAX 64   /* jobs an executor takes at once, at most */
#define RUN_WAIT_MS 20 /* the longest the caller waits for more than the oldest job */

typedef struct {
    dd_pool *pool;
    dd_solver solver;      /* the pool's engine, its DDS thread index (workers) */
    dd_peer_exchange exchange; /* NULL: a local worker */
    void *peer;
    int chunk;             /* most jobs taken at once */
    pthread_t tid;
} executor;

struct dd_pool {
    pthread_mutex_t lock;
    pthread_cond_t work;  /* jobs were published, or stop */
    pthread_cond_t done;  /* a job the caller waits for finished */
    dd_job *ring;
    int depth;
    uint64_t submitted;   /* jobs published to the executors */
    uint64_t staged;      /* jobs submitted by the caller, not yet published */
    uint64_t next_work;   /* next job an executor takes */
    uint64_t oldest;      /* next job the caller retires */
    _Atomic uint64_t done_upto; /* every job before it is done (moved under the lock) */
    _Atomic uint64_t drop_from; /* jobs from here on are not done (dd_pool_drop_from) */
    uint64_t wait_until;  /* the caller sleeps until done_upto reaches it */
    int idle;             /* executors waiting for work */
    bool caller_waits;
    bool claimed;
    bool stop;
    int nworkers, nexec, cap;
    executor *exec;
    dd_job_hook hook;
    void *hook_ctx;
    dd_engine engine;     /* the workers' */
};

/* How many jobs an executor takes now, of `available`: a share that leaves
 * work for the others, so that slow jobs (solves) spread over everyone and
 * cheap ones (play only) go in batches. Called with the lock held. */
static int take_count(const dd_pool *p, const executor *e, uint64_t available)
{
    uint64_t share = available / (uint64_t)(2 * p->nexec);
    if (share < 1) share = 1;
    if (share > (uint64_t)e->chunk) share = (uint64_t)e->chunk;
    return (int)share;
}

void dd_job_run(dd_job *job, dd_solver *solver, dd_job_hook hook, void *ctx)
{
    if (job->solve) job->rc = dd_solve_leads(solver, &job->deal, &job->leads);
    if (hook) hook(job, solver, ctx);
}

/* The coarse clock's time (a few ms a tick, read for a few ns): jobs
 * done within one tick go back together. */
static long coarse_tick(void)
{
    struct timespec t;
#ifdef CLOCK_MONOTONIC_COARSE
    clock_gettime(CLOCK_MONOTONIC_COARSE, &t);
#else
    clock_gettime(CLOCK_MONOTONIC, &t);
#endif
    return (long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* jobs[0..n-1] are done: marked, and the caller told when it waits for
 * them. Called with the lock held. */
static void mark_done(dd_pool *p, dd_job *const jobs[], int n)
{
    for (int i = 0; i < n; i++) jobs[i]->done = true;
    uint64_t upto = atomic_load_explicit(&p->done_upto, memory_order_relaxed);
    while (upto < p->next_work && p->ring[upto % (uint64_t)p->depth].done) upto++;
    /* release: the results are seen by a caller that reads done_upto */
    atomic_store_explicit(&p->done_upto, upto, memory_order_release);
    if (p->caller_waits && upto >= p->wait_until) pthread_cond_signal(&p->done);
}

static void *executor_main(void *arg)
{
    executor *e = arg;
    dd_pool *p = e->pool;
    bool lost = false;
    dd_job *jobs[TAKE_MAX];
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->stop && p->next_work == p->submitted) {
            p->idle++;
            pthread_cond_wait(&p->work, &p->lock);
            p->idle--;
        }
        if (p->stop) break;
        int n = take_count(p, e, p->submitted - p->next_work);
        uint64_t first = p->next_work;
        for (int i = 0; i < n; i++) jobs[i] = &p->ring[p->next_work++ % (uint64_t)p->depth];
        pthread_mutex_unlock(&p->lock);
        /* a job dropped is not done: a stop waits for one job a worker, not
         * for the rest of what each took */
        int marked = 0; /* jobs of the batch already marked done */
        if (!e->exchange) {
            long tick = coarse_tick();
            for (int i = 0; i < n; i++) {
                if (first + (uint64_t)i >= atomic_load_explicit(&p->drop_from, memory_order_relaxed)) continue;
                dd_job_run(jobs[i], &e->solver, p->hook, p->hook_ctx);
                long now = coarse_tick();
                if (now == tick || i + 1 == n) continue;
                /* slow jobs (solves) go back as they are done, not with
                 * the batch, so that the caller (a stop, a record's end)
                 * waits for one solve, not for the batch; cheap ones still
                 * go back a clock tick's worth at a time */
                tick = now;
                pthread_mutex_lock(&p->lock);
                mark_done(p, jobs + marked, i + 1 - marked);
                pthread_mutex_unlock(&p->lock);
                marked = i + 1;
            }
        } else if (first >= atomic_load_explicit(&p->drop_from, memory_order_relaxed)) {
            ; /* every one dropped: the peer is not asked */
        } else if (lost || !e->exchange(e->peer, jobs, n)) {
            /* the peer is gone: its jobs, and every one it takes from
             * now on, fail at once, so that the caller never waits on it */
            lost = true;
            for (int i = 0; i < n; i++) jobs[i]->rc = DD_PEER_LOST;
        }
        pthread_mutex_lock(&p->lock);
        mark_done(p, jobs + marked, n - marked);
    }
    pthread_mutex_unlock(&p->lock);
    dd_solver_close(&e->solver);
    return NULL;
}

static bool start_executor(dd_pool *p, int index, dd_peer_exchange exchange, void *peer, int chunk)
{
    if (p->nexec == p->cap) return false;
    executor *e = &p->exec[p->nexec];
    *e = (executor){.pool = p, .solver = dd_solver_make(p->engine, index), .exchange = exchange, .peer = peer,
                    .chunk = chunk < 1 ? 1 : chunk > TAKE_MAX ? TAKE_MAX : chunk};
    pthread_mutex_lock(&p->lock);
    bool ok = pthread_create(&e->tid, NULL, executor_main, e) == 0;
    if (ok) p->nexec++;
    pthread_mutex_unlock(&p->lock);
    return ok;
}

#define MAX_PEERS 1024

static dd_pool *pool_open(dd_engine engine, int threads, int depth, dd_job_hook hook, void *hook_ctx)
{
    if (depth < 2 * threads) depth = 2 * threads;
    dd_pool *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->cap = threads + MAX_PEERS;
    p->ring = calloc((size_t)depth, sizeof *p->ring);
    p->exec = calloc((size_t)p->cap, sizeof *p->exec);
    if (!p->ring || !p->exec) {
        free(p->ring);
        free(p->exec);
        free(p);
        return NULL;
    }
    p->depth = depth;
    atomic_init(&p->drop_from, UINT64_MAX);
    p->hook = hook;
    p->hook_ctx = hook_ctx;
    p->engine = engine;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_condattr_t monotonic;
    pthread_condattr_init(&monotonic);
    pthread_condattr_setclock(&monotonic, CLOCK_MONOTONIC);
    pthread_cond_init(&p->done, &monotonic);
    pthread_condattr_destroy(&monotonic);
    for (int i = 0; i < threads && start_executor(p, i, NULL, NULL, TAKE_MAX / 4); i++) p->nworkers++;
    if (p->nworkers == 0) {
        dd_pool_close(p);
        return NULL;
    }
    return p;
}

dd_pool *dd_pool_open(dd_engine engine, int threads, int depth, dd_job_hook hook, void *hook_ctx)
{
    int max = dd_init(engine);
    if (threads < 1 || threads > max) threads = max;
    return pool_open(engine, threads, depth, hook, hook_ctx);
}

dd_pool *dd_pool_open_plain(int threads, int depth, dd_job_hook hook, void *hook_ctx)
{
    return pool_open(DD_ENGINE_DDS, threads < 1 ? 1 : threads, depth, hook, hook_ctx);
}

bool dd_pool_add_peer(dd_pool *p, dd_peer_exchange exchange, void *peer, int chunk)
{
    return start_executor(p, 0, exchange, peer, chunk);
}

int dd_pool_threads(const dd_pool *p) { return p->nworkers; }
int dd_pool_depth(const dd_pool *p) { return p->depth; }

/* Hands the staged jobs to the executors. */
static void publish(dd_pool *p)
{
    if (!p->staged) return;
    pthread_mutex_lock(&p->lock);
    p->submitted += p->staged;
    p->staged = 0;
    if (p->idle) pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->lock);
}

dd_job *dd_pool_claim(dd_pool *p)
{
    /* Only the caller moves `submitted`, `staged` and `oldest`: no lock
     * needed to read them here. */
    if (p->submitted + p->staged - p->oldest >= (uint64_t)p->depth) {
        publish(p);
        return NULL;
    }
    dd_job *job = &p->ring[(p->submitted + p->staged) % (uint64_t)p->depth];
    job->done = false;
    job->rc = DD_OK;
    job->play = false;
    job->solve = false;
    p->claimed = true;
    return job;
}

void dd_pool_submit(dd_pool *p)
{
    if (!p->claimed) return;
    p->claimed = false;
    p->staged++;
    /* in batches of a quarter of the ring: the executors still have the
     * rest to work on (waiting for a result publishes what is staged) */
    if (p->staged * 4 >= (uint64_t)p->depth) publish(p);
}

int dd_pool_pending(const dd_pool *p) { return (int)(p->submitted + p->staged - p->oldest); }

dd_job *dd_pool_oldest(dd_pool *p)
{
    if (p->oldest == p->submitted + p->staged) return NULL;
    dd_job *job = &p->ring[p->oldest % (uint64_t)p->depth];
    if (atomic_load_explicit(&p->done_upto, memory_order_acquire) > p->oldest) return job;
    publish(p);
    /* Sleep until a run of jobs is done, not just the oldest: the caller
     * then takes them back without waiting, and cheap jobs cost a wake-up
     * a run instead of one a batch. The executors have the rest of the
     * ring to work on meanwhile. Slow jobs (solves) would keep finished
     * results waiting for the run: after RUN_WAIT_MS the oldest will do. */
    uint64_t run = (p->submitted - p->oldest) < (uint64_t)p->depth / 4 ? p->submitted - p->oldest
                                                                          : (uint64_t)p->depth / 4;
    struct timespec deadline;
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    deadline.tv_nsec += RUN_WAIT_MS * 1000000L;
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec++;
        deadline.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&p->lock);
    p->wait_until = p->oldest + (run ? run : 1);
    bool timed = p->wait_until > p->oldest + 1;
    while (atomic_load_explicit(&p->done_upto, memory_order_relaxed) < p->wait_until) {
        p->caller_waits = true;
        if (!timed) {
            pthread_cond_wait(&p->done, &p->lock);
        } else if (pthread_cond_timedwait(&p->done, &p->lock, &deadline) == ETIMEDOUT) {
            p->wait_until = p->oldest + 1; /* from now on the oldest alone, untimed */
            timed = false;
        }
    }
    p->caller_waits = false;
    pthread_mutex_unlock(&p->lock);
    return job;
}

void dd_pool_retire(dd_pool *p)
{
    if (p->oldest < p->submitted) p->oldest++;
}

void dd_pool_drop_from(dd_pool *p, int pending)
{
    uint64_t from = p->oldest + (uint64_t)(pending < 0 ? 0 : pending);
    if (from < atomic_load_explicit(&p->drop_from, memory_order_relaxed))
        atomic_store_explicit(&p->drop_from, from, memory_order_relaxed);
}

void dd_pool_close(dd_pool *p)
{
    if (!p) return;
    pthread_mutex_lock(&p->lock);
    p->stop = true;
    pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < p->nexec; i++) pthread_join(p->exec[i].tid, NULL);
    pthread_cond_destroy(&p->work);
    pthread_cond_destroy(&p->done);
    pthread_mutex_destroy(&p->lock);
    free(p->ring);
    free(p->exec);
    free(p);
}
