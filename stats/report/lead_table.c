/* lead_table.c -- accumulating and printing a lead problem's table
 * (lead_table.h). */
#include <math.h>
#include <string.h>
#include "stats/report/lead_table.h"
#include "stats/pvalue.h"

static int pair_index(int i, int j, int n) { return i * (2 * n - i - 1) / 2 + (j - i - 1); }

void lead_table_init(lead_table *t, int ncols)
{
    memset(t, 0, sizeof *t);
    t->ncols = ncols;
}

void lead_table_add(lead_table *t, const int *value)
{
    int top = 0;
    for (int i = 0; i < t->ncols; i++)
        if (value[i] > top) top = value[i];
    t->n++;
    for (int i = 0; i < t->ncols; i++) {
        paired_add(&t->col[i], value[i], 0, 0);
        t->best[i] += value[i] == top;
        t->odd[i] += value[i] >= LEAD_TABLE_ODD;
        for (int j = i + 1; j < t->ncols; j++)
            paired_add(&t->pair[pair_index(i, j, t->ncols)], value[i], value[j], value[i] != value[j]);
    }
}

void lead_table_column(const lead_table *t, int i, lead_column *out)
{
    paired_summary s;
    paired_summarise(&t->col[i], &s);
    out->mean = s.mean;
    out->se = s.se;
    out->ci_lo = s.ci_lo;
    out->ci_hi = s.ci_hi;
    out->best_pct = t->n ? 100.0 * (double)t->best[i] / (double)t->n : NAN;
    out->odd_pct = t->n ? 100.0 * (double)t->odd[i] / (double)t->n : NAN;
}

int lead_table_best(const lead_table *t)
{
    if (!t->n) return -1;
    int best = 0;
    for (int i = 1; i < t->ncols; i++)
        if (paired_sum(&t->col[i]) > paired_sum(&t->col[best])) best = i; /* the sums: same n for every column */
    return best;
}

void lead_table_vs(const lead_table *t, int i, int j, paired_summary *out)
{
    if (i == j) {
        paired_acc zero = {0};
        for (uint64_t k = 0; k < t->n && k < 2; k++) paired_add(&zero, 0, 0, 0);
        paired_summarise(&zero, out);
        out->n = t->n;
        return;
    }
    paired_summarise(&t->pair[pair_index(i < j ? i : j, i < j ? j : i, t->ncols)], out);
    if (i > j) {
        /* j - i turned round; 0 - x is +0 when x is 0 (no "-0.000") */
        double lo = out->ci_lo;
        out->mean = 0.0 - out->mean;
        out->ci_lo = 0.0 - out->ci_hi;
        out->ci_hi = 0.0 - lo;
        out->t = 0.0 - out->t;
    }
}

void lead_table_print(FILE *f, const lead_table *t, const int *row, int nrows, const char *const label[],
                      const char *const mark[])
{
    int best = lead_table_best(t);
    fprintf(f, "%-6s %7s %6s  %-16s %6s %6s  %8s  %-18s %9s  %s\n", "lead", "tricks", "se", "95% CI", "best",
            "7+", "vs best", "95% CI", "p", "chosen by");
    for (int r = 0; r < nrows; r++) {
        int i = row[r];
        lead_column c;
        paired_summary v;
        lead_table_column(t, i, &c);
        lead_table_vs(t, i, best, &v);
        char ci[40], vci[40], p[24];
        snprintf(ci, sizeof ci, "[%.3f, %.3f]", c.ci_lo, c.ci_hi);
        if (i == best) {
            snprintf(vci, sizeof vci, "%s", "(best)");
            p[0] = 0;
        } else {
            snprintf(vci, sizeof vci, "[%+.3f, %+.3f]", v.ci_lo, v.ci_hi);
            pvalue_format(p, sizeof p, v.p);
        }
        fprintf(f, "%-6s %7.3f %6.3f  %-16s %5.1f%% %5.1f%%  %+8.3f  %-18s %9s  %s\n", label[r], c.mean, c.se, ci,
                c.best_pct, c.odd_pct, i == best ? 0.0 : v.mean, vci, p, mark && mark[r] ? mark[r] : "");
    }
}

const char *const LEAD_TABLE_CSV_COLUMNS[] = {
    "layouts", "mean_tricks", "se", "ci_low", "ci_high", "best_pct", "odd_trick_pct",
    "is_best", "diff_vs_best", "diff_ci_low", "diff_ci_high", "p_value",
};
const int LEAD_TABLE_CSV_NCOLS = sizeof LEAD_TABLE_CSV_COLUMNS / sizeof LEAD_TABLE_CSV_COLUMNS[0];

void lead_table_csv_row(csv_out *o, const lead_table *t, int i)
{
    int best = lead_table_best(t);
    lead_column c;
    paired_summary v;
    lead_table_column(t, i, &c);
    lead_table_vs(t, i, best, &v);
    csv_out_int(o, (long long)t->n);
    csv_out_num(o, c.mean, 6);
    csv_out_num(o, c.se, 6);
    csv_out_num(o, c.ci_lo, 6);
    csv_out_num(o, c.ci_hi, 6);
    csv_out_num(o, c.best_pct, 4);
    csv_out_num(o, c.odd_pct, 4);
    csv_out_int(o, i == best);
    csv_out_num(o, i == best ? 0.0 : v.mean, 6);
    csv_out_num(o, i == best ? NAN : v.ci_lo, 6);
    csv_out_num(o, i == best ? NAN : v.ci_hi, 6);
    csv_out_sig(o, i == best ? NAN : pvalue_for_csv(v.p), 6);
    csv_out_end_row(o);
}
