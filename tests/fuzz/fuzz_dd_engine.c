/* fuzz_dd_engine.c -- libFuzzer target (`make fuzz`): any bytes make a
 * position (tests/dde_oracle.h): byte 0 the trumps and leader, byte 1 how
 * many tricks are left (1..8, so that both solvers answer fast) and how
 * many cards of the current trick are played, byte 2 whether the pack is
 * dealt shuffled or suit by suit with a few swaps (hands void in several
 * suits), the rest the seed of the shuffle and of the cards played. The
 * engine's value of every card and its optimum must be DDS's. */
#include <stdlib.h>
#include <string.h>
#include "tests/dde_oracle.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static dde_ctx *ctx;
    if (!ctx) {
        if (!dd_init(DD_ENGINE_DDS)) abort();
        ctx = dde_open((size_t)1 << 20);
        if (!ctx) abort();
    }
    if (size < 3) return 0;
    uint64_t seed = 0x9E3779B97F4A7C15ULL;
    for (size_t i = 3; i < size; i++) seed = (seed ^ data[i]) * 0x100000001B3ULL;
    if (!seed) seed = 1;
    dde_position p;
    oracle_random_deal(&seed, &p);
    if (data[2] & 1) { /* suit by suit: hand i gets suit i, then a few cards swapped */
        for (int seat = 0; seat < 4; seat++) p.hand[seat] = hand_from_suit(seat, SUIT_MASK_ALL);
        for (int k = data[2] >> 1 & 15; k > 0; k--) {
            int a = (int)(oracle_rand(&seed) % 4), b = (a + 1 + (int)(oracle_rand(&seed) % 3)) % 4;
            hand_t ca = p.hand[a], cb = p.hand[b];
            for (int j = (int)(oracle_rand(&seed) % 13); j > 0; j--) ca &= ca - 1;
            for (int j = (int)(oracle_rand(&seed) % 13); j > 0; j--) cb &= cb - 1;
            hand_t x = ca & (0 - ca), y = cb & (0 - cb);
            p.hand[a] = (p.hand[a] & ~x) | y;
            p.hand[b] = (p.hand[b] & ~y) | x;
        }
    }
    p.trump = (uint8_t)(data[0] % 5);
    p.first = (uint8_t)(data[0] / 5 % 4);
    int left = 1 + data[1] % 8, played = data[1] / 8 % 4;
    oracle_play_random(&seed, &p, 4 * (13 - left) + played);
    int8_t mine[64], dds[64];
    int best_mine, best_dds, best_alone;
    if (dde_values(ctx, &p, mine, &best_mine) != DDE_OK) abort();
    if (oracle_values(&p, 0, dds, &best_dds) != RETURN_NO_FAULT) abort();
    if (dde_best(ctx, &p, &best_alone) != DDE_OK) abort();
    if (memcmp(mine, dds, 64) || best_mine != best_dds || best_alone != best_dds) abort();
    return 0;
}
