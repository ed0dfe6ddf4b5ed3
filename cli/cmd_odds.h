/* cmd_odds.h -- what `whistlab merge` asks of odds: the shards of a
 * counting (odds --corpus --shard I/N --save) added up into the whole
 * run's tables, the same bytes as the unsplit run's but for the command
 * line in their provenance. */
#ifndef WHISTLAB_CMD_ODDS_H
#define WHISTLAB_CMD_ODDS_H

#include <stdbool.h>
#include "stats/report/wls.h"

/* Whether a state file's settings text is an odds counting's. */
bool odds_part_is(const char *config);

typedef struct {
    bool partial;       /* tables marked PARTIAL when shards are missing */
    const char *save;   /* the merged state (NULL: none) */
    const char *csv;    /* the odds CSV, as odds --csv (NULL: none) */
    const char *plot;   /* the figures' directory (NULL: none) */
} odds_merge_opts;

/* Merges the state files part[0..nparts-1] and prints the tables; command
 * is merge's own command line, for the provenance; first: part[0] as the
 * caller read it (whole, its job section too: it is not read again), the
 * merged state built in it. The exit status: 1 with
 * shards missing (refused without partial), 3 when a part cannot be read
 * or does not belong with the first. */
int odds_merge(const char *command, wls_file *first, char *const part[], int nparts, const odds_merge_opts *m);

#endif
