/* test_measures.c -- the comparison's measures as data (stats/measure.h):
 * a measure row added is enough for it to reach the per-deal CSV, the
 * summary rows, the report and the state file; state files are keyed by
 * measure, so one saved without a measure, or with one this build does not
 * know, is refused naming it; state files of version 3 and 4 (written by
 * whistlab f87efeb, tests/data/wls-v3/) still resume and merge to the same
 * bytes as a run of today; and every column the table makes is documented
 * in stats/report/README.md, every documented one made. */
#include <zlib.h>
#include "analyze/replay/replay.h"
#include "stats/report/measure_csv.h"
#include "stats/report/pair_section.h"
#include "stats/report/robin_csv.h"
#include "stats/report/report.h"
#include "stats/report/wls.h"
#include "testutil.h"

#define LIST100 "corpora/dds-hands/list100.txt"
#define OLD "tests/data/wls-v3/"
#define CONVS "long-suit,short-suit"

static char out[1 << 16];

static int files_equal(const char *a, const char *b)
{
    char buf[64];
    return test_run(buf, sizeof buf, "cmp -s '%s' '%s'", a, b) == 0;
}

/* Two reports the same but for their command lines. */
static int reports_equal(const char *a, const char *b)
{
    char buf[64];
    return test_run(buf, sizeof buf, "grep -v '^command: ' '%s' > '%s.cmp' && grep -v '^command: ' '%s' | "
                                     "cmp -s - '%s.cmp'; s=$?; rm -f '%s.cmp'; exit $s",
                    a, a, b, a, a) == 0;
}

/* The first accumulated measure of the table that the state files of
 * versions 3 and 4 did not hold (NULL: none). */
static const char *newer_measure(void)
{
    static const char *const HELD[] = {"tricks", "best", "cost", "optimal", "optimal_leads"};
    for (int k = 0; k < stats_measure_count(); k++) {
        const stats_measure *m = stats_measure_at(k);
        bool held = m->acc == STATS_ACC_NONE;
        for (size_t h = 0; h < sizeof HELD / sizeof HELD[0]; h++) held |= strcmp(m->id, HELD[h]) == 0;
        if (!held) return m->id;
    }
    return NULL;
}

/* The fixtures were made from the repo root, as tests run, by whistlab
 * f87efeb: `replay --limit 12 --conventions long-suit,short-suit
 * ../shared/corpora/dds-hands/list100.txt` with --shard 1/2 --save
 * shard1of2.wls (version 4), and with --threads 1 --checkpoint 2 --save
 * unfinished.wls stopped by SIGINT after 4 records (version 3). */
static void test_old_state_files_resume_and_merge(void **state)
{
    (void)state;
    const char *whole = test_tmp("m-whole.wls"), *whole_txt = test_tmp("m-whole.txt"), *s2 = test_tmp("m-s2.wls"),
               *merged = test_tmp("m-merged.wls"), *merged_txt = test_tmp("m-merged.txt"),
               *resumed = test_tmp("m-resumed.wls"), *resumed_txt = test_tmp("m-resumed.txt");
    /* a measure of the table they do not hold (added since): refused, naming it */
    if (newer_measure()) {
        char want[200];
        snprintf(want, sizeof want, "a state file of version 3 has no counters of the measure '%s'",
                 newer_measure());
        assert_int_equal(test_run(out, sizeof out, "%s replay --resume " OLD "unfinished.wls 2>&1", test_bin()), 3);
        if (!strstr(out, want)) fail_msg("want \"%s\" in: %s", want, out);
        return;
    }
    const char *corpus = test_shared(LIST100);
    assert_int_equal(test_run(out, sizeof out, "%s replay --no-progress --limit 12 --conventions " CONVS
                              " --save %s %s > %s 2>/dev/null", test_bin(), whole, corpus, whole_txt), 0);
    /* an old shard merged with a new one: the whole run's state, byte for byte */
    assert_int_equal(test_run(out, sizeof out, "%s replay --no-progress --limit 12 --conventions " CONVS
                              " --shard 2/2 --save %s %s 2>&1", test_bin(), s2, corpus), 0);
    assert_int_equal(test_run(out, sizeof out, "%s merge --save %s " OLD "shard1of2.wls %s > %s 2>/dev/null", test_bin(),
                              merged, s2, merged_txt), 0);
    assert_true(files_equal(merged, whole));
    assert_true(reports_equal(merged_txt, whole_txt));
    /* an old unfinished run resumed: the same report and state */
    assert_int_equal(test_run(out, sizeof out, "cp " OLD "unfinished.wls %s", resumed), 0);
    assert_int_equal(test_run(out, sizeof out, "%s replay --no-progress --resume %s > %s 2>/dev/null", test_bin(), resumed,
                              resumed_txt), 0);
    assert_true(files_equal(resumed, whole));
    assert_true(reports_equal(resumed_txt, whole_txt));
    /* read in process: the old counters land in today's measures */
    static wls_file w;
    static input_account inputs[WLS_MAX_INPUTS];
    stats_state *st = calloc(1, sizeof *st);
    diag_t err = {0};
    w.stats = st;
    w.inputs = inputs;
    assert_true(wls_read(OLD "unfinished.wls", &w, &err));
    assert_int_equal(w.complete, 0);
    assert_int_equal(st->all.deals, 4);
    uint64_t optimal = *stats_sum_of(&st->all, "optimal", 0);
    const paired_acc *cost = stats_paired_of(&st->all, "cost", 0);
    assert_int_equal(optimal, paired_with_difference(cost, 0));
    /* cost is best - tricks: never negative */
    for (int d = -PAIRED_MAX_DIFF; d < 0; d++) assert_int_equal(paired_with_difference(cost, d), 0);
    assert_int_equal(*stats_sum_of(&st->all, "tricks", 0) + (uint64_t)paired_sum(cost),
                     *stats_sum_of(&st->all, "best", 0));
    free(st);
    const char *files[] = {whole, whole_txt, s2, merged, merged_txt, resumed, resumed_txt};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) remove(files[i]);
}

/* The backticked names in text up to its first blank line, into names. */
static int backticked(const char *text, char names[][64], int max)
{
    int n = 0;
    const char *end = strstr(text, "\n\n");
    for (const char *p = strchr(text, '`'); p && p < end; p = strchr(p, '`')) {
        const char *q = strchr(p + 1, '`');
        if (!q || q > end) break;
        if (n < max && q - p - 1 < 64) {
            memcpy(names[n], p + 1, (size_t)(q - p - 1));
            names[n++][q - p - 1] = 0;
        }
        p = q + 1;
    }
    return n;
}

static bool listed(char names[][64], int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0) return true;
    return false;
}

/* stats/report/README.md documents the per-deal columns (the first cell of each
 * row of its table) and the summary's measures: each the table makes is
 * there, and each column there is made. */
static void test_csv_documentation_matches_the_table(void **state)
{
    (void)state;
    char *readme = test_slurp("stats/report/README.md");
    assert_non_null(readme);
    const char *cols[REPLAY_CSV_MAX_COLS];
    int ncols = replay_csv_columns(cols);
    /* the per-deal table: the first cell of each of its rows */
    const char *table = strstr(readme, "**`replay --csv-deals`**");
    assert_non_null(table);
    table = strstr(table, "|---|");
    assert_non_null(table);
    static char documented[128][64];
    int ndoc = 0;
    for (const char *line = strchr(table, '\n') + 1; *line == '|'; line = strchr(line, '\n') + 1) {
        char cell[512];
        size_t len = strcspn(line + 1, "|");
        snprintf(cell, sizeof cell, "%.*s\n\n", (int)len, line + 1);
        ndoc += backticked(cell, documented + ndoc, 128 - ndoc);
    }
    for (int i = 0; i < ncols; i++)
        if (!listed(documented, ndoc, cols[i])) fail_msg("per-deal column %s is not in stats/report/README.md", cols[i]);
    for (int i = 0; i < ndoc; i++) {
        bool made = false;
        for (int j = 0; j < ncols; j++) made |= strcmp(cols[j], documented[i]) == 0;
        if (!made) fail_msg("stats/report/README.md documents a per-deal column %s that the table does not make",
                            documented[i]);
    }
    /* the summary's measures */
    const char *summary = strstr(readme, "**`replay --csv-summary`");
    assert_non_null(summary);
    static char names[256][64];
    int n = backticked(summary, names, 256);
    for (int k = 0; k < stats_measure_count(); k++)
        for (const stats_summary_row *row = stats_measure_at(k)->rows; row->name; row++)
            if (!listed(names, n, row->name)) fail_msg("summary measure %s is not in stats/report/README.md", row->name);
    for (int b = 0; b < STATS_BREAKDOWNS; b++) assert_true(listed(names, n, stats_breakdown_of(b)->id));
    free(readme);
}

/* ---- a measure added by a row ---- */

static int over_seven(const stats_deal *d, int col) { return d->score[col] > 7; }

static const stats_measure OVER_SEVEN = {
    .id = "over_seven", .column = "over_seven", .title = "deals with more than seven tricks", .unit = "deals",
    .scope = STATS_PER_COLUMN, .acc = STATS_ACC_SUM, .value = over_seven, .max = 1, .versus_name = "",
    .rows = {{"over_seven_pct", STAT_PCT, 4}}, .report = {{"7+", 6, STAT_PCT, "%.1f%%", "-"}},
};

static const int SCORE[4][2] = {{6, 6}, {7, 9}, {9, 9}, {8, 8}};

static void fill(stats_state *st)
{
    const char *names[] = {"long-suit", "short-suit"};
    stats_init(st, 2, names);
    for (int k = 0; k < 4; k++) {
        stats_deal d = {.best = 9, .trump = 0, .suit_len = {4, 3, 3, 3}};
        for (int i = 0; i < 2; i++) d.score[i] = d.choice[i] = SCORE[k][i] - (k == 0 && i == 1);
        stats_deal_keys(&d);
        stats_add(st, &d);
    }
    st->read = st->accepted = 4;
}

static void save(const char *path, stats_state *st)
{
    static wls_file w;
    diag_t err = {0};
    w = (wls_file){.complete = 1, .parts = 1, .part_mask = 1, .stats = st};
    assert_true(wls_write(path, &w, &err));
}

static const char *read_error(const char *path)
{
    static wls_file w;
    static input_account inputs[WLS_MAX_INPUTS];
    static diag_t err;
    stats_state *st = calloc(1, sizeof *st);
    w.stats = st;
    w.inputs = inputs;
    err = (diag_t){0};
    bool ok = wls_read(path, &w, &err);
    free(st);
    return ok ? "" : err.reason;
}

/* A measure's id in a saved state renamed (same length), the CRC made
 * right: a state of a build that has that other measure. */
static void rename_measure(const char *path, const char *from, const char *to)
{
    size_t len;
    char *b = test_slurp(path);
    FILE *f = fopen(path, "rb");
    fseek(f, 0, SEEK_END);
    len = (size_t)ftell(f);
    fclose(f);
    char *at = NULL;
    for (size_t i = 0; !at && i + strlen(from) <= len; i++)
        if (memcmp(b + i, from, strlen(from)) == 0) at = b + i;
    assert_non_null(at);
    memcpy(at, to, strlen(to));
    uint32_t crc = (uint32_t)crc32(0L, (unsigned char *)b, (uInt)(len - 4));
    for (int i = 0; i < 4; i++) b[len - 4 + i] = (char)(crc >> (8 * i));
    f = fopen(path, "wb");
    assert_int_equal(fwrite(b, 1, len, f), len);
    fclose(f);
    free(b);
}

static void test_a_measure_row_is_enough(void **state)
{
    (void)state;
    stats_state *st = calloc(1, sizeof *st);
    char before[256], with[256], csv[256], report[256], deals[256];
    snprintf(before, sizeof before, "%s", test_tmp("m-before.wls"));
    snprintf(with, sizeof with, "%s", test_tmp("m-with.wls"));
    snprintf(csv, sizeof csv, "%s", test_tmp("m-summary.csv"));
    snprintf(report, sizeof report, "%s", test_tmp("m-report.txt"));
    snprintf(deals, sizeof deals, "%s", test_tmp("m-deals.csv"));
    fill(st);
    save(before, st); /* a state of this build before the measure */

    assert_true(stats_measure_add(&OVER_SEVEN));
    assert_false(stats_measure_add(&OVER_SEVEN)); /* an id once */
    fill(st);
    /* the per-deal CSV: its column after the built-in measures', its cells */
    const char *cols[REPLAY_CSV_MAX_COLS];
    int ncols = replay_csv_columns(cols);
    assert_string_equal(cols[ncols - 4], "over_seven"); /* after the measures before it, then the breakdowns */
    diag_t err = {0};
    int own = 12; /* the row's own columns, file to card_rule */
    csv_out *c = csv_out_open(deals, cols + own, ncols - own, &err);
    assert_non_null(c);
    stats_deal d = {.score = {8, 5}, .choice = {1, 2}, .best = 9, .trump = 1, .suit_len = {5, 2, 4, 2}};
    stats_deal_keys(&d);
    for (int i = 0; i < 2; i++) {
        stats_deal_cells(c, &d, i);
        csv_out_end_row(c);
    }
    assert_true(csv_out_close(c, &err));
    char *text = test_slurp(deals);
    char want[512] = "";
    for (int i = own; i < ncols; i++) snprintf(want + strlen(want), sizeof want - strlen(want), "%s%s", cols[i],
                                              i + 1 < ncols ? "," : "\n");
    assert_int_equal(strncmp(text, want, strlen(want)), 0);
    /* tricks, best, cost, optimal first; the rows end with over_seven and the breakdowns' keys */
    assert_int_equal(strncmp(text + strlen(want), "8,9,1,0,", 8), 0);
    assert_non_null(strstr(text, ",1,2,5,0\n5,9,4,0,"));
    assert_int_equal(strcmp(text + strlen(text) - 9, ",0,2,5,0\n"), 0);
    free(text);
    /* the summary rows: 1 of 4 deals over seven for long-suit, 3 for short-suit */
    assert_true(stats_write_summary_csv(csv, st, STATS_EVAL_DD, NULL, &err));
    text = test_slurp(csv);
    assert_non_null(strstr(text, "\nall,,dd,long-suit,best,optimal_pct,,25.0000\n"));
    assert_non_null(strstr(text, "\nall,,dd,long-suit,,over_seven_pct,,50.0000\n"));
    assert_non_null(strstr(text, "\nall,,dd,short-suit,,over_seven_pct,,75.0000\n"));
    assert_non_null(strstr(text, "\ntrumps_held,4,dd,short-suit,,over_seven_pct,,75.0000\n"));
    free(text);
    /* the report's table of conventions: a column */
    FILE *f = fopen(report, "w");
    stats_report(f, st, STATS_EVAL_DD, NULL);
    fclose(f);
    text = test_slurp(report);
    assert_non_null(strstr(text, "optimal"));
    assert_non_null(strstr(text, "      7+\n[1] long-suit")); /* the last column */
    assert_non_null(strstr(text, "   50.0%\n[2] short-suit"));
    assert_non_null(strstr(text, "   75.0%\n    best lead"));
    assert_non_null(strstr(text, "100.0%"));
    assert_non_null(strstr(text, "       -\n    (optimal ="));
    free(text);
    /* the state file: its counters saved and read back under its id */
    save(with, st);
    static wls_file w;
    static input_account inputs[WLS_MAX_INPUTS];
    stats_state *back = calloc(1, sizeof *back);
    w.stats = back;
    w.inputs = inputs;
    assert_true(wls_read(with, &w, &err));
    assert_int_equal(*stats_sum_of(&back->all, "over_seven", 1), 3);
    assert_int_equal(*stats_sum_of(&back->by[BREAK_TRUMPS][4], "over_seven", 0), 2);
    free(back);
    /* saved without it (before, and by whistlab f87efeb), or with a
     * measure this build does not know: refused, naming it */
    assert_non_null(strstr(read_error(before), "without counters of the measure 'over_seven'"));
    snprintf(want, sizeof want, "a state file of version 4 has no counters of the measure '%s'", newer_measure());
    assert_non_null(strstr(read_error(OLD "shard1of2.wls"), want));
    rename_measure(with, "over_seven", "over_eight");
    assert_non_null(strstr(read_error(with), "with counters of the measure 'over_eight', which this whistlab "
                                             "does not know"));
    free(st);
    const char *files[] = {before, with, csv, report, deals};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) remove(files[i]);
}

/* Optimal is a cost of 0 or less (issue 28 item 5): with --eval both the
 * players' tricks (the sd columns) can pass the best double-dummy lead's,
 * which was counted not optimal (29-32% of the deals of a play run). */
static void test_optimal_is_cost_at_most_zero(void **state)
{
    (void)state;
    static stats_state st;
    const char *names[] = {"long-suit", "long-suit (sd)"};
    stats_init(&st, 2, names);
    stats_deal d = {.score = {8, 10}, .choice = {1, 1}, .best = 9, .trump = 0, .suit_len = {4, 3, 3, 3}};
    stats_deal_keys(&d);
    stats_add(&st, &d);
    assert_int_equal(*stats_sum_of(&st.all, "optimal", 0), 0); /* one trick short of the best */
    assert_int_equal(*stats_sum_of(&st.all, "optimal", 1), 1); /* one trick past it */
    d.score[0] = 9;
    stats_add(&st, &d);
    assert_int_equal(*stats_sum_of(&st.all, "optimal", 0), 1); /* the best itself */
}

/* The report's net gains give the Holm-adjusted p over the pairs beside
 * the raw one (issue 28 item 5): on the shipped corpus double-dummy,
 * long-suit - short-suit has p 0.0820, 0.2460 after Holm over 3 pairs. */
static void test_net_gain_gives_holm_p(void **state)
{
    (void)state;
    static char out[1 << 16];
    assert_int_equal(test_run(out, sizeof out,
                              "%s replay corpora/whist-2000.pbn.gz --values corpora/whist-2000.wdv --conventions "
                              "long-suit,american,short-suit --no-progress 2>&1",
                              test_bin()),
                     0);
    assert_non_null(strstr(out, "Holm p: adjusted over the 3 pairs"));
    const char *row = strstr(out, "long-suit - short-suit");
    assert_non_null(row);
    assert_non_null(strstr(row, "0.0820    0.2460"));
}

static const paired_acc *acc_of(const void *ctx, int i, int j)
{
    (void)i;
    (void)j;
    return ctx;
}

/* Issue 27: the round robin's pair section and per-deal column come from
 * its pair measure's row: the row "gain" gives the report's heading and
 * cells as the hand-written section printed them, and a row of other
 * columns gives a section of those. */
static void test_pair_section_from_its_row(void **state)
{
    (void)state;
    paired_acc a = {0};
    static const int GAIN[] = {1, -1, 2, 0, 1};
    for (int k = 0; k < 5; k++) paired_add(&a, GAIN[k], 0, GAIN[k] != 0);
    const char *names[] = {"long-suit", "highest"};
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    stats_print_pair_section(f, stats_pair_measure_of("gain"), names, 2, acc_of, &a);
    fclose(f);
    assert_string_equal(text,
                        "DUPLICATE GAIN PER DEAL (first's tricks at both tables - 13; paired t-test)\n"
                        "pair                                         mean      sd       se  95% CI                "
                        "       p   differ\n"
                        "long-suit - highest                       +0.6000   1.140   0.5099  [ -0.8157,  +2.0157]   "
                        "0.3046    80.0%\n");
    free(text);
    const stats_pair_measure mine = {.id = "mine", .title = "MINE", .label_width = 24,
                                     .report = {{" ", "n_mean", 7, 7, STAT_MEAN, "%.2f"},
                                                {" | ", "p", 6, 6, STAT_P, NULL}}};
    f = open_memstream(&text, &len);
    stats_print_pair_section(f, &mine, names, 2, acc_of, &a);
    fclose(f);
    assert_string_equal(text, "MINE\npair                      n_mean |      p\nlong-suit - highest         0.60 | 0.3046\n");
    free(text);
    const char *cols[ROBIN_DEAL_COLUMNS];
    stats_robin_deal_columns(cols);
    assert_string_equal(cols[ROBIN_DEAL_COLUMNS - 1], "gain");
    assert_string_equal(cols[6], "evaluation");
}

int main(void)
{
    /* in this order: the last adds a measure to the table */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_old_state_files_resume_and_merge),
        cmocka_unit_test(test_csv_documentation_matches_the_table),
        cmocka_unit_test(test_a_measure_row_is_enough),
        cmocka_unit_test(test_optimal_is_cost_at_most_zero),
        cmocka_unit_test(test_net_gain_gives_holm_p),
        cmocka_unit_test(test_pair_section_from_its_row),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
