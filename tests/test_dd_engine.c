/* test_dd_engine.c -- whistlab's double-dummy engine (analyze/dd/engine/)
 * gives exactly DDS's values. make check: random later positions (a random
 * whist deal, every trump suit and no-trump, any leader, then 18 to 47
 * random legal cards played: fewer cards, voids, cards of the current trick
 * already played), every card's value and the optimum against libdds
 * solving the same position; deals where every hand is void in three suits;
 * a table of one bucket (the cap) still exact; the position where partition
 * search once took a bound resting on too few ranks (and with
 * WHISTLAB_LONG=1 the whole deal it came from); a solve repeated does the
 * same work; the bounds known at the root (a trick surely lost, a lead to
 * partner's winners) and the search's size on 100 positions of 8 tricks
 * (a ceiling: the bounds rest on no more cards than they counted);
 * positions that are not positions refused. DDS's list100
 * (whole deals, seconds each for the engine today) is make check-long's.
 *
 * With an argument (a DDS test-hand file under the shared directory, e.g.
 * corpora/dds-hands/list100.txt) only the corpus check runs on it: every
 * card of the leader against the file's FUT and the optimum against its DD
 * table; with WHISTLAB_LONG=1 also every entry of each DD table (20 solves a
 * deal), then DDE_LONG_DEALS (default 100000) random whole deals and as many
 * random positions (1 to 47 cards played) card by card against libdds: that
 * is `make check-long` (a whole deal costs the engine about a second, so
 * make check keeps to later positions). Under
 * the sanitizers make check runs a quarter of them. */
#include <time.h>
#include "testutil.h"
#include "formats/reader.h"
#include "tests/dde_oracle.h"

#if defined(__SANITIZE_ADDRESS__)
#define SCALE 4 /* the sanitizer build runs about 3 times slower */
#else
#define SCALE 1
#endif

static const char *corpus_arg;
static dde_ctx *ctx;

typedef struct {
    uint64_t deals, cards, tables, mismatches;
} counts;

/* p's values from the engine and from DDS, card by card and the optimum
 * both ways (dde_values and dde_best); mismatches counted and shown. */
static void compare(const dde_position *p, counts *n, const char *what)
{
    int8_t mine[64], dds[64];
    int best_mine, best_dds, best_alone;
    assert_int_equal(dde_values(ctx, p, mine, &best_mine), DDE_OK);
    assert_int_equal(oracle_values(p, 0, dds, &best_dds), RETURN_NO_FAULT);
    assert_int_equal(dde_best(ctx, p, &best_alone), DDE_OK);
    n->deals++;
    bool bad = best_mine != best_dds || best_alone != best_dds;
    for (int c = 0; c < 64; c++) {
        if (dds[c] >= 0) n->cards++;
        if (mine[c] != dds[c]) bad = true;
    }
    if (bad) {
        n->mismatches++;
        fprintf(stderr, "%s: trumps %d, first %d, %d played:", what, p->trump, p->first, p->nplayed);
        for (int seat = 0; seat < 4; seat++) fprintf(stderr, " %016llx", (unsigned long long)p->hand[seat]);
        fprintf(stderr, "\n  best engine %d (alone %d), DDS %d\n", best_mine, best_alone, best_dds);
        for (int c = 0; c < 64; c++)
            if (mine[c] != dds[c]) {
                char cs[3];
                fprintf(stderr, "  %s: engine %d, DDS %d\n", card_format((card_t)c, cs), mine[c], dds[c]);
            }
    }
}

/* Every deal of a DDS test-hand file (at most limit; 0: all): each card of
 * the leader's hand against FUT; with tables, the optimum of each of the
 * 20 entries of the DD table (each strain, each declarer, his left leading). */
static void verify_file(const char *path, uint64_t limit, bool tables, counts *n)
{
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(path, FMT_DDS, &diag);
    assert_non_null(r);
    trump_policy policy = {.kind = TRUMP_AUTO, .leader = SEAT_NONE};
    memset(n, 0, sizeof *n);
    deal_t d, whist[4];
    while ((!limit || n->deals < limit) && deal_reader_next(r, &d, &diag) == READ_DEAL) {
        diag_t why = {0};
        assert_true(d.flags & DEAL_HAS_FUT);
        assert_int_equal(deal_apply_trump_policy(&d, &policy, whist, &why), 1);
        dde_position p;
        dde_position_of_deal(&whist[0], &p);
        int8_t v[64];
        int best;
        assert_int_equal(dde_values(ctx, &p, v, &best), DDE_OK);
        for (card_t c = 0; c < 64; c++) {
            if (!hand_has(p.hand[p.first], c)) {
                assert_int_equal(v[c], -1);
                continue;
            }
            n->cards++;
            if (v[c] != d.fut[c]) {
                char cs[3];
                fprintf(stderr, "%s:%llu: %s: engine %d, DDS FUT %d\n", path, (unsigned long long)d.pos.line,
                        card_format(c, cs), v[c], d.fut[c]);
                n->mismatches++;
            }
        }
        if (d.flags & DEAL_HAS_DDTABLE) {
            n->tables++;
            if (best != 13 - d.dd_table[p.trump][seat_right(p.first)]) n->mismatches++;
            for (int strain = 0; tables && strain < 5; strain++)
                for (int declarer = 0; declarer < 4; declarer++) {
                    dde_position q = p;
                    q.trump = (uint8_t)strain;
                    q.first = (uint8_t)seat_left(declarer);
                    assert_int_equal(dde_best(ctx, &q, &best), DDE_OK);
                    if (13 - best != d.dd_table[strain][declarer]) {
                        fprintf(stderr, "%s:%llu: table %s by %c: engine %d, DDS %d\n", path,
                                (unsigned long long)d.pos.line, STRAIN_TEXT[strain], SEAT_CHARS[declarer],
                                13 - best, d.dd_table[strain][declarer]);
                        n->mismatches++;
                    }
                }
        }
        n->deals++;
        if (corpus_arg && n->deals % 10 == 0) /* a long run shows how far it is */
            fprintf(stderr, "%s: %llu deals, %llu cards, %llu mismatches so far\n", path,
                    (unsigned long long)n->deals, (unsigned long long)n->cards, (unsigned long long)n->mismatches);
    }
    deal_reader_close(r);
}

/* deals random whole deals (seeded), card by card against DDS. */
static void random_deals(uint64_t seed, uint64_t deals, counts *n)
{
    memset(n, 0, sizeof *n);
    for (uint64_t i = 0; i < deals; i++) {
        dde_position p;
        oracle_random_deal(&seed, &p);
        compare(&p, n, "random deal");
    }
}

/* Random positions later in the play: a random deal, then from `from` to
 * 47 random legal cards played (so cards of the current trick, voids made
 * in play). */
static void random_positions(uint64_t seed, uint64_t count, int from, counts *n)
{
    memset(n, 0, sizeof *n);
    for (uint64_t i = 0; i < count; i++) {
        dde_position p;
        oracle_random_deal(&seed, &p);
        oracle_play_random(&seed, &p, from + (int)(oracle_rand(&seed) % (uint64_t)(48 - from)));
        compare(&p, n, "random position");
    }
}

static void test_random_positions_match_dds(void **state)
{
    (void)state;
    counts n;
    random_positions(2029, 600 / SCALE, 18, &n);
    assert_int_equal(n.deals, 600 / SCALE);
    assert_int_equal(n.mismatches, 0);
}

/* Each hand one whole suit (void in the three others): every trump suit,
 * no-trump and every leader; the leader's side takes all 13 tricks exactly
 * when it holds the trumps or leads at no-trump. */
static void test_four_voids(void **state)
{
    (void)state;
    counts n = {0};
    for (int trump = 0; trump <= STRAIN_NT; trump++)
        for (int first = 0; first < 4; first++) {
            dde_position p = {.trump = (uint8_t)trump, .first = (uint8_t)first};
            for (int seat = 0; seat < 4; seat++) p.hand[seat] = hand_from_suit(seat, SUIT_MASK_ALL);
            compare(&p, &n, "one suit a hand");
            int best;
            assert_int_equal(dde_best(ctx, &p, &best), DDE_OK);
            bool side_trumps = trump < 4 && (trump & 1) == (first & 1);
            assert_int_equal(best, trump == STRAIN_NT || side_trumps ? 13 : 0);
        }
    assert_int_equal(n.deals, 20);
    assert_int_equal(n.mismatches, 0);
}

/* The table's cap: a context of one bucket (256 entries) is slower, not
 * wrong; and the same solve twice does the same work. */
static void test_tiny_table_and_determinism(void **state)
{
    (void)state;
    dde_ctx *tiny = dde_open(1);
    assert_non_null(tiny);
    assert_true(dde_memory(tiny) < 16384); /* one bucket of 256 entries */
    uint64_t seed = 7;
    for (int i = 0; i < 3; i++) {
        dde_position p;
        oracle_random_deal(&seed, &p);
        oracle_play_random(&seed, &p, 20 + i);
        int8_t a[64], b[64];
        int best_a, best_b;
        assert_int_equal(dde_values(tiny, &p, a, &best_a), DDE_OK);
        assert_int_equal(oracle_values(&p, 0, b, &best_b), RETURN_NO_FAULT);
        assert_memory_equal(a, b, 64);
        assert_int_equal(best_a, best_b);
        uint64_t n0 = dde_nodes(ctx);
        assert_int_equal(dde_values(ctx, &p, a, &best_a), DDE_OK);
        uint64_t n1 = dde_nodes(ctx);
        assert_int_equal(dde_values(ctx, &p, a, &best_a), DDE_OK);
        assert_int_equal(dde_nodes(ctx) - n1, n1 - n0);
    }
    dde_close(tiny);
    assert_true(dde_memory(ctx) <= DDE_TT_BYTES_DEFAULT + 4096);
}

/* A new solve empties the table without a pass over it (a bucket is
 * emptied when first written in a new generation, dde_tt.c): a position
 * solved again after 250-258 solves of another, across a turn of the 8-bit
 * generation, costs the same work -- an entry of its first solve taken as
 * current (the generation back at the same number) would save it some. */
static void test_table_generations(void **state)
{
    (void)state;
    uint64_t seed = 11;
    dde_position p, q;
    oracle_random_deal(&seed, &p);
    oracle_play_random(&seed, &p, 36);
    oracle_random_deal(&seed, &q);
    oracle_play_random(&seed, &q, 40);
    for (int k = 250; k <= 258; k++) {
        int best[2];
        uint64_t n0 = dde_nodes(ctx);
        assert_int_equal(dde_best(ctx, &p, &best[0]), DDE_OK);
        uint64_t work = dde_nodes(ctx) - n0;
        for (int i = 0; i < k; i++) assert_int_equal(dde_best(ctx, &q, &best[1]), DDE_OK);
        n0 = dde_nodes(ctx);
        assert_int_equal(dde_best(ctx, &p, &best[1]), DDE_OK);
        assert_true(work > 10);
        assert_int_equal(dde_nodes(ctx) - n0, work);
        assert_int_equal(best[1], best[0]);
    }
}

/* p's optimum is want, DDS's too, found in at most max_nodes positions
 * visited: a bound answered it at (or next to) the root. */
static void assert_known_at_root(const dde_position *p, int want, uint64_t max_nodes)
{
    int best = -1, dds = -2;
    uint64_t n0 = dde_nodes(ctx);
    assert_int_equal(dde_best(ctx, p, &best), DDE_OK);
    assert_int_equal(best, want);
    assert_true(dde_nodes(ctx) - n0 <= max_nodes);
    assert_int_equal(oracle_best(p, 0, &dds), RETURN_NO_FAULT);
    assert_int_equal(dds, best);
}

/* The trick the side on lead surely loses (dde_bounds.c): West leads at
 * no-trump holding a spade and a heart, North holds the top of both and
 * East must follow: North-South's first trick is known without a search
 * (the value, 0 for East-West, in 4 positions visited; 6 before). */
static void test_lost_lead_known(void **state)
{
    (void)state;
    dde_position p = {.trump = STRAIN_NT, .first = SEAT_W};
    p.hand[SEAT_W] = card_bit(card_make(SUIT_S, 2)) | card_bit(card_make(SUIT_H, 2));
    p.hand[SEAT_E] = card_bit(card_make(SUIT_S, 3)) | card_bit(card_make(SUIT_H, 3));
    p.hand[SEAT_N] = card_bit(card_make(SUIT_S, RANK_A)) | card_bit(card_make(SUIT_H, RANK_A));
    p.hand[SEAT_S] = card_bit(card_make(SUIT_D, 2)) | card_bit(card_make(SUIT_D, 3));
    assert_known_at_root(&p, 0, 4);
}

/* The sure tricks through partner's entry (dde_bounds.c): West leads a
 * low spade to East's ace, South cannot ruff it (no trump), and East then
 * cashes the ace of trumps: East-West's two tricks are known at the root
 * without a search. */
static void test_entry_to_partner_known(void **state)
{
    (void)state;
    dde_position p = {.trump = SUIT_H, .first = SEAT_W};
    p.hand[SEAT_W] = card_bit(card_make(SUIT_S, 2)) | card_bit(card_make(SUIT_D, 2));
    p.hand[SEAT_E] = card_bit(card_make(SUIT_S, RANK_A)) | card_bit(card_make(SUIT_H, RANK_A));
    p.hand[SEAT_N] = card_bit(card_make(SUIT_S, 3)) | card_bit(card_make(SUIT_C, RANK_A));
    p.hand[SEAT_S] = card_bit(card_make(SUIT_D, RANK_A)) | card_bit(card_make(SUIT_C, 2));
    assert_known_at_root(&p, 2, 2);
}

/* The bounds rest on the cards they counted and no more (a run of top
 * cards on its cards, not on the card below that stops it; only as many
 * tricks as the question needs), so their answers feed wider table
 * entries: 100 random positions of 8 tricks, each optimum as DDS's, in at
 * most 850,000 positions visited (1,046,484 when the bounds rested on
 * every top card of every suit and the opponents' highest card). */
static void test_search_size(void **state)
{
    (void)state;
    uint64_t seed = 11, visited = 0;
    for (int i = 0; i < 100; i++) {
        dde_position p;
        oracle_random_deal(&seed, &p);
        oracle_play_random(&seed, &p, 20);
        int best = -1, dds = -2;
        uint64_t n0 = dde_nodes(ctx);
        assert_int_equal(dde_best(ctx, &p, &best), DDE_OK);
        visited += dde_nodes(ctx) - n0;
        assert_int_equal(oracle_best(&p, 0, &dds), RETURN_NO_FAULT);
        assert_int_equal(best, dds);
    }
    printf("search size: 100 positions of 8 tricks, %llu positions visited\n", (unsigned long long)visited);
    assert_true(visited <= 850000);
}

static void test_bad_positions_refused(void **state)
{
    (void)state;
    uint64_t seed = 1;
    dde_position p, q;
    oracle_random_deal(&seed, &p);
    int8_t v[64];
    int best;
    q = p;
    q.hand[1] |= q.hand[0] & (0 - q.hand[0]); /* a card in two hands */
    assert_int_equal(dde_values(ctx, &q, v, &best), DDE_BAD_POSITION);
    assert_int_equal(v[hand_lowest(p.hand[0])], -1);
    q = p;
    q.hand[2] &= q.hand[2] - 1; /* 12 cards against 13 */
    assert_int_equal(dde_best(ctx, &q, &best), DDE_BAD_POSITION);
    q = p;
    q.trump = 5;
    assert_int_equal(dde_check(&q), DDE_BAD_POSITION);
    q = p;
    q.nplayed = 1; /* played card still in a hand */
    q.played[0] = hand_lowest(p.hand[p.first]);
    assert_int_equal(dde_check(&q), DDE_BAD_POSITION);
    q.hand[p.first] &= ~card_bit(q.played[0]);
    assert_int_equal(dde_check(&q), DDE_OK);
    memset(&q, 0, sizeof q); /* no card left */
    assert_int_equal(dde_check(&q), DDE_BAD_POSITION);
}

/* Deal 7 of bench_dd_engine (seed 29; clubs trumps, North leads), DDS's
 * values of the leads that partition search once got wrong: the heart two,
 * seven, nine and ten take 4 tricks, not 3. */
static void check_bench_deal_7(void)
{
    uint64_t seed = 29;
    dde_position p;
    for (int i = 0; i <= 7; i++) oracle_random_deal(&seed, &p);
    int8_t v[64];
    int best;
    assert_int_equal(dde_values(ctx, &p, v, &best), DDE_OK);
    assert_int_equal(p.trump, SUIT_C);
    assert_int_equal(p.first, SEAT_N);
    for (int r = 2; r <= RANK_A; r++)
        if (hand_has(p.hand[SEAT_N], card_make(SUIT_H, r))) assert_int_equal(v[card_make(SUIT_H, r)], 4);
    counts n = {0};
    compare(&p, &n, "bench_dd_engine seed 29, deal 7");
    assert_int_equal(n.mismatches, 0);
}

/* The fewest cards at which that deal's wrong value still showed, walking
 * its play with DDS's best cards (23 cards; clubs trumps, East led the
 * diamond four, South to play). In its search a hand's every card failed,
 * one tried for each group of equal cards; the entry stored rested on the
 * ranks above a group's lowest card only and answered a position where that
 * group splits (another seat's card between), where the untried card does
 * better. South's D9 and D10 take 2 of the 6 tricks left, not 1. */
static void test_partition_split_group(void **state)
{
    (void)state;
    dde_position p = {.trump = SUIT_C, .first = SEAT_E, .nplayed = 1,
                      .played = {card_make(SUIT_D, 4)},
                      .hand = {0x0000014034000200ULL, 0x2000008040005000ULL, 0x0000060800002084ULL,
                               0x0000402009400400ULL}};
    assert_int_equal(dde_check(&p), DDE_OK);
    int8_t v[64];
    int best;
    assert_int_equal(dde_values(ctx, &p, v, &best), DDE_OK);
    assert_int_equal(v[card_make(SUIT_D, 3)], 1);
    assert_int_equal(v[card_make(SUIT_D, 9)], 2);
    assert_int_equal(v[card_make(SUIT_D, RANK_T)], 2);
    assert_int_equal(best, 2);
    counts n = {0};
    compare(&p, &n, "split group");
    assert_int_equal(n.mismatches, 0);
}

/* With a file: its FUT and the leader's DD table entry (and with
 * WHISTLAB_LONG=1 all 20 entries of each table); then, with WHISTLAB_LONG=1,
 * the long random comparisons of whole deals and later positions. */
static void test_long_runs(void **state)
{
    (void)state;
    counts n;
    clock_t t0 = clock();
    verify_file(test_shared(corpus_arg), 0, test_long(), &n);
    printf("%s: %llu deals, %llu cards against FUT, %llu DD tables (%s): %llu mismatches (%.1f s CPU)\n",
           corpus_arg, (unsigned long long)n.deals, (unsigned long long)n.cards, (unsigned long long)n.tables,
           test_long() ? "20 entries each" : "the leader's entry", (unsigned long long)n.mismatches,
           (double)(clock() - t0) / CLOCKS_PER_SEC);
    fflush(stdout);
    assert_true(n.deals > 0);
    assert_int_equal(n.mismatches, 0);
    if (!test_long()) return;
    t0 = clock();
    check_bench_deal_7();
    printf("bench_dd_engine seed 29, deal 7: every lead as DDS's (%.1f s CPU)\n",
           (double)(clock() - t0) / CLOCKS_PER_SEC);
    const char *env = getenv("DDE_LONG_DEALS");
    uint64_t deals = env && *env ? strtoull(env, NULL, 10) : 100000;
    t0 = clock();
    random_deals(20261128, deals, &n);
    printf("random whist deals: %llu deals, %llu cards against libdds: %llu mismatches (%.1f s CPU)\n",
           (unsigned long long)n.deals, (unsigned long long)n.cards, (unsigned long long)n.mismatches,
           (double)(clock() - t0) / CLOCKS_PER_SEC);
    assert_int_equal(n.mismatches, 0);
    t0 = clock();
    random_positions(20261129, deals, 1, &n);
    printf("random later positions: %llu, %llu cards against libdds: %llu mismatches (%.1f s CPU)\n",
           (unsigned long long)n.deals, (unsigned long long)n.cards, (unsigned long long)n.mismatches,
           (double)(clock() - t0) / CLOCKS_PER_SEC);
    assert_int_equal(n.mismatches, 0);
}

static int setup(void **state)
{
    (void)state;
    if (!dd_init(DD_ENGINE_DDS)) return -1;
    ctx = dde_open(0);
    return ctx ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    dde_close(ctx);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        corpus_arg = argv[1];
        const struct CMUnitTest tests[] = {cmocka_unit_test(test_long_runs)};
        return cmocka_run_group_tests(tests, setup, teardown);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_positions_refused),
        cmocka_unit_test(test_four_voids),
        cmocka_unit_test(test_lost_lead_known),
        cmocka_unit_test(test_entry_to_partner_known),
        cmocka_unit_test(test_search_size),
        cmocka_unit_test(test_partition_split_group),
        cmocka_unit_test(test_tiny_table_and_determinism),
        cmocka_unit_test(test_table_generations),
        cmocka_unit_test(test_random_positions_match_dds),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
