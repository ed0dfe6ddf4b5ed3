/* test_names.c -- a user's text is never cut (issue 27 item 4): a
 * convention's whole name with its options in the report and the CSV, a
 * diagnostic's whole reason, and as many conventions in one run as the one
 * limit (STATS_MAX_CONV) allows, not the number of built-ins. Where a file
 * format bounds a name (the .wls state file), a longer one is refused,
 * naming the limit. */
#include "testutil.h"
#include "formats/diag.h"
#include "stats/tally.h"
#include "stats/report/wls.h"

#define LONG_NAME "american+am_ten_from_qjt+tenace_avoid" /* 37 bytes: cut at 31 before */
#define CORPUS "corpora/whist-2000.pbn.gz --values corpora/whist-2000.wdv"

static char out[1 << 16];

/* A reason of 600 bytes is kept and printed whole (diag_t held 255). */
static void test_diag_reason_whole(void **state)
{
    (void)state;
    char words[601];
    memset(words, 'w', 600);
    words[600] = 0;
    diag_t d;
    diag_set(&d, "f.pbn", 12, "%s", words);
    assert_int_equal(strlen(d.reason), 600);
    FILE *f = tmpfile();
    assert_non_null(f);
    diag_print(f, &d);
    rewind(f);
    char line[1024] = "";
    assert_non_null(fgets(line, sizeof line, f));
    fclose(f);
    assert_int_equal(strlen(line), strlen("f.pbn:12: ") + 600 + 1);
    assert_int_equal(strncmp(line, "f.pbn:12: www", 13), 0);
}

/* A bad tag value of 200 characters is quoted whole in the rejection: the
 * reason (219 bytes) was cut at 191 on its way. */
static void test_pbn_reason_whole(void **state)
{
    (void)state;
    const char *pbn = test_tmp(".pbn");
    char value[201];
    memset(value, 'Q', 200);
    value[200] = 0;
    FILE *f = fopen(pbn, "w");
    assert_non_null(f);
    fprintf(f, "[Event \"\"]\n[Room \"%s\"]\n"
               "[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n\n", value);
    fclose(f);
    test_run(out, sizeof out, "%s check %s 2>&1", test_bin(), pbn);
    char want[300];
    snprintf(want, sizeof want, ":2: bad [Room] value \"%s\"\n", value);
    assert_non_null(strstr(out, want));
    unlink(pbn);
}

/* An unused tag of 50 characters is named whole by check (the notes kept
 * 31). */
static void test_unused_tag_whole(void **state)
{
    (void)state;
    const char *pbn = test_tmp(".pbn");
    char tag[51];
    memset(tag, 'Z', 50);
    tag[50] = 0;
    FILE *f = fopen(pbn, "w");
    assert_non_null(f);
    fprintf(f, "[Event \"\"]\n[%s \"x\"]\n[Trump \"S\"]\n"
               "[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n\n", tag);
    fclose(f);
    assert_int_equal(test_run(out, sizeof out, "%s check %s 2>&1", test_bin(), pbn), 0);
    char want[100];
    snprintf(want, sizeof want, "tags not used by whistlab: %s\n", tag);
    assert_non_null(strstr(out, want));
    unlink(pbn);
}

/* A convention's name with two options (37 bytes) is whole in the report's
 * tables and in the summary CSV (it printed as "american+am_ten_from_qjt+tenace"). */
static void test_long_name_whole(void **state)
{
    (void)state;
    const char *csv = test_tmp(".csv");
    assert_int_equal(test_run(out, sizeof out,
                              "%s replay --no-progress --limit 40 --conventions long-suit," LONG_NAME
                              " --csv-summary %s " CORPUS " 2>&1",
                              test_bin(), csv),
                     0);
    assert_non_null(strstr(out, "] " LONG_NAME " "));                /* its row in the conventions table */
    assert_non_null(strstr(out, "long-suit - " LONG_NAME " "));      /* the pair's row */
    char *text = test_slurp(csv);
    assert_non_null(text);
    assert_non_null(strstr(text, "," LONG_NAME ","));
    free(text);
    unlink(csv);
}

/* Thirteen conventions in one run (the twelve built-ins and one with an
 * option): the limit was 12, today's number of built-ins. */
static void test_more_than_twelve(void **state)
{
    (void)state;
    static const char *const conv[] = {"long-suit", "long-suit-pole", "long-suit-clay", "long-suit-hogarth",
                                       "american", "short-suit", "short-suit-singleton", "strongest-suit",
                                       "master-card", "highest", "random", "dd-best", "american+tenace_avoid"};
    char list[512] = "";
    for (size_t i = 0; i < sizeof conv / sizeof conv[0]; i++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? "," : "", conv[i]);
    assert_true(STATS_MAX_CONV > 12);
    assert_int_equal(test_run(out, sizeof out, "%s replay --no-progress --limit 20 --conventions %s " CORPUS " 2>&1",
                              test_bin(), list),
                     0);
    for (size_t i = 0; i < sizeof conv / sizeof conv[0]; i++) {
        char row[64]; /* "[1]  long-suit  ...", "[13] american+tenace_avoid  ..." */
        snprintf(row, sizeof row, "[%zu]%s %s ", i + 1, i < 9 ? " " : "", conv[i]);
        assert_non_null(strstr(out, row));
    }
}

/* lead --simulate's "chosen by" column names every convention that chose a
 * card, whole: eight with their options made the spade row 494 bytes, cut
 * at 399 before (the last two names lost). */
static void test_simulate_marks_whole(void **state)
{
    (void)state;
    assert_int_equal(test_run(out, sizeof out,
                              "%s lead --hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --turnup H7 --simulate 10 --seed 1 "
                              "--convention long-suit+minneapolis+tenace_avoid,long-suit-pole+minneapolis+tenace_avoid,"
                              "long-suit-clay+minneapolis+tenace_avoid,"
                              "long-suit-hogarth+hogarth_turnup+minneapolis+tenace_avoid," LONG_NAME ",short-suit,"
                              "strongest-suit+declared+strict_seq+seq_first+whist_trumps,"
                              "american+am_fourth_from_kjt+minneapolis 2>&1",
                              test_bin()),
                     0);
    assert_non_null(strstr(out, ", strongest-suit+declared+strict_seq+seq_first+whist_trumps LD-"));
    assert_non_null(strstr(out, ", american+am_fourth_from_kjt+minneapolis LS-"));
}

/* The state file holds names of WLS_NAME_BYTES - 1 bytes: a longer one is
 * refused, naming the limit, rather than saved cut (it came back from
 * --resume and merge as "american+am_ten_from_qjt+tenace"). */
static void test_save_refuses_long_name(void **state)
{
    (void)state;
    const char *wls = test_tmp(".wls");
    unlink(wls);
    int rc = test_run(out, sizeof out,
                      "%s replay --no-progress --limit 20 --conventions long-suit," LONG_NAME " --save %s " CORPUS
                      " 2>&1",
                      test_bin(), wls);
    assert_int_not_equal(rc, 0);
    char want[200];
    snprintf(want, sizeof want, "cannot save the convention '" LONG_NAME "': a state file holds names of at most %d bytes",
             WLS_NAME_BYTES - 1);
    assert_non_null(strstr(out, want));
    assert_int_not_equal(access(wls, F_OK), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_diag_reason_whole),
        cmocka_unit_test(test_pbn_reason_whole),
        cmocka_unit_test(test_unused_tag_whole),
        cmocka_unit_test(test_long_name_whole),
        cmocka_unit_test(test_more_than_twelve),
        cmocka_unit_test(test_simulate_marks_whole),
        cmocka_unit_test(test_save_refuses_long_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
