/* test_sd_game.c -- whole deals played by the single-dummy players
 * (analyze/play/RULES.md): over 10,000 generated deals (100,000 in make
 * check-long, 10 s of CPU), every card is held by its player, played once and follows
 * suit (L3), each trick goes to its winner by L4, who leads next (L2), and
 * the 13 tricks are counted (with and without the signals and the
 * extended rules); duplicate replay: swapping the conventions
 * negates every gain, and a convention against itself gains exactly 0.
 * Also the round robin, and the game log of a fixed deal against the
 * golden file tests/data/play_golden_1.txt. The duplicate plays its two
 * tables as one while they are alike: what the conventions have alike, and
 * the same tricks as two separate games for the similar conventions that
 * share the most. */
#include "testutil.h"
#include <gsl/gsl_rng.h>
#include "analyze/deal/deal_gen.h"
#include "analyze/lead/convention_model.h"
#include "analyze/play/sd_duplicate.h"

/* 2,500 under the sanitizers (WHISTLAB_SMALL), where a game costs four
 * times as much: the same rules checked on every deal, fewer deals. */
#define N_DEALS (test_long() ? 100000 : test_small() ? 2500 : 10000)

#define MAX_SIDES 16

static int n_sides;
static sd_side sides[MAX_SIDES];

static void load_sides(void)
{
    int n;
    const convention *const *all = convention_builtins(&n);
    n_sides = 0;
    for (int i = 0; i < n && n_sides < MAX_SIDES; i++)
        if (!convention_is_dd_best(all[i])) sd_side_init(&sides[n_sides++], all[i]);
    assert_true(n_sides >= 8);
}

static void deal_of(const gen_deal *g, sd_deal *d)
{
    memset(d, 0, sizeof *d);
    for (int s = 0; s < 4; s++) d->hand[s] = g->hand[s];
    d->dealer = g->dealer;
    d->turnup = g->turnup;
    d->trump = card_suit(g->turnup);
    d->deal_key = g->index;
    d->seed = 5;
}

/* The log replayed against the hands: L2-L5. */
static void check_log(const sd_deal *d, const sd_log *log, const sd_result *r)
{
    hand_t hand[4];
    for (int s = 0; s < 4; s++) hand[s] = d->hand[s];
    int leader = seat_left(d->dealer), won[2] = {0, 0};
    for (int t = 0; t < 13; t++) {
        assert_int_equal(log->leader[t], leader);
        card_t cards[4];
        int led = card_suit(log->step[t][0].card);
        for (int i = 0; i < 4; i++) {
            const sd_step *st = &log->step[t][i];
            assert_int_equal(st->seat, (leader + i) & 3);
            assert_true(hand_has(hand[st->seat], st->card)); /* held, and not played before */
            if (card_suit(st->card) != led) assert_int_equal(hand_suit(hand[st->seat], led), 0); /* no revoke */
            assert_true(st->rule[0] != 0);
            hand[st->seat] &= ~card_bit(st->card);
            cards[i] = st->card;
        }
        int w = trick_winner(cards, leader, d->trump);
        assert_int_equal(log->winner[t], w);
        won[w & 1]++;
        leader = w;
    }
    for (int s = 0; s < 4; s++) assert_int_equal(hand[s], 0);
    assert_int_equal(won[0], r->tricks[0]);
    assert_int_equal(won[1], r->tricks[1]);
    assert_int_equal(r->tricks[0] + r->tricks[1], 13);
}

static void test_invariants(void **state)
{
    (void)state;
    load_sides();
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_taus2);
    gen_deal *g = calloc(DEAL_GEN_BLOCK, sizeof *g);
    assert_non_null(g);
    sd_log *log = malloc(sizeof *log);
    assert_non_null(log);
    long sum_gain = 0, nonzero = 0;
    for (long i = 0; i < N_DEALS; i += DEAL_GEN_BLOCK) {
        size_t m = (size_t)(N_DEALS - i < DEAL_GEN_BLOCK ? N_DEALS - i : DEAL_GEN_BLOCK);
        deal_gen_block(rng, 2026, NULL, (uint64_t)i, m, g);
        for (size_t k = 0; k < m; k++) {
            long n = i + (long)k;
            sd_deal d;
            deal_of(&g[k], &d);
            d.signals = n & 1; /* every other deal with the signals of §11 */
            d.ext = n & 2 ? SD_EXT_DONE : 0; /* every other pair with the extended rules */
            const sd_side *x = &sides[n % n_sides], *y = &sides[(n / n_sides + 1 + n) % n_sides];
            /* the two tables of X against Y, logged and checked */
            const sd_side *t1[2] = {x, y}, *t2[2] = {y, x};
            sd_result r1, r2;
            assert_int_equal(sd_play(&d, t1, CARD_NONE, &r1, log), 0);
            check_log(&d, log, &r1);
            assert_int_equal(sd_play(&d, t2, CARD_NONE, &r2, log), 0);
            check_log(&d, log, &r2);
            /* the duplicate plays the two tables as one while they are
             * alike: the very tricks of the two separate games */
            sd_pair pxy, pyx, pxx;
            sd_pair_init(&pxy, x, y);
            sd_pair_init(&pyx, y, x);
            sd_pair_init(&pxx, x, x);
            sd_dup_result xy, yx, xx;
            assert_int_equal(sd_duplicate(&d, &pxy, &xy), 0);
            assert_int_equal(xy.x_tricks[0], r1.tricks[0]);
            assert_int_equal(xy.x_tricks[1], r2.tricks[1]);
            assert_int_equal(xy.gain, r1.tricks[0] + r2.tricks[1] - 13);
            assert_int_equal(sd_duplicate(&d, &pyx, &yx), 0);
            assert_int_equal(yx.gain, -xy.gain);
            assert_int_equal(sd_duplicate(&d, &pxx, &xx), 0);
            assert_int_equal(xx.gain, 0);
            sum_gain += xy.gain;
            nonzero += xy.gain != 0;
        }
    }
    /* different conventions do play differently on many deals */
    assert_true(nonzero > N_DEALS / 20);
    assert_true(labs(sum_gain) < N_DEALS);
    free(log);
    free(g);
    gsl_rng_free(rng);
}

static const convention *open_conv(const char *spec)
{
    diag_t diag;
    const convention *c = convention_open(spec, &diag);
    assert_non_null(c);
    return c;
}

/* What two tables share: american is long-suit's [suit] rules, [continue]
 * and [return] with its own [plain] rows (AM1-AM4) and AM-C6 inserted
 * before C6, so C1-C5 (7 procedures) are alike; short-suit shares none of
 * it. */
static void test_same_parts(void **state)
{
    (void)state;
    const convention *ls = open_conv("long-suit"), *am = open_conv("american"), *ss = open_conv("short-suit"),
                     *ta = open_conv("long-suit+tenace_avoid");
    assert_int_equal(convention_same_parts(ls, ls), CONV_PART_ALL);
    assert_int_equal(convention_later_alike(ls, ls), ls->nlater + 1);
    assert_int_equal(convention_same_parts(ls, am), CONV_PART_RULES | CONV_PART_CONT | CONV_PART_RET);
    assert_int_equal(convention_same_parts(am, ls), CONV_PART_RULES | CONV_PART_CONT | CONV_PART_RET);
    assert_int_equal(convention_later_alike(ls, am), 7);
    assert_int_equal(convention_later_alike(am, ls), 7);
    assert_int_equal(convention_later_inserted(ls, am), 1); /* AM-C6 */
    assert_int_equal(convention_later_inserted(am, ls), 0);
    assert_int_equal(convention_later_inserted(ls, ls), 0);
    assert_int_equal(convention_same_parts(ls, ss) & (CONV_PART_RULES | CONV_PART_CARDS), 0);
    /* an option changes the rules (LS-A4 passes over A Q / K J suits), not the cards */
    assert_int_equal(convention_same_parts(ls, ta) & (CONV_PART_RULES | CONV_PART_CARDS), CONV_PART_CARDS);
    assert_int_equal(convention_later_alike(ls, ta), ls->nlater + 1);
    convention_free((convention *)ta);
}

/* Writes long-suit's table named name (a file may not take a built-in's
 * name) with its [later] section replaced by later_rows; returns the
 * file's path in the test directory. */
static const char *write_long_suit_later(const char *name, const char *later_rows)
{
    const char *text = convention_text(convention_builtin("long-suit"));
    const char *later = strstr(text, "\n[later]");
    const char *name_line = strncmp(text, "name", 4) == 0 ? text : strstr(text, "\nname") + 1;
    assert_non_null(later);
    assert_true(name_line > text || strncmp(text, "name", 4) == 0);
    const char *after_name = strchr(name_line, '\n');
    const char *path = test_tmp(name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fwrite(text, 1, (size_t)(name_line - text), f);
    fprintf(f, "name %s", name);
    fwrite(after_name, 1, (size_t)(later - after_name), f);
    fprintf(f, "\n[later]\n%s", later_rows);
    fclose(f);
    return path;
}

/* Writes long-suit's table named name with rows put first in its [play]
 * section; returns the file's path in the test directory. */
static const char *write_long_suit_play(const char *name, const char *play_rows)
{
    const char *text = convention_text(convention_builtin("long-suit"));
    const char *name_line = strncmp(text, "name", 4) == 0 ? text : strstr(text, "\nname") + 1;
    const char *after_name = strchr(name_line, '\n'), *play = strstr(text, "\n[play]\n");
    assert_non_null(play);
    const char *path = test_tmp(name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fwrite(text, 1, (size_t)(name_line - text), f);
    fprintf(f, "name %s", name);
    fwrite(after_name, 1, (size_t)(play + 8 - after_name), f);
    fputs(play_rows, f);
    fputs(play + 8, f);
    fclose(f);
    return path;
}

/* The duplicate of two similar conventions gives each table the tricks of
 * the same game played alone, with and without signals, extended rules
 * and trumps. */
static void test_shared_tables(void **state)
{
    (void)state;
    static const char *names[] = {"long-suit", "american", "long-suit+tenace_avoid", "american+minneapolis",
                                  "long-suit-pole", "long-suit-clay", NULL, NULL, NULL, NULL};
    enum { N = sizeof names / sizeof names[0] };
    /* later leads all short-suit's ("as"): the same suit rules as american
     * for the opening lead, other ones after it */
    /* the writers return test_tmp's one buffer: each path is kept apart */
    static char paths[4][256];
    snprintf(paths[0], sizeof paths[0], "%s", write_long_suit_later("ls-as-ss.tbl", "as short-suit\n"));
    names[N - 2] = paths[0];
    /* C4 before C3: the same suit rules and card tables, but partner's low
     * return of X's suit no longer denies the master (X6 reads it) */
    snprintf(paths[1], sizeof paths[1], "%s",
             write_long_suit_later("ls-c4-first.tbl", "C1 answer(trumps:TR2,TR4,TR6 plain:LS2..LS12)\nC2a\nC2b\nC4\nC3\nC5a\n"
                                                      "C5 good(LS1..LS13)\nC6\nC7\n"));
    names[N - 1] = paths[1];
    /* long-suit's suit rules with [play] rows of its own whose actions
     * (ruff_second, discard_top) pick a card outside the suit led: a card
     * they decide is not long-suit's */
    /* long-suit's rows and Hogarth's "strong in trumps": the signals' call
     * differs where the rows are the same, so no bucket decides alike */
    snprintf(paths[2], sizeof paths[2], "%s", write_long_suit_play("ls-strong.tbl", "strong 5:1 4:2\n"));
    names[N - 4] = paths[2];
    snprintf(paths[3], sizeof paths[3], "%s",
             write_long_suit_play("ls-own-play.tbl", "MYR when pos=4 void play ruff_second\n"
                                                     "MYD when void trumps_led play discard_top(long_run)\n"));
    names[N - 3] = paths[3];
    sd_side side[N];
    const convention *conv[N];
    for (int i = 0; i < N; i++) sd_side_init(&side[i], conv[i] = open_conv(names[i]));
    sd_pair same_rows, other_strong;
    sd_pair_init(&same_rows, &side[0], &side[0]);
    sd_pair_init(&other_strong, &side[0], &side[N - 4]);
    assert_int_equal(same_rows.rows_alike, (1u << (PLAY_BUCKETS + 1)) - 1);
    assert_int_equal(other_strong.rows_alike, 1);
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_taus2);
    gen_deal g[256];
    long parted = 0;
    for (int block = 0; block < 8; block++) {
        deal_gen_block(rng, 1851, NULL, (uint64_t)block * 256, 256, g);
        for (int k = 0; k < 256; k++) {
            sd_deal d;
            deal_of(&g[k], &d);
            d.signals = k & 1;
            d.ext = k & 2 ? SD_EXT_DONE : 0;
            if (k % 7 == 6) {
                d.trump = STRAIN_NT;
                d.turnup = CARD_NONE;
            }
            for (int i = 0; i < N; i++) {
                int j = (i + 1 + k) % N;
                if (j == i) continue;
                sd_pair p;
                sd_pair_init(&p, &side[i], &side[j]);
                const sd_side *t1[2] = {&side[i], &side[j]}, *t2[2] = {&side[j], &side[i]};
                sd_result r1, r2;
                sd_dup_result r;
                assert_int_equal(sd_play(&d, t1, CARD_NONE, &r1, NULL), 0);
                assert_int_equal(sd_play(&d, t2, CARD_NONE, &r2, NULL), 0);
                assert_int_equal(sd_duplicate(&d, &p, &r), 0);
                assert_int_equal(r.x_tricks[0], r1.tricks[0]);
                assert_int_equal(r.x_tricks[1], r2.tricks[1]);
                parted += r1.tricks[0] != r2.tricks[0];
            }
        }
    }
    /* the tables do differ on many deals */
    assert_true(parted > 500);
    for (int i = 0; i < N; i++) convention_free((convention *)conv[i]);
    unlink(names[N - 4]);
    unlink(names[N - 3]);
    unlink(names[N - 2]);
    unlink(names[N - 1]);
    gsl_rng_free(rng);
}

/* The round robin agrees with the pairwise duplicates and is antisymmetric. */
static void test_round_robin(void **state)
{
    (void)state;
    load_sides();
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_taus2);
    gen_deal g[64];
    deal_gen_block(rng, 77, NULL, 0, 64, g);
    static sd_pair pairs[MAX_SIDES * MAX_SIDES];
    for (int i = 0; i < n_sides; i++)
        for (int j = 0; j < n_sides; j++) sd_pair_init(&pairs[i * n_sides + j], &sides[i], &sides[j]);
    int gain[MAX_SIDES * MAX_SIDES];
    for (int k = 0; k < 64; k++) {
        sd_deal d;
        deal_of(&g[k], &d);
        assert_int_equal(sd_round_robin(&d, pairs, n_sides, gain), 0);
        for (int i = 0; i < n_sides; i++)
            for (int j = 0; j < n_sides; j++) {
                assert_int_equal(gain[i * n_sides + j], -gain[j * n_sides + i]);
                if (i == j) continue;
                sd_dup_result r;
                assert_int_equal(sd_duplicate(&d, &pairs[i * n_sides + j], &r), 0);
                assert_int_equal(gain[i * n_sides + j], r.gain);
            }
    }
    gsl_rng_free(rng);
}

/* The game log of deal 1 of seed 1, long-suit (N-S) against american
 * (E-W), with the rule ids: byte for byte the golden file. */
static void test_golden_log(void **state)
{
    (void)state;
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_taus2);
    gen_deal g;
    deal_gen_block(rng, 1, NULL, 0, 1, &g);
    gsl_rng_free(rng);
    sd_deal d;
    deal_of(&g, &d);
    sd_side x, y;
    sd_side_init(&x, convention_builtin("long-suit"));
    sd_side_init(&y, convention_builtin("american"));
    const sd_side *side[2] = {&x, &y};
    sd_result r;
    sd_log log;
    assert_int_equal(sd_play(&d, side, CARD_NONE, &r, &log), 0);
    char got[8192];
    FILE *f = fmemopen(got, sizeof got, "w");
    assert_non_null(f);
    sd_log_print(f, &log, &r, true);
    fclose(f);
    FILE *gf = fopen("tests/data/play_golden_1.txt", "r");
    if (!gf) {
        fprintf(stderr, "%s", got);
        fail_msg("tests/data/play_golden_1.txt missing");
    }
    char want[8192];
    size_t n = fread(want, 1, sizeof want - 1, gf);
    want[n] = 0;
    fclose(gf);
    if (strcmp(got, want)) fail_msg("game log differs from the golden file:\n%s", got);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_golden_log),
        cmocka_unit_test(test_same_parts),
        cmocka_unit_test(test_shared_tables),
        cmocka_unit_test(test_round_robin),
        cmocka_unit_test(test_invariants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
