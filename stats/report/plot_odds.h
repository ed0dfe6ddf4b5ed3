/* plot_odds.h -- the figures of an odds CSV (odds-TABLE for each table with
 * probability rows). Private to plot.h's plot_from_csv. */
#ifndef WHISTLAB_STATS_PLOT_ODDS_H
#define WHISTLAB_STATS_PLOT_ODDS_H

#include "stats/report/plot_gp.h"

/* The figures of the odds table csv, into c (its status says how it went). */
plot_status plot_odds_figures(plot_ctx *c, const char *csv);

#endif
