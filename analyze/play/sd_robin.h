/* sd_robin.h -- the duplicate round robin of `whistlab play --round-robin`:
 * every pair of the chosen conventions plays every deal of the files at
 * two tables with the seats swapped (sd_duplicate.h), and the report gives
 * each pair's mean gain per deal with its paired t-test, and each
 * convention's mean gain against the field. The run also accounts for what
 * it read of each file (deals, content digest, where reading stopped), for
 * the report's provenance and its INCOMPLETE mark. */
#ifndef WHISTLAB_SD_ROBIN_H
#define WHISTLAB_SD_ROBIN_H

#include <stdint.h>
#include <stdio.h>
#include "analyze/lead/lead.h"
#include "formats/deal_stream.h"
#include "stats/paired.h"
#include "stats/provenance.h"

#define SD_ROBIN_MAX 12

typedef struct {
    const convention *conv[SD_ROBIN_MAX];
    int nconv;
    input_opts input;
    uint64_t seed, limit;  /* limit: whist deals played at most (0 = all) */
    bool signals;
    unsigned ext;
    int threads;           /* threads that play (0: one per online core) */
} sd_robin_opts;

typedef struct {
    paired_acc pair[SD_ROBIN_MAX][SD_ROBIN_MAX]; /* i < j: i's gain against j */
    uint64_t read, played, rejected, repeats;
    int ninputs;
    input_account *inputs; /* one per file, the caller's (zeroed): what was
                              read of it, and where reading stopped */
} sd_robin_result;

/* Plays the files into res (res->inputs set, the rest cleared here);
 * diagnostics on stderr, in input order. Returns an exit status of cli/cli.h. */
int sd_robin_run(const sd_robin_opts *o, char *const files[], int nfiles, sd_robin_result *res);

/* The report's tables: the deals accounted for (INCOMPLETE when a file was
 * not read to its end), each pair's duplicate gain, the field. */
void sd_robin_report(FILE *out, const sd_robin_opts *o, const sd_robin_result *res);

#endif
