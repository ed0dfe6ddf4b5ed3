/* sd_robin.c -- the duplicate round robin: deals streamed from the files,
 * each whist deal played by every ordered pair of conventions (one table
 * each, so a pair's two tables are the deal's (i, j) and (j, i)), gains
 * added to exact paired accumulators (stats/paired.h).
 *
 * The reading thread gathers a batch of records (deals, rejections,
 * repeats, read errors, in input order); every core then plays the batch's
 * whist deals, the reading thread joining in once it has read the next
 * batch; it accounts for each batch in input order, as a one-thread loop
 * would (diagnostics, --limit). So the report is the same for any number
 * of threads, and the memory is fixed. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "analyze/play/sd_duplicate.h"
#include "analyze/play/sd_robin.h"
#include "formats/deal_digest.h"
#include "formats/deal_stream.h"

#define BATCH_DEALS 2048   /* whist deals played per batch */
#define BATCH_EVENTS 2048  /* records gathered per batch */
#define MAX_THREADS 16
#define MAX_PAIRS (STATS_MAX_CONV * (STATS_MAX_CONV - 1) / 2)

/* A record as read, kept until its batch is accounted for. */
typedef enum {
    EV_DEAL, EV_REJECT, EV_REPEAT, EV_ERROR,
    EV_FATAL, /* a file not opened or read to its end */
    EV_LEFT,  /* a deal the input's condition (--where) left out */
} event_kind;

typedef struct {
    event_kind kind;
    int first, n;  /* EV_DEAL: its whist deals in the batch */
    int input;     /* the file it was read from */
    digest128 term; /* EV_DEAL, EV_LEFT: the deal's digest term */
    diag_t diag;   /* the message, or the record's place for "cannot be played" */
} robin_event;

typedef struct {
    sd_deal deal;
    uint32_t board;
    bool ok;                 /* every table could be played */
    int8_t gain[MAX_PAIRS];  /* i < j in row order: i's gain against j */
} robin_game;

typedef struct {
    robin_event event[BATCH_EVENTS];
    robin_game game[BATCH_DEALS];
    int nevents, ngames;
} robin_batch;

/* The crew that plays a batch: the calling thread and threads - 1
 * helpers take its whist deals CHUNK_DEALS at a time. While the helpers
 * play batch k the calling thread reads batch k + 1, then joins them, so
 * no core waits for the reading; only the accounting of a batch (a few
 * additions per deal) runs alone. */
#define CHUNK_DEALS 32

typedef struct {
    const sd_robin_opts *o;
    const sd_pair *pairs;    /* [i * n + j], i < j */
    pthread_mutex_t mu;
    pthread_cond_t work, idle;
    robin_batch *b;          /* the batch on the table; NULL: none */
    atomic_int next;         /* its next chunk to claim */
    unsigned gen;            /* bumped at each batch handed out */
    int busy;                /* helpers not yet done with batch gen */
    bool quit;
    int nhelpers;
    pthread_t tid[MAX_THREADS];
} robin_crew;

/* Plays chunks of b until none is left to claim. */
static void play_chunks(robin_crew *c, robin_batch *b)
{
    int n = c->o->nconv, gain[STATS_MAX_CONV * STATS_MAX_CONV];
    for (;;) {
        int lo = atomic_fetch_add(&c->next, 1) * CHUNK_DEALS;
        if (lo >= b->ngames) return;
        int hi = lo + CHUNK_DEALS < b->ngames ? lo + CHUNK_DEALS : b->ngames;
        for (int k = lo; k < hi; k++) {
            robin_game *g = &b->game[k];
            g->ok = sd_round_robin(&g->deal, c->pairs, n, gain) == 0;
            for (int i = 0, p = 0; g->ok && i < n; i++)
                for (int j = i + 1; j < n; j++) g->gain[p++] = (int8_t)gain[i * n + j];
        }
    }
}

static void *helper(void *arg)
{
    robin_crew *c = arg;
    unsigned seen = 0;
    pthread_mutex_lock(&c->mu);
    for (;;) {
        while (!c->quit && c->gen == seen) pthread_cond_wait(&c->work, &c->mu);
        if (c->quit) break;
        seen = c->gen;
        robin_batch *b = c->b;
        pthread_mutex_unlock(&c->mu);
        play_chunks(c, b);
        pthread_mutex_lock(&c->mu);
        if (--c->busy == 0) pthread_cond_signal(&c->idle);
    }
    pthread_mutex_unlock(&c->mu);
    return NULL;
}

/* Starts threads - 1 helpers (fewer if threads cannot be had: the calling
 * thread plays what they would have). */
static void crew_open(robin_crew *c, const sd_robin_opts *o, const sd_pair *pairs, int threads)
{
    c->o = o;
    c->pairs = pairs;
    pthread_mutex_init(&c->mu, NULL);
    pthread_cond_init(&c->work, NULL);
    pthread_cond_init(&c->idle, NULL);
    c->b = NULL;
    atomic_init(&c->next, 0);
    c->gen = 0;
    c->busy = 0;
    c->quit = false;
    c->nhelpers = 0;
    for (int t = 1; t < threads; t++)
        if (pthread_create(&c->tid[c->nhelpers], NULL, helper, c) == 0) c->nhelpers++;
}

/* Hands b to the helpers; the previous batch must be finished. */
static void crew_start(robin_crew *c, robin_batch *b)
{
    pthread_mutex_lock(&c->mu);
    c->b = b;
    atomic_store(&c->next, 0);
    c->busy = c->nhelpers;
    c->gen++;
    pthread_cond_broadcast(&c->work);
    pthread_mutex_unlock(&c->mu);
}

/* The calling thread plays what is left of the batch handed out, then
 * waits until every helper is done with it. */
static void crew_finish(robin_crew *c)
{
    play_chunks(c, c->b);
    pthread_mutex_lock(&c->mu);
    while (c->busy > 0) pthread_cond_wait(&c->idle, &c->mu);
    pthread_mutex_unlock(&c->mu);
}

static void crew_close(robin_crew *c)
{
    pthread_mutex_lock(&c->mu);
    c->quit = true;
    pthread_cond_broadcast(&c->work);
    pthread_mutex_unlock(&c->mu);
    for (int t = 0; t < c->nhelpers; t++) pthread_join(c->tid[t], NULL);
    pthread_cond_destroy(&c->work);
    pthread_cond_destroy(&c->idle);
    pthread_mutex_destroy(&c->mu);
}

/* A deal of input ev->input accounted for: counted, and its digest term
 * added when it was a deal as read (one --where left out too: the input's
 * digest is that of the file, whatever the condition kept). */
static void count_read(sd_robin_result *t, const robin_event *ev)
{
    input_account *a = &t->inputs[ev->input];
    t->read++;
    a->deals++;
    if (ev->kind == EV_DEAL || ev->kind == EV_LEFT) input_account_add_term(a, ev->term.lane);
}

/* A problem of the input, to the caller's hook, in input order. */
static void report(const sd_robin_opts *o, const diag_t *d)
{
    if (o->problem) o->problem(o->ctx, d);
}

/* Accounts for the batch in input order; false once --limit is reached. */
static bool account(const sd_robin_opts *o, const robin_batch *b, sd_robin_result *t, sd_robin_status *status)
{
    for (int e = 0; e < b->nevents; e++) {
        if (o->limit && t->played >= o->limit) return false;
        const robin_event *ev = &b->event[e];
        switch (ev->kind) {
        case EV_FATAL:
            report(o, &ev->diag);
            t->inputs[ev->input].stopped = 1;
            diag_format(t->inputs[ev->input].where, sizeof t->inputs[ev->input].where, &ev->diag);
            *status = SD_ROBIN_STOPPED;
            break;
        case EV_ERROR:
            report(o, &ev->diag);
            if (*status == SD_ROBIN_OK) *status = SD_ROBIN_REJECTS;
            break;
        case EV_REJECT:
            count_read(t, ev);
            report(o, &ev->diag);
            t->rejected++;
            if (*status == SD_ROBIN_OK) *status = SD_ROBIN_REJECTS;
            break;
        case EV_REPEAT:
            t->read++;
            t->repeats++;
            break;
        case EV_LEFT:
            count_read(t, ev);
            t->left++;
            break;
        case EV_DEAL: {
            count_read(t, ev);
            bool failed = ev->n == 0; /* no whist deal: the trump policy's reason is in diag */
            for (int i = 0; i < ev->n && (!o->limit || t->played < o->limit); i++) {
                const robin_game *g = &b->game[ev->first + i];
                if (!g->ok) {
                    failed = true;
                    break;
                }
                for (int a = 0, p = 0; a < o->nconv; a++)
                    for (int c = a + 1; c < o->nconv; c++, p++) paired_add(&t->pair[a][c], g->gain[p], 0, g->gain[p] != 0);
                t->played++;
                if (o->played)
                    o->played(o->ctx, &(sd_robin_deal){.file = ev->diag.file, .line = ev->diag.line,
                                                       .index = g->deal.deal_index, .board = g->board,
                                                       .trump = g->deal.trump, .leader = (g->deal.dealer + 1) & 3,
                                                       .gain = g->gain});
            }
            if (failed) {
                diag_t d = ev->diag;
                if (ev->n) snprintf(d.reason, sizeof d.reason, "the deal cannot be played");
                report(o, &d);
                t->rejected++;
                if (*status == SD_ROBIN_OK) *status = SD_ROBIN_REJECTS;
            }
            break;
        }
        }
    }
    return true;
}

/* The batch's next event, of input `input`; its diagnostic left to the
 * caller. */
static robin_event *new_event(robin_batch *b, int input, event_kind kind)
{
    robin_event *ev = &b->event[b->nevents++];
    ev->kind = kind;
    ev->first = b->ngames;
    ev->n = 0;
    ev->input = input;
    return ev;
}

/* Reads the next batch from the stream into b: at most cap whist deals.
 * False once every file has been read. */
static bool gather(const sd_robin_opts *o, deal_stream *in, robin_batch *b, uint64_t cap)
{
    b->nevents = b->ngames = 0;
    /* a record makes up to 4 whist deals (--trump each) */
    while (b->nevents < BATCH_EVENTS && b->ngames + 4 <= BATCH_DEALS && (uint64_t)b->ngames < cap) {
        ds_item it;
        if (!deal_stream_next(in, &it)) return false;
        robin_event *ev;
        switch (it.kind) {
        case DS_FILE_END: continue;
        case DS_FATAL: new_event(b, it.input, EV_FATAL)->diag = *it.diag; continue;
        case DS_ERROR: new_event(b, it.input, EV_ERROR)->diag = *it.diag; continue;
        case DS_REJECT: new_event(b, it.input, EV_REJECT)->diag = *it.diag; continue;
        case DS_REPEAT: new_event(b, it.input, EV_REPEAT)->diag = (diag_t){0}; continue;
        case DS_LEFT: new_event(b, it.input, EV_LEFT)->term = deal_digest_term(it.deal, it.position); continue;
        case DS_UNUSABLE: /* a deal as read all the same: n = 0, the policy's reason */
        case DS_DEAL: break;
        }
        /* the record's place (no copy of a whole diagnostic per deal), its
         * reason filled only if it cannot be played */
        ev = new_event(b, it.input, EV_DEAL);
        ev->term = deal_digest_term(it.deal, it.position);
        ev->diag.file = it.deal->pos.file;
        ev->diag.line = it.deal->pos.line;
        ev->diag.reason[0] = 0;
        if (it.kind == DS_UNUSABLE) {
            snprintf(ev->diag.reason, sizeof ev->diag.reason, "%s", it.diag->reason);
            continue;
        }
        ev->n = it.n;
        for (int i = 0; i < it.n; i++) {
            robin_game *g = &b->game[b->ngames++];
            sd_deal_from(&g->deal, &it.whist[i]);
            g->board = it.whist[i].board;
            g->deal.seed = o->seed;
            g->deal.signals = o->signals;
            g->deal.ext = o->ext;
        }
    }
    return true;
}

/* The whist deals the next batch may hold: --limit less those played and
 * those on the table (pending), which will be played unless they fail. */
static uint64_t batch_cap(const sd_robin_opts *o, const sd_robin_result *t, uint64_t pending)
{
    if (!o->limit) return BATCH_DEALS;
    uint64_t done = t->played + pending;
    return done >= o->limit ? 0 : o->limit - done;
}

sd_robin_status sd_robin_run(const sd_robin_opts *o, char *const files[], int nfiles, sd_robin_result *res)
{
    input_account *inputs = res->inputs;
    memset(res, 0, sizeof *res);
    res->inputs = inputs;
    res->ninputs = nfiles;
    sd_robin_result *t = res;
    robin_batch *cur = malloc(sizeof *cur), *next = malloc(sizeof *next);
    ds_opts so = {.input = o->input, .whist = true};
    deal_stream *in = cur && next ? deal_stream_open(&so, (const char *const *)files, nfiles) : NULL;
    if (!in) {
        free(cur);
        free(next);
        return SD_ROBIN_NOMEM;
    }
    sd_side side[STATS_MAX_CONV];
    static sd_pair pairs[STATS_MAX_CONV * STATS_MAX_CONV];
    for (int i = 0; i < o->nconv; i++) sd_side_init(&side[i], o->conv[i]);
    for (int i = 0; i < o->nconv; i++)
        for (int j = i + 1; j < o->nconv; j++) sd_pair_init(&pairs[i * o->nconv + j], &side[i], &side[j]);
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    int threads = o->threads > 0 ? o->threads : online > 0 ? (int)online : 1;
    if (threads > MAX_THREADS) threads = MAX_THREADS;
    robin_crew crew;
    crew_open(&crew, o, pairs, threads);
    sd_robin_status status = SD_ROBIN_OK;
    bool more_input = gather(o, in, cur, batch_cap(o, t, 0));
    while (cur->nevents > 0) {
        crew_start(&crew, cur);
        /* read ahead while the helpers play */
        next->nevents = next->ngames = 0;
        if (more_input) more_input = gather(o, in, next, batch_cap(o, t, (uint64_t)cur->ngames));
        crew_finish(&crew);
        bool go_on = account(o, cur, t, &status);
        if (o->progress) o->progress(o->ctx, t->played);
        if (!go_on) break;
        /* --limit held the read-ahead back: read now what is still wanted */
        if (next->nevents == 0 && more_input) more_input = gather(o, in, next, batch_cap(o, t, 0));
        robin_batch *done = cur;
        cur = next;
        next = done;
    }
    crew_close(&crew);
    deal_stream_close(in);
    free(cur);
    free(next);
    return status;
}
