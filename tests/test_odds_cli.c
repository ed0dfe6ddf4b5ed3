/* test_odds_cli.c -- `whistlab odds` as users run it: the table list, the
 * CSV of all 569 rows, table selection, a real corpus with the fit of
 * odds.md S4.6, whist records with dealer and turn-up, rejected deals
 * reported file:line, and usage errors. */
#include <math.h>
#include <stdbool.h>
#include "testutil.h"

static char out[1 << 20];

/* Lines of a file that start with prefix: the first, copied into line. */
static bool line_starting(const char *path, const char *prefix, char *line, size_t len)
{
    FILE *f = fopen(path, "r");
    if (!f) return false;
    bool found = false;
    while (fgets(line, (int)len, f))
        if (strncmp(line, prefix, strlen(prefix)) == 0) {
            found = true;
            break;
        }
    fclose(f);
    return found;
}

static int count_lines(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    int n = 0, ch;
    while ((ch = fgetc(f)) != EOF) n += ch == '\n';
    fclose(f);
    return n;
}

/* Field i (0-based) of a CSV line whose text fields hold no commas or
 * quotes before it (the numeric tail of a row), as a number. */
static double field(const char *line, int i)
{
    const char *p = line;
    bool quoted = false;
    for (int k = 0; k < i; p++) {
        if (!*p) return NAN;
        if (*p == '"') quoted = !quoted;
        else if (*p == ',' && !quoted) k++;
    }
    return *p == ',' || *p == '\n' ? NAN : strtod(p, NULL);
}

static void test_list_and_tables(void **state)
{
    (void)state;
    assert_int_equal(test_run(out, sizeof out, "%s odds --list", test_bin()), 0);
    assert_true(strncmp(out, "partner-cards ", 14) == 0);
    int lines = 0;
    for (char *p = out; *p; p++) lines += *p == '\n';
    assert_int_equal(lines, 14);
    assert_non_null(strstr(out, "\ngof "));
    assert_int_equal(test_run(out, sizeof out, "%s odds dealer-trumps hoyle", test_bin()), 0);
    assert_non_null(strstr(out, "dealer-trumps: "));
    assert_non_null(strstr(out, "hoyle: "));
    assert_null(strstr(out, "partner-cards: "));
    /* the book layout of part B, each figure with its direction, and the verdicts */
    assert_non_null(strstr(out, "         2  40 to 1 on                rounded?  15 to 2 on"));
    assert_non_null(strstr(out, "loose?"));
}

static void test_csv_of_all_rows(void **state)
{
    (void)state;
    const char *csv = test_tmp("odds-all.csv");
    assert_int_equal(test_run(out, sizeof out, "%s odds --csv %s", test_bin(), csv), 0);
    assert_int_equal(count_lines(csv), 570);
    char line[1024];
    assert_true(line_starting(csv, "table,row,event,exact,", line, sizeof line));
    assert_true(line_starting(csv, "dealer-trumps,dealer.ge6,", line, sizeof line));
    assert_string_equal(line, "dealer-trumps,dealer.ge6,\"dealer holds at least 6 trumps, turn-up included\","
                              "0.0988649093407485,\"8 to 1 against\",0.111111111111111,,,,,loose?,"
                              "\"epitome-of-whist-1829.txt L2542\",,,\n");
    assert_true(line_starting(csv, "gof,flatness.var,", line, sizeof line));
    assert_true(fabs(field(line, 3) - 2530944.0 / 14161) < 1e-9);
    unlink(csv);
}

/* odds.md S4.6: dds-hands/list1000, 639 distinct deals. */
static void test_corpus_and_fit(void **state)
{
    (void)state;
    const char *csv = test_tmp("odds-fit.csv");
    int st = test_run(out, sizeof out, "%s odds --corpus %s --fit --csv %s 2>&1", test_bin(),
                      test_shared("corpora/dds-hands/list1000.txt"), csv);
    assert_int_equal(st, 0);
    assert_non_null(strstr(out, "corpus: 1000 deals read = 639 distinct + 361 repeats + 0 rejected"));
    assert_non_null(strstr(out, "dealer: record (the deal's dealer); turn-up: all"));
    assert_non_null(strstr(out, "P patterns: X2 18.53 (df 20), p 0.5524"));
    assert_non_null(strstr(out, "L suit lengths: X2 3.96 (df 8), p 0.8607"));
    assert_non_null(strstr(out, "F flatness: mean 198.6041 (random 198.8235), z -0.41, p 0.6782"));
    assert_non_null(strstr(out, "balanced hands: 0.4840"));
    /* what the measured tables rest on */
    char digest[64], want[8192];
    assert_int_equal(test_run(digest, sizeof digest, "%s replay --eval play --conventions long-suit --no-progress %s "
                              "| sed -n 's/^corpus: .*, digest //p'", test_bin(),
                              test_shared("corpora/dds-hands/list1000.txt")), 0);
    digest[strcspn(digest, "\n")] = 0;
    assert_int_equal(strlen(digest), 32);
    snprintf(want, sizeof want, "\ncorpus:   %s: 1000 deals, digest %s\n", test_shared("corpora/dds-hands/list1000.txt"),
             digest);
    assert_non_null(strstr(out, want));
    assert_non_null(strstr(out, "Experiment: each odds table's exact probability beside the books' figure"));
    assert_non_null(strstr(out, "\nsettings: tables all; level 0.95; dealer default; turnup default; format auto;"));
    /* 15 comment lines of provenance (version, command, experiment, 4 of
     * the corpus, 8 settings), the header, 569 rows, then the 10 test rows
     * of S4.4 */
    assert_int_equal(count_lines(csv), 1 + 15 + 569 + 10);
    char line[1024];
    assert_true(line_starting(csv, "# version: ", line, sizeof line));
    assert_true(line_starting(csv, "# input_digest 1: ", line, sizeof line));
    assert_non_null(strstr(line, digest));
    assert_true(line_starting(csv, "# input_deals 1: 1000", line, sizeof line));
    assert_true(line_starting(csv, "table,row,event,exact,historic_text,historic_value,empirical,ci_low,ci_high,n,"
                                   "verdict,source,df,critical_low,critical_high", line, sizeof line));
    assert_true(line_starting(csv, "gof,patterns.chi2,", line, sizeof line));
    /* the degrees of freedom and the test's critical values in their own
     * columns; exact, ci_low, ci_high empty */
    assert_true(field(line, 12) == 20);
    assert_true(isnan(field(line, 3)) && isnan(field(line, 7)) && isnan(field(line, 8)));
    assert_true(fabs(field(line, 13) - 9.591) < 0.001 && fabs(field(line, 14) - 34.170) < 0.001);
    assert_true(fabs(field(line, 6) - 18.53) < 0.005);
    assert_true(field(line, 9) == 4 * 639);
    assert_true(line_starting(csv, "gof,lengths.p,", line, sizeof line));
    assert_true(fabs(field(line, 6) - 0.86) < 0.005);
    assert_true(line_starting(csv, "gof,flatness.z,", line, sizeof line));
    assert_true(fabs(field(line, 6) + 0.41) < 0.005);
    assert_true(line_starting(csv, "gof,flatness.mean,", line, sizeof line));
    assert_true(fabs(field(line, 6) - 198.60) < 0.005);
    assert_true(field(line, 9) == 639);
    /* rows the same in every deal by construction (one card with one of
     * the three others; a 4-card suit in every hand) give no interval, and
     * the text says so (issue 28 item 5); a row that varies keeps its own */
    assert_true(line_starting(csv, "partner-cards,m1.eq1,", line, sizeof line));
    assert_true(fabs(field(line, 6) - 1.0 / 3) < 1e-9 && isnan(field(line, 7)) && isnan(field(line, 8)));
    assert_true(line_starting(csv, "hand-shape,longest.ge4,", line, sizeof line));
    assert_true(field(line, 6) == 1 && isnan(field(line, 7)) && isnan(field(line, 8)));
    assert_true(line_starting(csv, "partner-cards,m2.eq2,", line, sizeof line));
    assert_true(field(line, 7) < field(line, 6) && field(line, 6) < field(line, 8));
    assert_non_null(strstr(out, "  m1.eq1         0.3333333  2 to 1 against         0.333333  exact by construction"));
    /* every hand of every distinct deal counted once */
    assert_true(line_starting(csv, "hcp,eq10,", line, sizeof line));
    assert_true(field(line, 9) == 4 * 639);
    assert_true(line_starting(csv, "suit-splits,n2.2-0.layout,", line, sizeof line));
    assert_true(isnan(field(line, 9))); /* not measurable: n empty */
    unlink(csv);
}

/* Whist records in the one-line format: dealer and turn-up recorded. */
static const char *WHIST_DEALS =
    "n AKQJT98765432... e .AKQJT98765432.. s ..AKQJT98765432. w ...AKQJT98765432 dealer N turnup SA\n"
    "n .AKQJT98765432.. e ..AKQJT98765432. s ...AKQJT98765432 w AKQJT98765432... dealer W turnup S2\n";

static void test_whist_records(void **state)
{
    (void)state;
    char deals[256], csv[256]; /* test_tmp reuses its buffer */
    snprintf(deals, sizeof deals, "%s", test_tmp("whist.txt"));
    snprintf(csv, sizeof csv, "%s", test_tmp("whist.csv"));
    FILE *f = fopen(deals, "w");
    fputs(WHIST_DEALS, f);
    fclose(f);
    assert_int_equal(test_run(out, sizeof out, "%s odds trump-count --corpus %s --csv %s 2>&1", test_bin(), deals, csv),
                     0);
    /* the second deal is the first passed round one seat: counted once */
    assert_non_null(strstr(out, "corpus: 2 deals read = 1 distinct + 1 repeats + 0 rejected"));
    assert_non_null(strstr(out, "turn-up: record"));
    char line[1024];
    assert_true(line_starting(csv, "trump-count,dealer.eq13,", line, sizeof line));
    assert_true(field(line, 6) == 1 && field(line, 9) == 1);
    assert_true(line_starting(csv, "trump-count,nondealer.eq0,", line, sizeof line));
    assert_true(field(line, 6) == 1 && field(line, 9) == 3);
    /* each seat dealing, each card turned up: 4 x 13 pseudo-turn-ups */
    assert_int_equal(test_run(out, sizeof out, "%s odds trump-count --corpus %s --dealer all --turnup all --csv %s 2>&1",
                              test_bin(), deals, csv),
                     0);
    assert_true(line_starting(csv, "trump-count,dealer.eq13,", line, sizeof line));
    assert_true(field(line, 9) == 52);
    unlink(csv);
    unlink(deals);
}

static void test_rejected_deals_are_reported(void **state)
{
    (void)state;
    const char *deals = test_tmp("bad.txt");
    FILE *f = fopen(deals, "w");
    fputs("n AKQJT98765432... e .AKQJT98765432.. s ..AKQJT98765432. w ...AKQJT98765432\n"
          "n AKQJT9876543... e .AKQJT98765432.. s ..AKQJT98765432. w ...AKQJT98765432\n"
          "n AKQJT9876543.2.. e 2.AKQJT9876543.. s ..AKQJT98765432. w ...AKQJT98765432\n",
          f);
    fclose(f);
    int st = test_run(out, sizeof out, "%s odds hcp --corpus %s 2>&1", test_bin(), deals);
    assert_int_equal(st, 1);
    char where[512];
    snprintf(where, sizeof where, "%s:2: ", deals);
    assert_non_null(strstr(out, where));
    assert_non_null(strstr(out, "corpus: 3 deals read = 2 distinct + 0 repeats + 1 rejected"));
    /* --trump turnup: a deal without a turn-up is rejected, with its line */
    st = test_run(out, sizeof out, "%s odds hcp --trump turnup --corpus %s 2>&1", test_bin(), deals);
    assert_int_equal(st, 1);
    snprintf(where, sizeof where, "%s:1: no turn-up card in the deal (--trump turnup)", deals);
    assert_non_null(strstr(out, where));
    assert_int_equal(test_run(out, sizeof out, "%s odds --corpus /nonexistent/x.pbn 2>&1", test_bin()), 3);
    unlink(deals);
}

static void test_usage_errors(void **state)
{
    (void)state;
    static const char *const BAD[] = {
        "odds no-such-table", "odds --level 1.5", "odds --fit", "odds --trump S --corpus x",
        "odds --dealer all --turnup record --corpus x", "odds --turnup sometimes", "odds --fit-mc 0 --corpus x",
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        int st = test_run(out, sizeof out, "%s %s 2>&1", test_bin(), BAD[i]);
        if (st != 2) fail_msg("'%s' exited %d: %s", BAD[i], st, out);
        assert_non_null(strstr(out, "whistlab odds"));
    }
    assert_int_equal(test_run(out, sizeof out, "%s odds --help", test_bin()), 0);
    assert_non_null(strstr(out, "usage: whistlab odds"));
}

/* Every argument is read before any work: a table after the files, a file
 * that is not there (before: the corpus read, then "hand-shape" failed as a
 * file). */
static void test_arguments_first(void **state)
{
    (void)state;
    char wda[256];
    snprintf(wda, sizeof wda, "%s", test_tmp("args.wda"));
    assert_int_equal(test_run(out, sizeof out, "%s deal -n 300 --seed 4 -o %s 2>&1", test_bin(), wda), 0);
    assert_int_equal(test_run(out, sizeof out, "%s odds --fit --corpus %s hand-shape 2>&1", test_bin(), wda), 0);
    assert_non_null(strstr(out, "\nhand-shape: "));
    assert_null(strstr(out, "\nhcp: "));
    assert_non_null(strstr(out, "goodness of fit"));
    assert_int_equal(test_run(out, sizeof out, "%s odds --corpus %s %s hcp 2>&1", test_bin(), wda,
                              test_tmp("absent.wda")),
                     3);
    assert_non_null(strstr(out, "absent.wda: No such file or directory"));
    assert_null(strstr(out, "corpus:")); /* nothing read, nothing printed */
    unlink(wda);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_list_and_tables),
        cmocka_unit_test(test_csv_of_all_rows),
        cmocka_unit_test(test_corpus_and_fit),
        cmocka_unit_test(test_whist_records),
        cmocka_unit_test(test_rejected_deals_are_reported),
        cmocka_unit_test(test_usage_errors),
        cmocka_unit_test(test_arguments_first),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
