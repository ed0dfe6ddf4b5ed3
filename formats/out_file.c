/* out_file.c -- whole-or-absent output files (out_file.h): mkstemp beside
 * the target, fsync, rename. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "out_file.h"

struct out_file {
    FILE *f;
    bool is_stdout;
    const char *name; /* the caller's path: what diagnostics name, outliving o */
    char *path, *tmp;
};

out_file *out_file_create(const char *path, diag_t *diag)
{
    out_file *o = calloc(1, sizeof *o);
    if (!o) {
        diag_set(diag, path, 0, "out of memory");
        return NULL;
    }
    o->path = strdup(path);
    o->name = path;
    if (strcmp(path, "-") == 0) {
        o->is_stdout = true;
        o->f = stdout;
        return o;
    }
    size_t n = strlen(path);
    o->tmp = malloc(n + 16);
    if (!o->path || !o->tmp) {
        diag_set(diag, path, 0, "out of memory");
        out_file_abort(o);
        return NULL;
    }
    /* beside the target (the same file system, so the rename is atomic),
     * named after it */
    memcpy(o->tmp, path, n);
    memcpy(o->tmp + n, ".tmp.XXXXXX", 12);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        diag_set(diag, path, 0, "cannot write: %s", strerror(errno));
        free(o->tmp);
        o->tmp = NULL;
        out_file_abort(o);
        return NULL;
    }
    /* mkstemp makes it 0600: give it what a plain creation would */
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    o->f = fdopen(fd, "wb");
    if (!o->f) {
        diag_set(diag, path, 0, "cannot write: %s", strerror(errno));
        close(fd);
        out_file_abort(o);
        return NULL;
    }
    return o;
}

FILE *out_file_stream(out_file *o) { return o->f; }
const char *out_file_path(const out_file *o) { return o->path; }

bool out_file_commit(out_file *o, diag_t *diag)
{
    int err = 0;
    if (fflush(o->f) != 0 || ferror(o->f)) err = errno ? errno : EIO;
    if (o->is_stdout) {
        if (err) diag_set(diag, "standard output", 0, "write failed: %s", strerror(err));
        free(o->path);
        free(o);
        return !err;
    }
    if (!err && fsync(fileno(o->f)) != 0) err = errno;
    if (fclose(o->f) != 0 && !err) err = errno ? errno : EIO;
    o->f = NULL;
    if (!err && rename(o->tmp, o->path) != 0) err = errno;
    if (err) {
        diag_set(diag, o->name, 0, "write failed: %s", strerror(err));
        out_file_abort(o);
        return false;
    }
    free(o->tmp);
    free(o->path);
    free(o);
    return true;
}

void out_file_abort(out_file *o)
{
    if (!o) return;
    if (o->f && !o->is_stdout) fclose(o->f);
    if (o->tmp) unlink(o->tmp);
    free(o->tmp);
    free(o->path);
    free(o);
}
