/* wls.h -- the .wls state file: a comparison run's settings, how far it
 * got, what it read of each input and its whole mergeable state, so that a
 * run can be checkpointed and resumed (--save, --resume) and shards run
 * apart can be merged (`whistlab merge`), each keeping what the report
 * rests on: the deals and content digest of every input, and whether it
 * was read to its end (INCOMPLETE).
 *
 * Layout of version 5 (all integers little-endian): "WHISTLAB-WLS" magic
 * (12 bytes), u32 version, u32 complete, u32 parts, u64 part mask, text
 * config, text progress, u32 ninputs and per input u64 deals, u64 digest
 * lane 0, u64 digest lane 1, u32 stopped, text where, and for a shard's
 * state (parts > 1) u64 corpus lane 0 and lane 1 (input_account.corpus: the
 * digest of the corpus the shard is cut from, so that shards of other deals
 * under the same file name are not merged, issue 25 item 9); u32 nconv,
 * nconv names of WLS_NAME_BYTES bytes (NUL-padded), the counters keyed by
 * measure (tally_save.h), then the CRC-32 (zlib) of all the bytes before
 * it; a job's own state (the odds' accumulators, say: wls_file.job),
 * when it has one, comes after the counters as a u64 length and its
 * bytes. A text is a u32 length and its bytes. A new measure needs no new
 * version: a state without its counters, or with a measure this build does
 * not know, is refused naming it. Versions 3 (a whole run) and 4 (a shard,
 * with the corpus lanes) held u32 count and that many u64 counters in the
 * order of the measures they had; they are still read (tally_save.c) and
 * written again as version 5. Version 1 had no inputs and fewer counters
 * per pair (no sums over the deals whose leads differ), version 2 pair
 * counters that were sums and no count of the deals --where left out: they
 * are refused, naming the version.
 *
 * A run whose job keeps a state of its own (lead --simulate's tables) adds
 * after the counters, before the CRC, a job section: u32 length and that
 * many bytes, the job's (corpus_run.h run_job.save). A file without one is
 * byte for byte what it was before. */
#ifndef WHISTLAB_STATS_WLS_H
#define WHISTLAB_STATS_WLS_H

#include <stddef.h>
#include <stdint.h>
#include "formats/diag.h"
#include "stats/report/provenance.h"
#include "stats/tally.h"

#define WLS_VERSION 5
#define WLS_VERSION_OLDEST 3
#define WLS_VERSION_SHARD 4 /* the shards' version before 5 */
#define WLS_TEXT_MAX 8192
#define WLS_MAX_PARTS 64
#define WLS_MAX_INPUTS 4096
/* A convention's name in the file, NUL-padded: a longer name is refused
 * by wls_write, naming the limit, rather than saved cut. */
#define WLS_NAME_BYTES 32

typedef struct {
    int complete;          /* the run reached the end of its input */
    unsigned parts;        /* the corpus was split in this many shards... */
    uint64_t part_mask;    /* ...and this state holds these (bit i-1 = shard i) */
    char config[WLS_TEXT_MAX];   /* the run's settings, as its writer words them */
    char progress[WLS_TEXT_MAX]; /* where an unfinished run stands ("" if complete) */
    int ninputs;           /* the run's inputs, in order... */
    input_account *inputs; /* ...and what it read of each: owned by the
                              caller, with room for WLS_MAX_INPUTS */
    stats_state *stats;    /* owned by the caller */
    /* The job section (job_len 0: none). Writing: the bytes to write.
     * Reading: a buffer of job_cap bytes owned by the caller (NULL: a file
     * with a job section is refused as another command's), job_len set. */
    unsigned char *job;
    size_t job_len, job_cap;
} wls_file;
#define WLS_JOB_MAX (64u << 20)

/* Writes w to path atomically (a temporary file renamed over it), so that
 * a run killed while saving leaves the previous checkpoint whole. False with
 * diag filled (the path and the reason) on failure. */
int wls_write(const char *path, const wls_file *w, diag_t *diag);

/* The buffers to read a part into, for a command that reads several (merge):
 * w->stats and w->inputs (WLS_MAX_INPUTS) allocated, zeroed. 0 when out of
 * memory (nothing left allocated). wls_file_release frees them. */
int wls_file_alloc(wls_file *w);
void wls_file_release(wls_file *w);

/* Reads path into w (w->stats must point to a stats_state). False with diag
 * filled when unreadable, not a .wls file, of another version, truncated or
 * failing its CRC. */
int wls_read(const char *path, wls_file *w, diag_t *diag);

/* into += from for shards of one run: both complete, same config, same
 * number of parts, disjoint part masks, same conventions, inputs cut from
 * the same corpora (input_account.corpus); the inputs'
 * accounts are merged too (input_account_merge). When every part is present
 * the result is marked as the whole run (1 part). False with diag filled
 * (its file from_name) when they do not fit. */
int wls_merge(wls_file *into, const wls_file *from, const char *from_name, diag_t *diag);

/* wls_merge's checks alone, for a run whose counters another layer adds up
 * (odds): both complete, same config, number of parts and corpora,
 * disjoint part masks. False with diag filled (its file from_name). */
int wls_merge_check(const wls_file *into, const wls_file *from, const char *from_name, diag_t *diag);

#endif
