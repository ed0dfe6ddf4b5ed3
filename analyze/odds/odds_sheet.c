/* odds_sheet.c -- aligned odds tables that fit a width (odds_sheet.h).
 * Cells are kept until printing: a column's width is known only once all
 * its cells are, and so is whether the line fits. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/odds/odds_sheet.h"

typedef struct {
    char *cell[SHEET_MAX_COLS];
    char *note; /* lines under the row, '\n' between them */
} sheet_line;

struct odds_sheet {
    char header[SHEET_MAX_COLS][48];
    char align[SHEET_MAX_COLS];
    int drop[SHEET_MAX_COLS];
    int ncols;
    sheet_line *rows;
    int nrows, cap;
};

odds_sheet *sheet_new(void) { return calloc(1, sizeof(odds_sheet)); }

int sheet_column(odds_sheet *s, const char *header, char align, int drop)
{
    if (!s || s->ncols == SHEET_MAX_COLS) return SHEET_MAX_COLS;
    snprintf(s->header[s->ncols], sizeof s->header[0], "%s", header);
    s->align[s->ncols] = align;
    s->drop[s->ncols] = drop;
    return s->ncols++;
}

void sheet_row(odds_sheet *s)
{
    if (!s) return;
    if (s->nrows == s->cap) {
        int cap = s->cap ? 2 * s->cap : 64;
        sheet_line *r = realloc(s->rows, (size_t)cap * sizeof *r);
        if (!r) return;
        s->rows = r;
        s->cap = cap;
    }
    memset(&s->rows[s->nrows++], 0, sizeof(sheet_line));
}

static char *vformat(const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int len = vsnprintf(NULL, 0, fmt, again);
    va_end(again);
    char *text = len >= 0 ? malloc((size_t)len + 1) : NULL;
    if (text) vsnprintf(text, (size_t)len + 1, fmt, ap);
    return text;
}

void sheet_set(odds_sheet *s, int col, const char *fmt, ...)
{
    if (!s || !s->nrows || col < 0 || col >= s->ncols) return;
    sheet_line *r = &s->rows[s->nrows - 1];
    va_list ap;
    va_start(ap, fmt);
    free(r->cell[col]);
    r->cell[col] = vformat(fmt, ap);
    va_end(ap);
}

void sheet_note(odds_sheet *s, const char *fmt, ...)
{
    if (!s || !s->nrows) return;
    sheet_line *r = &s->rows[s->nrows - 1];
    va_list ap;
    va_start(ap, fmt);
    char *text = vformat(fmt, ap);
    va_end(ap);
    if (!text) return;
    if (r->note) {
        size_t a = strlen(r->note), b = strlen(text);
        char *both = realloc(r->note, a + b + 2);
        if (both) {
            both[a] = '\n';
            memcpy(both + a + 1, text, b + 1);
            r->note = both;
        }
        free(text);
    } else r->note = text;
}

void sheet_wrap(FILE *f, const char *text, int first, int rest)
{
    int indent = first;
    while (*text) {
        int room = SHEET_WIDTH - indent, len = (int)strlen(text);
        int cut = len;
        if (len > room) { /* the last space that fits, else the first after */
            cut = room;
            while (cut > 0 && text[cut] != ' ') cut--;
            if (cut == 0) {
                const char *sp = strchr(text, ' ');
                cut = sp ? (int)(sp - text) : len;
            }
        }
        fprintf(f, "%*s%.*s\n", indent, "", cut, text);
        text += cut;
        while (*text == ' ') text++;
        indent = rest;
    }
}

void sheet_print_free(odds_sheet *s, FILE *f, bool wide)
{
    if (!s) return;
    int width[SHEET_MAX_COLS];
    bool shown[SHEET_MAX_COLS], left_out[SHEET_MAX_COLS] = {0};
    for (int c = 0; c < s->ncols; c++) {
        width[c] = (int)strlen(s->header[c]);
        shown[c] = false; /* a column with no cell is not shown */
        for (int i = 0; i < s->nrows; i++) {
            const char *t = s->rows[i].cell[c];
            if (t && *t) shown[c] = true;
            if (t && (int)strlen(t) > width[c]) width[c] = (int)strlen(t);
        }
    }
    /* Leave out the columns that matter least, those of one rank together,
     * until the line fits. */
    for (;;) {
        int total = 0, least = 0;
        for (int c = 0; c < s->ncols; c++) {
            if (!shown[c]) continue;
            total += 2 + width[c]; /* the indent, or the gap before it */
            if (s->drop[c] && (!least || s->drop[c] < least)) least = s->drop[c];
        }
        if (wide || total <= SHEET_WIDTH || !least) break;
        for (int c = 0; c < s->ncols; c++)
            if (shown[c] && s->drop[c] == least) shown[c] = false, left_out[c] = true;
    }
    int rule = 0;
    for (int c = 0; c < s->ncols; c++)
        if (shown[c]) rule += (rule ? 2 : 0) + width[c];
    char *line = malloc((size_t)rule + 8);
    for (int i = -1; line && i < s->nrows; i++) {
        int at = sprintf(line, "  ");
        bool first = true;
        for (int c = 0; c < s->ncols; c++) {
            if (!shown[c]) continue;
            const char *t = i < 0 ? s->header[c] : s->rows[i].cell[c] ? s->rows[i].cell[c] : "";
            at += sprintf(line + at, s->align[c] == 'r' ? "%s%*s" : "%s%-*s", first ? "" : "  ", width[c], t);
            first = false;
        }
        while (at > 0 && line[at - 1] == ' ') at--; /* no trailing blanks */
        fprintf(f, "%.*s\n", at, line);
        if (i < 0) {
            fputs("  ", f);
            for (int k = 0; k < rule; k++) fputc('-', f);
            fputc('\n', f);
        } else if (s->rows[i].note) {
            char *note = s->rows[i].note;
            for (char *line = note; line;) {
                char *nl = strchr(line, '\n');
                if (nl) *nl = 0;
                sheet_wrap(f, line, 6, 8);
                line = nl ? nl + 1 : NULL;
            }
        }
    }
    free(line);
    char left[256] = "";
    size_t at = 0;
    for (int c = 0; c < s->ncols && at < sizeof left; c++) {
        bool again = false; /* a header named before */
        for (int d = 0; d < c; d++) again |= left_out[d] && strcmp(s->header[d], s->header[c]) == 0;
        if (left_out[c] && !again) at += (size_t)snprintf(left + at, sizeof left - at, "%s%s", at ? ", " : "", s->header[c]);
    }
    if (at) fprintf(f, "  (--wide adds: %s)\n", left);
    for (int i = 0; i < s->nrows; i++) {
        for (int c = 0; c < s->ncols; c++) free(s->rows[i].cell[c]);
        free(s->rows[i].note);
    }
    free(s->rows);
    free(s);
}
