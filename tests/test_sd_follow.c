/* test_sd_follow.c -- the following rules of the single-dummy players
 * (analyze/play/RULES.md §5-§9, §12): every test case PC01-PC37 and PC41-PC45 of §14 that
 * concerns second, third or fourth hand, with the rule ids that must fire.
 * The player is North; hearts are trumps unless a case says otherwise.
 * Earlier tricks are given in full ("SA S3 S4 S5|..."), each led by West;
 * the current trick's leader is placed so that North plays next. */
#include "testutil.h"
#include "analyze/play/sd_play.h"
#include "analyze/play/sd_rules.h"
#include "formats/hand_text.h"

typedef struct {
    const char *id, *earlier, *trick, *hand, *conv, *card, *rule, *how;
    bool opp_drawing;  /* an opponent leads trumps deliberately (D3) */
    int pt_opened;     /* a suit North's partner opened (D1), -1 none */
    bool signals;      /* §11 on */
    int called;        /* a seat that has called (D4), -1 none */
    unsigned ext;      /* §13 rules on */
    card_t turnup;     /* the dealer's turn-up, CARD_NONE if none */
} pc_case;

static hand_t hand_of(const char *text)
{
    hand_t h;
    diag_t why = {0};
    if (!hand_parse(text, &h, &why)) fail_msg("%s: %s", text, why.reason);
    return h;
}

/* Plays the space-separated cards from seat on, one each. */
static void play_cards(play_public *pub, int seat, const char *cards)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", cards);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "), seat = seat_left(seat)) {
        card_t c = card_parse(tok);
        if (c == CARD_NONE) fail_msg("bad card %s", tok);
        play_public_play(pub, seat, c);
    }
}

static void run_case(const pc_case *k)
{
    diag_t d = {0};
    convention *c = convention_open(k->conv ? k->conv : "long-suit", &d);
    assert_non_null(c);
    sd_side side;
    sd_side_init(&side, c);
    int ncur = 0;
    for (const char *p = k->trick; *p; p++) ncur += *p == ' ';
    ncur++;
    int leader = (SEAT_N - ncur) & 3;
    play_public pub;
    int dealer = seat_right(k->earlier ? SEAT_W : leader);
    if (k->turnup != CARD_NONE) dealer = SEAT_N; /* X7: North deals and holds the turn-up */
    play_public_init(&pub, SUIT_H, k->turnup, dealer, k->signals);
    if (k->earlier) {
        char buf[256];
        snprintf(buf, sizeof buf, "%s", k->earlier);
        char *save = NULL;
        for (char *tr = strtok_r(buf, "|", &save); tr; tr = strtok_r(NULL, "|", &save)) {
            int first = SEAT_W; /* "S>HQ H4 H3 H6": led by South */
            if (tr[0] && tr[1] == '>') {
                first = seat_from_char(tr[0]);
                tr += 2;
            }
            pub.leader[pub.ntricks] = (uint8_t)first;
            play_cards(&pub, first, tr);
        }
    }
    if (k->opp_drawing) pub.drawing[SEAT_E] = true;
    if (k->called >= 0) play_public_note_call(&pub, k->called);
    if (k->pt_opened >= 0) {
        pub.opened[SEAT_S][pub.nopened[SEAT_S]++] = (uint8_t)k->pt_opened;
        pub.opened_mask[SEAT_S] |= (uint8_t)(1u << k->pt_opened);
    }
    pub.leader[pub.ntricks] = (uint8_t)leader;
    play_cards(&pub, leader, k->trick);
    assert_int_equal(pub.ncur, ncur);
    sd_view v = {.pub = &pub, .seat = SEAT_N, .hand = hand_of(k->hand), .side = &side, .ext = k->ext};
    bool side_read;
    sd_card got = sd_follow(&v, &side_read);
    char cb[3];
    card_format(got.card, cb);
    const char *how = got.how ? got.how : "-";
    if (strcmp(cb, k->card) || strcmp(got.rule, k->rule) || strcmp(how, k->how ? k->how : "-"))
        fail_msg("%s: expected %s %s/%s, got %s %s/%s", k->id, k->card, k->rule, k->how ? k->how : "-", cb,
                 got.rule, how);
    convention_free(c);
}

#define PC(id, earlier, trick, hand, conv, card, rule, how) \
    {id, earlier, trick, hand, conv, card, rule, how, false, -1, false, -1, 0, CARD_NONE}

static const pc_case SECOND[] = {
    PC("PC01", NULL, "S4", "S:AK73 H:972", NULL, "SK", "S3.2", NULL),
    PC("PC02", NULL, "S4", "S:KQT5", NULL, "SQ", "S3.2", NULL),
    PC("PC03", NULL, "S4", "S:AQJ65 H:97", NULL, "SJ", "S3.1", NULL),
    PC("PC04", NULL, "S4", "S:AQJ65 H:97532", NULL, "S5", "S3.1", NULL),
    PC("PC05", NULL, "S4", "S:A8653", NULL, "S3", "S3.1", NULL),
    PC("PC06", NULL, "SQ", "S:K73", NULL, "S3", "S2.3", NULL),
    PC("PC07", NULL, "SJ", "S:AQ5", NULL, "SA", "S2.1", NULL),
    PC("PC08", NULL, "SJ", "S:KQ4", NULL, "SQ", "S2.2", NULL),
    PC("PC09", NULL, "S9", "S:KQ62", NULL, "SQ", "S2.2", NULL),
    PC("PC10", NULL, "S9", "S:T83", NULL, "ST", "S1", NULL),
    PC("PC11", "SA S3 S4 S5|SJ ST S8 S6", "S9", "S:Q72", NULL, "SQ", "S1", NULL),
    PC("PC12", NULL, "S3", "S:QJ4", NULL, "SJ", "S3.3", NULL),
    PC("PC13", NULL, "S3", "S:K5", NULL, "S5", "S3.5", NULL),
    PC("PC14", NULL, "H3", "S:KQ H:K5", NULL, "HK", "S3.4", NULL),
    PC("PC15", "SA S2 S4 S6", "S5", "S:K83", NULL, "SK", "S4.1", NULL),
    PC("PC16", NULL, "SA", "H:72 D:832", NULL, "H2", "S5.3", "RF1"),
    PC("PC17", NULL, "S8", "H:J752 D:832 C:KQ", NULL, "D2", "S5.4", "D3"),
    PC("PC18a", NULL, "S8", "H:752 D:832", NULL, "H2", "S5.5", "RF1"),
    PC("PC18b", NULL, "S8", "H:J7652 D:832", NULL, "H2", "S5.5", "RF1"),
    PC("PC19a", "SA SK SQ SJ|ST S9 S8 S7|S5 S4 S3 S2", "S6", "H:9852 D:832", NULL, "D2", "S5.2", "D3"),
    PC("PC19b", "SA SK SQ SJ|ST S9 S8 S7|S5 S4 S3 S2", "S6", "H:82 D:832", NULL, "H2", "S5.2", "RF1"),
    PC("PC36a", NULL, "D8", "H:J752 S:QJ9 C:8642", NULL, "C2", "S5.4", "D3"),
    PC("PC36b", NULL, "D8", "H:J752 S:K5 C:QJ94", NULL, "C4", "S5.4", "D3"),
    PC("S4.2", "SA S2 S4 S6", "S5", "S:QJ3", NULL, "SJ", "S4.2", NULL),
    PC("S4.3", "SA S2 S4 S6", "S5", "S:QT3", NULL, "S3", "S4.3", NULL),
    PC("PR2", NULL, "S4", "S:QJT", NULL, "ST", "PR2", NULL),
};

static const pc_case THIRD[] = {
    PC("PC20", NULL, "SK S4", "S:AJ", NULL, "SA", "T1.1", NULL),
    PC("PC21a", NULL, "ST S3", "S:AQ", NULL, "SA", "T1.2", NULL),
    PC("PC21b", NULL, "ST S3", "S:AQ4", NULL, "S4", "T1.2", NULL),
    PC("PC21c", NULL, "ST S3", "S:A73", NULL, "SA", "T1.2", NULL),
    PC("PC21d", NULL, "ST S3", "S:Q73", NULL, "S3", "T1.2", NULL),
    PC("PC22", NULL, "SQ S3", "S:AK4", NULL, "SK", "T1.3", NULL),
    PC("PC23", NULL, "SJ S3", "S:A6", NULL, "SA", "T1.4", NULL),
    PC("PC23ss", NULL, "SJ S3", "S:A6", "short-suit", "S6", "T2", NULL),
    PC("PC24", NULL, "S4 S2", "S:AQ7", NULL, "SQ", "T3.2a", NULL),
    PC("PC25", NULL, "S4 S2", "S:KJ6", NULL, "SK", "T3.2b", NULL),
    PC("PC26", NULL, "S4 S2", "S:KQJ5", NULL, "SJ", "T3.2b", NULL),
    PC("PC27", NULL, "S7 S8", "S:AJ63", NULL, "SA", "T3.2b", NULL),
    PC("PC28", "SA S2 S5 S7", "SK S4", "S:Q63", NULL, "S3", "T3.1", NULL),
    PC("PC29", NULL, "SK S4", "H:532 D:832", NULL, "D2", "T4.2", "D3"),
    PC("PC30", NULL, "SQ S4", "H:532 D:832", NULL, "H2", "T4.2", "RF1"),
    PC("PC30am", NULL, "SQ S4", "H:532 D:832", "american", "D2", "CV1", "D3"),
    PC("PC31", NULL, "S7 S9", "H:84 D:832", NULL, "H4", "T4.3", "RF1"),
    PC("PC44a", NULL, "SA S2", "S:K43", NULL, "S3", "T1.5", NULL),
    PC("PC44b", "SA S2 S3 S5", "SJ S6", "S:K4", NULL, "SK", "T3.2b", NULL),
    PC("T0", NULL, "S4 H2", "S:AQ7", NULL, "S7", "T0", NULL),
    PC("T3.3", NULL, "S4 SK", "S:QJ7", NULL, "S7", "T3.3", NULL),
};

static const pc_case FOURTH[] = {
    PC("PC32", NULL, "SK S3 S5", "S:AJ4", NULL, "SA", "F2", NULL),
    PC("PC33", NULL, "S7 SK S9", "S:Q4", NULL, "S4", "F1", NULL),
    PC("PC34", NULL, "S7 S3 SJ", "S:KQ2", NULL, "SQ", "F2", NULL),
    PC("PC35a", NULL, "S7 S3 SJ", "H:94 D:832", NULL, "H4", "F4", "RF1"),
    PC("PC35b", NULL, "S7 S3 H8", "H:94 D:832", NULL, "H9", "F4", "RF2"),
    PC("F3", NULL, "S7 S3 H8", "S:KQ2", NULL, "S2", "F3", NULL),
    PC("F4disc", NULL, "S7 S3 HQ", "H:94 D:832", NULL, "D2", "F4", "D3"),
    PC("F1void", NULL, "S7 SK S9", "H:94 D:832", NULL, "D2", "F1", "D3"),
};

static void run_all(const pc_case *k, size_t n)
{
    for (size_t i = 0; i < n; i++) run_case(&k[i]);
}

/* The bit helpers every decision runs: ranks_count by its byte table
 * against the compiler's popcount, every mask; PR2's one-group test by its
 * span against group(top) == held, every holding with played cards drawn
 * from the ranks it does not hold. */
static void test_bit_helpers(void **state)
{
    (void)state;
    for (unsigned m = 0; m < 0x10000; m++) assert_int_equal(ranks_count((uint16_t)m), __builtin_popcount(m));
    uint32_t seed = 1;
    for (unsigned h = 4; h <= SUIT_MASK_ALL; h += 4)
        for (int k = 0; k < 16; k++) {
            seed = seed * 1103515245u + 12345u;
            uint16_t played = (uint16_t)((seed >> 8) & SUIT_MASK_ALL & ~h);
            assert_int_equal(sd_is_one_group((uint16_t)h, played),
                             sd_group((uint16_t)h, played, ranks_top((uint16_t)h)) == h);
        }
}

static void test_second_hand(void **state)
{
    (void)state;
    run_all(SECOND, sizeof SECOND / sizeof SECOND[0]);
}

static void test_third_hand(void **state)
{
    (void)state;
    run_all(THIRD, sizeof THIRD / sizeof THIRD[0]);
}

static void test_fourth_hand(void **state)
{
    (void)state;
    run_all(FOURTH, sizeof FOURTH / sizeof FOURTH[0]);
}

/* PC37: X void in diamonds and trumps; the adversaries draw trumps and X's
 * side opened clubs: D2(c) keeps Q 7 3 and D4 throws a club. Without the
 * drawing, D3 throws from the weaker spades. */
static void test_pc37_defensive_discard(void **state)
{
    (void)state;
    pc_case def = {"PC37", NULL, "D5", "S:Q73 C:K9864", NULL, "C4", "S5.1", "D4", true, SUIT_C, false, -1, 0, CARD_NONE};
    run_case(&def);
    pc_case normal = {"PC37n", NULL, "D5", "S:Q73 C:K9864", NULL, "S3", "S5.1", "D3", false, SUIT_C, false, -1, 0, CARD_NONE};
    run_case(&normal);
    /* with signals on, an adversary's call also puts X in defensive mode */
    pc_case call = {"PC37c", NULL, "D5", "S:Q73 C:K9864", NULL, "C4", "S5.1", "D4", false, SUIT_C, true, SEAT_E, 0, CARD_NONE};
    run_case(&call);
}

/* D1 and the D2 release order: a void hand holding only trumps ruffs
 * (RF1) or, when it cannot beat the trick, throws its lowest trump (D1);
 * with every candidate protected, (a) is released and D3 decides. */
static void test_discard_protection(void **state)
{
    (void)state;
    pc_case k = PC("RF2>D1", NULL, "S8 SA HK", "H:Q4", NULL, "H4", "F4", "D1");
    run_case(&k);
    k = (pc_case)PC("D1", NULL, "S8 H9", "H:Q4", NULL, "H4", "T4.3", "D1");
    k.trick = "S8 HK";
    run_case(&k);
    /* C A K and D A K are all masters: released; D3 keys (2, 2, A) tie, TB: D before C */
    k = (pc_case)PC("D2a", NULL, "H8", "C:AK D:AK", NULL, "DK", "S5.1", "D3");
    run_case(&k);
}

/* Does c's side follow by an active [play] row named id? */
static bool active_row(const convention *c, const char *id)
{
    const play_rules *pl = convention_play_rules(c);
    for (int i = 0; i < pl->nrows; i++)
        if (pl->row[i].active && strcmp(pl->row[i].id, id) == 0) return true;
    return false;
}

/* CV6 (minneapolis): A x x x x, weak in trumps, plays the A (replacing S3.1);
 * the overrides are rows of the tables' [play], CV6 under its option. */
static void test_overrides(void **state)
{
    (void)state;
    pc_case k = PC("CV6", NULL, "S4", "S:A8653 H:97", "long-suit+minneapolis", "SA", "CV6", NULL);
    run_case(&k);
    k = (pc_case)PC("CV6 strong", NULL, "S4", "S:A8653 H:9752", "long-suit+minneapolis", "S3", "S3.1", NULL);
    run_case(&k);
    /* the overrides are rows of the tables: american's CV1, short-suit's
     * T2 (CV2), long-suit's CV6 under its option */
    assert_true(active_row(convention_builtin("american"), "CV1"));
    assert_false(active_row(convention_builtin("american"), "T2"));
    assert_true(active_row(convention_builtin("short-suit"), "T2"));
    assert_false(active_row(convention_builtin("short-suit-singleton"), "T2"));
    assert_false(active_row(convention_builtin("short-suit-singleton"), "CV1"));
    assert_false(active_row(convention_builtin("long-suit"), "CV6"));
    assert_false(active_row(convention_builtin("long-suit"), "CV1"));
}

/* Signals (§11, on): PC41 the call as third hand (the 6, then the 2,
 * which is all that is left: PR2), PC42 the echo in trumps, SG3 the ruff
 * after partner's call, and no call when X's side has led trumps. */
static void test_signals(void **state)
{
    (void)state;
    pc_case k = PC("PC41", NULL, "SK S3", "S:62 H:AKQ98", NULL, "S6", "T1.5", "SG1");
    k.signals = true;
    run_case(&k);
    k = (pc_case)PC("PC41b", "S3 S6 S4 SK", "SJ S5", "S:2 H:AKQ98", NULL, "S2", "PR2", NULL);
    k.signals = true;
    run_case(&k);
    k = (pc_case)PC("PC41off", NULL, "SK S3", "S:62 H:AKQ98", NULL, "S2", "T1.5", NULL);
    run_case(&k);
    k = (pc_case)PC("PC41weak", NULL, "SK S3", "S:62 H:AK9", NULL, "S2", "T1.5", NULL);
    k.signals = true;
    run_case(&k);
    k = (pc_case)PC("PC41led", "S>H2 HT H3 H4", "SK S3", "S:62 H:AKQ98", NULL, "S2", "T1.5", NULL);
    k.signals = true;
    run_case(&k);
    /* a call begun in spades is finished there: the lowest, with its id */
    k = (pc_case)PC("SG1 end", "S3 S6 S4 SK", "SJ S5", "S:72 H:AKQ98", NULL, "S2", "T3.3", "SG1");
    k.signals = true;
    run_case(&k);
    k = (pc_case)PC("PC42", NULL, "HQ H4", "H:9532", NULL, "H3", "T1.5", "SG2");
    k.signals = true;
    run_case(&k);
    k = (pc_case)PC("PC42b", "S>HQ H4 H3 H6", "HK H7", "H:952", NULL, "H2", "T3.3", "SG2");
    k.signals = true;
    run_case(&k);
    k = (pc_case)PC("SG3", NULL, "S7", "H:AJ742 D:83", NULL, "H7", "S5.5", "SG3");
    k.signals = true;
    k.called = SEAT_S;
    run_case(&k);
    k = (pc_case)PC("SG3 off", NULL, "S7", "H:AJ742 D:83", NULL, "H2", "S5.5", "RF1");
    k.called = SEAT_S;
    run_case(&k);
}

/* SG1r: two cards of a plain suit, the higher first, following and winning
 * neither trick, are read as a call by everyone. */
static void test_reading_calls(void **state)
{
    (void)state;
    play_public pub;
    play_public_init(&pub, SUIT_H, CARD_NONE, SEAT_S, true);
    play_cards(&pub, SEAT_W, "SK S6 S3 S4"); /* W wins; N plays the 6 */
    sd_read_calls(&pub, 0);
    assert_false(pub.called[SEAT_N]);
    play_cards(&pub, SEAT_W, "SA S2 S5 S7");
    sd_read_calls(&pub, 1);
    assert_true(pub.called[SEAT_N]);
    assert_int_equal(pub.call_trick[SEAT_N], 2);
    assert_false(pub.called[SEAT_E]); /* 3 then 5: low-high */
    assert_false(pub.called[SEAT_S]);
}

/* The extended rules of §13 that are implemented, each against the core
 * rule it precedes, and --ext parsing. */
static void test_extended(void **state)
{
    (void)state;
    static const struct {
        pc_case k;
        int x;
        const char *core_card, *core_rule, *core_how;
    } cases[] = {
        /* X1, PC43: West led the A, then the 8: three cards above the 8 are
         * out of West's hand, and North holds all three (K J 9), so the 9
         * wins (S4.1 plays the master K). With partner's J played to round
         * 1, K 9 accounts for the three too. K J 2 leaves one unplaced: no
         * inference, and a Q from partner shows the 8 was no 4th best (the K
         * and J, equal now, give the J). */
        {PC("PC43", "SA S3 S4 S5", "S8", "S:KJ92", NULL, "S9", "X1", NULL), 1, "SK", "S4.1", NULL},
        {PC("X1 partner", "SA S3 S4 SJ", "S8", "S:K92", NULL, "S9", "X1", NULL), 1, "SK", "S4.1", NULL},
        {PC("X1 unplaced", "SA S3 S4 S5", "S8", "S:KJ2", NULL, "SK", "S4.1", NULL), 1, "SK", "S4.1", NULL},
        {PC("X1 no 4th", "SA S3 S4 SQ", "S8", "S:KJ92", NULL, "SJ", "S4.1", NULL), 1, "SJ", "S4.1", NULL},
        /* an 8 led after a low opening (S5 then S8) is no RL3 sequence */
        {PC("X1 low first", "S5 S3 S4 S2", "S8", "S:AJ92", NULL, "SA", "S4.1", NULL), 1, "SA", "S4.1", NULL},
        /* the A led after the opening lead may be a master cashed (C7):
         * only the opening lead is read */
        {PC("X1 later", "HA H2 H3 H4|SA S3 S4 S5", "S8", "S:KJ92", NULL, "SK", "S4.1", NULL), 1, "SK", "S4.1", NULL},
        /* X2(a): partner's A, then his J, show five cards (LS12); North,
         * with four, keeps his lowest (T3.3's LOW gives the 6). With three,
         * or after the A then the T, North plays low. */
        {PC("X2a", "S>SA S3 S4 S2", "SJ S5", "S:976 H:J72", NULL, "S7", "T3.3", "X2"), 2, "S6", "T3.3", NULL},
        {PC("X2a three", "S>SA S3 S4 S2", "SJ S5", "S:97 H:J72", NULL, "S7", "T3.3", NULL), 2, "S7", "T3.3", NULL},
        {PC("X2a A-T", "S>SA S3 S4 S2", "ST S5", "S:976 H:J72", NULL, "S6", "T3.3", NULL), 2, "S6", "T3.3", NULL},
        /* five cards originally: X2(a) keeps nothing back */
        {PC("X2a five", "S>SA S3 S4 S2", "SJ S5", "S:9762 H:J72", NULL, "S2", "T3.3", NULL), 2, "S2", "T3.3", NULL},
        /* K then J shows K Q J but three cards may be all (LS7) */
        {PC("X2a K-J", "S>SK S3 S4 S2", "SJ S5", "S:976 H:J72", NULL, "S6", "T3.3", NULL), 2, "S6", "T3.3", NULL},
        /* X2(b), PC45: partner's A, then his 8 covered by the K: unblock the Q;
         * PC44: K 4 3 on partner's A then J: the K (T3.2b agrees) */
        {PC("PC45", "S>SA S2 S3 S4", "S8 SK", "S:Q9", NULL, "SQ", "X2", NULL), 2, "S9", "T3.3", NULL},
        {PC("PC44 X2", "S>SA S2 S3 S5", "SJ S6", "S:K4", NULL, "SK", "X2", NULL), 2, "SK", "T3.2b", NULL},
        /* X3: partner led the A, then the J: A Q J x x by LS12's 2nd
         * column, so only the K is against; with four trumps North passes
         * (T4.2 ruffs all but the master). With three trumps, or after the
         * A then the T (no row's 2nd column), North ruffs. */
        {PC("X3", "S>SA S3 S4 S2", "SJ S5", "H:J752 D:832 C:AKQ", NULL, "D2", "X3", "D3"), 3, "H2", "T4.2", "RF1"},
        {PC("X3 three", "S>SA S3 S4 S2", "SJ S5", "H:J75 D:8632 C:AKQ", NULL, "H5", "T4.2", "RF1"), 3, "H5", "T4.2",
            "RF1"},
        {PC("X3 A-T", "S>SA S3 S4 S2", "ST S5", "H:J752 D:832 C:AKQ", NULL, "H2", "T4.2", "RF1"), 3, "H2", "T4.2",
            "RF1"},
        /* Q then J shows Q J T (LS9): the A and the K are against */
        {PC("X3 Q-J", "S>SQ S3 S4 S2", "SJ S5", "H:J752 D:832 C:AKQ", NULL, "H2", "T4.2", "RF1"), 3, "H2", "T4.2",
            "RF1"},
        /* X6: North led the 7 from K T 8 7 5, partner won with the Q (West,
         * fourth, followed low: no A, F2) and returns the 4 (no A either:
         * he would have cashed it, C3): the A is marked on North's left and
         * the T finesses (T3.2b plays the K). With A Q 7 on round 2 and four
         * trumps with two honours, the Q finesses (T3.2b plays the A); weak
         * in trumps, the A. */
        {PC("X6", "N>S7 S3 SQ S2", "S4 S6", "S:KT85 H:J72", NULL, "ST", "X6", NULL), 6, "SK", "T3.2b", NULL},
        {PC("X6 best", "N>S5 S3 S9 S2", "S4 S6", "S:AQ7 H:AK75", NULL, "SQ", "X6", NULL), 6, "SA", "T3.2b", NULL},
        {PC("X6 weak", "N>S5 S3 S9 S2", "S4 S6", "S:AQ7 H:A752", NULL, "SA", "T3.2b", NULL), 6, "SA", "T3.2b",
            NULL},
        /* K J T: the 3rd best too, no tenace; T3.2b plays the T of K's group */
        {PC("X6 sequence", "N>S7 S3 SQ S2", "S4 S6", "S:KJT5 H:J72", NULL, "ST", "T3.2b", NULL), 6, "ST", "T3.2b",
            NULL},
        /* West ruffed round 1: void, so the A is East's */
        {PC("X6 void", "N>S7 S3 SQ H2", "S4 D6", "S:KT85 H:J7", NULL, "ST", "X6", NULL), 6, "SK", "T3.2b", NULL},
        /* spades are North's second suit: partner's C3 cashes only the
         * first, so his low spade does not deny the A */
        {PC("X6 second suit", "N>D7 D3 DQ D2|N>S7 S3 SQ S2", "S4 S6", "S:KT85 H:J72", NULL, "SK", "T3.2b", NULL), 6,
            "SK", "T3.2b", NULL},
        /* master-card's partner cashes by MC-C, not C3: his low return
         * does not deny the A */
        {PC("X6 mc", "N>S7 S3 SQ S2", "S4 S6", "S:KT85 H:J72", "master-card", "SK", "T3.2b", NULL), 6, "SK", "T3.2b",
            NULL},
        /* East's J won round 1, so West followed low under his partner's
         * card (F1): nothing is read there; but West, second hand on round
         * 2, plays the 6: with the A he would have won (S4.1), so the A is
         * East's (dicks L2761-2766) */
        {PC("X6 round 2", "N>S7 SJ S3 S2", "S4 S6", "S:KT85 H:J72", NULL, "ST", "X6", NULL), 6, "SK", "T3.2b",
            NULL},
        /* X4: K x covers the Q (S2.3 plays low); K 9 8 4 does not, K T 8 4 does */
        {PC("X4", NULL, "SQ", "S:K7", NULL, "SK", "X4", NULL), 4, "S7", "S2.3", NULL},
        {PC("X4 long", NULL, "SQ", "S:K984", NULL, "S4", "S2.3", NULL), 4, "S4", "S2.3", NULL},
        {PC("X4 ten", NULL, "SQ", "S:KT84", NULL, "SK", "X4", NULL), 4, "S4", "S2.3", NULL},
        /* X5: A K in trumps second hand: low (S3.2 gives the K) */
        {PC("X5", NULL, "H4", "H:AK73", NULL, "H3", "X5", NULL), 5, "HK", "S3.2", NULL},
        /* X9: partner's 13th card, partner has led trumps: ruff high (T4.2 lets the master pass) */
        {PC("X9", "S>H2 H3 H4 H5|SA SK SQ SJ|ST S9 S8 S7|S5 S4 S3 S2", "S6 D2", "H:KJ3 D:83", NULL, "HK", "X9",
            NULL), 9, "D3", "T4.2", "D3"},
        /* X10: partner led trumps; the A of the adversaries' suit wins at once */
        {PC("X10", "S>H2 H3 H4 H5", "D4", "D:A73 C:2", NULL, "DA", "X10", NULL), 10, "D3", "S3.5", NULL},
        /* X13: five trumps and an established suit: pass a doubtful card */
        {PC("X13", NULL, "S8", "H:J7652 D:AKQJ", NULL, "DJ", "X13", "D3"), 13, "H2", "S5.5", "RF1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pc_case k = cases[i].k;
        k.ext = 1u << cases[i].x;
        run_case(&k);
        k.ext = 0;
        k.card = cases[i].core_card;
        k.rule = cases[i].core_rule;
        k.how = cases[i].core_how;
        run_case(&k);
    }
    /* X7: the dealer plays his turn-up (the 7) on the adversaries' trump
     * lead, and keeps it on partner's */
    pc_case k = PC("X7", NULL, "HQ H3", "H:T72", NULL, "H7", "T1.5", "X7");
    k.turnup = card_parse("H2");
    k.ext = 1u << 7;
    run_case(&k);
    k = (pc_case)PC("X7 opp", NULL, "H4", "H:QT72", NULL, "H7", "S3.5", "X7");
    k.turnup = card_parse("H7");
    k.ext = 1u << 7;
    run_case(&k);
    unsigned e;
    diag_t why = {0};
    assert_true(sd_ext_parse("X4,X13", &e, &why));
    assert_int_equal(e, (1u << 4) | (1u << 13));
    assert_true(sd_ext_parse("X1", &e, &why));
    assert_int_equal(e, 1u << 1);
    assert_false(sd_ext_parse("X14", &e, &why));
    assert_non_null(strstr(why.reason, "not one of the extended rules whistlab plays"));
    assert_false(sd_ext_parse("X4,Y", &e, &why));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bit_helpers),
        cmocka_unit_test(test_second_hand),
        cmocka_unit_test(test_third_hand),
        cmocka_unit_test(test_fourth_hand),
        cmocka_unit_test(test_pc37_defensive_discard),
        cmocka_unit_test(test_discard_protection),
        cmocka_unit_test(test_overrides),
        cmocka_unit_test(test_signals),
        cmocka_unit_test(test_reading_calls),
        cmocka_unit_test(test_extended),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
