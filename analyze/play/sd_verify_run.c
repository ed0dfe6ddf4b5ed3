/* sd_verify_run.c -- `play --verify` as a job of the corpus runner
 * (sd_verify_run.h): the check on a worker, its outcome carried back in
 * the job's result area, counted and told in input order. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/play/sd_verify.h"
#include "analyze/play/sd_verify_run.h"
#include "stats/report/le_bytes.h"

/* A deal's outcome, in the runner's job->out (copied in and out: the
 * result area is bytes, not aligned for it). */
typedef struct {
    verify_status status;
    bool complete;
    char why[sizeof ((verify_result *)0)->why];
} verify_outcome;

_Static_assert(sizeof(verify_outcome) <= DD_JOB_OUT_BYTES, "an outcome fits a job's result area");

/* Every deal is checked, a repeat too: another table's play of it. */
static bool admit(void *ctx, const ds_item *it, dd_job *job)
{
    (void)ctx;
    (void)it;
    (void)job;
    return true;
}

static void work(dd_job *job, dd_solver *solver, void *ctx)
{
    (void)solver;
    (void)ctx;
    if (!job->play) return;
    verify_result v;
    verify_outcome out = {.status = sd_verify_play(&job->deal, &v), .complete = v.complete};
    snprintf(out.why, sizeof out.why, "%s", v.why);
    memcpy(job->out, &out, sizeof out);
}

static bool take(void *ctx, corpus_run *run, const dd_job *job)
{
    verify_counts *n = ctx;
    verify_outcome outcome;
    memcpy(&outcome, job->out, sizeof outcome);
    const verify_outcome *v = &outcome;
    const deal_t *d = &job->deal;
    n->deals++;
    if (v->status == VERIFY_NO_PLAY) {
        n->no_play++;
        return true;
    }
    n->played++;
    if (v->status == VERIFY_OK || v->status == VERIFY_RESULT) {
        n->legal++;
        if (v->complete) n->complete++;
        else n->claimed++;
        if (d->result >= 0) n->result_checked++;
    }
    if (v->status == VERIFY_OK) return true;
    n->problems++;
    diag_t diag = {0};
    diag_set(&diag, d->pos.file, d->pos.line, "board %" PRIu32 ": %s", d->board, v->why);
    corpus_run_problem(run, &diag);
    return true;
}

static void other(void *ctx, corpus_run *run, const run_item *item)
{
    verify_counts *n = ctx;
    if (item->kind == DS_LEFT) n->left++;
    if (item->kind != DS_REJECT || (item->deal->flags & DEAL_UNKNOWN_HANDS)) return; /* valid, not checkable */
    /* a deal whose recorded play the reader refused already: what
     * --verify is asked to find */
    corpus_run_problem(run, item->diag);
    n->rejected++;
    n->problems++;
}

/* The counts in the state's order, each a little-endian 64-bit word
 * (stats/report/le_bytes.h, as the other state files). */
static int count_fields(verify_counts *n, uint64_t *f[])
{
    uint64_t *all[] = {&n->deals, &n->rejected, &n->played,         &n->legal,    &n->complete,
                       &n->claimed, &n->result_checked, &n->problems, &n->no_play, &n->left};
    int k = (int)(sizeof all / sizeof all[0]);
    for (int i = 0; i < k; i++) f[i] = all[i];
    return k;
}

_Static_assert(SD_VERIFY_STATE_BYTES == 10 * 8, "the state holds every count");

static bool save(void *ctx, unsigned char **buf, size_t *len)
{
    uint64_t *f[16];
    int k = count_fields(ctx, f);
    le_out out = {0};
    for (int i = 0; i < k; i++) le_put_u64(&out, *f[i]);
    if (out.failed) {
        free(out.buf);
        return false;
    }
    *buf = out.buf;
    *len = out.len;
    return true;
}

bool sd_verify_state_load(verify_counts *n, const unsigned char *state, size_t len)
{
    uint64_t *f[16];
    int k = count_fields(n, f);
    if (len != SD_VERIFY_STATE_BYTES) return false;
    le_in in = {.p = state, .end = state + len};
    for (int i = 0; i < k; i++) *f[i] = le_get_u64(&in);
    return true;
}

run_job sd_verify_job(verify_counts *n)
{
    return (run_job){.work = work, .take = take, .admit = admit, .other = other, .save = save, .plays_only = true,
                     .ctx = n};
}
