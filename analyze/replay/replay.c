/* replay.c -- the comparison driver (replay.h). The calling thread turns
 * records into jobs in input order; the pool solves them; results come back
 * in the same order and are scored, tallied and written here, so the state
 * after record k never depends on the records after it: that is what makes
 * checkpoints, shards and thread counts all give the same numbers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/dd/dd_pool.h"
#include "analyze/play/sd_replay.h"
#include "analyze/replay/replay.h"
#include "formats/deal_digest.h"
#include "formats/deal_stream.h"
#include "stats/csv_out.h"
#include "stats/wls.h"

const char *const REPLAY_CSV_COLUMNS[] = {
    "file", "line", "index", "board", "trump", "leader", "convention", "lead",
    "suit_rule", "card_rule", "tricks", "best", "cost", "optimal", "best_lead",
    "optimal_leads", "trumps_held", "longest_plain", "leads_coincide",
};
const int REPLAY_CSV_NCOLS = sizeof REPLAY_CSV_COLUMNS / sizeof REPLAY_CSV_COLUMNS[0];

#define POOL_DEPTH 64

/* SLOT_SAME is a whist deal identical to the one before it (same hands,
 * trumps and leader, as in DDS's lists, where a deal recurs under another
 * vulnerability): it takes that deal's values instead of a second solve. */
typedef enum { SLOT_DEAL, SLOT_SAME, SLOT_REJECT, SLOT_ERROR, SLOT_REPEAT } slot_kind;

/* What the driver remembers of a job while it is in the pool. */
typedef struct {
    slot_kind kind;
    bool first, last; /* first / last job of its record (TRUMP_EACH makes 4) */
    uint64_t record;  /* the record's number in the whole input */
    int input;        /* the file it was read from */
    bool digested;    /* a deal as read: its digest term counts */
    digest128 term;
    diag_t diag;      /* the reason, for SLOT_REJECT and SLOT_ERROR */
} slot_info;

/* What the reading loop knows of a record besides its deal. */
typedef struct {
    uint64_t record;  /* its number in the whole input */
    int input;        /* its file */
    uint64_t position; /* deals before it in its file (deal_digest.h) */
} record_place;

typedef struct {
    const replay_opts *o;
    int ninputs;
    stats_state *st;
    dd_pool *pool;
    slot_info *slots;
    int depth;
    uint64_t next_tag;
    const convention *best_prefer; /* whose lead wins the best lead's ties (dd-best's table) */
    bool need_dd;        /* --eval dd or both, or dd-best among the conventions */
    bool has_dd_best;    /* dd-best among the conventions */
    csv_out *csv;
    bool record_failed;  /* a job of the current record could not be analysed */
    bool mid_record;     /* some but not all jobs of a record collected */
    deal_t last_pushed;  /* the last whist deal submitted (strain STRAIN_NONE: none) */
    int last_rc;         /* the last whist deal's DDS result, as collected */
    dd_leads last_leads;
    bool output_failed;
    uint64_t records_done;     /* records accounted for in st */
    uint64_t since_checkpoint; /* deals analysed since the last checkpoint */
    uint64_t deals_done, deals_expected; /* the progress */
} run;

card_t replay_dd_best(const dd_leads *l, hand_t hand, card_t pref_card, int *n_optimal)
{
    int best = -1, n = 0;
    card_t first = CARD_NONE;
    /* Cards in S, H, D, C order, lowest rank first: the first optimal one
     * found is the TB-order tie-break (Q18). */
    for (int s = 0; s < 4; s++)
        for (int rank = 2; rank <= RANK_A; rank++) {
            card_t c = card_make(s, rank);
            if (!hand_has(hand, c) || l->tricks[c] < 0) continue;
            if (l->tricks[c] > best) {
                best = l->tricks[c];
                first = c;
                n = 1;
            } else if (l->tricks[c] == best) {
                n++;
            }
        }
    *n_optimal = n;
    if (first != CARD_NONE && pref_card != CARD_NONE && hand_has(hand, pref_card) &&
        l->tricks[pref_card] == best)
        return pref_card;
    return first;
}

static void note(const run *r, replay_note kind, const diag_t *diag)
{
    if (r->o->hooks.note) r->o->hooks.note(r->o->hooks.ctx, kind, diag);
}

static void progress(const run *r, replay_progress at)
{
    if (r->o->hooks.progress) r->o->hooks.progress(r->o->hooks.ctx, at, r->deals_done, r->deals_expected);
}

static void problem(run *r, const diag_t *diag) { note(r, REPLAY_PROBLEM, diag); }

static void deal_problem(run *r, const deal_t *d, const char *fmt, const char *arg)
{
    diag_t diag = {0};
    diag_set(&diag, d->pos.file, d->pos.line, fmt, arg);
    problem(r, &diag);
}

static void csv_row(run *r, const deal_t *d, const char *name, const lead_choice *ch,
                    int tricks, const stats_deal *sd, card_t best_card)
{
    csv_out *o = r->csv;
    char card[3];
    csv_out_text(o, d->pos.file ? d->pos.file : "");
    csv_out_int(o, (long long)d->pos.line);
    csv_out_int(o, (long long)d->pos.index);
    csv_out_int(o, d->board);
    csv_out_text(o, (char[2]){SUIT_CHARS[d->strain], 0});
    csv_out_text(o, (char[2]){SEAT_CHARS[d->leader], 0});
    csv_out_text(o, name);
    csv_out_text(o, card_format(ch->card, card));
    csv_out_text(o, ch->suit_rule);
    csv_out_text(o, ch->card_rule);
    csv_out_int(o, tricks);
    csv_out_int(o, sd->best);
    csv_out_int(o, sd->best - tricks);
    csv_out_int(o, tricks == sd->best);
    csv_out_text(o, card_format(best_card, card));
    csv_out_int(o, sd->n_best);
    csv_out_int(o, sd->key[BREAK_TRUMPS]);
    csv_out_int(o, sd->key[BREAK_LONGEST]);
    csv_out_int(o, sd->key[BREAK_COINCIDE]);
    csv_out_end_row(o);
}

static lead_view leader_view(const run *r, const deal_t *d)
{
    return (lead_view){.hand = d->hand[d->leader], .trump = d->strain, .turnup = d->turnup,
                       .deal_index = d->pos.index, .seed = r->o->seed};
}

/* The double-dummy best lead of d's eldest hand, ties going as dd-best's
 * table says (Q18: long-suit's lead if it is optimal), and how many of his
 * cards are optimal; CARD_NONE if DDS valued none. */
static card_t best_lead(const run *r, const deal_t *d, const dd_leads *l, int *n_best)
{
    lead_view v = leader_view(r, d);
    lead_choice pref;
    card_t pref_card = r->best_prefer && lead_choose(r->best_prefer, &v, &pref) == 0 ? pref.card : CARD_NONE;
    return replay_dd_best(l, v.hand, pref_card, n_best);
}

/* The eldest side's single-dummy tricks with convention i (-1: the deal
 * cannot be played); opening: dd-best's double-dummy card. */
static int eldest_tricks(const run *r, const deal_t *d, int i, card_t opening)
{
    const replay_opts *o = r->o;
    const convention *c = o->conv[i];
    return sd_eldest_tricks(d, c, o->opponents, convention_is_dd_best(c) ? opening : CARD_NONE, o->seed,
                            o->signals, o->ext);
}

/* The pool's hook, on a worker thread: plays the job's deal single-dummy
 * under every convention when push() asked for it, so that --eval play
 * and both use every core. Reads only what does not change during the
 * run (the options, the best lead's tie-break). */
static void play_job(dd_job *job, void *ctx)
{
    const run *r = ctx;
    if (!job->play || (r->has_dd_best && job->rc != DD_OK)) return;
    card_t best_card = CARD_NONE;
    int n_best;
    if (r->has_dd_best) best_card = best_lead(r, &job->deal, &job->leads, &n_best);
    for (int i = 0; i < r->o->nconv; i++) job->played[i] = (int8_t)eldest_tricks(r, &job->deal, i, best_card);
}

/* Scores one whist deal under every convention and tallies it: the
 * double-dummy value of its opening lead (l, solved), the single-dummy
 * tricks of its side (--eval play), or both. False (message printed) if a
 * convention fails to choose a card of the leader's hand, DDS valued none,
 * or the deal cannot be played single-dummy. played: the single-dummy
 * results the pool's hook found (play_job), NULL to play here. */
static bool analyse(run *r, const deal_t *d, const dd_leads *l, const int8_t *played)
{
    const replay_opts *o = r->o;
    hand_t hand = d->hand[d->leader];
    lead_view v = leader_view(r, d);
    lead_choice ch[STATS_MAX_CONV];
    stats_deal sd;
    card_t best_card = CARD_NONE;
    if (r->need_dd) {
        best_card = best_lead(r, d, l, &sd.n_best);
        if (best_card == CARD_NONE) {
            deal_problem(r, d, "%s", "no double-dummy value for any card of the leader's hand");
            return false;
        }
        sd.best = l->tricks[best_card];
        sd.best_choice = best_card;
    }
    card_t common = CARD_NONE;
    bool coincide = true;
    int sd_col = o->eval == STATS_EVAL_BOTH ? o->nconv : 0; /* first single-dummy column */
    for (int i = 0; i < o->nconv; i++) {
        const convention *c = o->conv[i];
        if (convention_is_dd_best(c)) {
            ch[i] = (lead_choice){.card = best_card, .suit_rule = "dd", .card_rule = "dd"};
        } else {
            if (lead_choose(c, &v, &ch[i]) != 0 || !hand_has(hand, ch[i].card)) {
                deal_problem(r, d, "convention %s chose no card of the leader's hand",
                             convention_name(c));
                return false;
            }
            if (common == CARD_NONE) common = ch[i].card;
            else if (ch[i].card != common) coincide = false;
        }
        if (o->eval != STATS_EVAL_PLAY) {
            sd.score[i] = l->tricks[ch[i].card];
            sd.choice[i] = ch[i].card;
        }
        if (o->eval != STATS_EVAL_DD) {
            int t = played ? played[i] : eldest_tricks(r, d, i, best_card);
            if (t < 0) {
                deal_problem(r, d, "convention %s: the deal cannot be played single-dummy", convention_name(c));
                return false;
            }
            sd.score[sd_col + i] = t;
            sd.choice[sd_col + i] = ch[i].card;
        }
    }
    if (o->eval == STATS_EVAL_PLAY) {
        /* single-dummy only: the best is the best convention's score */
        sd.best = -1;
        for (int i = 0; i < o->nconv; i++)
            if (sd.score[i] > sd.best) {
                sd.best = sd.score[i];
                best_card = ch[i].card;
            }
        sd.best_choice = best_card;
        sd.n_best = 0;
        for (int i = 0; i < o->nconv; i++) sd.n_best += sd.score[i] == sd.best;
    }
    int longest = 0;
    for (int s = 0; s < 4; s++)
        if (s != d->strain && hand_suit_len(hand, s) > longest) longest = hand_suit_len(hand, s);
    sd.key[BREAK_TRUMPS] = d->strain <= SUIT_C ? hand_suit_len(hand, d->strain) : 0;
    sd.key[BREAK_LONGEST] = longest;
    sd.key[BREAK_COINCIDE] = coincide;
    stats_add(r->st, &sd);
    if (r->csv)
        for (int i = 0; i < r->st->nconv; i++)
            csv_row(r, d, i < o->nconv ? convention_name(o->conv[i]) : r->st->name[i], &ch[i % o->nconv],
                    sd.score[i], &sd, best_card);
    return true;
}

static bool checkpoint(run *r, bool complete)
{
    const replay_opts *o = r->o;
    static wls_file w; /* 16 KiB of text: kept off the stack */
    diag_t err = {0};
    long csv_bytes = 0;
    if (r->csv && (csv_bytes = csv_out_sync(r->csv)) < 0) {
        diag_set(&err, o->csv_deals, 0, "write failed");
        note(r, REPLAY_FAILURE, &err);
        r->output_failed = true;
        return false;
    }
    w.complete = complete;
    w.parts = o->shards;
    w.part_mask = 1ULL << (o->shard - 1);
    snprintf(w.config, sizeof w.config, "%s", o->config ? o->config : "");
    if (complete)
        w.progress[0] = 0;
    else if (r->csv)
        snprintf(w.progress, sizeof w.progress, "records %llu\ncsv_bytes %ld\ncsv_deals %s\n",
                 (unsigned long long)r->records_done, csv_bytes, o->csv_deals);
    else
        snprintf(w.progress, sizeof w.progress, "records %llu\n", (unsigned long long)r->records_done);
    w.ninputs = r->ninputs;
    w.inputs = o->inputs;
    w.stats = r->st;
    if (!wls_write(o->save, &w, &err)) {
        /* once: the run stops reading, and saves no more */
        char why[sizeof err.reason];
        snprintf(why, sizeof why, "%s", err.reason);
        diag_reason(&err, "%.120s; the run stops here, its last checkpoint (if any) kept for --resume", why);
        note(r, REPLAY_FAILURE, &err);
        r->output_failed = true;
        return false;
    }
    r->since_checkpoint = 0;
    return true;
}

/* A deal of input s->input read and accounted for: counted, and its digest
 * term added when it was a deal as read. */
static void count_read(run *r, const slot_info *s)
{
    input_account *a = &r->o->inputs[s->input];
    r->st->read++;
    a->deals++;
    if (s->digested) input_account_add_term(a, s->term.lane);
}

/* Input k was not opened or not read to its end: why is kept for the
 * report, which says INCOMPLETE. */
static void input_stopped(run *r, int k, const diag_t *why)
{
    input_account *a = &r->o->inputs[k];
    a->stopped = 1;
    diag_format(a->where, sizeof a->where, why);
}

/* Takes back the oldest job (waiting for it) and accounts for it. */
static void collect_one(run *r)
{
    dd_job *job = dd_pool_oldest(r->pool);
    slot_info *s = &r->slots[job->tag % (uint64_t)r->depth];
    stats_state *st = r->st;
    switch (s->kind) {
    case SLOT_REJECT:
        problem(r, &s->diag);
        count_read(r, s);
        st->rejected++;
        break;
    case SLOT_ERROR:
        problem(r, &s->diag);
        st->errors++;
        break;
    case SLOT_REPEAT:
        st->repeats++;
        break;
    case SLOT_DEAL:
    case SLOT_SAME:
        if (s->kind == SLOT_DEAL) {
            r->last_rc = job->rc;
            r->last_leads = job->leads;
        }
        if (s->first) r->record_failed = false;
        if (r->need_dd && r->last_rc != DD_OK) {
            char why[160];
            dd_error_text(r->last_rc, why, sizeof why);
            deal_problem(r, &job->deal, "%s", why);
            r->record_failed = true;
        } else if (!analyse(r, &job->deal, &r->last_leads, job->play ? job->played : NULL)) {
            r->record_failed = true;
        } else {
            r->deals_done++;
            r->since_checkpoint++;
        }
        if (s->last) {
            count_read(r, s);
            if (r->record_failed) st->rejected++;
            else st->accepted++;
        }
        break;
    }
    r->mid_record = !s->last;
    if (s->last) {
        r->records_done = s->record + 1;
        if (r->o->save && !r->output_failed && r->since_checkpoint >= r->o->checkpoint_every)
            checkpoint(r, false);
        progress(r, REPLAY_PROGRESS_TICK);
    }
    dd_pool_retire(r->pool);
}

/* at: the record's place; term: its digest term, NULL when it is no deal
 * as read (a rejection, an error, a repeat). */
static void push(run *r, slot_kind kind, const deal_t *d, const diag_t *diag, const record_place *at,
                 const digest128 *term, bool first, bool last)
{
    dd_job *job;
    while (!(job = dd_pool_claim(r->pool))) collect_one(r);
    if (kind == SLOT_DEAL && d->strain == r->last_pushed.strain &&
        d->leader == r->last_pushed.leader && deal_same_cards(d, &r->last_pushed))
        kind = SLOT_SAME;
    if (kind == SLOT_DEAL) r->last_pushed = *d;
    job->solve = kind == SLOT_DEAL && r->need_dd;
    /* a repeated deal has no solve of its own: dd-best's card is known
     * only when its values are collected, so that one is played here */
    job->play = r->o->eval != STATS_EVAL_DD && (kind == SLOT_DEAL || (kind == SLOT_SAME && !r->has_dd_best));
    if (d) job->deal = *d;
    job->tag = r->next_tag++;
    slot_info *s = &r->slots[job->tag % (uint64_t)r->depth];
    s->kind = kind;
    s->first = first;
    s->last = last;
    s->record = at->record;
    s->input = at->input;
    s->digested = term != NULL;
    if (term) s->term = *term;
    if (diag) s->diag = *diag;
    dd_pool_submit(r->pool);
}

/* One record of the run's: the jobs it makes. */
static void take_record(run *r, const ds_item *it)
{
    record_place at = {it->record, it->input, it->position};
    digest128 term;
    switch (it->kind) {
    case DS_REJECT: push(r, SLOT_REJECT, NULL, it->diag, &at, NULL, true, true); break;
    case DS_ERROR: push(r, SLOT_ERROR, NULL, it->diag, &at, NULL, true, true); break;
    case DS_REPEAT: push(r, SLOT_REPEAT, NULL, NULL, &at, NULL, true, true); break;
    case DS_UNUSABLE: /* a deal as read: its digest counts */
        term = deal_digest_term(it->deal, it->position);
        push(r, SLOT_REJECT, NULL, it->diag, &at, &term, true, true);
        break;
    case DS_DEAL:
        term = deal_digest_term(it->deal, it->position);
        for (int i = 0; i < it->n; i++) push(r, SLOT_DEAL, &it->whist[i], NULL, &at, &term, i == 0, i == it->n - 1);
        break;
    case DS_FATAL:
    case DS_FILE_END: break;
    }
}

/* The stream of the run's records: those past the resume point, of its
 * shard, within --limit; whist deals made when asked. */
static ds_opts run_records(const replay_opts *o, bool whist)
{
    return (ds_opts){.input = o->input, .whist = whist, .select = true, .resume_records = o->resume_records,
                     .limit = o->limit, .shard = o->shard, .shards = o->shards};
}

/* How many deals this run will analyse, for the ETA: a reading pass (far
 * cheaper than solving). 0 when unknown (standard input). */
static uint64_t count_expected(const replay_opts *o, const char *const files[], int nfiles)
{
    for (int k = 0; k < nfiles; k++)
        if (strcmp(files[k], "-") == 0) return 0;
    ds_opts so = run_records(o, false);
    deal_stream *in = deal_stream_open(&so, files, nfiles);
    uint64_t mine = 0;
    ds_item it;
    while (in && deal_stream_next(in, &it))
        mine += it.kind == DS_DEAL || it.kind == DS_REPEAT || it.kind == DS_REJECT;
    deal_stream_close(in);
    return mine * (o->input.policy.kind == TRUMP_EACH ? 4 : 1);
}

static bool open_outputs(run *r)
{
    const replay_opts *o = r->o;
    diag_t err = {0};
    if (!o->csv_deals) return true;
    if (o->resume_records)
        r->csv = csv_out_resume(o->csv_deals, o->resume_csv_bytes, REPLAY_CSV_NCOLS, &err);
    else if (o->save)
        r->csv = csv_out_open_resumable(o->csv_deals, REPLAY_CSV_COLUMNS, REPLAY_CSV_NCOLS, &err);
    else
        r->csv = csv_out_open(o->csv_deals, REPLAY_CSV_COLUMNS, REPLAY_CSV_NCOLS, &err);
    if (!r->csv) note(r, REPLAY_FAILURE, &err);
    return r->csv != NULL;
}

replay_status replay_run(const replay_opts *o, const char *const files[], int nfiles,
                         stats_state *st)
{
    run r = {.o = o, .ninputs = nfiles, .st = st, .records_done = o->resume_records};
    r.last_pushed.strain = STRAIN_NONE;
    /* The best lead is the card dd-best leads: by the run's dd-best table,
     * else by the built-in one. */
    const convention *best_by = convention_builtin("dd-best");
    for (int i = o->nconv - 1; i >= 0; i--)
        if (convention_is_dd_best(o->conv[i])) {
            r.has_dd_best = true;
            best_by = o->conv[i];
        }
    r.best_prefer = best_by ? convention_dd_prefer(best_by) : NULL;
    r.need_dd = o->eval != STATS_EVAL_PLAY || r.has_dd_best;
    if (!open_outputs(&r)) return REPLAY_FAILED;
    r.pool = dd_pool_open(o->threads > 0 ? o->threads : dd_init(), POOL_DEPTH, play_job, &r);
    r.depth = r.pool ? dd_pool_depth(r.pool) : 0;
    r.slots = r.pool ? calloc((size_t)r.depth, sizeof *r.slots) : NULL;
    if (!r.slots) {
        diag_t why = {0};
        diag_reason(&why, "cannot start the solver threads");
        note(&r, REPLAY_FAILURE, &why);
        dd_pool_close(r.pool);
        diag_t err = {0};
        if (r.csv) csv_out_close(r.csv, &err);
        return REPLAY_FAILED;
    }
    if (o->hooks.progress) r.deals_expected = count_expected(o, files, nfiles);
    progress(&r, REPLAY_PROGRESS_START);
    bool input_failed = false, interrupted = false;
    ds_opts so = run_records(o, true);
    deal_stream *in = deal_stream_open(&so, files, nfiles);
    if (!in) {
        diag_t why = {0};
        diag_reason(&why, "out of memory");
        note(&r, REPLAY_FAILURE, &why);
        input_failed = true;
    }
    ds_item it;
    while (in && !r.output_failed && !(interrupted = o->stop && *o->stop) && deal_stream_next(in, &it)) {
        if (it.kind == DS_FATAL) {
            note(&r, REPLAY_INPUT, it.diag);
            input_stopped(&r, it.input, it.diag);
            input_failed = true;
        }
        take_record(&r, &it);
    }
    deal_stream_close(in);
    /* On a stop request the jobs in flight are dropped at the first record
     * boundary: the saved state then ends exactly at a record, and resuming
     * solves the dropped ones again. */
    while (dd_pool_pending(r.pool)) {
        if (o->stop && *o->stop && !r.mid_record) {
            interrupted = true;
            break;
        }
        collect_one(&r);
    }
    progress(&r, REPLAY_PROGRESS_END);
    dd_pool_close(r.pool);
    free(r.slots);
    bool stopped = interrupted || r.output_failed;
    if (o->save && !r.output_failed) checkpoint(&r, !interrupted);
    diag_t err = {0};
    /* a stopped run's table stays PATH.partial, for --resume */
    if (r.csv && !(stopped ? csv_out_keep : csv_out_close)(r.csv, &err)) {
        note(&r, REPLAY_FAILURE, &err);
        r.output_failed = true;
    }
    if (input_failed || r.output_failed) return REPLAY_FAILED;
    return interrupted ? REPLAY_INTERRUPTED : REPLAY_DONE;
}
