/* breakdown_tests.c -- the family of paired tests in a breakdown table and
 * their Holm-adjusted p-values (report.h), one definition for the text
 * report's stars and the summary CSV's p_value_holm. */
#include <math.h>
#include "pvalue.h"
#include "report.h"

bool stats_breakdown_shows(const stats_state *st, int i, int j)
{
    return i < j && (st->nconv <= 4 || i == 0);
}

int stats_breakdown_holm(const stats_state *st, int br, double adj[STATS_KEYS][STATS_MAX_PAIRS])
{
    enum { CELLS = STATS_KEYS * STATS_MAX_PAIRS };
    double p[CELLS], out[CELLS];
    int key[CELLS], pair[CELLS], n = 0, nconv = st->nconv;
    for (int k = 0; k < STATS_KEYS; k++)
        for (int q = 0; q < STATS_MAX_PAIRS; q++) adj[k][q] = NAN;
    for (int k = 0; k < STATS_KEYS; k++) {
        if (!st->by[br][k].deals) continue;
        for (int i = 0; i < nconv; i++)
            for (int j = i + 1; j < nconv; j++) {
                if (!stats_breakdown_shows(st, i, j)) continue;
                paired_summary s;
                pair[n] = stats_pair_index(i, j, nconv);
                key[n] = k;
                paired_summarise(&st->by[br][k].pair[pair[n]], &s);
                p[n++] = s.p;
            }
    }
    int m = pvalue_holm(p, n, out);
    for (int t = 0; t < n; t++) adj[key[t]][pair[t]] = out[t];
    return m;
}
