/* dd_engine.c -- the double-dummy engines' names (dd_engine.h) and the own
 * engine's solves on a solver's context. */
#include <string.h>
#include <unistd.h>
#include "analyze/dd/dd_engine.h"
#include "analyze/dd/engine/dde.h"

static const char *const NAMES[] = {[DD_ENGINE_DDS] = "dds", [DD_ENGINE_WHISTLAB] = "whistlab"};
#define NENGINES ((int)(sizeof NAMES / sizeof NAMES[0]))

const char *dd_engine_name(int i) { return i >= 0 && i < NENGINES ? NAMES[i] : NULL; }

int dd_engine_parse(const char *name)
{
    for (int i = 0; i < NENGINES; i++)
        if (strcmp(name, NAMES[i]) == 0) return i;
    return -1;
}

dd_engine dd_engine_of_name(const char *name)
{
    int e = name && *name ? dd_engine_parse(name) : -1;
    return e < 0 ? DD_ENGINE_DDS : (dd_engine)e;
}

int dd_own_threads(void)
{
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 ? (int)online : 1;
}

void dd_own_close(dde_ctx *ctx) { dde_close(ctx); }

/* Every card of the leader's hand valued (-1 elsewhere), *best the optimum;
 * *ctx opened on the first solve (its table is kept for the next ones). */
static int own_values(dde_ctx **ctx, const deal_t *d, int8_t tricks[64], int *best)
{
    memset(tricks, -1, 64);
    if (!*ctx) *ctx = dde_open(0);
    if (!*ctx) return DD_OWN_NO_MEMORY;
    dde_position p;
    dde_position_of_deal(d, &p);
    if (dde_values(*ctx, &p, tricks, best) != DDE_OK) {
        memset(tricks, -1, 64);
        return DD_OWN_BAD_POSITION;
    }
    return 0;
}

int dd_own_solve_leads(dde_ctx **ctx, const deal_t *d, int8_t tricks[64])
{
    int best;
    return own_values(ctx, d, tricks, &best);
}

/* One search series values every card here (the engine keeps its table
 * across them), so the cards asked for cost no more than all: the values
 * kept are those dd_solve_cards promises, the cards asked for and the
 * optimal ones. */
int dd_own_solve_cards(dde_ctx **ctx, const deal_t *d, const card_t *cards, int n, int8_t tricks[64], int *best)
{
    int8_t all[64];
    int rc = own_values(ctx, d, all, best);
    memset(tricks, -1, 64);
    if (rc != 0) return rc;
    for (int c = 0; c < 64; c++)
        if (all[c] == *best) tricks[c] = all[c];
    for (int i = 0; i < n; i++)
        if (cards[i] < 64) tricks[cards[i]] = all[cards[i]];
    return 0;
}
