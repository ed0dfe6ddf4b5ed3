/* card.h -- cards, suits, ranks, seats and hands as bit sets.
 *
 * The encoding is chosen so that DDS needs no translation: suits are numbered
 * as DDS numbers them (0 = spades, 1 = hearts, 2 = diamonds, 3 = clubs,
 * 4 = no trumps), seats as DDS numbers hands (0 = North ... 3 = West), and a
 * hand is one 64-bit word holding four 16-bit lanes, lane s being exactly
 * DDS's remainCards[hand][s] (bit r set = rank r held, ranks 2..14).
 * A card is the 6-bit index of its bit: suit * 16 + rank. */
#ifndef WHISTLAB_CARD_H
#define WHISTLAB_CARD_H

#include <stdint.h>
#include <stdbool.h>

enum { SUIT_S = 0, SUIT_H = 1, SUIT_D = 2, SUIT_C = 3, STRAIN_NT = 4,
       STRAIN_NONE = 5 };
enum { SEAT_N = 0, SEAT_E = 1, SEAT_S = 2, SEAT_W = 3, SEAT_NONE = 4 };
enum { RANK_T = 10, RANK_J = 11, RANK_Q = 12, RANK_K = 13, RANK_A = 14 };

typedef uint8_t card_t;  /* suit * 16 + rank, rank 2..14 */
typedef uint64_t hand_t; /* bit card_t set = card held */

#define CARD_NONE ((card_t)0xFF)
#define SUIT_MASK_ALL ((uint16_t)0x7FFC) /* ranks 2..14 */
#define HAND_ALL (0x7FFC7FFC7FFC7FFCULL) /* the 52-card pack */

static inline card_t card_make(int suit, int rank) { return (card_t)(suit * 16 + rank); }
static inline int card_suit(card_t c) { return c >> 4; }
static inline int card_rank(card_t c) { return c & 15; }
static inline hand_t card_bit(card_t c) { return 1ULL << c; }
static inline bool card_valid(card_t c) { return c < 64 && card_rank(c) >= 2 && card_rank(c) <= 14; }

static inline uint16_t hand_suit(hand_t h, int suit) { return (uint16_t)(h >> (16 * suit)); }
static inline hand_t hand_from_suit(int suit, uint16_t ranks) { return (hand_t)ranks << (16 * suit); }
/* The cards of a set. Where the build does not assume a popcnt instruction
 * (plain x86-64), __builtin_popcountll is a libgcc call that looks up each
 * byte in a table: counting in registers costs less (reading a .pbn.gz
 * counts every hand). */
static inline int hand_count(hand_t h)
{
#if defined(__POPCNT__) || !defined(__x86_64__)
    return __builtin_popcountll(h);
#else
    h -= h >> 1 & 0x5555555555555555ULL;
    h = (h & 0x3333333333333333ULL) + (h >> 2 & 0x3333333333333333ULL);
    h = (h + (h >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((h * 0x0101010101010101ULL) >> 56);
#endif
}
static inline int hand_suit_len(hand_t h, int suit) { return hand_count(hand_suit(h, suit)); }
static inline bool hand_has(hand_t h, card_t c) { return (h >> c) & 1; }
/* Lowest / highest card of a non-empty set (in suit-major order: the
 * spade end is the low end of the word, so use these only within a suit). */
static inline card_t hand_lowest(hand_t h) { return (card_t)__builtin_ctzll(h); }
static inline card_t hand_highest(hand_t h) { return (card_t)(63 - __builtin_clzll(h)); }

/* Partners sit opposite; play runs clockwise N -> E -> S -> W. */
static inline int seat_left(int seat) { return (seat + 1) & 3; }
static inline int seat_right(int seat) { return (seat + 3) & 3; }
static inline int seat_partner(int seat) { return (seat + 2) & 3; }

/* Letters: "SHDC" + 'N' for no trumps, ranks "23456789TJQKA", seats "NESW". */
extern const char SUIT_CHARS[6];  /* "SHDCN?" */
extern const char RANK_CHARS[16]; /* index by rank */
extern const char SEAT_CHARS[5];  /* "NESW?" */
extern const char *const SEAT_NAMES[5];   /* "North" ... */
extern const char *const STRAIN_NAMES[6]; /* "spades" ... "no trumps", "none" */
extern const char *const STRAIN_TEXT[6];  /* as in contracts: "S" ... "C", "NT", "?" */

int suit_from_char(int ch);   /* 'S','h',... -> 0..3, -1 if not a suit */
int strain_from_str(const char *s); /* "S","H","D","C","N","NT" -> 0..4, -1 */
int rank_from_char(int ch);   /* 'A','K','Q','J','T','9'..'2' (any case) -> 2..14, -1 */
int seat_from_char(int ch);   /* 'N','E','S','W' (any case) -> 0..3, -1 */
/* Exactly a suit letter then a rank letter ("H7", "st") -> card; CARD_NONE if not. */
card_t card_parse(const char *s);
/* Writes "H7" (2 chars + NUL) into buf[3]; returns buf. */
char *card_format(card_t c, char buf[3]);

/* Ranks of one suit, high to low, as text ("AKT3"; a void is "-" when
 * void_dash is set, else ""). Returns the number of characters written;
 * buf must hold 14 bytes. */
int suit_format(uint16_t ranks, char *buf, bool void_dash);

#endif
