/* lead_impl.h -- the lead code's own API between its files: suit choice
 * (lead_suit.c), the card tables and the continuation and return of a suit
 * (lead_card.c), used by the opening lead, later leads (lead_later.c),
 * their inference (lead_infer.c) and --explain (lead_explain.c). It reads
 * compiled conventions (convention_model.h) and never compiles one. */
#ifndef WHISTLAB_LEAD_IMPL_H
#define WHISTLAB_LEAD_IMPL_H

#include "analyze/lead/convention_model.h"
#include "analyze/lead/play_view.h"

/* Card-table lookup context (the "if" conditions of card rows). */
typedef struct {
    int t;            /* trumps held */
    int rule;         /* index of the suit rule that chose the suit, -1 none */
    int turnup_rank;  /* the turn-up's rank for the opening lead, 0 otherwise */
    bool trumps;      /* the suit is trumps */
} card_ctx;

/* The row that gives the card for holding h (non-empty), following
 * table jumps; sets *table_out. NULL if no row matches. */
const card_row *card_lookup(const convention *c, uint16_t h, const card_ctx *ctx,
                            int *table_out);
/* The rank a 1st-column expression names in holding h. */
int card_expr_rank(uint8_t expr, uint8_t rank, uint16_t h);

/* Opening-lead suit choice over facts f: index of the rule that fired and
 * the suit (-1 none); *card_out gets the card for rules that name it. */
int suit_choose(const convention *c, const hand_facts *f, const lead_view *v,
                int *suit_out, card_t *card_out);

/* The opening lead, and the card-table row (NULL if a rule named the card)
 * and suit rule (NULL for the C7 fallback) that chose it. -1 for dd-best
 * or an empty hand. lookup (may be NULL) gets the lookup made in c's own
 * card tables (held 0: none; a convention named by as(...) is not c). */
int lead_opening(const convention *c, const lead_view *v, lead_choice *out,
                 const card_row **row_out, const suit_rule **rule_out, lead_lookup *lookup);

/* Suit choice for a later lead (C5a, C6): like suit_choose but without the
 * rules that need the opening view (random, dd_best, as). */
int suit_choose_later(const convention *c, const hand_facts *f, int *suit_out);

/* The card the card tables give in suit s; fills rule ids. lookup (may be
 * NULL) gets the holding and context looked up. */
card_t card_for_suit(const convention *c, const hand_facts *f, int suit, int rule,
                     int turnup_rank, char card_rule[CONV_ID_MAX], const card_row **row_out, lead_lookup *lookup);
/* The same from a recorded lookup. */
card_t card_for_lookup(const convention *c, int suit, const lead_lookup *lookup, char card_rule[CONV_ID_MAX],
                       const card_row **row_out);

/* --- continuing and returning a suit (lead_card.c) ---------------------- */

/* RL0: the 2nd column of the row that chose m's first card, on the suit's
 * 2nd round, if he still holds it; 0 if there is none. */
int lead_second_card(const lead_memo *m, uint16_t held, uint16_t played);
/* RL0-RL4 by the convention's [continue] rows: the rank to lead in a suit
 * the player has led before (memo: his record if he opened it; held/played:
 * ranks of the suit; round: round(s) of the lead to come). */
int continue_rank(const convention *c, const lead_memo *m, uint16_t held, uint16_t played,
                  int round, char id[CONV_ID_MAX]);
/* R1 by the [return] rows: returning partner's suit or trump lead. */
int return_rank(const convention *c, uint16_t held, uint16_t played, char id[CONV_ID_MAX]);
/* analyze/play/RULES.md TM4: the trump to lead when answering partner's call, by c's
 * answer(...) rows, then TM4.2-TM4.4. */
int call_answer_rank(const convention *c, uint16_t trumps, uint16_t played, char id[CONV_ID_MAX]);
/* The holding is one of c's good(...) rows (C5's own good suit). */
bool good_suit_holding(const convention *c, uint16_t held);
/* The record of an opening made by row (NULL: by a rule naming the card;
 * high then says whether it was a high-card opening). */
void memo_of(lead_memo *m, const card_row *row, bool high, card_t card, uint16_t original, int trick);

#endif
