/* breakdown_tests.c -- the family of paired tests in a breakdown table and
 * their Holm-adjusted p-values (report.h), one definition for the text
 * report's stars and the summary CSV's p_value and p_value_holm. */
#include <math.h>
#include "stats/pvalue.h"
#include "stats/report/report.h"

bool stats_breakdown_shows(const stats_state *st, int i, int j)
{
    return i < j && (st->nconv <= 4 || i == 0);
}

double stats_breakdown_p(const paired_acc *a)
{
    if (paired_n(a) <= PAIRED_EXACT_MAX) return paired_sign_flip_p(a);
    paired_summary s;
    paired_summarise(a, &s);
    return s.p;
}

int stats_breakdown_holm(const stats_state *st, int br, double p[STATS_KEYS][STATS_MAX_PAIRS],
                         double adj[STATS_KEYS][STATS_MAX_PAIRS])
{
    enum { CELLS = STATS_KEYS * STATS_MAX_PAIRS };
    double tested[CELLS], out[CELLS];
    int key[CELLS], pair[CELLS], n = 0, nconv = st->nconv;
    for (int k = 0; k < STATS_KEYS; k++)
        for (int q = 0; q < STATS_MAX_PAIRS; q++) {
            adj[k][q] = NAN;
            if (p) p[k][q] = NAN;
        }
    for (int k = 0; k < STATS_KEYS; k++) {
        const stats_cell *c = &st->by[br][k];
        if (!c->deals) continue;
        for (int i = 0; i < nconv; i++)
            for (int j = i + 1; j < nconv; j++) {
                int q = stats_pair_index(i, j, nconv);
                double cell_p = stats_breakdown_p(&c->pair[q]);
                if (p) p[k][q] = cell_p;
                /* a pair whose choices are the same on every deal of the
                 * cell (long-suit and american double-dummy in many cells)
                 * differs by nothing by construction: no test of the family */
                if (!stats_breakdown_shows(st, i, j) || isnan(cell_p) ||
                    paired_n(&c->pair[q]) < STATS_STAR_MIN_DEALS || paired_n_differ(&c->pair[q]) == 0)
                    continue;
                pair[n] = q;
                key[n] = k;
                tested[n++] = cell_p;
            }
    }
    int m = pvalue_holm(tested, n, out);
    for (int t = 0; t < n; t++) adj[key[t]][pair[t]] = out[t];
    return m;
}
