/* plot_csv.c -- a CSV table read whole with libcsv, for the figures
 * (plot_csv.h): its comment lines kept by key (those that open it, and any
 * between or after its rows, as pandas and R skip them), fields kept in
 * one buffer, rows indexed by their leading
 * fields (FNV-1a, open addressing). */
#include <csv.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "stats/report/plot_csv.h"

typedef struct {
    plot_table *t;
    int field;       /* fields of the current row so far */
    size_t line;     /* rows seen, the header included */
    bool row_ended;  /* a row ended in the text fed last */
    bool failed;
    char why[160];
} reader;

static bool grow(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap) return true;
    size_t n = *cap ? *cap : 256;
    while (n < need) n *= 2;
    void *q = realloc(*p, n * size);
    if (!q) return false;
    *p = q;
    *cap = n;
    return true;
}

static void on_field(void *s, size_t len, void *data)
{
    reader *r = data;
    plot_table *t = r->t;
    if (r->failed) return;
    if (r->field >= PLOT_MAX_COLS || (t->ncols && r->field >= t->ncols)) {
        r->failed = true;
        snprintf(r->why, sizeof r->why, "row %zu has more than %d fields", r->line + 1,
                 t->ncols ? t->ncols : PLOT_MAX_COLS);
        return;
    }
    if (!grow((void **)&t->text, &t->text_cap, t->text_len + len + 1, 1) ||
        !grow((void **)&t->offset, &t->offsets_cap, t->noffsets + 1, sizeof *t->offset)) {
        r->failed = true;
        snprintf(r->why, sizeof r->why, "out of memory");
        return;
    }
    t->offset[t->noffsets++] = t->text_len;
    if (len) memcpy(t->text + t->text_len, s, len);
    t->text_len += len;
    t->text[t->text_len++] = 0;
    r->field++;
}

static void on_row(int c, void *data)
{
    (void)c;
    reader *r = data;
    plot_table *t = r->t;
    if (r->failed) return;
    if (r->line == 0) t->ncols = r->field;
    else if (r->field != t->ncols) {
        r->failed = true;
        snprintf(r->why, sizeof r->why, "row %zu has %d fields, the header %d", r->line + 1, r->field, t->ncols);
        return;
    }
    r->line++;
    r->field = 0;
    r->row_ended = true;
}

/* A comment line being read (it may span two blocks). */
typedef struct {
    char *text;
    size_t len, cap;
} comment_line;

/* Keeps "# KEY: VALUE" (its escapes undone, csv_out_comment) as a comment. */
static bool keep_comment(plot_table *t, const char *s, size_t len)
{
    if (len < 1 || s[0] != '#') return true;
    s++, len--;
    if (len && *s == ' ') s++, len--;
    const char *colon = memchr(s, ':', len);
    if (!colon) return true; /* not a key: value line: read, not kept */
    if (!grow((void **)&t->comment, &t->comments_cap, t->ncomments + 1, sizeof *t->comment)) return false;
    size_t klen = (size_t)(colon - s);
    char *key = malloc(klen + 1), *value = malloc(len - klen + 1);
    if (!key || !value) {
        free(key);
        free(value);
        return false;
    }
    memcpy(key, s, klen);
    key[klen] = 0;
    const char *v = colon + 1, *end = s + len;
    if (v < end && *v == ' ') v++;
    char *o = value;
    for (; v < end; v++) {
        if (*v == '\\' && v + 1 < end && (v[1] == 'n' || v[1] == 'r')) {
            v++;
            *o++ = *v == 'n' ? '\n' : '\r';
        } else {
            *o++ = *v;
        }
    }
    *o = 0;
    t->comment[t->ncomments].key = key;
    t->comment[t->ncomments++].value = value;
    return true;
}

/* Takes the comment line going on at buf[0..n): its text up to its line
 * break kept (at the break, as a comment); returns the bytes taken, or
 * (size_t)-1 when out of memory. *done: the line ended. */
static size_t take_comment(plot_table *t, comment_line *line, const char *buf, size_t n, bool *done)
{
    const char *nl = memchr(buf, '\n', n);
    size_t k = nl ? (size_t)(nl - buf) : n;
    if (!grow((void **)&line->text, &line->cap, line->len + k + 1, 1)) return (size_t)-1;
    memcpy(line->text + line->len, buf, k);
    line->len += k;
    *done = nl != NULL;
    if (!nl) return n;
    if (line->len && line->text[line->len - 1] == '\r') line->len--;
    if (!keep_comment(t, line->text, line->len)) return (size_t)-1;
    line->len = 0;
    return k + 1;
}

const char *plot_table_comment(const plot_table *t, const char *key)
{
    for (size_t i = 0; i < t->ncomments; i++)
        if (strcmp(t->comment[i].key, key) == 0) return t->comment[i].value;
    return NULL;
}

plot_status plot_table_read(const char *path, plot_table *t, diag_t *diag)
{
    memset(t, 0, sizeof *t);
    FILE *f = fopen(path, "rb");
    if (!f) {
        diag_set(diag, path, 0, "%s", strerror(errno));
        return PLOT_ERR_INPUT;
    }
    struct csv_parser p;
    if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI) != 0) {
        fclose(f);
        diag_set(diag, path, 0, "out of memory");
        return PLOT_ERR_INPUT;
    }
    reader r = {.t = t};
    char buf[1 << 16];
    size_t n;
    bool parse_error = false;
    /* at the start of a line that starts a row (a '#' there begins a comment
     * line), or in a comment line */
    bool row_start = true, in_comment = false;
    comment_line line = {0};
    while (!r.failed && !parse_error && (n = fread(buf, 1, sizeof buf, f)) > 0) {
        if (memchr(buf, 0, n)) { /* binary: no CSV of ours has a NUL byte */
            parse_error = true;
            break;
        }
        for (size_t at = 0; at < n && !r.failed;) {
            if (in_comment || (row_start && buf[at] == '#')) {
                bool done;
                size_t k = take_comment(t, &line, buf + at, n - at, &done);
                if (k == (size_t)-1) {
                    r.failed = true;
                    snprintf(r.why, sizeof r.why, "out of memory");
                    break;
                }
                in_comment = !done;
                at += k;
                continue;
            }
            /* the text up to the next line break, to the parser */
            const char *nl = memchr(buf + at, '\n', n - at);
            size_t k = nl ? (size_t)(nl - (buf + at)) + 1 : n - at;
            r.row_ended = false;
            if (csv_parse(&p, buf + at, k, on_field, on_row, &r) != k) {
                parse_error = true;
                break;
            }
            row_start = nl && (r.row_ended || (row_start && k <= 2)); /* a row ended, or an empty line */
            at += k;
        }
    }
    free(line.text);
    bool read_error = ferror(f);
    fclose(f);
    if (!parse_error && !read_error && csv_fini(&p, on_field, on_row, &r) != 0) parse_error = true;
    csv_free(&p);
    if (read_error) {
        diag_set(diag, path, 0, "read error");
        plot_table_free(t);
        return PLOT_ERR_INPUT;
    }
    if (parse_error || r.failed || r.line == 0) {
        diag_set(diag, path, 0, "not a CSV table (%s)",
                 r.failed ? r.why : parse_error ? "malformed quoting or binary data" : "empty");
        plot_table_free(t);
        return PLOT_ERR_FORMAT;
    }
    t->nrows = r.line - 1;
    t->cell = malloc(((t->nrows + 1) * (size_t)t->ncols) * sizeof *t->cell);
    if (!t->cell) {
        diag_set(diag, path, 0, "out of memory");
        plot_table_free(t);
        return PLOT_ERR_INPUT;
    }
    for (int c = 0; c < t->ncols; c++) t->header[c] = t->text + t->offset[c];
    for (size_t i = 0; i < t->nrows * (size_t)t->ncols; i++) t->cell[i] = t->text + t->offset[(size_t)t->ncols + i];
    return PLOT_OK;
}

void plot_table_free(plot_table *t)
{
    for (size_t i = 0; i < t->ncomments; i++) {
        free(t->comment[i].key);
        free(t->comment[i].value);
    }
    free(t->comment);
    free(t->text);
    free(t->offset);
    free(t->cell);
    free(t->slot);
    memset(t, 0, sizeof *t);
}

bool plot_table_header_is(const plot_table *t, const char *const *names, int n)
{
    if (t->ncols != n) return false;
    for (int i = 0; i < n; i++)
        if (strcmp(t->header[i], names[i]) != 0) return false;
    return true;
}

static uint64_t key_hash(const char *const *fields, int n)
{
    uint64_t h = 1469598103934665603ULL;
    for (int i = 0; i < n; i++) {
        for (const unsigned char *p = (const unsigned char *)fields[i]; *p; p++) h = (h ^ *p) * 1099511628211ULL;
        h = (h ^ 0x1f) * 1099511628211ULL;
    }
    return h;
}

static bool row_has_key(const plot_table *t, size_t row, const char *const *key)
{
    for (int i = 0; i < t->key_cols; i++)
        if (strcmp(plot_cell(t, row, i), key[i]) != 0) return false;
    return true;
}

void plot_table_index(plot_table *t, int key_cols)
{
    free(t->slot);
    t->key_cols = key_cols < t->ncols ? key_cols : t->ncols;
    t->nslots = 64;
    while (t->nslots < 2 * t->nrows + 1) t->nslots *= 2;
    t->slot = calloc(t->nslots, sizeof *t->slot);
    if (!t->slot) {
        t->nslots = 0;
        return; /* plot_table_find then scans */
    }
    for (size_t r = 0; r < t->nrows; r++) {
        const char *key[PLOT_MAX_COLS];
        for (int i = 0; i < t->key_cols; i++) key[i] = plot_cell(t, r, i);
        size_t s = (size_t)(key_hash(key, t->key_cols) & (t->nslots - 1));
        while (t->slot[s] && !row_has_key(t, t->slot[s] - 1, key)) s = (s + 1) & (t->nslots - 1);
        if (!t->slot[s]) t->slot[s] = r + 1;
    }
}

long plot_table_find(const plot_table *t, const char *const *key)
{
    if (!t->nslots) {
        for (size_t r = 0; r < t->nrows; r++)
            if (row_has_key(t, r, key)) return (long)r;
        return -1;
    }
    size_t s = (size_t)(key_hash(key, t->key_cols) & (t->nslots - 1));
    while (t->slot[s]) {
        if (row_has_key(t, t->slot[s] - 1, key)) return (long)(t->slot[s] - 1);
        s = (s + 1) & (t->nslots - 1);
    }
    return -1;
}

double plot_num(const char *s)
{
    if (!s || !*s) return NAN;
    char *end;
    double v = strtod(s, &end);
    return *end ? NAN : v;
}
