/* sd_table.h -- one table of the single-dummy game in play, resumable at
 * any card (spec/play.md §1, L1-L5): the hands, the public state and the
 * tricks so far; the seat to play follows from the public state. A move
 * is decided from the player's view only -- leads by the side's convention
 * (PR3, lead_later), the others by sd_follow (PR4) -- and played after
 * the legality check (L3).
 *
 * Inline, for the two game loops: sd_game.c plays one table to the end;
 * sd_duplicate.c plays the two tables of a duplicate as one while their
 * cards are the same. Internal to the players. */
#ifndef WHISTLAB_SD_TABLE_H
#define WHISTLAB_SD_TABLE_H

#include <string.h>
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
    bool side;              /* a follow that tested a side override */
} sd_move;

static inline int sd_table_seat(const sd_table *tb)
{
    return (tb->pub.leader[tb->pub.ntricks] + tb->pub.ncur) & 3;
}

/* L3: the card is held, and follows suit when it can. */
static inline bool sd_legal(hand_t hand, card_t card, int led_suit)
{
    if (!card_valid(card) || !hand_has(hand, card)) return false;
    return led_suit < 0 || card_suit(card) == led_suit || !hand_suit(hand, led_suit);
}

/* hand_count without the libgcc popcount call (plain x86-64 build). */
static inline int sd_cards_in(hand_t h)
{
    return ranks_count(hand_suit(h, 0)) + ranks_count(hand_suit(h, 1)) + ranks_count(hand_suit(h, 2)) +
           ranks_count(hand_suit(h, 3));
}

/* PR2 for leads too: a hand of one group plays its lowest card. */
static inline bool sd_one_group(hand_t hand, hand_t played, card_t *lowest)
{
    for (int s = 0; s < 4; s++) {
        uint16_t h = hand_suit(hand, s);
        if (hand != hand_from_suit(s, h)) continue;
        if (sd_group(h, hand_suit(played, s), ranks_top(h)) != h) return false;
        *lowest = card_make(s, ranks_low(h));
        return true;
    }
    return false;
}

/* The table at its start; -1 if a hand is not of 13 cards. */
static inline int sd_table_init(sd_table *tb, const sd_deal *d)
{
    for (int s = 0; s < 4; s++) {
        tb->hand[s] = d->hand[s];
        if (sd_cards_in(tb->hand[s]) != 13) return -1;
    }
    play_public_init(&tb->pub, d->trump, d->turnup, d->dealer, d->signals);
    tb->r.tricks[0] = tb->r.tricks[1] = 0;
    return 0;
}

/* A lead no convention chose (DD, PR2): it records no memo (RL0), leaves
 * drawing trumps (D3) as it was and reads no convention. */
static inline void sd_forced_lead(later_choice *lc, card_t card)
{
    memset(lc, 0, sizeof *lc);
    lc->choice.card = card;
    lc->memo.first = CARD_NONE;
    lc->drawing = -1;
    lc->step = -1;
}

/* What the seat to play sees when he leads (play_view.h). */
static inline play_view sd_table_view(const sd_table *tb, const sd_deal *d, bool quiet, suit_choices *choices)
{
    int seat = sd_table_seat(tb);
    return (play_view){.pub = &tb->pub, .seat = seat, .hand = tb->hand[seat], .deal_index = d->deal_index,
                       .seed = d->seed, .ext = d->ext, .quiet = quiet, .choices = choices};
}

/* The card of the seat to play, whose side is side (the table not
 * finished). opening: as sd_play's; quiet: no rule ids wanted; choices:
 * for a lead, NULL or the suit choices kept (play_view). Returns 0, or -1
 * as sd_play. */
static inline __attribute__((always_inline)) int sd_table_decide(const sd_table *tb, const sd_deal *d,
                                                                const sd_side *side, card_t opening, bool quiet,
                                                                suit_choices *choices, sd_move *m)
{
    const play_public *pub = &tb->pub;
    int t = pub->ntricks, seat = sd_table_seat(tb);
    m->lead = pub->ncur == 0;
    m->side = false;
    if (!m->lead) {
        sd_view v = {.pub = pub, .seat = seat, .hand = tb->hand[seat], .side = side, .ext = d->ext};
        sd_card c = sd_follow(&v, &m->side);
        m->card = c.card;
        m->rule = c.rule;
        m->how = c.how;
        return 0;
    }
    card_t low;
    m->how = NULL;
    if (t == 0 && opening != CARD_NONE) {
        sd_forced_lead(&m->lc, opening);
        m->rule = "DD";
    } else if (t > 0 && sd_one_group(tb->hand[seat], pub->played, &low)) {
        sd_forced_lead(&m->lc, low);
        m->rule = "PR2";
    } else {
        play_view pv = sd_table_view(tb, d, quiet, choices);
        if (lead_later(side->conv, &pv, &m->lc) < 0) return -1;
        m->rule = NULL; /* the ids are the choice's own */
    }
    m->card = m->lc.choice.card;
    return 0;
}

/* Plays m for the seat to play: -1 if it is illegal (L3); counts the
 * trick when m completes one, after the calls it shows (SG1r). */
static inline __attribute__((always_inline)) int sd_table_play(sd_table *tb, const sd_deal *d, const sd_move *m)
{
    play_public *pub = &tb->pub;
    int seat = sd_table_seat(tb);
    if (!sd_legal(tb->hand[seat], m->card, m->lead ? -1 : pub->led[pub->ntricks])) return -1;
    if (m->lead) play_public_note_lead(pub, seat, &m->lc);
    tb->hand[seat] &= ~card_bit(m->card);
    int w = play_public_play(pub, seat, m->card);
    if (w >= 0) {
        if (d->signals) sd_read_calls(pub, pub->ntricks - 1);
        tb->r.tricks[sd_side_of(w)]++;
    }
    return 0;
}

/* Plays on to the end (sd_game.c); log (may be NULL) gets the cards played
 * from here on. */
int sd_table_run(sd_table *tb, const sd_deal *d, const sd_side *const side[2], card_t opening, sd_log *log);

#endif
