/* play_view.c -- keeping the public state of a deal in play (analyze/play/RULES.md §2-§3):
 * cards by trick and seat, trick winners, known voids (I4), suits opened
 * (D1), and the D2-D4 effects of the leads and calls. */
#include <string.h>
#include "analyze/lead/hand_facts.h"
#include "analyze/lead/play_view.h"

void play_public_init(play_public *pub, int trump, card_t turnup, int dealer, bool signals)
{
    memset(pub, 0, sizeof *pub);
    pub->trump = trump;
    pub->turnup = turnup;
    pub->dealer = (uint8_t)(dealer & 3);
    pub->eldest = (uint8_t)seat_left(dealer & 3);
    pub->signals = signals;
    memset(pub->card, CARD_NONE, sizeof pub->card);
    pub->leader[0] = pub->eldest;
    for (int seat = 0; seat < 4; seat++)
        for (int s = 0; s < 4; s++) pub->memo[seat][s].first = CARD_NONE;
}

/* Has any trick (the current one included) been led in suit s? */
static bool suit_led(const play_public *pub, int s)
{
    return (pub->led_suits >> s) & 1;
}

void play_public_note_lead(play_public *pub, int seat, const later_choice *lc)
{
    card_t card = lc->choice.card;
    if (card != CARD_NONE && !suit_led(pub, card_suit(card))) {
        pub->memo[seat][card_suit(card)] = lc->memo;
        pub->memo[seat][card_suit(card)].first = card;
        pub->memo[seat][card_suit(card)].trick = pub->ntricks;
    }
    pub->abandoned[seat] |= lc->abandon;
    if (lc->drawing >= 0) pub->drawing[seat] = lc->drawing == 1;
}

void play_public_note_call(play_public *pub, int seat)
{
    if (pub->called[seat]) return;
    pub->called[seat] = true;
    pub->call_trick[seat] = pub->ntricks;
}

/* Inlined into the game loops (sd_table.h) under the release build's LTO:
 * a call on each of the 52 cards cost 3% of a duplicate. */
__attribute__((always_inline)) inline int play_public_play(play_public *pub, int seat, card_t card)
{
    int t = pub->ntricks, s = card_suit(card);
    if (t >= 13 || !card_valid(card)) return -1;
    if (pub->ncur == 0) {
        pub->leader[t] = (uint8_t)seat;
        pub->led[t] = (uint8_t)s;
        pub->win_card = card;
        pub->win_seat = (uint8_t)seat;
        if (!suit_led(pub, s) && pub->nopened[seat] < 4) {
            pub->opened[seat][pub->nopened[seat]++] = (uint8_t)s;
            pub->opened_mask[seat] |= (uint8_t)(1u << s);
        }
        pub->led_suits |= (uint8_t)(1u << s);
        pub->led_in[seat][s] |= (uint16_t)(1u << t);
    } else {
        if (s != pub->led[t]) pub->void_in[seat] |= (uint8_t)(1u << pub->led[t]); /* I4 */
        /* analyze/play/RULES.md §3, beats: a higher card of the winning suit, or a trump
         * over a plain card */
        if (s == card_suit(pub->win_card) ? card_rank(card) > card_rank(pub->win_card) : s == pub->trump) {
            pub->win_card = card;
            pub->win_seat = (uint8_t)seat;
        }
    }
    pub->card[t][seat] = card;
    pub->in_trick |= card_bit(card);
    if (++pub->ncur < 4) return -1;
    int w = pub->win_seat;
    pub->played |= pub->in_trick;
    pub->in_trick = 0;
    pub->rounds[pub->led[t]]++;
    pub->winner[t] = (uint8_t)w;
    pub->ntricks++;
    pub->ncur = 0;
    if (pub->ntricks < 13) pub->leader[pub->ntricks] = (uint8_t)w;
    return w;
}

void play_public_seen(const play_public *pub, int seat, uint16_t seen[4])
{
    memset(seen, 0, 4 * sizeof seen[0]);
    for (int rel = 0; rel < 4; rel++) {
        int w = (seat + rel) & 3;
        for (int s = 0; s < 4; s++) {
            if ((pub->opened_mask[w] >> s) & 1) seen[s] |= (uint16_t)(1u << (SEEN_OPENED + rel));
            if ((pub->void_in[w] >> s) & 1) seen[s] |= (uint16_t)(1u << (SEEN_VOID + rel));
        }
        for (int t = 0; t < pub->ntricks; t++) {
            int s = card_suit(pub->card[t][w]);
            if (s != pub->led[t] && s != pub->trump) seen[s] |= (uint16_t)(1u << (SEEN_DISCARDED + rel));
        }
    }
}
