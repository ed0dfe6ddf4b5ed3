/* csv_out.c -- CSV rows through libcsv's quoting, into a whole-or-absent
 * file (formats/out_file.h) or a resumable PATH.partial.XXXXXX of the
 * run's own, synced at each checkpoint and renamed to PATH when complete;
 * gzip-compressed when the name ends in .gz. A compressed table is a chain
 * of gzip members, one per csv_out_sync: each sync point is the end of a
 * member, where a resumed run cuts the file and appends the next (gzip
 * readers, pandas and R read the members as one). */
#define _GNU_SOURCE /* fopencookie: the rows go through zlib as through a FILE */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <csv.h>
#include <zlib.h>
#include "stats/report/csv_out.h"
#include "formats/out_file.h"

/* gzip level of a compressed table: a table is text that compresses well
 * at any level: level 1 costs about a third of level 6's CPU for a file
 * about 40% larger (a per-deal table of 11 conventions in play, issue 28
 * item 2), and the table was the run's bottleneck. */
#define GZ_MODE "wb1"

/* Cells are formatted into a buffer of the table's own and handed to the
 * stream a block at a time: a printf or a stdio call per cell made the
 * per-deal table cost as much as the play it records (issue 28 item 2). */
#define BUF_BYTES (1 << 16)
#define CELL_MAX 64 /* the most bytes a number's cell takes */
/* A deal's own cells (where it was read, its trumps, the leader's hand),
 * the same in each of its rows, are formatted once and copied (about a
 * fifth of the per-deal table's cost, issue 28 item 2): up to this many
 * bytes of them. */
#define PREFIX_BYTES 1024
#define ROW_GONE ((size_t)-1)

struct csv_out {
    FILE *f;       /* where the rows are written: the file, or the gzip cookie */
    FILE *base;    /* a resumable table's temporary (NULL otherwise) */
    char *partial; /* its name */
    out_file *out; /* a new table's temporary file (NULL for a resumed one or stdout) */
    int fd;        /* the file's descriptor, under the gzip members */
    gzFile gz;     /* the gzip member being written (NULL between members) */
    bool gz_failed;
    char *path;
    int ncols, col;
    int is_stdout;
    char *header;  /* the header row, held back while comments may come (csv_out_comment) */
    size_t header_len;
    size_t len;    /* bytes in buf, not yet handed to f */
    size_t row_at; /* where in buf the row being written starts (ROW_GONE: handed on) */
    /* the first cells of a row kept to start the next rows with (csv_out_row_keep) */
    size_t kept_len;
    int kept_cols;
    char kept[PREFIX_BYTES];
    char buf[BUF_BYTES];
};

/* Hands the buffered bytes to the stream (a failure shows in ferror). */
static void drain(csv_out *c)
{
    if (c->len) fwrite(c->buf, 1, c->len, c->f);
    c->len = 0;
    c->row_at = ROW_GONE;
}

/* Room for n more bytes in the buffer (n <= BUF_BYTES): the rows before
 * the one being written are handed on, that one's cells kept in the buffer
 * (for csv_out_row_keep) when there is room. */
static char *room(csv_out *c, size_t n)
{
    if (c->len + n <= BUF_BYTES) return c->buf + c->len;
    size_t row = c->col > 0 && c->row_at != ROW_GONE ? c->len - c->row_at : 0;
    if (row == 0 || row + n > BUF_BYTES) {
        drain(c);
        return c->buf;
    }
    fwrite(c->buf, 1, c->row_at, c->f);
    memmove(c->buf, c->buf + c->row_at, row);
    c->len = row;
    c->row_at = 0;
    return c->buf + c->len;
}

static void put(csv_out *c, const char *s, size_t n)
{
    if (n > BUF_BYTES) {
        drain(c);
        fwrite(s, 1, n, c->f);
        return;
    }
    memcpy(room(c, n), s, n);
    c->len += n;
}

/* The header row, held back, goes out before the first row (or at the end
 * of a table without rows). */
static void release_header(csv_out *c)
{
    put(c, c->header, c->header_len);
    free(c->header);
    c->header = NULL;
}

static void sep(csv_out *c)
{
    if (c->col > 0) {
        *room(c, 1) = ',', c->len++;
        c->col++;
        return;
    }
    if (c->header) release_header(c); /* (no row begun: nothing of one kept) */
    c->row_at = c->len;
    c->col = 1;
}

bool csv_out_row_keep(csv_out *c)
{
    c->kept_len = 0;
    if (c->col == 0 || c->row_at == ROW_GONE || c->len - c->row_at > PREFIX_BYTES) return false;
    c->kept_len = c->len - c->row_at;
    c->kept_cols = c->col;
    memcpy(c->kept, c->buf + c->row_at, c->kept_len);
    return true;
}

void csv_out_row_repeat(csv_out *c)
{
    if (c->header) release_header(c);
    char *p = room(c, c->kept_len); /* (no row begun: nothing of one to keep) */
    memcpy(p, c->kept, c->kept_len);
    c->row_at = c->len;
    c->len += c->kept_len;
    c->col = c->kept_cols;
}

/* The bytes that end an unquoted field's fast copy: its end, and those that
 * make it quoted: a comma, a quote, a line break, and a '#', which pandas
 * (comment='#') and R (comment.char='#') take anywhere in a line for the
 * start of a comment. */
static const bool STOP[256] = {[0] = true, [','] = true, ['"'] = true, ['\r'] = true, ['\n'] = true, ['#'] = true};
#define SHORT_TEXT 256 /* fields up to this long are copied in one pass */

static bool needs_quotes(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (STOP[(unsigned char)s[i]]) return true;
    return false;
}

void csv_out_text(csv_out *c, const char *s)
{
    sep(c);
    /* the common field, short and plain, copied while it is checked */
    char *p = room(c, SHORT_TEXT);
    for (size_t i = 0; i < SHORT_TEXT; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (STOP[ch]) {
            if (ch == 0) {
                c->len += i;
                return;
            }
            break;
        }
        p[i] = (char)ch;
    }
    size_t n = strlen(s);
    bool quote = needs_quotes(s, n);
    if (2 * n + 2 > BUF_BYTES) { /* a huge field: through libcsv's quoting, straight to the stream */
        drain(c);
        if (quote) csv_fwrite(c->f, s, n);
        else fwrite(s, 1, n, c->f);
        return;
    }
    p = room(c, 2 * n + 2);
    char *start = p;
    if (quote) {
        *p++ = '"';
        for (size_t i = 0; i < n; i++) {
            if (s[i] == '"') *p++ = '"';
            *p++ = s[i];
        }
        *p++ = '"';
    } else {
        memcpy(p, s, n);
        p += n;
    }
    c->len += (size_t)(p - start);
}

void csv_out_int(csv_out *c, long long v)
{
    sep(c);
    char *p = room(c, 24);
    if (v >= 0 && v < 100) { /* most cells: tricks, counts, ids */
        if (v >= 10) *p++ = (char)('0' + v / 10), c->len++;
        *p = (char)('0' + v % 10);
        c->len++;
        return;
    }
    char digits[24], *d = digits + sizeof digits;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do *--d = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0) *--d = '-';
    size_t n = (size_t)(digits + sizeof digits - d);
    memcpy(p, d, n);
    c->len += n;
}

/* A number's cell through snprintf's format. */
static void number(csv_out *c, const char *fmt, int places, double v)
{
    sep(c);
    if (!isfinite(v)) return;
    char *p = room(c, CELL_MAX);
    int n = snprintf(p, CELL_MAX, fmt, places, v == 0 ? 0.0 : v);
    if (n > 0 && n < CELL_MAX) {
        c->len += (size_t)n;
    } else if (n > 0) { /* a huge %f: straight to the stream */
        drain(c);
        fprintf(c->f, fmt, places, v);
    }
}

void csv_out_num(csv_out *c, double v, int decimals)
{
    number(c, "%.*f", decimals, v);
}

void csv_out_sig(csv_out *c, double v, int digits)
{
    number(c, "%.*g", digits, v);
}

void csv_out_end_row(csv_out *c)
{
    while (c->col < c->ncols) sep(c);
    *room(c, 1) = '\n';
    c->len++;
    c->col = 0;
}

/* Formats the header row and holds it back (csv_out_comment). */
static void hold_header(csv_out *c, const char *const header[], int ncols)
{
    for (int i = 0; i < ncols; i++) csv_out_text(c, header[i]);
    csv_out_end_row(c);
    c->header = malloc(c->len);
    if (!c->header) return; /* no memory: the header stays in place, comments then follow it */
    memcpy(c->header, c->buf, c->len);
    c->header_len = c->len;
    c->len = 0;
    c->row_at = ROW_GONE;
}

/* "# KEY: VALUE\n", malloc'ed, its length in *n; line breaks in KEY as
 * spaces, in VALUE as \n and \r (a backslash is left as it is: the
 * command line's shell quoting stays as it can be pasted). NULL: no
 * memory. */
static char *comment_line(const char *key, const char *value, size_t *n)
{
    size_t k = strlen(key), v = strlen(value);
    char *line = malloc(k + 2 * v + 6), *p = line;
    if (!line) return NULL;
    *p++ = '#';
    *p++ = ' ';
    for (const char *s = key; *s; s++) *p++ = *s == '\n' || *s == '\r' ? ' ' : *s;
    *p++ = ':';
    *p++ = ' ';
    for (const char *s = value; *s; s++) {
        if (*s == '\n' || *s == '\r') {
            *p++ = '\\';
            *p++ = *s == '\n' ? 'n' : 'r';
        } else {
            *p++ = *s;
        }
    }
    *p++ = '\n';
    *n = (size_t)(p - line);
    return line;
}

void csv_out_comment(csv_out *c, const char *key, const char *value)
{
    size_t n;
    char *line = comment_line(key, value, &n);
    if (!line) return;
    put(c, line, n);
    free(line);
}

void csv_comment_write(FILE *f, const char *key, const char *value)
{
    size_t n;
    char *line = comment_line(key, value, &n);
    if (!line) return;
    fwrite(line, 1, n, f);
    free(line);
}

static bool ends_with_gz(const char *path)
{
    size_t n = strlen(path);
    return n >= 3 && strcmp(path + n - 3, ".gz") == 0;
}

/* The gzip cookie's write: a member is begun at the first bytes after a sync. */
static ssize_t gz_cookie_write(void *self, const char *buf, size_t n)
{
    csv_out *c = self;
    if (!c->gz) {
        int fd = dup(c->fd);
        c->gz = fd >= 0 ? gzdopen(fd, GZ_MODE) : NULL;
        if (!c->gz) {
            if (fd >= 0) close(fd);
            c->gz_failed = true;
            errno = ENOMEM;
            return -1;
        }
    }
    if (n && gzwrite(c->gz, buf, (unsigned)n) != (int)n) {
        c->gz_failed = true;
        errno = EIO;
        return -1;
    }
    return (ssize_t)n;
}

/* Ends the gzip member being written (its trailer). False on failure. */
static bool end_member(csv_out *c)
{
    if (!c->gz) return !c->gz_failed;
    if (gzclose(c->gz) != Z_OK) c->gz_failed = true;
    c->gz = NULL;
    return !c->gz_failed;
}

static int gz_cookie_close(void *self)
{
    return end_member(self) ? 0 : EOF;
}

/* c->f over the file fd: the file itself (base), or a gzip cookie. */
static bool attach(csv_out *c, FILE *base, int gzip)
{
    c->fd = fileno(base);
    if (!gzip) {
        c->f = base;
        return true;
    }
    c->f = fopencookie(c, "w", (cookie_io_functions_t){.write = gz_cookie_write, .close = gz_cookie_close});
    return c->f != NULL;
}

static csv_out *make(const char *path, int ncols)
{
    csv_out *c = calloc(1, sizeof *c);
    char *p = strdup(path);
    if (!c || !p) {
        free(c);
        free(p);
        return NULL;
    }
    c->path = p;
    c->ncols = ncols;
    return c;
}

/* Frees c, its streams closed already. */
static void drop(csv_out *c)
{
    free(c->header);
    free(c->path);
    free(c);
}

csv_out *csv_out_open(const char *path, const char *const header[], int ncols, diag_t *diag)
{
    csv_out *c = make(path, ncols);
    if (!c) {
        diag_set(diag, path, 0, "out of memory");
        return NULL;
    }
    c->is_stdout = strcmp(path, "-") == 0;
    if (c->is_stdout) {
        c->f = stdout;
    } else {
        c->out = out_file_create(path, diag);
        if (!c->out) {
            drop(c);
            return NULL;
        }
        if (!attach(c, out_file_stream(c->out), ends_with_gz(path))) {
            diag_set(diag, path, 0, "cannot write: %s", strerror(errno));
            out_file_abort(c->out);
            drop(c);
            return NULL;
        }
    }
    hold_header(c, header, ncols);
    return c;
}

/* PATH + suffix, malloc'ed. */
static char *suffixed(const char *path, const char *suffix)
{
    size_t n = strlen(path), k = strlen(suffix) + 1;
    char *p = malloc(n + k);
    if (p) {
        memcpy(p, path, n);
        memcpy(p + n, suffix, k);
    }
    return p;
}

/* c over the resumable file f (c->partial): plain or gzip by c->path. */
static bool attach_partial(csv_out *c, FILE *f, diag_t *diag)
{
    c->base = f;
    if (attach(c, f, ends_with_gz(c->path))) return true;
    diag_set(diag, NULL, 0, "%s: cannot write: %s", c->path, strerror(errno)); /* c is freed after (item 1) */
    return false;
}

/* Frees a resumable c whose file is not to be kept. */
static void drop_partial(csv_out *c, bool remove_it)
{
    if (c->f && c->f != c->base) fclose(c->f);
    if (c->base) fclose(c->base);
    if (remove_it && c->partial) unlink(c->partial);
    free(c->partial);
    drop(c);
}

csv_out *csv_out_open_resumable(const char *path, const char *const header[], int ncols, diag_t *diag)
{
    if (strcmp(path, "-") == 0) return csv_out_open(path, header, ncols, diag);
    csv_out *c = make(path, ncols);
    if (!c || !(c->partial = suffixed(path, ".partial.XXXXXX"))) {
        if (c) drop(c);
        diag_set(diag, path, 0, "out of memory");
        return NULL;
    }
    /* a name of this run's own, created exclusively: nothing planted there
     * is written through, and another run's temporary for the same PATH
     * is neither replaced nor renamed by this one */
    int fd = mkostemp(c->partial, O_CLOEXEC);
    if (fd >= 0) out_file_umask_mode(fd);
    FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
    if (!f) {
        /* named as a table that cannot be created is (out_file.h); in the
         * text, as c and its names are freed below (item 1) */
        diag_set(diag, NULL, 0, "%s: cannot write: %s", path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(c->partial);
        }
        drop_partial(c, false);
        return NULL;
    }
    if (!attach_partial(c, f, diag)) {
        drop_partial(c, true);
        return NULL;
    }
    hold_header(c, header, ncols);
    return c;
}

const char *csv_out_partial(const csv_out *c) { return c->partial; }

/* Checks that partial holds at least offset bytes and cuts it there
 * (what a checkpoint synced). False with diag filled, the name in the
 * text (the caller frees it). */
static bool cut_back(const char *partial, long offset, const char *what, diag_t *diag)
{
    struct stat st;
    if (stat(partial, &st) != 0) {
        diag_set(diag, NULL, 0, "%s: cannot reopen to %s: %s", partial, what, strerror(errno));
        return false;
    }
    if (st.st_size < offset) {
        diag_set(diag, NULL, 0,
                 "%s: holds %lld bytes, fewer than the %ld the checkpoint wrote: it was cut or replaced "
                 "since, so the run cannot %s it (start again without --resume)",
                 partial, (long long)st.st_size, offset, what);
        return false;
    }
    if (truncate(partial, offset) != 0) {
        diag_set(diag, NULL, 0, "%s: cannot reopen to %s: %s", partial, what, strerror(errno));
        return false;
    }
    return true;
}

csv_out *csv_out_resume(const char *path, const char *partial, long offset, int ncols, diag_t *diag)
{
    if (strcmp(path, "-") == 0) {
        diag_set(diag, path, 0, "standard output cannot be resumed: name a file");
        return NULL;
    }
    csv_out *c = make(path, ncols);
    if (!c || !(c->partial = partial ? strdup(partial) : suffixed(path, ".partial"))) {
        if (c) drop(c);
        diag_set(diag, path, 0, "out of memory");
        return NULL;
    }
    if (!cut_back(c->partial, offset, "continue", diag)) {
        drop_partial(c, false);
        return NULL;
    }
    FILE *f = fopen(c->partial, "a");
    if (!f || fseek(f, 0, SEEK_END) != 0) {
        diag_set(diag, NULL, 0, "%s: cannot reopen to continue: %s", c->partial, strerror(errno));
        if (f) fclose(f);
        drop_partial(c, false);
        return NULL;
    }
    if (!attach_partial(c, f, diag)) {
        drop_partial(c, false);
        return NULL;
    }
    return c;
}

long csv_out_sync(csv_out *c)
{
    if (c->header) release_header(c);
    drain(c);
    if (fflush(c->f) != 0 || ferror(c->f)) return -1;
    if (c->is_stdout) return ftell(c->f);
    FILE *under = c->base ? c->base : c->out ? out_file_stream(c->out) : c->f;
    if (under != c->f && !end_member(c)) return -1; /* gzip: the member ends here */
    if (c->base && fsync(c->fd) != 0) return -1;
    return under != c->f ? (long)lseek(c->fd, 0, SEEK_END) : ftell(c->f);
}

/* Flushes what c wrote (ending a gzip member) down to its file: 0, or
 * the error number. */
static int flush_all(csv_out *c)
{
    if (c->header) release_header(c);
    drain(c);
    FILE *under = c->base ? c->base : c->out ? out_file_stream(c->out) : c->f;
    int err = 0;
    if (under != c->f) { /* the gzip cookie: its close ends the last member */
        if (fclose(c->f) != 0 || c->gz_failed) err = errno ? errno : EIO;
        c->f = NULL;
    } else if (fflush(c->f) != 0 || ferror(c->f)) {
        err = errno ? errno : EIO;
    }
    if (c->base && !err && (fflush(c->base) != 0 || fsync(fileno(c->base)) != 0)) err = errno;
    return err;
}

int csv_out_keep(csv_out *c, diag_t *diag)
{
    if (!c->partial) return csv_out_close(c, diag);
    int err = flush_all(c);
    if (fclose(c->base) != 0 && !err) err = errno ? errno : EIO;
    c->base = c->f = NULL;
    if (err) diag_set(diag, NULL, 0, "%s: write failed: %s", c->partial, strerror(err));
    drop_partial(c, false);
    return !err;
}

int csv_out_close(csv_out *c, diag_t *diag)
{
    errno = 0;
    int err = flush_all(c);
    if (c->out) {
        diag_t why = {0};
        if (err) {
            out_file_abort(c->out);
        } else if (!out_file_commit(c->out, &why)) {
            diag_set(diag, NULL, 0, "%s: %s", c->path, why.reason);
            drop(c);
            return 0;
        }
    } else if (c->partial) {
        if (fclose(c->base) != 0 && !err) err = errno ? errno : EIO;
        c->base = c->f = NULL;
        if (!err && rename(c->partial, c->path) != 0) err = errno;
        if (err) {
            diag_set(diag, NULL, 0, "%s: write failed: %s", c->partial, strerror(err));
            drop_partial(c, false);
            return 0;
        }
        diag_t why = {0};
        bool synced = out_file_sync_dir(c->path, &why);
        if (!synced) diag_set(diag, NULL, 0, "%s: %s", c->path, why.reason);
        drop_partial(c, false);
        return synced;
    }
    if (err) diag_set(diag, NULL, 0, "%s: write failed: %s", c->path, strerror(err));
    drop(c);
    return !err;
}

bool csv_out_finish(const char *path, const char *partial, long offset, diag_t *diag)
{
    struct stat st;
    if (stat(partial, &st) != 0 && errno == ENOENT) {
        if (stat(path, &st) == 0) return true; /* renamed before the run was stopped */
        diag_set(diag, NULL, 0, "%s: missing: the run is complete, but neither the table nor its "
                 "temporary %s is there (run it again to make it)", path, partial);
        return false;
    }
    if (!cut_back(partial, offset, "finish", diag)) return false;
    if (rename(partial, path) != 0) {
        diag_set(diag, NULL, 0, "%s: write failed: %s", path, strerror(errno));
        return false;
    }
    diag_t why = {0};
    if (out_file_sync_dir(path, &why)) return true;
    diag_set(diag, NULL, 0, "%s: %s", path, why.reason);
    return false;
}
