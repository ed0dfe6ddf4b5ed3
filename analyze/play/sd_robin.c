/* sd_robin.c -- the duplicate round robin (sd_robin.h): a job of the
 * corpus runner (analyze/run/corpus_run.h), which reads the files, plays
 * each whist deal on its worker threads and hands the results back in
 * input order, accounting for every record. On a worker every ordered pair
 * of conventions plays the deal (one table each, so a pair's two tables
 * are the deal's (i, j) and (j, i)); back in order the gains are added to
 * exact paired accumulators (stats/paired.h: the pairs' counters of the
 * runner's state, which its state file saves) and the per-deal rows
 * written. So the report is the same for any number of threads, and for a
 * run stopped and resumed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/play/sd_duplicate.h"
#include "analyze/play/sd_robin.h"
#include "analyze/run/corpus_run.h"
#include "stats/report/robin_csv.h"

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
    stats_state *st;        /* the gains: st->all.pair, st->all.deals */
    const char *const *name; /* the conventions' names */
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
static void play_deal(dd_job *job, dd_solver *solver, void *ctx)
{
    (void)solver;
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
    /* the deal's cells: all, and its key of each breakdown of the leader's
     * hand (its "coincide": every pair's gain 0), as the state file keeps
     * a comparison's */
    stats_deal keys = {.trump = job->deal.strain, .coincide = 1};
    for (int s = 0; s < 4; s++) keys.suit_len[s] = hand_suit_len(job->deal.hand[job->deal.leader], s);
    for (int p = 0; p < o->nconv * (o->nconv - 1) / 2; p++) keys.coincide &= g->gain[p] == 0;
    stats_deal_keys(&keys);
    stats_cell *cell[1 + STATS_BREAKDOWNS] = {&r->st->all};
    for (int b = 0; b < STATS_BREAKDOWNS; b++) cell[1 + b] = &r->st->by[b][keys.key[b]];
    for (int k = 0; k <= STATS_BREAKDOWNS; k++) {
        cell[k]->deals++;
        for (int a = 0, p = 0; a < o->nconv; a++)
            for (int c = a + 1; c < o->nconv; c++, p++)
                paired_add(&cell[k]->pair[stats_pair_index(a, c, o->nconv)], g->gain[p], 0, g->gain[p] != 0);
    }
    csv_out *table = corpus_run_table(run);
    if (table) {
        sd_deal deal;
        players_deal(r, &job->deal, &deal);
        robin_deal row = {.file = job->deal.pos.file, .line = job->deal.pos.line, .index = deal.deal_index,
                          .board = job->deal.board, .trump = SUIT_CHARS[deal.trump],
                          .leader = SEAT_CHARS[(deal.dealer + 1) & 3], .gain = g->gain};
        stats_robin_deal_rows(table, &row, r->name, o->nconv);
    }
    return true;
}

static void on_note(void *ctx, run_note kind, const diag_t *diag)
{
    const sd_robin_opts *o = ctx;
    if (o->note) o->note(o->ctx, kind, diag);
}

static void on_progress(void *ctx, run_progress at, uint64_t done, uint64_t expected)
{
    const sd_robin_opts *o = ctx;
    o->progress(o->ctx, at, done, expected);
}

/* The next line of settings text *at ("" at its end), into line. */
static const char *next_line(const char **at, char *line, size_t len)
{
    size_t n = strcspn(*at, "\n");
    snprintf(line, len, "%.*s", (int)n, *at);
    *at += n + ((*at)[n] == '\n');
    return line;
}

/* Whether a state saved with the settings text was goes on with now;
 * else why names the first setting that differs. */
static bool same_settings(const char *path, const char *was, const char *now, diag_t *why)
{
    static char a[WLS_TEXT_MAX], b[WLS_TEXT_MAX];
    while (*was || *now) {
        next_line(&was, a, sizeof a);
        next_line(&now, b, sizeof b);
        if (strcmp(a, b) == 0) continue;
        diag_set(why, path, 0, "saved with other settings: it has `%.400s` where this run has `%.400s`: resume "
                 "it with the command line it was saved with (or start again without --resume)",
                 a[0] ? a : "no more", b[0] ? b : "no more");
        return false;
    }
    return true;
}

/* Reads the state to resume into st, res->inputs and ro (its resume
 * point); the status of a run that cannot go on from it, else SD_ROBIN_OK
 * (*complete: the state is of a finished run). */
static sd_robin_status load_state(const sd_robin_opts *o, char *const files[], int nfiles, stats_state *st,
                                  sd_robin_result *res, run_opts *ro, bool *complete)
{
    static wls_file w; /* 16 KiB of text, which ro points into */
    w.stats = st;
    w.inputs = res->inputs;
    if (!wls_read(o->resume, &w, &res->why)) return SD_ROBIN_UNREADABLE;
    if (!same_settings(o->resume, w.config, o->config ? o->config : "", &res->why)) return SD_ROBIN_NOT_RESUMED;
    if (w.ninputs != nfiles || corpus_state_resume_point(&w, ro) != RESUME_OK || ro->shards != 1) {
        diag_set(&res->why, o->resume, 0, "not the state of a round robin over these files");
        return SD_ROBIN_NOT_RESUMED;
    }
    const char *table = ro->table ? ro->table : "";
    if (!w.complete && strcmp(table, o->csv_deals ? o->csv_deals : "") != 0) {
        diag_set(&res->why, o->resume, 0, "saved writing the per-deal table %.300s where this run asks for %.300s",
                 table[0] ? table : "(none)", o->csv_deals ? o->csv_deals : "(none)");
        return SD_ROBIN_NOT_RESUMED;
    }
    ro->resume.deals_taken = res->kept = st->all.deals;
    *complete = w.complete;
    if (w.complete && ro->table && !corpus_state_finish_table(ro, o->resume, &res->why)) return SD_ROBIN_FAILED;
    if (!w.complete && !corpus_run_resume_check(ro, (const char *const *)files, nfiles, &res->why))
        return SD_ROBIN_NOT_RESUMED;
    return SD_ROBIN_OK;
}

sd_robin_status sd_robin_run(const sd_robin_opts *o, char *const files[], int nfiles, sd_robin_result *res)
{
    input_account *inputs = res->inputs;
    memset(res, 0, sizeof *res);
    res->inputs = inputs;
    res->ninputs = nfiles;
    stats_state *st = calloc(1, sizeof *st);
    if (!st) return SD_ROBIN_NOMEM;
    const char *name[STATS_MAX_CONV];
    for (int i = 0; i < o->nconv; i++) name[i] = convention_name(o->conv[i]);
    stats_init(st, o->nconv, name);
    sd_side side[STATS_MAX_CONV];
    static sd_pair pairs[STATS_MAX_CONV * STATS_MAX_CONV];
    for (int i = 0; i < o->nconv; i++) sd_side_init(&side[i], o->conv[i]);
    for (int i = 0; i < o->nconv; i++)
        for (int j = i + 1; j < o->nconv; j++) sd_pair_init(&pairs[i * o->nconv + j], &side[i], &side[j]);
    robin_run r = {.o = o, .pairs = pairs, .st = st, .name = name,
                   .per_record = o->input.policy.kind == TRUMP_EACH ? 4 : 1};
    run_job job = {.work = play_deal, .take = take_game, .plays_only = true, .ctx = &r};
    const char *columns[ROBIN_DEAL_COLUMNS];
    stats_robin_deal_columns(columns);
    run_opts ro = {.input = o->input, .shard = 1, .shards = 1, .threads = o->threads, .deal_limit = o->limit,
                   .mpi = o->mpi, .table = o->csv_deals, .table_about = o->csv_about, .columns = columns,
                   .ncols = ROBIN_DEAL_COLUMNS, .save = o->save, .config = o->config, .stats = st,
                   .checkpoint_every = o->checkpoint_every, .checkpoint_s = o->checkpoint_s, .stop = o->stop,
                   .hooks = {.note = on_note, .progress = o->progress ? on_progress : NULL, .ctx = (void *)o},
                   .inputs = inputs};
    bool complete = false;
    sd_robin_status out = o->resume ? load_state(o, files, nfiles, st, res, &ro, &complete) : SD_ROBIN_OK;
    run_status status = RUN_DONE;
    if (out == SD_ROBIN_OK && !complete) status = corpus_run_go(&ro, &job, (const char *const *)files, nfiles);
    for (int i = 0; i < o->nconv; i++)
        for (int j = i + 1; j < o->nconv; j++) res->pair[i][j] = st->all.pair[stats_pair_index(i, j, o->nconv)];
    res->played = st->all.deals;
    res->read = st->read + st->repeats; /* a repeat is a record read */
    res->rejected = st->rejected;
    res->repeats = st->repeats;
    res->left = st->left;
    bool stopped = false;
    for (int k = 0; k < nfiles; k++) stopped |= inputs[k].stopped != 0;
    if (out == SD_ROBIN_OK)
        out = stopped                        ? SD_ROBIN_STOPPED
              : status == RUN_FAILED         ? SD_ROBIN_FAILED
              : status == RUN_INTERRUPTED    ? SD_ROBIN_INTERRUPTED
              : st->rejected || st->errors ? SD_ROBIN_REJECTS
                                             : SD_ROBIN_OK;
    free(st);
    return out;
}
