/* deal_gen.c -- the generation scheme of deal_gen.h, and the threaded run:
 * the workers of the runner's ordered pool (analyze/dd/dd_pool.h, which
 * every command's parallel work shares) deal whole blocks, the calling
 * thread hands them to the sink in stream order, so the output never
 * depends on which thread dealt what. */
#include <stdlib.h>
#include <string.h>
#include "analyze/dd/dd_pool.h"
#include "analyze/deal/deal_gen.h"
#include "formats/wda.h"

static void deal_one(gsl_rng *rng, uint64_t index, gen_deal *g)
{
    static const uint8_t ORDERED[52] = {
        0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17,
        18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35,
        36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51};
    uint8_t pack[52];
    memcpy(pack, ORDERED, sizeof pack);
    deal_shuffle(rng, pack, 52);
    /* p[k] goes to the seat k places after the eldest hand: gather by k mod 4. */
    uint64_t by_turn[4] = {0, 0, 0, 0};
    for (int k = 0; k < 52; k += 4) {
        by_turn[0] |= 1ULL << pack[k];
        by_turn[1] |= 1ULL << pack[k + 1];
        by_turn[2] |= 1ULL << pack[k + 2];
        by_turn[3] |= 1ULL << pack[k + 3];
    }
    int dealer = (int)(index & 3);
    for (int t = 0; t < 4; t++) g->hand[(dealer + 1 + t) & 3] = wda_hand_of_cards(by_turn[t]);
    g->index = index;
    g->dealer = (uint8_t)dealer;
    g->turnup = card_make(pack[51] / 13, pack[51] % 13 + 2);
}

void deal_gen_block(gsl_rng *rng, uint64_t seed, const deal_predeal *predeal, uint64_t first, size_t n,
                    gen_deal *out)
{
    uint64_t block = first / DEAL_GEN_BLOCK, i = block * DEAL_GEN_BLOCK;
    gsl_rng_set(rng, deal_gen_block_seed(seed, block));
    gen_deal skipped;
    if (predeal && deal_predeal_active(predeal)) {
        for (; i < first; i++) deal_predeal_one(rng, predeal, i, &skipped);
        for (size_t k = 0; k < n; k++) deal_predeal_one(rng, predeal, first + k, &out[k]);
        return;
    }
    for (; i < first; i++) deal_one(rng, i, &skipped);
    for (size_t k = 0; k < n; k++) deal_one(rng, first + k, &out[k]);
}

void deal_gen_to_deal(const gen_deal *g, uint32_t board, deal_t *d)
{
    memcpy(d->hand, g->hand, sizeof d->hand);
    d->dealer = g->dealer;
    d->leader = (uint8_t)deal_eldest(g->dealer);
    d->turnup = g->turnup;
    d->strain = (uint8_t)card_suit(g->turnup);
    d->board = board;
}

/* ------------------------------------------------------------ the run */

/* Chunk c of a run is the part of block start/B + c from start on. */
typedef struct {
    uint64_t first;
    size_t n;
} chunk;

static chunk chunk_of(const deal_gen_opts *o, uint64_t c)
{
    uint64_t block_first = (o->start / DEAL_GEN_BLOCK + c) * DEAL_GEN_BLOCK;
    uint64_t first = block_first > o->start ? block_first : o->start;
    return (chunk){first, (size_t)(block_first + DEAL_GEN_BLOCK - first)};
}

/* Deals chunk c into out and keeps those that pass the filter; returns how
 * many were kept (*dealt: how many were made). */
static size_t deal_chunk(const deal_gen_opts *o, gsl_rng *rng, uint64_t c, gen_deal *out,
                         size_t *dealt)
{
    chunk ch = chunk_of(o, c);
    deal_gen_block(rng, o->seed, o->predeal, ch.first, ch.n, out);
    *dealt = ch.n;
    if (!o->filter) return ch.n;
    size_t kept = 0;
    for (size_t k = 0; k < ch.n; k++)
        if (deal_filter_match(o->filter, out[k].hand, out[k].dealer, card_suit(out[k].turnup)))
            out[kept++] = out[k];
    return kept;
}

/* Hands the kept deals of one chunk (dealt deals made) to the sink, no
 * more than wanted; false when the run is over. */
static bool deliver(const deal_gen_opts *o, deal_gen_result *res, const gen_deal *deals,
                    size_t kept, size_t dealt, bool *sink_ok)
{
    uint64_t room = o->wanted - res->kept;
    size_t n = kept < room ? kept : (size_t)room;
    if (n == room && n > 0) /* the run ends inside this chunk: count up to its last deal */
        res->dealt = deals[n - 1].index + 1 - o->start;
    else
        res->dealt += dealt;
    res->kept += n;
    if (n && !o->sink(o->ctx, deals, n)) *sink_ok = false;
    return *sink_ok && res->kept < o->wanted && (!o->max_dealt || res->dealt < o->max_dealt);
}

/* Chunks a run may need: enough for wanted deals, or for max_dealt. */
static uint64_t chunks_needed(const deal_gen_opts *o)
{
    uint64_t span = o->filter ? o->max_dealt : o->wanted;
    if (span == 0 || span > UINT64_MAX - o->start - DEAL_GEN_BLOCK) return UINT64_MAX;
    uint64_t last = o->start + span - 1;
    return last / DEAL_GEN_BLOCK - o->start / DEAL_GEN_BLOCK + 1;
}

static bool run_here(const deal_gen_opts *o, deal_gen_result *res)
{
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_taus2);
    gen_deal *deals = malloc(DEAL_GEN_BLOCK * sizeof *deals);
    bool sink_ok = rng && deals;
    uint64_t nchunks = chunks_needed(o);
    for (uint64_t c = 0; sink_ok && c < nchunks && res->kept < o->wanted; c++) {
        size_t dealt, kept = deal_chunk(o, rng, c, deals, &dealt);
        if (!deliver(o, res, deals, kept, dealt, &sink_ok)) break;
    }
    free(deals);
    gsl_rng_free(rng);
    return sink_ok;
}

/* The runner's ordered pool (analyze/dd/dd_pool.h, without DDS): job tag
 * c deals chunk c into its place of the ring (tag % depth) on a worker,
 * each worker with its generator; the calling thread takes the chunks back
 * in order. */
typedef struct {
    const deal_gen_opts *o;
    gsl_rng **rng;   /* by worker */
    int depth;
    struct place {
        size_t kept, dealt;
        gen_deal deals[DEAL_GEN_BLOCK];
    } *places;
} pooled;

static void deal_job(dd_job *job, dd_solver *solver, void *ctx)
{
    pooled *g = ctx;
    struct place *at = &g->places[job->tag % (uint64_t)g->depth];
    at->kept = deal_chunk(g->o, g->rng[solver->thread], job->tag, at->deals, &at->dealt);
}

bool deal_gen_run(const deal_gen_opts *o, deal_gen_result *res)
{
    memset(res, 0, sizeof *res);
    if (o->wanted == 0) return true;
    if (o->threads <= 1) return run_here(o, res);
    pooled g = {.o = o, .rng = calloc(o->threads, sizeof *g.rng)};
    bool sink_ok = g.rng != NULL;
    for (unsigned t = 0; sink_ok && t < o->threads; t++) sink_ok = (g.rng[t] = gsl_rng_alloc(gsl_rng_taus2)) != NULL;
    dd_pool *pool = sink_ok ? dd_pool_open_plain((int)o->threads, 2 * (int)o->threads, deal_job, &g) : NULL;
    g.depth = pool ? dd_pool_depth(pool) : 0;
    g.places = pool ? malloc((size_t)g.depth * sizeof *g.places) : NULL;
    sink_ok = g.places != NULL;
    uint64_t nchunks = chunks_needed(o), next = 0;
    bool more = sink_ok;
    while (more) {
        dd_job *job;
        while (next < nchunks && (job = dd_pool_claim(pool))) { /* the ring kept full */
            job->tag = next++;
            job->play = true;
            dd_pool_submit(pool);
        }
        if (!dd_pool_pending(pool)) break;
        job = dd_pool_oldest(pool);
        struct place *at = &g.places[job->tag % (uint64_t)g.depth];
        more = deliver(o, res, at->deals, at->kept, at->dealt, &sink_ok);
        dd_pool_retire(pool);
    }
    dd_pool_close(pool);
    for (unsigned t = 0; g.rng && t < o->threads; t++) gsl_rng_free(g.rng[t]);
    free(g.rng);
    free(g.places);
    return sink_ok;
}
