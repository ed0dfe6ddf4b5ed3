/* hand_text.c -- one hand as text (hand_text.h): the dotted grammar and the
 * colon form parsed, each fault worded for users or for the readers, and
 * the two ways of printing a hand. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "formats/hand_text.h"

/* What is wrong with a dotted or colon hand, for either wording. */
typedef enum { HAND_BAD_RANK, HAND_TWICE, HAND_MANY_SUITS, HAND_FEW_SUITS } hand_fault;

typedef struct {
    hand_fault fault;
    int suit;     /* the suit read (BAD_RANK, TWICE); the last suit begun (FEW_SUITS) */
    char ch;      /* BAD_RANK: the character */
    card_t card;  /* TWICE: the card */
} hand_error;

/* The n ranks at s into suit of *h; "-" alone is a void. */
static bool add_ranks(hand_t *h, int suit, const char *s, size_t n, hand_error *e)
{
    if (n == 1 && s[0] == '-') return true;
    for (size_t i = 0; i < n; i++) {
        int r = rank_from_char((unsigned char)s[i]);
        if (r < 0) {
            *e = (hand_error){.fault = HAND_BAD_RANK, .suit = suit, .ch = s[i]};
            return false;
        }
        card_t c = card_make(suit, r);
        if (hand_has(*h, c)) {
            *e = (hand_error){.fault = HAND_TWICE, .suit = suit, .card = c};
            return false;
        }
        *h |= card_bit(c);
    }
    return true;
}

/* The dotted grammar over the n bytes at s: the segments between dots are
 * spades, hearts, diamonds and clubs. trim: blanks at the end of each
 * segment are not part of it (typed text). */
static bool parse_dotted(const char *s, size_t n, bool trim, hand_t *out, hand_error *e)
{
    hand_t h = 0;
    int suit = 0;
    for (size_t at = 0;;) {
        size_t end = at;
        while (end < n && s[end] != '.') end++;
        size_t m = end;
        while (trim && m > at && isspace((unsigned char)s[m - 1])) m--;
        if (!add_ranks(&h, suit, s + at, m - at, e)) return false;
        if (end == n) break;
        if (++suit > SUIT_C) {
            e->fault = HAND_MANY_SUITS;
            return false;
        }
        at = end + 1;
    }
    if (suit != SUIT_C) {
        *e = (hand_error){.fault = HAND_FEW_SUITS, .suit = suit};
        return false;
    }
    *out = h;
    return true;
}

/* The users' wording: the suit by name, no quotation of the text. */
static void user_text(const hand_error *e, diag_t *diag)
{
    switch (e->fault) {
    case HAND_BAD_RANK: diag_reason(diag, "'%c' is not a rank in %s", e->ch, STRAIN_NAMES[e->suit]); break;
    case HAND_TWICE:
        diag_reason(diag, "rank %c in %s given twice", RANK_CHARS[card_rank(e->card)], STRAIN_NAMES[e->suit]);
        break;
    case HAND_MANY_SUITS: diag_reason(diag, "more than four suits"); break;
    case HAND_FEW_SUITS: diag_reason(diag, "give four suits separated by '.' (or S:... H:... D:... C:...)"); break;
    }
}

bool hand_parse(const char *text, hand_t *h, diag_t *diag)
{
    hand_error e;
    while (isspace((unsigned char)*text)) text++;
    if (!strchr(text, ':')) {
        if (parse_dotted(text, strlen(text), true, h, &e)) return true;
        user_text(&e, diag);
        return false;
    }
    hand_t got = 0;
    unsigned seen = 0;
    const char *s = text;
    while (*s) {
        while (isspace((unsigned char)*s) || *s == ',') s++;
        if (!*s) break;
        int suit = suit_from_char(*s);
        if (suit < 0 || s[1] != ':') {
            diag_reason(diag, "expected a suit as S: H: D: or C:, at '%.8s'", s);
            return false;
        }
        if (seen & (1u << suit)) {
            diag_reason(diag, "%s given twice", STRAIN_NAMES[suit]);
            return false;
        }
        seen |= 1u << suit;
        s += 2;
        size_t n = 0;
        while (s[n] && !isspace((unsigned char)s[n]) && s[n] != ',') n++;
        if (!add_ranks(&got, suit, s, n, &e)) {
            user_text(&e, diag);
            return false;
        }
        s += n;
    }
    *h = got;
    return true;
}

bool hand_parse_dotted(const char *s, size_t n, hand_t *h, diag_t *diag)
{
    hand_error e;
    if (parse_dotted(s, n, false, h, &e)) return true;
    char name[3];
    switch (e.fault) {
    case HAND_BAD_RANK: diag_reason(diag, "bad rank '%c' in hand \"%.*s\"", e.ch, (int)n, s); break;
    case HAND_TWICE: diag_reason(diag, "duplicate card %s", card_format(e.card, name)); break;
    case HAND_MANY_SUITS: diag_reason(diag, "hand \"%.*s\" has more than 4 suits", (int)n, s); break;
    case HAND_FEW_SUITS:
        diag_reason(diag, "hand \"%.*s\" has %d suit%s (needs 4: S.H.D.C)", (int)n, s, e.suit + 1,
                    e.suit ? "s" : "");
        break;
    }
    return false;
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
