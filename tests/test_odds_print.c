/* test_odds_print.c -- the odds tables as a reader meets them: the books'
 * small-integer form of the odds beside the exact N to 1, lines of at most
 * 100 columns unless --wide, each figure of the Epitome's part B with its own
 * direction, the corpus columns with their interval and n, the verdicts the
 * documentation lists, and the legend. */
#include <stdbool.h>
#include "testutil.h"
#include "analyze/odds/odds_report.h"
#include "analyze/odds/odds_tables.h"

static char out[1 << 20];

static const odds_row *row_of(const char *table, const char *id)
{
    int n;
    const odds_row *rows = odds_rows(&n);
    int i = odds_row_find(table, id);
    assert_true(i >= 0 && i < n);
    return &rows[i];
}

static void assert_form(rational p, bool direction, const char *expected)
{
    char buf[64];
    odds_book_form(p, direction, buf, sizeof buf);
    assert_string_equal(buf, expected);
}

static void test_the_books_form(void **state)
{
    (void)state;
    /* exact small ratios stay as they are */
    assert_form(rat_make(12, 25), true, "13 to 12 against"); /* two-hands m2.eq1's mirror */
    assert_form(rat_make(13, 25), true, "13 to 12 on");
    assert_form(rat_make(5, 9), true, "5 to 4 on");
    assert_form(rat_make(2, 19), true, "17 to 2 against");
    assert_form(rat_make(2, 19), false, "17 to 2");
    assert_form(rat_make(1, 3), true, "2 to 1 against");
    /* the nearest with terms up to 20: 32 to 25 = 1.28 is nearest 9 to 7 (1.2857) */
    assert_form(row_of("partner-cards", "m2.ge1")->exact, true, "9 to 7 on");
    /* 5177 : 1150 = 4.5017 is about 9 to 2, not the Epitome's 4 to 1 */
    assert_form(row_of("partner-cards", "m4.ge1")->exact, true, "9 to 2 on");
    assert_form(row_of("dealer-trumps", "dealer.ge4")->exact, true, "7 to 5 on"); /* the Epitome's own */
    assert_form(row_of("dealer-trumps", "nondealer.ge4")->exact, true, "9 to 5 against");
    /* beyond 20 to 1: N rounded, its thousands grouped, big ones in words */
    assert_form(row_of("dealer-trumps", "dealer.ge7")->exact, true, "44 to 1 against");
    assert_form(row_of("dealer-trumps", "dealer.ge10")->exact, true, "77,065 to 1 against");
    assert_form(row_of("dealer-trumps", "dealer.ge11")->exact, true, "3,215,258 to 1 against");
    assert_form(row_of("dealer-trumps", "nondealer.ge11")->exact, true, "53.3 million to 1 against");
    assert_form(row_of("dealer-trumps", "dealer.ge13")->exact, true, "159 billion to 1 against");
    assert_form(row_of("suit-length", "eq13")->exact, true, "635 billion to 1 against");
    /* the words at the ends */
    assert_form(rat_make(1, 2), true, "evens");
    assert_form(rat_make(416, 833), true, "about evens"); /* 417 to 416 against */
    assert_form(rat_int_value(1), true, "certain");
    assert_form(rat_int_value(0), true, "impossible");
    /* the exact N beside it, never with an exponent */
    char buf[64];
    odds_n_text(row_of("dealer-trumps", "dealer.ge13")->exact, buf, sizeof buf);
    assert_string_equal(buf, "158753389899");
    odds_n_text(row_of("dealer-trumps", "nondealer.ge4")->exact, buf, sizeof buf);
    assert_string_equal(buf, "1.789642");
    odds_n_text(rat_int_value(1), buf, sizeof buf);
    assert_string_equal(buf, "");
    /* every probability row has a books' form of at most 25 characters */
    int n;
    const odds_row *rows = odds_rows(&n);
    for (int i = 0; i < n; i++) {
        if (rows[i].moment) continue;
        odds_book_form(rows[i].exact, true, buf, sizeof buf);
        assert_true(strlen(buf) <= 25);
        assert_null(strstr(buf, "e+"));
    }
}

/* The verdicts given are those of odds_verdicts (a ? aside), and README.md
 * and whistlab.1 name every one of them. */
static void test_verdicts_are_the_documented_ones(void **state)
{
    (void)state;
    int nv, n, used[16] = {0};
    const odds_verdict_info *v = odds_verdicts(&nv);
    assert_int_equal(nv, 9);
    const odds_row *rows = odds_rows(&n);
    for (int i = 0; i < n; i++) {
        if (!rows[i].hist) continue;
        char name[32];
        snprintf(name, sizeof name, "%s", odds_verdict(rows[i].hist, rows[i].exact));
        size_t len = strlen(name);
        if (len && name[len - 1] == '?') name[len - 1] = 0;
        int k = 0;
        while (k < nv && strcmp(v[k].name, name) != 0) k++;
        if (k == nv) fail_msg("%s,%s: verdict '%s' is not listed", rows[i].table, rows[i].id, name);
        used[k]++;
    }
    static const char *const DOCS[] = {"README.md", "whistlab.1"};
    static char text[1 << 20];
    for (int d = 0; d < 2; d++) {
        FILE *f = fopen(DOCS[d], "r");
        assert_non_null(f);
        size_t len = fread(text, 1, sizeof text - 1, f);
        text[len] = 0;
        fclose(f);
        /* the odds command's paragraph, up to the next command's */
        const char *at = strstr(text, d == 0 ? "#### `whistlab odds" : ".B odds ");
        assert_non_null(at);
        const char *end = strstr(at + 10, d == 0 ? "\n####" : "\n.TP");
        assert_non_null(end);
        for (int k = 0; k < nv; k++) {
            char word[40];
            snprintf(word, sizeof word, d == 0 ? "`%s`" : "\\fB%s\\fR", v[k].name);
            const char *w = strstr(at, word);
            if (!w || w > end) fail_msg("%s does not list the verdict %s", DOCS[d], v[k].name);
        }
        const char *q = strstr(at, d == 0 ? "`?`" : "\\fB?\\fR");
        assert_true(q && q < end);
    }
    assert_true(used[0] > 0 && used[1] > 0 && used[5] > 0 && used[7] > 0 && used[8] > 0);
}

/* The longest line of text and whether some line holds needle. */
static int longest_line(const char *text)
{
    int longest = 0, len = 0;
    for (const char *p = text; *p; p++) {
        if (*p == '\n') {
            if (len > longest) longest = len;
            len = 0;
        } else len++;
    }
    return len > longest ? len : longest;
}

static const char *corpus(void)
{
    static char path[256];
    if (!path[0]) {
        snprintf(path, sizeof path, "%s", test_tmp("print.wda"));
        assert_int_equal(test_run(out, sizeof out, "%s deal -n 2000 --seed 11 -o %s 2>&1", test_bin(), path), 0);
    }
    return path;
}

static void test_lines_fit_unless_wide(void **state)
{
    (void)state;
    assert_int_equal(test_run(out, sizeof out, "%s odds", test_bin()), 0);
    assert_true(longest_line(out) <= 100);
    /* the books' form beside the exact N to 1, the book's figure under its row */
    assert_non_null(strstr(out, "  m2.eq1            13/25  0.52  13 to 12 on       1.083333\n"));
    assert_non_null(strstr(out, "      book (foster L566): the odds are against both King and Queen being in one "
                                "hand  [holds]\n"));
    assert_null(strstr(out, "e+1"));
    assert_int_equal(test_run(out, sizeof out, "%s odds --corpus %s", test_bin(), corpus()), 0);
    assert_true(longest_line(out) <= 100);
    assert_non_null(strstr(out, "(--wide adds: "));
    assert_int_equal(test_run(out, sizeof out, "%s odds --wide --corpus %s", test_bin(), corpus()), 0);
    assert_true(longest_line(out) > 100);
    assert_null(strstr(out, "(--wide adds: "));
    assert_non_null(strstr(out, "epitome-of-whist-1829.txt L2470"));
}

/* Part B: each figure with its own direction ("in favour of 1.789642 to 1
 * against" before), and with a corpus each column with its interval and n. */
static void test_dealer_trumps(void **state)
{
    (void)state;
    assert_int_equal(test_run(out, sizeof out, "%s odds dealer-trumps", test_bin()), 0);
    assert_non_null(strstr(out, "         4  7 to 5 on                 rounded   9 to 5 against             lost?\n"));
    assert_null(strstr(out, "in favour of "));
    assert_non_null(strstr(out, "book (epitome): dealer 39 1/2 to 1 in favour, L2506; non-dealer 7 2/3 to 1 in "
                                "favour, L2509\n"));
    assert_int_equal(test_run(out, sizeof out, "%s odds dealer-trumps --corpus %s", test_bin(), corpus()), 0);
    for (int k = 1; k <= 12; k++)
        for (int w = 0; w < 2; w++) {
            if (w && k > 12) continue;
            char id[32];
            snprintf(id, sizeof id, "\n  %s.ge%d ", w ? "nondealer" : "dealer", k);
            const char *line = strstr(out, id);
            assert_non_null(line);
            const char *eol = strchr(line + 1, '\n');
            /* an estimate with its interval, and n: 2000 deals, 1 or 3 a deal;
             * the dealer's first trump, the turn-up, is there in every deal:
             * exact by construction, no interval */
            const char *ci = strstr(line, k == 1 && !w ? " exact by construction " : " [");
            assert_true(ci && ci < eol);
            char n[16];
            snprintf(n, sizeof n, " %d\n", w ? 6000 : 2000);
            assert_true(strstr(line, n) == eol - strlen(n) + 1);
        }
    assert_int_equal(test_run(out, sizeof out, "%s odds dealer-trumps --wide --corpus %s", test_bin(), corpus()), 0);
    assert_non_null(strstr(out, "dealer empirical  95% CI"));
    assert_non_null(strstr(out, "non-dealer empirical  95% CI"));
}

static void test_legend(void **state)
{
    (void)state;
    assert_int_equal(test_run(out, sizeof out, "%s odds claims", test_bin()), 0);
    const char *legend = strstr(out, "\nlegend\n");
    assert_non_null(legend);
    assert_non_null(strstr(legend, "foster-whist-family.txt"));
    assert_non_null(strstr(legend, "L1483 = line 1483 of"));
    assert_non_null(strstr(legend, "tu./tud."));
    assert_non_null(strstr(legend, "holds: "));
    assert_null(strstr(legend, "empirical:")); /* the corpus columns only with a corpus */
    assert_int_equal(test_run(out, sizeof out, "%s odds claims --corpus %s", test_bin(), corpus()), 0);
    assert_non_null(strstr(strstr(out, "\nlegend\n"), "empirical:"));
    unlink(corpus());
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_books_form),
        cmocka_unit_test(test_verdicts_are_the_documented_ones),
        cmocka_unit_test(test_lines_fit_unless_wide),
        cmocka_unit_test(test_dealer_trumps),
        cmocka_unit_test(test_legend),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
