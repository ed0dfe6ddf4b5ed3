/* plot_impl.h -- what the figure writers of plot.h share: a CSV table read
 * whole with libcsv, the files of a figure (NAME.dat, NAME.gp, NAME.svg in
 * DIR), gnuplot quoting, the common script head, and running gnuplot. */
#ifndef WHISTLAB_STATS_PLOT_IMPL_H
#define WHISTLAB_STATS_PLOT_IMPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "plot.h"

/* ---- a CSV table, read whole ---- */

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

/* Whether the header is exactly names[0..n-1]. */
bool plot_table_header_is(const plot_table *t, const char *const *names, int n);

/* Indexes the rows by their first key_cols fields (the first row of a key
 * wins); then plot_table_find returns the row of a key, or -1. */
void plot_table_index(plot_table *t, int key_cols);
long plot_table_find(const plot_table *t, const char *const *key);

/* A field as a number: NaN when empty or not a number. */
double plot_num(const char *s);

/* ---- the files of the figures ---- */

#define PLOT_OPEN_MAX 2 /* files of a figure open at once: its data and its script */

typedef struct {
    const char *dir;
    const char *source;  /* the CSV the figures come from, for the comments */
    const plot_opts *o;
    const char *program; /* gnuplot */
    int drawn;           /* SVG files made */
    plot_status status;  /* the first failure */
    diag_t *diag;        /* ... said here; later ones go to o->note */
    bool no_gnuplot;     /* known missing: the scripts are written, not run */
    /* The files of the figure being written (NAME.dat, NAME.gp), each
     * whole or absent: under a temporary name until closed (out_file.h). */
    struct {
        struct out_file *out;
        char path[4352];
    } open[PLOT_OPEN_MAX];
} plot_ctx;

void plot_ctx_init(plot_ctx *c, const char *dir, const char *source, const plot_opts *o, diag_t *diag);

/* Makes the directory, once the table is read; false (failure recorded)
 * if it cannot be made or written. */
bool plot_ctx_ready(plot_ctx *c);

/* Records a failure: the first in c->diag and c->status, a later one as a
 * note. file: a string that outlives the call (the CSV, DIR, the program)
 * or NULL, a path made here being named in the reason. */
void plot_fail(plot_ctx *c, plot_status st, const char *file, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Opens DIR/NAME.EXT for writing, under a temporary name beside it; NULL
 * (failure recorded) if it cannot. At most PLOT_OPEN_MAX at once. */
FILE *plot_file_open(plot_ctx *c, const char *name, const char *ext);
/* Closes it and puts it in place; false (failure recorded, the file
 * absent) if a write failed. */
bool plot_file_close(plot_ctx *c, FILE *f, const char *name, const char *ext);

/* Runs gnuplot on DIR/NAME.gp in DIR, after removing an older NAME.svg
 * (a failed run leaves no figure that looks current); the figure is drawn
 * into a temporary file (the umask's mode, as every output) and renamed to
 * NAME.svg when gnuplot succeeded and the figure ends with its closing tag,
 * so that it is whole or absent. Counts the figure or records the failure. */
void plot_render(plot_ctx *c, const char *name);

/* A note (o->note) on the figure NAME not drawn: its file DIR/NAME.svg,
 * its reason "not drawn: " and the text. */
void plot_not_drawn(plot_ctx *c, const char *name, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Every text of the user's (file and directory names, the table's cells)
 * reaches a script or a data file through these (issue 25 item 5): in a
 * single-quoted string, where gnuplot substitutes nothing (no `command`,
 * no @macro) and ' is the one character to escape, or in a comment line
 * it cannot end. */

/* Writes the comment line "# " and the text of fmt, in a script or a data
 * file: its control characters as '?' (a line break would end the comment
 * and start a command), a backslash at its end (which continues a
 * comment) followed by a space. */
void gp_comment(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Writes s as a single-quoted gnuplot string (' doubled; line breaks and
 * control characters as spaces). */
void gp_str(FILE *f, const char *s);
/* Writes s as a double-quoted field of a data file (" and control
 * characters as spaces, which gnuplot's data reader cannot escape). */
void dat_str(FILE *f, const char *s);
/* A number for a data file: %.10g, or NaN (gnuplot skips the point). */
void dat_num(FILE *f, double v);

/* The lines of a figure's title: a headline, what it rests on, notes
 * (each may be NULL or empty: left out). */
typedef struct {
    const char *line[4];
} plot_title;

/* Writes `set title` (or `set multiplot ... title` with layout set) for t. */
void gp_title_expr(FILE *f, const plot_title *t);

/* The head of every script: what it draws, where its data come from, how
 * to redraw it; the provenance lines (NULL-terminated, may be NULL); the
 * terminal (svg, width x height), output NAME.svg, and the style block. */
void gp_head(FILE *f, const plot_ctx *c, const char *name, const char *what, const char *const *prov,
             int width, int height);

/* The figures of each kind of table, into c (its status says how it went). */
plot_status plot_summary_figures(plot_ctx *c, const char *csv, const plot_opts *o);
plot_status plot_odds_figures(plot_ctx *c, const char *csv);

#endif
