/* plot_odds.c -- the figures of an odds CSV (plot.h; the columns are in
 * odds_report.h): per table, each probability row's exact value, the book's
 * figure and the corpus frequency with its interval, and beside them the
 * book's and the corpus's departure from the exact value. Rows that are
 * expectations (a mean, a variance) are not probabilities: they are left
 * out, and the figure says how many; the goodness-of-fit table (gof:
 * constants, test statistics, p-values) is not drawn. */
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

/* One table: rows first..last-1 of the CSV (one table's run). */
static void fig_table(plot_ctx *c, const odds_data *d, size_t first, size_t end)
{
    const plot_table *t = &d->t;
    const char *table = plot_cell(t, first, O_TABLE);
    char name[160];
    file_name(table, name, sizeof name);
    int nrows = 0, skipped = 0, nbook = 0, ncorpus = 0, nverdict = 0;
    size_t maxlabel = 4;
    for (size_t r = first; r < end; r++) {
        if (!is_probability(t, r)) {
            skipped++;
            continue;
        }
        nrows++;
        size_t l = strlen(plot_cell(t, r, O_ROW));
        if (l > maxlabel) maxlabel = l;
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
    if (maxlabel > 40) maxlabel = 40;
    bool right = nbook || ncorpus;
    int width = right ? 1100 : 800;
    int rowpx = nrows > 40 ? 13 : 20;
    int top = 120, bottom = 100;
    int height = top + bottom + rowpx * nrows + 20;
    if (height < 420) height = 420;

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
    gp_comment(dat, "%s.dat -- odds table %s, from %s: the probability rows, the first at the top", name, table,
               c->source);
    fprintf(dat, "# (y = rows - 1 - position); probabilities, and departures from exact in percentage points (pp);\n"
                 "# the corpus interval is the CSV's (level %g)\n"
                 "# y row exact book book_minus_exact_pp corpus ci_low ci_high corpus_minus_exact_pp ci_low_pp "
                 "ci_high_pp verdict n\n",
            d->level);
    double dlo = 0, dhi = 0, pmax = 0;
    int y = nrows - 1;
    for (size_t r = first; r < end; r++) {
        if (!is_probability(t, r)) continue;
        double e = plot_num(plot_cell(t, r, O_EXACT)), b = plot_num(plot_cell(t, r, O_HVALUE));
        double m = plot_num(plot_cell(t, r, O_EMP)), lo = plot_num(plot_cell(t, r, O_LO)),
               hi = plot_num(plot_cell(t, r, O_HI));
        if (isnan(m)) lo = hi = NAN;
        double v[10] = {e, b, pp(b - e), m, lo, hi, pp(m - e), pp(lo - e), pp(hi - e)};
        fprintf(dat, "%d ", y--);
        dat_str(dat, plot_cell(t, r, O_ROW));
        for (int i = 0; i < 9; i++) {
            fputc(' ', dat);
            dat_num(dat, v[i]);
            if (!isnan(v[i]) && i < 6 && v[i] > pmax) pmax = v[i];
            if (!isnan(v[i]) && i >= 6) {
                if (v[i] < dlo) dlo = v[i];
                if (v[i] > dhi) dhi = v[i];
            }
        }
        if (!isnan(v[2])) {
            if (v[2] < dlo) dlo = v[2];
            if (v[2] > dhi) dhi = v[2];
        }
        fputc(' ', dat);
        dat_str(dat, plot_cell(t, r, O_VERDICT));
        fputc(' ', dat);
        dat_num(dat, plot_num(plot_cell(t, r, O_N)));
        fputc('\n', dat);
    }

    const odds_table_info *info = NULL;
    int ti = odds_table_find(table);
    if (ti >= 0) info = &odds_tables()[ti];
    char head[400], note[200] = "";
    if (info) snprintf(head, sizeof head, "Odds: %s, %s (%s)", table, info->title, info->source);
    else snprintf(head, sizeof head, "Odds: %s", table);
    if (skipped)
        snprintf(note, sizeof note, "%d row%s that %s expectations, not probabilities, not drawn (see the CSV)", skipped,
                 skipped == 1 ? "" : "s", skipped == 1 ? "is an" : "are");
    plot_title ttl = {{head, d->sub, note}};
    double T = 1.0 - (double)top / height, B = (double)bottom / height;
    double L = (60.0 + 7.5 * (double)maxlabel + 20) / width;
    double split = right ? 0.60 : 0.96;
    fputs("\nset multiplot title ", gp);
    gp_title_expr(gp, &ttl);
    fputs(" font ',12'\n", gp);
    fprintf(gp, "set tmargin at screen %.4f\nset bmargin at screen %.4f\n", T, B);
    fprintf(gp, "set yrange [-0.7:%d.7]\n", nrows - 1);
    fputs("set grid noytics\nset ytics scale 0\n", gp);
    if (nrows > 40) fputs("set ytics font ',9'\n", gp);
    fputs("unset key   # the key is the last panel, across the foot of the figure\n", gp);

    fputs("\n# left: the probabilities\n", gp);
    fprintf(gp, "set lmargin at screen %.4f\nset rmargin at screen %.4f\n", L, split);
    fputs("set title 'probability of each row'\n", gp);
    fputs("set xlabel 'probability'\nset ylabel 'row of the table (its event is in the CSV)'\n", gp);
    fprintf(gp, "set xrange [0:%.6g]\n", pmax > 0 ? fmin(1.0, pmax * 1.06) + (pmax * 1.06 > 1 ? 0.02 : 0) : 1);
    char corpus_title[200];
    snprintf(corpus_title, sizeof corpus_title, "corpus frequency, %g%% CI", 100 * d->level);
    fprintf(gp, "plot '%s.dat' using 3:1:ytic(2) with points lt 7 pt 6 ps 1.2 notitle", name);
    if (nbook) fprintf(gp, ", \\\n     '' using 4:1 with points lt 2 pt 2 ps 1.2 notitle");
    if (ncorpus) fprintf(gp, ", \\\n     '' using 6:1:7:8 with xerrorbars lt 1 pt 7 ps 0.6 notitle");
    fputc('\n', gp);
    if (right) {
        double pad = (dhi - dlo) * 0.08 + 0.01;
        fputs("\n# right: departures from the exact value, in percentage points\n", gp);
        fprintf(gp, "set lmargin at screen %.4f\nset rmargin at screen %.4f\n", split + 0.02, nverdict ? 0.86 : 0.97);
        fputs("unset ylabel\nset ytics format ''\n", gp);
        fputs("set title 'departure from the exact value'\n", gp);
        fputs("set xlabel 'book or corpus minus exact (percentage points)'\n", gp);
        fprintf(gp, "set xrange [%.6g:%.6g]\n", dlo - pad, dhi + pad);
        fputs("set yzeroaxis ls 100   # zero: as the exact value\n", gp);
        if (nverdict) fprintf(gp, "set y2range [-0.7:%d.7]\nset y2tics scale 0\nset y2label 'verdict on the book'\n", nrows - 1);
        /* the verdicts label the right axis, from the first series (a row
         * without a value there keeps its label) */
        const char *sep = "plot ";
        if (nbook) {
            fprintf(gp, "%s'%s.dat' using 5:1%s with points lt 2 pt 2 ps 1.2 notitle", sep, name,
                    nverdict ? ":y2tic(12)" : "");
            sep = ", \\\n     ";
        }
        if (ncorpus) {
            fprintf(gp, "%s'%s.dat' using 9:1:10:11%s with xerrorbars lt 1 pt 7 ps 0.6 notitle", sep, name,
                    nverdict && !nbook ? ":y2tic(12)" : "");
        }
        fputc('\n', gp);
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
