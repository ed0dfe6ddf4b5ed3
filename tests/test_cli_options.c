/* test_cli_options.c -- what every command shares on its command line, run
 * as users run it: a CSV table on standard output moves the text report to
 * standard error, -q and -v, the defaults that must agree between commands
 * (--opponents), and the messages of bad arguments; and the tables of
 * play --round-robin and lead --csv. */
#include "testutil.h"

#define CORPUS "corpora/whist-2000.pbn.gz"

static char out[1 << 20], err[1 << 16];

static int lines(const char *s)
{
    int n = 0;
    for (; *s; s++) n += *s == '\n';
    return n;
}

/* Runs a command line (after the binary), stdout into out, stderr into err. */
static int run(const char *args)
{
    const char *e = test_tmp("stderr");
    int rc = test_run(out, sizeof out, "%s %s 2>%s", test_bin(), args, e);
    char *t = test_slurp(e);
    snprintf(err, sizeof err, "%s", t ? t : "");
    free(t);
    unlink(e);
    return rc;
}

static void test_csv_on_stdout_moves_the_report(void **state)
{
    (void)state;
    assert_int_equal(run("replay --limit 10 --no-progress --csv-summary - " CORPUS), 0);
    assert_true(strncmp(out, "breakdown,level,eval,convention,versus,measure,difference,value\n", 64) == 0);
    assert_null(strstr(out, "\nwhistlab replay --eval")); /* the command is in a provenance row */
    assert_null(strstr(out, "LEADS COMPARED"));
    assert_non_null(strstr(err, "whistlab replay --eval dd: long-suit,american,short-suit on"));
    assert_non_null(strstr(err, "LEADS COMPARED DOUBLE-DUMMY"));

    assert_int_equal(run("replay --limit 10 --no-progress --csv-deals - " CORPUS), 0);
    assert_true(strncmp(out, "file,line,index,board,trump,leader,eval,convention,lead,", 56) == 0);
    assert_int_equal(lines(out), 1 + 10 * 3);
    assert_non_null(strstr(err, "LEADS COMPARED DOUBLE-DUMMY"));

    /* two tables cannot share standard output */
    assert_int_equal(run("replay --limit 10 --csv-deals - --csv-summary - " CORPUS), 2);
    assert_non_null(strstr(err, "only one CSV table can go to standard output"));
    assert_int_equal(out[0], 0);

    /* merge: the report alone on stdout, its status line on stderr */
    char wls[256]; /* test_tmp's buffer is run()'s too */
    snprintf(wls, sizeof wls, "%s", test_tmp("m.wls"));
    char args[8192];
    snprintf(args, sizeof args, "replay --limit 10 --no-progress --save %s " CORPUS, wls);
    assert_int_equal(run(args), 0);
    snprintf(args, sizeof args, "merge %s", wls);
    assert_int_equal(run(args), 0);
    assert_true(strncmp(out, "whistlab replay --eval dd:", 26) == 0);
    assert_non_null(strstr(err, "whistlab merge: 1 state files"));
    snprintf(args, sizeof args, "merge -q %s", wls);
    assert_int_equal(run(args), 0);
    assert_int_equal(err[0], 0);
    snprintf(args, sizeof args, "merge -v %s", wls);
    assert_int_equal(run(args), 0);
    assert_non_null(strstr(err, "m.wls: shard 1/1, 10 deals analysed"));
    snprintf(args, sizeof args, "merge --csv-summary - %s", wls);
    assert_int_equal(run(args), 0);
    assert_true(strncmp(out, "breakdown,level,eval,", 21) == 0);
    assert_non_null(strstr(err, "LEADS COMPARED DOUBLE-DUMMY"));
    unlink(wls);
}

static void test_round_robin_tables(void **state)
{
    (void)state;
    char summary[256]; /* test_tmp's buffer is run()'s too */
    snprintf(summary, sizeof summary, "%s", test_tmp("robin.csv"));
    char args[8192];
    snprintf(args, sizeof args, "play --round-robin long-suit,american,short-suit --limit 20 --no-progress "
                                "--csv-deals - --csv-summary %s " CORPUS, summary);
    assert_int_equal(run(args), 0);
    assert_true(strncmp(out, "file,line,index,board,trump,leader,eval,convention,versus,gain\n", 63) == 0);
    assert_int_equal(lines(out), 1 + 20 * 3); /* a row per deal and pair */
    assert_non_null(strstr(out, "\n" CORPUS ",7,0,1,D,E,duplicate,long-suit,american,"));
    assert_non_null(strstr(err, "DUPLICATE GAIN PER DEAL"));
    /* the per-deal gains add up to the summary's mean */
    long sum = 0;
    int n = 0;
    char *save = NULL;
    for (char *l = strtok_r(out, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
        if (strstr(l, ",duplicate,long-suit,short-suit,")) {
            sum += strtol(strrchr(l, ',') + 1, NULL, 10);
            n++;
        }
    assert_int_equal(n, 20);
    char *csv = test_slurp(summary);
    assert_non_null(csv);
    assert_non_null(strstr(csv, "\ninput,all,,,,analysed,,20\n"));
    assert_non_null(strstr(csv, "\nall,all,duplicate,long-suit,short-suit,n,,20\n"));
    char want[96];
    snprintf(want, sizeof want, "\nall,all,duplicate,long-suit,short-suit,mean_gain,,%.6f\n", (double)sum / 20);
    if (!strstr(csv, want)) fail_msg("no row %s in\n%.3000s", want + 1, csv);
    assert_non_null(strstr(csv, "\nall,all,duplicate,american,field,mean_gain,,"));
    assert_non_null(strstr(csv, "\nprovenance,conventions,,,,setting,,\"long-suit,american,short-suit\"\n"));
    free(csv);
    /* whistlab plot tells it from a replay summary */
    snprintf(args, sizeof args, "plot %s %s.figs", summary, summary);
    assert_int_equal(run(args), 3);
    assert_non_null(strstr(err, "the summary of a round robin (play --round-robin)"));
    unlink(summary);
    /* without --round-robin they are refused */
    assert_int_equal(run("play " CORPUS " --csv-deals x.csv"), 2);
    assert_non_null(strstr(err, "go with --round-robin"));
}

static void test_lead_csv_columns(void **state)
{
    (void)state;
    assert_int_equal(run("lead --convention long-suit,short-suit --csv - " CORPUS), 0);
    assert_true(strncmp(out, "file,line,board,leader,hand,trump,turnup,convention,lead,suit_rule,card_rule\n", 77) == 0);
    /* board 1 of the demo corpus (README, show --board 1): East leads, diamonds, D6 turned */
    assert_non_null(strstr(out, "\n" CORPUS ",7,1,E,S:K H:J543 D:A7 C:AK7543,D,D6,long-suit,CK,"));
    assert_int_equal(lines(out), 1 + 2000 * 2);
    assert_int_equal(run("lead --hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --convention long-suit --csv -"), 0);
    assert_non_null(strstr(out, "\n,0,0,,S:KJ8432 H:Q963 D:AK C:Q,H,,long-suit,S4,LS-A4,LS14\n"));
}

static void test_quiet_and_verbose(void **state)
{
    (void)state;
    char args[8192];
    /* check: 304 warnings on this file; -q keeps the counts only */
    snprintf(args, sizeof args, "check %s",
             test_shared("corpora/pbn-real-play/endplay_example3_rpbridge_2012-top-events.pbn"));
    assert_int_equal(run(args), 0);
    assert_non_null(strstr(err, ": warning: "));
    assert_non_null(strstr(out, "304 warnings"));
    snprintf(args, sizeof args, "check -q %s",
             test_shared("corpora/pbn-real-play/endplay_example3_rpbridge_2012-top-events.pbn"));
    assert_int_equal(run(args), 0);
    assert_int_equal(err[0], 0);
    assert_non_null(strstr(out, "3816 deals read, 3816 accepted, 0 rejected"));
    assert_null(strstr(out, "warnings"));
    assert_null(strstr(out, "repaired"));
    /* --quiet after the files, and -q still shows rejections */
    char bad[256]; /* test_tmp's buffer is run()'s too */
    snprintf(bad, sizeof bad, "%s", test_tmp("bad.pbn"));
    FILE *f = fopen(bad, "w");
    fputs("[Board \"1\"]\n[Dealer \"N\"]\n"
          "[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n", f);
    fclose(f);
    snprintf(args, sizeof args, "check %s --quiet", bad);
    assert_int_equal(run(args), 1);
    assert_non_null(strstr(err, "bad.pbn:3: hand E has 12 cards"));
    unlink(bad);
    assert_int_equal(run("check -v " CORPUS), 0);
    assert_non_null(strstr(out, "  read in "));
    assert_non_null(strstr(out, " deals/s\n"));

    /* deal: a status line, none with -q, the rate with -v */
    char txt[256]; /* test_tmp's buffer is run()'s too */
    snprintf(txt, sizeof txt, "%s", test_tmp("d.txt"));
    snprintf(args, sizeof args, "deal -n 5 -o %s", txt);
    assert_int_equal(run(args), 0);
    assert_non_null(strstr(err, "deal: 5 deals (seed 1) written to "));
    snprintf(args, sizeof args, "deal -q -n 5 -o %s", txt);
    assert_int_equal(run(args), 0);
    assert_int_equal(err[0], 0);
    snprintf(args, sizeof args, "deal --verbose -n 5 -o %s", txt);
    assert_int_equal(run(args), 0);
    assert_non_null(strstr(err, " threads, "));
    /* convert: its status line, none with -q */
    char pbn[256]; /* test_tmp's buffer is run()'s too */
    snprintf(pbn, sizeof pbn, "%s", test_tmp("c.pbn"));
    snprintf(args, sizeof args, "convert %s %s", txt, pbn);
    assert_int_equal(run(args), 0);
    assert_non_null(strstr(err, "convert: 5 deals read, 0 rejected, 5 written"));
    snprintf(args, sizeof args, "convert -q %s %s", txt, pbn);
    assert_int_equal(run(args), 0);
    assert_int_equal(err[0], 0);
    unlink(txt);
    unlink(pbn);
    /* replay -v: the run's rate */
    assert_int_equal(run("replay -v --limit 5 --no-progress " CORPUS), 0);
    assert_non_null(strstr(err, "replay: 5 deals analysed in "));
    /* every command takes them */
    static const char *const CMDS[] = {"check", "show", "convert", "replay", "merge", "plot",
                                       "odds", "lead", "conventions", "deal", "play"};
    for (size_t i = 0; i < sizeof CMDS / sizeof CMDS[0]; i++) {
        snprintf(args, sizeof args, "%s -q --help", CMDS[i]);
        if (run(args) != 0) fail_msg("%s -q --help: %s", CMDS[i], err);
    }
    assert_int_equal(run("-q conventions"), 0);
    assert_non_null(strstr(out, "long-suit"));
}

static void test_argument_messages(void **state)
{
    (void)state;
    assert_int_equal(run("check corpora"), 3);
    assert_non_null(strstr(err, "corpora: is a directory"));
    assert_int_equal(run("replay --no-progress corpora"), 3);
    assert_non_null(strstr(err, "is a directory"));
    assert_int_equal(run("deal -n -5"), 2);
    assert_non_null(strstr(err, "-n/--count -5: expected a whole number"));
    assert_int_equal(run("deal --skip x"), 2);
    assert_non_null(strstr(err, "--skip x: "));
    assert_int_equal(run("deal -j 0"), 2);
    assert_non_null(strstr(err, "-j/--threads 0: expected 1..256"));
}

/* --opponents: long-suit by default in play as in replay; 'same' in both */
static void test_opponents_default_agrees(void **state)
{
    (void)state;
    assert_int_equal(run("play " CORPUS " --board 1 --convention short-suit"), 0);
    assert_non_null(strstr(out, "East-West plays short-suit, North-South plays long-suit"));
    static char deflt[sizeof out];
    snprintf(deflt, sizeof deflt, "%s", out);
    assert_int_equal(run("play " CORPUS " --board 1 --convention short-suit --opponents long-suit"), 0);
    assert_string_equal(out, deflt);
    assert_int_equal(run("play " CORPUS " --board 1 --convention short-suit --opponents same"), 0);
    assert_non_null(strstr(out, "East-West plays short-suit, North-South plays short-suit"));
    /* replay --eval play names the same default */
    assert_int_equal(run("replay --eval play --conventions short-suit --limit 3 --no-progress " CORPUS), 0);
    assert_non_null(strstr(out, "(opponents long-suit)"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_csv_on_stdout_moves_the_report),
        cmocka_unit_test(test_round_robin_tables),
        cmocka_unit_test(test_lead_csv_columns),
        cmocka_unit_test(test_quiet_and_verbose),
        cmocka_unit_test(test_argument_messages),
        cmocka_unit_test(test_opponents_default_agrees),
    };
    return cmocka_run_group_tests_name("options every command shares, CSV tables on stdout", tests, NULL, NULL);
}
