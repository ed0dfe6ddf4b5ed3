/* test_deal_gen.c -- `whistlab deal`: the documented seeding and shuffling
 * scheme re-derived independently, the same deals for any thread count,
 * start and run, the whist dealing (rotation, turn-up), the statistics of
 * 1,000,000 deals against the exact probabilities (chi-square), and the
 * --where language. */
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sf_gamma.h>
#include "testutil.h"
#include "analyze/deal/deal_filter.h"
#include "analyze/deal/deal_gen.h"
#include "formats/wda.h"

static char out[1 << 16];

/* --- the scheme of deal_gen.h, written again from its description --- */

static uint64_t ref_splitmix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint32_t ref_fmix32(uint32_t h)
{
    h ^= h >> 16;
    h *= 0x85ebca6bU;
    h ^= h >> 13;
    h *= 0xc2b2ae35U;
    h ^= h >> 16;
    return h;
}

/* Deal i of seed: J uniform in [0, P) by multiply-and-reject, its
 * mixed-radix digits (most significant first) the Fisher-Yates positions. */
static void ref_deal(gsl_rng *rng, uint64_t i, hand_t hand[4], int *dealer, card_t *turnup)
{
    int pack[52];
    for (int k = 0; k < 52; k++) pack[k] = k;
    for (int top = 52; top >= 2; top -= 4) {
        int k = top >= 5 ? 4 : top - 1;
        uint64_t prod = 1;
        for (int g = 0; g < k; g++) prod *= (uint64_t)(top - g);
        uint64_t J;
        for (;;) {
            uint64_t t = (uint64_t)gsl_rng_get(rng) * prod;
            J = t >> 32;
            if ((t & 0xffffffffULL) >= (1ULL << 32) % prod) break;
        }
        for (int g = 0; g < k; g++) {
            uint64_t below = 1;
            for (int h = g + 1; h < k; h++) below *= (uint64_t)(top - h);
            int j = (int)(J / below);
            J %= below;
            int m = top - g, t = pack[m - 1];
            pack[m - 1] = pack[j];
            pack[j] = t;
        }
    }
    *dealer = (int)(i % 4);
    for (int s = 0; s < 4; s++) hand[s] = 0;
    for (int k = 0; k < 52; k++)
        hand[(*dealer + 1 + k) % 4] |= card_bit(card_make(pack[k] / 13, pack[k] % 13 + 2));
    *turnup = card_make(pack[51] / 13, pack[51] % 13 + 2);
}

static void test_scheme_matches_its_description(void **state)
{
    (void)state;
    gsl_rng *ref = gsl_rng_alloc(gsl_rng_taus2), *rng = gsl_rng_alloc(gsl_rng_taus2);
    static gen_deal g[DEAL_GEN_BLOCK];
    const uint64_t seed = 42;
    for (uint64_t block = 0; block < 3; block++) {
        assert_int_equal(deal_gen_block_seed(seed, block),
                         ref_fmix32((uint32_t)(ref_splitmix64(seed) + block)));
        gsl_rng_set(ref, deal_gen_block_seed(seed, block));
        deal_gen_block(rng, seed, NULL, block * DEAL_GEN_BLOCK, DEAL_GEN_BLOCK, g);
        for (int k = 0; k < DEAL_GEN_BLOCK; k++) {
            hand_t hand[4];
            int dealer;
            card_t turnup;
            ref_deal(ref, block * DEAL_GEN_BLOCK + (uint64_t)k, hand, &dealer, &turnup);
            assert_int_equal(g[k].index, block * DEAL_GEN_BLOCK + (uint64_t)k);
            assert_memory_equal(g[k].hand, hand, sizeof hand);
            assert_int_equal(g[k].dealer, dealer);
            assert_int_equal(g[k].turnup, turnup);
        }
    }
    /* a range inside a block is the same deals */
    deal_gen_block(rng, seed, NULL, DEAL_GEN_BLOCK + 100, 5, g);
    gsl_rng_set(ref, deal_gen_block_seed(seed, 1));
    for (int k = 0; k < 105; k++) {
        hand_t hand[4];
        int dealer;
        card_t turnup;
        ref_deal(ref, DEAL_GEN_BLOCK + (uint64_t)k, hand, &dealer, &turnup);
        if (k >= 100) assert_memory_equal(g[k - 100].hand, hand, sizeof hand);
    }
    gsl_rng_free(ref);
    gsl_rng_free(rng);
}

/* Seed 42 gives these deals on every machine, in every version. */
static void test_seed_42_deals(void **state)
{
    (void)state;
    int rc = test_run(out, sizeof out, "%s deal -n 2 --seed 42 2>/dev/null", test_bin());
    assert_int_equal(rc, 0);
    assert_string_equal(out,
        "n T.QT62.AJ875.A98 e AQ7652.J84.K96.T s J9.K97.T.KQ76432 w K843.A53.Q432.J5 "
        "board 1 dealer N trump H turnup H2\n"
        "n KQJ.T8.AQT9.QJT5 e 8642.AQ974.52.42 s T9.2.KJ7643.K963 w A753.KJ653.8.A87 "
        "board 2 dealer E trump S turnup S2\n");
}

/* --- runs: a digest of what the sink receives --- */

typedef struct {
    uint64_t digest, n, last_index;
    uint64_t from;   /* deals before this index are passed over */
    bool ordered;
} digest_sink;

static bool take(void *ctx, const gen_deal *deals, size_t n)
{
    digest_sink *s = ctx;
    for (size_t k = 0; k < n; k++) {
        if (deals[k].index < s->from) continue;
        if (s->n && deals[k].index <= s->last_index) s->ordered = false;
        s->last_index = deals[k].index;
        uint64_t h = s->digest ^ deals[k].index;
        for (int p = 0; p < 4; p++) h = ref_splitmix64(h ^ deals[k].hand[p]);
        s->digest = ref_splitmix64(h ^ deals[k].turnup);
        s->n++;
    }
    return true;
}

static digest_sink run(uint64_t start, uint64_t wanted, unsigned threads, const deal_filter *f)
{
    digest_sink s = {.ordered = true, .from = start};
    deal_gen_opts o = {.seed = 7, .start = start, .wanted = wanted, .threads = threads,
                       .filter = f, .max_dealt = 10000000, .sink = take, .ctx = &s};
    deal_gen_result res;
    assert_true(deal_gen_run(&o, &res));
    assert_int_equal(res.kept, s.n);
    assert_true(s.ordered);
    return s;
}

static void test_same_deals_for_any_thread_count(void **state)
{
    (void)state;
    diag_t why = {0};
    deal_filter *f = deal_filter_compile("trumps(leader) >= 4", &why);
    assert_non_null(f);
    digest_sink one = run(1000, 30000, 1, NULL), onef = run(1000, 3000, 1, f);
    assert_int_equal(one.n, 30000);
    assert_int_equal(onef.n, 3000);
    for (unsigned t = 2; t <= 5; t++) {
        assert_true(run(1000, 30000, t, NULL).digest == one.digest);
        assert_true(run(1000, 3000, t, f).digest == onef.digest);
    }
    /* the stream from 0, cut at 1000, is the stream from 1000 (--skip) */
    digest_sink whole = {.ordered = true, .from = 1000};
    deal_gen_opts o = {.seed = 7, .wanted = 31000, .threads = 2, .sink = take, .ctx = &whole};
    deal_gen_result res;
    assert_true(deal_gen_run(&o, &res));
    assert_int_equal(res.dealt, 31000);
    assert_int_equal(whole.n, 30000);
    assert_true(whole.digest == one.digest);
    deal_filter_free(f);

    /* as users run it: the same .wda records whatever -j */
    char a[256], b[256];
    snprintf(a, sizeof a, "%s", test_tmp("j1.wda"));
    snprintf(b, sizeof b, "%s", test_tmp("j2.wda"));
    /* the records and block CRCs: 20000 * 16 + 5 * 4 bytes at the end */
    int rc = test_run(out, sizeof out, "%s deal -n 20000 --seed 3 -j 1 -o %s 2>&1 && "
                      "%s deal -n 20000 --seed 3 -j 2 -o %s 2>&1 && tail -c 320020 %s > %s.d && "
                      "tail -c 320020 %s > %s.d && cmp %s.d %s.d && echo SAME && rm %s.d %s.d",
                      test_bin(), a, test_bin(), b, a, a, b, b, a, b, a, b);
    if (rc != 0 || !strstr(out, "SAME")) fail_msg("%s", out);
    unlink(a);
    unlink(b);
}

/* Whist dealing: North deals board 1, the deal passes left, the turn-up is
 * the dealer's and fixes trumps. */
static void test_whist_dealing(void **state)
{
    (void)state;
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_taus2);
    static gen_deal g[DEAL_GEN_BLOCK];
    deal_gen_block(rng, 1, NULL, 0, DEAL_GEN_BLOCK, g);
    deal_t d;
    deal_clear(&d);
    diag_t why = {0};
    for (int k = 0; k < DEAL_GEN_BLOCK; k++) {
        deal_gen_to_deal(&g[k], (uint32_t)k + 1, &d);
        assert_true(deal_validate(&d, &why));
        assert_int_equal(d.dealer, k % 4);
        assert_int_equal(d.leader, (k + 1) % 4);
        assert_true(hand_has(d.hand[d.dealer], d.turnup));
        assert_int_equal(d.strain, card_suit(d.turnup));
    }
    gsl_rng_free(rng);
}

/* --- statistics of 1,000,000 deals --- */

typedef struct {
    double expect[64];
    uint64_t seen[64];
    int n;
} bins;

/* Chi-square p-value after pooling the bins expected fewer than 5 times. */
static double chi_square_p(const bins *b, double total)
{
    double chi = 0, pooled_e = 0, pooled_o = 0;
    int used = 0, smallest = -1;
    for (int i = 0; i < b->n; i++) {
        double e = b->expect[i] * total;
        if (e < 5) {
            pooled_e += e;
            pooled_o += (double)b->seen[i];
            continue;
        }
        if (smallest < 0 || e < b->expect[smallest] * total) smallest = i;
        chi += ((double)b->seen[i] - e) * ((double)b->seen[i] - e) / e;
        used++;
    }
    if (pooled_e >= 5) {
        chi += (pooled_o - pooled_e) * (pooled_o - pooled_e) / pooled_e;
        used++;
    } else if (pooled_e > 0) { /* into the smallest bin */
        double e = b->expect[smallest] * total, o = (double)b->seen[smallest];
        chi -= (o - e) * (o - e) / e;
        e += pooled_e;
        o += pooled_o;
        chi += (o - e) * (o - e) / e;
    }
    return gsl_cdf_chisq_Q(chi, used - 1);
}

static double choose(int n, int k) { return gsl_sf_choose((unsigned)n, (unsigned)k); }

typedef struct {
    bins pattern, length, dealer_trumps, turnup_rank;
    int pattern_of[14][14][14]; /* sorted a >= b >= c (d = 13 - a - b - c) -> bin */
} stats;

static void stats_init(stats *s)
{
    memset(s, 0, sizeof *s);
    double hands = choose(52, 13);
    for (int a = 13; a >= 0; a--)
        for (int b = a; b >= 0; b--)
            for (int c = b; c >= 0; c--) {
                int d = 13 - a - b - c;
                if (d < 0 || d > c) continue;
                int len[4] = {a, b, c, d}, perms = 24;
                /* 4! over the factorials of equal lengths */
                int run = 1;
                for (int i = 1; i <= 4; i++) {
                    if (i < 4 && len[i] == len[i - 1]) {
                        run++;
                        continue;
                    }
                    for (int f = 2; f <= run; f++) perms /= f;
                    run = 1;
                }
                s->pattern_of[a][b][c] = s->pattern.n;
                s->pattern.expect[s->pattern.n++] =
                    perms * choose(13, a) * choose(13, b) * choose(13, c) * choose(13, d) / hands;
            }
    for (int k = 0; k <= 13; k++) {
        double p = choose(13, k) * choose(39, 13 - k) / hands;
        s->length.expect[k] = p;
        /* the turn-up is a random card of the dealer's: his trump length is
         * k with probability 4 P(k) k / 13 */
        s->dealer_trumps.expect[k] = 4 * p * k / 13;
    }
    s->length.n = s->dealer_trumps.n = 14;
    s->turnup_rank.n = 13;
    for (int r = 0; r < 13; r++) s->turnup_rank.expect[r] = 1.0 / 13;
}

static bool tally(void *ctx, const gen_deal *deals, size_t n)
{
    stats *s = ctx;
    for (size_t k = 0; k < n; k++) {
        const gen_deal *g = &deals[k];
        int len[4];
        for (int suit = 0; suit < 4; suit++) len[suit] = hand_suit_len(g->hand[SEAT_N], suit);
        for (int i = 1; i < 4; i++) /* sort descending */
            for (int j = i; j > 0 && len[j] > len[j - 1]; j--) {
                int t = len[j];
                len[j] = len[j - 1];
                len[j - 1] = t;
            }
        s->pattern.seen[s->pattern_of[len[0]][len[1]][len[2]]]++;
        s->length.seen[hand_suit_len(g->hand[SEAT_E], SUIT_S)]++;
        s->dealer_trumps.seen[hand_suit_len(g->hand[g->dealer], card_suit(g->turnup))]++;
        s->turnup_rank.seen[card_rank(g->turnup) - 2]++;
    }
    return true;
}

static void test_million_deals_match_exact_probabilities(void **state)
{
    (void)state;
    static stats s;
    stats_init(&s);
    assert_int_equal(s.pattern.n, 39);
    double sum = 0;
    for (int i = 0; i < s.pattern.n; i++) sum += s.pattern.expect[i];
    assert_true(sum > 1 - 1e-12 && sum < 1 + 1e-12);
    deal_gen_opts o = {.seed = 2024, .wanted = 1000000, .threads = 2, .sink = tally, .ctx = &s};
    deal_gen_result res;
    assert_true(deal_gen_run(&o, &res));
    assert_int_equal(res.kept, 1000000);
    const struct { const char *name; const bins *b; } tests[] = {
        {"hand patterns of North", &s.pattern},
        {"spade length of East", &s.length},
        {"dealer's trump length", &s.dealer_trumps},
        {"turn-up rank", &s.turnup_rank},
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        double p = chi_square_p(tests[i].b, 1e6);
        print_message("%s: chi-square p = %.4f\n", tests[i].name, p);
        if (!(p > 0.001)) fail_msg("%s: p = %g", tests[i].name, p);
    }
    /* 4-4-3-2 is the commonest pattern: 21.55% */
    int b4432 = s.pattern_of[4][4][3];
    assert_true(s.pattern.expect[b4432] > 0.2155 && s.pattern.expect[b4432] < 0.2156);
}

/* --- the --where language --- */

static void make_hands(hand_t hand[4], const char *text[4])
{
    for (int seat = 0; seat < 4; seat++) {
        hand[seat] = 0;
        int suit = 0;
        for (const char *p = text[seat]; *p; p++) {
            if (*p == '.') suit++;
            else hand[seat] |= card_bit(card_make(suit, rank_from_char(*p)));
        }
    }
}

static void test_filter_language(void **state)
{
    (void)state;
    /* dealer W, so North leads; hearts are trumps */
    static const char *text[4] = {"AKQ876.K6.J8.T92", "T3.J95.AT764.Q84", "54.T832.KQ9.A765",
                                  "J92.AQ74.532.KJ3"};
    hand_t hand[4];
    make_hands(hand, text);
    const int dealer = SEAT_W, strain = SUIT_H;
    static const struct { const char *expr; bool match; } cases[] = {
        {"trumps(leader) == 2", true},
        {"longest(leader) == 6 && shortest(leader) == 2", true},
        {"holds(leader, \"AKQ\", longest_suit)", true},
        {"holds(leader, \"AKQJ\", longest_suit)", false},
        {"trumps(leader) >= 5 && longest(leader) >= 5 && holds(leader, \"AKQ\", longest_suit)", false},
        {"hcp(leader) == 13", true},           /* AKQ = 9, K = 3, J = 1 */
        {"hcp(north, spades) == 9", true},
        {"honours(dealer) == 2", true},        /* A and Q of hearts */
        {"honors(third) == 0", true},
        {"count(second, \"AKQJT\", diamonds) == 2", true},
        {"len(east, diamonds) == 5", true},
        {"length(dealer, clubs) + len(dealer, spades) == 6", true},
        {"!(hcp(second) > 10) || trumps(dealer) > 3", true},
        {"!trumps(leader) >= 5", true},
        {"holds(third, \"5\", shortest_suit)", true},  /* spades 54 */
        {"holds(third, \"A\", longest_suit)", true},   /* clubs A765, as long as hearts */
        {"holds(third, \"T\", longest_suit)", true},   /* hearts T832 */
        {"holds(third, \"AT\", longest_suit)", false}, /* not both in one suit */
        {"(trumps(leader) - trumps(second)) == 0 - 1", true},
        {"3", true},
        {"0", false},
    };
    diag_t why = {0};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        deal_filter *f = deal_filter_compile(cases[i].expr, &why);
        if (!f) fail_msg("%s: %s", cases[i].expr, why.reason);
        if (deal_filter_match(f, hand, dealer, strain) != cases[i].match)
            fail_msg("%s: expected %d", cases[i].expr, cases[i].match);
        deal_filter_free(f);
    }
    static const struct { const char *expr, *why; } errors[] = {
        {"trumps(leader) >=", "column 18: the expression ends too early"},
        {"trumps(lead) > 3", "column 8: expected a seat (leader or eldest, second, third or partner, dealer "
                             "or fourth, north, east, south, west)"},
        {"holds(leader, \"AKX\", trumps)", "column 15: 'X' is not a rank (AKQJT98765432)"},
        {"len(leader, hearts", "column 19: expected ')' after the arguments"},
        {"trumps(leader) > 3 )", "column 20: unexpected ')' after the expression"},
        {"points(leader) $ 3", "column 16: unexpected '$' after the expression"},
        {"3 > (", "column 6: the expression ends too early"},
        {"3 > *", "column 5: expected a number, a function or '(', found '*'"},
        {"size(leader)", "column 1: unknown name 'size' (functions: len, trumps, longest, shortest, "
                         "hcp, honours, count, holds, shape, pattern)"},
    };
    for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++) {
        deal_filter *f = deal_filter_compile(errors[i].expr, &why);
        assert_null(f);
        if (strcmp(why.reason, errors[i].why) != 0) fail_msg("%s: got \"%s\"", errors[i].expr, why.reason);
    }
}

/* A filtered run keeps only what passes, numbered 1, 2, 3...; the CLI
 * tells how many were dealt. */
static void test_filtered_corpus(void **state)
{
    (void)state;
    char path[256];
    snprintf(path, sizeof path, "%s", test_tmp("lead.wda"));
    int rc = test_run(out, sizeof out, "%s deal -n 2000 --seed 11 -o %s --where "
                      "'trumps(leader) >= 5 && longest(leader) >= 5 && holds(leader, \"AKQ\", "
                      "longest_suit)' 2>&1", test_bin(), path);
    if (rc != 0) fail_msg("%s", out);
    assert_non_null(strstr(out, "deal: 2000 deals (seed 11) written to"));
    diag_t why = {0};
    deal_filter *f = deal_filter_compile("trumps(leader) >= 5 && holds(leader, \"AKQ\", longest_suit)", &why);
    diag_t diag = {0};
    wda_file *w = wda_open(path, &diag);
    assert_non_null(w);
    assert_int_equal(wda_file_count(w), 2000);
    assert_int_equal(wda_file_header(w)->generator, WDA_GENERATOR_DEAL);
    assert_int_equal(wda_file_header(w)->seed, 11);
    assert_int_equal(wda_file_header(w)->flags, WDA_FLAG_FILTERED);
    assert_non_null(strstr(wda_file_header(w)->note, "--where"));
    for (uint64_t b = 0; b < wda_file_blocks(w); b++) {
        uint64_t first;
        size_t n;
        const uint8_t *recs = wda_block(w, b, &first, &n, &diag);
        assert_non_null(recs);
        for (size_t k = 0; k < n; k++) {
            deal_t d;
            assert_true(wda_record_unpack(recs + k * WDA_RECORD_BYTES, first + k, 0, &d, &why));
            assert_int_equal(d.board, first + k + 1);
            assert_true(deal_filter_match(f, d.hand, d.dealer, d.strain));
            assert_true(hand_suit_len(d.hand[d.leader], d.strain) >= 5);
        }
    }
    wda_close(w);
    deal_filter_free(f);
    /* a condition no deal meets stops at --max-dealt, and says so */
    rc = test_run(out, sizeof out, "%s deal -n 5 --where 'trumps(leader) > 13' --max-dealt 50000 "
                  "-o %s 2>&1", test_bin(), path);
    assert_int_equal(rc, 1);
    assert_non_null(strstr(out, "only 0 of the 5 deals asked for met --where within --max-dealt 50000"));
    rc = test_run(out, sizeof out, "%s deal --where 'trumps(x)' 2>&1", test_bin());
    assert_int_equal(rc, 2);
    assert_non_null(strstr(out, "--where: column 8: expected a seat"));
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scheme_matches_its_description),
        cmocka_unit_test(test_seed_42_deals),
        cmocka_unit_test(test_same_deals_for_any_thread_count),
        cmocka_unit_test(test_whist_dealing),
        cmocka_unit_test(test_million_deals_match_exact_probabilities),
        cmocka_unit_test(test_filter_language),
        cmocka_unit_test(test_filtered_corpus),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
