/* odds_run.h -- the empirical odds over a stream of deals: deduplication,
 * the dealer and turn-up modes, and the counting spread over worker threads.
 *
 * The caller adds deals one by one (from files or from a generator); the
 * counting happens in batches on the workers, each with its own integer
 * accumulator, merged at the end, so the result does not depend on the
 * number of threads.
 *
 * When the caller leaves a mode to the corpus (odds.md S2.5: "record if
 * every deal has one, else all"), the candidate modes are counted side by
 * side until a deal without a dealer or turn-up rules the record modes out;
 * the stream is read once. */
#ifndef WHISTLAB_ODDS_RUN_H
#define WHISTLAB_ODDS_RUN_H

#include "analyze/odds/odds_events.h"
#include "analyze/odds/odds_acc.h"

enum { ODDS_MODE_DEFAULT = -1 };

typedef struct {
    int dealer_mode; /* odds_dealer_mode or ODDS_MODE_DEFAULT */
    int turnup_mode; /* odds_turnup_mode or ODDS_MODE_DEFAULT */
    int threads;     /* workers; 0 = one per online CPU, 1 = in the caller */
    bool dedup;      /* drop deals seen before (odds.md S2.5) */
} odds_run_opts;

typedef struct odds_run odds_run;

/* NULL when out of memory or the modes conflict (--turnup record needs
 * --dealer record). */
odds_run *odds_run_new(const odds_run_opts *o);

/* Adds a deal; false if it repeats one added before (then not counted). */
bool odds_run_add(odds_run *r, const odds_deal *d);

typedef struct {
    uint64_t accepted;   /* deals counted */
    uint64_t duplicates; /* deals dropped as repeats */
    uint64_t no_dealer;  /* counted deals without a recorded dealer */
    uint64_t no_turnup;  /* counted deals without a recorded turn-up */
    odds_dealer_mode dealer_mode; /* the modes used */
    odds_turnup_mode turnup_mode;
} odds_run_summary;

/* Waits for the workers and returns the merged counts (valid until
 * odds_run_free); may be called once. */
const odds_acc *odds_run_finish(odds_run *r, odds_run_summary *summary);
void odds_run_free(odds_run *r);

#endif
