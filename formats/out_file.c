/* out_file.c -- whole-or-absent output files (out_file.h): mkstemp beside
 * the target, fsync, rename, fsync of the directory; gzip through zlib over
 * the temporary's descriptor, seen by the writer as a FILE (fopencookie).
 * The temporaries being written are listed where a signal handler can
 * remove them (issue 25, item 16: a `deal -n 2m` stopped by SIGTERM left
 * 23 MB behind). */
#define _GNU_SOURCE /* fopencookie */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include "out_file.h"

struct out_file {
    FILE *f;
    FILE *gz_stream; /* by name: the gzip stream over f, what the writer writes to */
    gzFile gz;
    bool is_stdout;
    const char *name; /* the caller's path: what diagnostics name, outliving o */
    char *path, *tmp;
};

/* The temporaries being written: slots read by the signal handler, so
 * lock-free atomics (a name is listed before it exists and unlisted before
 * it is freed). An output beyond the slots is only not removed on a
 * signal. */
#define LIVE_MAX 64
static _Atomic(const char *) live[LIVE_MAX];

static void live_add(const char *tmp)
{
    for (int i = 0; i < LIVE_MAX; i++) {
        const char *none = NULL;
        if (atomic_compare_exchange_strong(&live[i], &none, tmp)) return;
    }
}

static void live_remove(const char *tmp)
{
    for (int i = 0; i < LIVE_MAX; i++) {
        const char *was = tmp;
        if (atomic_compare_exchange_strong(&live[i], &was, NULL)) return;
    }
}

/* Async-signal-safe: unlink and raise only. SA_RESETHAND has put the
 * default action back, which the signal raised again takes once this
 * handler returns. */
static void remove_live_on_signal(int sig)
{
    int saved = errno;
    for (int i = 0; i < LIVE_MAX; i++) {
        const char *tmp = atomic_load(&live[i]);
        if (tmp) unlink(tmp);
    }
    errno = saved;
    raise(sig);
}

void out_file_remove_on_signals(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction was;
        if (sigaction(sigs[i], NULL, &was) != 0 || was.sa_handler != SIG_DFL) continue; /* ignored: kept so */
        struct sigaction sa = {0};
        sa.sa_handler = remove_live_on_signal;
        sa.sa_flags = (int)SA_RESETHAND;
        sigemptyset(&sa.sa_mask);
        sigaction(sigs[i], &sa, NULL);
    }
}

bool out_file_sync_dir(const char *path, diag_t *diag)
{
    const char *slash = strrchr(path, '/');
    char *dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
    if (!dir) {
        diag_set(diag, path, 0, "out of memory");
        return false;
    }
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int err = fd < 0 ? 0 : fsync(fd) == 0 ? 0 : errno; /* a directory not readable cannot be synced */
    if (fd >= 0) close(fd);
    free(dir);
    if (!err || err == EINVAL || err == EROFS || err == ENOTSUP) return true;
    diag_set(diag, path, 0, "write failed: cannot sync its directory: %s", strerror(err));
    return false;
}

void out_file_umask_mode(int fd)
{
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
}

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
        free(o->tmp); /* not created: nothing to remove */
        o->tmp = NULL;
        out_file_abort(o);
        return NULL;
    }
    /* beside the target (the same file system, so the rename is atomic),
     * named after it */
    memcpy(o->tmp, path, n);
    memcpy(o->tmp + n, ".tmp.XXXXXX", 12);
    /* listed before mkstemp makes it (the name is filled in place): a
     * signal between the two must not leave it behind */
    live_add(o->tmp);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        int err = errno;
        live_remove(o->tmp);
        diag_set(diag, path, 0, "cannot write: %s", strerror(err));
        free(o->tmp);
        o->tmp = NULL;
        out_file_abort(o);
        return NULL;
    }
    out_file_umask_mode(fd);
    o->f = fdopen(fd, "wb");
    if (!o->f) {
        diag_set(diag, path, 0, "cannot write: %s", strerror(errno));
        close(fd);
        out_file_abort(o);
        return NULL;
    }
    return o;
}

static ssize_t gz_write(void *self, const char *buf, size_t n)
{
    out_file *o = self;
    if (n && gzwrite(o->gz, buf, (unsigned)n) != (int)n) {
        errno = EIO;
        return -1;
    }
    return (ssize_t)n;
}

static int gz_close(void *self)
{
    out_file *o = self;
    int ok = gzclose(o->gz) == Z_OK;
    o->gz = NULL;
    return ok ? 0 : EOF;
}

static bool ends_with_gz(const char *path)
{
    size_t n = strlen(path);
    return n >= 3 && strcmp(path + n - 3, ".gz") == 0;
}

out_file *out_file_create_by_name(const char *path, diag_t *diag)
{
    out_file *o = out_file_create(path, diag);
    if (!o || o->is_stdout || !ends_with_gz(path)) return o;
    int fd = dup(fileno(o->f));
    o->gz = fd >= 0 ? gzdopen(fd, "wb6") : NULL;
    if (o->gz)
        o->gz_stream = fopencookie(o, "w", (cookie_io_functions_t){.write = gz_write, .close = gz_close});
    if (!o->gz_stream) {
        diag_set(diag, path, 0, "cannot write: %s", fd >= 0 ? "out of memory" : strerror(errno));
        if (o->gz) gzclose(o->gz);
        else if (fd >= 0) close(fd);
        o->gz = NULL;
        out_file_abort(o);
        return NULL;
    }
    return o;
}

FILE *out_file_stream(out_file *o) { return o->gz_stream ? o->gz_stream : o->f; }

bool out_file_commit(out_file *o, diag_t *diag)
{
    int err = 0;
    if (o->gz_stream) { /* ends the gzip stream: its trailer goes to f's descriptor */
        bool failed = ferror(o->gz_stream) != 0;
        if (fclose(o->gz_stream) != 0 || failed) err = errno ? errno : EIO;
        o->gz_stream = NULL;
    }
    if (fflush(o->f) != 0 || ferror(o->f)) err = err ? err : errno ? errno : EIO;
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
    live_remove(o->tmp);
    bool synced = out_file_sync_dir(o->name, diag);
    free(o->tmp);
    free(o->path);
    free(o);
    return synced;
}

void out_file_abort(out_file *o)
{
    if (!o) return;
    if (o->gz_stream) fclose(o->gz_stream);
    if (o->f && !o->is_stdout) fclose(o->f);
    if (o->tmp) {
        unlink(o->tmp);
        live_remove(o->tmp);
    }
    free(o->tmp);
    free(o->path);
    free(o);
}
