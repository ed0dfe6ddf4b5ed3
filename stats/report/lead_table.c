/* lead_table.c -- accumulating and printing a lead problem's table
 * (lead_table.h). */
#include <math.h>
#include <stdbool.h>
#include <string.h>
#include "stats/report/lead_table.h"
#include "stats/pvalue.h"
#include "stats/top_chance.h"

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

void lead_table_top(const lead_table *t, double top[LEAD_TABLE_COLS])
{
    int k = t->ncols, same[LEAD_TABLE_COLS];
    double mean[LEAD_TABLE_COLS], var[LEAD_TABLE_COLS], cov[LEAD_TABLE_COLS * LEAD_TABLE_COLS];
    double n = (double)t->n;
    for (int i = 0; i < k; i++) {
        paired_summary s;
        paired_summarise(&t->col[i], &s);
        mean[i] = s.mean;
        var[i] = s.sd * s.sd;
        same[i] = i;
        for (int j = 0; j < i && same[i] == i; j++)
            if (paired_with_difference(&t->pair[pair_index(j, i, k)], 0) == t->n) same[i] = same[j];
    }
    /* var(i - j) = var i + var j - 2 cov(i, j); the means' covariance is that over n */
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++) {
            double c = var[i];
            if (i != j) {
                paired_summary d;
                paired_summarise(&t->pair[pair_index(i < j ? i : j, i < j ? j : i, k)], &d);
                c = (var[i] + var[j] - d.sd * d.sd) / 2;
            }
            cov[i * k + j] = c / n;
        }
    top_chance(k, mean, cov, same, top);
}

/* The effect first (issue 28 item 5): the row of the highest mean against
 * the card named in advance, with its CI, p and chance of being the top
 * lead; when that is the named card itself, the next row against it. */
static void print_effect(FILE *f, const lead_table *t, const int *row, int nrows, const char *const label[],
                         int against, const char *against_label, const double *top)
{
    int best = -1, next = -1;
    double best_mean = -INFINITY, next_mean = -INFINITY;
    for (int r = 0; r < nrows; r++) {
        lead_column c;
        lead_table_column(t, row[r], &c);
        if (c.mean > best_mean) {
            next = best, next_mean = best_mean;
            best = r, best_mean = c.mean;
        } else if (c.mean > next_mean) {
            next = r, next_mean = c.mean;
        }
    }
    if (best < 0) return;
    bool named_on_top = row[best] == against;
    int r = named_on_top ? next : best;
    if (r < 0) {
        fprintf(f, "effect: %s, named in advance, is the only lead\n", against_label);
        return;
    }
    paired_summary v;
    lead_table_vs(t, row[r], against, &v);
    char p[24];
    pvalue_format(p, sizeof p, v.p);
    if (named_on_top)
        fprintf(f, "effect: %s, named in advance, has the highest mean; the next, %s: %+.3f tricks a layout against "
                   "it, 95%% CI [%+.3f, %+.3f], p %s\n",
                against_label, label[r], v.mean, v.ci_lo, v.ci_hi, p);
    else
        fprintf(f, "effect: %s, the highest mean: %+.3f tricks a layout against %s, 95%% CI [%+.3f, %+.3f], p %s; "
                   "P(top) %.1f%%\n",
                label[r], v.mean, against_label, v.ci_lo, v.ci_hi, p, top[row[r]]);
}

void lead_table_print(FILE *f, const lead_table *t, const int *row, int nrows, const char *const label[],
                      const char *const mark[], int against, const char *against_label)
{
    double top[LEAD_TABLE_COLS];
    lead_table_top(t, top);
    print_effect(f, t, row, nrows, label, against, against_label, top);
    char vs[24];
    snprintf(vs, sizeof vs, "vs %s", against_label);
    fprintf(f, "%-6s %8s  %-18s %9s  %6s  %7s %6s  %-16s %6s %6s  %s\n", "lead", vs, "95% CI", "p", "P(top)",
            "tricks", "se", "95% CI", "best", "7+", "chosen by");
    for (int r = 0; r < nrows; r++) {
        int i = row[r];
        lead_column c;
        paired_summary v;
        lead_table_column(t, i, &c);
        lead_table_vs(t, i, against, &v);
        char ci[40], vci[40], p[24];
        snprintf(ci, sizeof ci, "[%.3f, %.3f]", c.ci_lo, c.ci_hi);
        if (i == against) {
            snprintf(vci, sizeof vci, "%s", "(named in advance)");
            p[0] = 0;
        } else {
            snprintf(vci, sizeof vci, "[%+.3f, %+.3f]", v.ci_lo, v.ci_hi);
            pvalue_format(p, sizeof p, v.p);
        }
        fprintf(f, "%-6s %+8.3f  %-18s %9s  %5.1f%%  %7.3f %6.3f  %-16s %5.1f%% %5.1f%%  %s\n", label[r],
                i == against ? 0.0 : v.mean, vci, p, top[i], c.mean, c.se, ci, c.best_pct, c.odd_pct,
                mark && mark[r] ? mark[r] : "");
    }
}

const char *const LEAD_TABLE_CSV_COLUMNS[] = {
    "layouts", "mean_tricks", "se", "ci_low", "ci_high", "best_pct", "odd_trick_pct", "top_pct",
    "is_against", "diff_vs_against", "diff_ci_low", "diff_ci_high", "p_value",
};
const int LEAD_TABLE_CSV_NCOLS = sizeof LEAD_TABLE_CSV_COLUMNS / sizeof LEAD_TABLE_CSV_COLUMNS[0];

void lead_table_csv_row(csv_out *o, const lead_table *t, int i, int against, const double *top)
{
    lead_column c;
    paired_summary v;
    lead_table_column(t, i, &c);
    lead_table_vs(t, i, against, &v);
    csv_out_int(o, (long long)t->n);
    csv_out_num(o, c.mean, 6);
    csv_out_num(o, c.se, 6);
    csv_out_num(o, c.ci_lo, 6);
    csv_out_num(o, c.ci_hi, 6);
    csv_out_num(o, c.best_pct, 4);
    csv_out_num(o, c.odd_pct, 4);
    csv_out_num(o, top[i], 2);
    csv_out_int(o, i == against);
    csv_out_num(o, i == against ? 0.0 : v.mean, 6);
    csv_out_num(o, i == against ? NAN : v.ci_lo, 6);
    csv_out_num(o, i == against ? NAN : v.ci_hi, 6);
    csv_out_sig(o, i == against ? NAN : pvalue_for_csv(v.p), 6);
    csv_out_end_row(o);
}
