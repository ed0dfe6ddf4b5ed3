/* deal_draw.c -- the draws of deal generation (deal_draw.h). */
#include "analyze/deal/deal_draw.h"

static uint64_t splitmix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ z >> 30) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ z >> 27) * 0x94d049bb133111ebULL;
    return z ^ z >> 31;
}

uint32_t deal_gen_block_seed(uint64_t seed, uint64_t block)
{
    uint32_t h = (uint32_t)(splitmix64(seed) + block);
    h ^= h >> 16;
    h *= 0x85ebca6bU;
    h ^= h >> 13;
    h *= 0xc2b2ae35U;
    return h ^ h >> 16;
}

/* Step 3 of the scheme: positions j[i] uniform in [0, n - i) for i < k,
 * from one 32-bit draw x (taus2 gives the full 32 bits). With P = n (n-1)
 * ... (n-k+1), x*P = J*2^32 + low is Lemire's multiply-and-reject for J in
 * [0, P) (reject while low < 2^32 mod P), and the chain of multiplications
 * below reads off J's mixed-radix digits, one position each, with no
 * division. */
static inline void positions(gsl_rng *rng, uint32_t n, int k, uint32_t *j)
{
    uint32_t prod = n;
    for (int i = 1; i < k; i++) prod *= n - (uint32_t)i;
    for (;;) {
        uint32_t low = (uint32_t)gsl_rng_get(rng);
        for (int i = 0; i < k; i++) {
            uint64_t m = (uint64_t)low * (n - (uint32_t)i);
            j[i] = (uint32_t)(m >> 32);
            low = (uint32_t)m;
        }
        if (low >= prod || low >= (uint32_t)(-prod) % prod) return;
    }
}

uint32_t deal_uniform(gsl_rng *rng, uint32_t n)
{
    uint32_t j;
    positions(rng, n, 1, &j);
    return j;
}

void deal_shuffle(gsl_rng *rng, uint8_t *pack, uint32_t count)
{
    for (uint32_t n = count; n >= 2; n = n >= 6 ? n - 4 : 1) {
        int k = n >= 5 ? 4 : (int)n - 1;
        uint32_t j[4];
        positions(rng, n, k, j);
        for (int i = 0; i < k; i++) {
            uint8_t t = pack[n - 1 - i];
            pack[n - 1 - i] = pack[j[i]];
            pack[j[i]] = t;
        }
    }
}

