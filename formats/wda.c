/* wda.c -- the .wda deal archive (layout in wda.h): record packing, a
 * buffered writer that checksums each block, an mmap reader that checks a
 * block's CRC before handing out its records, and the cursor that serves
 * deal_reader. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include "blockfile.h"
#include "format_ops.h"
#include "wda.h"

#define CARDS_MASK ((1ULL << 52) - 1)
enum { SEATS_DEALER = 0, SEATS_DEALER_ONLY = 4, SEATS_LEADER_ONLY = 8, SEATS_NONE = 12 };
enum { TRUMPS_NO_TURNUP = 52, TRUMPS_CODES = 58 };
enum { BOARD_IMPLICIT = 0, BOARD_NONE = 1 };

static int card_index(card_t c) { return card_suit(c) * 13 + card_rank(c) - 2; }
static card_t card_of_index(int k) { return card_make(k / 13, k % 13 + 2); }

bool wda_record_pack(const deal_t *d, uint64_t index, uint64_t base, uint8_t rec[WDA_RECORD_BYTES])
{
    uint64_t p0 = wda_cards_of_hand(d->hand[SEAT_E]) | wda_cards_of_hand(d->hand[SEAT_W]);
    uint64_t p1 = wda_cards_of_hand(d->hand[SEAT_S]) | wda_cards_of_hand(d->hand[SEAT_W]);
    unsigned seats;
    if (d->dealer < 4)
        seats = d->leader < 4 ? SEATS_DEALER + d->dealer : SEATS_DEALER_ONLY + d->dealer;
    else
        seats = d->leader < 4 ? SEATS_LEADER_ONLY + d->leader : SEATS_NONE;
    unsigned trumps = d->turnup != CARD_NONE && !(d->flags & DEAL_TURNUP_INFERRED)
                          ? (unsigned)card_index(d->turnup)
                          : (unsigned)TRUMPS_NO_TURNUP + (d->strain <= STRAIN_NONE ? d->strain : STRAIN_NONE);
    bool kept = true;
    unsigned board;
    if (d->board == 0) board = BOARD_NONE;
    else if (d->board == base + index + 1) board = BOARD_IMPLICIT;
    else if (d->board <= WDA_BOARD_MAX) board = d->board + 1;
    else {
        board = BOARD_NONE;
        kept = false;
    }
    uint64_t meta = seats | trumps << 4 | (uint64_t)board << 10;
    le_store64(rec, p0 | (meta & 0xFFF) << 52);
    le_store64(rec + 8, p1 | (meta >> 12) << 52);
    return kept;
}

bool wda_record_unpack(const uint8_t rec[WDA_RECORD_BYTES], uint64_t index, uint64_t base, deal_t *d,
                       diag_t *diag)
{
    deal_clear(d);
    wda_record_hands(rec, d->hand);
    uint64_t meta = wda_load64(rec) >> 52 | (wda_load64(rec + 8) >> 52) << 12;
    unsigned seats = meta & 15, trumps = meta >> 4 & 63, board = (unsigned)(meta >> 10);
    d->pos.line = index + 1;
    d->pos.index = index;
    if (seats > SEATS_NONE || trumps >= TRUMPS_CODES) {
        diag_reason(diag, "bad %s code %u", seats > SEATS_NONE ? "seat" : "trump",
                    seats > SEATS_NONE ? seats : trumps);
        return false;
    }
    if (seats < SEATS_DEALER_ONLY) {
        d->dealer = (uint8_t)seats;
        d->leader = (uint8_t)deal_eldest((int)seats);
    } else if (seats < SEATS_LEADER_ONLY) {
        d->dealer = (uint8_t)(seats - SEATS_DEALER_ONLY);
    } else if (seats < SEATS_NONE) {
        d->leader = (uint8_t)(seats - SEATS_LEADER_ONLY);
    }
    if (trumps < TRUMPS_NO_TURNUP) {
        d->turnup = card_of_index((int)trumps);
        d->strain = (uint8_t)card_suit(d->turnup);
    } else {
        d->strain = (uint8_t)(trumps - TRUMPS_NO_TURNUP);
    }
    d->board = board == BOARD_IMPLICIT ? (uint32_t)(base + index + 1)
               : board == BOARD_NONE   ? 0
                                       : board - 1;
    return deal_validate(d, diag);
}

/* ---------------------------------------------------------------- header */

static void header_pack(const wda_header *h, uint64_t count, uint8_t out[WDA_HEADER_BYTES])
{
    size_t note_len = strlen(h->note);
    memset(out, 0, WDA_HEADER_BYTES);
    memcpy(out, WDA_MAGIC, 8);
    out[8] = WDA_VERSION;
    out[10] = WDA_RECORD_BYTES;
    le_store32(out + 12, h->block_records);
    le_store64(out + 16, count);
    le_store64(out + 24, h->board_base);
    le_store64(out + 32, h->seed);
    le_store32(out + 40, h->generator);
    le_store32(out + 44, h->flags);
    le_store32(out + 48, (uint32_t)note_len);
    uLong crc = crc32(0, out, 60);
    crc = crc32(crc, (const Bytef *)h->note, (uInt)note_len);
    le_store32(out + 60, (uint32_t)crc);
}

bool wda_is_magic(const char *buf, size_t n)
{
    return n >= 8 && memcmp(buf, WDA_MAGIC, 8) == 0;
}

/* ---------------------------------------------------------------- writer */

struct wda_writer {
    blockfile_writer *bf;
    const char *path;
    wda_header h;
    bool base_set;       /* the board base is fixed (header, or first deal) */
    uint64_t dropped_boards;
    uint8_t head[WDA_HEADER_BYTES + WDA_MAX_NOTE];
};

static size_t head_bytes(wda_writer *w, uint64_t count)
{
    size_t note_len = strlen(w->h.note);
    header_pack(&w->h, count, w->head);
    memcpy(w->head + WDA_HEADER_BYTES, w->h.note, note_len);
    return WDA_HEADER_BYTES + note_len;
}

wda_writer *wda_writer_open(const char *path, const wda_header *h, diag_t *diag)
{
    if (strcmp(path, "-") == 0) {
        diag_set(diag, path, 0, "a .wda archive cannot go to standard output: name a file");
        return NULL;
    }
    if (strlen(h->note) > WDA_MAX_NOTE || h->block_records == 0) {
        diag_set(diag, path, 0, "bad .wda header (note too long or empty blocks)");
        return NULL;
    }
    wda_writer *w = calloc(1, sizeof *w);
    if (!w) {
        diag_set(diag, path, 0, "out of memory");
        return NULL;
    }
    w->path = path;
    w->h = *h;
    w->base_set = h->board_base != 0;
    size_t n = head_bytes(w, WDA_COUNT_UNFINISHED);
    w->bf = blockfile_create(path, WDA_RECORD_BYTES, h->block_records, w->head, n, false, diag);
    if (!w->bf) {
        free(w);
        return NULL;
    }
    return w;
}

bool wda_writer_append(wda_writer *w, const uint8_t *recs, size_t n, diag_t *diag)
{
    return blockfile_append(w->bf, recs, n, diag);
}

bool wda_writer_put(wda_writer *w, const deal_t *d, diag_t *diag)
{
    if (!w->base_set) {
        w->h.board_base = d->board > 0 ? d->board - 1 : 0;
        w->base_set = true;
    }
    uint8_t rec[WDA_RECORD_BYTES];
    if (!wda_record_pack(d, blockfile_count(w->bf), w->h.board_base, rec)) w->dropped_boards++;
    return wda_writer_append(w, rec, 1, diag);
}

uint64_t wda_writer_dropped_boards(const wda_writer *w) { return w->dropped_boards; }

bool wda_writer_close(wda_writer *w, diag_t *diag)
{
    head_bytes(w, blockfile_count(w->bf));
    bool ok = blockfile_commit(w->bf, w->head, diag);
    free(w);
    return ok;
}

/* ---------------------------------------------------------------- reader */

struct wda_file {
    const char *path;
    const uint8_t *map;
    size_t size;
    size_t data;         /* offset of block 0 */
    uint64_t nblocks;
    wda_header h;
};

static wda_file *open_fail(wda_file *f, int fd, diag_t *diag, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static wda_file *open_fail(wda_file *f, int fd, diag_t *diag, const char *fmt, ...)
{
    char why[DIAG_REASON_SIZE];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    diag_set(diag, f->path, 0, "%s", why);
    if (f->map) munmap((void *)f->map, f->size);
    if (fd >= 0) close(fd);
    free(f);
    return NULL;
}

wda_file *wda_open(const char *path, diag_t *diag)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        diag_set(diag, path, 0, "cannot open: %s", strerror(errno));
        return NULL;
    }
    return wda_open_fd(fd, path, diag);
}

wda_file *wda_open_fd(int fd, const char *path, diag_t *diag)
{
    wda_file *f = calloc(1, sizeof *f);
    if (!f) {
        diag_set(diag, path, 0, "out of memory");
        close(fd);
        return NULL;
    }
    f->path = path;
    struct stat st;
    if (fstat(fd, &st) != 0)
        return open_fail(f, fd, diag, "cannot open: %s", strerror(errno));
    if (!S_ISREG(st.st_mode))
        return open_fail(f, fd, diag, "a .wda archive must be a regular file (it is mapped)");
    f->size = (size_t)st.st_size;
    if (f->size < WDA_HEADER_BYTES)
        return open_fail(f, fd, diag, "truncated: %zu bytes, shorter than the %d-byte header",
                         f->size, WDA_HEADER_BYTES);
    f->map = mmap(NULL, f->size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (f->map == MAP_FAILED) {
        f->map = NULL;
        return open_fail(f, fd, diag, "cannot map the file: %s", strerror(errno));
    }
    close(fd);
    fd = -1;
    const uint8_t *p = f->map;
    if (!wda_is_magic((const char *)p, f->size))
        return open_fail(f, fd, diag, "not a .wda archive (bad magic)");
    unsigned version = p[8] | p[9] << 8, rsize = p[10] | p[11] << 8;
    if (version != WDA_VERSION)
        return open_fail(f, fd, diag, ".wda version %u: this whistlab reads version %d", version,
                         WDA_VERSION);
    uint32_t note_len = le_load32(p + 48);
    f->h.block_records = le_load32(p + 12);
    if (rsize != WDA_RECORD_BYTES || f->h.block_records == 0 || f->h.block_records > (1u << 24))
        return open_fail(f, fd, diag, "bad header (record size %u, blocks of %u records)", rsize,
                         (unsigned)f->h.block_records);
    if (note_len > WDA_MAX_NOTE)
        return open_fail(f, fd, diag, "bad header: a note of %lu bytes (at most %d)", (unsigned long)note_len,
                         WDA_MAX_NOTE);
    if (f->size < WDA_HEADER_BYTES + (size_t)note_len)
        return open_fail(f, fd, diag, "truncated inside the header (%zu bytes)", f->size);
    uLong crc = crc32(crc32(0, p, 60), p + WDA_HEADER_BYTES, note_len);
    if ((uint32_t)crc != le_load32(p + 60))
        return open_fail(f, fd, diag, "header CRC mismatch: the archive is corrupt");
    f->h.count = wda_load64(p + 16);
    f->h.board_base = wda_load64(p + 24);
    f->h.seed = wda_load64(p + 32);
    f->h.generator = le_load32(p + 40);
    f->h.flags = le_load32(p + 44);
    memcpy(f->h.note, p + WDA_HEADER_BYTES, note_len);
    f->h.note[note_len] = 0;
    if (f->h.count == WDA_COUNT_UNFINISHED)
        return open_fail(f, fd, diag, "unfinished: the writer stopped before closing the archive");
    f->data = WDA_HEADER_BYTES + note_len;
    uint64_t room = (f->size - f->data) / WDA_RECORD_BYTES;
    uint64_t B = f->h.block_records;
    f->nblocks = f->h.count / B + (f->h.count % B != 0);
    uint64_t want = f->h.count <= room ? f->data + f->h.count * WDA_RECORD_BYTES + f->nblocks * 4
                                       : UINT64_MAX;
    if (f->size < want) {
        uint64_t body = f->size - f->data, whole = body / (B * WDA_RECORD_BYTES + 4);
        return open_fail(f, fd, diag,
                         "truncated: the header says %llu records, the file holds %llu whole blocks",
                         (unsigned long long)f->h.count, (unsigned long long)whole);
    }
    if (f->size > want)
        return open_fail(f, fd, diag, "%llu bytes after the last of %llu records: corrupt",
                         (unsigned long long)(f->size - want), (unsigned long long)f->h.count);
    return f;
}

void wda_close(wda_file *f)
{
    if (!f) return;
    munmap((void *)f->map, f->size);
    free(f);
}

const wda_header *wda_file_header(const wda_file *f) { return &f->h; }
uint64_t wda_file_count(const wda_file *f) { return f->h.count; }
uint64_t wda_file_blocks(const wda_file *f) { return f->nblocks; }

static size_t block_offset(const wda_file *f, uint64_t b)
{
    return f->data + blockfile_block_offset(b, f->h.block_records, WDA_RECORD_BYTES);
}

const uint8_t *wda_record_at(const wda_file *f, uint64_t i)
{
    uint64_t B = f->h.block_records;
    return f->map + block_offset(f, i / B) + (i % B) * WDA_RECORD_BYTES;
}

const uint8_t *wda_block(const wda_file *f, uint64_t b, uint64_t *first, size_t *n,
                         diag_t *diag)
{
    uint64_t B = f->h.block_records, lo = b * B;
    if (b >= f->nblocks) {
        diag_set(diag, f->path, 0, "no block %llu (the archive has %llu)", (unsigned long long)b,
                 (unsigned long long)f->nblocks);
        return NULL;
    }
    uint64_t hi = lo + B < f->h.count ? lo + B : f->h.count;
    const uint8_t *recs = f->map + block_offset(f, b);
    size_t bytes = (size_t)(hi - lo) * WDA_RECORD_BYTES;
    if (blockfile_crc(b, recs, bytes) != le_load32(recs + bytes)) {
        diag_set(diag, f->path, 0,
                 "block %llu at byte %llu (records %llu-%llu): CRC mismatch: the archive is corrupt",
                 (unsigned long long)b, (unsigned long long)block_offset(f, b),
                 (unsigned long long)lo + 1, (unsigned long long)hi);
        return NULL;
    }
    *first = lo;
    *n = (size_t)(hi - lo);
    return recs;
}

/* Counting bits is most of a scan of suit lengths. A plain x86-64 build has
 * no popcnt instruction (__builtin_popcount is a libgcc call), and requiring
 * one (-mpopcnt) would stop the binary on older CPUs: so this loop is built
 * twice on x86-64, with and without it, and the loader picks the clone the
 * CPU runs (an ifunc); elsewhere the compiler's own popcount serves. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define WITH_POPCNT_CLONE __attribute__((target_clones("popcnt", "default")))
#else
#define WITH_POPCNT_CLONE
#endif

WITH_POPCNT_CLONE
static void count_one_by_one(const uint8_t *recs, size_t n, uint64_t lengths[4][4][14])
{
    const uint64_t cards = (1ULL << 52) - 1;
    for (size_t k = 0; k < n; k++, recs += WDA_RECORD_BYTES) {
        uint64_t p0 = wda_load64(recs) & cards, p1 = wda_load64(recs + 8) & cards;
        const uint64_t seat[4] = {~p0 & ~p1 & cards, p0 & ~p1, ~p0 & p1, p0 & p1}; /* N E S W */
        for (int s = 0; s < 4; s++)
            for (int suit = 0; suit < 4; suit++)
                lengths[s][suit][__builtin_popcountll(seat[s] >> (13 * suit) & 0x1FFF)]++;
    }
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

/* Where the CPU has AVX2 (nearly every x86-64 since 2013), four records at
 * a time: a suit's 13 bits of each bit plane moved to a 16-bit lane, the
 * bits of every byte counted by table (pshufb), and per record and suit
 * one key, x << 4 | y | w << 8 for x = East's and West's cards of the suit
 * (plane 0), y = South's and West's (plane 1) and w = West's (both):
 * 16 counts in a dozen vector steps, and 4 increments a record where the
 * plain loop makes 16. fold_keys turns the keys into the four hands'
 * lengths. */
enum { KEYS = 1 << 12, KEYS_CHUNK = 65532 }; /* a chunk's counts fit 16 bits */

__attribute__((target("avx2"))) static void count_keys(const uint8_t *recs, size_t quads, uint16_t keys[4][KEYS])
{
    const __m256i lane0 = _mm256_set1_epi64x(0x1FFF), lane1 = _mm256_set1_epi64x(0x1FFFLL << 16),
                  lane2 = _mm256_set1_epi64x(0x1FFFLL << 32), lane3 = _mm256_set1_epi64x(0x1FFFLL << 48);
    const __m256i bits = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2,
                                          2, 3, 2, 3, 3, 4);
    const __m256i nibble = _mm256_set1_epi8(0x0F), one = _mm256_set1_epi8(1), sixteen = _mm256_set1_epi8(16);
    for (size_t q = 0; q < quads; q++, recs += 4 * WDA_RECORD_BYTES) {
        __m256i a = _mm256_loadu_si256((const __m256i *)recs), b = _mm256_loadu_si256((const __m256i *)(recs + 32));
        __m256i planes[2] = {_mm256_unpacklo_epi64(a, b), _mm256_unpackhi_epi64(a, b)}, counts[3];
        for (int k = 0; k < 2; k++) { /* suit s from bit 13 s to bit 16 s; the meta bits fall out */
            __m256i v = planes[k];
            planes[k] = _mm256_or_si256(
                _mm256_or_si256(_mm256_and_si256(v, lane0), _mm256_and_si256(_mm256_slli_epi64(v, 3), lane1)),
                _mm256_or_si256(_mm256_and_si256(_mm256_slli_epi64(v, 6), lane2),
                                _mm256_and_si256(_mm256_slli_epi64(v, 9), lane3)));
        }
        __m256i spread[3] = {planes[0], planes[1], _mm256_and_si256(planes[0], planes[1])};
        for (int k = 0; k < 3; k++)
            counts[k] = _mm256_add_epi8(
                _mm256_shuffle_epi8(bits, _mm256_and_si256(spread[k], nibble)),
                _mm256_shuffle_epi8(bits, _mm256_and_si256(_mm256_srli_epi16(spread[k], 4), nibble)));
        __m256i key = _mm256_add_epi16(
            _mm256_add_epi16(_mm256_maddubs_epi16(counts[0], sixteen), _mm256_maddubs_epi16(counts[1], one)),
            _mm256_slli_epi16(_mm256_maddubs_epi16(counts[2], one), 8));
        uint16_t k[16]; /* record r's suit s at 4 r + s (the records in another order) */
        _mm256_storeu_si256((__m256i *)k, key);
        for (int r = 0; r < 16; r += 4) {
            keys[0][k[r]]++;
            keys[1][k[r + 1]]++;
            keys[2][k[r + 2]]++;
            keys[3][k[r + 3]]++;
        }
    }
}

/* The keys' counts into lengths: w West's cards, x - w East's, y - w
 * South's, and North the rest of the suit's 13. */
static void fold_keys(const uint16_t keys[4][KEYS], uint64_t lengths[4][4][14])
{
    for (int suit = 0; suit < 4; suit++)
        for (int w = 0; w < 14; w++) {
            uint64_t west = 0;
            for (int x = w; x < 14; x++) {
                const uint16_t *row = &keys[suit][w << 8 | x << 4];
                uint64_t east = 0;
                for (int y = w; x + y - w < 14; y++) {
                    east += row[y];
                    lengths[SEAT_S][suit][y - w] += row[y];
                    lengths[SEAT_N][suit][13 - (x + y - w)] += row[y];
                }
                lengths[SEAT_E][suit][x - w] += east;
                west += east;
            }
            lengths[SEAT_W][suit][w] += west;
        }
}

static size_t count_by_keys(const uint8_t *recs, size_t n, uint64_t lengths[4][4][14])
{
    if (!__builtin_cpu_supports("avx2")) return 0;
    uint16_t keys[4][KEYS];
    size_t done = 0;
    for (size_t chunk; (chunk = (n - done < KEYS_CHUNK ? n - done : KEYS_CHUNK) & ~(size_t)3) > 0; done += chunk) {
        memset(keys, 0, sizeof keys);
        count_keys(recs + done * WDA_RECORD_BYTES, chunk / 4, keys);
        fold_keys((const uint16_t(*)[KEYS])keys, lengths);
    }
    return done;
}
#else
static size_t count_by_keys(const uint8_t *recs, size_t n, uint64_t lengths[4][4][14])
{
    (void)recs, (void)n, (void)lengths;
    return 0;
}
#endif

void wda_count_suit_lengths(const uint8_t *recs, size_t n, uint64_t lengths[4][4][14])
{
    size_t done = count_by_keys(recs, n, lengths);
    count_one_by_one(recs + done * WDA_RECORD_BYTES, n - done, lengths);
}

void wda_advise(const wda_file *f, bool sequential)
{
    madvise((void *)f->map, f->size, sequential ? MADV_SEQUENTIAL : MADV_RANDOM);
}

/* ---------------------------------------------------------------- cursor */

struct wda_cursor {
    wda_file *f;
    uint64_t next, step, end;
    uint64_t checked;    /* the block whose CRC was checked last */
};

wda_cursor *wda_cursor_open_fd(int fd, const char *path, diag_t *diag)
{
    wda_file *f = wda_open_fd(fd, path, diag);
    if (!f) return NULL;
    wda_cursor *c = calloc(1, sizeof *c);
    if (!c) {
        diag_set(diag, path, 0, "out of memory");
        wda_close(f);
        return NULL;
    }
    c->f = f;
    c->step = 1;
    c->end = f->h.count;
    c->checked = UINT64_MAX;
    wda_advise(f, true);
    return c;
}

void wda_cursor_select(wda_cursor *c, uint64_t first, uint64_t step, uint64_t end)
{
    c->next = first;
    c->step = step ? step : 1;
    c->end = end < c->f->h.count ? end : c->f->h.count;
    /* Past a block per record, read-ahead would only fetch skipped records. */
    wda_advise(c->f, c->step <= c->f->h.block_records);
}

uint64_t wda_cursor_count(const wda_cursor *c) { return c->f->h.count; }

read_status wda_cursor_next(wda_cursor *c, deal_t *d, diag_t *diag)
{
    if (c->next >= c->end) return READ_EOF;
    uint64_t i = c->next, b = i / c->f->h.block_records;
    if (b != c->checked) {
        uint64_t first;
        size_t n;
        if (!wda_block(c->f, b, &first, &n, diag)) {
            c->next = c->end;
            return READ_FATAL;
        }
        c->checked = b;
    }
    c->next = c->end - i > c->step ? i + c->step : c->end;
    if (wda_record_unpack(wda_record_at(c->f, i), i, c->f->h.board_base, d, diag)) return READ_DEAL;
    diag->file = c->f->path;
    diag->line = i + 1;
    return READ_REJECT;
}

void wda_cursor_close(wda_cursor *c)
{
    if (!c) return;
    wda_close(c->f);
    free(c);
}

static int wda_probe(const char *buf, size_t n) { return wda_is_magic(buf, n) ? 100 : 0; }

const format_ops FORMAT_WDA_OPS = {
    .name = "wda",
    .probe = wda_probe,
};
