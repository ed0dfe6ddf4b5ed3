/* dd_engine.c -- the process's choice of double-dummy engine (dd_engine.h)
 * and the own engine's solves on a context per thread. */
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>
#include "analyze/dd/dd_engine.h"
#include "analyze/dd/engine/dde.h"

static const char *const NAMES[] = {[DD_ENGINE_DDS] = "dds", [DD_ENGINE_WHISTLAB] = "whistlab"};
#define NENGINES ((int)(sizeof NAMES / sizeof NAMES[0]))

static atomic_int engine_used = DD_ENGINE_DDS;

const char *dd_engine_name(int i) { return i >= 0 && i < NENGINES ? NAMES[i] : NULL; }

int dd_engine_parse(const char *name)
{
    for (int i = 0; i < NENGINES; i++)
        if (strcmp(name, NAMES[i]) == 0) return i;
    return -1;
}

void dd_engine_use(dd_engine e) { atomic_store(&engine_used, (int)e); }

dd_engine dd_engine_used(void) { return (dd_engine)atomic_load(&engine_used); }

int dd_own_threads(void)
{
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 ? (int)online : 1;
}

/* The calling thread's context: a thread-specific value, so that it is
 * closed when its thread ends (the pool's workers, lead --simulate's). */
static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static pthread_key_t ctx_key;
static bool key_made;

static void close_ctx(void *ctx) { dde_close(ctx); }

static void make_key(void) { key_made = pthread_key_create(&ctx_key, close_ctx) == 0; }

static dde_ctx *thread_ctx(void)
{
    pthread_once(&key_once, make_key);
    if (!key_made) return NULL;
    dde_ctx *ctx = pthread_getspecific(ctx_key);
    if (!ctx && (ctx = dde_open(0)) && pthread_setspecific(ctx_key, ctx) != 0) {
        dde_close(ctx);
        ctx = NULL;
    }
    return ctx;
}

/* Every card of the leader's hand valued (-1 elsewhere), *best the optimum. */
static int own_values(const deal_t *d, int8_t tricks[64], int *best)
{
    memset(tricks, -1, 64);
    dde_ctx *ctx = thread_ctx();
    if (!ctx) return DD_OWN_NO_MEMORY;
    dde_position p;
    dde_position_of_deal(d, &p);
    if (dde_values(ctx, &p, tricks, best) != DDE_OK) {
        memset(tricks, -1, 64);
        return DD_OWN_BAD_POSITION;
    }
    return 0;
}

int dd_own_solve_leads(const deal_t *d, int8_t tricks[64])
{
    int best;
    return own_values(d, tricks, &best);
}

/* One search series values every card here (the engine keeps its table
 * across them), so the cards asked for cost no more than all: the values
 * kept are those dd_solve_cards promises, the cards asked for and the
 * optimal ones. */
int dd_own_solve_cards(const deal_t *d, const card_t *cards, int n, int8_t tricks[64], int *best)
{
    int8_t all[64];
    int rc = own_values(d, all, best);
    memset(tricks, -1, 64);
    if (rc != 0) return rc;
    for (int c = 0; c < 64; c++)
        if (all[c] == *best) tricks[c] = all[c];
    for (int i = 0; i < n; i++)
        if (cards[i] < 64) tricks[cards[i]] = all[cards[i]];
    return 0;
}
