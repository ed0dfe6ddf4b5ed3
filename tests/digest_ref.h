/* digest_ref.h -- an independent reference of digest128_bytes
 * (formats/digest128.h), for test_digest.c and the fuzz target
 * fuzz_digest.c (issue 25 item 3). */
#ifndef WHISTLAB_TESTS_DIGEST_REF_H
#define WHISTLAB_TESTS_DIGEST_REF_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "formats/digest128.h"

/* Written from the digest's description (digest128.h, digest128.c's
 * comment) rather than from its code: the whole word stream built first (the bytes 8 at a time,
 * little-endian, the last 0..7 bytes zero-padded as one more word, then
 * the length), then digested chunk by chunk, 64 words a chunk, each with
 * the running digest (lane 0 xor lane 1) as its 65th word. */
static inline uint64_t digest_ref_fmix(uint64_t k)
{
    k = (k ^ k >> 33) * 0xFF51AFD7ED558CCDULL;
    k = (k ^ k >> 33) * 0xC4CEB9FE1A85EC53ULL;
    return k ^ k >> 33;
}

static inline uint64_t digest_ref_lane(uint64_t seed, const uint64_t *w, size_t n)
{
    uint64_t h = seed ^ 0x9E3779B97F4A7C15ULL * (n + 1);
    for (size_t i = 0; i < n; i++) {
        h ^= digest_ref_fmix(w[i] + 0x9E3779B97F4A7C15ULL * (i + 1));
        h = ((h << 27) | (h >> 37)) * 0x94D049BB133111EBULL + 0x52DCE729ULL;
    }
    return digest_ref_fmix(h);
}

static inline digest128 digest_ref_bytes(const unsigned char *p, size_t n)
{
    size_t nwords = n / 8 + 2;
    uint64_t *stream = calloc(nwords, sizeof *stream);
    if (!stream) abort();
    for (size_t i = 0; i < n; i++) stream[i / 8] |= (uint64_t)p[i] << (8 * (i % 8));
    stream[nwords - 1] = n;
    digest128 d = {{0, 0}};
    for (size_t at = 0; at < nwords; at += 64) {
        uint64_t chunk[65];
        size_t k = nwords - at < 64 ? nwords - at : 64;
        memcpy(chunk, stream + at, k * sizeof *chunk);
        chunk[k] = d.lane[0] ^ d.lane[1];
        d.lane[0] = digest_ref_lane(0x243F6A8885A308D3ULL, chunk, k + 1);
        d.lane[1] = digest_ref_lane(0x13198A2E03707344ULL, chunk, k + 1);
    }
    free(stream);
    return d;
}

#endif
