/* odds_events.h -- what the odds tables observe in one deal (odds.md S2.5
 * and the "Empirical" paragraphs of S3): who holds which named cards, trump
 * counts by seat relative to the dealer, patterns, honours, points. The
 * result is the per-deal histograms of analyze/odds/odds_tables.h; the rows and
 * their estimates are derived from those in stats/. */
#ifndef WHISTLAB_ODDS_EVENTS_H
#define WHISTLAB_ODDS_EVENTS_H

#include "formats/card.h"
#include "analyze/odds/odds_tables.h"

/* A deal as the odds need it. */
typedef struct {
    hand_t hand[4];
    uint8_t dealer; /* recorded dealer, SEAT_NONE if none */
    card_t turnup;  /* recorded turn-up (in the dealer's hand), CARD_NONE if none */
} odds_deal;

/* --dealer: the recorded dealer, or each seat in turn (4 pseudo-deals). */
typedef enum { ODDS_DEALER_RECORD, ODDS_DEALER_ALL } odds_dealer_mode;
/* --turnup: the recorded turn-up, each of the dealer's 13 cards in turn, or
 * none (the rows that need one stay empty). */
typedef enum { ODDS_TURNUP_RECORD, ODDS_TURNUP_ALL, ODDS_TURNUP_NONE } odds_turnup_mode;

/* The groups that need no dealer (clears c first). */
void odds_events_deal(const odds_deal *d, odds_deal_counts *c);

/* The per-dealer, per-turn-up groups (clears c first). A deal that lacks
 * what the modes ask for (a recorded dealer or turn-up) leaves c empty. */
void odds_events_turnup(const odds_deal *d, odds_dealer_mode dm, odds_turnup_mode tm, odds_turnup_counts *c);

#endif
