/* blockfile.c -- writing files of checksummed record blocks (blockfile.h),
 * whole or absent, or resumable under a ".part" name. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include "blockfile.h"
#include "out_file.h"

uint32_t blockfile_crc(uint64_t b, const uint8_t *recs, size_t bytes)
{
    uint8_t num[8];
    le_store64(num, b);
    return (uint32_t)crc32(crc32(0, num, 8), recs, (uInt)bytes);
}

struct blockfile_writer {
    char *path, *part;       /* resumable: the working name */
    out_file *out;           /* else: the whole-or-absent file */
    FILE *f;
    size_t rec_bytes, head_len;
    uint32_t block_records;
    uint64_t count;          /* records written */
    uint32_t in_block;
    uLong crc;               /* of the current block so far */
    int err;
};

static void fail_io(blockfile_writer *w)
{
    if (!w->err) w->err = errno ? errno : EIO;
}

static void put(blockfile_writer *w, const void *p, size_t n)
{
    if (n && fwrite(p, 1, n, w->f) != n) fail_io(w);
}

static uLong block_start(uint64_t b)
{
    uint8_t num[8];
    le_store64(num, b);
    return crc32(0, num, 8);
}

static blockfile_writer *new_writer(const char *path, size_t rec_bytes, uint32_t block_records, size_t head_len)
{
    blockfile_writer *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->path = strdup(path);
    w->part = malloc(strlen(path) + 6);
    if (!w->path || !w->part) {
        free(w->path);
        free(w->part);
        free(w);
        return NULL;
    }
    sprintf(w->part, "%s.part", path);
    w->rec_bytes = rec_bytes;
    w->block_records = block_records;
    w->head_len = head_len;
    return w;
}

static void free_writer(blockfile_writer *w)
{
    free(w->path);
    free(w->part);
    free(w);
}

blockfile_writer *blockfile_create(const char *path, size_t rec_bytes, uint32_t block_records, const uint8_t *head,
                                   size_t head_len, bool resumable, diag_t *diag)
{
    if (strcmp(path, "-") == 0) {
        diag_set(diag, path, 0, "this file cannot go to standard output: name a file");
        return NULL;
    }
    blockfile_writer *w = new_writer(path, rec_bytes, block_records, head_len);
    if (!w) {
        diag_set(diag, path, 0, "out of memory");
        return NULL;
    }
    if (resumable) {
        int fd = open(w->part, O_WRONLY | O_CREAT | O_EXCL, 0666);
        if (fd < 0) {
            if (errno == EEXIST)
                diag_set(diag, path, 0, "%s exists: an unfinished run (go on with --resume, or remove it)", w->part);
            else
                diag_set(diag, path, 0, "cannot write %s: %s", w->part, strerror(errno));
            free_writer(w);
            return NULL;
        }
        w->f = fdopen(fd, "wb");
        if (!w->f) close(fd);
    } else {
        w->out = out_file_create(path, diag);
        if (!w->out) {
            free_writer(w);
            return NULL;
        }
        w->f = out_file_stream(w->out);
    }
    if (!w->f) {
        diag_set(diag, path, 0, "cannot write: %s", strerror(errno));
        free_writer(w);
        return NULL;
    }
    setvbuf(w->f, NULL, _IOFBF, 1 << 20);
    put(w, head, head_len);
    /* on disk at once: a resumable run that dies at once can be resumed */
    if (fflush(w->f) != 0) fail_io(w);
    w->crc = block_start(0);
    if (w->err) {
        diag_set(diag, path, 0, "write failed: %s", strerror(w->err));
        blockfile_abort(w);
        return NULL;
    }
    return w;
}

blockfile_writer *blockfile_resume(const char *path, size_t rec_bytes, uint32_t block_records, size_t head_len,
                                   bool (*accept)(void *ctx, const uint8_t *head, diag_t *diag), void *ctx,
                                   uint64_t *kept, diag_t *diag)
{
    blockfile_writer *w = new_writer(path, rec_bytes, block_records, head_len);
    if (!w) {
        diag_set(diag, path, 0, "out of memory");
        return NULL;
    }
    FILE *f = fopen(w->part, "r+b");
    uint8_t *buf = malloc(head_len > rec_bytes * block_records + 4 ? head_len : rec_bytes * block_records + 4);
    if (!f || !buf) {
        diag_set(diag, path, 0, "cannot resume from %s: %s", w->part, f ? "out of memory" : strerror(errno));
        if (f) fclose(f);
        free(buf);
        free_writer(w);
        return NULL;
    }
    bool ok = fread(buf, 1, head_len, f) == head_len;
    if (!ok) diag_set(diag, path, 0, "%s: shorter than its header: start again", w->part);
    else ok = accept(ctx, buf, diag);
    uint64_t blocks = 0;
    size_t block_bytes = rec_bytes * block_records, got = 0;
    while (ok && (got = fread(buf, 1, block_bytes + 4, f)) == block_bytes + 4 &&
           blockfile_crc(blocks, buf, block_bytes) == le_load32(buf + block_bytes))
        blocks++;
    /* after the whole blocks, the last partial block a checkpoint synced
     * (blockfile_sync): its records and their CRC, perhaps followed by
     * records written after it; the longest such block is the latest */
    size_t tail = 0, most = got >= 4 ? (got - 4) / rec_bytes : 0;
    for (size_t n = most < block_records ? most : block_records - 1; ok && n > 0; n--)
        if (blockfile_crc(blocks, buf, n * rec_bytes) == le_load32(buf + n * rec_bytes)) {
            tail = n;
            break;
        }
    off_t end = (off_t)(head_len + blockfile_block_offset(blocks, block_records, rec_bytes) + tail * rec_bytes);
    if (ok && (fflush(f) != 0 || ftruncate(fileno(f), end) != 0 || fseeko(f, end, SEEK_SET) != 0)) {
        diag_set(diag, path, 0, "cannot resume from %s: %s", w->part, strerror(errno));
        ok = false;
    }
    uLong crc = crc32(block_start(blocks), buf, (uInt)(tail * rec_bytes));
    free(buf);
    if (!ok) {
        fclose(f);
        free_writer(w);
        return NULL;
    }
    w->f = f;
    setvbuf(w->f, NULL, _IOFBF, 1 << 20);
    w->count = blocks * block_records + tail;
    w->in_block = (uint32_t)tail;
    w->crc = crc;
    *kept = w->count;
    return w;
}

static void end_block(blockfile_writer *w)
{
    uint8_t crc[4];
    le_store32(crc, (uint32_t)w->crc);
    put(w, crc, 4);
    w->in_block = 0;
    w->crc = block_start(w->count / w->block_records);
    /* a resumable file: the whole block on disk before going on */
    if (!w->out && (fflush(w->f) != 0 || fdatasync(fileno(w->f)) != 0)) fail_io(w);
}

bool blockfile_append(blockfile_writer *w, const uint8_t *recs, size_t n, diag_t *diag)
{
    while (n > 0) {
        size_t room = w->block_records - w->in_block, take = n < room ? n : room;
        put(w, recs, take * w->rec_bytes);
        w->crc = crc32(w->crc, recs, (uInt)(take * w->rec_bytes));
        w->in_block += (uint32_t)take;
        w->count += take;
        recs += take * w->rec_bytes;
        n -= take;
        if (w->in_block == w->block_records) end_block(w);
    }
    if (w->err) diag_set(diag, w->path, 0, "write failed: %s", strerror(w->err));
    return !w->err;
}

uint64_t blockfile_count(const blockfile_writer *w) { return w->count; }

bool blockfile_sync(blockfile_writer *w, diag_t *diag)
{
    if (w->out) return true;
    if (w->in_block > 0) { /* the partial block's CRC, overwritten by the records that follow */
        uint8_t crc[4];
        le_store32(crc, (uint32_t)w->crc);
        put(w, crc, 4);
        if (fflush(w->f) != 0 || fseeko(w->f, -4, SEEK_CUR) != 0) fail_io(w);
    }
    if (fflush(w->f) != 0 || fdatasync(fileno(w->f)) != 0) fail_io(w);
    if (w->err) diag_set(diag, w->path, 0, "write failed: %s", strerror(w->err));
    return !w->err;
}

bool blockfile_commit(blockfile_writer *w, const uint8_t *head, diag_t *diag)
{
    if (w->in_block > 0) end_block(w);
    if (fflush(w->f) != 0 || fseeko(w->f, 0, SEEK_SET) != 0) fail_io(w);
    put(w, head, w->head_len);
    bool ok;
    if (w->out) {
        if (w->err) {
            diag_set(diag, w->path, 0, "write failed: %s", strerror(w->err));
            out_file_abort(w->out);
            ok = false;
        } else {
            ok = out_file_commit(w->out, diag);
        }
    } else {
        if (fflush(w->f) != 0 || fsync(fileno(w->f)) != 0) fail_io(w);
        if (fclose(w->f) != 0) fail_io(w);
        if (!w->err && rename(w->part, w->path) != 0) fail_io(w);
        ok = !w->err;
        if (!ok) diag_set(diag, w->path, 0, "write failed: %s", strerror(w->err));
    }
    free_writer(w);
    return ok;
}

void blockfile_abort(blockfile_writer *w)
{
    if (!w) return;
    if (w->out) out_file_abort(w->out);
    else if (w->f) { /* every record kept for the resume, its partial block's CRC after them */
        diag_t ignored = {0};
        blockfile_sync(w, &ignored);
        fclose(w->f);
    }
    free_writer(w);
}
