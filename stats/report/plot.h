/* plot.h -- the figures of a run, drawn by gnuplot from its CSV tables.
 *
 * One path for every command: the figures are made from a CSV file, the
 * summary table of replay and merge (--csv-summary, report.h) or the odds
 * table (odds --csv, odds_report.h), so that `whistlab plot SUMMARY.csv DIR`
 * draws exactly what `replay --plot DIR` draws.
 *
 * For each figure NAME it writes into DIR the data NAME.dat (whitespace
 * columns, a header comment naming each), the gnuplot script NAME.gp (the
 * run's provenance in comments, a style block of line types to restyle,
 * titles, axis labels with units, a key entry per series; it sets the svg
 * terminal and `set output 'NAME.svg'`, paths relative to DIR), and runs
 * gnuplot on the script with DIR as its working directory (fork and exec,
 * no shell) to make NAME.svg. Users redraw or restyle a figure with
 * `cd DIR && gnuplot NAME.gp`.
 *
 * Figures of a summary CSV:
 *   conventions      per convention, mean tricks per deal (95% CI, Student t
 *                    over the deals) and mean cost against the best lead
 *                    (95% CI, paired)
 *   net-gain         mean net gain of each pair (95% CI), with its p-value
 *   by-trumps        net gain by trumps held by the eldest hand, a series per
 *                    pair (the pairs the text report's breakdowns show)
 *   by-longest-suit  the same by the eldest hand's longest plain suit
 *   differences      the distribution of the per-deal differences of each
 *                    pair (the same pairs)
 * Figures of an odds CSV: odds-TABLE for each table with probability rows:
 *   the exact probability, the book's figure and the corpus frequency with
 *   its confidence interval, and beside them the book's and the corpus's
 *   departure from the exact value in percentage points.
 *
 * Nothing here prints or exits: failures come back as a diag_t
 * (formats/diag.h), what gnuplot writes and the figures drawn or not drawn
 * through the hooks of plot_opts; the front end (cli/cmd_plot.c) prints
 * them. */
#ifndef WHISTLAB_STATS_PLOT_H
#define WHISTLAB_STATS_PLOT_H

#include <stdbool.h>
#include <stddef.h>
#include "formats/diag.h"

#define PLOT_MIN_DEALS_DEFAULT 10
/* ... and by default a breakdown level also needs one deal in this many of
 * the run's: at a million deals a level of 13 deals (a 10-card suit) has an
 * interval some hundred times those of the levels that hold the deals, and
 * on the one scale of the panels it would flatten them to dots. */
#define PLOT_MIN_DEALS_PER 10000

/* The figures' names: the stems of a summary's (NAME.dat, NAME.gp,
 * NAME.svg; a breakdown's is in its row, stats/measure.h) and the prefix
 * of an odds table's (odds-TABLE). */
#define PLOT_FIG_CONVENTIONS "conventions"
#define PLOT_FIG_NET_GAIN "net-gain"
#define PLOT_FIG_DIFFERENCES "differences"
#define PLOT_FIG_ROUND_ROBIN "round-robin"
#define PLOT_FIG_ODDS_PREFIX "odds-"

/* Whether name (a file name, no directory) is one the figures write: the
 * .dat, .gp, .svg, .png or .pdf of a figure above. For the front ends, which refuse
 * to draw over an input (issue 25 item 6). */
bool plot_is_figure_file(const char *name);

/* The formats a figure is drawn in, beside its script and data: SVG
 * always by default; PNG and PDF with gnuplot's pngcairo and pdfcairo
 * terminals. */
typedef enum {
    PLOT_SVG = 1,
    PLOT_PNG = 2,
    PLOT_PDF = 4,
} plot_format;

/* Reads a list of formats, "svg,png,pdf" or any of them; false with bad
 * the word not known (cut at 40 bytes). */
bool plot_formats_parse(const char *list, unsigned *formats, char *bad, size_t bad_len);
/* The formats of a PLOT_ bit set as plot_formats_parse reads them
 * ("png,pdf"), into buf; "" for none. */
void plot_formats_text(unsigned formats, char *buf, size_t len);

typedef struct {
    /* The gnuplot program: NULL for $WHISTLAB_GNUPLOT, else "gnuplot"
     * (searched on PATH). */
    const char *gnuplot;
    /* Breakdown levels (by-holding: cards) with fewer deals are not drawn
     * (their intervals would swamp the figure); 0: PLOT_MIN_DEALS_DEFAULT,
     * and for the comparison's breakdowns one deal in PLOT_MIN_DEALS_PER of
     * the run's where that is more. The figure says so. */
    int min_deals;
    /* The formats to draw, plot_format bits; 0: SVG only. */
    unsigned formats;
    /* What the figures come from, for the scripts' comments; NULL: the
     * CSV's path. */
    const char *source;
    /* What the caller hears while the figures are drawn (each hook may be
     * NULL; ctx is passed back). drawn: the path DIR/NAME.EXT of each
     * file drawn (NAME.svg, NAME.png, NAME.pdf). note: a figure not drawn and why (file DIR/NAME.svg,
     * reason "not drawn: ..."), a line gnuplot wrote (file DIR/NAME.gp,
     * reason "PROGRAM: LINE"), and each failure after the first (the first
     * is the call's diag). The path and the diag last for the call only. */
    void (*drawn)(void *ctx, const char *svg);
    void (*note)(void *ctx, const diag_t *d);
    void *ctx;
} plot_opts;

typedef enum {
    PLOT_OK = 0,
    PLOT_ERR_INPUT,      /* the CSV cannot be read */
    PLOT_ERR_FORMAT,     /* not a summary (or odds) CSV, or one without results */
    PLOT_ERR_DIR,        /* DIR cannot be made, or a file in it written */
    PLOT_ERR_NO_GNUPLOT, /* gnuplot not found: the .dat and .gp files are written */
    PLOT_ERR_GNUPLOT,    /* gnuplot failed on a script */
} plot_status;

typedef enum {
    PLOT_CSV_SUMMARY, /* replay/merge --csv-summary only */
    PLOT_CSV_ODDS,    /* odds --csv only */
    PLOT_CSV_ANY,     /* either, told by its header */
} plot_kind;

/* Draws the figures of csv into dir (made if missing, parents too).
 * *figures (may be NULL) receives the number of figures drawn in every
 * format asked for. On
 * failure diag says what failed and what to do (its file csv, dir or the
 * gnuplot program; a file made in dir is named in its reason; for a missing
 * gnuplot, the Debian package to install); the figures that could be
 * drawn are drawn. */
plot_status plot_from_csv(const char *csv, const char *dir, plot_kind kind, const plot_opts *o,
                          int *figures, diag_t *diag);

/* Makes dir (and its parents) if missing and checks that files can be
 * created in it: commands call it before a long run, so that a bad --plot
 * fails at once. A name holding a control character (a line break) is
 * refused: every script names dir. PLOT_ERR_DIR with diag filled if not. */
plot_status plot_prepare_dir(const char *dir, diag_t *diag);

/* Whether the gnuplot program of o (NULL: the default) can be run: found
 * on PATH, or executable when given with a '/'. */
bool plot_gnuplot_found(const plot_opts *o);

/* The diagnostic of a gnuplot that cannot be found: its file the program,
 * its reason the Debian package to install. */
void plot_no_gnuplot(const plot_opts *o, diag_t *diag);

/* A new empty temporary file for a command's CSV table when the user asked
 * for none ($TMPDIR or /tmp, "whistlab-STEM-XXXXXX.csv"); path receives
 * its name, to unlink when done. False with diag filled on failure. */
bool plot_temp_csv(const char *stem, char *path, size_t path_len, diag_t *diag);

#endif
