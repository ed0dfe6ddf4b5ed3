/* pbn_lex.h -- the PBN tokeniser: tag pairs, section tokens, strings and
 * comments, one line at a time (PBN 2.1 S3.2-3.3, S3.8).
 *
 * A tag pair or a brace comment may span lines, so the lexer keeps that
 * state between lines; everything else is a pointer into the caller's line,
 * which the lexer may rewrite in place (string escapes are decoded there). */
#ifndef WHISTLAB_PBN_LEX_H
#define WHISTLAB_PBN_LEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "diag.h"

/* A character of a tag name (S3.3: letters, digits, '_'; ASCII whatever the
 * locale), by table: the tokeniser asks this of every character of every
 * tag name. */
extern const bool PBN_NAME_CHAR[256];
static inline bool pbn_name_char(int c) { return PBN_NAME_CHAR[(unsigned char)c]; }

typedef enum {
    PBN_EOL,     /* the line is used up */
    PBN_TAG,     /* a whole tag pair: name, value */
    PBN_WORD,    /* a section token (call, card, table element, ...) */
    PBN_STRING,  /* a string token in section data (decoded) */
    PBN_COMMENT, /* a comment began here; its text is skipped */
    PBN_BAD,     /* bad syntax: why says what; the rest of the line is dropped */
} pbn_tok_kind;

#define PBN_NAME_MAX 64
#define PBN_VALUE_MAX 256

typedef struct {
    pbn_tok_kind kind;
    const char *text; /* WORD, STRING: the token; TAG: the name */
    size_t len;
    char *value;      /* TAG: the decoded value, NUL-terminated */
    size_t value_len;
    uint64_t line;    /* where the token (a tag: its '[') began */
    const char *why;  /* BAD */
} pbn_token;

typedef struct {
    char *p, *end;       /* the unread rest of the current line */
    uint64_t line;
    bool in_comment;     /* inside { ... } */
    uint64_t comment_line;
    int tag_part;        /* of a tag pair spanning lines: 0 none, 1 '[' read,
                            2 name read, 3 value read */
    uint64_t tag_line;
    char name[PBN_NAME_MAX];
    size_t name_len;
    char value[PBN_VALUE_MAX];
    size_t value_len;
    char why[DIAG_REASON_SIZE];
} pbn_lexer;

/* Forgets a half-read tag (a new game starts); a brace comment stays open. */
void pbn_lex_reset(pbn_lexer *lx);

/* Starts on line number lineno (len bytes, NUL-terminated, writable). */
void pbn_lex_line(pbn_lexer *lx, char *line, size_t len, uint64_t lineno);

/* The next token of the line; PBN_EOL when the line is used up. */
pbn_tok_kind pbn_lex_next(pbn_lexer *lx, pbn_token *t);

/* Characters the standard does not allow in a text line (PBN 2.2): control
 * characters other than tab, DEL, and the C1 codes 128-159 unless they are
 * part of a UTF-8 sequence (modern files carry UTF-8 in strings and notes).
 * Returns the offset of the first one, or -1. */
long pbn_bad_char(const char *s, size_t n);

#endif
