/* test_plot.c -- the figures (stats/report/plot.h) as users make them: a real
 * small run (replay --eval play --limit 300, three conventions, --plot) and
 * odds on the shipped corpus (--plot), each SVG parsed as XML by a small
 * strict checker (tags balanced and nested, attributes quoted, entities
 * known, one root) and searched for its titles, axis labels and series
 * names; every drawn series non-empty; the .gp and .dat beside each SVG;
 * the numbers of the data files against the summary CSV; `whistlab plot`
 * on the same CSV giving the same data; a script redrawn by hand; and the
 * failures: a missing file, a table that is not a summary, an unwritable
 * directory, gnuplot missing or failing, a figure cut short by a full
 * disk; and what gnuplot says coming back to the caller (the failure's
 * diag, notes naming the script), the library writing nothing on stderr;
 * hostile names (file, directory, conventions, odds tables) drawn without
 * running anything, or refused; the outputs' mode the umask's; and the
 * layout of the odds and by-holding figures read from their scripts (the
 * canvas from the panels, labels whole, the titles and the key placed). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdbool.h>
#include <sys/stat.h>
#include <unistd.h>
#include "stats/report/plot.h"
#include "testutil.h"

#define CORPUS "corpora/whist-2000.pbn.gz"
/* CORPUS's double-dummy values (whistlab solve): the double-dummy figures'
 * runs read them (--values) rather than solve, the same numbers for a
 * fraction of the CPU; test_replay and test_solve test the solving. */
#define STORE "corpora/whist-2000.wdv"
#define MINUS "\xe2\x88\x92"

static char out[1 << 20];
static char base[256], summary_csv[320], odds_csv[320], deals_csv[320];
static char run_dir[320], odds_dir[320], replay_stdout[1 << 16];

/* ---- a small strict XML checker ---- */

#define MAX_TEXTS 4096
#define MAX_DEPTH 64

typedef struct {
    char *text[MAX_TEXTS]; /* the text of each <text> element, entities decoded */
    int ntexts;
    int groups;            /* <g id="gnuplot_plot_..."> */
    int empty_groups;      /* ... with nothing drawn in them */
    char root[32];
    char why[256];         /* why it is not well formed; "" if it is */
} svg_doc;

static void svg_free(svg_doc *d)
{
    for (int i = 0; i < d->ntexts; i++) free(d->text[i]);
    d->ntexts = 0;
}

static bool name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
           c == ':' || c == '.';
}

/* Decodes the entity at *p (after '&') into buf; false if unknown. */
static bool entity(const char **p, char *buf, size_t *len)
{
    static const struct { const char *name; char ch; } E[] = {
        {"amp;", '&'}, {"lt;", '<'}, {"gt;", '>'}, {"quot;", '"'}, {"apos;", '\''}};
    for (size_t i = 0; i < sizeof E / sizeof E[0]; i++)
        if (strncmp(*p, E[i].name, strlen(E[i].name)) == 0) {
            buf[(*len)++] = E[i].ch;
            *p += strlen(E[i].name);
            return true;
        }
    if (**p == '#') {
        char *end;
        long v = (*p)[1] == 'x' ? strtol(*p + 2, &end, 16) : strtol(*p + 1, &end, 10);
        if (*end != ';' || v <= 0 || v > 0x7f) return false; /* ASCII only: enough for gnuplot's */
        buf[(*len)++] = (char)v;
        *p = end + 1;
        return true;
    }
    return false;
}

/* Parses doc; false with d->why if it is not well formed. */
static bool svg_parse(const char *doc, svg_doc *d)
{
    memset(d, 0, sizeof *d);
    char stack[MAX_DEPTH][32];
    int depth = 0, plot_group_depth = -1, drawn = 0, text_depth = -1, roots = 0;
    static char text[1 << 14];
    size_t tlen = 0;
    const char *p = doc;
#define FAIL(...) do { snprintf(d->why, sizeof d->why, __VA_ARGS__); return false; } while (0)
    while (*p) {
        if (*p != '<') {
            if (*p == '&') {
                p++;
                char tmp[4];
                size_t n = 0;
                if (!entity(&p, tmp, &n)) FAIL("unknown entity at offset %ld", (long)(p - doc));
                if (text_depth >= 0 && tlen + n < sizeof text) memcpy(text + tlen, tmp, n), tlen += n;
                continue;
            }
            if (*p == '>') FAIL("stray '>' at offset %ld", (long)(p - doc));
            if (depth == 0 && !(*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r'))
                FAIL("text outside the root element at offset %ld", (long)(p - doc));
            if (text_depth >= 0 && tlen + 1 < sizeof text) text[tlen++] = *p;
            p++;
            continue;
        }
        if (strncmp(p, "<?", 2) == 0) {
            const char *e = strstr(p, "?>");
            if (!e) FAIL("unterminated <?");
            p = e + 2;
            continue;
        }
        if (strncmp(p, "<!--", 4) == 0) {
            const char *e = strstr(p + 4, "-->");
            if (!e) FAIL("unterminated comment");
            p = e + 3;
            continue;
        }
        if (strncmp(p, "<![CDATA[", 9) == 0) {
            const char *e = strstr(p, "]]>");
            if (!e || depth == 0) FAIL("bad CDATA");
            p = e + 3;
            continue;
        }
        if (strncmp(p, "<!", 2) == 0) {
            const char *e = strchr(p, '>');
            if (!e || depth) FAIL("bad declaration");
            p = e + 1;
            continue;
        }
        if (p[1] == '/') { /* end tag */
            const char *n = p + 2, *e = n;
            while (name_char(*e)) e++;
            size_t len = (size_t)(e - n);
            while (*e == ' ' || *e == '\n' || *e == '\t') e++;
            if (*e != '>') FAIL("bad end tag at offset %ld", (long)(p - doc));
            if (depth == 0) FAIL("end tag </%.*s> without a start", (int)len, n);
            if (strlen(stack[depth - 1]) != len || strncmp(stack[depth - 1], n, len) != 0)
                FAIL("</%.*s> closes <%.31s>", (int)(len < 31 ? len : 31), n, stack[depth - 1]);
            depth--;
            if (depth == text_depth) {
                text[tlen] = 0;
                if (d->ntexts < MAX_TEXTS) d->text[d->ntexts++] = strdup(text);
                text_depth = -1;
            }
            if (depth == plot_group_depth) {
                d->groups++;
                d->empty_groups += drawn == 0;
                plot_group_depth = -1;
            }
            p = e + 1;
            continue;
        }
        /* start tag */
        const char *n = p + 1, *e = n;
        while (name_char(*e)) e++;
        size_t len = (size_t)(e - n);
        if (!len || len >= sizeof stack[0]) FAIL("bad tag name at offset %ld", (long)(p - doc));
        char tag[32];
        memcpy(tag, n, len);
        tag[len] = 0;
        bool plot_group = false;
        for (;;) { /* attributes: name="value" or name='value' */
            while (*e == ' ' || *e == '\n' || *e == '\t' || *e == '\r') e++;
            if (*e == '>' || (e[0] == '/' && e[1] == '>')) break;
            const char *an = e;
            while (name_char(*e)) e++;
            if (e == an) FAIL("bad attribute in <%s> at offset %ld", tag, (long)(e - doc));
            size_t alen = (size_t)(e - an);
            while (*e == ' ') e++;
            if (*e != '=') FAIL("attribute without a value in <%s>", tag);
            e++;
            while (*e == ' ') e++;
            char q = *e;
            if (q != '"' && q != '\'') FAIL("unquoted attribute in <%s>", tag);
            const char *v = ++e;
            while (*e && *e != q) {
                if (*e == '<') FAIL("'<' in an attribute of <%s>", tag);
                e++;
            }
            if (!*e) FAIL("unterminated attribute in <%s>", tag);
            if (alen == 2 && strncmp(an, "id", 2) == 0 && strncmp(v, "gnuplot_plot_", 13) == 0) plot_group = true;
            e++;
        }
        bool empty = *e == '/';
        if (depth == 0) {
            if (roots++) FAIL("a second root element <%s>", tag);
            snprintf(d->root, sizeof d->root, "%s", tag);
        }
        if (plot_group_depth >= 0 && (!strcmp(tag, "path") || !strcmp(tag, "use") || !strcmp(tag, "polyline") ||
                                      !strcmp(tag, "line") || !strcmp(tag, "circle") || !strcmp(tag, "rect") ||
                                      !strcmp(tag, "polygon")))
            drawn++;
        if (!empty) {
            if (depth == MAX_DEPTH) FAIL("nested too deep");
            snprintf(stack[depth], sizeof stack[0], "%s", tag);
            if (!strcmp(tag, "text") && text_depth < 0) {
                text_depth = depth;
                tlen = 0;
            }
            if (plot_group && plot_group_depth < 0) {
                plot_group_depth = depth;
                drawn = 0;
            }
            depth++;
        }
        p = e + (empty ? 2 : 1);
    }
    if (depth) FAIL("<%s> not closed", stack[depth - 1]);
    if (!roots) FAIL("no root element");
#undef FAIL
    return true;
}

static bool svg_has_text(const svg_doc *d, const char *s)
{
    for (int i = 0; i < d->ntexts; i++)
        if (strcmp(d->text[i], s) == 0) return true;
    return false;
}

static bool svg_has_text_containing(const svg_doc *d, const char *s)
{
    for (int i = 0; i < d->ntexts; i++)
        if (strstr(d->text[i], s)) return true;
    return false;
}

static bool exists(const char *dir, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    struct stat st;
    return stat(path, &st) == 0 && st.st_size > 0;
}

/* The net-gain figure's data and script are in dir, its SVG is not. */
static void scripts_without_figure(const char *dir)
{
    assert_true(exists(dir, "net-gain.gp"));
    assert_true(exists(dir, "net-gain.dat"));
    assert_false(exists(dir, "net-gain.svg"));
}

/* The files in dir whose name has ".tmp." (a temporary left behind). */
static int temporaries(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));) n += strstr(e->d_name, ".tmp.") != NULL;
    closedir(d);
    return n;
}

/* Parses DIR/NAME.svg into d (asserting it is well formed, an <svg>), and
 * asserts NAME.gp and NAME.dat beside it, the script writing NAME.svg. */
static void load_figure(const char *dir, const char *name, svg_doc *d)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s.svg", dir, name);
    char *doc = test_slurp(path);
    if (!doc) fail_msg("%s: missing", path);
    bool ok = svg_parse(doc, d);
    free(doc);
    if (!ok) fail_msg("%s: not well formed: %s", path, d->why);
    assert_string_equal(d->root, "svg");
    snprintf(path, sizeof path, "%s/%s.gp", dir, name);
    char *gp = test_slurp(path);
    if (!gp) fail_msg("%s: missing", path);
    char want[200];
    snprintf(want, sizeof want, "if (!exists('fig_out')) fig_out = '%s.'.fig_format", name);
    assert_non_null(strstr(gp, want));
    assert_non_null(strstr(gp, "set output fig_out"));
    assert_non_null(strstr(gp, "set terminal svg"));
    snprintf(want, sizeof want, "'%s.dat'", name);
    assert_non_null(strstr(gp, want));
    free(gp);
    snprintf(path, sizeof path, "%s.dat", name);
    assert_true(exists(dir, path));
}

static void expect_text(const svg_doc *d, const char *name, const char *s)
{
    if (!svg_has_text(d, s)) fail_msg("%s.svg: no text element \"%s\"", name, s);
}

static void expect_text_containing(const svg_doc *d, const char *name, const char *s)
{
    if (!svg_has_text_containing(d, s)) fail_msg("%s.svg: no text element containing \"%s\"", name, s);
}

/* ---- the runs ---- */

static int setup(void **state)
{
    (void)state;
    snprintf(base, sizeof base, "%s", test_tmp("plot"));
    snprintf(summary_csv, sizeof summary_csv, "%s/summary.csv", base);
    snprintf(deals_csv, sizeof deals_csv, "%s/deals.csv", base);
    snprintf(odds_csv, sizeof odds_csv, "%s/odds.csv", base);
    snprintf(run_dir, sizeof run_dir, "%s/run figs", base); /* a space: no shell in between */
    snprintf(odds_dir, sizeof odds_dir, "%s/odds", base);
    if (test_run(out, sizeof out, "rm -rf '%s' && mkdir -p '%s'", base, base) != 0) return -1;
    int rc = test_run(replay_stdout, sizeof replay_stdout,
                      "%s replay --eval play --limit 300 --conventions long-suit,american,short-suit --no-progress "
                      "--csv-summary '%s' --csv-deals '%s' --plot '%s' " CORPUS " 2>'%s/replay.err'",
                      test_bin(), summary_csv, deals_csv, run_dir, base);
    if (rc != 0) {
        fprintf(stderr, "replay --plot: exit %d\n%s\n", rc, replay_stdout);
        return -1;
    }
    rc = test_run(out, sizeof out, "%s odds --corpus " CORPUS " --csv '%s' --plot '%s' >/dev/null 2>'%s/odds.err'",
                  test_bin(), odds_csv, odds_dir, base);
    if (rc != 0) {
        fprintf(stderr, "odds --plot: exit %d\n", rc);
        return -1;
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
    return system(cmd) == 0 ? 0 : -1;
}

/* The report is printed as without --plot, and stderr names each figure
 * and carries no gnuplot warning. */
static void test_replay_report_and_messages(void **state)
{
    (void)state;
    assert_non_null(strstr(replay_stdout, "NET GAIN PER DEAL"));
    char *err = test_slurp_in(base, "replay.err");
    static const char *const NAMES[] = {"conventions", "net-gain", "by-trumps", "by-longest-suit", "differences"};
    for (size_t i = 0; i < 5; i++) {
        char want[400];
        snprintf(want, sizeof want, "whistlab replay: figure %s/%s.svg\n", run_dir, NAMES[i]);
        if (!strstr(err, want)) fail_msg("stderr lacks '%s':\n%s", want, err);
    }
    assert_null(strstr(err, "warning"));
    assert_null(strstr(err, "gnuplot"));
    free(err);
}

static void test_conventions_figure(void **state)
{
    (void)state;
    svg_doc d;
    load_figure(run_dir, "conventions", &d);
    const char *n = "conventions";
    expect_text(&d, n, "Per convention: tricks and cost against the best (rule-based play)");
    expect_text(&d, n, CORPUS ": 300 deals; opponents long-suit; whistlab " WHISTLAB_VERSION);
    expect_text(&d, n, "long-suit");
    expect_text(&d, n, "american");
    expect_text(&d, n, "short-suit");
    expect_text(&d, n, "mean tricks per deal");
    expect_text(&d, n, "tricks per deal lost against the best");
    expect_text(&d, n, "Tricks of the eldest hand's side (95% CI)");
    expect_text(&d, n, "Cost against the best (95% CI)");
    /* the best on each deal named in the title, not drawn among the
     * conventions (it would stretch the range) */
    expect_text_containing(&d, n, "best convention on each deal: ");
    assert_false(svg_has_text(&d, "best"));
    expect_text_containing(&d, n, " \xc2\xb1 "); /* each row's interval written beside it */
    assert_int_equal(d.groups, 2); /* one series a panel */
    assert_int_equal(d.empty_groups, 0);
    svg_free(&d);
}

static void test_net_gain_figure(void **state)
{
    (void)state;
    svg_doc d;
    load_figure(run_dir, "net-gain", &d);
    const char *n = "net-gain";
    expect_text(&d, n, "Net gain of each convention over each other (rule-based play)");
    expect_text_containing(&d, n, "cell: mean net gain per deal, row minus column (tricks); * Holm-adjusted p < 0.05 "
                                  "over the 3 pairs");
    expect_text(&d, n, "rows by mean tricks, the most first");
    expect_text(&d, n, "net gain, row minus column (tricks per deal)");
    expect_text_containing(&d, n, "long-suit ");
    expect_text_containing(&d, n, "american ");
    expect_text_containing(&d, n, "short-suit ");
    assert_int_equal(d.groups, 2); /* the cells and their figures */
    expect_text_containing(&d, n, "0.");
    svg_free(&d);
}

static void test_breakdown_figures(void **state)
{
    (void)state;
    static const struct { const char *name, *head, *xlabel; } F[] = {
        {"by-trumps", "Net gain by trumps held by the eldest hand (rule-based play)",
         "trumps held by the eldest hand (n = deals)"},
        {"by-longest-suit", "Net gain by the eldest hand's longest plain suit (rule-based play)",
         "cards in the eldest hand's longest plain suit (n = deals)"},
    };
    for (size_t i = 0; i < 2; i++) {
        svg_doc d;
        load_figure(run_dir, F[i].name, &d);
        expect_text(&d, F[i].name, F[i].head);
        expect_text(&d, F[i].name, F[i].xlabel);
        expect_text(&d, F[i].name, "net gain, first minus second (tricks per deal)");
        expect_text(&d, F[i].name, "long-suit " MINUS " american");
        expect_text(&d, F[i].name, "long-suit " MINUS " short-suit");
        expect_text(&d, F[i].name, "american " MINUS " short-suit");
        expect_text_containing(&d, F[i].name, "levels with fewer than 10 deals not drawn");
        expect_text_containing(&d, F[i].name, "n=");
        assert_int_equal(d.groups, 3);
        assert_int_equal(d.empty_groups, 0);
        svg_free(&d);
    }
}

static void test_differences_figure(void **state)
{
    (void)state;
    svg_doc d;
    load_figure(run_dir, "differences", &d);
    const char *n = "differences";
    expect_text(&d, n, "Distribution of the per-deal differences (rule-based play)");
    expect_text(&d, n, "difference on the deal, first minus second (tricks)");
    expect_text(&d, n, "deals (% of the deals)");
    expect_text_containing(&d, n, "long-suit " MINUS " american (mean ");
    expect_text_containing(&d, n, "long-suit " MINUS " short-suit (mean ");
    expect_text_containing(&d, n, "american " MINUS " short-suit (mean ");
    assert_int_equal(d.groups, 3);
    assert_int_equal(d.empty_groups, 0);
    svg_free(&d);
}

/* A value of the summary CSV (no quoted fields before the value in these rows). */
static double summary_value(const char *prefix)
{
    char *csv = test_slurp(summary_csv);
    assert_non_null(csv);
    char *p = strstr(csv, prefix);
    if (!p) fail_msg("summary CSV: no row %s", prefix);
    double v = strtod(p + strlen(prefix), NULL);
    free(csv);
    return v;
}

/* The data drawn are the summary's numbers. */
static void test_data_match_the_summary(void **state)
{
    (void)state;
    char *dat = test_slurp_in(run_dir, "net-gain.dat");
    /* the matrix: the cell of a pair both ways, the second the first negated */
    double m, lo, hi, p, holm;
    int x, y, rx, ry;
    char *line = strstr(dat, "\"long-suit\" \"short-suit\"");
    assert_non_null(line);
    while (line > dat && line[-1] != '\n') line--;
    assert_int_equal(sscanf(line, "%d %d \"long-suit\" \"short-suit\" %lf %lf %lf %lf %lf", &x, &y, &m, &lo, &hi, &p,
                            &holm),
                     7);
    assert_true(fabs(m - summary_value("all,,play,long-suit,short-suit,mean_gain,,")) < 1e-6);
    assert_true(fabs(lo - summary_value("all,,play,long-suit,short-suit,ci_low,,")) < 1e-6);
    assert_true(fabs(hi - summary_value("all,,play,long-suit,short-suit,ci_high,,")) < 1e-6);
    assert_true(fabs(p - summary_value("all,,play,long-suit,short-suit,p_value,,")) < 1e-9);
    /* Holm over the three pairs, recomputed here: rank r of m = 3 tests is
     * min(1, (3 - r) p), made monotone */
    double ps[3] = {summary_value("all,,play,long-suit,american,p_value,,"),
                    summary_value("all,,play,long-suit,short-suit,p_value,,"),
                    summary_value("all,,play,american,short-suit,p_value,,")};
    int rank_of = 0;
    for (int i = 0; i < 3; i++) rank_of += ps[i] < ps[1] || (ps[i] == ps[1] && i < 1);
    double want = 0;
    for (int r = 0; r <= rank_of; r++) { /* the largest of the adjusted p of the ranks up to it */
        double pr = 0;
        int seen = 0;
        for (int i = 0; i < 3; i++) { /* the p of rank r */
            int ri = 0;
            for (int j = 0; j < 3; j++) ri += ps[j] < ps[i] || (ps[j] == ps[i] && j < i);
            if (ri == r) pr = ps[i], seen++;
        }
        assert_int_equal(seen, 1);
        want = fmax(want, fmin(1, (3 - r) * pr));
    }
    assert_true(fabs(holm - want) < 1e-9);
    char star[16];
    snprintf(star, sizeof star, "%+.3f%s\"", m, holm < 0.05 ? "*" : "");
    char *eol = strchr(line, '\n');
    assert_non_null(eol);
    assert_true(strncmp(eol - strlen(star), star, strlen(star)) == 0);
    line = strstr(dat, "\"short-suit\" \"long-suit\"");
    assert_non_null(line);
    while (line > dat && line[-1] != '\n') line--;
    double m2, lo2, hi2;
    assert_int_equal(sscanf(line, "%d %d \"short-suit\" \"long-suit\" %lf %lf %lf", &rx, &ry, &m2, &lo2, &hi2), 5);
    assert_true(fabs(m2 + m) < 1e-9 && fabs(lo2 + hi) < 1e-9 && fabs(hi2 + lo) < 1e-9);
    /* rows and columns in rank order: the row of one is the column of the
     * other (y = 2 - rank) */
    assert_int_equal(y, 2 - rx);
    assert_int_equal(ry, 2 - x);
    free(dat);

    /* the conventions, the most tricks first, as the matrix ranks them */
    dat = test_slurp_in(run_dir, "conventions.dat");
    double prev = INFINITY;
    int rows = 0;
    for (char *l = dat; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        if (*l == '\n') break; /* the end of index 0 */
        if (*l == '#') continue;
        int row;
        char name[64];
        double tricks;
        assert_int_equal(sscanf(l, "%d \"%63[^\"]\" %lf", &row, name, &tricks), 3);
        assert_int_equal(row, 2 - rows);
        assert_true(tricks <= prev);
        if (strcmp(name, "long-suit") == 0) assert_int_equal(rows, rx);
        if (strcmp(name, "short-suit") == 0) assert_int_equal(rows, x);
        prev = tricks;
        rows++;
    }
    assert_int_equal(rows, 3);
    free(dat);

    /* the mean tricks' interval: Student t over the 300 deals */
    dat = test_slurp_in(run_dir, "conventions.dat");
    line = strstr(dat, "\"american\"");
    assert_non_null(line);
    double cost, clo, chi;
    assert_int_equal(sscanf(line + 10, "%lf %lf %lf %lf %lf %lf", &m, &lo, &hi, &cost, &clo, &chi), 6);
    double mean = summary_value("all,,play,american,,mean_tricks,,"), sd = summary_value("all,,play,american,,sd_tricks,,");
    double half = gsl_cdf_tdist_Pinv(0.975, 299) * sd / sqrt(300);
    assert_true(fabs(m - mean) < 1e-6);
    assert_true(fabs(lo - (mean - half)) < 1e-5 && fabs(hi - (mean + half)) < 1e-5);
    assert_true(fabs(cost - summary_value("all,,play,american,best,mean_cost,,")) < 1e-6);
    assert_true(fabs(clo - summary_value("all,,play,american,best,cost_ci_low,,")) < 1e-6);
    assert_true(fabs(chi - summary_value("all,,play,american,best,cost_ci_high,,")) < 1e-6);
    free(dat);

    /* levels with fewer than 10 deals are left out of the breakdowns */
    dat = test_slurp_in(run_dir, "by-trumps.dat");
    char *csv = test_slurp(summary_csv);
    assert_non_null(csv);
    int levels = 0;
    for (int k = 0; k <= 13; k++) {
        char key[64];
        snprintf(key, sizeof key, "\ntrumps_held,%d,,,,deals,,", k);
        char *at = strstr(csv, key);
        int deals = at ? atoi(at + strlen(key)) : 0;
        bool drawn = false; /* a data line whose first field, the level, is k */
        for (char *l = dat; (l = strchr(l, '\n')); l++)
            if (l[1] >= '0' && l[1] <= '9' && atoi(l + 1) == k) drawn = true;
        assert_int_equal(drawn, deals >= 10);
        levels += drawn;
    }
    assert_true(levels >= 4);
    free(csv);
    free(dat);
}

/* A double-dummy run says so, and draws without a gnuplot warning. */
static void test_double_dummy_run(void **state)
{
    (void)state;
    char dir[400];
    snprintf(dir, sizeof dir, "%s/dd", base);
    assert_int_equal(test_run(out, sizeof out,
                              "%s replay --eval dd --limit 40 --conventions long-suit,american,short-suit "
                              "--no-progress --values " STORE " --plot '%s' " CORPUS " 2>&1 >/dev/null",
                              test_bin(), dir),
                     0);
    assert_null(strstr(out, "warning"));
    svg_doc d;
    load_figure(dir, "conventions", &d);
    expect_text(&d, "conventions", "Per convention: tricks and cost against the best (double-dummy)");
    expect_text(&d, "conventions", CORPUS ": 40 deals; whistlab " WHISTLAB_VERSION);
    expect_text_containing(&d, "conventions", "best lead on each deal: ");
    svg_free(&d);
    load_figure(dir, "net-gain", &d);
    expect_text(&d, "net-gain", "Net gain of each convention over each other (double-dummy)");
    svg_free(&d);
}

/* Twelve conventions: the breakdowns' eleven pairs (each against the
 * first) a panel each, on one scale, titled by the pair, the deals of each
 * level in the title; drawn without a gnuplot warning (issue 28 item 3). */
static void test_breakdown_panels(void **state)
{
    (void)state;
    char dir[400];
    snprintf(dir, sizeof dir, "%s/twelve", base);
    assert_int_equal(test_run(out, sizeof out,
                              "%s replay --eval dd --limit 60 --conventions all,dd-best --no-progress --values " STORE
                              " --plot '%s' " CORPUS
                              " 2>&1 >/dev/null",
                              test_bin(), dir),
                     0);
    assert_null(strstr(out, "warning"));
    char *gp = test_slurp_in(dir, "by-trumps.gp");
    assert_non_null(strstr(gp, "set multiplot layout 3,4 rowsfirst title "));
    assert_non_null(strstr(gp, "\n# panel 11\nset title 'long-suit \xe2\x88\x92 dd-best' font ',10'\n"));
    assert_null(strstr(gp, "# panel 12\n"));
    assert_non_null(strstr(gp, "deals by level: 2: 18, 3: 18, 4: 12")); /* levels of fewer than 10 deals left out */
    free(gp);
    svg_doc d;
    load_figure(dir, "by-longest-suit", &d);
    expect_text(&d, "by-longest-suit", "long-suit " MINUS " long-suit-pole");
    svg_free(&d);
}

/* --eval both: the table tells the dd and play conventions apart by its
 * eval column (no "(sd)" in a name); the figures label the play ones
 * "NAME (sd)" and draw the pairs across the two. */
static void test_both_evals_run(void **state)
{
    (void)state;
    char dir[400], csv[400];
    snprintf(dir, sizeof dir, "%s/both", base);
    snprintf(csv, sizeof csv, "%s/both.csv", base);
    assert_int_equal(test_run(out, sizeof out,
                              "%s replay --eval both --limit 30 --conventions long-suit,short-suit --no-progress "
                              "--values " STORE " --csv-summary '%s' --plot '%s' " CORPUS " 2>&1 >/dev/null",
                              test_bin(), csv, dir),
                     0);
    char *table = test_slurp(csv);
    assert_non_null(table);
    assert_null(strstr(table, ",long-suit (sd),")); /* the experiment row may say "(sd)" */
    assert_non_null(strstr(table, "\nall,,play,long-suit,short-suit,mean_gain,,"));
    assert_non_null(strstr(table, "\nall,,dd-play,long-suit,short-suit,mean_gain,,"));
    free(table);
    svg_doc d;
    load_figure(dir, "net-gain", &d);
    expect_text_containing(&d, "net-gain", "long-suit (sd) ");
    expect_text_containing(&d, "net-gain", "short-suit (sd) ");
    svg_free(&d);
    /* the matrix holds the pairs across the two evals */
    char *dat = test_slurp_in(dir, "net-gain.dat");
    assert_non_null(strstr(dat, "\"long-suit\" \"long-suit (sd)\""));
    assert_non_null(strstr(dat, "\"long-suit (sd)\" \"short-suit (sd)\""));
    free(dat);
    load_figure(dir, "net-gain", &d);
    svg_free(&d);
    load_figure(dir, "conventions", &d);
    expect_text_containing(&d, "conventions", "short-suit (sd)");
    svg_free(&d);
}

/* `whistlab plot SUMMARY.csv DIR` draws from the same table the same data. */
static void test_plot_command_same_data(void **state)
{
    (void)state;
    char dir[400];
    snprintf(dir, sizeof dir, "%s/again", base);
    assert_int_equal(test_run(out, sizeof out, "%s plot '%s' '%s' 2>&1", test_bin(), summary_csv, dir), 0);
    static const char *const NAMES[] = {"conventions", "net-gain", "by-trumps", "by-longest-suit", "differences"};
    for (size_t i = 0; i < 5; i++) {
        char want[500];
        snprintf(want, sizeof want, "%s/%s.svg\n", dir, NAMES[i]);
        assert_non_null(strstr(out, want));
        char a[500], b[500];
        snprintf(a, sizeof a, "%s/%s.dat", run_dir, NAMES[i]);
        snprintf(b, sizeof b, "%s/%s.dat", dir, NAMES[i]);
        char *x = test_slurp(a), *y = test_slurp(b);
        assert_non_null(x);
        assert_non_null(y);
        assert_string_equal(x, y);
        free(x);
        free(y);
    }
}

/* --format: PNG and PDF drawn by the cairo terminals, whole, in place of
 * the SVG; a format not known is a usage error. */
static void test_formats(void **state)
{
    (void)state;
    char dir[400];
    snprintf(dir, sizeof dir, "%s/formats", base);
    assert_int_equal(test_run(out, sizeof out, "%s plot --format png,pdf '%s' '%s' 2>&1", test_bin(), summary_csv, dir),
                     0);
    char want[900];
    snprintf(want, sizeof want, "%s/net-gain.png\n%s/net-gain.pdf\n", dir, dir);
    assert_non_null(strstr(out, want));
    assert_false(exists(dir, "net-gain.svg"));
    char *png = test_slurp_in(dir, "net-gain.png");
    assert_memory_equal(png, "\x89PNG\r\n", 6);
    free(png);
    char *pdf = test_slurp_in(dir, "conventions.pdf");
    assert_memory_equal(pdf, "%PDF-", 5);
    free(pdf);
    assert_int_equal(test_run(out, sizeof out, "%s plot --format svg,jpg '%s' '%s' 2>&1", test_bin(), summary_csv, dir),
                     2);
    assert_non_null(strstr(out, "--format: 'jpg' is not a format (svg, png or pdf)"));
    /* --plot-format: the same formats straight from replay and odds */
    snprintf(dir, sizeof dir, "%s/run-formats", base);
    assert_int_equal(test_run(out, sizeof out, "%s replay --eval play --limit 40 --no-progress --plot '%s' "
                                               "--plot-format svg,png " CORPUS " 2>&1 >/dev/null", test_bin(), dir), 0);
    snprintf(want, sizeof want, "figure %s/conventions.svg\nwhistlab replay: figure %s/conventions.png\n", dir, dir);
    assert_non_null(strstr(out, want));
    png = test_slurp_in(dir, "conventions.png");
    assert_memory_equal(png, "\x89PNG\r\n", 6);
    free(png);
    assert_int_equal(test_run(out, sizeof out, "%s odds --corpus " CORPUS " --plot '%s' --plot-format pdf "
                                               "partner-cards 2>&1 >/dev/null", test_bin(), dir), 0);
    /* its first panel's rows are exact by construction: their points drawn, no interval, no gnuplot warning */
    snprintf(want, sizeof want, "whistlab odds: figure %s/odds-partner-cards.pdf\n", dir);
    assert_string_equal(out, want);
    assert_false(exists(dir, "odds-partner-cards.svg"));
    assert_int_equal(test_run(out, sizeof out, "%s odds --plot '%s' --plot-format gif 2>&1", test_bin(), dir), 2);
    assert_non_null(strstr(out, "--plot-format gif: 'gif' is not a format (svg, png or pdf)"));
}

/* A script redraws its figure by itself, from its directory. */
static void test_script_redraws(void **state)
{
    (void)state;
    char dir[400];
    snprintf(dir, sizeof dir, "%s/redraw", base);
    assert_int_equal(test_run(out, sizeof out, "%s plot '%s' '%s' >/dev/null 2>&1 && rm '%s/net-gain.svg' && "
                                               "cd '%s' && gnuplot net-gain.gp 2>&1",
                              test_bin(), summary_csv, dir, dir, dir),
                     0);
    assert_string_equal(out, "");
    svg_doc d;
    load_figure(dir, "net-gain", &d);
    expect_text_containing(&d, "net-gain", "american ");
    svg_free(&d);
}

static void test_odds_figures(void **state)
{
    (void)state;
    svg_doc d;
    load_figure(odds_dir, "odds-dealer-trumps", &d);
    const char *n = "odds-dealer-trumps";
    expect_text_containing(&d, n, "Odds: dealer-trumps, ");
    expect_text(&d, n, "corpus " CORPUS ": 2000 deals; dealer default, turn-up default; whistlab " WHISTLAB_VERSION);
    expect_text(&d, n, "probability");
    expect_text(&d, n, "book or corpus minus exact (pp)");
    expect_text(&d, n, "exact");
    expect_text(&d, n, "book's figure");
    expect_text(&d, n, "corpus frequency, 95% CI");
    /* rows labelled by their events, not their ids */
    expect_text(&d, n, "dealer holds at least 5 trumps, turn-up included");
    expect_text(&d, n, "a given non-dealer holds at least 12 trumps");
    assert_false(svg_has_text(&d, "dealer.ge5"));
    expect_text(&d, n, "rounded");
    /* left: exact, book, corpus; right: book, corpus; the key's three */
    assert_int_equal(d.groups, 8);
    assert_int_equal(d.empty_groups, 0);
    svg_free(&d);

    load_figure(odds_dir, "odds-honours", &d);
    expect_text(&d, "odds-honours", "9 rows that are expectations, not probabilities, not drawn (see the CSV)");
    assert_false(svg_has_text(&d, "prior.side.mean-net"));
    /* long events: a panel per group, headed by the words its rows share */
    expect_text(&d, "odds-honours", "a given side, trumps fixed independently of the deal holds exactly ... of the trump honours");
    expect_text(&d, "odds-honours", "31 rows in 8 panels, one per group of rows; the row ids are in odds-honours.dat");
    assert_false(svg_has_text(&d, "prior.side.eq0"));
    svg_free(&d);

    /* trump-exhaustion's 149 rows: twelve panels, one per holding */
    load_figure(odds_dir, "odds-trump-exhaustion", &d);
    expect_text(&d, "odds-trump-exhaustion", "149 rows in 12 panels, one per group of rows; the row ids are in odds-trump-exhaustion.dat");
    expect_text(&d, "odds-trump-exhaustion", "holding 4 trumps: ... rounds draw the adversaries' trumps");
    expect_text(&d, "odds-trump-exhaustion", "exactly 3");
    expect_text(&d, "odds-trump-exhaustion", "at most 5");
    svg_free(&d);

    /* a table of constants only is not drawn, and the run says so */
    assert_false(exists(odds_dir, "odds-gof.svg"));
    char *err = test_slurp_in(base, "odds.err");
    assert_non_null(strstr(err, "odds-gof.svg: not drawn: the goodness-of-fit table holds test statistics"));
    assert_non_null(strstr(err, "whistlab odds: figure "));
    free(err);
    int figures = 0;
    for (const char *t = "partner-cards dealer-trumps trump-count two-hands trump-exhaustion claims hoyle "
                         "suit-splits hand-patterns hand-shape suit-length honours hcp ";
         *t;) {
        const char *sp = strchr(t, ' ');
        char name[64];
        snprintf(name, sizeof name, "odds-%.*s.svg", (int)(sp - t), t);
        figures += exists(odds_dir, name);
        t = sp + 1;
    }
    assert_int_equal(figures, 13);
}

/* Without a corpus: exact and the books' figures only. */
static void test_odds_without_corpus(void **state)
{
    (void)state;
    char dir[400];
    snprintf(dir, sizeof dir, "%s/odds-exact", base);
    assert_int_equal(test_run(out, sizeof out, "%s odds hoyle --plot '%s' 2>&1", test_bin(), dir), 0);
    svg_doc d;
    load_figure(dir, "odds-hoyle", &d);
    expect_text(&d, "odds-hoyle", "exact values and the books' figures; no corpus measured (odds --corpus)");
    expect_text(&d, "odds-hoyle", "book's figure");
    assert_false(svg_has_text(&d, "corpus frequency, 95% CI"));
    assert_int_equal(d.empty_groups, 0);
    svg_free(&d);
    assert_false(exists(dir, "odds-dealer-trumps.svg"));
}

static void test_errors(void **state)
{
    (void)state;
    char dir[400], path[400];
    snprintf(dir, sizeof dir, "%s/never", base);
    /* a missing table */
    assert_int_equal(test_run(out, sizeof out, "%s plot '%s/none.csv' '%s' 2>&1", test_bin(), base, dir), 3);
    assert_non_null(strstr(out, "none.csv: No such file or directory"));
    /* a CSV that is not a summary: the per-deal table; binary junk; a header alone */
    assert_int_equal(test_run(out, sizeof out, "%s plot '%s' '%s' 2>&1", test_bin(), deals_csv, dir), 3);
    assert_non_null(strstr(out, "not a summary CSV"));
    snprintf(path, sizeof path, "%s/junk.csv", base);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    for (int i = 0; i < 4096; i++) fputc((i * 7919) & 0xff, f);
    fclose(f);
    assert_int_equal(test_run(out, sizeof out, "%s plot '%s' '%s' 2>&1", test_bin(), path, dir), 3);
    assert_non_null(strstr(out, "not a CSV table"));
    snprintf(path, sizeof path, "%s/header.csv", base);
    f = fopen(path, "w");
    assert_non_null(f);
    fputs("breakdown,level,evaluation,convention,versus,measure,difference,value\n", f);
    fclose(f);
    assert_int_equal(test_run(out, sizeof out, "%s plot '%s' '%s' 2>&1", test_bin(), path, dir), 3);
    assert_non_null(strstr(out, "without results"));
    struct stat st;
    assert_int_not_equal(stat(dir, &st), 0); /* nothing made for a table that cannot be drawn */
    /* a directory that cannot be made or written: under a file */
    assert_int_equal(test_run(out, sizeof out, "%s plot '%s' '%s/sub' 2>&1", test_bin(), summary_csv, summary_csv), 3);
    assert_non_null(strstr(out, "cannot make the directory"));
    assert_int_equal(test_run(out, sizeof out, "%s plot '%s' '%s' 2>&1", test_bin(), summary_csv, summary_csv), 3);
    assert_non_null(strstr(out, "not a directory"));
    /* replay --plot into such a place fails before the run */
    assert_int_equal(test_run(out, sizeof out, "%s replay --eval play --limit 5 --no-progress --plot '%s/x' " CORPUS
                                               " 2>&1",
                              test_bin(), summary_csv),
                     3);
    assert_non_null(strstr(out, "--plot"));
    assert_null(strstr(out, "NET GAIN"));
    /* usage */
    assert_int_equal(test_run(out, sizeof out, "%s plot 2>&1", test_bin()), 2);
    assert_non_null(strstr(out, "usage: whistlab plot"));
    assert_int_equal(test_run(out, sizeof out, "%s plot a b c 2>&1", test_bin()), 2);
    assert_int_equal(test_run(out, sizeof out, "%s plot --min-deals 0 a b 2>&1", test_bin()), 2);
    assert_int_equal(test_run(out, sizeof out, "%s plot --help", test_bin()), 0);
    assert_non_null(strstr(out, "--min-deals"));
    assert_non_null(strstr(out, "gnuplot-nox"));
    assert_int_equal(test_run(out, sizeof out, "%s --help", test_bin()), 0);
    assert_non_null(strstr(out, "\n  plot "));
    assert_int_equal(test_run(out, sizeof out, "%s replay --help", test_bin()), 0);
    assert_non_null(strstr(out, "--plot DIR"));
    assert_int_equal(test_run(out, sizeof out, "%s odds --help", test_bin()), 0);
    assert_non_null(strstr(out, "--plot DIR"));
    assert_int_equal(test_run(out, sizeof out, "%s merge --help", test_bin()), 0);
    assert_non_null(strstr(out, "--plot DIR"));
}

/* The library told which kind of table to expect refuses the other. */
static void test_kind_mismatch(void **state)
{
    (void)state;
    char dir[400];
    diag_t err = {0};
    snprintf(dir, sizeof dir, "%s/kind", base);
    plot_opts o = {0};
    assert_int_equal(plot_from_csv(odds_csv, dir, PLOT_CSV_SUMMARY, &o, NULL, &err), PLOT_ERR_FORMAT);
    assert_string_equal(err.file, odds_csv);
    assert_non_null(strstr(err.reason, "not a summary CSV"));
    assert_int_equal(plot_from_csv(summary_csv, dir, PLOT_CSV_ODDS, &o, NULL, &err), PLOT_ERR_FORMAT);
    assert_string_equal(err.file, summary_csv);
    assert_non_null(strstr(err.reason, "not an odds CSV"));
    int figures = -1;
    assert_int_equal(plot_from_csv(summary_csv, dir, PLOT_CSV_ANY, &o, &figures, &err), PLOT_OK);
    assert_int_equal(figures, 5);
}

/* gnuplot missing: the command says which Debian package, exits 3, and
 * leaves the scripts; the report of replay is still printed. */
static void test_gnuplot_missing(void **state)
{
    (void)state;
    char dir[400];
    snprintf(dir, sizeof dir, "%s/nognuplot", base);
    assert_int_equal(test_run(out, sizeof out, "WHISTLAB_GNUPLOT=/nonexistent/gnuplot %s plot '%s' '%s' 2>&1",
                              test_bin(), summary_csv, dir),
                     3);
    assert_non_null(strstr(out, "gnuplot-nox"));
    assert_non_null(strstr(out, "not found"));
    scripts_without_figure(dir);
    snprintf(dir, sizeof dir, "%s/nognuplot-replay", base);
    assert_int_equal(test_run(out, sizeof out,
                              "WHISTLAB_GNUPLOT=nonesuch-gnuplot %s replay --eval play --limit 20 --no-progress "
                              "--plot '%s' " CORPUS " 2>&1",
                              test_bin(), dir),
                     3);
    assert_non_null(strstr(out, "warning: nonesuch-gnuplot: not found"));
    assert_non_null(strstr(out, "NET GAIN PER DEAL"));
    assert_non_null(strstr(out, "install Debian's gnuplot-nox"));
    assert_true(exists(dir, "conventions.gp"));
    snprintf(dir, sizeof dir, "%s/nognuplot-odds", base);
    assert_int_equal(test_run(out, sizeof out, "WHISTLAB_GNUPLOT=nonesuch-gnuplot %s odds hoyle --plot '%s' 2>&1",
                              test_bin(), dir),
                     3);
    assert_non_null(strstr(out, "gnuplot-nox"));
    assert_non_null(strstr(out, "hoyle: Hoyle"));
}

/* gnuplot failing: exit 3 naming the script, and no stale figure left. */
static void test_gnuplot_fails(void **state)
{
    (void)state;
    char dir[400];
    snprintf(dir, sizeof dir, "%s/fails", base);
    assert_int_equal(test_run(out, sizeof out, "%s plot '%s' '%s' >/dev/null 2>&1", test_bin(), summary_csv, dir), 0);
    assert_true(exists(dir, "net-gain.svg"));
    assert_int_equal(test_run(out, sizeof out, "WHISTLAB_GNUPLOT=false %s plot '%s' '%s' 2>&1", test_bin(),
                              summary_csv, dir),
                     3);
    assert_non_null(strstr(out, "conventions.gp: false failed (exit status 1"));
    assert_false(exists(dir, "net-gain.svg"));
    assert_int_equal(temporaries(dir), 0);
}

/* What gnuplot says comes back to the caller, never to the terminal from
 * the library: a gnuplot that fails with a message gives it in the diag,
 * the lines before it and a warning of one that succeeds come as notes
 * naming the script; the library writes nothing on stderr. */
typedef struct {
    int notes;
    char last[1200];
} note_log;

static void log_note(void *ctx, const diag_t *d)
{
    note_log *l = ctx;
    l->notes++;
    if (d->file) snprintf(l->last, sizeof l->last, "%s: %s", d->file, d->reason);
    else snprintf(l->last, sizeof l->last, "%s", d->reason);
}

static void write_fake(const char *path, const char *body)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "#!/bin/sh\n%s\n", body);
    fclose(f);
    assert_int_equal(chmod(path, 0755), 0);
}

/* A figure is whole or absent: a gnuplot killed once it has drawn leaves
 * no NAME.svg (what it wrote may be cut short) and no temporary file; the
 * data and scripts of a run that succeeded are in place, nothing else. */
static void test_figure_whole_or_absent(void **state)
{
    (void)state;
    char dir[400], killed[400];
    snprintf(dir, sizeof dir, "%s/whole", base);
    snprintf(killed, sizeof killed, "%s/gp-killed", base);
    write_fake(killed, "gnuplot \"$@\"\nkill -9 $$");
    assert_int_equal(test_run(out, sizeof out, "WHISTLAB_GNUPLOT='%s' %s plot '%s' '%s' 2>&1", killed, test_bin(),
                              summary_csv, dir),
                     3);
    assert_non_null(strstr(out, "killed by signal 9"));
    scripts_without_figure(dir);
    assert_false(exists(dir, "conventions.svg"));
    assert_int_equal(temporaries(dir), 0);
    assert_int_equal(test_run(out, sizeof out, "%s plot '%s' '%s' 2>&1", test_bin(), summary_csv, dir), 0);
    assert_true(exists(dir, "net-gain.svg"));
    assert_int_equal(temporaries(dir), 0);
}

static void test_gnuplot_messages_come_back(void **state)
{
    (void)state;
    char failing[400], warning[400], dir[400], errfile[400], want[1400];
    snprintf(failing, sizeof failing, "%s/gp-failing", base);
    snprintf(warning, sizeof warning, "%s/gp-warning", base);
    snprintf(dir, sizeof dir, "%s/messages", base);
    snprintf(errfile, sizeof errfile, "%s/messages.err", base);
    write_fake(failing, "for a; do script=$a; done; echo '  set foo bar'; echo '      ^' >&2; "
                        "echo \"\\\"$script\\\" line 1: unrecognized option\" >&2; exit 1");
    write_fake(warning, "echo 'warning: something odd' >&2; exec gnuplot \"$@\"");

    /* the library, with stderr caught in a file */
    fflush(stderr);
    int saved = dup(STDERR_FILENO);
    int fd = open(errfile, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    assert_true(saved >= 0 && fd >= 0);
    dup2(fd, STDERR_FILENO);
    close(fd);
    note_log l = {0};
    plot_opts o = {.gnuplot = failing, .note = log_note, .ctx = &l};
    diag_t d = {0};
    plot_status st = plot_from_csv(summary_csv, dir, PLOT_CSV_SUMMARY, &o, NULL, &d);
    note_log w = {0};
    plot_opts ow = {.gnuplot = warning, .note = log_note, .ctx = &w};
    int figures = 0;
    diag_t dw = {0};
    plot_status stw = plot_from_csv(summary_csv, dir, PLOT_CSV_SUMMARY, &ow, &figures, &dw);
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);

    assert_int_equal(st, PLOT_ERR_GNUPLOT);
    snprintf(want, sizeof want, "%s/conventions.gp: %s failed (exit status 1): \"conventions.gp\" line 1: unrecognized option",
             dir, failing);
    assert_string_equal(d.reason, want);
    assert_null(d.file);
    /* 5 figures: the first's context line a note, each later one's context
     * line and failure notes too */
    assert_int_equal(l.notes, 1 + 4 * 2);
    snprintf(want, sizeof want, "%s/differences.gp: %s failed (exit status 1): \"differences.gp\" line 1: unrecognized option",
             dir, failing);
    assert_string_equal(l.last, want);

    assert_int_equal(stw, PLOT_OK);
    assert_int_equal(figures, 5);
    assert_int_equal(w.notes, 5);
    snprintf(want, sizeof want, "%s/differences.gp: %s: warning: something odd", dir, warning);
    assert_string_equal(w.last, want);

    char *caught = test_slurp(errfile);
    assert_non_null(caught);
    assert_string_equal(caught, "");
    free(caught);

    /* the front end prints them */
    assert_int_equal(test_run(out, sizeof out, "WHISTLAB_GNUPLOT='%s' %s plot '%s' '%s' 2>&1", failing, test_bin(),
                              summary_csv, dir),
                     3);
    snprintf(want, sizeof want, "whistlab plot: %s/conventions.gp: %s failed (exit status 1): ", dir, failing);
    if (!strstr(out, want)) fail_msg("no '%s' in:\n%s", want, out);
    snprintf(want, sizeof want, "whistlab plot: note: %s/net-gain.gp: %s: set foo bar\n", dir, failing);
    if (!strstr(out, want)) fail_msg("no '%s' in:\n%s", want, out);
}

/* ---- hostile names (issue 25 item 5) ---- */

/* Runs whistlab with args (NULL-terminated; no shell between, so that the
 * names reach it as they are), its stdout and stderr into out; its exit
 * status, or -1. */
static int run_args(char *buf, size_t cap, const char *const *args)
{
    const char *argv[32] = {test_bin()};
    int n = 1;
    for (; args[n - 1]; n++) argv[n] = args[n - 1];
    argv[n] = NULL;
    int fd[2];
    assert_int_equal(pipe(fd), 0);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        dup2(fd[1], STDOUT_FILENO);
        dup2(fd[1], STDERR_FILENO);
        close(fd[0]);
        close(fd[1]);
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    close(fd[1]);
    size_t len = 0;
    for (;;) {
        ssize_t got = read(fd[0], buf + len, cap - 1 - len);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        len += (size_t)got;
        if (len == cap - 1) break;
    }
    buf[len] = 0;
    close(fd[0]);
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* The files under dir (every depth) named "pwned...": what a name that
 * reached gnuplot or a shell as a command would have made. */
static int markers(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return 0;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        n += strncmp(e->d_name, "pwned", 5) == 0;
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) n += markers(path);
    }
    closedir(d);
    return n;
}

/* Whether a line of the file starts with prefix. */
static bool line_starts(const char *path, const char *prefix)
{
    char *text = test_slurp(path);
    assert_non_null(text);
    bool found = strncmp(text, prefix, strlen(prefix)) == 0;
    for (const char *p = text; !found && (p = strchr(p, '\n')); p++) found = strncmp(p + 1, prefix, strlen(prefix)) == 0;
    free(text);
    return found;
}

/* Quote, double quote, semicolon, $(), backquotes, spaces, line breaks
 * and a backslash at the end (which continues a gnuplot comment). */
#define HOSTILE_CONV "ame'r\"i;$(touch pwned-c1)`touch pwned-c2`\nsystem(\"touch pwned-c3\")\n#\\"
#define HOSTILE_CSV "s it's \"q\" ;$(touch pwned-n1) `touch pwned-n2`\nsystem(\"touch pwned-n3\")\n#x\\"
#define HOSTILE_DIR "d it's \"q\" ;$(touch pwned-d1) `touch pwned-d2` \\"

/* The summary CSV with its convention "american" named HOSTILE_CONV in the
 * rows of results (those have no quoted field), into path. */
static void write_hostile_summary(const char *path)
{
    char *csv = test_slurp(summary_csv);
    assert_non_null(csv);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    int renamed = 0;
    for (char *line = csv; *line;) {
        char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line + 1) : strlen(line);
        if (line[0] == '#' || memchr(line, '"', len)) {
            fwrite(line, 1, len, f);
        } else {
            const char *p = line;
            for (int field = 0; p < line + len; field++) {
                const char *end = p;
                while (end < line + len && *end != ',' && *end != '\n') end++;
                if (field) fputc(',', f);
                if ((field == 3 || field == 4) && end - p == 8 && strncmp(p, "american", 8) == 0) {
                    fputc('"', f);
                    for (const char *h = HOSTILE_CONV; *h; h++) {
                        if (*h == '"') fputc('"', f); /* doubled in a quoted field */
                        fputc(*h, f);
                    }
                    fputc('"', f);
                    renamed++;
                } else {
                    fwrite(p, 1, (size_t)(end - p), f);
                }
                if (*end == '\n') fputc('\n', f);
                p = end + 1;
            }
        }
        line += len;
    }
    assert_int_equal(fclose(f), 0);
    free(csv);
    assert_true(renamed > 20);
}

/* A CSV file name, a directory name and convention names holding quotes,
 * $(), backquotes, line breaks: the figures are drawn with the names as
 * text, nothing they hold is run, by whistlab or by the redraw command a
 * script's head gives. */
static void test_hostile_names_drawn_not_run(void **state)
{
    (void)state;
    char top[400], csv[800], dir[800];
    snprintf(top, sizeof top, "%s/hostile", base);
    assert_int_equal(mkdir(top, 0777), 0);
    snprintf(csv, sizeof csv, "%s/" HOSTILE_CSV, top);
    snprintf(dir, sizeof dir, "%s/" HOSTILE_DIR, top);
    write_hostile_summary(csv);
    const char *args[] = {"plot", csv, dir, NULL};
    int rc = run_args(out, sizeof out, args);
    assert_int_equal(markers(top), 0);
    if (rc != 0) fail_msg("exit %d:\n%s", rc, out);
    static const char *const NAMES[] = {"conventions", "net-gain", "by-trumps", "by-longest-suit", "differences"};
    for (size_t i = 0; i < 5; i++) {
        svg_doc d;
        load_figure(dir, NAMES[i], &d);
        svg_free(&d);
        char path[1000];
        snprintf(path, sizeof path, "%s/%s.gp", dir, NAMES[i]);
        assert_false(line_starts(path, "system("));
        snprintf(path, sizeof path, "%s/%s.dat", dir, NAMES[i]);
        assert_false(line_starts(path, "system("));
    }
    /* the names are drawn as they are (in a data file's label " is ') */
    svg_doc d;
    load_figure(dir, "net-gain", &d);
    /* the matrix's row names are the script's tics, quoted for gnuplot ('
     * doubled, line breaks as spaces) */
    expect_text_containing(&d, "net-gain", "ame'r\"i;$(touch pwned-c1)`touch pwned-c2` system(\"touch pwned-c3\")");
    svg_free(&d);
    load_figure(dir, "differences", &d);
    expect_text_containing(&d, "differences", "ame'r\"i;$(touch pwned-c1)`touch pwned-c2` system(\"touch pwned-c3\")");
    svg_free(&d);

    /* the redraw command of the script's head, run by a shell */
    char path[1000];
    char *gp = test_slurp_in(dir, "net-gain.gp");
    char *cmd = strstr(gp, "\n# Redraw with:  ");
    assert_non_null(cmd);
    cmd += strlen("\n# Redraw with:  ");
    char *end = strstr(cmd, "   (writes net-gain.svg)\n");
    assert_non_null(end);
    *end = 0;
    snprintf(path, sizeof path, "%s/net-gain.svg", dir);
    assert_int_equal(unlink(path), 0);
    assert_int_equal(test_run(out, sizeof out, "%s 2>&1", cmd), 0);
    free(gp);
    assert_int_equal(markers(top), 0);
    load_figure(dir, "net-gain", &d);
    svg_free(&d);
}

/* A directory name with a line break is refused, before anything is made
 * or run (whistlab plot, and replay --plot before the run). */
static void test_hostile_directory_refused(void **state)
{
    (void)state;
    char top[400], dir[800];
    snprintf(top, sizeof top, "%s/refused", base);
    assert_int_equal(mkdir(top, 0777), 0);
    snprintf(dir, sizeof dir, "%s/p\nsystem(\"touch pwned-r1\")\n#", top);
    const char *args[] = {"plot", summary_csv, dir, NULL};
    assert_int_equal(run_args(out, sizeof out, args), 3);
    assert_non_null(strstr(out, "/p?system(\"touch pwned-r1\")?#: a directory name with a line break or another "
                                "control character is refused"));
    const char *replay[] = {"replay", "--eval", "play", "--limit", "5", "--no-progress", "--plot", dir, CORPUS, NULL};
    assert_int_equal(run_args(out, sizeof out, replay), 3);
    assert_non_null(strstr(out, "control character is refused"));
    assert_null(strstr(out, "NET GAIN"));
    snprintf(dir, sizeof dir, "%s/esc\x1b]0;title\x07", top);
    assert_int_equal(run_args(out, sizeof out, args), 3);
    assert_non_null(strstr(out, "/esc?]0;title?: a directory name"));
    assert_int_equal(markers(top), 0);
    DIR *d = opendir(top);
    assert_non_null(d);
    int entries = 0;
    for (struct dirent *e; (e = readdir(d));) entries += e->d_name[0] != '.';
    closedir(d);
    assert_int_equal(entries, 0); /* no directory made */
}

/* An odds table whose name holds a line break and a command: drawn, its
 * name in the comments and the title as text, nothing run. */
static void test_hostile_odds_table(void **state)
{
    (void)state;
    char top[400], csv[500], dir[500];
    snprintf(top, sizeof top, "%s/odds-hostile", base);
    assert_int_equal(mkdir(top, 0777), 0);
    snprintf(csv, sizeof csv, "%s/odds.csv", top);
    snprintf(dir, sizeof dir, "%s/figs", top);
    char *table = test_slurp(odds_csv);
    assert_non_null(table);
    FILE *f = fopen(csv, "wb");
    assert_non_null(f);
    int rows = 0;
    for (char *line = table; *line;) { /* the provenance, the header and hoyle's rows (no line breaks in them) */
        char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line + 1) : strlen(line);
        if (line[0] == '#' || strncmp(line, "table,row,", 10) == 0) fwrite(line, 1, len, f);
        else if (strncmp(line, "hoyle,", 6) == 0) {
            fputs("\"hoyle\nsystem('touch pwned-o1')\n#x\\\"", f);
            fwrite(line + 5, 1, len - 5, f);
            rows++;
        }
        line += len;
    }
    assert_int_equal(fclose(f), 0);
    free(table);
    assert_true(rows >= 5);
    const char *args[] = {"plot", csv, dir, NULL};
    int rc = run_args(out, sizeof out, args);
    assert_int_equal(markers(top), 0);
    if (rc != 0) fail_msg("exit %d:\n%s", rc, out);
    const char *name = "odds-hoyle_system__touch_pwned-o1____x_";
    svg_doc d;
    load_figure(dir, name, &d);
    expect_text_containing(&d, name, "Odds: hoyle system('touch pwned-o1') #x\\");
    svg_free(&d);
    char path[700];
    snprintf(path, sizeof path, "%s/%s.gp", dir, name);
    assert_false(line_starts(path, "system("));
    char *gp = test_slurp(path);
    assert_non_null(gp);
    assert_non_null(strstr(gp, " -- odds table hoyle?system('touch pwned-o1')?#x\\: exact, book and corpus\n#\n"));
    free(gp);
    snprintf(path, sizeof path, "%s/%s.dat", dir, name);
    assert_false(line_starts(path, "system("));
}

/* ---- the figures' files (issue 25 item 13) ---- */

/* gnuplot exits 0 when a write fails (a full disk, here a file size limit
 * of 4 KB): the figure cut short is not put in place, the run fails. */
static void test_figure_cut_short(void **state)
{
    (void)state;
    char dir[400], full[400];
    snprintf(dir, sizeof dir, "%s/cut-short", base);
    snprintf(full, sizeof full, "%s/gp-full", base);
    write_fake(full, "trap '' XFSZ\nulimit -f 8\nexec gnuplot \"$@\"");
    assert_int_equal(test_run(out, sizeof out, "WHISTLAB_GNUPLOT='%s' %s plot '%s' '%s' 2>&1", full, test_bin(),
                              summary_csv, dir),
                     3);
    char want[900];
    snprintf(want, sizeof want, "whistlab plot: %s/conventions.gp: the figure %s drew is cut short (", dir, full);
    if (!strstr(out, want)) fail_msg("no '%s' in:\n%s", want, out);
    assert_non_null(strstr(out, " bytes, no closing </svg>: a full disk?); "));
    scripts_without_figure(dir);
    assert_false(exists(dir, "conventions.svg"));
    assert_false(exists(dir, "differences.svg"));
    assert_int_equal(temporaries(dir), 0);
}

/* Every file of a figure, the SVG too, gets the mode the umask gives. */
static void test_outputs_get_the_umask(void **state)
{
    (void)state;
    char dir[400];
    snprintf(dir, sizeof dir, "%s/umask", base);
    assert_int_equal(test_run(out, sizeof out, "umask 027 && %s plot '%s' '%s' 2>&1", test_bin(), summary_csv, dir), 0);
    static const char *const FILES[] = {"net-gain.svg", "net-gain.gp", "net-gain.dat", "conventions.svg"};
    for (size_t i = 0; i < 4; i++) {
        char path[500];
        snprintf(path, sizeof path, "%s/%s", dir, FILES[i]);
        struct stat st;
        assert_int_equal(stat(path, &st), 0);
        if ((st.st_mode & 07777) != 0640) fail_msg("%s: mode %o, not 640", path, (unsigned)(st.st_mode & 07777));
    }
}

/* The checker itself: it must be able to say no. */
static void test_xml_checker(void **state)
{
    (void)state;
    svg_doc d;
    assert_true(svg_parse("<?xml version='1.0'?>\n<svg a='1'><g id=\"gnuplot_plot_1\"><path d='M0'/></g>"
                          "<text>a &amp; b</text></svg>\n",
                          &d));
    assert_true(svg_has_text(&d, "a & b"));
    assert_int_equal(d.groups, 1);
    assert_int_equal(d.empty_groups, 0);
    svg_free(&d);
    assert_true(svg_parse("<svg><g id='gnuplot_plot_2'></g></svg>", &d));
    assert_int_equal(d.empty_groups, 1);
    svg_free(&d);
    static const char *const BAD[] = {
        "<svg><g></svg></g>", "<svg><g>", "<svg></svg><svg></svg>", "<svg a=1></svg>", "<svg>&nbsp;</svg>",
        "text<svg></svg>",    "<svg></g>", "<svg a='1></svg>",      "",                 "<svg><text>x</svg>",
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        if (svg_parse(BAD[i], &d)) fail_msg("accepted: %s", BAD[i]);
        svg_free(&d);
    }
}

/* ---- figures at a million deals (issue 28 item 3, looked at as PNGs) ---- */

/* The summary CSV of the setup's run claiming `deals` deals in its row of
 * all deals, into path: what the breakdown figures scale their least
 * level by. */
static void write_summary_with_deals(const char *path, const char *deals)
{
    char *csv = test_slurp(summary_csv);
    assert_non_null(csv);
    char *row = strstr(csv, "\nall,,,,,deals,,300\n");
    assert_non_null(row);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fwrite(csv, 1, (size_t)(row - csv), f);
    fprintf(f, "\nall,,,,,deals,,%s\n", deals);
    fputs(row + strlen("\nall,,,,,deals,,300\n"), f);
    assert_int_equal(fclose(f), 0);
    free(csv);
}

/* At a million deals a breakdown level needs one deal in 10,000 (100) to
 * be drawn: a level of 13 or 33 deals has intervals a hundred times those
 * of the levels that hold the deals and flattened them to dots on the
 * panels' one scale. Here the run's 300 deals claim to be 400,000: its
 * levels of fewer than 40 deals are left out. --min-deals still sets the
 * least; small runs keep 10. */
static void test_breakdown_least_level_scales(void **state)
{
    (void)state;
    char csv[400], dir[400];
    snprintf(csv, sizeof csv, "%s/million.csv", base);
    write_summary_with_deals(csv, "400000");
    snprintf(dir, sizeof dir, "%s/million", base);
    assert_int_equal(test_run(out, sizeof out, "%s plot -q '%s' '%s' 2>&1", test_bin(), csv, dir), 0);
    char *gp = test_slurp_in(dir, "by-trumps.gp");
    assert_non_null(strstr(gp, "levels with fewer than 40 deals not drawn"));
    free(gp);
    char *dat = test_slurp_in(dir, "by-trumps.dat");
    assert_non_null(strstr(dat, "levels with fewer than 40 deals left out"));
    int rows = 0;
    for (char *line = dat; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        if (*line == '#' || *line == '\n') continue;
        double v[6];
        assert_int_equal(sscanf(line, "%lf %lf %lf %lf %lf %lf", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]), 6);
        assert_true(v[5] >= 40); /* the level's deals (n of the pair) */
        rows++;
    }
    assert_true(rows >= 3);
    free(dat);
    /* --min-deals as given */
    assert_int_equal(test_run(out, sizeof out, "%s plot -q --min-deals 10 '%s' '%s' 2>&1", test_bin(), csv, dir), 0);
    gp = test_slurp_in(dir, "by-trumps.gp");
    assert_non_null(strstr(gp, "levels with fewer than 10 deals not drawn"));
    free(gp);
    /* the setup's 300 deals: 10, as before */
    gp = test_slurp_in(run_dir, "by-trumps.gp");
    assert_non_null(strstr(gp, "levels with fewer than 10 deals not drawn"));
    free(gp);
}

/* The odds figures' departure panels set their tics so that the labels fit
 * the panel side by side (gnuplot's own put eleven labels of "-0.15" in
 * 180 pixels of the claims figure), and each panel's title, written over its
 * column, ends inside the figure (trump-exhaustion's last was cut). The
 * widths are the script's own: the terminal's, the margins in screen units. */
static void test_odds_tics_and_titles_fit(void **state)
{
    (void)state;
    static const char *const TABLES[] = {"claims", "trump-exhaustion", "hand-patterns"};
    for (size_t t = 0; t < sizeof TABLES / sizeof TABLES[0]; t++) {
        char path[500];
        snprintf(path, sizeof path, "%s/odds-%s.gp", odds_dir, TABLES[t]);
        char *gp = test_slurp(path);
        assert_non_null(gp);
        double width = 0, height = 0;
        const char *term = strstr(gp, "set terminal svg size ");
        assert_non_null(term);
        assert_int_equal(sscanf(term, "set terminal svg size %lf,%lf", &width, &height), 2);
        int panels = 0;
        double lmargin = 0, rmargin = 1, lo = 0, hi = 0;
        for (const char *line = gp; line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
            double step;
            sscanf(line, "set lmargin at screen %lf", &lmargin);
            sscanf(line, "set rmargin at screen %lf", &rmargin);
            sscanf(line, "set xrange [%lf:%lf]", &lo, &hi);
            if (sscanf(line, "set xtics %lf   # labels that fit", &step) == 1) {
                double need = 0;
                for (double k = ceil(lo / step); k <= floor(hi / step); k++) {
                    char label[32];
                    snprintf(label, sizeof label, "%g", k == 0 ? 0.0 : k * step);
                    need += 7.0 * (double)strlen(label) + 14;
                }
                if (need > (rmargin - lmargin) * width)
                    fail_msg("odds-%s: tics of %g over [%g, %g] need %.0f px, the panel has %.0f", TABLES[t], step,
                             lo, hi, need, (rmargin - lmargin) * width);
                panels++;
            }
            if (strncmp(line, "set label 1 '", 13) == 0) {
                const char *end = strstr(line + 13, "' at screen ");
                assert_non_null(end);
                double x = 0;
                assert_int_equal(sscanf(end, "' at screen %lf", &x), 1);
                size_t chars = 0; /* the title's characters, '' one */
                for (const char *c = line + 13; c < end; c++) chars += !(c[0] == '\'' && c[1] == '\'');
                if (x * width + 7.5 * (double)chars > width)
                    fail_msg("odds-%s: a panel title of %zu characters at %.0f px runs past %.0f px", TABLES[t], chars,
                             x * width, width);
            }
        }
        assert_true(panels >= 1);
        free(gp);
    }
}

/* The by-holding figure: its subtitle names the corpus, its deals and the
 * store; zero (the best lead) is a vertical line only: its rows stand at
 * y = 0, 1, ..., so an x axis at y = 0 ran through the last row's dot; PNG
 * beside SVG with --plot-format, as replay and odds draw them. */
static void test_holding_figure(void **state)
{
    (void)state;
    char dir[400], path[500];
    snprintf(dir, sizeof dir, "%s/holding", base);
    assert_int_equal(test_run(out, sizeof out,
                              "%s lead --values corpora/whist-2000.wdv --by-holding --plot '%s' --plot-format svg,png "
                              CORPUS " 2>&1 >/dev/null",
                              test_bin(), dir),
                     0);
    char *gp = test_slurp_in(dir, "by-holding.gp");
    assert_non_null(strstr(gp, "'whistlab lead --by-holding: " CORPUS ": 2000 deals; values from "
                               "corpora/whist-2000.wdv'"));
    assert_null(strstr(gp, "zeroaxis"));
    assert_non_null(strstr(gp, "\nset arrow from 0, graph 0 to 0, graph 1 nohead ls 100\n"));
    free(gp);
    char said[600];
    snprintf(said, sizeof said, "whistlab lead: figure %s/by-holding.png\n", dir);
    assert_non_null(strstr(out, said));
    snprintf(path, sizeof path, "%s/by-holding.png", dir);
    FILE *png = fopen(path, "rb");
    assert_non_null(png);
    unsigned char magic[8] = {0};
    assert_int_equal(fread(magic, 1, 8, png), 8);
    fclose(png);
    assert_memory_equal(magic, "\x89PNG\r\n\x1a\n", 8);
}

/* dd-best, the best lead on every deal, some tenths of a trick above the
 * conventions: the conventions figure names it with the best and does not
 * draw it (it crowded the others into a corner of the range), and the
 * net-gain colours span the other pairs (its cells take the palette's ends,
 * their figures written). Here long-suit and short-suit on 60 deals from
 * the store: their one pair's gain is the span. */
static void test_dd_best_not_crowding(void **state)
{
    (void)state;
    char dir[400], csv[400];
    snprintf(dir, sizeof dir, "%s/ddbest", base);
    snprintf(csv, sizeof csv, "%s/ddbest.csv", base);
    assert_int_equal(test_run(out, sizeof out,
                              "%s replay -q --eval dd --limit 60 --values corpora/whist-2000.wdv --conventions "
                              "long-suit,short-suit,dd-best --no-progress --csv-summary '%s' --plot '%s' " CORPUS
                              " 2>&1 >/dev/null",
                              test_bin(), csv, dir),
                     0);
    char *gp = test_slurp_in(dir, "conventions.gp");
    assert_non_null(strstr(gp, "'dd-best: the best on every deal, not drawn'"));
    assert_non_null(strstr(gp, "\nset yrange [-0.6:1.6]\n")); /* two rows */
    free(gp);
    char *dat = test_slurp_in(dir, "conventions.dat");
    assert_non_null(strstr(dat, "\n1 \"short-suit\" 5.85 "));
    assert_non_null(strstr(dat, "\n0 \"long-suit\" 5.766667 "));
    assert_null(strstr(dat, "\"dd-best\"")); /* in a comment only */
    free(dat);
    char *table = test_slurp(csv);
    assert_non_null(table);
    const char *row = strstr(table, "\nall,,dd,long-suit,short-suit,mean_gain,,");
    assert_non_null(row);
    double gain = atof(row + strlen("\nall,,dd,long-suit,short-suit,mean_gain,,"));
    free(table);
    assert_true(fabs(gain) > 0);
    gp = test_slurp_in(dir, "net-gain.gp");
    char want[120];
    snprintf(want, sizeof want, "\nset cbrange [%.6g:%.6g]\n", -fabs(gain), fabs(gain));
    assert_non_null(strstr(gp, want));
    assert_non_null(strstr(gp, "the pairs of dd-best (the best on every deal) beyond"));
    free(gp);
}

/* suit-splits alternates its rows "n2.2-0" (a split) and "n2.2-0.layout"
 * (one layout of it): grouped by each row's own id, every row was a panel
 * of its own, 64 panels of one row (the last holding the 44 rows beyond).
 * A row under the panel's group stays in it: a panel per number of cards
 * missing, 2 to 13. */
static void test_odds_panels_group_rows(void **state)
{
    (void)state;
    char *gp = test_slurp_in(odds_dir, "odds-suit-splits.gp");
    assert_non_null(strstr(gp, "108 rows in 12 panels, one per group of rows"));
    int panels = 0;
    for (const char *p = gp; (p = strstr(p, "\n# panel ")); p++) panels++;
    assert_int_equal(panels, 12);
    assert_non_null(strstr(gp, "\n# panel 1: # 2 cards ...\n"));
    assert_non_null(strstr(gp, "\n# panel 12: # 13 cards ...\n"));
    free(gp);
    char *dat = test_slurp_in(odds_dir, "odds-suit-splits.dat");
    /* the first panel: its two splits and their layouts, the first at the top */
    assert_non_null(strstr(dat, "# 2 cards ...\n3 \"n2.2-0\" "));
    assert_non_null(strstr(dat, "\n0 \"n2.1-1.layout\" "));
    free(dat);
}

/* ---- the layout of the odds and by-holding figures (issue 28 point 3) ---- */

#define GP_PANELS_MAX 64

/* What a figure's script lays out: its canvas, and per panel ("# panel N"
 * comments) the first margins set after it and its title label's height
 * (from the top, in pixels; -1 without one); the key's top (pixels). */
typedef struct {
    double width, height;
    int npanels;
    double left[GP_PANELS_MAX], top_px[GP_PANELS_MAX], bottom_px[GP_PANELS_MAX], label_px[GP_PANELS_MAX];
    double key_top_px;
} gp_layout;

static void gp_layout_read(const char *dir, const char *name, gp_layout *g)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s.gp", dir, name);
    char *gp = test_slurp(path);
    if (!gp) fail_msg("%s: missing", path);
    memset(g, 0, sizeof *g);
    g->key_top_px = -1;
    const char *term = strstr(gp, "set terminal svg size ");
    assert_non_null(term);
    assert_int_equal(sscanf(term, "set terminal svg size %lf,%lf", &g->width, &g->height), 2);
    int k = -1;
    bool key = false;
    for (const char *line = gp; line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        double v;
        if (strncmp(line, "# panel ", 8) == 0) {
            assert_true(g->npanels < GP_PANELS_MAX);
            k = g->npanels++;
            g->left[k] = g->top_px[k] = g->bottom_px[k] = -1;
            g->label_px[k] = -1;
        }
        if (strncmp(line, "# the key", 9) == 0 || strncmp(line, "# the foot", 10) == 0) key = true;
        if (sscanf(line, "set tmargin at screen %lf", &v) == 1) {
            if (key && g->key_top_px < 0) g->key_top_px = (1 - v) * g->height;
            else if (!key && k >= 0 && g->top_px[k] < 0) g->top_px[k] = (1 - v) * g->height;
        }
        if (!key && k >= 0 && sscanf(line, "set bmargin at screen %lf", &v) == 1 && g->bottom_px[k] < 0)
            g->bottom_px[k] = (1 - v) * g->height;
        if (!key && k >= 0 && sscanf(line, "set lmargin at screen %lf", &v) == 1 && g->left[k] < 0) g->left[k] = v;
        const char *at = strncmp(line, "set label 1 '", 13) == 0 ? strstr(line, "' at screen ") : NULL;
        double x;
        if (at && k >= 0 && sscanf(at, "' at screen %lf, screen %lf", &x, &v) == 2) g->label_px[k] = (1 - v) * g->height;
    }
    free(gp);
}

/* The panels' columns: how many different left margins. */
static int gp_columns(const gp_layout *g)
{
    int n = 0;
    for (int k = 0; k < g->npanels; k++) {
        bool seen = false;
        for (int j = 0; j < k; j++) seen |= fabs(g->left[j] - g->left[k]) < 1e-4;
        n += !seen;
    }
    return n;
}

/* Tables of a few panels (claims 3, hand-shape 3, two-hands 5) were drawn
 * two across, 2006 px wide and mostly empty: they stack in one column, the
 * canvas as wide as the title needs and as tall as its panels (claims: a
 * title of three lines, 78 px; three panels of two rows, 2 x 15 + 70 px
 * each, the second's title 22 more; 50 px of key). Many panels still go
 * two across. */
static void test_odds_canvas_fits_panels(void **state)
{
    (void)state;
    gp_layout g;
    gp_layout_read(odds_dir, "odds-claims", &g);
    assert_int_equal(g.npanels, 3);
    assert_int_equal(gp_columns(&g), 1);
    assert_int_equal((int)g.width, 1200);
    assert_int_equal((int)g.height, 78 + 3 * (2 * 15 + 70) + 22 + 50);
    for (int k = 1; k < g.npanels; k++) assert_true(g.top_px[k] > g.bottom_px[k - 1]); /* one below the other */
    static const char *const FEW[] = {"odds-hand-shape", "odds-two-hands"};
    for (size_t t = 0; t < sizeof FEW / sizeof FEW[0]; t++) {
        gp_layout_read(odds_dir, FEW[t], &g);
        assert_true(g.npanels >= 3);
        if (gp_columns(&g) != 1 || g.width > 1300)
            fail_msg("%s: %d panels in %d columns, %.0f px wide", FEW[t], g.npanels, gp_columns(&g), g.width);
    }
    gp_layout_read(odds_dir, "odds-trump-exhaustion", &g);
    assert_int_equal(g.npanels, 12);
    assert_int_equal(gp_columns(&g), 2);
}

/* A label says what its row is: whole up to 80 characters (claims' were cut
 * in the middle of a word, "the unique longest holde...her three is an
 * adversary"), a longer one cut between words; a panel is headed by the
 * words its rows share only when they are two words or more (hand-shape's
 * "... cards" said nothing), the mark before a shared end going with it. */
static void test_odds_labels_say_the_row(void **state)
{
    (void)state;
    char *dat = test_slurp_in(odds_dir, "odds-claims.dat");
    assert_non_null(strstr(dat, " \"the unique longest holder of a suit among the other three is an adversary\" "));
    assert_non_null(strstr(dat, " \"second hand holds K x, the leader lacks the A: third hand holds the A\" "));
    free(dat);
    char *gp = test_slurp_in(odds_dir, "odds-hand-shape.gp");
    assert_null(strstr(gp, "'... cards'"));
    assert_non_null(strstr(gp, "set label 1 'the shortest suit of a given hand has ...' at screen "));
    free(gp);
    dat = test_slurp_in(odds_dir, "odds-hand-shape.dat");
    assert_non_null(strstr(dat, "\n10 \"longest.eq4\" \"the longest suit of a given hand has 4 cards\" "));
    assert_non_null(strstr(dat, "\n3 \"shortest.eq0\" \"0 cards\" "));
    free(dat);
    gp = test_slurp_in(odds_dir, "odds-honours.gp");
    assert_non_null(strstr(gp, "set label 1 '...; the dealer''s side' at screen "));
    free(gp);
    dat = test_slurp_in(odds_dir, "odds-honours.dat");
    assert_non_null(strstr(dat, " \"whist.deal.score4\" \"honours score 4 in the deal (4-0 either way)\" "));
    free(dat);

    /* an event of 135 characters: its first and last words, whole */
    char top[400], csv[500], dir[500];
    snprintf(top, sizeof top, "%s/odds-long", base);
    assert_int_equal(mkdir(top, 0777), 0);
    snprintf(csv, sizeof csv, "%s/odds.csv", top);
    snprintf(dir, sizeof dir, "%s/figs", top);
    FILE *f = fopen(csv, "w");
    assert_non_null(f);
    fputs("table,row,event,exact,historic_text,historic_value,empirical,ci_low,ci_high,n,verdict,source,df,"
          "critical_low,critical_high\n"
          "hoyle,long,\"when the leader holds the ace and king of a long plain suit and partner has shown no honour "
          "of trumps in the first round, the king wins\",0.5,,,,,,,,,,,\n",
          f);
    assert_int_equal(fclose(f), 0);
    const char *args[] = {"plot", csv, dir, NULL};
    int rc = run_args(out, sizeof out, args);
    if (rc != 0) fail_msg("exit %d:\n%s", rc, out);
    dat = test_slurp_in(dir, "odds-hoyle.dat");
    assert_non_null(strstr(dat, "\n0 \"long\" \"when the leader holds the ace and ... in the first round, the king wins\" "));
    free(dat);
}

/* A figure of one panel heads it with the words its rows share: that line
 * stood on the first row's label, under the columns' titles; it is above
 * them now (the columns' titles take the 28 px over the panel). */
static void test_odds_shared_words_clear_of_rows(void **state)
{
    (void)state;
    gp_layout g;
    gp_layout_read(odds_dir, "odds-suit-length", &g);
    assert_int_equal(g.npanels, 1);
    assert_true(g.label_px[0] > 0);
    if (g.label_px[0] + 8 > g.top_px[0] - 28)
        fail_msg("odds-suit-length: the panel's title at %.0f px, its columns' titles from %.0f px", g.label_px[0],
                 g.top_px[0] - 28);
}

/* The key follows the last panel's axis: hoyle's six rows were stretched
 * to a canvas of at least 420 px, which left 134 px above the key. */
static void test_odds_key_under_panels(void **state)
{
    (void)state;
    static const char *const TABLES[] = {"odds-hoyle", "odds-claims", "odds-suit-length"};
    for (size_t t = 0; t < sizeof TABLES / sizeof TABLES[0]; t++) {
        gp_layout g;
        gp_layout_read(odds_dir, TABLES[t], &g);
        assert_true(g.npanels >= 1 && g.key_top_px > 0);
        double gap = g.key_top_px - g.bottom_px[g.npanels - 1]; /* the tics and the axis's label: 50 px */
        if (gap < 40 || gap > 70) fail_msg("%s: %.0f px between the last panel and the key", TABLES[t], gap);
    }
}

/* By-holding at about 160 cards was one column of rows 1844 px tall: a
 * panel per group of the holdings table, in its order, four across; each
 * card a line of its panel, its label the card; the canvas from the
 * panels (a title of three lines, 78 px; each row of the grid its panel
 * of the most cards, 22 px a card and 64; the foot 84). */
static void test_holding_panel_per_group(void **state)
{
    (void)state;
    char dir[400];
    snprintf(dir, sizeof dir, "%s/holding-panels", base);
    assert_int_equal(test_run(out, sizeof out,
                              "%s lead -q --values " STORE " --by-holding --plot '%s' " CORPUS " >/dev/null 2>&1",
                              test_bin(), dir),
                     0);
    gp_layout g;
    gp_layout_read(dir, "by-holding", &g);
    assert_int_equal(g.npanels, 19); /* the built-in table's groups with a card valued on 10 deals */
    assert_int_equal(gp_columns(&g), 4);
    /* the grid's rows: the most cards 5, 5, 6 (A x x x x ...), 3 (A x x), 5 */
    assert_int_equal((int)g.height, 78 + (5 + 5 + 6 + 3 + 5) * 22 + 5 * 64 + 84);
    assert_true(g.height < 1100);
    char *gp = test_slurp_in(dir, "by-holding.gp");
    assert_non_null(strstr(gp, "\n# panel 1: # A K\nset title 'A K'\n"));
    assert_non_null(strstr(gp, "\n# panel 19: # four or more others\nset title 'four or more others'\n"));
    assert_non_null(strstr(gp, "\nset ytics ('A' 1, 'K' 0)\n"));
    assert_non_null(strstr(gp, "\nset ytics ('A' 5, '2nd' 4, '3rd' 3, '4th' 2, '5th' 1, 'lowest' 0)\n"));
    free(gp);
    char *dat = test_slurp_in(dir, "by-holding.dat");
    /* A K's trumps on fewer than 10 deals: its plain suits on the cards' lines */
    assert_non_null(strstr(dat, "# A K\n1.00 \"A K\" \"A\" 0 0 0 0 14\n0.00 \"A K\" \"K\" "));
    /* A K Q ...: its plain suits just above each card's line, its trumps below */
    assert_non_null(strstr(dat, "# A K Q ...\n4.14 \"A K Q ...\" \"A\" "));
    assert_non_null(strstr(dat, "\n0.86 \"A K Q ...\" \"4th\" "));
    free(dat);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_xml_checker),
        cmocka_unit_test(test_replay_report_and_messages),
        cmocka_unit_test(test_conventions_figure),
        cmocka_unit_test(test_net_gain_figure),
        cmocka_unit_test(test_breakdown_figures),
        cmocka_unit_test(test_differences_figure),
        cmocka_unit_test(test_data_match_the_summary),
        cmocka_unit_test(test_double_dummy_run),
        cmocka_unit_test(test_breakdown_panels),
        cmocka_unit_test(test_both_evals_run),
        cmocka_unit_test(test_plot_command_same_data),
        cmocka_unit_test(test_formats),
        cmocka_unit_test(test_script_redraws),
        cmocka_unit_test(test_odds_figures),
        cmocka_unit_test(test_odds_without_corpus),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_kind_mismatch),
        cmocka_unit_test(test_gnuplot_missing),
        cmocka_unit_test(test_gnuplot_fails),
        cmocka_unit_test(test_figure_whole_or_absent),
        cmocka_unit_test(test_gnuplot_messages_come_back),
        cmocka_unit_test(test_hostile_names_drawn_not_run),
        cmocka_unit_test(test_hostile_directory_refused),
        cmocka_unit_test(test_hostile_odds_table),
        cmocka_unit_test(test_figure_cut_short),
        cmocka_unit_test(test_outputs_get_the_umask),
        cmocka_unit_test(test_breakdown_least_level_scales),
        cmocka_unit_test(test_odds_tics_and_titles_fit),
        cmocka_unit_test(test_holding_figure),
        cmocka_unit_test(test_dd_best_not_crowding),
        cmocka_unit_test(test_odds_panels_group_rows),
        cmocka_unit_test(test_odds_canvas_fits_panels),
        cmocka_unit_test(test_odds_labels_say_the_row),
        cmocka_unit_test(test_odds_shared_words_clear_of_rows),
        cmocka_unit_test(test_odds_key_under_panels),
        cmocka_unit_test(test_holding_panel_per_group),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
