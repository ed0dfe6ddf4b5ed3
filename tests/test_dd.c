/* test_dd.c -- the double-dummy layer: every card's value from one DDS
 * solve must equal DDS's own expected values in its test hands (FUT lines)
 * and agree with their DD tables, also when each card is valued by
 * solutions=1 searches (dd_solve_cards); the dd-best tie-break (analyze/lead/RULES.md Q18);
 * DDS errors; the worker pool's in-order results for any thread count.
 *
 * With an argument (a DDS test-hand file under the shared directory, e.g.
 * corpora/dds-hands/list1000.txt) only the corpus check runs, on that file:
 * that is `make check-long`. */
#include <time.h>
#include "testutil.h"
#include "analyze/dd/dd_pool.h"
#include "analyze/replay/replay.h"
#include "formats/reader.h"

static const char *corpus_arg; /* NULL: list100 */

typedef struct {
    uint64_t deals, cards, nt_deals, tables, mismatches;
} verify_counts;

/* The solver of the in-process solves here: DDS, its thread 0 (no table of
 * the own engine to close). */
static dd_solver dds0 = {.engine = DD_ENGINE_DDS, .thread = 0};

/* Solves every deal of a DDS test-hand file on the pool and compares each
 * card of the leader's hand with the file's FUT value, and the best lead
 * with the TABLE entry of the leader's right-hand opponent (the declarer
 * in DDS's terms: leader's side best = 13 - declarer's tricks). */
/* by_card: every card valued by dd_solve_cards (one solutions=1 search,
 * then one after each card not equal to the best), on the calling thread,
 * for at most limit deals (0: all), in place of one solutions=3 solve. */
static void verify_file(const char *path, int threads, verify_counts *n, bool by_card, uint64_t limit)
{
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(path, FMT_DDS, &diag);
    if (!r) fprintf(stderr, "%s:%llu: %s\n", diag.file, (unsigned long long)diag.line, diag.reason);
    assert_non_null(r);
    dd_pool *pool = dd_pool_open(DD_ENGINE_DDS, threads, 32, NULL, NULL);
    assert_non_null(pool);
    trump_policy policy = {.kind = TRUMP_AUTO, .leader = SEAT_NONE};
    memset(n, 0, sizeof *n);
    bool more = true;
    while (more || dd_pool_pending(pool)) {
        dd_job *job = more ? dd_pool_claim(pool) : NULL;
        if (job) {
            deal_t d, whist[4];
            diag_t why = {0};
            read_status st = limit && n->deals + (uint64_t)dd_pool_pending(pool) >= limit ? READ_EOF
                                                                                           : deal_reader_next(r, &d, &diag);
            if (st == READ_EOF) {
                more = false;
                continue;
            }
            assert_int_equal(st, READ_DEAL);
            assert_true(d.flags & DEAL_HAS_FUT);
            assert_int_equal(deal_apply_trump_policy(&d, &policy, whist, &why), 1);
            assert_int_equal(whist[0].leader, d.leader); /* DDS's `first` stays the leader */
            job->deal = whist[0];
            job->solve = !by_card;
            dd_pool_submit(pool);
            continue;
        }
        job = dd_pool_oldest(pool);
        const deal_t *d = &job->deal;
        if (by_card) {
            card_t all[13];
            int k = 0, best;
            for (card_t c = 0; c < 64; c++)
                if (hand_has(d->hand[d->leader], c)) all[k++] = c;
            job->rc = dd_solve_cards(&dds0, d, all, k, &job->leads, &best, NULL);
            assert_int_equal(best, dd_best_tricks(&job->leads));
        }
        assert_int_equal(job->rc, DD_OK);
        hand_t hand = d->hand[d->leader];
        for (card_t c = 0; c < 64; c++) {
            if (hand_has(hand, c)) {
                n->cards++;
                if (job->leads.tricks[c] != d->fut[c]) {
                    char cs[3];
                    fprintf(stderr, "%s:%llu: %s: whistlab %d, DDS FUT %d\n", d->pos.file,
                            (unsigned long long)d->pos.line, card_format(c, cs),
                            job->leads.tricks[c], d->fut[c]);
                    n->mismatches++;
                }
            } else {
                assert_int_equal(job->leads.tricks[c], -1);
            }
        }
        if (d->flags & DEAL_HAS_DDTABLE) {
            n->tables++;
            int declarer_tricks = d->dd_table[d->strain][seat_right(d->leader)];
            if (dd_best_tricks(&job->leads) != 13 - declarer_tricks) n->mismatches++;
        }
        n->nt_deals += d->strain == STRAIN_NT;
        n->deals++;
        dd_pool_retire(pool);
    }
    dd_pool_close(pool);
    deal_reader_close(r);
}

/* The first 25 deals of list100, 10 of them no trumps (make check-long
 * compares every deal of list1000, both ways). */
static void test_list100_matches_dds(void **state)
{
    (void)state;
    verify_counts n;
    const uint64_t deals = 25;
    verify_file(test_shared("corpora/dds-hands/list100.txt"), 0, &n, false, deals);
    assert_int_equal(n.deals, deals);
    assert_int_equal(n.cards, 13 * deals);
    assert_int_equal(n.tables, deals);
    assert_int_equal(n.nt_deals, 10); /* solved as no trumps (DDS strain 4) */
    assert_int_equal(n.mismatches, 0);
}

/* The fewer-searches path (replay --eval dd without all the leads) values
 * every card as DDS's solutions=3 does: 10 deals of list100, every card. */
static void test_by_card_matches_dds(void **state)
{
    (void)state;
    verify_counts n;
    const uint64_t deals = 10;
    verify_file(test_shared("corpora/dds-hands/list100.txt"), 1, &n, true, deals);
    assert_int_equal(n.deals, deals);
    assert_int_equal(n.cards, 13 * deals);
    assert_int_equal(n.mismatches, 0);
}

static void test_corpus_arg_matches_dds(void **state)
{
    (void)state;
    verify_counts n;
    for (int by_card = 0; by_card <= 1; by_card++) {
        double t0 = (double)clock();
        verify_file(test_shared(corpus_arg), 0, &n, by_card, 0);
        printf("%s: %llu deals, %llu cards (%s) and %llu DD tables compared with DDS's expected "
               "values (%llu at no trumps): %llu mismatches (%.1f s CPU)\n",
               corpus_arg, (unsigned long long)n.deals, (unsigned long long)n.cards,
               by_card ? "each by solutions=1 searches" : "one solutions=3 solve a deal",
               (unsigned long long)n.tables, (unsigned long long)n.nt_deals, (unsigned long long)n.mismatches,
               ((double)clock() - t0) / CLOCKS_PER_SEC);
        assert_true(n.deals > 0);
        assert_int_equal(n.cards, 13 * n.deals);
        assert_int_equal(n.mismatches, 0);
    }
}

/* list1.txt's deal, built by hand: N leads, spades trumps.
 * FUT 9 | suits 2 2 2 3 0 0 1 1 1 | ranks 5 8 J T 6 Q 2 6 K |
 * equals 0 0 0 {8,9} 0 {J} 0 {5} 0 | scores 5 5 5 5 5 5 4 4 4. */
static void list1_deal(deal_t *d)
{
    static const char *const hands[4][4] = {
        {"QJ6", "K652", "J85", "T98"}, {"873", "J97", "AT764", "Q4"},
        {"K5", "T83", "KQ9", "A7652"}, {"AT942", "AQ4", "32", "KJ3"},
    };
    deal_clear(d);
    for (int seat = 0; seat < 4; seat++)
        for (int s = 0; s < 4; s++)
            for (const char *p = hands[seat][s]; *p; p++)
                d->hand[seat] |= card_bit(card_make(s, rank_from_char(*p)));
    d->strain = SUIT_S;
    d->leader = SEAT_N;
    d->dealer = SEAT_W;
}

static void test_equals_expanded(void **state)
{
    (void)state;
    deal_t d;
    dd_leads l;
    list1_deal(&d);
    dd_init(DD_ENGINE_DDS);
    assert_int_equal(dd_solve_leads(&dds0, &d, &l), DD_OK);
    /* Listed cards, and the equal lower cards DDS folds into them. */
    assert_int_equal(l.tricks[card_parse("S6")], 5);
    assert_int_equal(l.tricks[card_parse("SQ")], 5);
    assert_int_equal(l.tricks[card_parse("SJ")], 5); /* equals of SQ */
    assert_int_equal(l.tricks[card_parse("CT")], 5);
    assert_int_equal(l.tricks[card_parse("C9")], 5); /* equals of CT */
    assert_int_equal(l.tricks[card_parse("C8")], 5);
    assert_int_equal(l.tricks[card_parse("H6")], 4);
    assert_int_equal(l.tricks[card_parse("H5")], 4); /* equals of H6 */
    assert_int_equal(l.tricks[card_parse("HK")], 4);
    assert_int_equal(l.tricks[card_parse("H2")], 4);
    assert_int_equal(l.tricks[card_parse("DJ")], 5);
    assert_int_equal(l.tricks[card_parse("SA")], -1); /* West's card */
    assert_int_equal(dd_best_tricks(&l), 5);
    int n = 0;
    for (card_t c = 0; c < 64; c++) n += l.tricks[c] >= 0;
    assert_int_equal(n, 13);

    /* The same deal at no trumps is another problem: DDS strain 4. */
    deal_t nt = d;
    dd_leads lnt;
    nt.strain = STRAIN_NT;
    assert_int_equal(dd_solve_leads(&dds0, &nt, &lnt), DD_OK);
    assert_int_equal(dd_best_tricks(&lnt), 13 - 6); /* TABLE: NT, declarer W = 6 */
}

static void test_dd_best_tie_break(void **state)
{
    (void)state;
    deal_t d;
    dd_leads l;
    list1_deal(&d);
    assert_int_equal(dd_solve_leads(&dds0, &d, &l), DD_OK);
    hand_t hand = d.hand[SEAT_N];
    int n;
    /* Nine optimal cards (all but the hearts). The long-suit card wins the
     * tie when it is optimal... */
    assert_int_equal(replay_dd_best(&l, hand, card_parse("DJ"), &n), card_parse("DJ"));
    assert_int_equal(n, 9);
    /* ...else the first optimal card in S, H, D, C order, lowest rank first. */
    assert_int_equal(replay_dd_best(&l, hand, card_parse("HK"), &n), card_parse("S6"));
    assert_int_equal(replay_dd_best(&l, hand, CARD_NONE, &n), card_parse("S6"));
    /* A hand-made valuation: only clubs optimal, the lowest club first. */
    dd_leads m;
    memset(m.tricks, -1, sizeof m.tricks);
    for (card_t c = 0; c < 64; c++)
        if (hand_has(hand, c)) m.tricks[c] = card_suit(c) == SUIT_C ? 7 : 6;
    assert_int_equal(replay_dd_best(&m, hand, card_parse("S6"), &n), card_parse("C8"));
    assert_int_equal(n, 3);
}

static void test_dds_error_reported(void **state)
{
    (void)state;
    deal_t d;
    dd_leads l;
    list1_deal(&d);
    d.hand[SEAT_E] &= ~card_bit(card_parse("S8")); /* East now holds 12 cards */
    /* DDS writes dump.txt into the working directory on such errors: keep
     * it out of the source tree. */
    char here[4096];
    assert_non_null(getcwd(here, sizeof here));
    assert_int_equal(chdir("/tmp"), 0);
    int rc = dd_solve_leads(&dds0, &d, &l);
    assert_int_equal(chdir(here), 0);
    assert_int_not_equal(rc, DD_OK);
    assert_int_equal(l.tricks[card_parse("S6")], -1);
    char text[128];
    dd_error_text(rc, text, sizeof text);
    assert_true(strncmp(text, "DDS error -", 11) == 0);
    assert_true(strlen(text) > 16);
    list1_deal(&d);
    dd_solver no_such = dd_solver_make(DD_ENGINE_DDS, 999); /* no such DDS thread */
    assert_int_not_equal(dd_solve_leads(&no_such, &d, &l), DD_OK);
}

/* The same ten deals on one thread and on all, through a ring smaller
 * than the input: identical results, in input order. */
static void test_pool_in_order(void **state)
{
    (void)state;
    static dd_leads direct[10];
    static deal_t deals[10];
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(test_shared("corpora/dds-hands/list10.txt"), FMT_DDS, &diag);
    assert_non_null(r);
    for (int i = 0; i < 10; i++) {
        assert_int_equal(deal_reader_next(r, &deals[i], &diag), READ_DEAL);
        assert_int_equal(dd_solve_leads(&dds0, &deals[i], &direct[i]), DD_OK);
    }
    deal_reader_close(r);
    for (int threads = 1; threads <= 2; threads++) {
        dd_pool *p = dd_pool_open(DD_ENGINE_DDS, threads, 2, NULL, NULL);
        assert_non_null(p);
        assert_true(dd_pool_threads(p) >= 1 && dd_pool_threads(p) <= threads);
        int next = 0, got = 0;
        while (got < 10) {
            dd_job *job = next < 10 ? dd_pool_claim(p) : NULL;
            if (job) {
                job->deal = deals[next];
                job->solve = next % 3 != 2; /* some jobs only hold their place */
                job->tag = (uint64_t)next++;
                dd_pool_submit(p);
                continue;
            }
            job = dd_pool_oldest(p);
            assert_non_null(job);
            assert_int_equal(job->tag, (uint64_t)got);
            if (job->solve) {
                assert_int_equal(job->rc, DD_OK);
                assert_memory_equal(job->leads.tricks, direct[got].tricks, 64);
            }
            dd_pool_retire(p);
            got++;
        }
        assert_null(dd_pool_oldest(p));
        dd_pool_close(p);
    }
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        corpus_arg = argv[1];
        const struct CMUnitTest only[] = {cmocka_unit_test(test_corpus_arg_matches_dds)};
        return cmocka_run_group_tests(only, NULL, NULL);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_equals_expanded),
        cmocka_unit_test(test_dd_best_tie_break),
        cmocka_unit_test(test_dds_error_reported),
        cmocka_unit_test(test_pool_in_order),
        cmocka_unit_test(test_list100_matches_dds),
        cmocka_unit_test(test_by_card_matches_dds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
