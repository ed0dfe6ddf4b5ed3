/* test_sd_replay.c -- `whistlab replay --eval play|both` (the single-dummy
 * players in the replay driver) on DDS's list100: the eldest side's mean
 * tricks per convention, the double-dummy columns of --eval both equal to
 * --eval dd, the per-deal CSV, shards merged equal to one run, and the
 * single-dummy settings (--opponents, --signals, --ext) kept for --resume;
 * and the duplicate round robin of `whistlab play --round-robin`. Each
 * report says in its second line which experiment it is, so that the
 * fixed-opponents comparison and the duplicate match are not mistaken for
 * each other. */
#include <signal.h>
#include <unistd.h>
#include "testutil.h"
#include "stats/tally.h"

static char out[65536];

/* Whether two files hold the same bytes. */
static bool same_bytes(const char *a, const char *b)
{
    FILE *f = fopen(a, "rb"), *g = fopen(b, "rb");
    bool same = f && g;
    for (int c; same && (c = fgetc(f)) == fgetc(g) && c != EOF;)
        ;
    same = same && feof(f) && feof(g);
    if (f) fclose(f);
    if (g) fclose(g);
    return same;
}

/* s without its line "command:  ..." (the one line of a report that
 * differs between runs of the same work: --threads, --resume). */
static void drop_command_line(char *s)
{
    char *at = strstr(s, "\ncommand:  ");
    if (!at) return;
    char *end = strchr(at + 1, '\n');
    memmove(at, end, strlen(end) + 1);
}

/* The summary CSV's "# command: ..." line, taken out; it must be there. */
static void drop_summary_command(char *s)
{
    char *at = strstr(s, "# command: ");
    assert_non_null(at);
    char *end = strchr(at, '\n');
    assert_non_null(end);
    memmove(at, end + 1, strlen(end + 1) + 1);
}

static const char *list100(void) { return test_shared("corpora/dds-hands/list100.txt"); }

/* The store of its first 25 deals' values (tests/data/README.md). */
#define LIST_STORE "tests/data/list100-25.wdv"

static void test_eval_play(void **state)
{
    (void)state;
    int rc = test_run(out, sizeof out, "%s replay --eval play --conventions long-suit,american,short-suit "
                      "--no-progress %s 2>&1", test_bin(), list100());
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "--eval play: long-suit,american,short-suit on (opponents long-suit)"));
    assert_non_null(strstr(out, "list100.txt\nExperiment: each convention's side plays every deal against the same "
                                "fixed opponents (long-suit),\n"));
    assert_non_null(strstr(out, "not a\n          duplicate match.\n"));
    assert_non_null(strstr(out, "[1] long-suit     4.260"));
    assert_non_null(strstr(out, "[2] american      4.260"));
    /* each convention against itself */
    rc = test_run(out, sizeof out, "%s replay --eval play --opponents same --conventions long-suit "
                  "--no-progress %s 2>&1", test_bin(), list100());
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "\nExperiment: each convention's side plays every deal against opponents who play "
                                "that same convention,\n"));
    assert_non_null(strstr(out, "[1] long-suit     4.260"));
}

/* --eval both on the first 25 deals: its columns are --eval dd's and
 * --eval play's. The double-dummy values (dd-best's lead too) come from
 * their checked-in store (tests/data/README.md): test_solve shows that
 * replay prints the same from it as solving. */
static void test_eval_both(void **state)
{
    (void)state;
    const char *csv = test_tmp(".csv");
    int rc = test_run(out, sizeof out, "%s replay --eval both --conventions long-suit,american,dd-best --limit 25 "
                      "--values " LIST_STORE " --csv-deals %s --no-progress %s 2>&1", test_bin(), csv, list100());
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "[1] long-suit         3.440"));
    assert_non_null(strstr(out, "[3] dd-best           3.720"));
    assert_non_null(strstr(out, "[4] long-suit (sd)    4.520"));
    assert_non_null(strstr(out, "[6] dd-best (sd)      4.480"));
    char other[65536];
    rc = test_run(other, sizeof other, "%s replay --eval dd --conventions long-suit,american,dd-best --limit 25 "
                  "--values " LIST_STORE " --no-progress %s 2>&1", test_bin(), list100());
    assert_int_equal(rc, 0);
    assert_non_null(strstr(other, "[1] long-suit     3.440"));
    assert_non_null(strstr(other, "[3] dd-best       3.720"));
    rc = test_run(other, sizeof other, "%s replay --eval play --conventions long-suit,american,dd-best --limit 25 "
                  "--values " LIST_STORE " --no-progress %s 2>&1", test_bin(), list100());
    assert_int_equal(rc, 0);
    assert_non_null(strstr(other, "[1] long-suit     4.520"));
    assert_non_null(strstr(other, "[3] dd-best       4.480"));
    /* each convention twice a deal, told apart by the eval column */
    rc = test_run(out, sizeof out, "grep -c ',play,long-suit,' %s; grep -c ',dd,long-suit,' %s; grep -v '^#' %s | grep -c '(sd)'; "
                  "grep -vc '^#' %s", csv, csv, csv, csv);
    assert_string_equal(out, "25\n25\n0\n151\n"); /* the header and the rows, the comments aside */
    unlink(csv);
    /* --eval both takes two columns a convention: one more than half the limit is refused */
    assert_int_equal(STATS_MAX_CONV / 2 + 1, 17);
    rc = test_run(out, sizeof out, "%s replay --eval both --conventions long-suit,long-suit-pole,long-suit-clay,"
                  "long-suit-hogarth,american,short-suit,short-suit-singleton,strongest-suit,master-card,highest,"
                  "random,dd-best,american+am_ten_from_qjt,american+tenace_avoid,long-suit+minneapolis,"
                  "long-suit+tenace_avoid,strongest-suit+declared %s 2>&1", test_bin(), list100());
    assert_int_equal(rc, 2);
    assert_non_null(strstr(out, "--eval both: at most 16 conventions"));
}

static void test_shards_merge(void **state)
{
    (void)state;
    char a[256], b[256];
    snprintf(a, sizeof a, "%s", test_tmp("-1.wls"));
    snprintf(b, sizeof b, "%s", test_tmp("-2.wls"));
    for (int k = 1; k <= 2; k++) {
        int rc = test_run(out, sizeof out, "%s replay --eval play --conventions long-suit,american --shard %d/2 "
                          "--save %s --no-progress %s 2>&1", test_bin(), k, k == 1 ? a : b, list100());
        assert_int_equal(rc, 0);
    }
    int rc = test_run(out, sizeof out, "%s merge %s %s 2>&1", test_bin(), a, b);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "--eval play"));
    assert_non_null(strstr(out, "[1] long-suit     4.260"));
    assert_non_null(strstr(out, "[2] american      4.260"));
    unlink(a);
    unlink(b);
}

/* --signals and --ext are settings of the run: kept in the state file and
 * shown in the title of the resumed report. */
static void test_signals_ext_settings(void **state)
{
    (void)state;
    char wls[256];
    snprintf(wls, sizeof wls, "%s", test_tmp(".wls"));
    int rc = test_run(out, sizeof out, "%s replay --eval play --signals --ext X2,X4,X13 --conventions "
                      "long-suit,american --save %s --no-progress %s 2>&1", test_bin(), wls, list100());
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "(opponents long-suit, signals, ext X2,X4,X13)"));
    assert_non_null(strstr(out, "[1] long-suit     4.180"));
    char again[65536];
    rc = test_run(again, sizeof again, "%s replay --resume %s 2>&1", test_bin(), wls);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(again, "\nsettings: eval play; conventions long-suit,american; opponents long-suit; signals on; "
                                  "ext X2,X4,X13;\n          format auto;"));
    drop_command_line(again);
    drop_command_line(out);
    assert_string_equal(again, out);
    unlink(wls);
    rc = test_run(out, sizeof out, "%s replay --eval play --ext X14 %s 2>&1", test_bin(), list100());
    assert_int_equal(rc, 2);
}

/* `whistlab play --round-robin`: duplicate replay of every pair on list100,
 * and the field table (each row's gains against the others, averaged). */
static void test_round_robin_cli(void **state)
{
    (void)state;
    int rc = test_run(out, sizeof out, "%s play --round-robin long-suit,american,short-suit %s 2>&1", test_bin(),
                      list100());
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "deals: 100 read, 100 whist deals played, 0 rejected"));
    assert_non_null(strstr(out, "list100.txt\nExperiment: duplicate: each pair X vs Y plays every deal at two tables, "
                                "X's side against Y's at one\n"));
    assert_non_null(strstr(out, "\nsettings: conventions long-suit,american,short-suit; signals off; ext none; format auto;"));
    assert_non_null(strstr(out, "long-suit - american                      +0.0700   0.782"));
    assert_non_null(strstr(out, "long-suit - short-suit                    +0.1100"));
    assert_non_null(strstr(out, "american - short-suit                     +0.0500"));
    assert_non_null(strstr(out, "short-suit                -0.0800"));
    rc = test_run(out, sizeof out, "%s play --round-robin long-suit %s 2>&1", test_bin(), list100());
    assert_int_equal(rc, 2);
    rc = test_run(out, sizeof out, "%s play --round-robin long-suit,dd-best %s 2>&1", test_bin(), list100());
    assert_int_equal(rc, 2);
}

/* Runs the whistlab command args (its "%d" the thread count) with 1, 2 and 3
 * threads: every output holds want, and all are the same byte for byte but
 * for the command line they quote. */
static void same_for_any_threads(const char *args, const char *want)
{
    static char first[65536], cmd[512];
    for (int threads = 1; threads <= 3; threads++) {
        snprintf(cmd, sizeof cmd, args, threads);
        int rc = test_run(out, sizeof out, "%s %s 2>&1", test_bin(), cmd);
        assert_int_equal(rc, 0);
        assert_non_null(strstr(out, want));
        drop_command_line(out);
        if (threads == 1) snprintf(first, sizeof first, "%s", out);
        else assert_string_equal(out, first);
    }
}

/* The round robin plays its batches on every core, and replay --eval play
 * its deals on the worker threads: the reports are the same for any thread
 * count, --limit cutting inside a batch included (the shipped 2000 deals). */
static void test_threads_same_report(void **state)
{
    (void)state;
    same_for_any_threads("play --round-robin long-suit,american,short-suit --limit 1500 --threads %d "
                         "corpora/whist-2000.pbn.gz",
                         "deals: 1500 read, 1500 whist deals played, 0 rejected");
    same_for_any_threads("replay --eval play --conventions long-suit,american --limit 700 --threads %d "
                         "--no-progress corpora/whist-2000.pbn.gz",
                         "700 deals read = 700 accepted + 0 rejected");
}


/* The round robin on the corpus runner accounts for records as it did
 * with its own loop: rejected records reported in order and counted,
 * --limit counting whist deals played and cutting inside a record of four
 * (--trump each), for any number of threads (figures of f87efeb). */
static void test_round_robin_accounting(void **state)
{
    (void)state;
    char pbn[256], csv[256];
    snprintf(pbn, sizeof pbn, "%s", test_tmp("rr-mix.pbn"));
    snprintf(csv, sizeof csv, "%s", test_tmp("rr-mix.csv"));
    /* six deals with a bad rank, then twenty good ones */
    assert_int_equal(test_run(out, sizeof out,
                              "{ gzip -dc corpora/whist-2000.pbn.gz | head -40 | "
                              "sed 's/\\[Deal \"\\(.\\):\\(.\\)/[Deal \"\\1:X/'; "
                              "gzip -dc corpora/whist-2000.pbn.gz | head -120; } > %s", pbn), 0);
    for (int threads = 1; threads <= 2; threads++) {
        int rc = test_run(out, sizeof out, "%s play --round-robin long-suit,american,short-suit --no-progress "
                          "--trump each --limit 37 --threads %d --csv-deals %s %s 2>&1", test_bin(), threads, csv, pbn);
        assert_int_equal(rc, 1);
        assert_non_null(strstr(out, "rr-mix.pbn:7: deal: hand N has a bad rank 'X'\n"));
        assert_non_null(strstr(out, "rr-mix.pbn:37: deal: hand E has a bad rank 'X'\n"));
        assert_non_null(strstr(out, "\ndeals: 16 read, 37 whist deals played, 6 rejected, 0 repeats skipped\n"));
        assert_int_equal(test_run(out, sizeof out, "grep -vc '^#' %s", csv), 0);
        assert_int_equal(atoi(out), 1 + 37 * 3); /* the header, a row per deal played and pair */
        /* what the table rests on, the deals read counted at its end (issue 28 item 2) */
        assert_int_equal(test_run(out, sizeof out, "head -1 %s; grep -c '^# setting ' %s; tail -4 %s", csv, csv, csv),
                         0);
        if (strncmp(out, "# version: ", 11) != 0 || !strstr(out, "\n# input_deals 1: 16\n# input_digest 1: ") ||
            !strstr(out, "\n# input_complete 1: 1\n# status: complete\n"))
            fail_msg("%s", out);
    }
    remove(pbn);
    remove(csv);
}

/* The round robin's report: its experiment said at once, its corpus with
 * its deals and digest; a file not read to its end makes it INCOMPLETE
 * (exit 3), with the deals read before counted, p-values that keep their
 * magnitude. */
static void test_round_robin_provenance_and_incomplete(void **state)
{
    (void)state;
    char gz[256];
    snprintf(gz, sizeof gz, "%s", test_tmp("rr-cut.pbn.gz"));
    assert_int_equal(test_run(out, sizeof out, "head -c 60000 corpora/whist-2000.pbn.gz > %s", gz), 0);
    int rc = test_run(out, sizeof out, "%s play --round-robin long-suit,highest corpora/whist-2000.pbn.gz %s "
                      "2>/dev/null", test_bin(), gz);
    assert_int_equal(rc, 3);
    char want[2048];
    snprintf(want, sizeof want, "whistlab play --round-robin long-suit,highest on corpora/whist-2000.pbn.gz %s\n"
             "INCOMPLETE: 1 of 2 inputs were not read to the end; the numbers below rest only on\n"
             "the deals read before reading stopped:\n  %s: stopped after 1603 deals read: %s:9623: truncated gzip "
             "stream", gz, gz, gz);
    assert_true(strncmp(out, want, strlen(want)) == 0);
    assert_non_null(strstr(out, "\nExperiment: duplicate: each pair X vs Y plays every deal at two tables"));
    assert_non_null(strstr(out, "\ncorpus:   corpora/whist-2000.pbn.gz: 2000 deals, digest "));
    snprintf(want, sizeof want, "\ncorpus:   %s: 1603 deals, digest ", gz);
    assert_non_null(strstr(out, want));
    assert_non_null(strstr(out, "\ndeals: 3603 read, 3603 whist deals played, 0 rejected, 0 repeats skipped; "
                                "INCOMPLETE: not every input was read to its end\n"));
    /* long-suit against highest over these 3603 deals: p = 3.5e-07
     * (printed as 0.0000 before) */
    assert_non_null(strstr(out, "\nlong-suit - highest                       +0.0763   0.897   0.0149  "
                                "[ +0.0470,  +0.1056]  3.5e-07    39.4%\n"));
    remove(gz);
}

/* Issue 27: the round robin saves its state (--save) and goes on from it
 * (--resume). Interrupted (SIGINT) it exits 130 with the whole command to
 * go on with, shell-quoted; that command, pasted (with two threads where
 * the first had one), says how many deals it kept and ends with the bytes
 * of a run never stopped: report, per-deal and summary tables, state file.
 * A resume with other settings is refused, naming what differs. Under the
 * sanitizers on the corpus's first 500 deals (--limit counts whist deals,
 * four a deal): the run still stops at its first checkpoint (100 whist
 * deals), far from the end. */
#define RR_ARGS "--round-robin", "long-suit,american,short-suit,highest", "--trump", "each", "--no-progress"
static void test_round_robin_resume(void **state)
{
    (void)state;
    static char again[8192];
    const int deals = test_small() ? 500 : 2000;
    char limit[16];
    snprintf(limit, sizeof limit, "%d", 4 * deals);
    const char *straight[4] = {test_tmp("rr-st.txt"), test_tmp("rr-st.csv"), test_tmp("rr-st-sum.csv"),
                               test_tmp("rr-st.wls")};
    const char *cut[4] = {test_tmp("rr-cut.txt"), test_tmp("rr-cut.csv"), test_tmp("rr-cut-sum.csv"),
                          test_tmp("rr cut's.wls")};
    const char *err = test_tmp("rr-cut.err");
    for (int i = 0; i < 4; i++) remove(cut[i]);
    assert_int_equal(test_run(out, sizeof out, "%s play --round-robin long-suit,american,short-suit,highest --trump "
                              "each --no-progress --limit %d --threads 1 --csv-deals %s --csv-summary %s --save %s "
                              "corpora/whist-2000.pbn.gz > %s 2>&1", test_bin(), 4 * deals, straight[1], straight[2],
                              straight[3], straight[0]), 0);
    pid_t pid = test_start(NULL, err, (const char *[]){"play", RR_ARGS, "--limit", limit, "--threads", "1",
                                                       "--checkpoint", "100",
                                                       "--csv-deals", cut[1], "--csv-summary", cut[2], "--save",
                                                       cut[3], "corpora/whist-2000.pbn.gz", NULL});
    /* interrupted once it has saved a checkpoint, however slow the machine */
    test_wait_for_file(cut[3]);
    assert_int_equal(test_stop(pid, SIGINT), 130);
    char *said = test_slurp(err);
    assert_non_null(said);
    unsigned long long done = test_interrupted_after(said);
    assert_non_null(strstr(said, "whistlab play: interrupted after "));
    assert_true(done > 0 && done < 4 * (unsigned long long)deals);
    /* pasted with two threads where the first run had one */
    snprintf(again, sizeof again, "%s", test_resume_command(said, "play"));
    char *threads = strstr(again, "--threads 1 ");
    assert_non_null(threads);
    threads[10] = '2';
    free(said);
    assert_int_equal(test_run(out, sizeof out, "%s 2>%s >%s", again, err, cut[0]), 0);
    said = test_slurp(err);
    char want[256];
    snprintf(want, sizeof want, "whistlab play: resuming: %llu deals kept from ", done);
    assert_non_null(strstr(said, want));
    free(said);
    for (int i = 0; i < 4; i++) {
        char *a = test_slurp(straight[i]), *b = test_slurp(cut[i]);
        assert_non_null(a);
        assert_non_null(b);
        if (i == 0) { /* the report: the same but for the command line it quotes */
            drop_command_line(a);
            drop_command_line(b);
            char want[128];
            snprintf(want, sizeof want, "\ndeals: %d read, %d whist deals played, 0 rejected", deals, 4 * deals);
            assert_non_null(strstr(a, want));
        }
        if (i == 1 || i == 2) { /* the tables: the same but for their comment line of the command line */
            drop_summary_command(a);
            drop_summary_command(b);
        }
        if (i == 3) { /* the state, byte for byte */
            assert_true(same_bytes(straight[i], cut[i]));
        } else {
            assert_string_equal(a, b);
        }
        free(a);
        free(b);
    }
    /* another setting (--signals) is refused, naming it */
    assert_int_equal(test_run(out, sizeof out, "%s play --round-robin long-suit,american,short-suit,highest "
                              "--trump each --signals --no-progress --limit %d --resume %s corpora/whist-2000.pbn.gz "
                              "2>&1", test_bin(), 4 * deals, straight[3]), 2);
    assert_non_null(strstr(out, "saved with other settings: it has `signals off` where this run has `signals on`"));
    /* a round robin's state is no comparison's: merge and replay refuse it */
    assert_int_equal(test_run(out, sizeof out, "%s merge %s 2>&1", test_bin(), straight[3]), 3);
    assert_non_null(strstr(out, "settings not understood"));
    assert_int_equal(test_run(out, sizeof out, "%s replay --resume %s 2>&1", test_bin(), straight[3]), 3);
    /* and another corpus */
    assert_int_equal(test_run(out, sizeof out, "%s play --round-robin long-suit,american,short-suit,highest "
                              "--trump each --no-progress --limit %d --resume %s %s 2>&1", test_bin(), 4 * deals,
                              straight[3], list100()),
                     2);
    assert_non_null(strstr(out, "where this run has `input "));
    for (int i = 0; i < 4; i++) {
        remove(straight[i]);
        remove(cut[i]);
    }
    remove(err);
}

/* Issue 27 item 1: the round robin's settings line is made from its
 * command line's table (the rows flagged as settings, in table order, each
 * worded as its row says: on/off, "none" for a limit of 0, "as dealt" for
 * no --leader, --where only when given, the table files' digests after the
 * conventions), the same text as the hand-written line before it. */
static void test_round_robin_settings_from_the_table(void **state)
{
    (void)state;
    assert_int_equal(test_run(out, sizeof out, "%s play --round-robin long-suit,random --limit 5 --signals --ext X4 "
                              "--format pbn --trump H --leader w --seed 9 --where 'trumps(leader) >= 2' "
                              "--no-progress corpora/whist-2000.pbn.gz 2>&1", test_bin()), 0);
    assert_non_null(strstr(out, "\nsettings: conventions long-suit,random; signals on; ext X4; format pbn; trump H; "
                                "leader w;\n          where trumps(leader) >= 2; seed 9; limit 5\n"));
    assert_int_equal(test_run(out, sizeof out, "%s play --round-robin long-suit,random --no-progress "
                              "corpora/whist-2000.pbn.gz --limit 0 2>&1", test_bin()), 0);
    assert_non_null(strstr(out, "\nsettings: conventions long-suit,random; signals off; ext none; format auto; "
                                "trump auto;\n          leader as dealt; seed 0; limit none\n"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_eval_play),
        cmocka_unit_test(test_eval_both),
        cmocka_unit_test(test_shards_merge),
        cmocka_unit_test(test_signals_ext_settings),
        cmocka_unit_test(test_round_robin_cli),
        cmocka_unit_test(test_round_robin_provenance_and_incomplete),
        cmocka_unit_test(test_round_robin_resume),
        cmocka_unit_test(test_round_robin_settings_from_the_table),
        cmocka_unit_test(test_threads_same_report),
        cmocka_unit_test(test_round_robin_accounting),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
