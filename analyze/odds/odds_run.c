/* odds_run.c -- deals to merged odds counts: dedup in the caller, counting
 * in batches on worker threads (a bounded queue keeps memory constant). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "analyze/deal/deal_dedup.h"
#include "analyze/odds/odds_run.h"

#define BATCH 1024
#define MAX_CAND 3 /* (record, record), (record, all), (all, all) */
#define MAX_WORKERS 16

typedef struct {
    odds_dealer_mode dm;
    odds_turnup_mode tm;
} modes;

typedef struct {
    odds_deal deal[BATCH];
    int n;
    unsigned alive; /* candidates still possible when the batch was queued */
} batch;

typedef struct {
    odds_acc acc[MAX_CAND]; /* deal rows in acc[0] only: they are the same */
    odds_counts counts;
    pthread_t tid;
    struct odds_run *run;
} worker;

struct odds_run {
    modes cand[MAX_CAND];
    int ncand;
    unsigned alive;
    bool dealer_default, turnup_default;
    deal_dedup *dedup;
    uint64_t accepted, duplicates, no_dealer, no_turnup;

    int nworkers;
    worker *workers;
    batch *pool;
    batch **free_batches, **queued;
    int nfree, nqueued, qhead, nbatches;
    bool sync_ready;  /* mutex and conditions initialised */
    bool threaded;    /* the workers run as threads */
    bool closing, finished;
    pthread_mutex_t mu;
    pthread_cond_t work, room;
    batch *filling;

    odds_acc result;
};

static void count_batch(odds_run *r, worker *w, const batch *b)
{
    for (int i = 0; i < b->n; i++) {
        const odds_deal *d = &b->deal[i];
        odds_events_deal(d, &w->counts.deal);
        odds_acc_add(&w->acc[0], &w->counts, ODDS_PART_DEAL);
        for (int c = 0; c < r->ncand; c++) {
            if (!(b->alive >> c & 1)) continue;
            odds_events_turnup(d, r->cand[c].dm, r->cand[c].tm, &w->counts.tu);
            odds_acc_add(&w->acc[c], &w->counts, ODDS_PART_TURNUP);
        }
    }
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    odds_run *r = w->run;
    for (;;) {
        pthread_mutex_lock(&r->mu);
        while (r->nqueued == 0 && !r->closing) pthread_cond_wait(&r->work, &r->mu);
        if (r->nqueued == 0) {
            pthread_mutex_unlock(&r->mu);
            return NULL;
        }
        batch *b = r->queued[r->qhead];
        r->qhead = (r->qhead + 1) % r->nbatches;
        r->nqueued--;
        pthread_mutex_unlock(&r->mu);
        count_batch(r, w, b);
        pthread_mutex_lock(&r->mu);
        r->free_batches[r->nfree++] = b;
        pthread_cond_signal(&r->room);
        pthread_mutex_unlock(&r->mu);
    }
}

/* Lets the first n workers drain the queue and end. */
static void stop_workers(odds_run *r, int n)
{
    pthread_mutex_lock(&r->mu);
    r->closing = true;
    pthread_cond_broadcast(&r->work);
    pthread_mutex_unlock(&r->mu);
    for (int i = 0; i < n; i++) pthread_join(r->workers[i].tid, NULL);
}

/* The candidate modes, most recorded first (S2.5 defaults: record if every
 * deal has one, else all); a recorded turn-up needs the recorded dealer. */
static int candidates(const odds_run_opts *o, modes *out)
{
    int dealers[2], turnups[2], nd = 0, nt = 0, n = 0;
    if (o->dealer_mode != ODDS_MODE_DEFAULT) dealers[nd++] = o->dealer_mode;
    else {
        dealers[nd++] = ODDS_DEALER_RECORD;
        dealers[nd++] = ODDS_DEALER_ALL;
    }
    if (o->turnup_mode != ODDS_MODE_DEFAULT) turnups[nt++] = o->turnup_mode;
    else {
        turnups[nt++] = ODDS_TURNUP_RECORD;
        turnups[nt++] = ODDS_TURNUP_ALL;
    }
    for (int i = 0; i < nd; i++)
        for (int j = 0; j < nt; j++)
            if (!(turnups[j] == ODDS_TURNUP_RECORD && dealers[i] == ODDS_DEALER_ALL))
                out[n++] = (modes){(odds_dealer_mode)dealers[i], (odds_turnup_mode)turnups[j]};
    return n;
}

odds_run *odds_run_new(const odds_run_opts *o)
{
    odds_run *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->ncand = candidates(o, r->cand);
    r->alive = (1u << r->ncand) - 1;
    r->dealer_default = o->dealer_mode == ODDS_MODE_DEFAULT;
    r->turnup_default = o->turnup_mode == ODDS_MODE_DEFAULT;
    int n = o->threads;
    if (n <= 0) {
        long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        n = cpus > 0 ? (int)cpus : 1;
    }
    r->nworkers = n > MAX_WORKERS ? MAX_WORKERS : n;
    r->nbatches = r->nworkers == 1 ? 1 : 2 * r->nworkers + 1;
    r->workers = calloc((size_t)r->nworkers, sizeof *r->workers);
    r->pool = calloc((size_t)r->nbatches, sizeof *r->pool);
    r->free_batches = calloc((size_t)r->nbatches, sizeof *r->free_batches);
    r->queued = calloc((size_t)r->nbatches, sizeof *r->queued);
    if (o->dedup) r->dedup = deal_dedup_new();
    if (r->ncand == 0 || !r->workers || !r->pool || !r->free_batches || !r->queued || (o->dedup && !r->dedup)) {
        odds_run_free(r);
        return NULL;
    }
    for (int i = 0; i < r->nworkers; i++) {
        r->workers[i].run = r;
        for (int c = 0; c < MAX_CAND; c++) odds_acc_init(&r->workers[i].acc[c]);
    }
    for (int i = 1; i < r->nbatches; i++) r->free_batches[r->nfree++] = &r->pool[i];
    r->filling = &r->pool[0];
    pthread_mutex_init(&r->mu, NULL);
    pthread_cond_init(&r->work, NULL);
    pthread_cond_init(&r->room, NULL);
    r->sync_ready = true;
    if (r->nworkers > 1) {
        int started = 0;
        while (started < r->nworkers &&
               pthread_create(&r->workers[started].tid, NULL, worker_main, &r->workers[started]) == 0)
            started++;
        if (started < r->nworkers) { /* count in the caller instead */
            stop_workers(r, started);
            r->nworkers = 1;
        } else r->threaded = true;
    }
    return r;
}

/* Hands the full batch over and takes an empty one. */
static void submit(odds_run *r)
{
    batch *b = r->filling;
    b->alive = r->alive;
    if (!r->threaded) {
        count_batch(r, &r->workers[0], b);
        b->n = 0;
        return;
    }
    pthread_mutex_lock(&r->mu);
    r->queued[(r->qhead + r->nqueued) % r->nbatches] = b;
    r->nqueued++;
    pthread_cond_signal(&r->work);
    while (r->nfree == 0) pthread_cond_wait(&r->room, &r->mu);
    r->filling = r->free_batches[--r->nfree];
    pthread_mutex_unlock(&r->mu);
    r->filling->n = 0;
}

bool odds_run_add(odds_run *r, const odds_deal *d)
{
    if (r->dedup && !deal_dedup_add(r->dedup, d->hand)) {
        r->duplicates++;
        return false;
    }
    r->accepted++;
    if (d->dealer > SEAT_W) {
        r->no_dealer++;
        for (int c = 0; c < r->ncand; c++)
            if (r->dealer_default && r->cand[c].dm == ODDS_DEALER_RECORD) r->alive &= ~(1u << c);
    }
    if (d->turnup == CARD_NONE) {
        r->no_turnup++;
        for (int c = 0; c < r->ncand; c++)
            if (r->turnup_default && r->cand[c].tm == ODDS_TURNUP_RECORD) r->alive &= ~(1u << c);
    }
    r->filling->deal[r->filling->n++] = *d;
    if (r->filling->n == BATCH) submit(r);
    return true;
}

const odds_acc *odds_run_finish(odds_run *r, odds_run_summary *s)
{
    if (!r->finished) {
        if (r->filling->n) submit(r);
        if (r->threaded) stop_workers(r, r->nworkers);
        r->finished = true;
    }
    int chosen = r->alive ? __builtin_ctz(r->alive) : r->ncand - 1;
    odds_acc_init(&r->result);
    for (int i = 0; i < r->nworkers; i++) {
        odds_acc_merge(&r->result, &r->workers[i].acc[0], ODDS_PART_DEAL);
        odds_acc_merge(&r->result, &r->workers[i].acc[chosen], ODDS_PART_TURNUP);
    }
    s->accepted = r->accepted;
    s->duplicates = r->duplicates;
    s->no_dealer = r->no_dealer;
    s->no_turnup = r->no_turnup;
    s->dealer_mode = r->cand[chosen].dm;
    s->turnup_mode = r->cand[chosen].tm;
    return &r->result;
}

void odds_run_free(odds_run *r)
{
    if (!r) return;
    if (r->threaded && !r->finished) stop_workers(r, r->nworkers);
    if (r->sync_ready) {
        pthread_mutex_destroy(&r->mu);
        pthread_cond_destroy(&r->work);
        pthread_cond_destroy(&r->room);
    }
    deal_dedup_free(r->dedup);
    free(r->workers);
    free(r->pool);
    free(r->free_batches);
    free(r->queued);
    free(r);
}
