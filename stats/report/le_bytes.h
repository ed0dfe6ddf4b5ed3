/* le_bytes.h -- the little-endian bytes of the state files (wls.h, and the
 * counters of tally_save.h): a growing buffer to write them into and a
 * bounded cursor to read them from, whose reads past the end return zeros
 * and are remembered (short_read), so that a parser checks once. */
#ifndef WHISTLAB_STATS_REPORT_LE_BYTES_H
#define WHISTLAB_STATS_REPORT_LE_BYTES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    unsigned char *buf; /* to free */
    size_t len, cap;
    bool failed;        /* out of memory: nothing more is written */
} le_out;

void le_put_bytes(le_out *o, const void *p, size_t n);
void le_put_u64(le_out *o, uint64_t v);
void le_put_u32(le_out *o, uint32_t v);

typedef struct {
    const unsigned char *p, *end;
    bool short_read; /* a read went past the end */
} le_in;

/* The next n bytes, or NULL (short_read set) when fewer are left. */
const unsigned char *le_take(le_in *in, size_t n);
uint64_t le_get_u64(le_in *in);
uint32_t le_get_u32(le_in *in);

#endif
