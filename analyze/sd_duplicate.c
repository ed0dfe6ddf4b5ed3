/* sd_duplicate.c -- X against Y at two tables with the seats swapped, and
 * the round robin of several conventions over one deal. Each ordered pair
 * (i for North-South, j for East-West) is one table, played once and used
 * for both i's and j's scores. */
#include "sd_duplicate.h"

int sd_duplicate(const sd_deal *d, const sd_side *x, const sd_side *y, sd_dup_result *out)
{
    const sd_side *t1[2] = {x, y}, *t2[2] = {y, x};
    sd_result r1, r2;
    if (sd_play(d, t1, CARD_NONE, &r1, NULL) < 0 || sd_play(d, t2, CARD_NONE, &r2, NULL) < 0) return -1;
    out->x_tricks[0] = r1.tricks[0];
    out->x_tricks[1] = r2.tricks[1];
    out->gain = out->x_tricks[0] + out->x_tricks[1] - 13;
    return 0;
}

int sd_round_robin(const sd_deal *d, const sd_side *const *sides, int n, int *gain)
{
    for (int i = 0; i < n; i++) gain[i * n + i] = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            if (i == j) continue;
            const sd_side *t[2] = {sides[i], sides[j]};
            sd_result r;
            if (sd_play(d, t, CARD_NONE, &r, NULL) < 0) return -1;
            /* table (i N-S, j E-W): i's tricks count for i's gain against j,
             * and j's for j's gain against i */
            if (i < j) {
                gain[i * n + j] = r.tricks[0];
                gain[j * n + i] = r.tricks[1];
            } else {
                gain[j * n + i] += r.tricks[1] - 13;
                gain[i * n + j] += r.tricks[0] - 13;
            }
        }
    /* gain[i][j] so far: i's tricks at table (i, j) + i's tricks at (j, i) - 13 */
    return 0;
}
