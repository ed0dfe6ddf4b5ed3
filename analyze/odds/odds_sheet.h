/* odds_sheet.h -- the layout of one odds table on the terminal: columns of
 * text cells, each row with an optional note printed under it, and a width
 * limit met by leaving out the columns that matter least (odds.md S2.1; the
 * --wide option prints every column). */
#ifndef WHISTLAB_STATS_ODDS_SHEET_H
#define WHISTLAB_STATS_ODDS_SHEET_H

#include <stdbool.h>
#include <stdio.h>

#define SHEET_MAX_COLS 16
#define SHEET_WIDTH 100 /* columns of a line, unless wide */

typedef struct odds_sheet odds_sheet;

/* NULL when out of memory. */
odds_sheet *sheet_new(void);
/* A column: its header (copied, up to 47 characters), 'l' or 'r'
 * alignment, and when it is left out to fit the width: 0 never, else the
 * lower, the sooner (columns of one rank together). Returns its index. */
int sheet_column(odds_sheet *s, const char *header, char align, int drop);
/* Starts a row; cells not set stay empty. */
void sheet_row(odds_sheet *s);
void sheet_set(odds_sheet *s, int col, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A line printed under the current row, wrapped to the width. */
void sheet_note(odds_sheet *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Prints the header, a rule and the rows, indented by 2, each line at most
 * SHEET_WIDTH columns unless wide (then every column); says which columns
 * were left out. Frees s. */
void sheet_print_free(odds_sheet *s, FILE *f, bool wide);

/* Prints text wrapped at SHEET_WIDTH: the first line indented by first,
 * the others by rest. */
void sheet_wrap(FILE *f, const char *text, int first, int rest);

#endif
