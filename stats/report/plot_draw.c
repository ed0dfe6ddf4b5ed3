/* plot_draw.c -- the figures of a CSV table (plot.h): which kind of table it is,
 * told by its header row, and the figures of that kind. */
#include <errno.h>
#include <string.h>
#include "stats/measure.h"
#include "stats/report/plot_holding.h"
#include "stats/report/plot_odds.h"
#include "stats/report/plot_summary.h"

bool plot_is_figure_file(const char *name)
{
    const char *figures[5 + STATS_BREAKDOWNS] = {PLOT_FIG_CONVENTIONS, PLOT_FIG_NET_GAIN, PLOT_FIG_DIFFERENCES,
                                                  PLOT_FIG_BY_HOLDING, PLOT_FIG_ROUND_ROBIN};
    size_t nfig = 5;
    for (int br = 0; br < STATS_BREAKDOWNS; br++) /* the breakdowns' figures, by their table */
        if (stats_breakdown_of(br)->figure) figures[nfig++] = stats_breakdown_of(br)->figure;
    const char *dot = strrchr(name, '.');
    static const char *const EXT[] = {".dat", ".gp", ".svg", ".png", ".pdf"};
    size_t e = 0;
    while (dot && e < sizeof EXT / sizeof EXT[0] && strcmp(dot, EXT[e]) != 0) e++;
    if (!dot || e == sizeof EXT / sizeof EXT[0]) return false;
    size_t stem = (size_t)(dot - name);
    if (strncmp(name, PLOT_FIG_ODDS_PREFIX, strlen(PLOT_FIG_ODDS_PREFIX)) == 0) return true;
    for (size_t i = 0; i < nfig; i++)
        if (strlen(figures[i]) == stem && strncmp(name, figures[i], stem) == 0) return true;
    return false;
}

/* The kind of table by its header row (after the comment lines that open
 * it); -1 (diag filled) if unreadable. */
static int kind_of(const char *csv, diag_t *diag)
{
    FILE *f = fopen(csv, "rb");
    if (!f) {
        diag_set(diag, csv, 0, "%s", strerror(errno));
        return -1;
    }
    char line[256] = "";
    int ch;
    while ((ch = getc(f)) == '#')
        while ((ch = getc(f)) != EOF && ch != '\n') continue;
    if (ch != EOF) ungetc(ch, f);
    if (!fgets(line, sizeof line, f) && ferror(f)) {
        diag_set(diag, csv, 0, "read error");
        fclose(f);
        return -1;
    }
    fclose(f);
    if (strncmp(line, "table,row,event,exact,", 22) == 0) return PLOT_CSV_ODDS;
    return PLOT_CSV_SUMMARY; /* or neither: the summary reader says what it is not */
}

plot_status plot_from_csv(const char *csv, const char *dir, plot_kind kind, const plot_opts *o, int *figures,
                          diag_t *diag)
{
    if (figures) *figures = 0;
    if (kind == PLOT_CSV_ANY) {
        int k = kind_of(csv, diag);
        if (k < 0) return PLOT_ERR_INPUT;
        kind = (plot_kind)k;
    }
    /* the table is read first: a missing or foreign file makes no
     * directory (plot_ctx_ready) */
    plot_ctx c;
    plot_ctx_init(&c, dir, o && o->source ? o->source : csv, o, diag);
    if (kind == PLOT_CSV_ODDS) plot_odds_figures(&c, csv);
    else plot_summary_figures(&c, csv, o);
    if (figures) *figures = c.drawn;
    return c.status;
}
