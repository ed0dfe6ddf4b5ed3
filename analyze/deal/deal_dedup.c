/* deal_dedup.c -- an open-addressing set of deal digests. */
#include <stdlib.h>
#include "analyze/deal/deal_dedup.h"

struct deal_dedup {
    uint64_t *slot; /* 0 = empty */
    size_t cap;     /* a power of two */
    size_t used;
};

deal_dedup *deal_dedup_new(void) { return calloc(1, sizeof(deal_dedup)); }

void deal_dedup_free(deal_dedup *s)
{
    if (!s) return;
    free(s->slot);
    free(s);
}

static uint64_t mix(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

uint64_t deal_dedup_key(const hand_t hand[4])
{
    hand_t h[4] = {hand[0], hand[1], hand[2], hand[3]};
    for (int i = 1; i < 4; i++) /* sort: the seats do not matter */
        for (int j = i; j > 0 && h[j] < h[j - 1]; j--) {
            hand_t t = h[j];
            h[j] = h[j - 1];
            h[j - 1] = t;
        }
    uint64_t d = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < 4; i++) d = mix(d ^ h[i]) + (uint64_t)i;
    return d ? d : 1;
}

static void put(uint64_t *slot, size_t cap, uint64_t d)
{
    size_t i = d & (cap - 1);
    while (slot[i]) i = (i + 1) & (cap - 1);
    slot[i] = d;
}

static bool grow(deal_dedup *s)
{
    size_t cap = s->cap ? 2 * s->cap : 1024;
    uint64_t *slot = calloc(cap, sizeof *slot);
    if (!slot) return false;
    for (size_t i = 0; i < s->cap; i++)
        if (s->slot[i]) put(slot, cap, s->slot[i]);
    free(s->slot);
    s->slot = slot;
    s->cap = cap;
    return true;
}

bool deal_dedup_add(deal_dedup *s, const hand_t hand[4]) { return deal_dedup_add_key(s, deal_dedup_key(hand)); }

bool deal_dedup_add_key(deal_dedup *s, uint64_t d)
{
    if (4 * (s->used + 1) > 3 * s->cap && !grow(s)) return true; /* load <= 3/4 */
    size_t i = d & (s->cap - 1);
    for (; s->slot[i]; i = (i + 1) & (s->cap - 1))
        if (s->slot[i] == d) return false;
    s->slot[i] = d;
    s->used++;
    return true;
}
