/* fuzz_wls.c -- libFuzzer target (`make fuzz`): any bytes, read as a .wls
 * state file (stats/report/wls.h), must be read or refused with a reason, never
 * crash or hang -- a CRC that matches is no excuse (anyone can compute one):
 * the target fixes the CRC of each input half the time, so that the field
 * checks behind it are what runs. A state that is read must hold what the
 * run's code relies on (a shard mask with a bit within the shards, counts
 * that add up), and an unfinished one never merges. */
#include "tests/fuzz/fuzz_file.h"
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "stats/report/wls.h"

static wls_file w, again;
static input_account inputs[WLS_MAX_INPUTS], inputs2[WLS_MAX_INPUTS];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t *bytes = malloc(size ? size : 1);
    if (!bytes) return 0;
    memcpy(bytes, data, size);
    if (size > 4 && (bytes[0] & 1)) { /* a forged CRC over the rest */
        uint32_t crc = (uint32_t)crc32(0L, bytes, (uInt)(size - 4));
        for (int i = 0; i < 4; i++) bytes[size - 4 + i] = (uint8_t)(crc >> (8 * i));
    }
    char path[64];
    int fd = fuzz_file(bytes, size, path);
    free(bytes);
    if (fd < 0) return 0;
    stats_state *st = calloc(1, sizeof *st), *st2 = calloc(1, sizeof *st2);
    if (!st || !st2) abort();
    w.stats = st;
    w.inputs = inputs;
    diag_t diag;
    memset(&diag, 0, sizeof diag);
    int ok = wls_read(path, &w, &diag);
    close(fd);
    if (!ok && !diag.reason[0]) abort(); /* refused without a reason */
    if (ok) {
        if (w.part_mask == 0 || w.parts < 1 || w.parts > WLS_MAX_PARTS) abort();
        if (w.parts < 64 && w.part_mask >> w.parts) abort();
        if (st->read != st->accepted + st->rejected + st->left) abort();
        (void)__builtin_ctzll(w.part_mask); /* what replay --resume takes */
        again = w;
        again.stats = st2;
        again.inputs = inputs2;
        memcpy(st2, st, sizeof *st);
        memcpy(inputs2, inputs, sizeof inputs2);
        if (wls_merge(&again, &w, "self", &diag) && !w.complete) abort(); /* unfinished never merges */
    }
    free(st);
    free(st2);
    return 0;
}
