/* pair_section.c -- a pair measure's report section, from its row (pair_section.h). */
#include <math.h>
#include "stats/pvalue.h"
#include "stats/report/pair_section.h"

/* One cell's text: col's statistic of a (summarised in s). */
static void cell_text(const stats_pair_col *col, const paired_acc *a, const paired_summary *s, char *buf, size_t len)
{
    uint64_t n = paired_n(a);
    switch (col->stat) {
    case STAT_CI: snprintf(buf, len, col->format, s->ci_lo, s->ci_hi); return;
    case STAT_P: pvalue_format(buf, len, s->p); return;
    case STAT_DIFFER_PCT:
        snprintf(buf, len, col->format, n ? 100.0 * (double)paired_n_differ(a) / (double)n : NAN);
        return;
    case STAT_MEAN: snprintf(buf, len, col->format, s->mean); return;
    case STAT_SD: snprintf(buf, len, col->format, s->sd); return;
    case STAT_SE: snprintf(buf, len, col->format, s->se); return;
    case STAT_CI_LO: snprintf(buf, len, col->format, s->ci_lo); return;
    case STAT_CI_HI: snprintf(buf, len, col->format, s->ci_hi); return;
    case STAT_PCT: snprintf(buf, len, col->format, 100.0 * (double)paired_with_difference(a, 0) / (double)n); return;
    }
}

void stats_print_pair_section(FILE *f, const stats_pair_measure *m, const char *const *name, int n, pair_acc_fn acc,
                              const void *ctx)
{
    fprintf(f, "%s\n%-*s", m->title, m->label_width, "pair");
    for (const stats_pair_col *c = m->report; c < m->report + STATS_PAIR_COLS && c->head; c++)
        fprintf(f, "%s%*s", c->sep, c->head_width, c->head);
    fprintf(f, "\n");
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            const paired_acc *a = acc(ctx, i, j);
            paired_summary s;
            paired_summarise(a, &s);
            int w = fprintf(f, "%s - %s", name[i], name[j]);
            fprintf(f, "%*s", w < m->label_width ? m->label_width - w : 0, "");
            for (const stats_pair_col *c = m->report; c < m->report + STATS_PAIR_COLS && c->head; c++) {
                char text[96];
                cell_text(c, a, &s, text, sizeof text);
                fprintf(f, "%s%*s", c->sep, c->width, text);
            }
            fprintf(f, "\n");
        }
}
