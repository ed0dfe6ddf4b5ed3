/* sd_game.c -- the game loop of the single-dummy players (spec/play.md §1,
 * L1-L5): thirteen tricks, the winner of each leading to the next, each
 * card chosen from the player's view only -- leads by the side's
 * convention (PR3, lead_later), the others by sd_follow (PR4). The loop
 * keeps the hands and checks every card for legality (L3) before playing
 * it to the public state. */
#include <string.h>
#include "sd_play.h"
#include "sd_rules.h"

void sd_deal_from(sd_deal *out, const deal_t *d)
{
    memset(out, 0, sizeof *out);
    for (int s = 0; s < 4; s++) out->hand[s] = d->hand[s];
    out->trump = d->strain <= STRAIN_NT ? d->strain : STRAIN_NT;
    out->turnup = d->turnup;
    out->dealer = d->dealer < 4 ? d->dealer : deal_dealer_of_leader(d->leader < 4 ? d->leader : SEAT_N);
    out->deal_index = d->pos.index;
}

/* L3: the card is held, and follows suit when it can. */
static bool legal(hand_t hand, card_t card, int led_suit)
{
    if (!card_valid(card) || !hand_has(hand, card)) return false;
    return led_suit < 0 || card_suit(card) == led_suit || !hand_suit(hand, led_suit);
}

static void log_rule(sd_step *st, const char *a, const char *b)
{
    size_t n = strlen(a);
    if (n >= sizeof st->rule) n = sizeof st->rule - 1;
    memcpy(st->rule, a, n);
    if (b && n + 1 < sizeof st->rule) {
        st->rule[n++] = '/';
        size_t m = strlen(b);
        if (n + m >= sizeof st->rule) m = sizeof st->rule - 1 - n;
        memcpy(st->rule + n, b, m);
        n += m;
    }
    st->rule[n] = 0;
}

/* hand_count without the libgcc popcount call (plain x86-64 build). */
static int cards_in(hand_t h)
{
    return ranks_count(hand_suit(h, 0)) + ranks_count(hand_suit(h, 1)) + ranks_count(hand_suit(h, 2)) +
           ranks_count(hand_suit(h, 3));
}

/* PR2 for leads too: a hand of one group plays its lowest card. */
static bool one_group(hand_t hand, hand_t played, card_t *lowest)
{
    for (int s = 0; s < 4; s++) {
        uint16_t h = hand_suit(hand, s);
        if (hand != hand_from_suit(s, h)) continue;
        if (sd_group(h, hand_suit(played, s), ranks_top(h)) != h) return false;
        *lowest = card_make(s, ranks_low(h));
        return true;
    }
    return false;
}

void sd_read_calls(play_public *pub, int t)
{
    int led = pub->led[t];
    if (led == pub->trump) return;
    for (int p = 0; p < 4; p++) {
        card_t c = pub->card[t][p];
        if (pub->called[p] || p == pub->leader[t] || pub->winner[t] == p || card_suit(c) != led) continue;
        for (int u = 0; u < t; u++) {
            card_t e = pub->card[u][p];
            if (pub->leader[u] != p && pub->winner[u] != p && card_suit(e) == led &&
                pub->led[u] == led && card_rank(e) > card_rank(c)) {
                play_public_note_call(pub, p);
                break;
            }
        }
    }
}

/* A lead no convention chose (DD, PR2): it records no memo (RL0) and
 * leaves drawing trumps (D3) as it was. */
static void forced_lead(later_choice *lc, card_t card)
{
    memset(lc, 0, sizeof *lc);
    lc->choice.card = card;
    lc->memo.first = CARD_NONE;
    lc->drawing = -1;
}

int sd_play(const sd_deal *d, const sd_side *const side[2], card_t opening, sd_result *r, sd_log *log)
{
    hand_t hand[4];
    for (int s = 0; s < 4; s++) {
        hand[s] = d->hand[s];
        if (cards_in(hand[s]) != 13) return -1;
    }
    play_public pub;
    play_public_init(&pub, d->trump, d->turnup, d->dealer, d->signals);
    r->tricks[0] = r->tricks[1] = 0;
    for (int t = 0; t < 13; t++) {
        int seat = pub.leader[t], led = -1, w = -1;
        if (log) log->leader[t] = (uint8_t)seat;
        for (int i = 0; i < 4; i++, seat = seat_left(seat)) {
            card_t card;
            const char *ra, *rb;
            later_choice lc;
            if (i == 0) {
                card_t low;
                if (t == 0 && opening != CARD_NONE) {
                    forced_lead(&lc, opening);
                    ra = "DD";
                    rb = NULL;
                } else if (t > 0 && one_group(hand[seat], pub.played, &low)) {
                    forced_lead(&lc, low);
                    ra = "PR2";
                    rb = NULL;
                } else {
                    play_view pv = {.pub = &pub, .seat = seat, .hand = hand[seat], .deal_index = d->deal_index,
                                    .seed = d->seed, .ext = d->ext, .quiet = !log};
                    if (lead_later(side[sd_side_of(seat)]->conv, &pv, &lc) < 0) return -1;
                    ra = lc.choice.suit_rule;
                    rb = log && lc.choice.card_rule[0] && strcmp(lc.choice.card_rule, lc.choice.suit_rule)
                             ? lc.choice.card_rule : NULL;
                }
                card = lc.choice.card;
                if (!legal(hand[seat], card, -1)) return -1;
                play_public_note_lead(&pub, seat, &lc);
                led = card_suit(card);
            } else {
                sd_view v = {.pub = &pub, .seat = seat, .hand = hand[seat], .side = side[sd_side_of(seat)],
                             .ext = d->ext};
                sd_card c = sd_follow(&v);
                card = c.card;
                ra = c.rule;
                rb = c.how;
                if (!legal(hand[seat], card, led)) return -1;
            }
            if (log) {
                log->step[t][i].card = card;
                log->step[t][i].seat = (uint8_t)seat;
                log_rule(&log->step[t][i], ra, rb);
            }
            hand[seat] &= ~card_bit(card);
            w = play_public_play(&pub, seat, card);
        }
        if (d->signals) sd_read_calls(&pub, t);
        if (log) log->winner[t] = (uint8_t)w;
        r->tricks[sd_side_of(w)]++;
    }
    return 0;
}

void sd_log_print(FILE *f, const sd_log *log, const sd_result *r, bool explain)
{
    for (int t = 0; t < 13; t++) {
        fprintf(f, "%2d ", t + 1);
        for (int i = 0; i < 4; i++) {
            const sd_step *st = &log->step[t][i];
            char cb[3];
            fprintf(f, " %c %s", SEAT_CHARS[st->seat], card_format(st->card, cb));
            if (explain) fprintf(f, " %-14s", st->rule);
        }
        fprintf(f, "  -> %c\n", SEAT_CHARS[log->winner[t]]);
    }
    fprintf(f, "tricks: N-S %d, E-W %d\n", r->tricks[0], r->tricks[1]);
}
