/* sd_robin.h -- the duplicate round robin of `whistlab play --round-robin`:
 * every pair of the chosen conventions plays every deal of the files at
 * two tables with the seats swapped (sd_duplicate.h), each pair's gains
 * added to a paired accumulator (the report's t-test and the field). The
 * run also accounts for what it read of each file (deals, content digest,
 * where reading stopped), for the report's provenance and its INCOMPLETE
 * mark. It writes the per-deal table (stats/report/robin_csv.h) and, asked
 * to, a state file (stats/report/wls.h: its gains in the counters of the
 * pairs, the settings text the caller makes), checkpointed every so many
 * seconds and when stopped, from which a later run goes on (--resume)
 * with the same bytes at the end as a run never stopped. */
#ifndef WHISTLAB_SD_ROBIN_H
#define WHISTLAB_SD_ROBIN_H

#include <signal.h>
#include <stdint.h>
#include "analyze/lead/lead.h"
#include "analyze/run/corpus_run.h"
#include "formats/deal_stream.h"
#include "stats/paired.h"
#include "stats/report/provenance.h"
#include "stats/tally.h" /* STATS_MAX_CONV */

/* A state file is saved every so many seconds of play (--save). */
#define ROBIN_CHECKPOINT_S 30

typedef struct {
    const convention *conv[STATS_MAX_CONV];
    int nconv;
    input_opts input;
    uint64_t seed, limit;  /* limit: whist deals played at most (0 = all) */
    bool signals;
    unsigned ext;
    int threads;           /* threads that play (0: one per online core) */
    /* Under mpirun: the world (NULL or size 1: one process). Rank 0 reads
     * and accounts; every other rank plays the deals it is sent. */
    const dd_mpi_world *mpi;
    /* The per-deal table (NULL: none; "-": standard output). */
    const char *csv_deals;
    /* What it rests on, its comment lines (run_opts.table_about; NULL: none). */
    const provenance *csv_about;
    /* The state file to save (NULL: none), every checkpoint_s seconds
     * (and every checkpoint_every deals when not 0), when stopped and at
     * the end; the run's settings text, which it keeps (a state saved with
     * another is not resumed). */
    const char *save, *config;
    double checkpoint_s;
    uint64_t checkpoint_every;
    /* A state file to go on from (NULL: a new run): saved with config,
     * over the same files, whose deals before its resume point have not
     * changed. */
    const char *resume;
    /* Set (from a signal handler) to stop early, the state saved. */
    volatile sig_atomic_t *stop;
    /* Each problem of the input (RUN_PROBLEM: a record that cannot be read
     * or played; RUN_INPUT: a file that cannot be read on), and each
     * output that cannot be written (RUN_FAILURE), in input order; NULL:
     * none reported. */
    void (*note)(void *ctx, run_note kind, const diag_t *diag);
    /* The progress (corpus_run.h): whist deals played so far, of those
     * expected (at most --limit; a reading pass counts them). NULL: none. */
    void (*progress)(void *ctx, run_progress at, uint64_t played, uint64_t expected);
    void *ctx;
} sd_robin_opts;

typedef struct {
    paired_acc pair[STATS_MAX_CONV][STATS_MAX_CONV]; /* i < j: i's gain against j */
    uint64_t read, played, rejected, repeats;
    uint64_t left;         /* deals read that the input's condition (--where) left out */
    uint64_t kept;         /* resumed: the whist deals played that the state file kept */
    int ninputs;
    input_account *inputs; /* one per file, the caller's (zeroed; room for
                              WLS_MAX_INPUTS when resuming): what was read
                              of it, and where reading stopped */
    diag_t why;            /* SD_ROBIN_NOT_RESUMED: why */
} sd_robin_result;

typedef enum {
    SD_ROBIN_OK,       /* every record played */
    SD_ROBIN_REJECTS,  /* some were rejected, or could not be read or played */
    SD_ROBIN_STOPPED,  /* a file could not be read to its end (INCOMPLETE) */
    SD_ROBIN_NOMEM,    /* nothing played: out of memory */
    SD_ROBIN_FAILED,   /* an output or the state file could not be written (noted) */
    SD_ROBIN_INTERRUPTED, /* *stop was set: the state file says where the run stands */
    SD_ROBIN_UNREADABLE,  /* the state to resume cannot be read (res->why) */
    SD_ROBIN_NOT_RESUMED, /* it was saved with other settings, or its files changed (res->why) */
} sd_robin_status;

/* Plays the files into res (res->inputs set, the rest cleared here, or
 * as the state resumed left them), reporting each problem to o->note. */
sd_robin_status sd_robin_run(const sd_robin_opts *o, char *const files[], int nfiles, sd_robin_result *res);

#endif
