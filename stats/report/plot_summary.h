/* plot_summary.h -- the figures of a summary CSV (plot.h's list: conventions,
 * net-gain, by-trumps, by-longest-suit, differences). Private to plot.h's
 * plot_from_csv. */
#ifndef WHISTLAB_STATS_PLOT_SUMMARY_H
#define WHISTLAB_STATS_PLOT_SUMMARY_H

#include "stats/report/plot_gp.h"

/* The figures of the summary table csv, into c (its status says how it went). */
plot_status plot_summary_figures(plot_ctx *c, const char *csv, const plot_opts *o);

#endif
