/* le_bytes.c -- the state files' little-endian buffers (le_bytes.h). */
#include <stdlib.h>
#include <string.h>
#include "stats/report/le_bytes.h"

void le_put_bytes(le_out *o, const void *p, size_t n)
{
    if (o->failed) return;
    if (o->len + n > o->cap) {
        size_t cap = o->cap ? o->cap * 2 : 65536;
        while (cap < o->len + n) cap *= 2;
        unsigned char *b = realloc(o->buf, cap);
        if (!b) {
            o->failed = true;
            return;
        }
        o->buf = b;
        o->cap = cap;
    }
    memcpy(o->buf + o->len, p, n);
    o->len += n;
}

void le_put_u64(le_out *o, uint64_t v)
{
    unsigned char b[8];
    for (int i = 0; i < 8; i++) b[i] = (unsigned char)(v >> (8 * i));
    le_put_bytes(o, b, 8);
}

void le_put_u32(le_out *o, uint32_t v)
{
    unsigned char b[4];
    for (int i = 0; i < 4; i++) b[i] = (unsigned char)(v >> (8 * i));
    le_put_bytes(o, b, 4);
}

const unsigned char *le_take(le_in *in, size_t n)
{
    if ((size_t)(in->end - in->p) < n) {
        in->short_read = true;
        return NULL;
    }
    const unsigned char *at = in->p;
    in->p += n;
    return at;
}

uint64_t le_get_u64(le_in *in)
{
    const unsigned char *b = le_take(in, 8);
    uint64_t v = 0;
    for (int i = 0; b && i < 8; i++) v |= (uint64_t)b[i] << (8 * i);
    return v;
}

uint32_t le_get_u32(le_in *in)
{
    const unsigned char *b = le_take(in, 4);
    uint32_t v = 0;
    for (int i = 0; b && i < 4; i++) v |= (uint32_t)b[i] << (8 * i);
    return v;
}
