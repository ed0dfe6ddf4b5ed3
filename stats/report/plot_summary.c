/* plot_summary.c -- the figures of a replay or merge summary CSV (plot.h;
 * the table's columns and measures are in report.h). Every number drawn is
 * read from the table; the one number computed here is the 95% interval of
 * a convention's mean tricks (Student t over the deals, from deals and
 * sd_tricks), as paired.c computes the others. */
#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "stats/pvalue.h"
#include "stats/report/plot_csv.h"
#include "stats/report/plot_summary.h"
#include "stats/tally.h"

static const char *const SUMMARY_HEADER[] = {"breakdown", "level", "evaluation", "convention", "versus",
                                             "measure", "difference", "value"};
enum { C_BREAKDOWN, C_LEVEL, C_EVAL, C_CONV, C_VERSUS, C_MEASURE, C_DIFF, C_VALUE, NCOLS };

#define MAX_LEVELS 14 /* 0..13 cards */
#define NPROV 8
#define MINUS "\xe2\x88\x92" /* U+2212, between the two names of a pair */
#define PLUSMINUS "\xc2\xb1"

/* A convention of the table is its name and eval (with --eval both each
 * convention is there twice, dd and play); the figures label it by its
 * name, "NAME (sd)" for the play one of a run that has both. */
typedef struct {
    plot_table t;
    int nconv;
    const char *conv[STATS_MAX_CONV];       /* the labels */
    const char *conv_name[STATS_MAX_CONV], *conv_eval[STATS_MAX_CONV];
    char conv_label[STATS_MAX_CONV][STATS_NAME_LEN]; /* the name, " (sd)" after it with --eval both */
    const char *best_eval;            /* the eval of the "best" rows */
    int npair;
    int pi[STATS_MAX_PAIRS], pj[STATS_MAX_PAIRS]; /* conv indices, in the table's order */
    bool shown[STATS_MAX_PAIRS];            /* in the breakdowns and the distribution */
    int nshown;
    const char *eval;                 /* "dd", "play", "both", or "" */
    bool robin;                       /* a round robin's (play --round-robin): eval "duplicate" */
    double deals;
    int min_deals;
    char sub[768];                    /* what the numbers rest on, one line */
    char status[240];                 /* "" when complete */
    char pairs_note[STATS_NAME_LEN + 64];             /* when not every pair is shown */
    char prov[NPROV][1536];
    const char *prov_lines[NPROV + 1];
} summary;

static int conv_index(const summary *s, const char *label);

/* The table's name and eval of a convention's label ("best", "" as they are). */
static void conv_key(const summary *s, const char *label, const char **name, const char **eval)
{
    int i = *label && strcmp(label, "best") != 0 ? conv_index(s, label) : -1;
    *name = i < 0 ? label : s->conv_name[i];
    *eval = i >= 0 ? s->conv_eval[i] : *label ? s->best_eval : "";
}

/* The value of a row; conv and versus are labels. */
static const char *text_of(const summary *s, const char *br, const char *level, const char *conv,
                           const char *versus, const char *measure)
{
    if (strcmp(br, "provenance") == 0 || strcmp(measure, "status") == 0) { /* the comments before the header */
        char key[96];
        if (strcmp(level, "all") == 0) snprintf(key, sizeof key, "%s", measure);
        else snprintf(key, sizeof key, "%s %s", measure, level);
        return plot_table_comment(&s->t, key);
    }
    const char *x, *ex, *y, *ey;
    conv_key(s, conv, &x, &ex);
    conv_key(s, versus, &y, &ey);
    const char *eval = !*y || strcmp(y, "best") == 0 || strcmp(ex, ey) == 0 ? ex : "dd-play";
    const char *key[6] = {br, level, eval, x, y, measure};
    long r = plot_table_find(&s->t, key);
    return r < 0 ? NULL : plot_cell(&s->t, (size_t)r, C_VALUE);
}

static double num_of(const summary *s, const char *br, const char *level, const char *conv, const char *versus,
                     const char *measure)
{
    return plot_num(text_of(s, br, level, conv, versus, measure));
}

static int conv_index(const summary *s, const char *label)
{
    for (int i = 0; i < s->nconv; i++)
        if (strcmp(s->conv[i], label) == 0) return i;
    return -1;
}

/* The convention of a row's name and eval; -1 if none. */
static int conv_of_row(const summary *s, const char *name, const char *eval)
{
    for (int i = 0; i < s->nconv; i++)
        if (strcmp(s->conv_name[i], name) == 0 && strcmp(s->conv_eval[i], eval) == 0) return i;
    return -1;
}

/* The conventions of a pair row: its eval is both's, or dd-play (x dd, y play). */
static void pair_of_row(const summary *s, size_t r, int *i, int *j)
{
    const char *eval = plot_cell(&s->t, r, C_EVAL);
    bool cross = strcmp(eval, "dd-play") == 0;
    *i = conv_of_row(s, plot_cell(&s->t, r, C_CONV), cross ? "dd" : eval);
    *j = conv_of_row(s, plot_cell(&s->t, r, C_VERSUS), cross ? "play" : eval);
}

static void pair_name(const summary *s, int k, char *buf, size_t len)
{
    snprintf(buf, len, "%s " MINUS " %s", s->conv[s->pi[k]], s->conv[s->pj[k]]);
}

static const char *eval_words(const summary *s)
{
    if (strcmp(s->eval, "dd") == 0) return "double-dummy";
    if (strcmp(s->eval, "play") == 0) return "rule-based play";
    if (strcmp(s->eval, "both") == 0) return "double-dummy and rule-based play";
    return "";
}

static const char *best_words(const summary *s)
{
    if (strcmp(s->eval, "dd") == 0) return "best lead on each deal";
    if (strcmp(s->eval, "play") == 0) return "best convention on each deal";
    return "best on each deal";
}

/* "Net gain ... (double-dummy)" */
static void head(const summary *s, const char *what, char *buf, size_t len)
{
    const char *e = eval_words(s);
    snprintf(buf, len, "%s%s%s%s", what, *e ? " (" : "", e, *e ? ")" : "");
}

static size_t cat(char *buf, size_t len, size_t at, const char *fmt, const char *a, const char *b)
{
    if (at >= len) return at;
    int n = snprintf(buf + at, len - at, fmt, a, b);
    return n < 0 ? at : at + (size_t)n;
}

/* The subtitle and the provenance comments. */
static void describe(summary *s)
{
    const char *names[3] = {0};
    int ninputs = 0;
    double input_deals = 0;
    char level[16];
    for (;; ninputs++) {
        snprintf(level, sizeof level, "%d", ninputs + 1);
        const char *name = text_of(s, "provenance", level, "", "", "input");
        if (!name) break;
        if (ninputs < 3) names[ninputs] = name;
        input_deals += plot_num(text_of(s, "provenance", level, "", "", "input_deals"));
    }
    char corpus[400];
    if (ninputs == 0) snprintf(corpus, sizeof corpus, "corpus not named");
    else if (ninputs == 1) snprintf(corpus, sizeof corpus, "%.300s", names[0]);
    else if (ninputs == 2) snprintf(corpus, sizeof corpus, "%.190s, %.190s", names[0], names[1]);
    else snprintf(corpus, sizeof corpus, "%.300s and %d more files", names[0], ninputs - 1);
    char deals[64];
    if (isnan(s->deals)) snprintf(deals, sizeof deals, "deals not stated");
    else snprintf(deals, sizeof deals, "%.0f deal%s", s->deals, s->deals == 1 ? "" : "s");
    (void)input_deals;

    char how[256] = "";
    const char *opp = text_of(s, "provenance", "opponents", "", "", "setting");
    const char *sig = text_of(s, "provenance", "signals", "", "", "setting");
    const char *ext = text_of(s, "provenance", "ext", "", "", "setting");
    if (*s->eval && strcmp(s->eval, "dd") != 0) { /* how the cards were played */
        size_t at = 0;
        if (opp) at = cat(how, sizeof how, at, "%s%s", strcmp(opp, "same") == 0 ? "each convention against itself" : "opponents ",
                          strcmp(opp, "same") == 0 ? "" : opp);
        if (sig && strcmp(sig, "on") == 0) at = cat(how, sizeof how, at, "%s%s", at ? ", " : "", "signals");
        if (ext && *ext && strcmp(ext, "none") != 0 && strcmp(ext, "-") != 0)
            cat(how, sizeof how, at, "%sext %s", at ? ", " : "", ext);
        if (strcmp(s->eval, "both") == 0) cat(how, sizeof how, strlen(how), "%s%s", *how ? "; " : "", "(sd) = rule-based play");
    }
    const char *version = text_of(s, "provenance", "all", "", "", "version");
    snprintf(s->sub, sizeof s->sub, "%s: %s; %s%swhistlab %s", corpus, deals, how, *how ? "; " : "",
             version ? version : "(version not stated)");

    const char *status = text_of(s, "input", "all", "", "", "status");
    if (status && strcmp(status, "complete") != 0)
        snprintf(s->status, sizeof s->status, "%.200s%s", status, strlen(status) > 200 ? " ..." : "");

    int np = 0;
    const char *exp = text_of(s, "provenance", "all", "", "", "experiment");
    const char *cmd = text_of(s, "provenance", "all", "", "", "command");
    if (exp) snprintf(s->prov[np++], sizeof s->prov[0], "experiment: %s", exp);
    if (version) snprintf(s->prov[np++], sizeof s->prov[0], "version:    whistlab %s", version);
    if (cmd) snprintf(s->prov[np++], sizeof s->prov[0], "command:    %s", cmd);
    for (int i = 0; i < ninputs && np < NPROV - 3; i++) {
        snprintf(level, sizeof level, "%d", i + 1);
        const char *digest = text_of(s, "provenance", level, "", "", "input_digest");
        const char *nd = text_of(s, "provenance", level, "", "", "input_deals");
        const char *in = text_of(s, "provenance", level, "", "", "input");
        snprintf(s->prov[np++], sizeof s->prov[0], "input %d:    %.900s: %.40s deals, digest %.40s", i + 1,
                 in ? in : "?", nd ? nd : "?", digest ? digest : "?");
    }
    size_t at = (size_t)snprintf(s->prov[np], sizeof s->prov[0], "settings:  ");
    for (size_t r = 0; r < s->t.ncomments; r++) {
        if (strncmp(s->t.comment[r].key, "setting ", 8) != 0) continue;
        at = cat(s->prov[np], sizeof s->prov[0], at, " %s %s;", s->t.comment[r].key + 8, s->t.comment[r].value);
    }
    np++;
    snprintf(s->prov[np++], sizeof s->prov[0], "status:     %s", status ? status : "(not stated)");
    for (int i = 0; i < np; i++) s->prov_lines[i] = s->prov[i];
    s->prov_lines[np] = NULL;
}

static plot_status load(summary *s, const char *csv, diag_t *diag)
{
    plot_status st = plot_table_read(csv, &s->t, diag);
    if (st != PLOT_OK) return st;
    if (!plot_table_header_is(&s->t, SUMMARY_HEADER, NCOLS)) {
        diag_set(diag, csv, 0,
                 "not a summary CSV (replay or merge --csv-summary): its header is not "
                 "breakdown,level,evaluation,convention,versus,measure,difference,value");
        return PLOT_ERR_FORMAT;
    }
    /* the rows of no level have an empty level (so the column loads as
     * numbers); tables written before say "all": both are looked up as "all" */
    for (size_t r = 0; r < s->t.nrows; r++)
        if (!*plot_cell(&s->t, r, C_LEVEL)) s->t.cell[r * (size_t)s->t.ncols + C_LEVEL] = "all";
    plot_table_index(&s->t, 6);
    for (size_t r = 0; r < s->t.nrows; r++)
        s->robin |= strcmp(plot_cell(&s->t, r, C_EVAL), "duplicate") == 0;
    /* a round robin's conventions are the names of its pairs ("field":
     * each against all the others); "field" is looked up as "best" is */
    s->best_eval = s->robin ? "duplicate" : "dd";
    bool dd = false, play = false;
    for (size_t r = 0; r < s->t.nrows; r++) {
        const plot_table *t = &s->t;
        if (strcmp(plot_cell(t, r, C_BREAKDOWN), "all") || strcmp(plot_cell(t, r, C_LEVEL), "all")) continue;
        const char *m = plot_cell(t, r, C_MEASURE), *x = plot_cell(t, r, C_CONV), *y = plot_cell(t, r, C_VERSUS);
        const char *e = plot_cell(t, r, C_EVAL);
        bool mean_tricks = strcmp(m, stats_summary_name("tricks", STAT_MEAN)) == 0;
        if (mean_tricks && strcmp(x, "best") == 0) s->best_eval = e;
        const char *names[2] = {NULL, NULL}; /* the conventions the row names */
        if (mean_tricks && *x && strcmp(x, "best") != 0 && !*y) names[0] = x;
        if (s->robin && strcmp(m, "mean_gain") == 0 && strcmp(e, "duplicate") == 0) {
            names[0] = x;
            if (strcmp(y, "field") != 0) names[1] = y;
        }
        for (int k = 0; k < 2; k++) {
            if (!names[k] || !*names[k] || conv_of_row(s, names[k], e) >= 0) continue;
            if (s->nconv == STATS_MAX_CONV) {
                diag_set(diag, csv, 0, "more than %d conventions", STATS_MAX_CONV);
                return PLOT_ERR_FORMAT;
            }
            if (strlen(names[k]) + sizeof " (sd)" > STATS_NAME_LEN) {
                diag_set(diag, csv, 0, "a convention's name of %zu bytes: at most %zu", strlen(names[k]),
                         STATS_NAME_LEN - sizeof " (sd)");
                return PLOT_ERR_FORMAT;
            }
            dd |= strcmp(e, "dd") == 0;
            play |= strcmp(e, "play") == 0;
            s->conv_name[s->nconv] = names[k];
            s->conv_eval[s->nconv++] = e;
        }
    }
    for (int i = 0; i < s->nconv; i++) {
        bool sd = dd && play && strcmp(s->conv_eval[i], "play") == 0;
        snprintf(s->conv_label[i], sizeof s->conv_label[i], "%s%s", s->conv_name[i], sd ? " (sd)" : "");
        s->conv[i] = s->conv_label[i];
    }
    for (size_t r = 0; r < s->t.nrows; r++) {
        const plot_table *t = &s->t;
        if (strcmp(plot_cell(t, r, C_BREAKDOWN), "all") || strcmp(plot_cell(t, r, C_LEVEL), "all")) continue;
        if (strcmp(plot_cell(t, r, C_MEASURE), "mean_gain") == 0 && strcmp(plot_cell(t, r, C_VERSUS), "field") != 0) {
            int i, j;
            pair_of_row(s, r, &i, &j);
            if (i < 0 || j < 0 || s->npair == STATS_MAX_PAIRS) {
                diag_set(diag, csv, 0, "row %zu: a pair of conventions without their rows", r + 2);
                return PLOT_ERR_FORMAT;
            }
            s->pi[s->npair] = i;
            s->pj[s->npair++] = j;
        }
    }
    s->deals = num_of(s, "all", "all", "", "", "deals");
    if (s->nconv == 0 || isnan(s->deals)) {
        diag_set(diag, csv, 0, "a summary CSV without results (no rows of all deals)");
        return PLOT_ERR_FORMAT;
    }
    if (s->deals < 1) {
        diag_set(diag, csv, 0, "no deals were analysed: nothing to draw");
        return PLOT_ERR_FORMAT;
    }
    const char *eval = text_of(s, "provenance", "eval", "", "", "setting");
    s->eval = eval ? eval : "";
    /* the breakdowns' pairs, as the text report shows them (report.h):
     * every pair up to four conventions, else each against the first */
    for (int k = 0; k < s->npair; k++) {
        s->shown[k] = s->nconv <= 4 || s->pi[k] == 0;
        s->nshown += s->shown[k];
    }
    if (s->nshown < s->npair)
        snprintf(s->pairs_note, sizeof s->pairs_note, "pairs with %s only (net-gain.svg has all %d)", s->conv[0],
                 s->npair);
    describe(s);
    return PLOT_OK;
}

/* Script head and title for a figure of s. */
static FILE *begin_script(plot_ctx *c, const summary *s, const char *name, const char *what, int w, int h)
{
    FILE *f = plot_file_open(c, name, "gp");
    if (f) gp_head(f, c, name, what, s->prov_lines, w, h);
    return f;
}

static void finish(plot_ctx *c, FILE *gp, FILE *dat, const char *name)
{
    bool ok = true;
    if (dat) ok = plot_file_close(c, dat, name, "dat") && ok;
    if (gp) ok = plot_file_close(c, gp, name, "gp") && ok;
    if (ok && gp && dat) plot_render(c, name);
}

/* "6.032 ± 0.118": an estimate and the half width of its interval, with
 * enough decimals that the half width shows two significant digits (at a
 * million deals it is a few thousandths); "-" when there is none. */
static void pm_text(double m, double lo, double hi, char *buf, size_t len)
{
    if (isnan(m)) {
        snprintf(buf, len, "-");
        return;
    }
    double half = isnan(lo) || isnan(hi) ? NAN : (hi - lo) / 2;
    int dec = 3;
    while (!isnan(half) && half > 0 && half < 0.01 * pow(10, 3 - dec) && dec < 6) dec++;
    if (isnan(half)) snprintf(buf, len, "%.*f", dec, m);
    else snprintf(buf, len, "%.*f " PLUSMINUS " %.*f", dec, m, dec, half);
}

/* The order the conventions are drawn in, strongest first: by mean tricks
 * (the higher first), then by mean cost, then as the table has them. */
static double order_tricks[STATS_MAX_CONV], order_cost[STATS_MAX_CONV];

static int by_strength(const void *a, const void *b)
{
    int i = *(const int *)a, j = *(const int *)b;
    double ti = isnan(order_tricks[i]) ? -INFINITY : order_tricks[i], tj = isnan(order_tricks[j]) ? -INFINITY : order_tricks[j];
    if (ti != tj) return ti > tj ? -1 : 1;
    double ci = isnan(order_cost[i]) ? INFINITY : order_cost[i], cj = isnan(order_cost[j]) ? INFINITY : order_cost[j];
    if (ci != cj) return ci < cj ? -1 : 1;
    return i - j;
}

/* Fills order[0..nconv) with the conventions, strongest first. */
static void strength_order(const summary *s, int *order)
{
    for (int i = 0; i < s->nconv; i++) {
        order[i] = i;
        order_tricks[i] = num_of(s, "all", "all", s->conv[i], "", stats_summary_name("tricks", STAT_MEAN));
        order_cost[i] = num_of(s, "all", "all", s->conv[i], "best", stats_summary_name("cost", STAT_MEAN));
    }
    qsort(order, (size_t)s->nconv, sizeof order[0], by_strength);
}

/* The widest of the labels, in characters (UTF-8 continuation bytes not
 * counted), at least least. */
static size_t label_chars(const char *const *labels, int n, size_t least)
{
    size_t w = least;
    for (int i = 0; i < n; i++) {
        size_t k = 0;
        for (const unsigned char *p = (const unsigned char *)labels[i]; *p; p++) k += (*p & 0xc0) != 0x80;
        if (k > w) w = k;
    }
    return w;
}

/* Whether convention i is the best on every deal (dd-best): no cost, every
 * deal optimal. */
static bool always_best(const summary *s, int i)
{
    return num_of(s, "all", "all", s->conv[i], "best", stats_summary_name("cost", STAT_MEAN)) == 0 &&
           num_of(s, "all", "all", s->conv[i], "best", stats_summary_name("optimal", STAT_PCT)) == 100;
}

/* Marks in best[] the conventions that are the best on every deal while
 * another is not (with them all the best, none); their number. */
static int best_everywhere(const summary *s, bool *best)
{
    int n = 0;
    for (int i = 0; i < s->nconv; i++) n += best[i] = always_best(s, i);
    if (n == s->nconv) {
        memset(best, 0, sizeof best[0] * (size_t)s->nconv);
        n = 0;
    }
    return n;
}

/* (1) per convention: mean tricks and cost against the best lead, a row
 * per convention, strongest at the top, each estimate's interval written
 * beside it (at a million deals the bars are narrower than their dots); a
 * convention that is the best on every deal (dd-best) is named with the
 * best in the title and not drawn, as the best is not: some tenths of a
 * trick above the others, it would crowd them into a corner */
static void fig_conventions(plot_ctx *c, const summary *s)
{
    const char *name = PLOT_FIG_CONVENTIONS;
    int order[STATS_MAX_CONV];
    strength_order(s, order);
    bool best_all[STATS_MAX_CONV];
    int nbest = best_everywhere(s, best_all), ndraw = s->nconv - nbest;
    size_t labw = label_chars(s->conv, s->nconv, 8);
    int top = 130, bottom = 75, rowpx = 28;
    int height = top + bottom + rowpx * ndraw;
    if (height < 380) height = 380;
    int width = 1100;
    FILE *dat = plot_file_open(c, name, "dat");
    FILE *gp = dat ? begin_script(c, s, name, "mean tricks and cost against the best lead, per convention", width,
                                  height)
                   : NULL;
    if (!dat || !gp) {
        finish(c, gp, dat, name);
        return;
    }
    gp_comment(dat, "%s.dat -- per convention, from %s", name, c->source);
    fputs("# mean_tricks: mean tricks per deal of the eldest hand's side; its 95% CI is Student t over\n"
          "#   the deals: mean +- t(0.975, deals-1) sd_tricks / sqrt(deals)\n"
          "# mean_cost: mean tricks per deal lost against the best (paired 95% CI from the CSV)\n"
          "# index 0: the conventions, strongest first (by mean tricks, then mean cost); y is the row\n"
          "#   from the foot; index 1: the best on each deal (cost 0), named in the figure, not drawn\n"
          "# y convention mean_tricks tricks_ci_low tricks_ci_high mean_cost cost_ci_low cost_ci_high "
          "optimal_pct tricks_text cost_text\n",
          dat);
    char best_names[512] = "";
    for (int r = 0; r < s->nconv; r++)
        if (best_all[order[r]]) {
            size_t at = strlen(best_names);
            snprintf(best_names + at, sizeof best_names - at, "%s%s", at ? ", " : "", s->conv[order[r]]);
        }
    if (nbest) gp_comment(dat, "left out of index 0 (named in the title), the best on every deal: %s", best_names);
    double t_lo = INFINITY, t_hi = -INFINITY, cost_hi = -INFINITY, cost_lo = INFINITY;
    double best[3] = {NAN, NAN, NAN};
    for (int r = 0, y = ndraw - 1; r <= s->nconv; r++) {
        int i = r < s->nconv ? order[r] : -1;
        if (i >= 0 && best_all[i]) continue;
        const char *conv = i >= 0 ? s->conv[i] : "best";
        /* the series: the measures' summary rows (measure.h) */
        double m = num_of(s, "all", "all", conv, "", stats_summary_name("tricks", STAT_MEAN));
        double sd = num_of(s, "all", "all", conv, "", stats_summary_name("tricks", STAT_SD));
        double half = s->deals >= 2 && !isnan(sd) ? gsl_cdf_tdist_Pinv(0.975, s->deals - 1) * sd / sqrt(s->deals) : NAN;
        double cost = i >= 0 ? num_of(s, "all", "all", conv, "best", stats_summary_name("cost", STAT_MEAN)) : 0;
        double lo = i >= 0 ? num_of(s, "all", "all", conv, "best", stats_summary_name("cost", STAT_CI_LO)) : NAN;
        double hi = i >= 0 ? num_of(s, "all", "all", conv, "best", stats_summary_name("cost", STAT_CI_HI)) : NAN;
        double opt = i >= 0 ? num_of(s, "all", "all", conv, "best", stats_summary_name("optimal", STAT_PCT)) : 100;
        if (i < 0) fputs("\n\n", dat);
        fprintf(dat, "%d ", i >= 0 ? y-- : -1);
        dat_str(dat, conv);
        double v[7] = {m, m - half, m + half, cost, isnan(lo) ? cost : lo, isnan(hi) ? cost : hi, opt};
        for (int k = 0; k < 7; k++) {
            fputc(' ', dat);
            dat_num(dat, v[k]);
        }
        char tt[64], ct[64];
        pm_text(m, v[1], v[2], tt, sizeof tt);
        pm_text(cost, lo, hi, ct, sizeof ct);
        fputc(' ', dat);
        dat_str(dat, tt);
        fputc(' ', dat);
        dat_str(dat, ct);
        fputc('\n', dat);
        if (i < 0) {
            best[0] = m, best[1] = v[1], best[2] = v[2];
            continue;
        }
        for (int k = 0; k < 3; k++)
            if (!isnan(v[k])) t_lo = fmin(t_lo, v[k]), t_hi = fmax(t_hi, v[k]);
        for (int k = 3; k < 6; k++)
            if (!isnan(v[k])) cost_lo = fmin(cost_lo, v[k]), cost_hi = fmax(cost_hi, v[k]);
    }
    if (!(t_lo <= t_hi)) t_lo = 0, t_hi = 13;
    char h[200];
    head(s, "Per convention: tricks and cost against the best", h, sizeof h);
    char best_line[64];
    pm_text(best[0], best[1], best[2], best_line, sizeof best_line);
    char best_note[400], best_conv[600] = "";
    snprintf(best_note, sizeof best_note, "%s: %s tricks (95%% CI); each row's figures are its mean and the half width of its 95%% CI",
             best_words(s), best_line);
    if (nbest) snprintf(best_conv, sizeof best_conv, "%s: the best on every deal, not drawn", best_names);
    plot_title t = {{h, s->sub, s->status, best_note, best_conv}};
    fputs("\nset multiplot title ", gp);
    gp_title_expr(gp, &t);
    fputs(" font title_font\n", gp);
    /* the columns, in pixels: the names, the tricks panel, its figures,
     * the cost panel, its figures */
    double names = 24 + 7.2 * (double)labw, figs = 150, gap = 24;
    double panel = (width - names - 2 * figs - gap - 10) / 2;
    double x0 = names, x1 = x0 + panel, x2 = x1 + figs + gap, x3 = x2 + panel;
    fprintf(gp, "set tmargin at screen %.4f\nset bmargin at screen %.4f\n", 1.0 - (double)top / height,
            (double)bottom / height);
    fprintf(gp, "set yrange [-0.6:%d.6]\nset y2range [-0.6:%d.6]\n", ndraw - 1, ndraw - 1);
    fputs("set ytics scale 0\nset y2tics scale 0\nset grid noytics\nset bars 2   # the caps of the intervals\n"
          "unset key\n",
          gp);
    fputs("\n# left: the mean tricks of the eldest hand's side (the best on each deal is in the title)\n", gp);
    fprintf(gp, "set lmargin at screen %.4f\nset rmargin at screen %.4f\n", x0 / width, x1 / width);
    fputs("set title 'Tricks of the eldest hand''s side (95% CI)'\n", gp);
    fputs("set xlabel 'mean tricks per deal'\n", gp);
    double pad = (t_hi - t_lo) * 0.08 + 1e-3;
    fprintf(gp, "set xrange [%.6g:%.6g]\n", t_lo - pad, t_hi + pad);
    fprintf(gp, "plot '%s.dat' index 0 using 3:1:4:5:ytic(2):y2tic(10) with xerrorbars lt 1 pt 7 ps 1.1\n", name);
    fputs("\n# right: the mean cost against the best (tricks lost per deal)\n", gp);
    fprintf(gp, "set lmargin at screen %.4f\nset rmargin at screen %.4f\n", x2 / width, x3 / width);
    fputs("set title 'Cost against the best (95% CI)'\nset ytics format ''\n", gp);
    fputs("set xlabel 'tricks per deal lost against the best'\n", gp);
    /* fitted to the costs, as the tricks are (in play every convention
     * loses most of a trick to the best of them: from 0 the dots would
     * crowd the right edge); zero, the best, marked when in range */
    if (!(cost_lo <= cost_hi)) cost_lo = 0, cost_hi = 1;
    pad = (cost_hi - cost_lo) * 0.08 + 1e-3;
    fprintf(gp, "set xrange [%.6g:%.6g]\nset yzeroaxis ls 100\n", cost_lo - pad, cost_hi + pad);
    fprintf(gp, "plot '%s.dat' index 0 using 6:1:7:8:y2tic(11) with xerrorbars lt 2 pt 5 ps 1.1\n", name);
    fputs("unset multiplot\n", gp);
    finish(c, gp, dat, name);
}

/* (2) the pairs as a matrix: a row and a column per convention, strongest
 * first; each cell the mean net gain per deal of the row's convention over
 * the column's, coloured by it, marked * when Holm's adjusted p over the
 * pairs is below 0.05. The net-gain figure of a replay, the round-robin
 * figure of a round robin (its conventions ordered by their gain against
 * the field). */
static void fig_matrix(plot_ctx *c, const summary *s, const char *name)
{
    if (s->npair == 0) {
        plot_not_drawn(c, name, "one convention, no pairs");
        return;
    }
    int order[STATS_MAX_CONV], rank[STATS_MAX_CONV];
    double field[STATS_MAX_CONV];
    strength_order(s, order);
    if (s->robin) { /* strongest against the field first */
        for (int i = 0; i < s->nconv; i++) {
            field[i] = num_of(s, "all", "all", s->conv[i], "field", "mean_gain");
            order_tricks[i] = field[i];
            order_cost[i] = 0;
        }
        qsort(order, (size_t)s->nconv, sizeof order[0], by_strength);
    }
    for (int r = 0; r < s->nconv; r++) rank[order[r]] = r;
    static double p[STATS_MAX_PAIRS], holm[STATS_MAX_PAIRS];
    for (int k = 0; k < s->npair; k++)
        p[k] = num_of(s, "all", "all", s->conv[s->pi[k]], s->conv[s->pj[k]], "p_value");
    int tests = pvalue_holm(p, s->npair, holm);
    int n = s->nconv;
    int cell = n <= 4 ? 110 : n <= 8 ? 80 : 64;
    char labels[STATS_MAX_CONV][STATS_NAME_LEN + 48];
    const char *lab[STATS_MAX_CONV];
    for (int r = 0; r < n; r++) {
        int i = order[r];
        if (s->robin && !isnan(field[i]))
            snprintf(labels[r], sizeof labels[r], "%s (%+.3f) %d", s->conv[i], field[i], r + 1);
        else snprintf(labels[r], sizeof labels[r], "%s %d", s->conv[i], r + 1);
        lab[r] = labels[r];
    }
    size_t labw = label_chars(lab, n, 8);
    double names = 30 + 7.2 * (double)labw;
    int top = 140, bottom = 70;
    int natural = (int)(names + cell * n + 150), height = top + bottom + cell * n;
    int width = natural < 1000 ? 1000 : natural; /* the title's notes */
    names += (width - natural) / 2;              /* the matrix centred under the title */
    FILE *dat = plot_file_open(c, name, "dat");
    FILE *gp = dat ? begin_script(c, s, name,
                                  s->robin ? "the round robin's pairs as a matrix: mean net gain per deal, duplicate"
                                           : "the pairs of conventions as a matrix: mean net gain per deal",
                                  width, height)
                   : NULL;
    if (!dat || !gp) {
        finish(c, gp, dat, name);
        return;
    }
    gp_comment(dat, "%s.dat -- per pair, both ways (row minus column), from %s: mean net gain per deal", name,
               c->source);
    fprintf(dat, "# with its 95%% CI (Student t, paired over the deals), the paired t-test's p and Holm's\n"
                 "# adjusted p over the %d pair%s; the conventions in rank order, %s first\n"
                 "# (rank 1 at the top: y = conventions - rank); label: the gain, * when holm_p < 0.05\n"
                 "# x y row column mean_gain ci_low ci_high p_value holm_p n label\n",
            tests, tests == 1 ? "" : "s", s->robin ? "the best against the field" : "the most tricks");
    /* the colours span the largest gain of the pairs without a convention
     * that is the best on every deal (dd-best wins its pairs by some tenths
     * of a trick, and would leave the others' cells white); its cells take
     * the palette's ends, their figures written in them */
    bool best_all[STATS_MAX_CONV];
    int nbest = best_everywhere(s, best_all);
    double amax = 0, amax_all = 0;
    int marked = 0;
    for (int k = 0; k < s->npair; k++) {
        const char *x = s->conv[s->pi[k]], *y = s->conv[s->pj[k]];
        double m = num_of(s, "all", "all", x, y, "mean_gain");
        double lo = num_of(s, "all", "all", x, y, "ci_low"), hi = num_of(s, "all", "all", x, y, "ci_high");
        double nd = num_of(s, "all", "all", x, y, "n");
        marked += !isnan(holm[k]) && holm[k] < 0.05;
        if (!isnan(m) && fabs(m) > amax_all) amax_all = fabs(m);
        if (!isnan(m) && fabs(m) > amax && !best_all[s->pi[k]] && !best_all[s->pj[k]]) amax = fabs(m);
        for (int way = 0; way < 2; way++) { /* x over y, then y over x */
            int a = way ? s->pj[k] : s->pi[k], b = way ? s->pi[k] : s->pj[k];
            double sign = way ? -1 : 1;
            double v[6] = {sign * m, way ? -hi : lo, way ? -lo : hi, p[k], holm[k], nd};
            fprintf(dat, "%d %d ", rank[b], n - 1 - rank[a]);
            dat_str(dat, s->conv[a]);
            fputc(' ', dat);
            dat_str(dat, s->conv[b]);
            for (int i = 0; i < 6; i++) {
                fputc(' ', dat);
                dat_num(dat, v[i]);
            }
            char label[32];
            if (isnan(m)) snprintf(label, sizeof label, "-");
            else snprintf(label, sizeof label, "%+.3f%s", v[0] == 0 ? 0.0 : v[0], !isnan(holm[k]) && holm[k] < 0.05 ? "*" : "");
            fputc(' ', dat);
            dat_str(dat, label);
            fputc('\n', dat);
        }
    }
    char h[200], note[300];
    head(s, s->robin ? "Round robin: net gain of each convention over each other (duplicate)"
                     : "Net gain of each convention over each other",
         h, sizeof h);
    snprintf(note, sizeof note,
             "cell: mean net gain per deal, row minus column (tricks); * Holm-adjusted p < 0.05 over the %d pair%s "
             "(%d marked)",
             tests, tests == 1 ? "" : "s", marked);
    char rows_note[700];
    snprintf(rows_note, sizeof rows_note, "%s",
             s->robin ? "rows by the gain against the field (in brackets), the most first"
                      : "rows by mean tricks, the most first");
    if (amax == 0) amax = amax_all; /* no pair without a best on every deal */
    if (nbest && amax < amax_all) { /* the cells beyond the colours' span */
        size_t at = strlen(rows_note);
        at += (size_t)snprintf(rows_note + at, sizeof rows_note - at, "; colours span %s%.3f, the pairs of ",
                               PLUSMINUS, amax);
        for (int i = 0, first = 1; i < s->nconv && at < sizeof rows_note; i++)
            if (best_all[i]) {
                at += (size_t)snprintf(rows_note + at, sizeof rows_note - at, "%s%s", first ? "" : ", ", s->conv[i]);
                first = 0;
            }
        if (at < sizeof rows_note)
            snprintf(rows_note + at, sizeof rows_note - at, " (the best on every deal) beyond");
    }
    plot_title t = {{h, s->sub, s->status, note, rows_note}};
    fputs("\nset title ", gp);
    gp_title_expr(gp, &t);
    fputs(" font title_font\n", gp);
    fprintf(gp, "set lmargin at screen %.4f\nset rmargin at screen %.4f\n", names / width,
            (names + cell * n) / width);
    fprintf(gp, "set tmargin at screen %.4f\nset bmargin at screen %.4f\n", 1.0 - (double)top / height,
            (double)bottom / height);
    fprintf(gp, "set xrange [-0.5:%d.5]\nset yrange [-0.5:%d.5]\n", n - 1, n - 1);
    fputs("set xlabel 'column: the convention of that rank'\nset ylabel 'row'\n", gp);
    fputs("set xtics (", gp);
    for (int r = 0; r < n; r++) fprintf(gp, "%s\"%d\" %d", r ? ", " : "", r + 1, r);
    fputs(") scale 0\nset ytics (", gp);
    for (int r = 0; r < n; r++) {
        fputs(r ? ", " : "", gp);
        gp_str(gp, labels[r]);
        fprintf(gp, " %d", n - 1 - r);
    }
    fputs(") scale 0\nunset grid\nunset key\nset border 0\n", gp);
    /* a diverging palette, white at no difference, light enough for the
     * black figures on it */
    fprintf(gp, "set palette defined (-1 '#D6604D', -0.5 '#F4A582', 0 '#F7F7F7', 0.5 '#92C5DE', 1 '#4393C3')\n"
                "set cbrange [%.6g:%.6g]\nset cblabel 'net gain, row minus column (tricks per deal)'\n"
                "set colorbox user origin screen %.4f, screen %.4f size screen 0.02, screen %.4f\n",
            -(amax > 0 ? amax : 1), amax > 0 ? amax : 1, (names + cell * n + 20) / width, (double)bottom / height,
            (double)(cell * n) / height);
    fputs("set style fill solid 1.0 border lc rgb '#ffffff'\n", gp);
    fprintf(gp, "plot '%s.dat' using 1:2:(0.5):(0.5):5 with boxxyerror fillcolor palette, \\\n"
                "     '' using 1:2:11 with labels font ',%d' tc rgb '#000000'\n",
            name, n > 8 ? 9 : 11);
    finish(c, gp, dat, name);
}

/* The x tics of a breakdown's levels, with each level's deals when with_n. */
static void level_tics(FILE *gp, const int *level, const double *ndeals, int nlevel, bool with_n)
{
    fputs("set xtics (", gp);
    for (int l = 0; l < nlevel; l++) {
        if (with_n) fprintf(gp, "%s\"%d\\nn=%.0f\" %d", l ? ", " : "", level[l], ndeals[l], level[l]);
        else fprintf(gp, "%s\"%d\" %d", l ? ", " : "", level[l], level[l]);
    }
    fputs(")\n", gp);
}

/* A breakdown's pairs a panel each (blocks_of[k]: pair k's block, -1 not
 * shown), cols x rows, on one y range; the title over them all (with the
 * deals of each level), xl under the panels of the last row. */
static void breakdown_panels(FILE *gp, const summary *s, const char *name, const plot_title *t, const char *xl,
                             const int *level, int nlevel, double ylo, double yhi, const int *blocks_of, int cols,
                             int rows)
{
    fprintf(gp, "\nset xrange [%g:%g]\n", level[0] - 0.6, level[nlevel - 1] + 0.6);
    fprintf(gp, "set yrange [%.6g:%.6g]   # one scale for every panel\n", ylo, yhi);
    fputs("set grid noxtics\nset xzeroaxis ls 100   # zero: no difference\nunset key\n", gp);
    double height = 190 + 250 * rows;
    fprintf(gp, "set multiplot layout %d,%d rowsfirst title ", rows, cols);
    gp_title_expr(gp, t);
    fprintf(gp, " font title_font margins 0.07,0.98,%.4f,%.4f spacing 0.05,%.4f\n", 110 / height,
            1 - 170 / height, 70 / height);
    for (int k = 0; k < s->npair; k++) {
        int b = blocks_of[k];
        if (b < 0) continue;
        char pn[200];
        pair_name(s, k, pn, sizeof pn);
        fprintf(gp, "\n# panel %d\nset title ", b + 1);
        gp_str(gp, pn);
        fputs(" font ',10'\n", gp);
        bool last_row = b >= s->nshown - cols, first_col = b % cols == 0;
        level_tics(gp, level, NULL, nlevel, false);
        if (last_row) {
            fputs("set xlabel ", gp);
            gp_str(gp, xl);
            fputs("\n", gp);
        } else {
            fputs("unset xlabel\n", gp);
        }
        if (first_col) fputs("set ylabel 'net gain (tricks per deal)'\n", gp);
        else fputs("unset ylabel\n", gp);
        fprintf(gp, "plot '%s.dat' index %d using 1:3 with lines lt %d notitle, \\\n"
                    "     '' index %d using 1:3:4:5 with yerrorbars lt %d notitle\n",
                name, b, b + 1, b, b + 1);
    }
    fputs("unset multiplot\n", gp);
}

/* (3), (4) net gain by a breakdown of the eldest hand */
static void fig_breakdown(plot_ctx *c, const summary *s, const char *name, const char *breakdown,
                          const char *what, const char *xlabel)
{
    int level[MAX_LEVELS], nlevel = 0;
    double ndeals[MAX_LEVELS];
    for (int k = 0; k < MAX_LEVELS; k++) {
        char lv[8];
        snprintf(lv, sizeof lv, "%d", k);
        double d = num_of(s, breakdown, lv, "", "", "deals");
        if (!isnan(d) && d >= s->min_deals) {
            ndeals[nlevel] = d;
            level[nlevel++] = k;
        }
    }
    if (s->nshown == 0 || nlevel == 0) {
        plot_not_drawn(c, name, "%s", s->nshown == 0 ? "one convention, no pairs" : "no level has enough deals");
        return;
    }
    /* more than four pairs (each against the first, five conventions or
     * more): a panel per pair on one y scale, as the series of eleven pairs
     * crowd one another in one panel */
    bool panels = s->nshown > 4;
    int cols = s->nshown <= 6 ? 3 : 4, rows = (s->nshown + cols - 1) / cols;
    FILE *dat = plot_file_open(c, name, "dat");
    char what_long[200];
    snprintf(what_long, sizeof what_long, "mean net gain of each pair by %s, with 95%% CIs", what);
    FILE *gp = !dat ? NULL
               : panels ? begin_script(c, s, name, what_long, 1200, 190 + 250 * rows)
                        : begin_script(c, s, name, what_long, 1000, 560 + 18 * ((s->nshown + 2) / 3));
    if (!dat || !gp) {
        finish(c, gp, dat, name);
        return;
    }
    gp_comment(dat, "%s.dat -- mean net gain per deal (first minus second) by %s, from %s;", name, what, c->source);
    fprintf(dat, "# a block (index) per pair; levels with fewer than %d deals left out; x is the level\n"
                 "%s# level x mean_gain ci_low ci_high n\n",
            s->min_deals, panels ? "" : "# moved aside a little per pair so that the intervals do not hide each other\n");
    double width = !panels && s->nshown > 1 ? fmin(0.5, 0.12 * (s->nshown - 1)) : 0;
    double lo = 0, hi = 0;
    int block = 0;
    int blocks_of[STATS_MAX_PAIRS];
    for (int k = 0; k < s->npair; k++) {
        blocks_of[k] = -1;
        if (!s->shown[k]) continue;
        const char *x = s->conv[s->pi[k]], *y = s->conv[s->pj[k]];
        char pn[200];
        pair_name(s, k, pn, sizeof pn);
        if (block) fputs("\n\n", dat);
        gp_comment(dat, "%s", pn);
        double off = s->nshown > 1 ? -width / 2 + width * block / (s->nshown - 1) : 0;
        for (int l = 0; l < nlevel; l++) {
            char lv[8];
            snprintf(lv, sizeof lv, "%d", level[l]);
            double m = num_of(s, breakdown, lv, x, y, "mean_gain");
            double a = num_of(s, breakdown, lv, x, y, "ci_low"), b = num_of(s, breakdown, lv, x, y, "ci_high");
            double v[6] = {level[l], level[l] + off, m, isnan(a) ? m : a, isnan(b) ? m : b,
                           num_of(s, breakdown, lv, x, y, "n")};
            for (int i = 0; i < 6; i++) {
                if (i) fputc(' ', dat);
                dat_num(dat, v[i]);
            }
            fputc('\n', dat);
            for (int i = 2; i < 5; i++)
                if (!isnan(v[i])) {
                    if (v[i] < lo) lo = v[i];
                    if (v[i] > hi) hi = v[i];
                }
        }
        blocks_of[k] = block++;
    }
    char h[200];
    snprintf(h, sizeof h, "Net gain by %s", what);
    char hh[240];
    head(s, h, hh, sizeof hh);
    char base_note[160];
    snprintf(base_note, sizeof base_note,
             "95%% CIs per level, not adjusted for multiple comparisons; levels with fewer than %d deals not drawn",
             s->min_deals);
    plot_title t = {{hh, s->sub, s->status, base_note, s->pairs_note}};
    char xl[200];
    snprintf(xl, sizeof xl, "%s (n = deals)", xlabel);
    double pad = (hi - lo) * 0.06 + 1e-3;
    if (panels) { /* the deals of each level in the title: under narrow panels they would collide */
        char levels[MAX_LEVELS * 24 + 64], note[sizeof base_note + sizeof levels + 4];
        int at = snprintf(levels, sizeof levels, "deals by level:");
        for (int l = 0; l < nlevel && at < (int)sizeof levels; l++)
            at += snprintf(levels + at, sizeof levels - (size_t)at, "%s %d: %.0f", l ? "," : "", level[l], ndeals[l]);
        snprintf(note, sizeof note, "%s; %s", base_note, levels);
        plot_title pt = {{hh, s->sub, *s->status ? s->status : levels, *s->status ? note : base_note, s->pairs_note}};
        breakdown_panels(gp, s, name, &pt, xlabel, level, nlevel, lo - pad, hi + pad, blocks_of, cols, rows);
        finish(c, gp, dat, name);
        return;
    }
    fputs("\nset title ", gp);
    gp_title_expr(gp, &t);
    fputs(" font title_font\n", gp);
    fputs("set xlabel ", gp);
    gp_str(gp, xl);
    fputs(" offset 0,-0.8   # below the two-line tic labels\n", gp);
    fputs("set ylabel 'net gain, first minus second (tricks per deal)'\n", gp);
    fprintf(gp, "set xrange [%g:%g]\n", level[0] - 0.6, level[nlevel - 1] + 0.6);
    fprintf(gp, "set yrange [%.6g:%.6g]\n", lo - pad, hi + pad);
    level_tics(gp, level, ndeals, nlevel, true);
    fputs("set grid noxtics\n", gp);
    fputs("set xzeroaxis ls 100   # zero: no difference\n", gp);
    fputs("set key below center horizontal maxrows 3 height 1\n", gp);
    fputs("plot ", gp);
    for (int k = 0; k < s->npair; k++) {
        if (blocks_of[k] < 0) continue;
        char pn[200];
        pair_name(s, k, pn, sizeof pn);
        fprintf(gp, "%s'%s.dat' index %d using 2:3:4:5 with yerrorbars lt %d title ", blocks_of[k] ? ", \\\n     " : "",
                name, blocks_of[k], blocks_of[k] + 1);
        gp_str(gp, pn);
    }
    fputc('\n', gp);
    finish(c, gp, dat, name);
}

/* (5) the distribution of the per-deal differences of each pair */
static void fig_differences(plot_ctx *c, const summary *s)
{
    const char *name = PLOT_FIG_DIFFERENCES;
    if (s->nshown == 0) {
        plot_not_drawn(c, name, "one convention, no pairs");
        return;
    }
    enum { SPAN = 27 }; /* -13..13 */
    static double count[STATS_MAX_PAIRS][SPAN];
    memset(count, 0, sizeof count);
    int dmin = 0, dmax = 0;
    for (size_t r = 0; r < s->t.nrows; r++) {
        const plot_table *t = &s->t;
        if (strcmp(plot_cell(t, r, C_MEASURE), "deals_with_difference") || strcmp(plot_cell(t, r, C_BREAKDOWN), "all"))
            continue;
        int i, j;
        pair_of_row(s, r, &i, &j);
        double d = plot_num(plot_cell(t, r, C_DIFF)), v = plot_num(plot_cell(t, r, C_VALUE));
        if (i < 0 || j < 0 || isnan(d) || d < -13 || d > 13 || d != floor(d) || isnan(v)) continue;
        for (int k = 0; k < s->npair; k++)
            if (s->pi[k] == i && s->pj[k] == j && s->shown[k]) {
                count[k][(int)d + 13] += v;
                if (v > 0 && d < dmin) dmin = (int)d;
                if (v > 0 && d > dmax) dmax = (int)d;
            }
    }
    FILE *dat = plot_file_open(c, name, "dat");
    FILE *gp = dat ? begin_script(c, s, name, "the distribution of the per-deal differences of each pair", 1000,
                                  560 + 18 * ((s->nshown + 2) / 3))
                   : NULL;
    if (!dat || !gp) {
        finish(c, gp, dat, name);
        return;
    }
    gp_comment(dat, "%s.dat -- per pair, the deals by their difference in tricks (first minus second), from %s;",
               name, c->source);
    fputs("# a block (index) per pair\n"
          "# difference percent_of_deals deals\n",
          dat);
    int block = 0;
    double top = 0;
    char titles[STATS_MAX_PAIRS][240];
    int blocks_of[STATS_MAX_PAIRS];
    /* the x range: the differences that hold at least 0.5% of some pair's
     * deals (the tails beyond are in the .dat, their share in the title) */
    int lo = 0, hi = 0;
    for (int k = 0; k < s->npair; k++) {
        if (!s->shown[k]) continue;
        double n = num_of(s, "all", "all", s->conv[s->pi[k]], s->conv[s->pj[k]], "n");
        for (int d = dmin; d <= dmax; d++)
            if (n > 0 && 100 * count[k][d + 13] / n >= 0.5) {
                if (d < lo) lo = d;
                if (d > hi) hi = d;
            }
    }
    double outside = 0; /* the largest share of a pair's deals beyond the range */
    for (int k = 0; k < s->npair; k++) {
        blocks_of[k] = -1;
        if (!s->shown[k]) continue;
        const char *x = s->conv[s->pi[k]], *y = s->conv[s->pj[k]];
        double n = num_of(s, "all", "all", x, y, "n");
        double mean = num_of(s, "all", "all", x, y, "mean_gain");
        char pn[200];
        pair_name(s, k, pn, sizeof pn);
        snprintf(titles[k], sizeof titles[k], "%s (mean %+.3f)", pn, mean);
        if (block) fputs("\n\n", dat);
        gp_comment(dat, "%s: %.0f deals", pn, n);
        double out = 0;
        for (int d = dmin; d <= dmax; d++) {
            double pct = n > 0 ? 100 * count[k][d + 13] / n : NAN;
            fprintf(dat, "%d ", d);
            dat_num(dat, pct);
            fprintf(dat, " %.0f\n", count[k][d + 13]);
            if (pct > top) top = pct;
            if ((d < lo || d > hi) && !isnan(pct)) out += pct;
        }
        if (out > outside) outside = out;
        blocks_of[k] = block++;
    }
    char h[200], tails[160] = "";
    head(s, "Distribution of the per-deal differences", h, sizeof h);
    if (dmin < lo || dmax > hi)
        snprintf(tails, sizeof tails, "differences from %+d to %+d drawn; beyond them at most %.2f%% of a pair's deals "
                                      "(see differences.dat)", lo, hi, outside);
    plot_title t = {{h, s->sub, s->status, s->pairs_note, tails}};
    fputs("\nset title ", gp);
    gp_title_expr(gp, &t);
    fputs(" font title_font\n", gp);
    fputs("set xlabel 'difference on the deal, first minus second (tricks)'\n", gp);
    fputs("set ylabel 'deals (% of the deals)'\n", gp);
    fprintf(gp, "set xrange [%g:%g]\nset xtics 1\n", lo - 0.3, hi + 0.3);
    fprintf(gp, "set yrange [0:%.6g]\n", top > 0 ? top * 1.05 : 1);
    fputs("# set logscale y 10; set yrange [0.01:*]   # to see the tails\n", gp);
    fputs("set grid noxtics\n", gp);
    fputs("set key below center horizontal maxrows 4 height 1 width 2\n", gp);
    fputs("plot ", gp);
    /* a series a line type (colour and point shape) and a dash pattern */
    static const char *const DASH[] = {"1", "2", "3", "4", "5", "(8,3,2,3,2,3)"};
    for (int k = 0; k < s->npair; k++) {
        if (blocks_of[k] < 0) continue;
        fprintf(gp, "%s'%s.dat' index %d using 1:2 with linespoints lt %d dt %s title ", blocks_of[k] ? ", \\\n     " : "",
                name, blocks_of[k], blocks_of[k] + 1, DASH[blocks_of[k] % 6]);
        gp_str(gp, titles[k]);
    }
    fputc('\n', gp);
    finish(c, gp, dat, name);
}

plot_status plot_summary_figures(plot_ctx *c, const char *csv, const plot_opts *o)
{
    summary *s = calloc(1, sizeof *s);
    if (!s) {
        plot_fail(c, PLOT_ERR_INPUT, NULL, "out of memory");
        return c->status;
    }
    plot_status st = load(s, csv, c->diag);
    s->min_deals = o && o->min_deals > 0 ? o->min_deals : PLOT_MIN_DEALS_DEFAULT;
    double per = ceil(s->deals / PLOT_MIN_DEALS_PER);
    if (st == PLOT_OK && !(o && o->min_deals > 0) && per > s->min_deals) s->min_deals = (int)per;
    if (st != PLOT_OK) {
        c->status = st;
    } else if (s->robin && plot_ctx_ready(c)) {
        fig_matrix(c, s, PLOT_FIG_ROUND_ROBIN);
    } else if (plot_ctx_ready(c)) {
        fig_conventions(c, s);
        fig_matrix(c, s, PLOT_FIG_NET_GAIN);
        for (int br = 0; br < STATS_BREAKDOWNS; br++) {
            const stats_breakdown *b = stats_breakdown_of(br);
            if (b->figure) fig_breakdown(c, s, b->figure, b->id, b->figure_what, b->figure_axis);
        }
        fig_differences(c, s);
    }
    plot_table_free(&s->t);
    free(s);
    return c->status;
}
