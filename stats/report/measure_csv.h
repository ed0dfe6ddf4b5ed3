/* measure_csv.h -- the measures' and breakdowns' cells of a row of the
 * per-deal CSV, in the order of their columns (stats_deal_columns,
 * stats/measure.h): the table of measures says what they are, this writes
 * them. */
#ifndef WHISTLAB_STATS_REPORT_MEASURE_CSV_H
#define WHISTLAB_STATS_REPORT_MEASURE_CSV_H

#include "stats/measure.h"
#include "stats/report/csv_out.h"

/* The cells of column col (the convention) of d, after the caller's own. */
void stats_deal_cells(csv_out *out, const stats_deal *d, int col);

#endif
