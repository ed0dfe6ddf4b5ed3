/* sd_robin.h -- the duplicate round robin of `whistlab play --round-robin`:
 * every pair of the chosen conventions plays every deal of the files at
 * two tables with the seats swapped (sd_duplicate.h), and the report gives
 * each pair's mean gain per deal with its paired t-test, and each
 * convention's mean gain against the field. */
#ifndef WHISTLAB_SD_ROBIN_H
#define WHISTLAB_SD_ROBIN_H

#include <stdint.h>
#include <stdio.h>
#include "analyze/lead.h"
#include "formats/input_opts.h"

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

/* Plays the files and prints the report to out; diagnostics on stderr.
 * Returns an exit status of cmds.h. */
int sd_robin_run(const sd_robin_opts *o, char *const files[], int nfiles, FILE *out);

#endif
