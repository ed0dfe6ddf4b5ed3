/* fuzz_odds_state.c -- libFuzzer target (`make fuzz`): any bytes, as the
 * job section of an odds counting's state file (analyze/odds/odds_run.c,
 * what `odds --corpus --resume` reads back), must load or be refused with a
 * reason, never crash; a section that loads saves again to the very same
 * bytes, and its tables, fit and estimates are made and printed. Inputs
 * whose first byte is odd start from a valid section (a few deals dealt
 * from the input counted into it, the modes drawn from it too) with a few
 * bytes changed (half of them in the words that head it: its layout, its
 * modes, the modes still possible, the counts), so that the checks past
 * the layout's words run; the
 * others are the section itself, cut or padded with zeros to its size.
 * Each section is also taken as merge takes a shard's (odds_run_of_state)
 * and added to itself (odds_run_merge_state): made or refused with a
 * reason, never a crash or an overflow. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/odds/odds_fit.h"
#include "analyze/odds/odds_report.h"
#include "analyze/odds/odds_run.h"
#include "tests/fuzz/fuzz_draw.h"

static input_opts io;

/* A deal dealt from seed (an LCG's shuffle), its dealer and turn-up
 * recorded or not as seed says. */
static odds_deal dealt(uint64_t seed)
{
    card_t pack[52];
    int n = 0;
    for (int s = 0; s < 4; s++)
        for (int r = 2; r <= 14; r++) pack[n++] = card_make(s, r);
    odds_deal d = {.dealer = SEAT_NONE, .turnup = CARD_NONE};
    for (int i = 51; i >= 0; i--) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        int j = (int)((seed >> 33) % (uint64_t)(i + 1));
        card_t c = pack[j];
        pack[j] = pack[i];
        pack[i] = c;
        d.hand[i % 4] |= card_bit(c);
    }
    if (seed >> 62 & 1) {
        d.dealer = (uint8_t)(seed >> 40 & 3);
        if (seed >> 61 & 1) d.turnup = hand_highest(d.hand[d.dealer]);
    }
    return d;
}

/* The run the state is read into: modes drawn from m. */
static odds_run *run_of(unsigned m)
{
    odds_run_opts o = {.dealer_mode = (int)(m % 3) - 1, .turnup_mode = (int)(m / 3 % 4) - 1, .threads = 1,
                       .dedup = true, .io = &io};
    if (o.turnup_mode == ODDS_TURNUP_RECORD && o.dealer_mode == ODDS_DEALER_ALL) o.turnup_mode = ODDS_TURNUP_ALL;
    return odds_run_new(&o);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool ready;
    if (!ready) {
        input_opts_init(&io);
        ready = true;
    }
    unsigned m = size ? data[0] >> 1 : 0;
    odds_run *r = run_of(m);
    if (!r) abort();
    size_t bytes;
    unsigned char *state = odds_run_state(r, &bytes);
    if (size > 2 && (data[0] & 1)) { /* a valid section, then a few bytes changed */
        odds_run *from = run_of(m);
        if (!from) abort();
        size_t at = 1;
        int deals = (int)(fuzz_draw(data, size, &at, 8) % 9);
        for (int i = 0; i < deals; i++) {
            odds_deal d = dealt(fuzz_draw(data, size, &at, 8));
            odds_run_add(from, &d);
        }
        run_job job = odds_run_job(from);
        unsigned char *valid = NULL;
        size_t len = 0;
        job.fold(job.ctx);
        if (!job.save(job.ctx, &valid, &len) || len != bytes) abort();
        memcpy(state, valid, bytes);
        free(valid);
        odds_run_free(from);
        while (at + 3 <= size) { /* position (2 bytes: the top bit picks the head's
                                    words or anywhere), then the byte's new value */
            size_t v = (size_t)data[at] << 8 | data[at + 1];
            size_t p = v & 0x8000 ? v % bytes : v % 128;
            state[p] = data[at + 2];
            at += 3;
        }
    } else {
        memset(state, 0, bytes);
        memcpy(state, data, size < bytes ? size : bytes);
    }
    unsigned char *loaded = malloc(bytes);
    if (!loaded) abort();
    memcpy(loaded, state, bytes);
    diag_t why = {0};
    if (odds_run_resume(r, NULL, 0, 0, &why)) {
        run_job job = odds_run_job(r);
        unsigned char *saved = NULL;
        size_t len = 0;
        job.fold(job.ctx);
        if (!job.save(job.ctx, &saved, &len) || len != bytes || memcmp(saved, loaded, bytes) != 0)
            abort(); /* what loads saves to itself */
        free(saved);
        odds_run_summary s;
        const odds_acc *acc = odds_run_finish(r, &s);
        static odds_estimate est[ODDS_NROWS];
        for (int i = 0; i < ODDS_NROWS; i++) est[i] = odds_acc_estimate(acc, i, 0.95);
        static odds_fit fit;
        odds_fit_compute(acc, &fit);
        FILE *sink = fopen("/dev/null", "w");
        if (!sink) abort();
        for (int t = 0; t < ODDS_NTABLES; t++) odds_print_table(sink, t, est, 0.95, t & 1);
        odds_fit_print(sink, &fit);
        for (int k = 0; k < ODDS_MAX_FILES; k++) fputs(deal_format_name((deal_format)s.file[k].format), sink);
        fclose(sink);
    } else if (!why.reason[0]) {
        abort(); /* refused without a reason */
    }
    /* as merge takes it: a shard's state, another shard (the same bytes) added */
    diag_t refused = {0};
    odds_run *merged = odds_run_of_state(loaded, bytes, &refused);
    if (merged) {
        if (odds_run_merge_state(merged, loaded, bytes, &refused)) {
            odds_run_summary s;
            const odds_acc *acc = odds_run_finish(merged, &s);
            for (int i = 0; i < ODDS_NROWS; i++) (void)odds_acc_estimate(acc, i, 0.95);
        } else if (!refused.reason[0]) {
            abort();
        }
        odds_run_free(merged);
    } else if (!refused.reason[0]) {
        abort();
    }
    free(loaded);
    odds_run_free(r);
    return 0;
}
