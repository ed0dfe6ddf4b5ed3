/* test_predeal.c -- dealing with fixed cards (analyze/deal/deal_predeal.h):
 * the fixed cards are always where they were put and the turn-up is the
 * dealer's; the other cards are uniformly distributed (chi-square on the
 * seat x card counts over 100,000 deals); trumps fixed without a turn-up
 * turn up each trump as often as the exact conditional law says; the same
 * seed gives the same deals for any thread count; impossible constraints
 * are refused with a clear reason; the command line. */
#include "testutil.h"
#include <math.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_rng.h>
#include "analyze/deal/deal_gen.h"
#include "formats/hand_text.h"

#if defined(__SANITIZE_ADDRESS__)
#define N_UNIFORM 20000
#else
#define N_UNIFORM 100000
#endif

static const char *const BOOK_HAND = "leader=S:KJ8432 H:Q963 D:AK C:Q";

static hand_t hand_of(const char *text)
{
    hand_t h;
    diag_t why = {0};
    if (!hand_parse(text, &h, &why)) fail_msg("%s: %s", text, why.reason);
    return h;
}

static void predeal_of(deal_predeal *p, const char *const specs[], int n, card_t turnup, int trump)
{
    deal_predeal_init(p);
    diag_t d = {0};
    for (int i = 0; i < n; i++)
        if (!deal_predeal_add(p, specs[i], &d)) fail_msg("%s: %s", specs[i], d.reason);
    p->turnup = turnup;
    p->trump = trump;
    if (!deal_predeal_check(p, &d)) fail_msg("check: %s", d.reason);
}

/* Deals first .. first + n - 1 of seed under p, across blocks. */
static void deal_range(gsl_rng *rng, uint64_t seed, const deal_predeal *p, uint64_t first, size_t n, gen_deal *out)
{
    while (n) {
        uint64_t room = DEAL_GEN_BLOCK - first % DEAL_GEN_BLOCK;
        size_t k = n < room ? n : (size_t)room;
        deal_gen_block(rng, seed, p, first, k, out);
        first += k;
        out += k;
        n -= k;
    }
}

static void check_whole(const gen_deal *g)
{
    hand_t all = 0;
    for (int s = 0; s < 4; s++) {
        assert_int_equal(__builtin_popcountll(g->hand[s]), 13);
        assert_int_equal(all & g->hand[s], 0);
        all |= g->hand[s];
    }
    assert_int_equal(__builtin_popcountll(all), 52);
    assert_true(hand_has(g->hand[g->dealer], g->turnup));
    assert_int_equal(g->dealer, g->index & 3);
}

/* The book's hand (K01) as the leader with the H7 turned: every deal keeps
 * it, the dealer holds the H7, and the 38 other cards fall uniformly: each
 * in a seat with probability (its places left) / 38. */
static void test_fixed_and_uniform(void **state)
{
    (void)state;
    deal_predeal p;
    predeal_of(&p, &BOOK_HAND, 1, card_parse("H7"), -1);
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_taus2);
    gen_deal *g = malloc(N_UNIFORM * sizeof *g);
    assert_non_null(g);
    deal_range(rng, 1, &p, 0, N_UNIFORM, g);
    hand_t book = hand_of("S:KJ8432 H:Q963 D:AK C:Q");
    static long count[3][64]; /* relative seat (second, third, dealer) x card */
    memset(count, 0, sizeof count);
    for (int i = 0; i < N_UNIFORM; i++) {
        check_whole(&g[i]);
        int leader = seat_left(g[i].dealer);
        assert_int_equal(g[i].hand[leader], book);
        assert_int_equal(g[i].turnup, card_parse("H7"));
        for (int r = 0; r < 3; r++) {
            hand_t h = g[i].hand[(leader + 1 + r) & 3];
            for (; h; h &= h - 1) count[r][__builtin_ctzll(h)]++;
        }
    }
    /* second and third have 13 places, the dealer 12 besides the H7 */
    static const double places[3] = {13, 13, 12};
    double chi2 = 0;
    int cards = 0;
    for (int c = 0; c < 64; c++) {
        if (card_rank(c) < 2 || card_rank(c) > RANK_A || hand_has(book, (card_t)c) || c == card_parse("H7")) continue;
        cards++;
        for (int r = 0; r < 3; r++) {
            double e = N_UNIFORM * places[r] / 38;
            chi2 += (count[r][c] - e) * (count[r][c] - e) / e;
        }
        assert_int_equal(count[0][c] + count[1][c] + count[2][c], N_UNIFORM);
    }
    assert_int_equal(cards, 38);
    double pv = gsl_cdf_chisq_Q(chi2, 38 * 2);
    if (pv < 0.001) fail_msg("chi-square %.1f on 76 df: p = %.2g", chi2, pv);
    free(g);
    gsl_rng_free(rng);
}

/* Trumps fixed, no turn-up, the dealer given the A of trumps: his turn-up
 * is the A with probability 1 / E[hearts he holds] = 1 / (1 + 12*12/51) =
 * 51/195 (every hand of his and every heart in it equally likely). */
static void test_turnup_drawn_exactly(void **state)
{
    (void)state;
    static const char *const spec[] = {"dealer=H:A"};
    deal_predeal p;
    predeal_of(&p, spec, 1, CARD_NONE, SUIT_H);
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_taus2);
    gen_deal *g = malloc(N_UNIFORM * sizeof *g);
    assert_non_null(g);
    deal_range(rng, 9, &p, 0, N_UNIFORM, g);
    long ace = 0;
    for (int i = 0; i < N_UNIFORM; i++) {
        check_whole(&g[i]);
        assert_int_equal(card_suit(g[i].turnup), SUIT_H);
        assert_true(hand_has(g[i].hand[g[i].dealer], card_parse("HA")));
        ace += g[i].turnup == card_parse("HA");
    }
    double want = 51.0 / 195, sd = sqrt(want * (1 - want) / N_UNIFORM), got = (double)ace / N_UNIFORM;
    if (fabs(got - want) > 4 * sd) fail_msg("turn-up HA %.4f, expected %.4f (sd %.4f)", got, want, sd);
    free(g);
    gsl_rng_free(rng);
}

/* Compass seats stay put while the deal passes round; relative ones move. */
static void test_compass_and_relative_seats(void **state)
{
    (void)state;
    static const char *const spec[] = {"north=S:AKQ", "east=C:2"};
    deal_predeal p;
    predeal_of(&p, spec, 2, card_parse("D5"), -1);
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_taus2);
    gen_deal g[64];
    deal_range(rng, 4, &p, 4090, 64, g); /* across a block boundary */
    for (int i = 0; i < 64; i++) {
        check_whole(&g[i]);
        assert_int_equal(g[i].hand[SEAT_N] & hand_of("S:AKQ"), hand_of("S:AKQ"));
        assert_true(hand_has(g[i].hand[SEAT_E], card_parse("C2")));
        assert_true(hand_has(g[i].hand[g[i].dealer], card_parse("D5")));
    }
    gsl_rng_free(rng);
}

/* Same seed, same deals: 1 thread or 3, and a plain run is unchanged. */
typedef struct {
    uint64_t hash;
    uint64_t n;
} collect;

static bool sink(void *ctx, const gen_deal *deals, size_t n)
{
    collect *c = ctx;
    for (size_t k = 0; k < n; k++) {
        for (int s = 0; s < 4; s++) c->hash = (c->hash ^ deals[k].hand[s]) * 0x100000001b3ULL;
        c->hash = (c->hash ^ (uint64_t)deals[k].turnup) * 0x100000001b3ULL;
    }
    c->n += n;
    return true;
}

static uint64_t run_hash(const deal_predeal *p, unsigned threads)
{
    collect c = {0xcbf29ce484222325ULL, 0};
    deal_gen_opts o = {.seed = 11, .start = 100, .wanted = 20000, .threads = threads, .predeal = p,
                       .sink = sink, .ctx = &c};
    deal_gen_result res;
    assert_true(deal_gen_run(&o, &res));
    assert_int_equal(c.n, 20000);
    return c.hash;
}

static void test_threads(void **state)
{
    (void)state;
    deal_predeal p;
    predeal_of(&p, &BOOK_HAND, 1, card_parse("H7"), -1);
    uint64_t one = run_hash(&p, 1);
    assert_int_equal(run_hash(&p, 3), one);
    assert_int_equal(run_hash(&p, 2), one);
    deal_predeal none;
    deal_predeal_init(&none);
    assert_int_not_equal(run_hash(&none, 1), one);
    assert_int_equal(run_hash(&none, 3), run_hash(NULL, 1)); /* nothing fixed: the plain scheme */
}

static void test_impossible(void **state)
{
    (void)state;
    static const struct {
        const char *spec[2];
        const char *turnup;
        int trump;
        const char *reason;
    } BAD[] = {
        {{"leader=S:A", "dealer=S:A"}, NULL, -1, "SA given to both the leader and the dealer"},
        {{"north=S:AKQJT98765432 H:2", NULL}, NULL, -1, "North is given 14 cards"},
        {{"leader=H:7", NULL}, "H7", -1, "the turn-up H7 is in the leader's hand"},
        {{"north=S:AKQJT98765432", NULL}, "H2", -1, "North's 13 cards are given"},
        {{"dealer=S:AKQJT98765432", NULL}, NULL, SUIT_H, "none is left for the dealer to turn up"},
        {{NULL, NULL}, "H2", SUIT_S, "the turn-up H2 is not of spades"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        deal_predeal p;
        deal_predeal_init(&p);
        diag_t d = {0};
        bool ok = true;
        for (int k = 0; k < 2 && BAD[i].spec[k] && ok; k++) ok = deal_predeal_add(&p, BAD[i].spec[k], &d);
        if (ok) {
            p.turnup = BAD[i].turnup ? card_parse(BAD[i].turnup) : CARD_NONE;
            p.trump = BAD[i].trump;
            ok = deal_predeal_check(&p, &d);
        }
        if (ok || !strstr(d.reason, BAD[i].reason)) fail_msg("case %zu: got '%s'", i, ok ? "accepted" : d.reason);
    }
    deal_predeal p;
    deal_predeal_init(&p);
    diag_t d = {0};
    assert_false(deal_predeal_add(&p, "behind=S:A", &d));
    assert_non_null(strstr(d.reason, "expected SEAT=HAND"));
    assert_false(deal_predeal_add(&p, "leader=S:AX", &d));
    assert_true(deal_predeal_add(&p, "leader=S:A", &d));
    assert_false(deal_predeal_add(&p, "north=S:K", &d));
    assert_non_null(strstr(d.reason, "not both"));
}

static void test_cli(void **state)
{
    (void)state;
    char out[65536];
    int rc = test_run(out, sizeof out,
                      "%s deal --predeal 'leader=S:KJ8432 H:Q963 D:AK C:Q' --turnup H7 -n 8 --seed 1 -j 1 2>/dev/null",
                      test_bin());
    assert_int_equal(rc, 0);
    char again[65536];
    rc = test_run(again, sizeof again,
                  "%s deal --predeal 'leader=S:KJ8432 H:Q963 D:AK C:Q' --turnup H7 -n 8 --seed 1 -j 2 2>/dev/null",
                  test_bin());
    assert_int_equal(rc, 0);
    assert_string_equal(out, again);
    /* board 1: North deals, East leads the book's hand, North holds the H7 */
    assert_non_null(strstr(out, "e KJ8432.Q963.AK.Q s"));
    assert_non_null(strstr(out, "board 1 dealer N trump H turnup H7"));
    /* the words of the reports and the books (issue 28 item 4): the eldest
     * hand is the leader, partner the third hand, the dealer the fourth */
    rc = test_run(again, sizeof again,
                  "%s deal --predeal 'eldest=S:KJ8432 H:Q963 D:AK C:Q' --turnup H7 -n 8 --seed 1 -j 1 2>/dev/null",
                  test_bin());
    assert_int_equal(rc, 0);
    assert_string_equal(out, again);
    rc = test_run(out, sizeof out, "%s deal --predeal 'third=H:AKQJ' --predeal 'dealer=C:AK' -n 5 --seed 4 -j 1 "
                  "2>/dev/null", test_bin());
    assert_int_equal(rc, 0);
    rc = test_run(again, sizeof again, "%s deal --predeal 'partner=H:AKQJ' --predeal 'fourth=C:AK' -n 5 --seed 4 "
                  "-j 1 2>/dev/null", test_bin());
    assert_int_equal(rc, 0);
    assert_string_equal(out, again);
    rc = test_run(out, sizeof out, "%s deal -n 3 --seed 5 --where 'trumps(partner) <= 2 && trumps(fourth) >= 4 "
                  "&& trumps(eldest) == len(leader, trumps)' 2>/dev/null", test_bin());
    assert_int_equal(rc, 0);
    rc = test_run(again, sizeof again, "%s deal -n 3 --seed 5 --where 'trumps(third) <= 2 && trumps(dealer) >= 4' "
                  "2>/dev/null", test_bin());
    assert_int_equal(rc, 0);
    assert_string_equal(out, again);
    rc = test_run(out, sizeof out, "%s deal --predeal 'leader=S:A' --predeal 'dealer=S:A' -n 1 2>&1", test_bin());
    assert_int_equal(rc, 2);
    assert_non_null(strstr(out, "SA given to both the leader and the dealer"));
    rc = test_run(out, sizeof out, "%s deal -n 4 --where 'shape(leader) == \"5431\"' 2>/dev/null | wc -l", test_bin());
    assert_int_equal(rc, 0);
    assert_int_equal(atoi(out), 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fixed_and_uniform),
        cmocka_unit_test(test_turnup_drawn_exactly),
        cmocka_unit_test(test_compass_and_relative_seats),
        cmocka_unit_test(test_threads),
        cmocka_unit_test(test_impossible),
        cmocka_unit_test(test_cli),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
