/* table_text.c -- the convention table files read so far (table_text.h):
 * a list under a lock, each entry the bytes of one reading and what the
 * file was (device, inode, size, modification time) when it was read. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "analyze/lead/table_text.h"

typedef struct table_entry {
    struct table_entry *next;
    char *path;
    struct stat st;
    table_text t;
} table_entry;

static table_entry *entries;
static pthread_mutex_t entries_lock = PTHREAD_MUTEX_INITIALIZER;

bool table_file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && !S_ISDIR(st.st_mode);
}

/* The same file as when it was read: a pipe or FIFO is never read again
 * (its bytes are gone), a regular file unless it changed. */
static bool same_file(const struct stat *a, const struct stat *b)
{
    if (a->st_dev != b->st_dev || a->st_ino != b->st_ino) return false;
    if (!S_ISREG(a->st_mode)) return true;
    return a->st_size == b->st_size && a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
           a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

/* Reads at most TABLE_TEXT_MAX + 1 bytes of fd into a new entry's text. */
static bool read_all(int fd, table_text *t, const char *path, diag_t *diag)
{
    char *buf = malloc(TABLE_TEXT_MAX + 2);
    if (!buf) {
        diag_set(diag, path, 0, "out of memory");
        return false;
    }
    size_t n = 0;
    while (n < TABLE_TEXT_MAX + 1) {
        ssize_t k = read(fd, buf + n, TABLE_TEXT_MAX + 1 - n);
        if (k == 0) break;
        if (k < 0 && errno == EINTR) continue;
        if (k < 0) {
            diag_set(diag, path, 0, "read error: %s", strerror(errno));
            free(buf);
            return false;
        }
        n += (size_t)k;
    }
    buf[n] = 0;
    t->text = buf;
    t->len = n;
    t->digest = digest128_bytes(buf, n);
    return true;
}

/* The entry read from path while the file is what st says; NULL if none.
 * Called with the lock held. */
static const table_entry *find(const char *path, const struct stat *st)
{
    for (const table_entry *e = entries; e; e = e->next)
        if (strcmp(e->path, path) == 0 && same_file(&e->st, st)) return e;
    return NULL;
}

/* A new entry for path: opened (a FIFO only now, never to ask whether it
 * was read) and read. NULL with diag filled. */
static table_entry *read_entry(const char *path, diag_t *diag)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    table_entry *e = NULL;
    if (fd < 0) {
        diag_set(diag, path, 0, "cannot open: %s", strerror(errno));
        return NULL;
    }
    if (!(e = calloc(1, sizeof *e)) || !(e->path = strdup(path))) {
        diag_set(diag, path, 0, "out of memory");
    } else if (fstat(fd, &e->st) != 0) {
        diag_set(diag, path, 0, "cannot open: %s", strerror(errno));
    } else if (read_all(fd, &e->t, path, diag)) {
        close(fd);
        return e;
    }
    if (e) free(e->path);
    free(e);
    close(fd);
    return NULL;
}

bool table_text_read(const char *path, table_text *out, diag_t *diag)
{
    struct stat st;
    pthread_mutex_lock(&entries_lock);
    const table_entry *e = stat(path, &st) == 0 ? find(path, &st) : NULL;
    if (!e) {
        table_entry *n = read_entry(path, diag);
        if (n) {
            n->next = entries;
            entries = n;
        }
        e = n;
    }
    if (e) *out = e->t;
    pthread_mutex_unlock(&entries_lock);
    return e != NULL;
}
