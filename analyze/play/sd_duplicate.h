/* sd_duplicate.h -- duplicate replay, as duplicate whist was played
 * (foster L2056): convention X against Y plays every deal twice, X for
 * North-South and Y for East-West, then with the seats swapped, and X's
 * gain on the deal is (X's tricks at table 1 + X's tricks at table 2) - 13.
 * The luck of the cards cancels; only the play differs.
 *
 * When X and Y have the same suit rules, the two tables are played as one
 * while their cards are the same: a card is decided once for both when
 * what its decision read is alike in X and Y (sd_pair), else under each
 * side's convention, and the tables part at the first card that differs.
 * The result is the same as two separate games (tests/test_sd_game.c
 * checks it). */
#ifndef WHISTLAB_SD_DUPLICATE_H
#define WHISTLAB_SD_DUPLICATE_H

#include "analyze/play/sd_play.h"

typedef struct {
    int x_tricks[2];  /* X's tricks at table 1 (X North-South) and table 2 (X East-West) */
    int gain;         /* x_tricks[0] + x_tricks[1] - 13, in -13..13 */
} sd_dup_result;

/* Two sides and what their conventions have alike, found once per pair. */
typedef struct {
    const sd_side *x, *y;
    unsigned same;       /* CONV_PART_* bits alike (lead.h) */
    int later_alike;     /* convention_later_alike */
    int inserted[2];     /* convention_later_inserted(x, y), (y, x) */
    uint16_t rows_alike; /* bit 1 + b: the [play] rows of bucket b (play_rows.h)
                            are the same for both sides; bit 0: no rows read */
    bool reads_alike;    /* so is what X2(a), X3 and X6 read of the side (a
                            follow's sd_move.side): the card tables, C3 first */
    bool joint;          /* play the tables as one: the suit rules are alike */
} sd_pair;

void sd_pair_init(sd_pair *p, const sd_side *x, const sd_side *y);

/* Plays d at both tables of p (x against y). Returns 0, or -1 if a table
 * cannot be played (sd_play). */
int sd_duplicate(const sd_deal *d, const sd_pair *p, sd_dup_result *out);

/* A round robin of n sides over one deal: gain[i * n + j] = i's gain
 * against j (0 on the diagonal, gain[j][i] = -gain[i][j]); pairs[i * n +
 * j] for i < j is sd_pair_init(sides i, j). n*(n-1) tables are played.
 * Returns 0, or -1 as sd_duplicate. */
int sd_round_robin(const sd_deal *d, const sd_pair *pairs, int n, int *gain);

#endif
