/* diag.h -- one diagnostic about the input: file, line (or record) and reason.
 * Every reader and writer reports through this, so messages read the same
 * everywhere: "x.pbn:812: hand E has 12 cards". */
#ifndef WHISTLAB_DIAG_H
#define WHISTLAB_DIAG_H

#include <stdint.h>
#include <stdio.h>

/* The room for a reason, its NUL included. A reason is a few words beside
 * at most one or two of the user's texts, each bounded where it is read: a
 * PBN line (255 characters by the standard), a tag name (63), a convention's
 * name with its options (287, analyze/lead/convention_model.h); the file
 * goes in `file`, printed whole. 1024 holds the longest of these twice
 * over, so no reason is cut (it was 256, and buffers of 160 on the way cut
 * reasons at 159). Buffers a reason is written into first take this size. */
#define DIAG_REASON_SIZE 1024

typedef struct {
    const char *file;
    uint64_t line;      /* 0 when the problem is not at a line */
    char reason[DIAG_REASON_SIZE];
} diag_t;

/* Empties d (no file, no line, an empty reason) by its first bytes: for
 * the loops that clear a diagnostic every record, where zeroing all of its
 * DIAG_REASON_SIZE bytes would cost more than reading the record. */
static inline void diag_clear(diag_t *d)
{
    d->file = NULL;
    d->line = 0;
    d->reason[0] = 0;
}

/* Fills d; reason is printf-formatted. */
void diag_set(diag_t *d, const char *file, uint64_t line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Fills d's reason alone (printf-formatted): for a function that knows
 * what is wrong but not where; its caller keeps or sets file and line. */
void diag_reason(diag_t *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Prints "file:line: reason\n" (or "file: reason") to f. */
void diag_print(FILE *f, const diag_t *d);

/* The same line, without the line break, into buf. */
void diag_format(char *buf, size_t len, const diag_t *d);

#endif
