/* test_lead_later.c -- later leads (analyze/lead/RULES.md §4): the cases
 * K69-K76 of §7.3, and the procedures and guards they do not reach (C1 with
 * TM4, C2b and TM3, C4a-C4c, C5's own good suit, C7, MC-C, PLT3), each
 * played out through the public state of play_view.h.
 * Seats as in the books: A = West leads, Y = North, B = East, Z = South deals. */
#include "testutil.h"
#include "analyze/lead/convention_compile.h"
#include "analyze/lead/lead_impl.h"
#include "analyze/lead/play_view.h"
#include "formats/hand_text.h"

enum { A = SEAT_W, Y = SEAT_N, B = SEAT_E, Z = SEAT_S };

typedef struct {
    play_public pub;
    hand_t hand[4]; /* only the hands a test leads from need be filled */
} game;

static hand_t hand_of(const char *text)
{
    hand_t h;
    diag_t why = {0};
    if (!hand_parse(text, &h, &why)) fail_msg("%s: %s", text, why.reason);
    return h;
}

static void start(game *g, int trump, const char *turnup)
{
    memset(g, 0, sizeof *g);
    play_public_init(&g->pub, trump, turnup ? card_parse(turnup) : CARD_NONE, Z, false);
}

/* One trick: four cards in play order from the seat on lead. */
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

/* The lead of the seat on lead under convention name, with the extended
 * rules in ext (bit n = Xn), recorded (D1-D3). */
static later_choice lead_ext(game *g, const char *conv, int seat, unsigned ext)
{
    const convention *c = convention_builtin(conv);
    assert_non_null(c);
    assert_int_equal(g->pub.leader[g->pub.ntricks], seat);
    play_view v = {.pub = &g->pub, .seat = seat, .hand = g->hand[seat], .ext = ext};
    later_choice lc;
    assert_int_equal(lead_later(c, &v, &lc), 0);
    assert_true(hand_has(g->hand[seat], lc.choice.card));
    play_public_note_lead(&g->pub, seat, &lc);
    return lc;
}

static later_choice lead(game *g, const char *conv, int seat)
{
    return lead_ext(g, conv, seat, 0);
}

static void expect(const later_choice *lc, const char *card, const char *suit_rule, const char *card_rule)
{
    char got[3];
    card_format(lc->choice.card, got);
    if (strcmp(got, card) || strcmp(lc->choice.suit_rule, suit_rule) || strcmp(lc->choice.card_rule, card_rule))
        fail_msg("expected %s %s/%s, got %s %s/%s", card, suit_rule, card_rule, got, lc->choice.suit_rule,
                 lc->choice.card_rule);
}

/* K69: A led the K from A K 7 4 and won; on lead again: the A (C4/RL0). */
static void test_k69(void **state)
{
    (void)state;
    game g;
    start(&g, SUIT_H, NULL);
    g.hand[A] = hand_of("S:AK74 H:952 D:863 C:J52");
    later_choice lc = lead(&g, "long-suit", A);
    expect(&lc, "SK", "LS-A4", "LS4");
    assert_int_equal(trick(&g, "SK", "S2", "S3", "S5"), A);
    lc = lead(&g, "long-suit", A);
    expect(&lc, "SA", "C4", "RL0");
}

/* K70: J 8 6 4 led, the 9 won: A K Q lie against the J, the suit is hopeless
 * (C4d, foster L1631); A opens a new suit with LS-A4 / LS7. A regains the lead
 * by winning Z's trump lead. */
static void test_k70(void **state)
{
    (void)state;
    game g;
    start(&g, SUIT_H, NULL);
    g.hand[A] = hand_of("S:J864 H:973 D:KQJ5 C:84");
    later_choice opening = {.choice = {.card = card_parse("S4")}, .drawing = -1};
    opening.memo.first = card_parse("S4");
    opening.memo.original = hand_suit(g.hand[A], SUIT_S);
    play_public_note_lead(&g.pub, A, &opening);
    assert_int_equal(trick(&g, "S4", "S3", "S2", "S9"), Z);
    assert_int_equal(trick(&g, "H2", "H9", "H4", "H5"), A);
    later_choice lc = lead(&g, "long-suit", A);
    expect(&lc, "DK", "C4d>C6/LS-A4", "LS7");
    assert_int_equal(lc.abandon, 1u << SUIT_S);
    assert_true(g.pub.abandoned[A] & (1u << SUIT_S));
}

/* K71, K72: B won A's spade with the A and returns it (C5, R1.4 / R1.3,
 * dicks L2334-2335). */
static void test_k71_k72(void **state)
{
    (void)state;
    game g;
    start(&g, SUIT_H, NULL);
    g.hand[B] = hand_of("S:AT32 H:752 D:8643 C:97");
    assert_int_equal(trick(&g, "S4", "S5", "SA", "S6"), B);
    later_choice lc = lead(&g, "long-suit", B);
    expect(&lc, "S2", "C5", "R1.4");

    start(&g, SUIT_H, NULL);
    g.hand[B] = hand_of("S:AT2 H:752 D:86432 C:97");
    assert_int_equal(trick(&g, "S4", "S5", "SA", "S6"), B);
    lc = lead(&g, "long-suit", B);
    expect(&lc, "ST", "C5", "R1.3");
}

/* K73: B won with the K from A K 5: cash the master of partner's suit (C3). */
static void test_k73(void **state)
{
    (void)state;
    game g;
    start(&g, SUIT_H, NULL);
    g.hand[B] = hand_of("S:AK5 H:752 D:8643 C:972");
    assert_int_equal(trick(&g, "S4", "S2", "SK", "S3"), B);
    later_choice lc = lead(&g, "long-suit", B);
    expect(&lc, "SA", "C3", "C3");
}

/* K74: A led trumps (K02's hand); Z won; B, on lead, returns the trump at
 * once with the higher of two (C2a, R1.3, foster L1665). */
static void test_k74(void **state)
{
    (void)state;
    game g;
    start(&g, SUIT_H, NULL);
    g.hand[A] = hand_of("S:75 H:J8642 D:T92 C:K32");
    g.hand[B] = hand_of("S:AT9 H:Q73 D:8643 C:972");
    later_choice lc = lead(&g, "long-suit", A);
    expect(&lc, "H4", "LS-A1", "LS14");
    assert_true(g.pub.drawing[A]); /* D3: A leads trumps deliberately */
    assert_int_equal(trick(&g, "H4", "H5", "HQ", "HK"), Z);
    assert_int_equal(trick(&g, "S3", "S2", "S4", "SA"), B);
    lc = lead(&g, "long-suit", B);
    expect(&lc, "H7", "C2a", "R1.3");
}

/* K75: short-suit, Foster's Hand 2 (cases/book-hands.pbn No. 2): A's gambit
 * D6, B wins with the A and returns the suit at once (SS-C5, R1.4). */
static void test_k75(void **state)
{
    (void)state;
    game g;
    start(&g, SUIT_H, "H8");
    g.hand[A] = hand_of("AJ842.T63.6.Q965");
    g.hand[B] = hand_of("Q3.AQJ92.A852.A2");
    later_choice lc = lead(&g, "short-suit", A);
    expect(&lc, "D6", "W3c/G1", "SS1");
    assert_int_equal(trick(&g, "D6", "DJ", "DA", "D9"), B);
    lc = lead(&g, "short-suit", B);
    expect(&lc, "D2", "SS-C5", "R1.4"); /* the book's trick 2 */
    /* long-suit B has no SS-C5: his five trumps lead (C5a, LS-A1); A Q J 9 2
     * passes TR1-TR7 and TR8's plain rows give LS12's A */
    start(&g, SUIT_H, "H8");
    g.hand[A] = hand_of("AJ842.T63.6.Q965");
    g.hand[B] = hand_of("Q3.AQJ92.A852.A2");
    assert_int_equal(trick(&g, "D6", "DJ", "DA", "D9"), B);
    lc = lead(&g, "long-suit", B);
    expect(&lc, "HA", "C5a/LS-A1", "LS12");
}

/* K76: american, A leaves his spades (both adversaries void: C4c) and
 * switches with the top of the short unled suit (AM-C6, foster L1816); the
 * long-suit player opens his long clubs instead (C6). */
static void test_k76(void **state)
{
    (void)state;
    const char *conv[2] = {"american", "long-suit"};
    const char *want[2][3] = {{"DQ", "C4c>AM-C6", "AM-C6"}, {"C4", "C4c>C6/LS-A4", "LS14"}};
    for (int k = 0; k < 2; k++) {
        game g;
        start(&g, SUIT_H, NULL);
        g.hand[A] = hand_of("S:AK75 H:842 D:Q3 C:K964");
        later_choice lc = lead(&g, conv[k], A);
        expect(&lc, "SK", "LS-A4", "LS4");
        assert_int_equal(trick(&g, "SK", "S2", "S3", "S4"), A);
        lc = lead(&g, conv[k], A);
        expect(&lc, "SA", "C4", "RL0");
        assert_int_equal(trick(&g, "SA", "D2", "S6", "C2"), A);
        lc = lead(&g, conv[k], A);
        expect(&lc, want[k][0], want[k][1], want[k][2]);
    }
}

/* X8 (dicks L1743): B's four trumps would lead by LS-A2 (C5a), but the
 * turned-up K lies with Z, B's left-hand opponent, and trumps are not yet
 * opened: B holds back and opens his established diamonds instead (C6,
 * rerun as if t = 0). A low turn-up leaves C5a alone. */
static void test_x8(void **state)
{
    (void)state;
    const char *turnup[3] = {"HK", "HK", "H8"};
    unsigned ext[3] = {0, 1u << 8, 1u << 8};
    const char *want[3][3] = {{"H2", "C5a/LS-A2", "LS14"}, {"DK", "X8>C6/LS-A4", "LS2"}, {"H2", "C5a/LS-A2", "LS14"}};
    for (int k = 0; k < 3; k++) {
        game g;
        start(&g, SUIT_H, turnup[k]);
        g.hand[B] = hand_of("S:J H:7532 D:AKQJ C:A852");
        assert_int_equal(trick(&g, "S2", "S3", "SJ", "S4"), B);
        later_choice lc = lead_ext(&g, "long-suit", B, ext[k]);
        expect(&lc, want[k][0], want[k][1], want[k][2]);
    }
}

/* X11 (foster L1621): Y has shown out of spades and Z out of clubs, and
 * both may hold trumps: A leads trumps against the cross-ruff instead of
 * going on with his clubs (C4). */
static void test_x11(void **state)
{
    (void)state;
    const char *want[2][3] = {{"CK", "C4", "RL1"}, {"H2", "X11", "LS14"}};
    for (int k = 0; k < 2; k++) {
        game g;
        start(&g, SUIT_H, NULL);
        g.hand[A] = hand_of("S:AK74 H:9532 D:863 C:AK");
        assert_int_equal(trick(&g, "SK", "D2", "S3", "S5"), A);
        assert_int_equal(trick(&g, "CA", "C2", "C3", "D4"), A);
        later_choice lc = lead_ext(&g, "long-suit", A, k ? 1u << 11 : 0);
        expect(&lc, want[k][0], want[k][1], want[k][2]);
        assert_int_equal(lc.drawing, k ? 1 : -1);
    }
}

/* X12 (dicks L1555-1558): every plain suit A holds was opened by an
 * adversary; Y ruffed the diamonds, Z did not: A leaves the diamonds (a
 * ruff for Y) and opens with the clubs' top instead of his long suit. */
static void test_x12(void **state)
{
    (void)state;
    const char *want[2][3] = {{"DA", "C6/LS-A4", "LS13"}, {"CQ", "X12>C6/LS-A5/F2", "LS15"}};
    for (int k = 0; k < 2; k++) {
        game g;
        start(&g, SUIT_H, NULL);
        g.hand[A] = hand_of("S:K H:532 D:AJ9742 C:AQ8");
        assert_int_equal(trick(&g, "SK", "S2", "S3", "SA"), Z);
        assert_int_equal(trick(&g, "D2", "D4", "H4", "D5"), Y);
        assert_int_equal(trick(&g, "C3", "C4", "C5", "CA"), A);
        later_choice lc = lead_ext(&g, "long-suit", A, k ? 1u << 12 : 0);
        expect(&lc, want[k][0], want[k][1], want[k][2]);
    }
}

/* C1 answers partner's trump call with TM4 (signals on; analyze/play/RULES.md PC40). */
static void test_c1_tm4(void **state)
{
    (void)state;
    static const char *const TRUMPS[4][2] = {
        {"S:T98 H:K963 D:876 C:T9", "H3"}, {"S:T98 H:A84 D:8765 C:T9", "HA"},
        {"S:T98 H:Q84 D:8765 C:T9", "HQ"}, {"S:T98 H:J9753 D:876 C:T", "H5"},
    };
    for (int k = 0; k < 4; k++) {
        game g;
        memset(&g, 0, sizeof g);
        play_public_init(&g.pub, SUIT_H, CARD_NONE, Z, true);
        g.hand[B] = hand_of(TRUMPS[k][0]);
        play_public_note_call(&g.pub, A);
        assert_int_equal(trick(&g, "C4", "C5", "CA", "C6"), B);
        later_choice lc = lead(&g, "long-suit", B);
        assert_int_equal(lc.choice.card, card_parse(TRUMPS[k][1]));
        assert_string_equal(lc.choice.suit_rule, "C1");
        assert_int_equal(lc.drawing, 1);
    }
}

/* C2b goes on drawing with RL0-RL4; TM3(c) stops it: one adversary out of
 * trumps and the master trump not held (analyze/play/RULES.md PC39, hogarth L765). */
static void test_c2b_tm3(void **state)
{
    (void)state;
    game g;
    start(&g, SUIT_H, NULL);
    g.hand[A] = hand_of("S:KQJ4 H:KQ976 D:7 C:982");
    later_choice lc = lead(&g, "long-suit", A);
    expect(&lc, "H7", "LS-A1", "TR5");
    assert_int_equal(trick(&g, "H7", "H2", "H3", "H4"), A);
    lc = lead(&g, "long-suit", A); /* still drawing: K Q are the 2nd and 3rd best (RL2) */
    expect(&lc, "HK", "C2b", "RL2");
    assert_int_equal(trick(&g, "HK", "D2", "H5", "H8"), A); /* Y shows out of trumps */
    /* A holds Q 9 6, the A is out and Y is void: TM3(c) stops the drawing */
    lc = lead(&g, "long-suit", A);
    expect(&lc, "SK", "C6/LS-A4", "LS7");
    assert_int_equal(lc.drawing, 0);
    assert_false(g.pub.drawing[A]);
}

/* PLT3 (Pole): the K from A K J x x, then stop drawing and wait for the
 * return to finesse the J (dicks L1730); long-suit goes on (TR3, then RL1). */
static void test_plt3_stop(void **state)
{
    (void)state;
    game g;
    start(&g, SUIT_H, NULL);
    g.hand[A] = hand_of("S:Q432 H:AKJ86 D:K4 C:32");
    later_choice lc = lead(&g, "long-suit-pole", A);
    expect(&lc, "HK", "LS-A1", "PLT3");
    assert_int_equal(trick(&g, "HK", "H2", "H4", "H5"), A);
    lc = lead(&g, "long-suit-pole", A);
    expect(&lc, "S2", "C6/LS-A4", "PL12");
    assert_int_equal(lc.drawing, 0);

    start(&g, SUIT_H, NULL);
    g.hand[A] = hand_of("S:Q432 H:AKJ86 D:K4 C:32");
    lc = lead(&g, "long-suit", A);
    expect(&lc, "H8", "LS-A1", "TR3");
    assert_int_equal(trick(&g, "H8", "H2", "H4", "H5"), A);
    lc = lead(&g, "long-suit", A); /* the lowest of group(A) = A K: the K */
    expect(&lc, "HK", "C2b", "RL1");
}

/* ---- generic table features on ad-hoc tables ---------------------------- */

static convention *compile_text(const char *text)
{
    diag_t d;
    convention *c = convention_compile(text, "adhoc.tbl", NULL, convention_builtin, &d);
    if (!c) fail_msg("%s:%llu: %s", d.file, (unsigned long long)d.line, d.reason);
    return c;
}

/* The lead of the seat on lead under convention c, recorded (D1-D3). */
static later_choice lead_by(game *g, const convention *c, int seat)
{
    assert_int_equal(g->pub.leader[g->pub.ntricks], seat);
    play_view v = {.pub = &g->pub, .seat = seat, .hand = g->hand[seat]};
    later_choice lc;
    assert_int_equal(lead_later(c, &v, &lc), 0);
    assert_true(hand_has(g->hand[seat], lc.choice.card));
    play_public_note_lead(&g->pub, seat, &lc);
    return lc;
}

/* `stop` in the 2nd column of a plain row: the suit is led once, then it
 * waits until another player leads it; it is passed over by C4, not
 * abandoned (D2), so partner still returns it (C5). The same table with
 * `A` in the 2nd column goes on with the A. No trumps. */
static void test_stop_plain(void **state)
{
    (void)state;
    static const char WAIT[] = "name wait\n[suit]\nX1 lead sk_max(n>=5)\nX2 lead pick(n>=1) by short\n"
                               "[plain]\nP1 AK - 2+ K stop\nP2 - - * lowest gen\n"
                               "[continue]\nRL0 second\nRL1 master_high\nRL2 lowest\n[return]\nR1 top\n"
                               "[later]\nC3\nC4\nC5 good(P1)\nC6\nC7\n";
    convention *wait = compile_text(WAIT);
    char *text = strdup(WAIT);
    memcpy(strstr(text, "K stop"), "K A   ", 6);
    convention *go = compile_text(text);
    free(text);
    game g;
    /* A: the K from A K 7 4 2, it holds */
    start(&g, STRAIN_NT, NULL);
    g.hand[A] = hand_of("S:AK742 H:952 D:863 C:J");
    later_choice lc = lead_by(&g, wait, A);
    expect(&lc, "SK", "X1", "P1");
    assert_int_equal(trick(&g, "SK", "S3", "S5", "S6"), A);
    lc = lead_by(&g, wait, A); /* the spades wait: C4 has no suit, C6 opens the clubs */
    expect(&lc, "CJ", "C6/X2", "P2");
    assert_int_equal(lc.abandon, 0);
    assert_true(lc.memo_read & (1u << SUIT_S)); /* the record said: wait */
    assert_int_equal(g.pub.abandoned[A], 0);
    /* B won the club with his singleton A: partner's spades are returned */
    g.hand[B] = hand_of("S:Q95 H:JT8 D:KQJ2 C:A");
    assert_int_equal(trick(&g, "CJ", "CQ", "CA", "C3"), B);
    lc = lead_by(&g, wait, B);
    expect(&lc, "SQ", "C5", "R1");
    /* Y led spades: they wait no more; A continues them (C4, RL1-RL2) */
    start(&g, STRAIN_NT, NULL);
    g.hand[A] = hand_of("S:AK742 H:952 D:863 C:J");
    lc = lead_by(&g, wait, A);
    assert_int_equal(trick(&g, "SK", "S3", "S5", "S6"), A);
    lc = lead_by(&g, wait, A);
    assert_int_equal(trick(&g, "CJ", "CQ", "C2", "C3"), Y);
    assert_int_equal(trick(&g, "S8", "S9", "ST", "SA"), A);
    lc = lead_by(&g, wait, A);
    expect(&lc, "S2", "C4", "RL2");
    /* without stop: the A on round 2 (RL0) */
    start(&g, STRAIN_NT, NULL);
    g.hand[A] = hand_of("S:AK742 H:952 D:863 C:J");
    lc = lead_by(&g, go, A);
    expect(&lc, "SK", "X1", "P1");
    assert_int_equal(trick(&g, "SK", "S3", "S5", "S6"), A);
    lc = lead_by(&g, go, A);
    expect(&lc, "SA", "C4", "RL0");
    convention_free(wait);
    convention_free(go);
}

/* The play-state facts the filters' opened / discarded / void read, as A
 * sees them (seats relative to him: 1 Y his left, 2 B partner, 3 Z his
 * right). Hearts trumps: Y's ruff is no discard. */
static void test_seen_facts(void **state)
{
    (void)state;
    enum { ME = 0, LHO = 1, PT = 2, RHO = 3 };
#define BIT(ev, who) (1u << ((ev) + (who)))
    game g;
    start(&g, SUIT_H, NULL);
    uint16_t seen[4];
    play_public_seen(&g.pub, A, seen);
    for (int s = 0; s < 4; s++) assert_int_equal(seen[s], 0); /* the opening lead: nothing */
    assert_int_equal(trick(&g, "SA", "S2", "D2", "S3"), A); /* B discards a diamond */
    assert_int_equal(trick(&g, "CK", "H2", "C2", "C3"), Y); /* Y ruffs */
    assert_int_equal(trick(&g, "DA", "D3", "S4", "D4"), Y); /* Z discards a spade */
    play_public_seen(&g.pub, A, seen);
    assert_int_equal(seen[SUIT_S], BIT(SEEN_OPENED, ME) | BIT(SEEN_DISCARDED, RHO) | BIT(SEEN_VOID, PT));
    assert_int_equal(seen[SUIT_H], 0);
    assert_int_equal(seen[SUIT_D], BIT(SEEN_OPENED, LHO) | BIT(SEEN_DISCARDED, PT) | BIT(SEEN_VOID, RHO));
    assert_int_equal(seen[SUIT_C], BIT(SEEN_OPENED, ME) | BIT(SEEN_VOID, LHO));
    /* the same from B: A is his partner, Z his left, Y his right */
    play_public_seen(&g.pub, B, seen);
    assert_int_equal(seen[SUIT_S], BIT(SEEN_OPENED, PT) | BIT(SEEN_DISCARDED, LHO) | BIT(SEEN_VOID, ME));
    assert_int_equal(seen[SUIT_D], BIT(SEEN_OPENED, RHO) | BIT(SEEN_DISCARDED, ME) | BIT(SEEN_VOID, LHO));
    /* no trumps: a heart on a club is a discard */
    start(&g, STRAIN_NT, NULL);
    assert_int_equal(trick(&g, "CK", "H2", "C2", "C3"), A);
    play_public_seen(&g.pub, A, seen);
    assert_int_equal(seen[SUIT_H], BIT(SEEN_DISCARDED, LHO));
    assert_int_equal(seen[SUIT_C], BIT(SEEN_OPENED, ME) | BIT(SEEN_VOID, LHO));
#undef BIT
}

/* The filters' play-state tests on given facts: WHO groups, negation, up
 * to several tests in one filter, and in a condition (some(...)). */
static void test_seen_filters(void **state)
{
    (void)state;
    enum { ME = 0, LHO = 1, PT = 2, RHO = 3 };
#define BIT(ev, who) (uint16_t)(1u << ((ev) + (who)))
    convention *c = compile_text("name probe\n[suit]\n"
                                 "XC when some(discarded(rho)) lead pick(n>=1) by short\n"
                                 "XD lead pick(n>=1, discarded(pt)) by long\n"
                                 "XO lead pick(n>=1, opened(opp), !void(any)) by long\n"
                                 "XA lead pick(n>=1, void(any), opened(me)) by long\n"
                                 "XN lead sk_max(n>=1, !opened(any), !opened(me))\n"
                                 "XZ lead sk_max(n>=1)\n"
                                 "[plain]\nP - - * lowest gen\n[continue]\nR lowest\n[return]\nR lowest\n"
                                 "[later]\nC6\nC7\n");
    assert_true(c->filter_seen_used);
    static const struct {
        uint16_t seen[4];
        const char *rule;
        int suit;
    } CASES[] = {
        {{0, 0, 0, 0}, "XN", SUIT_C},                                               /* nothing seen */
        {{0, 0, BIT(SEEN_DISCARDED, PT), 0}, "XD", SUIT_D},                          /* partner's discard */
        {{0, 0, BIT(SEEN_DISCARDED, LHO), 0}, "XN", SUIT_C},                         /* not partner's */
        {{BIT(SEEN_OPENED, RHO), 0, 0, 0}, "XO", SUIT_S},                            /* opp: rho */
        {{0, BIT(SEEN_OPENED, LHO), 0, 0}, "XO", SUIT_H},                            /* opp: lho */
        {{BIT(SEEN_OPENED, RHO) | BIT(SEEN_VOID, PT), 0, 0, 0}, "XN", SUIT_C},       /* !void(any) */
        {{0, BIT(SEEN_VOID, PT) | BIT(SEEN_OPENED, ME), 0, 0}, "XA", SUIT_H},        /* both tests */
        {{0, BIT(SEEN_OPENED, ME), 0, BIT(SEEN_OPENED, ME)}, "XN", SUIT_S},          /* !opened(me) */
        {{0, 0, 0, BIT(SEEN_OPENED, PT)}, "XN", SUIT_S},                             /* any: partner */
        {{0, 0, 0, BIT(SEEN_OPENED, PT) | BIT(SEEN_VOID, ME)}, "XN", SUIT_S},
        {{0, BIT(SEEN_DISCARDED, RHO), 0, 0}, "XC", SUIT_S},                         /* the condition */
        {{0, 0, 0, (uint16_t)(0xFFF & ~BIT(SEEN_DISCARDED, RHO))}, "XD", SUIT_C},     /* all but XC's */
    };
    hand_facts f;
    hand_t hand = hand_of("S:K85 H:J74 D:Q96 C:T852");
    for (size_t k = 0; k < sizeof CASES / sizeof CASES[0]; k++) {
        hand_facts_opening(&f, c->facts, hand, STRAIN_NT, CARD_NONE);
        memcpy(f.seen, CASES[k].seen, sizeof f.seen);
        int suit, ri = suit_choose_later(c, &f, &suit);
        assert_true(ri >= 0);
        if (strcmp(c->rule[ri].id, CASES[k].rule) || suit != CASES[k].suit)
            fail_msg("case %zu: expected %s suit %d, got %s suit %d", k, CASES[k].rule, CASES[k].suit, c->rule[ri].id,
                     suit);
    }
    convention_free(c);
#undef BIT
}

/* In play: "never lead a suit partner has discarded" as a filter test
 * (linderfelt L1255-1257). The opening lead is the same with or without
 * it; after partner's club discard C6 opens the diamonds, where the table
 * without the test opens the clubs. */
static void test_seen_in_play(void **state)
{
    (void)state;
    static const char TABLE[] = "name nodisc\n[suit]\nX1 lead sk_max(n>=1, !discarded(pt))\n"
                                "[plain]\nP1 A - * A gen\nP2 - - * lowest gen\n"
                                "[continue]\nRL lowest\n[return]\nR1 lowest\n[later]\nC6\nC7\n";
    convention *c = compile_text(TABLE);
    char *text = strdup(TABLE);
    char *at = strstr(text, ", !discarded(pt)");
    memmove(at, at + strlen(", !discarded(pt)"), strlen(at + strlen(", !discarded(pt)")) + 1);
    convention *plain = compile_text(text);
    free(text);
    assert_false(plain->filter_seen_used);
    const convention *both[2] = {c, plain};
    const char *want[2] = {"D6", "C5"};
    for (int k = 0; k < 2; k++) {
        game g;
        start(&g, STRAIN_NT, NULL);
        g.hand[A] = hand_of("S:A8532 H:74 D:96 C:KQJ5");
        later_choice lc = lead_by(&g, both[k], A);
        expect(&lc, "SA", "X1", "P1");
        assert_int_equal(trick(&g, "SA", "S4", "C2", "S6"), A);
        lc = lead_by(&g, both[k], A);
        expect(&lc, want[k], "C6/X1", "P2");
    }
    convention_free(c);
    convention_free(plain);
}

/* C4a: four trumps, an established suit and a re-entry: lead trumps to
 * defend the suit (foster L1497, L1613). C4b: do not force partner. */
static void test_c4a_c4b(void **state)
{
    (void)state;
    game g;
    start(&g, SUIT_H, NULL);
    g.hand[A] = hand_of("S:AQJ72 H:9532 D:A4 C:82");
    later_choice lc = lead(&g, "long-suit", A);
    expect(&lc, "SA", "LS-A4", "LS12");
    assert_int_equal(trick(&g, "SA", "SK", "S3", "S4"), A);
    lc = lead(&g, "long-suit", A); /* Q J 7 2: master Q, w = 2, 5 spades out: established */
    expect(&lc, "H2", "C4a", "LS14");
    assert_int_equal(lc.drawing, 1);

    start(&g, SUIT_H, NULL);
    g.hand[A] = hand_of("S:KQJ72 H:953 D:A4 C:982");
    lc = lead(&g, "long-suit", A);
    expect(&lc, "SJ", "LS-A4", "LS5");
    assert_int_equal(trick(&g, "SJ", "S3", "D2", "SA"), Z); /* B shows out of spades */
    assert_int_equal(trick(&g, "D3", "DA", "D5", "D6"), A);
    lc = lead(&g, "long-suit", A); /* B void in spades, A has three trumps: C4b */
    expect(&lc, "C9", "C4b>C6/LS-A5/F2", "LS15");
    assert_int_equal(lc.abandon, 1u << SUIT_S);
}

/* foster L1625: the J led from K Q J x x wins, partner is credited with the
 * A, and the leader with four trumps and a re-entry leads trumps (C4a): the
 * suit is established with partner's A, though the leader lacks it. */
static void test_c4a_foster_l1625(void **state)
{
    (void)state;
    game g;
    start(&g, SUIT_H, NULL);
    g.hand[A] = hand_of("S:KQJ72 H:9532 D:A4 C:82");
    later_choice lc = lead(&g, "long-suit", A);
    expect(&lc, "SJ", "LS-A4", "LS5");
    assert_int_equal(trick(&g, "SJ", "S3", "S4", "S5"), A);
    lc = lead(&g, "long-suit", A);
    expect(&lc, "H2", "C4a", "LS14");
    assert_int_equal(lc.drawing, 1);
}

/* foster L1627: K and A led from A K x x, partner drops the Q on the second
 * round: he has no more, so the suit is changed (C4b) -- unless the leader
 * has four trumps ("sufficiently strong to justify a force"). */
static void test_c4b_foster_l1627(void **state)
{
    (void)state;
    const char *hands[2] = {"S:AK74 H:952 D:863 C:J52", "S:AK74 H:9532 D:86 C:J52"};
    const char *want[2][3] = {{"CJ", "C4b>C6/LS-A5/F2", "LS15"}, {"S4", "C4", "RL3"}};
    for (int k = 0; k < 2; k++) {
        game g;
        start(&g, SUIT_H, NULL);
        g.hand[A] = hand_of(hands[k]);
        later_choice lc = lead(&g, "long-suit", A);
        expect(&lc, "SK", "LS-A4", "LS4");
        assert_int_equal(trick(&g, "SK", "S2", "S3", "S5"), A);
        lc = lead(&g, "long-suit", A);
        expect(&lc, "SA", "C4", "RL0");
        assert_int_equal(trick(&g, "SA", "S6", "SQ", "S8"), A);
        lc = lead(&g, "long-suit", A);
        expect(&lc, want[k][0], want[k][1], want[k][2]);
        assert_int_equal(lc.abandon, k ? 0 : 1u << SUIT_S);
    }
}

/* foster L1629 (with L1581): K then T led from K Q J T; partner keeps his A
 * under the T, the adversaries drop the 8 and the 9: "partner must have the
 * Ace, and neither of the adversaries have any more", so the suit is
 * changed (C4c) though no adversary has yet shown out. */
static void test_c4c_foster_l1629(void **state)
{
    (void)state;
    game g;
    start(&g, SUIT_H, NULL);
    g.hand[A] = hand_of("S:KQJT H:853 D:9642 C:75");
    later_choice lc = lead(&g, "long-suit", A);
    expect(&lc, "SK", "LS-A4", "LS6");
    assert_int_equal(trick(&g, "SK", "S2", "S3", "S4"), A);
    lc = lead(&g, "long-suit", A);
    expect(&lc, "ST", "C4", "RL0");
    assert_int_equal(trick(&g, "ST", "S8", "S5", "S9"), A);
    lc = lead(&g, "long-suit", A);
    expect(&lc, "D2", "C4c>C6/LS-A4", "LS14");
    assert_int_equal(lc.abandon, 1u << SUIT_S);
}

/* C5's exception: an own good suit beats returning partner's (foster L1663). */
static void test_c5_own_suit(void **state)
{
    (void)state;
    game g;
    start(&g, SUIT_H, NULL);
    g.hand[B] = hand_of("S:A82 H:752 D:AKQ4 C:973");
    assert_int_equal(trick(&g, "S4", "S5", "SA", "S6"), B);
    later_choice lc = lead(&g, "long-suit", B);
    expect(&lc, "DK", "C5", "LS3");
}

/* MC-C: the master-card leader keeps cashing (dicks L1362-1366). */
static void test_mc_c(void **state)
{
    (void)state;
    game g;
    start(&g, SUIT_H, NULL);
    g.hand[A] = hand_of("S:AK H:753 D:AK842 C:J53");
    later_choice lc = lead(&g, "master-card", A);
    expect(&lc, "SA", "MC1", "MC1");
    assert_int_equal(trick(&g, "SA", "S2", "S3", "S4"), A);
    lc = lead(&g, "master-card", A);
    expect(&lc, "SK", "MC-C", "MC-C");
    assert_int_equal(trick(&g, "SK", "S5", "S6", "S7"), A);
    lc = lead(&g, "master-card", A); /* another plain master: the shortest such suit */
    expect(&lc, "DA", "MC-C", "MC-C");
}

/* C7, the fallback, in a table whose [later] is C7 alone: a master (plain
 * suits in TB order, then trumps), else the lowest of the SK-max plain suit. */
static void test_c7(void **state)
{
    (void)state;
    static const char TABLE[] = "name c7\n[suit]\nX lead sk_max(n>=1)\n[plain]\nP - - * top gen\n"
                                "[continue]\nR lowest\n[return]\nR lowest\n[later]\nC7\n";
    const char *path = test_tmp("c7.tbl");
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(TABLE, f);
    fclose(f);
    diag_t d;
    convention *c = convention_load(path, &d);
    assert_non_null(c);
    game g;
    start(&g, SUIT_H, NULL);
    g.hand[B] = hand_of("S:K52 H:Q73 D:J864 C:T97");
    assert_int_equal(trick(&g, "SA", "S3", "S4", "S6"), A);
    g.pub.leader[1] = B; /* give B the lead */
    play_view v = {.pub = &g.pub, .seat = B, .hand = g.hand[B]};
    later_choice lc;
    assert_int_equal(lead_later(c, &v, &lc), 0);
    expect(&lc, "SK", "C7", "C7"); /* the A fell: the K is master */
    g.hand[B] = hand_of("S:Q52 H:Q73 D:J864 C:T97");
    v.hand = g.hand[B];
    assert_int_equal(lead_later(c, &v, &lc), 0);
    expect(&lc, "D4", "C7", "C7"); /* no master: the lowest of the longest plain suit */
    convention_free(c);
    unlink(path);
}

/* The opening of dd-best is not chosen here; its later leads are long-suit's
 * (A opened spades with the K by the double-dummy choice: no table row, so
 * the continuation starts at RL1). */
static void test_dd_best(void **state)
{
    (void)state;
    game g;
    start(&g, SUIT_H, NULL);
    g.hand[A] = hand_of("S:AK74 H:952 D:863 C:J52");
    play_view v = {.pub = &g.pub, .seat = A, .hand = g.hand[A]};
    later_choice lc;
    assert_int_equal(lead_later(convention_builtin("dd-best"), &v, &lc), -1);
    assert_int_equal(trick(&g, "SK", "S2", "S3", "S5"), A);
    v.hand = g.hand[A];
    assert_int_equal(lead_later(convention_builtin("dd-best"), &v, &lc), 0);
    expect(&lc, "SA", "C4", "RL1");
}

/* What the first two leads of a suit show (lead_infer, X3): by the 2nd
 * column only. A then J is LS12 (A Q J, five or more; foster L1651); K
 * then J is LS2 or LS7 (K Q J, three or more); A then the 8 is RL3's
 * original 4th, no 2nd column: nothing shown. The reader's own cards and
 * the others' are no one's to place: with the Q among them, A then J fits
 * no holding. */
static void test_lead_infer(void **state)
{
    (void)state;
    const convention *ls = convention_builtin("long-suit");
    const uint16_t R3 = 1u << 3, R4 = 1u << 4, R5 = 1u << 5;
    uint16_t others = (uint16_t)(R3 | R4 | R5);
    lead_seq aj = {.first = card_make(SUIT_S, RANK_A), .second = card_make(SUIT_S, RANK_J),
                   .played_then = (uint16_t)((1u << RANK_A) | others), .outside = others};
    lead_shown s;
    lead_infer(ls, &aj, &s);
    assert_int_equal(s.shown, (1u << RANK_A) | (1u << RANK_Q) | (1u << RANK_J));
    assert_int_equal(s.nmin, 5);
    assert_true(s.holdings > 0);
    lead_infer(convention_builtin("american"), &aj, &s);
    assert_int_equal(s.shown, (1u << RANK_A) | (1u << RANK_Q) | (1u << RANK_J));
    /* his later cards are his too: A Q J x x with the 9 played since */
    lead_seq since = aj;
    since.his_since = 1u << 9;
    lead_infer(ls, &since, &s);
    assert_int_equal(s.shown, (1u << RANK_A) | (1u << RANK_Q) | (1u << RANK_J) | (1u << 9));
    lead_seq kj = {.first = card_make(SUIT_S, RANK_K), .second = card_make(SUIT_S, RANK_J),
                   .played_then = (uint16_t)((1u << RANK_K) | others), .outside = others};
    lead_infer(ls, &kj, &s);
    assert_int_equal(s.shown, (1u << RANK_K) | (1u << RANK_Q) | (1u << RANK_J));
    assert_int_equal(s.nmin, 3);
    lead_seq a8 = aj;
    a8.second = card_make(SUIT_S, 8);
    lead_infer(ls, &a8, &s);
    assert_int_equal(s.holdings, 0);
    assert_int_equal(s.shown, 0);
    lead_seq q_out = aj;
    q_out.outside = (uint16_t)(others | (1u << RANK_Q));
    lead_infer(ls, &q_out, &s);
    assert_int_equal(s.holdings, 0);
    assert_int_equal(s.nmin, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_k69),         cmocka_unit_test(test_k70),
        cmocka_unit_test(test_k71_k72),     cmocka_unit_test(test_k73),
        cmocka_unit_test(test_k74),         cmocka_unit_test(test_k75),
        cmocka_unit_test(test_k76),         cmocka_unit_test(test_c1_tm4),
        cmocka_unit_test(test_c2b_tm3),     cmocka_unit_test(test_plt3_stop),
        cmocka_unit_test(test_c4a_c4b),
        cmocka_unit_test(test_c4a_foster_l1625),
        cmocka_unit_test(test_c4b_foster_l1627),
        cmocka_unit_test(test_c4c_foster_l1629),     cmocka_unit_test(test_c5_own_suit),
        cmocka_unit_test(test_mc_c),        cmocka_unit_test(test_c7),
        cmocka_unit_test(test_dd_best),     cmocka_unit_test(test_x8),
        cmocka_unit_test(test_x11),         cmocka_unit_test(test_x12),
        cmocka_unit_test(test_lead_infer),  cmocka_unit_test(test_stop_plain),
        cmocka_unit_test(test_seen_facts),  cmocka_unit_test(test_seen_filters),
        cmocka_unit_test(test_seen_in_play),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
