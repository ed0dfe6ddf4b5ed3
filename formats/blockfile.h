/* blockfile.h -- the layout that .wda deal archives and .wdv solved-lead
 * stores share: a header of the caller's (fixed bytes, then a note), then
 * the records, fixed-size, in blocks of B records, each block followed by
 * the CRC-32 (zlib) of its block number (8 bytes, little-endian) and its
 * records. A flipped bit is found in the block that holds it; record i is
 * at a computed offset, so any record or block is reached without a scan.
 *
 * Writing: whole or absent (out_file.h), or resumable: under the target's
 * name + ".part" while unfinished, so that a killed run can go on from its
 * last whole block, or its last checkpoint (blockfile_sync), and end with
 * the very bytes of an uninterrupted one.
 * Little-endian helpers for the headers are here too. */
#ifndef WHISTLAB_BLOCKFILE_H
#define WHISTLAB_BLOCKFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "diag.h"

static inline void le_store32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static inline void le_store64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static inline uint32_t le_load32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static inline uint64_t le_load64(const uint8_t *p)
{
    return (uint64_t)le_load32(p) | (uint64_t)le_load32(p + 4) << 32;
}

/* The CRC that follows block b holding bytes of records. */
uint32_t blockfile_crc(uint64_t b, const uint8_t *recs, size_t bytes);

/* Bytes from the start of the records to block b (each block B records of
 * rec bytes and its 4-byte CRC). */
static inline uint64_t blockfile_block_offset(uint64_t b, uint32_t B, size_t rec)
{
    return b * ((uint64_t)B * rec + 4);
}

/* ---- writing ---- */

typedef struct blockfile_writer blockfile_writer;

/* Starts path with head[0..head_len-1] (the header as it stands until the
 * end; its final form must have the same length). resumable: under
 * path.part (refused if one exists: an unfinished run), else whole or
 * absent. NULL with diag filled on error. */
blockfile_writer *blockfile_create(const char *path, size_t rec_bytes, uint32_t block_records, const uint8_t *head,
                                   size_t head_len, bool resumable, diag_t *diag);

/* Reopens path.part to go on: accept() judges its first head_len bytes (the
 * header as written at the start; false with diag filled to refuse), then
 * the whole blocks whose CRCs hold are kept, and the partial block after
 * them that the last blockfile_sync left, and anything after them cut
 * off. *kept gets the records kept. NULL with diag filled on error. */
blockfile_writer *blockfile_resume(const char *path, size_t rec_bytes, uint32_t block_records, size_t head_len,
                                   bool (*accept)(void *ctx, const uint8_t *head, diag_t *diag), void *ctx,
                                   uint64_t *kept, diag_t *diag);

/* Appends n records; a block is on disk (synced, when resumable) once it
 * is whole. */
bool blockfile_append(blockfile_writer *w, const uint8_t *recs, size_t n, diag_t *diag);
uint64_t blockfile_count(const blockfile_writer *w);
/* A resumable file: the records appended so far on disk, the partial
 * last block followed by its CRC (which the next records overwrite), so
 * that a resume keeps them all (a checkpoint). Nothing for another file.
 * False with diag filled if a write failed. */
bool blockfile_sync(blockfile_writer *w, diag_t *diag);

/* Ends the last block, writes the final header (head_len bytes, as at the
 * start) and puts the file in place. False with diag filled if any write
 * failed. Frees w. */
bool blockfile_commit(blockfile_writer *w, const uint8_t *head, diag_t *diag);

/* Stops writing: a resumable file stays as .part (to resume, with every
 * record appended: blockfile_sync), another is removed. Frees w. */
void blockfile_abort(blockfile_writer *w);

#endif
