/* dd_store.h -- the solved-lead store (.wdv): for every whist deal of a
 * corpus, the double-dummy value of every card of the eldest hand's
 * opening lead, solved once (`whistlab solve`) and read back by any later
 * comparison (`replay --values`) instead of solving again.
 *
 * Layout (blockfile.h; little-endian):
 *   header, 128 bytes: magic "\x89WDV\r\n\x1a\n", version (2), record
 *     size (8), records per block (4096), flags (bit 0: complete), the
 *     count of records, whist deals per corpus record (1, or 4 when every
 *     deal is read once per trump suit), the corpus's deals and their
 *     digest (16 bytes; a part: its shard's deals and the digest of the
 *     whole corpus it is cut from, so that parts of other deals under the
 *     same file name are not merged), the shard i of n (1 of 1: the whole store), the
 *     reading policy (48 bytes of text: trumps, leader, format), the note's
 *     length L, the CRC-32 of the header's first 120 bytes and the note;
 *   the engine record, 32 bytes (version 2 on): the name of the double-
 *     dummy engine that solved the store ("dds", "whistlab", as --engine
 *     names it; the names of each, '+' between them, for a merge of parts
 *     solved by several; "" unknown), NUL-padded to 28 bytes, then the
 *     CRC-32 of those 28 bytes: outside the header's CRC, so that the
 *     stores of two engines differ in these 32 bytes only;
 *   the note (how the store was made, as a command line without the
 *     options that do not change it: shards, threads, resuming, engine),
 *     the same for a store made at once, in shards or resumed;
 *   blocks of 4096 records, each followed by the CRC-32 of its block number
 *     and its records (a part of a sharded solve, shard i of n, holds the
 *     places of the corpus records r with r mod n = i - 1, in order).
 *   A record, one 64-bit word: nibble k (bits 4k..4k+3, k = 0..12) is the
 *     tricks of the leader's side after leading the k-th card of his hand
 *     (spades first, high cards first), 15 when there is none; the top 12
 *     bits check the deal it belongs to (of its digest term, deal_digest.h),
 *     so a store read against another corpus is found at once. All ones:
 *     the place holds no whist deal (a record the reader rejected, a repeat).
 *
 * The whist deal k of corpus record r (numbered as the replay driver
 * numbers them) has place r * per_record + k.
 *
 * Version 1 (stores made before the engine record) is the same without
 * the record, the note right after the header: it is read, its engine
 * unknown (DDS, the only engine then); a part of version 1 is merged but
 * not resumed. Every store written is of version 2. */
#ifndef WHISTLAB_DD_STORE_H
#define WHISTLAB_DD_STORE_H

#include <stdbool.h>
#include <stdint.h>
#include "analyze/dd/dd_solve.h"
#include "formats/deal.h"
#include "formats/diag.h"
#include "formats/digest128.h"

#define DD_STORE_VERSION 2
#define DD_STORE_ENGINE_BYTES 32 /* the engine record (version 2 on) */
#define DD_STORE_ENGINE_NAME 28  /* its name, NUL-padded */
#define DD_STORE_RECORD_BYTES 8
#define DD_STORE_BLOCK_RECORDS 4096
#define DD_STORE_HEADER_BYTES 128
#define DD_STORE_POLICY_MAX 48
#define DD_STORE_MAX_NOTE 4096
#define DD_STORE_EMPTY UINT64_MAX

typedef struct {
    bool complete;
    uint64_t count;          /* records (places) held */
    uint32_t per_record;     /* 1, or 4 */
    uint64_t deals;          /* corpus deals read (complete stores; a part: its shard's) */
    digest128 digest;        /* their digest (complete stores; a part: the whole corpus's) */
    uint32_t shard, shards;  /* this part: 1 of 1 for a whole store */
    char policy[DD_STORE_POLICY_MAX];
    char engine[DD_STORE_ENGINE_NAME]; /* the engine that solved it; "": unknown */
    uint32_t version;        /* read: the store's; written: always DD_STORE_VERSION */
    char note[DD_STORE_MAX_NOTE + 1];
} dd_store_header;

/* The record of whist deal w at place index: the values of l (rc: DD_OK
 * or the solver's error, which leaves every value "none"). */
uint64_t dd_store_pack(const deal_t *w, uint64_t index, int rc, const dd_leads *l);

enum { DD_STORE_OK, DD_STORE_NO_VALUE, DD_STORE_MISMATCH };
/* The values of w at place index from its record: DD_STORE_OK (out
 * filled as dd_solve_leads fills it), DD_STORE_NO_VALUE (the solve had
 * failed, or the place is empty), DD_STORE_MISMATCH (the record is
 * another deal's: the store is not this corpus's). */
int dd_store_unpack(uint64_t rec, const deal_t *w, uint64_t index, dd_leads *out);
/* The same with term0, the first lane of deal_digest_term(w, index) when
 * the caller has it (the corpus runner's dd_job.term0), else 0: the check
 * then costs no digest. */
int dd_store_unpack_digested(uint64_t rec, const deal_t *w, uint64_t index, uint64_t term0, dd_leads *out);

/* ---- writing ---- */

typedef struct dd_store_writer dd_store_writer;

/* Starts path for h (complete, count, deals and digest are set at the
 * end): resumable, under path.part until finished; else whole or absent. */
dd_store_writer *dd_store_create(const char *path, const dd_store_header *h, bool resumable, diag_t *diag);
/* Goes on with path.part, which must have been started for the same h
 * (policy, per_record, shard, note) by the same engine: *kept = the places it already holds
 * (whole blocks, and those of its last dd_store_sync); the caller resumes
 * at that place. */
dd_store_writer *dd_store_resume(const char *path, const dd_store_header *h, uint64_t *kept, diag_t *diag);
/* Appends the next place's record. */
bool dd_store_put(dd_store_writer *w, uint64_t rec, diag_t *diag);
/* A checkpoint: every place put so far on disk, kept by a resume. */
bool dd_store_sync(dd_store_writer *w, diag_t *diag);
/* Completes the store (the corpus deals read and their digest) and puts
 * it in place. Frees w. */
bool dd_store_finish(dd_store_writer *w, uint64_t deals, digest128 digest, diag_t *diag);
/* Stops; path.part stays, to resume. Frees w. */
void dd_store_stop(dd_store_writer *w);

/* ---- reading ---- */

typedef struct dd_store dd_store;

/* Maps path and checks its header, size and every block's CRC (an
 * unfinished store, a part of shards, a short, long or damaged file are
 * refused with the reason). The store is then only read: any number of
 * threads may get records from it. */
dd_store *dd_store_open(const char *path, diag_t *diag);
void dd_store_close(dd_store *s);
const dd_store_header *dd_store_header_of(const dd_store *s);
/* The record at place index; DD_STORE_EMPTY beyond the store (the corpus
 * is longer than the store's: dd_store_unpack then finds no value). */
uint64_t dd_store_get(const dd_store *s, uint64_t index);

#define DD_STORE_MAX_SHARDS 64

/* Joins the parts of a sharded solve (each complete, one each of 1..n,
 * n <= DD_STORE_MAX_SHARDS, with the same note and policy, cut from the
 * same corpus) into the whole store, byte for byte the one an unsharded
 * run makes (the engine record: the parts' engines). */
bool dd_store_merge(const char *const parts[], int n, const char *out, diag_t *diag);

#endif
