/* odds_run.h -- the empirical odds over a corpus, as a job of the corpus
 * runner (analyze/run/corpus_run.h), which reads the deals, accounts for
 * every record, shows progress, checkpoints and resumes: each deal as read
 * made an odds deal by the --leader / --trump turnup policy (odds_input.h),
 * repeats dropped in input order (odds.md S2.5: rotations too), the rest
 * counted on the runner's workers, each into accumulators of its own,
 * gathered at checkpoints and at the end, so the result does not depend on
 * the number of threads.
 *
 * When the caller leaves a mode to the corpus (odds.md S2.5: "record if
 * every deal has one, else all"), the candidate modes are counted side by
 * side until a deal without a dealer or turn-up rules the record modes out;
 * the corpus is read once. */
#ifndef WHISTLAB_ODDS_RUN_H
#define WHISTLAB_ODDS_RUN_H

#include "analyze/odds/odds_events.h"
#include "analyze/odds/odds_acc.h"
#include "analyze/run/corpus_run.h"

enum { ODDS_MODE_DEFAULT = -1 };
/* Corpus files a run tells apart (its per-file lines). */
#define ODDS_MAX_FILES 256

typedef struct {
    int dealer_mode; /* odds_dealer_mode or ODDS_MODE_DEFAULT */
    int turnup_mode; /* odds_turnup_mode or ODDS_MODE_DEFAULT */
    int threads;     /* the runner's workers (0 = one per online CPU) */
    bool dedup;      /* drop deals seen before (odds.md S2.5) */
    const input_opts *io; /* the policy the deals are counted under */
} odds_run_opts;

typedef struct odds_run odds_run;

/* NULL when out of memory or no mode is possible. */
odds_run *odds_run_new(const odds_run_opts *o);

/* Before the run: count shard of shards only (1 of 1: all, the default):
 * the deals whose identity, rotations and repeats alike, falls to it, and
 * with shard 1 the records that count no deal. The runner is then to read
 * every record (run_opts.job_shards). */
void odds_run_shard(odds_run *r, unsigned shard, unsigned shards);

/* Deals that are not read from a corpus (the tests' and benchmarks'
 * random ones): added one by one and counted at once, in the caller;
 * false if it repeats one added before (then not counted). */
bool odds_run_add(odds_run *r, const odds_deal *d);

/* The runner's job for r (run_opts.as_read set, its state r's). */
run_job odds_run_job(odds_run *r);
/* The state saved at each checkpoint (run_opts.job_state): bytes of it. */
void *odds_run_state(odds_run *r, size_t *bytes);
/* Resuming: the state read back into odds_run_state's buffer is taken
 * again, and the distinct deals of the records before `records` seen
 * again (files re-read: the deals need no counting). False with why
 * filled when the state is not one of these settings or a file fails. */
bool odds_run_resume(odds_run *r, const char *const files[], int nfiles, uint64_t records, diag_t *why);

/* The bytes of a saved state (odds_run_state's), for a reader's buffer. */
size_t odds_run_state_size(void);
/* The saved state of a shard (odds_run_state's bytes, read back from its
 * state file) as a run to merge the other shards into and finish; NULL with
 * why filled when the bytes are not a counting of odds. */
odds_run *odds_run_of_state(const void *state, size_t bytes, diag_t *why);
/* Adds another shard's saved state to r: the counts and accumulators
 * summed, the modes still possible those of both. False with why filled
 * when it was counted under other modes. */
bool odds_run_merge_state(odds_run *r, const void *state, size_t bytes, diag_t *why);

/* What one corpus file gave. */
typedef struct {
    uint64_t read, rejected, repeats, left; /* read = accepted + repeats + rejected + left */
    uint64_t format;                        /* its deal_format */
} odds_file_counts;

typedef struct {
    uint64_t read;       /* deals read (repeats too) */
    uint64_t accepted;   /* deals counted */
    uint64_t duplicates; /* deals dropped as repeats (of the stream or seen before) */
    uint64_t rejected, left;
    uint64_t no_dealer;  /* counted deals without a recorded dealer */
    uint64_t no_turnup;  /* counted deals without a recorded turn-up */
    odds_dealer_mode dealer_mode; /* the modes used */
    odds_turnup_mode turnup_mode;
    const odds_file_counts *file; /* per corpus file */
} odds_run_summary;

/* The merged counts once the run is over (valid until odds_run_free). */
const odds_acc *odds_run_finish(odds_run *r, odds_run_summary *summary);
void odds_run_free(odds_run *r);

#endif
