/* test_corpus_jobs.c -- `odds --corpus` and `play --verify` on the corpus
 * runner (issue 27 item 3): the same bytes for one thread and two, an odds
 * counting interrupted (Ctrl-C) and resumed with the command it prints
 * giving the uninterrupted run's tables and CSV, and a resume with other
 * settings refused. */
#include <signal.h>
#include <stdbool.h>
#include "stats/report/wls.h"
#include "testutil.h"

#define WHIST2000 "corpora/whist-2000.pbn.gz"
#define LIST1000 "corpora/dds-list1000.pbn.gz"

static char out[1 << 20];

/* The text of path without its lines that name the command line (the
 * provenance's, which differ between the runs compared). */
static char *without_command(const char *path)
{
    char *s = test_slurp(path);
    assert_non_null(s);
    char *w = s;
    for (char *line = s, *nl; *line; line = nl + 1) {
        nl = strchr(line, '\n');
        if (!nl) nl = line + strlen(line) - 1;
        size_t n = (size_t)(nl - line) + 1;
        if (strncmp(line, "command:", 8) != 0 && strncmp(line, "# command:", 10) != 0) {
            memmove(w, line, n);
            w += n;
        }
    }
    *w = 0;
    return s;
}

static void assert_same_but_command(const char *a, const char *b)
{
    char *x = without_command(a), *y = without_command(b);
    assert_string_equal(x, y);
    free(x);
    free(y);
}

static void test_odds_threads_same_bytes(void **state)
{
    (void)state;
    char txt[2][256], csv[2][256];
    for (int t = 0; t < 2; t++) {
        snprintf(txt[t], sizeof txt[t], "%s", test_tmp(t ? "o2.txt" : "o1.txt"));
        snprintf(csv[t], sizeof csv[t], "%s", test_tmp(t ? "o2.csv" : "o1.csv"));
        assert_int_equal(test_run(out, sizeof out, "%s odds --corpus %s --threads %d --csv %s > %s 2>&1", test_bin(),
                                  WHIST2000, t + 1, csv[t], txt[t]),
                         0);
    }
    assert_same_but_command(txt[0], txt[1]);
    assert_same_but_command(csv[0], csv[1]);
    char *s = test_slurp(txt[0]);
    assert_non_null(strstr(s, "corpus: 2000 deals read = 2000 distinct + 0 repeats + 0 rejected\n"));
    assert_non_null(strstr(s, "dealer: record (the deal's dealer); turn-up: record (the deal's turn-up)\n"));
    /* the dealer holds five trumps or more in 581 of the 2000 deals */
    assert_non_null(strstr(s, "  dealer.ge5         0.2906986      0.2905  [0.27102, 0.310783]        2000\n"));
    free(s);
    for (int t = 0; t < 2; t++) {
        remove(txt[t]);
        remove(csv[t]);
    }
}

/* Starts odds --save in the background, stops it with SIGINT once its
 * first checkpoint exists; its stderr into err. Returns its exit status. */
static int odds_and_stop(const char *wda, const char *wls, const char *csv, const char *err)
{
    remove(wls);
    pid_t pid = test_start(NULL, err, (const char *[]){"odds", "--corpus", wda, "--threads", "2", "--save", wls,
                                                       "--checkpoint", "500", "--csv", csv, NULL});
    test_wait_for_file(wls);
    return test_stop(pid, SIGINT);
}

static void test_odds_interrupted_and_resumed(void **state)
{
    (void)state;
    const char *wda = test_tmp("odds.wda"), *wls = test_tmp("odds.wls"), *whole = test_tmp("whole.txt"),
               *whole_csv = test_tmp("whole.csv"), *csv = test_tmp("part.csv"), *err = test_tmp("odds.err"),
               *again = test_tmp("again.txt");
    assert_int_equal(test_run(out, sizeof out, "%s deal -n 60000 --seed 3 -o %s 2>&1", test_bin(), wda), 0);
    assert_int_equal(test_run(out, sizeof out, "%s odds --corpus %s --threads 1 --csv %s > %s", test_bin(), wda,
                              whole_csv, whole),
                     0);
    assert_int_equal(odds_and_stop(wda, wls, csv, err), 130);
    /* really stopped before the end, at a record: the state says so */
    static wls_file w;
    static input_account inputs[WLS_MAX_INPUTS];
    static unsigned char job[1 << 20];
    w.job = job;
    w.job_cap = sizeof job;
    stats_state *st = calloc(1, sizeof *st);
    diag_t why = {0};
    w.stats = st;
    w.inputs = inputs;
    assert_true(wls_read(wls, &w, &why));
    assert_int_equal(w.complete, 0);
    assert_true(st->read > 0 && st->read < 60000);
    assert_int_equal(inputs[0].deals, st->read);
    free(st);
    /* the command it says to go on with, pasted whole */
    char *text = test_slurp(err);
    char *go = strstr(text, "go on with:\n  ");
    assert_non_null(go);
    go += strlen("go on with:\n  ");
    go[strcspn(go, "\n")] = 0;
    assert_non_null(strstr(go, " --resume "));
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", test_bin_abs());
    *strrchr(dir, '/') = 0; /* the binary under test as `whistlab` on the PATH */
    assert_int_equal(test_run(out, sizeof out, "PATH='%s':\"$PATH\" %s > %s 2>&1", dir, go, again), 0);
    free(text);
    assert_same_but_command(whole, again);
    assert_same_but_command(whole_csv, csv);
    /* a finished state just reports again */
    assert_int_equal(test_run(out, sizeof out, "%s odds --corpus %s --resume %s > %s", test_bin(), wda, wls, again),
                     0);
    assert_same_but_command(whole, again);
    /* other settings are refused, naming why */
    assert_int_equal(test_run(out, sizeof out, "%s odds --corpus %s --level 0.9 --resume %s 2>&1", test_bin(), wda,
                              wls),
                     3);
    assert_non_null(strstr(out, "cannot resume: it was started for other deals or settings"));
    assert_int_equal(test_run(out, sizeof out, "%s odds --corpus %s --resume %s 2>&1", test_bin(), WHIST2000, wls),
                     3);
    assert_non_null(strstr(out, "cannot resume"));
    remove(wda);
    remove(wls);
    remove(whole);
    remove(whole_csv);
    remove(csv);
    remove(err);
    remove(again);
}

static void test_verify_threads_same_bytes(void **state)
{
    (void)state;
    char one[4096];
    assert_int_equal(test_run(one, sizeof one, "%s play --verify --threads 1 %s 2>&1", test_bin(), LIST1000), 0);
    assert_string_equal(one, "deals 1000 (and 0 rejected while reading), with a recorded play 1000: legal 1000 "
                             "(complete 270, cut short 730), results checked 0, problems 0\n");
    assert_int_equal(test_run(out, sizeof out, "%s play --verify --threads 2 %s 2>&1", test_bin(), LIST1000), 0);
    assert_string_equal(out, one);
    /* problems in input order, whatever the threads */
    static char first[1 << 16];
    const char *broken = test_shared("corpora/pbn-parser-tests/pbnj_errors_21.pbn");
    int rc = test_run(first, sizeof first, "%s play --verify --threads 1 %s %s 2>&1", test_bin(), broken, LIST1000);
    assert_int_equal(rc, 1);
    assert_non_null(strstr(first, "pbnj_errors_21.pbn:11: bad [OptimumScore] value \"EW\"\n"));
    assert_int_equal(test_run(out, sizeof out, "%s play --verify --threads 2 %s %s 2>&1", test_bin(), broken, LIST1000),
                     1);
    assert_string_equal(out, first);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_odds_threads_same_bytes),
        cmocka_unit_test(test_odds_interrupted_and_resumed),
        cmocka_unit_test(test_verify_threads_same_bytes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
