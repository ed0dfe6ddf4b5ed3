/* test_replay.c -- `whistlab replay` and `whistlab merge` as users run
 * them: per-deal values equal to DDS's own (FUT) on list100, a hand-checked
 * corpus with known gains, identical output for any thread count (every
 * line but the command line), shards merged equal to the whole run, a
 * killed run resumed equal to the whole run, every deal read accounted
 * for; the gain when the leads differ and when they are the same equal to
 * the per-deal table's means (0 double-dummy); the provenance with the
 * corpus's digest; INCOMPLETE in the report and the summary CSV for a
 * truncated gzip file and a damaged .wda, kept by resume and merge; and a
 * merge of some shards refused unless --partial, then marked PARTIAL.
 * Outputs (issue 25): a per-deal table that cannot be written named; a run
 * stopped by an output that failed INCOMPLETE; a complete run's table not
 * yet renamed finished by --resume; two runs naming one table each
 * keeping its own; --save - refused. */
#include <math.h>
#include <signal.h>
#include <sys/resource.h>
#include <time.h>
#include <csv.h>
#include "testutil.h"
#include "formats/deal_digest.h"
#include "formats/reader.h"
#include "stats/report/wls.h"

#define LIST100 "corpora/dds-hands/list100.txt"
#define LIST1000 "corpora/dds-hands/list1000.txt"
#define LIMIT "12" /* deals of list100 for the runs compared with each other */
#define LIMIT_N 12

static char out[1 << 16];

/* --- reading the per-deal CSV back through libcsv --- */

typedef struct {
    char f[20][256]; /* fields past the 20th are counted, not kept */
    int nf;
} csv_row;

typedef struct {
    csv_row *rows;
    int n, cap;
    csv_row cur;
} csv_table;

static void on_field(void *s, size_t len, void *data)
{
    csv_table *t = data;
    if (t->cur.nf < 20) {
        size_t n = len < 255 ? len : 255;
        memcpy(t->cur.f[t->cur.nf], s, n);
        t->cur.f[t->cur.nf][n] = 0;
    }
    t->cur.nf++;
}

static void on_row(int c, void *data)
{
    (void)c;
    csv_table *t = data;
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 256;
        t->rows = realloc(t->rows, (size_t)t->cap * sizeof *t->rows);
        assert_non_null(t->rows);
    }
    t->rows[t->n++] = t->cur;
    t->cur.nf = 0;
}

/* A "# KEY: VALUE" comment line of a summary table as the row it stands
 * for: KEY "MEASURE LEVEL" or "MEASURE" (level all) in breakdown
 * provenance, status in breakdown input. */
static void comment_row(csv_table *t, char *line)
{
    line[strcspn(line, "\n")] = 0;
    char *colon = strstr(line, ": ");
    assert_non_null(colon);
    *colon = 0;
    char *key = line + 2, *value = colon + 2, *space = strchr(key, ' ');
    if (space) *space = 0;
    bool status = strcmp(key, "status") == 0;
    const char *f[8] = {status ? "input" : "provenance", space ? space + 1 : status ? "" : "all", "", "", "", key, "", value};
    for (int i = 0; i < 8; i++) on_field((void *)f[i], strlen(f[i]), t);
    on_row(0, t);
}

/* Appends r, keeping the row being parsed. */
static void on_row_copy(csv_table *t, const csv_row *r)
{
    static csv_row partial;
    partial = t->cur;
    t->cur = *r;
    on_row(0, t);
    t->cur = partial;
}

/* Reads a table: a summary's comment lines become the rows they stand for,
 * put after the header; a per-deal table's (its provenance, head and tail)
 * are left out. */
static void read_table(const char *path, csv_table *t)
{
    memset(t, 0, sizeof *t);
    struct csv_parser p;
    assert_int_equal(csv_init(&p, CSV_STRICT | CSV_APPEND_NULL), 0);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char line[1 << 16];
    csv_table comments = {0};
    size_t lines = 0;
    while (fgets(line, sizeof line, f)) { /* no table here has a line break in a field */
        if (line[0] == '#') {
            comment_row(&comments, line);
            continue;
        }
        size_t n = strlen(line);
        assert_int_equal(csv_parse(&p, line, n, on_field, on_row, t), n);
        if (lines++ == 0 && strncmp(line, "breakdown,", 10) == 0)
            for (int i = 0; i < comments.n; i++) on_row_copy(t, &comments.rows[i]);
    }
    free(comments.rows);
    assert_int_equal(csv_fini(&p, on_field, on_row, t), 0);
    csv_free(&p);
    fclose(f);
}

static int col(const csv_table *t, const char *name)
{
    for (int i = 0; i < t->rows[0].nf; i++)
        if (strcmp(t->rows[0].f[i], name) == 0) return i;
    fail_msg("no column %s", name);
    return -1;
}

/* A line of text that starts with `start` and holds `needle`. */
static bool has_line(const char *text, const char *start, const char *needle)
{
    for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        const char *end = strchr(l, '\n');
        size_t len = end ? (size_t)(end - l) : strlen(l);
        char line[512];
        snprintf(line, sizeof line, "%.*s", (int)len, l);
        if (strncmp(line, start, strlen(start)) == 0 && strstr(line, needle)) return true;
    }
    return false;
}

static int files_equal(const char *a, const char *b)
{
    char buf[64];
    return test_run(buf, sizeof buf, "cmp -s '%s' '%s'", a, b) == 0;
}

/* Two per-deal tables the same but for their `# command:` lines (--threads,
 * --save, --resume): every row and the rest of what they rest on alike. */
static int tables_equal(const char *a, const char *b)
{
    char buf[64];
    return test_run(buf, sizeof buf,
                    "grep -v '^# command: ' '%s' > '%s.cmp' && grep -v '^# command: ' '%s' | cmp -s - '%s.cmp'; "
                    "s=$?; rm -f '%s.cmp'; exit $s", a, a, b, a, a) == 0;
}

/* Two reports the same but for the lines that match the extended regular
 * expression skip (the command line, for a run with other --threads, a
 * shard merge, a resume): from line `from_a` of a and `from_b` of b on (the
 * lines before: titles). */
static int reports_equal_but(const char *a, int from_a, const char *b, int from_b, const char *skip)
{
    char buf[64];
    return test_run(buf, sizeof buf,
                    "tail -n +%d '%s' | grep -Ev '%s' > '%s.cmp' && "
                    "tail -n +%d '%s' | grep -Ev '%s' | cmp -s - '%s.cmp'; s=$?; rm -f '%s.cmp'; exit $s",
                    from_a, a, skip, a, from_b, b, skip, a, a) == 0;
}

static int reports_equal(const char *a, int from_a, const char *b, int from_b)
{
    return reports_equal_but(a, from_a, b, from_b, "^command: ");
}

/* The corpus digest a report states ("" if none). */
static const char *report_digest(const char *report)
{
    static char hex[64];
    test_run(hex, sizeof hex, "sed -n 's/^corpus: .*, digest \\([0-9a-f]*\\).*/\\1/p' '%s'", report);
    return hex;
}

/* The value of a summary CSV's row (breakdown, level, convention, versus,
 * measure; any eval), "" if none. */
static const char *summary_value(const csv_table *t, const char *breakdown, const char *level, const char *conv,
                                 const char *versus, const char *measure)
{
    for (int i = 1; i < t->n; i++) {
        const csv_row *r = &t->rows[i];
        if (!strcmp(r->f[0], breakdown) && !strcmp(r->f[1], level) && !strcmp(r->f[3], conv) &&
            !strcmp(r->f[4], versus) && !strcmp(r->f[5], measure))
            return r->f[7];
    }
    return "";
}

/* Every row's tricks must be DDS's own FUT value of the row's lead. The
 * first 10 deals of list1000 and its deals 103 to 106 include no-trump
 * deals and deals repeated right after themselves (solved once, valued
 * twice); make check-long reads its first 106 deals. */
static void test_values_equal_dds_fut(void **state)
{
    (void)state;
    const char *csv = test_tmp("fut.csv"), *list = test_shared(LIST1000);
    int deals = 106;
    if (!test_long()) {
        deals = 14;
        /* a deal is its seven lines, PBN to TRACE, after the NUMBER line */
        list = test_tmp("list14.txt");
        assert_int_equal(test_run(out, sizeof out, "{ echo 'NUMBER 14'; sed -n '2,71p;716,743p' %s; } > %s 2>&1",
                                  test_shared(LIST1000), list), 0);
    }
    int rc = test_run(out, sizeof out,
                      "%s replay --no-progress --limit %d --conventions long-suit,american,short-suit,dd-best "
                      "--csv-deals %s %s 2>&1", test_bin(), deals, csv, list);
    assert_int_equal(rc, 0);
    char want[128];
    snprintf(want, sizeof want, "input: %d deals read = %d accepted + 0 rejected", deals, deals);
    assert_non_null(strstr(out, want));
    csv_table t;
    read_table(csv, &t);
    assert_int_equal(t.n, 1 + 4 * deals);
    int c_line = col(&t, "line"), c_conv = col(&t, "convention"), c_lead = col(&t, "lead"),
        c_tricks = col(&t, "tricks"), c_best = col(&t, "best"), c_cost = col(&t, "cost"),
        c_opt = col(&t, "optimal"), c_best_lead = col(&t, "best_lead"),
        c_nopt = col(&t, "optimal_leads"), c_trumps = col(&t, "trumps_held"),
        c_trump = col(&t, "trump"), c_eval = col(&t, "evaluation");
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(list, FMT_DDS, &diag);
    assert_non_null(r);
    static const char *const conv[4] = {"long-suit", "american", "short-suit", "dd-best"};
    int rows = 1, nt = 0, same = 0;
    deal_t d, prev = {0};
    while (rows < t.n && deal_reader_next(r, &d, &diag) == READ_DEAL) {
        nt += d.strain == STRAIN_NT;
        same += deal_same_cards(&d, &prev) && d.strain == prev.strain && d.leader == prev.leader;
        prev = d;
        hand_t hand = d.hand[d.leader];
        int best = -1, n_best = 0;
        for (card_t c = 0; c < 64; c++)
            if (hand_has(hand, c) && d.fut[c] > best) best = d.fut[c];
        for (card_t c = 0; c < 64; c++) n_best += hand_has(hand, c) && d.fut[c] == best;
        for (int i = 0; i < 4; i++, rows++) {
            const csv_row *row = &t.rows[rows];
            assert_int_equal(row->nf, t.rows[0].nf); /* every row as many fields as the header */
            assert_string_equal(row->f[c_eval], "dd");
            assert_int_equal(strtoull(row->f[c_line], NULL, 10), d.pos.line);
            assert_string_equal(row->f[c_conv], conv[i]);
            assert_int_equal(row->f[c_trump][0], SUIT_CHARS[d.strain]);
            card_t lead = card_parse(row->f[c_lead]);
            assert_true(hand_has(hand, lead));
            assert_int_equal(atoi(row->f[c_tricks]), d.fut[lead]);
            assert_int_equal(atoi(row->f[c_best]), best);
            assert_int_equal(atoi(row->f[c_cost]), best - d.fut[lead]);
            assert_int_equal(atoi(row->f[c_opt]), d.fut[lead] == best);
            assert_int_equal(d.fut[card_parse(row->f[c_best_lead])], best);
            assert_int_equal(atoi(row->f[c_nopt]), n_best);
            assert_int_equal(atoi(row->f[c_trumps]),
                             d.strain == STRAIN_NT ? 0 : hand_suit_len(hand, d.strain));
            if (i == 3) assert_string_equal(row->f[c_lead], row->f[c_best_lead]);
        }
    }
    deal_reader_close(r);
    assert_int_equal(rows, t.n);
    assert_true(nt > 0);
    assert_true(same > 0);
    free(t.rows);
    remove(csv);
    remove(test_tmp("list14.txt"));
}

/* The `random` lead (analyze/lead/RULES.md §8.2), to pick a seed. */
static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int random_index(uint64_t seed, uint64_t deal_key)
{
    uint64_t s = seed ^ (0x9E3779B97F4A7C15ULL * (deal_key + 1)), u;
    uint64_t lim = (UINT64_MAX / 13) * 13;
    do u = splitmix64(&s);
    while (u >= lim);
    return (int)(u % 13);
}

/* Two deals whose double-dummy values are plain by hand.
 * Deal 1, no trumps, North leads, holding S AKQJT98, H 5432, D 32: a spade
 * or a diamond lead lets North-South make all 13 tricks (North's spades and
 * South's diamonds AKQJT98 run in turn), while any heart lead gives East
 * nine heart tricks and then his club AKQJ: 0 tricks.
 * Deal 2, spades trumps, North holds all thirteen: every lead wins 13. */
static const char HAND_CHECKED[] =
    "PBN 0 0 4 0 \"N:AKQJT98.5432.32. .AKQJT9876..AKQJ 765432..AKQJT98. ..7654.T98765432\"\n"
    "PBN 0 0 0 0 \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"\n";

static void test_hand_checked_gains(void **state)
{
    (void)state;
    char corpus[256];
    snprintf(corpus, sizeof corpus, "%s", test_tmp("hand.txt"));
    FILE *f = fopen(corpus, "w");
    fputs(HAND_CHECKED, f);
    fclose(f);
    /* North's deal-1 hand in TB order, high to low: cards 7..10 are hearts;
     * random's draw is seeded by the deal's key. */
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(corpus, FMT_AUTO, &diag);
    assert_non_null(r);
    deal_t deal1;
    assert_int_equal(deal_reader_next(r, &deal1, &diag), READ_DEAL);
    deal_reader_close(r);
    uint64_t seed = 0, key = deal_digest_key(&deal1);
    while (random_index(seed, key) < 7 || random_index(seed, key) > 10) seed++;
    char csv[256], summary[256];
    snprintf(csv, sizeof csv, "%s", test_tmp("hand-deals.csv"));
    snprintf(summary, sizeof summary, "%s", test_tmp("hand-summary.csv"));
    int rc = test_run(out, sizeof out,
                      "%s replay --no-progress --conventions long-suit,random,dd-best --seed %llu "
                      "--csv-deals %s --csv-summary %s %s 2>&1", test_bin(),
                      (unsigned long long)seed, csv, summary, corpus);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "input: 2 deals read = 2 accepted + 0 rejected; 2 whist deals analysed"));
    csv_table t;
    read_table(csv, &t);
    assert_int_equal(t.n, 1 + 2 * 3);
    int c_lead = col(&t, "lead"), c_tricks = col(&t, "tricks"), c_best = col(&t, "best"),
        c_nopt = col(&t, "optimal_leads"), c_best_lead = col(&t, "best_lead");
    /* Deal 1: long-suit leads a spade (13), random a heart (0). */
    assert_int_equal(t.rows[1].f[c_lead][0], 'S');
    assert_string_equal(t.rows[1].f[c_tricks], "13");
    assert_int_equal(t.rows[2].f[c_lead][0], 'H');
    assert_string_equal(t.rows[2].f[c_tricks], "0");
    assert_string_equal(t.rows[3].f[c_tricks], "13");
    assert_string_equal(t.rows[1].f[c_best], "13");
    assert_string_equal(t.rows[1].f[c_nopt], "9");
    /* dd-best ties go to the long-suit card (Q18). */
    assert_string_equal(t.rows[1].f[c_best_lead], t.rows[1].f[c_lead]);
    /* Deal 2: all thirteen cards are worth 13. */
    for (int i = 4; i <= 6; i++) {
        assert_string_equal(t.rows[i].f[c_tricks], "13");
        assert_string_equal(t.rows[i].f[c_nopt], "13");
    }
    free(t.rows);
    /* Known gains: long-suit - random = +13 and 0, mean 6.5. */
    read_table(summary, &t);
    int seen = 0;
    for (int i = 1; i < t.n; i++) {
        const csv_row *r = &t.rows[i];
        if (strcmp(r->f[0], "all") || strcmp(r->f[2], "dd") || strcmp(r->f[3], "long-suit") ||
            strcmp(r->f[4], "random"))
            continue;
        if (!strcmp(r->f[5], "mean_gain")) seen++, assert_string_equal(r->f[7], "6.500000");
        if (!strcmp(r->f[5], "sd")) seen++, assert_string_equal(r->f[7], "9.192388");
        if (!strcmp(r->f[5], "differ_pct")) seen++, assert_string_equal(r->f[7], "100.0000");
        if (!strcmp(r->f[5], "deals_with_difference")) {
            seen++;
            assert_true(!strcmp(r->f[6], "0") || !strcmp(r->f[6], "13"));
            assert_string_equal(r->f[7], "1");
        }
    }
    assert_int_equal(seen, 5);
    free(t.rows);
    assert_true(has_line(out, "long-suit - random ", " +6.5000 "));
    assert_true(has_line(out, "[1] long-suit ", " 13.000 "));
    assert_true(has_line(out, "[2] random ", " 6.500 "));
    remove(corpus);
    remove(csv);
    remove(summary);
}

/* The reference run of list100's first deals, with its report, per-deal
 * table and state file. */
typedef struct {
    char report[256], csv[256], wls[256], summary[256];
} whole_run;

static whole_run whole;

static int setup_whole(void **state)
{
    (void)state;
    snprintf(whole.report, sizeof whole.report, "%s", test_tmp("whole.txt"));
    snprintf(whole.csv, sizeof whole.csv, "%s", test_tmp("whole.csv"));
    snprintf(whole.wls, sizeof whole.wls, "%s", test_tmp("whole.wls"));
    snprintf(whole.summary, sizeof whole.summary, "%s", test_tmp("whole-summary.csv"));
    return test_run(out, sizeof out,
                    "%s replay --no-progress --limit " LIMIT " --threads 2 --csv-deals %s --save %s "
                    "--csv-summary %s %s > %s", test_bin(), whole.csv, whole.wls, whole.summary,
                    test_shared(LIST100), whole.report);
}

static int teardown_whole(void **state)
{
    (void)state;
    remove(whole.report);
    remove(whole.csv);
    remove(whole.wls);
    remove(whole.summary);
    return 0;
}

static void test_thread_count_does_not_change_output(void **state)
{
    (void)state;
    char report[256], csv[256];
    snprintf(report, sizeof report, "%s", test_tmp("t1.txt"));
    snprintf(csv, sizeof csv, "%s", test_tmp("t1.csv"));
    assert_int_equal(test_run(out, sizeof out,
                              "%s replay --no-progress --limit " LIMIT " --threads 1 --csv-deals %s "
                              "%s > %s", test_bin(), csv, test_shared(LIST100), report), 0);
    assert_true(reports_equal(report, 1, whole.report, 1));
    assert_true(tables_equal(csv, whole.csv));
    remove(report);
    remove(csv);
}

static void test_shards_merge_to_whole(void **state)
{
    (void)state;
    char a[256], b[256], m[256], mreport[256];
    snprintf(a, sizeof a, "%s", test_tmp("a.wls"));
    snprintf(b, sizeof b, "%s", test_tmp("b.wls"));
    snprintf(m, sizeof m, "%s", test_tmp("m.wls"));
    snprintf(mreport, sizeof mreport, "%s", test_tmp("m.txt"));
    for (int i = 1; i <= 2; i++)
        assert_int_equal(test_run(out, sizeof out,
                                  "%s replay --no-progress --limit " LIMIT " --shard %d/2 --save %s %s 2>&1",
                                  test_bin(), i, i == 1 ? a : b, test_shared(LIST100)), 0);
    assert_non_null(strstr(out, "(PARTIAL: shard 2/2)\nPARTIAL: the numbers below hold only shard 2/2 of "
                                "the corpus's records (missing 1/2)\n"));
    assert_non_null(strstr(out, "input: 6 deals read = 6 accepted"));
    assert_int_equal(test_run(out, sizeof out, "%s merge --save %s %s %s > %s",
                              test_bin(), m, b, a, mreport), 0);
    /* The merged state file is the whole run's, byte for byte; so is the
     * report on standard output, the command line aside (merge's own line
     * goes to standard error). */
    assert_true(files_equal(m, whole.wls));
    assert_true(reports_equal(whole.report, 1, mreport, 1));
    /* A shard twice, or a shard with the whole run, is not the whole run. */
    assert_int_equal(test_run(out, sizeof out, "%s merge %s %s 2>&1", test_bin(), a, a), 3);
    assert_non_null(strstr(out, "already merged"));
    assert_int_equal(test_run(out, sizeof out, "%s merge %s %s 2>&1", test_bin(), a, whole.wls), 3);
    /* One shard of two: refused, naming the missing one, unless --partial,
     * and then marked PARTIAL in the title, above the numbers and in the
     * summary CSV. */
    assert_int_equal(test_run(out, sizeof out, "%s merge %s 2>&1", test_bin(), a), 1);
    assert_non_null(strstr(out, "whistlab: missing shard 2/2: "));
    assert_null(strstr(out, "input:"));
    char csv[256];
    snprintf(csv, sizeof csv, "%s", test_tmp("partial.csv"));
    assert_int_equal(test_run(out, sizeof out, "%s merge --partial --csv-summary %s %s 2>&1", test_bin(), csv, a), 1);
    assert_non_null(strstr(out, " (PARTIAL: shard 1/2)\nPARTIAL: the numbers below hold only shard 1/2 of "
                                "the corpus's records (missing 2/2)\n"));
    assert_non_null(strstr(out, "; 6 whist deals analysed; PARTIAL: some shards only\n"));
    csv_table t;
    read_table(csv, &t);
    assert_string_equal(summary_value(&t, "input", "", "", "", "status"),
                        "PARTIAL: only shard 1/2 of the corpus's records (missing 2/2)");
    assert_string_equal(summary_value(&t, "provenance", "all", "", "", "shards_present"), "1");
    assert_string_equal(summary_value(&t, "provenance", "all", "", "", "shards_total"), "2");
    free(t.rows);
    remove(csv);
    remove(a);
    remove(b);
    remove(m);
    remove(mreport);
}

/* Starts a run in the background (of the default conventions, or of
 * conventions when not NULL); stops it with sig as soon as its first
 * checkpoint exists; returns its exit status (-1 if killed). */
static int run_input_and_stop(const char *conventions, const char *input, const char *wls, const char *csv,
                              int sig)
{
    remove(wls);
    pid_t pid = test_start(NULL, NULL, (const char *[]){"replay", "--no-progress", "--limit", LIMIT, "--threads", "1",
                                                        "--checkpoint", "2", "--save", wls, "--csv-deals", csv,
                                                        "--conventions",
                                                        conventions ? conventions : "long-suit,american,short-suit",
                                                        input, NULL});
    test_wait_for_file(wls);
    return test_stop(pid, sig);
}

static int run_conventions_and_stop(const char *conventions, const char *wls, const char *csv, int sig)
{
    return run_input_and_stop(conventions, test_shared(LIST100), wls, csv, sig);
}

static int run_and_stop(const char *wls, const char *csv, int sig)
{
    return run_conventions_and_stop(NULL, wls, csv, sig);
}

/* The state file wls, read into w and the statistics returned (the
 * caller frees them); its inputs' accounts in inputs. */
static stats_state *read_state(const char *wls, wls_file *w, input_account *inputs)
{
    diag_t err = {0};
    stats_state *st = calloc(1, sizeof *st);
    assert_non_null(st);
    w->stats = st;
    w->inputs = inputs;
    if (!wls_read(wls, w, &err)) fail_msg("%s: %s", wls, err.reason);
    return st;
}

static void check_unfinished(const char *wls)
{
    static wls_file w;
    static input_account inputs[WLS_MAX_INPUTS];
    stats_state *st = read_state(wls, &w, inputs);
    assert_int_equal(w.complete, 0); /* really stopped before the end */
    assert_true(st->all.deals < LIMIT_N);
    assert_int_equal(w.ninputs, 1);
    assert_int_equal(inputs[0].deals, st->read); /* the deals accounted for so far */
    free(st);
}

/* A .wda archive hands each shard its records directly (no scan): three
 * shards of the archive merge to the report of the whole text corpus. */
static void test_wda_shards_select_records(void **state)
{
    (void)state;
    char wda[256], parts[3][256], mreport[256];
    snprintf(wda, sizeof wda, "%s", test_tmp("list100.wda"));
    snprintf(mreport, sizeof mreport, "%s", test_tmp("wda-merged.txt"));
    assert_int_equal(test_run(out, sizeof out, "%s convert %s %s 2>&1", test_bin(),
                              test_shared(LIST100), wda), 0);
    for (int i = 0; i < 3; i++) {
        snprintf(parts[i], sizeof parts[i], "%s", test_tmp(i == 0 ? "w1.wls" : i == 1 ? "w2.wls" : "w3.wls"));
        assert_int_equal(test_run(out, sizeof out,
                                  "%s replay --no-progress --limit " LIMIT " --shard %d/3 --save %s %s 2>&1",
                                  test_bin(), i + 1, parts[i], wda), 0);
        assert_non_null(strstr(out, "input: 4 deals read = 4 accepted"));
    }
    assert_int_equal(test_run(out, sizeof out, "%s merge %s %s %s > %s", test_bin(),
                              parts[2], parts[0], parts[1], mreport), 0);
    /* its input is named otherwise, but holds the same deals */
    assert_true(reports_equal_but(whole.report, 2, mreport, 2, "^(command|corpus): "));
    assert_true(strlen(report_digest(mreport)) == 33);
    char digest[64];
    snprintf(digest, sizeof digest, "%s", report_digest(mreport));
    assert_string_equal(report_digest(whole.report), digest);
    for (int i = 0; i < 3; i++) remove(parts[i]);
    remove(wda);
    remove(mreport);
}

static void test_resume_after_kill(void **state)
{
    (void)state;
    char wls[256], csv[256], report[256];
    snprintf(wls, sizeof wls, "%s", test_tmp("k.wls"));
    snprintf(csv, sizeof csv, "%s", test_tmp("k.csv"));
    snprintf(report, sizeof report, "%s", test_tmp("k.txt"));
    assert_int_equal(run_and_stop(wls, csv, SIGKILL), -1);
    check_unfinished(wls);
    assert_int_equal(test_run(out, sizeof out, "%s merge %s 2>&1", test_bin(), wls), 3);
    assert_non_null(strstr(out, "unfinished"));
    assert_int_equal(test_run(out, sizeof out, "%s replay --no-progress --resume %s > %s",
                              test_bin(), wls, report), 0);
    assert_true(reports_equal(report, 1, whole.report, 1));
    assert_true(tables_equal(csv, whole.csv));
    assert_true(files_equal(wls, whole.wls));
    /* An interrupt stops cleanly: state saved, exit 130, resumable. */
    assert_int_equal(run_and_stop(wls, csv, SIGINT), 130);
    check_unfinished(wls);
    assert_int_equal(test_run(out, sizeof out, "%s replay --no-progress --resume %s > %s",
                              test_bin(), wls, report), 0);
    assert_true(reports_equal(report, 1, whole.report, 1));
    assert_true(tables_equal(csv, whole.csv));
    /* A finished state file just reports again. */
    assert_int_equal(test_run(out, sizeof out, "%s replay --resume %s > %s", test_bin(), wls, report), 0);
    assert_true(reports_equal(report, 1, whole.report, 1));
    remove(wls);
    remove(csv);
    remove(report);
}


/* Issue 28: an interrupted run says the whole command to go on with (the
 * state, shell-quoted), and that command, pasted, writes the summary
 * table the first run was asked for (kept in the state), the same as an
 * uninterrupted run's. */
static void test_resume_writes_the_outputs_asked(void **state)
{
    (void)state;
    const char *wls = test_tmp("o k's.wls"), *csv = test_tmp("o.csv"), *summary = test_tmp("o-summary.csv"),
               *err = test_tmp("o.err");
    remove(wls);
    remove(summary);
    pid_t pid = test_start(NULL, err, (const char *[]){"replay", "--no-progress", "--limit", LIMIT, "--threads", "1",
                                                       "--checkpoint", "2", "--save", wls, "--csv-deals", csv,
                                                       "--csv-summary", summary, test_shared(LIST100), NULL});
    test_wait_for_file(wls);
    assert_int_equal(test_stop(pid, SIGINT), 130);
    check_unfinished(wls);
    assert_int_not_equal(access(summary, F_OK), 0); /* not written by the interrupted run */
    char *said = test_slurp(err);
    assert_non_null(said);
    assert_non_null(strstr(said, "continue with:\n  whistlab replay --resume '"));
    char again[8192];
    snprintf(again, sizeof again, "%s --no-progress", test_resume_command(said, "replay"));
    free(said);
    assert_int_equal(test_run(out, sizeof out, "%s >/dev/null 2>&1", again), 0);
    assert_true(tables_equal(csv, whole.csv));
    assert_true(reports_equal_but(summary, 1, whole.summary, 1, "command"));
    remove(wls);
    remove(csv);
    remove(summary);
    remove(err);
}

/* The state itself keeps the outputs the first run asked for: `replay
 * --resume STATE` alone writes the summary table (the same as an
 * uninterrupted run's) and the figures, in the formats asked for
 * (--plot-format png: not the default SVG). */
static void test_resume_alone_writes_the_outputs_asked(void **state)
{
    (void)state;
    const char *wls = test_tmp("alone.wls"), *summary = test_tmp("alone-summary.csv");
    char figs[256], fig[300];
    snprintf(figs, sizeof figs, "%s", test_tmp("alone-figs"));
    remove(summary);
    assert_int_equal(test_run(out, sizeof out, "rm -rf '%s'", figs), 0);
    assert_int_equal(test_run_and_stop((const char *[]){"replay", "--no-progress", "--limit", LIMIT, "--threads",
                                                        "1", "--checkpoint", "2", "--save", wls, "--csv-summary",
                                                        summary, "--plot", figs, "--plot-format", "png",
                                                        test_shared(LIST100), NULL},
                                       wls, NULL),
                     130);
    check_unfinished(wls);
    assert_int_equal(test_run(out, sizeof out, "%s replay --resume %s --no-progress >/dev/null 2>&1", test_bin(), wls),
                     0);
    assert_true(reports_equal_but(summary, 1, whole.summary, 1, "command"));
    snprintf(fig, sizeof fig, "%s/conventions.png", figs);
    char *png = test_slurp(fig);
    assert_non_null(png);
    assert_memory_equal(png, "\x89PNG\r\n", 6);
    free(png);
    snprintf(fig, sizeof fig, "%s/conventions.svg", figs);
    assert_int_not_equal(access(fig, F_OK), 0);
    remove(wls);
    remove(summary);
    assert_int_equal(test_run(out, sizeof out, "rm -rf '%s'", figs), 0);
}

/* A checkpoint that cannot be written (here its name is a directory)
 * fails the run once, clearly, and stops it: not one error per deal. */
static void test_checkpoint_failure_stops_once(void **state)
{
    (void)state;
    char dir[256];
    snprintf(dir, sizeof dir, "%s", test_tmp("cp.wls"));
    assert_int_equal(test_run(out, sizeof out, "rm -rf %s && mkdir -p %s/d", dir, dir), 0);
    int rc = test_run(out, sizeof out, "%s replay --no-progress --eval play --limit 40 --checkpoint 2 --save %s "
                      "%s 2>&1 >/dev/null", test_bin(), dir, test_shared(LIST100));
    assert_int_equal(rc, 3);
    char want[400];
    snprintf(want, sizeof want, "whistlab: %s: write failed: Is a directory; the run stops here", dir);
    const char *at = strstr(out, want);
    if (!at) fail_msg("%s", out);
    assert_null(strstr(at + strlen(want), "write failed"));
    test_run(out, sizeof out, "rm -rf %s", dir);
}

/* Issue 25, item 1: a per-deal table that cannot be created, or whose
 * temporary is gone at --resume, is named (the name was printed from freed
 * memory). */
static void test_unwritable_table_named(void **state)
{
    (void)state;
    char wls[256], csv[256], want[600];
    snprintf(wls, sizeof wls, "%s", test_tmp("named.wls"));
    snprintf(csv, sizeof csv, "%s", test_tmp("named.csv"));
    int rc = test_run(out, sizeof out, "%s replay --eval play --no-progress --limit 5 --save %s "
                      "--csv-deals /nonexistent-dir/y.csv %s 2>&1 >/dev/null", test_bin(), wls, test_shared(LIST100));
    assert_int_equal(rc, 3);
    assert_string_equal(out, "whistlab: /nonexistent-dir/y.csv: cannot write: No such file or directory\n");
    assert_int_equal(run_and_stop(wls, csv, SIGINT), 130);
    assert_int_equal(test_run(out, sizeof out, "rm -f %s.partial*", csv), 0);
    rc = test_run(out, sizeof out, "%s replay --no-progress --resume %s 2>&1 >/dev/null", test_bin(), wls);
    assert_int_equal(rc, 3);
    snprintf(want, sizeof want, "whistlab: %s.partial.", csv); /* its own temporary (item 14) */
    assert_true(strncmp(out, want, strlen(want)) == 0);
    assert_non_null(strstr(out, ": cannot reopen to continue: No such file or directory\n"));
    remove(wls);
}

/* Issue 25, item 11: a run stopped by an output that failed (a file size
 * limit here, as a full disk: the per-deal table outgrows it) says
 * INCOMPLETE in its report and its summary CSV, as for an input lost, and
 * why: not only by its exit status. */
static void test_output_failure_incomplete(void **state)
{
    (void)state;
    char wls[256], csv[256], summary[256], report[256], want[600];
    snprintf(wls, sizeof wls, "%s", test_tmp("full.wls"));
    snprintf(csv, sizeof csv, "%s", test_tmp("full.csv"));
    snprintf(summary, sizeof summary, "%s", test_tmp("full-summary.csv"));
    snprintf(report, sizeof report, "%s", test_tmp("full.txt"));
    const char *corpus = "corpora/whist-2000.pbn.gz";
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) { /* files of at most 200 KiB: the per-deal table outgrows it, not the others */
        struct rlimit limit = {200 << 10, 200 << 10};
        setrlimit(RLIMIT_FSIZE, &limit);
        signal(SIGXFSZ, SIG_IGN);
        freopen(report, "w", stdout);
        freopen("/dev/null", "w", stderr);
        execl(test_bin(), test_bin(), "replay", "--eval", "play", "--no-progress", "--threads", "1", "--checkpoint",
              "100", "--save", wls, "--csv-deals", csv, "--csv-summary", summary, corpus, (char *)NULL);
        _exit(127);
    }
    int st;
    waitpid(pid, &st, 0);
    int rc = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    assert_int_equal(rc, 3);
    char *text = test_slurp(report);
    assert_non_null(text);
    snprintf(want, sizeof want, "\nINCOMPLETE: 1 of 1 input was not read to the end; the numbers below rest only on\n"
             "the deals read before reading stopped:\n  %s: stopped after ", corpus);
    const char *at = strstr(text, want);
    assert_non_null(at);
    assert_ptr_equal(strchr(text, '\n'), at); /* line 2 */
    long read = atol(at + strlen(want));
    assert_true(read > 0 && read < 2000);
    snprintf(want, sizeof want, " deals read: an output failed, so the run stopped reading: %s: write failed: "
             "File too large\n", csv);
    if (!strstr(at, want)) fail_msg("%s", text);
    free(text);
    csv_table t;
    read_table(summary, &t);
    assert_string_equal(summary_value(&t, "input", "", "", "", "complete"), "0");
    snprintf(want, sizeof want, "INCOMPLETE: %s stopped after %ld deals read (an output failed", corpus, read);
    const char *status = summary_value(&t, "input", "", "", "", "status");
    if (strncmp(status, want, strlen(want)) != 0) fail_msg("status: %s", status);
    free(t.rows);
    test_run(out, sizeof out, "rm -f %s %s.partial* %s %s", wls, csv, summary, report);
}

/* Issue 25, item 12: a run stopped between its last checkpoint and the
 * rename of its per-deal table (here the rename fails: the name is a
 * directory; a kill -9 there leaves the same) is finished by --resume:
 * the table appears, whole, and the state is the whole run's; with the
 * temporary gone as well, --resume says so and fails. */
static void test_resume_finishes_the_table(void **state)
{
    (void)state;
    char wls[256], csv[256], want[1200];
    snprintf(wls, sizeof wls, "%s", test_tmp("fin.wls"));
    snprintf(csv, sizeof csv, "%s", test_tmp("fin.csv"));
    for (int pass = 0; pass < 2; pass++) {
        assert_int_equal(test_run(out, sizeof out, "rm -rf %s %s.partial* && mkdir %s", csv, csv, csv), 0);
        int rc = test_run(out, sizeof out, "%s replay --no-progress --limit " LIMIT " --threads 2 --csv-deals %s "
                          "--save %s %s 2>&1 >/dev/null", test_bin(), csv, wls, test_shared(LIST100));
        assert_int_equal(rc, 3);
        assert_non_null(strstr(out, "write failed: Is a directory"));
        assert_int_equal(test_run(out, sizeof out, "rmdir %s", csv), 0);
        if (pass == 0) {
            assert_int_equal(test_run(out, sizeof out, "%s replay --no-progress --resume %s 2>&1 >/dev/null",
                                      test_bin(), wls), 0);
            assert_true(tables_equal(csv, whole.csv));
            assert_true(files_equal(wls, whole.wls));
        } else {
            assert_int_equal(test_run(out, sizeof out, "rm %s.partial*", csv), 0);
            assert_int_equal(test_run(out, sizeof out, "%s replay --no-progress --resume %s 2>&1 >/dev/null",
                                      test_bin(), wls), 3);
            snprintf(want, sizeof want, "whistlab: %s: missing: the run is complete, but neither the table nor its "
                     "temporary %s.partial.", csv, csv);
            if (strncmp(out, want, strlen(want)) != 0) fail_msg("%s", out);
        }
    }
    remove(csv);
    remove(wls);
}

/* Issue 25, item 14: two runs naming one per-deal table: an interrupted
 * run's temporary is its own, so another run's start and end neither
 * remove nor rename it, and --resume finishes it as if uninterrupted. */
static void test_two_runs_one_table(void **state)
{
    (void)state;
    char wls[256], other[256], csv[256];
    snprintf(wls, sizeof wls, "%s", test_tmp("two.wls"));
    snprintf(other, sizeof other, "%s", test_tmp("other.wls"));
    snprintf(csv, sizeof csv, "%s", test_tmp("two.csv"));
    assert_int_equal(run_and_stop(wls, csv, SIGINT), 130);
    assert_int_equal(test_run(out, sizeof out, "%s replay --eval play --no-progress --limit 5 --save %s "
                              "--csv-deals %s %s 2>&1 >/dev/null", test_bin(), other, csv, test_shared(LIST100)), 0);
    assert_int_equal(test_run(out, sizeof out, "%s replay --no-progress --resume %s 2>&1 >/dev/null",
                              test_bin(), wls), 0);
    assert_true(tables_equal(csv, whole.csv));
    remove(wls);
    remove(other);
    remove(csv);
}

/* A resumed run takes its double-dummy values where it started taking
 * them: a run that solved is not resumed from a store, one whose report
 * says "dd values from the store" not resumed by solving (exit 2, both). */
static void test_resume_keeps_its_values_source(void **state)
{
    (void)state;
    char wls[256], csv[256];
    snprintf(wls, sizeof wls, "%s", test_tmp("src.wls"));
    snprintf(csv, sizeof csv, "%s", test_tmp("src.csv"));
    assert_int_equal(run_and_stop(wls, csv, SIGKILL), -1);
    check_unfinished(wls);
    assert_int_equal(test_run(out, sizeof out, "%s replay --no-progress --resume %s --values corpora/whist-2000.wdv "
                              "2>&1", test_bin(), wls), 2);
    assert_non_null(strstr(out, "the run solved its deals: resume it without --values"));
    /* the same state, as a run from a store would have saved it */
    static wls_file w;
    static input_account inputs[WLS_MAX_INPUTS];
    diag_t err = {0};
    stats_state *st = calloc(1, sizeof *st);
    w.stats = st;
    w.inputs = inputs;
    assert_true(wls_read(wls, &w, &err));
    size_t at = strlen(w.config);
    snprintf(w.config + at, sizeof w.config - at, "values from the store s.wdv (100 deals, digest 0; made by: t)\n");
    assert_true(wls_write(wls, &w, &err));
    free(st);
    assert_int_equal(test_run(out, sizeof out, "%s replay --no-progress --resume %s 2>&1", test_bin(), wls), 2);
    assert_non_null(strstr(out, "the run took its double-dummy values from a store: resume it with --values"));
    remove(wls);
    remove(csv);
    test_run(out, sizeof out, "rm -f %s.partial*", csv);
}

/* A corpus changed between the interrupt and --resume (its first deal
 * here) is refused, naming the file and its deals then and now; put back,
 * the run goes on. */
static void test_resume_refuses_a_changed_corpus(void **state)
{
    (void)state;
    char corpus[256], wls[256], csv[256];
    snprintf(corpus, sizeof corpus, "%s", test_tmp("corpus.txt"));
    snprintf(wls, sizeof wls, "%s", test_tmp("corpus.wls"));
    snprintf(csv, sizeof csv, "%s", test_tmp("corpus.csv"));
    assert_int_equal(test_run(out, sizeof out, "cp %s %s", test_shared(LIST100), corpus), 0);
    assert_int_equal(run_input_and_stop(NULL, corpus, wls, csv, SIGKILL), -1);
    check_unfinished(wls);
    assert_int_equal(test_run(out, sizeof out, "sed -i '2s/N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652/"
                                               "N:K5.T83.KQ9.A7652 873.J97.AT764.Q4 QJ6.K652.J85.T98/' %s",
                              corpus), 0);
    assert_int_equal(test_run(out, sizeof out, "%s replay --no-progress --resume %s 2>&1", test_bin(), wls), 3);
    char want[400];
    snprintf(want, sizeof want, "whistlab: cannot resume: %s: changed since the run started", corpus);
    if (!strstr(out, want)) fail_msg("%s", out);
    assert_int_equal(test_run(out, sizeof out, "cp %s %s", test_shared(LIST100), corpus), 0);
    assert_int_equal(test_run(out, sizeof out, "%s replay --no-progress --resume %s 2>&1", test_bin(), wls), 0);
    remove(corpus);
    remove(wls);
    remove(csv);
}

/* A run of a convention table file states the file's digest, and is not
 * resumed once the file has changed. */
static void test_resume_refuses_a_changed_table(void **state)
{
    (void)state;
    char tbl[256], wls[256], csv[256], conventions[300];
    snprintf(tbl, sizeof tbl, "%s", test_tmp("mine.tbl"));
    snprintf(wls, sizeof wls, "%s", test_tmp("tbl.wls"));
    snprintf(csv, sizeof csv, "%s", test_tmp("tbl.csv"));
    assert_int_equal(test_run(out, sizeof out, "%s conventions --table short-suit | sed 's/^name .*/name mine/' > %s",
                              test_bin(), tbl), 0);
    snprintf(conventions, sizeof conventions, "%s,long-suit", tbl);
    assert_int_equal(run_conventions_and_stop(conventions, wls, csv, SIGKILL), -1);
    check_unfinished(wls);
    assert_int_equal(test_run(out, sizeof out, "echo '# one more line' >> %s", tbl), 0);
    assert_int_equal(test_run(out, sizeof out, "%s replay --no-progress --resume %s 2>&1", test_bin(), wls), 3);
    assert_non_null(strstr(out, "a convention table file has changed since the run started"));
    /* as it was, the run goes on, and its report names the table's digest */
    assert_int_equal(test_run(out, sizeof out, "%s conventions --table short-suit | sed 's/^name .*/name mine/' > %s",
                              test_bin(), tbl), 0);
    assert_int_equal(test_run(out, sizeof out, "%s replay --no-progress --resume %s 2>&1", test_bin(), wls), 0);
    char want[512];
    diag_t diag = {0};
    digest128 d;
    assert_true(digest128_file(tbl, &d, &diag));
    char hex[DIGEST128_HEX];
    snprintf(want, sizeof want, " table %s %s;", tbl, digest128_hex(d, hex));
    assert_non_null(strstr(out, want));
    remove(tbl);
    remove(wls);
    remove(csv);
}

static void test_every_deal_accounted(void **state)
{
    (void)state;
    char corpus[256];
    snprintf(corpus, sizeof corpus, "%s", test_tmp("bad.txt"));
    FILE *f = fopen(corpus, "w");
    fputs(HAND_CHECKED, f);
    /* SA twice: rejected by the reader, on line 3. */
    fputs("PBN 0 0 0 0 \"N:AKQJT98765432... A.AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"\n", f);
    fclose(f);
    int rc = test_run(out, sizeof out, "%s replay --no-progress --conventions long-suit %s 2>&1",
                      test_bin(), corpus);
    assert_int_equal(rc, 1);
    char where[300];
    snprintf(where, sizeof where, "%s:3: ", corpus);
    assert_non_null(strstr(out, where));
    assert_non_null(strstr(out, "input: 3 deals read = 2 accepted + 1 rejected; 2 whist deals analysed"));
    /* --limit counts deals read. */
    rc = test_run(out, sizeof out, "%s replay --no-progress --limit 1 %s 2>&1", test_bin(), corpus);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "input: 1 deals read = 1 accepted + 0 rejected"));
    remove(corpus);
}

/* A PBN game without its own deal (the other table of a board) is counted
 * once, as a repeat; a deal without trumps needs a policy. */
static void test_repeats_and_trump_policy(void **state)
{
    (void)state;
    static const char pbn[] =
        "[Board \"1\"]\n[Dealer \"W\"]\n"
        "[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n"
        "[Trump \"S\"]\n\n"
        "[Contract \"1S\"]\n[Declarer \"E\"]\n\n"
        "[Board \"2\"]\n[Dealer \"W\"]\n"
        "[Deal \"N:AKQJT98.5432.32. .AKQJT9876..AKQJ 765432..AKQJT98. ..7654.T98765432\"]\n";
    char corpus[256];
    snprintf(corpus, sizeof corpus, "%s", test_tmp("rep.pbn"));
    FILE *f = fopen(corpus, "w");
    fputs(pbn, f);
    fclose(f);
    int rc = test_run(out, sizeof out, "%s replay --no-progress %s 2>&1", test_bin(), corpus);
    assert_int_equal(rc, 1);
    assert_non_null(strstr(out, "input: 2 deals read = 1 accepted + 1 rejected; 1 skipped as "
                                "repeats; 1 whist deals analysed"));
    char where[300];
    snprintf(where, sizeof where, "%s:11: no trump suit", corpus); /* the [Deal] line */
    assert_non_null(strstr(out, where));
    rc = test_run(out, sizeof out, "%s replay --no-progress --trump each %s 2>&1", test_bin(), corpus);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "input: 2 deals read = 2 accepted + 0 rejected; 1 skipped as "
                                "repeats; 8 whist deals analysed"));
    remove(corpus);
}


/* The whole run's report starts with what it rests on: the version, the
 * command line, the corpus with its deals and their digest (the first
 * LIMIT deals of list100, at positions 0 to LIMIT - 1), the settings. */
static void test_provenance_in_report_and_csv(void **state)
{
    (void)state;
    char version[64];
    FILE *f = fopen("VERSION", "r");
    assert_non_null(f);
    assert_non_null(fgets(version, sizeof version, f));
    fclose(f);
    version[strcspn(version, "\n")] = 0;
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(test_shared(LIST100), FMT_AUTO, &diag);
    assert_non_null(r);
    digest128 sum = {{0, 0}};
    deal_t d;
    for (uint64_t i = 0; i < LIMIT_N; i++) {
        assert_int_equal(deal_reader_next(r, &d, &diag), READ_DEAL);
        deal_digest_add(&sum, deal_digest_term(&d, i));
    }
    deal_reader_close(r);
    char hex[DIGEST128_HEX], want[8192];
    digest128_hex(sum, hex);
    char report[1 << 14];
    test_run(report, sizeof report, "cat %s", whole.report);
    assert_true(strncmp(report, "whistlab replay --eval dd: long-suit,american,short-suit on ", 60) == 0);
    assert_non_null(strstr(report, "\nExperiment: the double-dummy value of each convention's opening lead"));
    snprintf(want, sizeof want, "\nversion:  whistlab %s\n", version);
    assert_non_null(strstr(report, want));
    /* the program's name is whistlab whatever path ran it */
    snprintf(want, sizeof want, "\ncommand:  whistlab replay --no-progress --limit " LIMIT " --threads 2 "
             "--csv-deals %s --save %s --csv-summary %s %s\n", whole.csv, whole.wls, whole.summary,
             test_shared(LIST100));
    assert_non_null(strstr(report, want));
    snprintf(want, sizeof want, "\ncorpus:   %s: " LIMIT " deals, digest %s\n", test_shared(LIST100), hex);
    assert_non_null(strstr(report, want));
    assert_non_null(strstr(report, "\nsettings: eval dd; conventions long-suit,american,short-suit; valued the "
                                   "conventions' leads;\n          format auto; trump auto; leader as dealt; seed 0; "
                                   "limit " LIMIT "; shards 1; engine dds\ninput: " LIMIT " deals read"));
    assert_null(strstr(report, "INCOMPLETE"));
    assert_null(strstr(report, "PARTIAL"));
    csv_table t;
    read_table(whole.summary, &t);
    assert_string_equal(summary_value(&t, "provenance", "all", "", "", "version"), version);
    assert_string_equal(summary_value(&t, "provenance", "1", "", "", "input"), test_shared(LIST100));
    assert_string_equal(summary_value(&t, "provenance", "1", "", "", "input_deals"), LIMIT);
    assert_string_equal(summary_value(&t, "provenance", "1", "", "", "input_digest"), hex);
    assert_string_equal(summary_value(&t, "provenance", "1", "", "", "input_complete"), "1");
    assert_string_equal(summary_value(&t, "provenance", "limit", "", "", "setting"), LIMIT);
    assert_string_equal(summary_value(&t, "provenance", "engine", "", "", "setting"), "dds"); /* it solved */
    assert_string_equal(summary_value(&t, "provenance", "conventions", "", "", "setting"),
                        "long-suit,american,short-suit");
    assert_string_equal(summary_value(&t, "input", "", "", "", "complete"), "1");
    assert_string_equal(summary_value(&t, "input", "", "", "", "status"), "complete");
    free(t.rows);
}

/* Double-dummy a same opening lead wins the same tricks: the gain when the
 * leads are the same is 0, and all of the mean gain comes from the deals
 * where they differ. */
static void test_dd_gain_when_same_is_zero(void **state)
{
    (void)state;
    csv_table t;
    read_table(whole.summary, &t);
    static const char *const PAIRS[3][2] = {{"long-suit", "american"}, {"long-suit", "short-suit"},
                                            {"american", "short-suit"}};
    for (int k = 0; k < 3; k++) {
        const char *x = PAIRS[k][0], *y = PAIRS[k][1];
        double n = atof(summary_value(&t, "all", "", x, y, "n"));
        double nd = atof(summary_value(&t, "all", "", x, y, "n_when_differ"));
        double ns = atof(summary_value(&t, "all", "", x, y, "n_when_same"));
        assert_true(n == LIMIT_N && nd + ns == LIMIT_N);
        if (ns > 0) assert_string_equal(summary_value(&t, "all", "", x, y, "mean_gain_when_same"), "0.000000");
        if (nd > 0) {
            double mean = atof(summary_value(&t, "all", "", x, y, "mean_gain"));
            double gd = atof(summary_value(&t, "all", "", x, y, "mean_gain_when_differ"));
            assert_true(fabs(gd - mean * n / nd) < 2e-6);
        }
    }
    free(t.rows);
}

/* In rule-based play the summary's gain when the opening leads differ and
 * when they are the same are the means of the per-deal table's differences
 * over those deals (the shipped 2000 deals). */
static void test_play_gain_when_differ_equals_per_deal_means(void **state)
{
    (void)state;
    char deals[256], summary[256];
    snprintf(deals, sizeof deals, "%s", test_tmp("play-deals.csv"));
    snprintf(summary, sizeof summary, "%s", test_tmp("play-summary.csv"));
    assert_int_equal(test_run(out, sizeof out, "%s replay --eval play --no-progress --csv-deals %s --csv-summary %s "
                              "corpora/whist-2000.pbn.gz 2>&1", test_bin(), deals, summary), 0);
    csv_table t;
    read_table(deals, &t);
    int c_index = col(&t, "index"), c_conv = col(&t, "convention"), c_lead = col(&t, "lead"),
        c_tricks = col(&t, "tricks");
    static const char *const PAIRS[3][2] = {{"long-suit", "american"}, {"long-suit", "short-suit"},
                                            {"american", "short-suit"}};
    long sum[3][2] = {{0}}, n[3][2] = {{0}};
    /* three rows a deal, in convention order */
    assert_int_equal(t.n, 1 + 3 * 2000);
    for (int row = 1; row < t.n; row += 3) {
        const csv_row *deal[3] = {&t.rows[row], &t.rows[row + 1], &t.rows[row + 2]};
        for (int i = 0; i < 3; i++) assert_string_equal(deal[i]->f[c_index], deal[0]->f[c_index]);
        for (int k = 0; k < 3; k++) {
            int a = strcmp(PAIRS[k][0], "american") == 0, b = strcmp(PAIRS[k][1], "american") == 0 ? 1 : 2;
            assert_string_equal(deal[a]->f[c_conv], PAIRS[k][0]);
            assert_string_equal(deal[b]->f[c_conv], PAIRS[k][1]);
            int differ = strcmp(deal[a]->f[c_lead], deal[b]->f[c_lead]) != 0;
            sum[k][differ ? 0 : 1] += atoi(deal[a]->f[c_tricks]) - atoi(deal[b]->f[c_tricks]);
            n[k][differ ? 0 : 1]++;
        }
    }
    free(t.rows);
    read_table(summary, &t);
    for (int k = 0; k < 3; k++) {
        char want[32];
        const char *x = PAIRS[k][0], *y = PAIRS[k][1];
        snprintf(want, sizeof want, "%ld", n[k][0]);
        assert_string_equal(summary_value(&t, "all", "", x, y, "n_when_differ"), want);
        snprintf(want, sizeof want, "%.6f", (double)sum[k][0] / (double)n[k][0]);
        assert_string_equal(summary_value(&t, "all", "", x, y, "mean_gain_when_differ"), want);
        snprintf(want, sizeof want, "%ld", n[k][1]);
        assert_string_equal(summary_value(&t, "all", "", x, y, "n_when_same"), want);
        snprintf(want, sizeof want, "%.6f", (double)sum[k][1] / (double)n[k][1]);
        assert_string_equal(summary_value(&t, "all", "", x, y, "mean_gain_when_same"), want);
    }
    /* in play a same opening lead gains too: long-suit - short-suit */
    assert_true(sum[1][1] != 0);
    free(t.rows);
    remove(deals);
    remove(summary);
}

/* The deals `whistlab check` reads from a file before it stops. */
static long deals_checked(const char *path)
{
    char buf[4096];
    test_run(buf, sizeof buf, "%s check %s 2>/dev/null", test_bin(), path);
    const char *at = strstr(buf, " deals read");
    assert_non_null(at);
    while (at > buf && at[-1] >= '0' && at[-1] <= '9') at--;
    return atol(at);
}

/* A run that could not read an input to its end says INCOMPLETE: in the
 * report's first lines (where reading stopped, why, after how many deals),
 * where the numbers are, and in the summary CSV; exit 3. A state file
 * keeps the mark for --resume and merge. */
static void check_incomplete(const char *input, const char *why, long before, const char *eval)
{
    char summary[256], wls[256], head[512];
    snprintf(summary, sizeof summary, "%s", test_tmp("incomplete.csv"));
    snprintf(wls, sizeof wls, "%s", test_tmp("incomplete.wls"));
    int rc = test_run(out, sizeof out, "%s replay --eval %s --no-progress --csv-summary %s --save %s %s 2>/dev/null",
                      test_bin(), eval, summary, wls, input);
    assert_int_equal(rc, 3);
    /* line 2, right under the title: the input, how far it was read, where
     * and why reading stopped */
    snprintf(head, sizeof head, "\nINCOMPLETE: 1 of 1 input was not read to the end; the numbers below rest only on\n"
             "the deals read before reading stopped:\n  %s: stopped after %ld deals read: %s", input, before, input);
    const char *at = strstr(out, head);
    assert_non_null(at);
    assert_ptr_equal(strchr(out, '\n'), at);
    const char *reason = strstr(at, why);
    assert_non_null(reason);
    assert_true(reason < strstr(at + 1, "\nExperiment: "));
    snprintf(head, sizeof head, "input: %ld deals read = %ld accepted + 0 rejected; %ld whist deals analysed; "
             "INCOMPLETE: not every input was read to its end\n", before, before, before);
    assert_non_null(strstr(out, head));
    csv_table t;
    read_table(summary, &t);
    assert_string_equal(summary_value(&t, "input", "", "", "", "complete"), "0");
    const char *status = summary_value(&t, "input", "", "", "", "status");
    snprintf(head, sizeof head, "INCOMPLETE: %s stopped after %ld deals read (%s", input, before, input);
    assert_true(strncmp(status, head, strlen(head)) == 0);
    assert_non_null(strstr(status, why));
    assert_string_equal(summary_value(&t, "provenance", "1", "", "", "input_complete"), "0");
    assert_non_null(strstr(summary_value(&t, "provenance", "1", "", "", "input_stopped_at"), why));
    free(t.rows);
    /* the state file keeps it: reported again, or merged */
    char again[1 << 16];
    assert_int_equal(test_run(again, sizeof again, "%s replay --resume %s 2>&1", test_bin(), wls), 3);
    assert_non_null(strstr(again, "\nINCOMPLETE: 1 of 1 input was not read to the end"));
    assert_int_equal(test_run(again, sizeof again, "%s merge %s 2>&1", test_bin(), wls), 3);
    assert_non_null(strstr(again, "\nINCOMPLETE: 1 of 1 input was not read to the end"));
    remove(summary);
    remove(wls);
}

static void test_incomplete_truncated_gzip(void **state)
{
    (void)state;
    char gz[256];
    snprintf(gz, sizeof gz, "%s", test_tmp("cut.pbn.gz"));
    assert_int_equal(test_run(out, sizeof out, "head -c 60000 corpora/whist-2000.pbn.gz > %s", gz), 0);
    long before = deals_checked(gz);
    assert_true(before > 1000 && before < 2000);
    check_incomplete(gz, "truncated gzip stream", before, "play");
    remove(gz);
}

static void test_incomplete_damaged_wda(void **state)
{
    (void)state;
    char wda[256];
    snprintf(wda, sizeof wda, "%s", test_tmp("damaged.wda"));
    /* the 2000 deals in one block, a byte of record 1000 flipped */
    assert_int_equal(test_run(out, sizeof out, "%s convert corpora/whist-2000.pbn.gz %s 2>&1", test_bin(), wda), 0);
    FILE *f = fopen(wda, "r+b");
    assert_non_null(f);
    fseek(f, -16000 - 4, SEEK_END);
    int ch = fgetc(f);
    fseek(f, -16000 - 4, SEEK_END);
    fputc(ch ^ 0x40, f);
    fclose(f);
    check_incomplete(wda, "block 0 at byte 64 (records 1-2000): CRC mismatch", 0, "play");
    /* 5000 deals: the second block damaged, the first 4096 deals read */
    assert_int_equal(test_run(out, sizeof out, "%s deal -n 5000 --seed 3 -o %s 2>&1", test_bin(), wda), 0);
    f = fopen(wda, "r+b");
    fseek(f, -100, SEEK_END);
    ch = fgetc(f);
    fseek(f, -100, SEEK_END);
    fputc(ch ^ 0x01, f);
    fclose(f);
    check_incomplete(wda, "records 4097-5000): CRC mismatch", 4096, "play");
    remove(wda);
}

static void test_usage_errors(void **state)
{
    (void)state;
    const char *corpus = test_shared(LIST100);
    static const char *const bad[] = {
        "--shard 3/2", "--shard 0/2", "--eval sd", "--conventions long-suit,nosuch",
        "--conventions long-suit,long-suit", "--limit x", "--threads 0", "--resume x.wls",
        "--save -", /* binary: not into the report (issue 25, item 16) */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int rc = test_run(out, sizeof out, "%s replay --no-progress %s %s 2>&1", test_bin(), bad[i], corpus);
        if (rc != 2) fail_msg("replay %s: exit %d, expected 2: %s", bad[i], rc, out);
    }
    assert_int_equal(test_run(out, sizeof out, "%s replay 2>&1", test_bin()), 2);
    /* a long list of valid rules is kept whole (the settings hold the text
     * as given: no buffer of 64 cuts or refuses it) */
    assert_int_equal(test_run(out, sizeof out, "%s replay --no-progress --limit 2 --eval play --ext %s %s 2>&1",
                              test_bin(), "X1,X2,X3,X4,X5,X6,X7,X8,X9,X10,X11,X12,X13,X1,X2,X3,X4,X5,X6,X7,X8,X9",
                              corpus), 0);
    assert_non_null(strstr(out, " ext X1,X2,X3,X4,X5,X6,X7,X8,X9,X10,X11,X12,X13,X1,X2,X3,X4,X5,X6,X7,X8,X9;"));
    assert_int_equal(test_run(out, sizeof out, "%s replay --no-progress %s 2>&1", test_bin(),
                              test_tmp("missing.txt")), 3);
    assert_int_equal(test_run(out, sizeof out, "%s replay --resume %s 2>&1", test_bin(),
                              test_tmp("missing.wls")), 3);
    assert_int_equal(test_run(out, sizeof out, "%s replay --help", test_bin()), 0);
    assert_non_null(strstr(out, "--csv-deals"));
}

/* The settings text a state file keeps. */
static void state_settings(const char *wls, char *buf, size_t len)
{
    static wls_file w;
    static input_account inputs[WLS_MAX_INPUTS];
    stats_state *st = read_state(wls, &w, inputs);
    snprintf(buf, len, "%s", w.config);
    free(st);
}

#define OLD_STATE "tests/data/wls-5a25dea/both.wls"
#define OLD_OPTIONS                                                                                                \
    "--eval both --all-leads --values corpora/whist-2000.wdv --conventions long-suit,american --opponents same " \
    "--signals --ext X4,X5 --where 'trumps(leader) >= 3' --seed 5 --limit 8"
#define OLD_SETTINGS_TEXT                                                                                          \
    "eval both\nconventions long-suit,american\nformat auto\ntrump auto\nleader -\nseed 5\nlimit 8\nall_leads 1\n" \
    "where trumps(leader) >= 3\nvalues from the store corpora/whist-2000.wdv (2000 deals, digest "                \
    "7ba23b3e56f0f1f20506bcc4f10c15fe; made by: whistlab solve --format auto --trump auto "                        \
    "corpora/whist-2000.pbn.gz)\nopponents same\nsignals 1\next X4,X5\ninput corpora/whist-2000.pbn.gz\n"
#define OLD_SETTINGS_LINE                                                                                          \
    "settings: eval both; conventions long-suit,american; valued every lead (--all-leads);\n"                      \
    "          opponents same; signals on; ext X4,X5; format auto; trump auto; leader as dealt;\n"                 \
    "          where trumps(leader) >= 3; seed 5; limit 8; shards 1;\n"                                            \
    "          dd values from the store corpora/whist-2000.wdv (2000 deals, digest "                               \
    "7ba23b3e56f0f1f20506bcc4f10c15fe; made by: whistlab solve --format auto --trump auto "                        \
    "corpora/whist-2000.pbn.gz)\n"

/* The settings as the state file keeps them and as the report states them
 * (made from the setting rows of replay's option table): the same text as whistlab
 * 5a25dea, whose state file (OLD_STATE: `replay OLD_OPTIONS --save both.wls
 * corpora/whist-2000.pbn.gz`, run from the repo root) still resumes, saying
 * its settings as that version did; a run of today with those options
 * keeps the same settings text. */
static void test_settings_text_and_old_state(void **state)
{
    (void)state;
    static char text[WLS_TEXT_MAX];
    state_settings(OLD_STATE, text, sizeof text);
    assert_string_equal(text, OLD_SETTINGS_TEXT);
    char wls[256];
    snprintf(wls, sizeof wls, "%s", test_tmp("old-settings.wls"));
    assert_int_equal(test_run(out, sizeof out, "cp " OLD_STATE " %s && %s replay --no-progress --resume %s | "
                                               "sed -n '/^settings/,/^input/p'", wls, test_bin(), wls), 0);
    assert_string_equal(out, OLD_SETTINGS_LINE "input: 8 deals read = 4 accepted + 0 rejected; 4 deals kept by "
                                               "--where, 4 left; 4 whist deals analysed\n");
    assert_int_equal(test_run(out, sizeof out, "%s replay --no-progress " OLD_OPTIONS " --save %s "
                                               "corpora/whist-2000.pbn.gz | sed -n '/^settings/,/^input/p'",
                              test_bin(), wls), 0);
    assert_true(strncmp(out, OLD_SETTINGS_LINE, strlen(OLD_SETTINGS_LINE)) == 0);
    state_settings(wls, text, sizeof text);
    assert_string_equal(text, OLD_SETTINGS_TEXT);
    remove(wls);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values_equal_dds_fut),
        cmocka_unit_test(test_hand_checked_gains),
        cmocka_unit_test(test_thread_count_does_not_change_output),
        cmocka_unit_test(test_shards_merge_to_whole),
        cmocka_unit_test(test_wda_shards_select_records),
        cmocka_unit_test(test_resume_after_kill),
        cmocka_unit_test(test_resume_writes_the_outputs_asked),
        cmocka_unit_test(test_resume_alone_writes_the_outputs_asked),
        cmocka_unit_test(test_resume_refuses_a_changed_table),
        cmocka_unit_test(test_resume_refuses_a_changed_corpus),
        cmocka_unit_test(test_resume_keeps_its_values_source),
        cmocka_unit_test(test_checkpoint_failure_stops_once),
        cmocka_unit_test(test_unwritable_table_named),
        cmocka_unit_test(test_output_failure_incomplete),
        cmocka_unit_test(test_resume_finishes_the_table),
        cmocka_unit_test(test_two_runs_one_table),
        cmocka_unit_test(test_every_deal_accounted),
        cmocka_unit_test(test_repeats_and_trump_policy),
        cmocka_unit_test(test_provenance_in_report_and_csv),
        cmocka_unit_test(test_dd_gain_when_same_is_zero),
        cmocka_unit_test(test_play_gain_when_differ_equals_per_deal_means),
        cmocka_unit_test(test_incomplete_truncated_gzip),
        cmocka_unit_test(test_incomplete_damaged_wda),
        cmocka_unit_test(test_usage_errors),
        cmocka_unit_test(test_settings_text_and_old_state),
    };
    return cmocka_run_group_tests(tests, setup_whole, teardown_whole);
}
