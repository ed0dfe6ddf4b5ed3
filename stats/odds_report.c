/* odds_report.c -- odds as the books state them, the tidy CSV (odds.md
 * S2.2) and the terminal tables (S2.1). */
#include <csv.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "odds_report.h"
#include "text_grid.h"

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

void odds_text(rational p, char *buf, size_t len)
{
    if (p.num == 0) snprintf(buf, len, "impossible");
    else if (rat_eq(p, rat_int_value(1))) snprintf(buf, len, "certain");
    else if (rat_eq(p, rat_make(1, 2))) snprintf(buf, len, "evens");
    else {
        int dir;
        double n = n_to_one(p, &dir);
        /* Seven significant digits, ten once N has more integer digits. */
        snprintf(buf, len, n < 1e7 ? "%.7g to 1 %s" : "%.10g to 1 %s", n, dir < 0 ? "against" : "on");
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
    bool own;
};

static const char *const HEADER[] = {"table", "row", "event", "exact", "historic_text", "historic_value",
                                     "empirical", "ci_low", "ci_high", "n", "verdict", "source"};

odds_csv *odds_csv_open(const char *path, diag_t *diag)
{
    bool stdout_ = strcmp(path, "-") == 0;
    FILE *f = stdout_ ? stdout : fopen(path, "w");
    if (!f) {
        diag_set(diag, path, 0, "%s", strerror(errno));
        return NULL;
    }
    odds_csv *w = malloc(sizeof *w);
    if (!w) {
        if (!stdout_) fclose(f);
        diag_set(diag, path, 0, "out of memory");
        return NULL;
    }
    w->f = f;
    w->own = !stdout_;
    for (size_t i = 0; i < sizeof HEADER / sizeof HEADER[0]; i++) fprintf(f, "%s%s", i ? "," : "", HEADER[i]);
    fputc('\n', f);
    return w;
}

/* A text field, quoted by libcsv; nothing for an empty one. */
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
    fputc('\n', f);
}

void odds_csv_write_text(odds_csv *w, const char *table, const char *row, const char *text)
{
    fprintf(w->f, "%s,%s,", table, row);
    text_field(w->f, text);
    for (size_t i = 3; i < sizeof HEADER / sizeof HEADER[0]; i++) fputc(',', w->f);
    fputc('\n', w->f);
}

bool odds_csv_close(odds_csv *w, diag_t *diag)
{
    bool ok = !ferror(w->f);
    if (w->own) ok = fclose(w->f) == 0 && ok;
    else ok = fflush(w->f) == 0 && ok;
    if (!ok) diag_set(diag, NULL, 0, "CSV output: write failed");
    free(w);
    return ok;
}

/* --- terminal --- */

static void empirical_cells(text_grid *g, const odds_estimate *e)
{
    if (!e || !e->has) {
        grid_cell(g, "%s", "");
        grid_cell(g, "%s", "");
    } else {
        grid_cell(g, "%.6g", e->value);
        if (e->has_ci) grid_cell(g, "[%.6g, %.6g]", e->lo, e->hi);
        else grid_cell(g, "%s", "");
    }
    if (e) grid_cell(g, "%lld", (long long)e->n);
}

static void empirical_header(text_grid *g, bool corpus, double level)
{
    if (!corpus) return;
    grid_cell(g, "empirical");
    grid_cell(g, "%g%% CI", 100 * level);
    grid_cell(g, "n");
}

static const char *book_text(const odds_row *r) { return r->hist ? r->hist->text : ""; }
static const char *verdict_text(const odds_row *r) { return r->hist ? odds_verdict(r->hist, r->exact) : ""; }

/* The estimate of row i, or NULL: measurable rows only. */
static const odds_estimate *est_of(const odds_estimate *est, const odds_row *rows, int i)
{
    return est && rows[i].measure != MEASURE_NONE ? &est[i] : NULL;
}

/* The Epitome's part A: "odds | against / in favour of his having | cards". */
static void print_partner_cards(FILE *f, const odds_row *rows, int n, const odds_estimate *est, double level)
{
    text_grid *g = grid_new(est ? "lrllrllrlr" : "lrllrll");
    grid_cell(g, "row");
    grid_cell(g, "odds");
    grid_cell(g, "against / in favour of his having");
    grid_cell(g, "cards");
    grid_cell(g, "P");
    grid_cell(g, "book");
    grid_cell(g, "verdict");
    empirical_header(g, est != NULL, level);
    grid_end_row(g);
    grid_rule(g);
    for (int i = 0; i < n; i++) {
        const odds_row *r = &rows[i];
        if (strcmp(r->table, "partner-cards") != 0) continue;
        char ratio[96], cards[32];
        odds_ratio_text(r->exact, ratio, sizeof ratio);
        bool on = strstr(ratio, " on") != NULL;
        char *sp = strstr(ratio, on ? " on" : " against");
        if (sp) *sp = 0;
        int m, k;
        const char *id = strchr(r->id, 'm');
        char kind[3] = "";
        if (id && sscanf(id, "m%d.%2[a-z]%d", &m, kind, &k) == 3)
            snprintf(cards, sizeof cards, strcmp(kind, "ge") == 0 ? "%d or more of %d" : "%d of %d", k, m);
        else cards[0] = 0;
        grid_cell(g, "%s", r->id);
        grid_cell(g, "%s", ratio);
        grid_cell(g, "%s", on ? "in favour of his having" : sp ? "against his having" : "evens, his having");
        grid_cell(g, "%s", cards);
        grid_cell(g, "%.7g", rat_to_double(r->exact));
        grid_cell(g, "%s", book_text(r));
        grid_cell(g, "%s", verdict_text(r));
        if (est) empirical_cells(g, est_of(est, rows, i));
        grid_end_row(g);
    }
    grid_print_free(g, f, 2);
}

/* The Epitome's part B: "N trumps | dealer | direction | non-dealer". */
static void print_dealer_trumps(FILE *f, const odds_row *rows, int n, const odds_estimate *est)
{
    int dealer[14] = {0}, non[14] = {0};
    for (int i = 0; i < n; i++) {
        int k;
        if (sscanf(rows[i].id, "dealer.ge%d", &k) == 1 && strcmp(rows[i].table, "dealer-trumps") == 0)
            dealer[k] = i + 1;
        if (sscanf(rows[i].id, "nondealer.ge%d", &k) == 1 && strcmp(rows[i].table, "dealer-trumps") == 0)
            non[k] = i + 1;
    }
    text_grid *g = grid_new(est ? "rrlrllllrr" : "rrlrllll");
    const char *head[] = {"N trumps", "dealer", "direction", "non-dealer", "direction", "book (dealer)", "verdict",
                          "book (non-dealer)", "verdict"};
    for (int c = 0; c < 9; c++)
        if (c != 4) grid_cell(g, "%s", head[c]);
    if (est) {
        grid_cell(g, "empirical dealer");
        grid_cell(g, "empirical non-dealer");
    }
    grid_end_row(g);
    grid_rule(g);
    for (int k = 1; k <= 13; k++) {
        const odds_row *d = dealer[k] ? &rows[dealer[k] - 1] : NULL, *nd = non[k] ? &rows[non[k] - 1] : NULL;
        char od[64], on[64] = "";
        odds_text(d->exact, od, sizeof od);
        if (nd) odds_text(nd->exact, on, sizeof on);
        /* One direction word between the figures, as the book prints it;
         * the non-dealer's own word follows his figure when it differs. */
        char *dd = strstr(od, " to 1 "), *nn = strstr(on, " to 1 ");
        const char *dir = dd ? (strcmp(dd + 6, "on") == 0 ? "in favour of" : "against") : "";
        if (dd) dd[5] = 0;
        if (nn && strcmp(nn + 6, "on") == 0 && strcmp(dir, "in favour of") != 0) strcpy(nn + 5, " in favour");
        else if (nn && strcmp(nn + 6, "against") == 0 && strcmp(dir, "against") != 0) strcpy(nn + 5, " against");
        else if (nn) nn[5] = 0;
        grid_cell(g, "%d", k);
        grid_cell(g, "%s", od);
        grid_cell(g, "%s", dir);
        grid_cell(g, "%s", on);
        grid_cell(g, "%s", book_text(d));
        grid_cell(g, "%s", verdict_text(d));
        grid_cell(g, "%s", nd ? book_text(nd) : "");
        grid_cell(g, "%s", nd ? verdict_text(nd) : "");
        if (est) {
            const odds_estimate *ed = &est[dealer[k] - 1], *en = nd ? &est[non[k] - 1] : NULL;
            if (ed->has) grid_cell(g, "%.6g", ed->value);
            else grid_cell(g, "%s", "");
            if (en && en->has) grid_cell(g, "%.6g", en->value);
            else grid_cell(g, "%s", "");
        }
        grid_end_row(g);
    }
    grid_print_free(g, f, 2);
}

static void print_generic(FILE *f, const char *table, const odds_row *rows, int n, const odds_estimate *est,
                          double level)
{
    bool book = false; /* the book columns only where a book speaks */
    for (int i = 0; i < n; i++) book |= strcmp(rows[i].table, table) == 0 && rows[i].hist;
    char align[16] = "lrrl";
    if (book) strcat(align, "ll");
    if (est) strcat(align, "rlr");
    text_grid *g = grid_new(align);
    grid_cell(g, "row");
    grid_cell(g, "exact");
    grid_cell(g, "P");
    grid_cell(g, "odds");
    if (book) {
        grid_cell(g, "book");
        grid_cell(g, "verdict");
    }
    empirical_header(g, est != NULL, level);
    grid_end_row(g);
    grid_rule(g);
    for (int i = 0; i < n; i++) {
        const odds_row *r = &rows[i];
        if (strcmp(r->table, table) != 0) continue;
        char frac[84], odds[64] = "";
        if (!r->moment) odds_text(r->exact, odds, sizeof odds);
        grid_cell(g, "%s", r->id);
        grid_cell(g, "%s", rat_format(r->exact, frac));
        grid_cell(g, "%.7g", rat_to_double(r->exact));
        grid_cell(g, "%s", odds);
        if (book) {
            grid_cell(g, "%s", book_text(r));
            grid_cell(g, "%s", verdict_text(r));
        }
        if (est) empirical_cells(g, est_of(est, rows, i));
        grid_end_row(g);
    }
    grid_print_free(g, f, 2);
}

void odds_print_table(FILE *f, int table, const odds_estimate *est, double level)
{
    int n;
    const odds_row *rows = odds_rows(&n);
    const odds_table_info *t = &odds_tables()[table];
    fprintf(f, "%s: %s (%s)\n", t->id, t->title, t->source);
    if (strcmp(t->id, "partner-cards") == 0) print_partner_cards(f, rows, n, est, level);
    else if (strcmp(t->id, "dealer-trumps") == 0) print_dealer_trumps(f, rows, n, est);
    else print_generic(f, t->id, rows, n, est, level);
    fputc('\n', f);
}
