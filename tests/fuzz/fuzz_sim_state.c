/* fuzz_sim_state.c -- libFuzzer target (`make fuzz`): any bytes, as the job
 * section of a lead problem's state file (analyze/simulate/lead_sim_state.c,
 * what `lead --simulate --resume` reads back), must load or be refused with
 * a reason, never crash; a section that loads saves again to bytes that load
 * to the same save. Inputs whose first byte is odd start from a valid
 * section (its counts drawn from the input) with one byte changed, so that
 * the checks past the magic run. */
#include <stdlib.h>
#include <string.h>
#include "analyze/simulate/lead_sim.h"
#include "formats/hand_text.h"
#include "tests/fuzz/fuzz_draw.h"

static lead_sim_opts o;
static lead_sim_result res, again;

/* Pole's hand of the README: 13 columns, a double-dummy table and two
 * conventions' play tables. */
static void setup(lead_sim_result *r)
{
    memset(r, 0, sizeof *r);
    for (int s = 0; s < 4; s++)
        for (int k = RANK_A; k >= 2; k--)
            if (hand_has(o.hand, card_make(s, k))) r->card[r->ncols++] = card_make(s, k);
    lead_table_init(&r->dd, r->ncols);
    for (int k = 0; k < o.nconv; k++) lead_table_init(&r->play[k], r->ncols);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool ready;
    if (!ready) {
        diag_t d = {0};
        if (!hand_parse("S:KJ8432 H:Q963 D:AK C:Q", &o.hand, &d)) abort();
        o.dd = o.play = true;
        o.nconv = 2;
        o.save = "fuzz.wls";
        ready = true;
    }
    setup(&res);
    unsigned char *bytes = NULL;
    size_t len = 0;
    if (size > 2 && (data[0] & 1)) { /* a valid section, then one byte changed */
        size_t at = 1;
        res.layouts = fuzz_draw(data, size, &at, 3);
        for (int i = 0; i < res.ncols; i++) {
            res.dd.best[i] = fuzz_draw(data, size, &at, 3);
            res.chosen[i % o.nconv][i] = fuzz_draw(data, size, &at, 3);
        }
        if (!lead_sim_state_save(&o, &res, fuzz_draw(data, size, &at, 3), &bytes, &len)) abort();
        if (len && at + 2 <= size) bytes[(data[at] << 8 | data[at + 1]) % len] ^= (unsigned char)(data[at] | 1);
        setup(&res);
    } else {
        bytes = malloc(size ? size : 1);
        if (!bytes) abort();
        memcpy(bytes, data, size);
        len = size;
    }
    uint64_t dealt = 0;
    diag_t diag = {0};
    if (lead_sim_state_load(&o, &res, &dealt, bytes, len, &diag)) {
        unsigned char *saved = NULL, *resaved = NULL;
        size_t n = 0, m = 0;
        if (!lead_sim_state_save(&o, &res, dealt, &saved, &n)) abort();
        setup(&again);
        uint64_t dealt2 = 0;
        if (!lead_sim_state_load(&o, &again, &dealt2, saved, n, &diag) || dealt2 != dealt) abort();
        if (!lead_sim_state_save(&o, &again, dealt2, &resaved, &m) || m != n || memcmp(saved, resaved, n) != 0)
            abort(); /* what loads saves to itself */
        free(saved);
        free(resaved);
    } else if (!diag.reason[0]) {
        abort(); /* refused without a reason */
    }
    free(bytes);
    return 0;
}
