/* test_odds_input.c -- what `whistlab odds` knows of a corpus before it
 * counts it (analyze/odds/odds_input.h): a generated .wda deals every record
 * with its dealer and turn-up, a converted one is scanned, and what cannot
 * be looked at in advance (standard input, text formats, a forced format
 * other than wda) leaves the modes to the counting. */
#include <stdbool.h>
#include "analyze/odds/odds_input.h"
#include "testutil.h"

static char out[1 << 16];

/* A file made by a whistlab command line (cmd has one %s: the path). */
static const char *made(const char *name, const char *cmd)
{
    static char path[8][256];
    static int next;
    char *p = path[next++ % 8];
    snprintf(p, 256, "%s", test_tmp(name));
    char line[1024];
    snprintf(line, sizeof line, cmd, p);
    assert_int_equal(test_run(out, sizeof out, "%s %s 2>&1", test_bin(), line), 0);
    return p;
}

static odds_input_known scan(const char *a, const char *b, const char *leader, deal_format fmt)
{
    input_opts io;
    input_opts_init(&io);
    io.format = fmt;
    if (leader) {
        io.policy.leader = (uint8_t)seat_from_char(*leader);
        io.policy_given = true;
    }
    const char *files[2] = {a, b};
    return odds_input_scan(files, b ? 2 : 1, &io);
}

static void test_what_is_known_up_front(void **state)
{
    (void)state;
    const char *gen = made("gen.wda", "deal -n 50 --seed 3 -o %s");
    const char *whist = made("whist.wda", "convert corpora/whist-2000.pbn.gz %s");
    const char *bridge = made("bridge.wda", "convert corpora/dds-list1000.pbn.gz %s");
    odds_input_known k = scan(gen, NULL, NULL, FMT_AUTO);
    assert_true(k.every_dealer && k.every_turnup);
    /* converted whist records: scanned, every one dealt */
    k = scan(whist, gen, NULL, FMT_WDA);
    assert_true(k.every_dealer && k.every_turnup);
    /* bridge deals have their dealer but no turn-up */
    k = scan(gen, bridge, NULL, FMT_AUTO);
    assert_true(k.every_dealer);
    assert_false(k.every_turnup);
    /* a forced leader moves the dealer: the turn-ups of the others' deals go */
    k = scan(gen, NULL, "S", FMT_AUTO);
    assert_true(k.every_dealer);
    assert_false(k.every_turnup);
    /* nothing known of text files, standard input or another forced format */
    k = scan("corpora/whist-2000.pbn.gz", NULL, NULL, FMT_AUTO);
    assert_false(k.every_dealer || k.every_turnup);
    k = scan(gen, "-", NULL, FMT_AUTO);
    assert_false(k.every_dealer || k.every_turnup);
    k = scan(gen, NULL, NULL, FMT_PBN);
    assert_false(k.every_dealer || k.every_turnup);
    k = scan(test_tmp("missing.wda"), NULL, NULL, FMT_AUTO);
    assert_false(k.every_dealer || k.every_turnup);
    for (int i = 0; i < 3; i++) unlink(i == 0 ? gen : i == 1 ? whist : bridge);
}

/* The modes decided up front are the ones the counting would have chosen:
 * the same report as with the modes given. */
static void test_report_names_the_modes(void **state)
{
    (void)state;
    const char *gen = made("modes.wda", "deal -n 200 --seed 5 -o %s");
    static char a[1 << 16];
    assert_int_equal(test_run(a, sizeof a, "%s odds dealer-trumps --corpus %s", test_bin(), gen), 0);
    assert_non_null(strstr(a, "dealer: record (the deal's dealer); turn-up: record (the deal's turn-up)\n"));
    assert_int_equal(test_run(out, sizeof out, "%s odds dealer-trumps --corpus %s --leader W", test_bin(), gen), 0);
    assert_non_null(strstr(out, "dealer: record (the deal's dealer); turn-up: all (each of the dealer's 13 cards)\n"));
    unlink(gen);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_what_is_known_up_front),
        cmocka_unit_test(test_report_names_the_modes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
