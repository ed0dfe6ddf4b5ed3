/* plot_holding.h -- the figure of the tables by holding led (`whistlab lead
 * --by-holding --plot DIR`): for each group of holdings and each card of it,
 * the double-dummy tricks of the card as the opening lead minus the best
 * lead's, with its 95% interval, plain suits and trumps as two series; the
 * files DIR/by-holding.dat, .gp and .svg as every figure of plot.h (the
 * user's texts quoted by plot_gp.h, gnuplot run without a shell). */
#ifndef WHISTLAB_STATS_PLOT_HOLDING_H
#define WHISTLAB_STATS_PLOT_HOLDING_H

#include <stdint.h>
#include "stats/report/plot.h"

#define PLOT_FIG_BY_HOLDING "by-holding"

typedef struct {
    const char *group, *card; /* "A K x ...", "K" */
    int trumps;               /* 0 plain suits, 1 trumps */
    double est, lo, hi;       /* tricks minus the best lead's */
    uint64_t n;               /* the cards of it valued */
} plot_holding_row;

/* Draws the figure into dir from rows (those on fewer than o->min_deals
 * cards left out, the figure says so); source names the run for the
 * comments, prov the lines of its provenance (NULL-terminated). *figures:
 * 1 when drawn. */
plot_status plot_holding(const char *dir, const char *source, const plot_holding_row *rows, int nrows,
                         const char *const *prov, const plot_opts *o, int *figures, diag_t *diag);

#endif
