/* fuzz_read.c -- libFuzzer target (`make fuzz`): any bytes, read as a deal
 * file in each format (formats/reader.h), must give deals, rejections and
 * errors with reasons, never a crash, a hang or a lost record; and every
 * deal read must go through what the commands do with it: `check`'s
 * validation, `play --verify` (sd_verify_play) on its recorded play, and a
 * whole single-dummy game under long-suit and short-suit (sd_play_whist)
 * for each trump the policy gives, with signals and the extended rules on
 * in turn, every other game logged and printed as `play --explain` does.
 *
 * The first byte picks the format (auto-detection or one forced); the rest
 * is the file, handed to the reader as a file (fuzz_file.h) so that the
 * reader's own opening (gzip detection, mmap of .wda) is what runs. */
#include "tests/fuzz/fuzz_file.h"
#include <stdlib.h>
#include <string.h>
#include "analyze/lead/lead.h"
#include "analyze/play/sd_replay.h"
#include "analyze/play/sd_verify.h"
#include "analyze/play/sd_view.h"
#include "formats/reader.h"

/* A game under c for each whist deal the trump policy makes of d; its
 * tricks must add up to 13. */
static void play_all(const deal_t *d, const convention *c, FILE *out)
{
    static const trump_policy policies[] = {{TRUMP_AUTO, -1, SEAT_NONE}, {TRUMP_EACH, -1, SEAT_NONE}};
    for (size_t k = 0; k < sizeof policies / sizeof policies[0]; k++) {
        deal_t whist[4];
        diag_t why = {0};
        int n = deal_apply_trump_policy(d, &policies[k], whist, &why);
        if (n == 0 && !why.reason[0]) abort(); /* a deal refused without a reason */
        for (int i = 0; i < n; i++) {
            sd_result r;
            sd_log log;
            bool logged = (i + (int)k) & 1;
            if (sd_play_whist(&whist[i], c, NULL, CARD_NONE, 1, i & 1, i & 2 ? SD_EXT_DONE : 0, &r,
                              logged ? &log : NULL) < 0)
                continue;
            if (r.tricks[0] + r.tricks[1] != 13) abort();
            if (logged) sd_log_print(out, &log, &r, true);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    deal_format fmt = (deal_format)(data[0] % FMT_COUNT);
    char path[64];
    int fd = fuzz_file(data + 1, size - 1, path);
    if (fd < 0) return 0;
    diag_t diag;
    memset(&diag, 0, sizeof diag);
    deal_reader *rd = deal_reader_open(path, fmt, &diag);
    if (!rd) {
        if (!diag.reason[0]) abort(); /* refused without a reason */
        close(fd);
        return 0;
    }
    const convention *ls = convention_builtin("long-suit"), *ss = convention_builtin("short-suit");
    static FILE *out;
    if (!out) out = fopen("/dev/null", "w");
    for (int records = 0; records < 10000; records++) {
        deal_t d;
        memset(&diag, 0, sizeof diag);
        read_status st = deal_reader_next(rd, &d, &diag);
        if (st == READ_EOF || st == READ_FATAL) break;
        if (st != READ_DEAL) {
            if (!diag.reason[0]) abort(); /* a rejection or error without a reason */
            continue;
        }
        verify_result vr;
        sd_verify_play(&d, &vr);
        if (vr.status != VERIFY_OK && vr.status != VERIFY_NO_PLAY && !vr.why[0]) abort();
        play_all(&d, records & 1 ? ss : ls, out);
    }
    deal_reader_close(rd);
    close(fd);
    return 0;
}
