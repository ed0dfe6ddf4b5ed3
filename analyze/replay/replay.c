/* replay.c -- the comparison driver (replay.h): the job the corpus runner
 * (analyze/run/corpus_run.h) does on each whist deal. On a worker each
 * convention chooses its lead, the leads are valued and the deal played
 * (analyse_job); back on the calling thread, in input order, the deal is
 * scored, tallied and written (tally_deal), so the state after record k
 * never depends on the records after it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/dd/dd_store.h"
#include "analyze/play/sd_replay.h"
#include "analyze/replay/replay.h"
#include "formats/deal_digest.h"
#include "formats/hand_text.h"
#include "stats/report/csv_out.h"
#include "stats/report/measure_csv.h"

/* The per-deal table's columns that name the row; the measures' and the
 * breakdowns' follow (stats/measure.h). */
static const char *const ROW_COLUMNS[] = {
    "file", "line", "index", "board", "trump", "leader", "hand", "evaluation", "convention", "lead", "suit_rule",
    "card_rule",
};
#define ROW_NCOLS ((int)(sizeof ROW_COLUMNS / sizeof ROW_COLUMNS[0]))

int replay_csv_columns(const char **cols)
{
    for (int i = 0; i < ROW_NCOLS; i++) cols[i] = ROW_COLUMNS[i];
    return ROW_NCOLS + stats_deal_columns(cols + ROW_NCOLS);
}

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
    corpus_run *runner;  /* the runner taking this deal back: problems go to it */
    stats_state *st;
    stats_joint *joint;  /* deals tallied here first, folded into st before it is read */
    const convention *best_prefer; /* whose lead wins the best lead's ties (dd-best's table) */
    const convention *chooser[STATS_MAX_CONV]; /* o->conv, NULL for dd-best (the values choose) */
    bool need_dd;        /* --eval dd or both, or dd-best among the conventions */
    bool all_leads;      /* every lead valued: the best lead and the optimal count known */
    bool has_dd_best;    /* dd-best among the conventions */
    csv_out *csv;        /* the per-deal table (the runner's file) */
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

static void problem(run *r, const diag_t *diag) { corpus_run_problem(r->runner, diag); }

static void deal_problem(run *r, const deal_t *d, const char *fmt, const char *arg)
{
    diag_t diag = {0};
    diag_set(&diag, d->pos.file, d->pos.line, fmt, arg);
    problem(r, &diag);
}

/* The per-deal row of column i of sd (with --eval both the columns from
 * nconv on are the conventions in play), whose opening lead is ch; hand:
 * the leader's hand as text. The deal's own cells are formatted for its
 * first row and copied into the others (*kept). */
static void csv_row(run *r, const deal_t *d, const char *hand, int i, const lead_choice *ch, const stats_deal *sd,
                    bool *kept)
{
    csv_out *o = r->csv;
    const replay_opts *opts = r->o;
    bool dd = opts->eval == STATS_EVAL_DD || (opts->eval == STATS_EVAL_BOTH && i < opts->nconv);
    char card[3];
    if (*kept) {
        csv_out_row_repeat(o);
    } else {
        csv_out_text(o, d->pos.file ? d->pos.file : "");
        csv_out_int(o, (long long)d->pos.line);
        csv_out_int(o, (long long)d->pos.index);
        csv_out_int(o, d->board);
        csv_out_text(o, (char[2]){SUIT_CHARS[d->strain], 0});
        csv_out_text(o, (char[2]){SEAT_CHARS[d->leader], 0});
        csv_out_text(o, hand);
        *kept = csv_out_row_keep(o);
    }
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
static bool value_leads(const run *r, dd_job *job, dd_solver *solver, deal_result *res, dd_leads *l)
{
    const replay_opts *o = r->o;
    const deal_t *d = &job->deal;
    if (o->values) {
        int got = dd_store_unpack_digested(dd_store_get(o->values, job->place), d, job->place, job->term0, l);
        if (got != DD_STORE_OK) {
            res->fail = got == DD_STORE_MISMATCH ? FAIL_MISMATCH : FAIL_NO_VALUE;
            return false;
        }
    } else if (r->all_leads) {
        job->rc = dd_solve_leads(solver, d, l);
    } else {
        card_t cards[STATS_MAX_CONV];
        int n = 0, best;
        for (int i = 0; i < o->nconv; i++) cards[n++] = res->card[i];
        job->rc = dd_solve_cards(solver, d, cards, n, l, &best, NULL);
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
static void analyse_job(dd_job *job, dd_solver *solver, void *ctx)
{
    const run *r = ctx;
    const replay_opts *o = r->o;
    const deal_t *d = &job->deal;
    deal_result *res = (deal_result *)job->out;
    memset(res, 0, sizeof *res);
    res->best_card = CARD_NONE;
    res->best = -1;
    if (!job->play) return; /* a job that only keeps its place */
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
        if (!value_leads(r, job, solver, res, &l)) return;
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
        char hand_text[40];
        hand_format_text(d->hand[d->leader], hand_text, sizeof hand_text);
        bool kept = false;
        for (int i = 0; i < r->st->nconv; i++)
            csv_row(r, d, hand_text, i, &ch[i % o->nconv], &sd, &kept);
    }
    return true;
}

static bool take_deal(void *ctx, corpus_run *runner, const dd_job *job)
{
    run *r = ctx;
    r->runner = runner;
    r->csv = corpus_run_table(runner);
    return tally_deal(r, job);
}

static void fold(void *ctx)
{
    run *r = ctx;
    stats_joint_fold(r->joint, r->st);
}

/* The run's settings that every rank derives alike from the options. */
static void run_setup(run *r, const replay_opts *o)
{
    *r = (run){.o = o, .st = o->run.stats};
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
}

run_status replay_run(const replay_opts *o, const char *const files[], int nfiles)
{
    run r;
    run_setup(&r, o);
    run_job job = {.work = analyse_job, .take = take_deal, .fold = fold, .solves = r.need_dd && !o->values,
                   .ctx = &r};
    run_opts ro = o->run;
    const char *cols[REPLAY_CSV_MAX_COLS];
    ro.columns = cols;
    ro.ncols = replay_csv_columns(cols);
    bool serving = o->run.mpi && o->run.mpi->rank > 0; /* a serving rank tallies nothing */
    if (!serving && !(r.joint = stats_joint_open(r.st->nconv))) {
        diag_t why = {0};
        diag_reason(&why, "out of memory");
        if (o->run.hooks.note) o->run.hooks.note(o->run.hooks.ctx, RUN_FAILURE, &why);
        return RUN_FAILED;
    }
    run_status status = corpus_run_go(&ro, &job, files, nfiles);
    stats_joint_close(r.joint);
    return status;
}
