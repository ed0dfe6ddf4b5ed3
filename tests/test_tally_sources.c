/* test_tally_sources.c -- a deal's measures draw each extractor once
 * (stats/tally.c): measures that share an extractor, one per deal and one
 * per column, in either order and paired with the built-in ones, still get
 * each its own values, by stats_add and through joint cells alike. Its own
 * program: the measures it adds stay in the table for the process. */
#include "stats/tally.h"
#include "testutil.h"

/* Column col's score plus one: read per column by one measure, for
 * column 0 only by the other. */
static int lifted(const stats_deal *d, int col) { return d->score[col] + 1; }

static const stats_measure PER_DEAL_FIRST = {
    .id = "lifted_first", .column = "lifted_first", .title = "column 0 plus one", .unit = "tricks",
    .scope = STATS_PER_DEAL, .acc = STATS_ACC_SUM, .value = lifted, .max = 14, .versus_name = "",
};

static const stats_measure PER_COLUMN = {
    .id = "lifted", .column = "lifted", .title = "each column plus one", .unit = "tricks",
    .scope = STATS_PER_COLUMN, .acc = STATS_ACC_SUMSQ, .value = lifted, .max = 14, .versus_name = "",
};

static const int SCORE[3][3] = {{6, 8, 7}, {9, 2, 4}, {5, 5, 13}};

static void tally(stats_state *st, stats_joint *j)
{
    const char *names[] = {"a", "b", "c"};
    stats_init(st, 3, names);
    for (int k = 0; k < 3; k++) {
        stats_deal d = {.best = 13, .n_best = 1, .trump = 0, .suit_len = {4, 3, 3, 3}};
        for (int i = 0; i < 3; i++) {
            d.score[i] = SCORE[k][i];
            d.choice[i] = i;
        }
        stats_deal_keys(&d);
        if (j) stats_joint_add(j, st, &d);
        else stats_add(st, &d);
    }
    if (j) stats_joint_fold(j, st);
}

static void test_shared_extractor(void **state)
{
    (void)state;
    assert_true(stats_measure_add(&PER_DEAL_FIRST));
    assert_true(stats_measure_add(&PER_COLUMN));
    stats_state *st = calloc(1, sizeof *st);
    for (int joint = 0; joint < 2; joint++) {
        stats_joint *j = NULL;
        tally(st, NULL); /* stats_init lists the measures before the cells are opened */
        if (joint) {
            j = stats_joint_open(3);
            assert_non_null(j);
            tally(st, j);
        }
        assert_int_equal(*stats_sum_of(&st->all, "lifted_first", 0), 7 + 10 + 6);
        const uint64_t *a = stats_sum_of(&st->all, "lifted", 0), *b = stats_sum_of(&st->all, "lifted", 1),
                       *c = stats_sum_of(&st->all, "lifted", 2);
        assert_int_equal(a[0], 7 + 10 + 6);
        assert_int_equal(a[1], 49 + 100 + 36);
        assert_int_equal(b[0], 9 + 3 + 6);
        assert_int_equal(b[1], 81 + 9 + 36);
        assert_int_equal(c[0], 8 + 5 + 14);
        assert_int_equal(c[1], 64 + 25 + 196);
        /* the built-in ones beside them: tricks, and the cost paired against the best */
        assert_int_equal(stats_sum_of(&st->all, "tricks", 2)[0], 7 + 4 + 13);
        assert_int_equal(paired_n_differ(stats_paired_of(&st->all, "cost", 2)), 2);
        assert_int_equal(paired_with_difference(stats_paired_of(&st->all, "cost", 1), 11), 1);
        stats_joint_close(j);
    }
    free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shared_extractor),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
