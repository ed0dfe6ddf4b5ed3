/* tidy_csv.c -- the tidy summary table's rows (tidy_csv.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "stats/binom_ci.h"
#include "stats/pvalue.h"
#include "stats/report/tidy_csv.h"

static const char *const HEADER[] = {"breakdown", "level", "evaluation", "convention", "versus",
                                     "measure", "difference", "value"};

bool tidy_open(tidy_rows *r, const char *path, diag_t *diag)
{
    *r = (tidy_rows){.breakdown = "", .eval = ""};
    r->out = csv_out_open(path, HEADER, (int)(sizeof HEADER / sizeof HEADER[0]), diag);
    return r->out != NULL;
}

bool tidy_close(tidy_rows *r, diag_t *diag)
{
    return csv_out_close(r->out, diag);
}

static void head(tidy_rows *r, const char *level, const char *eval, const char *conv, const char *versus,
                 const char *measure)
{
    csv_out_text(r->out, r->breakdown);
    csv_out_text(r->out, level);
    csv_out_text(r->out, eval);
    csv_out_text(r->out, conv);
    csv_out_text(r->out, versus);
    csv_out_text(r->out, measure);
}

void tidy_num(tidy_rows *r, const char *conv, const char *versus, const char *measure, const int *difference,
              double value, int decimals)
{
    head(r, r->level, r->eval, conv, versus, measure);
    if (difference) csv_out_int(r->out, *difference);
    else csv_out_text(r->out, "");
    csv_out_num(r->out, value, decimals);
    csv_out_end_row(r->out);
}

void tidy_count(tidy_rows *r, const char *conv, const char *versus, const char *measure, uint64_t v)
{
    tidy_num(r, conv, versus, measure, NULL, (double)v, 0);
}

void tidy_sig(tidy_rows *r, const char *conv, const char *versus, const char *measure, double value)
{
    head(r, r->level, r->eval, conv, versus, measure);
    csv_out_text(r->out, "");
    csv_out_sig(r->out, value, 6);
    csv_out_end_row(r->out);
}

/* A provenance row as a comment line: "# MEASURE: VALUE" for the run as a
 * whole, "# MEASURE LEVEL: VALUE" for an input (its number) or a setting
 * (its name). */
static void provenance_comment(void *ctx, const char *level, const char *measure, const char *value)
{
    csv_out *out = ctx;
    if (strcmp(level, "all") == 0) {
        csv_out_comment(out, measure, value);
        return;
    }
    size_t n = strlen(measure) + strlen(level) + 2;
    char *key = malloc(n);
    if (!key) return;
    snprintf(key, n, "%s %s", measure, level);
    csv_out_comment(out, key, value);
    free(key);
}

/* What a streamed table knows only when its run ends: the deals of each
 * input, their digest, whether it was read to its end. */
static bool known_at_end(const char *measure)
{
    return strcmp(measure, "input_deals") == 0 || strcmp(measure, "input_digest") == 0 ||
           strcmp(measure, "input_complete") == 0 || strcmp(measure, "input_stopped_at") == 0;
}

static void head_comment(void *ctx, const char *level, const char *measure, const char *value)
{
    if (!known_at_end(measure)) provenance_comment(ctx, level, measure, value);
}

static void tail_comment(void *ctx, const char *level, const char *measure, const char *value)
{
    if (known_at_end(measure)) provenance_comment(ctx, level, measure, value);
}

void csv_out_provenance_head(csv_out *out, const provenance *prov)
{
    provenance_rows(prov, head_comment, out);
}

void csv_out_provenance_tail(csv_out *out, const provenance *prov)
{
    provenance_rows(prov, tail_comment, out);
    char status[4096];
    provenance_status(prov, status, sizeof status);
    csv_out_comment(out, "status", status);
}

void tidy_provenance(tidy_rows *r, const provenance *prov)
{
    csv_out_provenance(r->out, prov);
}

void csv_out_provenance(csv_out *out, const provenance *prov)
{
    provenance_rows(prov, provenance_comment, out);
    char status[4096];
    provenance_status(prov, status, sizeof status);
    csv_out_comment(out, "status", status);
}

void tidy_status(tidy_rows *r, const provenance *prov)
{
    tidy_count(r, "", "", "complete", provenance_stopped(prov) == 0);
}

void tidy_pair(tidy_rows *r, const char *x, const char *y, const paired_acc *a, const tidy_test *test,
               bool differ_same)
{
    paired_summary s;
    paired_summarise(a, &s);
    uint64_t n = paired_n(a);
    tidy_count(r, x, y, "n", n);
    tidy_num(r, x, y, "mean_gain", NULL, s.mean, 6);
    tidy_num(r, x, y, "sd", NULL, s.sd, 6);
    tidy_num(r, x, y, "se", NULL, s.se, 6);
    tidy_num(r, x, y, "ci_low", NULL, s.ci_lo, 6);
    tidy_num(r, x, y, "ci_high", NULL, s.ci_hi, 6);
    tidy_num(r, x, y, "t", NULL, s.t, 4);
    double p = test ? test->p : s.p;
    tidy_sig(r, x, y, "p_value", isnan(p) ? NAN : pvalue_for_csv(p));
    if (test && !isnan(test->holm_p)) tidy_sig(r, x, y, "p_value_holm", pvalue_for_csv(test->holm_p));
    double differ = n ? (double)paired_n_differ(a) / (double)n : NAN, lo = NAN, hi = NAN;
    tidy_num(r, x, y, "differ_pct", NULL, 100 * differ, 4);
    if (n) ci_wilson(differ, (double)n, ci_z(0.95), &lo, &hi); /* the share's interval, Wilson's */
    tidy_num(r, x, y, "differ_pct_ci_low", NULL, 100 * lo, 4);
    tidy_num(r, x, y, "differ_pct_ci_high", NULL, 100 * hi, 4);
    if (differ_same) {
        paired_summary differ, same;
        paired_summarise_differ(a, &differ);
        paired_summarise_same(a, &same);
        tidy_count(r, x, y, "n_when_differ", differ.n);
        tidy_num(r, x, y, "mean_gain_when_differ", NULL, differ.mean, 6);
        tidy_num(r, x, y, "se_gain_when_differ", NULL, differ.se, 6);
        tidy_count(r, x, y, "n_when_same", same.n);
        tidy_num(r, x, y, "mean_gain_when_same", NULL, same.mean, 6);
        tidy_num(r, x, y, "se_gain_when_same", NULL, same.se, 6);
    }
    for (int d = -PAIRED_MAX_DIFF; d <= PAIRED_MAX_DIFF; d++) {
        uint64_t k = paired_with_difference(a, d);
        if (k) tidy_num(r, x, y, "deals_with_difference", &d, (double)k, 0);
    }
}
