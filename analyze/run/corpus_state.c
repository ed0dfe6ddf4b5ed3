/* corpus_state.c -- the runner's state file (corpus_run.h): checkpoints
 * written, and the resume point read back. The container is stats/report/wls.h;
 * its progress text is the runner's alone: "records N\n", then, when the
 * run writes a per-deal table, "csv_bytes M\ncsv_deals PATH\n" and the name
 * of the table's temporary, "csv_partial NAME\n" (not in state files
 * written before issue 25: PATH.partial then). A complete state has it too
 * while its table is not yet renamed (item 12); otherwise a complete
 * state's progress is empty. Then the caller's outputs (run_opts.outputs),
 * lines of their own, so that a resumed run writes them too. A job's own
 * state (run_job.save) goes in the file's job section. The settings text
 * of odds', claims' and play --verify's states is made here too
 * (corpus_state_config), one shape for the three. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/run/corpus_run_impl.h"

/* Saves the state. The per-deal table is synced first, so that the size
 * the state records is on disk. A complete state whose table (a resumable
 * one) is not yet renamed still says where it is, for --resume to finish
 * it (item 12); once renamed (r->table closed) the state is written again
 * without it. */
bool run_checkpoint(corpus_run *r, bool complete)
{
    const run_opts *o = r->o;
    static wls_file w; /* 16 KiB of text: kept off the stack */
    diag_t err = {0};
    long table_bytes = 0;
    if (r->job->fold) r->job->fold(r->job->ctx);
    if (r->job->sync && !r->job->sync(r->job->ctx, &err)) {
        corpus_run_output_failed(r, &err);
        return false;
    }
    r->since_checkpoint = 0;
    r->checkpoint_at = run_now();
    if (!o->save) return true;
    errno = 0;
    if (r->table && (table_bytes = csv_out_sync(r->table)) < 0) {
        diag_set(&err, o->table, 0, "write failed: %s", strerror(errno ? errno : EIO));
        run_note_to(r, RUN_FAILURE, &err);
        run_output_stops(r, &err);
        return false;
    }
    w.complete = complete;
    w.parts = o->shards;
    w.part_mask = 1ULL << (o->shard - 1);
    snprintf(w.config, sizeof w.config, "%s", o->config ? o->config : "");
    const char *partial = r->table ? csv_out_partial(r->table) : NULL;
    if (complete && !partial)
        w.progress[0] = 0;
    else if (partial) /* its temporary is this run's own: named for --resume (item 14) */
        snprintf(w.progress, sizeof w.progress, "records %llu\ncsv_bytes %ld\ncsv_deals %s\ncsv_partial %s\n",
                 (unsigned long long)r->records_done, table_bytes, o->table, partial);
    else if (r->table)
        snprintf(w.progress, sizeof w.progress, "records %llu\ncsv_bytes %ld\ncsv_deals %s\n",
                 (unsigned long long)r->records_done, table_bytes, o->table);
    else
        snprintf(w.progress, sizeof w.progress, "records %llu\n", (unsigned long long)r->records_done);
    size_t at = strlen(w.progress);
    if (w.progress[0] && o->outputs) snprintf(w.progress + at, sizeof w.progress - at, "%s", o->outputs);
    w.ninputs = r->ninputs;
    w.inputs = o->inputs;
    w.stats = o->stats;
    w.job = NULL;
    w.job_len = 0;
    if (r->job->save && !r->job->save(r->job->ctx, &w.job, &w.job_len)) {
        diag_set(&err, o->save, 0, "out of memory");
        run_note_to(r, RUN_FAILURE, &err);
        run_output_stops(r, &err);
        return false;
    }
    bool written = wls_write(o->save, &w, &err);
    free(w.job);
    w.job = NULL;
    if (!written) {
        /* once: the run stops reading, and saves no more */
        char why[sizeof err.reason];
        snprintf(why, sizeof why, "%s", err.reason);
        run_output_stops(r, &err);
        diag_reason(&err, "%.120s; the run stops here, its last checkpoint (if any) kept for --resume", why);
        run_note_to(r, RUN_FAILURE, &err);
        return false;
    }
    return true;
}

/* The progress text (above) into o; the names point into text. */
static bool progress_parse(char *text, run_opts *o)
{
    unsigned long long r;
    int used = 0;
    if (sscanf(text, "records %llu\n%n", &r, &used) != 1 || !used) return false;
    o->resume.records = r;
    o->table = o->resume.table_partial = o->resume.outputs = NULL;
    char *rest = text + used, *nl;
    long b;
    if (strncmp(rest, "csv_bytes ", 10) == 0) {
        if (sscanf(rest, "csv_bytes %ld\ncsv_deals %n", &b, &used) != 1 || b < 0 || !used) return false;
        char *path = rest + used;
        if (!(nl = strchr(path, '\n')) || nl == path) return false;
        *nl = 0;
        o->resume.table_bytes = b;
        o->table = path;
        rest = nl + 1;
        const char *key = "csv_partial ";
        if (strncmp(rest, key, strlen(key)) == 0) {
            char *partial = rest + strlen(key);
            if (!(nl = strchr(partial, '\n')) || nl == partial) return false;
            *nl = 0;
            o->resume.table_partial = partial;
            rest = nl + 1;
        }
    }
    if (!*rest) return true;
    if (rest[strlen(rest) - 1] != '\n' || strncmp(rest, "csv_", 4) == 0) return false;
    o->resume.outputs = rest;
    return true;
}

resume_point corpus_state_resume_point(wls_file *w, run_opts *o)
{
    if ((!w->complete || w->progress[0]) && !progress_parse(w->progress, o)) return RESUME_NOT_UNDERSTOOD;
    if (!w->complete && __builtin_popcountll(w->part_mask) != 1) return RESUME_MERGED;
    o->shards = w->parts;
    o->shard = (unsigned)__builtin_ctzll(w->part_mask) + 1;
    return RESUME_OK;
}

bool corpus_state_load(run_opts *o, const char *path, const char *const files[], int nfiles, unsigned char *job,
                       size_t job_len, bool *complete, diag_t *diag)
{
    static wls_file w; /* 16 KiB of text: kept off the stack; the resume point points into it */
    unsigned shard = o->shard, shards = o->shards;
    w.stats = o->stats;
    w.inputs = o->inputs;
    w.job = job;
    w.job_cap = job_len;
    if (!wls_read(path, &w, diag)) return false;
    if (w.job_len != job_len || strcmp(w.config, o->config ? o->config : "") != 0 || w.ninputs != nfiles) {
        diag_set(diag, path, 0, "cannot resume: it was started for other deals or settings (or by another command)");
        return false;
    }
    if (corpus_state_resume_point(&w, o) != RESUME_OK) {
        diag_set(diag, path, 0, "cannot resume: its progress is not understood");
        return false;
    }
    /* shards of one run share its settings text: only the shard tells them apart */
    if (o->shard != shard || o->shards != shards) {
        if (shards == 1)
            diag_set(diag, path, 0, "cannot resume: it holds shard %u/%u, not the whole run", o->shard, o->shards);
        else
            diag_set(diag, path, 0, "cannot resume: it holds shard %u/%u, not %u/%u", o->shard, o->shards,
                     shard, shards);
        return false;
    }
    *complete = w.complete;
    return w.complete || corpus_run_resume_check(o, files, nfiles, diag);
}

/* The "corpus FILE" lines of files at buf + at; the length then. */
static size_t config_inputs(char *buf, size_t len, size_t at, const char *const files[], int nfiles)
{
    for (int k = 0; k < nfiles && at < len; k++) at += (size_t)snprintf(buf + at, len - at, "corpus %s\n", files[k]);
    return at;
}

size_t corpus_state_config(char *buf, size_t len, const char *command, const char *const files[], int nfiles,
                           const provenance *settings, bool inputs_last)
{
    size_t at = (size_t)snprintf(buf, len, "whistlab %s\n", command);
    if (!inputs_last) at = config_inputs(buf, len, at, files, nfiles);
    for (int i = 0; i < settings->nsettings && at < len; i++)
        at += (size_t)snprintf(buf + at, len - at, "%s %s\n", settings->setting_name[i], settings->setting_value[i]);
    if (inputs_last) at = config_inputs(buf, len, at, files, nfiles);
    return at < len ? at : len - 1;
}

bool corpus_state_finish_table(const run_opts *o, const char *from, diag_t *diag)
{
    const char *partial = o->resume.table_partial;
    char old[8192];
    if (!partial) { /* a state file written before issue 25 */
        snprintf(old, sizeof old, "%s.partial", o->table);
        partial = old;
    }
    if (!csv_out_finish(o->table, partial, o->resume.table_bytes, diag)) return false;
    /* read again: the resume point was parsed out of the loaded text */
    static wls_file w;
    stats_state *st = calloc(1, sizeof *st);
    input_account *inputs = calloc(WLS_MAX_INPUTS, sizeof *inputs);
    unsigned char *job = malloc(WLS_JOB_MAX); /* a job's state is kept as it is */
    w.stats = st;
    w.inputs = inputs;
    w.job = job;
    w.job_cap = job ? WLS_JOB_MAX : 0;
    bool saved = st && inputs && job && wls_read(from, &w, diag);
    if (saved) {
        w.progress[0] = 0;
        saved = wls_write(o->save, &w, diag);
    } else if (!st || !inputs || !job) {
        diag_set(diag, from, 0, "out of memory");
    }
    free(st);
    free(inputs);
    free(job);
    w.job = NULL;
    return saved;
}
