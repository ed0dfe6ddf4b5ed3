/* deal_parse.h -- pieces shared by the text deal readers (one-line, DDS, GIB,
 * LIN): a hand written suit by suit with dots, and a card play recorded in
 * the order the cards were played. */
#ifndef WHISTLAB_DEAL_PARSE_H
#define WHISTLAB_DEAL_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include "deal.h"

/* Parses the n bytes at s as one hand "AQ9.T82..KJ3": four suits S.H.D.C
 * separated by dots, ranks "AKQJT98765432" in any order and case, a void
 * empty or "-". The hand may hold any number of cards (deal_validate counts
 * them). False with why filled on bad text or a card written twice. */
bool hand_parse_dotted(const char *s, size_t n, hand_t *hand, char *why, size_t why_len);

/* Fills *p from cards[0..n-1] (n <= 52) in the order played: the first card
 * is led by seat first, each card is played by the seat holding it in d,
 * who must be next in turn and follow suit when he can; a complete trick is
 * won as trick_winner says under strain (play.md L4), and the winner leads
 * the next. With strain STRAIN_NONE (contract not known) the winners are not
 * checked: the player of a trick's first card led it. False with why filled
 * ("card 9 (HQ): ...", counted from 1) when the play cannot have happened. */
bool play_from_sequence(const deal_t *d, const card_t *cards, int n, int first, int strain,
                        play_record *p, char *why, size_t why_len);

#endif
