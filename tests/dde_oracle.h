/* dde_oracle.h -- what the engine's test, fuzz target and benchmark share:
 * DDS's values of an engine position (SolveBoard called directly, so that
 * positions with fewer cards and cards of the current trick played are
 * asked exactly as the engine is), and seeded random deals and positions.
 * Header-only; include it after formats/ and analyze/ headers (DDS's
 * struct deal is renamed dds_deal here). */
#ifndef WHISTLAB_DDE_ORACLE_H
#define WHISTLAB_DDE_ORACLE_H

#include <string.h>
#include "analyze/dd/dd_solve.h"
#include "analyze/dd/engine/dde.h"

#define deal dds_deal
#include <dds/dll.h>
#undef deal

/* p as DDS's deal. */
static inline struct dds_deal oracle_deal(const dde_position *p)
{
    struct dds_deal dl;
    memset(&dl, 0, sizeof dl);
    dl.trump = p->trump;
    dl.first = p->first;
    for (int i = 0; i < p->nplayed; i++) {
        dl.currentTrickSuit[i] = card_suit(p->played[i]);
        dl.currentTrickRank[i] = card_rank(p->played[i]);
    }
    for (int seat = 0; seat < 4; seat++)
        for (int s = 0; s < 4; s++) dl.remainCards[seat][s] = hand_suit(p->hand[seat], s);
    return dl;
}

/* DDS's values of p's cards (solutions 3), as dde_values gives them, on
 * DDS thread `thread` (dd_init must have run: it calls SetMaxThreads).
 * Returns DDS's code. */
static inline int oracle_values(const dde_position *p, int thread, int8_t values[64], int *best)
{
    struct futureTricks fut;
    memset(values, -1, 64);
    int rc = SolveBoard(oracle_deal(p), -1, 3, 1, &fut, thread);
    if (rc != RETURN_NO_FAULT) return rc;
    *best = -1;
    for (int i = 0; i < fut.cards; i++) {
        values[card_make(fut.suit[i], fut.rank[i])] = (int8_t)fut.score[i];
        for (unsigned eq = (unsigned)fut.equals[i]; eq; eq &= eq - 1)
            values[card_make(fut.suit[i], __builtin_ctz(eq))] = (int8_t)fut.score[i];
        if (fut.score[i] > *best) *best = fut.score[i];
    }
    return rc;
}

/* DDS's optimum of p (solutions 1). */
static inline int oracle_best(const dde_position *p, int thread, int *best)
{
    struct futureTricks fut;
    int rc = SolveBoard(oracle_deal(p), -1, 1, 1, &fut, thread);
    *best = fut.score[0];
    return rc;
}

/* xorshift64*: the same deals on every machine. */
static inline uint64_t oracle_rand(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545F4914F6CDD1DULL;
}

/* A random whole deal (trumps and leader drawn too) into p. */
static inline void oracle_random_deal(uint64_t *seed, dde_position *p)
{
    card_t pack[52];
    int n = 0;
    for (int s = 0; s < 4; s++)
        for (int r = 2; r <= RANK_A; r++) pack[n++] = card_make(s, r);
    for (int i = 51; i > 0; i--) {
        int j = (int)(oracle_rand(seed) % (uint64_t)(i + 1));
        card_t t = pack[i];
        pack[i] = pack[j];
        pack[j] = t;
    }
    memset(p, 0, sizeof *p);
    for (int i = 0; i < 52; i++) p->hand[i / 13] |= card_bit(pack[i]);
    p->trump = (uint8_t)(oracle_rand(seed) % 5);
    p->first = (uint8_t)(oracle_rand(seed) % 4);
}

/* Plays `cards` random legal cards from p (following suit), keeping the
 * played cards of an unfinished trick in p->played and the winner of each
 * trick on lead. */
static inline void oracle_play_random(uint64_t *seed, dde_position *p, int cards)
{
    for (int k = 0; k < cards; k++) {
        int seat = (p->first + p->nplayed) & 3;
        hand_t h = p->hand[seat];
        if (!h) return;
        if (p->nplayed) {
            hand_t follow = hand_from_suit(card_suit(p->played[0]), hand_suit(h, card_suit(p->played[0])));
            if (follow) h = follow;
        }
        int pick = (int)(oracle_rand(seed) % (uint64_t)hand_count(h));
        while (pick--) h &= h - 1;
        card_t c = hand_lowest(h);
        p->hand[seat] &= ~card_bit(c);
        if (p->nplayed < 3) {
            p->played[p->nplayed++] = c;
            continue;
        }
        card_t t[4] = {p->played[0], p->played[1], p->played[2], c};
        p->first = (uint8_t)trick_winner(t, p->first, p->trump);
        p->nplayed = 0;
    }
}

#endif
