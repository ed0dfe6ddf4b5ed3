/* solve_run.h -- the driver of `whistlab solve`: every whist deal of the
 * corpus solved (every lead valued, one DDS solve a deal) and its record
 * put in a store of solved leads (analyze/dd/dd_store.h), each corpus
 * record's places in order, whatever the threads or ranks: the corpus
 * runner (analyze/run/corpus_run.h) reads, accounts and orders. A solve
 * started resumable goes on from its .part: the records it holds are read
 * and accounted for, not solved again. The store is checkpointed (its
 * places synced, kept by a resume) every SOLVE_CHECKPOINT_S seconds and
 * when the run is stopped. */
#ifndef WHISTLAB_SOLVE_RUN_H
#define WHISTLAB_SOLVE_RUN_H

#include "analyze/dd/dd_store.h"
#include "analyze/run/corpus_run.h"

/* Seconds of solving between checkpoints of the store (a stop asked for
 * checkpoints at once): a solve killed loses at most this much. */
#define SOLVE_CHECKPOINT_S 30

typedef struct {
    /* The corpus, threads and ranks, progress, stop (run.stats: the
     * counts of what was read; run.known_records: set by solve_open;
     * run.checkpoint_s: 0 for SOLVE_CHECKPOINT_S). */
    run_opts run;
    dd_store_writer *to; /* rank 0: the store (solve_open) */
} solve_opts;

/* Starts the store at path for h, or goes on with path.part (resume):
 * o->known_records is then the first record to solve, *kept the places
 * the part held. NULL with diag filled. */
dd_store_writer *solve_open(const char *path, const dd_store_header *h, bool resume, run_opts *o, uint64_t *kept,
                            diag_t *diag);

/* Solves files[0..nfiles-1] into o->to (rank 0; the other ranks serve).
 * The store is neither finished nor stopped here. */
run_status solve_run(const solve_opts *o, const char *const files[], int nfiles);

#endif
