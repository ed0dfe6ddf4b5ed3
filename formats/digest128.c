/* digest128.c -- the two-lane word hash of digest128.h, and bytes and files
 * through it. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "digest128.h"

static const uint64_t LANE_SEED[2] = {0x243F6A8885A308D3ULL, 0x13198A2E03707344ULL};

/* murmur3's fmix64: every input bit reaches every output bit. */
static uint64_t fmix64(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xFF51AFD7ED558CCDULL;
    k ^= k >> 33;
    k *= 0xC4CEB9FE1A85EC53ULL;
    k ^= k >> 33;
    return k;
}

static uint64_t lane_hash(uint64_t seed, const uint64_t *w, size_t n)
{
    uint64_t h = seed ^ (0x9E3779B97F4A7C15ULL * (uint64_t)(n + 1));
    for (size_t i = 0; i < n; i++) {
        /* the word goes through its own mix first, so that words which
         * differ in one bit differ everywhere before they are chained */
        h ^= fmix64(w[i] + 0x9E3779B97F4A7C15ULL * (uint64_t)(i + 1));
        h = (h << 27 | h >> 37) * 0x94D049BB133111EBULL + 0x52DCE729ULL;
    }
    return fmix64(h);
}

digest128 digest128_words(const uint64_t *w, size_t n)
{
    return (digest128){{lane_hash(LANE_SEED[0], w, n), lane_hash(LANE_SEED[1], w, n)}};
}

/* Bytes are taken 8 at a time, little-endian, then the last 0..7 bytes as
 * one more word (zero-padded) and the length: that stream of words is cut
 * in chunks of 64, and each chunk is digested with the running digest of
 * the chunks before it folded in as a 65th word, so any length goes
 * through a fixed-size buffer. */
typedef struct {
    digest128 d;
    uint64_t words[65];
    size_t nwords;
    uint64_t length;
    uint64_t partial;
    int partial_bytes;
} byte_digest;

static void fold(byte_digest *b)
{
    b->words[b->nwords++] = b->d.lane[0] ^ b->d.lane[1];
    b->d = digest128_words(b->words, b->nwords);
    b->nwords = 0;
}

static void take_byte(byte_digest *b, unsigned char c)
{
    b->partial |= (uint64_t)c << (8 * b->partial_bytes);
    b->length++;
    if (++b->partial_bytes == 8) {
        b->words[b->nwords++] = b->partial;
        b->partial = 0;
        b->partial_bytes = 0;
        if (b->nwords == 64) fold(b);
    }
}

static digest128 finish(byte_digest *b)
{
    b->words[b->nwords++] = b->partial;
    /* 504..511 bytes past a chunk: the partial word closes a chunk of 64,
     * and the length starts the next (issue 25 item 3: it went out of the
     * buffer) */
    if (b->nwords == 64) fold(b);
    b->words[b->nwords++] = b->length;
    fold(b);
    return b->d;
}

digest128 digest128_bytes(const void *p, size_t n)
{
    byte_digest b = {0};
    const unsigned char *s = p;
    for (size_t i = 0; i < n; i++) take_byte(&b, s[i]);
    return finish(&b);
}

bool digest128_file(const char *path, digest128 *out, diag_t *diag)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        diag_set(diag, path, 0, "cannot open: %s", strerror(errno));
        return false;
    }
    byte_digest b = {0};
    unsigned char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        for (size_t i = 0; i < n; i++) take_byte(&b, buf[i]);
    bool ok = !ferror(f);
    fclose(f);
    if (!ok) {
        diag_set(diag, path, 0, "cannot read to its end");
        return false;
    }
    *out = finish(&b);
    return true;
}

char *digest128_hex(digest128 d, char buf[DIGEST128_HEX])
{
    snprintf(buf, DIGEST128_HEX, "%016llx%016llx", (unsigned long long)d.lane[1],
             (unsigned long long)d.lane[0]);
    return buf;
}
