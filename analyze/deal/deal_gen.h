/* deal_gen.h -- reproducible random whist deals for large corpora: the same
 * deals from a seed on every machine and for any number of threads, because
 * each deal depends only on (seed, deal index).
 *
 * The scheme (generator 1 of the .wda header), exactly:
 *
 *  1. Deal i (0-based; board i + 1) is deal number i mod 4096 (counting
 *     from 0) made from the generator of block j = i / 4096.
 *  2. Block j's generator is GSL's taus2 (L'Ecuyer's maximally
 *     equidistributed combined Tausworthe generator, 32-bit output, period
 *     2^88) set with gsl_rng_set(r, s_j):
 *       x   = splitmix64(seed)
 *       s_j = fmix32((uint32_t)(x + j))      (computed in 64 bits, truncated)
 *     splitmix64(z): z += 0x9e3779b97f4a7c15;
 *       z = (z ^ z >> 30) * 0xbf58476d1ce4e5b9; z = (z ^ z >> 27) * 0x94d049bb133111eb;
 *       return z ^ z >> 31.
 *     fmix32(h) (MurmurHash3): h ^= h >> 16; h *= 0x85ebca6b; h ^= h >> 13;
 *       h *= 0xc2b2ae35; h ^= h >> 16.
 *     fmix32 is a bijection, so the blocks of one seed get distinct seeds
 *     (GSL's taus2 takes seed 0 as 1: a corpus would need billions of blocks
 *     to hold both).
 *  3. A deal: the ordered pack p (card k = suit*13 + rank-2: spades, hearts,
 *     diamonds, clubs, deuce first) is shuffled by Fisher-Yates: for m = 52
 *     down to 2, swap p[m-1] with p[j_m], j_m uniform in [0, m). The j_m are
 *     drawn four at a time (m = 52..49, 48..45, ..., 8..5, then 4..2 three at
 *     a time) from one 32-bit draw each: with P the product of the group's
 *     m, x = gsl_rng_get(r), and for each m of the group in order
 *     t = x * m (64 bits), j_m = t >> 32, x = t mod 2^32; the group is drawn
 *     again from a new x while the final x < (2^32 mod P). This is Lemire's
 *     unbiased multiply-and-reject for one number in [0, P) whose mixed-radix
 *     digits are the j_m (Brackett-Rozinsky and Lemire, batched ranged
 *     random integers): exactly uniform, 13 draws a deal (a redraw is rarer
 *     than 1 in 600), no division.
 *  4. Whist dealing: the dealer of deal i is seat i mod 4 (North deals board
 *     1, the deal passes to the left); card p[k] goes to seat (dealer + 1 +
 *     k) mod 4, one at a time from the eldest hand round to the dealer, whose
 *     last card p[51] is turned up and fixes trumps (a uniformly random card
 *     of his hand, as at the table).
 *
 * Filtered runs keep the deals of this stream that pass the filter, in
 * order, and number them 1, 2, 3...; each keeps the dealer it was dealt by. */
#ifndef WHISTLAB_DEAL_GEN_H
#define WHISTLAB_DEAL_GEN_H

#include <gsl/gsl_rng.h>
#include <stddef.h>
#include "analyze/deal/deal_draw.h"
#include "analyze/deal/deal_filter.h"
#include "analyze/deal/deal_predeal.h"
#include "formats/deal.h"

/* Deals first .. first + n - 1 of the stream of seed, which must lie in one
 * block; with fixed cards when predeal is active (deal_predeal.h; NULL:
 * none). rng must be of type gsl_rng_taus2 (it is reseeded). */
void deal_gen_block(gsl_rng *rng, uint64_t seed, const deal_predeal *predeal, uint64_t first, size_t n,
                    gen_deal *out);

/* Sets the fields of d that a generated deal has: hands, dealer, leader,
 * turn-up, trumps, board (as given). The others are left alone: deal_clear d
 * once, then reuse it. */
void deal_gen_to_deal(const gen_deal *g, uint32_t board, deal_t *d);

typedef struct {
    uint64_t seed;
    uint64_t start;      /* index of the first deal of the stream to deal */
    uint64_t wanted;     /* deals to deliver */
    uint64_t max_dealt;  /* a filtered run gives up after dealing this many */
    unsigned threads;    /* 0 or 1: the calling thread deals */
    const deal_filter *filter; /* NULL: every deal */
    const deal_predeal *predeal; /* cards fixed in advance (NULL: none) */
    /* Receives the kept deals in stream order, up to a block at a time;
     * returning false stops the run. */
    bool (*sink)(void *ctx, const gen_deal *deals, size_t n);
    void *ctx;
} deal_gen_opts;

typedef struct {
    uint64_t dealt;      /* deals made and looked at, from start on */
    uint64_t kept;       /* deals passed to the sink */
} deal_gen_result;

/* Runs the generation; false when the sink stopped it or threads could not
 * be started (res still counts what was done). */
bool deal_gen_run(const deal_gen_opts *o, deal_gen_result *res);

#endif
