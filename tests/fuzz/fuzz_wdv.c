/* fuzz_wdv.c -- libFuzzer target (`make fuzz`): any bytes, opened as a
 * store of solved leads (.wdv, analyze/dd/dd_store.h), must be read or
 * refused with a reason, never crash or hang. The target fixes the header's
 * CRC and every block's CRC half the time, so that the checks behind them
 * (sizes, counts, shards, the policy and note) are what runs; a quarter of
 * the time it first sets the record count to one whose size wraps round
 * 2^64 to the file's own (issue 25 item 2: every reader died of SIGBUS),
 * where there is one. A store that
 * opens must give a record for every place it holds, and a record unpacks
 * against any deal without reading outside it. */
#include "tests/fuzz/fuzz_file.h"
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "analyze/dd/dd_store.h"
#include "formats/blockfile.h"

/* Where the note starts: after the header, and the engine record from
 * version 2 on. */
static size_t note_at(const uint8_t *b)
{
    return DD_STORE_HEADER_BYTES + (le_load32(b + 8) >= 2 ? DD_STORE_ENGINE_BYTES : 0);
}

/* The header's CRC (bytes 120..123: over bytes 0..119 and the note), the
 * engine record's and each block's, made right, where the sizes allow. */
static void forge_crcs(uint8_t *b, size_t size)
{
    if (size < DD_STORE_HEADER_BYTES) return;
    uint32_t note = le_load32(b + 116);
    size_t from = note_at(b);
    if (note > DD_STORE_MAX_NOTE || from + (size_t)note > size) return;
    uLong crc = crc32(crc32(0, b, 120), b + from, note);
    le_store32(b + 120, (uint32_t)crc);
    if (from > DD_STORE_HEADER_BYTES)
        le_store32(b + DD_STORE_HEADER_BYTES + DD_STORE_ENGINE_NAME,
                   (uint32_t)crc32(0, b + DD_STORE_HEADER_BYTES, DD_STORE_ENGINE_NAME));
    uint64_t count = le_load64(b + 24);
    size_t data = from + note;
    for (uint64_t blk = 0; blk * DD_STORE_BLOCK_RECORDS < count; blk++) {
        uint64_t n = count - blk * DD_STORE_BLOCK_RECORDS;
        if (n > DD_STORE_BLOCK_RECORDS) n = DD_STORE_BLOCK_RECORDS;
        size_t at = data + blockfile_block_offset(blk, DD_STORE_BLOCK_RECORDS, DD_STORE_RECORD_BYTES);
        if (at + n * DD_STORE_RECORD_BYTES + 4 > size) return;
        le_store32(b + at + n * DD_STORE_RECORD_BYTES, blockfile_crc(blk, b + at, n * DD_STORE_RECORD_BYTES));
    }
}

/* A record count for which header, note, records and block CRCs add up
 * to size mod 2^64, beyond 2^60, into bytes 24..31; none found: left. */
static void forge_wrapping_count(uint8_t *b, size_t size)
{
    if (size < DD_STORE_HEADER_BYTES) return;
    uint64_t data = note_at(b) + (uint64_t)le_load32(b + 116), inv = 8193;
    for (int i = 0; i < 6; i++) inv *= 2 - 8193 * inv; /* 8193^-1 mod 2^64 */
    /* count = 4096 q - r in q blocks: 32772 q = size - data + 8 r mod 2^64 */
    for (uint64_t r = 0; r < 4096; r++) {
        uint64_t t = size - data + 8 * r;
        if (t % 4) continue;
        uint64_t q = t / 4 * inv & ((1ULL << 62) - 1), count = 4096 * q - r;
        if (q > 1ULL << 48 && q < 1ULL << 52 && data + 8 * count + 4 * q == size) {
            le_store64(b + 24, count);
            return;
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t *bytes = malloc(size ? size : 1);
    if (!bytes) return 0;
    memcpy(bytes, data, size);
    if (size && (bytes[size - 1] & 3) == 3) forge_wrapping_count(bytes, size);
    if (size && (bytes[size - 1] & 1)) forge_crcs(bytes, size);
    char path[64];
    int fd = fuzz_file(bytes, size, path);
    free(bytes);
    if (fd < 0) return 0;
    diag_t diag;
    memset(&diag, 0, sizeof diag);
    dd_store *s = dd_store_open(path, &diag);
    close(fd);
    if (!s && !diag.reason[0]) abort(); /* refused without a reason */
    if (s) {
        const dd_store_header *h = dd_store_header_of(s);
        if (!h->complete || h->shards != 1 || (h->per_record != 1 && h->per_record != 4)) abort();
        deal_t d;
        deal_clear(&d);
        for (int seat = 0; seat < 4; seat++)
            for (int k = 0; k < 13; k++) d.hand[seat] |= 1ULL << card_make(k % 4, 2 + (seat * 13 + k) % 13);
        d.leader = 1;
        d.strain = 0;
        for (uint64_t place = 0; place < h->count && place < 64; place++) {
            dd_leads l;
            dd_store_unpack(dd_store_get(s, place), &d, place, &l);
        }
        if (dd_store_get(s, h->count) != DD_STORE_EMPTY) abort(); /* beyond the store: no record */
        dd_store_close(s);
    }
    return 0;
}
