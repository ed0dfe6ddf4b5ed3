/* deal_random.c -- a shuffled pack dealt in four blocks of 13 (a random
 * permutation makes any fixed dealing order equally fair). */
#include <gsl/gsl_randist.h>
#include "analyze/deal/deal_random.h"

void deal_random_hands(gsl_rng *rng, hand_t hand[4])
{
    card_t pack[52];
    int n = 0;
    for (int s = 0; s < 4; s++)
        for (int r = 2; r <= 14; r++) pack[n++] = card_make(s, r);
    gsl_ran_shuffle(rng, pack, 52, sizeof pack[0]);
    for (int p = 0; p < 4; p++) {
        hand[p] = 0;
        for (int i = 0; i < 13; i++) hand[p] |= card_bit(pack[13 * p + i]);
    }
}
