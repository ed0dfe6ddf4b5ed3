/* wls.c -- reading, writing and merging .wls state files (layout in
 * wls.h): plain little-endian integers and a zlib CRC-32. A file read is
 * checked field by field, not only by its CRC (which anyone can forge):
 * what the run's code relies on (a shard mask with a bit, counts that add
 * up) holds in every state it accepts. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "formats/digest128.h"
#include "formats/out_file.h"
#include "stats/report/le_bytes.h"
#include "stats/report/tally_save.h"
#include "stats/report/wls.h"

#define WLS_LINE_QUOTE 600 /* room for a settings line quoted in a message */

static const char WLS_MAGIC[12] = "WHISTLAB-WLS";

static void put_text(le_out *o, const char *s)
{
    size_t n = strnlen(s, WLS_TEXT_MAX - 1);
    le_put_u32(o, (uint32_t)n);
    le_put_bytes(o, s, n);
}

int wls_write(const char *path, const wls_file *w, diag_t *diag)
{
    le_out o = {0};
    bool shard = w->parts > 1;
    le_put_bytes(&o, WLS_MAGIC, sizeof WLS_MAGIC);
    le_put_u32(&o, WLS_VERSION);
    le_put_u32(&o, (uint32_t)w->complete);
    le_put_u32(&o, w->parts);
    le_put_u64(&o, w->part_mask);
    put_text(&o, w->config);
    put_text(&o, w->progress);
    le_put_u32(&o, (uint32_t)w->ninputs);
    for (int i = 0; i < w->ninputs; i++) {
        const input_account *a = &w->inputs[i];
        le_put_u64(&o, a->deals);
        le_put_u64(&o, a->digest[0]);
        le_put_u64(&o, a->digest[1]);
        le_put_u32(&o, a->stopped);
        put_text(&o, a->where);
        if (shard) {
            le_put_u64(&o, a->corpus[0]);
            le_put_u64(&o, a->corpus[1]);
        }
    }
    for (int i = 0; i < w->stats->nconv; i++)
        if (strlen(w->stats->name[i]) >= WLS_NAME_BYTES) {
            diag_set(diag, path, 0, "cannot save the convention '%s': a state file holds names of at most %d bytes",
                     w->stats->name[i], WLS_NAME_BYTES - 1);
            free(o.buf);
            return 0;
        }
    le_put_u32(&o, (uint32_t)w->stats->nconv);
    for (int i = 0; i < w->stats->nconv; i++) le_put_bytes(&o, w->stats->name[i], WLS_NAME_BYTES);
    unsigned char *counters;
    size_t counters_len;
    if (tally_save(w->stats, &counters, &counters_len)) {
        le_put_bytes(&o, counters, counters_len);
        free(counters);
    } else {
        o.failed = 1;
    }
    if (w->job_len) {
        le_put_u32(&o, (uint32_t)w->job_len);
        le_put_bytes(&o, w->job, w->job_len);
    }
    le_put_u32(&o, (uint32_t)crc32(0L, o.buf, (uInt)o.len));
    if (o.failed) {
        diag_set(diag, path, 0, "out of memory");
        free(o.buf);
        return 0;
    }
    out_file *f = out_file_create(path, diag); /* exclusive temporary, fsync, rename */
    int ok = f != NULL;
    if (f) {
        if (fwrite(o.buf, 1, o.len, out_file_stream(f)) != o.len) {
            diag_set(diag, path, 0, "cannot write: %s", strerror(errno));
            out_file_abort(f);
            ok = 0;
        } else {
            ok = out_file_commit(f, diag);
        }
    }
    free(o.buf);
    return ok;
}

/* A text into dst, which holds cap bytes. */
static int get_text(le_in *in, char *dst, size_t cap)
{
    uint32_t n = le_get_u32(in);
    if (n >= cap) return 0;
    const unsigned char *b = le_take(in, n);
    if (!b || memchr(b, 0, n)) return 0;
    memcpy(dst, b, n);
    dst[n] = 0;
    return 1;
}

/* Whole file into memory (a state file is at most a few hundred KiB). */
static unsigned char *slurp(const char *path, size_t *len, diag_t *diag)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        diag_set(diag, path, 0, "cannot open: %s", strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    unsigned char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap) break;
        unsigned char *b = cap < (64u << 20) ? realloc(buf, cap * 2) : NULL;
        if (!b) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = b;
        cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        diag_set(diag, path, 0, "cannot read%s", buf ? "" : " (too large)");
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

/* What a state the run's code can rely on must hold, field by field; the
 * first one that does not, or NULL. */
static const char *invalid_field(const wls_file *w)
{
    static char why[160];
    if (w->complete != 0 && w->complete != 1) return "damaged header: 'complete' is neither 0 nor 1";
    if (w->part_mask == 0) return "damaged header: it holds no shard (part mask 0)";
    if (w->parts < 64 && w->part_mask >> w->parts)
        return "damaged header: a shard beyond the number of shards";
    if (!w->complete && __builtin_popcountll(w->part_mask) != 1)
        return "damaged header: an unfinished state of more than one shard";
    const stats_state *st = w->stats;
    uint64_t deals = 0;
    for (int i = 0; i < w->ninputs; i++) {
        if (w->inputs[i].stopped > 1) return "damaged inputs: 'stopped' is neither 0 nor 1";
        deals += w->inputs[i].deals;
    }
    if (st->accepted > st->read || st->rejected > st->read || st->left > st->read ||
        st->read != st->accepted + st->rejected + st->left)
        return "damaged counters: deals read are not those accepted plus those rejected (and left out)";
    if (w->ninputs > 0 && deals != st->read) {
        snprintf(why, sizeof why, "damaged counters: the inputs' deals (%llu) are not the deals read (%llu)",
                 (unsigned long long)deals, (unsigned long long)st->read);
        return why;
    }
    for (int i = 0; i < st->nconv; i++) {
        if (!st->name[i][0]) return "damaged header: a convention without a name";
        for (int j = 0; j < i; j++)
            if (strcmp(st->name[i], st->name[j]) == 0) return "damaged header: a convention named twice";
    }
    for (int k = 0; k < stats_measure_count(); k++) { /* a measure's sum within its largest per-deal value */
        const stats_measure *m = stats_measure_at(k);
        for (int i = 0; m->max && i < stats_measure_columns(m, st->nconv); i++)
            if (*stats_sum((stats_cell *)&st->all, k, i) > (uint64_t)m->max * st->all.deals) {
                snprintf(why, sizeof why, "damaged counters: more %s than deals allow", m->unit);
                return why;
            }
    }
    for (int b = 0; b < STATS_BREAKDOWNS; b++) {
        uint64_t n = 0;
        for (int k = 0; k < STATS_KEYS; k++) n += st->by[b][k].deals;
        if (n != st->all.deals) return "damaged counters: a breakdown does not add up to the deals";
    }
    return NULL;
}

int wls_read(const char *path, wls_file *w, diag_t *diag)
{
    size_t len;
    unsigned char *buf = slurp(path, &len, diag);
    if (!buf) return 0;
    const char *why = NULL;
    le_in in = {buf, buf + len, 0};
    if (len < sizeof WLS_MAGIC + 4 || memcmp(buf, WLS_MAGIC, sizeof WLS_MAGIC) != 0) {
        why = "not a whistlab state file (.wls)";
        goto done;
    }
    in.p += sizeof WLS_MAGIC;
    uint32_t crc_stored = (uint32_t)buf[len - 4] | (uint32_t)buf[len - 3] << 8 |
                          (uint32_t)buf[len - 2] << 16 | (uint32_t)buf[len - 1] << 24;
    if ((uint32_t)crc32(0L, buf, (uInt)(len - 4)) != crc_stored) {
        why = "CRC mismatch: the file is damaged or truncated";
        goto done;
    }
    in.end = buf + len - 4;
    uint32_t version = le_get_u32(&in);
    if (version < WLS_VERSION_OLDEST || version > WLS_VERSION) {
        diag_set(diag, path, 0, "a state file of version %u (%s whistlab); this whistlab reads versions %d to %d "
                 "only: run the analysis again to make one", version,
                 version < WLS_VERSION ? "an older" : "a newer", WLS_VERSION_OLDEST, WLS_VERSION);
        free(buf);
        return 0;
    }
    w->complete = (int)le_get_u32(&in);
    w->parts = le_get_u32(&in);
    w->part_mask = le_get_u64(&in);
    bool shard = version == WLS_VERSION ? w->parts > 1 : version == WLS_VERSION_SHARD;
    if (shard != (w->parts > 1)) {
        diag_set(diag, path, 0, "a %s state file of version %u: %s", w->parts > 1 ? "shard's" : "whole run's",
                 version, w->parts > 1 ? "it does not name the corpus the shard is cut from (an older whistlab): "
                                         "run the shard again to make one" : "damaged header");
        free(buf);
        return 0;
    }
    if (!get_text(&in, w->config, sizeof w->config) || !get_text(&in, w->progress, sizeof w->progress)) {
        why = "damaged header";
        goto done;
    }
    uint32_t ninputs = le_get_u32(&in);
    if (ninputs > WLS_MAX_INPUTS) {
        why = "damaged header";
        goto done;
    }
    w->ninputs = (int)ninputs;
    for (uint32_t i = 0; i < ninputs; i++) {
        input_account *a = &w->inputs[i];
        a->deals = le_get_u64(&in);
        a->digest[0] = le_get_u64(&in);
        a->digest[1] = le_get_u64(&in);
        a->stopped = le_get_u32(&in);
        if (!get_text(&in, a->where, sizeof a->where)) {
            why = "damaged inputs";
            goto done;
        }
        a->corpus[0] = a->corpus[1] = 0;
        if (shard) {
            a->corpus[0] = le_get_u64(&in);
            a->corpus[1] = le_get_u64(&in);
        }
    }
    uint32_t nconv = le_get_u32(&in);
    if (nconv < 1 || nconv > STATS_MAX_CONV || w->parts < 1 || w->parts > WLS_MAX_PARTS) {
        why = "damaged header";
        goto done;
    }
    const char *names[STATS_MAX_CONV];
    char name_buf[STATS_MAX_CONV][WLS_NAME_BYTES];
    for (uint32_t i = 0; i < nconv; i++) {
        const unsigned char *b = le_take(&in, WLS_NAME_BYTES);
        if (!b) break;
        memcpy(name_buf[i], b, WLS_NAME_BYTES);
        name_buf[i][WLS_NAME_BYTES - 1] = 0;
        names[i] = name_buf[i];
    }
    if (in.short_read) {
        why = "truncated";
        goto done;
    }
    stats_init(w->stats, (int)nconv, names);
    static char counters_why[300];
    size_t used;
    why = tally_load(w->stats, in.p, (size_t)(in.end - in.p), version, &used, counters_why, sizeof counters_why);
    in.p += used;
    if (why) goto done;
    w->job_len = 0;
    if (in.p != in.end && !w->job) {
        why = "the state of a run of another command (lead --simulate): resume it with that command";
        goto done;
    }
    if (in.p != in.end) {
        uint32_t n = le_get_u32(&in);
        const unsigned char *b = n <= w->job_cap && n <= WLS_JOB_MAX ? le_take(&in, n) : NULL;
        if (!b) {
            why = "damaged job section";
            goto done;
        }
        memcpy(w->job, b, n);
        w->job_len = n;
    }
    if (in.p != in.end) why = "truncated or trailing bytes";
    else why = invalid_field(w);
done:
    if (why) diag_set(diag, path, 0, "%s", why);
    free(buf);
    return why == NULL;
}

/* The first line of settings a and b do not share, quoted from each (a
 * table's text digest, an input, a convention, the policy). */
static void first_difference(const char *a, const char *b, char *buf, size_t len)
{
    while (*a && *a == *b) {
        size_t n = strcspn(a, "\n");
        if (strncmp(a, b, n + 1) != 0) break;
        a += n + (a[n] == '\n');
        b += n + (b[n] == '\n');
    }
    snprintf(buf, len, "a run with other settings: \"%.*s\" where the first has \"%.*s\"",
             (int)strcspn(b, "\n"), b, (int)strcspn(a, "\n"), a);
}

/* Whether the shards were cut from different corpora (a file of the same
 * name may hold other deals): the first such input said in buf. */
static bool other_corpus(const wls_file *a, const wls_file *b, char *buf, size_t len)
{
    for (int i = 0; i < a->ninputs; i++) {
        const uint64_t *x = a->inputs[i].corpus, *y = b->inputs[i].corpus;
        if (x[0] != y[0] || x[1] != y[1]) {
            char hx[DIGEST128_HEX], hy[DIGEST128_HEX];
            snprintf(buf, len, "a shard of other deals: its input %d was cut from a corpus of digest %s, the "
                     "first's from %s", i + 1, digest128_hex((digest128){{y[0], y[1]}}, hy),
                     digest128_hex((digest128){{x[0], x[1]}}, hx));
            return true;
        }
    }
    return false;
}

/* Whether from is a finished shard of into's run not merged yet: the same
 * settings, number of shards and corpora; else the difference in *why. */
static bool merge_check(const wls_file *into, const wls_file *from, const char **why, char *differ, size_t len)
{
    *why = NULL;
    if (!into->complete || !from->complete) {
        *why = "an unfinished run: resume it to the end first (--resume)";
    } else if (strcmp(into->config, from->config) != 0) {
        first_difference(into->config, from->config, differ, len);
        *why = differ;
    } else if (into->parts != from->parts) {
        *why = "a different number of shards";
    } else if (into->part_mask & from->part_mask) {
        *why = "a shard already merged";
    } else if (into->ninputs != from->ninputs) {
        *why = "a run with other inputs";
    } else if (other_corpus(into, from, differ, len)) {
        *why = differ;
    }
    return *why == NULL;
}

int wls_merge_check(const wls_file *into, const wls_file *from, const char *from_name, diag_t *diag)
{
    const char *why;
    char differ[2 * WLS_LINE_QUOTE + 200];
    if (merge_check(into, from, &why, differ, sizeof differ)) return 1;
    diag_set(diag, from_name, 0, "cannot merge %s", why);
    return 0;
}

int wls_merge(wls_file *into, const wls_file *from, const char *from_name, diag_t *diag)
{
    const char *why;
    char differ[2 * WLS_LINE_QUOTE + 200];
    if (merge_check(into, from, &why, differ, sizeof differ) && !stats_merge(into->stats, from->stats))
        why = "other conventions";
    if (why) {
        diag_set(diag, from_name, 0, "cannot merge %s", why);
        return 0;
    }
    for (int i = 0; i < into->ninputs; i++) input_account_merge(&into->inputs[i], &from->inputs[i]);
    into->part_mask |= from->part_mask;
    uint64_t all = into->parts >= 64 ? ~0ULL : (1ULL << into->parts) - 1;
    if (into->part_mask == all) {
        into->parts = 1;
        into->part_mask = 1;
    }
    return 1;
}

int wls_file_alloc(wls_file *w)
{
    w->stats = calloc(1, sizeof *w->stats);
    w->inputs = calloc(WLS_MAX_INPUTS, sizeof *w->inputs);
    if (w->stats && w->inputs) return 1;
    wls_file_release(w);
    return 0;
}

void wls_file_release(wls_file *w)
{
    free(w->stats);
    free(w->inputs);
    w->stats = NULL;
    w->inputs = NULL;
}
