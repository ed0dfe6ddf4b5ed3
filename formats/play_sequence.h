/* play_sequence.h -- for the text deal readers that record the play as one
 * sequence of cards (DDS, LIN): the play checked and put trick by trick. */
#ifndef WHISTLAB_PLAY_SEQUENCE_H
#define WHISTLAB_PLAY_SEQUENCE_H

#include <stdbool.h>
#include <stddef.h>
#include "deal.h"

/* Fills *p from cards[0..n-1] (n <= 52) in the order played: the first card
 * is led by seat first, each card is played by the seat holding it in d,
 * who must be next in turn and follow suit when he can; a complete trick is
 * won as trick_winner says under strain (analyze/play/RULES.md L4), and the winner leads
 * the next. With strain STRAIN_NONE (contract not known) the winners are not
 * checked: the player of a trick's first card led it. False with diag's
 * reason filled ("card 9 (HQ): ...", counted from 1) when the play cannot
 * have happened. */
bool play_from_sequence(const deal_t *d, const card_t *cards, int n, int first, int strain,
                        play_record *p, diag_t *diag);

#endif
