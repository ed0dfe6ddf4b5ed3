/* test_merge.c -- `whistlab merge` of the shards of a replay run whose
 * double-dummy values came from a store (--values): the merged report and
 * summary CSV are the whole run's but for the command line, the store's
 * line included; a merge that misses shards says PARTIAL and exits 1, as
 * its help says (issue 25 items 19 and 16). */
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
    assert_non_null(strstr(b, "\nprovenance,dd values,,,,setting,,\"from the store " STORE " (2000 deals"));
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values_run_merged),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
