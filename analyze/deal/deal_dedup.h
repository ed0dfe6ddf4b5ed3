/* deal_dedup.h -- recognising a deal seen before, whatever seat its hands
 * were given to (odds.md S2.5: the key is the sorted multiset of the four
 * hand masks, so both rooms of a match and rotated copies count once).
 *
 * The set keeps a 64-bit digest per distinct deal in a table at most 3/4
 * full (at most 22 bytes per distinct deal: the only memory of a corpus run
 * that grows with the corpus), and a false "seen" has a chance of about
 * n^2 / 2^65 (3e-6 for ten million deals). */
#ifndef WHISTLAB_DEAL_DEDUP_H
#define WHISTLAB_DEAL_DEDUP_H

#include <stdbool.h>
#include "formats/card.h"

typedef struct deal_dedup deal_dedup;

deal_dedup *deal_dedup_new(void);
void deal_dedup_free(deal_dedup *s);

/* Adds the deal; true if it was new, false if seen before. Out of memory
 * counts the deal as new. */
bool deal_dedup_add(deal_dedup *s, const hand_t hand[4]);
/* The same for a deal whose key (deal_dedup_key) the caller has already. */
bool deal_dedup_add_key(deal_dedup *s, uint64_t key);

/* The deal's digest the set keeps (never 0): the same for every seat
 * its hands were given to, so that every copy of a deal can be sent to one
 * place (odds' shards) and be known there as a repeat. */
uint64_t deal_dedup_key(const hand_t hand[4]);

#endif
