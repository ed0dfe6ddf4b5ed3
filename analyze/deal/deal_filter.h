/* deal_filter.h -- the --where language of `whistlab deal`: a condition on
 * the hands of a deal, compiled once to a small stack program and evaluated
 * per deal without allocating, e.g.
 *
 *   trumps(leader) >= 5 && longest(leader) >= 5 && holds(leader, "AKQ", longest_suit)
 *
 * Grammar (every value is an integer; a condition is 1 when true, 0 when
 * false, and any value other than 0 is true; "!" negates what follows,
 * comparison included, so "!trumps(leader) >= 5" means fewer than 5):
 *   expr   := and { "||" and }
 *   and    := unary { "&&" unary }
 *   unary  := "!" unary | cmp
 *   cmp    := sum [ ("==" | "!=" | "<" | "<=" | ">" | ">=") sum ]
 *   sum    := atom { ("+" | "-") atom }
 *   atom   := NUMBER | "(" expr ")" | FUNCTION "(" arguments ")"
 * ("(" and "!" nest at most 100 deep.)
 *
 * Seats: leader (also eldest: the dealer's left, who leads), second, third
 * (also partner: the leader's partner), dealer (also fourth); or north,
 * east, south, west.
 * Suits: spades, hearts, diamonds, clubs, trumps (the turned-up suit; no
 * cards at no trumps), longest_suit, shortest_suit. When several suits are
 * equally long, a function of longest_suit (shortest_suit) is evaluated in
 * each of them and the highest value taken: holds(...) is true if any holds.
 * Ranks: a string of "AKQJT98765432" (T for the ten).
 *
 * Functions:
 *   len(SEAT, SUIT)         cards held in the suit (also length)
 *   trumps(SEAT)            len(SEAT, trumps)
 *   longest(SEAT)           length of the longest suit
 *   shortest(SEAT)          length of the shortest suit
 *   hcp(SEAT [, SUIT])      points A=4 K=3 Q=2 J=1, the hand or one suit (also points)
 *   honours(SEAT)           trump honours held: A K Q J of trumps, 0..4 (also honors)
 *   count(SEAT, "R", SUIT)  how many of the ranks R the seat holds in the suit
 *   holds(SEAT, "R", SUIT)  1 if it holds every rank of R in the suit, else 0
 *   shape(SEAT) == "5431"   the seat's suit lengths (also pattern; "!=" too): four
 *                           lengths, x for any; "5431" or "5-4-3-1" in any
 *                           order, "5=4=3=1" in suit order (spades, hearts,
 *                           diamonds, clubs), as Pavlicek writes them */
#ifndef WHISTLAB_DEAL_FILTER_H
#define WHISTLAB_DEAL_FILTER_H

#include <stdbool.h>
#include <stddef.h>
#include "formats/card.h"
#include "formats/diag.h"

typedef struct deal_filter deal_filter;

/* Compiles text; NULL with diag's reason filled ("column 12: expected
 * ')'") on error. */
deal_filter *deal_filter_compile(const char *text, diag_t *diag);
void deal_filter_free(deal_filter *f);

/* Whether the deal (hands by seat, dealer, strain SUIT_* or STRAIN_NT)
 * meets the condition. Thread-safe: f is only read. */
bool deal_filter_match(const deal_filter *f, const hand_t hand[4], int dealer, int strain);

#endif
