/* dd_store.c -- the solved-lead store (layout in dd_store.h): records
 * packed and checked against their deal, written resumably in checksummed
 * blocks (formats/blockfile.h), mapped and read by place, parts merged. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include "analyze/dd/dd_store.h"
#include "formats/blockfile.h"
#include "formats/deal_digest.h"

static const char STORE_MAGIC[8] = "\x89WDV\r\n\x1a\n";

/* ---- records ---- */

/* The leader's cards in the record's order: spades first, high first. */
static int leader_cards(const deal_t *w, card_t card[13])
{
    int n = 0;
    for (int s = 0; s < 4; s++)
        for (unsigned ranks = hand_suit(w->hand[w->leader], s); ranks && n < 13; n++) {
            int r = 31 - __builtin_clz(ranks); /* the highest left */
            card[n] = card_make(s, r);
            ranks &= ~(1u << r);
        }
    return n;
}

static uint64_t check_bits(const deal_t *w, uint64_t index)
{
    return deal_digest_term(w, index).lane[0] >> 52;
}

uint64_t dd_store_pack(const deal_t *w, uint64_t index, int rc, const dd_leads *l)
{
    card_t card[13];
    int n = leader_cards(w, card);
    uint64_t rec = check_bits(w, index) << 52;
    for (int k = 0; k < 13; k++) {
        int v = rc == DD_OK && k < n ? l->tricks[card[k]] : -1;
        rec |= (uint64_t)(v >= 0 && v <= 13 ? v : 15) << (4 * k);
    }
    return rec;
}

int dd_store_unpack(uint64_t rec, const deal_t *w, uint64_t index, dd_leads *out)
{
    return dd_store_unpack_digested(rec, w, index, 0, out);
}

int dd_store_unpack_digested(uint64_t rec, const deal_t *w, uint64_t index, uint64_t term0, dd_leads *out)
{
    memset(out->tricks, -1, sizeof out->tricks);
    if (rec == DD_STORE_EMPTY) return DD_STORE_NO_VALUE;
    if (rec >> 52 != (term0 ? term0 >> 52 : check_bits(w, index))) return DD_STORE_MISMATCH;
    /* the leader's cards in leader_cards' order, each value put as its
     * card comes */
    int k = 0;
    for (int s = 0; s < 4; s++)
        for (unsigned ranks = hand_suit(w->hand[w->leader], s); ranks && k < 13; k++) {
            int r = 31 - __builtin_clz(ranks), v = (int)(rec >> (4 * k) & 15);
            if (v > 13) {
                memset(out->tricks, -1, sizeof out->tricks);
                return DD_STORE_NO_VALUE;
            }
            out->tricks[card_make(s, r)] = (int8_t)v;
            ranks &= ~(1u << r);
        }
    return DD_STORE_OK;
}

/* ---- the header ---- */

/* Bytes before the note: the header, and from version 2 the engine record. */
static size_t head_bytes(uint32_t version)
{
    return DD_STORE_HEADER_BYTES + (version >= 2 ? DD_STORE_ENGINE_BYTES : 0);
}

static uint32_t engine_crc(const uint8_t *name)
{
    return (uint32_t)crc32(0, name, DD_STORE_ENGINE_NAME);
}

static size_t header_pack(const dd_store_header *h, uint8_t *out)
{
    size_t note_len = strlen(h->note), head = head_bytes(DD_STORE_VERSION);
    memset(out, 0, head);
    memcpy(out, STORE_MAGIC, 8);
    le_store32(out + 8, DD_STORE_VERSION);
    le_store32(out + 12, DD_STORE_RECORD_BYTES);
    le_store32(out + 16, DD_STORE_BLOCK_RECORDS);
    le_store32(out + 20, h->complete ? 1 : 0);
    le_store64(out + 24, h->count);
    le_store32(out + 32, h->per_record);
    le_store64(out + 36, h->deals);
    le_store64(out + 44, h->digest.lane[0]);
    le_store64(out + 52, h->digest.lane[1]);
    le_store32(out + 60, h->shard);
    le_store32(out + 64, h->shards);
    memcpy(out + 68, h->policy, strnlen(h->policy, DD_STORE_POLICY_MAX - 1));
    le_store32(out + 116, (uint32_t)note_len);
    uint8_t *engine = out + DD_STORE_HEADER_BYTES;
    memcpy(engine, h->engine, strnlen(h->engine, DD_STORE_ENGINE_NAME - 1));
    le_store32(engine + DD_STORE_ENGINE_NAME, engine_crc(engine));
    memcpy(out + head, h->note, note_len);
    uLong crc = crc32(crc32(0, out, 120), out + head, (uInt)note_len);
    le_store32(out + 120, (uint32_t)crc);
    return head + note_len;
}

/* Reads a header from p (n bytes available); false with why filled. */
static bool header_unpack(const uint8_t *p, size_t n, dd_store_header *h, char *why, size_t why_len)
{
    if (n < DD_STORE_HEADER_BYTES || memcmp(p, STORE_MAGIC, 8) != 0) {
        snprintf(why, why_len, "not a solved-lead store (.wdv)");
        return false;
    }
    uint32_t version = le_load32(p + 8), note_len = le_load32(p + 116);
    if (version < 1 || version > DD_STORE_VERSION) {
        snprintf(why, why_len, "a store of version %u: this whistlab reads versions 1 to %d", version,
                 DD_STORE_VERSION);
        return false;
    }
    size_t head = head_bytes(version);
    if (le_load32(p + 12) != DD_STORE_RECORD_BYTES || le_load32(p + 16) != DD_STORE_BLOCK_RECORDS ||
        note_len > DD_STORE_MAX_NOTE || n < head + (size_t)note_len) {
        snprintf(why, why_len, "a damaged header (record size, block size or note length)");
        return false;
    }
    uLong crc = crc32(crc32(0, p, 120), p + head, note_len);
    if ((uint32_t)crc != le_load32(p + 120)) {
        snprintf(why, why_len, "header CRC mismatch: the store is damaged");
        return false;
    }
    const uint8_t *engine = p + DD_STORE_HEADER_BYTES;
    if (version >= 2 && (engine[DD_STORE_ENGINE_NAME - 1] != 0 ||
                         engine_crc(engine) != le_load32(engine + DD_STORE_ENGINE_NAME))) {
        snprintf(why, why_len, "engine record CRC mismatch: the store is damaged");
        return false;
    }
    memset(h, 0, sizeof *h);
    h->version = version;
    if (version >= 2) memcpy(h->engine, engine, DD_STORE_ENGINE_NAME);
    h->complete = le_load32(p + 20) & 1;
    h->count = le_load64(p + 24);
    h->per_record = le_load32(p + 32);
    h->deals = le_load64(p + 36);
    h->digest.lane[0] = le_load64(p + 44);
    h->digest.lane[1] = le_load64(p + 52);
    h->shard = le_load32(p + 60);
    h->shards = le_load32(p + 64);
    memcpy(h->policy, p + 68, DD_STORE_POLICY_MAX - 1);
    memcpy(h->note, p + head, note_len);
    if ((h->per_record != 1 && h->per_record != 4) || h->shards < 1 || h->shard < 1 || h->shard > h->shards) {
        snprintf(why, why_len, "a damaged header (deals per record %u, shard %u/%u)", h->per_record, h->shard,
                 h->shards);
        return false;
    }
    return true;
}

/* ---- writing ---- */

struct dd_store_writer {
    blockfile_writer *bf;
    dd_store_header h;
    uint8_t head[DD_STORE_HEADER_BYTES + DD_STORE_ENGINE_BYTES + DD_STORE_MAX_NOTE];
};

/* A writer for h, unfinished (complete, count, deals and digest are set
 * at the end), its header packed into w->head; *head_len its length. */
static dd_store_writer *writer_new(const char *path, const dd_store_header *h, size_t *head_len, diag_t *diag)
{
    dd_store_writer *w = calloc(1, sizeof *w);
    if (!w) {
        diag_set(diag, path, 0, "out of memory");
        return NULL;
    }
    w->h = *h;
    w->h.version = DD_STORE_VERSION;
    w->h.complete = false;
    w->h.count = w->h.deals = 0;
    memset(&w->h.digest, 0, sizeof w->h.digest);
    *head_len = header_pack(&w->h, w->head);
    return w;
}

dd_store_writer *dd_store_create(const char *path, const dd_store_header *h, bool resumable, diag_t *diag)
{
    size_t n;
    dd_store_writer *w = writer_new(path, h, &n, diag);
    if (!w) return NULL;
    w->bf = blockfile_create(path, DD_STORE_RECORD_BYTES, DD_STORE_BLOCK_RECORDS, w->head, n, resumable, diag);
    if (!w->bf) {
        free(w);
        return NULL;
    }
    return w;
}

/* A .part may be resumed when it was started for the same store. */
static bool same_start(void *ctx, const uint8_t *head, diag_t *diag)
{
    const dd_store_header *want = ctx;
    dd_store_header got;
    char why[160];
    /* the head read is as long as this store's: a part with another note
     * length was started for another store */
    if (memcmp(head, STORE_MAGIC, 8) == 0 && le_load32(head + 116) != strlen(want->note)) {
        diag_set(diag, NULL, 0, "cannot resume: it was started for other deals or settings");
        return false;
    }
    if (!header_unpack(head, head_bytes(DD_STORE_VERSION) + strlen(want->note), &got, why, sizeof why)) {
        diag_set(diag, NULL, 0, "cannot resume: %s", why);
        return false;
    }
    if (got.version != DD_STORE_VERSION) {
        diag_set(diag, NULL, 0, "cannot resume: a part of store version %u, begun by an older whistlab: solve "
                 "again without --resume", got.version);
        return false;
    }
    /* the record names the engine that solved every place */
    if (strcmp(got.engine, want->engine) != 0) {
        diag_set(diag, NULL, 0, "cannot resume: it was started with --engine %s", got.engine);
        return false;
    }
    if (strcmp(got.note, want->note) != 0 || strcmp(got.policy, want->policy) != 0 ||
        got.per_record != want->per_record || got.shard != want->shard || got.shards != want->shards) {
        diag_set(diag, NULL, 0, "cannot resume: it was started for other deals or settings (%s)", got.note);
        return false;
    }
    return true;
}

dd_store_writer *dd_store_resume(const char *path, const dd_store_header *h, uint64_t *kept, diag_t *diag)
{
    size_t n;
    dd_store_writer *w = writer_new(path, h, &n, diag);
    if (!w) return NULL;
    w->bf = blockfile_resume(path, DD_STORE_RECORD_BYTES, DD_STORE_BLOCK_RECORDS, n, same_start, &w->h, kept,
                             diag);
    if (!w->bf) {
        if (!diag->file) diag->file = path;
        free(w);
        return NULL;
    }
    return w;
}

bool dd_store_put(dd_store_writer *w, uint64_t rec, diag_t *diag)
{
    uint8_t b[8];
    le_store64(b, rec);
    return blockfile_append(w->bf, b, 1, diag);
}

bool dd_store_sync(dd_store_writer *w, diag_t *diag) { return blockfile_sync(w->bf, diag); }

bool dd_store_finish(dd_store_writer *w, uint64_t deals, digest128 digest, diag_t *diag)
{
    w->h.complete = true;
    w->h.count = blockfile_count(w->bf);
    w->h.deals = deals;
    w->h.digest = digest;
    header_pack(&w->h, w->head);
    bool ok = blockfile_commit(w->bf, w->head, diag);
    free(w);
    return ok;
}

void dd_store_stop(dd_store_writer *w)
{
    if (!w) return;
    blockfile_abort(w->bf);
    free(w);
}

/* ---- reading ---- */

struct dd_store {
    char *path;
    const uint8_t *map;
    size_t size, data;
    dd_store_header h;
};

static uint64_t blocks_of(uint64_t count)
{
    return count / DD_STORE_BLOCK_RECORDS + (count % DD_STORE_BLOCK_RECORDS != 0);
}

/* *bytes = the size of a store of count records in nblocks blocks after
 * data bytes of header and note; false when it is beyond 64 bits. Checked:
 * a forged header with a valid CRC and a huge count wrapped the sum round
 * to the file's size, and every read past the file died of SIGBUS
 * (issue 25 item 2). */
static bool store_bytes(uint64_t data, uint64_t count, uint64_t nblocks, uint64_t *bytes)
{
    uint64_t records, crcs;
    return !__builtin_mul_overflow(count, (uint64_t)DD_STORE_RECORD_BYTES, &records) &&
           !__builtin_mul_overflow(nblocks, (uint64_t)4, &crcs) && !__builtin_add_overflow(data, records, bytes) &&
           !__builtin_add_overflow(*bytes, crcs, bytes);
}

/* Maps path and checks it whole: header, size, every block's CRC. */
static dd_store *map_store(const char *path, diag_t *diag)
{
    dd_store *s = calloc(1, sizeof *s);
    if (!s || !(s->path = strdup(path))) {
        free(s);
        diag_set(diag, path, 0, "out of memory");
        return NULL;
    }
    int fd = open(path, O_RDONLY);
    struct stat st;
    char why[200] = "";
    if (fd < 0 || fstat(fd, &st) != 0) {
        snprintf(why, sizeof why, "cannot open: %s", strerror(errno));
    } else if (!S_ISREG(st.st_mode)) {
        snprintf(why, sizeof why, "a store must be a regular file (it is mapped)");
    } else if ((s->size = (size_t)st.st_size) < DD_STORE_HEADER_BYTES) {
        snprintf(why, sizeof why, "truncated: %zu bytes, shorter than the header", s->size);
    } else if ((s->map = mmap(NULL, s->size, PROT_READ, MAP_PRIVATE, fd, 0)) == MAP_FAILED) {
        s->map = NULL;
        snprintf(why, sizeof why, "cannot map the file: %s", strerror(errno));
    } else if (header_unpack(s->map, s->size, &s->h, why, sizeof why)) {
        s->data = head_bytes(s->h.version) + strlen(s->h.note);
        uint64_t nblocks = blocks_of(s->h.count), want;
        if (!s->h.complete)
            snprintf(why, sizeof why, "unfinished: the solve stopped before the end (go on with solve --resume)");
        else if (!store_bytes(s->data, s->h.count, nblocks, &want))
            snprintf(why, sizeof why, "truncated: %zu bytes where the header's %llu records need more than 2^64",
                     s->size, (unsigned long long)s->h.count);
        else if (s->size != want)
            snprintf(why, sizeof why, "%s: %zu bytes where the header's %llu records need %llu",
                     s->size < want ? "truncated" : "too long", s->size, (unsigned long long)s->h.count,
                     (unsigned long long)want);
        for (uint64_t b = 0; !why[0] && b < nblocks; b++) {
            uint64_t lo = b * DD_STORE_BLOCK_RECORDS, n = s->h.count - lo;
            if (n > DD_STORE_BLOCK_RECORDS) n = DD_STORE_BLOCK_RECORDS;
            const uint8_t *recs =
                s->map + s->data + blockfile_block_offset(b, DD_STORE_BLOCK_RECORDS, DD_STORE_RECORD_BYTES);
            if (blockfile_crc(b, recs, n * DD_STORE_RECORD_BYTES) != le_load32(recs + n * DD_STORE_RECORD_BYTES))
                snprintf(why, sizeof why, "block %llu (places %llu-%llu): CRC mismatch: the store is damaged",
                         (unsigned long long)b, (unsigned long long)lo + 1, (unsigned long long)(lo + n));
        }
    }
    if (fd >= 0) close(fd);
    if (why[0]) {
        diag_set(diag, path, 0, "%s", why);
        dd_store_close(s);
        return NULL;
    }
    return s;
}

dd_store *dd_store_open(const char *path, diag_t *diag)
{
    dd_store *s = map_store(path, diag);
    if (s && s->h.shards != 1) {
        diag_set(diag, path, 0, "shard %u of %u of a solve: merge the parts first (whistlab solve --merge)",
                 s->h.shard, s->h.shards);
        dd_store_close(s);
        return NULL;
    }
    return s;
}

void dd_store_close(dd_store *s)
{
    if (!s) return;
    if (s->map) munmap((void *)s->map, s->size);
    free(s->path);
    free(s);
}

const dd_store_header *dd_store_header_of(const dd_store *s) { return &s->h; }

uint64_t dd_store_get(const dd_store *s, uint64_t index)
{
    if (index >= s->h.count) return DD_STORE_EMPTY;
    return le_load64(s->map + s->data +
                     blockfile_block_offset(index / DD_STORE_BLOCK_RECORDS, DD_STORE_BLOCK_RECORDS,
                                            DD_STORE_RECORD_BYTES) +
                     (index % DD_STORE_BLOCK_RECORDS) * DD_STORE_RECORD_BYTES);
}

/* ---- merging shards ---- */

/* The engine record of a merge: the parts' engines, each once, in the
 * order of the parts, '+' between them; unknown if one part's is. */
static void merged_engine(dd_store *const p[], int n, char *out)
{
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        const char *e = p[i]->h.engine;
        if (!e[0]) {
            out[0] = 0;
            return;
        }
        size_t len = strlen(e), at = strlen(out);
        bool have = false;
        for (const char *t = out; *t && !have; t += strcspn(t, "+"), t += *t == '+')
            have = strncmp(t, e, len) == 0 && (t[len] == '+' || !t[len]);
        if (!have && at + len + 1 < DD_STORE_ENGINE_NAME)
            snprintf(out + at, DD_STORE_ENGINE_NAME - at, "%s%s", at ? "+" : "", e);
    }
}

bool dd_store_merge(const char *const parts[], int n, const char *out, diag_t *diag)
{
    dd_store **p = calloc((size_t)n, sizeof *p), **by = NULL;
    bool ok = p != NULL;
    if (!ok) diag_set(diag, out, 0, "out of memory");
    uint32_t shards = 0;
    for (int i = 0; ok && i < n; i++) {
        if (!(p[i] = map_store(parts[i], diag))) ok = false;
        else if (i == 0 && (shards = p[i]->h.shards) > DD_STORE_MAX_SHARDS) {
            diag_set(diag, parts[i], 0, "a solve in %u shards: at most %d can be merged", shards,
                     DD_STORE_MAX_SHARDS);
            ok = false;
        }
        else if (strcmp(p[i]->h.note, p[0]->h.note) || strcmp(p[i]->h.policy, p[0]->h.policy) ||
                 p[i]->h.per_record != p[0]->h.per_record || p[i]->h.shards != shards) {
            diag_set(diag, parts[i], 0, "not a part of the same solve as %s", parts[0]);
            ok = false;
        } else if (p[i]->h.digest.lane[0] != p[0]->h.digest.lane[0] ||
                   p[i]->h.digest.lane[1] != p[0]->h.digest.lane[1]) {
            /* a file of the same name may hold other deals (issue 25 item 9) */
            char a[DIGEST128_HEX], b[DIGEST128_HEX];
            diag_set(diag, parts[i], 0, "a part of other deals: cut from a corpus of digest %s, %s from %s",
                     digest128_hex(p[i]->h.digest, a), parts[0], digest128_hex(p[0]->h.digest, b));
            ok = false;
        }
    }
    if (ok && (uint32_t)n != shards) {
        diag_set(diag, out, 0, "a solve in %u shards needs its %u parts, %d given", shards, shards, n);
        ok = false;
    }
    if (ok && !(by = calloc(shards, sizeof *by))) ok = false;
    for (int i = 0; ok && i < n; i++) {
        if (by[p[i]->h.shard - 1]) {
            diag_set(diag, parts[i], 0, "shard %u/%u given twice", p[i]->h.shard, shards);
            ok = false;
        }
        by[p[i]->h.shard - 1] = p[i];
    }
    dd_store_header h = {0};
    if (ok) {
        h = p[0]->h;
        merged_engine(p, n, h.engine);
        h.shard = h.shards = 1;
        h.count = h.deals = 0; /* the digest: the corpus's, every part's */
        for (uint32_t k = 0; k < shards; k++) {
            h.count += by[k]->h.count;
            h.deals += by[k]->h.deals;
        }
    }
    dd_store_writer *w = ok ? dd_store_create(out, &h, false, diag) : NULL;
    ok = w != NULL;
    /* the places of corpus record r are shard r mod n's next per_record */
    uint64_t next[DD_STORE_MAX_SHARDS] = {0};
    uint64_t m = h.per_record;
    for (uint64_t place = 0; ok && place < h.count; place += m) {
        uint64_t r = place / m;
        dd_store *s = by[r % shards];
        uint64_t *at = &next[r % shards];
        if (*at + m > s->h.count) {
            diag_set(diag, s->path, 0, "shard %u ends early: the parts are of different runs", s->h.shard);
            ok = false;
            break;
        }
        for (uint64_t k = 0; ok && k < m; k++) ok = dd_store_put(w, dd_store_get(s, (*at)++), diag);
    }
    for (uint32_t k = 0; ok && k < shards; k++)
        if (next[k] != by[k]->h.count) {
            diag_set(diag, by[k]->path, 0, "shard %u has places left over: the parts are of different runs", k + 1);
            ok = false;
        }
    if (w) {
        if (ok) ok = dd_store_finish(w, h.deals, h.digest, diag);
        else dd_store_stop(w);
    }
    for (int i = 0; p && i < n; i++) dd_store_close(p[i]);
    free(p);
    free(by);
    return ok;
}
