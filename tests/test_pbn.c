/* test_pbn.c -- the PBN reader and writer: deal counts of the real corpora,
 * values read against the file text, the PBN verifier's correct and error
 * files (pbnj), broken input, tag inheritance, and writer round trips. */
#include "testutil.h"
#include <dirent.h>
#include <zlib.h>
#include "formats/reader.h"
#include "formats/writer.h"

/* --- helpers --- */

typedef struct {
    long deals, rejects, errors, fatal; /* statuses */
    long repeats;    /* DEAL_REPEAT among deals and rejects */
    long dd, play;   /* READ_DEAL deals with a DD table / a play */
    diag_t first;    /* the first reject or error */
    long warnings, repairs;
    diag_t first_warning;
} counts;

static void count_file(const char *path, counts *c)
{
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(path, FMT_PBN, &diag);
    assert_non_null(r);
    deal_t d;
    read_status st;
    while ((st = deal_reader_next(r, &d, &diag)) != READ_EOF) {
        const reader_notes *notes = deal_reader_notes(r);
        if (notes->n_pending && !c->first_warning.line) c->first_warning = notes->pending[0];
        if (st == READ_DEAL || st == READ_REJECT) c->repeats += (d.flags & DEAL_REPEAT) != 0;
        if (st == READ_DEAL) {
            c->deals++;
            c->dd += (d.flags & DEAL_HAS_DDTABLE) != 0;
            c->play += (d.flags & DEAL_HAS_PLAY) != 0;
            continue;
        }
        if (c->rejects + c->errors == 0) c->first = diag;
        if (st == READ_REJECT) c->rejects++;
        else if (st == READ_ERROR) c->errors++;
        else {
            c->fatal++;
            break;
        }
    }
    c->warnings += (long)deal_reader_notes(r)->warnings;
    c->repairs += (long)deal_reader_notes(r)->repairs;
    deal_reader_close(r);
}

static counts count_shared(const char *rel)
{
    counts c = {0};
    count_file(test_shared(rel), &c);
    return c;
}

/* Every .pbn file of a shared folder. */
static counts count_dir(const char *rel)
{
    counts c = {0};
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", test_shared(rel));
    DIR *dp = opendir(dir);
    assert_non_null(dp);
    struct dirent *e;
    while ((e = readdir(dp))) {
        size_t n = strlen(e->d_name);
        if (n < 4 || strcmp(e->d_name + n - 4, ".pbn") != 0) continue;
        char path[8192];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        count_file(path, &c);
    }
    closedir(dp);
    return c;
}

static const char *write_tmp(const char *suffix, const char *text)
{
    const char *path = test_tmp(suffix);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    return path;
}

/* The hand written "AQ9.T82..KJ3". */
static hand_t hand_of(const char *s)
{
    hand_t h = 0;
    for (int suit = 0; *s; s++) {
        if (*s == '.') suit++;
        else h |= card_bit(card_make(suit, rank_from_char(*s)));
    }
    return h;
}

static card_t card_of(const char *s) { return card_parse(s); }

/* Reads the only game of text; returns its status, the deal and diag. */
static read_status read_one(const char *text, deal_t *d, diag_t *diag)
{
    deal_reader *r = deal_reader_open(write_tmp("one.pbn", text), FMT_PBN, diag);
    assert_non_null(r);
    read_status st = deal_reader_next(r, d, diag);
    deal_t more;
    diag_t more_diag;
    assert_int_equal(deal_reader_next(r, &more, &more_diag), READ_EOF);
    deal_reader_close(r);
    return st;
}

static const char DEAL_LINE[] =
    "[Deal \"S:QT865.85.AK85.T3 J4.T72.J.AKQ9864 9.KJ43.QT9763.J5 AK732.AQ96.42.72\"]\n";

/* --- real corpora: counts --- */

static void test_real_play_counts(void **state)
{
    (void)state;
    counts c = count_shared("corpora/pbn-real-play/endplay_example2_2021-online-qual-open-r2.pbn");
    assert_int_equal(c.deals, 299); /* DDT == ORT on all: no disagreement */
    assert_int_equal(c.rejects + c.errors, 0);
    assert_int_equal(c.dd, 299);
    assert_int_equal(c.play, 278);

    c = count_shared("corpora/pbn-real-play/endplay_example1_1998-eytc.pbn");
    assert_int_equal(c.deals, 2);
    assert_int_equal(c.play, 2);
    assert_int_equal(c.rejects + c.errors, 0);

    c = count_dir("corpora/pbn-real-play/ben_bbo");
    assert_int_equal(c.deals, 296);
    assert_int_equal(c.rejects + c.errors, 0);
    assert_int_equal(c.dd, 73);
    assert_int_equal(c.play, 292);

    c = count_dir("corpora/pbn-real-play/pbntools");
    assert_int_equal(c.deals, 576 + 735 + 57 + 56 + 44 + 2 + 1205 + 570);
    assert_int_equal(c.rejects + c.errors, 0);
    assert_int_equal(c.play, 572 + 725 + 56 + 56 + 44 + 2);
}

/* rpbridge's file: 3816 games with [Deal] and 3816 second-room games that
 * inherit it. Its rotated trick rows and auctions without the opening
 * passes are repaired (counted); what it contradicts itself on outside the
 * deal is a warning, and the deal kept: 301 [Contract] tags without the
 * double that ends the auction, and three results the play rules out. */
static void test_rpbridge_counts(void **state)
{
    (void)state;
    counts c = count_shared("corpora/pbn-real-play/endplay_example3_rpbridge_2012-top-events.pbn");
    assert_int_equal(c.deals, 3816 * 2);
    assert_int_equal(c.repeats, 3816);
    assert_int_equal(c.errors + c.rejects, 0);
    assert_int_equal(c.play, 7485);
    assert_int_equal(c.warnings, 304);
    assert_int_equal(c.repairs, 3767 + 13378);
    assert_int_equal(c.first_warning.line, 201);
    assert_string_equal(c.first_warning.reason, "[Contract \"1NT\"] differs from the auction's 1NTX by W");

    c = count_shared("corpora/pbn-real-play/endplay_example4.pbn");
    assert_int_equal(c.deals, 1);
    assert_int_equal(c.rejects, 0);
}

static void test_dd_table_counts(void **state)
{
    (void)state;
    static const struct {
        const char *file;
        long deals, dd;
    } files[] = {
        {"bcdd_test1.bcdd.pbn", 396, 396},  {"bcdd_test1.bigdeal.pbn", 396, 396},
        {"bcdd_test1.pbn", 396, 0},         {"bcdd_test2.bcdd.pbn", 495, 495},
        {"bcdd_test2.bigdeal.pbn", 495, 495}, {"bcdd_test2.pbn", 495, 0},
        {"pybcdd_test-bcdd.pbn", 99, 99},   {"pybcdd_test-pybcdd.pbn", 99, 99},
        {"pybcdd_test.pbn", 99, 0},         {"pybcdd_test2-bcdd.pbn", 5, 5},
        {"pybcdd_test2.pbn", 5, 0},         {"endplay_sample.pbn", 2, 2},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char rel[256];
        snprintf(rel, sizeof rel, "corpora/pbn-dd-tables/%s", files[i].file);
        counts c = count_shared(rel);
        assert_int_equal(c.deals, files[i].deals);
        assert_int_equal(c.dd, files[i].dd);
        assert_int_equal(c.rejects + c.errors, 0); /* Ability == ORT wherever both */
    }
}

static void test_book_hands(void **state)
{
    (void)state;
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(test_shared("cases/book-hands.pbn"), FMT_AUTO, &diag);
    assert_non_null(r);
    assert_int_equal(deal_reader_format(r), FMT_PBN);
    deal_t d;
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_DEAL);
    /* [Deal "S:QT865.85.AK85.T3 J4.T72.J.AKQ9864 9.KJ43.QT9763.J5 AK732.AQ96.42.72"] */
    assert_true(d.hand[SEAT_S] == hand_of("QT865.85.AK85.T3"));
    assert_true(d.hand[SEAT_W] == hand_of("J4.T72.J.AKQ9864"));
    assert_true(d.hand[SEAT_N] == hand_of("9.KJ43.QT9763.J5"));
    assert_true(d.hand[SEAT_E] == hand_of("AK732.AQ96.42.72"));
    assert_int_equal(d.pos.line, 45);
    assert_int_equal(d.pos.index, 0);
    assert_int_equal(d.board, 1);
    assert_int_equal(d.dealer, SEAT_S);
    assert_int_equal(d.leader, SEAT_W);
    assert_int_equal(d.strain, SUIT_H);
    assert_int_equal(d.turnup, card_of("H5"));
    assert_int_equal(d.result, 11);
    assert_false(d.flags & (DEAL_HAS_CONTRACT | DEAL_TURNUP_INFERRED | DEAL_REPEAT));
    assert_true(d.flags & DEAL_HAS_PLAY);
    assert_int_equal(d.play.first, SEAT_W);
    assert_int_equal(d.play.ntricks, 13);
    assert_int_equal(d.play.card[0][SEAT_W], card_of("CK")); /* "CK C5 C7 C3" */
    assert_int_equal(d.play.card[0][SEAT_N], card_of("C5"));
    assert_int_equal(d.play.card[0][SEAT_E], card_of("C7"));
    assert_int_equal(d.play.card[0][SEAT_S], card_of("C3"));
    assert_int_equal(d.play.card[12][SEAT_S], card_of("SQ")); /* "C4 DQ HA SQ" */
    for (int i = 0; i < 2; i++) assert_int_equal(deal_reader_next(r, &d, &diag), READ_DEAL);
    /* the Misere: played at no trumps, though H3 was turned */
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_DEAL);
    assert_int_equal(d.pos.line, 170);
    assert_int_equal(d.strain, STRAIN_NT);
    assert_int_equal(d.turnup, card_of("H3"));
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_DEAL); /* the bridge hand, NT */
    assert_int_equal(d.strain, STRAIN_NT);
    assert_int_equal(d.turnup, CARD_NONE);
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_EOF);
    const reader_notes *n = deal_reader_notes(r);
    assert_int_equal(n->ignored_tags, 3); /* [Variant] */
    assert_string_equal(n->ignored_names[0], "Variant");
    deal_reader_close(r);
}

/* --- values against the file text --- */

static void test_dd_values(void **state)
{
    (void)state;
    diag_t diag = {0};
    deal_t d;
    /* Big Deal's [Ability "N:89797 E:44535 S:89797 W:44535"]: NT S H D C */
    deal_reader *r = deal_reader_open(test_shared("corpora/pbn-dd-tables/bcdd_test1.bigdeal.pbn"),
                                      FMT_AUTO, &diag);
    assert_non_null(r);
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_DEAL);
    assert_int_equal(d.pos.line, 6);
    assert_int_equal(d.dealer, SEAT_N);
    assert_true(d.hand[SEAT_N] == hand_of("AT94.97.KQ954.94"));
    static const int8_t ability[5][4] = {
        /* S */ {9, 4, 9, 4}, /* H */ {7, 5, 7, 5}, /* D */ {9, 3, 9, 3},
        /* C */ {7, 5, 7, 5}, /* NT */ {8, 4, 8, 4}};
    assert_memory_equal(d.dd_table, ability, sizeof ability);
    deal_reader_close(r);

    /* BCalc's [OptimumResultTable] of the same deal gives the same table. */
    r = deal_reader_open(test_shared("corpora/pbn-dd-tables/bcdd_test1.bcdd.pbn"), FMT_PBN, &diag);
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_DEAL);
    assert_memory_equal(d.dd_table, ability, sizeof ability);
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_DEAL);
    assert_int_equal(d.dd_table[SUIT_S][SEAT_N], 11); /* board 2: "N S 11", "E S 0" */
    assert_int_equal(d.dd_table[SUIT_S][SEAT_E], 0);
    deal_reader_close(r);

    /* [DoubleDummyTricks "77667775576677566775"]: N S E W, each NT S H D C */
    r = deal_reader_open(
        test_shared("corpora/pbn-real-play/endplay_example2_2021-online-qual-open-r2.pbn"),
        FMT_PBN, &diag);
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_DEAL);
    static const int8_t ddt[5][4] = {
        /* S */ {7, 6, 7, 6}, /* H */ {6, 7, 5, 7}, /* D */ {6, 7, 5, 7},
        /* C */ {7, 5, 7, 5}, /* NT */ {7, 6, 7, 6}};
    assert_memory_equal(d.dd_table, ddt, sizeof ddt);
    assert_int_equal(d.board, 11);
    assert_int_equal(d.dealer, SEAT_S);
    assert_true(d.flags & DEAL_PASSED_OUT);
    assert_false(d.flags & (DEAL_HAS_CONTRACT | DEAL_HAS_PLAY));
    assert_int_equal(d.result, -1);
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_DEAL);
    assert_true(d.flags & DEAL_HAS_CONTRACT); /* 1NT by N, 8 tricks, [Play "E"] */
    assert_int_equal(d.contract_level, 1);
    assert_int_equal(d.contract_strain, STRAIN_NT);
    assert_int_equal(d.contract_declarer, SEAT_N);
    assert_int_equal(d.contract_doubled, 0);
    assert_int_equal(d.result, 8);
    assert_int_equal(d.play.first, SEAT_E);
    assert_int_equal(d.play.ntricks, 8);
    assert_int_equal(d.play.card[0][SEAT_E], card_of("D4")); /* "D4 DJ D3 D5" */
    assert_int_equal(d.play.card[0][SEAT_N], card_of("D5"));
    assert_int_equal(d.play.card[7][SEAT_W], card_of("H3")); /* "-  -  H3 -" */
    assert_int_equal(d.play.card[7][SEAT_E], CARD_NONE);
    deal_reader_close(r);

    /* A partial [OptimumResultTable] beside a full DDT "746b5747b55862758627". */
    r = deal_reader_open(test_shared("corpora/pbn-dd-tables/endplay_sample.pbn"), FMT_PBN, &diag);
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_DEAL);
    assert_int_equal(d.dd_table[SUIT_D][SEAT_N], 11);
    assert_int_equal(d.dd_table[SUIT_D][SEAT_E], 2);
    assert_int_equal(d.dd_table[SUIT_S][SEAT_W], 8);
    assert_int_equal(d.contract_doubled, 1); /* 5SX by W */
    deal_reader_close(r);
}

static void test_repeat_games(void **state)
{
    (void)state;
    diag_t diag = {0};
    deal_t d, first;
    deal_reader *r = deal_reader_open(
        test_shared("corpora/pbn-real-play/endplay_example3_rpbridge_2012-top-events.pbn"),
        FMT_PBN, &diag);
    assert_non_null(r);
    /* Board 1: "W:.AQJ85.986.JT973 A8643.97642.Q.Q8 KT9.K3.K75.AK652 QJ752.T.AJT432.4",
     * 5C by E; its auction leaves out the passes before the opening 1NT. */
    assert_int_equal(deal_reader_next(r, &first, &diag), READ_DEAL);
    assert_false(first.flags & DEAL_REPEAT);
    assert_int_equal(first.pos.line, 14);
    assert_int_equal(first.pos.index, 0);
    assert_true(first.hand[SEAT_W] == hand_of(".AQJ85.986.JT973"));
    assert_true(first.hand[SEAT_E] == hand_of("KT9.K3.K75.AK652"));
    assert_int_equal(first.board, 1);
    assert_int_equal(first.dealer, SEAT_N);
    assert_int_equal(first.contract_declarer, SEAT_E);
    assert_int_equal(first.contract_strain, SUIT_C);
    assert_int_equal(first.contract_level, 5);
    assert_int_equal(first.result, 12);
    assert_int_equal(first.play.first, SEAT_S);
    assert_int_equal(first.play.ntricks, 4);
    assert_int_equal(first.play.card[0][SEAT_S], card_of("SQ")); /* "SQ C3 S3 S9" */
    assert_int_equal(first.play.card[0][SEAT_W], card_of("C3"));
    /* "CA D2 C9 CQ" in columns S W N E: each card one seat off; E holds CA */
    assert_int_equal(first.play.card[2][SEAT_E], card_of("CA"));
    assert_int_equal(first.play.card[2][SEAT_S], card_of("D2"));
    assert_int_equal(first.play.card[2][SEAT_W], card_of("C9"));
    assert_int_equal(first.play.card[2][SEAT_N], card_of("CQ"));
    /* The other room (line 29) gives no [Board]/[Dealer]/[Deal]. */
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_DEAL);
    assert_true(d.flags & DEAL_REPEAT);
    assert_int_equal(d.pos.line, 29);
    assert_int_equal(d.pos.index, 1);
    assert_true(deal_same_cards(&d, &first));
    assert_int_equal(d.board, 1);
    assert_int_equal(d.dealer, SEAT_N);
    assert_int_equal(d.contract_declarer, SEAT_N); /* [Declarer "N"] [Contract "4SX"] */
    assert_int_equal(d.contract_strain, SUIT_S);
    assert_int_equal(d.contract_doubled, 1);
    assert_int_equal(d.result, 10);
    assert_int_equal(d.play.first, SEAT_E);
    assert_int_equal(d.play.ntricks, 9);
    assert_int_equal(d.play.card[0][SEAT_E], card_of("CA")); /* "CA C4 C9 C8" */
    /* Board 2 starts a new deal. */
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_DEAL);
    assert_false(d.flags & DEAL_REPEAT);
    assert_int_equal(d.pos.line, 54);
    assert_int_equal(d.board, 2);
    assert_int_equal(d.dealer, SEAT_E);
    assert_int_equal(d.contract_strain, STRAIN_NT); /* "1N" */
    assert_int_equal(d.contract_declarer, SEAT_W);
    assert_int_equal(d.result, 5);
    deal_reader_close(r);
}

/* --- the PBN verifier's files (ContractBridge/pbnj) --- */

static void test_pbnj_correct(void **state)
{
    (void)state;
    static const struct {
        const char *file;
        long deals, unanalysable;
    } files[] = {
        {"pbnj_basic_10.pbn", 1, 0},  {"pbnj_basic_20.pbn", 1, 0},
        {"pbnj_correct_10.pbn", 7, 2}, {"pbnj_correct_20.pbn", 26, 14},
        {"pbnj_correct_21.pbn", 2, 0},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char rel[256];
        snprintf(rel, sizeof rel, "corpora/pbn-parser-tests/%s", files[i].file);
        diag_t diag = {0};
        deal_reader *r = deal_reader_open(test_shared(rel), FMT_PBN, &diag);
        assert_non_null(r);
        deal_t d;
        read_status st;
        long deals = 0, unanalysable = 0;
        while ((st = deal_reader_next(r, &d, &diag)) != READ_EOF) {
            if (st == READ_DEAL) {
                deals++;
                continue;
            }
            /* valid PBN that whistlab cannot analyse: '-' hands, end positions */
            assert_int_equal(st, READ_REJECT);
            assert_true(d.flags & DEAL_UNKNOWN_HANDS);
            assert_non_null(strstr(diag.reason, "the deal cannot be analysed"));
            unanalysable++;
        }
        assert_int_equal(deals, files[i].deals);
        assert_int_equal(unanalysable, files[i].unanalysable);
        deal_reader_close(r);
    }
}

static void test_pbnj_errors(void **state)
{
    (void)state;
    /* Every game of the error files is flagged, except pbnj_errors_10 game 1
     * (an unknown tag, which PBN 4.9 allows: counted, not an error) and
     * game 61 (no error comment: a result of 13 the play allows). A game
     * whose only fault lies outside the deal (a [Contract] that drops the
     * auction's double, a line over 255 characters) is flagged by a warning. */
    counts c = count_shared("corpora/pbn-parser-tests/pbnj_errors_10.pbn");
    assert_int_equal(c.rejects, 42);
    assert_int_equal(c.errors, 27); /* three more games flagged only by lines over 255 characters */
    assert_int_equal(c.deals, 2);
    assert_int_equal(c.warnings, 8);
    c = count_shared("corpora/pbn-parser-tests/pbnj_errors_20.pbn");
    assert_int_equal(c.rejects + c.errors, 23);
    assert_int_equal(c.deals, 0);
    c = count_shared("corpora/pbn-parser-tests/pbnj_errors_21.pbn");
    assert_int_equal(c.errors, 2);

    static const struct {
        const char *file;
        uint64_t line;
        const char *reason;
    } expect[] = {
        {"10", 11, "tag Event has no value"},
        {"10", 19, "tab inside a string (PBN 2.3)"},
        {"10", 31, "bad [Date] value \"1995.o6.10\""},
        {"10", 55, "hand W has 14 cards"},
        {"10", 67, "deal: more than one space between hands"},
        {"10", 95, "text outside a tag pair or section: \"bad\""},
        {"10", 102, "[Auction] needs [Dealer] before it (PBN 3.1)"},
        {"10", 127, "[Site] given twice in one game (PBN 3.4)"},
        {"10", 186, "Auction: bad call 1N"},
        {"10", 195, "Auction: insufficient bid 1C"},
        {"10", 260, "[Declarer \"N\"] does not match the auction (1C by S)"},
        {"10", 315, "[Contract \"1C\"] differs from the auction's 1CX by S"},
        {"10", 328, "Play: trick 1: S revokes: CA on the lead of SA while holding spades"},
        {"10", 450, "Play: trick 1: ^L marks W's lead, who was to lead"},
        {"10", 474, "Play: trick 1: ^R marks H3 by N, which is no revoke"},
        {"10", 562, "Auction: note =3= has no [Note \"3:...\"]"},
        {"10", 690, "[Result \"4\"] does not fit the play: declarer won 6 and the defenders 0 "
                    "of its first 6 tricks"},
        {"10", 772, "[Dealer] cannot inherit its value with \"#\" (PBN 4.8)"},
        {"10", 798, "bad [Score] value \"10.-10\""},
        {"10", 825, "line longer than 255 characters (PBN 2.3): read all the same"},
        {"10", 865, "Play: '*' after '+' (PBN 3.6)"},
        {"10", 912, "Play: bad card 'CS'"},
        {"20", 7, "bad [Scoring] value \"IMP;??\""},
        {"20", 14, "[Vulnerable] does not match the games won in [ScoreRubberHistory]"},
        {"20", 53, "Play: trick 4: S7 is played after '+'"},
        {"20", 92, "Auction: call after '+': 6S"},
        {"20", 103, "[ActionTable]: column \"Call\": '\\' must be followed by a width"},
        {"20", 108, "[ActionTable]: comment inside the table data (PBN 5.1)"},
        {"20", 133, "[ActionTable]: 49 elements do not make whole rows of 5 columns (PBN 5.2)"},
        {"20", 158, "[TotalScoreTable]: column 7 is not in ascending order (row 2)"},
        {"21", 7, "bad [OptimumScore] value \"100\""},
    };
    for (size_t i = 0; i < sizeof expect / sizeof expect[0]; i++) {
        char rel[256];
        snprintf(rel, sizeof rel, "corpora/pbn-parser-tests/pbnj_errors_%s.pbn", expect[i].file);
        diag_t diag = {0};
        deal_reader *r = deal_reader_open(test_shared(rel), FMT_PBN, &diag);
        deal_t d;
        read_status st;
        bool found = false;
        while (!found && (st = deal_reader_next(r, &d, &diag)) != READ_EOF) {
            found = st != READ_DEAL && diag.line == expect[i].line;
            const reader_notes *notes = deal_reader_notes(r);
            for (int w = 0; !found && w < notes->n_pending; w++)
                if (notes->pending[w].line == expect[i].line) {
                    found = true;
                    diag = notes->pending[w];
                }
        }
        if (!found) fail_msg("no diagnostic at pbnj_errors_%s.pbn:%llu", expect[i].file,
                             (unsigned long long)expect[i].line);
        assert_string_equal(diag.reason, expect[i].reason);
        deal_reader_close(r);
    }
}

/* --- broken input: each with its reason and line --- */

static void expect_one(const char *text, read_status want, uint64_t line, const char *reason)
{
    deal_t d;
    diag_t diag = {0};
    read_status st = read_one(text, &d, &diag);
    assert_int_equal(st, want);
    assert_int_equal(diag.line, line);
    assert_string_equal(diag.reason, reason);
    assert_non_null(strstr(diag.file, "one.pbn"));
}

static void test_bad_deals(void **state)
{
    (void)state;
    expect_one("[Board \"1\"]\n[Dealer \"S\"]\n"
               "[Deal \"S:QT865.85.AK85.T3 J4.T72.J.AKQ9864 9.KJ43.QT9763.J5 AK732.AQ96.42.7x\"]\n",
               READ_REJECT, 3, "deal: hand E has a bad rank 'x'");
    expect_one("[Dealer \"S\"]\n"
               "[Deal \"S:QT865.85.AK85.T3 J4.T72.J.AKQ9864 9.KJ43.QT9763.J AK732.AQ96.42.72\"]\n",
               READ_REJECT, 2, "hand N has 12 cards");
    expect_one("[Dealer \"S\"]\n"
               "[Deal \"S:QT865.85.AK85.T3 J4.T72.J.AKQ9864 9.KJ43.QT9763.J5 AK732.AQ96.42.Q2\"]\n",
               READ_REJECT, 2, "duplicate card CQ");
    expect_one("[Dealer \"S\"]\n[Deal \"S:QT865.85.AK85.T3 - 9.KJ43.QT9763.J5 -\"]\n",
               READ_REJECT, 2, "hand E is unknown ('-'): the deal cannot be analysed");
    expect_one("[Deal \"S:QT865.85.AK85.10 J4.T72.J.AKQ9864 9.KJ43.QT9763.J5 AK732.AQ96.42.72\"]\n",
               READ_REJECT, 1, "deal: hand S writes a ten as \"10\" (PBN writes T)");
    /* whist tags: the turn-up in the dealer's hand and of the trump suit */
    char text[1024];
    snprintf(text, sizeof text, "[Dealer \"S\"]\n%s[Trump \"S\"]\n[TurnUp \"S4\"]\n", DEAL_LINE);
    expect_one(text, READ_REJECT, 2, "turn-up S4 is not in the dealer's (S) hand");
    snprintf(text, sizeof text, "[Dealer \"S\"]\n%s[Trump \"S\"]\n[TurnUp \"H5\"]\n", DEAL_LINE);
    expect_one(text, READ_REJECT, 2, "turn-up H5 is not of the trump suit (spades)");
    snprintf(text, sizeof text, "[Dealer \"S\"]\n%s[Leader \"E\"]\n", DEAL_LINE);
    expect_one(text, READ_REJECT, 2, "leader E is not on the dealer's (S) left");
    snprintf(text, sizeof text, "[Dealer \"S\"]\n%s[Trump \"X\"]\n", DEAL_LINE);
    expect_one(text, READ_REJECT, 3, "bad [Trump] value \"X\": S, H, D, C or NT");
    /* play cards must be in their player's hand */
    snprintf(text, sizeof text,
             "[Dealer \"S\"]\n%s[Trump \"H\"]\n[Play \"W\"]\nCK C5 C7 C3\nHT HJ HQ HQ\n",
             DEAL_LINE);
    expect_one(text, READ_REJECT, 6, "Play: trick 2: HQ is not in S's hand");
    snprintf(text, sizeof text, "[Dealer \"S\"]\n%s[Trump \"H\"]\n[Play \"W\"]\nCK C5 C7 C3\nCK\n",
             DEAL_LINE);
    expect_one(text, READ_REJECT, 6, "Play: trick 2: CK was already played");
    /* DDT and ORT must agree */
    snprintf(text, sizeof text, "[Dealer \"S\"]\n%s[DoubleDummyTricks \"77667775576677566775\"]\n"
             "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 8\n", DEAL_LINE);
    expect_one(text, READ_REJECT, 2, "[DoubleDummyTricks] and [OptimumResultTable] disagree: "
               "declarer N in no trumps takes 7 or 8 tricks");
}

static void test_bad_syntax(void **state)
{
    (void)state;
    char text[1024];
    snprintf(text, sizeof text, "[Event \"abc\n%s", DEAL_LINE);
    expect_one(text, READ_REJECT, 1, "unterminated string (no closing '\"' on the line)");
    expect_one("[Event \"abc\n", READ_ERROR, 1,
               "unterminated string (no closing '\"' on the line)");
    expect_one("[Event \"x\"]\n[event \"y\"]\n", READ_ERROR, 2,
               "tag name \"event\" must begin with an upper-case letter");
    expect_one("[Event \"x\"]\nPass Pass\n", READ_ERROR, 2,
               "[Event] takes no section data: \"Pass\"");
    expect_one("[Event\n\"spans lines\"", READ_ERROR, 1,
               "tag pair not closed before the end of the game");
    expect_one("{ never closed\n[Event \"x\"]\n", READ_ERROR, 1,
               "unterminated comment: '{' is never closed");
    expect_one("[Event \"bell\a\"]\n", READ_ERROR, 1,
               "character 0x07 is not allowed in PBN text (PBN 2.2)");

    /* An unknown tag is counted, not an error (PBN 4.9). */
    diag_t diag = {0};
    snprintf(text, sizeof text, "[BCFlags \"1f\"]\n[Dealer \"S\"]\n%s", DEAL_LINE);
    deal_reader *r = deal_reader_open(write_tmp("unknown.pbn", text), FMT_AUTO, &diag);
    assert_non_null(r);
    deal_t d;
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_DEAL);
    assert_int_equal(deal_reader_notes(r)->ignored_tags, 1);
    assert_string_equal(deal_reader_notes(r)->ignored_names[0], "BCFlags");
    deal_reader_close(r);
}

/* Issue 25 item 10: a game that means to give a deal and gives none is a
 * rejected deal at that tag's line, counted as read: not dropped (which
 * let `check` exit 0), not left outside the count as an error. "?" is a
 * well-formed unknown deal (PBN 3): counted, hands unknown. A game with no
 * tag named like [Deal] stays what it was: valid PBN may hold none. */
static void test_games_that_give_no_deal(void **state)
{
    (void)state;
    static const char HANDS[] = "\"S:QT865.85.AK85.T3 J4.T72.J.AKQ9864 9.KJ43.QT9763.J5 AK732.AQ96.42.72\"";
    char text[1024];
    expect_one("[Board \"2\"]\n[Deal \"\"]\n", READ_REJECT, 2, "[Deal] is empty: the game gives no hands");
    snprintf(text, sizeof text, "[Board \"3\"]\n[Dael %s]\n", HANDS);
    expect_one(text, READ_REJECT, 2, "tag [Dael] is not [Deal] (misspelt?): the game gives no deal");
    snprintf(text, sizeof text, "[Board \"3\"]\n[DEAL %s]\n", HANDS);
    expect_one(text, READ_REJECT, 2, "tag [DEAL] is not [Deal] (misspelt?): the game gives no deal");
    snprintf(text, sizeof text, "[Board \"4\"]\n[Deal %s\n", HANDS);
    expect_one(text, READ_REJECT, 2, "tag pair not closed before the end of the game");
    snprintf(text, sizeof text, "[Board \"5\"]\n[deal %s]\n", HANDS);
    expect_one(text, READ_REJECT, 2, "tag name \"deal\" must begin with an upper-case letter");
    deal_t d;
    diag_t diag = {0};
    assert_int_equal(read_one("[Board \"6\"]\n[Deal \"?\"]\n", &d, &diag), READ_REJECT);
    assert_true(d.flags & DEAL_UNKNOWN_HANDS);
    assert_int_equal(diag.line, 2);
    assert_string_equal(diag.reason, "the deal is unknown (\"?\"): it cannot be analysed");
    assert_int_equal(read_one("[Board \"7\"]\n[Dealer \"N\"]\n[Event \"no deal\"]\n", &d, &diag), READ_EOF);

    /* In one file: every game counted, each at its line, reading on. */
    FILE *f = fopen(test_tmp("nodeal.pbn"), "wb");
    assert_non_null(f);
    fprintf(f, "[Board \"1\"]\n%s\n", DEAL_LINE);          /* lines 1-3 */
    fprintf(f, "[Board \"2\"]\n[Deal \"\"]\n\n");          /* lines 4-6 */
    fprintf(f, "[Board \"3\"]\n[Dael %s]\n\n", HANDS);     /* lines 7-9 */
    fprintf(f, "[Board \"4\"]\n[Deal %s\n\n", HANDS);      /* lines 10-12 */
    fprintf(f, "[Board \"5\"]\n[deal %s]\n\n", HANDS);     /* lines 13-15 */
    fprintf(f, "[Board \"6\"]\n%s", DEAL_LINE);            /* lines 16-17 */
    fclose(f);
    deal_reader *r = deal_reader_open(test_tmp("nodeal.pbn"), FMT_AUTO, &diag);
    assert_non_null(r);
    static const struct {
        read_status st;
        uint64_t line;
        uint32_t board;
    } want[] = {{READ_DEAL, 2, 1},   {READ_REJECT, 5, 2},  {READ_REJECT, 8, 3},
                {READ_REJECT, 11, 4}, {READ_REJECT, 14, 5}, {READ_DEAL, 17, 6}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        assert_int_equal(deal_reader_next(r, &d, &diag), want[i].st);
        assert_int_equal(d.pos.line, want[i].line);
        assert_int_equal(d.pos.index, i);
        assert_int_equal(d.board, want[i].board);
        if (want[i].st == READ_REJECT) assert_int_equal(diag.line, want[i].line);
    }
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_EOF);
    deal_reader_close(r);
}

/* Reading resumes after a broken game: an unterminated comment, a 10 MB
 * line, NUL bytes. */
static void test_resync(void **state)
{
    (void)state;
    const char *path = test_tmp("resync.pbn");
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fprintf(f, "[Board \"1\"]\n[Dealer \"S\"]\n%s\n", DEAL_LINE);  /* lines 1-4 */
    fprintf(f, "[Board \"2\"]\n{ a comment never closed\n\n");       /* lines 5-7 */
    fprintf(f, "[Board \"3\"]\n[Dealer \"S\"]\n%s\n", DEAL_LINE);  /* lines 8-11 */
    fprintf(f, "[Board \"4\"]\n[Description \"");                    /* lines 12-13 */
    for (int i = 0; i < 10 * 1024 * 1024; i++) fputc('x', f);
    fprintf(f, "\"]\n[Dealer \"S\"]\n%s\n", DEAL_LINE);             /* lines 13-16 */
    fprintf(f, "[Board \"5\"]\n[Event \"a");                         /* lines 17-18 */
    fputc(0, f);
    fprintf(f, "b\"]\n[Dealer \"S\"]\n%s\n", DEAL_LINE);            /* lines 18-21 */
    fprintf(f, "[Board \"6\"]\n[Dealer \"S\"]\n%s", DEAL_LINE);    /* lines 22-24 */
    fclose(f);

    diag_t diag = {0};
    deal_reader *r = deal_reader_open(path, FMT_PBN, &diag);
    assert_non_null(r);
    deal_t d;
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_DEAL);
    assert_int_equal(d.board, 1);
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_ERROR);
    assert_int_equal(diag.line, 6);
    assert_string_equal(diag.reason,
                        "unterminated comment: '{' is not closed before the next game");
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_DEAL);
    assert_int_equal(d.board, 3);
    assert_int_equal(d.pos.line, 10);
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_REJECT);
    assert_int_equal(d.board, 4);
    assert_int_equal(diag.line, 13);
    assert_string_equal(diag.reason, "line longer than 1048576 bytes: skipped");
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_REJECT);
    assert_int_equal(d.board, 5);
    assert_int_equal(diag.line, 18);
    assert_string_equal(diag.reason, "binary data (NUL byte) in a text line");
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_DEAL);
    assert_int_equal(d.board, 6);
    assert_int_equal(d.pos.line, 24);
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_EOF);
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_EOF);
    deal_reader_close(r);
    remove(path);
}

static void test_binary_and_gzip(void **state)
{
    (void)state;
    /* binary junk: detection refuses it; forced PBN reports it per line */
    const char *junk = test_tmp("junk.pbn");
    FILE *f = fopen(junk, "wb");
    for (int i = 0; i < 4096; i++) fputc((i * 7919) & 0xFF, f);
    fclose(f);
    diag_t diag = {0};
    assert_null(deal_reader_open(junk, FMT_AUTO, &diag));
    assert_string_equal(diag.reason, "binary data, not a deal file (or a corrupt compressed file)");
    deal_reader *r = deal_reader_open(junk, FMT_PBN, &diag);
    assert_non_null(r);
    deal_t d;
    read_status st;
    long errors = 0, rounds = 0;
    while ((st = deal_reader_next(r, &d, &diag)) != READ_EOF && rounds++ < 100000) {
        assert_int_equal(st, READ_ERROR);
        errors++;
    }
    assert_int_equal(st, READ_EOF);
    assert_true(errors >= 1);
    deal_reader_close(r);
    remove(junk);

    /* a gzip file cut in the middle: the deals before the cut, then FATAL */
    const char *gz = test_tmp("cut.pbn.gz");
    gzFile g = gzopen(gz, "wb");
    assert_non_null(g);
    for (int i = 1; i <= 3000; i++)
        gzprintf(g, "[Board \"%d\"]\n[Dealer \"S\"]\n%s[Event \"game %d of a long file\"]\n\n", i,
                 DEAL_LINE, i * 7);
    gzclose(g);
    f = fopen(gz, "rb");
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    assert_int_equal(truncate(gz, size / 2), 0);
    r = deal_reader_open(gz, FMT_AUTO, &diag);
    assert_non_null(r);
    long deals = 0;
    while ((st = deal_reader_next(r, &d, &diag)) == READ_DEAL) deals++;
    assert_int_equal(st, READ_FATAL);
    assert_non_null(strstr(diag.reason, "truncated gzip stream"));
    assert_true(deals > 100 && deals < 3000);
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_EOF);
    deal_reader_close(r);
    remove(gz);
}

/* --- tag inheritance (PBN 4.8) --- */

static void test_inheritance(void **state)
{
    (void)state;
    char text[4096];
    snprintf(text, sizeof text,
             "[Board \"7\"]\n[Dealer \"S\"]\n%s[Trump \"##H\"]\n\n"      /* H for all later games */
             "[Board \"#\"]\n[Dealer \"S\"]\n%s\n"                        /* board 7, trump H */
             "[Board \"9\"]\n[Dealer \"S\"]\n%s[Trump \"S\"]\n\n"         /* spades here only */
             "[Board \"10\"]\n[Dealer \"S\"]\n%s[Trump \"#\"]\n\n"        /* the nearest: S */
             "[Board \"11\"]\n[Dealer \"S\"]\n%s\n"                       /* the ## value: H */
             "[Deal \"#\"]\n",                                            /* forbidden */
             DEAL_LINE, DEAL_LINE, DEAL_LINE, DEAL_LINE, DEAL_LINE);
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(write_tmp("inherit.pbn", text), FMT_PBN, &diag);
    static const struct {
        uint32_t board;
        int strain;
    } want[] = {{7, SUIT_H}, {7, SUIT_H}, {9, SUIT_S}, {10, SUIT_S}, {11, SUIT_H}};
    deal_t d;
    for (size_t i = 0; i < 5; i++) {
        assert_int_equal(deal_reader_next(r, &d, &diag), READ_DEAL);
        assert_int_equal(d.board, want[i].board);
        assert_int_equal(d.strain, want[i].strain);
    }
    /* a damaged [Deal] is a rejected deal, not an error outside one */
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_REJECT);
    assert_int_equal(diag.line, 24);
    assert_string_equal(diag.reason, "[Deal] cannot inherit its value with \"#\" (PBN 4.8)");
    deal_reader_close(r);

    /* A game with a play but no deal of its own repeats the game before. */
    snprintf(text, sizeof text,
             "[Board \"3\"]\n[Dealer \"S\"]\n%s[Trump \"H\"]\n\n"
             "{ the other table }\n[Trump \"H\"]\n[Play \"W\"]\nCK C5 C7 C3\n*\n\n"
             "[Board \"4\"]\n[Trump \"H\"]\n[Play \"W\"]\nCK C5 C7 C3\n",
             DEAL_LINE);
    r = deal_reader_open(write_tmp("repeat.pbn", text), FMT_PBN, &diag);
    deal_t first;
    assert_int_equal(deal_reader_next(r, &first, &diag), READ_DEAL);
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_DEAL);
    assert_true(d.flags & DEAL_REPEAT);
    assert_true(deal_same_cards(&d, &first));
    assert_int_equal(d.pos.line, 7);
    assert_int_equal(d.board, 3);
    assert_int_equal(d.dealer, SEAT_S);
    assert_int_equal(d.play.ntricks, 1);
    /* Another board number is not the same deal: a game without a deal. */
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_ERROR);
    assert_int_equal(diag.line, 14);
    assert_string_equal(diag.reason, "[Play] needs [Deal] before it (PBN 3.1)");
    deal_reader_close(r);
}

/* --- the writer --- */

static void assert_same_deal(const deal_t *a, const deal_t *b)
{
    assert_memory_equal(a->hand, b->hand, sizeof a->hand);
    assert_int_equal(a->dealer, b->dealer);
    assert_int_equal(a->leader, b->leader);
    assert_int_equal(a->strain, b->strain);
    assert_int_equal(a->turnup, b->turnup);
    assert_int_equal(a->board, b->board);
    assert_int_equal(a->flags & ~DEAL_REPEAT, b->flags & ~DEAL_REPEAT);
    assert_int_equal(a->result, b->result);
    if (a->flags & DEAL_HAS_CONTRACT) {
        assert_int_equal(a->contract_level, b->contract_level);
        assert_int_equal(a->contract_strain, b->contract_strain);
        assert_int_equal(a->contract_declarer, b->contract_declarer);
        assert_int_equal(a->contract_doubled, b->contract_doubled);
    }
    if (a->flags & DEAL_HAS_PLAY) {
        assert_int_equal(a->play.first, b->play.first);
        assert_int_equal(a->play.ntricks, b->play.ntricks);
        assert_memory_equal(a->play.card, b->play.card, sizeof a->play.card);
    }
    assert_memory_equal(a->dd_table, b->dd_table, sizeof a->dd_table);
}

/* Writes every deal of the files, reads the output back: the same deals. */
static long round_trip(const char *const *rel, size_t n)
{
    const char *out = test_tmp("roundtrip.pbn");
    char path[4096];
    snprintf(path, sizeof path, "%s", out);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    long written = 0;
    for (int pass = 0; pass < 2; pass++) {
        deal_reader *back = NULL;
        diag_t diag = {0};
        if (pass == 1) {
            fclose(f);
            back = deal_reader_open(path, FMT_AUTO, &diag);
            assert_non_null(back);
        }
        for (size_t i = 0; i < n; i++) {
            deal_reader *r = deal_reader_open(test_shared(rel[i]), FMT_PBN, &diag);
            assert_non_null(r);
            deal_t d, e;
            read_status st;
            while ((st = deal_reader_next(r, &d, &diag)) != READ_EOF) {
                if (st != READ_DEAL) continue;
                if (pass == 0) {
                    char buf[8192];
                    long len = pbn_format_deal(&d, buf, sizeof buf);
                    assert_true(len > 0);
                    assert_int_equal(pbn_format_deal(&d, buf, (size_t)len - 1), -1);
                    fwrite(buf, 1, (size_t)len, f);
                    written++;
                } else {
                    if (deal_reader_next(back, &e, &diag) != READ_DEAL)
                        fail_msg("%s:%llu: %s", rel[i], (unsigned long long)d.pos.line,
                                 diag.reason);
                    assert_same_deal(&d, &e);
                }
            }
            deal_reader_close(r);
        }
        if (back) {
            deal_t e;
            assert_int_equal(deal_reader_next(back, &e, &diag), READ_EOF);
            deal_reader_close(back);
        }
    }
    remove(path);
    return written;
}

static void test_writer_round_trip(void **state)
{
    (void)state;
    static const char *const files[] = {
        "cases/book-hands.pbn",
        "corpora/pbn-real-play/endplay_example2_2021-online-qual-open-r2.pbn",
        "corpora/pbn-real-play/endplay_example3_rpbridge_2012-top-events.pbn",
        "corpora/pbn-real-play/pbntools/acbl_1607_pairs_acbl_sat_1pm_speedball.pbn",
        "corpora/pbn-real-play/pbntools/annamar_1538_pairs_untitled.pbn",
        "corpora/pbn-real-play/pbntools/history_expected.pbn",
        "corpora/pbn-real-play/ben_bbo/Ben_Friends_Daily_-_2024-06-04_Daylong.pbn",
        "corpora/pbn-dd-tables/bcdd_test2.bcdd.pbn",
        "corpora/pbn-dd-tables/endplay_sample.pbn",
        "corpora/pbn-parser-tests/pbnj_correct_20.pbn",
    };
    assert_int_equal(round_trip(files, sizeof files / sizeof files[0]),
                     5 + 299 + 7632 + 576 + 57 + 2 + 8 + 495 + 2 + 26);
}

static void test_writer_text(void **state)
{
    (void)state;
    deal_t d;
    deal_clear(&d);
    d.hand[SEAT_S] = hand_of("QT865.85.AK85.T3");
    d.hand[SEAT_W] = hand_of("J4.T72.J.AKQ9864");
    d.hand[SEAT_N] = hand_of("9.KJ43.QT9763.J5");
    d.hand[SEAT_E] = hand_of("AK732.AQ96.42.72");
    d.board = 12;
    d.dealer = SEAT_S;
    d.leader = SEAT_W;
    d.strain = SUIT_H;
    d.turnup = card_of("H5");
    d.dd_table[STRAIN_NT][SEAT_N] = 7;
    d.dd_table[SUIT_S][SEAT_E] = 10;
    d.flags = DEAL_HAS_DDTABLE;
    char buf[2048];
    long n = pbn_format_deal(&d, buf, sizeof buf);
    assert_true(n > 0);
    buf[n] = 0;
    assert_string_equal(buf,
        "[Board \"12\"]\n[Dealer \"S\"]\n"
        "[Deal \"S:QT865.85.AK85.T3 J4.T72.J.AKQ9864 9.KJ43.QT9763.J5 AK732.AQ96.42.72\"]\n"
        "[Trump \"H\"]\n[TurnUp \"H5\"]\n"
        "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\n"
        "N NT  7\nE  S 10\n\n");
    /* an inferred turn-up is not written; a leader other than eldest is */
    d.flags |= DEAL_TURNUP_INFERRED;
    d.flags &= (uint16_t)~DEAL_HAS_DDTABLE;
    d.leader = SEAT_N;
    d.dealer = SEAT_NONE;
    d.board = 0;
    n = pbn_format_deal(&d, buf, sizeof buf);
    buf[n] = 0;
    assert_string_equal(buf,
        "[Deal \"N:9.KJ43.QT9763.J5 AK732.AQ96.42.72 QT865.85.AK85.T3 J4.T72.J.AKQ9864\"]\n"
        "[Trump \"H\"]\n[Leader \"N\"]\n\n");
    deal_t back;
    diag_t diag;
    assert_int_equal(read_one(buf, &back, &diag), READ_DEAL);
    assert_int_equal(back.leader, SEAT_N);
    assert_int_equal(back.dealer, SEAT_NONE);
    assert_int_equal(back.turnup, CARD_NONE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_real_play_counts),
        cmocka_unit_test(test_rpbridge_counts),
        cmocka_unit_test(test_dd_table_counts),
        cmocka_unit_test(test_book_hands),
        cmocka_unit_test(test_dd_values),
        cmocka_unit_test(test_repeat_games),
        cmocka_unit_test(test_pbnj_correct),
        cmocka_unit_test(test_pbnj_errors),
        cmocka_unit_test(test_bad_deals),
        cmocka_unit_test(test_bad_syntax),
        cmocka_unit_test(test_games_that_give_no_deal),
        cmocka_unit_test(test_resync),
        cmocka_unit_test(test_binary_and_gzip),
        cmocka_unit_test(test_inheritance),
        cmocka_unit_test(test_writer_text),
        cmocka_unit_test(test_writer_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
