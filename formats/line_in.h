/* line_in.h -- streaming line input from a file, a gzip file or stdin.
 *
 * Compression is detected from the content (gz_in.h), so "x.pbn",
 * "x.pbn.gz" and "-" all work alike. A line ends at LF, CRLF or CR (old Mac
 * files), mixed as they come. Memory is bounded: a line longer than
 * LINE_IN_MAX_BYTES is reported and skipped, never buffered whole. */
#ifndef WHISTLAB_LINE_IN_H
#define WHISTLAB_LINE_IN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "diag.h"

#define LINE_IN_MAX_BYTES (1u << 20)

typedef struct line_in line_in;

enum {
    LINE_EOF = -1,      /* no more lines */
    LINE_TOO_LONG = -2, /* the line was skipped; diag says where; reading goes on */
    LINE_BINARY = -3,   /* the line holds a NUL byte; skipped (*line is its text,
                           each NUL made SUB 0x1A, for a reader to tell what it
                           was); reading goes on */
    LINE_FATAL = -4,    /* I/O error, truncated or damaged gzip, junk after it: stop */
};

/* Opens path ("-" = standard input). NULL with diag filled on failure. */
line_in *line_in_open(const char *path, diag_t *diag);
/* The same over a descriptor already open, called name in diagnostics (kept,
 * not copied; closed with the line_in when own_fd): the reader front end
 * opens an input once, to detect its format and read it (issue 25 item 7). */
line_in *line_in_from_fd(int fd, bool own_fd, const char *name, diag_t *diag);
void line_in_close(line_in *in);

/* Next line, without its line end; *line stays valid until the next call
 * and is NUL-terminated. Returns its length, or a LINE_* code. The lines
 * before a gzip fault all come first; then LINE_FATAL names the fault's
 * byte offset in the file. */
long line_in_next(line_in *in, char **line, diag_t *diag);

/* Number of the line last returned (1-based). */
uint64_t line_in_lineno(const line_in *in);

/* The name the file was opened with ("-" shows as "<stdin>"). */
const char *line_in_name(const line_in *in);

/* The first bytes of the (decompressed) content, without consuming them, for
 * format detection. Returns how many are available (up to 64 KiB). */
size_t line_in_peek(line_in *in, const char **buf);

#endif
