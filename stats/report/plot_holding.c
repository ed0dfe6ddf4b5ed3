/* plot_holding.c -- the figure of the tables by holding led
 * (plot_holding.h): a panel per group of holdings, in the order of the
 * rows (the holdings table's: as the books group them), a row per card of
 * the group, its dot and interval, plain suits just above the card's line
 * and trumps just below; every panel on one x range, so that the groups
 * compare; zero (the best lead) a dashed line; what the axis measures and
 * the key once, at the foot. At about 160 cards one column of rows was
 * 2000 px tall: the panels go up to four across. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "stats/report/plot_holding.h"
#include "stats/report/plot_gp.h"

#define ACROSS_MAX 4     /* panels across */
#define CARD_PX 22       /* a card's row */
#define PANEL_EXTRA 64   /* a panel's title and its x axis's tics */
#define PLOT_MIN_PX 230  /* a panel's plotting area, at least */
#define HEAD_PX 6.6      /* ... of the figure's title */
#define OFFSET 0.14      /* plain suits above a card's line, trumps below */

typedef struct {
    const char *group;
    int ncards;
    bool plain, trumps; /* which series it has */
} holding_panel;

/* The panels across: a square-ish grid of at most ACROSS_MAX. */
static int panels_across(int npanels)
{
    int across = 1;
    while (across < ACROSS_MAX && across * across < npanels) across++;
    return across;
}

/* The height of a row of the grid: its panel of the most cards. */
static int grid_row_px(const holding_panel *panel, int npanels, int across, int g)
{
    int most = 0;
    for (int k = g * across; k < npanels && k < (g + 1) * across; k++)
        if (panel[k].ncards > most) most = panel[k].ncards;
    return most * CARD_PX + PANEL_EXTRA;
}

plot_status plot_holding(const char *dir, const char *source, const plot_holding_row *rows, int nrows,
                         const char *const *prov, const plot_opts *o, int *figures, diag_t *diag)
{
    const char *name = PLOT_FIG_BY_HOLDING;
    int least = o && o->min_deals > 0 ? o->min_deals : PLOT_MIN_DEALS_DEFAULT;
    plot_ctx c;
    plot_ctx_init(&c, dir, source, o, diag);
    if (figures) *figures = 0;
    if (!plot_ctx_ready(&c)) return c.status;
    /* each card shown: its panel (its group's) and its line in it (its
     * card's, the first row of the card at the top) */
    int *pan = malloc(sizeof *pan * (size_t)(nrows > 0 ? nrows : 1));
    int *slot = malloc(sizeof *slot * (size_t)(nrows > 0 ? nrows : 1));
    holding_panel *panel = malloc(sizeof *panel * (size_t)(nrows > 0 ? nrows : 1));
    if (!pan || !slot || !panel) {
        free(pan), free(slot), free(panel);
        plot_fail(&c, PLOT_ERR_INPUT, NULL, "out of memory");
        return c.status;
    }
    int shown = 0, left = 0, npanels = 0;
    size_t maxcard = 3, maxgroup = 0;
    double lo = 0, hi = 0;
    for (int i = 0; i < nrows; i++) {
        pan[i] = -1;
        if (rows[i].n < (uint64_t)least) {
            left++;
            continue;
        }
        shown++;
        int p = 0;
        while (p < npanels && strcmp(panel[p].group, rows[i].group) != 0) p++;
        if (p == npanels) {
            panel[npanels++] = (holding_panel){.group = rows[i].group};
            if (strlen(rows[i].group) > maxgroup) maxgroup = strlen(rows[i].group);
        }
        pan[i] = p;
        slot[i] = -1;
        for (int j = 0; j < i && slot[i] < 0; j++)
            if (pan[j] == p && strcmp(rows[j].card, rows[i].card) == 0) slot[i] = slot[j];
        if (slot[i] < 0) slot[i] = panel[p].ncards++;
        if (rows[i].trumps) panel[p].trumps = true;
        else panel[p].plain = true;
        if (strlen(rows[i].card) > maxcard) maxcard = strlen(rows[i].card);
        if (!isnan(rows[i].lo) && rows[i].lo < lo) lo = rows[i].lo;
        if (!isnan(rows[i].est) && rows[i].est < lo) lo = rows[i].est;
        if (!isnan(rows[i].hi) && rows[i].hi > hi) hi = rows[i].hi;
    }
    if (shown == 0) {
        free(pan), free(slot), free(panel);
        plot_not_drawn(&c, name, "no card of a group was valued on %d or more deals", least);
        return c.status;
    }
    if (maxcard > 24) maxcard = 24;
    if (maxgroup > 60) maxgroup = 60;

    char note[160] = "";
    if (left) snprintf(note, sizeof note, "%d card%s valued on fewer than %d deals left out (see the CSV)", left,
                       left == 1 ? "" : "s", least);
    const char *headline = "Leads by holding: each card against the best lead (double-dummy)";
    /* the grid: a row of panels as tall as its panel of the most cards;
     * a column as wide as the cards' labels, a plotting area and the
     * longest group's name; the figure as wide as its title */
    int across = panels_across(npanels), grid_rows = (npanels + across - 1) / across;
    int top = 30 + 16 * (*note ? 3 : 2), bottom = 84;
    int height = top + bottom;
    for (int g = 0; g < grid_rows; g++) height += grid_row_px(panel, npanels, across, g);
    double labpx = 16 + GP_LABEL_PX * (double)maxcard;
    double colpx = labpx + PLOT_MIN_PX + 30;
    if (20 + GP_TITLE_PX * (double)maxgroup > colpx) colpx = 20 + GP_TITLE_PX * (double)maxgroup;
    double widest = 40 + HEAD_PX * (double)strlen(c.source);
    if (widest > 2400) widest = 2400;
    if (widest < 900) widest = 900;
    if (colpx * across + 20 < widest) colpx = (widest - 20) / across;
    int width = (int)(colpx * across + 20);

    FILE *dat = plot_file_open(&c, name, "dat");
    FILE *gp = dat ? plot_file_open(&c, name, "gp") : NULL;
    if (gp) gp_head(gp, &c, name, "each card of each group of holdings: double-dummy tricks minus the best lead's",
                    prov, width, height);
    if (!dat || !gp) {
        if (dat) plot_file_close(&c, dat, name, "dat");
        if (gp) plot_file_close(&c, gp, name, "gp");
        free(pan), free(slot), free(panel);
        return c.status;
    }
    gp_comment(dat, "%s.dat -- the tables by holding led, from %s: a block (index) per group, its first card at the "
                    "top (y = cards - 1 - position, plain suits +%g, trumps -%g when the group has both)",
               name, c.source, OFFSET, OFFSET);
    fputs("# y group card tricks_vs_best ci_low ci_high trumps n\n", dat);
    for (int k = 0; k < npanels; k++) {
        const holding_panel *p = &panel[k];
        if (k) fputs("\n\n", dat);
        gp_comment(dat, "%s", p->group);
        double shift = p->plain && p->trumps ? OFFSET : 0;
        for (int i = 0; i < nrows; i++) {
            if (pan[i] != k) continue;
            const plot_holding_row *r = &rows[i];
            fprintf(dat, "%.2f ", p->ncards - 1 - slot[i] + (r->trumps ? -shift : shift));
            dat_str(dat, r->group);
            fputc(' ', dat);
            dat_str(dat, r->card);
            double v[3] = {r->est, r->lo, r->hi};
            for (int j = 0; j < 3; j++) {
                fputc(' ', dat);
                dat_num(dat, v[j]);
            }
            fprintf(dat, " %d %llu\n", r->trumps, (unsigned long long)r->n);
        }
    }

    plot_title t = {{headline, c.source, note}};
    double pad = (hi - lo) * 0.06 + 0.05;
    fputs("\nset multiplot title ", gp);
    gp_title_expr(gp, &t);
    fputs(" font title_font\n", gp);
    fputs("unset key   # the key is the last panel, across the foot of the figure\n"
          "set ytics scale 0\nset grid noytics\n", gp);
    fprintf(gp, "set xrange [%.6g:%.6g]   # one range for every group\n", lo - pad, hi + pad);
    fprintf(gp, "set xtics %.6g   # labels that fit the panel's width\n",
            gp_tic_step(lo - pad, hi + pad, colpx - labpx - 30));
    fputs("# zero, the best lead: a vertical line (the rows sit at y = 0, 1, ...: no line at y = 0)\n"
          "set arrow from 0, graph 0 to 0, graph 1 nohead ls 100\n",
          gp);
    int y_px = top;
    for (int k = 0; k < npanels; k++) {
        const holding_panel *p = &panel[k];
        int gr = k / across, gc = k % across;
        if (gc == 0 && gr > 0) y_px += grid_row_px(panel, npanels, across, gr - 1);
        double x0 = 10 + gc * colpx, T = y_px + 30, B = T + p->ncards * CARD_PX;
        fprintf(gp, "\n# panel %d: ", k + 1);
        gp_comment(gp, "%s", p->group);
        fputs("set title ", gp);
        gp_str(gp, p->group);
        fprintf(gp, "\nset lmargin at screen %.4f\nset rmargin at screen %.4f\n", (x0 + labpx) / width,
                (x0 + colpx - 30) / width);
        fprintf(gp, "set tmargin at screen %.4f\nset bmargin at screen %.4f\n", 1.0 - T / height, 1.0 - B / height);
        fprintf(gp, "set yrange [-0.6:%d.6]\nset ytics (", p->ncards - 1);
        for (int s = 0; s < p->ncards; s++) { /* the card of each line, from its first row */
            int i = 0;
            while (pan[i] != k || slot[i] != s) i++;
            if (s) fputs(", ", gp);
            gp_str(gp, rows[i].card);
            fprintf(gp, " %d", p->ncards - 1 - s);
        }
        fputs(")\n", gp);
        /* only the series the group has: an empty one draws a warning */
        const char *sep = "plot ";
        for (int tr = 0; tr < 2; tr++) {
            if (!(tr ? p->trumps : p->plain)) continue;
            fprintf(gp, "%s'%s.dat' index %d using ($7 == %d ? $4 : NaN):1:5:6 with xerrorbars lt %d", sep, name, k,
                    tr, tr + 1);
            sep = ", \\\n     ";
        }
        fputc('\n', gp);
    }
    fputs("\n# the foot: what the axes measure, and the key, a panel of its own whose samples lie\n"
          "# outside its range, so that it draws nothing else\n",
          gp);
    fprintf(gp, "set label 2 'tricks of the leader''s side after this card, minus after the best lead (95%% CI)' "
                "at screen 0.5, screen %.4f center\n",
            58.0 / height);
    fprintf(gp, "set lmargin at screen 0.05\nset rmargin at screen 0.95\n"
                "set tmargin at screen %.4f\nset bmargin at screen %.4f\n",
            34.0 / height, 4.0 / height);
    fputs("unset title\nunset arrow\nunset xtics\nunset ytics\nunset border\nunset grid\n"
          "set xrange [0:1]\nset yrange [0:1]\nset samples 2\nset key center center horizontal\n"
          "plot '+' using (2):(2):(2):(2) with xerrorbars lt 1 title 'plain suits', \\\n"
          "     '+' using (2):(2):(2):(2) with xerrorbars lt 2 title 'trumps'\n"
          "unset multiplot\n",
          gp);
    free(pan), free(slot), free(panel);
    bool ok = plot_file_close(&c, dat, name, "dat");
    ok = plot_file_close(&c, gp, name, "gp") && ok;
    if (ok) plot_render(&c, name);
    if (figures) *figures = c.drawn;
    return c.status;
}
