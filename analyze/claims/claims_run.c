/* claims_run.c -- the claims measured on the corpus runner
 * (analyze/run/corpus_run.h): every whist deal's outcome for each claim
 * worked out on a worker (a thread or another MPI rank), one byte a claim
 * in the job's result area, then taken back in input order into exact
 * integer counters (the store's values looked up on the worker too), so
 * the numbers are the same for any number of threads or ranks and for a
 * run stopped and resumed. The counters are the state a checkpoint saves
 * (the state file's job section), as little-endian 64-bit words. */
#include "analyze/claims/claims.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/dd/dd_solve.h"
#include "analyze/play/sd_duplicate.h"
#include "stats/binom_ci.h"
#include "stats/report/le_bytes.h"
#include "analyze/odds/odds_tables.h"

/* A claim made ready to measure. */
typedef struct {
    const claim *c;
    convention *conv[2];
    sd_side side[2];
    sd_pair pair;
    deal_filter *where, *event;
    int odds_row;
} prepared;

/* A claim's outcome on one whist deal, a byte: the deal is not one the
 * claim is about (or, dd, has no value in the store), could not be
 * measured, or OUTCOME_BASE + share: whether it meets the event; dd:
 * (the difference + 13) + 27 if the two leads differ; play: the gain + 13. */
enum { OUTCOME_NONE, OUTCOME_FAILED, OUTCOME_BASE };
#define DIFFS (2 * PAIRED_MAX_DIFF + 1)

/* The outcomes carried back in the result area: the first byte says
 * whether the store held the deal's values (then in job->leads); claims
 * past what the area holds are measured on the calling thread. */
#define OUTCOMES_CARRIED (DD_JOB_OUT_BYTES - 1)

/* The counters of one claim. */
typedef struct {
    paired_acc acc;               /* dd, play */
    uint64_t n, hits, failed;     /* share: deals and hits; dd, play: deals not measured */
} counters;

typedef struct {
    const claims_opts *o;
    prepared *p;
    int np;
    int *measured;  /* the claims with an outcome per deal (dd, play, share), in order */
    int nmeasured;
    counters *k;    /* per claim */
    uint64_t whist, unvalued;
    unsigned char *state; /* the saved counters, as bytes */
    size_t state_len;
} claims_job;

static bool refuse(diag_t *diag, const char *set_name, const claim *c, const char *what, const char *detail)
{
    diag_set(diag, set_name, c->at_line, "claim %s: %s%s%s", c->id, what, detail[0] ? ": " : "", detail);
    return false;
}

static bool prepare(const claim *c, const char *set_name, prepared *p, diag_t *diag)
{
    memset(p, 0, sizeof *p);
    p->c = c;
    p->odds_row = -1;
    diag_t why = {0};
    if (c->kind == CLAIM_DD || c->kind == CLAIM_PLAY) {
        for (int i = 0; i < 2; i++) {
            if (!(p->conv[i] = convention_open(c->conv[i], &why))) return refuse(diag, set_name, c, "", why.reason);
            if (c->kind == CLAIM_PLAY && convention_is_dd_best(p->conv[i]))
                return refuse(diag, set_name, c, "dd-best has no lead of its own in play", "");
            sd_side_init(&p->side[i], p->conv[i]);
        }
        if (c->kind == CLAIM_PLAY) sd_pair_init(&p->pair, &p->side[0], &p->side[1]);
    }
    if (c->where[0] && !(p->where = deal_filter_compile(c->where, &why)))
        return refuse(diag, set_name, c, "where", why.reason);
    if (c->event[0] && !(p->event = deal_filter_compile(c->event, &why)))
        return refuse(diag, set_name, c, "event", why.reason);
    if (c->kind == CLAIM_ODDS) {
        int n;
        p->odds_row = odds_row_find(c->table, c->row);
        if (p->odds_row < 0) return refuse(diag, set_name, c, "no such odds table and row", c->row);
        if (!odds_rows(&n)[p->odds_row].hist)
            return refuse(diag, set_name, c, "the odds row carries no book figure", c->row);
    }
    return true;
}

static void release(prepared *p)
{
    for (int i = 0; i < 2; i++) convention_free(p->conv[i]);
    deal_filter_free(p->where);
    deal_filter_free(p->event);
}

static bool meets(const deal_filter *f, const sd_deal *d)
{
    return !f || deal_filter_match(f, d->hand, d->dealer, d->trump);
}

/* The eldest side's double-dummy tricks after convention c's lead (dd-best:
 * the best lead), and the card. */
static int dd_tricks(const convention *c, const sd_deal *d, const dd_leads *l, card_t *card)
{
    if (convention_is_dd_best(c)) {
        *card = CARD_NONE;
        return dd_best_tricks(l);
    }
    lead_view v = {.hand = d->hand[(d->dealer + 1) & 3], .trump = d->trump, .turnup = d->turnup,
                   .deal_key = d->deal_key, .seed = d->seed};
    lead_choice ch;
    if (lead_choose(c, &v, &ch) != 0) return -1;
    *card = ch.card;
    return l->tricks[ch.card];
}

/* Deal d as the players' tables hold it. */
static void sd_of(const claims_opts *o, const deal_t *d, sd_deal *sd)
{
    sd_deal_from(sd, d);
    sd->seed = o->seed;
    sd->signals = false;
    sd->ext = 0;
}

/* Claim p's outcome on deal d (l: its values in the store, NULL: none). */
static unsigned char outcome(const prepared *p, const sd_deal *d, const dd_leads *l)
{
    if (!meets(p->where, d)) return OUTCOME_NONE;
    switch (p->c->kind) {
    case CLAIM_SHARE: return (unsigned char)(OUTCOME_BASE + meets(p->event, d));
    case CLAIM_DD: {
        if (!l) return OUTCOME_NONE;
        card_t a = CARD_NONE, b = CARD_NONE;
        int x = dd_tricks(p->conv[0], d, l, &a), y = dd_tricks(p->conv[1], d, l, &b);
        if (x < 0 || y < 0) return OUTCOME_FAILED;
        return (unsigned char)(OUTCOME_BASE + x - y + PAIRED_MAX_DIFF + DIFFS * (a != b));
    }
    case CLAIM_PLAY: {
        sd_dup_result r;
        if (sd_duplicate(d, &p->pair, &r) != 0) return OUTCOME_FAILED;
        return (unsigned char)(OUTCOME_BASE + r.gain + PAIRED_MAX_DIFF);
    }
    default: return OUTCOME_NONE;
    }
}

/* On a worker: the deal's values from the store, and the outcomes of the
 * claims the result area carries. */
static void work(dd_job *job, dd_solver *solver, void *ctx)
{
    (void)solver;
    const claims_job *j = ctx;
    if (!job->play) return;
    sd_deal sd;
    sd_of(j->o, &job->deal, &sd);
    bool valued = j->o->values && dd_store_unpack(dd_store_get(j->o->values, job->place), &job->deal, job->place,
                                                  &job->leads) == DD_STORE_OK;
    job->out[0] = valued;
    for (int m = 0; m < j->nmeasured && m < OUTCOMES_CARRIED; m++)
        job->out[1 + m] = outcome(&j->p[j->measured[m]], &sd, valued ? &job->leads : NULL);
}

static void count(counters *k, claim_kind kind, unsigned char v)
{
    if (v == OUTCOME_NONE) return;
    if (v == OUTCOME_FAILED) {
        k->failed++;
        return;
    }
    int x = v - OUTCOME_BASE;
    if (kind == CLAIM_SHARE) {
        k->n++;
        k->hits += x != 0;
    } else {
        int diff = x % DIFFS - PAIRED_MAX_DIFF;
        paired_add(&k->acc, diff, 0, kind == CLAIM_DD ? x >= DIFFS : diff != 0);
    }
}

/* In input order: the deal counted, a deal the store has no value for
 * told as a problem. */
static bool take(void *ctx, corpus_run *run, const dd_job *job)
{
    claims_job *j = ctx;
    bool valued = job->out[0];
    j->whist++;
    if (j->o->values && !valued) {
        diag_t d;
        diag_set(&d, job->deal.pos.file, job->deal.pos.line, "no double-dummy value for this deal in the store (--values)");
        corpus_run_problem(run, &d);
        j->unvalued++;
    }
    sd_deal sd;
    if (j->nmeasured > OUTCOMES_CARRIED) sd_of(j->o, &job->deal, &sd);
    for (int m = 0; m < j->nmeasured; m++) {
        int c = j->measured[m];
        unsigned char v = m < OUTCOMES_CARRIED ? job->out[1 + m] : outcome(&j->p[c], &sd, valued ? &job->leads : NULL);
        count(&j->k[c], j->p[c].c->kind, v);
    }
    return true;
}

/* ---- the saved state: words, nclaims, whist, unvalued, then per claim
 * n, hits, failed and the paired counters ---- */

#define STATE_HEAD 4
#define STATE_PER_CLAIM (3 + PAIRED_COUNTERS)

static size_t state_words(int nclaims) { return STATE_HEAD + (size_t)nclaims * STATE_PER_CLAIM; }

/* The counters after the two header words, in the state's order: written
 * to out, or read from in (the other NULL). */
static void state_words_of(claims_job *j, le_out *out, le_in *in)
{
    uint64_t *head[] = {&j->whist, &j->unvalued};
    for (int i = 0; i < 2; i++) {
        if (in) *head[i] = le_get_u64(in);
        else le_put_u64(out, *head[i]);
    }
    for (int c = 0; c < j->np; c++) {
        uint64_t *w[3 + PAIRED_COUNTERS] = {&j->k[c].n, &j->k[c].hits, &j->k[c].failed};
        for (int i = 0; i < PAIRED_COUNTERS; i++) w[3 + i] = paired_counter(&j->k[c].acc, i);
        for (int i = 0; i < STATE_PER_CLAIM; i++) {
            if (in) *w[i] = le_get_u64(in);
            else le_put_u64(out, *w[i]);
        }
    }
}

static bool save(void *ctx, unsigned char **buf, size_t *len)
{
    claims_job *j = ctx;
    le_out out = {0};
    le_put_u64(&out, state_words(j->np));
    le_put_u64(&out, (uint64_t)j->np);
    state_words_of(j, &out, NULL);
    if (out.failed) {
        free(out.buf);
        return false;
    }
    *buf = out.buf;
    *len = out.len;
    return true;
}

/* The state o->resume names, read into j, ro (its counters, inputs and
 * resume point); *complete: it holds the whole run. False with diag. */
static bool load_state(claims_job *j, run_opts *ro, const char *const files[], int nfiles, bool *complete,
                       diag_t *diag)
{
    if (!corpus_state_load(ro, j->o->resume, files, nfiles, j->state, j->state_len, complete, diag)) return false;
    le_in in = {.p = j->state, .end = j->state + j->state_len};
    if (le_get_u64(&in) != state_words(j->np) || le_get_u64(&in) != (uint64_t)j->np) {
        diag_set(diag, j->o->resume, 0, "cannot resume: it was started for other claims (or by another command)");
        return false;
    }
    state_words_of(j, NULL, &in);
    return true;
}

/* The store holds the values of the deals read: their count and digest. */
static bool store_matches(const dd_store *store, const claims_account *acc)
{
    input_account all = {0};
    for (int i = 0; i < acc->ninputs; i++) input_account_merge(&all, &acc->inputs[i]);
    const dd_store_header *h = dd_store_header_of(store);
    return all.deals == h->deals && all.digest[0] == h->digest.lane[0] && all.digest[1] == h->digest.lane[1];
}

static void not_testable(claim_result *r, const char *why)
{
    r->verdict = VERDICT_NOT_TESTABLE;
    snprintf(r->note, sizeof r->note, "%s", why);
}

static void result_paired(const claim *c, const paired_acc *acc, uint64_t failed, bool dd_untestable,
                          const char *dd_why, claim_result *r)
{
    snprintf(r->measure, sizeof r->measure, "%s", c->kind == CLAIM_DD ? "dd tricks X-Y" : "play gain X vs Y");
    if (dd_untestable) {
        not_testable(r, dd_why);
        return;
    }
    paired_summary s;
    paired_summarise(acc, &s);
    r->n = s.n;
    r->value = s.mean;
    r->lo = s.ci_lo;
    r->hi = s.ci_hi;
    r->has_value = s.n > 0;
    r->verdict = claims_verdict_paired(c->dir, s.n, s.ci_lo, s.ci_hi);
    if (s.n < 2) not_testable(r, "fewer than 2 deals");
    else if (failed) snprintf(r->note, sizeof r->note, "%llu deals could not be played", (unsigned long long)failed);
}

static void result_share(const claim *c, uint64_t n, uint64_t hits, claim_result *r)
{
    snprintf(r->measure, sizeof r->measure, "share");
    r->n = n;
    r->hits = hits;
    if (n == 0) {
        r->lo = r->hi = NAN;
        not_testable(r, "no deal meets the condition");
        return;
    }
    r->has_value = true;
    r->value = (double)hits / (double)n;
    r->exact_value = rat_make((rat_int)hits, (rat_int)n);
    ci_wilson(r->value, (double)n, ci_z(0.95), &r->lo, &r->hi);
    r->verdict = claims_verdict_share(c->dir, c->p, n, hits, r->lo, r->hi);
}

static void result_odds(const prepared *p, claim_result *r)
{
    int n;
    const odds_row *row = &odds_rows(&n)[p->odds_row];
    const char *v = odds_verdict(row->hist, row->exact);
    snprintf(r->measure, sizeof r->measure, "exact %s", row->moment ? "mean" : "probability");
    r->has_value = r->exact = true;
    r->exact_value = row->exact;
    r->value = r->lo = r->hi = rat_to_double(row->exact);
    r->verdict = claims_verdict_odds(v);
    snprintf(r->note, sizeof r->note, "book's figure %s", v);
}


/* The numbers of each claim, from its counters. */
static void results(const claims_job *j, const claims_account *acc, claim_result *res)
{
    const char *dd_why = !j->o->values ? "no store of solved leads (--values)"
                         : !acc->store_matches ? "the store was made from another corpus"
                                               : "";
    for (int c = 0; c < j->np; c++) {
        const claim *cl = j->p[c].c;
        const counters *k = &j->k[c];
        claim_result *r = &res[c];
        memset(r, 0, sizeof *r);
        switch (cl->kind) {
        case CLAIM_DD: result_paired(cl, &k->acc, k->failed, dd_why[0] != 0, dd_why, r); break;
        case CLAIM_PLAY: result_paired(cl, &k->acc, k->failed, false, "", r); break;
        case CLAIM_SHARE: result_share(cl, k->n, k->hits, r); break;
        case CLAIM_ODDS: result_odds(&j->p[c], r); break;
        case CLAIM_NONE:
            snprintf(r->measure, sizeof r->measure, "-");
            not_testable(r, cl->reason);
            break;
        }
    }
}

/* The run's account, from the runner's counts and the job's. */
static void account(const claims_job *j, const stats_state *st, claims_account *acc)
{
    acc->read = st->read + st->repeats;
    acc->accepted = st->accepted;
    acc->rejected = st->rejected;
    acc->left = st->left;
    acc->repeats = st->repeats;
    acc->errors = st->errors;
    acc->whist = j->whist;
    acc->unvalued = j->unvalued;
    acc->store_matches = j->o->values && store_matches(j->o->values, acc);
}

claims_status claims_run(const claim_set *s, const char *set_name, const claims_opts *o, const char *const files[],
                         int nfiles, claims_account *acc, claim_result *res, diag_t *diag)
{
    claims_job j = {.o = o, .np = s->n, .state_len = state_words(s->n) * 8};
    j.p = calloc((size_t)s->n + 1, sizeof *j.p);
    j.measured = calloc((size_t)s->n + 1, sizeof *j.measured);
    j.k = calloc((size_t)s->n + 1, sizeof *j.k);
    j.state = malloc(j.state_len);
    stats_state *st = calloc(1, sizeof *st);
    claims_status status = CLAIMS_DONE;
    if (!j.p || !j.measured || !j.k || !j.state || !st) {
        diag_set(diag, NULL, 0, "out of memory");
        status = CLAIMS_FAILED;
    }
    int prepared_n = 0;
    for (; status == CLAIMS_DONE && prepared_n < s->n; prepared_n++)
        if (!prepare(&s->claim[prepared_n], set_name, &j.p[prepared_n], diag)) status = CLAIMS_REFUSED;
    for (int c = 0; status == CLAIMS_DONE && c < s->n; c++)
        if (s->claim[c].kind == CLAIM_DD || s->claim[c].kind == CLAIM_PLAY || s->claim[c].kind == CLAIM_SHARE)
            j.measured[j.nmeasured++] = c;
    run_opts ro = {.input = o->input, .shard = 1, .shards = 1, .threads = o->threads, .hooks = o->hooks,
                   .save = o->save, .config = o->config, .stats = st, .checkpoint_every = o->checkpoint_every,
                   .checkpoint_s = o->checkpoint_s, .inputs = acc->inputs, .mpi = o->mpi, .stop = o->stop};
    run_job job = {.work = work, .take = take, .save = save, .plays_only = true, .ctx = &j};
    bool serving = o->mpi && o->mpi->rank > 0, complete = false;
    if (status == CLAIMS_DONE) {
        stats_init(st, 1, (const char *const[]){"claims"});
        if (o->resume && !serving && !load_state(&j, &ro, files, nfiles, &complete, diag)) status = CLAIMS_REFUSED;
        acc->kept = st->read + st->repeats;
    }
    if (status == CLAIMS_DONE && !complete) {
        run_status r = corpus_run_go(&ro, &job, files, nfiles);
        bool lost = false; /* an input not read to its end: the report says INCOMPLETE */
        for (int k = 0; k < nfiles; k++) lost |= acc->inputs[k].stopped != 0;
        if (serving) status = r == RUN_DONE ? CLAIMS_SERVED : CLAIMS_FAILED;
        else if (r == RUN_INTERRUPTED) status = CLAIMS_INTERRUPTED;
        else if (r == RUN_FAILED && !lost) status = CLAIMS_FAILED;
    }
    if (status == CLAIMS_DONE || status == CLAIMS_INTERRUPTED) account(&j, st, acc);
    if (status == CLAIMS_DONE) results(&j, acc, res);
    for (int c = 0; c < prepared_n; c++) release(&j.p[c]);
    free(j.p);
    free(j.measured);
    free(j.k);
    free(j.state);
    free(st);
    return status;
}
