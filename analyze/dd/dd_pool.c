/* dd_pool.c -- a fixed ring of jobs shared by the caller and the workers.
 * Positions are counters that only grow (oldest <= next_work <= submitted);
 * the job at position k lives in ring[k % depth]. Workers take positions in
 * order (next_work), the caller retires them in order (oldest), so results
 * come back in input order while the solving runs out of order. */
#include <pthread.h>
#include <stdlib.h>
#include "analyze/dd/dd_pool.h"

typedef struct {
    dd_pool *pool;
    int index; /* DDS thread index */
    pthread_t tid;
} worker;

struct dd_pool {
    pthread_mutex_t lock;
    pthread_cond_t work;  /* a job was submitted, or stop */
    pthread_cond_t done;  /* a job finished */
    dd_job *ring;
    int depth;
    uint64_t submitted;   /* jobs handed to the workers */
    uint64_t next_work;   /* next job a worker takes */
    uint64_t oldest;      /* next job the caller retires */
    bool claimed;
    bool stop;
    int nworkers;
    worker *workers;
    dd_job_hook hook;
    void *hook_ctx;
};

static void *worker_main(void *arg)
{
    worker *w = arg;
    dd_pool *p = w->pool;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->stop && p->next_work == p->submitted) pthread_cond_wait(&p->work, &p->lock);
        if (p->stop) break;
        dd_job *job = &p->ring[p->next_work++ % (uint64_t)p->depth];
        pthread_mutex_unlock(&p->lock);
        if (job->solve) job->rc = dd_solve_leads(&job->deal, w->index, &job->leads);
        if (p->hook) p->hook(job, p->hook_ctx);
        pthread_mutex_lock(&p->lock);
        job->done = true;
        pthread_cond_broadcast(&p->done);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

dd_pool *dd_pool_open(int threads, int depth, dd_job_hook hook, void *hook_ctx)
{
    int max = dd_init();
    if (threads < 1 || threads > max) threads = max;
    if (depth < 2 * threads) depth = 2 * threads;
    dd_pool *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->ring = calloc((size_t)depth, sizeof *p->ring);
    p->workers = calloc((size_t)threads, sizeof *p->workers);
    if (!p->ring || !p->workers) {
        free(p->ring);
        free(p->workers);
        free(p);
        return NULL;
    }
    p->depth = depth;
    p->hook = hook;
    p->hook_ctx = hook_ctx;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_cond_init(&p->done, NULL);
    for (int i = 0; i < threads; i++) {
        p->workers[i].pool = p;
        p->workers[i].index = i;
        if (pthread_create(&p->workers[i].tid, NULL, worker_main, &p->workers[i]) != 0) break;
        p->nworkers++;
    }
    if (p->nworkers == 0) {
        dd_pool_close(p);
        return NULL;
    }
    return p;
}

int dd_pool_threads(const dd_pool *p) { return p->nworkers; }
int dd_pool_depth(const dd_pool *p) { return p->depth; }

dd_job *dd_pool_claim(dd_pool *p)
{
    /* Only the caller moves `submitted` and `oldest`: no lock needed. */
    if (p->submitted - p->oldest >= (uint64_t)p->depth) return NULL;
    dd_job *job = &p->ring[p->submitted % (uint64_t)p->depth];
    job->done = false;
    job->rc = DD_OK;
    job->play = false;
    p->claimed = true;
    return job;
}

void dd_pool_submit(dd_pool *p)
{
    if (!p->claimed) return;
    p->claimed = false;
    pthread_mutex_lock(&p->lock);
    p->submitted++;
    pthread_cond_signal(&p->work);
    pthread_mutex_unlock(&p->lock);
}

int dd_pool_pending(const dd_pool *p) { return (int)(p->submitted - p->oldest); }

dd_job *dd_pool_oldest(dd_pool *p)
{
    if (p->oldest == p->submitted) return NULL;
    dd_job *job = &p->ring[p->oldest % (uint64_t)p->depth];
    pthread_mutex_lock(&p->lock);
    while (!job->done) pthread_cond_wait(&p->done, &p->lock);
    pthread_mutex_unlock(&p->lock);
    return job;
}

void dd_pool_retire(dd_pool *p)
{
    if (p->oldest < p->submitted) p->oldest++;
}

void dd_pool_close(dd_pool *p)
{
    if (!p) return;
    pthread_mutex_lock(&p->lock);
    p->stop = true;
    pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < p->nworkers; i++) pthread_join(p->workers[i].tid, NULL);
    pthread_cond_destroy(&p->work);
    pthread_cond_destroy(&p->done);
    pthread_mutex_destroy(&p->lock);
    free(p->ring);
    free(p->workers);
    free(p);
}
