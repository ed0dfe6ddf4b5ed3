/* writer.c -- the deal writer front end: picks the format from the path,
 * writes plain or gzip (".gz") text, and reports write failures. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "writer.h"

struct deal_writer {
    const char *path;
    deal_format fmt;
    FILE *plain;   /* stdout or a plain file */
    gzFile gz;     /* a .gz file */
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
    return FMT_AUTO;
}

deal_writer *deal_writer_open(const char *path, deal_format fmt, diag_t *diag)
{
    if (fmt == FMT_AUTO) fmt = deal_format_from_path(path);
    if (fmt != FMT_PBN && fmt != FMT_ONELINE) {
        diag_set(diag, path, 0, fmt == FMT_AUTO
                 ? "cannot tell the output format from the name (use .pbn, .pbn.gz, .txt, .txt.gz or --to)"
                 : "whistlab cannot write this format (only pbn and oneline)");
        return NULL;
    }
    deal_writer *w = calloc(1, sizeof *w);
    if (!w) {
        diag_set(diag, path, 0, "out of memory");
        return NULL;
    }
    w->path = path;
    w->fmt = fmt;
    errno = 0;
    if (strcmp(path, "-") == 0)
        w->plain = stdout;
    else if (ends_with(path, ".gz"))
        w->gz = gzopen(path, "wb6");
    else
        w->plain = fopen(path, "w");
    if (!w->plain && !w->gz) {
        diag_set(diag, path, 0, "cannot write: %s", errno ? strerror(errno) : "gzopen failed");
        free(w);
        return NULL;
    }
    if (fmt == FMT_PBN) {
        static const char header[] = "% PBN 2.1\n% EXPORT\n% whistlab " WHISTLAB_VERSION
                                     ": whist tags Trump, TurnUp, Leader\n\n";
        if (w->gz) w->failed |= gzputs(w->gz, header) < 0;
        else w->failed |= fputs(header, w->plain) == EOF;
    }
    return w;
}

bool deal_writer_put(deal_writer *w, const deal_t *d, diag_t *diag)
{
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

bool deal_writer_close(deal_writer *w, diag_t *diag)
{
    bool ok = !w->failed;
    if (w->gz) ok &= gzclose(w->gz) == Z_OK;
    else if (w->plain == stdout) ok &= fflush(stdout) == 0;
    else ok &= fclose(w->plain) == 0;
    if (!ok) diag_set(diag, w->path, 0, "write failed: %s", strerror(errno));
    free(w);
    return ok;
}
