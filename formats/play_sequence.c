/* play_sequence.c -- a card play recorded in the order the cards were played
 * (DDS, LIN) checked and put trick by trick (play_sequence.h). */
#include <stdio.h>
#include "play_sequence.h"

static int holder_of(const deal_t *d, card_t c)
{
    if (!card_valid(c)) return SEAT_NONE;
    for (int seat = 0; seat < 4; seat++)
        if (hand_has(d->hand[seat], c)) return seat;
    return SEAT_NONE;
}

bool play_from_sequence(const deal_t *d, const card_t *cards, int n, int first, int strain,
                        play_record *p, diag_t *diag)
{
    hand_t played = 0;
    card_t trick[4];
    int leader = first, turn = first;
    char name[3];
    if (n > 52) {
        diag_reason(diag, "%d cards played (at most 52)", n);
        return false;
    }
    p->first = (uint8_t)first;
    p->ntricks = (uint8_t)((n + 3) / 4);
    for (int i = 0; i < n; i++) {
        card_t c = cards[i];
        int pos = i & 3, seat = holder_of(d, c);
        card_format(c, name);
        if (seat == SEAT_NONE) {
            diag_reason(diag, "card %d (%s) is in no hand", i + 1, name);
            return false;
        }
        if (hand_has(played, c)) {
            diag_reason(diag, "card %d (%s) played twice", i + 1, name);
            return false;
        }
        if (pos == 0 && i > 0 && strain == STRAIN_NONE) turn = seat;
        if (seat != turn) {
            diag_reason(diag, "card %d (%s) is %c's, but %c is to play", i + 1, name,
                     SEAT_CHARS[seat], SEAT_CHARS[turn]);
            return false;
        }
        if (pos > 0) {
            int led = card_suit(trick[0]);
            if (card_suit(c) != led && hand_suit(d->hand[seat] & ~played, led)) {
                diag_reason(diag, "card %d (%s): %c revokes (holds %s)", i + 1, name,
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
