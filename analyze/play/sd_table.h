/* sd_table.h -- one table of the single-dummy game in play, resumable at
 * any card (analyze/play/RULES.md §1, L1-L5): the hands, the public state and the
 * tricks so far; the seat to play follows from the public state. A move
 * is decided from the player's view only -- leads by the side's convention
 * (PR3, lead_later), the others by sd_follow (PR4) -- and played after
 * the legality check (L3). The engine is sd_table.c; its two game loops
 * are sd_table_run (one table to the end) and sd_duplicate.c (the two
 * tables of a duplicate played as one while their cards are the same).
 * Internal to the players. */
#ifndef WHISTLAB_SD_TABLE_H
#define WHISTLAB_SD_TABLE_H

#include "analyze/play/sd_play.h"
#include "analyze/play/sd_rules.h"

typedef struct {
    hand_t hand[4];
    play_public pub;
    sd_result r;
} sd_table;

/* A decided card: for a lead, its effects on the public state too. */
typedef struct {
    card_t card;
    bool lead;
    later_choice lc;        /* leads: memo, abandon, drawing; what it read */
    const char *rule, *how; /* the rule ids; rule NULL: the lead's own (lc) */
    bool side;              /* a follow that read the side's convention (sd_follow) */
    uint8_t rows;           /* a follow: sd_card.rows, the [play] rows that decided */
} sd_move;

static inline int sd_table_seat(const sd_table *tb)
{
    return (tb->pub.leader[tb->pub.ntricks] + tb->pub.ncur) & 3;
}

/* What the seat to play sees when he leads (play_view.h). */
static inline play_view sd_table_view(const sd_table *tb, const sd_deal *d, bool quiet, suit_choices *choices)
{
    int seat = sd_table_seat(tb);
    return (play_view){.pub = &tb->pub, .seat = seat, .hand = tb->hand[seat], .deal_key = d->deal_key,
                       .seed = d->seed, .ext = d->ext, .quiet = quiet, .choices = choices};
}

/* The table at its start; -1 if a hand is not of 13 cards. */
int sd_table_init(sd_table *tb, const sd_deal *d);

/* The card of the seat to play, whose side is side (the table not
 * finished). opening: as sd_play's; quiet: no rule ids wanted; choices:
 * for a lead, NULL or the suit choices kept (play_view). Returns 0, or -1
 * as sd_play. */
int sd_table_decide(const sd_table *tb, const sd_deal *d, const sd_side *side, card_t opening, bool quiet,
                    suit_choices *choices, sd_move *m);

/* Plays m for the seat to play: -1 if it is illegal (L3); counts the
 * trick when m completes one, after the calls it shows (SG1r). */
int sd_table_play(sd_table *tb, const sd_deal *d, const sd_move *m);

/* Plays on to the end; log (may be NULL) gets the cards played from here
 * on. */
int sd_table_run(sd_table *tb, const sd_deal *d, const sd_side *const side[2], card_t opening, sd_log *log);

#endif
