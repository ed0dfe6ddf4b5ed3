/* hand_text.c -- parsing and printing one hand as text (hand_text.h). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "formats/hand_text.h"

static bool add_ranks(hand_t *h, int suit, const char *s, size_t n, char *why, size_t why_len)
{
    if (n == 1 && s[0] == '-') return true;
    for (size_t i = 0; i < n; i++) {
        int r = rank_from_char(s[i]);
        if (r < 0) {
            snprintf(why, why_len, "'%c' is not a rank in %s", s[i], STRAIN_NAMES[suit]);
            return false;
        }
        card_t c = card_make(suit, r);
        if (hand_has(*h, c)) {
            snprintf(why, why_len, "rank %c in %s given twice", RANK_CHARS[r], STRAIN_NAMES[suit]);
            return false;
        }
        *h |= card_bit(c);
    }
    return true;
}

bool hand_parse(const char *text, hand_t *h, char *why, size_t why_len)
{
    *h = 0;
    while (isspace((unsigned char)*text)) text++;
    if (!strchr(text, ':')) {
        /* PBN: four dot-separated suits, spades first */
        int suit = 0;
        const char *s = text;
        for (;;) {
            size_t n = strcspn(s, ".");
            size_t m = n;
            while (m && isspace((unsigned char)s[m - 1])) m--;
            if (!add_ranks(h, suit, s, m, why, why_len)) return false;
            if (!s[n]) break;
            if (++suit > 3) {
                snprintf(why, why_len, "more than four suits");
                return false;
            }
            s += n + 1;
        }
        if (suit != 3) {
            snprintf(why, why_len, "give four suits separated by '.' (or S:... H:... D:... C:...)");
            return false;
        }
        return true;
    }
    unsigned seen = 0;
    const char *s = text;
    while (*s) {
        while (isspace((unsigned char)*s) || *s == ',') s++;
        if (!*s) break;
        int suit = suit_from_char(*s);
        if (suit < 0 || s[1] != ':') {
            snprintf(why, why_len, "expected a suit as S: H: D: or C:, at '%.8s'", s);
            return false;
        }
        if (seen & (1u << suit)) {
            snprintf(why, why_len, "%s given twice", STRAIN_NAMES[suit]);
            return false;
        }
        seen |= 1u << suit;
        s += 2;
        size_t n = 0;
        while (s[n] && !isspace((unsigned char)s[n]) && s[n] != ',') n++;
        if (!add_ranks(h, suit, s, n, why, why_len)) return false;
        s += n;
    }
    return true;
}

char *hand_format_text(hand_t h, char *buf, size_t len)
{
    size_t k = 0;
    buf[0] = 0;
    for (int suit = 0; suit < 4; suit++) {
        char ranks[16];
        suit_format(hand_suit(h, suit), ranks, true);
        int w = snprintf(buf + k, len - k, "%s%c:%s", suit ? " " : "", SUIT_CHARS[suit], ranks);
        if (w < 0 || (size_t)w >= len - k) break;
        k += (size_t)w;
    }
    return buf;
}

char *hand_format_dotted(hand_t h, char *buf, size_t len)
{
    char tmp[64];
    size_t at = 0;
    for (int s = 0; s < 4; s++) {
        if (s) tmp[at++] = '.';
        at += (size_t)suit_format(hand_suit(h, s), tmp + at, false);
    }
    tmp[at] = 0;
    snprintf(buf, len, "%s", tmp);
    return buf;
}
