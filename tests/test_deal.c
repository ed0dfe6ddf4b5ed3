/* test_deal.c -- the card and deal model: encoding, parsing, validation,
 * trick winners and the trump/leader policy; hands as text. */
#include "testutil.h"
#include "formats/card.h"
#include "formats/deal.h"
#include "formats/hand_text.h"

/* Deal from four "S.H.D.C" hands in seat order N E S W. */
static void make_deal(deal_t *d, const char *hands[4])
{
    deal_clear(d);
    for (int seat = 0; seat < 4; seat++) {
        int suit = 0;
        for (const char *p = hands[seat]; *p; p++) {
            if (*p == '.') suit++;
            else d->hand[seat] |= card_bit(card_make(suit, rank_from_char(*p)));
        }
    }
}

/* DDS list10 deal 1 (PBN 0 0 0 0: dealer N, spades, North leads). */
static const char *LIST10_1[4] = {"QJ6.K652.J85.T98", "873.J97.AT764.Q4", "K5.T83.KQ9.A7652",
                                  "AT942.AQ4.32.KJ3"};

static void test_card_encoding_matches_dds(void **state)
{
    (void)state;
    card_t c = card_parse("H7");
    assert_int_equal(card_suit(c), SUIT_H);
    assert_int_equal(card_rank(c), 7);
    assert_int_equal(c, 1 * 16 + 7);
    /* lane s of a hand is DDS's remainCards[hand][s]: bit r = rank r */
    hand_t h = card_bit(card_parse("SA")) | card_bit(card_parse("S2")) | card_bit(card_parse("CT"));
    assert_int_equal(hand_suit(h, SUIT_S), (1 << 14) | (1 << 2));
    assert_int_equal(hand_suit(h, SUIT_C), 1 << 10);
    assert_int_equal(hand_count(HAND_ALL), 52);
    char buf[3];
    assert_string_equal(card_format(card_make(SUIT_D, RANK_Q), buf), "DQ");
    assert_int_equal(card_parse("X7"), CARD_NONE);
    assert_int_equal(card_parse("H1"), CARD_NONE);
    assert_int_equal(card_parse("H77"), CARD_NONE);
    assert_int_equal(strain_from_str("NT"), STRAIN_NT);
    assert_int_equal(strain_from_str("c"), SUIT_C);
    assert_int_equal(strain_from_str("X"), -1);
    char s[16];
    assert_int_equal(suit_format((1 << 14) | (1 << 10) | (1 << 3), s, true), 3);
    assert_string_equal(s, "AT3");
    suit_format(0, s, true);
    assert_string_equal(s, "-");
}

static void test_seats_and_eldest_hand(void **state)
{
    (void)state;
    assert_int_equal(seat_left(SEAT_W), SEAT_N);
    assert_int_equal(seat_partner(SEAT_E), SEAT_W);
    /* the eldest hand sits on the dealer's left (analyze/play/RULES.md L2) */
    assert_int_equal(deal_eldest(SEAT_S), SEAT_W);
    assert_int_equal(deal_dealer_of_leader(SEAT_W), SEAT_S);
}

static void test_validate_reasons(void **state)
{
    (void)state;
    deal_t d;
    diag_t why = {0};
    make_deal(&d, LIST10_1);
    assert_true(deal_validate(&d, &why));

    deal_t bad = d;
    bad.hand[SEAT_E] &= ~card_bit(card_parse("D4"));
    assert_false(deal_validate(&bad, &why));
    assert_string_equal(why.reason, "hand E has 12 cards");

    bad = d;
    bad.hand[SEAT_N] |= card_bit(card_parse("SQ"));
    bad.hand[SEAT_N] &= ~card_bit(card_parse("H2"));
    bad.hand[SEAT_W] |= card_bit(card_parse("H2"));
    bad.hand[SEAT_W] |= card_bit(card_parse("SQ"));
    assert_false(deal_validate(&bad, &why));
    assert_string_equal(why.reason, "duplicate card SQ");

    bad = d;
    bad.dealer = SEAT_S;
    bad.strain = SUIT_H;
    bad.turnup = card_parse("H8");
    assert_true(deal_validate(&bad, &why)); /* S holds T83 of hearts: 8 ok */
    bad.turnup = card_parse("HA");
    assert_false(deal_validate(&bad, &why));
    assert_string_equal(why.reason, "turn-up HA is not in the dealer's (S) hand");
    bad.turnup = card_parse("SK");
    assert_false(deal_validate(&bad, &why));
    assert_string_equal(why.reason, "turn-up SK is not of the trump suit (hearts)");

    bad = d;
    bad.dealer = SEAT_S;
    bad.leader = SEAT_E;
    assert_false(deal_validate(&bad, &why));
    assert_string_equal(why.reason, "leader E is not on the dealer's (S) left");
}

/* One dotted grammar, two wordings: each fault as users read it (--hand,
 * --predeal) and as the readers report it, on the same text; the typed
 * form also trims blanks and takes the colon form. */
static void test_hand_text_one_grammar(void **state)
{
    (void)state;
    static const struct { const char *text, *user, *reader; } CASES[] = {
        {"KJ8432.Q9X3.AK.Q", "'X' is not a rank in hearts", "bad rank 'X' in hand \"KJ8432.Q9X3.AK.Q\""},
        {"KJ8432.Q963.AK.QQ", "rank Q in clubs given twice", "duplicate card CQ"},
        {"KJ8432.Q963.AK.Q.2", "more than four suits", "hand \"KJ8432.Q963.AK.Q.2\" has more than 4 suits"},
        {"KJ8432.Q963.AK", "give four suits separated by '.' (or S:... H:... D:... C:...)",
         "hand \"KJ8432.Q963.AK\" has 3 suits (needs 4: S.H.D.C)"},
        {"-.-.-.-", NULL, NULL},
        {"kj8432.q963.ak.q", NULL, NULL},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        hand_t a = 0, b = 0;
        diag_t user = {0}, reader = {0};
        bool ok_user = hand_parse(CASES[i].text, &a, &user);
        bool ok_reader = hand_parse_dotted(CASES[i].text, strlen(CASES[i].text), &b, &reader);
        assert_int_equal(ok_user, CASES[i].user == NULL);
        assert_int_equal(ok_reader, CASES[i].reader == NULL);
        if (CASES[i].user) {
            assert_string_equal(user.reason, CASES[i].user);
            assert_string_equal(reader.reason, CASES[i].reader);
        } else {
            assert_true(a == b);
        }
    }
    hand_t h, dotted;
    diag_t d = {0};
    assert_true(hand_parse("  KJ8432 .Q963.AK .Q ", &h, &d));
    assert_true(hand_parse_dotted("KJ8432.Q963.AK.Q", 16, &dotted, &d));
    assert_true(h == dotted);
    assert_true(hand_parse("C:Q S:KJ8432, D:AK H:Q963", &h, &d));
    assert_true(h == dotted);
    assert_false(hand_parse_dotted("KJ8432 .Q963.AK.Q", 17, &h, &d)); /* readers' tokens hold no blank */
    assert_string_equal(d.reason, "bad rank ' ' in hand \"KJ8432 .Q963.AK.Q\"");
}

static void test_trick_winner(void **state)
{
    (void)state;
    card_t t[4] = {card_parse("CT"), card_parse("C4"), card_parse("CA"), card_parse("CJ")};
    assert_int_equal(trick_winner(t, SEAT_E, SUIT_S), SEAT_W); /* E leads, W (3rd) plays CA */
    card_t r[4] = {card_parse("CT"), card_parse("S2"), card_parse("CA"), card_parse("H3")};
    assert_int_equal(trick_winner(r, SEAT_N, SUIT_S), SEAT_E); /* the lone trump wins */
    assert_int_equal(trick_winner(r, SEAT_N, STRAIN_NT), SEAT_S);
    assert_int_equal(trick_winner(r, SEAT_N, SUIT_H), SEAT_W);
}

static void test_trump_policy(void **state)
{
    (void)state;
    deal_t d, out[4];
    diag_t why = {0};
    make_deal(&d, LIST10_1);
    trump_policy p = {.kind = TRUMP_AUTO, .leader = SEAT_NONE};
    assert_int_equal(deal_apply_trump_policy(&d, &p, out, &why), 0);
    assert_non_null(strstr(why.reason, "--trump"));

    assert_true(trump_policy_parse("H", &p));
    d.dealer = SEAT_S;
    assert_int_equal(deal_apply_trump_policy(&d, &p, out, &why), 1);
    assert_int_equal(out[0].strain, SUIT_H);
    assert_int_equal(out[0].leader, SEAT_W);
    /* no turn-up read: the dealer's lowest trump, the H3 (analyze/lead/RULES.md Q16) */
    assert_int_equal(out[0].turnup, card_parse("H3"));
    assert_true(out[0].flags & DEAL_TURNUP_INFERRED);

    assert_true(trump_policy_parse("each", &p));
    assert_int_equal(deal_apply_trump_policy(&d, &p, out, &why), 4);
    assert_int_equal(out[2].strain, SUIT_D);
    assert_int_equal(out[2].turnup, card_parse("D9")); /* South KQ9 */

    assert_true(trump_policy_parse("contract", &p));
    assert_int_equal(deal_apply_trump_policy(&d, &p, out, &why), 0);
    d.flags |= DEAL_HAS_CONTRACT;
    d.contract_strain = STRAIN_NT;
    d.contract_declarer = SEAT_E;
    assert_int_equal(deal_apply_trump_policy(&d, &p, out, &why), 1);
    assert_int_equal(out[0].strain, STRAIN_NT);
    assert_int_equal(out[0].leader, SEAT_S);
    assert_int_equal(out[0].dealer, SEAT_E);
    assert_int_equal(out[0].turnup, CARD_NONE);

    /* a forced leader moves the dealer; the board rotation when nothing is known */
    assert_true(trump_policy_parse("C", &p));
    p.leader = SEAT_N;
    d.dealer = SEAT_NONE;
    assert_int_equal(deal_apply_trump_policy(&d, &p, out, &why), 1);
    assert_int_equal(out[0].dealer, SEAT_W);
    assert_int_equal(out[0].turnup, card_parse("C3")); /* West KJ3 */
    p.leader = SEAT_NONE;
    d.board = 3;
    assert_int_equal(deal_apply_trump_policy(&d, &p, out, &why), 1);
    assert_int_equal(out[0].dealer, SEAT_S);
    assert_int_equal(out[0].leader, SEAT_W);

    assert_true(trump_policy_parse("turnup", &p));
    assert_int_equal(deal_apply_trump_policy(&d, &p, out, &why), 0);
    assert_false(trump_policy_parse("X", &p));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_card_encoding_matches_dds),
        cmocka_unit_test(test_seats_and_eldest_hand),
        cmocka_unit_test(test_validate_reasons),
        cmocka_unit_test(test_hand_text_one_grammar),
        cmocka_unit_test(test_trick_winner),
        cmocka_unit_test(test_trump_policy),
    };
    return cmocka_run_group_tests_name("deal model", tests, NULL, NULL);
}
