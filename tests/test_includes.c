/* test_includes.c -- no include circles (issue 27 item 4): a module is a
 * file's path without its extension (stats/plot_gp for plot_gp.c and
 * plot_gp.h); module A depends on module B when a file of A includes B's
 * header with #include "..." (resolved beside the file, then from the repo
 * root as -I. does). A circle among modules means two files that cannot be
 * read, tested or moved one without the other, so the tree must have none.
 * Run from the repo root, as every test program is. */
#include <dirent.h>
#include <stdbool.h>
#include <sys/stat.h>
#include "testutil.h"

/* snprintf into an array, failing the test if it does not fit */
#define PUT(buf, ...) assert_true(snprintf(buf, sizeof buf, __VA_ARGS__) < (int)sizeof buf)

#define MAX_MODULES 1024
#define MAX_EDGES 16384

typedef struct {
    char name[MAX_MODULES][256];
    int n;
    int from[MAX_EDGES], to[MAX_EDGES];
    int nedges;
} graph;

static int module_of(graph *g, const char *path)
{
    char m[256];
    PUT(m, "%s", path);
    char *dot = strrchr(m, '.'), *slash = strrchr(m, '/');
    if (dot && (!slash || dot > slash)) *dot = 0;
    for (int i = 0; i < g->n; i++)
        if (strcmp(g->name[i], m) == 0) return i;
    assert_true(g->n < MAX_MODULES);
    snprintf(g->name[g->n], sizeof g->name[0], "%s", m);
    return g->n++;
}

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Adds the edges of one source file (root/rel). */
static void scan_file(graph *g, const char *root, const char *rel)
{
    char path[1024], line[1024];
    PUT(path, "%s/%s", root, rel);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    int from = module_of(g, rel);
    while (fgets(line, sizeof line, f)) {
        const char *p = line;
        while (*p == ' ' || *p == '\t') p++;
        if (strncmp(p, "#include", 8) != 0) continue;
        const char *q = strchr(p + 8, '"');
        if (!q) continue; /* <system> headers */
        const char *e = strchr(q + 1, '"');
        if (!e) continue;
        char inc[1024], dir[1024], cand[4096], relinc[2048];
        PUT(inc, "%.*s", (int)(e - q - 1), q + 1);
        PUT(dir, "%s", rel);
        char *slash = strrchr(dir, '/');
        if (slash) *slash = 0;
        else dir[0] = 0;
        PUT(relinc, "%s%s%s", dir, *dir ? "/" : "", inc);
        PUT(cand, "%s/%s", root, relinc);
        if (!is_file(cand)) {
            PUT(relinc, "%s", inc);
            PUT(cand, "%s/%s", root, relinc);
            if (!is_file(cand)) continue; /* generated or external */
        }
        int to = module_of(g, relinc);
        if (to == from) continue;
        assert_true(g->nedges < MAX_EDGES);
        g->from[g->nedges] = from;
        g->to[g->nedges++] = to;
    }
    fclose(f);
}

/* Every .c and .h under root/dir, its subfolders too. */
static void scan_dir(graph *g, const char *root, const char *dir)
{
    char path[1024];
    PUT(path, "%s/%s", root, dir);
    DIR *d = opendir(path);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char rel[2048];
        PUT(rel, "%s/%s", dir, e->d_name);
        PUT(path, "%s/%s", root, rel);
        struct stat st;
        if (stat(path, &st) != 0) continue;
        size_t n = strlen(e->d_name);
        if (S_ISDIR(st.st_mode)) scan_dir(g, root, rel);
        else if (n > 2 && (strcmp(e->d_name + n - 2, ".c") == 0 || strcmp(e->d_name + n - 2, ".h") == 0))
            scan_file(g, root, rel);
    }
    closedir(d);
}

/* Depth-first search: 0 unseen, 1 on the path, 2 done. Writes the first
 * circle found as "a -> b -> a" into out; false if there is none. */
static bool find_circle(const graph *g, int v, int *state, int *stack, int depth, char *out, size_t cap)
{
    state[v] = 1;
    stack[depth] = v;
    for (int k = 0; k < g->nedges; k++) {
        if (g->from[k] != v) continue;
        int w = g->to[k];
        if (state[w] == 1) {
            size_t len = 0;
            int i = depth;
            while (stack[i] != w) i--;
            for (; i <= depth; i++) len += (size_t)snprintf(out + len, cap - len, "%s -> ", g->name[stack[i]]);
            snprintf(out + len, cap - len, "%s", g->name[w]);
            return true;
        }
        if (state[w] == 0 && find_circle(g, w, state, stack, depth + 1, out, cap)) return true;
    }
    state[v] = 2;
    return false;
}

static bool circle_in(const char *root, const char *const *dirs, char *out, size_t cap)
{
    static graph g;
    memset(&g, 0, sizeof g);
    for (int i = 0; dirs[i]; i++) scan_dir(&g, root, dirs[i]);
    static int state[MAX_MODULES], stack[MAX_MODULES];
    memset(state, 0, sizeof state);
    for (int v = 0; v < g.n; v++)
        if (state[v] == 0 && find_circle(&g, v, state, stack, 0, out, cap)) return true;
    return false;
}

/* The checker finds a circle between two modules (a.c includes b.h, b.h
 * includes a.h, the path from the root as -I. gives it), and none before
 * b.h includes a.h. */
static void test_checker_finds_a_circle(void **state)
{
    (void)state;
    char root[] = "/tmp/whistlab-includes-XXXXXX";
    assert_non_null(mkdtemp(root));
    char path[256], out[4096] = "";
    PUT(path, "%s/m", root);
    assert_int_equal(mkdir(path, 0777), 0);
    PUT(path, "%s/m/a.c", root);
    test_write(path, "#include <stdio.h>\n#include \"b.h\"\n");
    PUT(path, "%s/m/a.h", root);
    test_write(path, "#include <stdio.h>\n");
    PUT(path, "%s/m/b.h", root);
    test_write(path, "#include \"m/c.h\"\n");
    PUT(path, "%s/m/c.h", root);
    test_write(path, "int c;\n");
    const char *const dirs[] = {"m", NULL};
    assert_false(circle_in(root, dirs, out, sizeof out));
    PUT(path, "%s/m/c.h", root);
    test_write(path, "#include \"m/a.h\"\n");
    assert_true(circle_in(root, dirs, out, sizeof out));
    assert_string_equal(out, "m/a -> m/b -> m/c -> m/a");
    char cmd[512];
    PUT(cmd, "rm -rf %s", root);
    assert_int_equal(system(cmd), 0);
}

static void test_tree_has_no_circle(void **state)
{
    (void)state;
    const char *const dirs[] = {"formats", "stats", "analyze", "cli", "tests", NULL};
    char out[4096] = "";
    bool circle = circle_in(".", dirs, out, sizeof out);
    if (circle) fprintf(stderr, "include circle: %s\n", out);
    assert_false(circle);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_checker_finds_a_circle),
        cmocka_unit_test(test_tree_has_no_circle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
