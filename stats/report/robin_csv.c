/* robin_csv.c -- the duplicate round robin's tables (robin_csv.h): one row
 * per deal and pair, and the summary as a tidy table, one number per row,
 * in the rows of the replay summary (tidy_csv.h). */
#include <math.h>
#include <stdio.h>
#include "stats/measure.h"
#include "stats/report/robin_csv.h"
#include "stats/report/tidy_csv.h"

void stats_robin_deal_columns(const char *cols[ROBIN_DEAL_COLUMNS])
{
    static const char *const DEAL[] = {"file", "line", "index", "board", "trump", "leader", "evaluation",
                                       "convention", "versus"};
    for (int k = 0; k < ROBIN_DEAL_COLUMNS - 1; k++) cols[k] = DEAL[k];
    cols[ROBIN_DEAL_COLUMNS - 1] = stats_pair_measure_of("gain")->column;
}

void stats_robin_deal_rows(csv_out *out, const robin_deal *d, const char *const *name, int nconv)
{
    const stats_pair_measure *gain = stats_pair_measure_of("gain");
    for (int i = 0, p = 0; i < nconv; i++)
        for (int j = i + 1; j < nconv; j++, p++) {
            csv_out_text(out, d->file ? d->file : "");
            csv_out_int(out, (long long)d->line);
            csv_out_int(out, (long long)d->index);
            csv_out_int(out, d->board);
            csv_out_text(out, (char[2]){d->trump, 0});
            csv_out_text(out, (char[2]){d->leader, 0});
            csv_out_text(out, gain->eval);
            csv_out_text(out, name[i]);
            csv_out_text(out, name[j]);
            csv_out_int(out, d->gain[p]);
            csv_out_end_row(out);
        }
}

int stats_write_robin_csv(const char *path, const robin_table *t, const provenance *prov, diag_t *diag)
{
    tidy_rows r;
    if (!tidy_open(&r, path, diag)) return 0;
    if (prov) tidy_provenance(&r, prov);
    r.breakdown = "input";
    r.level[0] = 0; /* no level: empty, so that the column loads as numbers */
    tidy_count(&r, "", "", "read", t->read);
    tidy_count(&r, "", "", "analysed", t->played);
    tidy_count(&r, "", "", "rejected", t->rejected);
    tidy_count(&r, "", "", "repeats", t->repeats);
    if (prov) tidy_status(&r, prov);
    r.breakdown = "all";
    tidy_count(&r, "", "", "deals", t->played);
    r.eval = stats_pair_measure_of("gain")->eval;
    for (int i = 0; i < t->nconv; i++)
        for (int j = i + 1; j < t->nconv; j++)
            tidy_pair(&r, t->name[i], t->name[j], &t->pair[i * t->pair_stride + j], NULL, false);
    for (int i = 0; i < t->nconv && t->nconv > 1; i++) {
        double field = 0;
        for (int j = 0; j < t->nconv; j++) {
            if (j == i) continue;
            paired_summary s;
            paired_summarise(&t->pair[i < j ? i * t->pair_stride + j : j * t->pair_stride + i], &s);
            field += i < j ? s.mean : -s.mean;
        }
        tidy_num(&r, t->name[i], "field", "mean_gain", NULL, field / (t->nconv - 1), 6);
    }
    return tidy_close(&r, diag);
}
