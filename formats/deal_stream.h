/* deal_stream.h -- the one reading loop of the program: every command that
 * reads deals reads them through a stream over its files. The stream opens
 * each file in turn, reads its records, tells each one's kind (a deal, a
 * game that repeats the deal before, a deal the trump policy cannot make a
 * whist deal of, a rejection, an error outside any deal, a file that cannot
 * be read on), makes whist deals by the --trump/--leader policy when asked,
 * and counts every record in exactly one of its counters, per file and in
 * all. It never prints: each item carries its diagnostic and the reader's
 * warnings, for the caller to report as it always has.
 *
 * With a condition (input_opts.keep, --where) it keeps the deals one of
 * whose whist deals meets it, and counts the others as left: with whist,
 * only the whist deals that meet it are handed on (--trump each may keep
 * some of the four); without, the whist deals are made for the test only,
 * and a deal the policy cannot make one of is tested as read, its seats
 * settled as the policy would and its trumps its own (none: no trump
 * cards). Repeats, rejections and errors are not tested: they are
 * reported and counted as without a condition.
 *
 * For replay it also selects records: those past a resume point, of one
 * shard, within a limit of deals read, numbered over the whole input (a
 * .wda archive gives only those, unread ones skipped, but for a shard of
 * several: it reads them all, to digest the corpus, ds_counts.corpus). */
#ifndef WHISTLAB_DEAL_STREAM_H
#define WHISTLAB_DEAL_STREAM_H

#include "deal_digest.h"
#include "reader.h"

/* A condition on a whist deal (--where): true to keep it. The stream
 * calls it and counts what it keeps and leaves; the condition itself is
 * the front end's to make (cli/input_opts.c compiles the --where language
 * of analyze/deal/deal_filter.h into one), since formats/ is below
 * analyze/ and may not include it. It sees each deal with its trumps and
 * seats as the --trump/--leader policy makes them, so that `leader` and
 * `trumps` in a condition mean what the analysis will take them to mean. */
typedef bool (*deal_keep_fn)(const void *ctx, const deal_t *d);

/* How the input is read: its format (FMT_AUTO: told from each file), the
 * policy that gives deals without them a trump suit and a leader, and the
 * condition that keeps some deals only. */
typedef struct {
    deal_format format;
    trump_policy policy;
    bool policy_given; /* a policy was asked for (--trump or --leader) */
    deal_keep_fn keep; /* NULL: every deal kept */
    const void *keep_ctx;
    const char *where; /* the condition's text, for reports; NULL without one */
} input_opts;

/* Auto format, the deals' own trumps and leader, every deal kept. */
void input_opts_init(input_opts *o);

typedef struct {
    input_opts input;
    bool whist;              /* make whist deals by input.policy (DS_DEAL's
                                whist[]; a deal it refuses is DS_UNUSABLE) */
    /* replay's selection (select set): the records r (numbered from 0 over
     * all the files) with r >= resume_records and r % shards == shard - 1;
     * no record read once limit deals (deals and rejections, repeats
     * included) were read, 0: no limit */
    bool select;
    uint64_t resume_records, limit;
    unsigned shard, shards;
} ds_opts;

typedef enum {
    DS_DEAL,      /* a deal, not a repeat; with whist: made whist deals (with
                     input.keep: those it keeps, at least one) */
    DS_REPEAT,    /* a game that replays the deal before (another table) */
    DS_UNUSABLE,  /* with whist: a deal the policy cannot make a whist deal of */
    DS_LEFT,      /* a deal input.keep left out (deal: as read) */
    DS_REJECT,    /* a deal read but not usable (deal->flags: DEAL_REPEAT,
                     DEAL_UNKNOWN_HANDS) */
    DS_ERROR,     /* a problem outside any deal; reading goes on */
    DS_FATAL,     /* a file that cannot be opened, or read on */
    DS_FILE_END,  /* a file opened is done (read to its end, or stopped) */
} ds_kind;

/* Every record read falls in exactly one of deals .. errors. */
typedef struct {
    uint64_t deals;              /* DS_DEAL (with input.keep: the deals it kept) */
    uint64_t left;               /* DS_LEFT */
    uint64_t repeats;            /* DS_REPEAT */
    uint64_t unusable;           /* DS_UNUSABLE */
    uint64_t rejected;           /* DS_REJECT, neither a repeat nor of unknown hands */
    uint64_t rejected_repeats;   /* DS_REJECT of a repeat, hands known */
    uint64_t incomplete;         /* DS_REJECT: well-formed, hands unknown; not a repeat */
    uint64_t incomplete_repeats; /* DS_REJECT: hands unknown, a repeat */
    uint64_t errors;             /* DS_ERROR */
    uint64_t whist;              /* whist deals made (with whist; with input.keep,
                                    those kept of the deals kept) */
    uint64_t no_trump;           /* without whist: deals that name no trump suit */
    uint64_t warned, warnings;   /* records the reader warned about; its warnings */
    uint64_t fatal;              /* files not opened or not read to their end */
    /* a selection of one shard of several: the digest (deal_digest.h) of
     * every deal as read, the shard's or not, the other shards' records
     * read to be digested (a .wda's too): the corpus the shard is cut from,
     * which all its shards share (issue 25 item 9); else zero */
    digest128 corpus;
} ds_counts;

/* One item: what it points to is the stream's, valid until the next call. */
typedef struct {
    ds_kind kind;
    int input;                   /* the file's index in files[] */
    const char *file;            /* its name, as given */
    uint64_t record;             /* with select: the record's number over all the files */
    uint64_t position;           /* deals (and rejections), repeats aside, before this
                                    record in its file: deal_digest_term's position */
    const deal_t *deal;          /* DEAL, REPEAT, UNUSABLE, LEFT, REJECT */
    const deal_t *whist;         /* DEAL with whist: whist[0..n-1] */
    int n;
    const diag_t *diag;          /* UNUSABLE, REJECT, ERROR, FATAL */
    const diag_t *warnings;      /* the reader's warnings raised by this read */
    int nwarnings;
    bool opened;                 /* FATAL: false when the file could not be opened */
    /* FILE_END */
    deal_format format;
    const reader_notes *notes;
    const ds_counts *counts;     /* the file's */
    bool stopped;                /* not read to its end */
} ds_item;

typedef struct deal_stream deal_stream;

/* A stream over files[0..nfiles-1] (kept by the caller until the stream is
 * closed), the first of them opened now; NULL if out of memory. Each next
 * file is opened when an item is asked for after the last one's FILE_END
 * (or FATAL open). */
deal_stream *deal_stream_open(const ds_opts *o, const char *const files[], int nfiles);
/* Whether the file being read is open: false when it could not be (the
 * next item is its DS_FATAL), so that a command can stop before it writes. */
bool deal_stream_opened(const deal_stream *s);
/* The next item; false after the last file. */
bool deal_stream_next(deal_stream *s, ds_item *it);
/* The counts over everything read so far. */
const ds_counts *deal_stream_totals(const deal_stream *s);
void deal_stream_close(deal_stream *s);

#endif
