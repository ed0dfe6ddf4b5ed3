/* odds_run.c -- deals to merged odds counts (odds_run.h): the runner's job.
 * On the calling thread, in input order: the policy, the dedup and the
 * modes still possible (admit), then each record's place in the per-file
 * counts (take, other). On the workers: a deal's events into the worker's
 * own accumulators (work), which the runner has every worker finish before
 * a checkpoint (keeps_aside), so that gathering them (fold) gives exactly
 * the records accounted for. The saved state is the counts and the
 * gathered accumulators, as little-endian 64-bit words.
 *
 * A shard (odds_run_shard) reads every record but counts only its
 * own: the deals whose identity (deal_dedup_key: rotations and repeats
 * alike) falls to it, so that every copy of a deal is in one shard and the
 * dedup stays exact; every record that counts no deal (a rejection, a deal
 * --where left out) is shard 1's, so that its notes come once, in order.
 * The shards' counts and accumulators then add up to the whole run's, and
 * the modes still possible are those still possible in every shard
 * (odds_run_merge_state). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "analyze/deal/deal_dedup.h"
#include "analyze/odds/odds_input.h"
#include "analyze/odds/odds_run.h"

#define MAX_CAND 3 /* (record, record), (record, all), (all, all) */

typedef struct {
    odds_dealer_mode dm;
    odds_turnup_mode tm;
} modes;

/* A deal's verdict, in the runner's job->out (copied in and out: the
 * result area is bytes, not aligned for the hands' 64-bit words). */
typedef enum { ODDS_NEW, ODDS_REPEAT, ODDS_REFUSED, ODDS_ELSEWHERE /* another shard's */ } verdict;

typedef struct {
    odds_deal deal;
    unsigned alive; /* the candidates still possible after it */
    int input;
    verdict v;
} odds_slot;

_Static_assert(sizeof(odds_slot) <= DD_JOB_OUT_BYTES, "an odds deal fits a job's result area");

/* What a checkpoint saves: 64-bit words only (odds_acc is int64_t
 * throughout), so that the state is those words in little-endian order. */
typedef struct {
    uint64_t words;      /* the size of this, in words: a state of another layout is refused */
    uint64_t ncand, dealer_mode, turnup_mode; /* the settings it was counted under */
    uint64_t alive, read, accepted, duplicates, rejected, left, no_dealer, no_turnup;
    odds_file_counts file[ODDS_MAX_FILES];
    odds_acc acc[MAX_CAND]; /* the rows of deals in acc[0] only: they are the same */
} odds_saved;

typedef struct {
    odds_acc acc[MAX_CAND];
    odds_counts counts;
} worker;

struct odds_run {
    modes cand[MAX_CAND];
    int ncand;
    bool dealer_default, turnup_default;
    const input_opts *io;
    unsigned shard, shards; /* this run counts shard of shards (1 of 1: all) */
    deal_dedup *dedup;
    int nworkers;
    worker *workers; /* what each worker counted since the last fold */
    odds_saved saved; /* the counts, and the accumulators gathered */
    unsigned char state[sizeof(odds_saved)]; /* saved, as bytes */
    odds_acc result;
};

/* The candidate modes, most recorded first (S2.5 defaults: record if every
 * deal has one, else all); a recorded turn-up needs the recorded dealer. */
static int candidates(const odds_run_opts *o, modes *out)
{
    int dealers[2], turnups[2], nd = 0, nt = 0, n = 0;
    if (o->dealer_mode != ODDS_MODE_DEFAULT) dealers[nd++] = o->dealer_mode;
    else {
        dealers[nd++] = ODDS_DEALER_RECORD;
        dealers[nd++] = ODDS_DEALER_ALL;
    }
    if (o->turnup_mode != ODDS_MODE_DEFAULT) turnups[nt++] = o->turnup_mode;
    else {
        turnups[nt++] = ODDS_TURNUP_RECORD;
        turnups[nt++] = ODDS_TURNUP_ALL;
    }
    for (int i = 0; i < nd; i++)
        for (int j = 0; j < nt; j++)
            if (!(turnups[j] == ODDS_TURNUP_RECORD && dealers[i] == ODDS_DEALER_ALL))
                out[n++] = (modes){(odds_dealer_mode)dealers[i], (odds_turnup_mode)turnups[j]};
    return n;
}

odds_run *odds_run_new(const odds_run_opts *o)
{
    odds_run *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->ncand = candidates(o, r->cand);
    r->dealer_default = o->dealer_mode == ODDS_MODE_DEFAULT;
    r->turnup_default = o->turnup_mode == ODDS_MODE_DEFAULT;
    r->io = o->io;
    r->shard = r->shards = 1;
    int n = o->threads;
    if (n <= 0) { /* as the runner counts them */
        long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        n = cpus > 0 ? (int)cpus : 1;
    }
    r->nworkers = n;
    r->workers = calloc((size_t)n, sizeof *r->workers);
    if (o->dedup) r->dedup = deal_dedup_new();
    if (r->ncand == 0 || !r->workers || (o->dedup && !r->dedup)) {
        odds_run_free(r);
        return NULL;
    }
    for (int i = 0; i < n; i++)
        for (int c = 0; c < MAX_CAND; c++) odds_acc_init(&r->workers[i].acc[c]);
    odds_saved *s = &r->saved;
    s->words = sizeof *s / 8;
    s->ncand = (uint64_t)r->ncand;
    s->dealer_mode = (uint64_t)(int64_t)o->dealer_mode;
    s->turnup_mode = (uint64_t)(int64_t)o->turnup_mode;
    s->alive = (1u << r->ncand) - 1;
    for (int c = 0; c < MAX_CAND; c++) odds_acc_init(&s->acc[c]);
    return r;
}

void odds_run_shard(odds_run *r, unsigned shard, unsigned shards)
{
    r->shards = shards > 1 ? shards : 1;
    r->shard = r->shards > 1 && shard >= 1 && shard <= shards ? shard : 1;
}

/* Whether the deal is this shard's: the high half of its key, as the low
 * half places it in the dedup's table (a shard's keys would otherwise
 * crowd one part of it). */
static bool mine(const odds_run *r, uint64_t key)
{
    return r->shards == 1 || (key >> 32) % r->shards == r->shard - 1;
}

/* A deal's verdict: a repeat of one seen before, or new (the modes it
 * rules out dropped); key its deal_dedup_key. */
static verdict admit_deal(odds_run *r, const odds_deal *d, uint64_t key)
{
    odds_saved *s = &r->saved;
    if (r->dedup && !deal_dedup_add_key(r->dedup, key)) return ODDS_REPEAT;
    for (int c = 0; c < r->ncand; c++) {
        if (d->dealer > SEAT_W && r->dealer_default && r->cand[c].dm == ODDS_DEALER_RECORD) s->alive &= ~(1u << c);
        if (d->turnup == CARD_NONE && r->turnup_default && r->cand[c].tm == ODDS_TURNUP_RECORD)
            s->alive &= ~(1u << c);
    }
    return ODDS_NEW;
}

static void count_deal(const odds_run *r, worker *w, const odds_deal *d, unsigned alive)
{
    odds_events_deal(d, &w->counts.deal);
    odds_acc_add(&w->acc[0], &w->counts, ODDS_PART_DEAL);
    for (int c = 0; c < r->ncand; c++) {
        if (!(alive >> c & 1)) continue;
        odds_events_turnup(d, r->cand[c].dm, r->cand[c].tm, &w->counts.tu);
        odds_acc_add(&w->acc[c], &w->counts, ODDS_PART_TURNUP);
    }
}

bool odds_run_add(odds_run *r, const odds_deal *d)
{
    odds_saved *s = &r->saved;
    s->read++;
    if (admit_deal(r, d, deal_dedup_key(d->hand)) == ODDS_REPEAT) {
        s->duplicates++;
        return false;
    }
    s->accepted++;
    s->no_dealer += d->dealer > SEAT_W;
    s->no_turnup += d->turnup == CARD_NONE;
    count_deal(r, &r->workers[0], d, (unsigned)s->alive);
    return true;
}

static bool admit(void *ctx, const ds_item *it, dd_job *job)
{
    odds_run *r = ctx;
    odds_slot slot = {.input = it->input};
    diag_t why = {0};
    uint64_t key = 0;
    if (!odds_deal_of(it->deal, r->io, &slot.deal, &why)) /* said again in order */
        slot.v = r->shard == 1 ? ODDS_REFUSED : ODDS_ELSEWHERE;
    else if (key = deal_dedup_key(slot.deal.hand), !mine(r, key)) slot.v = ODDS_ELSEWHERE;
    else if (it->kind == DS_REPEAT) slot.v = ODDS_REPEAT;
    else slot.v = admit_deal(r, &slot.deal, key);
    slot.alive = (unsigned)r->saved.alive;
    memcpy(job->out, &slot, sizeof slot);
    return slot.v == ODDS_NEW;
}

static void work(dd_job *job, dd_solver *solver, void *ctx)
{
    odds_run *r = ctx;
    if (!job->play) return; /* a repeat, a rejection: nothing to count */
    odds_slot slot;
    memcpy(&slot, job->out, sizeof slot);
    count_deal(r, &r->workers[solver->thread], &slot.deal, slot.alive);
}

static bool take(void *ctx, corpus_run *run, const dd_job *job)
{
    odds_run *r = ctx;
    odds_saved *s = &r->saved;
    odds_slot copy;
    memcpy(&copy, job->out, sizeof copy);
    const odds_slot *slot = &copy;
    if (slot->v == ODDS_ELSEWHERE) return true;
    odds_file_counts *f = &s->file[slot->input < ODDS_MAX_FILES ? slot->input : ODDS_MAX_FILES - 1];
    s->read++;
    f->read++;
    switch (slot->v) {
    case ODDS_REFUSED: {
        odds_deal again;
        diag_t why = {0};
        odds_deal_of(&job->deal, r->io, &again, &why);
        corpus_run_problem(run, &why);
        s->rejected++;
        f->rejected++;
        return false;
    }
    case ODDS_REPEAT:
        s->duplicates++;
        f->repeats++;
        return true;
    case ODDS_NEW:
        s->accepted++;
        s->no_dealer += slot->deal.dealer > SEAT_W;
        s->no_turnup += slot->deal.turnup == CARD_NONE;
        return true;
    default: return true; /* ODDS_ELSEWHERE: returned above */
    }
}

static void other(void *ctx, corpus_run *run, const run_item *item)
{
    odds_run *r = ctx;
    odds_saved *s = &r->saved;
    odds_file_counts *f = &s->file[item->input < ODDS_MAX_FILES ? item->input : ODDS_MAX_FILES - 1];
    if (r->shard != 1 && item->kind != DS_FILE_END) return; /* shard 1 counts them */
    switch (item->kind) {
    case DS_REJECT:
        corpus_run_problem(run, item->diag);
        s->read++;
        s->rejected++;
        f->read++;
        f->rejected++;
        break;
    case DS_LEFT:
        s->read++;
        s->left++;
        f->read++;
        f->left++;
        break;
    case DS_FILE_END: f->format = (uint64_t)item->format; break;
    default: break;
    }
}

/* The state as little-endian words. */
static void encode(const odds_saved *s, unsigned char *out)
{
    const uint64_t *w = (const uint64_t *)s;
    for (size_t i = 0; i < sizeof *s / 8; i++)
        for (int b = 0; b < 8; b++) out[8 * i + (size_t)b] = (unsigned char)(w[i] >> (8 * b));
}

static void decode(const unsigned char *in, odds_saved *s)
{
    uint64_t *w = (uint64_t *)s;
    for (size_t i = 0; i < sizeof *s / 8; i++) {
        w[i] = 0;
        for (int b = 0; b < 8; b++) w[i] |= (uint64_t)in[8 * i + (size_t)b] << (8 * b);
    }
}

/* Every worker's counts into the saved accumulators (the workers are idle:
 * the runner took back every job first), and the state's bytes made. */
static void fold(void *ctx)
{
    odds_run *r = ctx;
    for (int i = 0; i < r->nworkers; i++) {
        worker *w = &r->workers[i];
        for (int c = 0; c < r->ncand; c++) {
            odds_acc_merge(&r->saved.acc[c], &w->acc[c], c == 0 ? ODDS_PART_ALL : ODDS_PART_TURNUP);
            odds_acc_init(&w->acc[c]);
        }
    }
    encode(&r->saved, r->state);
}

/* The state file's job section: the bytes fold made. */
static bool save(void *ctx, unsigned char **buf, size_t *len)
{
    odds_run *r = ctx;
    *buf = malloc(sizeof r->state);
    if (!*buf) return false;
    memcpy(*buf, r->state, sizeof r->state);
    *len = sizeof r->state;
    return true;
}

run_job odds_run_job(odds_run *r)
{
    return (run_job){.work = work, .take = take, .admit = admit, .other = other, .fold = fold, .save = save,
                     .keeps_aside = true, .plays_only = true, .ctx = r};
}

void *odds_run_state(odds_run *r, size_t *bytes)
{
    *bytes = sizeof r->state;
    return r->state;
}

bool odds_run_resume(odds_run *r, const char *const files[], int nfiles, uint64_t records, diag_t *why)
{
    odds_saved was;
    decode(r->state, &was);
    if (was.words != r->saved.words || was.ncand != r->saved.ncand || was.dealer_mode != r->saved.dealer_mode ||
        was.turnup_mode != r->saved.turnup_mode) {
        diag_set(why, NULL, 0, "the state was counted under other modes");
        return false;
    }
    if (was.alive >> r->ncand) { /* a mode the run never had: not a state it saved */
        diag_set(why, NULL, 0, "the state names modes still possible that this counting does not have");
        return false;
    }
    r->saved = was;
    if (!r->dedup) return true;
    /* the deals seen before the resume point, as admit saw them */
    ds_opts so = {.input = *r->io, .select = true, .shard = 1, .shards = 1};
    deal_stream *in = deal_stream_open(&so, files, nfiles);
    if (!in) {
        diag_set(why, NULL, 0, "out of memory");
        return false;
    }
    ds_item it;
    while (deal_stream_next(in, &it)) {
        if (it.kind == DS_FILE_END || it.kind == DS_FATAL) continue;
        if (it.record >= records) break;
        odds_deal d;
        diag_t skip = {0};
        if (it.kind != DS_DEAL || !odds_deal_of(it.deal, r->io, &d, &skip)) continue;
        uint64_t key = deal_dedup_key(d.hand);
        if (mine(r, key)) deal_dedup_add_key(r->dedup, key);
    }
    deal_stream_close(in);
    return true;
}

size_t odds_run_state_size(void) { return sizeof(odds_saved); }

odds_run *odds_run_of_state(const void *state, size_t bytes, diag_t *why)
{
    odds_saved was;
    if (bytes != sizeof was) {
        diag_set(why, NULL, 0, "not a counting of odds (a state of %zu bytes, not %zu)", bytes, sizeof was);
        return NULL;
    }
    decode(state, &was);
    int64_t dm = (int64_t)was.dealer_mode, tm = (int64_t)was.turnup_mode;
    bool modes_known = dm >= ODDS_MODE_DEFAULT && dm <= ODDS_DEALER_ALL && tm >= ODDS_MODE_DEFAULT &&
                       tm <= ODDS_TURNUP_NONE && !(dm == ODDS_DEALER_ALL && tm == ODDS_TURNUP_RECORD);
    if (was.words != sizeof was / 8 || !modes_known) {
        diag_set(why, NULL, 0, "not a counting of odds (its layout or modes are not this build's)");
        return NULL;
    }
    odds_run_opts o = {.dealer_mode = (int)dm, .turnup_mode = (int)tm, .threads = 1};
    odds_run *r = odds_run_new(&o);
    if (!r) {
        diag_set(why, NULL, 0, "out of memory");
        return NULL;
    }
    memcpy(r->state, state, bytes);
    if (!odds_run_resume(r, NULL, 0, 0, why)) {
        odds_run_free(r);
        return NULL;
    }
    return r;
}

bool odds_run_merge_state(odds_run *r, const void *state, size_t bytes, diag_t *why)
{
    odds_saved was;
    if (bytes != sizeof was) {
        diag_set(why, NULL, 0, "not a counting of odds (a state of %zu bytes, not %zu)", bytes, sizeof was);
        return false;
    }
    decode(state, &was);
    odds_saved *s = &r->saved;
    if (was.words != s->words || was.ncand != s->ncand || was.dealer_mode != s->dealer_mode ||
        was.turnup_mode != s->turnup_mode || was.alive >> r->ncand) {
        diag_set(why, NULL, 0, "counted under other modes");
        return false;
    }
    for (int k = 0; k < ODDS_MAX_FILES; k++)
        if (was.file[k].format != s->file[k].format) {
            diag_set(why, NULL, 0, "its corpus file %d was read in another format", k + 1);
            return false;
        }
    /* the accumulators are 64-bit words added one to one: a state that
     * would overflow one is not a shard of a real counting */
    for (int c = 0; c < r->ncand; c++) {
        const int64_t *a = (const int64_t *)&s->acc[c], *b = (const int64_t *)&was.acc[c];
        int64_t sum;
        for (size_t i = 0; i < sizeof(odds_acc) / 8; i++)
            if (__builtin_add_overflow(a[i], b[i], &sum)) {
                diag_set(why, NULL, 0, "its counts and the others' overflow 64 bits");
                return false;
            }
    }
    s->alive &= was.alive; /* a mode is possible if no shard ruled it out */
    s->read += was.read;
    s->accepted += was.accepted;
    s->duplicates += was.duplicates;
    s->rejected += was.rejected;
    s->left += was.left;
    s->no_dealer += was.no_dealer;
    s->no_turnup += was.no_turnup;
    for (int k = 0; k < ODDS_MAX_FILES; k++) {
        odds_file_counts *f = &s->file[k];
        const odds_file_counts *g = &was.file[k];
        f->read += g->read;
        f->rejected += g->rejected;
        f->repeats += g->repeats;
        f->left += g->left;
    }
    for (int c = 0; c < r->ncand; c++)
        odds_acc_merge(&s->acc[c], &was.acc[c], c == 0 ? ODDS_PART_ALL : ODDS_PART_TURNUP);
    encode(s, r->state);
    return true;
}

const odds_acc *odds_run_finish(odds_run *r, odds_run_summary *out)
{
    fold(r);
    const odds_saved *s = &r->saved;
    int chosen = s->alive ? __builtin_ctz((unsigned)s->alive) : r->ncand - 1;
    odds_acc_init(&r->result);
    odds_acc_merge(&r->result, &s->acc[0], ODDS_PART_DEAL);
    odds_acc_merge(&r->result, &s->acc[chosen], ODDS_PART_TURNUP);
    *out = (odds_run_summary){.read = s->read, .accepted = s->accepted, .duplicates = s->duplicates,
                              .rejected = s->rejected, .left = s->left, .no_dealer = s->no_dealer,
                              .no_turnup = s->no_turnup, .dealer_mode = r->cand[chosen].dm,
                              .turnup_mode = r->cand[chosen].tm, .file = s->file};
    return &r->result;
}

void odds_run_free(odds_run *r)
{
    if (!r) return;
    deal_dedup_free(r->dedup);
    free(r->workers);
    free(r);
}
