/* deal_stream.c -- the one reading loop (deal_stream.h): files opened in
 * turn, records read, told apart, counted, selected, made whist deals. */
#include <stdlib.h>
#include <string.h>
#include "deal_stream.h"

void input_opts_init(input_opts *o)
{
    o->format = FMT_AUTO;
    o->policy.kind = TRUMP_AUTO;
    o->policy.suit = SUIT_S;
    o->policy.leader = SEAT_NONE;
    o->policy_given = false;
    o->keep = NULL;
    o->keep_ctx = NULL;
    o->where = NULL;
}

typedef enum {
    ST_READING,     /* the file is open: the next item is read from it */
    ST_OPEN_FAILED, /* the next item is the DS_FATAL of its open */
    ST_AT_END,      /* the next item is the file's DS_FILE_END */
    ST_NEXT_FILE,   /* the file is done: the next call opens the next one */
    ST_DONE,        /* every file done */
} stream_state;

struct deal_stream {
    ds_opts o;
    const char *const *files;
    int nfiles, k;           /* k: the file being read */
    stream_state state;
    deal_reader *r;          /* kept open after its end until the next call (its notes) */
    bool sized;              /* a file of known size (.wda): a record's place is its index */
    bool stopped;            /* the file was not read to its end */
    uint64_t deals_in_file;  /* deals and rejections, repeats aside, read from the file */
    /* the numbering of replay's selection: records and deals read over all
     * the files, the first record of this file, and the records of a sized
     * file the selection covers */
    uint64_t record, deals_read, base, in_file;
    ds_counts file, total;
    deal_t d, whist[4];
    diag_t diag;
};

/* Counts n in the file's counter and the total's. */
#define COUNT(s, counter, n) ((s)->file.counter += (n), (s)->total.counter += (n))

/* A .wda archive gives any record without a scan: only the records the
 * selection wants are read (those of the shard past the resume point,
 * within the limit). Returns how many records of the file it covers. */
static uint64_t select_records(deal_stream *s, uint64_t size)
{
    const ds_opts *o = &s->o;
    uint64_t end = size;
    if (o->limit) {
        uint64_t left = o->limit > s->deals_read ? o->limit - s->deals_read : 0;
        if (left < end) end = left;
    }
    uint64_t base = s->base, shards = o->shards;
    if (shards > 1) { /* every record, for the corpus's digest: take_record selects */
        deal_reader_select(s->r, 0, 1, end);
        return end;
    }
    uint64_t lo = o->resume_records > base ? o->resume_records - base : 0;
    uint64_t first = lo + ((uint64_t)o->shard - 1 + shards - (base + lo) % shards) % shards;
    deal_reader_select(s->r, first, shards, end);
    return end;
}

/* Closes the file done and opens the next one, if any. */
static void open_next(deal_stream *s)
{
    if (s->r) {
        deal_reader_close(s->r);
        s->r = NULL;
        if (s->sized) { /* the records a sized file covers, read or not */
            s->record += s->in_file;
            s->deals_read += s->in_file;
        }
    }
    if (++s->k >= s->nfiles) {
        s->state = ST_DONE;
        return;
    }
    memset(&s->file, 0, sizeof s->file);
    memset(&s->diag, 0, sizeof s->diag);
    s->stopped = false;
    s->deals_in_file = 0;
    s->base = s->record;
    s->r = deal_reader_open(s->files[s->k], s->o.input.format, &s->diag);
    if (!s->r) {
        s->sized = false;
        s->state = ST_OPEN_FAILED;
        return;
    }
    uint64_t size = deal_reader_size(s->r);
    s->sized = size != UINT64_MAX;
    s->in_file = s->sized ? size : 0;
    if (s->sized && s->o.select) s->in_file = select_records(s, size);
    s->state = ST_READING;
}

deal_stream *deal_stream_open(const ds_opts *o, const char *const files[], int nfiles)
{
    deal_stream *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->o = *o;
    s->files = files;
    s->nfiles = nfiles;
    s->k = -1;
    open_next(s);
    return s;
}

bool deal_stream_opened(const deal_stream *s) { return s->state == ST_READING; }

const ds_counts *deal_stream_totals(const deal_stream *s) { return &s->total; }

void deal_stream_close(deal_stream *s)
{
    if (!s) return;
    deal_reader_close(s->r);
    free(s);
}

/* With whist: keeps those of the n whist deals made that meet the
 * condition, in order; returns how many. */
static int keep_whist(const deal_stream *s, deal_t *w, int n)
{
    const input_opts *io = &s->o.input;
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (io->keep(io->keep_ctx, &w[i])) {
            if (kept != i) w[kept] = w[i];
            kept++;
        }
    return kept;
}

/* Without whist: whether a deal as read meets the condition, tried on the
 * whist deals the policy makes of it, else on the deal with its seats
 * settled (deal_stream.h). */
static bool keep_as_read(deal_stream *s, const deal_t *d)
{
    const input_opts *io = &s->o.input;
    diag_t ignored;
    diag_clear(&ignored);
    int n = deal_apply_trump_policy(d, &io->policy, s->whist, &ignored);
    if (n == 0) {
        s->whist[0] = *d;
        deal_settle_seats(&s->whist[0], &io->policy);
        n = 1;
    }
    for (int i = 0; i < n; i++)
        if (io->keep(io->keep_ctx, &s->whist[i])) return true;
    return false;
}

/* A deal the condition left: counted as such. */
static void leave(deal_stream *s, ds_item *it)
{
    it->kind = DS_LEFT;
    COUNT(s, left, 1);
}

static bool record_is_selected(const ds_opts *o, uint64_t rec)
{
    return rec >= o->resume_records && rec % o->shards == o->shard - 1;
}

/* A record read (not EOF, not FATAL) as an item; false if the selection
 * passes over it. */
static bool take_record(deal_stream *s, read_status rs, ds_item *it)
{
    const deal_t *d = &s->d;
    bool deal_or_reject = rs == READ_DEAL || rs == READ_REJECT, repeat = d->flags & DEAL_REPEAT;
    bool binding = s->o.select && s->o.shards > 1;
    if (binding && rs == READ_DEAL && !repeat) { /* as replay digests a deal as read */
        digest128 term = deal_digest_term(d, s->sized ? d->pos.index : s->deals_in_file);
        deal_digest_add(&s->file.corpus, term);
        deal_digest_add(&s->total.corpus, term);
    }
    if (s->sized) {
        it->position = d->pos.index;
        it->record = s->base + d->pos.index;
        if (binding && !record_is_selected(&s->o, it->record)) return false;
    } else {
        it->position = s->deals_in_file;
        it->record = s->record++;
        if (deal_or_reject) {
            s->deals_read++;
            if (!repeat) s->deals_in_file++;
        }
        if (s->o.select && !record_is_selected(&s->o, it->record)) return false;
    }
    it->deal = d;
    if (rs == READ_ERROR) {
        it->kind = DS_ERROR;
        it->diag = &s->diag;
        COUNT(s, errors, 1);
    } else if (rs == READ_REJECT) {
        it->kind = DS_REJECT;
        it->diag = &s->diag;
        if (d->flags & DEAL_UNKNOWN_HANDS) {
            if (repeat) COUNT(s, incomplete_repeats, 1);
            else COUNT(s, incomplete, 1);
        } else if (repeat) {
            COUNT(s, rejected_repeats, 1);
        } else {
            COUNT(s, rejected, 1);
        }
    } else if (repeat) {
        it->kind = DS_REPEAT;
        COUNT(s, repeats, 1);
    } else if (s->o.whist) {
        int made = deal_apply_trump_policy(d, &s->o.input.policy, s->whist, &s->diag);
        int n = made > 0 && s->o.input.keep ? keep_whist(s, s->whist, made) : made;
        if (made == 0) {
            it->kind = DS_UNUSABLE;
            it->diag = &s->diag;
            COUNT(s, unusable, 1);
        } else if (n == 0) {
            leave(s, it);
        } else {
            it->kind = DS_DEAL;
            it->whist = s->whist;
            it->n = n;
            COUNT(s, deals, 1);
            COUNT(s, whist, (uint64_t)n);
        }
    } else if (s->o.input.keep && !keep_as_read(s, d)) {
        leave(s, it);
    } else {
        it->kind = DS_DEAL;
        it->whist = d;
        it->n = 1;
        COUNT(s, deals, 1);
        if (d->strain == STRAIN_NONE) COUNT(s, no_trump, 1);
    }
    return true;
}

static void file_end(deal_stream *s, ds_item *it)
{
    it->kind = DS_FILE_END;
    it->format = deal_reader_format(s->r);
    it->notes = deal_reader_notes(s->r);
    it->counts = &s->file;
    it->stopped = s->stopped;
    s->state = ST_NEXT_FILE;
}

bool deal_stream_next(deal_stream *s, ds_item *it)
{
    for (;;) {
        memset(it, 0, sizeof *it);
        it->input = s->k;
        it->file = s->k < s->nfiles ? s->files[s->k] : NULL;
        switch (s->state) {
        case ST_DONE: return false;
        case ST_NEXT_FILE: open_next(s); continue;
        case ST_OPEN_FAILED:
            it->kind = DS_FATAL;
            it->diag = &s->diag;
            COUNT(s, fatal, 1);
            s->state = ST_NEXT_FILE;
            return true;
        case ST_AT_END: file_end(s, it); return true;
        case ST_READING: break;
        }
        if (s->o.select && s->o.limit && s->deals_read >= s->o.limit) {
            file_end(s, it);
            return true;
        }
        diag_clear(&s->diag);
        read_status rs = deal_reader_next(s->r, &s->d, &s->diag);
        const reader_notes *notes = deal_reader_notes(s->r);
        it->warnings = notes->pending;
        it->nwarnings = notes->n_pending;
        if (notes->n_pending) {
            COUNT(s, warned, 1);
            COUNT(s, warnings, (uint64_t)notes->n_pending);
        }
        if (rs == READ_EOF) {
            file_end(s, it);
            return true;
        }
        if (rs == READ_FATAL) {
            it->kind = DS_FATAL;
            it->opened = true;
            it->diag = &s->diag;
            COUNT(s, fatal, 1);
            s->stopped = true;
            s->state = ST_AT_END;
            return true;
        }
        if (take_record(s, rs, it)) return true;
    }
}
