/* lead_sim.h -- a lead problem: one leader's hand against many layouts of
 * the other 39 cards (the method of Bird and Anthias, Lead Solver and
 * Pavlicek's lead tables, for whist). The hand is fixed as the eldest
 * hand's, the turn-up fixed or drawn from the trumps left (deal_predeal.h),
 * the rest dealt uniformly; every card of the hand is valued on every
 * layout double-dummy (one DDS solutions=3 solve a layout) and/or by the
 * rule-based players playing the deal out after that forced opening card,
 * the leader's side by each convention, the dealer's side by the
 * opponents'. Each convention's own choice of lead is noted per layout.
 *
 * Layouts are dealt from a seed (deal i is deal i of the seed's stream
 * under the constraints), solved and played on every core, and taken back
 * in order: the tables are the same for any number of threads. */
#ifndef WHISTLAB_LEAD_SIM_H
#define WHISTLAB_LEAD_SIM_H

#include <stdbool.h>
#include "analyze/deal/deal_gen.h"
#include "analyze/lead/lead.h"
#include "stats/report/lead_table.h"
#include "stats/tally.h" /* STATS_MAX_CONV */

typedef struct {
    hand_t hand;           /* the leader's 13 cards */
    int trump;             /* SUIT_S..SUIT_C */
    card_t turnup;         /* the dealer's turned card; CARD_NONE: drawn per layout */
    uint64_t layouts, seed;
    bool dd, play;         /* what values the cards */
    const convention *conv[STATS_MAX_CONV]; /* whose choices are noted; with play,
                                                  the leader's side's conventions */
    int nconv;
    const convention *opponents; /* the dealer's side in play (NULL: each convention) */
    bool signals;          /* analyze/play/RULES.md §11 */
    unsigned ext;          /* analyze/play/RULES.md §13 rules */
    int threads;           /* 0: as many as DDS has */
    /* Conditions on the hidden hands: cards of the second hand, the
     * partner and the dealer fixed (relative seats; NULL: none), dealt
     * exactly; and a --where condition (NULL: none) kept by rejection
     * from the same stream, layout i being the i-th that meets it, at most
     * max_dealt layouts dealt in all (0: 1000 a layout asked for). */
    const deal_predeal *fixed;
    const deal_filter *where;
    const char *where_text;  /* the condition as given, for the reports */
    uint64_t max_dealt;
} lead_sim_opts;

/* One layout as the run takes it back, for a per-layout table. */
typedef struct {
    uint64_t index;        /* 0-based layout number */
    gen_deal deal;
    int dd[LEAD_TABLE_COLS];                     /* by column: double-dummy tricks */
    int play[STATS_MAX_CONV][LEAD_TABLE_COLS]; /* by convention and column */
    lead_choice choice[STATS_MAX_CONV];       /* each convention's own lead */
} lead_sim_layout;

typedef struct {
    int ncols;
    card_t card[LEAD_TABLE_COLS];      /* the columns: the hand's cards, spades first, high first */
    lead_table dd;                     /* with opts.dd */
    lead_table play[STATS_MAX_CONV]; /* with opts.play, by convention */
    /* How often each convention chose each column, and by which rules the
     * first time (its rule ids "LS-A4/LS14"). */
    uint64_t chosen[STATS_MAX_CONV][LEAD_TABLE_COLS];
    char chosen_rule[STATS_MAX_CONV][LEAD_TABLE_COLS][48];
    uint64_t layouts;                  /* taken back */
    uint64_t dealt;                    /* layouts dealt, those --where left included */
    bool too_rare;                     /* --where: max_dealt reached short of the layouts asked for */
} lead_sim_result;

/* Checks o (13 cards, trumps, the turn-up a trump not in the hand, the
 * fixed cards of the other seats given relative to the dealer and apart
 * from the hand) and fills the predeal it implies; false with diag filled. */
bool lead_sim_setup(const lead_sim_opts *o, deal_predeal *pre, diag_t *diag);

/* Runs o; each layout goes to sink (may be NULL) in order. False with diag
 * filled when the run could not start, a solve failed or the sink stopped
 * it (res then holds the layouts taken back). */
bool lead_sim_run(const lead_sim_opts *o, lead_sim_result *res,
                  bool (*sink)(void *ctx, const lead_sim_layout *l), void *ctx, diag_t *diag);

#endif
