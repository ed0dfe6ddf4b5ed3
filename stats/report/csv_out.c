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
};

static void sep(csv_out *c)
{
    if (c->col++ > 0) fputc(',', c->f);
}

void csv_out_text(csv_out *c, const char *s)
{
    sep(c);
    if (strpbrk(s, ",\"\r\n"))
        csv_fwrite(c->f, s, strlen(s));
    else
        fputs(s, c->f);
}

void csv_out_int(csv_out *c, long long v)
{
    sep(c);
    fprintf(c->f, "%lld", v);
}

void csv_out_num(csv_out *c, double v, int decimals)
{
    sep(c);
    if (isfinite(v)) fprintf(c->f, "%.*f", decimals, v == 0 ? 0.0 : v);
}

void csv_out_sig(csv_out *c, double v, int digits)
{
    sep(c);
    if (isfinite(v)) fprintf(c->f, "%.*g", digits, v == 0 ? 0.0 : v);
}

void csv_out_end_row(csv_out *c)
{
    while (c->col < c->ncols) sep(c);
    fputc('\n', c->f);
    c->col = 0;
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
        c->gz = fd >= 0 ? gzdopen(fd, "wb6") : NULL;
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
    for (int i = 0; i < ncols; i++) csv_out_text(c, header[i]);
    csv_out_end_row(c);
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
    for (int i = 0; i < ncols; i++) csv_out_text(c, header[i]);
    csv_out_end_row(c);
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
