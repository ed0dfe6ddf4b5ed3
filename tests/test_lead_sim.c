/* test_lead_sim.c -- lead problems (`lead --simulate`): the tables' numbers
 * against an independent computation from the per-layout CSV (means, best
 * and odd-trick shares, the difference from the best lead), the fixed hand
 * and turn-up where they were put on every layout, the same output for any
 * thread count, the book's lead marked for a file's deal, the errors
 * for impossible problems, and a run stopped on the corpus runner and
 * resumed from its state file giving the tables of one run (a resume with
 * other settings refused, naming the setting), and mpirun giving one
 * process's bytes. */
#include "testutil.h"
#include <math.h>
#include "analyze/simulate/lead_sim.h"
#include "formats/hand_text.h"
#include "stats/top_chance.h"

static char tables_csv[256], layouts_csv[256];

static const char *const SIM =
    "%s lead --hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --turnup H7 --simulate 12 --seed 5 --eval both "
    "--convention long-suit,short-suit --threads %d --csv %s --csv-layouts %s 2>&1";

/* Splits line (modified) at commas into at most max fields. */
static int fields(char *line, char **f, int max)
{
    int n = 0;
    for (char *p = line; n < max;) {
        f[n++] = p;
        char *c = strchr(p, ',');
        if (!c) break;
        *c = 0;
        p = c + 1;
    }
    return n;
}

static void test_threads_alike(void **state)
{
    (void)state;
    static char one[65536], two[65536];
    int rc = test_run(one, sizeof one, SIM, test_bin(), 1, tables_csv, layouts_csv);
    assert_int_equal(rc, 0);
    /* the # lines name the command, --threads with it */
    char *t1 = test_without_command(tables_csv), *l1 = test_without_command(layouts_csv);
    assert_non_null(t1);
    assert_non_null(l1);
    rc = test_run(two, sizeof two, SIM, test_bin(), 2, tables_csv, layouts_csv);
    assert_int_equal(rc, 0);
    assert_string_equal(one, two);
    char *t2 = test_without_command(tables_csv), *l2 = test_without_command(layouts_csv);
    assert_non_null(t2);
    assert_non_null(l2);
    assert_string_equal(t1, t2);
    assert_string_equal(l1, l2);
    assert_non_null(strstr(one, "DOUBLE-DUMMY"));
    assert_non_null(strstr(one, "RULE-BASED PLAY: short-suit's side"));
    assert_non_null(strstr(one, "long-suit LS-A4/LS14"));
    free(t1);
    free(t2);
    free(l1);
    free(l2);
}

/* A simulation in play with its progress shown: the same report as without
 * it. Before the fix the progress hook was handed the simulation's context
 * as its own, wrote into the conventions' sides, and the play's first
 * decision died of a bus error (exit 135). */
static void test_progress_in_play(void **state)
{
    (void)state;
    static char quiet[65536], shown[65536];
    const char *cmd = "%s lead --hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --conventions long-suit,short-suit "
                      "--simulate 40 --eval play --threads 1 --progress %s 2>/dev/null";
    int rc = test_run(quiet, sizeof quiet, cmd, test_bin(), "off");
    assert_int_equal(rc, 0);
    rc = test_run(shown, sizeof shown, cmd, test_bin(), "log=1");
    assert_int_equal(rc, 0);
    assert_non_null(strstr(quiet, "RULE-BASED PLAY"));
    assert_string_equal(quiet, shown);
}

/* The tables open with their provenance as # lines, real values: the
 * version, the command that made them (the last run, --threads 2), the
 * seed of the layouts and their number; the status after the last row. */
static void test_tables_provenance(void **state)
{
    (void)state;
    char command[1024];
    snprintf(command, sizeof command, SIM, "whistlab", 2, tables_csv, layouts_csv);
    *strstr(command, " 2>&1") = 0;
    const char *tables[] = {tables_csv, layouts_csv};
    for (int i = 0; i < 2; i++) {
        char *text = test_slurp(tables[i]);
        assert_non_null(text);
        char expect[1200];
        snprintf(expect, sizeof expect, "# version: %s\n# command: %s\n# experiment: a lead problem for the hand "
                 "given: ", WHISTLAB_VERSION, command);
        assert_int_equal(strncmp(text, expect, strlen(expect)), 0);
        static const char END[] = "\n# status: complete\n";
        size_t len = strlen(text);
        assert_true(len > strlen(END) && strcmp(text + len - strlen(END), END) == 0);
        char *header = strstr(text, "\nfile,line,board,");
        assert_non_null(header);
        *header = 0; /* the lines above the header */
        assert_non_null(strstr(text, "\n# setting seed: 5\n"));
        assert_non_null(strstr(text, "\n# setting layouts: 12\n"));
        assert_non_null(strstr(text, "\n# setting eval: both\n"));
        assert_non_null(strstr(text, "\n# setting conventions: long-suit,short-suit\n"));
        free(text);
    }
}

/* The statistics of each (eval, convention, lead) recomputed from the
 * layouts, against the table CSV. */
enum { MAXK = 3, NLEADS = 13, NLAYOUTS = 12 };

static void test_tables_from_layouts(void **state)
{
    (void)state;
    static int v[MAXK][NLEADS][NLAYOUTS];
    double top_sum[MAXK] = {0};
    char lead_name[NLEADS][3];
    int nleads = 0;
    char *text = test_slurp(layouts_csv), *save = NULL;
    assert_non_null(text);
    int rows = 0;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (line[0] == '#' || strncmp(line, "file,", 5) == 0) continue; /* provenance, header */
        char *f[16];
        assert_int_equal(fields(line, f, 16), 14);
        int layout = atoi(f[3]) - 1, k = strcmp(f[10], "dd") == 0 ? 0 : strcmp(f[11], "long-suit") == 0 ? 1 : 2;
        int li = 0;
        while (li < nleads && strcmp(lead_name[li], f[12]) != 0) li++;
        if (li == nleads) snprintf(lead_name[nleads++], 3, "%s", f[12]);
        v[k][li][layout] = atoi(f[13]);
        rows++;
        /* the leader (the dealer's left) holds the book's hand, the dealer the H7 */
        const char *seats = "NESW";
        int dealer = (int)(strchr(seats, f[4][0]) - seats);
        assert_string_equal(f[6 + ((dealer + 1) & 3)], "KJ8432.Q963.AK.Q");
        assert_string_equal(f[5], "H7");
        assert_non_null(strchr(strchr(f[6 + dealer], '.') + 1, '7'));
    }
    assert_int_equal(nleads, 13);
    assert_int_equal(rows, 3 * 13 * NLAYOUTS);
    free(text);
    /* the table CSV: eval convention lead ... mean best_pct odd_pct top_pct is_against diff; every lead set
     * against long-suit's lead for the hand, the S4, named before any layout */
    int against = 0;
    while (against < nleads && strcmp(lead_name[against], "S4") != 0) against++;
    assert_true(against < nleads);
    text = test_slurp(tables_csv);
    assert_non_null(text);
    save = NULL;
    char *header = strtok_r(text, "\n", &save);
    while (header && header[0] == '#') header = strtok_r(NULL, "\n", &save); /* provenance */
    assert_non_null(header);
    assert_non_null(strstr(header, "evaluation,convention,lead,chosen_by,suit_rule,card_rule,chosen_pct,layouts,"
                                   "mean_tricks,se,ci_low,ci_high,best_pct,odd_trick_pct,top_pct,is_against,"
                                   "diff_vs_against"));
    int checked = 0, chosen[MAXK] = {0};
    bool seen[MAXK][NLEADS] = {{0}};
    for (char *line = strtok_r(NULL, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (line[0] == '#') continue; /* the status after the last row */
        char *f[32];
        fields(line, f, 32);
        int k = strcmp(f[6], "dd") == 0 ? 0 : strcmp(f[7], "long-suit") == 0 ? 1 : 2, li = 0;
        while (li < nleads && strcmp(lead_name[li], f[8]) != 0) li++;
        assert_true(li < nleads);
        /* a row per lead and convention that led it, one name a cell
         * (issue 28 item 2): long-suit leads the S4 by LS-A4, LS14 in every
         * layout (the hand is fixed) */
        if (f[9][0]) {
            chosen[k]++;
            assert_string_equal(f[12], "100.0");
            if (strcmp(f[9], "long-suit") == 0) {
                assert_string_equal(f[8], "S4");
                assert_string_equal(f[10], "LS-A4");
                assert_string_equal(f[11], "LS14");
            }
        } else {
            assert_string_equal(f[10], "");
            assert_string_equal(f[12], "");
        }
        if (seen[k][li]) continue; /* the lead's numbers again, for another that led it */
        seen[k][li] = true;
        char **g = f + 3; /* the numbers, after chosen_by, suit_rule, card_rule, chosen_pct */
        double mean = 0, best = 0, odd = 0, diff = 0;
        for (int x = 0; x < NLAYOUTS; x++) {
            int row_best = 0;
            for (int j = 0; j < nleads; j++)
                if (v[k][j][x] > row_best) row_best = v[k][j][x];
            mean += (double)v[k][li][x] / NLAYOUTS;
            best += (v[k][li][x] == row_best) * 100.0 / NLAYOUTS;
            odd += (v[k][li][x] >= 7) * 100.0 / NLAYOUTS;
            diff += (double)(v[k][li][x] - v[k][against][x]) / NLAYOUTS;
        }
        assert_int_equal(atoi(g[10]), NLAYOUTS);
        if (fabs(atof(g[11]) - mean) > 1e-6 || fabs(atof(g[15]) - best) > 1e-4 || fabs(atof(g[16]) - odd) > 1e-4 ||
            atoi(g[18]) != (li == against) || fabs(atof(g[19]) - diff) > 1e-6)
            fail_msg("%s %s %s: table %s %s %s %s %s, recomputed %.6f %.4f %.4f %d %.6f", f[6], f[7], f[8], g[11],
                     g[15], g[16], g[18], g[19], mean, best, odd, li == against, diff);
        /* the chances of being the top lead: a share each, those of distinct leads adding up to 100% */
        double top = atof(g[17]);
        assert_true(top >= 0 && top <= 100);
        int first_equal = li;
        for (int j = 0; j < li; j++) {
            int x = 0;
            while (x < NLAYOUTS && v[k][j][x] == v[k][li][x]) x++;
            if (x == NLAYOUTS && first_equal == li) first_equal = j;
        }
        if (first_equal == li) top_sum[k] += top;
        checked++;
    }
    assert_int_equal(checked, 3 * 13);
    for (int k = 0; k < 3; k++) assert_int_equal(chosen[k], 2); /* long-suit's lead and short-suit's */
    for (int k = 0; k < 3; k++) assert_true(fabs(top_sum[k] - 100.0) < 0.05);
    free(text);
}

/* The chance of being the top: two independent estimates far apart, the
 * higher always; equal and independent, an even chance (20000 draws:
 * within 1.5 points); one equal to another on every observation shares its
 * chance; the same moments, the same shares. */
static void test_top_chance(void **state)
{
    (void)state;
    double share[3], again[3];
    const double far[] = {7.0, 6.0}, cov2[] = {0.01, 0, 0, 0.01};
    assert_true(top_chance(2, far, cov2, (const int[]){0, 1}, share));
    assert_true(share[0] > 99.9 && share[1] < 0.1);
    const double even[] = {7.0, 7.0, 7.0}, cov3[] = {0.04, 0, 0.04, 0, 0.04, 0, 0.04, 0, 0.04};
    assert_true(top_chance(3, even, cov3, (const int[]){0, 1, 0}, share));
    assert_true(fabs(share[0] - 50.0) < 1.5 && fabs(share[1] - 50.0) < 1.5);
    assert_true(share[2] == share[0]);
    assert_true(fabs(share[0] + share[1] - 100.0) < 1e-9);
    assert_true(top_chance(3, even, cov3, (const int[]){0, 1, 0}, again));
    assert_memory_equal(share, again, sizeof share);
    const double unknown[] = {7.0, NAN};
    assert_false(top_chance(2, unknown, cov2, (const int[]){0, 1}, share));
}

/* A file's deals: each eldest hand a problem, the book's lead marked
 * (played out: the marking is the same for double-dummy, which would cost
 * a hundred times the CPU). */
static void test_file_marks_book_lead(void **state)
{
    (void)state;
    static char out[1 << 16];
    int rc = test_run(out, sizeof out, "%s lead %s --simulate 3 --eval play --convention long-suit --threads 1 2>&1",
                      test_bin(), test_shared("cases/book-hands.pbn"));
    if (rc != 0 && rc != 1) fail_msg("rc %d: %s", rc, out);
    assert_non_null(strstr(out, "the book"));
    assert_non_null(strstr(out, "(the book's lead, named before any layout)"));
    assert_non_null(strstr(out, "3 layouts of the other 39 cards"));
}

static void test_impossible(void **state)
{
    (void)state;
    static const struct {
        const char *args, *why;
    } BAD[] = {
        {"--hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump NT --simulate 5", "needs a trump suit"},
        {"--hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --turnup H9 --simulate 5", "in the leader's hand"},
        {"--hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --simulate 0", "--simulate 0"},
        {"--hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --eval play", "go with --simulate"},
        {"--hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --simulate 5 --eval best", "--eval best"},
        {"--hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --simulate 5 --against H2", "the hand does not hold it"},
        {"--hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --against H3", "--against goes with --hand and --simulate"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        char out[4096];
        int rc = test_run(out, sizeof out, "%s lead %s 2>&1", test_bin(), BAD[i].args);
        if (rc == 0 || !strstr(out, BAD[i].why)) fail_msg("%s: rc %d, '%s'", BAD[i].args, rc, out);
    }
}

/* ---- stopped and resumed (in process: the runner's stop flag) ---- */

typedef struct {
    volatile sig_atomic_t *stop;
    uint64_t at; /* layouts taken when the stop is asked for */
} stopper;

static bool stop_at(void *ctx, csv_out *table, const lead_sim_layout *l)
{
    stopper *s = ctx;
    (void)table;
    if (l->index + 1 == s->at) *s->stop = 1;
    return true;
}

static void assert_same_tables(const lead_sim_opts *o, const lead_sim_result *a, const lead_sim_result *b)
{
    assert_int_equal(a->layouts, b->layouts);
    assert_int_equal(a->dealt, b->dealt);
    assert_int_equal(a->ncols, b->ncols);
    assert_memory_equal(&a->dd, &b->dd, sizeof a->dd);
    for (int k = 0; k < o->nconv; k++) {
        assert_memory_equal(&a->play[k], &b->play[k], sizeof a->play[k]);
        assert_memory_equal(a->chosen[k], b->chosen[k], sizeof a->chosen[k]);
        for (int i = 0; i < a->ncols; i++) assert_string_equal(a->chosen_rule[k][i], b->chosen_rule[k][i]);
    }
}

/* A lead problem in rule-based play under a --where condition (so that
 * the stream's place is not the layout's number) stopped after 11 of 40
 * layouts, then resumed on another thread count: the tables of one run. */
static void test_stop_and_resume(void **state)
{
    (void)state;
    static lead_sim_opts o;
    static lead_sim_result full, part, resumed;
    diag_t d = {0};
    assert_true(hand_parse("S:KJ8432 H:Q963 D:AK C:Q", &o.hand, &d));
    deal_filter *where = deal_filter_compile("trumps(dealer) >= 3", &d);
    assert_non_null(where);
    o.trump = SUIT_H;
    o.turnup = CARD_NONE;
    o.against = CARD_NONE;
    o.layouts = 40;
    o.seed = 9;
    o.play = true;
    o.conv[0] = convention_builtin("long-suit");
    o.conv[1] = convention_builtin("short-suit");
    o.nconv = 2;
    o.threads = 2;
    o.where = where;
    o.where_text = "trumps(dealer) >= 3";
    o.config = "lead --simulate\nseed 9\n";
    assert_true(lead_sim_run(&o, &full, NULL, NULL, &d));
    assert_int_equal(full.layouts, 40);
    assert_true(full.dealt > 40); /* some layouts were left out */

    const char *path = test_tmp("sim.wls");
    volatile sig_atomic_t stop = 0;
    stopper at = {.stop = &stop, .at = 11};
    o.save = path;
    o.stop = &stop;
    assert_false(lead_sim_run(&o, &part, stop_at, &at, &d));
    assert_true(part.interrupted);
    assert_int_equal(part.layouts, 11);

    static wls_file w;
    assert_true(lead_sim_read_state(path, o.config, &w, &d));
    assert_int_equal(w.stats->accepted, 11);
    o.resume = &w;
    o.stop = NULL;
    o.threads = 1;
    assert_true(lead_sim_run(&o, &resumed, NULL, NULL, &d));
    assert_int_equal(resumed.kept, 11);
    assert_same_tables(&o, &full, &resumed);
    lead_sim_free_state(&w);

    /* finished: the state says so, and other settings are named */
    assert_false(lead_sim_read_state(path, "lead --simulate\nseed 10\n", &w, &d));
    assert_non_null(strstr(d.reason, "'seed 9' where this command has 'seed 10'"));
    lead_sim_free_state(&w);
    assert_false(lead_sim_read_state(path, o.config, &w, &d));
    assert_non_null(strstr(d.reason, "finished"));
    lead_sim_free_state(&w);
    deal_filter_free(where);
    unlink(path);
}

/* The command line: a state saved, then --resume with another setting is
 * refused (exit 2) naming it; --save without --hand is refused. */
static void test_resume_other_settings(void **state)
{
    (void)state;
    static char out[8192];
    const char *path = test_tmp("cli.wls");
    unlink(path);
    const char *hand = "--hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --eval play --convention long-suit";
    int rc = test_run(out, sizeof out, "%s lead %s --simulate 3 --seed 2 --save %s 2>&1", test_bin(), hand, path);
    assert_int_equal(rc, 0);
    rc = test_run(out, sizeof out, "%s lead %s --simulate 3 --seed 2 --signals --resume %s 2>&1", test_bin(), hand,
                  path);
    assert_int_equal(rc, 2);
    assert_non_null(strstr(out, "it has 'signals 0' where this command has 'signals 1'"));
    rc = test_run(out, sizeof out, "%s lead %s --simulate 3 --save %s 2>&1", test_bin(),
                  test_shared("cases/book-hands.pbn"), path);
    assert_int_equal(rc, 2);
    assert_non_null(strstr(out, "--save and --resume go with --hand and --simulate N"));
    unlink(path);
}

/* mpirun -n 2 (rank 0 deals and reports, the other rank solves and plays
 * too) gives one process's bytes: the report and the per-layout table. */
static void test_mpirun_same_bytes(void **state)
{
    (void)state;
    static char one[16384], two[16384];
    static const char SIM2[] = "%s%s lead --hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --simulate 4 --seed 4 "
                               "--eval both --convention long-suit --threads 1 --csv-layouts %s 2>&1";
    char c1[256], c2[256];
    snprintf(c1, sizeof c1, "%s", test_tmp("mpi1.csv"));
    snprintf(c2, sizeof c2, "%s", test_tmp("mpi2.csv"));
    assert_int_equal(test_run(one, sizeof one, SIM2, "", test_bin(), c1), 0);
    int rc = test_run(two, sizeof two, SIM2,
                      "ASAN_OPTIONS=detect_leaks=0 mpirun --oversubscribe --allow-run-as-root -n 2 ", test_bin(), c2);
    if (rc != 0) fail_msg("mpirun lead --simulate: exit %d:\n%s", rc, two);
    assert_string_equal(one, two);
    test_assert_same_but_command(c1, c2); /* the # command line names its own table */
    unlink(c1);
    unlink(c2);
}

int main(void)
{
    snprintf(tables_csv, sizeof tables_csv, "%s", test_tmp("tables.csv"));
    snprintf(layouts_csv, sizeof layouts_csv, "%s", test_tmp("layouts.csv"));
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_threads_alike),
        cmocka_unit_test(test_progress_in_play),
        cmocka_unit_test(test_tables_provenance),
        cmocka_unit_test(test_tables_from_layouts),
        cmocka_unit_test(test_file_marks_book_lead),
        cmocka_unit_test(test_impossible),
        cmocka_unit_test(test_top_chance),
        cmocka_unit_test(test_stop_and_resume),
        cmocka_unit_test(test_resume_other_settings),
        cmocka_unit_test(test_mpirun_same_bytes),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    unlink(tables_csv);
    unlink(layouts_csv);
    return rc;
}
