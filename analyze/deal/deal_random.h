/* deal_random.h -- uniformly random deals (every one of the 52!/(13!)^4
 * deals equally likely) from a seeded GSL generator: the null model of the
 * odds tables, for Monte Carlo tests, tests and benchmarks. */
#ifndef WHISTLAB_DEAL_RANDOM_H
#define WHISTLAB_DEAL_RANDOM_H

#include <gsl/gsl_rng.h>
#include "formats/card.h"

/* Shuffles the pack (gsl_ran_shuffle) and deals 13 cards to each seat. */
void deal_random_hands(gsl_rng *rng, hand_t hand[4]);

#endif
