/* text_grid.c -- aligned text tables. Cells are kept until printing, since
 * a column's width is known only once all its cells are. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "text_grid.h"

#define GRID_MAX_COLS 16

typedef struct {
    char *cell[GRID_MAX_COLS];
    int ncells;
    int closed; /* grid_end_row was called */
    int rule;   /* print a rule instead of cells */
} grid_row;

struct text_grid {
    char align[GRID_MAX_COLS + 1];
    int ncols;
    grid_row *rows;
    int nrows, cap;
    int failed; /* out of memory: cells are dropped */
};

text_grid *grid_new(const char *align)
{
    text_grid *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->ncols = (int)strlen(align);
    if (g->ncols > GRID_MAX_COLS) g->ncols = GRID_MAX_COLS;
    memcpy(g->align, align, (size_t)g->ncols);
    return g;
}

static grid_row *current(text_grid *g)
{
    if (g->nrows == 0 || g->rows[g->nrows - 1].closed) {
        if (g->nrows == g->cap) {
            int cap = g->cap ? 2 * g->cap : 32;
            grid_row *r = realloc(g->rows, (size_t)cap * sizeof *r);
            if (!r) {
                g->failed = 1;
                return NULL;
            }
            g->rows = r;
            g->cap = cap;
        }
        memset(&g->rows[g->nrows++], 0, sizeof(grid_row));
    }
    return &g->rows[g->nrows - 1];
}

void grid_cell(text_grid *g, const char *fmt, ...)
{
    grid_row *r = current(g);
    if (!r || r->ncells >= g->ncols) return;
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = len >= 0 ? malloc((size_t)len + 1) : NULL;
    if (s) {
        va_start(ap, fmt);
        vsnprintf(s, (size_t)len + 1, fmt, ap);
        va_end(ap);
    } else g->failed = 1;
    r->cell[r->ncells++] = s;
}

void grid_end_row(text_grid *g)
{
    grid_row *r = current(g);
    if (r) r->closed = 1;
}

void grid_rule(text_grid *g)
{
    grid_row *r = current(g);
    if (!r) return;
    r->rule = 1;
    grid_end_row(g);
}

void grid_print_free(text_grid *g, FILE *f, int indent)
{
    if (!g) return;
    int width[GRID_MAX_COLS] = {0};
    for (int i = 0; i < g->nrows; i++) {
        grid_row *r = &g->rows[i];
        int n = r->ncells;
        for (int c = 0; c < n; c++) {
            int w = r->cell[c] ? (int)strlen(r->cell[c]) : 0;
            if (w > width[c]) width[c] = w;
        }
    }
    for (int i = 0; i < g->nrows; i++) {
        grid_row *r = &g->rows[i];
        int n = r->ncells;
        fprintf(f, "%*s", indent, "");
        if (r->rule) {
            int total = 0;
            for (int c = 0; c < g->ncols; c++) total += width[c] + (c ? 2 : 0);
            for (int k = 0; k < total; k++) fputc('-', f);
            fputc('\n', f);
            continue;
        }
        int last = n - 1; /* no trailing blanks */
        while (last >= 0 && (!r->cell[last] || !*r->cell[last])) last--;
        for (int c = 0; c <= last; c++) {
            const char *s = r->cell[c] ? r->cell[c] : "";
            if (c) fputs("  ", f);
            if (g->align[c] == 'r') fprintf(f, "%*s", width[c], s);
            else if (c == last) fputs(s, f);
            else fprintf(f, "%-*s", width[c], s);
        }
        fputc('\n', f);
        for (int c = 0; c < n; c++) free(r->cell[c]);
    }
    if (g->failed) fputs("(output cut short: out of memory)\n", f);
    free(g->rows);
    free(g);
}
