/* dd_engine.h -- which double-dummy engine the solves of this process use:
 * DDS (libdds, dd_solve.c: the default) or whistlab's own (engine/dde.h).
 * Both give the same values (tests/test_dd_engines.c), so the choice is
 * one of speed only: dd_solve_leads, dd_solve_cards, dd_init and
 * dd_error_text (dd_solve.h) dispatch on it, and their callers (the pool,
 * the store builder, replay, lead --simulate) do not know which solved.
 *
 * The choice is the process's, made once by the front end (--engine)
 * before the first solve: every rank of an MPI run parses the same command
 * line. The own engine keeps one context (its transposition table,
 * DDE_TT_BYTES_DEFAULT) per thread that solves, opened on the thread's
 * first solve and closed when the thread ends. */
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

/* The engine of every later solve of this process (default DD_ENGINE_DDS). */
void dd_engine_use(dd_engine e);
dd_engine dd_engine_used(void);

/* The own engine's side of dd_solve.h's two solves (dd_solve.c dispatches
 * to them), on the calling thread's context: tricks as dd_leads holds them,
 * the same contracts; 0 or a DD_OWN_ code. */
int dd_own_solve_leads(const deal_t *d, int8_t tricks[64]);
int dd_own_solve_cards(const deal_t *d, const card_t *cards, int n, int8_t tricks[64], int *best);
/* Solver threads with the own engine: one per CPU online. */
int dd_own_threads(void);

#endif
