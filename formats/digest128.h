/* digest128.h -- 128-bit content digests, to tell whether two runs rest on
 * the same inputs: a byte string's or a file's (a convention table's text),
 * and the per-record mix that formats/deal_digest.h builds the deal digest
 * on. Not cryptographic: it finds accidents (another file, a changed card, a
 * damaged copy), not forgeries.
 *
 * A digest is two 64-bit lanes, each from its own seed through the same
 * multiply-xorshift chain and murmur3's 64-bit finaliser, so the lanes are
 * independent hashes of the same words. Printed as 32 hex digits, lane 1
 * then lane 0. */
#ifndef WHISTLAB_DIGEST128_H
#define WHISTLAB_DIGEST128_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "diag.h"

typedef struct {
    uint64_t lane[2];
} digest128;

#define DIGEST128_HEX 33 /* 32 hex digits and the NUL */

/* The digest of n 64-bit words. */
digest128 digest128_words(const uint64_t *w, size_t n);

/* The digest of n bytes (their length included). */
digest128 digest128_bytes(const void *p, size_t n);

/* The digest of a file's bytes. False with diag filled when it cannot be
 * read to its end. */
bool digest128_file(const char *path, digest128 *out, diag_t *diag);

/* 32 lowercase hex digits into buf[DIGEST128_HEX]; returns buf. */
char *digest128_hex(digest128 d, char buf[DIGEST128_HEX]);

#endif
