/* plot_odds.c -- the figures of an odds CSV (plot.h; the columns are in
 * odds_report.h): per table, each probability row's exact value, the book's
 * figure and the corpus frequency with its interval, and beside them the
 * book's and the corpus's departure from the exact value. Rows that are
 * expectations (a mean, a variance) are not probabilities: they are left
 * out, and the figure says how many; the goodness-of-fit table (gof:
 * constants, test statistics, p-values) is not drawn. */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/odds/odds_tables.h"
#include "stats/report/plot_csv.h"
#include "stats/report/plot_odds.h"

static const char *const ODDS_HEADER[] = {"table", "row", "event", "exact", "historic_text", "historic_value",
                                          "empirical", "ci_low", "ci_high", "n", "verdict", "source",
                                          "df", "critical_low", "critical_high"};
enum {
    O_TABLE, O_ROW, O_EVENT, O_EXACT, O_HTEXT, O_HVALUE, O_EMP, O_LO, O_HI, O_N, O_VERDICT, O_SOURCE,
    O_DF, O_CRIT_LO, O_CRIT_HI, O_NCOLS
};

#define NPROV 12

typedef struct {
    plot_table t;
    double level;     /* of the intervals */
    char sub[600];    /* what the figures rest on */
    char prov[NPROV][1536];
    const char *prov_lines[NPROV + 1];
} odds_data;

/* What the table rests on, from its comment lines ("input.1": "# input 1: ..."). */
static const char *prov_text(const odds_data *d, const char *row)
{
    char key[64];
    snprintf(key, sizeof key, "%s", row);
    char *dot = strchr(key, '.');
    if (dot) *dot = ' ';
    return plot_table_comment(&d->t, key);
}

static void describe(odds_data *d)
{
    const char *lv = prov_text(d, "setting.level");
    d->level = lv ? plot_num(lv) : 0.95;
    if (isnan(d->level) || d->level <= 0 || d->level >= 1) d->level = 0.95;
    int ninputs = 0;
    double deals = 0;
    const char *first = NULL;
    for (;; ninputs++) {
        char key[32];
        snprintf(key, sizeof key, "input.%d", ninputs + 1);
        const char *name = prov_text(d, key);
        if (!name) break;
        if (!ninputs) first = name;
        snprintf(key, sizeof key, "input_deals.%d", ninputs + 1);
        double n = plot_num(prov_text(d, key));
        if (!isnan(n)) deals += n;
    }
    const char *version = prov_text(d, "version");
    if (!ninputs)
        snprintf(d->sub, sizeof d->sub, "exact values and the books' figures; no corpus measured (odds --corpus)");
    else {
        const char *dealer = prov_text(d, "setting.dealer"), *turnup = prov_text(d, "setting.turnup");
        char more[32] = "";
        if (ninputs > 1) snprintf(more, sizeof more, " and %d more file%s", ninputs - 1, ninputs > 2 ? "s" : "");
        snprintf(d->sub, sizeof d->sub, "corpus %.300s%s: %.0f deals; dealer %s, turn-up %s; whistlab %s", first, more,
                 deals, dealer ? dealer : "?", turnup ? turnup : "?", version ? version : "?");
    }
    int np = 0;
    for (size_t r = 0; r < d->t.ncomments && np < NPROV; r++)
        snprintf(d->prov[np++], sizeof d->prov[0], "%-18s %s", d->t.comment[r].key, d->t.comment[r].value);
    for (int i = 0; i < np; i++) d->prov_lines[i] = d->prov[i];
    d->prov_lines[np] = NULL;
}

/* A row that is a probability, not an expectation. */
static bool is_probability(const plot_table *t, size_t r)
{
    const char *id = plot_cell(t, r, O_ROW);
    double e = plot_num(plot_cell(t, r, O_EXACT));
    size_t len = strlen(id);
    if (strstr(id, "mean") || (len >= 4 && strcmp(id + len - 4, ".var") == 0)) return false;
    return !isnan(e) && e >= 0 && e <= 1;
}

/* A table's name as a file name: [A-Za-z0-9._-] kept, anything else '_'. */
static void file_name(const char *table, char *buf, size_t len)
{
    size_t at = (size_t)snprintf(buf, len, "%s", PLOT_FIG_ODDS_PREFIX);
    for (const char *p = table; *p && at + 1 < len; p++) {
        char ch = *p;
        bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '.' ||
                  ch == '-' || ch == '_';
        buf[at++] = ok ? ch : '_';
    }
    buf[at] = 0;
}

static double pp(double v)
{
    return 100 * v;
}

/* The rows of a table are drawn in panels: one panel for a table of up to
 * FACET_ROWS rows whose events are short, else a panel per group of rows (the rows whose ids share
 * all but their last part: trump-exhaustion's T4.*, eldest.T4.*, ...),
 * one above the other, or two across when there are more than
 * PANELS_DOWN (claims' three panels across two columns left a 2006-px
 * figure mostly empty). Each row is labelled by its event, less the words
 * every row of its panel shares, which head the panel. */
#define FACET_ROWS 40
#define FACET_EVENT 52 /* an event longer than this: a panel per group, whose shared words shorten the labels */
#define PANELS_DOWN 6
#define MAX_PANELS 64
#define LABEL_MAX 80   /* characters of a row's label; longer ones are cut between words */
#define SHARED_WORDS 2 /* the fewest words shared that head a panel: "... cards" said nothing */

typedef struct {
    size_t row[256]; /* the CSV rows, in order */
    int n;
    size_t pre, suf; /* the bytes every event of the panel starts and ends with */
    char title[240];
} odds_panel;

/* The group of a row id: all but its last dot-separated part ("" when
 * it has one part). */
static size_t group_len(const char *id)
{
    const char *dot = strrchr(id, '.');
    return dot ? (size_t)(dot - id) : 0;
}

/* The number of words in s[0..len) (a mark alone, the ';' of "; the
 * dealer's side", is none). */
static int words_in(const char *s, size_t len)
{
    int n = 0;
    bool counted = false;
    for (size_t i = 0; i < len; i++) {
        if (s[i] == ' ') counted = false;
        else if (!counted && isalnum((unsigned char)s[i])) n++, counted = true;
    }
    return n;
}

/* The words every event of the panel starts and ends with (cut at a space,
 * leaving each event a word of its own; the mark before the space that
 * starts the end goes with it: "honours ...; the dealer's side"), each
 * only when it is at least SHARED_WORDS words, and the panel's title from
 * them: the start, "..." where a row's label goes, the end. */
static void panel_common(const plot_table *t, odds_panel *p)
{
    p->pre = p->suf = 0;
    const char *first = p->n ? plot_cell(t, p->row[0], O_EVENT) : "";
    size_t flen = strlen(first);
    if (p->n >= 2) {
        size_t pre = flen, suf = flen, shortest = flen;
        for (int i = 1; i < p->n; i++) {
            const char *e = plot_cell(t, p->row[i], O_EVENT);
            size_t len = strlen(e), k = 0;
            while (k < pre && e[k] == first[k]) k++;
            pre = k;
            k = 0;
            while (k < suf && k < len && e[len - 1 - k] == first[flen - 1 - k]) k++;
            suf = k;
            if (len < shortest) shortest = len;
        }
        while (pre > 0 && first[pre - 1] != ' ') pre--; /* up to a space */
        const char *end = first + flen;
        size_t shared_end = suf;
        while (suf > 0 && end[-(long)suf] != ' ') suf--; /* from a space */
        if (suf && suf < shared_end && strchr(",;:", end[-(long)suf - 1])) suf++;
        if (pre + suf + 1 > shortest) suf = 0;
        if (pre + 1 > shortest) pre = 0;
        if (words_in(first, pre) < SHARED_WORDS) pre = 0;
        if (words_in(end - suf, suf) < SHARED_WORDS) suf = 0;
        p->pre = pre, p->suf = suf;
    }
    if (p->pre || p->suf)
        snprintf(p->title, sizeof p->title, "%.*s...%.*s", (int)p->pre, first, (int)p->suf, first + flen - p->suf);
    else p->title[0] = 0;
}

/* The label of a row: its event less the panel's common words; one longer
 * than LABEL_MAX characters is cut in the middle between words (the rows
 * of a panel differ at their ends as often as at their starts), its
 * "..." standing for whole words. */
static void row_label(const plot_table *t, const odds_panel *p, size_t r, char *buf, size_t len)
{
    const char *e = plot_cell(t, r, O_EVENT);
    if (!*e) {
        snprintf(buf, len, "%s", plot_cell(t, r, O_ROW)); /* no event: its id */
        return;
    }
    const char *s = e + p->pre;
    size_t n = strlen(e) - p->pre - p->suf;
    if (n <= LABEL_MAX) {
        snprintf(buf, len, "%.*s", (int)n, s);
        return;
    }
    size_t head = (LABEL_MAX - 5) / 2, tail = LABEL_MAX - 5 - head;
    size_t h = head, from = n - tail;
    while (h > 0 && s[h] != ' ') h--; /* the head ends before a space */
    while (from < n && s[from - 1] != ' ') from++; /* the tail starts after one */
    if (h == 0) h = head; /* one long word: cut in it */
    if (from >= n) from = n - tail;
    while (h > 0 && s[h - 1] == ' ') h--;
    while (from < n && s[from] == ' ') from++;
    snprintf(buf, len, "%.*s ... %.*s", (int)h, s, (int)(n - from), s + from);
}

/* One table: rows first..end-1 of the CSV (one table's run). */
static void fig_table(plot_ctx *c, const odds_data *d, size_t first, size_t end)
{
    const plot_table *t = &d->t;
    const char *table = plot_cell(t, first, O_TABLE);
    char name[160];
    file_name(table, name, sizeof name);
    int nrows = 0, skipped = 0, nbook = 0, ncorpus = 0, nverdict = 0;
    for (size_t r = first; r < end; r++) {
        if (!is_probability(t, r)) {
            skipped++;
            continue;
        }
        nrows++;
        nbook += !isnan(plot_num(plot_cell(t, r, O_HVALUE)));
        ncorpus += !isnan(plot_num(plot_cell(t, r, O_EMP)));
        nverdict += *plot_cell(t, r, O_VERDICT) != 0;
    }
    if (strcmp(table, "gof") == 0) { /* constants, statistics and p-values of the fit tests */
        plot_not_drawn(c, name, "the goodness-of-fit table holds test statistics, not probabilities");
        return;
    }
    if (nrows == 0) {
        plot_not_drawn(c, name, "the table has no probability rows (%d expectations)", skipped);
        return;
    }
    /* the panels */
    static odds_panel panel[MAX_PANELS];
    int npanels = 0;
    /* a panel per group when the rows are many, or their events too long
     * to be told apart whole */
    bool facets = nrows > FACET_ROWS;
    for (size_t r = first; r < end; r++)
        if (is_probability(t, r) && strlen(plot_cell(t, r, O_EVENT)) > FACET_EVENT) facets = true;
    /* a row joins the panel of the rows before it when its group is the
     * panel's (the id of its first row less the last part), or lies under
     * it: suit-splits' "n2.2-0.layout" with "n2.2-0" and "n2.1-1" in "n2"
     * (grouped by its own "n2.2-0", each row was a panel of its own) */
    const char *group = NULL;
    size_t group_n = 0;
    for (size_t r = first; r < end; r++) {
        if (!is_probability(t, r)) continue;
        const char *id = plot_cell(t, r, O_ROW);
        size_t g = group_len(id);
        bool same = group && ((g == group_n && strncmp(id, group, g) == 0) ||
                              (group_n && strncmp(id, group, group_n) == 0 && id[group_n] == '.'));
        bool new_panel = npanels == 0 || (facets && !same);
        if (new_panel && npanels == MAX_PANELS) new_panel = false;
        if (!new_panel && panel[npanels - 1].n == (int)(sizeof panel[0].row / sizeof panel[0].row[0])) continue;
        if (new_panel) {
            panel[npanels++].n = 0;
            group = id, group_n = g;
        }
        odds_panel *p = &panel[npanels - 1];
        p->row[p->n++] = r;
    }
    if (npanels == 1) facets = false;
    int ncols = facets && npanels > PANELS_DOWN ? 2 : 1;
    size_t maxlabel = 8;
    for (int k = 0; k < npanels; k++) {
        panel_common(t, &panel[k]);
        for (int i = 0; i < panel[k].n; i++) {
            char label[LABEL_MAX + 8];
            row_label(t, &panel[k], panel[k].row[i], label, sizeof label);
            if (strlen(label) > maxlabel) maxlabel = strlen(label);
        }
    }
    bool right = nbook || ncorpus;
    /* the grid: a row of panels is as tall as its tallest, with its x
     * axes and a line for its panels' titles, the words their rows share,
     * when one has a title (in a figure of one panel too: there the title
     * stood on the first row's label); above it the figure's title, a
     * line each of the table, the corpus and the notes below */
    int title_lines = 2 + (skipped > 0) + facets;
    int rowpx = facets ? 15 : nrows > 30 ? 15 : 20, panel_extra = 70, top = 30 + 16 * title_lines, bottom = 50;
    int grid_rows = (npanels + ncols - 1) / ncols, rows_px[MAX_PANELS], title_px[MAX_PANELS];
    int height = top + bottom;
    for (int g = 0; g < grid_rows; g++) {
        int most = 0;
        title_px[g] = 0;
        for (int k = g * ncols; k < npanels && k < (g + 1) * ncols; k++) {
            if (panel[k].n > most) most = panel[k].n;
            if (*panel[k].title) title_px[g] = facets ? 22 : 34; /* one panel: above its columns' titles */
        }
        rows_px[g] = most * rowpx + panel_extra + title_px[g];
        height += rows_px[g];
    }
    double labpx = 20 + 6.8 * (double)maxlabel;
    int colpx = (int)(labpx + (right ? 620 : 420));
    if (colpx * ncols < 1180) colpx = 1180 / ncols; /* room for the title: the table's name, title and source */
    for (int k = 0; k < npanels; k++) /* and for each panel's title, written over its column */
        if (20 + GP_TITLE_PX * (double)strlen(panel[k].title) > colpx)
            colpx = (int)(20 + GP_TITLE_PX * (double)strlen(panel[k].title));
    int width = colpx * ncols + 20;

    FILE *dat = plot_file_open(c, name, "dat");
    char what[300];
    snprintf(what, sizeof what, "odds table %s: exact, book and corpus", table);
    FILE *gp = dat ? plot_file_open(c, name, "gp") : NULL;
    if (gp) gp_head(gp, c, name, what, d->prov_lines, width, height);
    if (!dat || !gp) {
        if (dat) plot_file_close(c, dat, name, "dat");
        if (gp) plot_file_close(c, gp, name, "gp");
        return;
    }
    gp_comment(dat, "%s.dat -- odds table %s, from %s: the probability rows, a block (index) per panel,", name, table,
               c->source);
    fprintf(dat, "# its first row at the top (y = rows - 1 - position); label: the event less the words the panel\n"
                 "# shares; probabilities, and departures from exact in percentage points (pp); the corpus\n"
                 "# interval is the CSV's (level %g)\n"
                 "# y row label exact book book_minus_exact_pp corpus ci_low ci_high corpus_minus_exact_pp "
                 "ci_low_pp ci_high_pp verdict n\n",
            d->level);
    double dlo = 0, dhi = 0, pmax = 0;
    for (int k = 0; k < npanels; k++) {
        const odds_panel *p = &panel[k];
        if (k) fputs("\n\n", dat);
        gp_comment(dat, "%s", *p->title ? p->title : table);
        for (int i = 0; i < p->n; i++) {
            size_t r = p->row[i];
            double e = plot_num(plot_cell(t, r, O_EXACT)), b = plot_num(plot_cell(t, r, O_HVALUE));
            double m = plot_num(plot_cell(t, r, O_EMP)), lo = plot_num(plot_cell(t, r, O_LO)),
                   hi = plot_num(plot_cell(t, r, O_HI));
            if (isnan(m)) lo = hi = NAN;
            else if (isnan(lo) || isnan(hi)) lo = hi = m; /* exact by construction: the point, no interval */
            double v[9] = {e, b, pp(b - e), m, lo, hi, pp(m - e), pp(lo - e), pp(hi - e)};
            char label[LABEL_MAX + 8];
            row_label(t, p, r, label, sizeof label);
            fprintf(dat, "%d ", p->n - 1 - i);
            dat_str(dat, plot_cell(t, r, O_ROW));
            fputc(' ', dat);
            dat_str(dat, label);
            for (int j = 0; j < 9; j++) {
                fputc(' ', dat);
                dat_num(dat, v[j]);
                if (!isnan(v[j]) && j < 6 && j != 2 && v[j] > pmax) pmax = v[j];
                if (!isnan(v[j]) && (j == 2 || j >= 6)) {
                    if (v[j] < dlo) dlo = v[j];
                    if (v[j] > dhi) dhi = v[j];
                }
            }
            fputc(' ', dat);
            dat_str(dat, plot_cell(t, r, O_VERDICT));
            fputc(' ', dat);
            dat_num(dat, plot_num(plot_cell(t, r, O_N)));
            fputc('\n', dat);
        }
    }

    const odds_table_info *info = NULL;
    int ti = odds_table_find(table);
    if (ti >= 0) info = &odds_tables()[ti];
    char head[400], note[200] = "", facet_note[360] = "";
    if (info) snprintf(head, sizeof head, "Odds: %s, %s (%s)", table, info->title, info->source);
    else snprintf(head, sizeof head, "Odds: %s", table);
    if (skipped)
        snprintf(note, sizeof note, "%d row%s that %s expectations, not probabilities, not drawn (see the CSV)", skipped,
                 skipped == 1 ? "" : "s", skipped == 1 ? "is an" : "are");
    if (facets)
        snprintf(facet_note, sizeof facet_note, "%d rows in %d panels, one per group of rows; the row ids are in %s.dat",
                 nrows, npanels, name);
    plot_title ttl = {{head, d->sub, note, facet_note}};
    fputs("\nset multiplot title ", gp);
    gp_title_expr(gp, &ttl);
    fputs(" font title_font\n", gp);
    fputs("set grid noytics\nset ytics scale 0\n", gp);
    if (rowpx < 20) fputs("set ytics font ',9'\n", gp);
    fputs("unset key   # the key is the last panel, across the foot of the figure\n", gp);
    double pad = (dhi - dlo) * 0.08 + 0.01;
    double pxmax = pmax > 0 ? fmin(1.0, pmax * 1.06) + (pmax * 1.06 > 1 ? 0.02 : 0) : 1;
    char corpus_title[200];
    snprintf(corpus_title, sizeof corpus_title, "corpus frequency, %g%% CI", 100 * d->level);
    int y_px = top;
    for (int k = 0; k < npanels; k++) {
        const odds_panel *p = &panel[k];
        int gr = k / ncols, gc = k % ncols;
        if (gc == 0 && gr > 0) y_px += rows_px[gr - 1];
        double x0 = 10 + gc * colpx;
        double T = y_px + title_px[gr] + 22, B = T + p->n * rowpx;
        double L = x0 + labpx, S = right ? L + (colpx - labpx) * 0.55 : x0 + colpx - 20;
        int pb = 0, pc = 0, pv = 0; /* the panel's rows with a book's figure, a corpus frequency, a verdict */
        for (int i = 0; i < p->n; i++) {
            pb += !isnan(plot_num(plot_cell(t, p->row[i], O_HVALUE)));
            pc += !isnan(plot_num(plot_cell(t, p->row[i], O_EMP)));
            pv += *plot_cell(t, p->row[i], O_VERDICT) != 0;
        }
        fprintf(gp, "\n# panel %d: ", k + 1);
        gp_comment(gp, "%s", *p->title ? p->title : table);
        if (*p->title) {
            fprintf(gp, "set label 1 ");
            gp_str(gp, p->title);
            fprintf(gp, " at screen %.4f, screen %.4f left font ',11'\n", x0 / width, 1.0 - (y_px + 14.0) / height);
        }
        fprintf(gp, "set tmargin at screen %.4f\nset bmargin at screen %.4f\n", 1.0 - T / height, 1.0 - B / height);
        fprintf(gp, "set yrange [-0.7:%d.3]\n", p->n - 1);
        fprintf(gp, "set lmargin at screen %.4f\nset rmargin at screen %.4f\n", L / width, S / width);
        fputs("set ytics format '% h'\nunset y2tics\nunset y2label\nunset yzeroaxis\n", gp);
        fputs(!facets ? "set title 'probability'\n" : "unset title\n", gp);
        fputs(gr == grid_rows - 1 || k + ncols >= npanels ? "set xlabel 'probability'\n" : "unset xlabel\n", gp);
        fprintf(gp, "set xrange [0:%.6g]\nset xtics autofreq\n", pxmax);
        fprintf(gp, "plot '%s.dat' index %d using 4:1:ytic(3) with points lt 7 pt 6 ps 1.2", name, k);
        if (pb) fprintf(gp, ", \\\n     '' index %d using 5:1 with points lt 2 pt 2 ps 1.2", k);
        if (pc) fprintf(gp, ", \\\n     '' index %d using 7:1:8:9 with xerrorbars lt 1 pt 7 ps 0.6", k);
        fputc('\n', gp);
        if (pb || pc) {
            double R = x0 + colpx - (nverdict ? 90 : 20);
            fprintf(gp, "set lmargin at screen %.4f\nset rmargin at screen %.4f\n", (S + 14) / width, R / width);
            fputs("unset label 1\nset ytics format ''\n", gp);
            fputs(!facets ? "set title 'departure from the exact value'\n" : "unset title\n", gp);
            fputs(gr == grid_rows - 1 || k + ncols >= npanels ? "set xlabel 'book or corpus minus exact (pp)'\n"
                                                                : "unset xlabel\n",
                  gp);
            fprintf(gp, "set xrange [%.6g:%.6g]\n", dlo - pad, dhi + pad);
            fprintf(gp, "set xtics %.6g   # labels that fit the panel's width\n",
                    gp_tic_step(dlo - pad, dhi + pad, R - (S + 14)));
            fputs("set yzeroaxis ls 100   # zero: as the exact value\n", gp);
            if (pv) fprintf(gp, "set y2range [-0.7:%d.3]\nset y2tics scale 0\n", p->n - 1);
            /* the verdicts label the right axis, from the first series (a
             * row without a value there keeps its label) */
            const char *sep = "plot ";
            if (pb) {
                fprintf(gp, "%s'%s.dat' index %d using 6:1%s with points lt 2 pt 2 ps 1.2", sep, name, k,
                        pv ? ":y2tic(13)" : "");
                sep = ", \\\n     ";
            }
            if (pc)
                fprintf(gp, "%s'%s.dat' index %d using 10:1:11:12%s with xerrorbars lt 1 pt 7 ps 0.6", sep, name, k,
                        pv && !pb ? ":y2tic(13)" : "");
            fputc('\n', gp);
        }
        fputs("unset label 1\n", gp);
    }
    fputs("\n# the key: a panel of its own across the foot of the figure; its samples lie outside\n"
          "# its range, so that it draws nothing else\n",
          gp);
    fprintf(gp, "set lmargin at screen 0.05\nset rmargin at screen 0.95\n"
                "set tmargin at screen %.4f\nset bmargin at screen %.4f\n",
            34.0 / height, 4.0 / height);
    fputs("unset title\nunset xlabel\nunset ylabel\nunset y2label\nunset xtics\nunset ytics\nunset y2tics\n"
          "unset border\nunset grid\nunset yzeroaxis\n"
          "set xrange [0:1]\nset yrange [0:1]\nset samples 2\nset key center center horizontal\n",
          gp);
    fputs("plot '+' using (2):(2) with points lt 7 pt 6 ps 1.2 title 'exact'", gp);
    if (nbook) fputs(", \\\n     '+' using (2):(2) with points lt 2 pt 2 ps 1.2 title 'book''s figure'", gp);
    if (ncorpus) {
        fputs(", \\\n     '+' using (2):(2):(2):(2) with xerrorbars lt 1 pt 7 ps 0.6 title ", gp);
        gp_str(gp, corpus_title);
    }
    fputs("\nunset multiplot\n", gp);
    bool ok = plot_file_close(c, dat, name, "dat");
    ok = plot_file_close(c, gp, name, "gp") && ok;
    if (ok) plot_render(c, name);
}

plot_status plot_odds_figures(plot_ctx *c, const char *csv)
{
    odds_data *d = calloc(1, sizeof *d);
    if (!d) {
        plot_fail(c, PLOT_ERR_INPUT, NULL, "out of memory");
        return c->status;
    }
    plot_status st = plot_table_read(csv, &d->t, c->diag);
    if (st == PLOT_OK && !plot_table_header_is(&d->t, ODDS_HEADER, O_NCOLS)) {
        diag_set(c->diag, csv, 0, "not an odds CSV (odds --csv): its header is not table,row,event,exact,...");
        st = PLOT_ERR_FORMAT;
    }
    if (st == PLOT_OK && d->t.nrows == 0) {
        diag_set(c->diag, csv, 0, "an odds CSV without rows of odds");
        st = PLOT_ERR_FORMAT;
    }
    if (st != PLOT_OK) {
        c->status = st;
    } else if (plot_ctx_ready(c)) {
        plot_table_index(&d->t, 2);
        describe(d);
        size_t r = 0;
        while (r < d->t.nrows) {
            size_t end = r + 1;
            const char *table = plot_cell(&d->t, r, O_TABLE);
            while (end < d->t.nrows && strcmp(plot_cell(&d->t, end, O_TABLE), table) == 0) end++;
            fig_table(c, d, r, end);
            r = end;
        }
    }
    plot_table_free(&d->t);
    free(d);
    return c->status;
}
