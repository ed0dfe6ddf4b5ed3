/* test_cli_options.c -- what every command shares on its command line, run
 * as users run it: a CSV table on standard output moves the text report to
 * standard error, -q and -v, the defaults that must agree between commands
 * (--opponents), and the messages of bad arguments (one line, with the
 * nearest name: issue 27 item 1); the man page's options against --help;
 * the tables of play --round-robin and lead --csv; the command an
 * interrupted run says to go on with, pasted. */
#include <ctype.h>
#include <math.h>
#include <signal.h>
#include <stdbool.h>
#include <sys/wait.h>
#include <time.h>
#include "testutil.h"

#define CORPUS "corpora/whist-2000.pbn.gz"
/* CORPUS's double-dummy values: the runs that test how options route the
 * outputs read them (--values) rather than solve (test_replay solves). */
#define VALUES " --values corpora/whist-2000.wdv "

static char out[1 << 20], err[1 << 16];

static int lines(const char *s)
{
    int n = 0;
    for (; *s; s++) n += *s == '\n';
    return n;
}

/* The lines of a table but its comment lines (what it rests on). */
static int table_lines(const char *s)
{
    int n = 0;
    for (const char *line = s; *line; line = strchr(line, '\n') + 1) {
        n += *line != '#';
        if (!strchr(line, '\n')) break;
    }
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
    assert_int_equal(run("replay --limit 10 --no-progress" VALUES "--csv-summary - " CORPUS), 0);
    /* what the table rests on as comment lines, then the header row */
    assert_true(strncmp(out, "# version: ", 11) == 0);
    assert_non_null(strstr(out, "\n# command: whistlab replay --limit 10 "));
    assert_non_null(strstr(out, "\n# status: complete\nbreakdown,level,evaluation,convention,versus,measure,difference,value\n"));
    assert_null(strstr(out, "LEADS COMPARED"));
    assert_non_null(strstr(err, "whistlab replay --eval dd: long-suit,american,short-suit on"));
    assert_non_null(strstr(err, "LEADS COMPARED DOUBLE-DUMMY"));

    assert_int_equal(run("replay --limit 10 --no-progress" VALUES "--csv-deals - " CORPUS), 0);
    /* what it rests on first, the inputs' deals and digests last (known at the end) */
    assert_true(strncmp(out, "# version: ", 11) == 0);
    assert_non_null(strstr(out, "\n# setting conventions: long-suit,american,short-suit\n"));
    assert_non_null(strstr(out, "\nfile,line,index,board,trump,leader,hand,evaluation,convention,lead,"));
    assert_non_null(strstr(out, "\n# input_deals 1: 10\n# input_digest 1: "));
    assert_non_null(strstr(out, "\n# input_complete 1: 1\n# status: complete\n"));
    assert_int_equal(table_lines(out), 1 + 10 * 3);
    /* the leader's hand of deal 1 (board 1, East leads, diamonds trumps) in its own column */
    assert_non_null(strstr(out, "\n" CORPUS ",7,0,1,D,E,S:K H:J543 D:A7 C:AK7543,dd,long-suit,CK,LS-A4,LS4,10,10,0,1,"));
    assert_non_null(strstr(err, "LEADS COMPARED DOUBLE-DUMMY"));

    /* two tables cannot share standard output */
    assert_int_equal(run("replay --limit 10 --csv-deals - --csv-summary - " CORPUS), 2);
    assert_non_null(strstr(err, "only one CSV table can go to standard output"));
    assert_int_equal(out[0], 0);

    /* merge: the report alone on stdout, its status line on stderr */
    char wls[256]; /* test_tmp's buffer is run()'s too */
    snprintf(wls, sizeof wls, "%s", test_tmp("m.wls"));
    char args[8192];
    snprintf(args, sizeof args, "replay --limit 10 --no-progress" VALUES "--save %s " CORPUS, wls);
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
    assert_non_null(strstr(out, "\nbreakdown,level,evaluation,"));
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
    assert_true(strncmp(out, "# version: ", 11) == 0);
    assert_non_null(strstr(out, "\nfile,line,index,board,trump,leader,evaluation,convention,versus,gain\n"));
    assert_int_equal(table_lines(out), 1 + 20 * 3); /* a row per deal and pair */
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
    assert_non_null(strstr(csv, "\ninput,,,,,analysed,,20\n"));
    assert_non_null(strstr(csv, "\nall,,duplicate,long-suit,short-suit,n,,20\n"));
    char want[96];
    snprintf(want, sizeof want, "\nall,,duplicate,long-suit,short-suit,mean_gain,,%.6f\n", (double)sum / 20);
    if (!strstr(csv, want)) fail_msg("no row %s in\n%.3000s", want + 1, csv);
    assert_non_null(strstr(csv, "\nall,,duplicate,american,field,mean_gain,,"));
    assert_non_null(strstr(csv, "\n# setting conventions: long-suit,american,short-suit\n"));
    /* whistlab plot tells it from a replay summary: the round-robin matrix,
     * each cell the summary's gain (row minus column, so negated across) */
    snprintf(args, sizeof args, "plot %s %s.figs", summary, summary);
    assert_int_equal(run(args), 0);
    assert_non_null(strstr(out, "robin.csv.figs/round-robin.svg\n"));
    assert_null(strstr(out, "conventions.svg"));
    snprintf(args, sizeof args, "%s.figs/round-robin.dat", summary);
    char *dat = test_slurp(args);
    assert_non_null(dat);
    const char *key = "\nall,,duplicate,long-suit,short-suit,mean_gain,,", *there = "\"long-suit\" \"short-suit\" ",
               *back_there = "\"short-suit\" \"long-suit\" ";
    double gain = strtod(strstr(csv, key) + strlen(key), NULL);
    char *row = strstr(dat, there), *back = strstr(dat, back_there);
    assert_non_null(row);
    assert_non_null(back);
    assert_true(fabs(strtod(row + strlen(there), NULL) - gain) < 1e-9);
    assert_true(fabs(strtod(back + strlen(back_there), NULL) + gain) < 1e-9);
    free(dat);
    free(csv);
    unlink(summary);
    /* without --round-robin they are refused */
    assert_int_equal(run("play " CORPUS " --csv-deals x.csv"), 2);
    assert_non_null(strstr(err, "go with --round-robin"));
}

static void test_lead_csv_columns(void **state)
{
    (void)state;
    assert_int_equal(run("lead --convention long-suit,short-suit --csv - " CORPUS), 0);
    assert_true(strncmp(out, "# version: ", 11) == 0); /* what it rests on, then the header */
    assert_non_null(strstr(out, "\nfile,line,board,leader,hand,trump,turnup,convention,lead,suit_rule,card_rule,tricks,"
                                "best\n"));
    /* board 1 of the demo corpus (README, show --board 1): East leads, diamonds, D6 turned */
    assert_non_null(strstr(out, "\n" CORPUS ",7,1,E,S:K H:J543 D:A7 C:AK7543,D,D6,long-suit,CK,"));
    assert_int_equal(table_lines(out), 1 + 2000 * 2);
    assert_int_equal(run("lead --hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --convention long-suit --csv -"), 0);
    assert_non_null(strstr(out, "\n,0,0,,S:KJ8432 H:Q963 D:AK C:Q,H,,long-suit,S4,LS-A4,LS14,,\n"));
    /* with --values the double-dummy tricks the text shows: board 1's CK
     * takes the best lead's 10 tricks, in the table as in the text */
    assert_int_equal(run("lead --convention long-suit,short-suit --values corpora/whist-2000.wdv --csv - " CORPUS), 0);
    assert_non_null(strstr(out, "\n" CORPUS ",7,1,E,S:K H:J543 D:A7 C:AK7543,D,D6,long-suit,CK,LS-A4,LS4,10,10\n"));
    assert_int_equal(run("lead --convention long-suit,short-suit --values corpora/whist-2000.wdv " CORPUS), 0);
    assert_non_null(strstr(out, "CK  10 of 10 tricks"));
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
    assert_int_equal(run("replay -v --limit 5 --no-progress" VALUES CORPUS), 0);
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
    assert_non_null(strstr(err, "-j/--threads 0: expected a whole number from 1 to 64 (see whistlab deal --help)\n"));
}

/* Issue 25 item 17: every numeric option of every command reads the whole
 * text as a decimal number within its range, else exit 2 with one line
 * naming the option, the value and the range. lo and hi: the range, taken
 * (before --help, which then exits 0); below and above it, and garbage,
 * refused. */
static void test_numeric_options_whole_and_in_range(void **state)
{
    (void)state;
    static const struct {
        const char *cmd, *option, *lo, *below, *hi, *above;
    } ints[] = {
        {"replay", "--limit", "0", NULL, "18446744073709551615", "18446744073709551616"},
        {"replay", "--seed", "0", NULL, "18446744073709551615", "18446744073709551616"},
        {"replay", "--threads", "1", "0", "64", "65"},
        {"replay", "--checkpoint", "1", "0", "18446744073709551615", "18446744073709551616"},
        {"solve", "--threads", "1", "0", "64", "65"},
        {"deal", "--count", "0", NULL, "18446744073709551615", "18446744073709551616"},
        {"deal", "--seed", "0", NULL, "18446744073709551615", "18446744073709551616"},
        {"deal", "--max-dealt", "1", "0", "18446744073709551615", "18446744073709551616"},
        {"deal", "--skip", "0", NULL, "18446744073709551615", "18446744073709551616"},
        {"deal", "--threads", "1", "0", "64", "65"},
        {"lead", "--seed", "0", NULL, "18446744073709551615", "18446744073709551616"},
        {"lead", "--simulate", "1", "0", "18446744073709551615", "18446744073709551616"},
        {"lead", "--threads", "1", "0", "64", "65"},
        {"odds", "--fit-mc", "1", "0", "1000000", "1000001"},
        {"odds", "--seed", "0", NULL, "2147483647", "2147483648"},
        {"odds", "--threads", "1", "0", "64", "65"},
        {"play", "--board", "1", "0", "4294967295", "4294967296"},
        {"play", "--limit", "0", NULL, "18446744073709551615", "18446744073709551616"},
        {"play", "--threads", "1", "0", "64", "65"},
        {"play", "--seed", "0", NULL, "18446744073709551615", "18446744073709551616"},
        {"claims", "--threads", "1", "0", "64", "65"},
        {"plot", "--min-deals", "1", "0", "1000000000", "1000000001"},
        {"show", "--board", "0", NULL, "4294967295", "4294967296"},
    };
    char args[512], want[256];
    /* what strtoull took: a sign, spaces, hexadecimal (the same parser reads all: tried on the first) */
    static const char *const odd[] = {"-0", "+5", " 5", "0x10", "1e3"};
    for (size_t k = 0; k < sizeof odd / sizeof odd[0]; k++) {
        snprintf(args, sizeof args, "replay --limit '%s'", odd[k]);
        if (run(args) != 2 || lines(err) != 1 || !strstr(err, "--limit ")) fail_msg("%s:\n%s", args, err);
    }
    static const char *const garbage[] = {"abc", "-5", "5x", "", "99999999999999999999999"};
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
        const char *bad[sizeof garbage / sizeof garbage[0] + 2];
        size_t nbad = 0;
        /* under the sanitizers (a process costs them 30 ms) the garbage and the
         * bounds taken on the first option only: every option goes through the
         * same parser */
        for (size_t k = 0; k < sizeof garbage / sizeof garbage[0] && (i == 0 || !test_small()); k++)
            bad[nbad++] = garbage[k];
        bad[nbad++] = ints[i].above;
        if (ints[i].below) bad[nbad++] = ints[i].below;
        for (size_t k = 0; k < nbad; k++) {
            snprintf(args, sizeof args, "%s %s '%s'", ints[i].cmd, ints[i].option, bad[k]);
            snprintf(want, sizeof want, "%s %s: expected a whole number from %s to %s", ints[i].option, bad[k],
                     ints[i].lo, ints[i].hi);
            int rc = run(args);
            if (rc != 2 || !strstr(err, want) || lines(err) != 1) fail_msg("%s: exit %d:\n%s", args, rc, err);
        }
        const char *good[] = {ints[i].lo, ints[i].hi};
        for (size_t k = 0; k < 2 && (i == 0 || !test_small()); k++) {
            snprintf(args, sizeof args, "%s %s %s --help", ints[i].cmd, ints[i].option, good[k]);
            if (run(args) != 0 || strncmp(out, "usage: whistlab ", 16) != 0) fail_msg("%s:\n%s", args, err);
        }
    }
    /* decimal fractions: odds --level in (0, 1), --progress log=N in (0, 86400] */
    static const char *const levels_bad[] = {"abc", "0", "1", "-0.5", "+0.5", " 0.5", "0.5x", "0x0.8", "nan", "inf",
                                             "1e-999", ""};
    for (size_t k = 0; k < sizeof levels_bad / sizeof levels_bad[0]; k++) {
        snprintf(args, sizeof args, "odds --level '%s'", levels_bad[k]);
        snprintf(want, sizeof want, "--level %s: expected a number greater than 0 and less than 1 (see whistlab odds "
                 "--help)\n", levels_bad[k]);
        if (run(args) != 2 || !strstr(err, want) || lines(err) != 1) fail_msg("%s:\n%s", args, err);
    }
    assert_int_equal(run("odds --level 0.999 --help"), 0);
    static const char *const progress_bad[] = {"log=abc", "log=0", "log=-5", "log=86401", "log=1e999", "log=0x10",
                                               "log=inf", "log= 5", "log=5x", "log="};
    for (size_t k = 0; k < sizeof progress_bad / sizeof progress_bad[0]; k++)
        for (int cmd = 0; cmd < 2; cmd++) {
            snprintf(args, sizeof args, "%s --progress '%s'", cmd ? "solve" : "replay", progress_bad[k]);
            snprintf(want, sizeof want, "--progress %s: expected tty, log, log=SECONDS (more than 0, at most 86400) "
                     "or off (see whistlab %s --help)\n", progress_bad[k], cmd ? "solve" : "replay");
            if (run(args) != 2 || !strstr(err, want) || lines(err) != 1) fail_msg("%s:\n%s", args, err);
        }
    assert_int_equal(run("replay --progress log=86400 --help"), 0);
    assert_int_equal(run("solve --progress log=0.5 --help"), 0);
    /* --shard I/N */
    static const char *const shards_bad[] = {"abc", "0/2", "3/2", "1/65", "-1/2", "+1/2", " 1/2", "1/2x", "1/",
                                             "/2", "4294967297/4", "1/18446744073709551617"};
    for (size_t k = 0; k < sizeof shards_bad / sizeof shards_bad[0]; k++)
        for (int cmd = 0; cmd < 2; cmd++) {
            snprintf(args, sizeof args, "%s --shard '%s'", cmd ? "solve" : "replay", shards_bad[k]);
            snprintf(want, sizeof want, "--shard %s: expected I/N with 1 <= I <= N <= 64 (see whistlab %s --help)\n",
                     shards_bad[k], cmd ? "solve" : "replay");
            if (run(args) != 2 || !strstr(err, want) || lines(err) != 1) fail_msg("%s:\n%s", args, err);
        }
    assert_int_equal(run("replay --shard 64/64 --help"), 0);
    assert_int_equal(run("solve --shard 1/1 --help"), 0);

    /* the values taken are the values given */
    assert_int_equal(run("replay --no-progress --conventions random --limit 2 --seed 18446744073709551615" VALUES CORPUS), 0);
    assert_non_null(strstr(out, "seed 18446744073709551615; limit 2;"));
    assert_non_null(strstr(out, "input: 2 deals read"));
    assert_int_equal(run("deal -q --count 1k --seed 7 --skip 2"), 0);
    assert_int_equal(lines(out), 1000);
    /* --skip near 2^64: the last board number is checked without wrapping */
    assert_int_equal(run("deal -q --count 10 --skip 18446744073709551615"), 2);
    assert_non_null(strstr(err, "board numbers would pass 4294967295"));
    assert_int_equal(run("play --round-robin long-suit,short-suit --no-progress --limit 3 --threads 2 " CORPUS), 0);
    assert_non_null(strstr(out, "3 whist deals"));
    assert_int_equal(run("show --board 2 " CORPUS), 0);
    assert_non_null(strstr(out, "  board 2"));
    assert_int_equal(run("lead --hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --simulate 2 --threads 64 "
                         "--seed 18446744073709551615 --convention long-suit"), 0);
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

/* Issue 27 item 1: a misspelt option or convention is one line naming it,
 * the nearest name, and where the help is; exit 2 (it was 50-70 lines of
 * help, and no suggestion). */
static void test_did_you_mean(void **state)
{
    (void)state;
    static const struct {
        const char *args, *line;
    } cases[] = {
        {"replay --evaluate dd " CORPUS, "whistlab replay: unknown option --evaluate; did you mean --eval? "
                                         "(see whistlab replay --help)\n"},
        {"replay --thraeds 2 " CORPUS, "whistlab replay: unknown option --thraeds; did you mean --threads? "
                                       "(see whistlab replay --help)\n"},
        {"lead --explian --hand KJ8432.Q963.AK.Q --trump H", "whistlab lead: unknown option --explian; did you "
                                                             "mean --explain? (see whistlab lead --help)\n"},
        {"replay --zzz " CORPUS, "whistlab replay: unknown option --zzz (see whistlab replay --help)\n"},
        {"replay --conventions long-suit,Long-Suit " CORPUS,
         "whistlab replay: --conventions long-suit,Long-Suit: no such convention Long-Suit; did you mean "
         "long-suit? (see whistlab replay --help)\n"},
        {"lead --convention americn --hand KJ8432.Q963.AK.Q --trump H",
         "whistlab lead: --convention americn: no such convention americn; did you mean american? "
         "(see whistlab lead --help)\n"},
        {"play --round-robin long-suit,shortsuit " CORPUS,
         "whistlab play: --round-robin long-suit,shortsuit: no such convention shortsuit; did you mean "
         "short-suit? (see whistlab play --help)\n"},
        {"replay --eval bth " CORPUS, "whistlab replay: --eval bth: not one of dd, play, both; did you mean "
                                      "both? (see whistlab replay --help)\n"},
        {"check --format pgn " CORPUS, "whistlab check: --format pgn: not one of auto, pbn, oneline, dds, gib, "
                                       "lin, wda (see whistlab check --help)\n"},
        {"convert --to dds " CORPUS " x.dds", "whistlab convert: -t/--to dds: not one of pbn, oneline, wda "
                                                "(see whistlab convert --help)\n"},
        {"replay --c " CORPUS, "whistlab replay: option --c is ambiguous: --conventions, --csv-deals, "
                               "--csv-summary, --checkpoint (see whistlab replay --help)\n"},
        {"replay --signals=1 " CORPUS, "whistlab replay: option --signals takes no value (see whistlab replay "
                                       "--help)\n"},
        {"replay " CORPUS " --limit", "whistlab replay: option --limit needs a value (N) (see whistlab replay "
                                      "--help)\n"},
        /* one convention asked for: 'all' refused saying why, once */
        {"play --convention all " CORPUS, "whistlab play: --convention all: all stands for every built-in "
                                          "convention; this option takes one (see whistlab play --help)\n"},
        {"replay --eval play --opponents all " CORPUS, "whistlab replay: --opponents all: all stands for every "
                                                       "built-in convention; this option takes one (see whistlab "
                                                       "replay --help)\n"},
        {"play --convention nobody-at-all " CORPUS, "whistlab play: --convention nobody-at-all: no such convention "
                                                    "or table file nobody-at-all; whistlab conventions lists them "
                                                    "(see whistlab play --help)\n"},
        {"conventions --table Long-Suit", "whistlab conventions: --table Long-Suit: no built-in convention "
                                          "'Long-Suit'; did you mean long-suit? (see whistlab conventions --help)\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int rc = run(cases[i].args);
        if (rc != 2 || strcmp(err, cases[i].line) != 0 || out[0])
            fail_msg("%s: exit %d, stderr:\n%s\nexpected:\n%s", cases[i].args, rc, err, cases[i].line);
    }
}

/* 'all' and both spellings of --convention(s) in every command that takes
 * conventions (replay refused 'all'; lead did not know --conventions). */
static void test_conventions_alike(void **state)
{
    (void)state;
    assert_int_equal(run("replay --conventions all --limit 3 --no-progress" VALUES CORPUS), 0);
    assert_non_null(strstr(out, "conventions long-suit,long-suit-pole,long-suit-clay,long-suit-hogarth,american,"
                                "short-suit,short-suit-singleton,strongest-suit,master-card,highest,random;"));
    assert_int_equal(run("replay --convention long-suit,short-suit --limit 3 --no-progress" VALUES CORPUS), 0);
    assert_non_null(strstr(out, "conventions long-suit,short-suit;"));
    static char one[sizeof out];
    assert_int_equal(run("lead --convention long-suit,short-suit --hand KJ8432.Q963.AK.Q --trump H"), 0);
    snprintf(one, sizeof one, "%s", out);
    assert_int_equal(run("lead --conventions long-suit --conventions short-suit --hand KJ8432.Q963.AK.Q --trump H"), 0);
    assert_string_equal(out, one);
    assert_non_null(strstr(one, "  long-suit  S4 "));
    assert_non_null(strstr(one, "  short-suit "));
    assert_int_equal(run("lead --conventions all --hand KJ8432.Q963.AK.Q --trump H"), 0);
    assert_non_null(strstr(out, "  strongest-suit "));
    assert_null(strstr(out, "dd-best"));
    assert_int_equal(run("play --conventions short-suit --board 1 " CORPUS), 0);
    assert_non_null(strstr(out, "East-West plays short-suit, North-South plays long-suit"));
    assert_int_equal(run("play --round-robin all --limit 2 --no-progress " CORPUS), 0);
    assert_non_null(strstr(out, "strongest-suit"));
}

/* --threads: one reading, one bound, one message in every command that
 * takes it. */
static void test_threads_alike(void **state)
{
    (void)state;
    static const char *const CMDS[] = {"replay", "solve", "deal", "lead", "odds", "play", "claims"};
    char args[128], want[160];
    for (size_t i = 0; i < sizeof CMDS / sizeof CMDS[0]; i++) {
        snprintf(args, sizeof args, "%s --threads 65", CMDS[i]);
        snprintf(want, sizeof want, "--threads 65: expected a whole number from 1 to 64 (see whistlab %s --help)\n",
                 CMDS[i]);
        if (run(args) != 2 || lines(err) != 1 || !strstr(err, want)) fail_msg("%s:\n%s", args, err);
        snprintf(args, sizeof args, "%s --threads 64 --help", CMDS[i]);
        if (run(args) != 0 || !strstr(out, "--threads N ")) fail_msg("%s:\n%s", args, out); /* one row: one name */
    }
}

/* The man page names, in each command's entry, only options the command
 * takes: every --option of the entry is in its --help (test_docs.c checks
 * the other way), both made from the command's table. */
static void test_man_page_options_in_help(void **state)
{
    (void)state;
    static const char *const CMDS[] = {"check", "show", "convert", "lead", "conventions", "replay", "solve",
                                       "play", "merge", "odds", "plot", "deal", "claims"};
    char *man = test_slurp("whistlab.1");
    assert_non_null(man);
    char *commands = strstr(man, "\n.SH COMMANDS\n"), *end = commands ? strstr(commands + 1, "\n.SH ") : NULL;
    assert_non_null(end);
    *end = 0;
    int wrong = 0;
    for (size_t c = 0; c < sizeof CMDS / sizeof CMDS[0]; c++) {
        char args[64], head[64];
        snprintf(args, sizeof args, "%s --help", CMDS[c]);
        assert_int_equal(run(args), 0);
        /* the entry: from ".TP\n.B CMD " to the next ".TP" */
        snprintf(head, sizeof head, "\n.TP\n.B %s ", CMDS[c]);
        char *at = strstr(commands, head);
        if (!at) {
            fail_msg("whistlab.1 has no entry for %s", CMDS[c]);
            continue;
        }
        char *stop = strstr(at + 1, "\n.TP\n");
        size_t len = stop ? (size_t)(stop - at) : strlen(at);
        for (char *p = at; p < at + len; p++) {
            /* "\-\-name": roff's "\-" is '-'; an option of another command
             * follows that command's name ("\fBlead \-\-convention") */
            if (strncmp(p, "\\-\\-", 4) != 0 || (p > at && p[-1] == ' ' && p - at > 5 && isalpha((unsigned char)p[-2])))
                continue;
            char name[48] = "--";
            size_t k = 2;
            for (const char *q = p + 4; k < sizeof name - 1; q++) {
                if (strncmp(q, "\\-", 2) == 0 && isalpha((unsigned char)q[2])) name[k++] = '-', q++;
                else if (isalnum((unsigned char)*q)) name[k++] = *q;
                else break;
            }
            name[k] = 0;
            bool in_help = false; /* the whole name, not a longer one's start */
            for (const char *h = strstr(out, name); h && !in_help; h = strstr(h + 1, name))
                in_help = !isalnum((unsigned char)h[k]) && h[k] != '-';
            if (!in_help) {
                fprintf(stderr, "whistlab.1: %s names %s, which its --help does not\n", CMDS[c], name);
                wrong++;
            }
        }
    }
    free(man);
    assert_int_equal(wrong, 0);
}

/* Issue 27 item 1: one builder makes every command's "go on with" line
 * from its option table. Pasted, it goes on: odds over two corpus files
 * (the second file was moved after the options and read as a table's
 * name) and a lead problem (no test pasted its command). */
/* Waits until process pid has used ms milliseconds of CPU (its threads'
 * too: /proc/PID/stat's utime and stime), or has ended: a run stopped then
 * has started its work whatever the machine's load, which a fixed delay
 * does not promise. */
static void wait_cpu(pid_t pid, long ms)
{
    char path[64], stat[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    long tick = sysconf(_SC_CLK_TCK);
    for (int tries = 0; tries < 6000; tries++) {
        FILE *f = fopen(path, "r");
        size_t n = f ? fread(stat, 1, sizeof stat - 1, f) : 0;
        if (f) fclose(f);
        stat[n] = 0;
        const char *after = strrchr(stat, ')'); /* the name may hold spaces */
        char state = 0;
        unsigned long utime = 0, stime = 0;
        if (!after || sscanf(after, ") %c %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %lu %lu", &state, &utime, &stime) != 3 ||
            state == 'Z' || (long)(utime + stime) * 1000 >= ms * tick)
            return;
        struct timespec wait = {0, 5000000};
        nanosleep(&wait, NULL);
    }
}

static void test_resume_commands_paste(void **state)
{
    (void)state;
    const char *a = test_tmp("rc-a.wda"), *b = test_tmp("rc-b.wda"), *wls = test_tmp("rc.wls"),
               *errp = test_tmp("rc.err"), *whole = test_tmp("rc-whole.txt"), *again = test_tmp("rc-again.txt");
    /* under the sanitizers a fifth of the deals: the run still stops at
     * its first checkpoint (500 deals), far from the end */
    int fifth = test_small() ? 5 : 1;
    assert_int_equal(test_run(out, sizeof out, "%s deal -n %d --seed 3 -o %s 2>&1 && %s deal -n %d --seed 4 -o %s 2>&1",
                              test_bin(), 40000 / fifth, a, test_bin(), 20000 / fifth, b), 0);
    assert_int_equal(test_run(out, sizeof out, "%s odds --corpus %s %s --threads 1 > %s", test_bin(), a, b, whole), 0);
    const char *odds[] = {"odds", "--corpus", a, b, "--threads", "1", "--save", wls, "--checkpoint", "500", NULL};
    assert_int_equal(test_run_and_stop(odds, wls, errp), 130);
    assert_int_equal(test_go_on_as_told(errp, again, NULL), 0);
    test_assert_same_but_command(whole, again);

    /* lead --simulate saves every 30 seconds and when interrupted: stopped
     * once it has simulated a while (the first 0.1 CPU-second is its start;
     * 5000 layouts cost about 0.6), or it may end first */
    remove(wls);
    const char *hand = "S:KJ8432 H:Q963 D:AK C:Q";
    assert_int_equal(test_run(out, sizeof out, "%s lead --hand '%s' --trump H --conventions long-suit,short-suit "
                                               "--simulate %d --seed 3 --eval play --threads 1 > %s",
                              test_bin(), hand, 5000 / fifth, whole), 0);
    char layouts[16];
    snprintf(layouts, sizeof layouts, "%d", 5000 / fifth);
    const char *lead[] = {"lead", "--hand", hand, "--trump", "H", "--conventions", "long-suit,short-suit",
                          "--simulate", layouts, "--seed", "3", "--eval", "play", "--threads", "1", "--save", wls,
                          NULL};
    pid_t pid = test_start(NULL, errp, lead);
    wait_cpu(pid, 150);
    int rc = test_stop(pid, SIGINT);
    if (rc == 130) { /* not finished in the time given: go on */
        assert_int_equal(test_go_on_as_told(errp, again, NULL), 0);
        test_assert_same_but_command(whole, again);
    } else {
        assert_int_equal(rc, 0);
    }
    test_remove(a, b, wls, errp, whole, again);
}

/* A state file's settings are read back by replay's option rows; a
 * convention table file the state names need not be at hand to merge
 * (its digest is in the state), as before the rows read them. */
static void test_merge_without_the_table_file(void **state)
{
    (void)state;
    const char *tbl = test_tmp("mine.tbl"), *wls = test_tmp("mine.wls");
    remove(wls);
    assert_int_equal(test_run(out, sizeof out, "%s conventions --table long-suit | sed 's/^name .*/name mine/' > %s",
                              test_bin(), tbl), 0);
    char args[1024];
    snprintf(args, sizeof args, "replay --no-progress --limit 4 --conventions %s,american --save %s " CORPUS, tbl, wls);
    assert_int_equal(run(args), 0);
    remove(tbl);
    snprintf(args, sizeof args, "merge %s", wls);
    if (run(args) != 0) fail_msg("%s:\n%s", args, err);
    char want[512];
    snprintf(want, sizeof want, "conventions %s,american;", tbl);
    assert_non_null(strstr(out, want));
    remove(wls);
}

/* The settings lines of lead's tables say only what applies: a hand given
 * (--hand) reads no file, so it has no file format and no leader as dealt;
 * files do (the defaults said). */
static void test_lead_hand_settings_apply(void **state)
{
    (void)state;
    assert_int_equal(run("lead --hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --convention long-suit --csv -"), 0);
    assert_non_null(strstr(out, "\n# setting hand: S:KJ8432 H:Q963 D:AK C:Q\n# setting trump: H\nfile,line,"));
    assert_null(strstr(out, "# setting format:"));
    assert_null(strstr(out, "# setting leader:"));
    assert_int_equal(run("lead --hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --convention long-suit --simulate 2 "
                         "--no-progress --csv -"), 0);
    assert_non_null(strstr(out, "\n# setting layouts: 2\n"));
    assert_null(strstr(out, "# setting format:"));
    assert_null(strstr(out, "# setting leader:"));
    assert_int_equal(run("lead --convention long-suit --csv - " CORPUS), 0);
    assert_non_null(strstr(out, "\n# setting format: auto\n# setting leader: as dealt\n"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_csv_on_stdout_moves_the_report),
        cmocka_unit_test(test_round_robin_tables),
        cmocka_unit_test(test_lead_csv_columns),
        cmocka_unit_test(test_quiet_and_verbose),
        cmocka_unit_test(test_argument_messages),
        cmocka_unit_test(test_numeric_options_whole_and_in_range),
        cmocka_unit_test(test_opponents_default_agrees),
        cmocka_unit_test(test_did_you_mean),
        cmocka_unit_test(test_conventions_alike),
        cmocka_unit_test(test_threads_alike),
        cmocka_unit_test(test_man_page_options_in_help),
        cmocka_unit_test(test_resume_commands_paste),
        cmocka_unit_test(test_merge_without_the_table_file),
        cmocka_unit_test(test_lead_hand_settings_apply),
    };
    return cmocka_run_group_tests_name("options every command shares, CSV tables on stdout", tests, NULL, NULL);
}
