/* test_sd_verify.c -- recorded card plays replayed by sd_verify_play: the
 * book deals of shared/cases (whist, [Result] = the leader's side's
 * tricks) and the real tournament plays of shared/corpora (pbn-real-play,
 * DDS's list1000) are legal, every trick led by the previous winner; the
 * recorded results agree, except three records of the 2012 archive whose
 * [Result] the play cannot reach; a revoke and a card not held are caught
 * with their trick. Also `whistlab play --verify` and `play --explain`. */
#include "testutil.h"
#include "analyze/play/sd_verify.h"
#include "formats/reader.h"

typedef struct {
    int deals, played, legal, complete, results, problems, revokes;
    int problem_line[8];
} counts;

static void verify_path(const char *rel, counts *n)
{
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(test_shared(rel), FMT_AUTO, &diag);
    if (!r) fail_msg("%s: %s", rel, diag.reason);
    deal_t d;
    read_status st;
    while ((st = deal_reader_next(r, &d, &diag)) != READ_EOF) {
        assert_true(st != READ_FATAL);
        if (st != READ_DEAL) continue;
        n->deals++;
        verify_result v;
        verify_status vs = sd_verify_play(&d, &v);
        if (vs == VERIFY_NO_PLAY) continue;
        n->played++;
        if (vs == VERIFY_OK || vs == VERIFY_RESULT) {
            n->legal++;
            n->complete += v.complete;
            n->results += d.result >= 0;
            assert_int_equal(v.tricks, v.complete ? 13 : v.tricks);
        }
        if (vs == VERIFY_REVOKE) n->revokes++;
        if (vs != VERIFY_OK) {
            if (n->problems < 8) n->problem_line[n->problems] = (int)d.pos.line;
            n->problems++;
        }
    }
    deal_reader_close(r);
}

static void test_book_hands(void **state)
{
    (void)state;
    counts n = {0};
    verify_path("cases/book-hands.pbn", &n);
    assert_int_equal(n.played, 5);
    assert_int_equal(n.legal, 5);
    assert_int_equal(n.complete, 5);
    assert_int_equal(n.results, 5);
    assert_int_equal(n.problems, 0);
}

static void test_real_play(void **state)
{
    (void)state;
    counts n = {0};
    verify_path("corpora/pbn-real-play/endplay_example2_2021-online-qual-open-r2.pbn", &n);
    assert_int_equal(n.deals, 299);
    assert_int_equal(n.played, 278);
    assert_int_equal(n.legal, 278);
    assert_int_equal(n.complete, 64);
    assert_int_equal(n.problems, 0);

    counts m = {0};
    verify_path("corpora/pbn-real-play/endplay_example3_rpbridge_2012-top-events.pbn", &m);
    assert_int_equal(m.played, 7485);
    assert_int_equal(m.legal, 7485);
    assert_int_equal(m.complete, 286);
    assert_int_equal(m.revokes, 0);
    /* [Result] 11 with 7 of 10 tricks played, 8 with 2 of 8, 4 with 5 of 10 */
    assert_int_equal(m.problems, 3);
    assert_int_equal(m.problem_line[0], 21239);
    assert_int_equal(m.problem_line[1], 22953);
    assert_int_equal(m.problem_line[2], 111247);

    counts k = {0};
    verify_path("corpora/dds-hands/list1000.txt", &k);
    assert_int_equal(k.played, 1000);
    assert_int_equal(k.legal, 1000);
    assert_int_equal(k.complete, 270);
}

/* The first book deal, then with one card changed: West plays a heart on
 * East's club lead while holding clubs (a revoke), a card West does not
 * hold, a result the play contradicts. */
static void test_broken_play(void **state)
{
    (void)state;
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(test_shared("cases/book-hands.pbn"), FMT_AUTO, &diag);
    assert_non_null(r);
    deal_t d;
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_DEAL);
    deal_reader_close(r);
    verify_result v;
    assert_int_equal(sd_verify_play(&d, &v), VERIFY_OK);
    assert_int_equal(v.side_tricks, 11);
    assert_int_equal(v.winner[0], SEAT_W);
    assert_int_equal(v.winner[1], SEAT_E); /* HT HJ HQ H5: East's queen */
    deal_t bad = d;
    bad.play.card[2][SEAT_W] = card_parse("H2"); /* for the CQ, on East's club lead */
    assert_int_equal(sd_verify_play(&bad, &v), VERIFY_REVOKE);
    assert_int_equal(v.trick, 3);
    bad = d;
    bad.play.card[0][SEAT_W] = card_parse("SA");
    assert_int_equal(sd_verify_play(&bad, &v), VERIFY_BAD_CARD);
    assert_int_equal(v.trick, 1);
    bad = d;
    bad.result = 7;
    assert_int_equal(sd_verify_play(&bad, &v), VERIFY_RESULT);
}

static void test_cli(void **state)
{
    (void)state;
    char out[16384];
    int rc = test_run(out, sizeof out, "%s play --verify %s 2>&1", test_bin(), test_shared("cases/book-hands.pbn"));
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "with a recorded play 5: legal 5 (complete 5, cut short 0), results checked 5, problems 0"));
    rc = test_run(out, sizeof out, "%s play %s --board 1 --explain --opponents american 2>&1", test_bin(),
                  test_shared("cases/book-hands.pbn"));
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, " 1  W CK LS-A4/LS3"));
    assert_non_null(strstr(out, "tricks: N-S "));
    rc = test_run(out, sizeof out, "%s play %s --board 1 --signals --ext X4,X13 --explain 2>&1", test_bin(),
                  test_shared("cases/book-hands.pbn"));
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "/SG1"));
    rc = test_run(out, sizeof out, "%s play %s --ext X14 2>&1", test_bin(), test_shared("cases/book-hands.pbn"));
    assert_int_equal(rc, 2);
    assert_non_null(strstr(out, "X14 is not one of the extended rules whistlab plays"));
    rc = test_run(out, sizeof out, "%s play %s --board 99 2>&1", test_bin(), test_shared("cases/book-hands.pbn"));
    assert_int_equal(rc, 2);
    rc = test_run(out, sizeof out, "%s play %s --convention nonesuch 2>&1", test_bin(),
                  test_shared("cases/book-hands.pbn"));
    assert_int_equal(rc, 2);
}

/* A file whose only deal the reader rejects for its impossible [Play]
 * (the club ace played twice): the deal is a problem, not nothing to
 * verify, and the exit status says so. */
static void test_cli_rejected_deal_is_a_problem(void **state)
{
    (void)state;
    static const char PBN[] =
        "[Event \"x\"]\n[Board \"1\"]\n[Dealer \"N\"]\n"
        "[Deal \"N:874.Q982.J63.Q92 K.J543.A7.AK7543 AT95.AK76.985.J8 QJ632.T.KQT42.T6\"]\n"
        "[Trump \"D\"]\n[Declarer \"N\"]\n[Contract \"1D\"]\n[Play \"E\"]\n"
        "CA C8 C6 C2\nCA C8 C6 C2\n";
    const char *path = test_tmp("impossible-play.pbn");
    FILE *f = fopen(path, "w");
    fputs(PBN, f);
    fclose(f);
    char out[4096];
    int rc = test_run(out, sizeof out, "%s play --verify %s 2>&1", test_bin(), path);
    assert_int_equal(rc, 1);
    char where[300];
    snprintf(where, sizeof where, "%s:10: Play: trick 2: CA was already played", path);
    assert_non_null(strstr(out, where));
    assert_non_null(strstr(out, "deals 0 (and 1 rejected while reading), with a recorded play 0: legal 0 (complete 0, "
                                "cut short 0), results checked 0, problems 1\n"));
    remove(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_book_hands),
        cmocka_unit_test(test_real_play),
        cmocka_unit_test(test_broken_play),
        cmocka_unit_test(test_cli),
        cmocka_unit_test(test_cli_rejected_deal_is_a_problem),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
