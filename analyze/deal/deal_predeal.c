/* deal_predeal.c -- dealing with fixed cards (deal_predeal.h). */
#include <stdio.h>
#include <string.h>
#include "analyze/deal/deal_predeal.h"
#include "formats/hand_text.h"

/* The seats relative to the dealer, by every name the reports and the books
 * give them: the leader is the eldest hand, his partner the third hand, the
 * dealer the fourth. */
static const struct {
    const char *name;
    int slot;
} RELATIVE_NAMES[] = {
    {"leader", 0}, {"eldest", 0}, {"second", 1}, {"third", 2}, {"partner", 2}, {"dealer", 3}, {"fourth", 3},
};

void deal_predeal_init(deal_predeal *p)
{
    memset(p, 0, sizeof *p);
    p->turnup = CARD_NONE;
    p->trump = -1;
}

bool deal_predeal_active(const deal_predeal *p)
{
    return p->seats != PREDEAL_NONE || p->turnup != CARD_NONE || p->trump >= 0;
}

/* The seat a name gives: 0-3 and its kind, or -1. */
static int seat_named(const char *name, size_t n, int *kind)
{
    for (size_t i = 0; i < sizeof RELATIVE_NAMES / sizeof RELATIVE_NAMES[0]; i++)
        if (strlen(RELATIVE_NAMES[i].name) == n && strncmp(name, RELATIVE_NAMES[i].name, n) == 0) {
            *kind = PREDEAL_RELATIVE;
            return RELATIVE_NAMES[i].slot;
        }
    for (int i = 0; i < 4; i++)
        if ((n == 1 && (name[0] & ~0x20) == SEAT_CHARS[i]) ||
            (strlen(SEAT_NAMES[i]) == n && strncasecmp(name, SEAT_NAMES[i], n) == 0)) {
            *kind = PREDEAL_ABSOLUTE;
            return i;
        }
    return -1;
}

bool deal_predeal_add(deal_predeal *p, const char *spec, diag_t *diag)
{
    const char *eq = strchr(spec, '=');
    int kind = PREDEAL_NONE, seat = eq ? seat_named(spec, (size_t)(eq - spec), &kind) : -1;
    if (seat < 0) {
        diag_set(diag, NULL, 0, "'%s': expected SEAT=HAND, SEAT one of leader (or eldest) second third "
                                "(or partner) dealer (or fourth), or north east south west", spec);
        return false;
    }
    if (p->seats != PREDEAL_NONE && p->seats != kind) {
        diag_set(diag, NULL, 0, "'%s': give seats relative to the dealer (leader second third dealer) or "
                                "by compass (north east south west), not both", spec);
        return false;
    }
    hand_t h;
    diag_t bad;
    if (!hand_parse(eq + 1, &h, &bad)) {
        diag_set(diag, NULL, 0, "'%s': %s", spec, bad.reason);
        return false;
    }
    hand_t twice = p->fixed[seat] & h;
    if (twice) {
        char c[3];
        diag_set(diag, NULL, 0, "'%s': %s given twice to %.*s", spec, card_format((card_t)__builtin_ctzll(twice), c),
                 (int)(eq - spec), spec);
        return false;
    }
    p->seats = kind;
    p->fixed[seat] |= h;
    return true;
}

/* The seat holding card c in the predeal of dealer `dealer`, -1 if none. */
static int holder(const deal_predeal *p, int dealer, card_t c, int *slot)
{
    for (int i = 0; i < 4; i++)
        if (hand_has(p->fixed[i], c)) {
            *slot = i;
            return p->seats == PREDEAL_RELATIVE ? (i == 3 ? dealer : (dealer + 1 + i) & 3) : i;
        }
    return -1;
}

/* "the leader", "North": a seat as the messages name it. */
static const char *slot_name(const deal_predeal *p, int slot)
{
    static const char *const THE[4] = {"the leader", "the second hand", "the third hand", "the dealer"};
    return p->seats == PREDEAL_RELATIVE ? THE[slot] : SEAT_NAMES[slot];
}

bool deal_predeal_check(const deal_predeal *p, diag_t *diag)
{
    char c[3];
    for (int i = 0; i < 4; i++) {
        int n = __builtin_popcountll(p->fixed[i]);
        if (n > 13) {
            diag_set(diag, NULL, 0, "%s is given %d cards (a hand has 13)", slot_name(p, i), n);
            return false;
        }
        for (int j = i + 1; j < 4; j++)
            if (p->fixed[i] & p->fixed[j]) {
                diag_set(diag, NULL, 0, "%s given to both %s and %s",
                         card_format((card_t)__builtin_ctzll(p->fixed[i] & p->fixed[j]), c), slot_name(p, i),
                         slot_name(p, j));
                return false;
            }
    }
    if (p->turnup != CARD_NONE && p->trump >= 0 && card_suit(p->turnup) != p->trump) {
        diag_set(diag, NULL, 0, "the turn-up %s is not of %s: the turn-up fixes trumps",
                 card_format(p->turnup, c), STRAIN_NAMES[p->trump]);
        return false;
    }
    /* each board's dealer must hold the turn-up, or a trump to turn up */
    for (int dealer = 0; dealer < (p->seats == PREDEAL_ABSOLUTE ? 4 : 1); dealer++) {
        int dslot = p->seats == PREDEAL_ABSOLUTE ? dealer : 3;
        bool room = __builtin_popcountll(p->fixed[dslot]) < 13;
        const char *who = p->seats == PREDEAL_ABSOLUTE ? SEAT_NAMES[dealer] : "the dealer";
        if (p->turnup != CARD_NONE) {
            int slot, at = holder(p, dealer, p->turnup, &slot);
            if (at >= 0 && at != dealer) {
                diag_set(diag, NULL, 0, "the turn-up %s is in %s's hand: it is the dealer's last card",
                         card_format(p->turnup, c), slot_name(p, slot));
                return false;
            }
            if (at < 0 && !room) {
                diag_set(diag, NULL, 0, "the turn-up %s must be the dealer's, but %s's 13 cards are given",
                         card_format(p->turnup, c), who);
                return false;
            }
        } else if (p->trump >= 0) {
            hand_t all = p->fixed[0] | p->fixed[1] | p->fixed[2] | p->fixed[3];
            hand_t trumps = hand_from_suit(p->trump, SUIT_MASK_ALL);
            if (!(p->fixed[dslot] & trumps) && !(room && (trumps & ~all))) {
                diag_set(diag, NULL, 0, "trumps are fixed as %s, but none is left for %s to turn up", STRAIN_NAMES[p->trump], who);
                return false;
            }
        }
    }
    return true;
}

void deal_predeal_one(gsl_rng *rng, const deal_predeal *p, uint64_t index, gen_deal *g)
{
    int dealer = (int)(index & 3);
    hand_t hand[4] = {0, 0, 0, 0};
    for (int i = 0; i < 4; i++)
        hand[p->seats == PREDEAL_RELATIVE ? (i == 3 ? dealer : (dealer + 1 + i) & 3) : i] |= p->fixed[i];
    hand_t taken = hand[0] | hand[1] | hand[2] | hand[3];
    card_t turnup = p->turnup;
    if (turnup == CARD_NONE && p->trump >= 0) {
        /* uniform over (dealer's hand, trump in it): a fixed trump of his
         * weighs R (the cards left), a trump left s (his places left), as
         * many completions of his hand hold each */
        hand_t trumps = hand_from_suit(p->trump, SUIT_MASK_ALL);
        hand_t mine = hand[dealer] & trumps, left = trumps & ~taken;
        uint32_t R = 52 - (uint32_t)__builtin_popcountll(taken), s = 13 - (uint32_t)__builtin_popcountll(hand[dealer]);
        uint32_t nm = (uint32_t)__builtin_popcountll(mine), nl = s ? (uint32_t)__builtin_popcountll(left) : 0;
        uint32_t x = deal_uniform(rng, nm * R + nl * s);
        hand_t from = x < nm * R ? mine : left;
        uint32_t k = x < nm * R ? x / R : (x - nm * R) / s;
        for (; k; k--) from &= from - 1;
        turnup = (card_t)__builtin_ctzll(from);
    }
    if (turnup != CARD_NONE) {
        hand[dealer] |= card_bit(turnup);
        taken |= card_bit(turnup);
    }
    uint8_t pack[52];
    uint32_t n = 0;
    for (int s = 0; s < 4; s++)
        for (int r = 2; r <= RANK_A; r++)
            if (!hand_has(taken, card_make(s, r))) pack[n++] = (uint8_t)(s * 13 + r - 2);
    deal_shuffle(rng, pack, n);
    uint32_t k = 0;
    for (int t = 0; t < 4; t++) {
        int seat = (dealer + 1 + t) & 3;
        for (int m = __builtin_popcountll(hand[seat]); m < 13; m++, k++)
            hand[seat] |= card_bit(card_make(pack[k] / 13, pack[k] % 13 + 2));
    }
    if (turnup == CARD_NONE) {
        /* the dealer's last card, uniformly one of his 13 */
        hand_t d = hand[dealer];
        for (uint32_t j = deal_uniform(rng, 13); j; j--) d &= d - 1;
        turnup = (card_t)__builtin_ctzll(d);
    }
    for (int s = 0; s < 4; s++) g->hand[s] = hand[s];
    g->index = index;
    g->dealer = (uint8_t)dealer;
    g->turnup = turnup;
}
