/* odds_print.c -- the odds tables on the terminal (odds.md S2.1): each laid
 * out like its book, the odds in the books' form beside the exact ones, the
 * book's figure under its row, lines of at most 100 columns unless --wide
 * (odds_sheet.h), and a legend of the row ids, sources and verdicts. */
#include <string.h>
#include "analyze/odds/odds_report.h"
#include "analyze/odds/odds_sheet.h"

typedef struct {
    const odds_estimate *est; /* one per row; NULL without a corpus */
    double level;
    bool wide;
} print_opts;

typedef struct {
    int emp, ci, n;
} emp_cols;

/* Where a figure comes from, short: the book as the first word of its
 * file ("epitome"), or "ext" for a figure from outside the seeds; and the
 * place in it ("L2467", "case 3"). */
static void source_parts(const char *source, char *book, size_t blen, char *place, size_t plen)
{
    const char *sp = strrchr(source, ' ');
    if (strncmp(source, "ext:", 4) == 0) {
        sp = strchr(source, ' ');
        snprintf(book, blen, "ext");
    } else snprintf(book, blen, "%.*s", (int)strcspn(source, "-. "), source);
    snprintf(place, plen, "%s", sp ? sp + 1 : "");
}

static emp_cols empirical_columns(odds_sheet *s, const print_opts *o, const char *what)
{
    emp_cols c = {-1, -1, -1};
    if (!o->est) return c;
    char emp[48], ci[48];
    snprintf(emp, sizeof emp, "%s%s", what ? what : "", what ? " empirical" : "empirical");
    snprintf(ci, sizeof ci, "%g%% CI", 100 * o->level);
    c.emp = sheet_column(s, emp, 'r', 0);
    c.ci = sheet_column(s, ci, 'l', 0);
    c.n = sheet_column(s, "n", 'r', 0);
    return c;
}

/* The estimate's cells; e NULL: the row is not measured from deals. */
static void empirical_cells(odds_sheet *s, emp_cols c, const odds_estimate *e)
{
    if (!e || c.emp < 0) return;
    if (e->has) {
        sheet_set(s, c.emp, "%.6g", e->value);
        if (e->has_ci) sheet_set(s, c.ci, "[%.6g, %.6g]", e->lo, e->hi);
        else if (e->by_construction) sheet_set(s, c.ci, "exact by construction");
    }
    sheet_set(s, c.n, "%lld", (long long)e->n);
}

/* The estimate of row i, or NULL: measurable rows only. */
static const odds_estimate *est_of(const print_opts *o, const odds_row *rows, int i)
{
    return o->est && rows[i].measure != MEASURE_NONE ? &o->est[i] : NULL;
}

static const char *verdict_text(const odds_row *r) { return r->hist ? odds_verdict(r->hist, r->exact) : ""; }

/* The book's figure of r as a line under its row, with its verdict unless
 * the row shows that. */
static void book_note(odds_sheet *s, const odds_row *r, bool verdict)
{
    char book[32], place[64], v[48] = "";
    source_parts(r->hist->source, book, sizeof book, place, sizeof place);
    if (verdict) snprintf(v, sizeof v, "  [%s]", verdict_text(r));
    sheet_note(s, "book (%s %s): %s%s", book, place, r->hist->text[0] ? r->hist->text : "[no figure printed]", v);
}

static void print_generic(FILE *f, const char *table, const odds_row *rows, int n, const print_opts *o)
{
    bool book = false; /* the book columns only where a book speaks */
    for (int i = 0; i < n; i++) book |= strcmp(rows[i].table, table) == 0 && rows[i].hist;
    odds_sheet *s = sheet_new();
    int c_row = sheet_column(s, "row", 'l', 0), c_frac = sheet_column(s, "exact", 'r', 1);
    int c_p = sheet_column(s, "P", 'r', 0), c_odds = sheet_column(s, "odds", 'l', 3);
    int c_n = sheet_column(s, "N to 1", 'r', 2);
    /* Not wide, the book's figure and its verdict are a line under the row. */
    int c_book = book && o->wide ? sheet_column(s, "book", 'l', 0) : -1;
    int c_verdict = book && o->wide ? sheet_column(s, "verdict", 'l', 0) : -1;
    int c_source = book && o->wide ? sheet_column(s, "source", 'l', 0) : -1;
    emp_cols ce = empirical_columns(s, o, NULL);
    for (int i = 0; i < n; i++) {
        const odds_row *r = &rows[i];
        if (strcmp(r->table, table) != 0) continue;
        char frac[84], text[64];
        sheet_row(s);
        sheet_set(s, c_row, "%s", r->id);
        sheet_set(s, c_frac, "%s", rat_format(r->exact, frac));
        sheet_set(s, c_p, "%.7g", rat_to_double(r->exact));
        if (!r->moment) {
            odds_book_form(r->exact, true, text, sizeof text);
            sheet_set(s, c_odds, "%s", text);
            odds_n_text(r->exact, text, sizeof text);
            sheet_set(s, c_n, "%s", text);
        }
        if (r->hist) {
            sheet_set(s, c_verdict, "%s", verdict_text(r));
            sheet_set(s, c_book, "%s", r->hist->text);
            sheet_set(s, c_source, "%s", r->hist->source);
            if (!o->wide) book_note(s, r, true);
        }
        empirical_cells(s, ce, est_of(o, rows, i));
    }
    sheet_print_free(s, f, o->wide);
}

/* The Epitome's part A: "odds | against / in favour of his having
 * (cards)". With a corpus and not wide, the rows one by one: the book's
 * words and the corpus columns take more than a line. */
static void print_partner_cards(FILE *f, const odds_row *rows, int n, const print_opts *o)
{
    if (o->est && !o->wide) {
        print_generic(f, "partner-cards", rows, n, o);
        return;
    }
    odds_sheet *s = sheet_new();
    int c_row = sheet_column(s, "row", 'l', 0), c_odds = sheet_column(s, "odds", 'r', 0);
    int c_dir = sheet_column(s, "against / in favour of his having", 'l', 0);
    int c_ratio = sheet_column(s, "exact", 'r', 1);
    int c_p = sheet_column(s, "P", 'r', 0);
    int c_book = o->wide ? sheet_column(s, "book", 'l', 0) : -1;
    int c_verdict = sheet_column(s, "verdict", 'l', 0);
    int c_source = o->wide ? sheet_column(s, "source", 'l', 0) : -1;
    emp_cols ce = empirical_columns(s, o, NULL);
    for (int i = 0; i < n; i++) {
        const odds_row *r = &rows[i];
        if (strcmp(r->table, "partner-cards") != 0) continue;
        char ratio[96], form[64], cards[32], kind[3] = "";
        odds_ratio_text(r->exact, ratio, sizeof ratio);
        odds_book_form(r->exact, false, form, sizeof form);
        bool on = strstr(ratio, " on") != NULL;
        char *sp = strstr(ratio, on ? " on" : " against");
        if (sp) *sp = 0;
        int m, k;
        const char *id = strchr(r->id, 'm');
        if (id && sscanf(id, "m%d.%2[a-z]%d", &m, kind, &k) == 3)
            snprintf(cards, sizeof cards, strcmp(kind, "ge") == 0 ? "%d or more of %d" : "%d of %d", k, m);
        else cards[0] = 0;
        sheet_row(s);
        sheet_set(s, c_row, "%s", r->id);
        sheet_set(s, c_odds, "%s", form);
        sheet_set(s, c_dir, "%s %s", on ? "in favour of his having" : sp ? "against his having" : "evens, his having",
                  cards);
        sheet_set(s, c_ratio, "%s", ratio);
        sheet_set(s, c_p, "%.7g", rat_to_double(r->exact));
        if (r->hist) {
            sheet_set(s, c_verdict, "%s", verdict_text(r));
            sheet_set(s, c_book, "%s", r->hist->text);
            sheet_set(s, c_source, "%s", r->hist->source);
            if (!o->wide) book_note(s, r, false);
        }
        empirical_cells(s, ce, est_of(o, rows, i));
    }
    sheet_print_free(s, f, o->wide);
}

/* The Epitome's part B: "N trumps | dealer | non-dealer", each figure with
 * its own direction. With a corpus and not wide, the rows one by one: the
 * two halves side by side, each with its interval and n, take more than a
 * line. */
static void print_dealer_trumps(FILE *f, const odds_row *rows, int n, const print_opts *o)
{
    if (o->est && !o->wide) {
        print_generic(f, "dealer-trumps", rows, n, o);
        return;
    }
    int at[2][14] = {{0}}; /* row index + 1 of dealer.geK, nondealer.geK */
    for (int i = 0; i < n; i++) {
        int k;
        if (strcmp(rows[i].table, "dealer-trumps") != 0) continue;
        if (sscanf(rows[i].id, "dealer.ge%d", &k) == 1) at[0][k] = i + 1;
        if (sscanf(rows[i].id, "nondealer.ge%d", &k) == 1) at[1][k] = i + 1;
    }
    static const char *const WHO[2] = {"dealer", "non-dealer"};
    static const char *const BOOK[2] = {"book (dealer)", "book (non-dealer)"};
    odds_sheet *s = sheet_new();
    int c_k = sheet_column(s, "N trumps", 'r', 0), c_odds[2], c_n[2], c_book[2], c_verdict[2];
    for (int w = 0; w < 2; w++) {
        c_odds[w] = sheet_column(s, WHO[w], 'l', 0);
        c_n[w] = sheet_column(s, "N to 1", 'r', 1);
        c_book[w] = o->wide ? sheet_column(s, BOOK[w], 'l', 0) : -1;
        c_verdict[w] = sheet_column(s, "verdict", 'l', 0);
    }
    emp_cols ce[2];
    for (int w = 0; w < 2; w++) ce[w] = empirical_columns(s, o, WHO[w]);
    for (int k = 1; k <= 13; k++) {
        sheet_row(s);
        sheet_set(s, c_k, "%d", k);
        char note[256] = "";
        size_t len = 0;
        for (int w = 0; w < 2; w++) {
            if (!at[w][k]) continue;
            const odds_row *r = &rows[at[w][k] - 1];
            char text[64];
            odds_book_form(r->exact, true, text, sizeof text);
            sheet_set(s, c_odds[w], "%s", text);
            odds_n_text(r->exact, text, sizeof text);
            sheet_set(s, c_n[w], "%s", text);
            empirical_cells(s, ce[w], est_of(o, rows, at[w][k] - 1));
            if (!r->hist) continue;
            sheet_set(s, c_verdict[w], "%s", verdict_text(r));
            sheet_set(s, c_book[w], "%s", r->hist->text);
            char book[32], place[64];
            source_parts(r->hist->source, book, sizeof book, place, sizeof place);
            if (!len) len = (size_t)snprintf(note, sizeof note, "book (%s): ", book);
            len += (size_t)snprintf(note + len, sizeof note - len, "%s%s %s, %s", w ? "; " : "", WHO[w],
                                    r->hist->text[0] ? r->hist->text : "[no figure printed]", place);
        }
        if (len && !o->wide) sheet_note(s, "%s", note);
    }
    sheet_print_free(s, f, o->wide);
}

void odds_print_table(FILE *f, int table, const odds_estimate *est, double level, bool wide)
{
    int n;
    const odds_row *rows = odds_rows(&n);
    const odds_table_info *t = &odds_tables()[table];
    print_opts o = {est, level, wide};
    char title[512];
    snprintf(title, sizeof title, "%s: %s (%s)", t->id, t->title, t->source);
    if (wide) fprintf(f, "%s\n", title);
    else sheet_wrap(f, title, 0, 2);
    if (strcmp(t->id, "partner-cards") == 0) print_partner_cards(f, rows, n, &o);
    else if (strcmp(t->id, "dealer-trumps") == 0) print_dealer_trumps(f, rows, n, &o);
    else print_generic(f, t->id, rows, n, &o);
    fputc('\n', f);
}

void odds_print_legend(FILE *f, bool measured, double level)
{
    static const char *const HEAD[] = {"odds", "verdicts", "row ids", "sources", "corpus"};
    char verdicts[1024];
    size_t at = 0;
    int nv;
    const odds_verdict_info *v = odds_verdicts(&nv);
    for (int i = 0; i < nv; i++)
        at += (size_t)snprintf(verdicts + at, sizeof verdicts - at, "%s%s: %s", i ? "; " : "", v[i].name,
                               v[i].meaning);
    snprintf(verdicts + at, sizeof verdicts - at, "; and any of them with ?: the book's figure is an uncertain "
                                                   "(OCR) reading.");
    char corpus[512];
    snprintf(corpus, sizeof corpus,
             "empirical: the frequency (or mean) over the corpus; %g%% CI: its confidence interval "
             "(Wilson, adjusted for the observations of one deal being alike); n: the observations "
             "(pseudo-observations when each seat or card takes a turn).",
             100 * level);
    const char *text[] = {
        "the books' form: the nearest a to b with a and b at most 20 (about evens: nearest 1 to 1), "
        "beyond that N to 1, N rounded (in words from ten million); on = in favour. N to 1: the "
        "exact odds. exact: the probability as a fraction; P: its value (a mean for mean rows).",
        verdicts,
        "eqK exactly K, geK at least K, leK at most K, rK exactly K rounds; mM M named cards; nN N "
        "cards missing; TN N trumps held; tu./tud. the turn-up seen, \"he\" a non-dealer / the "
        "dealer; eldest. from the eldest hand; .layout one given layout; mean, var a mean or "
        "variance (no odds); L404.K, epitome-L2157: a line of the book.",
        "epitome = epitome-of-whist-1829.txt, dicks = dicks-handbook-of-whist-1884.txt, foster = "
        "foster-whist-family.txt (the books' OCR texts, shared/seeds/); L1483 = line 1483 of that "
        "text; ext = outside them (Hoyle), the address under --wide and in the CSV.",
        corpus,
    };
    fputs("legend\n", f);
    for (int i = 0; i < (measured ? 5 : 4); i++) {
        char line[1600];
        snprintf(line, sizeof line, "%-9s %s", HEAD[i], text[i]);
        sheet_wrap(f, line, 2, 12);
    }
}
