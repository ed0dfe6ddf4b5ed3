/* sd_robin.c -- the duplicate round robin (sd_robin.h): a job of the
 * corpus runner (analyze/run/corpus_run.h), which reads the files, plays
 * each whist deal on its worker threads and hands the results back in
 * input order, accounting for every record. On a worker every ordered pair
 * of conventions plays the deal (one table each, so a pair's two tables
 * are the deal's (i, j) and (j, i)); back in order the gains are added to
 * exact paired accumulators (stats/paired.h) and the per-deal hook called.
 * So the report is the same for any number of threads. */
#include <stdlib.h>
#include <string.h>
#include "analyze/play/sd_duplicate.h"
#include "analyze/play/sd_robin.h"
#include "analyze/run/corpus_run.h"

#define MAX_PAIRS (STATS_MAX_CONV * (STATS_MAX_CONV - 1) / 2)

/* A whist deal played, on a worker: carried back in the job's result area. */
typedef struct {
    uint8_t ok;              /* every table could be played */
    int8_t gain[MAX_PAIRS];  /* i < j in row order: i's gain against j */
} robin_game;

_Static_assert(sizeof(robin_game) <= DD_JOB_OUT_BYTES, "a deal's gains fit a job's result area");

typedef struct {
    const sd_robin_opts *o;
    const sd_pair *pairs;   /* [i * n + j], i < j */
    sd_robin_result *res;
    unsigned per_record;    /* whist deals a record makes */
    bool record_failed;     /* a deal of the current record could not be played */
} robin_run;

/* The players' deal of a whist deal. */
static void players_deal(const robin_run *r, const deal_t *d, sd_deal *out)
{
    sd_deal_from(out, d);
    out->seed = r->o->seed;
    out->signals = r->o->signals;
    out->ext = r->o->ext;
}

/* On a worker: every pair plays the deal. */
static void play_deal(dd_job *job, int thread, void *ctx)
{
    (void)thread;
    const robin_run *r = ctx;
    if (!job->play) return;
    int n = r->o->nconv, gain[STATS_MAX_CONV * STATS_MAX_CONV];
    robin_game *g = (robin_game *)job->out;
    sd_deal deal;
    players_deal(r, &job->deal, &deal);
    g->ok = sd_round_robin(&deal, r->pairs, n, gain) == 0;
    for (int i = 0, p = 0; g->ok && i < n; i++)
        for (int j = i + 1; j < n; j++) g->gain[p++] = (int8_t)gain[i * n + j];
}

/* In input order: a deal's gains added (a record stops at its first deal
 * that cannot be played, and is rejected). */
static bool take_game(void *ctx, corpus_run *run, const dd_job *job)
{
    robin_run *r = ctx;
    const sd_robin_opts *o = r->o;
    const robin_game *g = (const robin_game *)job->out;
    if (job->place % r->per_record == 0) r->record_failed = false;
    if (r->record_failed) return false;
    if (!g->ok) {
        diag_t d = {0};
        diag_set(&d, job->deal.pos.file, job->deal.pos.line, "the deal cannot be played");
        corpus_run_problem(run, &d);
        r->record_failed = true;
        return false;
    }
    for (int a = 0, p = 0; a < o->nconv; a++)
        for (int c = a + 1; c < o->nconv; c++, p++) paired_add(&r->res->pair[a][c], g->gain[p], 0, g->gain[p] != 0);
    r->res->played++;
    if (o->played) {
        sd_deal deal;
        players_deal(r, &job->deal, &deal);
        o->played(o->ctx, &(sd_robin_deal){.file = job->deal.pos.file, .line = job->deal.pos.line,
                                           .index = deal.deal_index, .board = job->deal.board, .trump = deal.trump,
                                           .leader = (deal.dealer + 1) & 3, .gain = g->gain});
    }
    return true;
}

/* Every note of the runner is a problem of the input, in input order. */
static void on_note(void *ctx, run_note kind, const diag_t *diag)
{
    (void)kind;
    const sd_robin_opts *o = ctx;
    if (o->problem) o->problem(o->ctx, diag);
}

static void on_progress(void *ctx, run_progress at, uint64_t done, uint64_t expected)
{
    const sd_robin_opts *o = ctx;
    o->progress(o->ctx, at, done, expected);
}

sd_robin_status sd_robin_run(const sd_robin_opts *o, char *const files[], int nfiles, sd_robin_result *res)
{
    input_account *inputs = res->inputs;
    memset(res, 0, sizeof *res);
    res->inputs = inputs;
    res->ninputs = nfiles;
    stats_state *st = calloc(1, sizeof *st);
    if (!st) return SD_ROBIN_NOMEM;
    sd_side side[STATS_MAX_CONV];
    static sd_pair pairs[STATS_MAX_CONV * STATS_MAX_CONV];
    for (int i = 0; i < o->nconv; i++) sd_side_init(&side[i], o->conv[i]);
    for (int i = 0; i < o->nconv; i++)
        for (int j = i + 1; j < o->nconv; j++) sd_pair_init(&pairs[i * o->nconv + j], &side[i], &side[j]);
    robin_run r = {.o = o, .pairs = pairs, .res = res,
                   .per_record = o->input.policy.kind == TRUMP_EACH ? 4 : 1};
    run_job job = {.work = play_deal, .take = take_game, .plays_only = true, .ctx = &r};
    run_opts ro = {.input = o->input, .shard = 1, .shards = 1, .threads = o->threads, .deal_limit = o->limit,
                   .mpi = o->mpi,
                   .hooks = {.note = on_note, .progress = o->progress ? on_progress : NULL, .ctx = (void *)o},
                   .stats = st, .inputs = inputs};
    run_status status = corpus_run_go(&ro, &job, (const char *const *)files, nfiles);
    res->read = st->read + st->repeats; /* a repeat is a record read */
    res->rejected = st->rejected;
    res->repeats = st->repeats;
    res->left = st->left;
    bool stopped = false;
    for (int k = 0; k < nfiles; k++) stopped |= inputs[k].stopped != 0;
    sd_robin_status out = stopped                        ? SD_ROBIN_STOPPED
                          : status == RUN_FAILED         ? SD_ROBIN_NOMEM
                          : st->rejected || st->errors ? SD_ROBIN_REJECTS
                                                         : SD_ROBIN_OK;
    free(st);
    return out;
}
