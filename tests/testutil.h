/* testutil.h -- shared helpers for the cmocka test programs: where the shared
 * corpora are, where the whistlab binary is, temporary files, and (in
 * testutil.c, linked into every test program) a whistlab run started in the
 * background and stopped, what an interrupted run says to go on with, and
 * the checks several test programs share. */
#ifndef WHISTLAB_TESTUTIL_H
#define WHISTLAB_TESTUTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <cmocka.h>
#include "analyze/lead/lead.h"

/* ../shared beside the repo, or $WHISTLAB_SHARED. */
static inline const char *test_shared_dir(void)
{
    const char *s = getenv("WHISTLAB_SHARED");
    return s && *s ? s : "../shared";
}

/* Path under the shared directory, in a static buffer (one at a time). */
static inline const char *test_shared(const char *rel)
{
    static char buf[4096];
    snprintf(buf, sizeof buf, "%s/%s", test_shared_dir(), rel);
    return buf;
}

/* Whether this is make check-long (WHISTLAB_LONG=1): a check that takes
 * minutes runs there in full, make check running a smaller variant. */
static inline int test_long(void)
{
    const char *s = getenv("WHISTLAB_LONG");
    return s && strcmp(s, "1") == 0;
}

/* Whether the heavy checks run on smaller inputs (WHISTLAB_SMALL=1, which
 * make check sets for the sanitizer programs): where the work is DDS's own
 * (not instrumented) the sanitizers add nothing to the release run but CPU,
 * so they see the same code paths on fewer deals. */
static inline int test_small(void)
{
    const char *s = getenv("WHISTLAB_SMALL");
    return s && strcmp(s, "1") == 0;
}

/* The whistlab binary under test: $WHISTLAB_BIN or ./whistlab. */
static inline const char *test_bin(void)
{
    const char *s = getenv("WHISTLAB_BIN");
    return s && *s ? s : "./whistlab";
}

/* The binary as an absolute path, for commands run in another directory. */
static inline const char *test_bin_abs(void)
{
    static char path[1024];
    char cwd[512];
    if (test_bin()[0] == '/') return test_bin();
    assert_non_null(getcwd(cwd, sizeof cwd));
    snprintf(path, sizeof path, "%s/%s", cwd, test_bin());
    return path;
}

/* Runs a shell command, captures up to cap-1 bytes of its stdout+stderr into
 * out, returns its exit status (or -1). */
static inline int test_run(char *out, size_t cap, const char *fmt, ...)
{
    char cmd[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    FILE *p = popen(cmd, "r");
    if (!p) return -1;
    size_t n = fread(out, 1, cap - 1, p);
    out[n] = 0;
    while (fgetc(p) != EOF) {}
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* The whole content of a file, NUL-terminated, in a new string; NULL when
 * it cannot be opened. */
static inline char *test_slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    assert_non_null(s);
    assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
    s[n] = 0;
    fclose(f);
    return s;
}

/* The whole content of dir/name, as test_slurp; the test fails when it
 * cannot be read (an output the command should have written). */
static inline char *test_slurp_in(const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    char *s = test_slurp(path);
    if (!s) fail_msg("%s: not written", path);
    return s;
}

/* Writes text to path, whole (a test's input file). */
static inline void test_write(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_true(fputs(text, f) >= 0);
    assert_int_equal(fclose(f), 0);
}

/* A temporary file name unique to this process, ending in suffix. Each
 * suffix has its own buffer for the life of the program, so that a test
 * keeps its names as plain pointers:
 *   const char *wls = test_tmp("k.wls"), *csv = test_tmp("k.csv"); */
static inline const char *test_tmp(const char *suffix)
{
    enum { NAMES = 128 };
    static char *names[NAMES]; /* reachable to the end: no leak */
    static int n;
    char name[256];
    snprintf(name, sizeof name, "/tmp/whistlab-test-%d-%s", (int)getpid(), suffix);
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0) return names[i];
    if (n == NAMES) fail_msg("test_tmp: more than %d names", NAMES);
    names[n] = strdup(name);
    assert_non_null(names[n]);
    return names[n++];
}

/* Removes the files named (a test's temporaries), each as remove() does:
 *   test_remove(wls, csv, err); */
void test_remove_files(const char *const paths[]);
#define test_remove(...) test_remove_files((const char *const[]){__VA_ARGS__, NULL})

/* Starts the binary under test with the arguments argv (NULL-ended, without
 * the program name), its standard output and error into the files named
 * (NULL: /dev/null); returns its process id. */
pid_t test_start(const char *out_path, const char *err_path, const char *const argv[]);

/* Waits until the file at path exists (a run's first checkpoint), polling
 * every 2 ms for at most 10 s, however slow the machine. */
void test_wait_for_file(const char *path);

/* Sends sig to the run pid and waits for it: its exit status, or -1 when
 * the signal ended it. */
int test_stop(pid_t pid, int sig);

/* The number N of an interrupted run's "interrupted after N deals". */
unsigned long long test_interrupted_after(const char *said);

/* The command an interrupted run of `whistlab cmd` says to paste ("... with:"
 * then "  whistlab CMD --resume ..."), with the binary under test in place
 * of `whistlab`; in a static buffer (one at a time). */
const char *test_resume_command(const char *said, const char *cmd);

/* Starts the binary under test with argv (as test_start) after removing
 * its state file, stops it with SIGINT once that file exists (its first
 * checkpoint), its stderr into err_path: its exit status (130 when it
 * stopped as interrupted). */
int test_run_and_stop(const char *const argv[], const char *state, const char *err_path);

/* The "go on with" command told in said_path, pasted whole into a shell as
 * a user would (the binary under test as `whistlab` on the PATH), its
 * stdout into out_path and stderr into err_path (NULL: /dev/null; it may be
 * said_path, read before the run). Its exit status. */
int test_go_on_as_told(const char *said_path, const char *out_path, const char *err_path);

/* The text of the file at path (a new string) without the lines that name
 * the command line, "command:" or "# command:" (the provenance's, which
 * differ between runs that should otherwise say the same). */
char *test_without_command(const char *path);

/* Asserts the files a and b say the same but for their command lines. */
void test_assert_same_but_command(const char *a, const char *b);

/* Deal k of a reproducible stream of random lead problems (the LCG state
 * *x shuffles a deck; the leader holds its first 13 cards): trumps cycle
 * through the four suits and no-trump, and when turnup_every divides not
 * k, the dealer turns up the first trump of the other 39 cards. For the
 * tests that compare ways of choosing a lead over many hands. */
lead_view test_random_lead_view(uint64_t *x, int k, uint64_t seed, int turnup_every);

#endif
