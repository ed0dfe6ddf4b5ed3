/* line_in.c -- buffered line input over gz_in (plain and gzip alike).
 *
 * One buffer of LINE_IN_MAX_BYTES plus a read chunk: a line is returned in
 * place when it fits; a longer one is skipped to its end and reported, so
 * memory stays bounded whatever the input. A line ends at LF, CRLF or a CR
 * alone; a CR that ends the bytes at hand ends its line at once, and an LF
 * that comes next is then passed over (after_cr). */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "gz_in.h"
#include "line_in.h"

#define CHUNK (256u << 10)
#define PEEK_MAX (64u << 10)

/* The next place of a byte in buf: at, when found; else buf[start..at)
 * were searched and hold none. A file that has no CR (or no LF, or no NUL)
 * is searched for one once a chunk, not at every line. */
typedef struct {
    size_t at;
    bool found;
} next_byte;

struct line_in {
    gz_in *src;
    const char *name;
    char *buf;
    size_t cap, start, end; /* unread bytes are buf[start..end) */
    next_byte lf, cr, nul; /* where the next LF, CR and NUL are */
    bool after_cr; /* the line before ended at a CR: an LF next is its CRLF */
    uint64_t lineno;
    int eof;
    int bom_checked;
};

/* A line_in called name, reading from src (NULL: gz_in's open failed, diag
 * says why; taken over, closed with the line_in). */
static line_in *line_in_over(gz_in *src, const char *name, diag_t *diag)
{
    if (!src) return NULL;
    line_in *in = calloc(1, sizeof *in);
    if (!in) {
        diag_set(diag, name, 0, "out of memory");
        gz_in_close(src);
        return NULL;
    }
    in->name = name;
    in->src = src;
    in->cap = LINE_IN_MAX_BYTES + CHUNK + 1;
    in->buf = malloc(in->cap);
    if (!in->buf) {
        diag_set(diag, name, 0, "out of memory");
        line_in_close(in);
        return NULL;
    }
    return in;
}

line_in *line_in_open(const char *path, diag_t *diag)
{
    const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    return line_in_over(gz_in_open(path, name, diag), name, diag);
}

line_in *line_in_from_fd(int fd, bool own_fd, const char *name, diag_t *diag)
{
    return line_in_over(gz_in_from_fd(fd, own_fd, name, diag), name, diag);
}

void line_in_close(line_in *in)
{
    if (!in) return;
    gz_in_close(in->src);
    free(in->buf);
    free(in);
}

/* Drops buf[0..start): the unread bytes move to the front. */
static void compact(line_in *in)
{
    memmove(in->buf, in->buf + in->start, in->end - in->start);
    in->end -= in->start;
    next_byte *nb[3] = {&in->lf, &in->cr, &in->nul};
    for (int i = 0; i < 3; i++) {
        if (nb[i]->at >= in->start) {
            nb[i]->at -= in->start;
        } else { /* one passed over: search again */
            nb[i]->at = 0;
            nb[i]->found = false;
        }
    }
    in->start = 0;
}

/* Appends up to one chunk at buf[end]; returns bytes added, 0 at end of
 * input, -1 on a read or decompression error (diag filled). */
static long fill(line_in *in, diag_t *diag)
{
    if (in->eof) return 0;
    if (in->start > 0 && in->cap - in->end < CHUNK) compact(in);
    size_t room = in->cap - 1 - in->end;
    if (room > CHUNK) room = CHUNK;
    if (room == 0) return 0;
    long n = gz_in_read(in->src, in->buf + in->end, room, diag);
    if (n < 0) {
        diag->file = in->name;
        diag->line = in->lineno + 1;
        return -1;
    }
    if (n == 0) {
        in->eof = 1;
        return 0;
    }
    in->end += (size_t)n;
    return n;
}

size_t line_in_peek(line_in *in, const char **buf)
{
    diag_t ignored;
    while (!in->eof && in->end - in->start < PEEK_MAX)
        if (fill(in, &ignored) <= 0) break;
    *buf = in->buf + in->start;
    size_t n = in->end - in->start;
    return n < PEEK_MAX ? n : PEEK_MAX;
}

/* The place of the first c in buf[from..end), or end. */
static size_t next_of(line_in *in, next_byte *nb, char c, size_t from)
{
    if (nb->found ? nb->at >= from : nb->at >= in->end) return nb->at;
    size_t at = !nb->found && nb->at > from ? nb->at : from;
    char *hit = memchr(in->buf + at, c, in->end - at);
    nb->found = hit != NULL;
    nb->at = hit ? (size_t)(hit - in->buf) : in->end;
    return nb->at;
}

/* The first line end (CR or LF) in buf[from..end), or NULL. */
static char *find_eol(line_in *in, size_t from)
{
    size_t lf = next_of(in, &in->lf, '\n', from), cr = next_of(in, &in->cr, '\r', from);
    size_t at = lf < cr ? lf : cr;
    return at < in->end ? in->buf + at : NULL;
}

/* Passes over the line end at eol: LF, CR, or CRLF (its LF may come with
 * the next bytes: after_cr). */
static void pass_eol(line_in *in, char *eol)
{
    in->start = (size_t)(eol - in->buf) + 1;
    if (*eol != '\r') return;
    if (in->start < in->end) {
        if (in->buf[in->start] == '\n') in->start++;
    } else {
        in->after_cr = true;
    }
}

/* Skips the rest of an over-long line, up to and including its line end. */
static long skip_long_line(line_in *in, diag_t *diag)
{
    uint64_t at = in->lineno;
    for (;;) {
        char *eol = find_eol(in, in->start);
        if (eol) {
            pass_eol(in, eol);
            break;
        }
        in->start = in->end;
        long n = fill(in, diag);
        if (n < 0) return LINE_FATAL;
        if (n == 0) break;
    }
    diag_set(diag, in->name, at, "line longer than %u bytes: skipped", LINE_IN_MAX_BYTES);
    return LINE_TOO_LONG;
}

long line_in_next(line_in *in, char **line, diag_t *diag)
{
    for (;;) {
        if (in->after_cr && in->start < in->end) {
            in->after_cr = false;
            if (in->buf[in->start] == '\n') in->start++;
        }
        char *p = in->buf + in->start;
        size_t avail = in->end - in->start;
        char *eol = in->after_cr ? NULL : find_eol(in, in->start);
        if (eol || (in->eof && avail > 0) || avail > LINE_IN_MAX_BYTES) {
            in->lineno++;
            if (!eol && avail > LINE_IN_MAX_BYTES) return skip_long_line(in, diag);
            size_t len = eol ? (size_t)(eol - p) : avail;
            /* the line's NULs, looked for before its end becomes one */
            size_t nul_at = next_of(in, &in->nul, 0, in->start);
            char *nul = nul_at < in->start + len ? in->buf + nul_at : NULL;
            if (eol) pass_eol(in, eol);
            else in->start = in->end;
            p[len] = 0;
            if (!in->bom_checked) {
                in->bom_checked = 1;
                if (len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0) {
                    p += 3;
                    len -= 3;
                }
            }
            *line = p;
            if (nul) { /* shown to the reader with each NUL as SUB (0x1A), to tell what it was */
                for (; nul; nul = memchr(nul, 0, len - (size_t)(nul - p))) *nul = 0x1A;
                diag_set(diag, in->name, in->lineno, "binary data (NUL byte) in a text line");
                return LINE_BINARY;
            }
            return (long)len;
        }
        if (in->eof) return LINE_EOF;
        if (fill(in, diag) < 0) return LINE_FATAL;
    }
}

uint64_t line_in_lineno(const line_in *in) { return in->lineno; }
const char *line_in_name(const line_in *in) { return in->name; }
