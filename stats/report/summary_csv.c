/* summary_csv.c -- the comparison as a tidy CSV table, one number per row
 * (columns in report.h; the rows in tidy_csv.h). */
#include <math.h>
#include <string.h>
#include "stats/pvalue.h"
#include "stats/report/report.h"
#include "stats/report/tidy_csv.h"

typedef struct {
    tidy_rows t;
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

/* The summary rows of measure k's column col (a per-deal measure: the
 * best's) in c. */
static void measure_rows(tidy_rows *t, const stats_cell *c, int k, int col, const char *conv)
{
    const stats_measure *m = stats_measure_at(k);
    if (m->if_any && *stats_sum((stats_cell *)c, k, col) == 0) return;
    for (const stats_summary_row *row = m->rows; row->name; row++)
        tidy_num(t, conv, m->versus_name, row->name, NULL, stats_stat(c, k, col, row->stat), row->decimals);
}

/* The rows of one cell: its deals, the per-deal measures (the best's),
 * each column's measures, the pairs; p and holm: each pair's test in the
 * cell's breakdown table and its Holm-adjusted p (NaN: not one of its
 * tests); for the cell of all deals the paired t-test's p, Holm-adjusted
 * over the pairs. */
static void cell_rows(rows *r, const stats_state *st, const stats_cell *c, const double *p, const double *holm)
{
    tidy_rows *t = &r->t;
    t->eval = "";
    tidy_count(t, "", "", "deals", c->deals);
    t->eval = r->mode == STATS_EVAL_PLAY ? "play" : "dd"; /* the best: with both, the best lead */
    for (int k = 0; k < stats_measure_count(); k++)
        if (stats_measure_at(k)->scope == STATS_PER_DEAL) measure_rows(t, c, k, 0, "best");
    for (int i = 0; i < st->nconv; i++) {
        t->eval = eval_of(r, i);
        for (int k = 0; k < stats_measure_count(); k++)
            if (stats_measure_at(k)->scope == STATS_PER_COLUMN) measure_rows(t, c, k, i, name_of(r, i));
    }
    for (int i = 0; i < st->nconv; i++)
        for (int j = i + 1; j < st->nconv; j++) {
            int pair = stats_pair_index(i, j, st->nconv);
            t->eval = strcmp(eval_of(r, i), eval_of(r, j)) == 0 ? eval_of(r, i) : "dd-play";
            tidy_test test = {p ? p[pair] : NAN, holm ? holm[pair] : NAN};
            tidy_pair(t, name_of(r, i), name_of(r, j), &c->pair[pair], p ? &test : NULL, true);
        }
}

int stats_write_summary_csv(const char *path, const stats_state *st, stats_eval eval, const provenance *prov,
                            diag_t *diag)
{
    rows r = {.mode = eval, .st = st};
    tidy_rows *t = &r.t;
    if (!tidy_open(t, path, diag)) return 0;
    if (prov) tidy_provenance(t, prov);
    t->breakdown = "input";
    t->eval = "";
    t->level[0] = 0; /* no level: empty, so that the column loads as numbers */
    tidy_count(t, "", "", "read", st->read);
    tidy_count(t, "", "", "accepted", st->accepted);
    tidy_count(t, "", "", "rejected", st->rejected);
    tidy_count(t, "", "", "repeats", st->repeats);
    tidy_count(t, "", "", "errors", st->errors);
    if (st->left) tidy_count(t, "", "", "left_by_where", st->left);
    tidy_count(t, "", "", "analysed", st->all.deals);
    if (prov) tidy_status(t, prov);
    t->breakdown = "all";
    /* the pairs over all deals: the paired t-test's p, and Holm's over the
     * pairs as the report's NET GAIN table gives it */
    static double p_all[STATS_MAX_PAIRS], holm_all[STATS_MAX_PAIRS];
    int npairs = st->nconv * (st->nconv - 1) / 2;
    for (int q = 0; q < npairs; q++) {
        paired_summary s;
        paired_summarise(&st->all.pair[q], &s);
        p_all[q] = s.p;
    }
    pvalue_holm(p_all, npairs, holm_all);
    cell_rows(&r, st, &st->all, p_all, holm_all);
    static double p[STATS_KEYS][STATS_MAX_PAIRS], holm[STATS_KEYS][STATS_MAX_PAIRS];
    for (int br = 0; br < STATS_BREAKDOWNS; br++) {
        t->breakdown = stats_breakdown_of(br)->id;
        stats_breakdown_holm(st, br, p, holm);
        for (int k = 0; k < STATS_KEYS; k++) {
            if (!st->by[br][k].deals) continue;
            snprintf(t->level, sizeof t->level, "%d", k);
            cell_rows(&r, st, &st->by[br][k], p[k], holm[k]);
        }
    }
    return tidy_close(t, diag);
}
