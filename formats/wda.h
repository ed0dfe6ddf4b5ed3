/* wda.h -- the .wda deal archive: fixed-size binary records for corpora of
 * millions of deals, read by mmap at memory speed, with random access.
 *
 * Layout (version 1, every integer little-endian):
 *
 *   header, 64 bytes:
 *     0  8  magic "\x89WDA\r\n\x1a\n" (a text-mode transfer mangles it)
 *     8  2  version = 1
 *    10  2  record size = 16
 *    12  4  records per block (B; 4096 when whistlab writes)
 *    16  8  record count; all ones while the writer has not finished
 *    24  8  board base (see the board field)
 *    32  8  generator seed (0 when not generated)
 *    40  4  generator: 0 none (converted deals), 1 whistlab deal (deal_gen.h)
 *    44  4  flags: bit 0 = filtered (the records are a subset of the stream)
 *    48  4  note length L: bytes of text after the header (the command line)
 *    52  8  zero
 *    60  4  CRC-32 (zlib) of bytes 0..59 and the note
 *   note, L bytes
 *   blocks: block b holds records b*B .. min((b+1)*B, count) - 1, then the
 *     CRC-32 of (block number b as 8 bytes, then the block's records): a flipped
 *     bit is reported with its block, a block copied to the wrong place too.
 *
 * Record i sits at 64 + L + i*16 + (i/B)*4, so any record, shard or range
 * is found with no scan; the file size must be exactly what the count says.
 *
 *   record, 16 bytes: two 64-bit words w0, w1.
 *     card k = suit*13 + rank-2 (suits S,H,D,C; k = 0..51) belongs to seat
 *       (w0 >> k & 1) | (w1 >> k & 1) << 1: 2 bits a card, held as two bit
 *       planes so that a hand decodes with a few word operations.
 *     meta = w0 >> 52 | (w1 >> 52) << 12, 24 bits:
 *       bits 0-3   seats: 0-3 dealer d, leader on his left; 4-7 dealer d-4,
 *                  leader unknown; 8-11 leader d-8, dealer unknown; 12 neither
 *       bits 4-9   trumps: 0-51 the turn-up card k (trumps = its suit);
 *                  52-57 no turn-up, strain S,H,D,C,NT,none
 *       bits 10-23 board: 0 = board base + i + 1 (every generated corpus,
 *                  any file numbered on from its first board); 1 = no board
 *                  number; 2..16383 = board 1..16382
 *
 * Why this board field: records stay 16 bytes and fixed-size (a varint
 * would cost the O(1) position of record i), a generated or consecutively
 * numbered corpus of any size needs no explicit number, and tournament files
 * number boards far below 16382. A board that fits none of these is counted
 * as dropped by the writer and stored as "no number". */
#ifndef WHISTLAB_WDA_H
#define WHISTLAB_WDA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "deal.h"
#include "diag.h"
#include "read_status.h"

#define WDA_MAGIC "\x89WDA\r\n\x1a\n"
#define WDA_VERSION 1
#define WDA_HEADER_BYTES 64
#define WDA_RECORD_BYTES 16
#define WDA_BLOCK_RECORDS 4096
#define WDA_MAX_NOTE 4096
#define WDA_BOARD_MAX 16382
#define WDA_COUNT_UNFINISHED UINT64_MAX

/* How the deals were made: not said; deal_gen.h's scheme from the seed;
 * that scheme with cards fixed in advance (deal_predeal.h; the constraints
 * are in the note, the command line). */
enum { WDA_GENERATOR_NONE = 0, WDA_GENERATOR_DEAL = 1, WDA_GENERATOR_PREDEAL = 2 };
enum { WDA_FLAG_FILTERED = 1 };

typedef struct {
    uint32_t block_records;
    uint64_t count;
    uint64_t board_base;
    uint64_t seed;
    uint32_t generator;
    uint32_t flags;
    char note[WDA_MAX_NOTE + 1];
} wda_header;

/* --- records --- */

/* The 52-bit card set of a hand (bit k = card k as above) and back. */
static inline uint64_t wda_cards_of_hand(hand_t h)
{
    uint64_t m = 0;
    for (int s = 0; s < 4; s++) m |= (uint64_t)(hand_suit(h, s) >> 2) << (13 * s);
    return m;
}

static inline hand_t wda_hand_of_cards(uint64_t m)
{
    return ((m & 0x1FFF) << 2) | ((m >> 13 & 0x1FFF) << 18) | ((m >> 26 & 0x1FFF) << 34) |
           ((m >> 39 & 0x1FFF) << 50);
}

static inline uint64_t wda_load64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

/* The four hands of a record: the hot path of every reader. */
static inline void wda_record_hands(const uint8_t rec[WDA_RECORD_BYTES], hand_t hand[4])
{
    const uint64_t cards = (1ULL << 52) - 1;
    uint64_t p0 = wda_load64(rec) & cards, p1 = wda_load64(rec + 8) & cards;
    hand[SEAT_N] = wda_hand_of_cards(~p0 & ~p1 & cards);
    hand[SEAT_E] = wda_hand_of_cards(p0 & ~p1);
    hand[SEAT_S] = wda_hand_of_cards(~p0 & p1);
    hand[SEAT_W] = wda_hand_of_cards(p0 & p1);
}

/* Packs what a record holds of d (record number index, board base base).
 * Returns false when d's board cannot be stored: the record then says "no
 * number". The turn-up is stored only when read, not inferred (as the text
 * writers do). */
bool wda_record_pack(const deal_t *d, uint64_t index, uint64_t base, uint8_t rec[WDA_RECORD_BYTES]);

/* Unpacks record index into d (cleared first); false with diag's reason
 * filled when the record is not a valid deal. */
bool wda_record_unpack(const uint8_t rec[WDA_RECORD_BYTES], uint64_t index, uint64_t base, deal_t *d,
                       diag_t *diag);

/* --- writing --- */

typedef struct wda_writer wda_writer;

/* Creates path (a regular file: the header is completed at close). */
wda_writer *wda_writer_open(const char *path, const wda_header *h, diag_t *diag);
/* Appends n packed records. */
bool wda_writer_append(wda_writer *w, const uint8_t *recs, size_t n, diag_t *diag);
/* Packs and appends one deal; the first deal sets the board base when the
 * header left it 0. */
bool wda_writer_put(wda_writer *w, const deal_t *d, diag_t *diag);
/* Boards that could not be stored (see the board field). */
uint64_t wda_writer_dropped_boards(const wda_writer *w);
/* Writes the last block and the final header; false (diag filled) if any
 * write failed. Frees w either way. */
bool wda_writer_close(wda_writer *w, diag_t *diag);

/* --- reading --- */

typedef struct wda_file wda_file;

/* True when the first n bytes of buf start a .wda archive. */
bool wda_is_magic(const char *buf, size_t n);

/* Maps path read-only and checks the header and the file size (truncated,
 * unfinished or over-long files are refused here). */
wda_file *wda_open(const char *path, diag_t *diag);
/* The same over fd, open on path (taken over: closed here): the reader
 * front end maps the file it opened to detect the format, never opening an
 * input twice (issue 25 item 7). */
wda_file *wda_open_fd(int fd, const char *path, diag_t *diag);
void wda_close(wda_file *f);
const wda_header *wda_file_header(const wda_file *f);
uint64_t wda_file_count(const wda_file *f);
uint64_t wda_file_blocks(const wda_file *f);

/* The records of block b after checking its CRC; *first = its first record
 * number, *n = how many. NULL with diag naming the block when it is corrupt. */
const uint8_t *wda_block(const wda_file *f, uint64_t b, uint64_t *first, size_t *n,
                         diag_t *diag);

/* Record i, unchecked: callers check its block first (wda_block). */
const uint8_t *wda_record_at(const wda_file *f, uint64_t i);

/* Advises the kernel how the map will be read: sequentially or at random. */
void wda_advise(const wda_file *f, bool sequential);

/* Adds the suit lengths of every hand of the n records at recs (a block's,
 * checked) to lengths[seat][suit][length], straight from the bit planes:
 * four records at a time with AVX2 where the CPU has it, else one by one
 * with its popcnt instruction where it has one. */
void wda_count_suit_lengths(const uint8_t *recs, size_t n, uint64_t lengths[4][4][14]);

/* --- the deal_reader back end: records one at a time, any selection --- */

typedef struct wda_cursor wda_cursor;

/* Over fd, open on path (taken over), as wda_open_fd. */
wda_cursor *wda_cursor_open_fd(int fd, const char *path, diag_t *diag);
/* The next selected record as a deal; d->pos.index is its record number
 * (0-based) and d->pos.line that number + 1. A corrupt block is READ_FATAL. */
read_status wda_cursor_next(wda_cursor *c, deal_t *d, diag_t *diag);
/* From now on only records first, first + step, ... below end (step >= 1). */
void wda_cursor_select(wda_cursor *c, uint64_t first, uint64_t step, uint64_t end);
uint64_t wda_cursor_count(const wda_cursor *c);
void wda_cursor_close(wda_cursor *c);

#endif
