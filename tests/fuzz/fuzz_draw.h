/* fuzz_draw.h -- numbers drawn from a fuzz target's input, for the targets
 * that build a valid value from the bytes before changing it (the state
 * files' fuzzers): the input read as big-endian numbers, in turn. */
#ifndef WHISTLAB_FUZZ_DRAW_H
#define WHISTLAB_FUZZ_DRAW_H

#include <stddef.h>
#include <stdint.h>

/* The next nbytes (at most 8) bytes of data from *at, big-endian, fewer
 * where the input ends (0 once it has); *at moves past them. */
static inline uint64_t fuzz_draw(const uint8_t *data, size_t size, size_t *at, int nbytes)
{
    uint64_t v = 0;
    for (int i = 0; i < nbytes && *at < size; i++) v = v << 8 | data[(*at)++];
    return v;
}

#endif
