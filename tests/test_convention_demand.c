/* test_convention_demand.c -- the built-in conventions are compiled when
 * first looked up, not all at start: a command that uses two tables pays
 * for those (and the tables they name), and lookups from several threads at
 * once get one compiled table each. Its own program: the count of tables
 * compiled is that of a fresh process. */
#include "testutil.h"
#include <pthread.h>
#include "analyze/lead/lead.h"

static const char *const NAMES[] = {
    "long-suit", "long-suit-pole", "long-suit-clay", "long-suit-hogarth", "american", "short-suit",
    "short-suit-singleton", "strongest-suit", "master-card", "highest", "random", "dd-best",
};
#define NNAMES ((int)(sizeof NAMES / sizeof NAMES[0]))

/* First in the program: nothing is compiled before a lookup; highest
 * compiles itself and long-suit, whose [play] rows it inherits. */
static void test_lookup_compiles_what_it_names(void **state)
{
    (void)state;
    assert_int_equal(convention_builtins_compiled(), 0);
    const convention *h = convention_builtin("highest");
    assert_non_null(h);
    assert_string_equal(convention_name(h), "highest");
    assert_int_equal(convention_builtins_compiled(), 2);
    assert_ptr_equal(convention_builtin("highest"), h); /* compiled once */
    diag_t d = {0};
    convention *a = convention_open("american", &d);
    assert_non_null(a);
    assert_int_equal(convention_builtins_compiled(), 3);
    assert_null(convention_builtin("no-such-table"));
    assert_int_equal(convention_builtins_compiled(), 3);
}

typedef struct {
    int first;
    const convention *got[NNAMES];
} looker;

static void *look_up_all(void *arg)
{
    looker *l = arg;
    for (int k = 0; k < NNAMES; k++) {
        int i = (l->first + k) % NNAMES;
        l->got[i] = convention_builtin(NAMES[i]);
    }
    return NULL;
}

/* Four threads look the tables up at once, each starting elsewhere: each
 * name gives one table, the one the listing holds, in the listing's order. */
static void test_threads_share_one_table(void **state)
{
    (void)state;
    looker l[4];
    pthread_t tid[4];
    for (int t = 0; t < 4; t++) {
        l[t].first = t * 3;
        assert_int_equal(pthread_create(&tid[t], NULL, look_up_all, &l[t]), 0);
    }
    for (int t = 0; t < 4; t++) pthread_join(tid[t], NULL);
    int n = 0;
    const convention *const *all = convention_builtins(&n);
    assert_int_equal(n, NNAMES);
    assert_int_equal(convention_builtins_compiled(), NNAMES);
    assert_null(convention_builtin_error());
    for (int i = 0; i < NNAMES; i++) {
        assert_non_null(l[0].got[i]);
        for (int t = 1; t < 4; t++) assert_ptr_equal(l[t].got[i], l[0].got[i]);
        assert_ptr_equal(all[i], l[0].got[i]);
        assert_string_equal(convention_name(all[i]), NAMES[i]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lookup_compiles_what_it_names),
        cmocka_unit_test(test_threads_share_one_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
