/* testutil.c -- the helpers of testutil.h that are more than a few lines:
 * a whistlab run started in the background and stopped by a signal (the
 * kill-and-resume tests), what an interrupted run says (how many deals
 * it did, the command to go on with, pasted), outputs compared but for
 * their command lines, and random lead problems. */
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

void test_remove_files(const char *const paths[])
{
    for (; *paths; paths++) remove(*paths);
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

int test_run_and_stop(const char *const argv[], const char *state, const char *err_path)
{
    remove(state);
    pid_t pid = test_start(NULL, err_path, argv);
    test_wait_for_file(state);
    return test_stop(pid, SIGINT);
}

int test_go_on_as_told(const char *said_path, const char *out_path, const char *err_path)
{
    char *text = test_slurp(said_path);
    assert_non_null(text);
    char *go = strstr(text, "go on with:\n  ");
    if (!go) fail_msg("no command to go on with:\n%s", text);
    go += strlen("go on with:\n  ");
    go[strcspn(go, "\n")] = 0;
    assert_non_null(strstr(go, " --resume "));
    char dir[1024], said[4096];
    snprintf(dir, sizeof dir, "%s", test_bin_abs());
    *strrchr(dir, '/') = 0;
    int rc = test_run(said, sizeof said, "PATH='%s':\"$PATH\" %s > %s 2> %s", dir, go, out_path,
                      err_path ? err_path : "/dev/null");
    free(text);
    return rc;
}

char *test_without_command(const char *path)
{
    char *s = test_slurp(path);
    assert_non_null(s);
    char *w = s;
    for (char *line = s; *line;) {
        size_t n = strcspn(line, "\n");
        n += line[n] == '\n';
        if (strncmp(line, "command:", 8) != 0 && strncmp(line, "# command:", 10) != 0) {
            memmove(w, line, n);
            w += n;
        }
        line += n;
    }
    *w = 0;
    return s;
}

void test_assert_same_but_command(const char *a, const char *b)
{
    char *x = test_without_command(a), *y = test_without_command(b);
    assert_string_equal(x, y);
    free(x);
    free(y);
}

lead_view test_random_lead_view(uint64_t *x, int k, uint64_t seed, int turnup_every)
{
    card_t deck[52];
    for (int c = 0; c < 52; c++) deck[c] = card_make(c / 13, 2 + c % 13);
    for (int c = 51; c > 0; c--) {
        *x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
        int r = (int)((*x >> 33) % (uint64_t)(c + 1));
        card_t t = deck[c];
        deck[c] = deck[r];
        deck[r] = t;
    }
    lead_view v = {.hand = 0, .trump = k % 5 == 4 ? STRAIN_NT : k % 5, .turnup = CARD_NONE,
                   .deal_key = (uint64_t)k, .seed = seed};
    for (int c = 0; c < 13; c++) v.hand |= 1ULL << deck[c];
    for (int c = 13; c < 52 && v.trump != STRAIN_NT && k % turnup_every; c++)
        if (card_suit(deck[c]) == v.trump) {
            v.turnup = deck[c];
            break;
        }
    return v;
}
