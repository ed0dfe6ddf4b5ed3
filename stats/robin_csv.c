/* robin_csv.c -- the duplicate round robin as a tidy CSV table, one number
 * per row (robin_csv.h), in the vocabulary of the replay summary. */
#include <math.h>
#include "csv_out.h"
#include "pvalue.h"
#include "robin_csv.h"

static const char *const HEADER[] = {"breakdown", "level", "eval", "convention", "versus",
                                     "measure", "difference", "value"};

typedef struct {
    csv_out *out;
    const char *breakdown, *level, *eval;
} rows;

static void head(rows *r, const char *conv, const char *versus, const char *measure)
{
    csv_out_text(r->out, r->breakdown);
    csv_out_text(r->out, r->level);
    csv_out_text(r->out, r->eval);
    csv_out_text(r->out, conv);
    csv_out_text(r->out, versus);
    csv_out_text(r->out, measure);
}

static void num(rows *r, const char *conv, const char *versus, const char *measure, double v, int decimals)
{
    head(r, conv, versus, measure);
    csv_out_text(r->out, "");
    csv_out_num(r->out, v, decimals);
    csv_out_end_row(r->out);
}

static void text_row(void *ctx, const char *level, const char *measure, const char *value)
{
    rows *r = ctx;
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

static void pair_rows(rows *r, const char *x, const char *y, const paired_acc *a)
{
    paired_summary s;
    paired_summarise(a, &s);
    uint64_t n = paired_n(a);
    num(r, x, y, "n", (double)n, 0);
    num(r, x, y, "mean_gain", s.mean, 6);
    num(r, x, y, "sd", s.sd, 6);
    num(r, x, y, "se", s.se, 6);
    num(r, x, y, "ci_low", s.ci_lo, 6);
    num(r, x, y, "ci_high", s.ci_hi, 6);
    num(r, x, y, "t", s.t, 4);
    head(r, x, y, "p_value");
    csv_out_text(r->out, "");
    csv_out_sig(r->out, isnan(s.p) ? NAN : pvalue_for_csv(s.p), 6);
    csv_out_end_row(r->out);
    num(r, x, y, "differ_pct", n ? 100.0 * (double)paired_n_differ(a) / (double)n : NAN, 4);
    for (int d = -PAIRED_MAX_DIFF; d <= PAIRED_MAX_DIFF; d++) {
        uint64_t k = paired_with_difference(a, d);
        if (!k) continue;
        head(r, x, y, "deals_with_difference");
        csv_out_int(r->out, d);
        csv_out_num(r->out, (double)k, 0);
        csv_out_end_row(r->out);
    }
}

int stats_write_robin_csv(const char *path, const robin_table *t, const provenance *prov, diag_t *diag)
{
    rows r = {.out = csv_out_open(path, HEADER, 8, diag), .eval = ""};
    if (!r.out) return 0;
    if (prov) {
        r.breakdown = "provenance";
        provenance_rows(prov, text_row, &r);
    }
    r.breakdown = "input";
    r.level = "all";
    num(&r, "", "", "read", (double)t->read, 0);
    num(&r, "", "", "analysed", (double)t->played, 0);
    num(&r, "", "", "rejected", (double)t->rejected, 0);
    num(&r, "", "", "repeats", (double)t->repeats, 0);
    if (prov) {
        char status[4096];
        provenance_status(prov, status, sizeof status);
        num(&r, "", "", "complete", provenance_stopped(prov) == 0, 0);
        text_row(&r, "all", "status", status);
    }
    r.breakdown = "all";
    num(&r, "", "", "deals", (double)t->played, 0);
    r.eval = "duplicate";
    for (int i = 0; i < t->nconv; i++)
        for (int j = i + 1; j < t->nconv; j++) pair_rows(&r, t->name[i], t->name[j], &t->pair[i * t->pair_stride + j]);
    for (int i = 0; i < t->nconv && t->nconv > 1; i++) {
        double field = 0;
        for (int j = 0; j < t->nconv; j++) {
            if (j == i) continue;
            paired_summary s;
            paired_summarise(&t->pair[i < j ? i * t->pair_stride + j : j * t->pair_stride + i], &s);
            field += i < j ? s.mean : -s.mean;
        }
        num(&r, t->name[i], "field", "mean_gain", field / (t->nconv - 1), 6);
    }
    return csv_out_close(r.out, diag);
}
