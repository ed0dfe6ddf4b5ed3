/* dde_tt.c -- the transposition table with partition search (Ginsberg
 * 1996/2001): an entry holds a bound on North-South's tricks at a trick's
 * start together with the part of the position the bound rested on -- the
 * hands' suit lengths, the leader, and for each suit the holders of its
 * highest cards down to the lowest rank that decided a trick in the search
 * below (dde_search.c) -- and answers for every position that agrees on
 * that part, whatever the holders of the suits' smaller cards. Entries of
 * one shape and leader share a bucket; a fixed number of buckets is the
 * memory cap; a generation number empties the table between solves (a
 * bucket is emptied when first written in a new generation). A bucket keeps
 * a 16-bit tag of each entry beside the entries -- bits of its shape and
 * leader's hash, and the holder of each suit's top card when the entry
 * rests on it -- so that a probe reads the tags and only the entries they
 * do not rule out (a third of those of its shape); its entries in use are
 * the first ones (a fill count): a probe reads no tag past them. A new
 * entry in a full bucket takes the cheapest to redo (fewest tricks left)
 * of the few after the bucket's cursor. */
#include <stdlib.h>
#include <string.h>
#include "analyze/dd/engine/dde_internal.h"

#define BUCKET_BYTES (DDE_WAYS * (sizeof(dde_entry) + sizeof(uint16_t)) + 5)

size_t dde_tt_bytes(const dde_tt *tt) { return tt->nbuckets * BUCKET_BYTES; }

bool dde_tt_init(dde_tt *tt, size_t bytes)
{
    size_t n = 1;
    while (n * 2 * BUCKET_BYTES <= bytes) n *= 2;
    tt->slot = calloc(n * DDE_WAYS, sizeof(dde_entry));
    tt->tag = calloc(n * DDE_WAYS, sizeof(uint16_t)); /* a probe reads a group of 8 past the fill */
    tt->fill = calloc(n, sizeof *tt->fill);
    tt->cursor = calloc(n, sizeof *tt->cursor);
    tt->bucket_gen = calloc(n, 1);
    tt->nbuckets = n;
    tt->gen = 0;
    if (tt->slot && tt->tag && tt->fill && tt->cursor && tt->bucket_gen) return true;
    dde_tt_free(tt);
    return false;
}

void dde_tt_free(dde_tt *tt)
{
    free(tt->slot);
    free(tt->tag);
    free(tt->fill);
    free(tt->cursor);
    free(tt->bucket_gen);
    tt->slot = NULL;
    tt->tag = NULL;
    tt->fill = tt->cursor = NULL;
    tt->bucket_gen = NULL;
}

/* A bucket is emptied when it is first written in a new generation (its
 * fill back to 0): a new solve costs no pass over the table. */
void dde_tt_new_generation(dde_tt *tt)
{
    if (tt->gen == UINT8_MAX) {
        memset(tt->bucket_gen, 0, tt->nbuckets);
        tt->gen = 0;
    }
    tt->gen++;
}

void dde_tt_key(dde_ctx *e, dde_key *k)
{
    k->shape = 0;
    for (int s = 0; s < 4; s++) {
        uint16_t m[4];
        for (int p = 0; p < 4; p++) m[p] = hand_suit(e->hand[p], s);
        uint64_t cards = m[0] | (uint64_t)m[1] << 16 | (uint64_t)m[2] << 32 | (uint64_t)m[3] << 48;
        dde_suit_memo *memo = &e->memo[s];
        if (memo->cards != cards) { /* the suit changed since the last key */
            memo->cards = cards;
            memo->shape = 0;
            for (int p = 0; p < 4; p++) memo->shape |= (uint64_t)dde_count(m[p]) << (16 * s + 4 * p);
            /* the holder of each card out, highest first, 2 bits a card */
            uint16_t all = (uint16_t)(m[0] | m[1] | m[2] | m[3]);
            uint32_t hold = 0;
            for (int n = 0; all; n++) {
                int r = 31 - __builtin_clz((unsigned)all);
                all = (uint16_t)(all & ~(1u << r));
                uint32_t owner = (m[1] >> r & 1) | (m[2] >> r & 1) * 2 | (m[3] >> r & 1) * 3;
                hold |= owner << (2 * n);
            }
            memo->hold = hold;
        }
        k->shape |= memo->shape;
        k->hold[s] = memo->hold;
    }
    k->leader = (uint8_t)e->leader;
}

/* The first k holders of a suit's sequence. */
static uint32_t prefix(uint32_t hold, int k) { return k >= 16 ? hold : hold & ((1u << (2 * k)) - 1); }

static int pattern_len(uint16_t pattern, int s) { return pattern >> (4 * s) & 15; }

static bool matches(const dde_entry *x, const dde_key *k)
{
    if (x->shape != k->shape || x->leader != k->leader) return false;
    for (int s = 0; s < 4; s++)
        if (x->hold[s] != prefix(k->hold[s], pattern_len(x->pattern, s))) return false;
    return true;
}

/* A tag: 4 bits of the hash of the shape and leader (bits 12-15), and for
 * each suit s 3 bits at 3s: 4 when the entry rests on the suit's top card,
 * plus that card's holder. A probe skips the entries whose tag says they
 * cannot match (another shape, or a top card elsewhere): on bench_dd_engine's
 * first 5 deals it reads 6 entries a probe, against 18 with a tag of the
 * shape alone. */
#define TAG_TOPS 0x924u /* the flag of each suit */

static uint16_t tag_of(uint16_t hash, const uint32_t hold[4], uint16_t pattern)
{
    uint16_t tag = hash;
    for (int s = 0; s < 4; s++)
        if (pattern_len(pattern, s)) tag |= (uint16_t)((4u | (hold[s] & 3)) << (3 * s));
    return tag;
}

/* The entries among a bucket's first fill whose tag does not rule out a
 * position of tag want (its every suit flagged): 8 tags a step (GCC/clang
 * vector types: SSE2 or NEON where there is one), as a bit set. */
typedef uint16_t tag8 __attribute__((vector_size(16)));

static void candidates(const uint16_t *tags, int fill, uint16_t want, uint64_t set[DDE_WAYS / 64])
{
    const tag8 lane = {1, 2, 4, 8, 16, 32, 64, 128};
    tag8 w = {want, want, want, want, want, want, want, want};
    memset(set, 0, DDE_WAYS / 64 * sizeof set[0]);
    for (int g = 0; g < fill; g += 8) {
        tag8 v;
        memcpy(&v, tags + g, sizeof v);
        tag8 flags = v & (uint16_t)TAG_TOPS;
        tag8 care = (uint16_t)0xF000 | flags >> 1 | flags >> 2;
        tag8 bits = (tag8)(((v ^ w) & care) == 0) & lane;
        uint64_t h[2];
        memcpy(h, &bits, sizeof h);
        uint64_t x = h[0] | h[1];
        x |= x >> 32;
        x |= x >> 16;
        x &= 0xFF;
        if (fill - g < 8) x &= (1u << (fill - g)) - 1;
        set[g / 64] |= x << (g % 64);
    }
}

/* The bucket of k's shape and leader, and their hash bits for a tag. */
static size_t bucket(const dde_tt *tt, const dde_key *k, uint16_t *hash)
{
    uint64_t h = (k->shape + k->leader) * 0x9E3779B97F4A7C15ULL;
    h ^= h >> 29;
    *hash = (uint16_t)(h >> 48 & 0xF000);
    return (size_t)(h & (tt->nbuckets - 1));
}

/* Entries of bucket at in use in this generation. */
static int used(const dde_tt *tt, size_t at) { return tt->bucket_gen[at] == tt->gen ? tt->fill[at] : 0; }

int dde_tt_probe(const dde_tt *tt, const dde_key *k, int target, uint16_t *pattern, int *move)
{
    uint16_t hash;
    size_t at = bucket(tt, k, &hash);
    const dde_entry *b = tt->slot + at * DDE_WAYS;
    *move = DDE_NO_MOVE;
    uint64_t set[DDE_WAYS / 64];
    candidates(tt->tag + at * DDE_WAYS, used(tt, at), tag_of(hash, k->hold, 0xFFFF), set);
    for (int w = 0; w < DDE_WAYS / 64; w++)
        for (; set[w]; set[w] &= set[w] - 1) {
            int i = 64 * w + __builtin_ctzll(set[w]);
            if (!matches(&b[i], k)) continue;
            if (b[i].lb >= target || b[i].ub < target) {
                *pattern = b[i].pattern;
                return b[i].lb >= target;
            }
            if (b[i].move != DDE_NO_MOVE) *move = b[i].move;
        }
    return -1;
}

void dde_tt_store(dde_tt *tt, const dde_key *k, uint16_t pattern, int left, int lb, int ub, int move)
{
    uint16_t hash;
    size_t at = bucket(tt, k, &hash);
    dde_entry *b = tt->slot + at * DDE_WAYS;
    uint16_t *tags = tt->tag + at * DDE_WAYS;
    if (tt->bucket_gen[at] != tt->gen) {
        tt->bucket_gen[at] = tt->gen;
        tt->fill[at] = 0;
        tt->cursor[at] = 0;
    }
    uint32_t hold[4];
    for (int s = 0; s < 4; s++) hold[s] = prefix(k->hold[s], pattern_len(pattern, s));
    uint16_t tag = tag_of(hash, hold, pattern);
    int fill = tt->fill[at];
    for (int i = 0; i < fill; i++) {
        if (tags[i] != tag) continue;
        dde_entry *x = &b[i];
        if (x->pattern == pattern && matches(x, k)) {
            if (lb > x->lb) x->lb = (uint8_t)lb;
            if (ub < x->ub) x->ub = (uint8_t)ub;
            if (move != DDE_NO_MOVE) x->move = (uint8_t)move;
            return;
        }
    }
    int pick;
    if (fill < DDE_WAYS) {
        pick = fill;
        tt->fill[at] = (uint16_t)(fill + 1);
    } else { /* full: the entry with the fewest tricks left (the cheapest to redo) of a few after the cursor */
        int cur = tt->cursor[at];
        pick = cur;
        for (int i = 1; i < DDE_CANDIDATES; i++) {
            int j = (cur + i) % DDE_WAYS;
            if (b[j].left < b[pick].left) pick = j;
        }
        tt->cursor[at] = (uint16_t)((pick + 1) % DDE_WAYS);
    }
    tags[pick] = tag;
    dde_entry *victim = &b[pick];
    *victim = (dde_entry){.shape = k->shape, .pattern = pattern, .lb = (uint8_t)lb, .ub = (uint8_t)ub,
                          .left = (uint8_t)left, .move = (uint8_t)move, .leader = k->leader};
    memcpy(victim->hold, hold, sizeof hold);
}

uint16_t dde_tt_pattern(const hand_t hand[4], hand_t rel)
{
    hand_t all = hand[0] | hand[1] | hand[2] | hand[3];
    uint16_t pattern = 0;
    for (int s = 0; s < 4; s++) {
        uint16_t r = hand_suit(rel, s);
        if (!r) continue;
        uint16_t at_least = (uint16_t)~((1u << __builtin_ctz(r)) - 1); /* ranks from the lowest that decided */
        pattern |= (uint16_t)(dde_count(hand_suit(all, s) & at_least) << (4 * s));
    }
    return pattern;
}

hand_t dde_tt_cards(const hand_t hand[4], uint16_t pattern)
{
    hand_t all = hand[0] | hand[1] | hand[2] | hand[3], cards = 0;
    for (int s = 0; s < 4; s++) {
        uint16_t out = hand_suit(all, s);
        for (int k = pattern_len(pattern, s); k > 0 && out; k--) {
            int r = 31 - __builtin_clz((unsigned)out);
            out = (uint16_t)(out & ~(1u << r));
            cards |= card_bit(card_make(s, r));
        }
    }
    return cards;
}

hand_t dde_tt_rest_on_groups(const dde_ctx *e, int seat, const card_t *moves, int n, hand_t rel)
{
    hand_t h = e->hand[seat], alive = dde_alive(e);
    for (bool grew = true; grew;) { /* a group taken in lowers its suit's lowest rank: others may reach it */
        grew = false;
        for (int i = 0; i < n; i++) {
            int s = card_suit(moves[i]);
            uint16_t g = hand_suit(dde_equal_group(h, alive, moves[i]), s), r = hand_suit(rel, s);
            if (!r || !(g & (g - 1))) continue; /* no rank of the suit decided, or a group of one */
            int lowest = __builtin_ctz(r);
            if (31 - __builtin_clz((unsigned)g) >= lowest && __builtin_ctz(g) < lowest) {
                rel |= hand_from_suit(s, g);
                grew = true;
            }
        }
    }
    return rel;
}
