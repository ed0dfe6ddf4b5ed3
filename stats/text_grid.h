/* text_grid.h -- a table of text cells printed with aligned columns, for the
 * terminal output of the reports. */
#ifndef WHISTLAB_STATS_TEXT_GRID_H
#define WHISTLAB_STATS_TEXT_GRID_H

#include <stdio.h>

typedef struct text_grid text_grid;

/* align: one letter per column, 'l' or 'r'. NULL when out of memory. */
text_grid *grid_new(const char *align);
/* Appends a cell to the current row (printf format). */
void grid_cell(text_grid *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void grid_end_row(text_grid *g);
/* A rule of dashes under the row before it (after the header). */
void grid_rule(text_grid *g);
/* Prints every row, each line indented by indent spaces, then frees g. */
void grid_print_free(text_grid *g, FILE *f, int indent);

#endif
