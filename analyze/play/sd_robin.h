/* sd_robin.h -- the duplicate round robin of `whistlab play --round-robin`:
 * every pair of the chosen conventions plays every deal of the files at
 * two tables with the seats swapped (sd_duplicate.h), each pair's gains
 * added to a paired accumulator (the report's t-test and the field). The
 * run also accounts for what it read of each file (deals, content digest,
 * where reading stopped), for the report's provenance and its INCOMPLETE
 * mark. */
#ifndef WHISTLAB_SD_ROBIN_H
#define WHISTLAB_SD_ROBIN_H

#include <stdint.h>
#include "analyze/lead/lead.h"
#include "analyze/run/corpus_run.h"
#include "formats/deal_stream.h"
#include "stats/paired.h"
#include "stats/report/provenance.h"
#include "stats/tally.h" /* STATS_MAX_CONV */

/* A whist deal played, for the per-deal table: where it was read, its
 * board, 0-based position in its file, trumps and eldest hand, and each
 * pair's duplicate gain (i < j in row order: 0-1, 0-2, ..., 1-2, ...). */
typedef struct {
    const char *file;
    uint64_t line, index;
    uint32_t board;
    int trump, leader;
    const int8_t *gain;
} sd_robin_deal;

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
    /* Each problem of the input (a record that cannot be read or played, a
     * file that cannot be read on), in input order; NULL: none reported. */
    void (*problem)(void *ctx, const diag_t *diag);
    /* Each whist deal played (within --limit), in input order; NULL: none. */
    void (*played)(void *ctx, const sd_robin_deal *d);
    /* The progress (corpus_run.h): whist deals played so far, of those
     * expected (at most --limit; a reading pass counts them). NULL: none. */
    void (*progress)(void *ctx, run_progress at, uint64_t played, uint64_t expected);
    void *ctx;
} sd_robin_opts;

typedef struct {
    paired_acc pair[STATS_MAX_CONV][STATS_MAX_CONV]; /* i < j: i's gain against j */
    uint64_t read, played, rejected, repeats;
    uint64_t left;         /* deals read that the input's condition (--where) left out */
    int ninputs;
    input_account *inputs; /* one per file, the caller's (zeroed): what was
                              read of it, and where reading stopped */
} sd_robin_result;

typedef enum {
    SD_ROBIN_OK,       /* every record played */
    SD_ROBIN_REJECTS,  /* some were rejected, or could not be read or played */
    SD_ROBIN_STOPPED,  /* a file could not be read to its end (INCOMPLETE) */
    SD_ROBIN_NOMEM,    /* nothing played: out of memory */
} sd_robin_status;

/* Plays the files into res (res->inputs set, the rest cleared here),
 * reporting each problem to o->problem. */
sd_robin_status sd_robin_run(const sd_robin_opts *o, char *const files[], int nfiles, sd_robin_result *res);

#endif
