/* test_dd_engines.c -- `--engine whistlab|dds` (analyze/dd/dd_engine.h):
 * the two engines give the same values through every path that solves
 * (dd_solve_leads, dd_solve_cards, the store builder, replay, lead
 * --simulate); the engine is the solver's, not the process's, so that two
 * runs with different engines go on at once in one process; a store
 * records the engine that made it: the stores of the two engines are the
 * same bytes apart from that record, replay
 * --values reports the same from either, a store of version 1 (made before
 * the record, tests/data/wdv-v1/) still reads, parts of both engines merge
 * and a part is resumed by its own engine only; a replay's state keeps its
 * engine, so that a resumed run solves and reports as it began.
 *
 * The deals are tests/data/engine_quick.pbn: whole whist deals the own
 * engine solves in a tenth of a second (a random deal costs it seconds
 * today); WHISTLAB_SMALL (the sanitizer build) solves the first four. */
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>
#include "testutil.h"
#include "analyze/dd/dd_pool.h"
#include "analyze/dd/dd_store.h"
#include "formats/reader.h"

#define QUICK "tests/data/engine_quick.pbn"
#define OLD_STORE "tests/data/wdv-v1/engine_quick.wdv"

/* The deals solved here: QUICK, or its first four boards when small. */
static const char *deals_file(void)
{
    if (!test_small()) return QUICK;
    static char path[256];
    char *all = test_slurp(QUICK);
    assert_non_null(all);
    char *cut = all;
    for (int boards = 0; boards < 5 && cut; boards++) cut = strstr(cut + 1, "[Board ");
    if (cut) *cut = 0;
    snprintf(path, sizeof path, "%s", test_tmp("quick4.pbn"));
    test_write(path, all);
    free(all);
    return path;
}

/* The whist deals of path, read as solve reads them (trumps and leader
 * from the file), into d[]; their number. */
static int read_deals(const char *path, deal_t *d, int max)
{
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(path, FMT_AUTO, &diag);
    assert_non_null(r);
    int n = 0;
    while (n < max && deal_reader_next(r, &d[n], &diag) == READ_DEAL) {
        assert_int_not_equal(d[n].strain, STRAIN_NONE);
        n++;
    }
    deal_reader_close(r);
    return n;
}

/* The store of deals solved by engine (more: other options of solve), at a
 * temporary path ending in suffix (four at a time). */
static char *solve_store(const char *engine, const char *deals, const char *suffix, const char *more)
{
    static char path[4][256];
    static int at;
    char *p = path[at++ % 4];
    snprintf(p, sizeof path[0], "%s", test_tmp(suffix));
    unlink(p);
    char out[4096];
    assert_int_equal(test_run(out, sizeof out, "%s solve %s --engine %s %s -o %s --no-progress 2>&1", test_bin(), more,
                              engine, deals, p),
                     0);
    return p;
}

/* Every lead of every deal, and chosen cards, the same from both engines,
 * in process: the values DDS gives. */
static void test_same_values_in_process(void **state)
{
    (void)state;
    deal_t d[8];
    int n = read_deals(deals_file(), d, 8);
    assert_true(n >= 4);
    dd_solver dds_solver = dd_solver_make(DD_ENGINE_DDS, 0), own_solver = dd_solver_make(DD_ENGINE_WHISTLAB, 0);
    int leads = 0;
    for (int i = 0; i < n; i++) {
        dd_leads dds, own, some_dds, some_own;
        assert_int_equal(dd_solve_leads(&dds_solver, &d[i], &dds), DD_OK);
        card_t low[2] = {CARD_NONE, CARD_NONE};
        for (int c = 0, k = 0; c < 64 && k < 2; c++)
            if (dds.tricks[c] >= 0) low[k++] = (card_t)c; /* the lowest two cards of the hand */
        int best_dds, best_own;
        assert_int_equal(dd_solve_cards(&dds_solver, &d[i], low, 2, &some_dds, &best_dds, NULL), DD_OK);
        assert_int_equal(dd_solve_leads(&own_solver, &d[i], &own), DD_OK);
        assert_int_equal(dd_solve_cards(&own_solver, &d[i], low, 2, &some_own, &best_own, NULL), DD_OK);
        assert_memory_equal(dds.tricks, own.tricks, sizeof dds.tricks);
        assert_int_equal(best_own, best_dds);
        assert_int_equal(best_dds, dd_best_tricks(&dds));
        assert_int_equal(dd_best_tricks(&some_own), best_dds);
        for (int k = 0; k < 2; k++) {
            assert_int_equal(some_own.tricks[low[k]], dds.tricks[low[k]]);
            assert_int_equal(some_dds.tricks[low[k]], dds.tricks[low[k]]);
        }
        for (int c = 0; c < 64; c++) leads += dds.tricks[c] >= 0;
    }
    assert_int_equal(leads, 13 * n);
    /* the first deal's values, as DDS gives them (a check on the check) */
    dd_leads l;
    assert_int_equal(dd_solve_leads(&dds_solver, &d[0], &l), DD_OK);
    assert_int_equal(dd_best_tricks(&l), 8);
    dd_solver_close(&dds_solver);
    dd_solver_close(&own_solver);
    char text[16];
    assert_string_equal(dd_engine_name(dd_engine_parse("whistlab")), "whistlab");
    assert_int_equal(dd_engine_parse("dd"), -1);
    assert_int_equal(dd_engine_of_name(""), DD_ENGINE_DDS);
    assert_int_equal(dd_engine_of_name("whistlab"), DD_ENGINE_WHISTLAB);
    dd_error_text(DD_OWN_BAD_POSITION, text, sizeof text);
    assert_non_null(strstr(text, "whistlab"));
}

/* A position that is no deal (no cards), as each engine answers it: which
 * engine solved shows in the code, the own engine's or DDS's. DDS writes
 * dump.txt into the working directory on such errors: kept out of the
 * source tree. */
static int solve_no_deal(dd_solver *s)
{
    deal_t d;
    memset(&d, 0, sizeof d);
    d.strain = SUIT_S;
    d.leader = 1;
    dd_leads l;
    char here[4096];
    assert_non_null(getcwd(here, sizeof here));
    assert_int_equal(chdir("/tmp"), 0);
    int rc = dd_solve_leads(s, &d, &l);
    assert_int_equal(chdir(here), 0);
    assert_int_equal(dd_best_tricks(&l), -1);
    return rc;
}

/* A position the own engine refuses comes back as its error, worded. */
static void test_own_engine_refuses_a_non_deal(void **state)
{
    (void)state;
    dd_solver own = dd_solver_make(DD_ENGINE_WHISTLAB, 0);
    int rc = solve_no_deal(&own);
    dd_solver_close(&own);
    assert_int_equal(rc, DD_OWN_BAD_POSITION);
    char why[120];
    dd_error_text(rc, why, sizeof why);
    assert_string_equal(why, "whistlab engine: not a position it solves (hand sizes or cards)");
}

/* The engine is the solver's, not the process's: a solver of DDS made
 * after the own engine has solved (as a command that parsed --engine
 * whistlab would have) still solves with DDS, and the other way round. */
static void test_engine_is_the_solvers(void **state)
{
    (void)state;
    dd_solver own = dd_solver_make(DD_ENGINE_WHISTLAB, 0);
    assert_int_equal(solve_no_deal(&own), DD_OWN_BAD_POSITION);
    dd_solver dds = dd_solver_make(DD_ENGINE_DDS, 0);
    int rc = solve_no_deal(&dds);
    assert_int_not_equal(rc, DD_OWN_BAD_POSITION);
    assert_int_not_equal(rc, DD_OK);
    char why[120];
    dd_error_text(rc, why, sizeof why);
    assert_non_null(strstr(why, "DDS error"));
    assert_int_equal(solve_no_deal(&own), DD_OWN_BAD_POSITION);
    dd_solver_close(&dds);
    dd_solver_close(&own);
}

/* Two runs in one process at once, one with each engine: a pool of each
 * (two workers), fed the same deals from two threads, gives back the same
 * values in the same order. */
typedef struct {
    dd_engine engine;
    const deal_t *deals;
    int n;
    dd_leads got[8];
    int rc;
} engine_run;

static void *run_pool(void *arg)
{
    engine_run *er = arg;
    dd_pool *p = dd_pool_open(er->engine, 2, 4, NULL, NULL);
    er->rc = p ? DD_OK : -1;
    int next = 0, back = 0;
    while (p && back < er->n) {
        dd_job *job = next < er->n ? dd_pool_claim(p) : NULL;
        if (job) {
            job->deal = er->deals[next];
            job->solve = true;
            job->tag = (uint64_t)next++;
            dd_pool_submit(p);
            continue;
        }
        job = dd_pool_oldest(p);
        if (job->rc != DD_OK || job->tag != (uint64_t)back) er->rc = job->rc != DD_OK ? job->rc : -2;
        er->got[back++] = job->leads;
        dd_pool_retire(p);
    }
    dd_pool_close(p);
    return NULL;
}

static void test_two_engines_at_once(void **state)
{
    (void)state;
    deal_t d[8];
    int n = read_deals(deals_file(), d, 8);
    assert_true(n >= 4);
    engine_run runs[2] = {{.engine = DD_ENGINE_DDS, .deals = d, .n = n},
                          {.engine = DD_ENGINE_WHISTLAB, .deals = d, .n = n}};
    pthread_t tid[2];
    for (int k = 0; k < 2; k++) assert_int_equal(pthread_create(&tid[k], NULL, run_pool, &runs[k]), 0);
    for (int k = 0; k < 2; k++) assert_int_equal(pthread_join(tid[k], NULL), 0);
    for (int k = 0; k < 2; k++) assert_int_equal(runs[k].rc, DD_OK);
    for (int i = 0; i < n; i++) {
        assert_memory_equal(runs[0].got[i].tricks, runs[1].got[i].tricks, sizeof runs[0].got[i].tricks);
        assert_true(dd_best_tricks(&runs[0].got[i]) >= 0);
    }
    assert_int_equal(dd_best_tricks(&runs[0].got[0]), 8); /* DDS's value, as above */
}

/* The two engines' stores: the same size, the same bytes but for the 32
 * of the engine record, which names each; both read back. */
static void test_stores_differ_in_the_record_only(void **state)
{
    (void)state;
    const char *deals = deals_file();
    char *a = solve_store("dds", deals, "dds.wdv", "");
    char *b = solve_store("whistlab", deals, "own.wdv", "--threads 2");
    struct stat sa, sb;
    assert_int_equal(stat(a, &sa), 0);
    assert_int_equal(stat(b, &sb), 0);
    assert_int_equal(sa.st_size, sb.st_size);
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    assert_non_null(fa);
    assert_non_null(fb);
    long differ_out = 0, differ_in = 0;
    for (long i = 0; i < sa.st_size; i++) {
        int x = fgetc(fa), y = fgetc(fb);
        if (x == y) continue;
        if (i >= DD_STORE_HEADER_BYTES && i < DD_STORE_HEADER_BYTES + DD_STORE_ENGINE_BYTES) differ_in++;
        else differ_out++;
    }
    fclose(fa);
    fclose(fb);
    assert_int_equal(differ_out, 0);
    assert_true(differ_in > 0);
    diag_t diag = {0};
    dd_store *sd = dd_store_open(a, &diag), *so = dd_store_open(b, &diag);
    assert_non_null(sd);
    assert_non_null(so);
    assert_string_equal(dd_store_header_of(sd)->engine, "dds");
    assert_string_equal(dd_store_header_of(so)->engine, "whistlab");
    assert_int_equal(dd_store_header_of(so)->version, 2);
    assert_int_equal(dd_store_header_of(so)->count, test_small() ? 4 : 8);
    dd_store_close(sd);
    dd_store_close(so);
    unlink(a);
    unlink(b);
}

/* replay --values: the same report from either store (at one path), but
 * the engine its provenance names; replay solving: the same report from
 * either engine, but the engine it names. */
static void test_replay_reports_the_same(void **state)
{
    (void)state;
    const char *deals = deals_file();
    static char out[2][16384];
    char store[256];
    for (int e = 0; e < 2; e++) {
        char *s = solve_store(e ? "whistlab" : "dds", deals, e ? "r1.wdv" : "r0.wdv", "");
        snprintf(store, sizeof store, "%s", test_tmp("r.wdv"));
        assert_int_equal(rename(s, store), 0);
        assert_int_equal(test_run(out[e], sizeof out[e], "%s replay %s --values %s --all-leads --conventions "
                                  "long-suit,short-suit,dd-best --no-progress 2>&1", test_bin(), deals, store),
                         0);
        unlink(store);
    }
    char *l0 = strstr(out[0], "; engine dds)"), *l1 = strstr(out[1], "; engine whistlab)");
    assert_non_null(l0);
    assert_non_null(l1);
    assert_int_equal(l0 - out[0], l1 - out[1]);
    assert_memory_equal(out[0], out[1], (size_t)(l0 - out[0]));
    assert_string_equal(l0 + strlen("; engine dds)"), l1 + strlen("; engine whistlab)"));
    assert_non_null(strstr(out[1], "\n[3] dd-best "));

    static char solved[2][16384];
    for (int e = 0; e < 2; e++)
        assert_int_equal(test_run(solved[e], sizeof solved[e], "%s replay %s --engine %s --threads 2 --eval both "
                                  "--all-leads --conventions long-suit,american --no-progress 2>&1", test_bin(),
                                  deals, e ? "whistlab" : "dds"),
                         0);
    char *c0 = strstr(solved[0], "--no-progress\n"), *c1 = strstr(solved[1], "--no-progress\n");
    assert_non_null(c0);
    assert_non_null(c1);
    char *e0 = strstr(c0, "; engine dds\n"), *e1 = strstr(c1, "; engine whistlab\n");
    assert_non_null(e0);
    assert_non_null(e1);
    assert_int_equal(e0 - c0, e1 - c1);
    assert_memory_equal(c0, c1, (size_t)(e0 - c0));
    assert_string_equal(e0 + strlen("; engine dds\n"), e1 + strlen("; engine whistlab\n"));
}

/* Whether the n bytes at b hold the text what. */
static bool holds(const char *b, size_t n, const char *what)
{
    size_t k = strlen(what);
    for (size_t i = 0; i + k <= n; i++)
        if (memcmp(b + i, what, k) == 0) return true;
    return false;
}

/* A solving run's state keeps its engine when it is not dds (the states
 * of dds runs stay as before the option): a resume reports it as the run
 * did. */
static void test_state_keeps_the_engine(void **state)
{
    (void)state;
    const char *deals = deals_file();
    char wls[256];
    snprintf(wls, sizeof wls, "%s", test_tmp("engine.wls"));
    static char run[2][16384], again[16384];
    for (int e = 0; e < 2; e++) {
        unlink(wls);
        assert_int_equal(test_run(run[e], sizeof run[e], "%s replay %s --engine %s --conventions long-suit --save %s "
                                  "--no-progress 2>&1", test_bin(), deals, e ? "whistlab" : "dds", wls),
                         0);
        /* the state file is binary: its settings text is among its bytes */
        char *saved = test_slurp(wls);
        struct stat st;
        assert_non_null(saved);
        assert_int_equal(stat(wls, &st), 0);
        assert_int_equal(holds(saved, (size_t)st.st_size, "\nengine "), e);
        assert_int_equal(holds(saved, (size_t)st.st_size, "\nengine whistlab\n"), e);
        free(saved);
        assert_int_equal(test_run(again, sizeof again, "%s replay --resume %s --no-progress 2>&1", test_bin(), wls), 0);
        const char *from0 = strstr(run[e], "\ncorpus:"), *from1 = strstr(again, "\ncorpus:");
        assert_non_null(from0);
        assert_non_null(from1);
        assert_string_equal(from0, from1);
        assert_non_null(strstr(from1, e ? "; engine whistlab\n" : "; engine dds\n"));
    }
    unlink(wls);
}

/* A store of version 1 (whistlab 1e18693's, before the record) reads: the
 * same report as a store of today, its provenance naming no engine. */
static void test_old_store_reads(void **state)
{
    (void)state;
    diag_t diag = {0};
    dd_store *s = dd_store_open(OLD_STORE, &diag);
    assert_non_null(s);
    assert_int_equal(dd_store_header_of(s)->version, 1);
    assert_string_equal(dd_store_header_of(s)->engine, "");
    assert_int_equal(dd_store_header_of(s)->count, 8);
    deal_t d[8];
    assert_int_equal(read_deals(QUICK, d, 8), 8);
    dd_leads l;
    assert_int_equal(dd_store_unpack(dd_store_get(s, 0), &d[0], 0, &l), DD_STORE_OK);
    assert_int_equal(dd_best_tricks(&l), 8);
    dd_store_close(s);
    char out[16384];
    assert_int_equal(test_run(out, sizeof out, "%s replay %s --values %s --conventions long-suit --no-progress 2>&1",
                              test_bin(), QUICK, OLD_STORE),
                     0);
    assert_non_null(strstr(out, "made by: whistlab solve --format auto --trump auto tests/data/engine_quick.pbn)\n"));
    assert_null(strstr(out, "; engine"));
}

/* Parts solved by the two engines merge into the whole store's records,
 * the record naming both; a part goes on with the engine that began it. */
static void test_merge_and_resume(void **state)
{
    (void)state;
    const char *deals = deals_file();
    char *whole = solve_store("dds", deals, "whole.wdv", "");
    char *p1 = solve_store("dds", deals, "p1.wdv", "--shard 1/2");
    char *p2 = solve_store("whistlab", deals, "p2.wdv", "--shard 2/2");
    char merged[256], out[4096];
    snprintf(merged, sizeof merged, "%s", test_tmp("merged.wdv"));
    assert_int_equal(test_run(out, sizeof out, "%s solve --merge -o %s %s %s 2>&1", test_bin(), merged, p1, p2), 0);
    diag_t diag = {0};
    dd_store *w = dd_store_open(whole, &diag), *m = dd_store_open(merged, &diag);
    assert_non_null(w);
    assert_non_null(m);
    assert_string_equal(dd_store_header_of(m)->engine, "dds+whistlab");
    assert_int_equal(dd_store_header_of(m)->count, dd_store_header_of(w)->count);
    for (uint64_t i = 0; i < dd_store_header_of(w)->count; i++)
        assert_int_equal(dd_store_get(m, i), dd_store_get(w, i));
    dd_store_close(w);
    dd_store_close(m);

    /* a part begun by DDS is not resumed by the own engine */
    char part[300];
    dd_store_header h = {.per_record = 1, .shard = 1, .shards = 1};
    snprintf(h.policy, sizeof h.policy, "format auto trump auto leader -");
    snprintf(h.note, sizeof h.note, "test");
    snprintf(h.engine, sizeof h.engine, "dds");
    dd_store_writer *wr = dd_store_create(merged, &h, true, &diag);
    assert_non_null(wr);
    assert_true(dd_store_put(wr, 1, &diag));
    assert_true(dd_store_sync(wr, &diag));
    dd_store_stop(wr);
    uint64_t kept;
    snprintf(h.engine, sizeof h.engine, "whistlab");
    assert_null(dd_store_resume(merged, &h, &kept, &diag));
    assert_string_equal(diag.reason, "cannot resume: it was started with --engine dds");
    snprintf(h.engine, sizeof h.engine, "dds");
    wr = dd_store_resume(merged, &h, &kept, &diag);
    assert_non_null(wr);
    assert_int_equal(kept, 1);
    dd_store_stop(wr);
    snprintf(part, sizeof part, "%s.part", merged);
    unlink(part);
    unlink(merged);
    unlink(whole);
    unlink(p1);
    unlink(p2);
}

/* lead --simulate: the same double-dummy table from either engine. */
static void test_lead_simulate_the_same(void **state)
{
    (void)state;
    static char out[2][8192];
    for (int e = 0; e < 2; e++)
        assert_int_equal(test_run(out[e], sizeof out[e], "%s lead --hand 'AKQJ.QJT9.AK.AKQ' --trump D --convention "
                                  "long-suit --simulate 4 --seed 5 --threads 2 --engine %s 2>&1", test_bin(),
                                  e ? "whistlab" : "dds"),
                         0);
    char *t0 = strstr(out[0], "(one DDS solve a layout;"), *t1 = strstr(out[1], "(one whistlab-engine solve a layout;");
    assert_non_null(t0);
    assert_non_null(t1);
    assert_string_equal(strchr(t0, '\n'), strchr(t1, '\n'));
    assert_non_null(strstr(t0, "\nSAKQJ "));
}

/* A wrong name: one line, the names, a suggestion, exit 2. */
static void test_engine_option(void **state)
{
    (void)state;
    static char out[16384];
    assert_int_equal(test_run(out, sizeof out, "%s solve --engine dd x.pbn -o x.wdv 2>&1", test_bin()), 2);
    assert_string_equal(out, "whistlab solve: --engine dd: not one of dds, whistlab; did you mean dds? (see "
                             "whistlab solve --help)\n");
    assert_int_equal(test_run(out, sizeof out, "%s replay --help", test_bin()), 0);
    assert_non_null(strstr(out, "--engine E"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_values_in_process), cmocka_unit_test(test_own_engine_refuses_a_non_deal),
        cmocka_unit_test(test_engine_is_the_solvers), cmocka_unit_test(test_two_engines_at_once),
        cmocka_unit_test(test_stores_differ_in_the_record_only), cmocka_unit_test(test_replay_reports_the_same),
        cmocka_unit_test(test_state_keeps_the_engine), cmocka_unit_test(test_old_store_reads),
        cmocka_unit_test(test_merge_and_resume),
        cmocka_unit_test(test_lead_simulate_the_same), cmocka_unit_test(test_engine_option),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    unlink(test_tmp("quick4.pbn"));
    return failed;
}
