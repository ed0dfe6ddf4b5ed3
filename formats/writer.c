/* writer.c -- the deal writer front end: picks the format from the path,
 * writes plain or gzip (".gz") text or a .wda archive, whole or absent
 * (out_file.h), and reports write failures and what the output format
 * could not hold. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include "out_file.h"
#include "wda.h"
#include "writer.h"

/* Facts a format without them drops, counted per deal (deal_writer_dropped). */
enum { DROP_PLAY, DROP_DDTABLE, DROP_CONTRACT, DROP_FUT, N_DROPS };
static const char *const DROP_NAMES[N_DROPS] = {"card plays", "DD tables", "contracts",
                                                "DDS FUT lists"};

struct deal_writer {
    const char *path;
    deal_format fmt;
    out_file *out; /* the file (or stdout), renamed into place at the end */
    FILE *plain;   /* its stream, for plain text */
    gzFile gz;     /* a .gz file: zlib over the stream's descriptor */
    wda_writer *wda; /* a .wda archive */
    uint64_t dropped[N_DROPS];
    uint64_t written;
    int failed;
    char buf[16384];
};

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

deal_format deal_format_from_path(const char *path)
{
    char base[4096];
    snprintf(base, sizeof base, "%s", path);
    size_t n = strlen(base);
    if (ends_with(base, ".gz")) base[n - 3] = 0;
    if (ends_with(base, ".pbn")) return FMT_PBN;
    if (ends_with(base, ".txt") || ends_with(base, ".oneline")) return FMT_ONELINE;
    if (ends_with(base, ".wda")) return FMT_WDA;
    return FMT_AUTO;
}

static deal_writer *open_wda(const char *path, diag_t *diag)
{
    if (ends_with(path, ".gz")) {
        diag_set(diag, path, 0, "a .wda archive is not compressed: drop the .gz");
        return NULL;
    }
    deal_writer *w = calloc(1, sizeof *w);
    if (!w) {
        diag_set(diag, path, 0, "out of memory");
        return NULL;
    }
    wda_header h = {.block_records = WDA_BLOCK_RECORDS, .generator = WDA_GENERATOR_NONE};
    w->path = path;
    w->fmt = FMT_WDA;
    w->wda = wda_writer_open(path, &h, diag);
    if (!w->wda) {
        free(w);
        return NULL;
    }
    return w;
}

bool deal_format_writable(deal_format fmt)
{
    return fmt == FMT_PBN || fmt == FMT_ONELINE || fmt == FMT_WDA;
}

deal_writer *deal_writer_open(const char *path, deal_format fmt, diag_t *diag)
{
    if (fmt == FMT_AUTO) fmt = strcmp(path, "-") == 0 ? FMT_PBN : deal_format_from_path(path);
    if (fmt == FMT_WDA) return open_wda(path, diag);
    if (!deal_format_writable(fmt)) {
        diag_set(diag, path, 0, fmt == FMT_AUTO
                 ? "cannot tell the output format from the name (use .pbn, .pbn.gz, .txt, .txt.gz, .wda or --to)"
                 : "whistlab cannot write this format (only pbn, oneline and wda)");
        return NULL;
    }
    deal_writer *w = calloc(1, sizeof *w);
    if (!w) {
        diag_set(diag, path, 0, "out of memory");
        return NULL;
    }
    w->path = path;
    w->fmt = fmt;
    w->out = out_file_create(path, diag);
    if (!w->out) {
        free(w);
        return NULL;
    }
    w->plain = out_file_stream(w->out);
    if (strcmp(path, "-") != 0 && ends_with(path, ".gz")) {
        int fd = dup(fileno(w->plain));
        w->gz = fd >= 0 ? gzdopen(fd, "wb6") : NULL;
        if (!w->gz) {
            diag_set(diag, path, 0, "cannot write: %s", fd >= 0 ? "out of memory" : strerror(errno));
            if (fd >= 0) close(fd);
            out_file_abort(w->out);
            free(w);
            return NULL;
        }
    }
    if (fmt == FMT_PBN) {
        static const char header[] = "% PBN 2.1\n% EXPORT\n% whistlab " WHISTLAB_VERSION
                                     ": whist tags Trump, TurnUp, Leader\n\n";
        if (w->gz) w->failed |= gzputs(w->gz, header) < 0;
        else w->failed |= fputs(header, w->plain) == EOF;
    }
    return w;
}

/* Counts the facts of d that the output format cannot hold. */
static void count_dropped(deal_writer *w, const deal_t *d)
{
    w->dropped[DROP_FUT] += (d->flags & DEAL_HAS_FUT) != 0; /* no PBN tag holds them */
    if (w->fmt == FMT_PBN) return;
    w->dropped[DROP_PLAY] += (d->flags & DEAL_HAS_PLAY) != 0;
    w->dropped[DROP_DDTABLE] += (d->flags & DEAL_HAS_DDTABLE) != 0;
    w->dropped[DROP_CONTRACT] += (d->flags & (DEAL_HAS_CONTRACT | DEAL_PASSED_OUT)) != 0;
}

bool deal_writer_put(deal_writer *w, const deal_t *d, diag_t *diag)
{
    count_dropped(w, d);
    if (w->wda) {
        if (!wda_writer_put(w->wda, d, diag)) return false;
        w->written++;
        return true;
    }
    long n = w->fmt == FMT_PBN ? pbn_format_deal(d, w->buf, sizeof w->buf)
                               : oneline_format_deal(d, w->buf, sizeof w->buf);
    if (n < 0) {
        diag_set(diag, w->path, 0, "deal %llu does not fit the output buffer",
                 (unsigned long long)(w->written + 1));
        return false;
    }
    bool ok = w->gz ? gzwrite(w->gz, w->buf, (unsigned)n) == (int)n
                    : fwrite(w->buf, 1, (size_t)n, w->plain) == (size_t)n;
    if (!ok) {
        w->failed = 1;
        diag_set(diag, w->path, 0, "write failed: %s", strerror(errno));
        return false;
    }
    w->written++;
    return true;
}

uint64_t deal_writer_dropped(const deal_writer *w, char *buf, size_t len)
{
    uint64_t counts[N_DROPS + 1], total = 0;
    memcpy(counts, w->dropped, sizeof w->dropped);
    counts[N_DROPS] = w->wda ? wda_writer_dropped_boards(w->wda) : 0;
    size_t used = 0;
    if (len) buf[0] = 0;
    for (int i = 0; i <= N_DROPS; i++) {
        if (!counts[i]) continue;
        total += counts[i];
        int n = snprintf(buf + used, len - used, "%s%llu %s", used ? ", " : "",
                         (unsigned long long)counts[i],
                         i < N_DROPS ? DROP_NAMES[i] : "board numbers over 16382");
        if (n < 0 || (size_t)n >= len - used) break;
        used += (size_t)n;
    }
    return total;
}

bool deal_writer_close(deal_writer *w, diag_t *diag)
{
    if (w->wda) {
        bool done = wda_writer_close(w->wda, diag);
        free(w);
        return done;
    }
    bool ok = !w->failed;
    int err = errno;
    if (w->gz && gzclose(w->gz) != Z_OK) {
        ok = false;
        err = errno;
    }
    if (ok) {
        ok = out_file_commit(w->out, diag);
    } else {
        diag_set(diag, w->path, 0, "write failed: %s", err ? strerror(err) : "I/O error");
        out_file_abort(w->out);
    }
    free(w);
    return ok;
}
