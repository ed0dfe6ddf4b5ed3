/* gz_in.c -- file bytes, gunzipped member by member with zlib's inflate
 * (gz_in.h). inflate itself checks each member's CRC and length; here the
 * members are chained, what follows the last one is refused, and every
 * fault is kept until the bytes before it are delivered. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include "gz_in.h"

#define IN_CHUNK (256u << 10)

typedef enum { MODE_START, MODE_PLAIN, MODE_GZIP, MODE_END } in_mode;

struct gz_in {
    int fd;
    bool own_fd;
    in_mode mode;
    unsigned char *ibuf;      /* raw bytes: ibuf[ipos..ilen) are unread */
    size_t ipos, ilen;
    unsigned long long ibase; /* the file offset of ibuf[0] */
    bool ieof;
    z_stream z;
    bool z_ready, in_member;
    bool failed;              /* fault holds the reason: every later read fails */
    char fault[200];
};

gz_in *gz_in_from_fd(int fd, bool own_fd, const char *name, diag_t *diag)
{
    gz_in *g = calloc(1, sizeof *g);
    if (!g || !(g->ibuf = malloc(IN_CHUNK))) {
        diag_set(diag, name, 0, "out of memory");
        free(g);
        if (own_fd) close(fd);
        return NULL;
    }
    g->fd = fd;
    g->own_fd = own_fd;
    return g;
}

gz_in *gz_in_open(const char *path, const char *name, diag_t *diag)
{
    if (strcmp(path, "-") == 0) return gz_in_from_fd(0, false, name, diag);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        diag_set(diag, name, 0, "cannot open: %s", strerror(errno));
        return NULL;
    }
    return gz_in_from_fd(fd, true, name, diag);
}

void gz_in_close(gz_in *g)
{
    if (!g) return;
    if (g->z_ready) inflateEnd(&g->z);
    if (g->own_fd) close(g->fd);
    free(g->ibuf);
    free(g);
}

static void fail(gz_in *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(gz_in *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->fault, sizeof g->fault, fmt, ap);
    va_end(ap);
    g->failed = true;
}

/* read(2) into buf, again after a signal; -1 is kept as the fault. */
static long raw_read(gz_in *g, void *buf, size_t n)
{
    for (;;) {
        ssize_t r = read(g->fd, buf, n);
        if (r >= 0) return (long)r;
        if (errno == EINTR) continue;
        fail(g, "read error: %s", strerror(errno));
        return -1;
    }
}

/* Makes at least want raw bytes unread (fewer at the end of the file):
 * the unread ones move to the front of ibuf first. False on a read error. */
static bool need_raw(gz_in *g, size_t want)
{
    if (g->ilen - g->ipos >= want || g->ieof) return true;
    memmove(g->ibuf, g->ibuf + g->ipos, g->ilen - g->ipos);
    g->ibase += g->ipos;
    g->ilen -= g->ipos;
    g->ipos = 0;
    while (g->ilen < want && !g->ieof) {
        long r = raw_read(g, g->ibuf + g->ilen, IN_CHUNK - g->ilen);
        if (r < 0) return false;
        if (r == 0) g->ieof = true;
        g->ilen += (size_t)r;
    }
    return true;
}

/* What the content is: gzip (its magic first) or plain bytes. */
static bool start(gz_in *g)
{
    if (!need_raw(g, 2)) return false;
    if (g->ilen - g->ipos < 2 || g->ibuf[g->ipos] != 0x1f || g->ibuf[g->ipos + 1] != 0x8b) {
        g->mode = MODE_PLAIN;
        return true;
    }
    if (inflateInit2(&g->z, 16 + MAX_WBITS) != Z_OK) {
        fail(g, "cannot start gzip decompression: out of memory");
        return false;
    }
    g->z_ready = true;
    g->mode = MODE_GZIP;
    return true;
}

static long read_plain(gz_in *g, char *buf, size_t n)
{
    if (g->ipos < g->ilen) {
        size_t k = g->ilen - g->ipos < n ? g->ilen - g->ipos : n;
        memcpy(buf, g->ibuf + g->ipos, k);
        g->ipos += k;
        return (long)k;
    }
    if (g->ieof) return 0;
    long r = raw_read(g, buf, n);
    if (r == 0) g->ieof = true;
    return r;
}

/* At the end of a member: the end of the file, the next member, or junk. */
static bool next_member(gz_in *g)
{
    if (!need_raw(g, 2)) return false;
    size_t left = g->ilen - g->ipos;
    if (left == 0) {
        g->mode = MODE_END;
        return false;
    }
    if (left < 2 || g->ibuf[g->ipos] != 0x1f || g->ibuf[g->ipos + 1] != 0x8b) {
        fail(g, "junk after the gzip stream at byte %llu: the rest of the file is not read",
             g->ibase + g->ipos);
        return false;
    }
    inflateReset(&g->z);
    g->in_member = true;
    return true;
}

/* A fault inflate reported, named by zlib's message, at the offset of the
 * field it checked (the 4 bytes just consumed: CRC-32 or length). */
static void inflate_fault(gz_in *g, int ret)
{
    unsigned long long at = g->ibase + g->ipos;
    const char *msg = g->z.msg ? g->z.msg : ret == Z_MEM_ERROR ? "out of memory" : "corrupt data";
    if (strcmp(msg, "incorrect data check") == 0)
        fail(g, "gzip CRC mismatch at byte %llu: the data is damaged", at - 4);
    else if (strcmp(msg, "incorrect length check") == 0)
        fail(g, "gzip length mismatch at byte %llu: the data is damaged", at - 4);
    else
        fail(g, "corrupt gzip stream at byte %llu (%s)", at, msg);
}

static long read_gzip(gz_in *g, char *buf, size_t n)
{
    g->z.next_out = (unsigned char *)buf;
    g->z.avail_out = (uInt)(n > UINT32_MAX ? UINT32_MAX : n);
    uInt asked = g->z.avail_out;
    while (g->z.avail_out > 0 && !g->failed && g->mode == MODE_GZIP) {
        if (!g->in_member && !next_member(g)) break;
        if (g->ipos == g->ilen) {
            if (!need_raw(g, 1)) break;
            if (g->ipos == g->ilen) {
                fail(g, "truncated gzip stream (the file ends inside it, at byte %llu)",
                     g->ibase + g->ipos);
                break;
            }
        }
        g->z.next_in = g->ibuf + g->ipos;
        g->z.avail_in = (uInt)(g->ilen - g->ipos);
        int ret = inflate(&g->z, Z_NO_FLUSH);
        g->ipos = (size_t)(g->z.next_in - g->ibuf);
        if (ret == Z_STREAM_END) g->in_member = false;
        else if (ret != Z_OK && ret != Z_BUF_ERROR) inflate_fault(g, ret);
    }
    return (long)(asked - g->z.avail_out);
}

long gz_in_read(gz_in *g, char *buf, size_t n, diag_t *diag)
{
    long got = 0;
    if (!g->failed) {
        if (g->mode == MODE_START) start(g);
        if (g->mode == MODE_PLAIN) got = read_plain(g, buf, n);
        else if (g->mode == MODE_GZIP) got = read_gzip(g, buf, n);
    }
    if (got > 0) return got;
    if (g->failed) {
        diag_reason(diag, "%s", g->fault);
        return -1;
    }
    return 0;
}
