/* fuzz_where.c -- libFuzzer target (`make fuzz`): any bytes, as the text of
 * `whistlab deal --where` (analyze/deal/deal_filter.h), must compile or be
 * refused with a reason, never crash or hang; a filter that compiles is
 * evaluated on 64 generated deals under every dealer and strain, and must
 * answer the same twice (it only reads). */
#include <gsl/gsl_rng.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/deal/deal_filter.h"
#include "analyze/deal/deal_gen.h"

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
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool ready;
    if (!ready) {
        make_deals();
        ready = true;
    }
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = 0; /* a NUL inside ends the text, as on a command line */
    diag_t diag;
    memset(&diag, 0, sizeof diag);
    deal_filter *f = deal_filter_compile(text, &diag);
    free(text);
    if (!f) {
        if (!diag.reason[0]) abort(); /* refused without a reason */
        return 0;
    }
    for (int i = 0; i < DEALS; i++)
        for (int dealer = 0; dealer < 4; dealer++)
            for (int strain = 0; strain <= STRAIN_NT; strain++) {
                bool a = deal_filter_match(f, deals[i].hand, dealer, strain);
                if (a != deal_filter_match(f, deals[i].hand, dealer, strain)) abort();
            }
    deal_filter_free(f);
    return 0;
}
