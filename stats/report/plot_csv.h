/* plot_csv.h -- a CSV table read whole with libcsv, for the figure writers
 * (plot_summary.c, plot_odds.c): its cells by row and column, its rows
 * found by their leading fields. Private to the figures of plot.h. */
#ifndef WHISTLAB_STATS_PLOT_CSV_H
#define WHISTLAB_STATS_PLOT_CSV_H

#include <stdbool.h>
#include <stddef.h>
#include "stats/report/plot.h"

#define PLOT_MAX_COLS 64

typedef struct {
    int ncols;
    size_t nrows;                  /* data rows, the header not counted */
    const char *header[PLOT_MAX_COLS];
    const char **cell;             /* nrows * ncols; "" for an empty field */
    /* storage */
    char *text;
    size_t text_len, text_cap;
    size_t *offset;                /* into text, (nrows + 1) * ncols */
    size_t noffsets, offsets_cap;
    /* rows indexed by the text of their first key_cols fields */
    int key_cols;
    size_t *slot;                  /* row + 1, 0 = empty */
    size_t nslots;
    /* the "# KEY: VALUE" lines before the header (csv_out_comment) */
    struct {
        char *key, *value;
    } *comment;
    size_t ncomments, comments_cap;
} plot_table;

/* Reads path whole. PLOT_ERR_INPUT (cannot open or read), PLOT_ERR_FORMAT
 * (not CSV, more than PLOT_MAX_COLS columns, rows of another width), diag
 * filled (its file path). */
plot_status plot_table_read(const char *path, plot_table *t, diag_t *diag);
void plot_table_free(plot_table *t);

static inline const char *plot_cell(const plot_table *t, size_t row, int col)
{
    return t->cell[row * (size_t)t->ncols + (size_t)col];
}

/* The value of the comment KEY before the header, or NULL. */
const char *plot_table_comment(const plot_table *t, const char *key);

/* Whether the header is exactly names[0..n-1]. */
bool plot_table_header_is(const plot_table *t, const char *const *names, int n);

/* Indexes the rows by their first key_cols fields (the first row of a key
 * wins); then plot_table_find returns the row of a key, or -1. */
void plot_table_index(plot_table *t, int key_cols);
long plot_table_find(const plot_table *t, const char *const *key);

/* A field as a number: NaN when empty or not a number. */
double plot_num(const char *s);

#endif
