/* test_lead_suit_class.c -- conventions whose opening suit choice reads
 * the same compiled data share a suit class (analyze/lead/convention_index.c),
 * whatever their names and card tables, and lead_choose_each makes that
 * choice once for them: the classes found for the built-ins and their
 * variants, and each convention's lead, rule ids and all, the same as
 * lead_choose gives it alone, when the choice is shared and when it is not. */
#include "testutil.h"
#include "analyze/lead/convention_model.h"

static convention *open_spec(const char *spec)
{
    diag_t d = {0};
    convention *c = convention_open(spec, &d);
    if (!c) fail_msg("%s: %s", spec, d.reason);
    return c;
}

/* long-suit-clay and american choose the suit as long-suit does (their
 * [suit] rows are long-suit's, their card tables their own); pole,
 * hogarth and short-suit do not; an option that changes the [suit] rows
 * (tenace_avoid) makes another class, one that changes only card rows
 * (am_ten_from_qjt) keeps it. */
static void test_classes(void **state)
{
    (void)state;
    const convention *ls = convention_builtin("long-suit");
    assert_non_null(ls);
    assert_int_not_equal(ls->suit_class, 0);
    assert_int_equal(convention_builtin("long-suit-clay")->suit_class, ls->suit_class);
    assert_int_equal(convention_builtin("american")->suit_class, ls->suit_class);
    assert_int_not_equal(convention_builtin("long-suit-pole")->suit_class, ls->suit_class);
    assert_int_not_equal(convention_builtin("long-suit-hogarth")->suit_class, ls->suit_class);
    assert_int_not_equal(convention_builtin("short-suit")->suit_class, ls->suit_class);
    convention *tenace = open_spec("long-suit+tenace_avoid"), *am_tenace = open_spec("american+tenace_avoid"),
               *ten = open_spec("american+am_ten_from_qjt");
    assert_int_not_equal(tenace->suit_class, ls->suit_class);
    assert_int_equal(am_tenace->suit_class, tenace->suit_class);
    assert_int_equal(ten->suit_class, ls->suit_class);
    convention_free(tenace);
    convention_free(am_tenace);
    convention_free(ten);
}

/* A list where classes repeat, apart and side by side, with other
 * conventions between: every lead as lead_choose gives it, on random
 * hands with every trump suit, no trumps and turn-ups. */
static void test_shared_choice_is_own(void **state)
{
    (void)state;
    static const char *const SPECS[] = {
        "long-suit", "american", "short-suit", "long-suit-clay", "long-suit+tenace_avoid", "american+am_ten_from_qjt",
        "long-suit-pole", "american+tenace_avoid", "long-suit-hogarth", "strongest-suit", "master-card", "random",
    };
    enum { N = sizeof SPECS / sizeof SPECS[0] };
    convention *open[N];
    const convention *conv[N];
    for (int i = 0; i < N; i++) conv[i] = open[i] = open_spec(SPECS[i]);
    uint64_t x = 29;
    int shared = 0, as_rows = 0;
    for (int k = 0; k < 3000; k++) {
        lead_view v = test_random_lead_view(&x, k, 3, 2);
        lead_choice each[N], one;
        assert_int_equal(lead_choose_each(conv, N, &v, each), -1);
        for (int i = 0; i < N; i++) {
            assert_int_equal(lead_choose(conv[i], &v, &one), 0);
            assert_int_equal(each[i].card, one.card);
            assert_string_equal(each[i].suit_rule, one.suit_rule);
            assert_string_equal(each[i].card_rule, one.card_rule);
        }
        shared += each[0].card != each[1].card; /* same suit choice, other card tables */
        as_rows += strcmp(each[10].suit_rule, "MC4") == 0;   /* master-card's as(long-suit) */
    }
    assert_true(shared > 0);
    assert_true(as_rows > 0);
    for (int i = 0; i < N; i++) convention_free(open[i]);
}

/* The suit choice reads each rule's selector, filters, keys and card from
 * c->pick, side by side for the cache: every built-in's and a variant's
 * pick[i] holds rule[i]'s values. */
static void pick_mirrors(const convention *c)
{
    for (int i = 0; i < c->nrules; i++) {
        const suit_rule *r = &c->rule[i];
        const struct rule_pick *p = &c->pick[i];
        assert_int_equal(p->sel, r->sel);
        assert_int_equal(p->filter, r->filter);
        assert_int_equal(p->avoid, r->avoid);
        assert_int_equal(p->only, r->only);
        assert_int_equal(p->card, r->card);
        assert_int_equal(p->card_rank, r->card_rank);
        assert_int_equal(p->param, r->param);
        assert_int_equal(p->nkeys, r->nkeys);
        assert_memory_equal(p->keys, r->keys, r->nkeys);
    }
}

static void test_pick_mirrors_rules(void **state)
{
    (void)state;
    int n = 0;
    const convention *const *all = convention_builtins(&n);
    assert_true(n >= 11);
    int picks = 0;
    for (int k = 0; k < n; k++) {
        pick_mirrors(all[k]);
        for (int i = 0; i < all[k]->nrules; i++) picks += all[k]->pick[i].sel == SEL_PICK;
    }
    assert_true(picks > 20);
    convention *v = open_spec("long-suit+tenace_avoid");
    pick_mirrors(v);
    convention_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_classes),
        cmocka_unit_test(test_shared_choice_is_own),
        cmocka_unit_test(test_pick_mirrors_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
