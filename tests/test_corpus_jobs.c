/* test_corpus_jobs.c -- `odds --corpus`, `play --verify` and `claims` on
 * the corpus runner (issue 27 item 3): the same bytes for one thread and
 * two and under mpirun, a counting interrupted (Ctrl-C) and resumed with
 * the command it prints giving the uninterrupted run's tables and CSV, and
 * a resume with other settings refused. */
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <time.h>
#include "analyze/dd/dd_pool.h"
#include "analyze/odds/odds_run.h"
#include "stats/report/wls.h"
#include "testutil.h"

#define WHIST2000 "corpora/whist-2000.pbn.gz"
#define LIST1000 "corpora/dds-list1000.pbn.gz"

static char out[1 << 20];

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
    test_assert_same_but_command(txt[0], txt[1]);
    test_assert_same_but_command(csv[0], csv[1]);
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

static int odds_and_stop(const char *wda, const char *wls, const char *csv, const char *err)
{
    return test_run_and_stop((const char *[]){"odds", "--corpus", wda, "--threads", "2", "--save", wls, "--checkpoint",
                                              "500", "--csv", csv, NULL},
                             wls, err);
}

/* The state file wls holds an unfinished run of more than none and fewer
 * than all of its deals, every one of them accounted for. */
static void assert_stopped_midway(const char *wls, uint64_t deals)
{
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
    assert_true(st->read > 0 && st->read < deals);
    assert_int_equal(inputs[0].deals, st->read);
    free(st);
}

static void test_odds_interrupted_and_resumed(void **state)
{
    (void)state;
    const char *wda = test_tmp("odds.wda"), *wls = test_tmp("odds.wls"), *whole = test_tmp("whole.txt"),
               *whole_csv = test_tmp("whole.csv"), *csv = test_tmp("part.csv"), *err = test_tmp("odds.err"),
               *again = test_tmp("again.txt");
    /* under the sanitizers a third of the deals: the same paths, enough
     * deals left after the first checkpoint for the stop to come midway */
    const int deals = test_small() ? 20000 : 60000;
    assert_int_equal(test_run(out, sizeof out, "%s deal -n %d --seed 3 -o %s 2>&1", test_bin(), deals, wda), 0);
    assert_int_equal(test_run(out, sizeof out, "%s odds --corpus %s --threads 1 --csv %s > %s", test_bin(), wda,
                              whole_csv, whole),
                     0);
    assert_int_equal(odds_and_stop(wda, wls, csv, err), 130);
    /* really stopped before the end, at a record: the state says so */
    assert_stopped_midway(wls, (uint64_t)deals);
    /* the command it says to go on with, pasted whole */
    assert_int_equal(test_go_on_as_told(err, again, err), 0);
    test_assert_same_but_command(whole, again);
    test_assert_same_but_command(whole_csv, csv);
    /* a finished state just reports again */
    assert_int_equal(test_run(out, sizeof out, "%s odds --corpus %s --resume %s > %s", test_bin(), wda, wls, again),
                     0);
    test_assert_same_but_command(whole, again);
    /* other settings are refused, naming why */
    assert_int_equal(test_run(out, sizeof out, "%s odds --corpus %s --level 0.9 --resume %s 2>&1", test_bin(), wda,
                              wls),
                     3);
    assert_non_null(strstr(out, "cannot resume: it was started for other deals or settings"));
    assert_int_equal(test_run(out, sizeof out, "%s odds --corpus %s --resume %s 2>&1", test_bin(), WHIST2000, wls),
                     3);
    assert_non_null(strstr(out, "cannot resume"));
    test_remove(wda, wls, whole, whole_csv, csv, err, again);
}

/* The lines of text at path that are not the interrupt's, the resume's or
 * the command to go on with, appended to buf (the problems told). */
static void problems_of(const char *path, char *buf, size_t len)
{
    char *text = test_slurp(path);
    assert_non_null(text);
    for (char *line = text, *nl; *line; line = nl + 1) {
        nl = strchr(line, '\n');
        assert_non_null(nl);
        *nl = 0;
        if (strstr(line, "interrupted after") || strstr(line, "resuming: ") || strncmp(line, "  whistlab ", 11) == 0)
            continue;
        size_t at = strlen(buf);
        snprintf(buf + at, len - at, "%s\n", line);
    }
    free(text);
}

/* play --verify stopped (Ctrl-C) at its first checkpoint and resumed with
 * the command it prints: the summary line of one uninterrupted run, and
 * its problems told once each, in input order, across the two runs (two
 * before the stop, two after); other settings refused. */
static void test_verify_interrupted_and_resumed(void **state)
{
    (void)state;
    const char *pbn = test_tmp("verify.pbn"), *wls = test_tmp("verify.wls"), *whole = test_tmp("verify-whole.txt"),
               *whole_err = test_tmp("verify-whole.err"), *err = test_tmp("verify.err"),
               *again = test_tmp("verify-again.txt");
    const char *broken = test_shared("corpora/pbn-parser-tests/pbnj_errors_21.pbn");
    assert_int_equal(test_run(out, sizeof out,
                              "(cat %s; for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do gzip -dc %s; "
                              "done; cat %s) > %s", broken, LIST1000, broken, pbn),
                     0);
    assert_int_equal(test_run(out, sizeof out, "%s play --verify %s > %s 2> %s", test_bin(), pbn, whole, whole_err), 1);
    const char *args[] = {"play", "--verify", "--threads", "2", "--save", wls, "--checkpoint", "500", pbn, NULL};
    assert_int_equal(test_run_and_stop(args, wls, err), 130);
    static char told[1 << 14], want[1 << 14];
    told[0] = want[0] = 0;
    problems_of(err, told, sizeof told);
    assert_non_null(strstr(told, ":11: bad [OptimumScore] value \"EW\"\n"));
    assert_int_equal(test_go_on_as_told(err, again, err), 1);
    test_assert_same_but_command(whole, again);
    char *s = test_slurp(again);
    assert_string_equal(s, "deals 20000 (and 0 rejected while reading), with a recorded play 20000: legal 20000 "
                           "(complete 5400, cut short 14600), results checked 0, problems 4\n");
    free(s);
    problems_of(err, told, sizeof told);
    problems_of(whole_err, want, sizeof want);
    assert_string_equal(told, want);
    assert_int_equal(test_run(out, sizeof out, "%s play --verify --where 'trumps(leader)>=4' --resume %s %s 2>&1",
                              test_bin(), wls, pbn),
                     3);
    assert_non_null(strstr(out, "cannot resume: it was started for other deals or settings"));
    test_remove(pbn, wls, whole, whole_err, err, again);
}

/* claims on the corpus runner: stopped (Ctrl-C) at its first checkpoint
 * and resumed with the command it prints, the report and the CSV of one
 * uninterrupted run; a finished state reports again; another seed is
 * refused. */
static void test_claims_interrupted_and_resumed(void **state)
{
    (void)state;
    const char *wda = test_tmp("claims.wda"), *wls = test_tmp("claims.wls"), *whole = test_tmp("claims-whole.txt"),
               *whole_csv = test_tmp("claims-whole.csv"), *csv = test_tmp("claims-part.csv"),
               *err = test_tmp("claims.err"), *again = test_tmp("claims-again.txt");
    /* under the sanitizers a third of the deals: the same paths, enough
     * deals left after the first checkpoint for the stop to come midway */
    const int deals = test_small() ? 4000 : 12000;
    assert_int_equal(test_run(out, sizeof out, "%s deal -n %d --seed 5 -o %s 2>&1", test_bin(), deals, wda), 0);
    assert_int_equal(test_run(out, sizeof out, "%s claims %s --csv %s > %s", test_bin(), wda, whole_csv, whole), 0);
    const char *args[] = {"claims", wda, "--threads", "2", "--save", wls, "--checkpoint", "500", "--csv", csv, NULL};
    assert_int_equal(test_run_and_stop(args, wls, err), 130);
    assert_stopped_midway(wls, (uint64_t)deals);
    assert_int_equal(test_go_on_as_told(err, again, err), 0);
    char *said = test_slurp(err);
    assert_non_null(strstr(said, "resuming: "));
    assert_non_null(strstr(said, " deals kept\n"));
    free(said);
    test_assert_same_but_command(whole, again);
    test_assert_same_but_command(whole_csv, csv);
    char *s = test_slurp(whole);
    char want[160];
    snprintf(want, sizeof want,
             "deals: %d read = %d accepted + 0 rejected + 0 left by --where + 0 repeats; %d whist deals\n", deals,
             deals, deals);
    assert_non_null(strstr(s, want));
    free(s);
    assert_int_equal(test_run(out, sizeof out, "%s claims %s --resume %s > %s", test_bin(), wda, wls, again), 0);
    test_assert_same_but_command(whole, again);
    assert_int_equal(test_run(out, sizeof out, "%s claims %s --seed 2 --resume %s 2>&1", test_bin(), wda, wls), 3);
    assert_non_null(strstr(out, "cannot resume: it was started for other deals or settings"));
    test_remove(wda, wls, whole, whole_csv, csv, err, again);
}

/* claims under mpirun -n 2 (rank 0 reads, both measure): the report and
 * the CSV of one process. */
static void test_claims_mpirun_same_bytes(void **state)
{
    (void)state;
    const char *one = test_tmp("claims1.txt"), *two = test_tmp("claims2.txt"), *csv1 = test_tmp("claims1.csv"),
               *csv2 = test_tmp("claims2.csv");
    assert_int_equal(test_run(out, sizeof out, "%s claims --csv %s > %s", test_bin(), csv1, one), 0);
    int rc = test_run(out, sizeof out,
                      "ASAN_OPTIONS=detect_leaks=0 mpirun --oversubscribe --allow-run-as-root -n 2 %s claims --csv %s "
                      "> %s 2>&1", test_bin(), csv2, two);
    if (rc != 0) fail_msg("mpirun claims: exit %d:\n%s", rc, out);
    test_assert_same_but_command(one, two);
    test_assert_same_but_command(csv1, csv2);
    char *s = test_slurp(two);
    assert_non_null(strstr(s, "deals: 2000 read = 2000 accepted"));
    assert_non_null(strstr(s, "hogarth-numerical-strength.dd"));
    free(s);
    test_remove(one, two, csv1, csv2);
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

/* A slow job (a solve's stand-in): counted, then 20 ms asleep. */
static void slow_job(dd_job *job, dd_solver *solver, void *ctx)
{
    (void)job;
    (void)solver;
    atomic_fetch_add((atomic_int *)ctx, 1);
    struct timespec t = {0, 20000000};
    nanosleep(&t, NULL);
}

/* A stop answers within a job a worker (issue 27 item 3): once the caller
 * says it takes back no more (dd_pool_drop_from), the pool's close waits
 * for the job each worker is doing, not for the batch each took at once
 * (eight or more of 40 jobs on one worker). */
static void test_stop_waits_one_job_a_worker(void **state)
{
    (void)state;
    atomic_int ran = 0;
    dd_pool *p = dd_pool_open_plain(1, 64, slow_job, &ran);
    assert_non_null(p);
    for (int i = 0; i < 40; i++) {
        assert_non_null(dd_pool_claim(p));
        dd_pool_submit(p);
    }
    struct timespec tick = {0, 1000000};
    for (int i = 0; i < 5000 && atomic_load(&ran) == 0; i++) nanosleep(&tick, NULL);
    dd_pool_drop_from(p, 0); /* the worker is in its first job of a batch */
    dd_pool_close(p);
    assert_true(atomic_load(&ran) >= 1 && atomic_load(&ran) <= 2);
}

/* A saved odds state whose modes still possible name one the counting
 * never had (found by tests/fuzz/fuzz_odds_state.c: it was taken and read
 * the modes past their end) is refused with a reason; the state as saved
 * loads. */
static void test_odds_state_foreign_mode_refused(void **state)
{
    (void)state;
    input_opts io;
    input_opts_init(&io);
    odds_run_opts o = {.dealer_mode = ODDS_MODE_DEFAULT, .turnup_mode = ODDS_MODE_DEFAULT, .threads = 1,
                       .dedup = true, .io = &io};
    for (int forged = 0; forged < 2; forged++) {
        odds_run *r = odds_run_new(&o);
        assert_non_null(r);
        run_job job = odds_run_job(r);
        job.fold(job.ctx);
        size_t bytes;
        unsigned char *s = odds_run_state(r, &bytes);
        assert_true(bytes > 40);
        assert_int_equal(s[32], 7); /* the three candidate modes, all still possible */
        if (forged) s[32] = 8;      /* a fourth */
        diag_t why = {0};
        assert_int_equal(odds_run_resume(r, NULL, 0, 0, &why), !forged);
        if (forged) assert_non_null(strstr(why.reason, "modes still possible"));
        odds_run_free(r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_odds_threads_same_bytes),
        cmocka_unit_test(test_odds_interrupted_and_resumed),
        cmocka_unit_test(test_verify_threads_same_bytes),
        cmocka_unit_test(test_verify_interrupted_and_resumed),
        cmocka_unit_test(test_claims_interrupted_and_resumed),
        cmocka_unit_test(test_claims_mpirun_same_bytes),
        cmocka_unit_test(test_stop_waits_one_job_a_worker),
        cmocka_unit_test(test_odds_state_foreign_mode_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
