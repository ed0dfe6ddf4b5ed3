/* summary_csv.c -- the comparison as a tidy CSV table, one number per row
 * (columns in report.h). */
#include <math.h>
#include "csv_out.h"
#include "pvalue.h"
#include "report.h"

static const char *const HEADER[] = {"breakdown", "level", "convention", "versus",
                                     "measure", "difference", "value"};
static const char *const BREAK_CSV_NAMES[STATS_BREAKDOWNS] = {"trumps", "longest_plain",
                                                              "leads_coincide"};

typedef struct {
    csv_out *out;
    const char *breakdown;
    char level[16];
} rows;

static void row(rows *r, const char *conv, const char *versus, const char *measure,
                const int *difference, double value, int decimals)
{
    csv_out_text(r->out, r->breakdown);
    csv_out_text(r->out, r->level);
    csv_out_text(r->out, conv);
    csv_out_text(r->out, versus);
    csv_out_text(r->out, measure);
    if (difference) csv_out_int(r->out, *difference);
    else csv_out_text(r->out, "");
    csv_out_num(r->out, value, decimals);
    csv_out_end_row(r->out);
}

static void count(rows *r, const char *conv, const char *versus, const char *measure, uint64_t v)
{
    row(r, conv, versus, measure, NULL, (double)v, 0);
}

/* A row whose value has significant digits rather than decimals (p). */
static void sig_row(rows *r, const char *conv, const char *versus, const char *measure, double value)
{
    csv_out_text(r->out, r->breakdown);
    csv_out_text(r->out, r->level);
    csv_out_text(r->out, conv);
    csv_out_text(r->out, versus);
    csv_out_text(r->out, measure);
    csv_out_text(r->out, "");
    csv_out_sig(r->out, value, 6);
    csv_out_end_row(r->out);
}

/* A row whose value is text (provenance, status). */
static void text_row(rows *r, const char *level, const char *measure, const char *value)
{
    csv_out_text(r->out, r->breakdown);
    csv_out_text(r->out, level);
    csv_out_text(r->out, "");
    csv_out_text(r->out, "");
    csv_out_text(r->out, measure);
    csv_out_text(r->out, "");
    csv_out_text(r->out, value);
    csv_out_end_row(r->out);
}

static void provenance_row(void *ctx, const char *level, const char *measure, const char *value)
{
    text_row(ctx, level, measure, value);
}

static double sd_of(uint64_t sum, uint64_t sumsq, uint64_t n)
{
    if (n < 2) return NAN;
    double m = (double)sum / (double)n;
    double var = ((double)sumsq - (double)sum * m) / (double)(n - 1);
    return var > 0 ? sqrt(var) : 0;
}

/* The rows of one cell; holm: the Holm-adjusted p of each pair in the
 * cell's breakdown table (NaN: not one of its tests), NULL for the cell of
 * all deals. */
static void cell_rows(rows *r, const stats_state *st, const stats_cell *c, const double *holm)
{
    count(r, "", "", "deals", c->deals);
    row(r, "best", "", "mean_tricks", NULL, stats_mean(c->best, c->deals), 6);
    row(r, "best", "", "sd_tricks", NULL, sd_of(c->best, c->best_sq, c->deals), 6);
    if (c->n_best) /* counted only when every lead was valued (replay --all-leads) */
        row(r, "best", "", "mean_optimal_cards", NULL, stats_mean(c->n_best, c->deals), 6);
    for (int i = 0; i < st->nconv; i++) {
        const char *name = st->name[i];
        paired_summary s;
        paired_summarise(&c->vs_best[i], &s);
        row(r, name, "", "mean_tricks", NULL, stats_mean(c->score[i], c->deals), 6);
        row(r, name, "", "sd_tricks", NULL, sd_of(c->score[i], c->score_sq[i], c->deals), 6);
        row(r, name, "best", "mean_cost", NULL, -s.mean, 6);
        row(r, name, "best", "cost_se", NULL, s.se, 6);
        row(r, name, "best", "cost_ci_low", NULL, -s.ci_hi, 6);
        row(r, name, "best", "cost_ci_high", NULL, -s.ci_lo, 6);
        row(r, name, "best", "optimal_pct", NULL,
            100 * stats_mean(paired_with_difference(&c->vs_best[i], 0), c->deals), 4);
    }
    for (int i = 0; i < st->nconv; i++)
        for (int j = i + 1; j < st->nconv; j++) {
            const paired_acc *a = &c->pair[stats_pair_index(i, j, st->nconv)];
            const char *x = st->name[i], *y = st->name[j];
            int pair = stats_pair_index(i, j, st->nconv);
            paired_summary s, differ, same;
            paired_summarise(a, &s);
            paired_summarise_differ(a, &differ);
            paired_summarise_same(a, &same);
            count(r, x, y, "n", paired_n(a));
            row(r, x, y, "mean_gain", NULL, s.mean, 6);
            row(r, x, y, "sd", NULL, s.sd, 6);
            row(r, x, y, "se", NULL, s.se, 6);
            row(r, x, y, "ci_low", NULL, s.ci_lo, 6);
            row(r, x, y, "ci_high", NULL, s.ci_hi, 6);
            row(r, x, y, "t", NULL, s.t, 4);
            sig_row(r, x, y, "p_value", isnan(s.p) ? NAN : pvalue_for_csv(s.p));
            if (holm && !isnan(holm[pair])) sig_row(r, x, y, "p_value_holm", pvalue_for_csv(holm[pair]));
            row(r, x, y, "differ_pct", NULL, 100 * stats_mean(paired_n_differ(a), paired_n(a)), 4);
            count(r, x, y, "n_when_differ", differ.n);
            row(r, x, y, "mean_gain_when_differ", NULL, differ.mean, 6);
            row(r, x, y, "se_gain_when_differ", NULL, differ.se, 6);
            count(r, x, y, "n_when_same", same.n);
            row(r, x, y, "mean_gain_when_same", NULL, same.mean, 6);
            row(r, x, y, "se_gain_when_same", NULL, same.se, 6);
            for (int d = -PAIRED_MAX_DIFF; d <= PAIRED_MAX_DIFF; d++) {
                uint64_t n = paired_with_difference(a, d);
                if (n) row(r, x, y, "deals_with_difference", &d, (double)n, 0);
            }
        }
}

int stats_write_summary_csv(const char *path, const stats_state *st, const provenance *prov, diag_t *diag)
{
    rows r = {0};
    r.out = csv_out_open(path, HEADER, 7, diag);
    if (!r.out) return 0;
    if (prov) {
        r.breakdown = "provenance";
        provenance_rows(prov, provenance_row, &r);
    }
    r.breakdown = "input";
    snprintf(r.level, sizeof r.level, "all");
    count(&r, "", "", "read", st->read);
    count(&r, "", "", "accepted", st->accepted);
    count(&r, "", "", "rejected", st->rejected);
    count(&r, "", "", "repeats", st->repeats);
    count(&r, "", "", "errors", st->errors);
    if (st->left) count(&r, "", "", "left_by_where", st->left);
    count(&r, "", "", "analysed", st->all.deals);
    if (prov) {
        char status[4096];
        provenance_status(prov, status, sizeof status);
        count(&r, "", "", "complete", provenance_stopped(prov) == 0);
        text_row(&r, "all", "status", status);
    }
    r.breakdown = "all";
    cell_rows(&r, st, &st->all, NULL);
    static double holm[STATS_KEYS][STATS_MAX_PAIRS];
    for (int br = 0; br < STATS_BREAKDOWNS; br++) {
        r.breakdown = BREAK_CSV_NAMES[br];
        stats_breakdown_holm(st, br, holm);
        for (int k = 0; k < STATS_KEYS; k++) {
            if (!st->by[br][k].deals) continue;
            snprintf(r.level, sizeof r.level, "%d", k);
            cell_rows(&r, st, &st->by[br][k], holm[k]);
        }
    }
    return csv_out_close(r.out, diag);
}
