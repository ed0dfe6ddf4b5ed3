/* test_sd_game.c -- whole deals played by the single-dummy players
 * (spec/play.md): over 100,000 generated deals (10,000 under the
 * sanitizers), every card is held by its player, played once and follows
 * suit (L3), each trick goes to its winner by L4, who leads next (L2), and
 * the 13 tricks are counted (with and without the signals and the
 * extended rules); duplicate replay: swapping the conventions
 * negates every gain, and a convention against itself gains exactly 0.
 * Also the round robin, and the game log of a fixed deal against the
 * golden file tests/data/play_golden_1.txt. */
#include "testutil.h"
#include <gsl/gsl_rng.h>
#include "analyze/deal_gen.h"
#include "analyze/sd_duplicate.h"

#if defined(__SANITIZE_ADDRESS__)
#define N_DEALS 10000
#else
#define N_DEALS 100000
#endif

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
    d->deal_index = g->index;
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
        deal_gen_block(rng, 2026, (uint64_t)i, m, g);
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
            sd_dup_result xy, yx, xx;
            assert_int_equal(sd_duplicate(&d, x, y, &xy), 0);
            assert_int_equal(xy.gain, r1.tricks[0] + r2.tricks[1] - 13);
            assert_int_equal(sd_duplicate(&d, y, x, &yx), 0);
            assert_int_equal(yx.gain, -xy.gain);
            assert_int_equal(sd_duplicate(&d, x, x, &xx), 0);
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

/* The round robin agrees with the pairwise duplicates and is antisymmetric. */
static void test_round_robin(void **state)
{
    (void)state;
    load_sides();
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_taus2);
    gen_deal g[64];
    deal_gen_block(rng, 77, 0, 64, g);
    const sd_side *ptr[MAX_SIDES];
    for (int i = 0; i < n_sides; i++) ptr[i] = &sides[i];
    int gain[MAX_SIDES * MAX_SIDES];
    for (int k = 0; k < 64; k++) {
        sd_deal d;
        deal_of(&g[k], &d);
        assert_int_equal(sd_round_robin(&d, ptr, n_sides, gain), 0);
        for (int i = 0; i < n_sides; i++)
            for (int j = 0; j < n_sides; j++) {
                assert_int_equal(gain[i * n_sides + j], -gain[j * n_sides + i]);
                if (i == j) continue;
                sd_dup_result r;
                assert_int_equal(sd_duplicate(&d, ptr[i], ptr[j], &r), 0);
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
    deal_gen_block(rng, 1, 0, 1, &g);
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
        cmocka_unit_test(test_round_robin),
        cmocka_unit_test(test_invariants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
