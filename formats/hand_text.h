/* hand_text.h -- one hand written as text, as users type it on the command
 * line: "S:KJ8432 H:Q963 D:AK C:Q" (suits in any order, a missing suit or
 * "S:-" is a void) or the PBN form "KJ8432.Q963.AK.Q" (spades first). */
#ifndef WHISTLAB_HAND_TEXT_H
#define WHISTLAB_HAND_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include "formats/card.h"

/* Parses text into *h; false with why filled ("rank X in hearts given
 * twice", ...). Does not require 13 cards. */
bool hand_parse(const char *text, hand_t *h, char *why, size_t why_len);
/* Writes "S:KJ8432 H:Q963 D:AK C:Q" (voids as "-") into buf; returns buf. */
char *hand_format_text(hand_t h, char *buf, size_t len);
/* Writes the PBN form "KJ8432.Q963.AK.Q" (spades first, a void empty) into
 * buf (20 bytes hold any 13-card hand); returns buf. */
char *hand_format_dotted(hand_t h, char *buf, size_t len);

#endif
