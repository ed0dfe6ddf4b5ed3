/* dde.h -- whistlab's own double-dummy engine: the optimum of a position and
 * the value of every card the player on move may play, the same values as
 * DDS's SolveBoard (solutions 1 and 3), for a whole deal or any later
 * position (fewer cards, cards of the current trick already played).
 *
 * A context holds one search: its transposition table and the position
 * being searched. One context per thread; no globals. Memory is the
 * context's table, fixed when it is opened (dde_open), plus a search stack
 * of at most 52 frames: no deal makes it grow. Results are deterministic.
 *
 * Values are tricks of the side on move among the tricks left, the current
 * trick included (DDS's futureTricks scores). How it searches:
 * analyze/dd/engine/README.md. */
#ifndef WHISTLAB_DDE_H
#define WHISTLAB_DDE_H

#include <stddef.h>
#include <stdint.h>
#include "formats/deal.h"

/* The table's cap when dde_open is given 0: 64 MiB (34 MiB used: analyze/dd/engine/README.md). */
#define DDE_TT_BYTES_DEFAULT ((size_t)64 << 20)

enum {
    DDE_OK = 0,
    DDE_BAD_POSITION = -1, /* cards shared or out of range, hand sizes that do not
                              fit the trick, no card left, trumps or seat out of range */
};

typedef struct dde_ctx dde_ctx;

/* A position: what each seat still holds (cards of the current trick
 * already played are not in the hands), trumps (SUIT_S..SUIT_C or
 * STRAIN_NT), the seat that led to the current trick and the 0..3 cards
 * played to it so far, in order. The seat on move is (first + nplayed) % 4. */
typedef struct {
    hand_t hand[4];
    uint8_t trump;
    uint8_t first;
    uint8_t nplayed;
    card_t played[3];
} dde_position;

/* A context whose table takes at most tt_bytes (0: DDE_TT_BYTES_DEFAULT;
 * at least one bucket); NULL if the memory cannot be had. */
dde_ctx *dde_open(size_t tt_bytes);
void dde_close(dde_ctx *ctx);
/* The bytes the context holds (table and context). */
size_t dde_memory(const dde_ctx *ctx);
/* Positions visited since the context was opened (a measure of work). */
uint64_t dde_nodes(const dde_ctx *ctx);

/* DDE_OK when p is a position the engine can solve, else DDE_BAD_POSITION. */
int dde_check(const dde_position *p);

/* The optimum for the side on move (DDS solutions=1's score) into *best.
 * Returns DDE_OK or DDE_BAD_POSITION. */
int dde_best(dde_ctx *ctx, const dde_position *p, int *best);

/* values[card] = tricks the side on move takes after playing card, for each
 * card the player on move may legally play; -1 for every other card (DDS
 * solutions=3, its groups of equal cards expanded). *best (may be NULL)
 * gets the optimum. Returns DDE_OK or DDE_BAD_POSITION. */
int dde_values(dde_ctx *ctx, const dde_position *p, int8_t values[64], int *best);

/* The opening position of d: its hands, its strain as trumps, its leader on
 * lead (both must be set). */
void dde_position_of_deal(const deal_t *d, dde_position *p);

#endif
