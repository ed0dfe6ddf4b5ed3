/* deal_parse.c -- dotted hands and chronological card plays, as the text deal
 * readers (one-line, DDS, GIB, LIN) write them. */
#include <stdio.h>
#include "deal_parse.h"

bool hand_parse_dotted(const char *s, size_t n, hand_t *hand, char *why, size_t why_len)
{
    hand_t h = 0;
    int suit = 0;
    for (size_t i = 0; i < n; i++) {
        char ch = s[i];
        if (ch == '.') {
            if (++suit > SUIT_C) {
                snprintf(why, why_len, "hand \"%.*s\" has more than 4 suits", (int)n, s);
                return false;
            }
            continue;
        }
        if (ch == '-' && (i == 0 || s[i - 1] == '.') && (i + 1 == n || s[i + 1] == '.'))
            continue; /* a void written "-" */
        int rank = rank_from_char((unsigned char)ch);
        if (rank < 0) {
            snprintf(why, why_len, "bad rank '%c' in hand \"%.*s\"", ch, (int)n, s);
            return false;
        }
        card_t c = card_make(suit, rank);
        if (hand_has(h, c)) {
            char name[3];
            snprintf(why, why_len, "duplicate card %s", card_format(c, name));
            return false;
        }
        h |= card_bit(c);
    }
    if (suit != SUIT_C) {
        snprintf(why, why_len, "hand \"%.*s\" has %d suit%s (needs 4: S.H.D.C)", (int)n, s,
                 suit + 1, suit ? "s" : "");
        return false;
    }
    *hand = h;
    return true;
}

static int holder_of(const deal_t *d, card_t c)
{
    if (!card_valid(c)) return SEAT_NONE;
    for (int seat = 0; seat < 4; seat++)
        if (hand_has(d->hand[seat], c)) return seat;
    return SEAT_NONE;
}

bool play_from_sequence(const deal_t *d, const card_t *cards, int n, int first, int strain,
                        play_record *p, char *why, size_t why_len)
{
    hand_t played = 0;
    card_t trick[4];
    int leader = first, turn = first;
    char name[3];
    if (n > 52) {
        snprintf(why, why_len, "%d cards played (at most 52)", n);
        return false;
    }
    p->first = (uint8_t)first;
    p->ntricks = (uint8_t)((n + 3) / 4);
    for (int i = 0; i < n; i++) {
        card_t c = cards[i];
        int pos = i & 3, seat = holder_of(d, c);
        card_format(c, name);
        if (seat == SEAT_NONE) {
            snprintf(why, why_len, "card %d (%s) is in no hand", i + 1, name);
            return false;
        }
        if (hand_has(played, c)) {
            snprintf(why, why_len, "card %d (%s) played twice", i + 1, name);
            return false;
        }
        if (pos == 0 && i > 0 && strain == STRAIN_NONE) turn = seat;
        if (seat != turn) {
            snprintf(why, why_len, "card %d (%s) is %c's, but %c is to play", i + 1, name,
                     SEAT_CHARS[seat], SEAT_CHARS[turn]);
            return false;
        }
        if (pos > 0) {
            int led = card_suit(trick[0]);
            if (card_suit(c) != led && hand_suit(d->hand[seat] & ~played, led)) {
                snprintf(why, why_len, "card %d (%s): %c revokes (holds %s)", i + 1, name,
                         SEAT_CHARS[seat], STRAIN_NAMES[led]);
                return false;
            }
        }
        played |= card_bit(c);
        trick[pos] = c;
        p->card[i / 4][seat] = c;
        turn = seat_left(turn);
        if (pos == 3 && strain != STRAIN_NONE) leader = turn = trick_winner(trick, leader, strain);
    }
    return true;
}
