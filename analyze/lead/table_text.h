/* table_text.h -- a convention table file's bytes, read once a process.
 *
 * A table file is read for two jobs: the convention is compiled from its
 * text, and the report and state file record the digest of that text. Both
 * take the one reading kept here, so that a table given as a pipe or a
 * FIFO (`--conventions <(...)`) is read whole, once, and the digest a
 * report prints is the digest of the very text it compiled (issue 25: an
 * input is read once). A regular file changed since it was read (another
 * inode, size or modification time) is read anew. */
#ifndef WHISTLAB_TABLE_TEXT_H
#define WHISTLAB_TABLE_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include "formats/diag.h"
#include "formats/digest128.h"

/* At most this many bytes of a table are read: a larger file is not a
 * convention table, and one byte more is enough to tell it. */
#define TABLE_TEXT_MAX (1 << 20)

typedef struct {
    const char *text;  /* the bytes read, NUL-terminated; kept for the process */
    size_t len;        /* at most TABLE_TEXT_MAX + 1 */
    digest128 digest;  /* of those bytes (digest128_bytes) */
} table_text;

/* Whether path names something that can be opened as a table (it exists
 * and is no directory), found without opening it: a FIFO's writer is not
 * disturbed by the question. */
bool table_file_exists(const char *path);

/* The bytes of the table file at path, read on first use. False with diag
 * filled ("path: cannot open: ...", "path: read error"). Thread-safe. */
bool table_text_read(const char *path, table_text *out, diag_t *diag);

#endif
