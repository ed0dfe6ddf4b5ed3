/* fuzz_convention.c -- libFuzzer target (`make fuzz`): any bytes, loaded
 * as a convention table (`--convention FILE`, analyze/lead/conventions/README.md),
 * must compile or be refused with a reason, never crash or hang; a table
 * that compiles must then lead and play: the opening lead of 64 generated
 * deals (lead_choose), and the duplicate of those deals against long-suit
 * and against itself (sd_duplicate), with signals and the extended rules
 * on in turn. X against itself gains 0 on every deal (issue 5).
 *
 * The bytes reach the loader as a file (fuzz_file.h), so that its own
 * reading (size limit, NUL bytes) is what runs. */
#include "tests/fuzz/fuzz_file.h"
#include <gsl/gsl_rng.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/deal/deal_gen.h"
#include "analyze/lead/lead.h"
#include "analyze/play/sd_duplicate.h"
#include "analyze/play/sd_play.h"
#include "formats/deal_digest.h"

#define DEALS 64

static deal_t deals[DEALS];

static void make_deals(void)
{
    gen_deal g[DEALS];
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_taus2);
    deal_gen_block(rng, 1851, NULL, 0, DEALS, g);
    gsl_rng_free(rng);
    for (int i = 0; i < DEALS; i++) {
        deal_clear(&deals[i]);
        deal_gen_to_deal(&g[i], (uint32_t)i + 1, &deals[i]);
        deals[i].pos.index = (uint64_t)i;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool ready;
    if (!ready) {
        make_deals();
        ready = true;
    }
    char path[64];
    int fd = fuzz_file(data, size, path);
    if (fd < 0) return 0;
    diag_t diag;
    memset(&diag, 0, sizeof diag);
    convention *c = convention_load(path, &diag);
    close(fd);
    if (!c) {
        if (!diag.reason[0]) abort(); /* refused without a reason */
        return 0;
    }
    sd_side x, y, ls;
    sd_side_init(&x, c);
    sd_side_init(&y, c);
    sd_side_init(&ls, convention_builtin("long-suit"));
    sd_pair self, against;
    sd_pair_init(&self, &x, &y);
    sd_pair_init(&against, &x, &ls);
    for (int i = 0; i < DEALS; i++) {
        const deal_t *w = &deals[i];
        lead_view lv = {.hand = w->hand[w->leader], .trump = w->strain, .turnup = w->turnup,
                        .deal_key = deal_digest_key(w), .seed = 1};
        lead_choice ch;
        if (lead_choose(c, &lv, &ch) == 0 && !hand_has(lv.hand, ch.card)) abort(); /* a card not held */
        sd_deal d;
        sd_deal_from(&d, w);
        d.seed = 1;
        d.signals = i & 1;
        d.ext = i & 2 ? SD_EXT_DONE : 0;
        sd_dup_result r;
        if (sd_duplicate(&d, &self, &r) == 0 && r.gain != 0) abort();
        sd_duplicate(&d, &against, &r);
    }
    convention_free(c);
    return 0;
}
