/* solve_run.c -- the solving driver (solve_run.h): the job the corpus
 * runner does on each whist deal: solved on a worker, its record put in the
 * store in input order. */
#include "analyze/solve/solve_run.h"

typedef struct {
    const solve_opts *o;
} solve_job;

/* On a worker thread (or another rank): every lead of the deal valued. */
static void solve_deal(dd_job *job, dd_solver *solver, void *ctx)
{
    (void)ctx;
    if (!job->play) return; /* a job that only keeps its place */
    job->rc = dd_solve_leads(solver, &job->deal, &job->leads);
}

/* A solve's record of one whist deal into the store. */
static bool store_deal(void *ctx, corpus_run *run, const dd_job *job)
{
    const solve_job *s = ctx;
    diag_t err = {0};
    if (!dd_store_put(s->o->to, dd_store_pack(&job->deal, job->place, job->rc, &job->leads), &err))
        corpus_run_output_failed(run, &err);
    if (job->rc != DD_OK) {
        char why[160];
        diag_t diag = {0};
        dd_error_text(job->rc, why, sizeof why);
        diag_set(&diag, job->deal.pos.file, job->deal.pos.line, "%s", why);
        corpus_run_problem(run, &diag);
        return false;
    }
    return true;
}

/* A place of a record that makes no whist deal: empty. */
static void store_empty(void *ctx, corpus_run *run)
{
    const solve_job *s = ctx;
    diag_t err = {0};
    if (!dd_store_put(s->o->to, DD_STORE_EMPTY, &err)) corpus_run_output_failed(run, &err);
}

/* A checkpoint: the places put so far kept by a resume. */
static bool sync_store(void *ctx, diag_t *err)
{
    const solve_job *s = ctx;
    return dd_store_sync(s->o->to, err);
}

dd_store_writer *solve_open(const char *path, const dd_store_header *h, bool resume, run_opts *o, uint64_t *kept,
                            diag_t *diag)
{
    o->known_records = *kept = 0;
    if (!resume) return dd_store_create(path, h, true, diag);
    dd_store_writer *w = dd_store_resume(path, h, kept, diag);
    /* the part holds its shard's records in order: the k-th is record
     * k * shards + shard - 1 */
    if (w) o->known_records = *kept / h->per_record * o->shards + (o->shard - 1);
    return w;
}

run_status solve_run(const solve_opts *o, const char *const files[], int nfiles)
{
    solve_job s = {.o = o};
    run_job job = {.work = solve_deal, .take = store_deal, .no_deal = store_empty, .sync = sync_store, .solves = true,
                   .ctx = &s};
    run_opts ro = o->run;
    if (!ro.checkpoint_s) ro.checkpoint_s = SOLVE_CHECKPOINT_S;
    return corpus_run_go(&ro, &job, files, nfiles);
}
