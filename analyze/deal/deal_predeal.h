/* deal_predeal.h -- whist deals with cards fixed in advance, the rest dealt
 * uniformly at random, exactly: the method of lead studies (Bird and
 * Anthias; Lead Solver; redeal's predeal), for `whistlab deal --predeal`
 * and `whistlab lead --simulate`.
 *
 * Seats are fixed whole or in part, either relative to the dealer (the
 * leader = the eldest hand, second, third, dealer: the fixed cards follow
 * the deal as it passes to the left) or absolute (north ... west). The
 * turn-up, the dealer's last card, is in the dealer's hand and fixes
 * trumps: a fixed turn-up is placed there; with trumps fixed but no turn-up,
 * the turn-up is drawn uniformly from the trumps left, which is exactly the
 * deal conditioned on those trumps (every hand of the dealer and every
 * trump card in it equally likely). The cards left then go to the places
 * left by a uniform shuffle (deal_gen.h's step 3): no rejection, no loop
 * that can run for ever.
 *
 * Deal i is made from block i / 4096's generator (deal_gen.h's step 2), so
 * the same seed gives the same deals for any number of threads; its dealer
 * is seat i mod 4 as in a plain run. */
#ifndef WHISTLAB_DEAL_PREDEAL_H
#define WHISTLAB_DEAL_PREDEAL_H

#include <gsl/gsl_rng.h>
#include <stdbool.h>
#include "analyze/deal/deal_draw.h"
#include "formats/diag.h"

enum { PREDEAL_NONE, PREDEAL_RELATIVE, PREDEAL_ABSOLUTE };

typedef struct {
    int seats;         /* PREDEAL_NONE (no seat fixed), _RELATIVE or _ABSOLUTE */
    hand_t fixed[4];   /* relative: 0 leader, 1 second, 2 third, 3 dealer;
                          absolute: by seat (N E S W) */
    card_t turnup;     /* CARD_NONE: not fixed */
    int trump;         /* -1: not fixed; else SUIT_S..SUIT_C */
} deal_predeal;

void deal_predeal_init(deal_predeal *p);

/* Adds "SEAT=HAND" (SEAT: leader or eldest, second, third or partner,
 * dealer or fourth; or north east south west; HAND as hand_text.h, in part
 * or whole); false with diag filled. */
bool deal_predeal_add(deal_predeal *p, const char *spec, diag_t *diag);

/* Checks that the constraints can be met (no card twice, at most 13 cards a
 * seat, the turn-up of the trump suit and not in another hand, a trump
 * left for the dealer to turn up); false with diag filled. */
bool deal_predeal_check(const deal_predeal *p, diag_t *diag);

/* True when p fixes anything (else deal_gen's plain scheme applies). */
bool deal_predeal_active(const deal_predeal *p);

/* Deal `index` of the stream under p, drawing from rng (set for its block). */
void deal_predeal_one(gsl_rng *rng, const deal_predeal *p, uint64_t index, gen_deal *g);

#endif
