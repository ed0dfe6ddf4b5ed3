/* line_in.c -- buffered line input over zlib (plain and gzip alike).
 *
 * One buffer of LINE_IN_MAX_BYTES plus a read chunk: a line is returned in
 * place when it fits; a longer one is skipped to its end and reported, so
 * memory stays bounded whatever the input. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include "line_in.h"

#define CHUNK (256u << 10)
#define PEEK_MAX (64u << 10)

struct line_in {
    gzFile gz;
    const char *name;
    char *buf;
    size_t cap, start, end; /* unread bytes are buf[start..end) */
    uint64_t lineno;
    int eof;
    int bom_checked;
};

line_in *line_in_open(const char *path, diag_t *diag)
{
    int is_stdin = strcmp(path, "-") == 0;
    const char *name = is_stdin ? "<stdin>" : path;
    line_in *in = calloc(1, sizeof *in);
    if (!in) {
        diag_set(diag, name, 0, "out of memory");
        return NULL;
    }
    in->name = name;
    in->cap = LINE_IN_MAX_BYTES + CHUNK + 1;
    in->buf = malloc(in->cap);
    in->gz = is_stdin ? gzdopen(dup(0), "rb") : gzopen(path, "rb");
    if (!in->buf || !in->gz) {
        diag_set(diag, name, 0, "cannot open: %s", errno ? strerror(errno) : "out of memory");
        line_in_close(in);
        return NULL;
    }
    gzbuffer(in->gz, CHUNK);
    return in;
}

void line_in_close(line_in *in)
{
    if (!in) return;
    if (in->gz) gzclose(in->gz);
    free(in->buf);
    free(in);
}

/* Appends up to one chunk at buf[end]; returns bytes added, 0 at end of
 * input, -1 on a read or decompression error (diag filled). */
static long fill(line_in *in, diag_t *diag)
{
    if (in->eof) return 0;
    if (in->start > 0 && in->cap - in->end < CHUNK) {
        memmove(in->buf, in->buf + in->start, in->end - in->start);
        in->end -= in->start;
        in->start = 0;
    }
    size_t room = in->cap - 1 - in->end;
    if (room > CHUNK) room = CHUNK;
    if (room == 0) return 0;
    int n = gzread(in->gz, in->buf + in->end, (unsigned)room);
    if (n < 0 || (n == 0 && !gzeof(in->gz))) {
        int err;
        const char *msg = gzerror(in->gz, &err);
        diag_set(diag, in->name, in->lineno + 1, "read error: %s",
                 err == Z_ERRNO ? strerror(errno) : msg);
        return -1;
    }
    if (n == 0) {
        int err;
        const char *msg = gzerror(in->gz, &err);
        if (err == Z_BUF_ERROR) { /* zlib's "unexpected end of file" */
            diag_set(diag, in->name, in->lineno + 1,
                     "truncated gzip stream (%s)", msg);
            return -1;
        }
        if (err != Z_OK) {
            diag_set(diag, in->name, in->lineno + 1, "corrupt gzip stream (%s)", msg);
            return -1;
        }
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

/* Skips the rest of an over-long line, up to and including its newline. */
static long skip_long_line(line_in *in, diag_t *diag)
{
    uint64_t at = in->lineno;
    for (;;) {
        char *nl = memchr(in->buf + in->start, '\n', in->end - in->start);
        if (nl) {
            in->start = (size_t)(nl - in->buf) + 1;
            break;
        }
        in->start = in->end = 0;
        long n = fill(in, diag);
        if (n < 0) return LINE_FATAL;
        if (n == 0) break;
    }
    diag_set(diag, in->name, at, "line longer than %u bytes: skipped", LINE_IN_MAX_BYTES);
    return LINE_TOO_LONG;
}

long line_in_next(line_in *in, char **line, diag_t *diag)
{
    size_t scanned = 0;
    for (;;) {
        char *p = in->buf + in->start;
        size_t avail = in->end - in->start;
        char *nl = memchr(p + scanned, '\n', avail - scanned);
        if (nl || (in->eof && avail > 0) || avail > LINE_IN_MAX_BYTES) {
            in->lineno++;
            if (!nl && avail > LINE_IN_MAX_BYTES) return skip_long_line(in, diag);
            size_t len = nl ? (size_t)(nl - p) : avail;
            in->start += len + (nl ? 1 : 0);
            if (len && p[len - 1] == '\r') len--;
            p[len] = 0;
            if (!in->bom_checked) {
                in->bom_checked = 1;
                if (len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0) {
                    p += 3;
                    len -= 3;
                }
            }
            if (memchr(p, 0, len)) {
                diag_set(diag, in->name, in->lineno, "binary data (NUL byte) in a text line");
                return LINE_BINARY;
            }
            *line = p;
            return (long)len;
        }
        if (in->eof) return LINE_EOF;
        scanned = avail; /* fill may move the bytes, but not relative to start */
        if (fill(in, diag) < 0) return LINE_FATAL;
    }
}

uint64_t line_in_lineno(const line_in *in) { return in->lineno; }
const char *line_in_name(const line_in *in) { return in->name; }
