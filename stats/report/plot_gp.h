/* plot_gp.h -- the files of a figure (NAME.dat, NAME.gp, NAME.svg in DIR),
 * gnuplot quoting, the common script head, tics that fit a panel, and
 * running gnuplot: what the figure writers (plot_summary.c, plot_odds.c,
 * plot_holding.c) share. Private to the figures of plot.h. */
#ifndef WHISTLAB_STATS_PLOT_GP_H
#define WHISTLAB_STATS_PLOT_GP_H

#include <stdbool.h>
#include <stdio.h>
#include "stats/report/plot.h"

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
    const char *line[5];
} plot_title;

/* Writes `set title` (or `set multiplot ... title` with layout set) for t. */
void gp_title_expr(FILE *f, const plot_title *t);

/* The head of every script: what it draws, where its data come from, how
 * to redraw it; the provenance lines (NULL-terminated, may be NULL); the
 * terminal (svg, width x height), output NAME.svg, and the style block. */
void gp_head(FILE *f, const plot_ctx *c, const char *name, const char *what, const char *const *prov,
             int width, int height);

/* The width of a character in pixels, for laying out a figure: of a tic's
 * or a row's label, and of a panel's title (the SVG's 11-12 px font;
 * cairo's points come out alike). */
#define GP_LABEL_PX 7.0
#define GP_TITLE_PX 7.5

/* The step of an axis's tics from lo to hi on an axis px pixels long: the
 * smallest of 1, 2, 5 times a power of ten whose labels fit side by side
 * with a space between (gnuplot's own choice crowds a narrow panel: eleven
 * labels of "-0.15" in 180 pixels). */
double gp_tic_step(double lo, double hi, double px);

#endif
