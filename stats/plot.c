/* plot.c -- the figures of a CSV table (plot.h): which kind of table it is,
 * told by its header row, and the figures of that kind. */
#include <errno.h>
#include <string.h>
#include "plot_impl.h"

/* The kind of table by its first line; -1 (err filled) if unreadable. */
static int kind_of(const char *csv, char *err, size_t err_len)
{
    FILE *f = fopen(csv, "rb");
    if (!f) {
        snprintf(err, err_len, "%s: %s", csv, strerror(errno));
        return -1;
    }
    char line[256] = "";
    if (!fgets(line, sizeof line, f) && ferror(f)) {
        snprintf(err, err_len, "%s: read error", csv);
        fclose(f);
        return -1;
    }
    fclose(f);
    if (strncmp(line, "table,row,event,exact,", 22) == 0) return PLOT_CSV_ODDS;
    return PLOT_CSV_SUMMARY; /* or neither: the summary reader says what it is not */
}

plot_status plot_from_csv(const char *csv, const char *dir, plot_kind kind, const plot_opts *o, int *figures,
                          char *err, size_t err_len)
{
    if (figures) *figures = 0;
    if (kind == PLOT_CSV_ANY) {
        int k = kind_of(csv, err, err_len);
        if (k < 0) return PLOT_ERR_INPUT;
        kind = (plot_kind)k;
    }
    /* the table is read first: a missing or foreign file makes no
     * directory (plot_ctx_ready) */
    plot_ctx c;
    plot_ctx_init(&c, dir, o && o->source ? o->source : csv, o, err, err_len);
    if (kind == PLOT_CSV_ODDS) plot_odds_figures(&c, csv);
    else plot_summary_figures(&c, csv, o);
    if (figures) *figures = c.drawn;
    return c.status;
}
