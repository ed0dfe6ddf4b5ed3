/* deal.c -- validation of deals and the whist facts derived from them:
 * trick winners, and the trump/leader policy for deals that lack them. */
#include <stdio.h>
#include <string.h>
#include "deal.h"

void deal_clear(deal_t *d)
{
    memset(d, 0, sizeof *d);
    d->dealer = SEAT_NONE;
    d->leader = SEAT_NONE;
    d->strain = STRAIN_NONE;
    d->turnup = CARD_NONE;
    d->contract_strain = STRAIN_NONE;
    d->contract_declarer = SEAT_NONE;
    d->result = -1;
    d->play.first = SEAT_NONE;
    memset(d->play.card, CARD_NONE, sizeof d->play.card);
    memset(d->dd_table, -1, sizeof d->dd_table);
    memset(d->fut, -1, sizeof d->fut);
}

bool deal_validate(const deal_t *d, diag_t *diag)
{
    hand_t seen = 0;
    for (int seat = 0; seat < 4; seat++) {
        hand_t h = d->hand[seat];
        if (h & ~HAND_ALL) {
            diag_reason(diag, "hand %c holds an invalid card", SEAT_CHARS[seat]);
            return false;
        }
        hand_t dup = seen & h;
        if (dup) {
            char c[3];
            diag_reason(diag, "duplicate card %s", card_format(hand_highest(dup), c));
            return false;
        }
        seen |= h;
    }
    for (int seat = 0; seat < 4; seat++) {
        int n = hand_count(d->hand[seat]);
        if (n != 13) {
            diag_reason(diag, "hand %c has %d card%s", SEAT_CHARS[seat], n,
                     n == 1 ? "" : "s");
            return false;
        }
    }
    if (d->turnup != CARD_NONE) {
        char c[3];
        card_format(d->turnup, c);
        if (!card_valid(d->turnup)) {
            diag_reason(diag, "turn-up is not a card");
            return false;
        }
        if (d->dealer == SEAT_NONE) {
            diag_reason(diag, "turn-up %s given but no dealer", c);
            return false;
        }
        if (!hand_has(d->hand[d->dealer], d->turnup)) {
            diag_reason(diag, "turn-up %s is not in the dealer's (%c) hand", c,
                     SEAT_CHARS[d->dealer]);
            return false;
        }
        /* A no-trump game of the whist family (solo's misere) keeps the turned
         * card of the deal, which then names no trump suit. */
        if (d->strain <= SUIT_C && d->strain != card_suit(d->turnup)) {
            diag_reason(diag, "turn-up %s is not of the trump suit (%s)", c,
                     STRAIN_NAMES[d->strain]);
            return false;
        }
    }
    if (d->dealer != SEAT_NONE && d->leader != SEAT_NONE &&
        d->leader != deal_eldest(d->dealer)) {
        diag_reason(diag, "leader %c is not on the dealer's (%c) left",
                 SEAT_CHARS[d->leader], SEAT_CHARS[d->dealer]);
        return false;
    }
    return true;
}

bool deal_same_cards(const deal_t *a, const deal_t *b)
{
    return memcmp(a->hand, b->hand, sizeof a->hand) == 0;
}

int trick_winner(const card_t cards[4], int lead_seat, int strain)
{
    int best = 0;
    for (int i = 1; i < 4; i++) {
        int s = card_suit(cards[i]), bs = card_suit(cards[best]);
        bool beats = s == bs ? card_rank(cards[i]) > card_rank(cards[best])
                             : s == strain;
        if (beats) best = i;
    }
    return (lead_seat + best) & 3;
}

bool trump_policy_parse(const char *text, trump_policy *p)
{
    static const struct { const char *name; trump_policy_kind kind; } named[] = {
        {"auto", TRUMP_AUTO}, {"turnup", TRUMP_TURNUP}, {"each", TRUMP_EACH},
        {"contract", TRUMP_CONTRACT},
    };
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        if (strcmp(text, named[i].name) == 0) {
            p->kind = named[i].kind;
            return true;
        }
    int s = suit_from_char(text[0]);
    if (s >= 0 && !text[1]) {
        p->kind = TRUMP_FIXED;
        p->suit = s;
        return true;
    }
    return false;
}

/* The dealer's lowest card of the trump suit, or none if he is void: the
 * turn-up of a deal recorded without one (analyze/lead/RULES.md Q16). */
static card_t infer_turnup(const deal_t *d)
{
    if (d->strain > SUIT_C) return CARD_NONE;
    uint16_t ranks = hand_suit(d->hand[d->dealer], d->strain);
    return ranks ? card_make(d->strain, __builtin_ctz(ranks)) : CARD_NONE;
}

void deal_settle_seats(deal_t *w, const trump_policy *p)
{
    if (p->leader != SEAT_NONE) {
        w->leader = (uint8_t)p->leader;
        w->dealer = (uint8_t)deal_dealer_of_leader(p->leader);
    } else if (w->dealer != SEAT_NONE) {
        w->leader = (uint8_t)deal_eldest(w->dealer);
    } else if (w->leader != SEAT_NONE) {
        w->dealer = (uint8_t)deal_dealer_of_leader(w->leader);
    } else {
        w->dealer = (uint8_t)((w->board ? w->board - 1 : 0) & 3);
        w->leader = (uint8_t)deal_eldest(w->dealer);
    }
}

int deal_apply_trump_policy(const deal_t *d, const trump_policy *p, deal_t out[4], diag_t *diag)
{
    deal_t w = *d;
    switch (p->kind) {
    case TRUMP_AUTO:
        if (w.strain == STRAIN_NONE) {
            diag_set(diag, d->pos.file, d->pos.line, "no trump suit in the deal: choose one with "
                     "--trump S|H|D|C|each|contract");
            return 0;
        }
        break;
    case TRUMP_TURNUP:
        if (w.turnup == CARD_NONE || (w.flags & DEAL_TURNUP_INFERRED)) {
            diag_set(diag, d->pos.file, d->pos.line, "no turn-up card in the deal (--trump turnup)");
            return 0;
        }
        w.strain = (uint8_t)card_suit(w.turnup);
        break;
    case TRUMP_FIXED:
        if (w.turnup != CARD_NONE && card_suit(w.turnup) != p->suit) w.turnup = CARD_NONE;
        w.strain = (uint8_t)p->suit;
        break;
    case TRUMP_EACH: /* the strain and turn-up are set per copy below */
        break;
    case TRUMP_CONTRACT:
        if (!(w.flags & DEAL_HAS_CONTRACT)) {
            diag_set(diag, d->pos.file, d->pos.line, "%s (--trump contract)",
                     (w.flags & DEAL_PASSED_OUT) ? "deal was passed out"
                                                 : "no contract in the deal");
            return 0;
        }
        w.strain = w.contract_strain;
        w.leader = (uint8_t)seat_left(w.contract_declarer);
        w.dealer = (uint8_t)deal_dealer_of_leader(w.leader);
        if (w.turnup != CARD_NONE && card_suit(w.turnup) != w.strain) w.turnup = CARD_NONE;
        break;
    }
    if (p->kind != TRUMP_CONTRACT) {
        /* A forced leader moves the dealer, and the turn-up with him. */
        uint8_t dealer_before = w.dealer;
        deal_settle_seats(&w, p);
        if (w.dealer != dealer_before) w.turnup = CARD_NONE;
    }
    int n = p->kind == TRUMP_EACH ? 4 : 1;
    for (int i = 0; i < n; i++) {
        out[i] = w;
        if (p->kind == TRUMP_EACH) {
            out[i].strain = (uint8_t)i;
            if (out[i].turnup != CARD_NONE && card_suit(out[i].turnup) != i)
                out[i].turnup = CARD_NONE;
        }
        if (out[i].turnup == CARD_NONE || (out[i].flags & DEAL_TURNUP_INFERRED)) {
            out[i].flags &= (uint16_t)~DEAL_TURNUP_INFERRED;
            out[i].turnup = infer_turnup(&out[i]);
            if (out[i].turnup != CARD_NONE) out[i].flags |= DEAL_TURNUP_INFERRED;
        }
    }
    return n;
}
