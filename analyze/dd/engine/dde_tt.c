/* dde_tt.c -- the transposition table with partition search (Ginsberg
 * 1996/2001): an entry holds a bound on North-South's tricks at a trick's
 * start together with the part of the position the bound rested on -- the
 * hands' suit lengths, the leader, and for each suit the holders of its
 * highest cards down to the lowest rank that decided a trick in the search
 * below (dde_search.c) -- and answers for every position that agrees on
 * that part, whatever the holders of the suits' smaller cards. Entries of
 * one shape and leader share a bucket; a fixed number of buckets is the
 * memory cap; a generation number empties the table between solves. A
 * bucket keeps a 16-bit tag of each entry's shape, leader and generation
 * beside the entries, so that a probe reads the tags and only the entries
 * of its shape; a new entry takes the cheapest to redo of the few after the
 * bucket's cursor (the oldest first). */
#include <stdlib.h>
#include <string.h>
#include "analyze/dd/engine/dde_internal.h"

#define BUCKET_BYTES (DDE_WAYS * (sizeof(dde_entry) + sizeof(uint16_t)) + 1)

size_t dde_tt_bytes(const dde_tt *tt) { return tt->nbuckets * BUCKET_BYTES; }

bool dde_tt_init(dde_tt *tt, size_t bytes)
{
    size_t n = 1;
    while (n * 2 * BUCKET_BYTES <= bytes) n *= 2;
    tt->slot = calloc(n * DDE_WAYS, sizeof(dde_entry));
    tt->tag = calloc(n * DDE_WAYS, sizeof(uint16_t));
    tt->cursor = calloc(n, 1);
    tt->nbuckets = n;
    tt->gen = 0;
    if (tt->slot && tt->tag && tt->cursor) return true;
    dde_tt_free(tt);
    return false;
}

void dde_tt_free(dde_tt *tt)
{
    free(tt->slot);
    free(tt->tag);
    free(tt->cursor);
    tt->slot = NULL;
    tt->tag = NULL;
    tt->cursor = NULL;
}

void dde_tt_new_generation(dde_tt *tt)
{
    if (tt->gen == UINT8_MAX) {
        memset(tt->slot, 0, tt->nbuckets * DDE_WAYS * sizeof(dde_entry));
        memset(tt->tag, 0, tt->nbuckets * DDE_WAYS * sizeof(uint16_t));
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

static bool matches(const dde_entry *x, const dde_key *k, uint8_t gen)
{
    if (x->gen != gen || x->shape != k->shape || x->leader != k->leader) return false;
    for (int s = 0; s < 4; s++)
        if (x->hold[s] != prefix(k->hold[s], pattern_len(x->pattern, s))) return false;
    return true;
}

/* The entries of a bucket whose tag is tag, as a bit set: eight tags a
 * compare (GCC/clang vector types: SSE2 or NEON where there is one), then
 * only the groups with a match looked at one by one. */
typedef uint16_t tag8 __attribute__((vector_size(16)));

static void same_tag(const uint16_t *tags, uint16_t tag, uint64_t set[DDE_WAYS / 64])
{
    tag8 want = {tag, tag, tag, tag, tag, tag, tag, tag};
    memset(set, 0, DDE_WAYS / 64 * sizeof set[0]);
    for (int g = 0; g < DDE_WAYS; g += 8) {
        tag8 v;
        memcpy(&v, tags + g, sizeof v);
        tag8 eq = v == want;
        uint64_t halves[2];
        memcpy(halves, &eq, sizeof halves);
        if (!(halves[0] | halves[1])) continue;
        for (int i = g; i < g + 8; i++)
            if (tags[i] == tag) set[i / 64] |= 1ULL << (i % 64);
    }
}

/* The bucket of k's shape and leader, and their tag in this generation. */
static size_t bucket(const dde_tt *tt, const dde_key *k, uint16_t *tag)
{
    uint64_t h = (k->shape + k->leader) * 0x9E3779B97F4A7C15ULL;
    h ^= h >> 29;
    *tag = (uint16_t)((h >> 48) + tt->gen * 0x9E37u) | 1u;
    return (size_t)(h & (tt->nbuckets - 1));
}

int dde_tt_probe(const dde_tt *tt, const dde_key *k, int target, uint16_t *pattern, int *move)
{
    uint16_t tag;
    size_t at = bucket(tt, k, &tag);
    const dde_entry *b = tt->slot + at * DDE_WAYS;
    const uint16_t *tags = tt->tag + at * DDE_WAYS;
    *move = DDE_NO_MOVE;
    uint64_t set[DDE_WAYS / 64];
    same_tag(tags, tag, set);
    for (int w = 0; w < DDE_WAYS / 64; w++)
        for (; set[w]; set[w] &= set[w] - 1) {
            int i = 64 * w + __builtin_ctzll(set[w]);
            if (!matches(&b[i], k, tt->gen)) continue;
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
    uint16_t tag;
    size_t at = bucket(tt, k, &tag);
    dde_entry *b = tt->slot + at * DDE_WAYS;
    uint16_t *tags = tt->tag + at * DDE_WAYS;
    uint32_t hold[4];
    for (int s = 0; s < 4; s++) hold[s] = prefix(k->hold[s], pattern_len(pattern, s));
    uint64_t set[DDE_WAYS / 64];
    same_tag(tags, tag, set);
    for (int w = 0; w < DDE_WAYS / 64; w++)
        for (; set[w]; set[w] &= set[w] - 1) {
            dde_entry *x = &b[64 * w + __builtin_ctzll(set[w])];
            if (x->pattern == pattern && matches(x, k, tt->gen)) {
                if (lb > x->lb) x->lb = (uint8_t)lb;
                if (ub < x->ub) x->ub = (uint8_t)ub;
                if (move != DDE_NO_MOVE) x->move = (uint8_t)move;
                return;
            }
        }
    int cur = tt->cursor[at], pick = cur;
    for (int i = 0; i < DDE_CANDIDATES; i++) {
        int j = (cur + i) % DDE_WAYS;
        if (b[j].gen != tt->gen) {
            pick = j;
            break;
        }
        if (b[j].left < b[pick].left) pick = j;
    }
    tt->cursor[at] = (uint8_t)((pick + 1) % DDE_WAYS);
    tags[pick] = tag;
    dde_entry *victim = &b[pick];
    *victim = (dde_entry){.shape = k->shape, .pattern = pattern, .lb = (uint8_t)lb, .ub = (uint8_t)ub,
                          .left = (uint8_t)left, .gen = tt->gen, .move = (uint8_t)move, .leader = k->leader};
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
