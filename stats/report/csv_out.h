/* csv_out.h -- writing CSV tables (RFC 4180: comma-separated, a header
 * row, text fields quoted when they hold a comma, a quote, a line break or a
 * '#' (a comment's mark for pandas and R); numbers bare; `#` comment lines
 * before the header (csv_out_comment); an unknown number is an empty field, which R and
 * pandas read as NA). Row at a time, constant memory. */
#ifndef WHISTLAB_STATS_CSV_OUT_H
#define WHISTLAB_STATS_CSV_OUT_H

#include <stdbool.h>
#include <stdio.h>
#include "formats/diag.h"

typedef struct csv_out csv_out;

/* Creates path ("-" = standard output) and writes the header row: under a
 * temporary name beside it until csv_out_close (formats/out_file.h), gzip-
 * compressed when the name ends in .gz. NULL with diag filled (the path
 * and the reason) on failure. */
csv_out *csv_out_open(const char *path, const char *const header[], int ncols, diag_t *diag);

/* As csv_out_open, for a run that may stop and resume: the rows go to a
 * temporary of this run's own, PATH.partial.XXXXXX (created exclusively:
 * two runs writing one PATH never take each other's, issue 25 item 14),
 * renamed to PATH by csv_out_close, kept for a resume by csv_out_keep. */
csv_out *csv_out_open_resumable(const char *path, const char *const header[], int ncols, diag_t *diag);

/* The name of a resumable table's temporary, for the state file to find it
 * again; NULL for any other table. */
const char *csv_out_partial(const csv_out *c);

/* Reopens the temporary `partial` of a resumable table of path (NULL:
 * PATH.partial, the name of state files written before issue 25), cut
 * back to its first `offset` bytes (where a checkpoint left it,
 * csv_out_sync), to append rows. NULL with diag filled; also when the file
 * is now shorter than offset (cut or replaced since): it is then left as
 * it is. */
csv_out *csv_out_resume(const char *path, const char *partial, long offset, int ncols, diag_t *diag);

/* Ends a resumable table whose run is complete but was stopped before the
 * rename (a state file that says so, issue 25 item 12): `partial`, cut to
 * `offset` bytes, renamed to path. True as well when partial is gone and
 * path is there (the rename was done). False with diag's reason filled
 * when neither is there, or partial holds fewer bytes. */
bool csv_out_finish(const char *path, const char *partial, long offset, diag_t *diag);

/* A comment line "# KEY: VALUE" (what the table rests on: version, command,
 * inputs, settings), to be called before the first row: the header row is
 * held back until then, so the comments open the file (pandas
 * read_csv(comment='#'), R read.csv(comment.char='#')). In VALUE a line
 * break is written \n or \r, so a comment is one line. */
void csv_out_comment(csv_out *c, const char *key, const char *value);
/* The same line written to f, for a table written by other means. */
void csv_comment_write(FILE *f, const char *key, const char *value);

void csv_out_text(csv_out *c, const char *s);
void csv_out_int(csv_out *c, long long v);
/* %.*f with `decimals` places; NaN and infinities as an empty field. */
void csv_out_num(csv_out *c, double v, int decimals);
/* %.*g with `digits` significant digits (a small p-value keeps its
 * magnitude); NaN and infinities as an empty field. */
void csv_out_sig(csv_out *c, double v, int digits);
/* Ends the row (fields not given are written empty). */
void csv_out_end_row(csv_out *c);

/* Keeps the cells of the row being written so far, to begin each of the
 * next rows with (csv_out_row_repeat) without formatting them again: a
 * deal's cells, the same in each of its rows. False when they are too
 * long to keep (then write them again). */
bool csv_out_row_keep(csv_out *c);
/* Begins a row with the cells kept by csv_out_row_keep. */
void csv_out_row_repeat(csv_out *c);

/* Flushes and returns the byte size written so far (for checkpoints; in
 * a .gz table, the end of a gzip member); -1 if a write failed. A
 * resumable table's temporary is synced to disk first: the state file
 * that records its size may then say so (issue 25, item 15). */
long csv_out_sync(csv_out *c);

/* Closes: a table is renamed to its name only now, whole (a resumable one
 * from its temporary), the directory synced. False if any write failed, with diag's reason
 * filled, and a new table is then not created: "path:
 * write failed: ..." (the path is gone with c: it is in the text). */
int csv_out_close(csv_out *c, diag_t *diag);

/* Closes a resumable table for a later csv_out_resume: its temporary
 * is kept, synced to disk (any other table: csv_out_close). */
int csv_out_keep(csv_out *c, diag_t *diag);

#endif
