/* test_readers.c -- the non-PBN deal readers (one-line, DDS test hands, GIB,
 * LIN) on the real corpora, field by field against the file text, and the
 * one-line writer; bad input gives its reason and line. */
#include "testutil.h"
#include <pthread.h>
#include <sys/stat.h>
#include "formats/format_ops.h"
#include "formats/writer.h"

typedef struct {
    long deals, rejects, errors, repeats, play_cards, contracts;
    deal_format fmt;
} counts;

typedef void (*deal_fn)(const deal_t *d, void *ctx);

/* Reads all of path; fails the test on a fatal error. */
static counts read_all(const char *path, deal_format fmt, deal_fn each, void *ctx)
{
    counts c = {0};
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(path, fmt, &diag);
    if (!r) fail_msg("%s: %s", path, diag.reason);
    c.fmt = deal_reader_format(r);
    deal_t d;
    for (;;) {
        read_status st = deal_reader_next(r, &d, &diag);
        if (st == READ_EOF) break;
        if (st == READ_FATAL) fail_msg("%s:%llu: %s", path, (unsigned long long)diag.line, diag.reason);
        if (st == READ_ERROR) c.errors++;
        if (st == READ_REJECT) c.rejects++;
        if (st != READ_DEAL) continue;
        c.deals++;
        c.repeats += !!(d.flags & DEAL_REPEAT);
        c.contracts += !!(d.flags & DEAL_HAS_CONTRACT);
        for (int t = 0; t < 13; t++)
            for (int s = 0; s < 4; s++) c.play_cards += d.play.card[t][s] != CARD_NONE;
        if (each) each(&d, ctx);
    }
    deal_reader_close(r);
    return c;
}

/* Distinct card layouts among the deals seen. */
typedef struct {
    hand_t (*hands)[4];
    size_t n, cap;
} layouts;

static void collect_layout(const deal_t *d, void *ctx)
{
    layouts *l = ctx;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 1024;
        l->hands = realloc(l->hands, l->cap * sizeof *l->hands);
        assert_non_null(l->hands);
    }
    memcpy(l->hands[l->n++], d->hand, sizeof d->hand);
}

static int cmp_layout(const void *a, const void *b) { return memcmp(a, b, 4 * sizeof(hand_t)); }

static size_t distinct_layouts(layouts *l)
{
    qsort(l->hands, l->n, sizeof *l->hands, cmp_layout);
    size_t k = 0;
    for (size_t i = 0; i < l->n; i++) k += i == 0 || cmp_layout(l->hands[i], l->hands[i - 1]) != 0;
    return k;
}

static hand_t hand_of(const char *dotted)
{
    hand_t h = 0;
    int suit = 0;
    for (const char *p = dotted; *p; p++) {
        if (*p == '.') suit++;
        else h |= card_bit(card_make(suit, rank_from_char(*p)));
    }
    return h;
}

static card_t C(const char *name) { return card_parse(name); }

/* The first deal of a file (READ_DEAL expected). */
static deal_t first_deal(const char *path)
{
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(path, FMT_AUTO, &diag);
    if (!r) fail_msg("%s: %s", path, diag.reason);
    deal_t d;
    read_status st = deal_reader_next(r, &d, &diag);
    if (st != READ_DEAL) fail_msg("%s:%llu: %s", path, (unsigned long long)diag.line, diag.reason);
    deal_reader_close(r);
    return d;
}

/* One expected reader result: status, diag line, a piece of the reason. */
typedef struct {
    read_status st;
    uint64_t line;
    const char *reason;
} expect;

static void expect_results(const char *path, deal_format fmt, const expect *want, int n)
{
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(path, fmt, &diag);
    if (!r) fail_msg("%s: %s", path, diag.reason);
    deal_t d;
    for (int i = 0; i <= n; i++) {
        memset(&diag, 0, sizeof diag);
        read_status st = deal_reader_next(r, &d, &diag);
        read_status w = i < n ? want[i].st : READ_EOF;
        if (st != w) fail_msg("result %d: status %d, expected %d (%s)", i + 1, st, w, diag.reason);
        if (i == n || st == READ_DEAL) continue;
        assert_string_equal(diag.file, path);
        if (diag.line != want[i].line || !strstr(diag.reason, want[i].reason))
            fail_msg("result %d: %llu: \"%s\", expected %llu: \"%s\"", i + 1,
                     (unsigned long long)diag.line, diag.reason,
                     (unsigned long long)want[i].line, want[i].reason);
    }
    deal_reader_close(r);
}

/* ---- DDS test hands ---- */

static void test_dds_corpus_counts(void **state)
{
    (void)state;
    static const struct { const char *file; long deals; size_t distinct; } files[] = {
        {"list1.txt", 1, 1},       {"list2.txt", 2, 2},         {"list10.txt", 10, 10},
        {"list100.txt", 100, 100}, {"list300.txt", 300, 230},   {"list1000.txt", 1000, 639},
        {"largest.txt", 21, 16},   {"thomas1.txt", 1, 1},       {"thomas2.txt", 1, 1},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char rel[64];
        snprintf(rel, sizeof rel, "corpora/dds-hands/%s", files[i].file);
        layouts l = {0};
        counts c = read_all(test_shared(rel), FMT_AUTO, collect_layout, &l);
        assert_int_equal(c.fmt, FMT_DDS);
        assert_int_equal(c.deals, files[i].deals);
        assert_int_equal(c.rejects, 0);
        assert_int_equal(c.errors, 0);
        assert_int_equal(distinct_layouts(&l), files[i].distinct);
        free(l.hands);
    }
}

static int oracles_missing;

static void check_oracles(const deal_t *d, void *ctx)
{
    (void)ctx;
    unsigned want = DEAL_HAS_FUT | DEAL_HAS_DDTABLE | DEAL_HAS_PLAY;
    if ((d->flags & want) != want || d->leader != seat_left(d->dealer)) oracles_missing++;
    /* FUT covers exactly the leader's hand */
    for (card_t c = 0; c < 64; c++)
        if ((d->fut[c] >= 0) != (card_valid(c) && hand_has(d->hand[d->leader], c)))
            oracles_missing++;
}

static void test_dds_every_deal_has_its_oracles(void **state)
{
    (void)state;
    oracles_missing = 0;
    counts c = read_all(test_shared("corpora/dds-hands/list1000.txt"), FMT_DDS, check_oracles, NULL);
    assert_int_equal(c.deals, 1000);
    assert_int_equal(oracles_missing, 0);
}

/* list10.txt deal 1, against its lines:
 * PBN 0 0 0 0 "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
 * FUT 9 2 2 2 3 0 0 1 1 1 5 8 11 10 6 12 2 6 13 0 0 0 768 0 2048 0 32 0 5 5 5 5 5 5 4 4 4
 * TABLE 5 8 5 8 6 6 6 6 5 7 5 7 7 5 7 5 6 6 6 6
 * PLAY 45 "CTC4CACJH8H4HKH9D5DAD9D2S7S5S2SQD8D4DQD3H3HAH6H7C3C8CQC2S3SKSAS6HQH5HJHTCKC9D6C5S4SJS8C6DJ" */
static void test_dds_list10_deal1_field_by_field(void **state)
{
    (void)state;
    deal_t d = first_deal(test_shared("corpora/dds-hands/list10.txt"));
    assert_true(d.hand[SEAT_N] == hand_of("QJ6.K652.J85.T98"));
    assert_true(d.hand[SEAT_E] == hand_of("873.J97.AT764.Q4"));
    assert_true(d.hand[SEAT_S] == hand_of("K5.T83.KQ9.A7652"));
    assert_true(d.hand[SEAT_W] == hand_of("AT942.AQ4.32.KJ3"));
    assert_int_equal(d.strain, SUIT_S);
    assert_int_equal(d.leader, SEAT_N);
    assert_int_equal(d.dealer, SEAT_W); /* the leader's right */
    assert_int_equal(d.board, 1);
    assert_int_equal(d.pos.line, 2);
    assert_int_equal(d.turnup, CARD_NONE);
    /* FUT: card i = (suit[i], rank[i]) plus its equals bits, score[i].
     * CT has equals 768 = bits 8, 9 (C8, C9); SQ 2048 = bit 11 (SJ);
     * H6 32 = bit 5 (H5). */
    static const struct { const char *card; int score; } fut[] = {
        {"D5", 5}, {"D8", 5}, {"DJ", 5}, {"CT", 5}, {"C9", 5}, {"C8", 5}, {"S6", 5},
        {"SQ", 5}, {"SJ", 5}, {"H2", 4}, {"H6", 4}, {"H5", 4}, {"HK", 4},
    };
    int listed = 0;
    for (size_t i = 0; i < sizeof fut / sizeof fut[0]; i++) {
        assert_int_equal(d.fut[C(fut[i].card)], fut[i].score);
        listed++;
    }
    for (card_t c = 0; c < 64; c++) listed -= d.fut[c] >= 0;
    assert_int_equal(listed, 0);
    /* TABLE: strains S, H, D, C, NT by declarers N, E, S, W */
    static const int8_t table[5][4] = {{5, 8, 5, 8}, {6, 6, 6, 6}, {5, 7, 5, 7}, {7, 5, 7, 5},
                                       {6, 6, 6, 6}};
    assert_memory_equal(d.dd_table, table, sizeof table);
    assert_int_equal(d.flags & (DEAL_HAS_FUT | DEAL_HAS_DDTABLE | DEAL_HAS_PLAY),
                     DEAL_HAS_FUT | DEAL_HAS_DDTABLE | DEAL_HAS_PLAY);
    /* PLAY: N leads CT, S wins with CA and leads H8, N wins with HK ... */
    assert_int_equal(d.play.first, SEAT_N);
    assert_int_equal(d.play.ntricks, 12);
    assert_int_equal(d.play.card[0][SEAT_N], C("CT"));
    assert_int_equal(d.play.card[0][SEAT_E], C("C4"));
    assert_int_equal(d.play.card[0][SEAT_S], C("CA"));
    assert_int_equal(d.play.card[0][SEAT_W], C("CJ"));
    assert_int_equal(d.play.card[1][SEAT_S], C("H8"));
    assert_int_equal(d.play.card[1][SEAT_W], C("H4"));
    assert_int_equal(d.play.card[1][SEAT_N], C("HK"));
    assert_int_equal(d.play.card[1][SEAT_E], C("H9"));
    /* card 45, DJ, is alone in trick 12: N won trick 11 with SJ and led it */
    assert_int_equal(d.play.card[10][SEAT_N], C("SJ"));
    assert_int_equal(d.play.card[11][SEAT_N], C("DJ"));
    for (int s = SEAT_E; s <= SEAT_W; s++) assert_int_equal(d.play.card[11][s], CARD_NONE);
    for (int s = 0; s < 4; s++) assert_int_equal(d.play.card[12][s], CARD_NONE);
}

/* thomas1.txt: voids written as empty suits ("KT74." and ".Q853..."). */
static void test_dds_thomas1_voids(void **state)
{
    (void)state;
    deal_t d = first_deal(test_shared("corpora/dds-hands/thomas1.txt"));
    /* PBN 2 3 0 3 "S:Q853.AJ962.KT74. AJ962.KT74..Q853 KT74..Q853.AJ962 .Q853.AJ962.KT74" */
    assert_true(d.hand[SEAT_S] == hand_of("Q853.AJ962.KT74."));
    assert_true(d.hand[SEAT_W] == hand_of("AJ962.KT74..Q853"));
    assert_true(d.hand[SEAT_N] == hand_of("KT74..Q853.AJ962"));
    assert_true(d.hand[SEAT_E] == hand_of(".Q853.AJ962.KT74"));
    assert_int_equal(d.leader, SEAT_W);
    assert_int_equal(d.dealer, SEAT_S);
    assert_int_equal(d.play.ntricks, 1);
    assert_int_equal(d.play.card[0][SEAT_W], C("SA"));
}

static void test_dds_bad_input(void **state)
{
    (void)state;
    const char *path = test_tmp("bad.dds");
    test_write(path,
               "NUMBER 4\n"
               "PBN 0 0 0 0 \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"\n"
               "FUT 8 2 2 2 3 0 0 1 1 5 8 11 10 6 12 2 6 0 0 0 768 0 2048 0 32 5 5 5 5 5 5 4 4\n"
               "BOGUS 1\n"
               "PBN 1 0 0 0 \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"\n"
               "PBN 0 0 0 0 \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ\"\n"
               "TABLE 5 8 5 8\n");
    static const expect want[] = {
        {READ_ERROR, 4, "unknown line \"BOGUS\""},
        {READ_REJECT, 3, "FUT misses HK of the leader's (N) hand"},
        {READ_REJECT, 5, "deal starts with N but the dealer is E"},
        {READ_REJECT, 6, "hand W has 12 cards"},
        {READ_ERROR, 1, "NUMBER says 4 deals, the file holds 3"},
    };
    expect_results(path, FMT_AUTO, want, 5);
    unlink(path);
}

/* ---- GIB ---- */

static void test_gib_sol10_first_line(void **state)
{
    (void)state;
    /* T5.K4.652.A98542 K6.QJT976.QT7.Q6 432.A.AKJ93.JT73 AQJ987.8532.84.K:65658888888843433232 */
    deal_t d = first_deal(test_shared("corpora/dds-hands/sol10.txt"));
    assert_true(d.hand[SEAT_W] == hand_of("T5.K4.652.A98542"));
    assert_true(d.hand[SEAT_N] == hand_of("K6.QJT976.QT7.Q6"));
    assert_true(d.hand[SEAT_E] == hand_of("432.A.AKJ93.JT73"));
    assert_true(d.hand[SEAT_S] == hand_of("AQJ987.8532.84.K"));
    assert_int_equal(d.board, 1);
    assert_int_equal(d.dealer, SEAT_NONE);
    assert_int_equal(d.strain, STRAIN_NONE);
    /* digits by declarer E, N, W, S, N/S tricks: NT 6565 -> E 7, N 5, W 7,
     * S 5; S and H 8888 -> E 5, N 8; D 4343 -> E 9, N 3; C 3232 -> E 10, N 2 */
    static const int8_t table[5][4] = {
        {8, 5, 8, 5}, {8, 5, 8, 5}, {3, 9, 3, 9}, {2, 10, 2, 10}, {5, 7, 5, 7},
    };
    assert_memory_equal(d.dd_table, table, sizeof table);
}

/* The two DDS calls this test makes, declared here: <dds/dll.h> cannot be
 * included next to deal.h (both define struct deal). Layouts as in dll.h. */
struct ddTableDeal { unsigned int cards[4][4]; };
struct ddTableResults { int resTable[5][4]; };
int CalcDDtable(struct ddTableDeal deal, struct ddTableResults *results);
void SetMaxThreads(int threads);
#define DDS_RETURN_NO_FAULT 1

static void check_against_dds(const deal_t *d, void *ctx)
{
    int *checked = ctx;
    struct ddTableDeal in;
    struct ddTableResults out;
    for (int seat = 0; seat < 4; seat++)
        for (int s = 0; s < 4; s++) in.cards[seat][s] = hand_suit(d->hand[seat], s);
    assert_int_equal(CalcDDtable(in, &out), DDS_RETURN_NO_FAULT);
    for (int strain = 0; strain < 5; strain++)
        for (int seat = 0; seat < 4; seat++)
            assert_int_equal(d->dd_table[strain][seat], out.resTable[strain][seat]);
    ++*checked;
}

/* The GIB digit order, checked against DDS itself on all 10 lines. */
static void test_gib_sol10_tables_match_dds(void **state)
{
    (void)state;
    SetMaxThreads(0);
    int checked = 0;
    counts c = read_all(test_shared("corpora/dds-hands/sol10.txt"), FMT_AUTO, check_against_dds, &checked);
    assert_int_equal(c.fmt, FMT_GIB);
    assert_int_equal(c.deals, 10);
    assert_int_equal(c.rejects + c.errors, 0);
    assert_int_equal(checked, 10);
}

static void test_gib_bad_lines(void **state)
{
    (void)state;
    const char *path = test_tmp("bad.gib");
    test_write(path,
               "T5.K4.652.A98542 K6.QJT976.QT7.Q6 432.A.AKJ93.JT73 AQJ987.8532.84.K:65658888888843433232\n"
               "T5.K4.652.A98542 K6.QJT976.QT7.Q6 432.A.AKJ93.JT73 AQJ987.8532.84.K:6565888888884343323\n"
               "\n"
               "no colon here\n"
               "T5.K4.652.A98542 K6.QJT976.QT7.Q6 432.A.AKJ93.JT73 AQJ987.8532.84.K:656588888888434332F2\n");
    static const expect want[] = {
        {READ_DEAL, 0, ""},
        {READ_REJECT, 2, "19 characters after ':'"},
        {READ_ERROR, 4, "not a GIB line"},
        {READ_REJECT, 5, "bad trick count 'F'"},
    };
    expect_results(path, FMT_GIB, want, 4);
    unlink(path);
}

/* ---- LIN ---- */

static void test_lin_vugraph_counts(void **state)
{
    (void)state;
    char dir[4096], cmd[4200];
    snprintf(dir, sizeof dir, "%s", test_shared("corpora/lin/vugraph_2017_bermuda_bowl"));
    snprintf(cmd, sizeof cmd, "ls %s/*.lin", dir);
    FILE *ls = popen(cmd, "r");
    assert_non_null(ls);
    char path[4096];
    counts all = {0};
    layouts l = {0};
    int files = 0;
    while (fgets(path, sizeof path, ls)) {
        path[strcspn(path, "\n")] = 0;
        counts c = read_all(path, FMT_AUTO, collect_layout, &l);
        assert_int_equal(c.fmt, FMT_LIN);
        all.deals += c.deals;
        all.rejects += c.rejects;
        all.errors += c.errors;
        all.repeats += c.repeats;
        all.play_cards += c.play_cards;
        all.contracts += c.contracts;
        files++;
    }
    pclose(ls);
    assert_int_equal(files, 140);
    /* 4287 md| records: 4285 deals and 2 boards whose cards were never
     * entered (52705.lin o32/c32, "md|2SHDC,SHDC,SHDC,SHDC"); the README's
     * 657 distinct deals count that empty layout too. */
    assert_int_equal(all.deals + all.rejects, 4287);
    assert_int_equal(all.rejects, 2);
    assert_int_equal(all.errors, 0);
    assert_int_equal(distinct_layouts(&l), 656);
    /* closed room right after the open room: 4285 - 2143 first plays */
    assert_int_equal(all.repeats, 2142);
    /* 124,919 pc| cards, less the 13 + 11 of the two empty boards */
    assert_int_equal(all.play_cards, 124919 - 24);
    /* 9 passed out, 4 with no auction recorded */
    assert_int_equal(all.contracts, 4285 - 13);
    free(l.hands);
}

static void test_lin_vugraph_empty_boards(void **state)
{
    (void)state;
    const char *path = test_shared("corpora/lin/vugraph_2017_bermuda_bowl/52705.lin");
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(path, FMT_AUTO, &diag);
    assert_non_null(r);
    deal_t d;
    uint64_t lines[2] = {0};
    int n = 0;
    for (read_status st; (st = deal_reader_next(r, &d, &diag)) != READ_EOF;) {
        assert_int_not_equal(st, READ_FATAL);
        if (st != READ_REJECT) continue;
        assert_true(n < 2);
        assert_non_null(strstr(diag.reason, "hands not recorded"));
        assert_int_equal(d.pos.line, diag.line);
        lines[n++] = diag.line;
    }
    deal_reader_close(r);
    assert_int_equal(n, 2);
    assert_int_equal(lines[0], 307);
    assert_int_equal(lines[1], 316);
}

/* 52669.lin, first record (line 4):
 * qx|o1|st||md|3SKQ983HTDA87C8732,SJ62HJ32D952CKT95,SA75HK7DQJ643CA64,ST4HAQ98654DKTCQJ|sv|o|
 * mb|1N|mb|2D|mb|p|mb|2H|mb|p|mb|p|mb|2S|mb|p|mb|p|mb|3H|mb|p|mb|p|mb|3S|mb|p|mb|p|mb|p|
 * pc|h2|pc|hK|pc|hA|pc|hT|pg|| (then one trick a line, mc|10| after 9 tricks) */
static void test_lin_vugraph_first_record(void **state)
{
    (void)state;
    deal_t d = first_deal(test_shared("corpora/lin/vugraph_2017_bermuda_bowl/52669.lin"));
    assert_int_equal(d.pos.line, 4);
    assert_int_equal(d.board, 1);
    assert_int_equal(d.dealer, SEAT_N);
    assert_int_equal(d.leader, SEAT_NONE);
    assert_int_equal(d.strain, STRAIN_NONE);
    assert_true(d.hand[SEAT_S] == hand_of("KQ983.T.A87.8732"));
    assert_true(d.hand[SEAT_W] == hand_of("J62.J32.952.KT95"));
    assert_true(d.hand[SEAT_N] == hand_of("A75.K7.QJ643.A64"));
    assert_true(d.hand[SEAT_E] == hand_of("T4.AQ98654.KT.QJ"));
    /* 3S: N/S's first to name spades is S (2S) */
    assert_true(d.flags & DEAL_HAS_CONTRACT);
    assert_int_equal(d.contract_level, 3);
    assert_int_equal(d.contract_strain, SUIT_S);
    assert_int_equal(d.contract_declarer, SEAT_S);
    assert_int_equal(d.contract_doubled, 0);
    assert_false(d.flags & DEAL_REPEAT);
    assert_true(d.flags & DEAL_HAS_PLAY);
    assert_int_equal(d.play.first, SEAT_W);
    assert_int_equal(d.play.ntricks, 9);
    assert_int_equal(d.play.card[0][SEAT_W], C("H2"));
    assert_int_equal(d.play.card[0][SEAT_N], C("HK"));
    assert_int_equal(d.play.card[0][SEAT_E], C("HA"));
    assert_int_equal(d.play.card[0][SEAT_S], C("HT"));
    /* E won with HA and led cQ (line 5) */
    assert_int_equal(d.play.card[1][SEAT_E], C("CQ"));
    assert_int_equal(d.play.card[1][SEAT_S], C("C2"));
}

/* endplay_example1.lin board 1: dealer N, p p 1H 2H! p 4S 5H p p p, W leads C9. */
static void test_lin_hand_files(void **state)
{
    (void)state;
    deal_t d = first_deal(test_shared("corpora/lin/endplay_example1.lin"));
    assert_int_equal(d.board, 1);
    assert_int_equal(d.pos.line, 1);
    assert_int_equal(d.dealer, SEAT_N);
    assert_true(d.hand[SEAT_S] == hand_of("K.AKQ9754.96.K85"));
    assert_true(d.hand[SEAT_W] == hand_of("AQ965.3.AQJT5.96"));
    assert_true(d.hand[SEAT_N] == hand_of("74.T8.K842.AQ743"));
    assert_true(d.hand[SEAT_E] == hand_of("JT832.J62.73.JT2")); /* the rest of the pack */
    assert_int_equal(d.contract_level, 5);
    assert_int_equal(d.contract_strain, SUIT_H);
    assert_int_equal(d.contract_declarer, SEAT_S);
    assert_int_equal(d.play.first, SEAT_W);
    assert_int_equal(d.play.ntricks, 13);
    assert_int_equal(d.play.card[0][SEAT_W], C("C9"));
    assert_int_equal(d.play.card[0][SEAT_S], C("CK"));
    assert_int_equal(d.play.card[1][SEAT_S], C("HA")); /* S won with CK */
    assert_int_equal(d.play.card[12][SEAT_N], C("DK")); /* last trick: H9 SQ DK S8 from S */
    assert_int_equal(d.play.card[12][SEAT_E], C("S8"));

    counts c = read_all(test_shared("corpora/lin/endplay_example1.lin"), FMT_AUTO, NULL, NULL);
    assert_int_equal(c.fmt, FMT_LIN);
    assert_int_equal(c.deals, 8);
    assert_int_equal(c.rejects + c.errors, 0);
    assert_int_equal(c.play_cards, 8 * 52 - 8 - 8); /* boards 3 and 7: claims after 11 tricks */

    static const char *const single[] = {"pbntools_1047742261.lin", "pbntools_3399598383.lin",
                                         "pbntools_3399600265.lin", "pbntools_history_3381671193.lin",
                                         "pbntools_history_3381683999.lin"};
    for (size_t i = 0; i < 5; i++) {
        char rel[128];
        snprintf(rel, sizeof rel, "corpora/lin/%s", single[i]);
        c = read_all(test_shared(rel), FMT_AUTO, NULL, NULL);
        assert_int_equal(c.deals, 1);
        assert_int_equal(c.contracts, 1);
        assert_int_equal(c.rejects + c.errors, 0);
    }
    /* history_3381671193: 5D by S after 1S 2N! ..., claim after 11 tricks */
    d = first_deal(test_shared("corpora/lin/pbntools_history_3381671193.lin"));
    assert_int_equal(d.board, 1);
    assert_int_equal(d.contract_level, 5);
    assert_int_equal(d.contract_strain, SUIT_D);
    assert_int_equal(d.play.ntricks, 11);

    layouts l = {0};
    long deals = 0;
    for (int n = 20784108; n <= 20784151; n++) {
        char rel[128];
        snprintf(rel, sizeof rel, "corpora/lin/pbntools_skyclub_2013/%d.lin", n);
        c = read_all(test_shared(rel), FMT_AUTO, collect_layout, &l);
        assert_int_equal(c.rejects + c.errors, 0);
        deals += c.deals;
    }
    assert_int_equal(deals, 44);
    assert_int_equal(distinct_layouts(&l), 11);
    free(l.hands);
}

static void test_lin_bad_records(void **state)
{
    (void)state;
    const char *path = test_tmp("bad.lin");
    test_write(path,
               /* E holds CJ, CT, C2 but plays H2 on the club lead */
               "pn|a,b,c,d|st||md|3SKH4579QKAD69C58K,S569QAH3D5TJQAC69,S47H8TD248KC347QA,|ah|Board 1|"
               "mb|p|mb|p|mb|1H|mb|2H|mb|p|mb|4S|mb|5H|mb|p|mb|p|mb|p|pc|C9|pc|C3|pc|H2|pg||\n"
               "md|3SKH4579QKAD69C58K,S569QAH3D5TJQAC69,S47H8TD248KC34QA,|ah|Board 2|\n"
               "hello world\n"
               "md|3SKH4579QKAD69C58K,S569QAH3D5TJQAC69,S47H8TD248KC347QA,|mb|1H|mb|1C|\n"
               "md|3SKH4579QKAD69C58K,S569QAH3D5TJQAC69,S47H8TD248KC347QA,|mb|1H|mb|p|mb|p|mb|p|"
               "pc|C9|\n");
    static const expect want[] = {
        {READ_REJECT, 1, "card 3 (H2): E revokes (holds clubs)"},
        {READ_ERROR, 3, "not LIN"},
        {READ_REJECT, 2, "hand N has 12 cards"},
        {READ_REJECT, 4, "insufficient bid 1C by E"},
        {READ_REJECT, 5, "opening lead by W, but the declarer is N"},
    };
    expect_results(path, FMT_AUTO, want, 5);
    unlink(path);
}

/* ---- dealer one-line ---- */

static const char *const DEALER_LINES[6] = {
    "n 2.T98.K752.KJT84 e 5.J7642.986.9763 s AQ8.AQ5.QJT.AQ52 w KJT97643.K3.A43.",
    "n Q2.QJT987.73.KT6 e AJ.K4.Q6.AQJ9854 s KT873.53.KT5.732 w 9654.A62.AJ9842.",
    "n T32.KJ73.82.Q543 e KQ96.Q98.JT.9762 s 84.5.Q9763.AKJT8 w AJ75.AT642.AK54.",
    "n .KJT4.J54.AQT732 e 653.952.9732.K96 s AJ.AQ86.AK86.J85 w KQT98742.73.QT.4",
    "n AT974.9.J53.T632 e K5.8764.AKT2.AQ9 s QJ2.T.974.KJ8754 w 863.AKQJ532.Q86.",
    "n .AJT763.KT98.J74 e AQ6532.2.AQ.AK98 s 98.Q9854.753.QT2 w KJT74.K.J642.653",
};

typedef struct {
    int n;
    uint64_t first_line;
} fixture_ctx;

/* Each deal written back is dealer's line (without its trailing blank)
 * plus the board, which is the line number. */
static void check_dealer_deal(const deal_t *d, void *ctx)
{
    fixture_ctx *f = ctx;
    char want[256], got[256];
    snprintf(want, sizeof want, "%s board %llu\n", DEALER_LINES[f->n],
             (unsigned long long)(f->first_line + (uint64_t)f->n));
    assert_int_equal(d->board, d->pos.line);
    assert_int_equal(d->pos.line, f->first_line + (uint64_t)f->n);
    assert_int_equal(d->dealer, SEAT_NONE);
    assert_int_equal(d->strain, STRAIN_NONE);
    assert_true(oneline_format_deal(d, got, sizeof got) > 0);
    assert_string_equal(got, want);
    f->n++;
}

static void test_oneline_dealer_fixture(void **state)
{
    (void)state;
    fixture_ctx f = {0, 3}; /* two comment lines first */
    counts c = read_all("tests/data/dealer_oneline.txt", FMT_AUTO, check_dealer_deal, &f);
    assert_int_equal(c.fmt, FMT_ONELINE);
    assert_int_equal(c.deals, 6);
    assert_int_equal(c.rejects + c.errors, 0); /* dealer's 4 closing lines skipped */
    deal_t d = first_deal("tests/data/dealer_oneline.txt");
    assert_true(d.hand[SEAT_W] == hand_of("KJT97643.K3.A43."));
    assert_int_equal(hand_suit_len(d.hand[SEAT_W], SUIT_C), 0);
}

static void test_oneline_live_dealer(void **state)
{
    (void)state;
    if (access("/usr/games/dealer", X_OK) != 0) skip();
    const char *path = test_tmp("dealer.txt");
    char out[64];
    assert_int_equal(test_run(out, sizeof out,
                              "printf 'generate 3\\naction printoneline\\n' | "
                              "/usr/games/dealer -s 1 > %s", path), 0);
    deal_t d = first_deal(path);
    char got[256];
    oneline_format_deal(&d, got, sizeof got);
    assert_string_equal(got, "n 2.T98.K752.KJT84 e 5.J7642.986.9763 s AQ8.AQ5.QJT.AQ52 "
                             "w KJT97643.K3.A43. board 1\n");
    counts c = read_all(path, FMT_AUTO, NULL, NULL);
    assert_int_equal(c.deals, 3);
    assert_int_equal(c.rejects + c.errors, 0);
    unlink(path);
}

static void test_oneline_write_read_round_trip(void **state)
{
    (void)state;
    deal_t w[3];
    static const char *hands[4] = {"QJ6.K652.J85.T98", "873.J97.AT764.Q4", "K5.T83.KQ9.A7652",
                                   "AT942.AQ4.32.KJ3"};
    for (int i = 0; i < 3; i++) {
        deal_clear(&w[i]);
        for (int s = 0; s < 4; s++) w[i].hand[s] = hand_of(hands[s]);
    }
    w[0].board = 7;
    w[0].dealer = SEAT_S;
    w[0].leader = SEAT_W;
    w[0].strain = SUIT_H;
    w[0].turnup = C("H3");
    w[1].board = 4000000000u;
    w[1].leader = SEAT_E; /* no dealer: the leader is written */
    w[1].strain = STRAIN_NT;
    w[2].dealer = SEAT_N; /* an inferred turn-up is not written */
    w[2].strain = SUIT_D;
    w[2].turnup = C("D5");
    w[2].flags = DEAL_TURNUP_INFERRED;
    static const char *const want[3] = {
        "n QJ6.K652.J85.T98 e 873.J97.AT764.Q4 s K5.T83.KQ9.A7652 w AT942.AQ4.32.KJ3 "
        "board 7 dealer S trump H turnup H3\n",
        "n QJ6.K652.J85.T98 e 873.J97.AT764.Q4 s K5.T83.KQ9.A7652 w AT942.AQ4.32.KJ3 "
        "board 4000000000 trump N leader E\n",
        "n QJ6.K652.J85.T98 e 873.J97.AT764.Q4 s K5.T83.KQ9.A7652 w AT942.AQ4.32.KJ3 "
        "dealer N trump D\n",
    };
    const char *path = test_tmp("round.txt");
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    for (int i = 0; i < 3; i++) {
        char buf[256];
        long n = oneline_format_deal(&w[i], buf, sizeof buf);
        assert_int_equal(n, (long)strlen(want[i]));
        assert_string_equal(buf, want[i]);
        fputs(buf, f);
    }
    fclose(f);
    char tiny[40];
    assert_int_equal(oneline_format_deal(&w[0], tiny, sizeof tiny), -1);

    diag_t diag = {0};
    deal_reader *r = deal_reader_open(path, FMT_AUTO, &diag);
    assert_non_null(r);
    assert_int_equal(deal_reader_format(r), FMT_ONELINE);
    for (int i = 0; i < 3; i++) {
        deal_t d;
        assert_int_equal(deal_reader_next(r, &d, &diag), READ_DEAL);
        assert_true(deal_same_cards(&d, &w[i]));
        assert_int_equal(d.board, i == 2 ? 3 : w[i].board); /* no board: the line number */
        assert_int_equal(d.strain, w[i].strain);
        assert_int_equal(d.turnup, i == 2 ? CARD_NONE : w[i].turnup);
        /* the whist seats: eldest hand leads, the dealer sits on his right */
        static const uint8_t dealer[3] = {SEAT_S, SEAT_N, SEAT_N}, leader[3] = {SEAT_W, SEAT_E, SEAT_E};
        assert_int_equal(d.dealer, dealer[i]);
        assert_int_equal(d.leader, leader[i]);
    }
    deal_t d;
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_EOF);
    deal_reader_close(r);
    unlink(path);
}

static void test_oneline_bad_lines(void **state)
{
    (void)state;
    const char *path = test_tmp("bad.txt");
    test_write(path,
               "# whist deals\n"
               "n QJ6.K652.J85.T9 e 873.J97.AT764.Q4 s K5.T83.KQ9.A7652 w AT942.AQ4.32.KJ3\n"
               "n QJ6.K652.J85.T98 e A73.J97.AT764.Q4 s K5.T83.KQ9.A7652 w AT942.AQ4.32.KJ3\n"
               "hello world\n"
               "\n"
               "n QJ6.K652.J85.T98 e 873.J97.AT764.Q4 s K5.T83.KQ9.A7652 w AT942.AQ4.32.KJ3 foo 3\n"
               "n QJ6.K652.J85.T98 e 873.J97.AT764.Q4 s K5.T83.KQ9.A7652 w AT942.AQ4.32.KJ3 "
               "dealer N turnup H3\n"
               "n QJ6.K652.J85.T98 e 873.J97.AT764.Q4 s K5.T83.KQ9.A7652 w AT942.AQ4.32.KJ3 board\n"
               "n QJ6.K652.J85.T98 e 873.J97.AT764.Q4 s K5.T83.KQ9.A7652\n"
               "n QJ6.K652.J85.T98 e 873.J97.AT764.Q4 s K5.T83.KQ9.A7652 w AT942.AQ4.32.KJ3 "
               "dealer S leader N\n"
               "n QJ6.K652.J85.T98 e 873.J97.AT764.Q4 s K5.T83.KQ9.A7652 w AT942.AQ4.32.KJ3\n");
    static const expect want[] = {
        {READ_REJECT, 2, "hand N has 12 cards"},
        {READ_REJECT, 3, "duplicate card SA"},
        {READ_ERROR, 4, "not a one-line deal"},
        {READ_REJECT, 6, "unknown key \"foo\""},
        {READ_REJECT, 7, "turn-up H3 is not in the dealer's (N) hand"},
        {READ_REJECT, 8, "board has no value"},
        {READ_REJECT, 9, "line ends before the four hands"},
        {READ_REJECT, 10, "leader N is not on the dealer's (S) left"},
        {READ_DEAL, 0, ""},
    };
    expect_results(path, FMT_AUTO, want, 9);
    unlink(path);
}

/* ---- line ends ---- */

/* Every deal's cards, board and dealer, and the records' kinds, in order. */
typedef struct {
    char text[1 << 16];
    size_t used;
} transcript;

static void note_deal(const deal_t *d, void *ctx)
{
    transcript *t = ctx;
    int n = snprintf(t->text + t->used, sizeof t->text - t->used, "%u %d %llx %llx %llx %llx;",
                     d->board, d->dealer, (unsigned long long)d->hand[0], (unsigned long long)d->hand[1],
                     (unsigned long long)d->hand[2], (unsigned long long)d->hand[3]);
    if (n > 0 && (size_t)n < sizeof t->text - t->used) t->used += (size_t)n;
}

/* A copy of src with its line ends made CR alone ("\r") or CRLF. */
static void copy_line_ends(const char *src, const char *dst, const char *eol)
{
    FILE *in = fopen(src, "rb"), *out = fopen(dst, "wb");
    assert_non_null(in);
    assert_non_null(out);
    int c;
    while ((c = fgetc(in)) != EOF) {
        if (c == '\r') continue;
        if (c == '\n') fputs(eol, out);
        else fputc(c, out);
    }
    fclose(in);
    fclose(out);
}

/* Old Mac files (CR alone) and DOS files (CRLF) read as the same deals as
 * LF files, in every text format, detected by content too. */
static void test_cr_and_crlf_line_ends_every_format(void **state)
{
    (void)state;
    static const char *const files[] = {
        "corpora/pbn-dd-tables/pybcdd_test.pbn", "corpora/pbn-real-play/endplay_example4.pbn",
        "corpora/dds-hands/list10.txt", "corpora/dds-hands/sol10.txt",
        "corpora/lin/endplay_example1.lin", "corpora/lin/pbntools_1047742261.lin",
    };
    static const char *const eols[] = {"\r", "\r\n"};
    static transcript lf, other;
    char src[4200];
    for (size_t i = 0; i <= sizeof files / sizeof files[0]; i++) {
        if (i < sizeof files / sizeof files[0]) snprintf(src, sizeof src, "%s", test_shared(files[i]));
        else snprintf(src, sizeof src, "tests/data/dealer_oneline.txt");
        lf.used = 0;
        counts a = read_all(src, FMT_AUTO, note_deal, &lf);
        assert_true(a.deals > 0);
        for (int e = 0; e < 2; e++) {
            const char *path = test_tmp("eol");
            copy_line_ends(src, path, eols[e]);
            other.used = 0;
            counts b = read_all(path, FMT_AUTO, note_deal, &other);
            if (b.fmt != a.fmt || b.deals != a.deals || b.rejects != a.rejects || b.errors != a.errors ||
                b.play_cards != a.play_cards || lf.used != other.used || memcmp(lf.text, other.text, lf.used))
                fail_msg("%s with %s line ends: %s %ld deals %ld rejects %ld errors, "
                         "expected %s %ld %ld %ld", src, e ? "CRLF" : "CR", deal_format_name(b.fmt),
                         b.deals, b.rejects, b.errors, deal_format_name(a.fmt), a.deals, a.rejects, a.errors);
            unlink(path);
        }
    }
}

/* ---- format detection ---- */

static void test_probes(void **state)
{
    (void)state;
    static const char pbn[] = "% PBN 2.1\n[Event \"x\"]\n[Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 "
                               "K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\n";
    static const char pbn2[] = "[Event \"x\"]\n[Board \"1\"]\n";
    static const char one[] = "n 2.T98.K752.KJT84 e 5.J7642.986.9763 s AQ8.AQ5.QJT.AQ52 w KJT97643.K3.A43. \n";
    static const char dds[] = "NUMBER 1 \nPBN 0 0 0 0 \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 "
                              "K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\" \n";
    static const char gib[] = "T5.K4.652.A98542 K6.QJT976.QT7.Q6 432.A.AKJ93.JT73 "
                              "AQJ987.8532.84.K:65658888888843433232\r\n";
    static const char lin[] = "vg|BBO3-2017WBTC,BB-RR1,I,1,16,BRAZIL,0,ARGENTINA,0|\r\n"
                              "qx|o1|st||md|3SKQ983HTDA87C8732,SJ62HJ32D952CKT95,,|\r\n";
    const struct { const char *text; const format_ops *own; } cases[] = {
        {one, &FORMAT_ONELINE_OPS}, {dds, &FORMAT_DDS_OPS}, {gib, &FORMAT_GIB_OPS},
        {lin, &FORMAT_LIN_OPS}, {pbn, NULL}, {pbn2, NULL},
    };
    const format_ops *ops[4] = {&FORMAT_ONELINE_OPS, &FORMAT_DDS_OPS, &FORMAT_GIB_OPS, &FORMAT_LIN_OPS};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int k = 0; k < 4; k++) {
            int score = ops[k]->probe(cases[i].text, strlen(cases[i].text));
            if (ops[k] == cases[i].own) assert_true(score >= 80);
            else if (score != 0) fail_msg("probe %s scores %d on case %zu", ops[k]->name, score, i);
        }
    /* Behind a UTF-8 BOM (skipped once by the front end, not by each probe)
     * every case is still told apart. */
    const char *path = test_tmp("bom.txt");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fputs("\xEF\xBB\xBF", f);
        fputs(cases[i].text, f);
        fclose(f);
        diag_t diag = {0};
        deal_reader *r = deal_reader_open(path, FMT_AUTO, &diag);
        if (!r) fail_msg("case %zu with a BOM: %s", i, diag.reason);
        assert_string_equal(deal_format_name(deal_reader_format(r)),
                            cases[i].own ? cases[i].own->name : "pbn");
        deal_reader_close(r);
    }
    unlink(path);
}

/* ---- inputs read once (issue 25 item 7) ---- */

typedef struct {
    int fd;           /* the pipe's write end, closed when done */
    const char *path; /* the file whose bytes go through it */
} pipe_feed;

static void *feed_pipe(void *arg)
{
    const pipe_feed *f = arg;
    FILE *in = fopen(f->path, "rb");
    char buf[4096];
    size_t n;
    while (in && (n = fread(buf, 1, sizeof buf, in)) > 0)
        if (write(f->fd, buf, n) != (ssize_t)n) break;
    if (in) fclose(in);
    close(f->fd);
    return NULL;
}

/* A pipe named as a process substitution names it ("/dev/fd/N" of
 * "<(cat F)") gives its bytes once: the reader opens it once and tells the
 * format from the bytes it reads, so every deal comes, as from the file. */
static void test_pipe_is_opened_once(void **state)
{
    (void)state;
    char path[4096];
    snprintf(path, sizeof path, "%s", test_shared("corpora/dds-hands/list1000.txt"));
    counts file = read_all(path, FMT_AUTO, NULL, NULL);
    assert_int_equal(file.deals, 1000);
    int p[2];
    assert_int_equal(pipe(p), 0);
    pipe_feed f = {p[1], path};
    pthread_t feeder;
    assert_int_equal(pthread_create(&feeder, NULL, feed_pipe, &f), 0);
    char name[64];
    snprintf(name, sizeof name, "/dev/fd/%d", p[0]);
    counts piped = read_all(name, FMT_AUTO, NULL, NULL);
    pthread_join(feeder, NULL);
    close(p[0]);
    assert_int_equal(piped.fmt, FMT_DDS);
    assert_int_equal(piped.deals, file.deals);
    assert_int_equal(piped.rejects, 0);
    assert_int_equal(piped.errors, 0);
}

/* Which inputs a second pass (replay's count for its ETA, its resume
 * check) may not read again. */
static void test_inputs_read_once(void **state)
{
    (void)state;
    assert_true(deal_input_read_once("-"));
    int p[2];
    assert_int_equal(pipe(p), 0);
    char name[64];
    snprintf(name, sizeof name, "/dev/fd/%d", p[0]);
    assert_true(deal_input_read_once(name));
    close(p[0]);
    close(p[1]);
    const char *fifo = test_tmp("once.fifo");
    unlink(fifo);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    assert_true(deal_input_read_once(fifo));
    unlink(fifo);
    assert_false(deal_input_read_once(test_shared("corpora/dds-hands/list1000.txt")));
    assert_false(deal_input_read_once("/nonexistent/deals.pbn")); /* its open says why */
    assert_false(deal_input_read_once("/tmp"));                  /* so does a directory's */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dds_corpus_counts),
        cmocka_unit_test(test_dds_every_deal_has_its_oracles),
        cmocka_unit_test(test_dds_list10_deal1_field_by_field),
        cmocka_unit_test(test_dds_thomas1_voids),
        cmocka_unit_test(test_dds_bad_input),
        cmocka_unit_test(test_gib_sol10_first_line),
        cmocka_unit_test(test_gib_sol10_tables_match_dds),
        cmocka_unit_test(test_gib_bad_lines),
        cmocka_unit_test(test_lin_vugraph_counts),
        cmocka_unit_test(test_lin_vugraph_empty_boards),
        cmocka_unit_test(test_lin_vugraph_first_record),
        cmocka_unit_test(test_lin_hand_files),
        cmocka_unit_test(test_lin_bad_records),
        cmocka_unit_test(test_oneline_dealer_fixture),
        cmocka_unit_test(test_oneline_live_dealer),
        cmocka_unit_test(test_oneline_write_read_round_trip),
        cmocka_unit_test(test_oneline_bad_lines),
        cmocka_unit_test(test_cr_and_crlf_line_ends_every_format),
        cmocka_unit_test(test_probes),
        cmocka_unit_test(test_pipe_is_opened_once),
        cmocka_unit_test(test_inputs_read_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
