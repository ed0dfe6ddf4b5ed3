/* testutil.c -- the helpers of testutil.h that are more than a few lines:
 * a whistlab run started in the background and stopped by a signal (the
 * kill-and-resume tests), and what an interrupted run says (how many deals
 * it did, the command to go on with). */
#include <fcntl.h>
#include <signal.h>
#include <time.h>
#include "testutil.h"

/* fd, in the child, onto the file at path (or /dev/null). */
static void redirect(int fd, const char *path)
{
    int to = open(path ? path : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (to < 0 || dup2(to, fd) < 0) _exit(127);
    close(to);
}

pid_t test_start(const char *out_path, const char *err_path, const char *const argv[])
{
    size_t n = 0;
    while (argv[n]) n++;
    const char **args = calloc(n + 2, sizeof *args);
    assert_non_null(args);
    args[0] = test_bin();
    memcpy(args + 1, argv, n * sizeof *args);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        redirect(STDOUT_FILENO, out_path);
        redirect(STDERR_FILENO, err_path);
        execv(test_bin(), (char *const *)args);
        _exit(127);
    }
    free(args);
    return pid;
}

void test_wait_for_file(const char *path)
{
    struct timespec tick = {0, 2000000};
    for (int i = 0; i < 5000 && access(path, F_OK) != 0; i++) nanosleep(&tick, NULL);
}

int test_stop(pid_t pid, int sig)
{
    kill(pid, sig);
    int st;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

unsigned long long test_interrupted_after(const char *said)
{
    const char *at = strstr(said, "interrupted after ");
    if (!at) fail_msg("no \"interrupted after N deals\" in:\n%s", said);
    unsigned long long done = 0;
    assert_int_equal(sscanf(at, "interrupted after %llu deals", &done), 1);
    return done;
}

const char *test_resume_command(const char *said, const char *cmd)
{
    static char again[8192];
    char want[64];
    snprintf(want, sizeof want, " with:\n  whistlab %s --resume ", cmd);
    const char *at = strstr(said, want);
    if (!at) fail_msg("no command to paste (\"%s\") in:\n%s", want + 1, said);
    at += strlen(" with:\n  whistlab");
    int n = snprintf(again, sizeof again, "%s%.*s", test_bin(), (int)strcspn(at, "\n"), at);
    assert_true(n > 0 && (size_t)n < sizeof again);
    return again;
}
