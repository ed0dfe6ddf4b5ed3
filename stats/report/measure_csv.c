/* measure_csv.c -- the measures' cells of a per-deal CSV row (measure_csv.h). */
#include "stats/report/measure_csv.h"

void stats_deal_cells(csv_out *out, const stats_deal *d, int col)
{
    for (int k = 0; k < stats_measure_count(); k++) {
        const stats_measure *m = stats_measure_at(k);
        if (!m->column) continue;
        int c = m->scope == STATS_PER_COLUMN ? col : 0;
        char buf[16];
        if (m->known && !m->known(d)) csv_out_text(out, "");
        else if (m->text) csv_out_text(out, m->text(d, c, buf));
        else if (m->acc == STATS_ACC_PAIRED) csv_out_int(out, m->value(d, c) - m->versus(d, c));
        else csv_out_int(out, m->value(d, c));
    }
    for (int b = 0; b < STATS_BREAKDOWNS; b++) csv_out_int(out, d->key[b]);
}
