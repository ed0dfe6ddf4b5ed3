/* pair_section.h -- a pair measure's section of a text report
 * (stats/measure.h, stats_pair_measure): its title, the heading line and
 * a row per pair i < j of the columns, "first - second" then one cell per
 * report row of the measure, as its row words it. */
#ifndef WHISTLAB_STATS_PAIR_SECTION_H
#define WHISTLAB_STATS_PAIR_SECTION_H

#include <stdio.h>
#include "stats/measure.h"
#include "stats/paired.h"

/* The pair (i, j)'s accumulator. */
typedef const paired_acc *(*pair_acc_fn)(const void *ctx, int i, int j);

/* The section over the columns named name[0..n-1]. */
void stats_print_pair_section(FILE *f, const stats_pair_measure *m, const char *const *name, int n, pair_acc_fn acc,
                              const void *ctx);

#endif
