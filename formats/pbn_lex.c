/* pbn_lex.c -- the PBN tokeniser (PBN 2.1 S3.2 tokens, S3.3 tag pairs, S3.8
 * comments). Strings are decoded in place: "\"" and "\\" are the only
 * escapes; any other backslash stays as written (pbnj_correct_10 game 4). */
#include <stdio.h>
#include <string.h>
#include "pbn_lex.h"

static inline bool is_space(int c) { return c == ' ' || c == '\t' || c == '\v'; }

const bool PBN_NAME_CHAR[256] = {
    ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1,
    ['8'] = 1, ['9'] = 1, ['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1,
    ['G'] = 1, ['H'] = 1, ['I'] = 1, ['J'] = 1, ['K'] = 1, ['L'] = 1, ['M'] = 1, ['N'] = 1,
    ['O'] = 1, ['P'] = 1, ['Q'] = 1, ['R'] = 1, ['S'] = 1, ['T'] = 1, ['U'] = 1, ['V'] = 1,
    ['W'] = 1, ['X'] = 1, ['Y'] = 1, ['Z'] = 1, ['_'] = 1, ['a'] = 1, ['b'] = 1, ['c'] = 1,
    ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1, ['h'] = 1, ['i'] = 1, ['j'] = 1, ['k'] = 1,
    ['l'] = 1, ['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1, ['s'] = 1,
    ['t'] = 1, ['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1, ['y'] = 1, ['z'] = 1,
};

/* What ends a section token without white space (S3.2). */
static inline bool ends_word(int c)
{
    return is_space(c) || c == '[' || c == ']' || c == '{' || c == '}' || c == ';' ||
           c == '"';
}

void pbn_lex_reset(pbn_lexer *lx)
{
    lx->tag_part = 0;
    lx->name_len = lx->value_len = 0;
}

void pbn_lex_line(pbn_lexer *lx, char *line, size_t len, uint64_t lineno)
{
    lx->p = line;
    lx->end = line + len;
    lx->line = lineno;
}

static pbn_tok_kind bad(pbn_lexer *lx, pbn_token *t, const char *fmt, const char *arg)
{
    snprintf(lx->why, sizeof lx->why, fmt, arg);
    t->kind = PBN_BAD;
    t->why = lx->why;
    t->line = lx->line;
    lx->p = lx->end;
    lx->tag_part = 0;
    return PBN_BAD;
}

/* True if one of the 8 bytes of w is c (w ^ c*ones has a zero byte). */
static inline bool word_has(uint64_t w, unsigned char c)
{
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    uint64_t x = w ^ (c * ones);
    return ((x - ones) & ~x & highs) != 0;
}

/* The first '"', '\\' or tab in [p, end), or end: one pass, 8 bytes at a
 * time (a tag value is read once, not once for each of the three). */
static char *string_stop(char *p, char *end)
{
    for (uint64_t w; end - p >= 8; p += 8) {
        memcpy(&w, p, 8);
        if (word_has(w, '"') || word_has(w, '\\') || word_has(w, '\t')) break;
    }
    while (p < end && *p != '"' && *p != '\\' && *p != '\t') p++;
    return p;
}

/* Reads the string token at lx->p (its opening quote), decoding it in place.
 * Returns NULL and sets *s, *n, or the reason it is not a string. */
static const char *read_string(pbn_lexer *lx, char **s, size_t *n)
{
    char *start = lx->p + 1;
    char *close = string_stop(start, lx->end);
    /* Most strings hold no backslash and no tab: they stand as written, up
     * to the first quote. */
    if (close < lx->end && *close == '"') {
        *close = 0;
        *s = start;
        *n = (size_t)(close - start);
        lx->p = close + 1;
        return NULL;
    }
    char *r = start, *w = start;
    for (; r < lx->end; r++) {
        char c = *r;
        if (c == '"') {
            *w = 0;
            *s = start;
            *n = (size_t)(w - start);
            lx->p = r + 1;
            return NULL;
        }
        if (c == '\\' && r + 1 < lx->end && (r[1] == '"' || r[1] == '\\')) c = *++r;
        else if (c == '\t') return "tab inside a string (PBN 2.3)";
        *w++ = c;
    }
    return "unterminated string (no closing '\"' on the line)";
}

static void skip_space(pbn_lexer *lx)
{
    while (lx->p < lx->end && is_space(*lx->p)) lx->p++;
}

/* Moves the name and value read so far off the line, which is about to go. */
static pbn_tok_kind keep_tag_across_lines(pbn_lexer *lx, pbn_token *t)
{
    if (lx->tag_part >= 2 && t->text != lx->name) {
        memcpy(lx->name, t->text, lx->name_len);
        t->text = lx->name;
    }
    if (lx->tag_part >= 3 && t->value != lx->value) {
        if (lx->value_len >= PBN_VALUE_MAX) {
            lx->p = lx->end;
            return bad(lx, t, "value of a tag spanning lines is longer than %s characters",
                       "255");
        }
        memcpy(lx->value, t->value, lx->value_len + 1);
        t->value = lx->value;
    }
    return t->kind = PBN_EOL;
}

/* Continues a tag pair: name, string, ']' (S3.3), white space and line ends
 * allowed between them. t->text/t->value carry what was read. */
static pbn_tok_kind lex_tag(pbn_lexer *lx, pbn_token *t)
{
    if (lx->tag_part >= 2) {
        t->text = lx->name;
        t->len = lx->name_len;
    }
    if (lx->tag_part >= 3) {
        t->value = lx->value;
        t->value_len = lx->value_len;
    }
    for (;;) {
        skip_space(lx);
        if (lx->p == lx->end) return keep_tag_across_lines(lx, t);
        char c = *lx->p;
        if (c == '{' || c == ';') return bad(lx, t, "comment inside a tag pair%s", "");
        switch (lx->tag_part) {
        case 1: {
            char *s = lx->p;
            while (lx->p < lx->end && pbn_name_char(*lx->p)) lx->p++;
            size_t n = (size_t)(lx->p - s);
            if (n == 0)
                return bad(lx, t, c == ']' ? "tag pair without a name%s"
                                           : "bad character in a tag name%s", "");
            if (n >= PBN_NAME_MAX) return bad(lx, t, "tag name longer than %s characters", "63");
            t->text = s;
            t->len = lx->name_len = n;
            lx->tag_part = 2;
            break;
        }
        case 2: {
            char name[PBN_NAME_MAX];
            memcpy(name, t->text, t->len);
            name[t->len] = 0;
            if (c != '"')
                return bad(lx, t, c == ']' ? "tag %s has no value"
                                           : "tag %s: the value must be a quoted string", name);
            const char *why = read_string(lx, &t->value, &t->value_len);
            if (why) return bad(lx, t, "%s", why);
            lx->value_len = t->value_len;
            lx->tag_part = 3;
            break;
        }
        default:
            if (c != ']') {
                char name[PBN_NAME_MAX];
                memcpy(name, t->text, t->len);
                name[t->len] = 0;
                return bad(lx, t, "tag %s is not closed by ']'", name);
            }
            lx->p++;
            lx->tag_part = 0;
            t->kind = PBN_TAG;
            t->line = lx->tag_line;
            return PBN_TAG;
        }
    }
}

pbn_tok_kind pbn_lex_next(pbn_lexer *lx, pbn_token *t)
{
    if (lx->in_comment) {
        char *close = memchr(lx->p, '}', (size_t)(lx->end - lx->p));
        if (!close) {
            lx->p = lx->end;
            return t->kind = PBN_EOL;
        }
        lx->p = close + 1;
        lx->in_comment = false;
    }
    if (lx->tag_part) return lex_tag(lx, t);
    skip_space(lx);
    if (lx->p == lx->end) return t->kind = PBN_EOL;
    t->line = lx->line;
    switch (*lx->p) {
    case '[':
        lx->p++;
        lx->tag_part = 1;
        lx->tag_line = lx->line;
        return lex_tag(lx, t);
    case '{':
        lx->p++;
        lx->in_comment = true;
        lx->comment_line = lx->line;
        return t->kind = PBN_COMMENT;
    case ';':
        lx->p = lx->end;
        return t->kind = PBN_COMMENT;
    case '"': {
        char *s;
        const char *why = read_string(lx, &s, &t->len);
        if (why) return bad(lx, t, "%s", why);
        t->text = s;
        return t->kind = PBN_STRING;
    }
    case ']':
        return bad(lx, t, "unexpected ']'%s", "");
    case '}':
        return bad(lx, t, "unexpected '}' outside a comment%s", "");
    default: {
        char *s = lx->p;
        while (lx->p < lx->end && !ends_word(*lx->p)) lx->p++;
        t->text = s;
        t->len = (size_t)(lx->p - s);
        return t->kind = PBN_WORD;
    }
    }
}

/* Length of the UTF-8 sequence starting at s (2..4), or 0 if it is not one. */
static int utf8_len(const unsigned char *s, size_t n)
{
    int len = s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC2 ? 2 : 0;
    if (len == 0 || (size_t)len > n) return 0;
    for (int i = 1; i < len; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    return len;
}

/* True if one of the 8 bytes of w is below 0x20 or at least 0x7F. */
static inline bool word_has_special(uint64_t w)
{
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    uint64_t low = (w - 0x20 * ones) & ~w & highs; /* a byte < 0x20 */
    return ((w & highs) | low) != 0 || word_has(w, 0x7F);
}

long pbn_bad_char(const char *text, size_t n)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t i = 0;
    for (uint64_t w; i + 8 <= n; i += 8) { /* plain ASCII, 8 bytes at a time */
        memcpy(&w, s + i, 8);
        if (word_has_special(w)) break;
    }
    for (; i < n; i++) {
        unsigned c = s[i];
        if (c >= 0x20 && c < 0x7F) continue;
        if (c == '\t' || c == '\v') continue;
        if (c < 0x20 || c == 0x7F) return (long)i;
        int len = utf8_len(s + i, n - i);
        if (len) {
            i += (size_t)len - 1;
            continue;
        }
        if (c < 0xA0) return (long)i; /* a C1 control code, not Latin-1 text */
    }
    return -1;
}
