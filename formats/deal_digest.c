/* deal_digest.c -- a deal's canonical record and its digest term. */
#include <string.h>
#include "deal_digest.h"

/* The record's words after the position: the four hands, then the dealer,
 * leader, trump suit and turn-up (the board number goes above them). */
static void record(const deal_t *d, uint64_t w[5])
{
    /* The facts each format keeps, in one form: the leader is the dealer's
     * left when only the dealer is given (and the other way round), and a
     * turn-up fixes the trump suit. */
    unsigned dealer = d->dealer, leader = d->leader, strain = d->strain;
    card_t turnup = (d->flags & DEAL_TURNUP_INFERRED) ? CARD_NONE : d->turnup;
    if (leader == SEAT_NONE && dealer <= SEAT_W) leader = (unsigned)deal_eldest((int)dealer);
    if (dealer == SEAT_NONE && leader <= SEAT_W) dealer = (unsigned)deal_dealer_of_leader((int)leader);
    if (turnup != CARD_NONE) strain = (unsigned)card_suit(turnup);
    w[0] = d->hand[SEAT_N];
    w[1] = d->hand[SEAT_E];
    w[2] = d->hand[SEAT_S];
    w[3] = d->hand[SEAT_W];
    w[4] = (uint64_t)dealer | (uint64_t)leader << 8 | (uint64_t)strain << 16 | (uint64_t)turnup << 24;
}

digest128 deal_digest_term(const deal_t *d, uint64_t position)
{
    uint64_t w[6] = {position};
    record(d, w + 1);
    w[5] |= (uint64_t)d->board << 32;
    return digest128_words(w, 6);
}

uint64_t deal_digest_key(const deal_t *d)
{
    uint64_t w[5];
    record(d, w);
    return digest128_words(w, 5).lane[0];
}

bool deal_digest_same_record(const deal_t *a, const deal_t *b)
{
    if (a->board != b->board) return false;
    /* the same facts as read make the same record; other facts may too */
    if (memcmp(a->hand, b->hand, sizeof a->hand) == 0 && a->dealer == b->dealer && a->leader == b->leader &&
        a->strain == b->strain && a->turnup == b->turnup &&
        !((a->flags ^ b->flags) & DEAL_TURNUP_INFERRED))
        return true;
    uint64_t x[5], y[5];
    record(a, x);
    record(b, y);
    return memcmp(x, y, sizeof x) == 0;
}

void deal_digest_add(digest128 *sum, digest128 term)
{
    sum->lane[0] += term.lane[0];
    sum->lane[1] += term.lane[1];
}
