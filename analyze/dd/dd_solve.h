/* dd_solve.h -- the double-dummy value of every opening lead of a deal, from
 * one DDS SolveBoard call (target -1, solutions 3, mode 1).
 *
 * DDS lists each group of equal cards once (a card plus an "equals" bit set
 * of the lower cards that score the same); this wrapper expands the groups so
 * that every card of the leader's hand has its own value. Trumps are the
 * deal's strain (STRAIN_NT solves as DDS no-trump, strain 4) and the leader
 * is the deal's eldest hand (analyze/lead/RULES.md §8.4). */
#ifndef WHISTLAB_DD_SOLVE_H
#define WHISTLAB_DD_SOLVE_H

#include <stddef.h>
#include <stdint.h>
#include "analyze/dd/dd_engine.h"
#include "formats/deal.h"

/* DDS's success code (RETURN_NO_FAULT), so callers need not include DDS. */
#define DD_OK 1

/* tricks[card] = tricks the leader's side takes after leading card, for each
 * card of the leader's hand; -1 for every other card. */
typedef struct {
    int8_t tricks[64];
} dd_leads;

/* The solver threads engine e runs: for DDS, loads libdds and calls
 * SetMaxThreads(0), once (later calls do nothing), and returns the number
 * of solver threads DDS configured: valid thread indices are 0..n-1; 0
 * when libdds cannot be loaded (dd_unavailable says why). For the own
 * engine, one per CPU online (libdds is not loaded). Thread-safe. */
int dd_init(dd_engine e);
/* Why engine e cannot be used ("cannot load libdds ..."), or NULL when it
 * can. */
const char *dd_unavailable(dd_engine e);

/* What one thread solves with: the engine, DDS's thread index (one
 * solver a thread: DDS keeps a table per index), and the own engine's
 * context, opened on the solver's first solve and kept for the next (its
 * table holds positions across deals). A pool's worker owns one; one made
 * by dd_solver_make is closed by dd_solver_close. */
typedef struct {
    dd_engine engine;
    int thread;
    struct dde_ctx *own;
} dd_solver;

dd_solver dd_solver_make(dd_engine e, int thread);
void dd_solver_close(dd_solver *s);

/* Solves d (strain and leader must be set) with s. Returns DD_OK, or an
 * error code (out is then all -1): DDS's, or the own engine's
 * (DD_OWN_...). */
int dd_solve_leads(dd_solver *s, const deal_t *d, dd_leads *out);

/* The values of chosen cards only, with fewer searches than
 * dd_solve_leads: one solutions=1 search gives the best value and one
 * optimal card, whose group of equal cards (a run of ranks the leader
 * holds, which double-dummy are worth the same) shares it; every other
 * card of cards[0..n-1] (cards of the leader's hand) costs one
 * solutions=1 search of the position after it is led. out->tricks gets
 * the value of each card asked for (and of the cards equal to the best
 * one), -1 elsewhere; *best the best value. *searches (may be NULL)
 * counts the SolveBoard calls made. Returns DD_OK or a DDS error code. */
int dd_solve_cards(dd_solver *s, const deal_t *d, const card_t *cards, int n, dd_leads *out, int *best,
                   int *searches);

/* The text for an error code (DDS's, or the own engine's), into buf (at least 80 bytes). */
void dd_error_text(int code, char *buf, size_t len);

/* The best value among the leader's cards; -1 if none. */
int dd_best_tricks(const dd_leads *l);

#endif
