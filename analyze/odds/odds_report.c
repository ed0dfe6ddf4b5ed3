/* odds_report.c -- odds as the books state them, exactly and in their own
 * small-integer form, and the tidy CSV (odds.md S2.2). The terminal tables
 * are in odds_print.c. */
#include <csv.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/odds/odds_report.h"
#include "stats/report/csv_out.h"

/* N of "N to 1" (S1.2) and the direction: -1 against, 1 on, 0 otherwise. */
static double n_to_one(rational p, int *dir)
{
    rational half = rat_make(1, 2), one = rat_int_value(1);
    int c = rat_cmp(p, half);
    *dir = p.num == 0 || rat_eq(p, one) ? 0 : c;
    if (c < 0) return rat_to_double(rat_div(rat_sub(one, p), p));
    if (c > 0) return rat_to_double(rat_div(p, rat_sub(one, p)));
    return 1;
}

/* N with at least 7 significant digits, and no exponent: the integer
 * part in full once it has more digits than that. */
static void n_format(double n, char *buf, size_t len)
{
    if (n < 1e7) snprintf(buf, len, "%.7g", n);
    else if (n < 1e10) snprintf(buf, len, "%.10g", n);
    else snprintf(buf, len, "%.0f", n);
}

void odds_n_text(rational p, char *buf, size_t len)
{
    int dir;
    if (p.num == 0 || rat_eq(p, rat_int_value(1))) buf[0] = 0;
    else n_format(n_to_one(p, &dir), buf, len);
}

void odds_text(rational p, char *buf, size_t len)
{
    if (p.num == 0) snprintf(buf, len, "impossible");
    else if (rat_eq(p, rat_int_value(1))) snprintf(buf, len, "certain");
    else if (rat_eq(p, rat_make(1, 2))) snprintf(buf, len, "evens");
    else {
        int dir;
        char n[48];
        n_format(n_to_one(p, &dir), n, sizeof n);
        snprintf(buf, len, "%s to 1 %s", n, dir < 0 ? "against" : "on");
    }
}

/* A whole number with its thousands grouped; from ten million on, in words
 * to 3 significant digits ("159 billion"): the books' way with big odds. */
static void big_format(double n, char *buf, size_t len)
{
    static const struct {
        double unit;
        const char *word;
    } WORDS[] = {{1e12, "trillion"}, {1e9, "billion"}, {1e6, "million"}};
    if (n >= 1e7) {
        for (size_t i = 0; i < sizeof WORDS / sizeof WORDS[0]; i++)
            if (n >= WORDS[i].unit) {
                snprintf(buf, len, "%.3g %s", n / WORDS[i].unit, WORDS[i].word);
                return;
            }
    }
    char digits[32], *out = buf;
    int nd = snprintf(digits, sizeof digits, "%.0f", n);
    for (int i = 0; i < nd && (size_t)(out - buf) + 2 < len; i++) {
        if (i && (nd - i) % 3 == 0) *out++ = ',';
        *out++ = digits[i];
    }
    *out = 0;
}

void odds_book_form(rational p, bool direction, char *buf, size_t len)
{
    if (p.num == 0) snprintf(buf, len, "impossible");
    else if (rat_eq(p, rat_int_value(1))) snprintf(buf, len, "certain");
    else if (rat_eq(p, rat_make(1, 2))) snprintf(buf, len, "evens");
    else {
        int dir;
        double n = n_to_one(p, &dir);
        long a = 0, b = 1;
        char figure[48];
        if (n <= ODDS_BOOK_MAX + 0.5) {
            /* The nearest a/b with b <= a <= 20; ties to the smaller b. */
            double best = INFINITY;
            for (long d = 1; d <= ODDS_BOOK_MAX; d++) {
                long c = lround(n * (double)d);
                if (c < d) c = d;
                if (c > ODDS_BOOK_MAX) continue;
                double err = fabs((double)c / (double)d - n);
                if (err < best - 1e-12) {
                    best = err;
                    a = c;
                    b = d;
                }
            }
            if (a == b) {
                snprintf(buf, len, "about evens");
                return;
            }
            snprintf(figure, sizeof figure, "%ld to %ld", a, b);
        } else {
            char big[40];
            big_format(round(n), big, sizeof big);
            snprintf(figure, sizeof figure, "%s to 1", big);
        }
        if (direction) snprintf(buf, len, "%s %s", figure, dir < 0 ? "against" : "on");
        else snprintf(buf, len, "%s", figure);
    }
}

void odds_ratio_text(rational p, char *buf, size_t len)
{
    char a[48], b[48];
    rational q = rat_sub(rat_int_value(1), p); /* as a fraction of p's denominator */
    if (p.num == 0 || q.num == 0) buf[0] = 0;
    else if (rat_eq(p, rat_make(1, 2))) snprintf(buf, len, "1 : 1");
    else if (rat_cmp(p, rat_make(1, 2)) < 0)
        snprintf(buf, len, "%s : %s against", rat_int_format(p.den - p.num, a), rat_int_format(p.num, b));
    else snprintf(buf, len, "%s : %s on", rat_int_format(p.num, a), rat_int_format(p.den - p.num, b));
}

odds_line odds_line_of_row(const odds_row *r, const odds_estimate *est)
{
    odds_line l = {0};
    l.table = r->table;
    l.row = r->id;
    l.event = r->event;
    l.has_exact = true;
    l.exact = rat_to_double(r->exact);
    if (r->hist) {
        rational q;
        l.historic_text = r->hist->text;
        l.has_historic_value = odds_historic_value(r->hist, &q);
        if (l.has_historic_value) l.historic_value = rat_to_double(q);
        l.verdict = odds_verdict(r->hist, r->exact);
        l.source = r->hist->source;
    }
    if (est && r->measure != MEASURE_NONE) {
        l.measured = true;
        l.emp = *est;
    }
    return l;
}

struct odds_csv {
    FILE *f;
    bool header_written; /* held back for the comments (odds_csv_comment) */
};

static const char *const HEADER[] = {"table", "row", "event", "exact", "historic_text", "historic_value",
                                     "empirical", "ci_low", "ci_high", "n", "verdict", "source",
                                     "df", "critical_low", "critical_high"};
#define NCOLS (sizeof HEADER / sizeof HEADER[0])

static void header(odds_csv *w)
{
    if (w->header_written) return;
    for (size_t i = 0; i < NCOLS; i++) fprintf(w->f, "%s%s", i ? "," : "", HEADER[i]);
    fputc('\n', w->f);
    w->header_written = true;
}

void odds_csv_comment(odds_csv *w, const char *key, const char *value)
{
    csv_comment_write(w->f, key, value);
}

odds_csv *odds_csv_open(FILE *f, diag_t *diag)
{
    odds_csv *w = malloc(sizeof *w);
    if (!w) {
        diag_set(diag, NULL, 0, "out of memory");
        return NULL;
    }
    w->f = f;
    w->header_written = false;
    return w;
}

/* A text field, always quoted by libcsv (so a '#' in it is no comment's
 * mark for pandas and R); nothing for an empty one. */
static void text_field(FILE *f, const char *s)
{
    if (s && *s) csv_fwrite(f, s, strlen(s));
}

static void num_field(FILE *f, bool has, const char *fmt, double v)
{
    if (has && v == v) fprintf(f, fmt, v);
}

void odds_csv_write(odds_csv *w, const odds_line *l)
{
    FILE *f = w->f;
    header(w);
    fprintf(f, "%s,%s,", l->table, l->row);
    text_field(f, l->event);
    fputc(',', f);
    num_field(f, l->has_exact, "%.15g", l->exact);
    fputc(',', f);
    text_field(f, l->historic_text);
    fputc(',', f);
    num_field(f, l->has_historic_value, "%.15g", l->historic_value);
    fputc(',', f);
    bool emp = l->measured && l->emp.has;
    num_field(f, emp, "%.10g", l->emp.value);
    fputc(',', f);
    num_field(f, emp && l->emp.has_ci, "%.10g", l->emp.lo);
    fputc(',', f);
    num_field(f, emp && l->emp.has_ci, "%.10g", l->emp.hi);
    fputc(',', f);
    if (l->measured) fprintf(f, "%lld", (long long)l->emp.n);
    fputc(',', f);
    if (l->verdict) fputs(l->verdict, f);
    fputc(',', f);
    text_field(f, l->source);
    fputc(',', f);
    if (l->has_df) fprintf(f, "%d", l->df);
    fputc(',', f);
    num_field(f, l->has_critical, "%.10g", l->critical_lo);
    fputc(',', f);
    num_field(f, l->has_critical, "%.10g", l->critical_hi);
    fputc('\n', f);
}

bool odds_csv_close(odds_csv *w, diag_t *diag)
{
    header(w);
    bool ok = !ferror(w->f);
    ok = fflush(w->f) == 0 && ok;
    if (!ok) diag_set(diag, NULL, 0, "CSV output: write failed");
    free(w);
    return ok;
}
