/* deal_draw.h -- the random draws of deal generation (deal_gen.h, step 2
 * and 3 of its scheme): a block's generator seed, an exactly uniform number
 * in [0, n), the Fisher-Yates shuffle of a pack with positions drawn four at
 * a time, and the generated deal they make. Shared by the plain scheme
 * (deal_gen.c) and dealing with fixed cards (deal_predeal.c). */
#ifndef WHISTLAB_DEAL_DRAW_H
#define WHISTLAB_DEAL_DRAW_H

#include <gsl/gsl_rng.h>
#include <stdint.h>
#include "formats/card.h"

#define DEAL_GEN_BLOCK 4096

/* One generated deal: trumps are the turn-up's suit, the eldest hand is the
 * dealer's left. */
typedef struct {
    hand_t hand[4];
    uint64_t index;   /* position in the stream: board index + 1 */
    uint8_t dealer;
    card_t turnup;
} gen_deal;

/* s_j of the scheme: the seed of block j's generator. */
uint32_t deal_gen_block_seed(uint64_t seed, uint64_t block);

/* One number uniform in [0, n), n >= 1 (Lemire's multiply-and-reject). */
uint32_t deal_uniform(gsl_rng *rng, uint32_t n);

/* Shuffles count cards of pack (card numbers 0..51) by step 3 of the
 * scheme; 52 cards draw exactly as the plain scheme does. */
void deal_shuffle(gsl_rng *rng, uint8_t *pack, uint32_t count);

#endif
