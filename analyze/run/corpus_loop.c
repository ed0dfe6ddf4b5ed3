/* corpus_loop.c -- the corpus runner (corpus_run.h): the record loop. The
 * calling thread turns records into jobs in input order; the pool does
 * them; results come back in the same order and are accounted for here,
 * and handed to the job, so the state after record k never depends on the
 * records after it: that is what makes checkpoints, shards and thread
 * counts all give the same numbers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "analyze/run/corpus_run_impl.h"
#include "stats/report/tidy_csv.h"

#define POOL_DEPTH (RUN_IN_FLIGHT_MAX / 4) /* 4 times that under MPI */

double run_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void run_note_to(const corpus_run *r, run_note kind, const diag_t *diag)
{
    if (r->o->hooks.note) r->o->hooks.note(r->o->hooks.ctx, kind, diag);
}

csv_out *corpus_run_table(const corpus_run *run) { return run->table; }

void corpus_run_problem(corpus_run *run, const diag_t *diag) { run_note_to(run, RUN_PROBLEM, diag); }

/* An output cannot be written: the run stops reading; why is kept for
 * the inputs it leaves unread (item 11). */
void run_output_stops(corpus_run *r, const diag_t *err)
{
    if (r->output_failed) return;
    diag_format(r->output_why, sizeof r->output_why, err);
    r->output_failed = true;
}

void corpus_run_output_failed(corpus_run *r, const diag_t *err)
{
    if (r->output_failed) return;
    run_note_to(r, RUN_FAILURE, err);
    run_output_stops(r, err);
}

static void progress(const corpus_run *r, run_progress at)
{
    if (r->o->hooks.progress) r->o->hooks.progress(r->o->hooks.ctx, at, r->deals_done, r->deals_expected);
}

/* A deal of input s->input read and accounted for, as record_account.h
 * says. */
static void count_read(corpus_run *r, const slot_info *s)
{
    r->o->stats->read++;
    record_account_add(&r->o->inputs[s->input], &s->account);
}

/* An output failed while inputs were left to read: each of them, from
 * the one being read on, is marked not read to its end, why saying that
 * an output failed, so that the report and its CSV say INCOMPLETE, as for
 * an input lost (item 11). Not saved: the state file keeps its last
 * checkpoint, resumable. */
static void inputs_left_unread(corpus_run *r)
{
    for (int k = r->reading; k < r->ninputs; k++) {
        input_account *a = &r->o->inputs[k];
        if (a->stopped) continue;
        a->stopped = 1;
        snprintf(a->where, sizeof a->where, "an output failed, so the run stopped reading: %.270s", r->output_why);
    }
}

/* A record's places that hold no deal to work on, for a job that keeps
 * places (a solve's store). */
static void no_deal(corpus_run *r, const slot_info *s)
{
    if (!r->job->no_deal || s->record < r->o->known_records) return;
    for (unsigned k = 0; k < r->per_record; k++) r->job->no_deal(r->job->ctx, r);
}

/* A checkpoint is due: so many deals, or so many seconds, since the last. */
static bool checkpoint_due(corpus_run *r)
{
    const run_opts *o = r->o;
    if ((!o->save && !r->job->sync) || r->output_failed) return false;
    if (o->checkpoint_every && r->since_checkpoint >= o->checkpoint_every) return true;
    return o->checkpoint_s > 0 && r->since_checkpoint && run_now() - r->checkpoint_at >= o->checkpoint_s;
}

/* Takes back the oldest job (waiting for it) and accounts for it. */
static void collect_one(corpus_run *r)
{
    dd_job *job = dd_pool_oldest(r->pool);
    if (job->rc == DD_PEER_LOST) { /* not accounted for: the run stops before it */
        r->peer_lost = true;
        return;
    }
    slot_info *s = &r->slots[job->tag % (uint64_t)r->depth];
    stats_state *st = r->o->stats;
    if (s->kind == SLOT_DEAL) r->deals_in_flight--;
    if (r->limit_reached) { /* past --limit: read ahead, not accounted for */
        dd_pool_retire(r->pool);
        return;
    }
    if (s->kind == SLOT_END) { /* no record: an input's end, for the job */
        run_item end = {.kind = DS_FILE_END, .input = s->input, .format = s->format};
        r->job->other(r->job->ctx, r, &end);
        dd_pool_retire(r->pool);
        return;
    }
    if (s->kind == SLOT_FATAL) { /* no record: nothing else to account for */
        run_note_to(r, RUN_INPUT, &s->diag);
        record_account_stop(&r->o->inputs[s->input], &s->diag);
        r->input_failed = true;
        dd_pool_retire(r->pool);
        return;
    }
    switch (s->kind) {
    case SLOT_FATAL:
    case SLOT_END: break; /* taken above */
    case SLOT_REJECT:
        if (r->o->as_read && r->job->other) {
            run_item rejected = {.kind = DS_REJECT, .input = s->input, .deal = &job->deal, .diag = &s->diag};
            r->job->other(r->job->ctx, r, &rejected);
        } else {
            corpus_run_problem(r, &s->diag);
        }
        count_read(r, s);
        st->rejected++;
        no_deal(r, s);
        break;
    case SLOT_ERROR:
        corpus_run_problem(r, &s->diag);
        st->errors++;
        no_deal(r, s);
        break;
    case SLOT_REPEAT:
        if (s->taken) { /* a job over deals as read takes its repeats */
            r->job->take(r->job->ctx, r, job);
            r->deals_done++;
            r->since_checkpoint++;
        }
        st->repeats++;
        no_deal(r, s);
        break;
    case SLOT_LEFT:
        if (r->o->as_read && r->job->other) {
            run_item left = {.kind = DS_LEFT, .input = s->input, .deal = &job->deal};
            r->job->other(r->job->ctx, r, &left);
        }
        count_read(r, s);
        st->left++;
        no_deal(r, s);
        break;
    case SLOT_KNOWN:
    case SLOT_DEAL:
        if (s->first) r->record_failed = false;
        if (r->o->deal_limit && r->deals_done >= r->o->deal_limit)
            ; /* the record's deals past the limit: not taken */
        else if (s->kind == SLOT_DEAL && !r->job->take(r->job->ctx, r, job)) {
            r->record_failed = true;
        } else {
            r->deals_done++;
            r->since_checkpoint++;
        }
        if (s->last) {
            count_read(r, s);
            if (r->record_failed) st->rejected++;
            else st->accepted++;
        }
        break;
    }
    r->mid_record = !s->last;
    if (s->last) {
        r->records_done = s->record + 1;
        r->limit_reached = r->o->deal_limit && r->deals_done >= r->o->deal_limit;
        if (checkpoint_due(r)) {
            if (r->job->keeps_aside) r->checkpoint_wanted = true; /* once what is in flight is taken */
            else run_checkpoint(r, false);
        }
        progress(r, RUN_PROGRESS_TICK);
    }
    dd_pool_retire(r->pool);
}

/* at_record, input: the record's place; account: what it adds to its
 * input's (NULL: nothing); k: the whist deal's number in its record; read:
 * for a job over deals as read, the deal or repeat it admits (NULL: none). */
static void push(corpus_run *r, slot_kind kind, const deal_t *d, const diag_t *diag, uint64_t at_record,
                 int input, const record_account *account, int k, bool last, const ds_item *read)
{
    dd_job *job;
    while (!(job = dd_pool_claim(r->pool))) {
        collect_one(r);
        if (r->peer_lost) return;
    }
    if (kind == SLOT_DEAL && at_record < r->o->known_records) kind = SLOT_KNOWN;
    r->deals_in_flight += kind == SLOT_DEAL;
    job->play = kind == SLOT_DEAL; /* the hook's work: a deal to analyse */
    if (d) job->deal = *d;
    job->place = at_record * r->per_record + (uint64_t)k;
    /* the record's term is the whist deal's too when their records are
     * the same at the same place: a worker checking a store need not
     * digest the deal again */
    const ds_item *as = r->digested;
    job->term0 = as && account && account->digested && d && job->place == as->position &&
                         deal_digest_same_record(as->deal, d)
                     ? account->term.lane[0]
                     : 0;
    job->tag = r->next_tag++;
    slot_info *s = &r->slots[job->tag % (uint64_t)r->depth];
    s->kind = kind;
    s->first = k == 0;
    s->last = last;
    s->record = at_record;
    s->input = input;
    s->account = account ? *account : (record_account){0};
    if (diag) s->diag = *diag;
    s->taken = read && kind == SLOT_REPEAT;
    if (read) job->play = r->job->admit ? r->job->admit(r->job->ctx, read, job) : kind == SLOT_DEAL;
    dd_pool_submit(r->pool);
}

/* One record of a run over deals as read: its job, the deal (or repeat)
 * as read for the job to admit; t: what it adds to its input's account. */
static void take_as_read(corpus_run *r, const ds_item *it, const record_account *t)
{
    switch (it->kind) {
    case DS_DEAL: push(r, SLOT_DEAL, it->deal, NULL, it->record, it->input, t, 0, true, it); break;
    case DS_REPEAT: push(r, SLOT_REPEAT, it->deal, NULL, it->record, it->input, t, 0, true, it); break;
    case DS_REJECT: push(r, SLOT_REJECT, it->deal, it->diag, it->record, it->input, t, 0, true, NULL); break;
    case DS_LEFT: push(r, SLOT_LEFT, it->deal, NULL, it->record, it->input, t, 0, true, NULL); break;
    case DS_FILE_END:
        if (!r->job->other) break;
        push(r, SLOT_END, NULL, NULL, r->records_done, it->input, NULL, 0, false, NULL);
        r->slots[(r->next_tag - 1) % (uint64_t)r->depth].format = it->format;
        break;
    default: break; /* an error, an input lost: as in any run */
    }
}

/* One record of the run's: the jobs it makes, each with what the record
 * adds to its input's account (counted once, at its last job). */
static void take_record(corpus_run *r, const ds_item *it)
{
    record_account t = record_account_of(it, r->o->as_read);
    if (r->o->as_read && it->kind != DS_ERROR && it->kind != DS_FATAL) {
        take_as_read(r, it, &t);
        return;
    }
    switch (it->kind) {
    case DS_REJECT: push(r, SLOT_REJECT, NULL, it->diag, it->record, it->input, &t, 0, true, NULL); break;
    case DS_ERROR: push(r, SLOT_ERROR, NULL, it->diag, it->record, it->input, &t, 0, true, NULL); break;
    case DS_REPEAT: push(r, SLOT_REPEAT, NULL, NULL, it->record, it->input, &t, 0, true, NULL); break;
    case DS_LEFT: push(r, SLOT_LEFT, NULL, NULL, it->record, it->input, &t, 0, true, NULL); break;
    case DS_UNUSABLE: push(r, SLOT_REJECT, NULL, it->diag, it->record, it->input, &t, 0, true, NULL); break;
    case DS_DEAL:
        r->digested = it;
        for (int i = 0; i < it->n; i++)
            push(r, SLOT_DEAL, &it->whist[i], NULL, it->record, it->input, &t, i, i == it->n - 1, NULL);
        r->digested = NULL;
        break;
    case DS_FATAL: push(r, SLOT_FATAL, NULL, it->diag, r->records_done, it->input, NULL, 0, false, NULL); break;
    case DS_FILE_END: break;
    }
}

/* The stream of the run's records: those past the resume point, of its
 * shard, within --limit; whist deals made when asked. */
static ds_opts run_records(const run_opts *o, bool whist)
{
    return (ds_opts){.input = o->input, .whist = whist && !o->as_read, .select = true,
                     .resume_records = o->resume.records, .limit = o->limit, .shard = o->job_shards ? 1 : o->shard,
                     .shards = o->job_shards ? 1 : o->shards};
}

/* How many deals this run will analyse, for the ETA: a reading pass (far
 * cheaper than solving). 0 when unknown: an input read once (standard
 * input, a FIFO, a pipe) is not read twice (issue 25 item 7). */
static uint64_t count_expected(const run_opts *o, const char *const files[], int nfiles)
{
    if (o->source) return o->source->records > o->resume.records ? o->source->records - o->resume.records : 0;
    for (int k = 0; k < nfiles; k++)
        if (deal_input_read_once(files[k])) return 0;
    ds_opts so = run_records(o, false);
    deal_stream *in = deal_stream_open(&so, files, nfiles);
    uint64_t mine = 0;
    ds_item it;
    while (in && deal_stream_next(in, &it))
        mine += it.kind == DS_DEAL || it.kind == DS_REPEAT || it.kind == DS_REJECT;
    deal_stream_close(in);
    mine *= o->input.policy.kind == TRUMP_EACH && !o->as_read ? 4 : 1;
    mine += o->resume.deals_taken;
    return o->deal_limit && mine > o->deal_limit ? o->deal_limit : mine;
}

/* With a limit of deals taken: whether the run has read enough (the deals
 * taken and those in flight reach it), once what is in flight is taken. */
static bool enough_read(corpus_run *r)
{
    const run_opts *o = r->o;
    if (!o->deal_limit) return false;
    while (!r->limit_reached && !r->peer_lost && r->deals_done + r->deals_in_flight >= o->deal_limit &&
           dd_pool_pending(r->pool))
        collect_one(r);
    return r->limit_reached || r->deals_done >= o->deal_limit;
}

static bool open_table(corpus_run *r)
{
    const run_opts *o = r->o;
    diag_t err = {0};
    if (!o->table) return true;
    if (o->resume.records)
        r->table = csv_out_resume(o->table, o->resume.table_partial, o->resume.table_bytes, o->ncols, &err);
    else if (o->save)
        r->table = csv_out_open_resumable(o->table, o->columns, o->ncols, &err);
    else
        r->table = csv_out_open(o->table, o->columns, o->ncols, &err);
    if (!r->table) run_note_to(r, RUN_FAILURE, &err);
    else if (o->table_about && !o->resume.records) csv_out_provenance_head(r->table, o->table_about);
    return r->table != NULL;
}

static bool start_pool(corpus_run *r)
{
    const run_opts *o = r->o;
    bool mpi = o->mpi && o->mpi->size > 1 && !r->job->keeps_aside;
    /* Under MPI rank 0 reads, tallies and solves on one thread, every
     * other rank on one (processes scale where threads of one DDS contend) */
    int depth = mpi ? POOL_DEPTH * 4 : POOL_DEPTH;
    if (r->job->plays_only) {
        long online = sysconf(_SC_NPROCESSORS_ONLN);
        int threads = mpi ? 1 : o->threads > 0 ? o->threads : online > 0 ? (int)online : 1;
        r->pool = dd_pool_open_plain(threads, depth, r->job->work, r->job->ctx);
    } else {
        r->pool = dd_pool_open(o->engine, mpi ? 1 : o->threads > 0 ? o->threads : dd_init(o->engine), depth,
                               r->job->work, r->job->ctx);
    }
    r->depth = r->pool ? dd_pool_depth(r->pool) : 0;
    r->slots = r->pool ? calloc((size_t)r->depth, sizeof *r->slots) : NULL;
    diag_t why = {0};
    if (!r->slots) diag_reason(&why, "cannot start the solver threads");
    /* a peer is served a few deals at a time when they are solved, many
     * when they are cheap (rule-based play, values from a store) */
    else if (mpi && !dd_mpi_attach(r->pool, o->mpi, r->job->solves ? 4 : 64, &why))
        ;
    else return true;
    run_note_to(r, RUN_FAILURE, &why);
    dd_pool_close(r->pool);
    free(r->slots);
    r->pool = NULL;
    r->slots = NULL;
    return false;
}

/* The jobs pending up to the end of the record being taken back (none
 * between records): those a stop still takes. */
static int rest_of_record(const corpus_run *r)
{
    int pending = dd_pool_pending(r->pool), k = 0;
    if (!r->mid_record) return 0;
    uint64_t oldest = r->next_tag - (uint64_t)pending;
    while (k < pending && !r->slots[(oldest + (uint64_t)k) % (uint64_t)r->depth].last) k++;
    return k < pending ? k + 1 : pending;
}

/* Takes back what is in flight. On a stop request the jobs in flight are
 * dropped at the first record boundary: the saved state then ends exactly
 * at a record, and resuming does the dropped ones again. The pool is told
 * at once, so that its workers do not solve the dropped ones first. */
static void take_back(corpus_run *r, bool *interrupted)
{
    const run_opts *o = r->o;
    bool told = false;
    while (dd_pool_pending(r->pool) && !r->peer_lost) {
        /* a job that keeps aside takes them all: its state is then theirs */
        bool stopping = o->stop && *o->stop && !r->job->keeps_aside;
        if (stopping && !told) {
            dd_pool_drop_from(r->pool, rest_of_record(r));
            told = true;
        }
        if (stopping && !r->mid_record) {
            *interrupted = true;
            break;
        }
        collect_one(r);
    }
    progress(r, RUN_PROGRESS_END);
}

/* Whether the reading goes on: no output failed, no rank lost, no stop
 * asked for, the limit not reached. */
static bool reading_on(corpus_run *r, bool *interrupted)
{
    const run_opts *o = r->o;
    return !r->output_failed && !r->peer_lost && !(*interrupted = o->stop && *o->stop) && !enough_read(r);
}

/* The source's deals, from the resume point on, each a record of one
 * whist deal; true when the source had more. */
static bool make_all(corpus_run *r, bool *interrupted)
{
    const run_source *src = r->o->source;
    deal_t d;
    deal_clear(&d);
    for (uint64_t at = r->o->resume.records; at < src->records; at++) {
        if (!reading_on(r, interrupted)) return true;
        if (!src->next(src->ctx, at, &d)) return false;
        ds_item it = {.kind = DS_DEAL, .record = at, .position = at, .deal = &d, .whist = &d, .n = 1};
        take_record(r, &it);
    }
    return false;
}

/* Reads the records and hands them to the pool until the input ends, an
 * output fails, a rank is lost or a stop is asked for; then takes back
 * what is in flight, up to a record's end when stopping. */
static void read_all(corpus_run *r, const char *const files[], int nfiles, bool *interrupted)
{
    const run_opts *o = r->o;
    if (o->source) {
        bool more = make_all(r, interrupted);
        take_back(r, interrupted);
        if (r->output_failed && more) inputs_left_unread(r);
        return;
    }
    ds_opts so = run_records(o, true);
    deal_stream *in = deal_stream_open(&so, files, nfiles);
    if (!in) {
        diag_t why = {0};
        diag_reason(&why, "out of memory");
        run_note_to(r, RUN_FAILURE, &why);
        r->input_failed = true;
    }
    ds_item it;
    bool more = in != NULL; /* false once the stream has no more records */
    while (more && reading_on(r, interrupted)) {
        if (r->checkpoint_wanted) { /* a job that keeps aside: every job in flight taken first */
            while (dd_pool_pending(r->pool) && !r->peer_lost) collect_one(r);
            r->checkpoint_wanted = false;
            run_checkpoint(r, false);
            continue;
        }
        if (!(more = deal_stream_next(in, &it))) break;
        r->reading = it.kind == DS_FILE_END ? it.input + 1 : it.input;
        if (it.kind == DS_FILE_END) /* a shard's binding to its corpus (issue 25 item 9) */
            memcpy(o->inputs[it.input].corpus, it.counts->corpus.lane, sizeof o->inputs[it.input].corpus);
        take_record(r, &it);
    }
    deal_stream_close(in);
    take_back(r, interrupted);
    if (r->output_failed && in && more) inputs_left_unread(r);
}

run_status corpus_run_go(const run_opts *o, const run_job *job, const char *const files[], int nfiles)
{
    corpus_run r = {.o = o, .job = job, .ninputs = nfiles, .records_done = o->resume.records,
                    .deals_done = o->resume.deals_taken,
                    .per_record = o->input.policy.kind == TRUMP_EACH && !o->as_read ? 4 : 1};
    if (o->mpi && o->mpi->rank > 0) { /* a serving rank: rank 0 reads and reports */
        diag_t why = {0};
        if (dd_mpi_serve(o->engine, job->work, job->ctx, &why) == 0) return RUN_DONE;
        run_note_to(&r, RUN_FAILURE, &why);
        return RUN_FAILED;
    }
    if (!open_table(&r)) return RUN_FAILED;
    if (!start_pool(&r)) {
        diag_t err = {0};
        if (r.table) csv_out_close(r.table, &err);
        if (o->mpi) dd_mpi_release(o->mpi);
        return RUN_FAILED;
    }
    if (o->hooks.progress) r.deals_expected = count_expected(o, files, nfiles);
    progress(&r, RUN_PROGRESS_START);
    r.checkpoint_at = run_now();
    bool interrupted = false;
    read_all(&r, files, nfiles, &interrupted);
    dd_pool_close(r.pool);
    if (o->mpi) dd_mpi_release(o->mpi);
    free(r.slots);
    if (job->fold) job->fold(job->ctx);
    if (r.peer_lost) {
        diag_t why = {0};
        diag_reason(&why, "an MPI rank was lost: the run stops here; its state is saved where it was asked to be "
                          "(resume it with --resume)");
        run_note_to(&r, RUN_FAILURE, &why);
    }
    bool stopped = interrupted || r.output_failed || r.peer_lost;
    /* the table's tail before the last checkpoint, which then counts it in */
    if (r.table && !stopped && o->table_about) csv_out_provenance_tail(r.table, o->table_about);
    /* a state ends at a record: one lost mid-record keeps the last checkpoint */
    bool saved = (o->save || job->sync) && !r.output_failed && !(r.peer_lost && r.mid_record) &&
                 run_checkpoint(&r, !stopped);
    bool pending = saved && !stopped && r.table && csv_out_partial(r.table); /* the state names the table */
    diag_t err = {0};
    /* a stopped run's table stays in its temporary, for --resume */
    bool closed = !r.table || (stopped ? csv_out_keep : csv_out_close)(r.table, &err);
    r.table = NULL;
    if (!closed) {
        run_note_to(&r, RUN_FAILURE, &err);
        r.output_failed = true;
    } else if (pending) { /* renamed: the state need not name it any more */
        run_checkpoint(&r, true);
    }
    if (r.input_failed || r.output_failed || r.peer_lost) return RUN_FAILED;
    return interrupted ? RUN_INTERRUPTED : RUN_DONE;
}
