/* sd_verify_run.h -- `play --verify` over a corpus, as a job of the corpus
 * runner (analyze/run/corpus_run.h): every deal's recorded play (repeats
 * too: another table's play of the deal) checked on the runner's workers
 * (sd_verify.h), the results counted in input order, each problem told as
 * `file:line: board N: why` through the runner, in input order; a deal
 * the reader rejected (an impossible [Play]) is a problem too, one whose
 * hands are unknown is not (it is valid, just not checkable). The counts
 * are the job's state: a run saved and resumed (--save, --resume) ends
 * with the counts of a run never stopped. */
#ifndef WHISTLAB_SD_VERIFY_RUN_H
#define WHISTLAB_SD_VERIFY_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "analyze/run/corpus_run.h"

typedef struct {
    uint64_t deals;          /* deals and repeats checked */
    uint64_t rejected;       /* deals the reader rejected (a problem each) */
    uint64_t played;         /* with a recorded play */
    uint64_t legal, complete, claimed, result_checked;
    uint64_t problems;       /* plays found wrong, and rejections */
    uint64_t no_play;
    uint64_t left;           /* deals --where left out: not checked */
} verify_counts;

/* The runner's job (run_opts.as_read set), counting into n; its state,
 * saved in a checkpoint's job section, is n. */
run_job sd_verify_job(verify_counts *n);

/* The bytes of a saved state (the job section), and n read back from
 * them: false when they are not such a state. */
#define SD_VERIFY_STATE_BYTES (10 * 8)
bool sd_verify_state_load(verify_counts *n, const unsigned char *state, size_t len);

#endif
