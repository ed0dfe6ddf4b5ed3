/* test_lead_props.c -- properties of every convention over random deals
 * (GSL shuffle, fixed seed): the opening lead is always a card of the
 * leader's hand, the same on a second call, and unchanged when the other
 * three hands are dealt again around the same leader's hand and turn-up
 * (analyze/play/RULES.md I6); the later leads of whole deals played out are always
 * cards of the hand on lead. */
#include "testutil.h"
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include "analyze/lead/play_view.h"

#define DEALS 100000
#define PLAYED_DEALS 2000

/* A deal: hand[seat]; South deals, West (the eldest) leads. */
typedef struct {
    hand_t hand[4];
    card_t turnup;
    int trump;
} rdeal;

static void deal_cards(gsl_rng *rng, card_t *pack, rdeal *d, bool no_trumps)
{
    gsl_ran_shuffle(rng, pack, 52, sizeof pack[0]);
    for (int seat = 0; seat < 4; seat++) {
        d->hand[seat] = 0;
        for (int i = 0; i < 13; i++) d->hand[seat] |= card_bit(pack[13 * seat + i]);
    }
    d->turnup = pack[13 * SEAT_S + 12]; /* the dealer's last card */
    d->trump = no_trumps ? STRAIN_NT : card_suit(d->turnup);
    if (no_trumps) d->turnup = CARD_NONE;
}

/* The other 39 cards dealt again, West's hand and the turn-up (in South's
 * hand) kept. */
static void redeal_others(gsl_rng *rng, rdeal *d)
{
    card_t rest[39];
    int n = 0;
    for (int c = 0; c < 64; c++)
        if (card_valid((card_t)c) && !hand_has(d->hand[SEAT_W], (card_t)c) && c != d->turnup)
            rest[n++] = (card_t)c;
    gsl_ran_shuffle(rng, rest, (size_t)n, sizeof rest[0]);
    int k = 0;
    for (int seat = SEAT_N; seat <= SEAT_S; seat++) {
        d->hand[seat] = 0;
        int want = seat == SEAT_S && d->turnup != CARD_NONE ? 12 : 13;
        for (int i = 0; i < want; i++) d->hand[seat] |= card_bit(rest[k++]);
    }
    if (d->turnup != CARD_NONE) d->hand[SEAT_S] |= card_bit(d->turnup);
}

static void test_opening_properties(void **state)
{
    (void)state;
    int n;
    const convention *const *all = convention_builtins(&n);
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, 20240601);
    card_t pack[52];
    for (int i = 0, c = 0; c < 64; c++)
        if (card_valid((card_t)c)) pack[i++] = (card_t)c;
    uint64_t checked = 0, trump_leads = 0;
    for (int k = 0; k < DEALS; k++) {
        rdeal d;
        deal_cards(rng, pack, &d, k % 10 == 9);
        lead_view v = {.hand = d.hand[SEAT_W], .trump = d.trump, .turnup = d.turnup,
                       .deal_key = (uint64_t)k, .seed = 7};
        lead_choice first[16];
        for (int i = 0; i < n; i++) {
            if (convention_is_dd_best(all[i])) continue;
            lead_choice again;
            assert_int_equal(lead_choose(all[i], &v, &first[i]), 0);
            if (!hand_has(v.hand, first[i].card))
                fail_msg("deal %d %s: %02x not in the leader's hand", k, convention_name(all[i]), first[i].card);
            assert_int_equal(lead_choose(all[i], &v, &again), 0);
            assert_int_equal(again.card, first[i].card);
            assert_string_equal(again.suit_rule, first[i].suit_rule);
            assert_string_equal(again.card_rule, first[i].card_rule);
            if (d.trump < 4 && card_suit(first[i].card) == d.trump) trump_leads++;
            checked++;
        }
        if (k % 10 != 0) continue;
        redeal_others(rng, &d);
        assert_int_equal(hand_count(d.hand[SEAT_N] | d.hand[SEAT_E] | d.hand[SEAT_S] | d.hand[SEAT_W]), 52);
        lead_view w = {.hand = d.hand[SEAT_W], .trump = d.trump, .turnup = d.turnup,
                       .deal_key = (uint64_t)k, .seed = 7};
        for (int i = 0; i < n; i++) {
            if (convention_is_dd_best(all[i])) continue;
            lead_choice ch;
            assert_int_equal(lead_choose(all[i], &w, &ch), 0);
            assert_int_equal(ch.card, first[i].card);
        }
    }
    gsl_rng_free(rng);
    assert_int_equal(checked, (uint64_t)DEALS * (uint64_t)(n - 1));
    /* LS-A1 and the other trump rules fire on a real share of deals */
    assert_true(trump_leads > checked / 50);
}

/* Plays whole deals: leads by lead_later under each convention, the other
 * cards the lowest that follows suit (else the lowest card). */
static void test_later_properties(void **state)
{
    (void)state;
    int n;
    const convention *const *all = convention_builtins(&n);
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, 4242);
    card_t pack[52];
    for (int i = 0, c = 0; c < 64; c++)
        if (card_valid((card_t)c)) pack[i++] = (card_t)c;
    static const char *const STEPS[] = {"C2a", "C2b", "C3", "C4", "C4a", "C5a", "C5", "C6", "C7",
                                        "AM-C6", "SS-C5", "MC-C", "C4b>", "C4c>", "C4d>"};
    enum { NSTEPS = sizeof STEPS / sizeof STEPS[0] };
    uint64_t leads = 0, reached[NSTEPS] = {0};
    for (int k = 0; k < PLAYED_DEALS; k++) {
        rdeal d;
        deal_cards(rng, pack, &d, k % 10 == 9);
        const convention *c = all[k % n];
        play_public pub;
        play_public_init(&pub, d.trump, d.turnup, SEAT_S, k % 2 == 1);
        for (int t = 0; t < 13; t++) {
            int seat = pub.leader[t];
            play_view v = {.pub = &pub, .seat = seat, .hand = d.hand[seat], .deal_key = (uint64_t)k};
            later_choice lc;
            card_t card;
            if (lead_later(c, &v, &lc) == 0) {
                card = lc.choice.card;
                if (!hand_has(d.hand[seat], card))
                    fail_msg("deal %d trick %d %s: lead %02x not in hand (%s/%s)", k, t, convention_name(c), card,
                             lc.choice.suit_rule, lc.choice.card_rule);
                later_choice again;
                assert_int_equal(lead_later(c, &v, &again), 0);
                assert_int_equal(again.choice.card, card);
                play_public_note_lead(&pub, seat, &lc);
                leads++;
                const char *rule = lc.choice.suit_rule, *after = strchr(rule, '>');
                const char *step = after ? after + 1 : rule;
                size_t len = strcspn(step, "/");
                for (int r = 0; r < NSTEPS; r++) {
                    bool abandon = STEPS[r][strlen(STEPS[r]) - 1] == '>';
                    if (abandon ? !strncmp(rule, STEPS[r], strlen(STEPS[r]))
                                : strlen(STEPS[r]) == len && !strncmp(step, STEPS[r], len))
                        reached[r]++;
                }
            } else {
                assert_true(convention_is_dd_best(c) && t == 0);
                card = hand_lowest(d.hand[seat]);
            }
            for (int i = 0; i < 4; i++, seat = seat_left(seat)) {
                if (i > 0) {
                    hand_t follow = d.hand[seat] & ((hand_t)0xFFFF << (16 * card_suit(pub.card[t][pub.leader[t]])));
                    card = hand_lowest(follow ? follow : d.hand[seat]);
                }
                d.hand[seat] &= ~card_bit(card);
                play_public_play(&pub, seat, card);
            }
        }
        for (int seat = 0; seat < 4; seat++) assert_int_equal(d.hand[seat], 0);
    }
    gsl_rng_free(rng);
    assert_true(leads >= (uint64_t)PLAYED_DEALS * 13 - PLAYED_DEALS);
    for (int r = 0; r < NSTEPS; r++) /* every procedure of §2.C is reached */
        if (!reached[r]) fail_msg("%s never fired in %d deals", STEPS[r], PLAYED_DEALS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_opening_properties),
        cmocka_unit_test(test_later_properties),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
