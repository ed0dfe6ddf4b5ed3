/* test_lead_cmd.c -- `whistlab lead` and `whistlab conventions` as users run
 * them: a typed hand, --explain, corpus files with the CSV, rejected deals
 * reported as file:line: reason, a table file, bad command lines. */
#include <stdbool.h>
#include "testutil.h"

static char out[1 << 16];

static void test_hand(void **state)
{
    (void)state;
    int rc = test_run(out, sizeof out, "%s lead --hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H 2>&1", test_bin());
    assert_int_equal(rc, 0);
    /* K01: every built-in but dd-best, with card and rule ids */
    static const char *const LINES[] = {
        "long-suit            S4   LS-A4 / LS14\n", "long-suit-pole       S2   LS-A4 / PL12\n",
        "long-suit-clay       S2   LS-A4 / CL11\n", "long-suit-hogarth    S3   HOG-A4 / H21\n",
        "american             S4   LS-A4 / LS14\n", "short-suit           S2   W4a / SS3\n",
        "short-suit-singleton CQ   TS1 / TS1\n",    "master-card          DA   MC1 / MC1\n",
        "highest              DA   HI / HI\n",
    };
    for (size_t i = 0; i < sizeof LINES / sizeof LINES[0]; i++)
        if (!strstr(out, LINES[i])) fail_msg("missing '%s' in:\n%s", LINES[i], out);
    assert_non_null(strstr(out, "\n  random "));
    assert_null(strstr(out, "dd-best"));
}

static void test_explain(void **state)
{
    (void)state;
    int rc = test_run(out, sizeof out,
                      "%s lead --hand KJ8432.Q963.AK.Q --trump H --convention short-suit,dd-best --explain 2>&1",
                      test_bin());
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "suit W4a: four trumps: always open a 5-card suit (foster L1891)"));
    assert_non_null(strstr(out, "card SS3: holding K, 4+ cards: the lowest"));
    assert_non_null(strstr(out, "dd-best    --   chosen by the double-dummy evaluation"));
    rc = test_run(out, sizeof out,
                  "%s lead --hand 'S:J H:T72 D:J4 C:AKQ9864' --turnup H5 --convention american+am_ten_from_qjt 2>&1",
                  test_bin());
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "trumps hearts  turn-up H5"));
    assert_non_null(strstr(out, "american+am_ten_from_qjt CQ   LS-A4 / AM2"));
}

static void test_corpus_csv(void **state)
{
    (void)state;
    const char *csv = test_tmp("leads.csv");
    int rc = test_run(out, sizeof out, "%s lead %s --convention long-suit,short-suit --csv %s 2>&1", test_bin(),
                      test_shared("cases/book-hands.pbn"), csv);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "5 deals read: 5 analysed, 0 rejected, 0 repeated"));
    FILE *f = fopen(csv, "r");
    assert_non_null(f);
    char line[512];
    int rows = 0;
    bool ls1 = false, ss2 = false;
    /* the provenance first (issue 28 item 2): the version, the command, the input */
    char expect[8400]; /* test_shared paths are up to 4096 bytes */
    snprintf(expect, sizeof expect, "# version: %s\n", WHISTLAB_VERSION);
    assert_non_null(fgets(line, sizeof line, f));
    assert_string_equal(line, expect);
    snprintf(expect, sizeof expect, "# command: whistlab lead --convention long-suit,short-suit --csv %s %s\n", csv,
             test_shared("cases/book-hands.pbn"));
    assert_non_null(fgets(line, sizeof line, f));
    assert_string_equal(line, expect);
    bool input = false, digest = false, deals = false, complete = false;
    while (fgets(line, sizeof line, f) && line[0] == '#') {
        snprintf(expect, sizeof expect, "# input 1: %s\n", test_shared("cases/book-hands.pbn"));
        input |= strcmp(line, expect) == 0;
    }
    assert_true(input);
    assert_string_equal(line, "file,line,board,leader,hand,trump,turnup,convention,lead,suit_rule,card_rule,tricks,best\n");
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#') { /* after the last row: the input's deals and digest, known at the end */
            digest |= strncmp(line, "# input_digest 1: ", 18) == 0 && strlen(line) == 18 + 32 + 1;
            deals |= strcmp(line, "# input_deals 1: 5\n") == 0;
            complete |= strcmp(line, "# status: complete\n") == 0;
            continue;
        }
        rows++;
        /* the books' leads: No. 1 (long-suit) CK, No. 2 (short-suit) D6 */
        if (strstr(line, ",45,1,W,") && strstr(line, ",H,H5,long-suit,CK,LS-A4,LS3,,\n")) ls1 = true;
        if (strstr(line, ",84,2,") && strstr(line, ",short-suit,D6,W3c/G1,SS1,,\n")) ss2 = true;
    }
    fclose(f);
    unlink(csv);
    assert_true(digest && deals && complete);
    assert_int_equal(rows, 10);
    assert_true(ls1);
    assert_true(ss2);
}

/* Every deal read is accounted for: a bad deal is reported and counted. */
static void test_rejects(void **state)
{
    (void)state;
    const char *pbn = test_tmp("two.pbn");
    FILE *f = fopen(pbn, "w");
    assert_non_null(f);
    fputs("[Board \"1\"]\n[Dealer \"S\"]\n[Trump \"H\"]\n[TurnUp \"H5\"]\n"
          "[Deal \"S:QT865.85.AK85.T3 J4.T72.J.AKQ9864 9.KJ43.QT9763.J5 AK732.AQ96.42.72\"]\n\n"
          "[Board \"2\"]\n[Dealer \"S\"]\n[Trump \"H\"]\n"
          "[Deal \"S:QT865.85.AK85.T3 J4.T72.J.AKQ986 9.KJ43.QT9763.J5 AK732.AQ96.42.72\"]\n\n"
          "[Board \"3\"]\n[Dealer \"S\"]\n"
          "[Deal \"S:QT865.85.AK85.T3 J4.T72.J.AKQ9864 9.KJ43.QT9763.J5 AK732.AQ96.42.72\"]\n",
          f);
    fclose(f);
    int rc = test_run(out, sizeof out, "%s lead %s --convention long-suit 2>&1", test_bin(), pbn);
    assert_int_equal(rc, 1);
    char want[512];
    snprintf(want, sizeof want, "%s:14: no trump suit", pbn); /* board 3 */
    assert_non_null(strstr(out, want));
    snprintf(want, sizeof want, "%s:10: hand W has 12 cards", pbn); /* board 2 */
    assert_non_null(strstr(out, want));
    assert_non_null(strstr(out, "3 deals read: 1 analysed, 2 rejected, 0 repeated"));
    assert_non_null(strstr(out, "long-suit CK   LS-A4 / LS3"));
    /* with a trump policy board 3 is analysed too */
    rc = test_run(out, sizeof out, "%s lead %s --convention long-suit --trump S 2>&1", test_bin(), pbn);
    assert_int_equal(rc, 1);
    assert_non_null(strstr(out, "3 deals read: 2 analysed, 1 rejected"));
    unlink(pbn);
}

/* The CSV's input rows are replay's for the same file and --where (issue
 * 27): every deal as read counts in the file's digest, those --where left
 * and those no whist deal could be made of too; a rejection counts with
 * no term. So the digest is the file's whatever the run selects. */
static void test_input_as_replay(void **state)
{
    (void)state;
    const char *pbn = test_tmp("mixed.pbn"), *lead = test_tmp("mixed-lead.csv"), *all = test_tmp("mixed-all.csv"),
               *replay = test_tmp("mixed-replay.csv");
    /* board 1 kept (West holds 3 hearts), 2 rejected (12 cards), 3 no
     * whist deal (no trump suit), 4 left by --where (West holds 2 spades) */
    test_write(pbn, "[Board \"1\"]\n[Dealer \"S\"]\n[Trump \"H\"]\n"
                    "[Deal \"S:QT865.85.AK85.T3 J4.T72.J.AKQ9864 9.KJ43.QT9763.J5 AK732.AQ96.42.72\"]\n\n"
                    "[Board \"2\"]\n[Dealer \"S\"]\n[Trump \"H\"]\n"
                    "[Deal \"S:QT865.85.AK85.T3 J4.T72.J.AKQ986 9.KJ43.QT9763.J5 AK732.AQ96.42.72\"]\n\n"
                    "[Board \"3\"]\n[Dealer \"S\"]\n"
                    "[Deal \"S:QT865.85.AK85.T3 J4.T72.J.AKQ9864 9.KJ43.QT9763.J5 AK732.AQ96.42.72\"]\n\n"
                    "[Board \"4\"]\n[Dealer \"S\"]\n[Trump \"S\"]\n"
                    "[Deal \"S:QT865.85.AK85.T3 J4.T72.J.AKQ9864 9.KJ43.QT9763.J5 AK732.AQ96.42.72\"]\n");
    const char *where = "--where 'trumps(leader) >= 3'";
    int rc = test_run(out, sizeof out, "%s lead %s %s --convention long-suit --csv %s 2>&1", test_bin(), pbn, where,
                      lead);
    assert_int_equal(rc, 1);
    assert_non_null(strstr(out, "4 deals read: 1 analysed, 2 rejected, 0 repeated"));
    assert_non_null(strstr(out, "3 deals kept by --where, 1 left"));
    rc = test_run(out, sizeof out, "%s lead %s --convention long-suit --csv %s 2>&1", test_bin(), pbn, all);
    assert_int_equal(rc, 1);
    rc = test_run(out, sizeof out, "%s replay %s %s --conventions long-suit,short-suit --eval play --csv-summary %s "
                  "--no-progress >/dev/null 2>&1", test_bin(), pbn, where, replay);
    assert_int_equal(rc, 1);
    char lead_rows[512], all_rows[512], replay_rows[512];
    const char *rows = "grep -E '^# input_(deals|digest) 1: ' %s";
    test_run(lead_rows, sizeof lead_rows, rows, lead);
    test_run(all_rows, sizeof all_rows, rows, all);
    test_run(replay_rows, sizeof replay_rows, rows, replay);
    assert_non_null(strstr(replay_rows, "# input_deals 1: 4\n# input_digest 1: "));
    assert_string_equal(lead_rows, replay_rows);
    assert_string_equal(all_rows, replay_rows);
    const char *const made[] = {pbn, lead, all, replay, NULL};
    test_remove_files(made);
}

static void test_table_file(void **state)
{
    (void)state;
    const char *tbl = test_tmp("mine.tbl");
    int rc = test_run(out, sizeof out, "%s conventions --table long-suit > %s && sed -i "
                      "'s/^name      long-suit$/name      mine/; s/^LS14   -     -      4+    4th /LS14   -     -      4+    lowest /' %s && "
                      "%s lead --hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --convention %s 2>&1",
                      test_bin(), tbl, tbl, test_bin(), tbl);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "mine S2   LS-A4 / LS14"));
    FILE *f = fopen(tbl, "w");
    assert_non_null(f);
    fputs("name bad\n[suit]\nX1 lead sk_max(n>=1)\n[plain]\nP1 AKQ J 3+ T Q\n", f);
    fclose(f);
    rc = test_run(out, sizeof out, "%s lead --hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --convention %s 2>&1",
                  test_bin(), tbl);
    assert_int_equal(rc, 2);
    char want[512];
    snprintf(want, sizeof want, "%s:5: row P1: 1st card T is not in HAS\n", tbl);
    assert_string_equal(out, want);
    /* an option's text too long to hold is refused, not cut (issue 28 item 4) */
    rc = test_run(out, sizeof out, "%s conventions --table long-suit > %s && "
                  "sed -i 's/^name      long-suit$/name      mine/' %s && awk 'NR == 3 { printf \"option long_one \"; for (i = 0; i < 80; i++) printf \"word%%03d \", i; print \"\" } "
                  "{ print }' %s > %s.2 && mv %s.2 %s && "
                  "%s lead --hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --convention %s 2>&1",
                  test_bin(), tbl, tbl, tbl, tbl, tbl, tbl, test_bin(), tbl);
    assert_int_equal(rc, 2);
    snprintf(want, sizeof want, "%s:3: option long_one: its text is longer than 511 characters\n", tbl);
    assert_string_equal(out, want);
    unlink(tbl);
}

static void test_conventions(void **state)
{
    (void)state;
    int rc = test_run(out, sizeof out, "%s conventions 2>&1", test_bin());
    assert_int_equal(rc, 0);
    static const char *const NAMES[] = {"long-suit ", "long-suit-pole ", "long-suit-clay ",
                                        "long-suit-hogarth ", "american ", "short-suit ",
                                        "short-suit-singleton ", "master-card ", "highest ",
                                        "random ", "dd-best "};
    for (size_t i = 0; i < sizeof NAMES / sizeof NAMES[0]; i++) {
        char want[64];
        snprintf(want, sizeof want, "\n%s", NAMES[i]);
        if (i > 0 && !strstr(out, want)) fail_msg("no %s in:\n%s", NAMES[i], out);
    }
    assert_int_equal(strncmp(out, "long-suit ", 10), 0);
    assert_non_null(strstr(out, "option +minneapolis"));
    assert_non_null(strstr(out, "option +hogarth_turnup"));
    /* issue 28 item 4: an option's text whole, its citation included, wrapped at 79 */
    assert_non_null(strstr(out, "                       option +minneapolis: LS13 (A and four others, no K)\n"
                                "                         leads the 4th with four or more trumps; second hand\n"
                                "                         plays the A from it when weak (CV6) (foster L1820)\n"));
    for (const char *l = out; *l; l = strchr(l, '\n') + 1) {
        if (!strncmp(l + 23, "option +", 8) || !strncmp(l, "                         ", 25))
            if (strcspn(l, "\n") > 79) fail_msg("an option line over 79 columns: %.*s", (int)strcspn(l, "\n"), l);
        if (!strchr(l, '\n')) break;
    }
    /* the embedded table is the source file */
    rc = test_run(out, sizeof out, "%s conventions --table short-suit | cmp - analyze/lead/conventions/short-suit.tbl 2>&1 && echo same",
                  test_bin());
    assert_int_equal(rc, 0);
    assert_string_equal(out, "same\n");
}

static void test_usage_errors(void **state)
{
    (void)state;
    static const struct { const char *args, *msg; } CASES[] = {
        {"lead --hand 'S:KJ8432 H:Q963 D:AK' --trump H", "--hand has 12 cards"},
        {"lead --hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --turnup H9", "is in the leader's hand"},
        {"lead --hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --turnup S7", "is not a trump"},
        {"lead --hand 'S:KJ8432 H:Q963 D:AK C:QX' --trump H", "'X' is not a rank in clubs"},
        {"lead --hand 'S:KJ8432 H:Q963 D:AK C:Q'", "give the trumps"},
        {"lead --hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump X", "--trump X"},
        {"lead --hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --convention nobody", "no such convention"},
        {"lead --hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --convention long-suit+gold", "long-suit.tbl: convention long-suit has no option 'gold'"},
        {"lead", "usage: whistlab lead"},
        {"conventions --table nobody", "no built-in convention 'nobody'"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        int rc = test_run(out, sizeof out, "%s %s 2>&1", test_bin(), CASES[i].args);
        if (rc != 2 || !strstr(out, CASES[i].msg))
            fail_msg("'%s': exit %d, output:\n%s", CASES[i].args, rc, out);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand),        cmocka_unit_test(test_explain),
        cmocka_unit_test(test_corpus_csv),  cmocka_unit_test(test_rejects),
        cmocka_unit_test(test_input_as_replay),
        cmocka_unit_test(test_table_file),  cmocka_unit_test(test_conventions),
        cmocka_unit_test(test_usage_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
