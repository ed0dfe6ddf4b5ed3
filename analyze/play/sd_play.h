/* sd_play.h -- one whole deal played single-dummy by four rule-based
 * players (analyze/play/RULES.md): each side's leads follow its convention
 * (lead_later, analyze/lead/RULES.md §4), the rest follows analyze/play/RULES.md §5-§12. The
 * loop gives every player only his view (sd_view.h, I1-I6); it counts the
 * tricks of each side and, on request, logs every card with the rule ids
 * that chose it.
 *
 * Deterministic: the same deal and sides always give the same play.
 * Allocation-free. */
#ifndef WHISTLAB_SD_PLAY_H
#define WHISTLAB_SD_PLAY_H

#include <stdint.h>
#include <stdio.h>
#include "analyze/play/sd_view.h"
#include "formats/deal.h"

/* The deal as the table holds it: the hands are used only by the loop. */
typedef struct {
    hand_t hand[4];
    int trump;          /* SUIT_S..SUIT_C, or STRAIN_NT */
    card_t turnup;      /* CARD_NONE if none */
    int dealer;         /* the eldest hand, on his left, leads */
    uint64_t deal_index; /* 0-based position in the input */
    uint64_t deal_key, seed; /* for the `random` convention (lead.h) */
    bool signals;       /* analyze/play/RULES.md §11 (--signals): calls and echoes */
    unsigned ext;       /* analyze/play/RULES.md §13 rules on (--ext): bit n = Xn */
} sd_deal;

/* One card of the log: who played it and the rule ids behind it. */
typedef struct {
    card_t card;
    uint8_t seat;
    char rule[48];      /* leads: "suit_rule/card_rule"; else "rule" or "rule/how" */
} sd_step;

typedef struct {
    sd_step step[13][4]; /* by trick, in play order from the leader */
    uint8_t leader[13], winner[13];
} sd_log;

typedef struct {
    int tricks[2];       /* by side: 0 = North-South, 1 = East-West */
} sd_result;

/* The side of a seat: 0 for North and South, 1 for East and West. */
static inline int sd_side_of(int seat) { return seat & 1; }

/* A whist deal (strain, dealer, turn-up) as the players' table. */
void sd_deal_from(sd_deal *out, const deal_t *d);

/* Plays d with side[0] for North-South and side[1] for East-West. opening:
 * the eldest hand's first card when the caller chooses it (`dd-best`),
 * CARD_NONE to let his convention choose. log may be NULL. Returns 0, or -1
 * when the opening lead cannot be chosen (`dd-best` without opening, or a
 * hand not of 13 cards). */
int sd_play(const sd_deal *d, const sd_side *const side[2], card_t opening, sd_result *r, sd_log *log);

/* SG1r, with signals on: after trick t (completed), a seat that has now
 * played two cards of one plain suit on two tricks, following suit, the
 * higher first, winning neither, is read by everyone as having called for
 * trumps (play_public_note_call). */
void sd_read_calls(play_public *pub, int t);

/* The log as text, one line per trick: "1  W SK [LS-A4/LS4]  N S2 [S3.5] ...
 * -> W", rule ids shown when explain is set; then the tricks of each side. */
void sd_log_print(FILE *f, const sd_log *log, const sd_result *r, bool explain);

#endif
