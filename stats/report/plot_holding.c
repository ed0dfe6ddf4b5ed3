/* plot_holding.c -- the figure of the tables by holding led
 * (plot_holding.h): one row a card of a group, a dot with its interval. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "stats/report/plot_holding.h"
#include "stats/report/plot_gp.h"

plot_status plot_holding(const char *dir, const char *source, const plot_holding_row *rows, int nrows,
                         const char *const *prov, const plot_opts *o, int *figures, diag_t *diag)
{
    const char *name = PLOT_FIG_BY_HOLDING;
    int least = o && o->min_deals > 0 ? o->min_deals : PLOT_MIN_DEALS_DEFAULT;
    plot_ctx c;
    plot_ctx_init(&c, dir, source, o, diag);
    if (figures) *figures = 0;
    int shown = 0, left = 0;
    size_t maxlabel = 8;
    double lo = 0, hi = 0;
    for (int i = 0; i < nrows; i++) {
        if (rows[i].n < (uint64_t)least) {
            left++;
            continue;
        }
        shown++;
        size_t l = strlen(rows[i].group) + strlen(rows[i].card) + 12;
        if (l > maxlabel) maxlabel = l;
        if (!isnan(rows[i].lo) && rows[i].lo < lo) lo = rows[i].lo;
        if (!isnan(rows[i].est) && rows[i].est < lo) lo = rows[i].est;
        if (!isnan(rows[i].hi) && rows[i].hi > hi) hi = rows[i].hi;
    }
    if (!plot_ctx_ready(&c)) return c.status;
    if (shown == 0) {
        plot_not_drawn(&c, name, "no card of a group was valued on %d or more deals", least);
        return c.status;
    }
    if (maxlabel > 48) maxlabel = 48;
    int rowpx = shown > 60 ? 12 : 18, top = 110, bottom = 70;
    int width = 900, height = top + bottom + rowpx * shown + 20;
    if (height < 400) height = 400;
    FILE *dat = plot_file_open(&c, name, "dat");
    FILE *gp = dat ? plot_file_open(&c, name, "gp") : NULL;
    if (gp) gp_head(gp, &c, name, "each card of each group of holdings: double-dummy tricks minus the best lead's",
                    prov, width, height);
    if (!dat || !gp) {
        if (dat) plot_file_close(&c, dat, name, "dat");
        if (gp) plot_file_close(&c, gp, name, "gp");
        return c.status;
    }
    gp_comment(dat, "%s.dat -- the tables by holding led, from %s: one row a card of a group, the first at the top",
               name, c.source);
    fputs("# y label tricks_vs_best ci_low ci_high trumps n\n", dat);
    int y = shown - 1;
    for (int i = 0; i < nrows; i++) {
        const plot_holding_row *r = &rows[i];
        if (r->n < (uint64_t)least) continue;
        char label[160];
        snprintf(label, sizeof label, "%s%s: %s", r->group, r->trumps ? " (trumps)" : "", r->card);
        fprintf(dat, "%d ", y--);
        dat_str(dat, label);
        double v[3] = {r->est, r->lo, r->hi};
        for (int k = 0; k < 3; k++) {
            fputc(' ', dat);
            dat_num(dat, v[k]);
        }
        fprintf(dat, " %d %llu\n", r->trumps, (unsigned long long)r->n);
    }
    char note[160] = "";
    if (left) snprintf(note, sizeof note, "%d card%s valued on fewer than %d deals left out (see the CSV)", left,
                       left == 1 ? "" : "s", least);
    plot_title t = {{"Leads by holding: each card against the best lead (double-dummy)", c.source, note}};
    double pad = (hi - lo) * 0.06 + 0.05;
    fputs("\nset title ", gp);
    gp_title_expr(gp, &t);
    fprintf(gp, "\nset lmargin at screen %.4f\nset rmargin at screen 0.97\n", (40.0 + 7.0 * (double)maxlabel) / width);
    fprintf(gp, "set tmargin at screen %.4f\nset bmargin at screen %.4f\n", 1.0 - (double)top / height,
            (double)bottom / height);
    fprintf(gp, "set yrange [-0.7:%d.7]\nset ytics scale 0\nset grid noytics\n", shown - 1);
    if (shown > 60) fputs("set ytics font ',9'\n", gp);
    fprintf(gp, "set xrange [%.6g:%.6g]\n", lo - pad, hi + pad);
    fputs("set xlabel 'tricks of the leader''s side after this card, minus after the best lead (95% CI)'\n"
          "# zero, the best lead: a vertical line (the rows sit at y = 0, 1, ...: no line at y = 0)\n"
          "set arrow from 0, graph 0 to 0, graph 1 nohead ls 100\n"
          "set key at screen 0.97, screen 0.985 right top\n",
          gp);
    fprintf(gp, "plot '%s.dat' using ($6 == 0 ? $3 : NaN):1:4:5:ytic(2) with xerrorbars lt 1 title 'plain suits', \\\n"
                "     '' using ($6 == 1 ? $3 : NaN):1:4:5 with xerrorbars lt 2 title 'trumps'\n",
            name);
    bool ok = plot_file_close(&c, dat, name, "dat");
    ok = plot_file_close(&c, gp, name, "gp") && ok;
    if (ok) plot_render(&c, name);
    if (figures) *figures = c.drawn;
    return c.status;
}
