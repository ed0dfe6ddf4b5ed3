/* summary_csv.c -- the comparison as a tidy CSV table, one number per row
 * (columns in report.h). */
#include <math.h>
#include <string.h>
#include "csv_out.h"
#include "pvalue.h"
#include "report.h"

static const char *const HEADER[] = {"breakdown", "level", "eval", "convention", "versus",
                                     "measure", "difference", "value"};
/* The breakdowns are named as the per-deal table's columns of their keys
 * (analyze/replay/replay.h). */
static const char *const BREAK_CSV_NAMES[STATS_BREAKDOWNS] = {"trumps_held", "longest_plain",
                                                              "leads_coincide"};

typedef struct {
    csv_out *out;
    const char *breakdown;
    char level[16];
    const char *eval; /* of the rows being written: "dd", "play", "dd-play" or "" */
    stats_eval mode;
    const stats_state *st;
} rows;

/* Column i of the state: what scored it, and its convention's name (with
 * --eval both the second half are the first half's conventions played). */
static const char *eval_of(const rows *r, int i)
{
    if (r->mode == STATS_EVAL_BOTH) return i < r->st->nconv / 2 ? "dd" : "play";
    return r->mode == STATS_EVAL_PLAY ? "play" : "dd";
}

static const char *name_of(const rows *r, int i)
{
    int half = r->st->nconv / 2;
    return r->mode == STATS_EVAL_BOTH && i >= half ? r->st->name[i - half] : r->st->name[i];
}

static void row(rows *r, const char *conv, const char *versus, const char *measure,
                const int *difference, double value, int decimals)
{
    csv_out_text(r->out, r->breakdown);
    csv_out_text(r->out, r->level);
    csv_out_text(r->out, r->eval);
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
    csv_out_text(r->out, r->eval);
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
    r->eval = "";
    count(r, "", "", "deals", c->deals);
    r->eval = r->mode == STATS_EVAL_PLAY ? "play" : "dd"; /* the best: with both, the best lead */
    row(r, "best", "", "mean_tricks", NULL, stats_mean(c->best, c->deals), 6);
    row(r, "best", "", "sd_tricks", NULL, sd_of(c->best, c->best_sq, c->deals), 6);
    if (c->n_best) /* counted only when every lead was valued (replay --all-leads) */
        row(r, "best", "", "mean_optimal_leads", NULL, stats_mean(c->n_best, c->deals), 6);
    for (int i = 0; i < st->nconv; i++) {
        const char *name = name_of(r, i);
        r->eval = eval_of(r, i);
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
            const char *x = name_of(r, i), *y = name_of(r, j);
            r->eval = strcmp(eval_of(r, i), eval_of(r, j)) == 0 ? eval_of(r, i) : "dd-play";
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

int stats_write_summary_csv(const char *path, const stats_state *st, stats_eval eval, const provenance *prov,
                            diag_t *diag)
{
    rows r = {.eval = "", .mode = eval, .st = st};
    r.out = csv_out_open(path, HEADER, 8, diag);
    if (!r.out) return 0;
    if (prov) {
        r.breakdown = "provenance";
        provenance_rows(prov, provenance_row, &r);
    }
    r.breakdown = "input";
    r.eval = "";
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
