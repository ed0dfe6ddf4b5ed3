/* test_replay.c -- `whistlab replay` and `whistlab merge` as users run
 * them: per-deal values equal to DDS's own (FUT) on list100, a hand-checked
 * corpus with known gains, identical output for any thread count, shards
 * merged equal to the whole run, a killed run resumed equal to the whole
 * run, and every deal read accounted for. */
#include <signal.h>
#include <time.h>
#include <csv.h>
#include "testutil.h"
#include "formats/reader.h"
#include "stats/wls.h"

#define LIST100 "corpora/dds-hands/list100.txt"
#define LIST1000 "corpora/dds-hands/list1000.txt"
#define LIMIT "30" /* deals of list100 for the runs compared with each other */

static char out[1 << 16];

/* --- reading the per-deal CSV back through libcsv --- */

typedef struct {
    char f[24][96];
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
    if (t->cur.nf < 24) {
        size_t n = len < 95 ? len : 95;
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

static void read_table(const char *path, csv_table *t)
{
    memset(t, 0, sizeof *t);
    struct csv_parser p;
    assert_int_equal(csv_init(&p, CSV_STRICT | CSV_APPEND_NULL), 0);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        assert_int_equal(csv_parse(&p, buf, n, on_field, on_row, t), n);
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

/* Every row's tricks must be DDS's own FUT value of the row's lead. The
 * first 106 deals of list1000 include no-trump deals and deals repeated
 * right after themselves (solved once, valued twice). */
static void test_values_equal_dds_fut(void **state)
{
    (void)state;
    const char *csv = test_tmp("fut.csv");
    int rc = test_run(out, sizeof out,
                      "%s replay --no-progress --limit 106 --conventions "
                      "long-suit,american,short-suit,dd-best --csv-deals %s %s 2>&1",
                      test_bin(), csv, test_shared(LIST1000));
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "input: 106 deals read = 106 accepted + 0 rejected"));
    csv_table t;
    read_table(csv, &t);
    assert_int_equal(t.n, 1 + 4 * 106);
    int c_line = col(&t, "line"), c_conv = col(&t, "convention"), c_lead = col(&t, "lead"),
        c_tricks = col(&t, "tricks"), c_best = col(&t, "best"), c_cost = col(&t, "cost"),
        c_opt = col(&t, "optimal"), c_best_lead = col(&t, "best_lead"),
        c_nopt = col(&t, "optimal_leads"), c_trumps = col(&t, "trumps_held"),
        c_trump = col(&t, "trump");
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(test_shared(LIST1000), FMT_DDS, &diag);
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
            assert_int_equal(row->nf, 19);
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
}

/* The `random` lead of the spec (conventions.md S6), to pick a seed. */
static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int random_index(uint64_t seed, uint64_t deal_index)
{
    uint64_t s = seed ^ (0x9E3779B97F4A7C15ULL * (deal_index + 1)), u;
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
    /* North's deal-1 hand in TB order, high to low: cards 7..10 are hearts. */
    uint64_t seed = 0;
    while (random_index(seed, 0) < 7 || random_index(seed, 0) > 10) seed++;
    char corpus[256];
    snprintf(corpus, sizeof corpus, "%s", test_tmp("hand.txt"));
    FILE *f = fopen(corpus, "w");
    fputs(HAND_CHECKED, f);
    fclose(f);
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
        if (strcmp(r->f[0], "all") || strcmp(r->f[2], "long-suit") || strcmp(r->f[3], "random"))
            continue;
        if (!strcmp(r->f[4], "mean_gain")) seen++, assert_string_equal(r->f[6], "6.500000");
        if (!strcmp(r->f[4], "sd")) seen++, assert_string_equal(r->f[6], "9.192388");
        if (!strcmp(r->f[4], "differ_pct")) seen++, assert_string_equal(r->f[6], "100.0000");
        if (!strcmp(r->f[4], "deals_with_difference")) {
            seen++;
            assert_true(!strcmp(r->f[5], "0") || !strcmp(r->f[5], "13"));
            assert_string_equal(r->f[6], "1");
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
    char report[256], csv[256], wls[256];
} whole_run;

static whole_run whole;

static int setup_whole(void **state)
{
    (void)state;
    snprintf(whole.report, sizeof whole.report, "%s", test_tmp("whole.txt"));
    snprintf(whole.csv, sizeof whole.csv, "%s", test_tmp("whole.csv"));
    snprintf(whole.wls, sizeof whole.wls, "%s", test_tmp("whole.wls"));
    return test_run(out, sizeof out,
                    "%s replay --no-progress --limit " LIMIT " --threads 2 --csv-deals %s --save %s "
                    "%s > %s", test_bin(), whole.csv, whole.wls, test_shared(LIST100), whole.report);
}

static int teardown_whole(void **state)
{
    (void)state;
    remove(whole.report);
    remove(whole.csv);
    remove(whole.wls);
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
    assert_true(files_equal(report, whole.report));
    assert_true(files_equal(csv, whole.csv));
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
    assert_non_null(strstr(out, "(shard 2/2)"));
    assert_non_null(strstr(out, "input: 15 deals read = 15 accepted"));
    assert_int_equal(test_run(out, sizeof out, "%s merge --save %s %s %s | tail -n +3 > %s",
                              test_bin(), m, b, a, mreport), 0);
    /* The merged state file is the whole run's, byte for byte; so is the report. */
    assert_true(files_equal(m, whole.wls));
    assert_int_equal(test_run(out, sizeof out, "tail -n +2 %s | cmp -s - %s", whole.report, mreport), 0);
    /* A shard twice, or one shard alone, is not the whole run. */
    assert_int_equal(test_run(out, sizeof out, "%s merge %s %s 2>&1", test_bin(), a, a), 3);
    assert_non_null(strstr(out, "already merged"));
    assert_int_equal(test_run(out, sizeof out, "%s merge %s %s 2>&1", test_bin(), a, whole.wls), 3);
    assert_int_equal(test_run(out, sizeof out, "%s merge %s 2>&1", test_bin(), a), 0);
    assert_non_null(strstr(out, "(shard 1/2)"));
    remove(a);
    remove(b);
    remove(m);
    remove(mreport);
}

/* Starts a run in the background; stops it with sig as soon as its first
 * checkpoint exists; returns its exit status (-1 if killed). */
static int run_and_stop(const char *wls, const char *csv, int sig)
{
    remove(wls);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        freopen("/dev/null", "w", stdout);
        freopen("/dev/null", "w", stderr);
        execl(test_bin(), test_bin(), "replay", "--no-progress", "--limit", LIMIT, "--threads", "1",
              "--checkpoint", "2", "--save", wls, "--csv-deals", csv, test_shared(LIST100),
              (char *)NULL);
        _exit(127);
    }
    struct timespec tick = {0, 2000000};
    for (int i = 0; i < 5000 && access(wls, F_OK) != 0; i++) nanosleep(&tick, NULL);
    kill(pid, sig);
    int st;
    waitpid(pid, &st, 0);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void check_unfinished(const char *wls)
{
    static wls_file w;
    char err[256];
    stats_state *st = calloc(1, sizeof *st);
    w.stats = st;
    assert_true(wls_read(wls, &w, err, sizeof err));
    assert_int_equal(w.complete, 0); /* really stopped before the end */
    assert_true(st->all.deals < 30);
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
        assert_non_null(strstr(out, "input: 10 deals read = 10 accepted"));
    }
    assert_int_equal(test_run(out, sizeof out, "%s merge %s %s %s | tail -n +3 > %s", test_bin(),
                              parts[2], parts[0], parts[1], mreport), 0);
    assert_int_equal(test_run(out, sizeof out, "tail -n +2 %s | cmp -s - %s", whole.report, mreport), 0);
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
    assert_true(files_equal(report, whole.report));
    assert_true(files_equal(csv, whole.csv));
    assert_true(files_equal(wls, whole.wls));
    /* An interrupt stops cleanly: state saved, exit 130, resumable. */
    assert_int_equal(run_and_stop(wls, csv, SIGINT), 130);
    check_unfinished(wls);
    assert_int_equal(test_run(out, sizeof out, "%s replay --no-progress --resume %s > %s",
                              test_bin(), wls, report), 0);
    assert_true(files_equal(report, whole.report));
    assert_true(files_equal(csv, whole.csv));
    /* A finished state file just reports again. */
    assert_int_equal(test_run(out, sizeof out, "%s replay --resume %s > %s", test_bin(), wls, report), 0);
    assert_true(files_equal(report, whole.report));
    remove(wls);
    remove(csv);
    remove(report);
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

static void test_usage_errors(void **state)
{
    (void)state;
    const char *corpus = test_shared(LIST100);
    static const char *const bad[] = {
        "--shard 3/2", "--shard 0/2", "--eval sd", "--conventions long-suit,nosuch",
        "--conventions long-suit,long-suit", "--limit x", "--threads 0", "--resume x.wls",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int rc = test_run(out, sizeof out, "%s replay --no-progress %s %s 2>&1", test_bin(), bad[i], corpus);
        if (rc != 2) fail_msg("replay %s: exit %d, expected 2: %s", bad[i], rc, out);
    }
    assert_int_equal(test_run(out, sizeof out, "%s replay 2>&1", test_bin()), 2);
    assert_int_equal(test_run(out, sizeof out, "%s replay --no-progress %s 2>&1", test_bin(),
                              test_tmp("missing.txt")), 3);
    assert_int_equal(test_run(out, sizeof out, "%s replay --resume %s 2>&1", test_bin(),
                              test_tmp("missing.wls")), 3);
    assert_int_equal(test_run(out, sizeof out, "%s replay --help", test_bin()), 0);
    assert_non_null(strstr(out, "--csv-deals"));
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
        cmocka_unit_test(test_every_deal_accounted),
        cmocka_unit_test(test_repeats_and_trump_policy),
        cmocka_unit_test(test_usage_errors),
    };
    return cmocka_run_group_tests(tests, setup_whole, teardown_whole);
}
