/* reader_notes.h -- what the format back ends note about a file besides its
 * deals (reader_notes.c), read by the front end's callers through
 * deal_reader_notes (reader.h). */
#ifndef WHISTLAB_READER_NOTES_H
#define WHISTLAB_READER_NOTES_H

#include <stdint.h>
#include "diag.h"

/* What the reader passed over or put right, so that `check` can report it
 * and nothing is dropped or changed silently:
 * - tags whistlab does not use;
 * - repairs: a producer's known quirk undone (counted by kind);
 * - warnings: a record that contradicts itself in what whistlab does not
 *   need (say [Contract] against [Auction]); its deal is still returned. */
#define READER_PENDING_MAX 4
/* A tag name with its NUL: PBN's longest (the lexer refuses a longer one,
 * pbn_lex.h), so that `check` names every unused tag whole. */
#define READER_TAG_NAME_SIZE 64
typedef struct {
    uint64_t ignored_tags;     /* tag occurrences not used by whistlab */
    char ignored_names[8][READER_TAG_NAME_SIZE]; /* first distinct ignored tag names */
    int n_ignored_names;
    uint64_t repairs;          /* all repairs */
    uint64_t repair_count[8];  /* per kind, for the first kinds */
    char repair_names[8][128];
    int n_repair_kinds;
    uint64_t warnings;         /* all warnings */
    uint64_t long_lines;       /* of them, lines longer than PBN allows (read all
                                  the same): no contradiction */
    diag_t pending[READER_PENDING_MAX]; /* those of the last deal_reader_next */
    int n_pending;
} reader_notes;

/* Counts one occurrence of an unused tag named tag. */
void reader_note_ignored(reader_notes *n, const char *tag);
/* Counts one repair of the kind described by what. */
void reader_note_repair(reader_notes *n, const char *what);
/* A warning at line (the front end fills in the file). */
void reader_note_warning(reader_notes *n, uint64_t line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
