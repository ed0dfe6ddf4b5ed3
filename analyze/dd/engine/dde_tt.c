/* dde_tt.c -- the transposition table: bounds on North-South's tricks for
 * positions at a trick's start, keyed by relative ranks, in a fixed number
 * of buckets (the memory cap), emptied between solves by a generation
 * number rather than by clearing it. */
#include <stdlib.h>
#include <string.h>
#include "analyze/dd/engine/dde_internal.h"

bool dde_tt_init(dde_tt *tt, size_t bytes)
{
    size_t n = 1;
    while (n * 2 * DDE_WAYS * sizeof(dde_entry) <= bytes) n *= 2;
    tt->slot = calloc(n * DDE_WAYS, sizeof(dde_entry));
    tt->nbuckets = n;
    tt->gen = 0;
    return tt->slot != NULL;
}

void dde_tt_free(dde_tt *tt)
{
    free(tt->slot);
    tt->slot = NULL;
}

void dde_tt_new_generation(dde_tt *tt)
{
    if (tt->gen == UINT8_MAX) {
        memset(tt->slot, 0, tt->nbuckets * DDE_WAYS * sizeof(dde_entry));
        tt->gen = 0;
    }
    tt->gen++;
}

/* A suit's 30 bits: its number of cards out (4 bits above 26), then the
 * holder of each, highest first, 2 bits a card. */
static uint64_t suit_key(const hand_t hand[4], int s)
{
    uint16_t m[4];
    for (int p = 0; p < 4; p++) m[p] = hand_suit(hand[p], s);
    uint16_t all = (uint16_t)(m[0] | m[1] | m[2] | m[3]);
    uint64_t key = 0;
    int n = 0;
    while (all) {
        int r = 31 - __builtin_clz((unsigned)all); /* the highest card out */
        all = (uint16_t)(all & ~(1u << r));
        int owner = (m[1] >> r & 1) | (m[2] >> r & 1) * 2 | (m[3] >> r & 1) * 3;
        key |= (uint64_t)owner << (2 * n);
        n++;
    }
    return key | (uint64_t)n << 26;
}

void dde_tt_key(const dde_ctx *e, uint64_t *k0, uint64_t *k1)
{
    *k0 = suit_key(e->hand, 0) | suit_key(e->hand, 1) << 30 | (uint64_t)e->leader << 60;
    *k1 = suit_key(e->hand, 2) | suit_key(e->hand, 3) << 30;
}

static dde_entry *bucket(const dde_tt *tt, uint64_t k0, uint64_t k1)
{
    uint64_t h = (k0 * 0x9E3779B97F4A7C15ULL) ^ (k1 * 0xC2B2AE3D27D4EB4FULL);
    h ^= h >> 29;
    return tt->slot + (h & (tt->nbuckets - 1)) * DDE_WAYS;
}

void dde_tt_probe(const dde_tt *tt, uint64_t k0, uint64_t k1, int left, int *lb, int *ub, int *move)
{
    const dde_entry *b = bucket(tt, k0, k1);
    for (int i = 0; i < DDE_WAYS; i++) {
        if (b[i].gen == tt->gen && b[i].k0 == k0 && b[i].k1 == k1) {
            *lb = b[i].lb;
            *ub = b[i].ub;
            *move = b[i].move;
            return;
        }
    }
    *lb = 0;
    *ub = left;
    *move = DDE_NO_MOVE;
}

void dde_tt_store(dde_tt *tt, uint64_t k0, uint64_t k1, int left, int lb, int ub, int move)
{
    dde_entry *b = bucket(tt, k0, k1), *victim = NULL;
    for (int i = 0; i < DDE_WAYS; i++) {
        dde_entry *x = &b[i];
        if (x->gen == tt->gen && x->k0 == k0 && x->k1 == k1) {
            if (lb > x->lb) x->lb = (uint8_t)lb;
            if (ub < x->ub) x->ub = (uint8_t)ub;
            if (move != DDE_NO_MOVE) x->move = (uint8_t)move;
            return;
        }
        if (x->gen != tt->gen) {
            if (!victim || victim->gen == tt->gen) victim = x;
        } else if (!victim || (victim->gen == tt->gen && x->left < victim->left)) {
            victim = x;
        }
    }
    *victim = (dde_entry){.k0 = k0, .k1 = k1, .lb = (uint8_t)lb, .ub = (uint8_t)ub, .left = (uint8_t)left,
                          .gen = tt->gen, .move = (uint8_t)move};
}
