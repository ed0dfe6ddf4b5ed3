/* hand_text.h -- one hand written as text, and the one parser of hands
 * written suit by suit with dots ("KJ8432.Q963.AK.Q", spades first, ranks
 * AKQJT98765432 in any order and case, a void empty or "-"). Two callers,
 * two wordings of the same faults:
 *  - users on the command line (--hand, --predeal): hand_parse, which also
 *    takes "S:KJ8432 H:Q963 D:AK C:Q" (suits in any order, a missing suit
 *    or "S:-" is a void) and blanks around the dotted form;
 *  - the text deal readers (one-line, DDS, GIB): hand_parse_dotted, on a
 *    token without blanks, its messages quoting the token.
 * Neither requires 13 cards (deal_validate counts them). */
#ifndef WHISTLAB_HAND_TEXT_H
#define WHISTLAB_HAND_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include "formats/card.h"
#include "formats/diag.h"

/* Parses text into *h; false with diag's reason filled ("rank K in hearts
 * given twice", ...). */
bool hand_parse(const char *text, hand_t *h, diag_t *diag);

/* Parses the n bytes at s as one dotted hand into *h; false with diag's
 * reason filled ("bad rank 'X' in hand \"AQX.T82..KJ3\"", "duplicate card
 * SK", ...). */
bool hand_parse_dotted(const char *s, size_t n, hand_t *h, diag_t *diag);

/* Writes "S:KJ8432 H:Q963 D:AK C:Q" (voids as "-") into buf; returns buf. */
char *hand_format_text(hand_t h, char *buf, size_t len);
/* Writes the PBN form "KJ8432.Q963.AK.Q" (spades first, a void empty) into
 * buf (20 bytes hold any 13-card hand); returns buf. */
char *hand_format_dotted(hand_t h, char *buf, size_t len);

#endif
