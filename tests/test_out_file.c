/* test_out_file.c -- outputs whole or absent (formats/out_file.h,
 * stats/report/csv_out.h) and durable (issue 25, items 1, 14, 15, 16): the
 * temporary synced and the directory synced after each rename (counted by
 * an fsync of this program's, which the library's calls reach); a
 * resumable table's temporary synced at each checkpoint; two resumable
 * tables of one name each renaming its own; a table that cannot be created
 * named in the diagnostic; and, as users run them, no temporary left by
 * `whistlab deal` stopped by SIGTERM, and no "N written" from deal or
 * convert when the write failed. */
#define _GNU_SOURCE /* syscall */
#include <dirent.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include "testutil.h"
#include "formats/out_file.h"
#include "stats/report/csv_out.h"

static char out[1 << 16];

/* --- fsync, counted: the library's calls link to this one --- */

static int dir_syncs, file_syncs;

int fsync(int fd)
{
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) dir_syncs++;
    else file_syncs++;
    return (int)syscall(SYS_fsync, fd);
}

/* A fresh empty directory of this process's, its path in a static buffer. */
static const char *fresh_dir(const char *name)
{
    static char dir[256];
    snprintf(dir, sizeof dir, "%s", test_tmp(name));
    assert_int_equal(test_run(out, sizeof out, "rm -rf %s && mkdir -p %s", dir, dir), 0);
    return dir;
}

/* How many entries of dir start with prefix. */
static int entries_starting(const char *dir, const char *prefix)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));) n += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
    closedir(d);
    return n;
}

static const char *const HEADER[] = {"a", "b"};

static void row(csv_out *c, const char *a, long long b)
{
    csv_out_text(c, a);
    csv_out_int(c, b);
    csv_out_end_row(c);
}

/* Item 15: the rename of a committed output is synced (its directory),
 * after the temporary itself. */
static void test_commit_syncs_file_and_directory(void **state)
{
    (void)state;
    char path[300];
    snprintf(path, sizeof path, "%s/o.txt", fresh_dir("sync"));
    diag_t diag = {0};
    out_file *o = out_file_create(path, &diag);
    assert_non_null(o);
    fputs("whole\n", out_file_stream(o));
    dir_syncs = file_syncs = 0;
    assert_true(out_file_commit(o, &diag));
    assert_int_equal(file_syncs, 1);
    assert_int_equal(dir_syncs, 1);
    char *got = test_slurp(path);
    assert_string_equal(got, "whole\n");
    free(got);
}

/* Item 15: a resumable table's temporary is on disk at each sync point
 * (the state file that records its size is), and its rename at the close
 * is synced too. */
static void test_resumable_table_synced(void **state)
{
    (void)state;
    char path[300];
    snprintf(path, sizeof path, "%s/t.csv", fresh_dir("resumable"));
    diag_t diag = {0};
    csv_out *c = csv_out_open_resumable(path, HEADER, 2, &diag);
    assert_non_null(c);
    row(c, "x", 1);
    file_syncs = dir_syncs = 0;
    assert_int_equal(csv_out_sync(c), (long)strlen("a,b\nx,1\n"));
    assert_int_equal(file_syncs, 1);
    row(c, "y", 2);
    dir_syncs = 0;
    assert_true(csv_out_close(c, &diag));
    assert_int_equal(dir_syncs, 1);
    char *got = test_slurp(path);
    assert_string_equal(got, "a,b\nx,1\ny,2\n");
    free(got);
}

/* Item 14: two runs writing one table name: each has a temporary of its
 * own, and each close renames its own rows, never the other's half. */
static void test_two_resumable_tables_of_one_name(void **state)
{
    (void)state;
    const char *dir = fresh_dir("two");
    char path[300];
    snprintf(path, sizeof path, "%s/t.csv", dir);
    diag_t diag = {0};
    csv_out *first = csv_out_open_resumable(path, HEADER, 2, &diag);
    assert_non_null(first);
    row(first, "first", 1);
    csv_out *second = csv_out_open_resumable(path, HEADER, 2, &diag);
    assert_non_null(second);
    row(second, "second", 2);
    assert_true(csv_out_close(first, &diag));
    char *got = test_slurp(path);
    assert_string_equal(got, "a,b\nfirst,1\n");
    free(got);
    row(second, "second", 3);
    assert_true(csv_out_close(second, &diag));
    got = test_slurp(path);
    assert_string_equal(got, "a,b\nsecond,2\nsecond,3\n");
    free(got);
    assert_int_equal(entries_starting(dir, "t.csv."), 0); /* no temporary left */
}

/* Item 1: a resumable table that cannot be created is named in the
 * diagnostic (it pointed into freed memory). */
static void test_uncreatable_table_named(void **state)
{
    (void)state;
    diag_t diag = {0};
    assert_null(csv_out_open_resumable("/nonexistent-dir/y.csv", HEADER, 2, &diag));
    char line[512];
    diag_format(line, sizeof line, &diag);
    assert_string_equal(line, "whistlab: /nonexistent-dir/y.csv: cannot write: No such file or directory");
}

/* Item 16: `whistlab deal` stopped by SIGTERM half-way through its output
 * dies of the signal and leaves no temporary beside it. */
static void test_deal_stopped_leaves_no_temporary(void **state)
{
    (void)state;
    const char *dir = fresh_dir("deal-stop");
    char path[300];
    snprintf(path, sizeof path, "%s/big.pbn", dir);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        freopen("/dev/null", "w", stderr);
        execl(test_bin(), test_bin(), "deal", "-n", "2m", "--threads", "1", "-o", path, (char *)NULL);
        _exit(127);
    }
    struct timespec tick = {0, 2000000};
    for (int i = 0; i < 5000 && entries_starting(dir, "big.pbn.tmp.") == 0; i++) nanosleep(&tick, NULL);
    assert_int_equal(entries_starting(dir, "big.pbn.tmp."), 1); /* writing */
    kill(pid, SIGTERM);
    int st;
    waitpid(pid, &st, 0);
    assert_true(WIFSIGNALED(st));
    assert_int_equal(WTERMSIG(st), SIGTERM);
    assert_int_equal(entries_starting(dir, "big.pbn"), 0);
}

/* Item 16: deal and convert whose output cannot be written (a file size
 * limit here, as a full disk) say it was not written, not "N written". */
static void test_failed_write_not_called_written(void **state)
{
    (void)state;
    const char *dir = fresh_dir("fsize");
    int rc = test_run(out, sizeof out, "ulimit -f 8; trap '' XFSZ; %s deal -n 100000 --threads 1 -o %s/d.pbn 2>&1",
                      test_bin(), dir);
    assert_int_equal(rc, 3);
    char want[512];
    snprintf(want, sizeof want, "%s/d.pbn: write failed: File too large\n"
             "deal: %s/d.pbn not written (left as it was; its temporary removed)\n", dir, dir);
    assert_string_equal(out, want);
    assert_int_equal(entries_starting(dir, "d.pbn"), 0);
    rc = test_run(out, sizeof out, "ulimit -f 8; trap '' XFSZ; %s convert corpora/whist-2000.pbn.gz %s/c.pbn 2>&1",
                  test_bin(), dir);
    assert_int_equal(rc, 3);
    assert_null(strstr(out, " written to "));
    snprintf(want, sizeof want, " rejected, %s/c.pbn not written (left as it was)\n", dir);
    assert_non_null(strstr(out, want));
    assert_int_equal(entries_starting(dir, "c.pbn"), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_commit_syncs_file_and_directory),
        cmocka_unit_test(test_resumable_table_synced),
        cmocka_unit_test(test_two_resumable_tables_of_one_name),
        cmocka_unit_test(test_uncreatable_table_named),
        cmocka_unit_test(test_deal_stopped_leaves_no_temporary),
        cmocka_unit_test(test_failed_write_not_called_written),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
