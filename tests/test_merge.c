/* test_merge.c -- `whistlab merge` of the shards of a replay run whose
 * double-dummy values came from a store (--values): the merged report and
 * summary CSV are the whole run's but for the command line, the store's
 * line included; a merge that misses shards says PARTIAL and exits 1, as
 * its help says (issue 25 items 19 and 16); shards of two corpora under one
 * file name are refused, the shards of each still merge to its whole run
 * (item 9). */
#include "testutil.h"

#define CORPUS "corpora/whist-2000.pbn.gz"
#define STORE "corpora/whist-2000.wdv"

static char out[1 << 16];

/* The file's lines that do not name the command (the report's
 * "command:" line, the CSV's command row), into buf. */
static void without_command(const char *path, char *buf, size_t cap)
{
    assert_int_equal(test_run(buf, cap, "grep -v 'command' '%s'", path), 0);
}

static void test_values_run_merged(void **state)
{
    (void)state;
    char whole[256], whole_csv[256], merged[256], merged_csv[256], part[2][256];
    snprintf(whole, sizeof whole, "%s", test_tmp("whole.txt"));
    snprintf(whole_csv, sizeof whole_csv, "%s", test_tmp("whole.csv"));
    snprintf(merged, sizeof merged, "%s", test_tmp("merged.txt"));
    snprintf(merged_csv, sizeof merged_csv, "%s", test_tmp("merged.csv"));
    for (int i = 0; i < 2; i++) snprintf(part[i], sizeof part[i], "%s", test_tmp(i ? "p2.wls" : "p1.wls"));
    assert_int_equal(test_run(out, sizeof out, "%s replay --no-progress --limit 40 --values " STORE
                              " --csv-summary %s " CORPUS " > %s 2>&1", test_bin(), whole_csv, whole), 0);
    for (int i = 0; i < 2; i++)
        assert_int_equal(test_run(out, sizeof out, "%s replay --no-progress --limit 40 --values " STORE
                                  " --shard %d/2 --save %s " CORPUS " 2>&1", test_bin(), i + 1, part[i]), 0);
    assert_int_equal(test_run(out, sizeof out, "%s merge -q --csv-summary %s %s %s > %s 2>&1", test_bin(),
                              merged_csv, part[1], part[0], merged), 0);
    static char a[1 << 16], b[1 << 16];
    without_command(whole, a, sizeof a);
    without_command(merged, b, sizeof b);
    assert_non_null(strstr(b, "dd values from the store " STORE " (2000 deals, digest "));
    assert_string_equal(a, b);
    without_command(whole_csv, a, sizeof a);
    without_command(merged_csv, b, sizeof b);
    assert_non_null(strstr(b, "\n# setting dd values: from the store " STORE " (2000 deals"));
    assert_string_equal(a, b);
    /* one shard of the two, --partial: the report is printed, PARTIAL,
     * and the status is 1 (some shards missing), not 0 */
    assert_int_equal(test_run(out, sizeof out, "%s merge -q --partial %s 2>&1", test_bin(), part[0]), 1);
    assert_non_null(strstr(out, " (PARTIAL: shard 1/2)\nPARTIAL: the numbers below hold only shard 1/2 of "));
    assert_non_null(strstr(out, "dd values from the store " STORE));
    remove(whole);
    remove(whole_csv);
    remove(merged);
    remove(merged_csv);
    remove(part[0]);
    remove(part[1]);
}

/* Two corpora of the same size under the same file name x.wda, in two
 * directories; shard 1/2 of the first with shard 2/2 of the second. */
static void test_shards_of_other_deals_refused(void **state)
{
    (void)state;
    char dir[2][256], wls[4][1024], whole[1024];
    for (int c = 0; c < 2; c++) {
        snprintf(dir[c], sizeof dir[c], "%s", test_tmp(c ? "corpus2" : "corpus1"));
        assert_int_equal(test_run(out, sizeof out, "mkdir -p %s && %s deal -n 6 --seed %d -o %s/x.wda 2>&1",
                                  dir[c], test_bin_abs(), 11 + c, dir[c]), 0);
        for (int i = 0; i < 2; i++) {
            snprintf(wls[2 * c + i], sizeof wls[0], "%s/s%d.wls", dir[c], i + 1);
            assert_int_equal(test_run(out, sizeof out, "cd %s && %s replay x.wda --eval play --no-progress "
                                      "--shard %d/2 --save s%d.wls 2>&1", dir[c], test_bin_abs(), i + 1, i + 1), 0);
        }
    }
    /* each corpus's shards: its whole run, state file byte for byte */
    snprintf(whole, sizeof whole, "%s/whole.wls", dir[0]);
    assert_int_equal(test_run(out, sizeof out,
                              "cd %s && %s replay x.wda --eval play --no-progress --save whole.wls 2>&1",
                              dir[0], test_bin_abs()), 0);
    assert_int_equal(test_run(out, sizeof out, "%s merge -q --save %s/m.wls %s %s > /dev/null 2>&1 && "
                              "cmp %s/m.wls %s", test_bin_abs(), dir[0], wls[0], wls[1], dir[0], whole), 0);
    assert_int_equal(test_run(out, sizeof out, "%s merge -q %s %s > /dev/null 2>&1", test_bin_abs(), wls[2], wls[3]), 0);
    /* a mix: refused, naming the input and the two corpora */
    assert_int_equal(test_run(out, sizeof out, "%s merge -q %s %s 2>&1", test_bin_abs(), wls[0], wls[3]), 3);
    assert_non_null(strstr(out, "s2.wls: cannot merge a shard of other deals: its input 1 was cut from a corpus "
                                "of digest "));
    assert_null(strstr(out, "input:"));
    assert_int_equal(test_run(out, sizeof out, "rm -rf %s %s", dir[0], dir[1]), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values_run_merged),
        cmocka_unit_test(test_shards_of_other_deals_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
