/* claims_file.c -- the reading of a claims file (README.md here: one claim
 * a block of "key value" lines). Hostile text is normal input: every field
 * is checked for its length and form, and the first error is reported as
 * "file:line: reason" with nothing kept. */
#include "analyze/claims/claims.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define CLAIMS_MAX 1000
#define LINE_MAX_BYTES 4096

static bool id_ok(const char *s)
{
    if (!*s) return false;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '-' && *s != '_' && *s != '.') return false;
    return true;
}

/* Copies src into dst (cap bytes) whole; false if it does not fit. */
static bool put(char *dst, size_t cap, const char *src)
{
    size_t n = strlen(src);
    if (n >= cap) return false;
    memcpy(dst, src, n + 1);
    return true;
}

static bool parse_u32(const char *s, uint32_t *v)
{
    if (!isdigit((unsigned char)*s)) return false;
    char *end;
    unsigned long long x = strtoull(s, &end, 10);
    if (*end || x == 0 || x > 10000000ULL) return false;
    *v = (uint32_t)x;
    return true;
}

/* "12" or "12-14"; "ext": outside the five books (Hoyle), no line */
static bool parse_lines(char *s, claim *c)
{
    if (strcmp(s, "ext") == 0) {
        c->line_from = c->line_to = 0;
        return true;
    }
    char *dash = strchr(s, '-');
    if (dash) *dash = 0;
    if (!parse_u32(s, &c->line_from)) return false;
    c->line_to = c->line_from;
    if (dash && (!parse_u32(dash + 1, &c->line_to) || c->line_to < c->line_from)) return false;
    return true;
}

static bool parse_dir(const char *s, claim_dir *d)
{
    if (strcmp(s, ">") == 0) *d = CLAIM_GT;
    else if (strcmp(s, "<") == 0) *d = CLAIM_LT;
    else if (strcmp(s, "=") == 0) *d = CLAIM_EQ;
    else return false;
    return true;
}

/* Splits s at runs of blanks into at most max words; the count. */
static int split(char *s, char *w[], int max)
{
    int n = 0;
    for (char *p = strtok(s, " \t"); p; p = strtok(NULL, " \t")) {
        if (n == max) return max + 1;
        w[n++] = p;
    }
    return n;
}

/* The "test" line's words into c; NULL, or what is wrong. */
static const char *parse_test(char *value, claim *c)
{
    char *w[6];
    int n = split(value, w, 5);
    if (n == 0) return "test: expected dd, play, share, odds or none";
    if (strcmp(w[0], "dd") == 0 || strcmp(w[0], "play") == 0) {
        c->kind = w[0][0] == 'd' ? CLAIM_DD : CLAIM_PLAY;
        if (n != 4 || !parse_dir(w[2], &c->dir) || c->dir == CLAIM_EQ)
            return "test: expected \"dd X > Y\" or \"play X < Y\" (X, Y conventions)";
        if (!put(c->conv[0], sizeof c->conv[0], w[1]) || !put(c->conv[1], sizeof c->conv[1], w[3]))
            return "test: a convention's name is longer than 287 bytes";
        if (strcmp(c->conv[0], c->conv[1]) == 0) return "test: X and Y are the same convention";
        return NULL;
    }
    if (strcmp(w[0], "share") == 0) {
        c->kind = CLAIM_SHARE;
        if (n != 3 || !parse_dir(w[1], &c->dir) || !rat_parse(w[2], &c->p) || !rat_valid(c->p) ||
            c->p.num < 0 || c->p.num > c->p.den)
            return "test: expected \"share > P\", \"share < P\" or \"share = P\", P a fraction in 0..1";
        if (c->dir == CLAIM_EQ && c->p.num != 0 && c->p.num != c->p.den)
            return "test: share = P only for P 0 or 1 (a certainty); otherwise > or <";
        return NULL;
    }
    if (strcmp(w[0], "odds") == 0) {
        c->kind = CLAIM_ODDS;
        if (n != 3) return "test: expected \"odds TABLE ROW\"";
        if (!put(c->table, sizeof c->table, w[1]) || !put(c->row, sizeof c->row, w[2]))
            return "test: odds table or row name too long";
        return NULL;
    }
    if (strcmp(w[0], "none") == 0) {
        c->kind = CLAIM_NONE;
        return n == 1 ? NULL : "test: none takes nothing (say why with reason)";
    }
    return "test: expected dd, play, share, odds or none";
}

/* The claim just ended: what it lacks; NULL when whole. */
static const char *incomplete(const claim *c, bool has_test)
{
    if (!c->book[0]) return "claim without a book line (book NAME LINE)";
    if (!c->words[0]) return "claim without the book's words (words ...)";
    if (!c->short_words[0]) return "claim without its short words (short ...)";
    if (!has_test) return "claim without a test (test ...)";
    if (c->kind == CLAIM_SHARE && !c->event[0]) return "a share test needs an event (event EXPR)";
    if (c->kind == CLAIM_NONE && !c->reason[0]) return "test none needs the reason (reason ...)";
    if (c->kind != CLAIM_NONE && c->reason[0]) return "reason is for test none only";
    if (c->kind != CLAIM_SHARE && c->event[0]) return "event is for share tests only";
    if ((c->kind == CLAIM_ODDS || c->kind == CLAIM_NONE) && c->where[0])
        return "where is for dd, play and share tests only";
    return NULL;
}

typedef struct {
    claim_set *set;
    int cap;
    bool open, has_test;
    uint64_t open_line;
    uint64_t err_line; /* an incomplete claim is reported at its own line */
} parse_state;

static const char *close_claim(parse_state *st)
{
    if (!st->open) return NULL;
    st->open = false;
    const char *why = incomplete(&st->set->claim[st->set->n - 1], st->has_test);
    if (why) st->err_line = st->open_line;
    return why;
}

static const char *open_claim(parse_state *st, const char *id, uint64_t line)
{
    const char *why = close_claim(st);
    if (why) return why;
    if (!id_ok(id) || strlen(id) >= CLAIM_ID_LEN)
        return "claim: expected an id of letters, digits, '-', '_', '.' (at most 47)";
    for (int i = 0; i < st->set->n; i++)
        if (strcmp(st->set->claim[i].id, id) == 0) return "claim: this id is used already";
    if (st->set->n == CLAIMS_MAX) return "too many claims (at most 1000)";
    if (st->set->n == st->cap) {
        int cap = st->cap ? st->cap * 2 : 32;
        claim *grown = realloc(st->set->claim, (size_t)cap * sizeof *grown);
        if (!grown) return "out of memory";
        st->set->claim = grown;
        st->cap = cap;
    }
    claim *c = &st->set->claim[st->set->n++];
    memset(c, 0, sizeof *c);
    strcpy(c->id, id);
    c->at_line = line;
    st->open = true;
    st->has_test = false;
    st->open_line = line;
    return NULL;
}

/* Appends text to a field, a blank between lines. */
static bool append(char *dst, size_t cap, const char *text)
{
    size_t have = strlen(dst), n = strlen(text);
    size_t need = have + (have ? 1 : 0) + n;
    if (need >= cap) return false;
    if (have) dst[have++] = ' ';
    memcpy(dst + have, text, n + 1);
    return true;
}

static const char *take_line(parse_state *st, char *line, uint64_t at)
{
    char *key = line, *value = line;
    while (*value && *value != ' ' && *value != '\t') value++;
    if (*value) *value++ = 0;
    while (*value == ' ' || *value == '\t') value++;
    if (strcmp(key, "claim") == 0) return open_claim(st, value, at);
    if (!st->open) return "expected \"claim ID\" first";
    claim *c = &st->set->claim[st->set->n - 1];
    if (!*value) return "a key without its value";
    if (strcmp(key, "book") == 0) {
        char *w[3];
        if (c->book[0]) return "book given twice";
        if (split(value, w, 2) != 2 || !id_ok(w[0]) || !put(c->book, sizeof c->book, w[0]) ||
            !parse_lines(w[1], c))
            return "book: expected NAME LINE, NAME FIRST-LAST (e.g. dicks 1398-1399) or NAME ext";
        return NULL;
    }
    if (strcmp(key, "words") == 0)
        return append(c->words, sizeof c->words, value) ? NULL : "words: too long (at most 639 bytes)";
    if (strcmp(key, "short") == 0) {
        if (c->short_words[0]) return "short given twice";
        return put(c->short_words, sizeof c->short_words, value) ? NULL : "short: too long (at most 63 bytes)";
    }
    if (strcmp(key, "test") == 0) {
        if (st->has_test) return "test given twice";
        st->has_test = true;
        return parse_test(value, c);
    }
    if (strcmp(key, "where") == 0 || strcmp(key, "event") == 0) {
        char *field = key[0] == 'w' ? c->where : c->event;
        if (field[0]) return key[0] == 'w' ? "where given twice" : "event given twice";
        return put(field, CLAIM_EXPR_LEN, value) ? NULL : "condition too long (at most 255 bytes)";
    }
    if (strcmp(key, "reason") == 0)
        return append(c->reason, sizeof c->reason, value) ? NULL : "reason: too long (at most 639 bytes)";
    return "unknown key (claim, book, words, short, test, where, event, reason)";
}

bool claims_parse(const char *text, size_t len, const char *name, claim_set *out, diag_t *diag)
{
    parse_state st = {.set = out};
    out->claim = NULL;
    out->n = 0;
    char line[LINE_MAX_BYTES];
    uint64_t at = 0;
    const char *why = NULL;
    size_t i = 0;
    while (i < len && !why) {
        size_t start = i;
        while (i < len && text[i] != '\n') i++;
        size_t n = i - start;
        at++;
        if (i < len) i++;
        for (size_t b = 0; b < n && !why; b++) {
            unsigned char ch = (unsigned char)text[start + b];
            /* the words reach terminals and CSV cells: no control bytes (a
             * tab is a blank, a CR may end a line) */
            bool line_end = ch == '\r' && b == n - 1;
            if (ch == 0) why = "a NUL byte";
            else if ((ch < 0x20 && ch != '\t' && !line_end) || ch == 0x7f) why = "a control character";
        }
        if (!why && n >= sizeof line) why = "line too long (at most 4095 bytes)";
        if (why) break;
        memcpy(line, text + start, n);
        while (n > 0 && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t')) n--;
        line[n] = 0;
        char *p = line;
        while (*p == ' ' || *p == '\t') p++;
        if (!*p || *p == '#') continue;
        why = take_line(&st, p, at);
    }
    if (!why) {
        why = close_claim(&st);
        if (!why && out->n == 0) {
            why = "no claims";
            at = 0;
        }
    }
    if (why) {
        if (st.err_line) at = st.err_line;
        diag_set(diag, name, at, "%s", why);
        claims_free(out);
        return false;
    }
    return true;
}

void claims_free(claim_set *s)
{
    free(s->claim);
    s->claim = NULL;
    s->n = 0;
}
