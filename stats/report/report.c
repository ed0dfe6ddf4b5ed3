/* report.c -- the terminal report of a comparison run (layout in
 * report.h): fixed-width tables, one section per question. */
#include <math.h>
#include <string.h>
#include "stats/pvalue.h"
#include "stats/report/report.h"

static void fmt_num(char *buf, size_t n, double v, const char *f)
{
    if (isnan(v)) snprintf(buf, n, "-");
    else snprintf(buf, n, f, v == 0 ? 0.0 : v);
}

static int name_width(const stats_state *st, int min)
{
    int w = min;
    for (int i = 0; i < st->nconv; i++) {
        int n = (int)strlen(st->name[i]);
        if (n > w) w = n;
    }
    return w;
}

static void report_input(FILE *f, const stats_state *st, const provenance *prov)
{
    fprintf(f, "input: %llu deals read = %llu accepted + %llu rejected", /* + left by --where */
            (unsigned long long)st->read, (unsigned long long)st->accepted,
            (unsigned long long)st->rejected);
    if (st->repeats) fprintf(f, "; %llu skipped as repeats", (unsigned long long)st->repeats);
    if (st->errors) fprintf(f, "; %llu input errors", (unsigned long long)st->errors);
    if (st->left || (prov && provenance_setting_value(prov, "where")))
        fprintf(f, "; %llu deals kept by --where, %llu left", (unsigned long long)(st->read - st->left),
                (unsigned long long)st->left);
    fprintf(f, "; %llu whist deals analysed", (unsigned long long)st->all.deals);
    if (prov && provenance_stopped(prov)) fprintf(f, "; INCOMPLETE: not every input was read to its end");
    if (prov && provenance_partial(prov)) fprintf(f, "; PARTIAL: some shards only");
    fprintf(f, "\n\n");
}

/* A statistic of measure k's column col in c, formatted by fmt ("-" when
 * not a number). */
static void stat_text(char *buf, size_t n, const stats_cell *c, int k, int col, stats_statistic stat, const char *fmt)
{
    if (stat == STAT_CI) {
        char lo[16], hi[16];
        fmt_num(lo, sizeof lo, stats_stat(c, k, col, STAT_CI_LO), fmt);
        fmt_num(hi, sizeof hi, stats_stat(c, k, col, STAT_CI_HI), fmt);
        snprintf(buf, n, "[%s, %s]", lo, hi);
        return;
    }
    double v = stats_stat(c, k, col, stat);
    fmt_num(buf, n, v, fmt);
}

/* The report columns of every measure for column i of c, or for the best
 * (its row shows the best's own measure, or the column's best_text). */
static void report_cells(FILE *f, const stats_cell *c, int i, bool best)
{
    char line[1024];
    size_t at = 0;
    for (int k = 0; k < stats_measure_count(); k++) {
        const stats_measure *m = stats_measure_at(k);
        for (const stats_report_col *col = m->report; col->head; col++) {
            char v[48];
            if (!best) stat_text(v, sizeof v, c, k, i, col->stat, col->format);
            else if (col->best_text) snprintf(v, sizeof v, "%s", col->best_text);
            else stat_text(v, sizeof v, c, stats_measure_find(m->best_measure), 0, col->stat, col->format);
            int n = snprintf(line + at, sizeof line - at, "  %*s", col->width, v);
            if (n > 0) at = at + (size_t)n < sizeof line ? at + (size_t)n : sizeof line - 1;
        }
    }
    /* a left-aligned last column pads with spaces: none at the line's end */
    while (at > 0 && line[at - 1] == ' ') at--;
    fprintf(f, "%.*s\n", (int)at, line);
}

static void report_conventions(FILE *f, const stats_state *st, int w, stats_eval eval)
{
    static const char *const HEADING[] = {
        [STATS_EVAL_DD] = "LEADS COMPARED DOUBLE-DUMMY (tricks of the leader's side; means per deal)",
        [STATS_EVAL_PLAY] = "CONVENTIONS COMPARED IN RULE-BASED PLAY (tricks of the eldest hand's side;\n"
                            "means per deal; best = the best of this run's conventions on each deal,\n"
                            "so cost vs best changes with the conventions compared)",
        [STATS_EVAL_BOTH] = "DOUBLE-DUMMY LEADS AND RULE-BASED PLAY SIDE BY SIDE (tricks of the leader's\n"
                            "side; (sd) = all 52 cards played by the rule-based players; best = the\n"
                            "best double-dummy lead)",
    };
    const stats_cell *c = &st->all;
    fprintf(f, "%s\n", HEADING[eval]);
    int pw = st->nconv >= 10 ? 5 : 4; /* "[12] " */
    fprintf(f, "%*s%-*s", pw, "", w, "convention");
    for (int k = 0; k < stats_measure_count(); k++)
        for (const stats_report_col *col = stats_measure_at(k)->report; col->head; col++)
            fprintf(f, "  %*s", col->width, col->head);
    fputc('\n', f);
    for (int i = 0; i < st->nconv; i++) {
        char index[16];
        snprintf(index, sizeof index, "[%d]", i + 1);
        fprintf(f, "%-*s%-*s", pw, index, w, st->name[i]);
        report_cells(f, c, i, false);
    }
    fprintf(f, "%*s%-*s", pw, "", w, eval == STATS_EVAL_PLAY ? "best" : "best lead");
    report_cells(f, c, 0, true);
    char nbest[16];
    fmt_num(nbest, sizeof nbest, stats_mean(*stats_sum_of(c, "optimal_leads", 0), c->deals), "%.2f");
    bool play = eval == STATS_EVAL_PLAY;
    if (play)
        fprintf(f, "    (%s conventions reach the best on a deal on average; optimal = the\n"
                   "    convention's side wins as many tricks as the best convention)\n\n", nbest);
    else if (eval == STATS_EVAL_BOTH && *stats_sum_of(c, "optimal_leads", 0)) /* the players can beat the best lead */
        fprintf(f, "    (a deal has %s optimal leads on average; optimal = cost <= 0: as many tricks\n"
                   "    as the best double-dummy lead, or, in play (sd), more)\n\n", nbest);
    else if (eval == STATS_EVAL_BOTH)
        fprintf(f, "    (optimal = cost <= 0: as many tricks as the best double-dummy lead, or, in\n"
                   "    play (sd), more)\n\n");
    else if (*stats_sum_of(c, "optimal_leads", 0)) /* counted only when every lead was valued (replay --all-leads) */
        fprintf(f, "    (a deal has %s optimal leads on average; optimal = the convention's lead\n"
                   "    wins as many tricks as the best lead)\n\n", nbest);
    else
        fprintf(f, "    (optimal = the convention's lead wins as many tricks as the best lead)\n\n");
}

static void pair_label(char *buf, size_t n, const stats_state *st, int i, int j)
{
    snprintf(buf, n, "%s - %s", st->name[i], st->name[j]);
}

static void report_pairs(FILE *f, const stats_state *st)
{
    if (st->nconv < 2) return;
    const stats_cell *c = &st->all;
    int w = 2 * name_width(st, 4) + 3;
    /* Holm's adjustment over the family of the pairs: with three or more
     * conventions the raw p of one pair overstates it (issue 28 item 5) */
    static paired_summary sum[STATS_MAX_PAIRS];
    static double p_raw[STATS_MAX_PAIRS], p_holm[STATS_MAX_PAIRS];
    int npairs = 0;
    for (int i = 0; i < st->nconv; i++)
        for (int j = i + 1; j < st->nconv; j++, npairs++) {
            paired_summarise(&c->pair[stats_pair_index(i, j, st->nconv)], &sum[npairs]);
            p_raw[npairs] = sum[npairs].p;
        }
    int tests = pvalue_holm(p_raw, npairs, p_holm);
    fprintf(f, "NET GAIN PER DEAL (first minus second; paired t-test; Holm p: adjusted over the %d pair%s)\n",
            tests, tests == 1 ? "" : "s");
    fprintf(f, "%-*s  %8s  %6s  %7s  %-20s  %8s  %8s  %7s  %9s\n", w, "pair", "mean", "sd", "se",
            "95% CI", "p", "Holm p", "leads", "gain when");
    fprintf(f, "%-*s  %8s  %6s  %7s  %-20s  %8s  %8s  %7s  %9s\n", w, "", "", "", "", "", "", "",
            "differ", "differ");
    int k = 0;
    for (int i = 0; i < st->nconv; i++)
        for (int j = i + 1; j < st->nconv; j++) {
            const paired_acc *a = &c->pair[stats_pair_index(i, j, st->nconv)];
            const paired_summary s = sum[k];
            paired_summary differ;
            paired_summarise_differ(a, &differ);
            char label[2 * STATS_NAME_LEN + 3], mean[16], sd[16], se[16], lo[16], hi[16], ci[40], p[16], holm[16],
                dif[16], gd[16];
            pair_label(label, sizeof label, st, i, j);
            fmt_num(mean, sizeof mean, s.mean, "%+.4f");
            fmt_num(sd, sizeof sd, s.sd, "%.3f");
            fmt_num(se, sizeof se, s.se, "%.4f");
            fmt_num(lo, sizeof lo, s.ci_lo, "%+.4f");
            fmt_num(hi, sizeof hi, s.ci_hi, "%+.4f");
            snprintf(ci, sizeof ci, "[%s, %s]", lo, hi);
            pvalue_format(p, sizeof p, s.p);
            pvalue_format(holm, sizeof holm, p_holm[k]);
            fmt_num(dif, sizeof dif, 100 * stats_mean(paired_n_differ(a), paired_n(a)), "%.1f%%");
            fmt_num(gd, sizeof gd, differ.mean, "%+.4f");
            fprintf(f, "%-*s  %8s  %6s  %7s  %-20s  %8s  %8s  %7s  %9s\n", w, label, mean, sd, se, ci,
                    p, holm, dif, gd);
            k++;
        }
    fputc('\n', f);
}

/* Rule-based play: the net gain over the deals where a pair's opening
 * leads differ and over those where they are the same card, each with its
 * deals and 95% CI. (Double-dummy the second is 0 by construction.) */
static void report_by_opening_lead(FILE *f, const stats_state *st)
{
    if (st->nconv < 2) return;
    const stats_cell *c = &st->all;
    int w = 2 * name_width(st, 4) + 3;
    fprintf(f, "GAIN WHEN THE OPENING LEADS DIFFER AND WHEN THEY ARE THE SAME (first minus second; in\n"
               "play a deal with the same opening lead can still gain: the later leads and the play\n"
               "follow each side's convention)\n");
    fprintf(f, "%-*s  %7s  %9s  %-20s  %7s  %9s  %s\n", w, "pair", "leads", "gain when", "95% CI",
            "leads", "gain when", "95% CI");
    fprintf(f, "%-*s  %7s  %9s  %-20s  %7s  %9s\n", w, "", "differ", "differ", "", "same", "same");
    for (int i = 0; i < st->nconv; i++)
        for (int j = i + 1; j < st->nconv; j++) {
            const paired_acc *a = &c->pair[stats_pair_index(i, j, st->nconv)];
            paired_summary part[2];
            paired_summarise_differ(a, &part[0]);
            paired_summarise_same(a, &part[1]);
            char label[2 * STATS_NAME_LEN + 3];
            pair_label(label, sizeof label, st, i, j);
            fprintf(f, "%-*s", w, label);
            for (int k = 0; k < 2; k++) {
                char mean[16], lo[16], hi[16], ci[40];
                fmt_num(mean, sizeof mean, part[k].mean, "%+.4f");
                fmt_num(lo, sizeof lo, part[k].ci_lo, "%+.4f");
                fmt_num(hi, sizeof hi, part[k].ci_hi, "%+.4f");
                snprintf(ci, sizeof ci, "[%s, %s]", lo, hi);
                fprintf(f, "  %7llu  %9s  %-*s", (unsigned long long)part[k].n, mean, k ? 0 : 20,
                        isnan(part[k].ci_lo) ? "-" : ci);
            }
            fputc('\n', f);
        }
    fputc('\n', f);
}

static void report_distribution(FILE *f, const stats_state *st)
{
    if (st->nconv < 2) return;
    const stats_cell *c = &st->all;
    int lo = 0, hi = 0; /* the widest non-empty range over all pairs */
    for (int k = 0; k < st->nconv * (st->nconv - 1) / 2; k++)
        for (int b = 0; b < PAIRED_BINS; b++)
            if (paired_with_difference(&c->pair[k], b - PAIRED_MAX_DIFF)) {
                int d = b - PAIRED_MAX_DIFF;
                if (d < lo) lo = d;
                if (d > hi) hi = d;
            }
    int w = 2 * name_width(st, 4) + 3;
    fprintf(f, "DISTRIBUTION OF PER-DEAL DIFFERENCES (deals; first minus second)\n%-*s", w, "pair");
    for (int d = lo; d <= hi; d++) fprintf(f, d ? " %+6d" : " %6d", d);
    fputc('\n', f);
    for (int i = 0; i < st->nconv; i++)
        for (int j = i + 1; j < st->nconv; j++) {
            const paired_acc *a = &c->pair[stats_pair_index(i, j, st->nconv)];
            char label[2 * STATS_NAME_LEN + 3];
            pair_label(label, sizeof label, st, i, j);
            fprintf(f, "%-*s", w, label);
            for (int d = lo; d <= hi; d++)
                fprintf(f, " %6llu", (unsigned long long)paired_with_difference(a, d));
            fputc('\n', f);
        }
    fputc('\n', f);
}

/* Mean tricks per convention and of the best lead, and the mean net gain
 * of each pair (all pairs up to four conventions, else each against the
 * first), per key of one breakdown; a star where the gain is significant
 * once Holm's correction has accounted for every test of the table. The
 * legend says which test gave each cell's p and the fewest deals a star
 * needs (issue 25 item 18). */
static void report_breakdown(FILE *f, const stats_state *st, int br)
{
    int n = st->nconv;
    static double adj[STATS_KEYS][STATS_MAX_PAIRS];
    int tests = stats_breakdown_holm(st, br, NULL, adj);
    const stats_breakdown *b = stats_breakdown_of(br);
    int tricks = stats_measure_find("tricks"), best = stats_measure_find("best");
    fprintf(f, "%s (mean tricks; mean net gain; exploratory)\n", b->title);
    if (tests)
        fprintf(f, "* = p < 0.05 after Holm's correction for multiple comparisons over the %d test%s of "
                   "this table\n  (the cells of %d deals or more whose two choices differ on some deal; p: "
                   "exact sign-flip test up to %d deals, else paired t-test)\n",
                tests, tests == 1 ? "" : "s", STATS_STAR_MIN_DEALS, PAIRED_EXACT_MAX);
    else
        fprintf(f, "no * : no cell has the %d deals a test of this table needs\n", STATS_STAR_MIN_DEALS);
    fprintf(f, "%-8s %7s %5s", b->key_name, "deals", "%");
    for (int i = 0; i < n; i++) fprintf(f, " %4s[%d]", "", i + 1);
    fprintf(f, " %7s", "best");
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (stats_breakdown_shows(st, i, j)) fprintf(f, " %4s%d-%d ", "", i + 1, j + 1);
    fputc('\n', f);
    for (int k = 0; k < STATS_KEYS; k++) {
        stats_cell *c = (stats_cell *)&st->by[br][k];
        if (!c->deals) continue;
        char key[16];
        if (br == BREAK_COINCIDE) snprintf(key, sizeof key, "%s", k ? "coincide" : "differ");
        else snprintf(key, sizeof key, "%d", k);
        fprintf(f, "%-8s %7llu %5.1f", key, (unsigned long long)c->deals,
                100 * stats_mean(c->deals, st->all.deals));
        for (int i = 0; i < n; i++) fprintf(f, " %7.3f", stats_mean(*stats_sum(c, tricks, i), c->deals));
        fprintf(f, " %7.3f", stats_mean(*stats_sum(c, best, 0), c->deals));
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                if (!stats_breakdown_shows(st, i, j)) continue;
                int pair = stats_pair_index(i, j, n);
                paired_summary s;
                paired_summarise(&c->pair[pair], &s);
                char mean[16];
                fmt_num(mean, sizeof mean, s.mean, "%+.3f");
                fprintf(f, " %7s%c", mean, adj[k][pair] < 0.05 ? '*' : ' ');
            }
        fputc('\n', f);
    }
    fputc('\n', f);
}

/* Double-dummy, identical leads score identically, so all of a pair's net
 * gain comes from the deals where its leads differ: say how few those are.
 * In rule-based play the later leads and the play still differ. */
static void report_coincidence(FILE *f, const stats_state *st, stats_eval eval)
{
    if (st->nconv < 2 || !st->all.deals) return;
    uint64_t differ = st->by[BREAK_COINCIDE][0].deals;
    if (eval != STATS_EVAL_DD) {
        fprintf(f, "The conventions' opening leads differ on %llu of %llu deals (%.1f%%). In\n"
                   "rule-based play a same opening lead can still end in other tricks: the\n"
                   "later leads and the play follow each side's convention.\n",
                (unsigned long long)differ, (unsigned long long)st->all.deals,
                100 * stats_mean(differ, st->all.deals));
        return;
    }
    fprintf(f, "The conventions' leads differ on %llu of %llu deals (%.1f%%). Where two leads are\n"
               "the same card they win the same tricks, so all of a pair's net gain comes from\n"
               "the deals where its leads differ (\"leads differ\" above); per such deal the\n"
               "gain is the \"gain when differ\" column, larger than the mean over all deals.\n",
            (unsigned long long)differ, (unsigned long long)st->all.deals,
            100 * stats_mean(differ, st->all.deals));
}

void stats_report(FILE *f, const stats_state *st, stats_eval eval, const provenance *prov)
{
    if (prov) {
        provenance_print_status(f, prov);
        provenance_print(f, prov);
    }
    report_input(f, st, prov);
    if (!st->all.deals) {
        fprintf(f, "no deals analysed\n");
        return;
    }
    report_conventions(f, st, name_width(st, 10), eval);
    report_pairs(f, st);
    if (eval != STATS_EVAL_DD) report_by_opening_lead(f, st);
    report_distribution(f, st);
    for (int br = 0; br < STATS_BREAKDOWNS; br++)
        if (br != BREAK_COINCIDE || st->nconv >= 2) report_breakdown(f, st, br);
    report_coincidence(f, st, eval);
}
