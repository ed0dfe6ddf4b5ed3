/* provenance.h -- what a report rests on, so that two reports of the same
 * work can be compared and cited: the whistlab version, the command line,
 * the experiment in one sentence, each input with the deals read from it
 * and their content digest, and the settings that decide the numbers (not
 * threads or progress). Printed as a block at the top of a report and
 * written as rows of its CSV tables.
 *
 * It also says, where the numbers are, when a report is not whole:
 * INCOMPLETE when an input was not read to its end (where reading stopped,
 * why, and after how many deals), PARTIAL when the numbers hold only some
 * shards of a split run (which, and which are missing).
 *
 * Card-free like the rest of stats/: an input's digest arrives as two
 * 64-bit lanes (formats/deal_digest.h makes them) and is printed as
 * formats/digest128.h prints a digest, 32 hex digits, lane 1 first. */
#ifndef WHISTLAB_STATS_PROVENANCE_H
#define WHISTLAB_STATS_PROVENANCE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define PROV_WHERE_LEN 320

/* What a run read of one input. Every field merges across the shards of a
 * run (input_account_merge), so a merge states what the unsplit run does. */
typedef struct {
    uint64_t deals;     /* deals read from it (kept, left out or rejected;
                           in a run over deals as read, a rejected game that
                           replays the deal before is not counted); a
                           shard's own records only (analyze/run/
                           record_account.h says which) */
    uint64_t digest[2]; /* the deal digest of the deals as read with valid
                           hands (kept, left by --where, or no whist deal
                           made of them): lanes summed mod 2^64 */
    uint32_t stopped;   /* 1: reading stopped before the end of the input */
    char where[PROV_WHERE_LEN]; /* then where and why, as a diagnostic:
                                   "x.pbn.gz:9623: truncated gzip stream" */
    uint64_t corpus[2]; /* a shard of several: the digest of every deal of
                           the input, the shard's or not (ds_counts.corpus),
                           the same in all its shards: kept, not added up */
} input_account;

/* A deal's digest term added to a's digest, lane by lane mod 2^64 (as
 * formats/deal_digest.h adds terms). */
void input_account_add_term(input_account *a, const uint64_t term[2]);

/* a += b: deals and digests added, a stop in either kept (a's first);
 * the corpus digest is a's. */
void input_account_merge(input_account *a, const input_account *b);

#define PROV_MAX_SETTINGS 24
#define PROV_POOL 16384

typedef struct {
    const char *version;    /* whistlab's */
    const char *command;    /* the command line, quoted (provenance_command) */
    const char *experiment; /* one sentence: what is compared with what, how */
    int ninputs;
    const char *const *input_name;  /* as given on the command line */
    const input_account *input;     /* ninputs of them */
    unsigned parts;         /* the corpus was split in this many shards... */
    uint64_t part_mask;     /* ...and the numbers hold these (bit i-1 = shard i) */
    int nsettings;
    const char *setting_name[PROV_MAX_SETTINGS];
    const char *setting_value[PROV_MAX_SETTINGS]; /* into pool */
    char pool[PROV_POOL];
    size_t pool_used;
} provenance;

/* Clears p: no inputs, no settings, one part. */
void provenance_init(provenance *p);

/* A copy of text kept in p (for the command and the experiment); "" when
 * p has no room left. */
const char *provenance_keep(provenance *p, const char *text);

/* Adds a setting (name a string constant; the value is copied). */
void provenance_setting(provenance *p, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The value of the setting named name; NULL if p has none. */
const char *provenance_setting_value(const provenance *p, const char *name);

/* The command line as a shell would take it back: prog, then argv[0..argc-1],
 * each word quoted when it needs to be. */
void provenance_command(char *buf, size_t len, const char *prog, int argc, char *const argv[]);
/* One word of it: w as it is when a POSIX shell takes it so, else in
 * single quotes (each ' as '\''), into buf (len bytes, NUL-terminated, cut
 * short when it does not fit). The bytes written. */
size_t provenance_shell_word(char *buf, size_t len, const char *w);

/* Inputs not read to their end. */
int provenance_stopped(const provenance *p);

/* Whether the numbers hold only some shards. */
bool provenance_partial(const provenance *p);

/* The shards of parts that are in mask (present) or not, as "2/4, 4/4";
 * "" if none. */
void provenance_shards(unsigned parts, uint64_t mask, bool present, char *buf, size_t len);

/* One line: "complete", or what makes the report not whole
 * ("INCOMPLETE: ...; PARTIAL: ..."). */
void provenance_status(const provenance *p, char *buf, size_t len);

/* The INCOMPLETE and PARTIAL lines (nothing for a whole report): the first
 * lines of a report, after its title. */
void provenance_print_status(FILE *f, const provenance *p);

/* The block: experiment, version, command, each input, settings. */
void provenance_print(FILE *f, const provenance *p);

/* The same as rows (level, measure, value) for a CSV table: level "all"
 * for the run (version, command, experiment; shards_total, shards_present
 * when the run was split),
 * the input's number from 1 (input, input_deals, input_digest,
 * input_complete, input_stopped_at when it stopped), the setting's name
 * (measure "setting"). */
typedef void (*provenance_row_fn)(void *ctx, const char *level, const char *measure, const char *value);
void provenance_rows(const provenance *p, provenance_row_fn row, void *ctx);

#endif
