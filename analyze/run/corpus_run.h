/* corpus_run.h -- the corpus runner: every command that does one job per
 * deal over a corpus (replay, solve, the round robin, odds, play --verify,
 * lead --simulate, claims) runs it here. Records are read in
 * order (formats/deal_stream.h: resume point, shard, --limit), each whist
 * deal handed to a worker thread or another MPI rank (analyze/dd/dd_pool.h,
 * dd_mpi.h) which does the job's work on it, and the results taken back
 * strictly in input order on the calling thread, where the job tallies and
 * writes them. So what a job sees, and every byte it writes, is the same
 * for any number of threads, ranks, shards, and for a run killed and
 * resumed.
 *
 * The runner accounts for every record (read = accepted + rejected, each
 * rejection `file:line: reason` to the note hook; what was read of each
 * input, its digest, and where reading stopped, for INCOMPLETE), reports
 * progress, owns the per-deal table's file (resumable: its temporary and
 * size are in the state) and the state file (stats/report/wls.h): a checkpoint
 * every so many deals or seconds, and the resume point read back from it. */
#ifndef WHISTLAB_CORPUS_RUN_H
#define WHISTLAB_CORPUS_RUN_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include "analyze/dd/dd_mpi.h"
#include "analyze/dd/dd_pool.h"
#include "formats/deal_stream.h"
#include "stats/report/csv_out.h"
#include "stats/report/provenance.h"
#include "stats/report/wls.h"

/* What the runner (or the job, through corpus_run_problem) tells its
 * caller while it runs. */
typedef enum {
    RUN_PROBLEM, /* a record that cannot be analysed, in input order */
    RUN_INPUT,   /* an input not opened or not read to its end, in input order */
    RUN_FAILURE, /* an output that cannot be written, or a run that cannot start */
} run_note;

typedef enum {
    RUN_PROGRESS_START, /* the run starts: deals expected known */
    RUN_PROGRESS_TICK,  /* after each record accounted for */
    RUN_PROGRESS_END,   /* the run is over */
} run_progress;

typedef struct {
    /* Each problem, as "file:line: reason" (RUN_FAILURE: the file is the
     * output's, or none); NULL: none reported. */
    void (*note)(void *ctx, run_note kind, const diag_t *diag);
    /* The progress: deals done so far, of those expected (0: not known;
     * counted by a reading pass before the run starts), and the deals
     * already done when the run was resumed (kept). NULL: no progress
     * wanted, and no counting pass. */
    void (*progress)(void *ctx, run_progress at, uint64_t done, uint64_t expected);
    void *ctx;
} run_hooks;

typedef struct corpus_run corpus_run;

/* A record of a job over deals as read (run_opts.as_read) that holds no
 * deal to take, or an input's end, handed to the job in input order. */
typedef struct {
    ds_kind kind;         /* DS_REJECT, DS_LEFT or DS_FILE_END */
    int input;            /* the file it was read from */
    const deal_t *deal;   /* DS_REJECT, DS_LEFT: the deal as read */
    const diag_t *diag;   /* DS_REJECT: why */
    deal_format format;   /* DS_FILE_END: the file's format */
} run_item;

/* The job done on each whist deal. */
typedef struct {
    /* On a worker thread (or another rank): the deal's work, its results
     * into job->out as plain numbers. Reads only what does not change
     * during the run. Called only for jobs with job->play set. */
    dd_job_hook work;
    /* On the calling thread, in input order: one whist deal's results.
     * False when the deal cannot be analysed (the job says why with
     * corpus_run_problem): its record is then rejected. */
    bool (*take)(void *ctx, corpus_run *run, const dd_job *job);
    /* In input order, each record from o->known_records on that makes no
     * whist deal to work on (a rejection, an error, a repeat, a deal
     * --where left out): once per place it would have had. NULL: nothing. */
    void (*no_deal)(void *ctx, corpus_run *run);
    /* Before the saved state is written: what the job keeps aside goes
     * into o->stats. NULL: nothing. */
    void (*fold)(void *ctx);
    /* At each checkpoint, with or without a state file: the job's own
     * output made durable where it stands (a solve's store). False with
     * err filled: the run stops. NULL: nothing. */
    bool (*sync)(void *ctx, diag_t *err);
    /* A job over deals as read (run_opts.as_read), on the calling thread
     * in input order as each deal or repeat is read, before a worker sees
     * it: what the job makes of it, into job->out (the worker's and take's
     * to read; it->kind is DS_DEAL or DS_REPEAT). True: the work hook runs
     * on it; false: it is taken in order without work. NULL: every deal
     * is worked on, no repeat is. */
    bool (*admit)(void *ctx, const ds_item *it, dd_job *job);
    /* A job over deals as read: each record that holds no deal to take
     * (a rejection, a deal --where left out) and each input's end, in
     * input order. A rejection is then the job's to report (through
     * corpus_run_problem). NULL: nothing, the runner reports them. */
    void (*other)(void *ctx, corpus_run *run, const run_item *item);
    /* The work keeps its results on the worker (fold gathers them): so a
     * checkpoint, and a stop, first take back every job in flight, and
     * what fold gathers is then exactly the records accounted for. Such
     * work is not served to other MPI ranks (their results would stay
     * there): under mpirun rank 0 does it all. */
    bool keeps_aside;
    /* The job's own state, saved in each checkpoint's state file beside
     * o->stats (wls.h's job section; a new buffer in *buf). False: out of
     * memory (the checkpoint fails). NULL: none. */
    bool (*save)(void *ctx, unsigned char **buf, size_t *len);
    /* The work solves deals (a peer is served a few at a time), or is
     * cheap (many at a time). */
    bool solves;
    /* The work never solves: DDS is not loaded, and threads 0 means one
     * per online core. */
    bool plays_only;
    void *ctx;
} run_job;

/* The most records in flight at once (read, not yet taken back): a job
 * that keeps something of its own per record in flight needs a ring of at
 * most this many. */
#define RUN_IN_FLIGHT_MAX 4096

/* Deals made, not read (lead --simulate's layouts): record r is the deal
 * next makes for r, asked for in order from the resume point on. It must
 * depend only on the source's settings and r (a seed and r), so that
 * threads, ranks and a run stopped and resumed see the same deals. The run
 * has one input, the source's: o->inputs[0] accounts for its deals. */
typedef struct {
    /* Record r's whist deal into *d; false: no more deals (the source
     * keeps why: too rare a condition, say). */
    bool (*next)(void *ctx, uint64_t r, deal_t *d);
    uint64_t records; /* at most this many records: the progress's total */
    void *ctx;
} run_source;

/* Where a resumed run starts (corpus_state_resume_point fills it). */
typedef struct {
    uint64_t records;      /* the records already accounted for (this shard's) */
    long table_bytes;      /* the per-deal table's size at that point */
    const char *table_partial; /* its temporary (NULL: PATH.partial, a state written before issue 25) */
    const char *outputs;   /* the outputs the run was asked for (run_opts.outputs; NULL: none) */
    uint64_t deals_taken;  /* the whist deals already taken, counted against deal_limit and in the
                              progress (the round robin's; 0 for a run without a deal limit) */
} run_resume;

typedef struct {
    input_opts input;        /* --format, --trump, --leader, --where */
    uint64_t limit;          /* read at most this many deals (0 = all) */
    /* Take at most this many whist deals (0 = all): the deals of a record
     * past it are not taken, the records after it not accounted for (the
     * round robin's --limit). */
    uint64_t deal_limit;
    unsigned shard, shards;  /* this run takes records r with r % shards == shard - 1 */
    /* The job picks its shard's records itself (odds: by the deal, so that
     * every copy of a deal is in one shard): every record is read, and
     * shard, shards only name the shard in the state file. */
    bool job_shards;
    int threads;             /* worker threads (0 = as many as the engine has) */
    dd_engine engine;        /* what the workers solve with (--engine; 0: DDS) */
    run_hooks hooks;
    /* The per-deal table (NULL: none): its columns; the job writes its
     * rows (corpus_run_table). */
    const char *table;
    const char *const *columns;
    int ncols;
    /* What the table rests on (NULL: nothing): its head as comment lines
     * before the header of a new table, its tail (each input's deals and
     * digest, the status, from its `input`, which should be `inputs`
     * below) after the last row of a run that ends (stats/report/tidy_csv.h). */
    const provenance *table_about;
    /* The state file (NULL: none): the job's statistics, the run's
     * settings text, written every checkpoint_every deals (and every
     * checkpoint_s seconds when more than 0) and at the end. The job's
     * sync runs on the same schedule, with or without a state file. */
    const char *save;
    const char *config;
    stats_state *stats;
    /* The caller's outputs that a resumed run should write too, as lines
     * "NAME VALUE\n" (NULL: none): kept in an unfinished state, given back
     * in resume.outputs. */
    const char *outputs;
    uint64_t checkpoint_every;
    double checkpoint_s;
    /* The job takes deals as read, one job each (DS_DEAL and DS_REPEAT
     * both, through job->admit): no whist deals are made, the --trump
     * policy is the job's to apply. */
    bool as_read;
    run_resume resume;       /* resuming: where (records 0: a new run) */
    /* What the run read of each of its inputs (one per file, added to:
     * when resuming they hold what the state file kept): deals, digest,
     * and a stop (the input not opened or not read to its end: the run is
     * INCOMPLETE). */
    input_account *inputs;
    /* Records before this one are done already (a resumed solve's): read
     * and accounted for, their deals not worked on. */
    uint64_t known_records;
    /* Under mpirun: the world (NULL or size 1: one process). Rank 0 runs
     * the command; every other rank serves it and returns RUN_DONE. */
    const dd_mpi_world *mpi;
    /* Set (from a signal handler) to stop early: the run then finishes the
     * deals in flight up to a record's end, saves its state and returns. */
    volatile sig_atomic_t *stop;
    /* Deals made, not read (NULL: the files'); with a source, files are
     * none and nfiles is 1. */
    const run_source *source;
} run_opts;

typedef enum {
    RUN_DONE,         /* every record read */
    RUN_INTERRUPTED,  /* *stop was set: the state file says where it stands */
    RUN_FAILED,       /* an input or output could not be used (noted to
                         the hooks; an input's stop is in o->inputs) */
} run_status;

/* Runs job over files[0..nfiles-1] in order; problems and progress go to
 * o->hooks.
 *
 * An output that fails stops the reading; the inputs not read to their
 * end are then marked stopped in o->inputs, their `where` saying that an
 * output failed, so the report says INCOMPLETE (issue 25, item 11). With a
 * state file and a per-deal table, the state says complete only once the
 * table is synced, and names its temporary until it is renamed: a run
 * killed between the two is finished by --resume (item 12). */
run_status corpus_run_go(const run_opts *o, const run_job *job, const char *const files[], int nfiles);

/* For the job, on the calling thread: the per-deal table (NULL: none). */
csv_out *corpus_run_table(const corpus_run *run);
/* For the job: a deal's problem, to the note hook. */
void corpus_run_problem(corpus_run *run, const diag_t *diag);
/* For the job: an output of its own cannot be written: noted once, and
 * the run stops reading. */
void corpus_run_output_failed(corpus_run *run, const diag_t *diag);

/* ---- resuming (corpus_state.c, corpus_resume.c) ---- */

/* The resume point of a state file read (wls_read): its progress text
 * parsed into o->resume and o->table, its shard into o->shard and
 * o->shards. The names point into w->progress. */
typedef enum { RESUME_OK, RESUME_NOT_UNDERSTOOD, RESUME_MERGED } resume_point;
resume_point corpus_state_resume_point(wls_file *w, run_opts *o);

/* A complete state whose per-deal table was not yet renamed when the run
 * stopped (killed just after its last checkpoint, or the rename failed):
 * the table (o->table, o->resume) is finished from its temporary, then
 * the state `from` written again to o->save without naming it (issue 25,
 * item 12). False with diag filled. */
bool corpus_state_finish_table(const run_opts *o, const char *from, diag_t *diag);

/* The settings text of a run (run_opts.config) for the commands whose
 * settings are their report's (odds, claims, play --verify): the line
 * "whistlab COMMAND", then a line "corpus FILE" per input and a line
 * "NAME VALUE" per setting of settings, the inputs first unless
 * inputs_last (play --verify's, as the state files it wrote have them).
 * A run goes on only with the same text. Its length (a text longer than
 * len is cut), for a command to add lines of its own. */
size_t corpus_state_config(char *buf, size_t len, const char *command, const char *const files[], int nfiles,
                           const provenance *settings, bool inputs_last);

/* Reads the state file path to go on with a run of o->config over files
 * as shard o->shard of o->shards (1 of 1: the whole run; every shard of a
 * run has its settings text, so another shard's state is refused, naming
 * both): what it read of each input into o->inputs
 * (room for WLS_MAX_INPUTS), its counters into o->stats, its job section
 * into job (exactly job_len bytes: the job's state), its resume point
 * into o, and checks the records it kept unchanged; *complete: it holds
 * the whole run, nothing is left to do. False with diag filled, naming
 * path: unreadable, another run's (other settings, inputs, or a job state
 * of another size), a merge or another shard's, or its corpus changed. */
bool corpus_state_load(run_opts *o, const char *path, const char *const files[], int nfiles, unsigned char *job,
                       size_t job_len, bool *complete, diag_t *diag);

/* Before resuming: whether the records of files before o->resume.records
 * (this shard's) still hold what o->inputs says (deals and digest, per
 * input). False with why filled (the file that changed, then and now). */
bool corpus_run_resume_check(const run_opts *o, const char *const files[], int nfiles, diag_t *why);

#endif
