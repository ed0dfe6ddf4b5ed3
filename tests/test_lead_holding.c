/* test_lead_holding.c -- the tables by holding led (`whistlab lead FILE
 * --by-holding`, issue 28 item 4): the built-in groups as the books group
 * holdings, the cards each group's columns name, a table file's errors
 * with their line, the tally's numbers on deals whose values are made up
 * here (exact means and shares), and the command on the shipped corpus
 * against an independent count from `lead --csv` (each suit's holding
 * grouped here, each convention's lead matched to it). */
#include <math.h>
#include <stdbool.h>
#include "testutil.h"
#include "analyze/lead/holding_groups.h"
#include "analyze/lead/holding_tally.h"
#include "formats/hand_text.h"

static char out[1 << 16];

static holding_groups builtin;

static void load_builtin(void)
{
    diag_t d = {0};
    if (!holding_groups_parse(&builtin, HOLDINGS_BUILTIN_TEXT, strlen(HOLDINGS_BUILTIN_TEXT), "holdings.tbl", &d))
        fail_msg("holdings.tbl: %s", d.reason);
}

/* The ranks of "AK752" (T for the ten). */
static uint16_t ranks_of(const char *s)
{
    uint16_t r = 0;
    for (; *s; s++) r |= (uint16_t)(1u << rank_from_char((unsigned char)*s));
    return r;
}

static const char *group_name(const holding_groups *g, const char *holding)
{
    int gi = holding_group_of(g, ranks_of(holding));
    return gi < 0 ? "other" : g->g[gi].name;
}

static void test_builtin_groups(void **state)
{
    (void)state;
    load_builtin();
    static const struct {
        const char *holding, *group;
    } CASES[] = {
        {"AK", "A K"},           {"AKQJ", "A K Q J ..."},      {"AKQJ2", "A K Q J ..."},
        {"AKQ", "A K Q ..."},    {"AKQ9", "A K Q ..."},        {"AK5", "A K x ..."},
        {"AKJ52", "A K x ..."},  {"KQJT", "K Q J T ..."},      {"KQJ3", "K Q J ..."},
        {"KQ2", "K Q x ..."},    {"AQJ4", "A Q J ..."},        {"QJT", "Q J T ..."},
        {"KJT8", "K J T ..."},   {"A8765", "A x x x x ..."},   {"AQ765", "A x x x x ..."},
        {"QJ54", "Q J x x ..."}, {"7", "singleton"},           {"A", "singleton"},
        {"95", "doubleton"},     {"KQ", "doubleton"},          {"A93", "A x x"},
        {"K42", "K x x"},        {"962", "x x x"},             {"J62", "Q, J or T x x"},
        {"T98", "Q, J or T x x"}, {"T9872", "four or more others"}, {"AJ52", "four or more others"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++)
        if (strcmp(group_name(&builtin, CASES[i].holding), CASES[i].group))
            fail_msg("%s: '%s', not '%s'", CASES[i].holding, group_name(&builtin, CASES[i].holding), CASES[i].group);
    /* every holding has a group: the table ends with ?, ??, ??? and ????* */
    for (uint32_t r = 1; r < 1u << 13; r++)
        assert_true(holding_group_of(&builtin, (uint16_t)(r << 2)) >= 0);
    /* each group cites its book lines */
    for (int i = 0; i < builtin.n; i++) assert_non_null(strstr(builtin.g[i].source, " L"));
}

static void test_columns(void **state)
{
    (void)state;
    load_builtin();
    int gi = holding_group_of(&builtin, ranks_of("AK752")), rank[HOLDING_MAX_COLS];
    const holding_group *g = &builtin.g[gi];
    assert_string_equal(g->name, "A K x ...");
    assert_int_equal(g->ncols, 5);
    static const char *const COLS[] = {"A", "K", "3rd", "4th", "lowest"};
    for (int c = 0; c < 5; c++) assert_string_equal(g->col[c], COLS[c]);
    holding_group_cards(&builtin, gi, ranks_of("AK752"), rank);
    static const int RANKS[] = {14, 13, 7, 5, 2};
    for (int c = 0; c < 5; c++) assert_int_equal(rank[c], RANKS[c]);
    /* A K x: no 4th, and the lowest is the 3rd already */
    holding_group_cards(&builtin, gi, ranks_of("AK7"), rank);
    assert_int_equal(rank[2], 7);
    assert_int_equal(rank[3], 0);
    assert_int_equal(rank[4], 0);
    /* A K x x: the 4th is the lowest, counted once */
    holding_group_cards(&builtin, gi, ranks_of("AK73"), rank);
    assert_int_equal(rank[3], 3);
    assert_int_equal(rank[4], 0);
    gi = holding_group_of(&builtin, ranks_of("962"));
    assert_int_equal(builtin.g[gi].ncols, 3);
    assert_string_equal(builtin.g[gi].col[2], "3rd");
}

static void test_table_errors(void **state)
{
    (void)state;
    static const struct {
        const char *text, *why;
    } BAD[] = {
        {"AKZ  A K z | foster L1\n", "t.tbl:1: pattern 'AKZ': use the ranks AKQJT98765432"},
        {"# c\nKA  K A | foster L1\n", "t.tbl:2: pattern 'KA': name the ranks highest first, each once"},
        {"A*K  A | foster L1\n", "t.tbl:1: pattern 'A*K': '*' comes last"},
        {"AK  A K\n", "t.tbl:1: expected PATTERN NAME | SOURCE"},
        {"AK  A K |\n", "t.tbl:1: the group cites no book line"},
        {"AK  | foster L1\n", "t.tbl:1: the group has no name"},
        {"AK  A K | foster L1\nAKQ  A K | foster L2\n", "t.tbl:2: a second group named 'A K'"},
        {"# only comments\n", "t.tbl: no group"},
        {"*  any | foster L1\n", "t.tbl:1: pattern '*': name at least one card"},
        {"AK  A K | foster\001 L1\n", "t.tbl:1: a control character in the row"},
        {"AK  A #K | foster L1\n", "t.tbl:1: a '#' in the name"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        holding_groups g;
        diag_t d = {0};
        if (holding_groups_parse(&g, BAD[i].text, strlen(BAD[i].text), "t.tbl", &d)) fail_msg("case %zu accepted", i);
        char got[1200];
        diag_format(got, sizeof got, &d);
        if (!strstr(got, BAD[i].why)) fail_msg("case %zu: '%s', not '%s'", i, got, BAD[i].why);
    }
    holding_groups g;
    diag_t d = {0};
    const char nul[] = "AK  A K | foster L1\n\0Q  Q | x L2\n";
    assert_false(holding_groups_parse(&g, nul, sizeof nul - 1, "t.tbl", &d));
    assert_non_null(strstr(d.reason, "a NUL byte"));
}

/* Two made-up deals, their values by card: exact sums, means and shares. */
static void test_tally(void **state)
{
    (void)state;
    load_builtin();
    holding_tally t;
    holding_tally_init(&t, &builtin, 2);
    hand_t h1, h2;
    diag_t d = {0};
    /* deal 1: spades A K 5 (A K x), hearts (trumps) 9 6 2, diamonds K Q 4 3,
     * clubs J 7 5 (Q, J or T x x); the best lead makes 7 */
    assert_true(hand_parse("S:AK5 H:962 D:KQ43 C:J75", &h1, &d));
    int8_t v1[64];
    memset(v1, -1, sizeof v1);
    for (hand_t h = h1; h; h &= h - 1) v1[hand_lowest(h)] = 5;
    v1[card_parse("SA")] = 7;
    v1[card_parse("SK")] = 6;
    v1[card_parse("S5")] = 4;
    card_t led1[2] = {card_parse("SK"), card_parse("D3")};
    holding_tally_add(&t, h1, SUIT_H, led1, v1);
    /* deal 2: A K x in spades and in diamonds (two suits of one group: one
     * cluster), no trumps held of its groups */
    assert_true(hand_parse("S:AK2 H:876 D:AK9 C:5432", &h2, &d));
    int8_t v2[64];
    memset(v2, -1, sizeof v2);
    for (hand_t h = h2; h; h &= h - 1) v2[hand_lowest(h)] = 3;
    v2[card_parse("DA")] = 4;
    card_t led2[2] = {card_parse("DK"), CARD_NONE};
    holding_tally_add(&t, h2, SUIT_H, led2, v2);
    assert_int_equal(t.deals, 2);
    assert_int_equal(t.valued, 2);
    int akx = holding_group_of(&builtin, ranks_of("AK5"));
    const holding_cell *c = holding_tally_cell(&t, akx, 0);
    assert_int_equal(c->held.n, 3);
    assert_int_equal(c->held.deals, 2);
    assert_int_equal(c->held.multi, 1);
    assert_int_equal(c->led[0].s, 2); /* SK in deal 1, DK in deal 2 */
    assert_int_equal(c->led[1].s, 0);
    double est, lo, hi;
    assert_true(ci_cluster_share(&c->led[0], 0.95, &est, &lo, &hi));
    assert_true(fabs(est - 2.0 / 3.0) < 1e-12);
    /* the A: 7-7 = 0; 3-4 = -1 (spades), 4-4 = 0 (diamonds): mean -1/3, a best lead 2 of 3 */
    assert_int_equal(c->vs_best[0].n, 3);
    assert_int_equal(c->vs_best[0].s, -1);
    assert_int_equal(c->best[0].s, 2);
    /* the K: 6-7 = -1; -1; -1 */
    assert_int_equal(c->vs_best[1].s, -3);
    assert_int_equal(c->best[1].s, 0);
    assert_true(ci_cluster_mean(&c->vs_best[1], 0.95, &est, &lo, &hi));
    assert_true(est == -1.0 && lo == -1.0 && hi == -1.0); /* the same in every deal: no spread */
    /* the 3rd: 4-7 = -3; -1; -1 */
    assert_int_equal(c->vs_best[2].s, -5);
    assert_int_equal(c->vs_best[3].n, 0); /* no 4th */
    /* trumps: x x x in deal 1 (9 6 2), x x x in deal 2 (8 7 6) */
    const holding_cell *tr = holding_tally_cell(&t, holding_group_of(&builtin, ranks_of("962")), 1);
    assert_int_equal(tr->held.n, 2);
    assert_int_equal(tr->vs_best[0].s, (5 - 7) + (3 - 4));
    /* K Q x x in deal 1: the D3 led by the second convention, its lowest */
    const holding_cell *kq = holding_tally_cell(&t, holding_group_of(&builtin, ranks_of("KQ43")), 0);
    assert_int_equal(kq->led[1].s, 1);
    assert_int_equal(kq->vs_best[0].s, -2);
}

/* The group "A K x ..." of a holding: A and K, no Q, three cards or more. */
static bool is_akx(uint16_t r)
{
    return (r >> RANK_A & 1) && (r >> RANK_K & 1) && !(r >> RANK_Q & 1) && __builtin_popcount(r) >= 3;
}

static void test_command(void **state)
{
    (void)state;
    char csv[256], leads[256];
    snprintf(csv, sizeof csv, "%s", test_tmp("holding.csv"));
    snprintf(leads, sizeof leads, "%s", test_tmp("leads.csv"));
    int rc = test_run(out, sizeof out,
                      "%s lead corpora/whist-2000.pbn.gz --values corpora/whist-2000.wdv --by-holding "
                      "--convention long-suit,short-suit --csv %s 2>&1",
                      test_bin(), csv);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "\nA K x ...   [AK?*] foster L1573; dicks L1469 (LS4): \"Holding in this suit Ace "
                                "and King, lead King first, then Ace.\"\n"
                                "  plain suits: 261 held, in 254 deals\n"
                                "    led by long-suit   64.0%  [58.1, 69.5]  (167)\n"
                                "           short-suit  79.3%  [74.1, 83.7]  (207)\n"));
    /* the same counts from the leads themselves, grouped here */
    rc = test_run(out, sizeof out, "%s lead corpora/whist-2000.pbn.gz --convention long-suit,short-suit --csv %s -q",
                  test_bin(), leads);
    assert_int_equal(rc, 0);
    FILE *f = fopen(leads, "r");
    assert_non_null(f);
    char line[512];
    do assert_non_null(fgets(line, sizeof line, f));
    while (line[0] == '#'); /* the provenance, then the header */
    int held = 0, led[2] = {0, 0};
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#') continue; /* the inputs' deals and digests after the last row */
        /* file,line,board,leader,hand,trump,turnup,convention,lead,suit_rule,card_rule */
        char *fld[11];
        int n = 0;
        for (char *p = line; n < 11 && p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL) fld[n++] = p;
        assert_int_equal(n, 11);
        *strchr(fld[4], ',') = 0;
        hand_t h;
        diag_t d = {0};
        assert_true(hand_parse(fld[4], &h, &d));
        int trump = suit_from_char(fld[5][0]), k = strncmp(fld[7], "long-suit,", 10) == 0 ? 0 : 1;
        card_t lead = card_parse((char[3]){fld[8][0], fld[8][1], 0});
        for (int s = SUIT_S; s <= SUIT_C; s++) {
            if (s == trump || !is_akx(hand_suit(h, s))) continue;
            held += k == 0;
            led[k] += card_suit(lead) == s;
        }
    }
    fclose(f);
    assert_int_equal(held, 261);
    assert_int_equal(led[0], 167);
    assert_int_equal(led[1], 207);
    /* the CSV: provenance as # lines, then numbers in numeric columns */
    char *text = test_slurp(csv);
    assert_non_null(text);
    assert_int_equal(strncmp(text, "# whistlab lead --by-holding", 28), 0);
    assert_non_null(strstr(text, "\n# values: corpora/whist-2000.wdv (its corpus's digest "));
    assert_non_null(strstr(text, "\ngroup,pattern,suit,measure,convention,card,n,deals,estimate,ci_low,ci_high\n"));
    assert_non_null(strstr(text, "\nA K x ...,AK?*,plain,held,,,261,254,0.127000,,\n"));
    assert_non_null(strstr(text, "\nA K x ...,AK?*,plain,led,long-suit,,261,254,0.639847,"));
    assert_non_null(strstr(text, "\n\"Q, J or T x x\",???,plain,held,,,"));
    free(text);
    /* the table on standard output, whole: the text goes to standard error */
    rc = test_run(out, sizeof out, "%s lead corpora/whist-2000.pbn.gz --by-holding --convention long-suit --csv - "
                  "2>/dev/null", test_bin());
    assert_int_equal(rc, 0);
    assert_int_equal(strncmp(out, "# whistlab lead --by-holding", 28), 0);
    assert_null(strstr(out, "LEADS BY HOLDING"));
    unlink(csv);
    unlink(leads);
}

static void test_usage(void **state)
{
    (void)state;
    const char *tbl = test_tmp("groups.tbl");
    test_write(tbl, "AK  A K | foster L1\nAKQ  A K Q\n");
    static const struct {
        const char *args, *why;
        int rc;
    } BAD[] = {
        {"--by-holding --simulate 2", "--by-holding goes with files, without --simulate", 2},
        {"--by-holding --plot /tmp/x", "--plot draws the double-dummy values: give --values F.wdv", 2},
        {"--plot /tmp/x", "--holdings, --plot and --plot-format go with --by-holding", 2},
        {"--by-holding --holdings %s", ":2: expected PATTERN NAME | SOURCE", 2},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        char args[512];
        snprintf(args, sizeof args, BAD[i].args, tbl);
        int rc = test_run(out, sizeof out, "%s lead corpora/whist-2000.pbn.gz %s 2>&1", test_bin(), args);
        if (rc != BAD[i].rc || !strstr(out, BAD[i].why)) fail_msg("%s: exit %d: %s", args, rc, out);
    }
    /* the figure never overwrites an input */
    char dir[256];
    snprintf(dir, sizeof dir, "%s", test_tmp("figdir"));
    int rc = test_run(out, sizeof out, "mkdir -p %s && cp corpora/whist-2000.pbn.gz %s/by-holding.gp && %s lead "
                      "%s/by-holding.gp --values corpora/whist-2000.wdv --by-holding --plot %s 2>&1",
                      dir, dir, test_bin(), dir, dir);
    assert_int_equal(rc, 2);
    assert_non_null(strstr(out, "by-holding.gp: refusing to overwrite an input"));
    test_run(out, sizeof out, "rm -rf %s", dir);
    /* a table of one's own: every holding not of it is "other" */
    test_write(tbl, "AK?*  A K and more | foster L1573\n");
    rc = test_run(out, sizeof out, "%s lead corpora/whist-2000.pbn.gz --by-holding --convention long-suit "
                      "--holdings %s 2>/dev/null", test_bin(), tbl);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "\nA K and more   [AK?*] foster L1573\n  plain suits: 355 held, in 340 deals\n"));
    assert_non_null(strstr(out, "\nother (no row of the table matches)\n"));
    unlink(tbl);
}

/* The figure: its data exact, a hostile group name a string of the data
 * file and nothing gnuplot runs. */
static void test_figure(void **state)
{
    (void)state;
    char dir[256], tbl[256], mark[256];
    snprintf(dir, sizeof dir, "%s", test_tmp("fig"));
    snprintf(tbl, sizeof tbl, "%s", test_tmp("hostile.tbl"));
    snprintf(mark, sizeof mark, "/tmp/wlp%d", (int)getpid() % 100000);
    char text[512];
    snprintf(text, sizeof text, "AK?*  A K x' \"q\" `touch %s` @m | foster L1573\n????*  four+ | foster L1553\n", mark);
    test_write(tbl, text);
    int rc = test_run(out, sizeof out, "rm -rf %s && %s lead corpora/whist-2000.pbn.gz --values corpora/whist-2000.wdv "
                      "--by-holding --convention long-suit --holdings %s --plot %s 2>&1",
                      dir, test_bin(), tbl, dir);
    if (rc != 0) fail_msg("exit %d: %s", rc, out);
    char path[300];
    snprintf(path, sizeof path, "%s/by-holding.dat", dir);
    char *dat = test_slurp(path);
    assert_non_null(dat);
    char want[512];
    snprintf(want, sizeof want,
             "\n4.14 \"A K x' 'q' `touch %s` @m\" \"A\" -0.1464788732 -0.1847281104 -0.1082296361 0 355\n", mark);
    if (!strstr(dat, want)) fail_msg("no '%s' in:\n%s", want, dat);
    free(dat);
    snprintf(path, sizeof path, "%s/by-holding.svg", dir);
    assert_int_equal(access(path, R_OK), 0);
    assert_int_not_equal(access(mark, F_OK), 0);
    test_run(out, sizeof out, "rm -rf %s %s", dir, tbl);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_builtin_groups), cmocka_unit_test(test_columns), cmocka_unit_test(test_table_errors),
        cmocka_unit_test(test_tally),          cmocka_unit_test(test_command), cmocka_unit_test(test_usage),
        cmocka_unit_test(test_figure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
