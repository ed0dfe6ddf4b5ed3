/* test_strongest_suit.c -- Linderfelt's leads (analyze/lead/conventions/
 * strongest-suit.tbl) on the examples of his General Rules (Preference, or
 * Swedish Whist, 1885; seed linderfelt-preference-1885.txt, "L1216" = its
 * line 1216): the opening leads of his hands (LF01-LF15), later leads and
 * returns played out through the public state (LF16-LF28), and the card
 * rows and returns by holding (LF29-LF38). Where the book says only
 * "small", the small ranks are chosen here. Hands are written S H D C.
 * Seats as in test_lead_later.c: A = West leads, Y = North, B = East (A's
 * partner), Z = South deals. */
#include "testutil.h"
#include "analyze/lead/lead_impl.h"
#include "analyze/lead/play_view.h"
#include "formats/hand_text.h"

enum { A = SEAT_W, Y = SEAT_N, B = SEAT_E, Z = SEAT_S };

static hand_t hand_of(const char *text)
{
    hand_t h;
    diag_t why = {0};
    if (!hand_parse(text, &h, &why)) fail_msg("%s: %s", text, why.reason);
    return h;
}

static uint16_t ranks_of(const char *s)
{
    uint16_t m = 0;
    for (; *s; s++) m |= (uint16_t)(1u << rank_from_char(*s));
    return m;
}

/* "strongest-suit" or "strongest-suit+OPTION" (free with convention_free). */
static convention *open_conv(const char *spec)
{
    diag_t d;
    convention *c = convention_open(spec, &d);
    if (!c) fail_msg("%s: %s", spec, d.reason);
    return c;
}

/* ---- LF01-LF15: opening leads --------------------------------------------- */

static const struct {
    const char *id, *book, *hand, *trump, *opts, *card, *suit_rule, *card_rule;
} OPENING[] = {
    /* rule 13: "four small hearts, five small diamonds knave highest, king and two
     * in spades, and the ace of clubs, open at once with a small diamond" */
    {"LF01", "L1836-1839", "S:K63 H:9752 D:J8642 C:A", "NT", "", "D2", "LD-A1", "LD6"},
    {"LF01", "L1836-1839", "S:K63 H:9752 D:J8642 C:A", "H", "", "D2", "LD-A1", "LD6"},
    /* "unless you have knave, ten and nine, in which case the knave should be led" */
    {"LF02", "L1839-1841", "S:K63 H:9752 D:JT942 C:A", "NT", "", "DJ", "LD-A1", "LD5"},
    {"LF02", "L1839-1841", "S:K63 H:9752 D:JT942 C:A", "H", "", "DJ", "LD-A1", "LD5"},
    {"LF03", "L1839-1841", "S:K63 H:9752 D:JT842 C:A", "H", "", "D2", "LD-A1", "LD6"},
    /* "ace, king and three, in which case you lead the king first" */
    {"LF04", "L1203-1204", "S:AK853 H:742 D:KQJ6 C:9", "NT", "", "SK", "LD-A1", "LD1"},
    {"LF04", "L1259-1261", "S:AK853 H:742 D:KQJ6 C:9", "H", "", "SK", "LD-A1", "LD1"},
    /* "when preference has been said ... lead the ace" (rule 4, option declared) */
    {"LF05", "L1600-1603", "S:AKQ53 H:742 D:KQJ6 C:9", "NT", "declared", "SA", "LD-A1", "LD1"},
    {"LF05", "L1600-1603", "S:AKQ53 H:742 D:KQJ6 C:9", "NT", "", "SK", "LD-A1", "LD1"},
    /* "a high sequence, beginning for instance with the king, lead the highest card" */
    {"LF06", "L1215-1217", "S:KQJ53 H:864 D:A72 C:94", "NT", "", "SK", "LD-A1", "LD2"},
    {"LF06", "L1215-1217", "S:KQJ53 H:864 D:A72 C:94", "H", "", "SK", "LD-A1", "LD2"},
    /* "If you have a long suit, however, of this kind, open it yourself" */
    {"LF07", "L1594-1596", "S:963 H:K85 D:AQ742 C:J5", "NT", "", "D2", "LD-A1", "LD6"},
    /* "a major or minor tenace in a short suit, you should await its being led" */
    {"LF08", "L1590-1594", "S:AQ4 H:8652 D:Q97 C:K83", "H", "", "C3", "LD-A1", "LD6"},
    /* "Your queen single will make your partner's king good" */
    {"LF09", "L1661-1667", "S:Q H:987654 D:AQ3 C:KJ4", "H", "", "SQ", "LD-A2", "LD6"},
    /* "except the ace, which never should be led when single" */
    {"LF10", "L1664-1666", "S:A H:987654 D:AQ3 C:KJ4", "H", "", "D3", "LD-A3", "LD6"},
    /* "Never lead a singleton, if it is small" */
    {"LF11", "L1659-1661", "S:7 H:987654 D:AQ3 C:KJ4", "H", "", "D3", "LD-A3", "LD6"},
    /* "the same number of cards in two suits, lead the one in which you have the highest cards" */
    {"LF12", "L1851-1853", "S:Q8642 H:7 D:KJ953 C:A5", "NT", "", "D3", "LD-A1", "LD6"},
    {"LF12", "L1851-1853", "S:Q8642 H:7 D:KJ953 C:A5", "H", "", "D3", "LD-A1", "LD6"},
    {"LF13", "L1851-1853", "S:A8642 H:7 D:KQ953 C:A5", "NT", "", "DK", "LD-A1", "LD3"},
    {"LF13", "L1234-1235", "S:A8642 H:7 D:KQ953 C:A5", "NT", "strict_seq", "D3", "LD-A1", "LD3"},
    /* "Leading from a high sequence is generally the most advantageous opening, but
     * sometimes ... it is better to open a long suit" (length first; option seq_first) */
    {"LF14", "L1820-1824", "S:KQJ4 H:T9 D:86532 C:A7", "NT", "", "D2", "LD-A1", "LD6"},
    {"LF14", "L1820-1821", "S:KQJ4 H:T9 D:86532 C:A7", "NT", "seq_first", "SK", "LD-A0", "LD2"},
    /* no trump opening of his own; whist_trumps: "the rules ... of whist apply" */
    {"LF15", "L1240-1247", "S:KQ H:AKJ872 D:Q54 C:J3", "H", "", "D4", "LD-A1", "LD6"},
    {"LF15", "L1163-1169", "S:KQ H:AKJ872 D:Q54 C:J3", "H", "whist_trumps", "H8", "LD-T", "TR3"},
};

static void test_opening_leads(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof OPENING / sizeof OPENING[0]; i++) {
        char spec[64];
        snprintf(spec, sizeof spec, "strongest-suit%s%s", OPENING[i].opts[0] ? "+" : "", OPENING[i].opts);
        convention *c = open_conv(spec);
        lead_view v = {.hand = hand_of(OPENING[i].hand), .turnup = CARD_NONE};
        v.trump = strcmp(OPENING[i].trump, "NT") == 0 ? STRAIN_NT : suit_from_char(OPENING[i].trump[0]);
        lead_choice ch;
        assert_int_equal(lead_choose(c, &v, &ch), 0);
        char got[3];
        card_format(ch.card, got);
        if (strcmp(got, OPENING[i].card) || strcmp(ch.suit_rule, OPENING[i].suit_rule) ||
            strcmp(ch.card_rule, OPENING[i].card_rule))
            fail_msg("%s (%s) %s, trumps %s%s%s: expected %s %s/%s, got %s %s/%s", OPENING[i].id, OPENING[i].book,
                     OPENING[i].hand, OPENING[i].trump, OPENING[i].opts[0] ? " +" : "", OPENING[i].opts,
                     OPENING[i].card, OPENING[i].suit_rule, OPENING[i].card_rule, got, ch.suit_rule, ch.card_rule);
        convention_free(c);
    }
}

/* ---- LF16-LF28: later leads, played out ---------------------------------- */

typedef struct {
    play_public pub;
    hand_t hand[4]; /* only the hands a test leads from need be filled */
    const convention *c;
} game;

static void start(game *g, const convention *c, int trump)
{
    memset(g, 0, sizeof *g);
    g->c = c;
    play_public_init(&g->pub, trump, CARD_NONE, Z, false);
}

/* One trick: four cards in play order from the seat on lead; the winner. */
static int trick(game *g, const char *c1, const char *c2, const char *c3, const char *c4)
{
    const char *cards[4] = {c1, c2, c3, c4};
    int seat = g->pub.leader[g->pub.ntricks], w = -1;
    for (int i = 0; i < 4; i++, seat = seat_left(seat)) {
        card_t c = card_parse(cards[i]);
        assert_true(c != CARD_NONE);
        g->hand[seat] &= ~card_bit(c);
        w = play_public_play(&g->pub, seat, c);
    }
    return w;
}

/* The lead of seat, who must be on lead, recorded (D1-D3); checked against
 * card and the rule ids. */
static void lead_is(game *g, int seat, const char *card, const char *suit_rule, const char *card_rule)
{
    assert_int_equal(g->pub.leader[g->pub.ntricks], seat);
    play_view v = {.pub = &g->pub, .seat = seat, .hand = g->hand[seat]};
    later_choice lc;
    assert_int_equal(lead_later(g->c, &v, &lc), 0);
    char got[3];
    card_format(lc.choice.card, got);
    if (strcmp(got, card) || strcmp(lc.choice.suit_rule, suit_rule) || strcmp(lc.choice.card_rule, card_rule))
        fail_msg("expected %s %s/%s, got %s %s/%s", card, suit_rule, card_rule, got, lc.choice.suit_rule,
                 lc.choice.card_rule);
    assert_true(hand_has(g->hand[seat], lc.choice.card));
    play_public_note_lead(&g->pub, seat, &lc);
}

/* Each later-lead case at no trumps (preference proper) and with the whist
 * trump suit the case allows. */
#define BOTH(trump2) for (int k = 0, trump = STRAIN_NT; k < 2; k++, trump = (trump2))

/* LF16: "If the trick goes home, lead a small one of the same suit" (L1217-1219). */
static void test_lf16_small_one(void **state)
{
    (void)state;
    const convention *c = convention_builtin("strongest-suit");
    BOTH(SUIT_H) {
        game g;
        start(&g, c, trump);
        g.hand[A] = hand_of("S:KQJ53 H:864 D:A72 C:94");
        lead_is(&g, A, "SK", "LD-A1", "LD2");
        assert_int_equal(trick(&g, "SK", "S4", "S7", "S2"), A);
        lead_is(&g, A, "S3", "C4", "RL0");
    }
}

/* LF17: "if your opponents take your king, your suit will be established"
 * (L1219-1222): the Q from Q J x x. */
static void test_lf17_established(void **state)
{
    (void)state;
    const convention *c = convention_builtin("strongest-suit");
    BOTH(SUIT_H) {
        game g;
        start(&g, c, trump);
        g.hand[A] = hand_of("S:KQJ53 H:864 D:A72 C:94");
        lead_is(&g, A, "SK", "LD-A1", "LD2");
        assert_int_equal(trick(&g, "SK", "S4", "S7", "SA"), Z);
        assert_int_equal(trick(&g, "DQ", "DA", "D3", "D6"), A);
        lead_is(&g, A, "SQ", "C4", "RL1");
    }
}

/* LF18: partner with "ace and one only ... should take your king with his
 * ace and lead the other card" (L1223-1225). */
static void test_lf18_other_card(void **state)
{
    (void)state;
    const convention *c = convention_builtin("strongest-suit");
    BOTH(SUIT_H) {
        game g;
        start(&g, c, trump);
        g.hand[B] = hand_of("S:A6 H:QT92 D:J854 C:T52");
        assert_int_equal(trick(&g, "SK", "S4", "SA", "S2"), B);
        lead_is(&g, B, "S6", "C5", "R1");
    }
}

/* LF19: "lead your lowest card, when your partner is bound to take the trick
 * with his highest card, and, if he makes it, answer with the next highest"
 * (L1234-1238): K 9 5 3 wins with the K, returns the 9 (long-suit: the 3). */
static void test_lf19_next_highest(void **state)
{
    (void)state;
    const convention *c = convention_builtin("strongest-suit");
    BOTH(SUIT_H) {
        game g;
        start(&g, c, trump);
        g.hand[A] = hand_of("S:Q864 H:Q3 D:A73 C:J842");
        g.hand[B] = hand_of("S:K953 H:J74 D:Q862 C:T5");
        lead_is(&g, A, "S4", "LD-A1", "LD6");
        assert_int_equal(trick(&g, "S4", "S2", "SK", "S7"), B);
        lead_is(&g, B, "S9", "C5", "R1");
    }
}

/* LF20: "unless you [are] in a position to show great strength in another
 * suit, such as ace, king and three, in which case you lead the king first
 * and then respond to your partner's lead" (L1195-1205). */
static void test_lf20_show_then_respond(void **state)
{
    (void)state;
    const convention *c = convention_builtin("strongest-suit");
    BOTH(SUIT_C) {
        game g;
        start(&g, c, trump);
        g.hand[A] = hand_of("S:Q864 H:QJ D:A93 C:J843");
        g.hand[B] = hand_of("S:K95 H:AK853 D:T74 C:62");
        lead_is(&g, A, "S4", "LD-A1", "LD6");
        assert_int_equal(trick(&g, "S4", "S2", "SK", "S7"), B);
        lead_is(&g, B, "HK", "C5", "LD1");
        assert_int_equal(trick(&g, "HK", "H6", "HJ", "H4"), B);
        lead_is(&g, B, "S9", "C5", "R1");
    }
}

/* LF21: K Q J x x is not "great strength ... such as ace, king and three":
 * partner's suit is answered at once (Q-LF8; long-suit leads its own J). */
static void test_lf21_not_great_strength(void **state)
{
    (void)state;
    const convention *c = convention_builtin("strongest-suit");
    BOTH(SUIT_C) {
        game g;
        start(&g, c, trump);
        g.hand[A] = hand_of("S:Q864 H:A3 D:A93 C:J843");
        g.hand[B] = hand_of("S:K95 H:KQJ74 D:T74 C:62");
        lead_is(&g, A, "S4", "LD-A1", "LD6");
        assert_int_equal(trick(&g, "S4", "S2", "SK", "S7"), B);
        lead_is(&g, B, "S9", "C5", "R1");
    }
}

/* LF22: "if you get in on your partner's lead and have seven or eight cards
 * in another suit, ace included, and no other card to enter on" (L1205-1210):
 * his own suit, the lowest. */
static void test_lf22_seven_cards(void **state)
{
    (void)state;
    const convention *c = convention_builtin("strongest-suit");
    BOTH(SUIT_C) {
        game g;
        start(&g, c, trump);
        g.hand[A] = hand_of("S:Q8643 H:AJ3 D:KQ C:J84");
        g.hand[B] = hand_of("S:K75 H:642 D:A987543");
        lead_is(&g, A, "S3", "LD-A1", "LD6");
        assert_int_equal(trick(&g, "S3", "S2", "SK", "S9"), B);
        lead_is(&g, B, "D3", "C5", "LD6");
    }
}

/* LF24: "Leading a suit that your partner has discarded is as grievous an
 * error, as not to lead what he has asked for" (L1255-1257); the spades wait
 * after the K (L1259-1261): long-suit would lead the K of clubs. */
static void test_lf24_partner_discard(void **state)
{
    (void)state;
    const convention *c = convention_builtin("strongest-suit");
    BOTH(SUIT_H) {
        game g;
        start(&g, c, trump);
        g.hand[A] = hand_of("S:AK853 H:74 D:96 C:KQJ5");
        lead_is(&g, A, "SK", "LD-A1", "LD1");
        assert_int_equal(trick(&g, "SK", "S4", "C2", "S6"), A);
        lead_is(&g, A, "D6", "C6/LD-A1", "LD6");
    }
}

/* LF25: "If trump is played and has been made by your partner ... lead your
 * highest trump" (L1240-1244), read at whist as partner's trump lead. */
static void test_lf25_highest_trump(void **state)
{
    (void)state;
    game g;
    start(&g, convention_builtin("strongest-suit"), SUIT_H);
    g.hand[A] = hand_of("S:AJ62 H:Q853 D:K94 C:T3");
    lead_is(&g, A, "S2", "LD-A1", "LD6");
    assert_int_equal(trick(&g, "S2", "S9", "SK", "S4"), B);
    assert_int_equal(trick(&g, "H4", "H9", "H3", "HK"), Y);
    assert_int_equal(trick(&g, "DQ", "D5", "D6", "DK"), A);
    lead_is(&g, A, "HQ", "C2a", "R1");
}

/* LF26: "You should then lead the ace and continue with the king, queen,
 * etc." (L1603-1604, option declared). */
static void test_lf26_declared(void **state)
{
    (void)state;
    convention *c = open_conv("strongest-suit+declared");
    game g;
    start(&g, c, STRAIN_NT);
    g.hand[A] = hand_of("S:AKQ53 H:742 D:KQJ6 C:9");
    lead_is(&g, A, "SA", "LD-A1", "LD1");
    assert_int_equal(trick(&g, "SA", "S4", "S7", "S2"), A);
    lead_is(&g, A, "SK", "C4", "RL0");
    assert_int_equal(trick(&g, "SK", "S6", "S8", "S9"), A);
    lead_is(&g, A, "SQ", "C4", "RL1");
    convention_free(c);
}

/* LF27: "you should lead the king and then stop ... Then lead another color
 * in which you are strong" (L1259-1261, L1587-1590): the K of K Q J x. */
static void test_lf27_then_another(void **state)
{
    (void)state;
    const convention *c = convention_builtin("strongest-suit");
    BOTH(SUIT_H) {
        game g;
        start(&g, c, trump);
        g.hand[A] = hand_of("S:AK853 H:742 D:KQJ6 C:9");
        lead_is(&g, A, "SK", "LD-A1", "LD1");
        assert_int_equal(trick(&g, "SK", "S4", "S7", "S2"), A);
        lead_is(&g, A, "DK", "C6/LD-A1", "LD2");
    }
}

/* LF28: "but if you have a major or minor tenace in a short suit, you should
 * await its being led by somebody else" (L1590-1594): not the A Q 4. */
static void test_lf28_await_tenace(void **state)
{
    (void)state;
    game g;
    start(&g, convention_builtin("strongest-suit"), STRAIN_NT);
    g.hand[A] = hand_of("S:AK853 H:742 D:AQ4 C:96");
    lead_is(&g, A, "SK", "LD-A1", "LD1");
    assert_int_equal(trick(&g, "SK", "S4", "S7", "S2"), A);
    lead_is(&g, A, "H2", "C6/LD-A1", "LD6");
}

/* ---- LF29-LF38: the card rows by holding ----------------------------------- */

/* The first card of holding h (spades, hearts trumps) and the row. */
static int first_rank(const convention *c, uint16_t h, const card_row **row, char id[CONV_ID_MAX])
{
    hand_facts f;
    hand_facts_opening(&f, c->facts, hand_from_suit(SUIT_S, h), SUIT_H, CARD_NONE);
    return card_rank(card_for_suit(c, &f, SUIT_S, -1, 0, id, row, NULL));
}

/* The player's next lead of the suit on round `round`, after leading first
 * (and, if round 3, the card before it), with `fell` among the cards the
 * others played (0: small cards only). */
static int next_rank(const convention *c, uint16_t h, const card_row *row, int first, int round, int before,
                     int fell, char id[CONV_ID_MAX])
{
    lead_memo m;
    memo_of(&m, row, false, card_make(SUIT_S, first), h, 0);
    uint16_t held = (uint16_t)(h & ~(1u << first) & ~(before ? 1u << before : 0));
    uint16_t played = (uint16_t)(h & ~held);
    int k = 0;
    if (fell) played |= (uint16_t)(1u << fell), k++;
    for (int r = 2; r <= RANK_A && k < 3 * (round - 1); r++)
        if (!(h & (1u << r)) && r != fell) played |= (uint16_t)(1u << r), k++;
    return continue_rank(c, &m, held, played, round, id);
}

static void test_holdings(void **state)
{
    (void)state;
    const convention *c = convention_builtin("strongest-suit");
    const card_row *row;
    char id[CONV_ID_MAX], id2[CONV_ID_MAX];
    /* LF29: A K 7 4 2, the K, then wait (L1203, L1259-1261) */
    assert_int_equal(first_rank(c, ranks_of("AK742"), &row, id), RANK_K);
    assert_string_equal(id, "LD1");
    assert_int_equal(row->second, SX_STOP);
    /* LF30: option declared, A K Q 5 3: A, then K, then Q (L1603-1604) */
    convention *dc = open_conv("strongest-suit+declared");
    uint16_t akq = ranks_of("AKQ53");
    assert_int_equal(first_rank(dc, akq, &row, id), RANK_A);
    assert_int_equal(next_rank(dc, akq, row, RANK_A, 2, 0, 0, id2), RANK_K);
    assert_string_equal(id2, "RL0");
    assert_int_equal(next_rank(dc, akq, row, RANK_A, 3, RANK_K, 0, id2), RANK_Q);
    assert_string_equal(id2, "RL1");
    convention_free(dc);
    /* LF31: K Q J 5 3: the K; it holds: a small one (the A is out); the A
     * took it: the Q (L1216-1222) */
    uint16_t kqj = ranks_of("KQJ53");
    assert_int_equal(first_rank(c, kqj, &row, id), RANK_K);
    assert_string_equal(id, "LD2");
    assert_int_equal(next_rank(c, kqj, row, RANK_K, 2, 0, 0, id2), 3);
    assert_string_equal(id2, "RL0");
    assert_int_equal(next_rank(c, kqj, row, RANK_K, 2, 0, RANK_A, id2), RANK_Q);
    assert_string_equal(id2, "RL1");
    /* LF32: K Q 7 4: the K, then the 4 while the A is out; strict_seq: the 4 first */
    uint16_t kq = ranks_of("KQ74");
    assert_int_equal(first_rank(c, kq, &row, id), RANK_K);
    assert_string_equal(id, "LD3");
    assert_int_equal(next_rank(c, kq, row, RANK_K, 2, 0, 0, id2), 4);
    convention *sc = open_conv("strongest-suit+strict_seq");
    assert_int_equal(first_rank(sc, kq, &row, id), 4);
    assert_string_equal(id, "LD3");
    convention_free(sc);
    /* LF33-LF37 (L1215-1217, L1234-1235, L1839-1841, L1666) */
    static const struct {
        const char *holding;
        char card;
        const char *row;
    } H[] = {
        {"QJT64", 'Q', "LD4"}, {"JT983", 'J', "LD5"}, {"JT873", '3', "LD6"}, {"KJ74", '4', "LD6"},
        {"AQ853", '3', "LD6"}, {"A8642", '2', "LD6"}, {"8764", '4', "LD6"},  {"T984", '4', "LD6"},
        {"Q", 'Q', "LD6"},
    };
    for (size_t i = 0; i < sizeof H / sizeof H[0]; i++) {
        int r = first_rank(c, ranks_of(H[i].holding), &row, id);
        if (r != rank_from_char(H[i].card) || strcmp(id, H[i].row))
            fail_msg("%s: expected %c %s, got %c %s", H[i].holding, H[i].card, H[i].row, RANK_CHARS[r], id);
    }
    /* LF38: returns by "the next highest" (L1236-1238, L1224-1225, L1243-1244):
     * K 9 5 3 won with the K -> 9; A 6 won with the A -> 6; trumps Q 8 5 -> Q */
    assert_int_equal(return_rank(c, ranks_of("953"), ranks_of("K42"), id), 9);
    assert_string_equal(id, "R1");
    assert_int_equal(return_rank(c, ranks_of("6"), ranks_of("AK2"), id), 6);
    assert_int_equal(return_rank(c, ranks_of("Q85"), ranks_of("K94"), id), RANK_Q);
}

/* The registry: after short-suit-singleton, with its four options. */
static void test_registered(void **state)
{
    (void)state;
    int n, at = -1, before = -1;
    const convention *const *all = convention_builtins(&n);
    for (int i = 0; i < n; i++) {
        if (strcmp(convention_name(all[i]), "strongest-suit") == 0) at = i;
        if (strcmp(convention_name(all[i]), "short-suit-singleton") == 0) before = i;
    }
    assert_true(before >= 0);
    assert_int_equal(at, before + 1);
    assert_int_equal(convention_option_count(all[at]), 4);
    assert_true(all[at]->filter_seen_used);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_opening_leads),
        cmocka_unit_test(test_lf16_small_one),
        cmocka_unit_test(test_lf17_established),
        cmocka_unit_test(test_lf18_other_card),
        cmocka_unit_test(test_lf19_next_highest),
        cmocka_unit_test(test_lf20_show_then_respond),
        cmocka_unit_test(test_lf21_not_great_strength),
        cmocka_unit_test(test_lf22_seven_cards),
        cmocka_unit_test(test_lf24_partner_discard),
        cmocka_unit_test(test_lf25_highest_trump),
        cmocka_unit_test(test_lf26_declared),
        cmocka_unit_test(test_lf27_then_another),
        cmocka_unit_test(test_lf28_await_tenace),
        cmocka_unit_test(test_holdings),
        cmocka_unit_test(test_registered),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
