/* replay.c -- the comparison driver (replay.h). The calling thread turns
 * records into jobs in input order; the pool solves them; results come back
 * in the same order and are scored, tallied and written here, so the state
 * after record k never depends on the records after it: that is what makes
 * checkpoints, shards and thread counts all give the same numbers. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/dd/dd_mpi.h"
#include "analyze/dd/dd_pool.h"
#include "analyze/dd/dd_store.h"
#include "analyze/play/sd_replay.h"
#include "analyze/replay/replay.h"
#include "formats/deal_digest.h"
#include "formats/deal_stream.h"
#include "stats/csv_out.h"
#include "stats/wls.h"

/* The per-deal table's columns that name the row; the measures' and the
 * breakdowns' follow (stats/measure.h). */
static const char *const ROW_COLUMNS[] = {
    "file", "line", "index", "board", "trump", "leader", "eval", "convention", "lead", "suit_rule", "card_rule",
};
#define ROW_NCOLS ((int)(sizeof ROW_COLUMNS / sizeof ROW_COLUMNS[0]))

int replay_csv_columns(const char **cols)
{
    for (int i = 0; i < ROW_NCOLS; i++) cols[i] = ROW_COLUMNS[i];
    return ROW_NCOLS + stats_deal_columns(cols + ROW_NCOLS);
}

#define POOL_DEPTH 1024

typedef enum { SLOT_DEAL, SLOT_KNOWN, SLOT_REJECT, SLOT_ERROR, SLOT_REPEAT, SLOT_LEFT } slot_kind;

/* What the driver remembers of a job while it is in the pool. SLOT_KNOWN
 * is a whist deal a resumed solve holds already: accounted for, not
 * solved again. SLOT_LEFT is a deal --where left out: no work, but a record
 * accounted for in order, so that a checkpoint ends at a record as ever. */
typedef struct {
    slot_kind kind;
    bool first, last; /* first / last job of its record (TRUMP_EACH makes 4) */
    uint64_t record;  /* the record's number in the whole input */
    int input;        /* the file it was read from */
    bool digested;    /* a deal as read: its digest term counts */
    digest128 term;
    diag_t diag;      /* the reason, for SLOT_REJECT and SLOT_ERROR */
} slot_info;

/* What the record loop knows of a record besides its deal. */
typedef struct {
    uint64_t record;  /* its number in the whole input */
    int input;        /* its file */
    uint64_t position; /* deals before it in its file (deal_digest.h) */
} record_place;

/* Why a deal could not be analysed, found on a worker. */
typedef enum {
    FAIL_NONE,
    FAIL_NO_CARD,   /* convention `conv` chose no card of the leader's hand */
    FAIL_DDS,       /* DDS failed: the job's rc */
    FAIL_NO_VALUE,  /* the store has no value for it */
    FAIL_MISMATCH,  /* the store's record is another deal's */
    FAIL_NO_BEST,   /* DDS valued no card of the leader's hand */
    FAIL_NO_PLAY,   /* convention `conv`: the deal cannot be played single-dummy */
} fail_kind;

/* A deal's results, worked out on a worker (analyse_job) and carried in
 * its job's result area, from any rank: plain numbers, no pointers. */
typedef struct {
    uint8_t fail;      /* fail_kind */
    uint8_t conv;      /* the convention a failure names */
    int8_t best;       /* double-dummy: the best lead's tricks */
    int8_t n_best;     /* with every lead valued: how many cards reach best */
    card_t best_card;  /* with every lead valued: dd-best's card, else CARD_NONE */
    uint8_t coincide;  /* the non-dd-best conventions all lead the same card */
    card_t card[STATS_MAX_CONV];
    int8_t dd[STATS_MAX_CONV];   /* double-dummy tricks after card[i] */
    int8_t sd[STATS_MAX_CONV];   /* single-dummy tricks of the eldest side */
} deal_result;

_Static_assert(sizeof(deal_result) <= DD_JOB_OUT_BYTES, "a deal's results fit a job's result area");

typedef struct {
    const replay_opts *o;
    int ninputs;
    stats_state *st;
    stats_joint *joint;  /* deals tallied here first, folded into st before it is read */
    dd_pool *pool;
    slot_info *slots;
    int depth;
    uint64_t next_tag;
    const convention *best_prefer; /* whose lead wins the best lead's ties (dd-best's table) */
    const convention *chooser[STATS_MAX_CONV]; /* o->conv, NULL for dd-best (the values choose) */
    bool need_dd;        /* --eval dd or both, or dd-best among the conventions */
    bool all_leads;      /* every lead valued: the best lead and the optimal count known */
    bool has_dd_best;    /* dd-best among the conventions */
    unsigned per_record; /* whist deals a corpus record makes: places in a store */
    csv_out *csv;
    bool record_failed;  /* a job of the current record could not be analysed */
    bool mid_record;     /* some but not all jobs of a record collected */
    bool output_failed;
    char output_why[PROV_WHERE_LEN]; /* the first output that failed, and why */
    int reading;         /* the input being read: those from it on are not read to their end */
    bool peer_lost;      /* a rank of an MPI run was lost: the run stops */
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

/* An output cannot be written: noted once (the run stops reading); why is
 * kept for the inputs it leaves unread (item 11). */
static void output_failure(run *r, const diag_t *err)
{
    if (r->output_failed) return;
    diag_format(r->output_why, sizeof r->output_why, err);
    r->output_failed = true;
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

/* The per-deal row of column i of sd (with --eval both the columns from
 * nconv on are the conventions in play), whose opening lead is ch. */
static void csv_row(run *r, const deal_t *d, int i, const lead_choice *ch, const stats_deal *sd)
{
    csv_out *o = r->csv;
    const replay_opts *opts = r->o;
    bool dd = opts->eval == STATS_EVAL_DD || (opts->eval == STATS_EVAL_BOTH && i < opts->nconv);
    char card[3];
    csv_out_text(o, d->pos.file ? d->pos.file : "");
    csv_out_int(o, (long long)d->pos.line);
    csv_out_int(o, (long long)d->pos.index);
    csv_out_int(o, d->board);
    csv_out_text(o, (char[2]){SUIT_CHARS[d->strain], 0});
    csv_out_text(o, (char[2]){SEAT_CHARS[d->leader], 0});
    csv_out_text(o, dd ? "dd" : "play");
    csv_out_text(o, convention_name(opts->conv[i % opts->nconv]));
    csv_out_text(o, card_format(ch->card, card));
    csv_out_text(o, ch->suit_rule);
    csv_out_text(o, ch->card_rule);
    stats_deal_cells(o, sd, i);
    csv_out_end_row(o);
}

static lead_view leader_view(const run *r, const deal_t *d)
{
    return (lead_view){.hand = d->hand[d->leader], .trump = d->strain, .turnup = d->turnup,
                       .deal_key = deal_digest_key(d), .seed = r->o->seed};
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

/* The double-dummy values the deal's report needs, into l and res->best:
 * from the store; every lead (one solutions=3 search) when the best lead
 * or the optimal count is reported; else only the conventions' cards
 * (dd_solve_cards: fewer searches, the same values). */
static bool value_leads(const run *r, dd_job *job, int thread, deal_result *res, dd_leads *l)
{
    const replay_opts *o = r->o;
    const deal_t *d = &job->deal;
    if (o->values) {
        int got = dd_store_unpack(dd_store_get(o->values, job->place), d, job->place, l);
        if (got != DD_STORE_OK) {
            res->fail = got == DD_STORE_MISMATCH ? FAIL_MISMATCH : FAIL_NO_VALUE;
            return false;
        }
    } else if (r->all_leads) {
        job->rc = dd_solve_leads(d, thread, l);
    } else {
        card_t cards[STATS_MAX_CONV];
        int n = 0, best;
        for (int i = 0; i < o->nconv; i++) cards[n++] = res->card[i];
        job->rc = dd_solve_cards(d, thread, cards, n, l, &best, NULL);
    }
    if (job->rc != DD_OK) {
        res->fail = FAIL_DDS;
        return false;
    }
    if (r->all_leads) {
        lead_view v = leader_view(r, d);
        lead_choice pref;
        card_t pref_card =
            r->best_prefer && lead_choose(r->best_prefer, &v, &pref) == 0 ? pref.card : CARD_NONE;
        int n_best;
        res->best_card = replay_dd_best(l, v.hand, pref_card, &n_best);
        res->n_best = (int8_t)n_best;
    }
    int best = dd_best_tricks(l);
    if (best < 0) {
        res->fail = FAIL_NO_BEST;
        return false;
    }
    res->best = (int8_t)best;
    return true;
}

/* The pool's hook, on a worker thread (or another rank's): everything one
 * whist deal needs before it is tallied -- each convention's lead, the
 * double-dummy values, the rule-based play -- so that all of it runs on
 * every core. Reads only what does not change during the run. */
static void analyse_job(dd_job *job, int thread, void *ctx)
{
    const run *r = ctx;
    const replay_opts *o = r->o;
    const deal_t *d = &job->deal;
    deal_result *res = (deal_result *)job->out;
    memset(res, 0, sizeof *res);
    res->best_card = CARD_NONE;
    res->best = -1;
    if (!job->play) return; /* a job that only keeps its place */
    if (o->solve_only) {
        job->rc = dd_solve_leads(d, thread, &job->leads);
        return;
    }
    lead_view v = leader_view(r, d);
    lead_choice ch[STATS_MAX_CONV];
    int none = lead_choose_each(r->chooser, o->nconv, &v, ch), failed = -1;
    card_t common = CARD_NONE;
    res->coincide = 1;
    for (int i = 0; i < o->nconv; i++) {
        if (!r->chooser[i]) continue;
        if (i == none || !hand_has(v.hand, ch[i].card)) {
            failed = i;
            break;
        }
        res->card[i] = ch[i].card;
        if (common == CARD_NONE) common = ch[i].card;
        else if (ch[i].card != common) res->coincide = 0;
    }
    if (failed >= 0) {
        res->fail = FAIL_NO_CARD;
        res->conv = (uint8_t)failed;
        return;
    }
    dd_leads l;
    if (r->need_dd) {
        for (int i = 0; i < o->nconv; i++)
            if (!r->chooser[i]) res->card[i] = CARD_NONE;
        if (!value_leads(r, job, thread, res, &l)) return;
        for (int i = 0; i < o->nconv; i++) {
            if (!r->chooser[i]) res->card[i] = res->best_card;
            res->dd[i] = l.tricks[res->card[i]];
        }
    }
    if (o->eval != STATS_EVAL_DD)
        for (int i = 0; i < o->nconv; i++) {
            int t = eldest_tricks(r, d, i, res->best_card);
            if (t < 0) {
                res->fail = FAIL_NO_PLAY;
                res->conv = (uint8_t)i;
                return;
            }
            res->sd[i] = (int8_t)t;
        }
}

/* Says why the deal of job could not be analysed. */
static void result_problem(run *r, const dd_job *job, const deal_result *res)
{
    const deal_t *d = &job->deal;
    char why[160];
    switch ((fail_kind)res->fail) {
    case FAIL_NO_CARD:
        deal_problem(r, d, "convention %s chose no card of the leader's hand", convention_name(r->o->conv[res->conv]));
        break;
    case FAIL_NO_PLAY:
        deal_problem(r, d, "convention %s: the deal cannot be played single-dummy",
                     convention_name(r->o->conv[res->conv]));
        break;
    case FAIL_DDS:
        dd_error_text(job->rc, why, sizeof why);
        deal_problem(r, d, "%s", why);
        break;
    case FAIL_NO_VALUE:
        deal_problem(r, d, "%s", "the store of solved leads has no value for this deal");
        break;
    case FAIL_MISMATCH:
        deal_problem(r, d, "%s", "the store of solved leads holds another deal here: it was made from another corpus "
                                 "or with other --trump/--leader settings");
        break;
    case FAIL_NO_BEST:
        deal_problem(r, d, "%s", "no double-dummy value for any card of the leader's hand");
        break;
    case FAIL_NONE: break;
    }
}

/* Tallies one whist deal from its results (analyse_job) and writes its
 * rows; false (the problem reported) if it could not be analysed. */
static bool tally_deal(run *r, const dd_job *job)
{
    const replay_opts *o = r->o;
    const deal_t *d = &job->deal;
    const deal_result *res = (const deal_result *)job->out;
    if (res->fail != FAIL_NONE || job->rc != DD_OK) {
        deal_result failed = *res;
        if (failed.fail == FAIL_NONE) failed.fail = FAIL_DDS;
        result_problem(r, job, &failed);
        return false;
    }
    hand_t hand = d->hand[d->leader];
    stats_deal sd;
    card_t best_card = res->best_card;
    sd.best = res->best;
    sd.n_best = r->all_leads ? res->n_best : 0;
    int sd_col = o->eval == STATS_EVAL_BOTH ? o->nconv : 0; /* first single-dummy column */
    for (int i = 0; i < o->nconv; i++) {
        if (o->eval != STATS_EVAL_PLAY) {
            sd.score[i] = res->dd[i];
            sd.choice[i] = res->card[i];
        }
        if (o->eval != STATS_EVAL_DD) {
            sd.score[sd_col + i] = res->sd[i];
            sd.choice[sd_col + i] = res->card[i];
        }
    }
    if (o->eval == STATS_EVAL_PLAY) {
        /* single-dummy only: the best is the best convention's score */
        sd.best = -1;
        for (int i = 0; i < o->nconv; i++)
            if (sd.score[i] > sd.best) {
                sd.best = sd.score[i];
                best_card = res->card[i];
            }
        sd.n_best = 0;
        for (int i = 0; i < o->nconv; i++) sd.n_best += sd.score[i] == sd.best;
    }
    card_format(best_card, sd.best_lead);
    sd.trump = d->strain;
    for (int s = 0; s < 4; s++) sd.suit_len[s] = hand_suit_len(hand, s);
    sd.coincide = res->coincide;
    stats_deal_keys(&sd);
    stats_joint_add(r->joint, r->st, &sd);
    if (r->csv) {
        /* the rule ids are the tables' text: chosen again here, on the
         * thread that writes them (a result from another rank is numbers) */
        lead_view v = leader_view(r, d);
        lead_choice ch[STATS_MAX_CONV];
        lead_choose_each(r->chooser, o->nconv, &v, ch);
        for (int i = 0; i < o->nconv; i++)
            if (!r->chooser[i]) ch[i] = (lead_choice){.card = res->card[i], .suit_rule = "dd", .card_rule = "dd"};
        for (int i = 0; i < r->st->nconv; i++)
            csv_row(r, d, i, &ch[i % o->nconv], &sd);
    }
    return true;
}

/* A solve's record of one whist deal into the store. */
static bool store_deal(run *r, const dd_job *job)
{
    diag_t err = {0};
    if (!dd_store_put(r->o->solve_to, dd_store_pack(&job->deal, job->place, job->rc, &job->leads), &err)) {
        if (!r->output_failed) note(r, REPLAY_FAILURE, &err);
        output_failure(r, &err);
    }
    if (job->rc != DD_OK) {
        char why[160];
        dd_error_text(job->rc, why, sizeof why);
        deal_problem(r, &job->deal, "%s", why);
        return false;
    }
    return true;
}

/* A solve's empty places: a record that makes no whist deal. */
static void store_empty(run *r)
{
    diag_t err = {0};
    for (unsigned k = 0; k < r->per_record; k++)
        if (!dd_store_put(r->o->solve_to, DD_STORE_EMPTY, &err) && !r->output_failed) {
            note(r, REPLAY_FAILURE, &err);
            output_failure(r, &err);
        }
}

/* Saves the state. The per-deal table is synced first, so that the size
 * the state records is on disk. A complete state whose table (a resumable
 * one) is not yet renamed still says where it is, for --resume to finish
 * it (item 12); once renamed (r->csv closed) the state is written again
 * without it. */
static bool checkpoint(run *r, bool complete)
{
    const replay_opts *o = r->o;
    static wls_file w; /* 16 KiB of text: kept off the stack */
    diag_t err = {0};
    long csv_bytes = 0;
    stats_joint_fold(r->joint, r->st);
    errno = 0;
    if (r->csv && (csv_bytes = csv_out_sync(r->csv)) < 0) {
        diag_set(&err, o->csv_deals, 0, "write failed: %s", strerror(errno ? errno : EIO));
        note(r, REPLAY_FAILURE, &err);
        output_failure(r, &err);
        return false;
    }
    w.complete = complete;
    w.parts = o->shards;
    w.part_mask = 1ULL << (o->shard - 1);
    snprintf(w.config, sizeof w.config, "%s", o->config ? o->config : "");
    const char *partial = r->csv ? csv_out_partial(r->csv) : NULL;
    if (complete && !partial)
        w.progress[0] = 0;
    else if (partial) /* its temporary is this run's own: named for --resume (item 14) */
        snprintf(w.progress, sizeof w.progress, "records %llu\ncsv_bytes %ld\ncsv_deals %s\ncsv_partial %s\n",
                 (unsigned long long)r->records_done, csv_bytes, o->csv_deals, partial);
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
        output_failure(r, &err);
        diag_reason(&err, "%.120s; the run stops here, its last checkpoint (if any) kept for --resume", why);
        note(r, REPLAY_FAILURE, &err);
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

/* An output failed while inputs were left to read: each of them, from
 * the one being read on, is marked not read to its end, why saying that
 * an output failed, so that the report and its CSV say INCOMPLETE, as for
 * an input lost (item 11). Not saved: the state file keeps its last
 * checkpoint, resumable. */
static void inputs_left_unread(run *r)
{
    for (int k = r->reading; k < r->ninputs; k++) {
        input_account *a = &r->o->inputs[k];
        if (a->stopped) continue;
        a->stopped = 1;
        snprintf(a->where, sizeof a->where, "an output failed, so the run stopped reading: %.270s", r->output_why);
    }
}

/* Takes back the oldest job (waiting for it) and accounts for it. */
static void collect_one(run *r)
{
    dd_job *job = dd_pool_oldest(r->pool);
    if (job->rc == DD_PEER_LOST) { /* not accounted for: the run stops before it */
        r->peer_lost = true;
        return;
    }
    slot_info *s = &r->slots[job->tag % (uint64_t)r->depth];
    stats_state *st = r->st;
    bool placed = r->o->solve_to && s->record >= r->o->solve_from_record; /* its places go to the store */
    switch (s->kind) {
    case SLOT_REJECT:
        problem(r, &s->diag);
        count_read(r, s);
        st->rejected++;
        if (placed) store_empty(r);
        break;
    case SLOT_ERROR:
        problem(r, &s->diag);
        st->errors++;
        if (placed) store_empty(r);
        break;
    case SLOT_REPEAT:
        st->repeats++;
        if (placed) store_empty(r);
        break;
    case SLOT_LEFT:
        count_read(r, s);
        st->left++;
        if (placed) store_empty(r);
        break;
    case SLOT_KNOWN:
    case SLOT_DEAL:
        if (s->first) r->record_failed = false;
        if (s->kind == SLOT_DEAL && !(r->o->solve_to ? store_deal(r, job) : tally_deal(r, job))) {
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
 * as read (a rejection, an error, a repeat); k: the whist deal's number
 * in its record. */
static void push(run *r, slot_kind kind, const deal_t *d, const diag_t *diag, const record_place *at,
                 const digest128 *term, int k, bool last)
{
    dd_job *job;
    while (!(job = dd_pool_claim(r->pool))) {
        collect_one(r);
        if (r->peer_lost) return;
    }
    if (kind == SLOT_DEAL && r->o->solve_to && at->record < r->o->solve_from_record) kind = SLOT_KNOWN;
    job->play = kind == SLOT_DEAL; /* the hook's work: a deal to analyse */
    if (d) job->deal = *d;
    job->place = at->record * r->per_record + (uint64_t)k;
    job->tag = r->next_tag++;
    slot_info *s = &r->slots[job->tag % (uint64_t)r->depth];
    s->kind = kind;
    s->first = k == 0;
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
    case DS_REJECT: push(r, SLOT_REJECT, NULL, it->diag, &at, NULL, 0, true); break;
    case DS_ERROR: push(r, SLOT_ERROR, NULL, it->diag, &at, NULL, 0, true); break;
    case DS_REPEAT: push(r, SLOT_REPEAT, NULL, NULL, &at, NULL, 0, true); break;
    case DS_LEFT: /* a deal of the input all the same: its digest counts */
        term = deal_digest_term(it->deal, it->position);
        push(r, SLOT_LEFT, NULL, NULL, &at, &term, 0, true);
        break;
    case DS_UNUSABLE: /* a deal as read: its digest counts */
        term = deal_digest_term(it->deal, it->position);
        push(r, SLOT_REJECT, NULL, it->diag, &at, &term, 0, true);
        break;
    case DS_DEAL:
        term = deal_digest_term(it->deal, it->position);
        for (int i = 0; i < it->n; i++) push(r, SLOT_DEAL, &it->whist[i], NULL, &at, &term, i, i == it->n - 1);
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
 * cheaper than solving). 0 when unknown: an input read once (standard
 * input, a FIFO, a pipe) is not read twice (issue 25 item 7). */
static uint64_t count_expected(const replay_opts *o, const char *const files[], int nfiles)
{
    for (int k = 0; k < nfiles; k++)
        if (deal_input_read_once(files[k])) return 0;
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
    const char *cols[REPLAY_CSV_MAX_COLS];
    int ncols = replay_csv_columns(cols);
    if (o->resume_records)
        r->csv = csv_out_resume(o->csv_deals, o->resume_csv_partial, o->resume_csv_bytes, ncols, &err);
    else if (o->save)
        r->csv = csv_out_open_resumable(o->csv_deals, cols, ncols, &err);
    else
        r->csv = csv_out_open(o->csv_deals, cols, ncols, &err);
    if (!r->csv) note(r, REPLAY_FAILURE, &err);
    return r->csv != NULL;
}

/* The run's settings that every rank derives alike from the options. */
static void run_setup(run *r, const replay_opts *o, int nfiles, stats_state *st)
{
    *r = (run){.o = o, .ninputs = nfiles, .st = st, .records_done = o->resume_records};
    /* The best lead is the card dd-best leads: by the run's dd-best table,
     * else by the built-in one. */
    const convention *best_by = convention_builtin("dd-best");
    for (int i = o->nconv - 1; i >= 0; i--)
        if (convention_is_dd_best(o->conv[i])) {
            r->has_dd_best = true;
            best_by = o->conv[i];
        }
    for (int i = 0; i < o->nconv; i++) r->chooser[i] = convention_is_dd_best(o->conv[i]) ? NULL : o->conv[i];
    r->best_prefer = best_by ? convention_dd_prefer(best_by) : NULL;
    r->need_dd = o->eval != STATS_EVAL_PLAY || r->has_dd_best;
    r->all_leads = r->has_dd_best || o->all_leads;
    r->per_record = o->input.policy.kind == TRUMP_EACH ? 4 : 1;
}

static bool start_pool(run *r)
{
    const replay_opts *o = r->o;
    bool mpi = o->mpi && o->mpi->size > 1;
    /* Under MPI rank 0 reads, tallies and solves on one thread, every
     * other rank on one (processes scale where threads of one DDS contend) */
    int threads = mpi ? 1 : o->threads > 0 ? o->threads : dd_init();
    /* a peer is served a few deals at a time when they are solved, many
     * when they are cheap (rule-based play, values from a store) */
    bool solves = o->solve_only || (r->need_dd && !o->values);
    r->pool = dd_pool_open(threads, mpi ? POOL_DEPTH * 4 : POOL_DEPTH, analyse_job, r);
    r->depth = r->pool ? dd_pool_depth(r->pool) : 0;
    r->slots = r->pool ? calloc((size_t)r->depth, sizeof *r->slots) : NULL;
    diag_t why = {0};
    if (!r->slots) diag_reason(&why, "cannot start the solver threads");
    else if (mpi && !dd_mpi_attach(r->pool, o->mpi, solves ? 4 : 64, &why))
        ;
    else return true;
    note(r, REPLAY_FAILURE, &why);
    dd_pool_close(r->pool);
    free(r->slots);
    r->pool = NULL;
    r->slots = NULL;
    return false;
}

replay_status replay_run(const replay_opts *o, const char *const files[], int nfiles,
                         stats_state *st)
{
    run r;
    run_setup(&r, o, nfiles, st);
    if (o->mpi && o->mpi->rank > 0) { /* a serving rank: rank 0 reads and reports */
        diag_t why = {0};
        if (dd_mpi_serve(analyse_job, &r, &why) == 0) return REPLAY_DONE;
        note(&r, REPLAY_FAILURE, &why);
        return REPLAY_FAILED;
    }
    if (!(r.joint = stats_joint_open(st->nconv))) {
        diag_t why = {0};
        diag_reason(&why, "out of memory");
        note(&r, REPLAY_FAILURE, &why);
        return REPLAY_FAILED;
    }
    if (!open_outputs(&r)) {
        stats_joint_close(r.joint);
        return REPLAY_FAILED;
    }
    if (!start_pool(&r)) {
        diag_t err = {0};
        if (r.csv) csv_out_close(r.csv, &err);
        if (o->mpi) dd_mpi_release(o->mpi);
        stats_joint_close(r.joint);
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
    bool more = in != NULL; /* false once the stream has no more records */
    while (more && !r.output_failed && !r.peer_lost && !(interrupted = o->stop && *o->stop)) {
        if (!(more = deal_stream_next(in, &it))) break;
        r.reading = it.kind == DS_FILE_END ? it.input + 1 : it.input;
        if (it.kind == DS_FATAL) {
            note(&r, REPLAY_INPUT, it.diag);
            input_stopped(&r, it.input, it.diag);
            input_failed = true;
        }
        if (it.kind == DS_FILE_END) /* a shard's binding to its corpus (issue 25 item 9) */
            memcpy(o->inputs[it.input].corpus, it.counts->corpus.lane, sizeof o->inputs[it.input].corpus);
        take_record(&r, &it);
    }
    deal_stream_close(in);
    /* On a stop request the jobs in flight are dropped at the first record
     * boundary: the saved state then ends exactly at a record, and resuming
     * solves the dropped ones again. */
    while (dd_pool_pending(r.pool) && !r.peer_lost) {
        if (o->stop && *o->stop && !r.mid_record) {
            interrupted = true;
            break;
        }
        collect_one(&r);
    }
    progress(&r, REPLAY_PROGRESS_END);
    if (r.output_failed && in && more) inputs_left_unread(&r);
    dd_pool_close(r.pool);
    if (o->mpi) dd_mpi_release(o->mpi);
    free(r.slots);
    stats_joint_fold(r.joint, st);
    if (r.peer_lost) {
        diag_t why = {0};
        diag_reason(&why, "an MPI rank was lost: the run stops here; its state is saved where it was asked to be "
                          "(resume it with --resume)");
        note(&r, REPLAY_FAILURE, &why);
    }
    bool stopped = interrupted || r.output_failed || r.peer_lost;
    /* a state ends at a record: one lost mid-record keeps the last checkpoint */
    bool saved = o->save && !r.output_failed && !(r.peer_lost && r.mid_record) &&
                 checkpoint(&r, !stopped);
    bool pending = saved && !stopped && r.csv && csv_out_partial(r.csv); /* the state names the table */
    diag_t err = {0};
    /* a stopped run's table stays in its temporary, for --resume */
    bool closed = !r.csv || (stopped ? csv_out_keep : csv_out_close)(r.csv, &err);
    r.csv = NULL;
    if (!closed) {
        note(&r, REPLAY_FAILURE, &err);
        r.output_failed = true;
    } else if (pending) { /* renamed: the state need not name it any more */
        checkpoint(&r, true);
    }
    stats_joint_close(r.joint);
    if (input_failed || r.output_failed || r.peer_lost) return REPLAY_FAILED;
    return interrupted ? REPLAY_INTERRUPTED : REPLAY_DONE;
}
