/* test_input_once.c -- an input is read once (issue 25 items 7 and 8): a
 * FIFO, a pipe on standard input, a process substitution and gzip through
 * a pipe give every deal of the shipped corpus, with the digest of the
 * regular file; a .wda archive through a pipe is refused, never misread;
 * a run over standard input is not resumed from a second reading of it;
 * a convention table through a pipe or FIFO is read once, whole.
 *
 * Each command runs under `timeout`: a reader that opens an input twice
 * waits for a writer that has gone, and the test then fails, not hangs. */
#include "testutil.h"
#include <stdbool.h>
#include <sys/stat.h>

#define CORPUS "corpora/whist-2000.pbn.gz"
#define STORE "corpora/whist-2000.wdv"
#define ALL_READ "2000 deals read, 2000 accepted, 0 rejected\n"

static char out[1 << 16];

/* A new FIFO under /tmp (removed first if left over), its name into path. */
static void fifo(const char *suffix, char path[256])
{
    snprintf(path, 256, "%s", test_tmp(suffix));
    unlink(path);
    assert_int_equal(mkfifo(path, 0600), 0);
}

/* The corpus digest a replay report prints ("... 2000 deals, digest X"). */
static void corpus_digest(const char *report, char digest[33])
{
    const char *at = strstr(report, "2000 deals, digest ");
    if (!at) fail_msg("no corpus line of 2000 deals in:\n%s", report);
    memcpy(digest, at + strlen("2000 deals, digest "), 32);
    digest[32] = 0;
}

/* The digest of the regular file's run, for the others to equal. */
static void file_digest(char digest[33])
{
    int rc = test_run(out, sizeof out, "timeout 60 %s replay %s --values %s --progress off 2>&1", test_bin(),
                      CORPUS, STORE);
    assert_int_equal(rc, 0);
    corpus_digest(out, digest);
}

/* A replay over input (a shell word: "-", a FIFO, "<(...)"), fed by feed
 * (a shell command run before it, or ""), reads all 2000 deals with the
 * regular file's digest, says nothing is lost and exits 0. --progress log
 * asks for the counting pass of the ETA, which must pass over inputs read
 * once. */
static void expect_replay_whole(const char *feed, const char *input, const char *stdin_from, const char *want)
{
    int rc = test_run(out, sizeof out,
                      "bash -c '%s timeout 60 %s replay %s --values %s --progress log %s' 2>&1", feed,
                      test_bin(), input, STORE, stdin_from);
    if (rc != 0) fail_msg("replay %s: exit %d:\n%s", input, rc, out);
    char digest[33];
    corpus_digest(out, digest);
    assert_string_equal(digest, want);
    assert_non_null(strstr(out, "input: 2000 deals read = 2000 accepted + 0 rejected"));
    assert_null(strstr(out, "INCOMPLETE"));
    assert_null(strstr(out, "text outside"));
}

static void test_fifo_gives_every_deal(void **state)
{
    (void)state;
    char f[256];
    fifo("deals.fifo", f);
    /* plain text, then the gzip bytes themselves, written by a child */
    int rc = test_run(out, sizeof out, "(timeout 60 sh -c 'gzip -dc %s > %s' &) ; timeout 60 %s check %s 2>&1",
                      CORPUS, f, test_bin(), f);
    if (rc != 0 || !strstr(out, ": pbn: " ALL_READ)) fail_msg("check of a FIFO: exit %d:\n%s", rc, out);
    rc = test_run(out, sizeof out, "(timeout 60 sh -c 'cat %s > %s' &) ; timeout 60 %s check %s 2>&1", CORPUS, f,
                  test_bin(), f);
    if (rc != 0 || !strstr(out, ": pbn: " ALL_READ)) fail_msg("check of gzip through a FIFO: exit %d:\n%s", rc, out);
    char want[33], feed[1024];
    file_digest(want);
    snprintf(feed, sizeof feed, "(timeout 60 sh -c \"gzip -dc %s > %s\" &) ;", CORPUS, f);
    expect_replay_whole(feed, f, "", want);
    unlink(f);
}

static void test_pipes_and_process_substitution(void **state)
{
    (void)state;
    int rc = test_run(out, sizeof out, "bash -c 'timeout 60 %s check <(gzip -dc %s)' 2>&1", test_bin(), CORPUS);
    if (rc != 0 || !strstr(out, ": pbn: " ALL_READ)) fail_msg("check <(gzip -dc): exit %d:\n%s", rc, out);
    rc = test_run(out, sizeof out, "cat %s | timeout 60 %s check - 2>&1", CORPUS, test_bin());
    if (rc != 0 || !strstr(out, "<stdin>: pbn: " ALL_READ)) fail_msg("gzip through a pipe: exit %d:\n%s", rc, out);
    char want[33], input[1024];
    file_digest(want);
    snprintf(input, sizeof input, "<(gzip -dc %s)", CORPUS);
    expect_replay_whole("", input, "", want);
    snprintf(input, sizeof input, "< <(gzip -dc %s)", CORPUS);
    expect_replay_whole("", "-", input, want);
    /* odds looks for a .wda archive first: not by reading the pipe */
    rc = test_run(out, sizeof out, "bash -c 'timeout 60 %s odds --corpus <(gzip -dc %s)' 2>&1", test_bin(),
                  CORPUS);
    assert_int_equal(rc, 0);
    char digest[33];
    corpus_digest(out, digest);
    assert_string_equal(digest, want);
    assert_null(strstr(out, "text outside"));
}

/* A .wda archive is mapped from its file: through a pipe, a process
 * substitution or a FIFO it is refused whole, with the reason. */
static void test_wda_through_a_pipe_is_refused(void **state)
{
    (void)state;
    char wda[256], f[256];
    snprintf(wda, sizeof wda, "%s", test_tmp("deals.wda"));
    int rc = test_run(out, sizeof out, "%s deal -n 50 --seed 1 -o %s 2>&1", test_bin(), wda);
    assert_int_equal(rc, 0);
    rc = test_run(out, sizeof out, "timeout 60 %s check %s 2>&1", test_bin(), wda);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, ": wda: 50 deals read, 50 accepted, 0 rejected\n"));
    rc = test_run(out, sizeof out, "cat %s | timeout 60 %s check - 2>&1", wda, test_bin());
    assert_int_equal(rc, 3);
    assert_non_null(strstr(out, "<stdin>: a .wda archive is mapped from its file: give its name, uncompressed"));
    static const char piped[] = "a .wda archive is mapped from its file: it cannot come through a pipe or FIFO "
                                "(give the archive's own name)\n";
    rc = test_run(out, sizeof out, "bash -c 'timeout 60 %s check <(cat %s)' 2>&1", test_bin(), wda);
    assert_int_equal(rc, 3);
    assert_non_null(strstr(out, piped));
    fifo("wda.fifo", f);
    rc = test_run(out, sizeof out, "(timeout 60 sh -c 'cat %s > %s' 2>/dev/null &) ; timeout 60 %s check %s 2>&1",
                  wda, f, test_bin(), f);
    assert_int_equal(rc, 3);
    assert_non_null(strstr(out, piped));
    rc = test_run(out, sizeof out,
                  "(timeout 60 sh -c 'cat %s > %s' 2>/dev/null &) ; timeout 60 %s check --format wda %s 2>&1", wda, f,
                  test_bin(), f);
    assert_int_equal(rc, 3);
    assert_non_null(strstr(out, "a .wda archive must be a regular file (it is mapped)"));
    assert_null(strstr(out, "deals read"));
    unlink(f);
    unlink(wda);
}

/* Item 8: a run over standard input, interrupted, cannot be resumed by
 * reading standard input again (the check of the deals before the resume
 * point would eat them, and the run would count what is left as all).
 * The first run is fed 1500 deals through a FIFO held open, interrupted
 * once its state is saved (the feeder then stops, to end the read it waits
 * in); the resume is refused, exit 3, and says why. */
static void test_resume_from_standard_input_is_refused(void **state)
{
    (void)state;
    char wls[256], f[256];
    snprintf(wls, sizeof wls, "%s", test_tmp("stdin.wls"));
    fifo("resume.fifo", f);
    unlink(wls);
    int rc = test_run(out, sizeof out,
                      "timeout 60 sh -c 'gzip -dc %s | head -n 9000; exec sleep 30' > %s & feeder=$! ; "
                      "timeout 60 %s replay - --values %s --save %s --checkpoint 100 --progress off < %s "
                      "> /dev/null 2>%s.err & pid=$! ; "
                      "for i in $(seq 300); do [ -f %s ] && break; sleep 0.1; done ; "
                      "kill -INT $pid ; sleep 0.2 ; kill $feeder ; wait $pid ; echo \"rc=$?\" ; cat %s.err",
                      CORPUS, f, test_bin(), STORE, wls, f, wls, wls, wls);
    if (!strstr(out, "rc=130")) fail_msg("the first run was not interrupted:\n%s", out);
    /* its message offers no --resume */
    bool offered = strstr(out, "whistlab replay --resume") != NULL;
    rc = test_run(out, sizeof out, "gzip -dc %s | timeout 30 %s replay --resume %s --values %s 2>&1", CORPUS,
                  test_bin(), wls, STORE);
    if (rc != 3) fail_msg("resumed over standard input: exit %d:\n%.2000s", rc, out);
    assert_non_null(strstr(out, "whistlab: cannot resume: <stdin>: standard input is read once: a run over it "
                                "cannot be resumed"));
    assert_null(strstr(out, "deals read"));
    assert_false(offered);
    char err[512];
    snprintf(err, sizeof err, "%s.err", wls);
    unlink(err);
    unlink(wls);
    unlink(f);
}

/* The digest a report gives a convention table ("table FILE DIGEST;"). */
static void table_digest(const char *report, char digest[33])
{
    const char *at = strstr(report, "table ");
    const char *space = at ? strchr(at + 6, ' ') : NULL;
    if (!space) fail_msg("no table line in:\n%s", report);
    memcpy(digest, space + 1, 32);
    digest[32] = 0;
}

/* A convention table is an input too: given as a process substitution or
 * a FIFO it is read once, whole, and the report gives the digest of the
 * text it was compiled from -- the regular file's (a second reading found
 * the pipe empty and digested nothing; a FIFO hung). */
static void test_table_through_a_pipe(void **state)
{
    (void)state;
    char table[256], f[256], want[33], got[33];
    snprintf(table, sizeof table, "%s", test_tmp("piped.tbl"));
    int rc = test_run(out, sizeof out, "sed 's/^name .*/name piped-long/' analyze/lead/conventions/long-suit.tbl > %s",
                      table);
    assert_int_equal(rc, 0);
    const char *run = "timeout 60 %s replay " CORPUS " --values " STORE " --limit 50 --progress off --conventions %s";
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s 2>&1", run);
    rc = test_run(out, sizeof out, cmd, test_bin(), table);
    assert_int_equal(rc, 0);
    table_digest(out, want);
    rc = test_run(out, sizeof out, "bash -c 'timeout 60 %s replay " CORPUS " --values " STORE
                  " --limit 50 --progress off --conventions <(cat %s)' 2>&1", test_bin(), table);
    if (rc != 0) fail_msg("a table by process substitution: exit %d:\n%s", rc, out);
    table_digest(out, got);
    assert_string_equal(got, want);
    assert_non_null(strstr(out, "piped-long"));
    fifo("table.fifo", f);
    char fed[2600];
    snprintf(fed, sizeof fed, "(timeout 60 sh -c 'cat %s > %s' &) ; %s", table, f, cmd);
    rc = test_run(out, sizeof out, fed, test_bin(), f);
    if (rc != 0) fail_msg("a table through a FIFO: exit %d:\n%s", rc, out);
    table_digest(out, got);
    assert_string_equal(got, want);
    unlink(f);
    unlink(table);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fifo_gives_every_deal),
        cmocka_unit_test(test_pipes_and_process_substitution),
        cmocka_unit_test(test_wda_through_a_pipe_is_refused),
        cmocka_unit_test(test_resume_from_standard_input_is_refused),
        cmocka_unit_test(test_table_through_a_pipe),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
