/* test_claims.c -- `whistlab claims` (issue 26 item 4): the built-in claims
 * quote the books at their lines; a malformed claims file is refused as
 * file:line: reason; the verdict rules on constructed numbers; an odds
 * claim's exact value; a corpus share and a double-dummy difference each
 * recomputed by another path (the deals counted by hand, replay's per-deal
 * table); the same numbers for any number of threads; a lost input gives
 * INCOMPLETE in the report and the CSV and a non-zero exit. */
#include <ctype.h>
#include <math.h>
#include "testutil.h"
#include "csv_typed.h"
#include "analyze/claims/claims.h"
#include "formats/deal_stream.h"

#define CORPUS "corpora/whist-2000.pbn.gz"
#define STORE "corpora/whist-2000.wdv"

static char out[1 << 17];

static bool parse_text(const char *text, claim_set *s, diag_t *d)
{
    return claims_parse(text, strlen(text), "t.tbl", s, d);
}

/* Runs s over files with o, every result into res. */
static void run(const claim_set *s, const claims_opts *o, const char *const files[], int nfiles,
                claims_account *acc, input_account *inputs, claim_result *res)
{
    diag_t d = {0};
    memset(acc, 0, sizeof *acc);
    acc->ninputs = nfiles;
    acc->inputs = inputs;
    if (claims_run(s, "t.tbl", o, files, nfiles, acc, res, &d) != CLAIMS_DONE) fail_msg("claims_run: %s", d.reason);
}

/* Runs of blanks as one, in place. */
static void squeeze(char *s)
{
    char *o = s;
    bool blank = false;
    for (; *s; s++) {
        if (isspace((unsigned char)*s)) {
            if (!blank) *o++ = ' ';
            blank = true;
        } else {
            *o++ = *s;
            blank = false;
        }
    }
    *o = 0;
}

/* Every built-in claim of the five books quotes its book at its lines. */
static void test_builtin_quotes_books(void **state)
{
    (void)state;
    static const char *const FILES[][2] = {
        {"foster", "seeds/foster-whist-family.txt"},         {"dicks", "seeds/dicks-handbook-of-whist-1884.txt"},
        {"hogarth", "seeds/hogarth-essence-of-whist-1888.txt"}, {"linderfelt", "seeds/linderfelt-preference-1885.txt"},
        {"epitome", "seeds/epitome-of-whist-1829.txt"}};
    claim_set s;
    diag_t d = {0};
    assert_true(claims_parse(CLAIMS_BUILTIN_TEXT, strlen(CLAIMS_BUILTIN_TEXT), CLAIMS_BUILTIN_NAME, &s, &d));
    assert_true(s.n >= 25);
    int checked = 0;
    for (int j = 0; j < s.n; j++) {
        const claim *c = &s.claim[j];
        if (!c->line_from) continue; /* Hoyle: outside the five books */
        const char *file = NULL;
        for (size_t f = 0; f < 5; f++)
            if (strcmp(FILES[f][0], c->book) == 0) file = FILES[f][1];
        if (!file) fail_msg("%s: unknown book %s", c->id, c->book);
        char *text = test_slurp(test_shared(file));
        assert_non_null(text);
        static char lines[1 << 14];
        size_t k = 0;
        uint32_t at = 1;
        for (const char *p = text; *p && at <= c->line_to; p++) {
            if (at >= c->line_from && k + 2 < sizeof lines) lines[k++] = *p == '\n' ? ' ' : *p;
            if (*p == '\n') at++;
        }
        lines[k] = 0;
        squeeze(lines);
        char words[CLAIM_TEXT_LEN];
        snprintf(words, sizeof words, "%s", c->words);
        squeeze(words);
        if (!strstr(lines, words)) fail_msg("%s: \"%s\" is not at %s L%u-%u", c->id, words, c->book, c->line_from, c->line_to);
        checked++;
        free(text);
    }
    assert_true(checked >= 25);
    claims_free(&s);
}

/* A malformed claims file is refused with its line and reason, nothing kept. */
static void test_malformed_file_line_reason(void **state)
{
    (void)state;
    static const struct {
        const char *text, *diag;
    } CASES[] = {
        {"# c\nclaim a\nbook dicks x\n", "t.tbl:3: book: expected NAME LINE, NAME FIRST-LAST (e.g. dicks 1398-1399) or NAME ext"},
        {"claim a\nbook dicks 1\nwords w\nshort s\nclaim b\n", "t.tbl:1: claim without a test (test ...)"},
        {"book dicks 1\n", "t.tbl:1: expected \"claim ID\" first"},
        {"claim a\nbook dicks 1\nwords w\nshort s\ntest share = 1/2\n",
         "t.tbl:5: test: share = P only for P 0 or 1 (a certainty); otherwise > or <"},
        {"claim a\nbook dicks 1\nwords w\nshort s\ntest dd x >= y\n",
         "t.tbl:5: test: expected \"dd X > Y\" or \"play X < Y\" (X, Y conventions)"},
        {"claim a\nbook dicks 1\nwords w\nshort s\ntest share > 1/2\n", "t.tbl:1: a share test needs an event (event EXPR)"},
        {"claim a\nclaim a\n", "t.tbl:1: claim without a book line (book NAME LINE)"},
        {"claim a\ncolour red\n", "t.tbl:2: unknown key (claim, book, words, short, test, where, event, reason)"},
        {"claim a b\n", "t.tbl:1: claim: expected an id of letters, digits, '-', '_', '.' (at most 47)"},
        {"\n# nothing\n", "t.tbl: no claims"},
        {"claim a\nwords ring \a the bell\n", "t.tbl:2: a control character"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        claim_set s = {0};
        diag_t d = {0};
        char line[512];
        if (parse_text(CASES[i].text, &s, &d)) fail_msg("case %zu accepted", i);
        diag_format(line, sizeof line, &d);
        assert_string_equal(line, CASES[i].diag);
        assert_null(s.claim);
        assert_int_equal(s.n, 0);
    }
    /* a NUL byte */
    claim_set s;
    diag_t d = {0};
    assert_false(claims_parse("claim a\n\0x\n", 10, "t.tbl", &s, &d));
    assert_int_equal(d.line, 2);
    /* a claim whose convention or condition is unknown is refused when run */
    assert_true(parse_text("claim a\nbook dicks 1\nwords w\nshort s\ntest dd long-suit > nosuch\n", &s, &d));
    claims_opts o = {.threads = 1};
    claims_account acc = {0};
    claim_result r;
    assert_int_equal(claims_run(&s, "t.tbl", &o, NULL, 0, &acc, &r, &d), CLAIMS_REFUSED);
    assert_int_equal(d.line, 1);
    assert_non_null(strstr(d.reason, "claim a: "));
    claims_free(&s);
}

static void test_verdict_rules(void **state)
{
    (void)state;
    assert_int_equal(claims_verdict_paired(CLAIM_GT, 100, 0.01, 0.2), VERDICT_SUPPORTED);
    assert_int_equal(claims_verdict_paired(CLAIM_GT, 100, -0.2, -0.01), VERDICT_CONTRADICTED);
    assert_int_equal(claims_verdict_paired(CLAIM_GT, 100, -0.01, 0.2), VERDICT_NOT_SIGNIFICANT);
    assert_int_equal(claims_verdict_paired(CLAIM_GT, 100, 0.0, 0.0), VERDICT_NOT_SIGNIFICANT);
    assert_int_equal(claims_verdict_paired(CLAIM_LT, 100, -0.2, -0.01), VERDICT_SUPPORTED);
    assert_int_equal(claims_verdict_paired(CLAIM_LT, 100, 0.01, 0.2), VERDICT_CONTRADICTED);
    assert_int_equal(claims_verdict_paired(CLAIM_GT, 1, 0.5, 0.5), VERDICT_NOT_TESTABLE);
    assert_int_equal(claims_verdict_paired(CLAIM_GT, 5, NAN, NAN), VERDICT_NOT_TESTABLE);
    rational half = rat_make(1, 2), one = rat_make(1, 1), zero = rat_make(0, 1);
    assert_int_equal(claims_verdict_share(CLAIM_GT, half, 100, 70, 0.6, 0.78), VERDICT_SUPPORTED);
    assert_int_equal(claims_verdict_share(CLAIM_GT, half, 100, 30, 0.22, 0.4), VERDICT_CONTRADICTED);
    assert_int_equal(claims_verdict_share(CLAIM_GT, half, 100, 52, 0.42, 0.62), VERDICT_NOT_SIGNIFICANT);
    assert_int_equal(claims_verdict_share(CLAIM_LT, half, 100, 30, 0.22, 0.4), VERDICT_SUPPORTED);
    assert_int_equal(claims_verdict_share(CLAIM_EQ, one, 100, 100, 0.96, 1.0), VERDICT_SUPPORTED);
    assert_int_equal(claims_verdict_share(CLAIM_EQ, one, 100, 99, 0.95, 1.0), VERDICT_CONTRADICTED);
    assert_int_equal(claims_verdict_share(CLAIM_EQ, zero, 100, 0, 0.0, 0.04), VERDICT_SUPPORTED);
    assert_int_equal(claims_verdict_share(CLAIM_GT, half, 0, 0, NAN, NAN), VERDICT_NOT_TESTABLE);
    assert_int_equal(claims_verdict_odds("exact"), VERDICT_SUPPORTED);
    assert_int_equal(claims_verdict_odds("rounded?"), VERDICT_SUPPORTED);
    assert_int_equal(claims_verdict_odds("holds"), VERDICT_SUPPORTED);
    assert_int_equal(claims_verdict_odds("loose"), VERDICT_CONTRADICTED);
    assert_int_equal(claims_verdict_odds("fails"), VERDICT_CONTRADICTED);
    assert_int_equal(claims_verdict_odds("lost"), VERDICT_NOT_TESTABLE);
    assert_string_equal(claims_verdict_name(VERDICT_NOT_SIGNIFICANT), "not significant");
}

/* Pole's "probably your partner will hold honors" (dicks L1695): 5177/6327
 * exactly, 1 - C(8,4)... as `whistlab odds claims` has it; and the Epitome's
 * "4 to 1 in favour of his having 1 or more of 4" is loose: 5177/6327 is
 * 4.50 to 1. */
static void test_odds_exact_value(void **state)
{
    (void)state;
    claim_set s;
    diag_t d = {0};
    assert_true(parse_text("claim a\nbook dicks 1695\nwords w\nshort s\ntest odds claims dicks-L1695.ge1\n"
                           "claim b\nbook epitome 2483\nwords w\nshort s\ntest odds partner-cards m4.ge1\n"
                           "claim c\nbook foster 1990\nwords w\nshort s\ntest none\nreason one deal\n",
                           &s, &d));
    claims_opts o = {.threads = 1};
    claims_account acc;
    claim_result r[3];
    run(&s, &o, NULL, 0, &acc, NULL, r);
    assert_true(r[0].exact);
    assert_true(rat_eq(r[0].exact_value, rat_make(5177, 6327)));
    assert_int_equal(r[0].verdict, VERDICT_SUPPORTED);
    assert_true(rat_eq(r[1].exact_value, rat_make(5177, 6327)));
    assert_int_equal(r[1].verdict, VERDICT_CONTRADICTED);
    assert_string_equal(r[1].note, "book's figure loose");
    assert_int_equal(r[2].verdict, VERDICT_NOT_TESTABLE);
    assert_string_equal(r[2].note, "one deal");
    claims_free(&s);
}

/* Pole's five small trumps over the shipped corpus: the deals where the
 * eldest hand holds exactly five trumps, none an honour, and those where
 * his partner holds one, counted here from the cards. */
static void test_share_recomputed(void **state)
{
    (void)state;
    claim_set s;
    diag_t d = {0};
    assert_true(parse_text("claim a\nbook dicks 1695\nwords w\nshort s\ntest share > 1/2\n"
                           "where trumps(leader) == 5 && honours(leader) == 0\nevent honours(third) >= 1\n",
                           &s, &d));
    const char *files[] = {CORPUS};
    input_account inputs[1] = {0};
    claims_opts o = {.threads = 2};
    input_opts_init(&o.input);
    claims_account acc;
    claim_result r;
    run(&s, &o, files, 1, &acc, inputs, &r);
    assert_int_equal(acc.read, 2000);
    assert_int_equal(acc.read, acc.accepted + acc.rejected + acc.left + acc.repeats);

    ds_opts so = {.input = o.input, .whist = true};
    deal_stream *in = deal_stream_open(&so, files, 1);
    assert_non_null(in);
    ds_item it;
    uint64_t n = 0, hits = 0;
    while (deal_stream_next(in, &it)) {
        if (it.kind != DS_DEAL) continue;
        for (int w = 0; w < it.n; w++) {
            const deal_t *x = &it.whist[w];
            int leader = (x->dealer + 1) & 3, trump = x->strain;
            if (trump > SUIT_C) continue;
            uint16_t honours = 0x7800; /* J Q K A: ranks 11..14 */
            uint16_t mine = hand_suit(x->hand[leader], trump), his = hand_suit(x->hand[seat_partner(leader)], trump);
            if (__builtin_popcount(mine) != 5 || (mine & honours)) continue;
            n++;
            hits += (his & honours) != 0;
        }
    }
    deal_stream_close(in);
    assert_true(n > 10);
    assert_int_equal(r.n, n);
    assert_int_equal(r.hits, hits);
    assert_true(rat_eq(r.exact_value, rat_make((rat_int)hits, (rat_int)n)));
    assert_true(r.lo < r.value && r.value < r.hi);
    claims_free(&s);
}

/* Pole against the master-card system, double-dummy from the store: the
 * mean difference equals the one replay's per-deal table gives. */
static void test_dd_recomputed_by_replay(void **state)
{
    (void)state;
    const char *csv = test_tmp("claims-deals.csv");
    assert_int_equal(test_run(out, sizeof out,
                              "%s replay " CORPUS " --values " STORE " --conventions long-suit-pole,master-card "
                              "--csv-deals %s -q >/dev/null 2>&1; echo $?",
                              test_bin(), csv),
                     0);
    assert_string_equal(out, "0\n");
    char *table = test_slurp(csv);
    assert_non_null(table);
    long long sum = 0, n = 0;
    int pole = -1;
    for (char *line = strchr(table, '\n') + 1; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        /* the column tricks is the 13th; the convention the 9th */
        char *f[20];
        char buf[512];
        size_t len = strcspn(line, "\n");
        memcpy(buf, line, len);
        buf[len] = 0;
        int k = 0;
        for (char *p = strtok(buf, ","); p && k < 20; p = strtok(NULL, ",")) f[k++] = p;
        if (k < 13 || line[0] == '#' || strcmp(f[8], "convention") == 0) continue; /* comments, the header */
        int tricks = atoi(f[12]);
        if (strcmp(f[8], "long-suit-pole") == 0) pole = tricks;
        else {
            sum += pole - tricks;
            n++;
        }
    }
    free(table);
    remove(csv);
    assert_int_equal(n, 2000);

    claim_set s;
    diag_t d = {0};
    assert_true(parse_text("claim a\nbook dicks 1398\nwords w\nshort s\ntest dd long-suit-pole > master-card\n", &s, &d));
    dd_store *store = dd_store_open(STORE, &d);
    assert_non_null(store);
    const char *files[] = {CORPUS};
    input_account inputs[1] = {0};
    claims_opts o = {.threads = 1, .values = store, .seed = 1};
    input_opts_init(&o.input);
    claims_account acc;
    claim_result r;
    run(&s, &o, files, 1, &acc, inputs, &r);
    assert_true(acc.store_matches);
    assert_int_equal(r.n, 2000);
    assert_true(fabs(r.value - (double)sum / (double)n) < 1e-12);
    assert_true(r.lo < r.value && r.value < r.hi);
    dd_store_close(store);
    claims_free(&s);
}

/* The built-in claims on the shipped corpus: the same report for 1 and 3
 * threads (but the command line), every deal accounted for. */
static void test_threads_same_numbers(void **state)
{
    (void)state;
    static char one[1 << 16];
    assert_int_equal(test_run(one, sizeof one, "%s claims --threads 1 | grep -v '^command:'", test_bin()), 0);
    assert_int_equal(test_run(out, sizeof out, "%s claims --threads 3 | grep -v '^command:'", test_bin()), 0);
    assert_string_equal(one, out);
    assert_non_null(strstr(out, "deals: 2000 read = 2000 accepted + 0 rejected + 0 left by --where + 0 repeats"));
    assert_non_null(strstr(out, "hogarth-numerical-strength.dd"));
    assert_null(strstr(out, "INCOMPLETE"));
}

/* A corpus cut short: INCOMPLETE in the report and in every CSV row, exit 3;
 * a malformed --claims file: file:line: reason, exit 2. */
static void test_lost_input_incomplete(void **state)
{
    (void)state;
    char cut[256], csv[256];
    snprintf(cut, sizeof cut, "%s", test_tmp("claims-cut.pbn.gz"));
    snprintf(csv, sizeof csv, "%s", test_tmp("claims.csv"));
    assert_int_equal(test_run(out, sizeof out, "head -c 20000 " CORPUS " > %s", cut), 0);
    int rc = test_run(out, sizeof out, "%s claims %s --csv %s 2>/dev/null", test_bin(), cut, csv);
    assert_int_equal(rc, 3);
    assert_non_null(strstr(out, "INCOMPLETE"));
    char *table = test_slurp(csv);
    assert_non_null(table);
    /* what the table rests on first, as the summary CSV's (issue 28 item 2) */
    assert_true(strncmp(table, "# version: ", 11) == 0);
    assert_non_null(strstr(table, "\n# input_digest 1: "));
    assert_non_null(strstr(table, "\n# status: INCOMPLETE: "));
    /* every numeric column loads as numbers: the exact value too, its
     * fraction in a column of its own */
    assert_true(test_csv_typed(csv, "id,book,line_from,line_to,words,kind,test,where,event,short,measure,value,"
                                    "ci_lo,ci_hi,exact,exact_fraction,n,hits,verdict,note,status",
                               "line_from,line_to,value,ci_lo,ci_hi,exact,n,hits") >= 25);
    assert_non_null(strstr(table, ",0.5894828663,13201574121/22395178684,"));
    int rows = 0;
    for (char *p = strstr(table, "\nid,book,"); p && p[1]; p = strchr(p + 1, '\n')) {
        if (p == strstr(table, "\nid,book,")) continue; /* the header */
        rows++;
        size_t len = strcspn(p + 1, "\n");
        char row[2048];
        snprintf(row, sizeof row, "%.*s", (int)len, p + 1);
        if (!strstr(row, "INCOMPLETE")) fail_msg("a CSV row without INCOMPLETE: %s", row);
    }
    assert_true(rows >= 25);
    free(table);
    remove(cut);
    remove(csv);

    const char *bad = test_tmp("claims-bad.tbl");
    FILE *f = fopen(bad, "w");
    assert_non_null(f);
    fputs("claim a\nbook dicks 12\nwords w\nshort s\ntest play long-suit\n", f);
    fclose(f);
    rc = test_run(out, sizeof out, "%s claims --claims %s 2>&1 >/dev/null", test_bin(), bad);
    assert_int_equal(rc, 2);
    char want[512];
    snprintf(want, sizeof want, "%s:5: test: expected \"dd X > Y\" or \"play X < Y\" (X, Y conventions)", bad);
    assert_non_null(strstr(out, want));
    remove(bad);
}

/* The settings line, made from the option table's rows (opt_settings): the
 * same text, in the same order, as the report has always stated it; the
 * leader not given is "the deal's". */
static void test_settings_line(void **state)
{
    (void)state;
    assert_int_equal(test_run(out, sizeof out,
                              "%s claims corpora/dds-list1000.pbn.gz --format pbn --trump s --seed 7 "
                              "--where 'trumps(leader)>=4' --leader w | sed -n '/^settings/,/^deals/p'",
                              test_bin()),
                     0);
    assert_string_equal(out,
                        "settings: claims built-in claims.tbl (digest 58f33b620949e94d632508a39dce4d18, 40 claims);\n"
                        "          values none: the dd claims are not testable; format pbn; trump s; leader w;\n"
                        "          where trumps(leader)>=4; seed 7; signals off; level 0.95\n"
                        "deals: 1000 read = 401 accepted + 0 rejected + 599 left by --where + 0 repeats; "
                        "401 whist deals\n");
    assert_int_equal(test_run(out, sizeof out, "%s claims corpora/dds-list1000.pbn.gz | sed -n '/^settings/,/^deals/p'",
                              test_bin()),
                     0);
    assert_string_equal(out,
                        "settings: claims built-in claims.tbl (digest 58f33b620949e94d632508a39dce4d18, 40 claims);\n"
                        "          values none: the dd claims are not testable; format auto; trump auto; leader the deal's;\n"
                        "          seed 1; signals off; level 0.95\n"
                        "deals: 1000 read = 1000 accepted + 0 rejected + 0 left by --where + 0 repeats; "
                        "1000 whist deals\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_builtin_quotes_books),
        cmocka_unit_test(test_malformed_file_line_reason),
        cmocka_unit_test(test_verdict_rules),
        cmocka_unit_test(test_odds_exact_value),
        cmocka_unit_test(test_share_recomputed),
        cmocka_unit_test(test_dd_recomputed_by_replay),
        cmocka_unit_test(test_threads_same_numbers),
        cmocka_unit_test(test_lost_input_incomplete),
        cmocka_unit_test(test_settings_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
