/* plot_summary.c -- the figures of a replay or merge summary CSV (plot.h;
 * the table's columns and measures are in report.h). Every number drawn is
 * read from the table; the one number computed here is the 95% interval of
 * a convention's mean tricks (Student t over the deals, from deals and
 * sd_tricks), as paired.c computes the others. */
#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "stats/report/plot_csv.h"
#include "stats/report/plot_summary.h"
#include "stats/tally.h"

static const char *const SUMMARY_HEADER[] = {"breakdown", "level", "evaluation", "convention", "versus",
                                             "measure", "difference", "value"};
enum { C_BREAKDOWN, C_LEVEL, C_EVAL, C_CONV, C_VERSUS, C_MEASURE, C_DIFF, C_VALUE, NCOLS };

#define MAX_LEVELS 14 /* 0..13 cards */
#define NPROV 8
#define MINUS "\xe2\x88\x92" /* U+2212, between the two names of a pair */

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
    plot_table_index(&s->t, 6);
    for (size_t r = 0; r < s->t.nrows; r++)
        if (strcmp(plot_cell(&s->t, r, C_EVAL), "duplicate") == 0) {
            diag_set(diag, csv, 0, "the summary of a round robin (play --round-robin): the figures are drawn "
                                   "from the summaries of replay and merge");
            return PLOT_ERR_FORMAT;
        }
    s->best_eval = "dd";
    bool dd = false, play = false;
    for (size_t r = 0; r < s->t.nrows; r++) {
        const plot_table *t = &s->t;
        if (strcmp(plot_cell(t, r, C_BREAKDOWN), "all") || strcmp(plot_cell(t, r, C_LEVEL), "all")) continue;
        const char *m = plot_cell(t, r, C_MEASURE), *x = plot_cell(t, r, C_CONV), *y = plot_cell(t, r, C_VERSUS);
        const char *e = plot_cell(t, r, C_EVAL);
        bool mean_tricks = strcmp(m, stats_summary_name("tricks", STAT_MEAN)) == 0;
        if (mean_tricks && strcmp(x, "best") == 0) s->best_eval = e;
        if (mean_tricks && *x && strcmp(x, "best") != 0 && !*y && conv_of_row(s, x, e) < 0) {
            if (s->nconv == STATS_MAX_CONV) {
                diag_set(diag, csv, 0, "more than %d conventions", STATS_MAX_CONV);
                return PLOT_ERR_FORMAT;
            }
            if (strlen(x) + sizeof " (sd)" > STATS_NAME_LEN) {
                diag_set(diag, csv, 0, "a convention's name of %zu bytes: at most %zu", strlen(x),
                         STATS_NAME_LEN - sizeof " (sd)");
                return PLOT_ERR_FORMAT;
            }
            dd |= strcmp(e, "dd") == 0;
            play |= strcmp(e, "play") == 0;
            s->conv_name[s->nconv] = x;
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
        if (strcmp(plot_cell(t, r, C_MEASURE), "mean_gain") == 0) {
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

/* (1) per convention: mean tricks and cost against the best lead */
static void fig_conventions(plot_ctx *c, const summary *s)
{
    const char *name = PLOT_FIG_CONVENTIONS;
    FILE *dat = plot_file_open(c, name, "dat");
    FILE *gp = dat ? begin_script(c, s, name, "mean tricks and cost against the best lead, per convention",
                                  s->nconv > 4 ? 1000 : 900, 520)
                   : NULL;
    if (!dat || !gp) {
        finish(c, gp, dat, name);
        return;
    }
    gp_comment(dat, "%s.dat -- per convention, from %s", name, c->source);
    fputs("# mean_tricks: mean tricks per deal of the eldest hand's side; its 95% CI is Student t over\n"
          "#   the deals: mean +- t(0.975, deals-1) sd_tricks / sqrt(deals)\n"
          "# mean_cost: mean tricks per deal lost against the best (paired 95% CI from the CSV)\n"
          "# index 0: the conventions; index 1: the best on each deal (cost 0)\n"
          "# x convention mean_tricks tricks_ci_low tricks_ci_high mean_cost cost_ci_low cost_ci_high "
          "optimal_pct\n",
          dat);
    double cost_hi = 0, cost_lo = 0;
    for (int i = 0; i <= s->nconv; i++) {
        const char *conv = i < s->nconv ? s->conv[i] : "best";
        /* the series: the measures' summary rows (measure.h) */
        double m = num_of(s, "all", "all", conv, "", stats_summary_name("tricks", STAT_MEAN));
        double sd = num_of(s, "all", "all", conv, "", stats_summary_name("tricks", STAT_SD));
        double half = s->deals >= 2 && !isnan(sd) ? gsl_cdf_tdist_Pinv(0.975, s->deals - 1) * sd / sqrt(s->deals) : NAN;
        double cost = i < s->nconv ? num_of(s, "all", "all", conv, "best", stats_summary_name("cost", STAT_MEAN)) : 0;
        double lo = i < s->nconv ? num_of(s, "all", "all", conv, "best", stats_summary_name("cost", STAT_CI_LO)) : NAN;
        double hi = i < s->nconv ? num_of(s, "all", "all", conv, "best", stats_summary_name("cost", STAT_CI_HI)) : NAN;
        double opt = i < s->nconv ? num_of(s, "all", "all", conv, "best", stats_summary_name("optimal", STAT_PCT)) : 100;
        if (i == s->nconv) fputs("\n\n", dat);
        fprintf(dat, "%d ", i);
        dat_str(dat, i < s->nconv ? conv : "best");
        double v[8] = {m, m - half, m + half, cost, isnan(lo) ? cost : lo, isnan(hi) ? cost : hi, opt};
        for (int k = 0; k < 7; k++) {
            fputc(' ', dat);
            dat_num(dat, v[k]);
        }
        fputc('\n', dat);
        if (i < s->nconv) {
            if (!isnan(hi) && hi > cost_hi) cost_hi = hi;
            if (!isnan(cost) && cost > cost_hi) cost_hi = cost;
            if (!isnan(lo) && lo < cost_lo) cost_lo = lo;
        }
    }
    char h[200];
    head(s, "Per convention: tricks and cost against the best", h, sizeof h);
    plot_title t = {{h, s->sub, s->status}};
    fputs("\nset multiplot layout 1,2 title ", gp);
    gp_title_expr(gp, &t);
    fputs(" font ',12'\n", gp);
    size_t longest = 4;
    for (int i = 0; i < s->nconv; i++)
        if (strlen(s->conv[i]) > longest) longest = strlen(s->conv[i]);
    bool rotate = (double)(s->nconv + 1) * (double)longest * 7.5 > 360; /* the names would run together */
    fprintf(gp, "set key below center horizontal height 1\n%s", rotate ? "set xtics rotate by -30 left\n" : "");
    fputs("\n# left: the mean tricks of the eldest hand's side\n", gp);
    fputs("set title 'Tricks of the eldest hand''s side'\n", gp);
    fputs("set ylabel 'mean tricks per deal'\n", gp);
    fprintf(gp, "set xrange [-0.6:%d.6]\n", s->nconv);
    fprintf(gp, "plot '%s.dat' index 0 using 1:3:4:5:xtic(2) with yerrorbars lt 1 title 'mean tricks, 95%% CI', \\\n"
                "     '' index 1 using 1:3:4:5:xtic(2) with yerrorbars lt 7 title ",
            name);
    char best[160];
    snprintf(best, sizeof best, "%s, 95%% CI", best_words(s));
    gp_str(gp, best);
    fputs("\n\n# right: the mean cost against the best (tricks lost per deal)\n", gp);
    fputs("set title 'Cost against the best'\n", gp);
    fputs("set ylabel 'tricks per deal lost against the best'\n", gp);
    fprintf(gp, "set xrange [-0.6:%d.4]\n", s->nconv - 1);
    double pad = (cost_hi - cost_lo) * 0.12 + 1e-3;
    fprintf(gp, "set yrange [%.6g:%.6g]\nset xzeroaxis ls 100\n", cost_lo < 0 ? cost_lo - pad : 0, cost_hi + pad);
    fprintf(gp, "plot '%s.dat' index 0 using 1:6:7:8:xtic(2) with yerrorbars lt 2 title "
                "'mean cost against the best, 95%% CI'\n",
            name);
    fputs("unset multiplot\n", gp);
    finish(c, gp, dat, name);
}

/* p for a label: "p = 0.782", "p = 2.3e-41", "p < 1e-300" */
static void p_text(const char *v, char *buf, size_t len)
{
    double p = plot_num(v);
    if (isnan(p)) snprintf(buf, len, "p: none");
    else if (p == 0) snprintf(buf, len, "p < 1e-300");
    else if (p >= 0.001) snprintf(buf, len, "p = %.3f", p);
    else snprintf(buf, len, "p = %.2g", p);
}

/* (2) net gain of each pair, horizontal bars with their CI */
static void fig_net_gain(plot_ctx *c, const summary *s)
{
    const char *name = PLOT_FIG_NET_GAIN;
    if (s->npair == 0) {
        plot_not_drawn(c, name, "one convention, no pairs");
        return;
    }
    FILE *dat = plot_file_open(c, name, "dat");
    FILE *gp = dat ? begin_script(c, s, name, "mean net gain of each pair of conventions with its 95% CI", 1000,
                                  230 + 30 * s->npair)
                   : NULL;
    if (!dat || !gp) {
        finish(c, gp, dat, name);
        return;
    }
    gp_comment(dat, "%s.dat -- per pair (first minus second), from %s: mean net gain per deal with its", name,
               c->source);
    fputs("# 95% CI (Student t, paired over the deals), the paired t-test's p-value and n\n"
          "# y pair mean_gain ci_low ci_high p_value n p_label\n",
          dat);
    double lo = 0, hi = 0;
    for (int k = 0; k < s->npair; k++) {
        const char *x = s->conv[s->pi[k]], *y = s->conv[s->pj[k]];
        char pn[200], pl[64];
        pair_name(s, k, pn, sizeof pn);
        double m = num_of(s, "all", "all", x, y, "mean_gain");
        double a = num_of(s, "all", "all", x, y, "ci_low"), b = num_of(s, "all", "all", x, y, "ci_high");
        p_text(text_of(s, "all", "all", x, y, "p_value"), pl, sizeof pl);
        fprintf(dat, "%d ", s->npair - 1 - k);
        dat_str(dat, pn);
        double v[5] = {m, a, b, plot_num(text_of(s, "all", "all", x, y, "p_value")),
                       num_of(s, "all", "all", x, y, "n")};
        for (int i = 0; i < 5; i++) {
            fputc(' ', dat);
            dat_num(dat, v[i]);
        }
        fputc(' ', dat);
        dat_str(dat, pl);
        fputc('\n', dat);
        double vals[3] = {m, a, b};
        for (int i = 0; i < 3; i++)
            if (!isnan(vals[i])) {
                if (vals[i] < lo) lo = vals[i];
                if (vals[i] > hi) hi = vals[i];
            }
    }
    double pad = (hi - lo) * 0.08 + 1e-3;
    char h[200];
    head(s, "Net gain of each pair of conventions", h, sizeof h);
    plot_title t = {{h, s->sub, s->status}};
    fputs("\nset title ", gp);
    gp_title_expr(gp, &t);
    fputs(" font ',12'\n", gp);
    fputs("set xlabel 'net gain of the first over the second (tricks per deal)'\n", gp);
    fputs("set y2label 'paired t-test'\n", gp);
    fprintf(gp, "set xrange [%.6g:%.6g]\n", lo - pad, hi + pad);
    fprintf(gp, "set yrange [-0.7:%d.7]\nset y2range [-0.7:%d.7]\n", s->npair - 1, s->npair - 1);
    fputs("set ytics scale 0\nset y2tics scale 0\nset grid noytics\n", gp);
    fputs("set yzeroaxis ls 100   # zero: no difference\n", gp);
    fputs("set key below center horizontal height 1\n", gp);
    fprintf(gp, "plot '%s.dat' using 3:1:4:5:ytic(2):y2tic(8) with xerrorbars lt 1 pt 7 ps 1.1 title "
                "'mean net gain per deal (first minus second), 95%% CI'\n",
            name);
    finish(c, gp, dat, name);
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
    FILE *dat = plot_file_open(c, name, "dat");
    char what_long[200];
    snprintf(what_long, sizeof what_long, "mean net gain of each pair by %s, with 95%% CIs", what);
    FILE *gp = dat ? begin_script(c, s, name, what_long, 1000, 560 + 18 * ((s->nshown + 2) / 3)) : NULL;
    if (!dat || !gp) {
        finish(c, gp, dat, name);
        return;
    }
    gp_comment(dat, "%s.dat -- mean net gain per deal (first minus second) by %s, from %s;", name, what, c->source);
    fprintf(dat, "# a block (index) per pair; levels with fewer than %d deals left out; x is the level\n"
                 "# moved aside a little per pair so that the intervals do not hide each other\n"
                 "# level x mean_gain ci_low ci_high n\n",
            s->min_deals);
    double width = s->nshown > 1 ? fmin(0.5, 0.12 * (s->nshown - 1)) : 0;
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
    char base_note[sizeof s->pairs_note + 128];
    snprintf(base_note, sizeof base_note,
             "95%% CIs per level, not adjusted for multiple comparisons; levels with fewer than %d deals not drawn%s%s",
             s->min_deals, *s->pairs_note ? "; " : "", s->pairs_note);
    plot_title t = {{hh, s->sub, s->status, base_note}};
    fputs("\nset title ", gp);
    gp_title_expr(gp, &t);
    fputs(" font ',12'\n", gp);
    char xl[200];
    snprintf(xl, sizeof xl, "%s (n = deals)", xlabel);
    fputs("set xlabel ", gp);
    gp_str(gp, xl);
    fputs(" offset 0,-0.8   # below the two-line tic labels\n", gp);
    fputs("set ylabel 'net gain, first minus second (tricks per deal)'\n", gp);
    fprintf(gp, "set xrange [%g:%g]\n", level[0] - 0.6, level[nlevel - 1] + 0.6);
    double pad = (hi - lo) * 0.06 + 1e-3;
    fprintf(gp, "set yrange [%.6g:%.6g]\n", lo - pad, hi + pad);
    fputs("set xtics (", gp);
    for (int l = 0; l < nlevel; l++) fprintf(gp, "%s\"%d\\nn=%.0f\" %d", l ? ", " : "", level[l], ndeals[l], level[l]);
    fputs(")\nset grid noxtics\n", gp);
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
    fputs("# a block (index) per pair; x is the difference moved aside per pair (the bars stand side by side)\n"
          "# difference x percent_of_deals deals\n",
          dat);
    double w = 0.8 / s->nshown;
    int block = 0;
    double top = 0;
    char titles[STATS_MAX_PAIRS][240];
    int blocks_of[STATS_MAX_PAIRS];
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
        double off = -0.4 + w * (block + 0.5);
        for (int d = dmin; d <= dmax; d++) {
            double pct = n > 0 ? 100 * count[k][d + 13] / n : NAN;
            fprintf(dat, "%d ", d);
            dat_num(dat, d + off);
            fputc(' ', dat);
            dat_num(dat, pct);
            fprintf(dat, " %.0f\n", count[k][d + 13]);
            if (pct > top) top = pct;
        }
        blocks_of[k] = block++;
    }
    char h[200];
    head(s, "Distribution of the per-deal differences", h, sizeof h);
    plot_title t = {{h, s->sub, s->status, s->pairs_note}};
    fputs("\nset title ", gp);
    gp_title_expr(gp, &t);
    fputs(" font ',12'\n", gp);
    fputs("set xlabel 'difference on the deal, first minus second (tricks)'\n", gp);
    fputs("set ylabel 'deals (% of the deals)'\n", gp);
    fprintf(gp, "set xrange [%g:%g]\nset xtics 1\n", dmin - 0.6, dmax + 0.6);
    fprintf(gp, "set yrange [0:%.6g]\n", top > 0 ? top * 1.05 : 1);
    fputs("# set logscale y 10; set yrange [0.01:*]   # to see the tails\n", gp);
    fputs("set grid noxtics\n", gp);
    fprintf(gp, "set style fill solid 0.75 noborder\nset boxwidth %.6g absolute\n", w * 0.95);
    fputs("set key below center horizontal maxrows 3 height 1\n", gp);
    fputs("plot ", gp);
    for (int k = 0; k < s->npair; k++) {
        if (blocks_of[k] < 0) continue;
        fprintf(gp, "%s'%s.dat' index %d using 2:3 with boxes lt %d title ", blocks_of[k] ? ", \\\n     " : "", name,
                blocks_of[k], blocks_of[k] + 1);
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
    s->min_deals = o && o->min_deals > 0 ? o->min_deals : PLOT_MIN_DEALS_DEFAULT;
    plot_status st = load(s, csv, c->diag);
    if (st != PLOT_OK) {
        c->status = st;
    } else if (plot_ctx_ready(c)) {
        fig_conventions(c, s);
        fig_net_gain(c, s);
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
