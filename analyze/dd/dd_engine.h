/* dd_engine.h -- the double-dummy engines a solve may use: DDS (libdds,
 * dd_solve.c: the default) or whistlab's own (engine/dde.h). Both give the
 * same values (tests/test_dd_engines.c), so the choice is one of speed
 * only: a dd_solver (dd_solve.h) names its engine, dd_solve_leads and
 * dd_solve_cards dispatch on it, and their callers (the pool, the store
 * builder, replay, lead --simulate) do not know which solved.
 *
 * The choice travels with the run, from the command's options (--engine)
 * through the runner's options (analyze/run/corpus_run.h) to the pool,
 * whose every worker owns a solver of that engine: no state of the
 * process holds it, so that two runs with different engines may share a
 * process. Every rank of an MPI run parses the same command line. The own
 * engine's context (its transposition table, DDE_TT_BYTES_DEFAULT) belongs
 * to the solver, opened on its first solve and closed with it. */
#ifndef WHISTLAB_DD_ENGINE_H
#define WHISTLAB_DD_ENGINE_H

#include <stdint.h>
#include "formats/deal.h"

typedef enum {
    DD_ENGINE_DDS,      /* "dds": libdds's SolveBoard */
    DD_ENGINE_WHISTLAB, /* "whistlab": analyze/dd/engine */
} dd_engine;

/* Error codes of the own engine (beside DDS's, which are -1 to -201, and
 * DD_PEER_LOST), worded by dd_error_text. */
#define DD_OWN_BAD_POSITION (-1101) /* the deal is not a position it solves */
#define DD_OWN_NO_MEMORY (-1102)    /* no memory for the thread's context */

/* Room for an engine's name and its NUL (a store's record holds more: the names
 * of a merge's parts). */
#define DD_ENGINE_NAME_MAX 16

/* The engine's name, as --engine and a store's record give it: "dds",
 * "whistlab"; NULL past the last. */
const char *dd_engine_name(int i);
/* The engine named name; -1 if none. */
int dd_engine_parse(const char *name);

/* The engine an option's field names: "" (the default) or "dds" DDS,
 * "whistlab" the own; DD_ENGINE_DDS for a name of none. */
dd_engine dd_engine_of_name(const char *name);

/* The own engine's context (engine/dde.h), a solver's. */
struct dde_ctx;

/* The own engine's side of dd_solve.h's two solves (dd_solve.c dispatches
 * to them), on the context *ctx (opened here on its first solve; the
 * caller closes it with dd_own_close): tricks as dd_leads holds them, the
 * same contracts; 0 or a DD_OWN_ code. */
int dd_own_solve_leads(struct dde_ctx **ctx, const deal_t *d, int8_t tricks[64]);
int dd_own_solve_cards(struct dde_ctx **ctx, const deal_t *d, const card_t *cards, int n, int8_t tricks[64],
                       int *best);
void dd_own_close(struct dde_ctx *ctx);
/* Solver threads with the own engine: one per CPU online. */
int dd_own_threads(void);

#endif
