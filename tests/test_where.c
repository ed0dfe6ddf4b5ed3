/* test_where.c -- --where on every command that reads deals (check,
 * convert, lead, play, odds, replay), run as users run them: the counts
 * each prints of the deals kept and left against a count made here
 * independently (the reader and the hands' suit lengths, not the --where
 * language), a bad condition refused before anything is read, and replay's
 * condition kept in its settings, its state file and its report. */
#include <signal.h>
#include "testutil.h"
#include "formats/deal_stream.h"
#include "formats/reader.h"
#include "stats/report/wls.h"

#define CORPUS "corpora/whist-2000.pbn.gz"
#define SHAPE_5431 "shape(leader) == \"5431\""
/* CORPUS's double-dummy values (the shipped store): the runs whose subject
 * is not solving read them rather than solve. */
#define VALUES "corpora/whist-2000.wdv"

static char out[1 << 17];

/* Whether the hand's suit lengths, in any order, are 5 4 3 1. */
static bool is_5431(hand_t h)
{
    int seen[14] = {0};
    for (int s = 0; s < 4; s++) seen[hand_suit_len(h, s)]++;
    return seen[5] == 1 && seen[4] == 1 && seen[3] == 1 && seen[1] == 1;
}

/* The deals among the first `first` of the corpus (0: all) whose eldest
 * hand (the dealer's left) is 5-4-3-1, counted from the reader. */
static int count_5431(uint64_t first, int *total)
{
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(CORPUS, FMT_AUTO, &diag);
    assert_non_null(r);
    deal_t d;
    int n = 0, all = 0;
    while ((!first || (uint64_t)all < first) && deal_reader_next(r, &d, &diag) == READ_DEAL) {
        assert_true(d.dealer <= SEAT_W);
        all++;
        n += is_5431(d.hand[seat_left(d.dealer)]);
    }
    deal_reader_close(r);
    *total = all;
    return n;
}

/* "N deals kept by --where, M left", as every command words it. */
static const char *kept_left(int kept, int left)
{
    static char buf[96];
    snprintf(buf, sizeof buf, "%d deals kept by --where, %d left", kept, left);
    return buf;
}

static void expect_in(const char *what, const char *text)
{
    if (!strstr(text, what)) fail_msg("expected '%s' in:\n%s", what, text);
}

static void test_check_counts_the_deals_kept_and_left(void **state)
{
    (void)state;
    int total, n = count_5431(0, &total);
    assert_int_equal(total, 2000);
    assert_true(n > 100 && n < 400); /* about 12.9% of the deals, by the odds */
    int rc = test_run(out, sizeof out, "%s check %s --where '%s' 2>&1", test_bin(), CORPUS, SHAPE_5431);
    assert_int_equal(rc, 0);
    expect_in("2000 deals read, 2000 accepted, 0 rejected\n", out);
    expect_in(kept_left(n, 2000 - n), out);
}

static void test_convert_writes_the_deals_kept(void **state)
{
    (void)state;
    int total, n = count_5431(0, &total);
    const char *wda = test_tmp("kept.wda");
    char path[256];
    snprintf(path, sizeof path, "%s", wda);
    int rc = test_run(out, sizeof out, "%s convert %s %s --where '%s' 2>&1", test_bin(), CORPUS, path, SHAPE_5431);
    assert_int_equal(rc, 0);
    char written[64];
    snprintf(written, sizeof written, "%d written to", n);
    expect_in(written, out);
    expect_in(kept_left(n, 2000 - n), out);
    /* every deal written meets it: the condition keeps them all again */
    rc = test_run(out, sizeof out, "%s check %s --where '%s' 2>&1", test_bin(), path, SHAPE_5431);
    assert_int_equal(rc, 0);
    expect_in(kept_left(n, 0), out);
    /* and none of them meets its negation */
    rc = test_run(out, sizeof out, "%s check %s --where '!(%s)' 2>&1", test_bin(), path, SHAPE_5431);
    expect_in(kept_left(0, n), out);
    remove(path);
}

static void test_lead_play_and_odds_count_them(void **state)
{
    (void)state;
    int total, n = count_5431(0, &total);
    int rc = test_run(out, sizeof out, "%s lead %s --convention long-suit --where '%s' 2>&1 >/dev/null", test_bin(),
                      CORPUS, SHAPE_5431);
    assert_int_equal(rc, 0);
    char analysed[64];
    snprintf(analysed, sizeof analysed, "2000 deals read: %d analysed", n);
    expect_in(analysed, out);
    expect_in(kept_left(n, 2000 - n), out);
    /* lead prints one line per deal kept */
    rc = test_run(out, sizeof out, "%s lead %s --convention long-suit --where '%s' 2>/dev/null | grep -c 'leads'",
                  test_bin(), CORPUS, SHAPE_5431);
    assert_int_equal(atoi(out), n);

    rc = test_run(out, sizeof out, "%s play --verify %s --where '%s' 2>&1", test_bin(), CORPUS, SHAPE_5431);
    assert_int_equal(rc, 0);
    expect_in(kept_left(n, 2000 - n), out);

    rc = test_run(out, sizeof out, "%s odds --corpus %s --where '%s' 2>&1", test_bin(), CORPUS, SHAPE_5431);
    assert_int_equal(rc, 0);
    char summary[128];
    snprintf(summary, sizeof summary, "2000 deals read = %d distinct + 0 repeats + 0 rejected + %d left by --where",
             n, 2000 - n);
    expect_in(summary, out);
    expect_in(kept_left(n, 2000 - n), out);
    expect_in("where " SHAPE_5431, out); /* among the settings of the provenance */

    /* play: the first deal kept is the first 5-4-3-1 deal of the file */
    rc = test_run(out, sizeof out, "%s play %s --where '%s' 2>&1", test_bin(), CORPUS, SHAPE_5431);
    assert_int_equal(rc, 0);
    rc = test_run(out, sizeof out, "%s play %s --board 1 --where '%s' 2>&1", test_bin(), CORPUS, "trumps(leader) > 13");
    assert_int_equal(rc, 2);
    expect_in("board 1 does not meet --where", out);
}

static void test_round_robin_counts_them(void **state)
{
    (void)state;
    int total, n = count_5431(300, &total);
    assert_int_equal(total, 300);
    /* --limit caps the whist deals played: all those kept of the first 300 */
    int rc = test_run(out, sizeof out, "%s play --round-robin long-suit,american --threads 2 --limit %d %s "
                      "--where '%s' 2>&1", test_bin(), n, CORPUS, SHAPE_5431);
    assert_int_equal(rc, 0);
    char played[64];
    snprintf(played, sizeof played, "%d whist deals played", n);
    expect_in(played, out);
    expect_in(kept_left(n, 300 - n), out);
    expect_in("where " SHAPE_5431, out);
}

static void test_replay_keeps_it_in_settings_and_report(void **state)
{
    (void)state;
    int total, n = count_5431(150, &total);
    assert_true(n > 5);
    const char *t = test_tmp("where.wls");
    char wls[256];
    snprintf(wls, sizeof wls, "%s", t);
    int rc = test_run(out, sizeof out, "%s replay %s --limit 150 --conventions long-suit,short-suit --no-progress "
                      "--values " VALUES " --save %s --where '%s' 2>&1", test_bin(), CORPUS, wls, SHAPE_5431);
    assert_int_equal(rc, 0);
    char line[320];
    snprintf(line, sizeof line, "input: 150 deals read = %d accepted + 0 rejected; %s; %d whist deals analysed", n,
             kept_left(n, 150 - n), n);
    expect_in(line, out);
    expect_in("where " SHAPE_5431, out);
    /* the input is the file read: its deals and digest, whatever --where kept */
    expect_in("150 deals", out);
    /* the state file keeps the condition: reported again, the same */
    rc = test_run(out, sizeof out, "%s replay --resume %s --values " VALUES " 2>&1", test_bin(), wls);
    assert_int_equal(rc, 0);
    expect_in(line, out);
    expect_in("where " SHAPE_5431, out);
    remove(wls);
    /* without it, every deal is analysed */
    rc = test_run(out, sizeof out, "%s replay %s --limit 20 --eval play --conventions long-suit --no-progress 2>&1",
                  test_bin(), CORPUS);
    assert_int_equal(rc, 0);
    expect_in("input: 20 deals read = 20 accepted + 0 rejected; 20 whist deals analysed", out);
}

/* The report from its "input:" line on (the command line differs). */
static const char *from_input_line(const char *report)
{
    const char *at = strstr(report, "input: ");
    assert_non_null(at);
    return at;
}

/* A run killed at its first checkpoint and resumed reports what the whole
 * run does: the records --where left are accounted for in order, so the
 * state ends at a record and none is counted twice. */
static void test_replay_resumed_after_kill(void **state)
{
    (void)state;
    const char *wls = test_tmp("kill.wls");
    static char whole[1 << 16];
    int rc = test_run(whole, sizeof whole, "%s replay %s --limit 200 --threads 1 --conventions long-suit "
                      "--no-progress --where '%s' 2>&1", test_bin(), CORPUS, SHAPE_5431);
    assert_int_equal(rc, 0);
    remove(wls);
    pid_t pid = test_start(NULL, NULL, (const char *[]){"replay", CORPUS, "--limit", "200", "--threads", "1",
                                                        "--conventions", "long-suit", "--no-progress", "--checkpoint",
                                                        "1", "--save", wls, "--where", SHAPE_5431, NULL});
    test_wait_for_file(wls);
    test_stop(pid, SIGKILL);
    /* really stopped before the end, with the deals left counted so far */
    static wls_file w;
    static input_account inputs[WLS_MAX_INPUTS];
    stats_state *stats = calloc(1, sizeof *stats);
    diag_t err = {0};
    w.stats = stats;
    w.inputs = inputs;
    assert_true(wls_read(wls, &w, &err));
    assert_int_equal(w.complete, 0);
    assert_true(stats->read < 200);
    assert_int_equal(stats->read, stats->accepted + stats->rejected + stats->left);
    assert_int_equal(inputs[0].deals, stats->read);
    free(stats);
    rc = test_run(out, sizeof out, "%s replay --no-progress --resume %s 2>&1", test_bin(), wls);
    assert_int_equal(rc, 0);
    assert_string_equal(from_input_line(out), from_input_line(whole));
    remove(wls);
}

/* A condition that does not compile is a usage error before any file is
 * opened: exit 2 on a file that does not exist (reading it would be 3). */
static void test_bad_condition_refused_before_reading(void **state)
{
    (void)state;
    static const char *const cmds[] = {
        "check %s",        "convert %s /tmp/whistlab-never.pbn", "lead %s",   "play %s",
        "play --verify %s", "odds --corpus %s",                  "replay %s", "show %s",
    };
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        char cmd[256];
        snprintf(cmd, sizeof cmd, cmds[i], "/nonexistent/deals.pbn");
        int rc = test_run(out, sizeof out, "%s %s --where 'shape(leader) == ' 2>&1", test_bin(), cmd);
        if (rc != 2) fail_msg("%s: exit %d, expected 2:\n%s", cmd, rc, out);
        expect_in("--where shape(leader) == : column 18: expected a shape in quotes", out);
    }
    assert_int_equal(access("/tmp/whistlab-never.pbn", F_OK), -1);
    int rc = test_run(out, sizeof out, "%s lead --hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --where '%s' 2>&1",
                      test_bin(), SHAPE_5431);
    assert_int_equal(rc, 2);
    expect_in("--where with --hand goes with --simulate N", out);
}

/* Issue 25 item 4: 50,000 nested parentheses, or as many '!', are a usage
 * error naming the depth (they overflowed the parser's stack: a segfault
 * in check and deal); 100 levels still compile. */
static void test_deep_nesting_refused(void **state)
{
    (void)state;
    static const char *const deep[] = {
        "$(printf '%50000s' | tr ' ' '(')1$(printf '%50000s' | tr ' ' ')')",
        "$(printf '%100000s' | tr ' ' '!')1",
    };
    static const char *const cmds[] = {"check /nonexistent/deals.pbn", "deal -n 1"};
    for (size_t i = 0; i < 2; i++)
        for (size_t k = 0; k < 2; k++) {
            int rc = test_run(out, sizeof out, "E=\"%s\"; %s %s --where \"$E\" 2>&1", deep[i], test_bin(), cmds[k]);
            if (rc != 2) fail_msg("%s, %s: exit %d, expected 2", cmds[k], i ? "'!'" : "'('", rc);
            expect_in("column 101: parentheses and '!' nested more than 100 deep", out);
        }
    char text[512] = "";
    for (int i = 0; i < 50; i++) strcat(text, "(!");
    strcat(text, "1");
    for (int i = 0; i < 50; i++) strcat(text, ")");
    assert_int_equal(test_run(out, sizeof out, "%s deal -n 3 --seed 7 --where '%s' 2>/dev/null | grep -c '^n '", test_bin(), text), 0);
    assert_int_equal(atoi(out), 3); /* an even number of '!': every deal meets it */
    text[0] = '!';
    memmove(text + 1, text, strlen(text) + 1);
    assert_int_equal(test_run(out, sizeof out, "%s deal -n 1 --where '%s' 2>&1", test_bin(), text), 2);
    expect_in("column 101: parentheses and '!' nested more than 100 deep", out);
}

/* The stream's side: a condition on whist deals. */
static bool hearts_trumps(const void *ctx, const deal_t *d)
{
    (void)ctx;
    return d->strain == SUIT_H;
}

static bool leader_is_north(const void *ctx, const deal_t *d)
{
    (void)ctx;
    return d->leader == SEAT_N;
}

/* With --trump each, only the whist deals that meet it are handed on: one
 * of the four here, so every deal is kept. Without whist deals (check,
 * convert), the deal is kept as read when one of them meets it; a deal
 * with no trumps is tested with the seats the policy settles (the board
 * rotation: board 1 North deals, East leads). */
static void test_stream_tests_each_whist_deal(void **state)
{
    (void)state;
    const char *files[] = {CORPUS};
    input_opts io;
    input_opts_init(&io);
    assert_true(trump_policy_parse("each", &io.policy));
    io.keep = hearts_trumps;
    ds_opts o = {.input = io, .whist = true};
    deal_stream *s = deal_stream_open(&o, files, 1);
    ds_item it;
    int deals = 0;
    while (deal_stream_next(s, &it))
        if (it.kind == DS_DEAL) {
            deals++;
            assert_int_equal(it.n, 1);
            assert_int_equal(it.whist[0].strain, SUIT_H);
        }
    const ds_counts *c = deal_stream_totals(s);
    assert_int_equal(deals, 2000);
    assert_int_equal(c->deals, 2000);
    assert_int_equal(c->whist, 2000);
    assert_int_equal(c->left, 0);
    deal_stream_close(s);

    /* one-line deals with no trumps, boards 1..4: East leads board 1 only */
    const char *path = test_tmp("nt.txt");
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    for (int b = 1; b <= 4; b++)
        fprintf(f, "n AKQJT98765432... e .AKQJT98765432.. s ..AKQJT98765432. w ...AKQJT98765432 board %d\n", b);
    fclose(f);
    const char *nt[] = {path};
    input_opts_init(&io);
    io.keep = leader_is_north;
    o = (ds_opts){.input = io};
    s = deal_stream_open(&o, nt, 1);
    int kept_board = 0;
    while (deal_stream_next(s, &it))
        if (it.kind == DS_DEAL) kept_board = (int)it.deal->board;
    c = deal_stream_totals(s);
    assert_int_equal(c->deals, 1);
    assert_int_equal(c->left, 3);
    assert_int_equal(kept_board, 4); /* West deals board 4: North leads */
    deal_stream_close(s);
    remove(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check_counts_the_deals_kept_and_left),
        cmocka_unit_test(test_convert_writes_the_deals_kept),
        cmocka_unit_test(test_lead_play_and_odds_count_them),
        cmocka_unit_test(test_round_robin_counts_them),
        cmocka_unit_test(test_replay_keeps_it_in_settings_and_report),
        cmocka_unit_test(test_replay_resumed_after_kill),
        cmocka_unit_test(test_bad_condition_refused_before_reading),
        cmocka_unit_test(test_deep_nesting_refused),
        cmocka_unit_test(test_stream_tests_each_whist_deal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
