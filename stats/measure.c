/* measure.c -- the table of the comparison's measures and breakdowns
 * (measure.h): each row with its extractor from the per-deal numbers. */
#include <stdio.h>
#include <string.h>
#include "stats/measure.h"

/* ---- the extractors ---- */

static int tricks_of(const stats_deal *d, int col) { return d->score[col]; }
static int best_of(const stats_deal *d, int col) { (void)col; return d->best; }
/* Optimal: cost <= 0. Double-dummy no lead beats the best, and in play no
 * convention beats the best of the run's, so it is equality there; with
 * --eval both the players can beat the best double-dummy lead (29-32% of
 * deals), and doing so is optimal too (issue 28 item 5). */
static int optimal_of(const stats_deal *d, int col) { return d->score[col] >= d->best; }
static int n_best_of(const stats_deal *d, int col) { (void)col; return d->n_best; }
static bool n_best_known(const stats_deal *d) { return d->n_best > 0; }

static const char *best_lead_text(const stats_deal *d, int col, char buf[16])
{
    (void)col;
    snprintf(buf, 16, "%s", d->best_lead);
    return buf;
}

/* ---- the measures, in the per-deal CSV's column order ---- */

static const stats_measure BUILT_IN[] = {
    {.id = "tricks", .column = "tricks", .title = "tricks of the leader's side", .unit = "tricks",
     .scope = STATS_PER_COLUMN, .acc = STATS_ACC_SUMSQ, .value = tricks_of, .max = 13, .versus_name = "",
     .rows = {{"mean_tricks", STAT_MEAN, 6}, {"sd_tricks", STAT_SD, 6}, {"tricks_ci_low", STAT_CI_LO, 6},
              {"tricks_ci_high", STAT_CI_HI, 6}},
     .best_measure = "best",
     .report = {{"tricks", 7, STAT_MEAN, "%.3f", NULL}, {"95% CI of tricks", -18, STAT_CI, "%.3f", NULL}}},
    {.id = "best", .column = "best", .title = "tricks after the best choice", .unit = "tricks",
     .scope = STATS_PER_DEAL, .acc = STATS_ACC_SUMSQ, .value = best_of, .max = 13, .versus_name = "",
     .rows = {{"mean_tricks", STAT_MEAN, 6}, {"sd_tricks", STAT_SD, 6}, {"tricks_ci_low", STAT_CI_LO, 6},
              {"tricks_ci_high", STAT_CI_HI, 6}}},
    /* best - tricks: the cost against the best; the choices differ when
     * the column's is not optimal (no tie-break among optimal choices) */
    {.id = "cost", .column = "cost", .title = "tricks lost against the best", .unit = "tricks",
     .scope = STATS_PER_COLUMN, .acc = STATS_ACC_PAIRED, .value = best_of, .versus = tricks_of,
     .versus_name = "best",
     .rows = {{"mean_cost", STAT_MEAN, 6}, {"cost_se", STAT_SE, 6}, {"cost_ci_low", STAT_CI_LO, 6},
              {"cost_ci_high", STAT_CI_HI, 6}},
     .report = {{"cost vs best", 12, STAT_MEAN, "%.3f", "0"}, {"95% CI of cost", -18, STAT_CI, "%.3f", ""}}},
    {.id = "optimal", .column = "optimal", .title = "deals where the choice reaches the best", .unit = "deals",
     .scope = STATS_PER_COLUMN, .acc = STATS_ACC_SUM, .value = optimal_of, .max = 1, .versus_name = "best",
     .rows = {{"optimal_pct", STAT_PCT, 4}, {"optimal_pct_ci_low", STAT_CI_LO, 4}, {"optimal_pct_ci_high", STAT_CI_HI, 4}},
     .report = {{"optimal", 8, STAT_PCT, "%.1f%%", "100.0%"}, {"95% CI (Wilson)", -15, STAT_CI, "%.1f", ""}}},
    {.id = "best_lead", .column = "best_lead", .title = "the best choice's card", .unit = "card",
     .scope = STATS_PER_DEAL, .acc = STATS_ACC_NONE, .text = best_lead_text, .known = n_best_known},
    {.id = "optimal_leads", .column = "optimal_leads", .title = "choices that reach the best", .unit = "choices",
     .scope = STATS_PER_DEAL, .acc = STATS_ACC_SUM, .value = n_best_of, .known = n_best_known,
     .versus_name = "", .if_any = true, .rows = {{"mean_optimal_leads", STAT_MEAN, 6}}},
};
#define N_BUILT_IN ((int)(sizeof BUILT_IN / sizeof BUILT_IN[0]))

static const stats_measure *list[STATS_MAX_MEASURES];
static int offset[STATS_MAX_MEASURES];
static int count, used; /* measures listed; counters used */

int stats_measure_counters(const stats_measure *m)
{
    static const int PER_KIND[] = {[STATS_ACC_NONE] = 0, [STATS_ACC_SUM] = 1, [STATS_ACC_SUMSQ] = 2,
                                   [STATS_ACC_PAIRED] = PAIRED_COUNTERS};
    return PER_KIND[m->acc];
}

static bool append(const stats_measure *m)
{
    int n = stats_measure_counters(m) * (m->scope == STATS_PER_COLUMN ? STATS_MAX_CONV : 1);
    if (count == STATS_MAX_MEASURES || used + n > STATS_MEASURE_COUNTERS) return false;
    for (int k = 0; k < count; k++)
        if (strcmp(list[k]->id, m->id) == 0) return false;
    offset[count] = used;
    list[count++] = m;
    used += n;
    return true;
}

/* The built-in rows are listed on first use (before any thread starts: a
 * state is initialised first). */
static void ready(void)
{
    if (count) return;
    for (int k = 0; k < N_BUILT_IN; k++) append(&BUILT_IN[k]);
}

int stats_measure_count(void)
{
    ready();
    return count;
}

const stats_measure *stats_measure_at(int k)
{
    ready();
    return list[k];
}

int stats_measure_offset(int k)
{
    ready();
    return offset[k];
}

int stats_measure_find(const char *id)
{
    ready();
    for (int k = 0; k < count; k++)
        if (strcmp(list[k]->id, id) == 0) return k;
    return -1;
}

const char *stats_summary_name(const char *id, stats_statistic stat)
{
    int k = stats_measure_find(id);
    for (const stats_summary_row *row = k < 0 ? NULL : list[k]->rows; row && row->name; row++)
        if (row->stat == stat) return row->name;
    return NULL;
}

bool stats_measure_add(const stats_measure *m)
{
    ready();
    return append(m);
}

/* ---- the pair measures ---- */

/* i's tricks at both tables of the duplicate match against j - 13: the
 * luck of the cards cancels (analyze/play/sd_duplicate.h) */
static const stats_pair_measure PAIR_MEASURES[] = {
    {.id = "gain", .column = "gain", .eval = "duplicate",
     .title = "DUPLICATE GAIN PER DEAL (first's tricks at both tables - 13; paired t-test)", .unit = "tricks",
     .label_width = 40,
     .report = {{" ", "mean", 8, 8, STAT_MEAN, "%+.4f"}, {" ", "sd", 7, 7, STAT_SD, "%.3f"},
                {" ", "se", 8, 8, STAT_SE, "%.4f"}, {"  ", "95% CI", -21, 0, STAT_CI, "[%+8.4f, %+8.4f]"},
                {" ", "p", 8, 8, STAT_P, NULL}, {" ", "differ", 8, 8, STAT_DIFFER_PCT, "%.1f%%"}}},
};

const stats_pair_measure *stats_pair_measure_of(const char *id)
{
    for (size_t k = 0; k < sizeof PAIR_MEASURES / sizeof PAIR_MEASURES[0]; k++)
        if (strcmp(PAIR_MEASURES[k].id, id) == 0) return &PAIR_MEASURES[k];
    return NULL;
}

/* ---- the breakdowns ---- */

static int trumps_key(const stats_deal *d) { return d->trump < 4 ? d->suit_len[d->trump] : 0; }

static int longest_key(const stats_deal *d)
{
    int longest = 0;
    for (int s = 0; s < 4; s++)
        if (s != d->trump && d->suit_len[s] > longest) longest = d->suit_len[s];
    return longest;
}

static int coincide_key(const stats_deal *d) { return d->coincide; }

/* Their ids are the per-deal table's columns of their keys. */
static const stats_breakdown BREAKDOWNS[STATS_BREAKDOWNS] = {
    [BREAK_TRUMPS] = {"trumps_held", "BY TRUMPS HELD BY THE LEADER", "trumps", trumps_key, "by-trumps",
                      "trumps held by the eldest hand", "trumps held by the eldest hand"},
    [BREAK_LONGEST] = {"longest_plain", "BY THE LEADER'S LONGEST PLAIN SUIT", "longest", longest_key,
                       "by-longest-suit", "the eldest hand's longest plain suit",
                       "cards in the eldest hand's longest plain suit"},
    [BREAK_COINCIDE] = {"leads_coincide", "BY WHETHER THE CONVENTIONS' LEADS COINCIDE", "leads", coincide_key,
                        NULL, NULL, NULL},
};

const stats_breakdown *stats_breakdown_of(int br)
{
    return &BREAKDOWNS[br];
}

void stats_deal_keys(stats_deal *d)
{
    for (int b = 0; b < STATS_BREAKDOWNS; b++) d->key[b] = BREAKDOWNS[b].key(d);
}

/* ---- the per-deal CSV ---- */

int stats_deal_columns(const char **cols)
{
    int n = 0;
    for (int k = 0; k < stats_measure_count(); k++)
        if (list[k]->column) cols[n++] = list[k]->column;
    for (int b = 0; b < STATS_BREAKDOWNS; b++) cols[n++] = BREAKDOWNS[b].id;
    return n;
}
