/* card.c -- names and parsing of cards, suits, ranks and seats. */
#include "card.h"

const char SUIT_CHARS[6] = "SHDCN?";
const char RANK_CHARS[16] = "??23456789TJQKA?";
const char SEAT_CHARS[5] = "NESW?";
const char *const SEAT_NAMES[5] = {"North", "East", "South", "West", "?"};
const char *const STRAIN_NAMES[6] = {"spades", "hearts", "diamonds", "clubs",
                                     "no trumps", "none"};
const char *const STRAIN_TEXT[6] = {"S", "H", "D", "C", "NT", "?"};

int suit_from_char(int ch)
{
    switch (ch) {
    case 'S': case 's': return SUIT_S;
    case 'H': case 'h': return SUIT_H;
    case 'D': case 'd': return SUIT_D;
    case 'C': case 'c': return SUIT_C;
    default: return -1;
    }
}

int strain_from_str(const char *s)
{
    if (!s[0]) return -1;
    if ((s[0] == 'N' || s[0] == 'n') &&
        (!s[1] || ((s[1] == 'T' || s[1] == 't') && !s[2])))
        return STRAIN_NT;
    if (s[1]) return -1;
    return suit_from_char(s[0]);
}

int rank_from_char(int ch)
{
    if (ch >= '2' && ch <= '9') return ch - '0';
    switch (ch) {
    case 'T': case 't': return RANK_T;
    case 'J': case 'j': return RANK_J;
    case 'Q': case 'q': return RANK_Q;
    case 'K': case 'k': return RANK_K;
    case 'A': case 'a': return RANK_A;
    default: return -1;
    }
}

int seat_from_char(int ch)
{
    switch (ch) {
    case 'N': case 'n': return SEAT_N;
    case 'E': case 'e': return SEAT_E;
    case 'S': case 's': return SEAT_S;
    case 'W': case 'w': return SEAT_W;
    default: return -1;
    }
}

card_t card_parse(const char *s)
{
    int suit = suit_from_char(s[0]);
    if (suit < 0) return CARD_NONE;
    int rank = rank_from_char(s[1]);
    if (rank < 0 || s[2]) return CARD_NONE;
    return card_make(suit, rank);
}

char *card_format(card_t c, char buf[3])
{
    if (!card_valid(c)) {
        buf[0] = buf[1] = '?';
    } else {
        buf[0] = SUIT_CHARS[card_suit(c)];
        buf[1] = RANK_CHARS[card_rank(c)];
    }
    buf[2] = 0;
    return buf;
}

int suit_format(uint16_t ranks, char *buf, bool void_dash)
{
    int n = 0;
    for (int r = RANK_A; r >= 2; r--)
        if (ranks & (1u << r)) buf[n++] = RANK_CHARS[r];
    if (n == 0 && void_dash) buf[n++] = '-';
    buf[n] = 0;
    return n;
}
