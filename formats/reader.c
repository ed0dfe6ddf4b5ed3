/* reader.c -- the deal reader front end: opens the input, detects the format
 * from its first bytes (or takes the forced one) and hands records to the
 * format's back end. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "format_ops.h"
#include "reader.h"
#include "wda.h"

static const format_ops *const FORMATS[FMT_COUNT] = {
    [FMT_PBN] = &FORMAT_PBN_OPS,
    [FMT_ONELINE] = &FORMAT_ONELINE_OPS,
    [FMT_DDS] = &FORMAT_DDS_OPS,
    [FMT_GIB] = &FORMAT_GIB_OPS,
    [FMT_LIN] = &FORMAT_LIN_OPS,
    [FMT_WDA] = &FORMAT_WDA_OPS,
};

struct deal_reader {
    line_in *in;
    wda_cursor *wda;  /* FMT_WDA: records come from the map, not from in */
    const char *name;
    deal_format fmt;
    const format_ops *ops;
    void *state;
    uint64_t index; /* deals returned so far (READ_DEAL + READ_REJECT) */
    reader_notes notes;
};

int deal_format_parse(const char *name)
{
    if (strcmp(name, "auto") == 0) return FMT_AUTO;
    for (int f = 1; f < FMT_COUNT; f++)
        if (strcmp(name, FORMATS[f]->name) == 0) return f;
    return -1;
}

const char *deal_format_name(deal_format f)
{
    return f > FMT_AUTO && f < FMT_COUNT ? FORMATS[f]->name : "auto";
}

/* The back end most sure of the content; FMT_AUTO if none claims it. A
 * UTF-8 BOM is passed over here, once for every probe, as line_in drops it
 * from the first line; and a CR alone is shown to the probes as LF, which
 * they know (line_in ends a line at LF, CRLF or CR alike); a CRLF stays,
 * as the .wda magic holds one. */
static deal_format detect(const char *raw, size_t n)
{
    if (n >= 3 && memcmp(raw, "\xEF\xBB\xBF", 3) == 0) {
        raw += 3;
        n -= 3;
    }
    char *buf = malloc(n ? n : 1);
    if (!buf) return FMT_AUTO;
    for (size_t i = 0; i < n; i++)
        buf[i] = raw[i] == '\r' && (i + 1 == n || raw[i + 1] != '\n') ? '\n' : raw[i];
    int best = 0;
    deal_format fmt = FMT_AUTO;
    for (int f = 1; f < FMT_COUNT; f++) {
        int score = FORMATS[f]->probe(buf, n);
        if (score > best) {
            best = score;
            fmt = (deal_format)f;
        }
    }
    free(buf);
    return fmt;
}

/* True when the regular file open on fd begins with the .wda magic: read
 * with pread, so that the text readers still find the file at its start. */
static bool fd_is_wda(int fd)
{
    char head[8];
    ssize_t n = pread(fd, head, sizeof head, 0);
    return n > 0 && wda_is_magic(head, (size_t)n);
}

static deal_reader *open_wda(int fd, const char *path, diag_t *diag)
{
    wda_cursor *c = wda_cursor_open_fd(fd, path, diag);
    if (!c) return NULL;
    deal_reader *r = calloc(1, sizeof *r);
    if (!r) {
        diag_set(diag, path, 0, "out of memory");
        wda_cursor_close(c);
        return NULL;
    }
    r->wda = c;
    r->name = path;
    r->fmt = FMT_WDA;
    return r;
}

/* The input is opened once and its format told from a peek at the bytes
 * read (issue 25 item 7): a FIFO, a pipe or a process substitution
 * ("<(zcat C)") cannot be read again, and a first open to look at its
 * start would eat its first bytes or wait for a writer that is gone. Only
 * a regular file is looked at with pread (a .wda archive is mapped). */
deal_reader *deal_reader_open(const char *path, deal_format fmt, diag_t *diag)
{
    bool named = strcmp(path, "-") != 0;
    struct stat st;
    if (named && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) { /* it would read as empty */
        diag_set(diag, path, 0, "is a directory: give the deal files in it (e.g. %s/*.pbn)", path);
        return NULL;
    }
    int fd = named ? open(path, O_RDONLY | O_CLOEXEC) : 0;
    if (fd < 0) {
        diag_set(diag, path, 0, "cannot open: %s", strerror(errno));
        return NULL;
    }
    bool regular = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    if (named && (fmt == FMT_WDA || (fmt == FMT_AUTO && regular && fd_is_wda(fd))))
        return open_wda(fd, path, diag);
    line_in *in = line_in_from_fd(fd, named, named ? path : "<stdin>", diag);
    if (!in) return NULL;
    const char *buf;
    size_t n = line_in_peek(in, &buf);
    if (n == 0) { /* nothing to read, whatever the format: say why */
        char *line;
        if (line_in_next(in, &line, diag) != LINE_FATAL)
            diag_set(diag, line_in_name(in), 0, "empty input: no deals");
        line_in_close(in);
        return NULL;
    }
    if (fmt == FMT_AUTO) {
        fmt = detect(buf, n);
        if (fmt == FMT_AUTO) {
            if (memchr(buf, 0, n))
                diag_set(diag, line_in_name(in), 0,
                         "binary data, not a deal file (or a corrupt compressed file)");
            else
                diag_set(diag, line_in_name(in), 0,
                         "format not recognised (use --format pbn|oneline|dds|gib|lin)");
            line_in_close(in);
            return NULL;
        }
    }
    if (fmt == FMT_WDA) { /* never read as text: refused whole (item 7) */
        if (named && !regular)
            diag_set(diag, line_in_name(in), 0,
                     "a .wda archive is mapped from its file: it cannot come through a pipe "
                     "or FIFO (give the archive's own name)");
        else
            diag_set(diag, line_in_name(in), 0,
                     "a .wda archive is mapped from its file: give its name, uncompressed "
                     "(not standard input or a .gz)");
        line_in_close(in);
        return NULL;
    }
    deal_reader *r = calloc(1, sizeof *r);
    if (!r) {
        diag_set(diag, line_in_name(in), 0, "out of memory");
        line_in_close(in);
        return NULL;
    }
    r->in = in;
    r->name = line_in_name(in);
    r->fmt = fmt;
    r->ops = FORMATS[fmt];
    r->state = r->ops->open(in);
    if (!r->state) {
        diag_set(diag, line_in_name(in), 0, "out of memory");
        deal_reader_close(r);
        return NULL;
    }
    return r;
}

bool deal_input_read_once(const char *path)
{
    struct stat st;
    return strcmp(path, "-") == 0 || (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode));
}

read_status deal_reader_next(deal_reader *r, deal_t *d, diag_t *diag)
{
    r->notes.n_pending = 0;
    read_status st = r->wda ? wda_cursor_next(r->wda, d, diag)
                            : r->ops->next(r->state, r->in, d, diag, &r->notes);
    for (int i = 0; i < r->notes.n_pending; i++) r->notes.pending[i].file = r->name;
    if (st == READ_DEAL || st == READ_REJECT) {
        d->pos.file = r->name;
        if (r->wda) r->index++; /* the cursor set pos.index: the record's position */
        else d->pos.index = r->index++;
    }
    if (st != READ_DEAL && st != READ_EOF && !diag->file) diag->file = r->name;
    return st;
}

uint64_t deal_reader_size(const deal_reader *r)
{
    return r->wda ? wda_cursor_count(r->wda) : UINT64_MAX;
}

bool deal_reader_select(deal_reader *r, uint64_t first, uint64_t step, uint64_t end)
{
    if (!r->wda || step == 0) return false;
    wda_cursor_select(r->wda, first, step, end);
    return true;
}

deal_format deal_reader_format(const deal_reader *r) { return r->fmt; }
const reader_notes *deal_reader_notes(const deal_reader *r) { return &r->notes; }

void deal_reader_close(deal_reader *r)
{
    if (!r) return;
    if (r->state) r->ops->close(r->state);
    wda_cursor_close(r->wda);
    line_in_close(r->in);
    free(r);
}
