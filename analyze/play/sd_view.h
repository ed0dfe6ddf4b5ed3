/* sd_view.h -- what one single-dummy player sees when he decides a card
 * (analyze/play/RULES.md §2-§3): the public state of play_view.h (every card played, by
 * whom and in which trick, the turn-up, the known voids, D1-D4), his own
 * hand, and his side's convention with its overrides (§12). The game loop
 * (sd_game.c) hands each decision one of these and nothing else, so no rule
 * can look at another hand (I6).
 *
 * sd_follow gives the card of second, third and fourth hand (§3 PR1-PR5,
 * §5-§9, §12) with the ids of the rules that chose it. */
#ifndef WHISTLAB_SD_VIEW_H
#define WHISTLAB_SD_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include "analyze/lead/lead.h"
#include "analyze/lead/play_view.h"

/* A side's convention and the [play] rows its table states or inherits
 * (play_rows.h), by which its players follow. */
typedef struct {
    const convention *conv;
    const play_rules *play; /* no convention: no rows (PR5) */
} sd_side;

void sd_side_init(sd_side *side, const convention *c);

typedef struct {
    const play_public *pub; /* I2-I5: the deal's public state */
    int seat;               /* the player deciding */
    hand_t hand;            /* I1: his cards now */
    const sd_side *side;    /* his side's agreements (I5) */
    unsigned ext;           /* the extended rules of analyze/play/RULES.md §13 switched on
                               for the game: bit n = rule Xn (SD_EXT_DONE) */
} sd_view;

/* The extended rules implemented (X1-X13, all of §13 but X14, which is
 * unspecified); X8, X11 and X12 act on leads (lead_later.c). */
#define SD_EXT_DONE (((1u << 14) - 1) & ~1u)

/* Parses "X4,X5,..." (--ext) into a bit set; false with diag's reason
 * filled when an id is unknown or not one whistlab plays. */
bool sd_ext_parse(const char *text, unsigned *ext, diag_t *diag);

/* A card and why: rule is the position rule ("S3.2", "T4.2", "F1", "PR2",
 * "CV1"), how the rule that turned a RUFF / DISC / LOW output into a card
 * ("RF1", "RF2", "D1", "D3", "D4") or NULL. */
typedef struct {
    card_t card;
    const char *rule;
    const char *how;
    bool low;          /* a LOW output (PR5), which signals may replace (PR6) */
    uint8_t rows;      /* 1 + the bucket of [play] rows that decided (play_rows.h), 0 none (PR1, PR2) */
} sd_card;

/* The card of a player who is not on lead (the current trick holds 1 to 3
 * cards), by his side's [play] rows. Always legal. Allocation-free.
 * *side_read is set when a rule read the side's card tables (X2(a), X3)
 * or its [later] procedure (X6): the card may then differ under another
 * convention's side even where the two sides' rows are the same. */
sd_card sd_follow(const sd_view *v, bool *side_read);

#endif
