/* sd_robin.c -- the duplicate round robin: deals streamed from the files,
 * each whist deal played by every ordered pair of conventions (one table
 * each, so a pair's two tables are the deal's (i, j) and (j, i)), gains
 * added to exact paired accumulators (stats/paired.h).
 *
 * The reading thread gathers a batch of records (deals, rejections,
 * repeats, read errors, in input order); every core then plays a slice of
 * the batch's whist deals; the reading thread accounts for the batch in
 * input order, as a one-thread loop would (diagnostics, --limit). So the
 * report is the same for any number of threads, and the memory is fixed. */
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cmds.h"
#include "formats/reader.h"
#include "sd_duplicate.h"
#include "sd_robin.h"
#include "stats/paired.h"

#define BATCH_DEALS 2048   /* whist deals played per batch */
#define BATCH_EVENTS 2048  /* records gathered per batch */
#define MAX_THREADS 16
#define MAX_PAIRS (SD_ROBIN_MAX * (SD_ROBIN_MAX - 1) / 2)

typedef struct {
    paired_acc pair[SD_ROBIN_MAX][SD_ROBIN_MAX]; /* i < j: i's gain against j */
    uint64_t read, played, rejected, repeats;
} robin_tally;

/* A record as read, kept until its batch is accounted for. */
typedef enum { EV_DEAL, EV_REJECT, EV_REPEAT, EV_ERROR, EV_FATAL /* a file not opened or read to its end */ } event_kind;

typedef struct {
    event_kind kind;
    int first, n;  /* EV_DEAL: its whist deals in the batch */
    diag_t diag;   /* the message, or the record's place for "cannot be played" */
} robin_event;

typedef struct {
    sd_deal deal;
    bool ok;                 /* every table could be played */
    int8_t gain[MAX_PAIRS];  /* i < j in row order: i's gain against j */
} robin_game;

typedef struct {
    robin_event event[BATCH_EVENTS];
    robin_game game[BATCH_DEALS];
    int nevents, ngames;
} robin_batch;

typedef struct {
    const sd_robin_opts *o;
    const sd_side *const *sides;
    robin_batch *b;
    int lo, hi;
} slice;

static void *play_slice(void *arg)
{
    const slice *sl = arg;
    int n = sl->o->nconv, gain[SD_ROBIN_MAX * SD_ROBIN_MAX];
    for (int k = sl->lo; k < sl->hi; k++) {
        robin_game *g = &sl->b->game[k];
        g->ok = sd_round_robin(&g->deal, sl->sides, n, gain) == 0;
        for (int i = 0, p = 0; g->ok && i < n; i++)
            for (int j = i + 1; j < n; j++) g->gain[p++] = (int8_t)gain[i * n + j];
    }
    return NULL;
}

/* Plays the batch's whist deals on `threads` threads, the calling one too. */
static void play_batch(const sd_robin_opts *o, const sd_side *const *sides, robin_batch *b, int threads)
{
    pthread_t tid[MAX_THREADS];
    slice sl[MAX_THREADS];
    bool started[MAX_THREADS] = {false};
    for (int t = 0; t < threads; t++)
        sl[t] = (slice){o, sides, b, b->ngames * t / threads, b->ngames * (t + 1) / threads};
    for (int t = 1; t < threads; t++) started[t] = pthread_create(&tid[t], NULL, play_slice, &sl[t]) == 0;
    play_slice(&sl[0]);
    for (int t = 1; t < threads; t++) {
        if (started[t]) pthread_join(tid[t], NULL);
        else play_slice(&sl[t]); /* no thread to be had: play it here */
    }
}

static void report(const sd_robin_opts *o, const robin_tally *t, FILE *out)
{
    fprintf(out, "deals: %" PRIu64 " read, %" PRIu64 " whist deals played, %" PRIu64 " rejected, %" PRIu64
                 " repeats skipped\n\n",
            t->read, t->played, t->rejected, t->repeats);
    fprintf(out, "DUPLICATE GAIN PER DEAL (first's tricks at both tables - 13; paired t-test)\n");
    fprintf(out, "%-40s %8s %7s %8s  %-21s %8s %8s\n", "pair", "mean", "sd", "se", "95% CI", "p", "differ");
    double field[SD_ROBIN_MAX] = {0};
    for (int i = 0; i < o->nconv; i++)
        for (int j = i + 1; j < o->nconv; j++) {
            paired_summary s;
            paired_summarise(&t->pair[i][j], &s);
            char name[64];
            snprintf(name, sizeof name, "%s - %s", convention_name(o->conv[i]), convention_name(o->conv[j]));
            fprintf(out, "%-40s %+8.4f %7.3f %8.4f  [%+8.4f, %+8.4f] %8.4f %7.1f%%\n", name, s.mean, s.sd, s.se,
                    s.ci_lo, s.ci_hi, s.p,
                    s.n ? 100.0 * (double)t->pair[i][j].n_differ / (double)s.n : NAN);
            field[i] += s.mean;
            field[j] -= s.mean;
        }
    fprintf(out, "\nAGAINST THE FIELD (mean gain per deal, averaged over the %d opponents)\n", o->nconv - 1);
    for (int i = 0; i < o->nconv; i++)
        fprintf(out, "%-24s %+8.4f\n", convention_name(o->conv[i]), o->nconv > 1 ? field[i] / (o->nconv - 1) : 0.0);
}

/* Accounts for the batch in input order; false once --limit is reached. */
static bool account(const sd_robin_opts *o, const robin_batch *b, robin_tally *t, int *status)
{
    for (int e = 0; e < b->nevents; e++) {
        if (o->limit && t->played >= o->limit) return false;
        const robin_event *ev = &b->event[e];
        switch (ev->kind) {
        case EV_FATAL:
            diag_print(stderr, &ev->diag);
            *status = EXIT_FAILURE_IO;
            break;
        case EV_ERROR:
            diag_print(stderr, &ev->diag);
            if (*status == EXIT_OK) *status = EXIT_REJECTS;
            break;
        case EV_REJECT:
            t->read++;
            diag_print(stderr, &ev->diag);
            t->rejected++;
            if (*status == EXIT_OK) *status = EXIT_REJECTS;
            break;
        case EV_REPEAT:
            t->read++;
            t->repeats++;
            break;
        case EV_DEAL: {
            t->read++;
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
            }
            if (failed) {
                diag_t d = ev->diag;
                if (ev->n) snprintf(d.reason, sizeof d.reason, "the deal cannot be played");
                diag_print(stderr, &d);
                t->rejected++;
                if (*status == EXIT_OK) *status = EXIT_REJECTS;
            }
            break;
        }
        }
    }
    return true;
}

static robin_event *add_event(robin_batch *b, event_kind kind, const diag_t *diag)
{
    robin_event *ev = &b->event[b->nevents++];
    ev->kind = kind;
    ev->first = b->ngames;
    ev->n = 0;
    ev->diag = *diag;
    return ev;
}

int sd_robin_run(const sd_robin_opts *o, char *const files[], int nfiles, FILE *out)
{
    static robin_tally t; /* 12 x 12 accumulators: kept off the stack */
    memset(&t, 0, sizeof t);
    robin_batch *b = malloc(sizeof *b);
    if (!b) {
        fprintf(stderr, "whistlab play: out of memory\n");
        return EXIT_FAILURE_IO;
    }
    sd_side side[SD_ROBIN_MAX];
    const sd_side *sides[SD_ROBIN_MAX];
    for (int i = 0; i < o->nconv; i++) {
        sd_side_init(&side[i], o->conv[i]);
        sides[i] = &side[i];
    }
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    int threads = o->threads > 0 ? o->threads : online > 0 ? (int)online : 1;
    if (threads > MAX_THREADS) threads = MAX_THREADS;
    int status = EXIT_OK;
    bool more = true;
    int k = 0;
    deal_reader *r = NULL;
    while (more) {
        /* gather a batch: at most the deals --limit still allows */
        b->nevents = b->ngames = 0;
        uint64_t room = o->limit ? o->limit - t.played : BATCH_DEALS;
        int cap = room < BATCH_DEALS ? (int)room : BATCH_DEALS;
        /* a record makes up to 4 whist deals (--trump each) */
        while (b->nevents < BATCH_EVENTS && b->ngames + 4 <= BATCH_DEALS && b->ngames < cap) {
            diag_t diag = {0};
            if (!r) {
                if (k == nfiles) break;
                r = deal_reader_open(files[k++], o->input.format, &diag);
                if (!r) add_event(b, EV_FATAL, &diag);
                continue;
            }
            deal_t d, whist[4];
            read_status st = deal_reader_next(r, &d, &diag);
            if (st == READ_EOF || st == READ_FATAL) {
                if (st == READ_FATAL) add_event(b, EV_FATAL, &diag);
                deal_reader_close(r);
                r = NULL;
                continue;
            }
            if (st == READ_ERROR || st == READ_REJECT) {
                add_event(b, st == READ_ERROR ? EV_ERROR : EV_REJECT, &diag);
                continue;
            }
            if (d.flags & DEAL_REPEAT) {
                add_event(b, EV_REPEAT, &diag);
                continue;
            }
            diag_t place = {0};
            diag_set(&place, d.pos.file, d.pos.line, "%s", "");
            robin_event *ev = add_event(b, EV_DEAL, &place);
            ev->n = deal_apply_trump_policy(&d, &o->input.policy, whist, ev->diag.reason, sizeof ev->diag.reason);
            for (int i = 0; i < ev->n; i++) {
                robin_game *g = &b->game[b->ngames++];
                sd_deal_from(&g->deal, &whist[i]);
                g->deal.seed = o->seed;
                g->deal.signals = o->signals;
                g->deal.ext = o->ext;
            }
        }
        if (b->nevents == 0) break;
        play_batch(o, sides, b, b->ngames < threads ? 1 : threads);
        more = account(o, b, &t, &status);
    }
    if (r) deal_reader_close(r);
    free(b);
    report(o, &t, out);
    return status;
}
