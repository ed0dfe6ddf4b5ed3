/* test_docs.c -- the documentation against the program: every option that
 * a command's --help prints is in that command's part of the man page
 * (whistlab.1), whose OPTIONS section is what `make man` makes of the
 * --help texts today (cli/man-options.sh), every example command line of README.md runs when pasted
 * (exit 0, some output), and `make install` / `make uninstall` put and
 * take the files where Debian packaging expects them. */
#include <ctype.h>
#include <stdbool.h>
#include <sys/stat.h>
#include "testutil.h"

static char out[1 << 17];

/* The man page's text as read: font escapes dropped, \- as -. */
static char *man_plain(const char *src)
{
    char *o = malloc(strlen(src) + 1);
    assert_non_null(o);
    size_t k = 0;
    for (const char *p = src; *p; p++) {
        if (p[0] == '\\' && p[1] == 'f' && p[2]) {
            p += 2;
            continue;
        }
        if (p[0] == '\\' && p[1] == '-') {
            o[k++] = '-';
            p++;
            continue;
        }
        o[k++] = *p;
    }
    o[k] = 0;
    return o;
}

/* The text of section `name` (".SH NAME" up to the next .SH), in a new string. */
static char *man_section(const char *man, const char *name)
{
    char head[64];
    snprintf(head, sizeof head, "\n.SH %s\n", name);
    const char *at = strstr(man, head);
    if (!at) fail_msg("whistlab.1 has no section %s", name);
    at += strlen(head);
    const char *end = strstr(at, "\n.SH ");
    size_t n = end ? (size_t)(end - at) : strlen(at);
    char *s = malloc(n + 1);
    memcpy(s, at, n);
    s[n] = 0;
    return s;
}

/* The part of COMMANDS about cmd: every entry (".TP" then ".B cmd ...",
 * with its ".TQ" forms) to the next entry of another command. */
static char *man_command(const char *commands, const char *cmd)
{
    size_t cap = strlen(commands) + 1, k = 0;
    char *s = calloc(cap, 1);
    bool in = false;
    const char *line = commands;
    while (*line) {
        const char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line) : strlen(line);
        if (len > 3 && strncmp(line, ".B ", 3) == 0 && line > commands) {
            /* a heading: the previous line is .TP (a new entry) or .TQ (another form) */
            const char *prev = line - 1;
            while (prev > commands && prev[-1] != '\n') prev--;
            if (strncmp(prev, ".TP", 3) == 0) {
                size_t w = strcspn(line + 3, " \n");
                in = w == strlen(cmd) && strncmp(line + 3, cmd, w) == 0;
            }
        }
        if (in) {
            memcpy(s + k, line, len);
            k += len;
            s[k++] = '\n';
        }
        line += len + (nl ? 1 : 0);
    }
    return s;
}

/* Whether opt is in text as a whole option (not the start of a longer one). */
static bool has_option(const char *text, const char *opt)
{
    size_t n = strlen(opt);
    for (const char *p = text; (p = strstr(p, opt)); p++) {
        bool start = p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '-');
        bool end = !(isalnum((unsigned char)p[n]) || p[n] == '-' || p[n] == '_');
        if (start && end) return true;
    }
    return false;
}

/* The options a --help text names: -x and --long tokens that start a word
 * (after a blank, '[', '(', ',' or '|'). Returns how many, in opts. */
static int help_options(const char *help, char opts[][48], int max)
{
    int n = 0;
    for (const char *p = help; *p && n < max; p++) {
        if (*p != '-') continue;
        bool start = p == help || strchr(" \t\n[(,|", p[-1]);
        if (!start) continue;
        const char *q = p + 1;
        if (*q == '-') q++;
        if (!isalpha((unsigned char)*q)) continue;
        const char *e = q;
        while (isalnum((unsigned char)*e) || *e == '-') e++;
        if (q == p + 1 && e - q != 1) continue; /* a short option is one letter */
        size_t len = (size_t)(e - p);
        if (len >= 48) continue;
        bool seen = false;
        for (int i = 0; i < n; i++) seen |= strncmp(opts[i], p, len) == 0 && opts[i][len] == 0;
        if (!seen) {
            memcpy(opts[n], p, len);
            opts[n++][len] = 0;
        }
        p = e - 1;
    }
    return n;
}

static const char *const COMMANDS[] = {"check", "show", "convert", "replay", "merge", "plot",
                                       "odds", "lead", "conventions", "deal", "play", "claims", "solve"};

static void test_help_options_in_man_page(void **state)
{
    (void)state;
    char *src = test_slurp("whistlab.1");
    assert_non_null(src);
    char *man = man_plain(src);
    char *commands = man_section(man, "COMMANDS");
    char *common = man_section(man, "COMMON OPTIONS");
    char *input = man_section(man, "INPUT OPTIONS");
    int missing = 0;
    for (size_t c = 0; c < sizeof COMMANDS / sizeof COMMANDS[0]; c++) {
        int rc = test_run(out, sizeof out, "%s %s --help", test_bin(), COMMANDS[c]);
        assert_int_equal(rc, 0);
        char *part = man_command(commands, COMMANDS[c]);
        if (!*part) fail_msg("whistlab.1 has no entry for %s", COMMANDS[c]);
        static char opts[128][48];
        int n = help_options(out, opts, 128);
        assert_true(n > 0);
        assert_true(has_option(out, "--quiet") && has_option(out, "--verbose")); /* every command takes them */
        for (int i = 0; i < n; i++)
            if (!has_option(part, opts[i]) && !has_option(common, opts[i]) && !has_option(input, opts[i])) {
                fprintf(stderr, "whistlab.1: %s: %s is in --help, not in the man page\n", COMMANDS[c], opts[i]);
                missing++;
            }
        free(part);
    }
    assert_int_equal(missing, 0);
    /* the top-level help names the .wda archives and exit status 130 */
    assert_int_equal(test_run(out, sizeof out, "%s --help", test_bin()), 0);
    assert_non_null(strstr(out, ".wda"));
    assert_non_null(strstr(out, "130"));
    static char opts[64][48];
    int n = help_options(out, opts, 64);
    for (int i = 0; i < n; i++)
        if (!has_option(man, opts[i])) fail_msg("whistlab.1: %s (whistlab --help) is not in the man page", opts[i]);
    /* odds reads .wda too */
    assert_int_equal(test_run(out, sizeof out, "%s odds --help", test_bin()), 0);
    assert_non_null(strstr(out, "gib, lin, wda"));
    free(commands);
    free(common);
    free(input);
    free(man);
    free(src);
}

/* --- README examples ---
 *
 * An example is a line of a fenced code block that starts with `whistlab `,
 * or in a block that shows a session (a line starts with the prompt `$ `)
 * one that starts with `$ whistlab ` (the prompt is not pasted; the other
 * lines are output), with its `\` continuation lines. They run in a scratch directory that sees the repository's
 * corpora/ and, as ../shared, the shared corpora, with the binary under
 * test first on PATH. An HTML comment on the line before a block's fence
 * marks it for this test (README.md's source says why, beside it):
 *   <!-- examples: skip -->              the block is not run
 *   <!-- examples: add CMD OPTIONS -->   OPTIONS are added to each
 *                    `whistlab CMD` of the block (--limit 40: quicker)
 *   <!-- examples: long ... -->          the block is heavy (minutes of
 *                    CPU): run by make check-long (WHISTLAB_LONG=1), not by
 *                    make check
 */
typedef struct {
    char cmd[2048];
    int line;
} example;

/* The examples of the blocks marked long (long_ones) or of the others. */
static int readme_examples(const char *readme, bool long_ones, example *ex, int max)
{
    int n = 0, lineno = 0;
    bool in_block = false, skip = false;
    char add[256] = "", pending_add[256] = "";
    bool pending_skip = false, pending_long = false, session = false;
    const char *line = readme;
    while (*line) {
        const char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line) : strlen(line);
        lineno++;
        char buf[2048];
        snprintf(buf, sizeof buf, "%.*s", (int)(len < sizeof buf ? len : sizeof buf - 1), line);
        if (strncmp(buf, "```", 3) == 0) {
            in_block = !in_block;
            if (in_block) {
                const char *close = nl ? strstr(nl + 1, "\n```") : NULL;
                const char *prompt = nl ? strstr(nl, "\n$ ") : NULL;
                session = prompt && (!close || prompt < close);
                skip = pending_skip || pending_long != long_ones;
                snprintf(add, sizeof add, "%s", pending_add);
            }
            pending_skip = false;
            pending_long = false;
            pending_add[0] = 0;
        } else if (!in_block && strncmp(buf, "<!-- examples: skip", 19) == 0) {
            pending_skip = true;
        } else if (!in_block && strncmp(buf, "<!-- examples: long", 19) == 0) {
            pending_long = true;
        } else if (!in_block && strncmp(buf, "<!-- examples: add ", 19) == 0) {
            snprintf(pending_add, sizeof pending_add, "%.200s", buf + 19);
            char *end = strstr(pending_add, " -->");
            if (end) *end = 0;
        } else if (in_block) {
            const char *c = session ? (strncmp(buf, "$ whistlab ", 11) == 0 ? buf + 2 : NULL)
                                    : (strncmp(buf, "whistlab ", 9) == 0 ? buf : NULL);
            if (c && !skip && n < max) {
                example *e = &ex[n++];
                e->line = lineno;
                snprintf(e->cmd, sizeof e->cmd, "%s", c);
                /* continuation lines */
                while (strlen(e->cmd) && e->cmd[strlen(e->cmd) - 1] == '\\' && nl) {
                    e->cmd[strlen(e->cmd) - 1] = ' ';
                    line = nl + 1;
                    nl = strchr(line, '\n');
                    len = nl ? (size_t)(nl - line) : strlen(line);
                    lineno++;
                    size_t k = strlen(e->cmd);
                    snprintf(e->cmd + k, sizeof e->cmd - k, "%.*s", (int)len, line);
                }
                size_t w = strcspn(add, " ");
                if (add[0] && strncmp(e->cmd + 9, add, w) == 0 && e->cmd[9 + w] == ' ') {
                    size_t k = strlen(e->cmd);
                    snprintf(e->cmd + k, sizeof e->cmd - k, "%s", add + w);
                }
            }
        }
        line += len + (nl ? 1 : 0);
    }
    return n;
}

/* Runs README's examples, those of the long blocks or the others, as a
 * user pasting them would; at least `least` of them. */
static void readme_examples_run(bool long_ones, int least)
{
    char *readme = test_slurp("README.md");
    assert_non_null(readme);
    static example ex[64];
    int n = readme_examples(readme, long_ones, ex, 64);
    assert_true(n >= least);
    char cwd[1024], bin[1200], dir[256], shared[1200];
    assert_non_null(getcwd(cwd, sizeof cwd));
    snprintf(bin, sizeof bin, "%s/%s", cwd, test_bin());
    *strrchr(bin, '/') = 0; /* its directory, for PATH */
    const char *sh = test_shared_dir();
    snprintf(shared, sizeof shared, "%s%s%s", sh[0] == '/' ? "" : cwd, sh[0] == '/' ? "" : "/", sh);
    snprintf(dir, sizeof dir, "%s", test_tmp("examples"));
    assert_int_equal(test_run(out, sizeof out, "rm -rf '%s' && mkdir -p '%s/repo' && ln -s '%s/corpora' '%s/repo/corpora' "
                                                "&& ln -s '%s' '%s/shared'",
                              dir, dir, cwd, dir, shared, dir),
                     0);
    for (int i = 0; i < n; i++) {
        int rc = test_run(out, sizeof out, "cd '%s/repo' && PATH='%s':\"$PATH\" %s </dev/null 2>&1", dir, bin, ex[i].cmd);
        if (rc != 0 || !out[0])
            fail_msg("README.md:%d: exit %d%s:\n  %s\n%.2000s", ex[i].line, rc, out[0] ? "" : ", no output", ex[i].cmd,
                     out);
    }
    test_run(out, sizeof out, "rm -rf '%s'", dir);
    free(readme);
}

/* The OPTIONS section between its markers is what cli/man-options.sh makes
 * of today's --help (the option tables): an option added, renamed or
 * reworded fails here until `make man` is run. */
static void test_man_options_current(void **state)
{
    (void)state;
    char *src = test_slurp("whistlab.1");
    assert_non_null(src);
    const char *begin = strstr(src, ".\\\" OPTIONS: made by");
    const char *end = strstr(src, ".\\\" end of OPTIONS\n");
    assert_non_null(begin);
    assert_non_null(end);
    begin = strchr(begin, '\n') + 1;
    static char made[1 << 17];
    assert_int_equal(test_run(made, sizeof made, "sh cli/man-options.sh %s", test_bin()), 0);
    size_t n = (size_t)(end - begin);
    if (strlen(made) != n || memcmp(made, begin, n) != 0)
        fail_msg("whistlab.1: the OPTIONS section is not what --help says today: run `make man`");
    assert_non_null(strstr(made, ".SS replay\n"));
    assert_non_null(strstr(made, "\\fB\\-\\-threads\\fR \\fIN\\fR"));
    free(src);
}

static void test_readme_examples_run(void **state)
{
    (void)state;
    readme_examples_run(false, 5);
}

/* make check-long's part: the examples that take minutes (lead --simulate 5000). */
static void test_readme_long_examples_run(void **state)
{
    (void)state;
    if (!test_long()) skip();
    readme_examples_run(true, 1);
}

static bool is_file(const char *root, const char *rel)
{
    char p[1024];
    snprintf(p, sizeof p, "%s%s", root, rel);
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* Issue 28 item 6: what a reader pasting the examples trips over is said
 * where it happens. */
static void test_pasting(void **state)
{
    (void)state;
    char *readme = test_slurp("README.md"), *man = test_slurp("whistlab.1");
    assert_non_null(readme);
    assert_non_null(man);
    /* the set-up puts the program on PATH, before the first example */
    const char *path = strstr(readme, "export PATH=$PWD:$PATH"), *first = strstr(readme, "\n$ whistlab ");
    assert_non_null(path);
    assert_true(first && path < first);
    assert_non_null(strstr(readme, "whistlab: command not found"));
    /* wherever mpirun is shown, running it as root is said too */
    const char *docs[2] = {readme, man};
    for (int d = 0; d < 2; d++) {
        assert_non_null(strstr(docs[d], "mpirun"));
        assert_non_null(strstr(docs[d], d ? "\\-\\-allow\\-run\\-as\\-root" : "--allow-run-as-root"));
    }
    /* the state file's version is said once, in the code (stats/report/wls.h), not as a number here */
    assert_null(strstr(man, "state file is version"));
    free(readme);
    free(man);
    /* deal --help names pattern() and the seats' other names; solve --help -q and -v */
    assert_int_equal(test_run(out, sizeof out, "%s deal --help", test_bin()), 0);
    assert_non_null(strstr(out, "pattern(SEAT) == \"4-4-3-2\""));
    assert_non_null(strstr(out, "leader (or eldest)"));
    assert_int_equal(test_run(out, sizeof out, "%s solve --help", test_bin()), 0);
    assert_non_null(strstr(out, "-q, --quiet"));
    assert_non_null(strstr(out, "-v, --verbose"));
}

static void test_install_uninstall(void **state)
{
    (void)state;
    const char *root = test_tmp("destdir");
    char dest[256];
    snprintf(dest, sizeof dest, "%s", root);
    int rc = test_run(out, sizeof out,
                      "rm -rf '%s' && make --no-print-directory install DESTDIR='%s' PREFIX=/usr INSTALL_BIN='%s' 2>&1",
                      dest, dest, test_bin());
    if (rc != 0) fail_msg("make install: exit %d\n%s", rc, out);
    static const char *const FILES[] = {
        "/usr/bin/whistlab", "/usr/share/man/man1/whistlab.1", "/usr/share/doc/whistlab/README.md",
        "/usr/share/doc/whistlab/lead/RULES.md", "/usr/share/doc/whistlab/play/RULES.md",
        "/usr/share/doc/whistlab/lead/conventions/README.md",
        "/usr/share/doc/whistlab/lead/conventions/long-suit.tbl",
        "/usr/share/doc/whistlab/lead/conventions/short-suit.tbl",
    };
    for (size_t i = 0; i < sizeof FILES / sizeof FILES[0]; i++)
        if (!is_file(dest, FILES[i])) fail_msg("make install: no %s under DESTDIR", FILES[i]);
    char bin[512];
    snprintf(bin, sizeof bin, "%s/usr/bin/whistlab", dest);
    assert_int_equal(access(bin, X_OK), 0);
    assert_int_equal(test_run(out, sizeof out, "'%s' --version", bin), 0);
    assert_non_null(strstr(out, "whistlab "));
    rc = test_run(out, sizeof out, "make --no-print-directory uninstall DESTDIR='%s' PREFIX=/usr 2>&1", dest);
    assert_int_equal(rc, 0);
    for (size_t i = 0; i < sizeof FILES / sizeof FILES[0]; i++)
        if (is_file(dest, FILES[i])) fail_msg("make uninstall left %s", FILES[i]);
    test_run(out, sizeof out, "rm -rf '%s'", dest);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_help_options_in_man_page),
        cmocka_unit_test(test_man_options_current),
        cmocka_unit_test(test_readme_examples_run),
        cmocka_unit_test(test_readme_long_examples_run),
        cmocka_unit_test(test_pasting),
        cmocka_unit_test(test_install_uninstall),
    };
    return cmocka_run_group_tests_name("the documentation against the program", tests, NULL, NULL);
}
