/* holding_tally.h -- tables by holding led (issue 28 item 4; Bird and
 * Anthias, Pavlicek's lead tables): over the deals of a corpus, for each
 * group of holdings (holding_groups.h), plain suits and trumps apart, how
 * many of the eldest hand's suits were of it, how often each convention led
 * from one, and the double-dummy value of each card of it as the opening
 * lead: its tricks minus the best lead's, and whether it is a best lead.
 *
 * Every deal is a cluster (two suits of one group in a hand are not
 * independent): the sums are those of stats/binom_ci.h, whose intervals
 * are cluster-adjusted. */
#ifndef WHISTLAB_HOLDING_TALLY_H
#define WHISTLAB_HOLDING_TALLY_H

#include <stdint.h>
#include "analyze/lead/holding_groups.h"
#include "formats/card.h"
#include "stats/binom_ci.h"
#include "stats/tally.h" /* STATS_MAX_CONV */

typedef struct {
    cluster_sums held;                       /* m: the hand's suits of the group (S: m) */
    cluster_sums led[STATS_MAX_CONV];        /* S: those the convention led from */
    cluster_sums vs_best[HOLDING_MAX_COLS];  /* the column's card: tricks - the best lead's */
    cluster_sums best[HOLDING_MAX_COLS];     /* S: 1 where it is a best lead */
} holding_cell;

typedef struct {
    const holding_groups *groups;
    int nconv;
    uint64_t deals, valued;                  /* deals added; those with values */
    /* by group (the last: "other") and plain (0) or trumps (1) */
    holding_cell cell[HOLDING_MAX_GROUPS + 1][2];
} holding_tally;

void holding_tally_init(holding_tally *t, const holding_groups *g, int nconv);

/* The cell of group gi (HOLDING_OTHER: the last). */
const holding_cell *holding_tally_cell(const holding_tally *t, int gi, int trumps);

/* One deal: the eldest hand's cards, trumps (SUIT_S..SUIT_C, or STRAIN_NT),
 * each convention's opening lead (CARD_NONE: none), and the double-dummy
 * tricks of his side after each card of his hand (tricks[card]; NULL: no
 * values). */
void holding_tally_add(holding_tally *t, hand_t hand, int trump, const card_t *led, const int8_t *tricks);

#endif
