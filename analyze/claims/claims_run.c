/* claims_run.c -- the claims measured: the corpus read once through the
 * reading loop (formats/deal_stream.h), every deal accounted for, the whist
 * deals kept in memory as the players' tables hold them; then every claim's
 * experiment on worker threads, each thread on a fixed slice of the deals
 * with its own exact integer counters, added up in slice order, so that the
 * numbers are the same for any number of threads. */
#include "analyze/claims/claims.h"
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/dd/dd_solve.h"
#include "analyze/play/sd_duplicate.h"
#include "formats/deal_digest.h"
#include "stats/binom_ci.h"
#include "analyze/odds/odds_tables.h"

/* A whist deal of the corpus. */
typedef struct {
    sd_deal sd;
    uint64_t place;  /* in the store of solved leads */
    const char *file;
    uint64_t line;
} kept_deal;

/* A claim made ready to measure. */
typedef struct {
    const claim *c;
    convention *conv[2];
    sd_side side[2];
    sd_pair pair;
    deal_filter *where, *event;
    int odds_row;
} prepared;

/* One thread's counters. */
typedef struct {
    paired_acc *acc;   /* per claim: dd, play */
    uint64_t *n, *hits, *failed; /* per claim: share; play: deals not played */
} counters;

typedef struct {
    const prepared *p;
    int np;
    const kept_deal *deal;
    const bool *valued;   /* per deal: the store holds its values... */
    const dd_leads *leads; /* ...these */
    bool values;          /* the dd claims are measured */
    size_t lo, hi;
    counters k;
} slice;

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

static void *measure_slice(void *arg)
{
    slice *s = arg;
    for (size_t i = s->lo; i < s->hi; i++) {
        const kept_deal *kd = &s->deal[i];
        for (int j = 0; j < s->np; j++) {
            const prepared *p = &s->p[j];
            const claim *c = p->c;
            if (c->kind == CLAIM_ODDS || c->kind == CLAIM_NONE || !meets(p->where, &kd->sd)) continue;
            if (c->kind == CLAIM_SHARE) {
                s->k.n[j]++;
                s->k.hits[j] += meets(p->event, &kd->sd);
            } else if (c->kind == CLAIM_DD) {
                if (!s->values || !s->valued[i]) continue;
                const dd_leads *l = &s->leads[i];
                card_t a = CARD_NONE, b = CARD_NONE;
                int x = dd_tricks(p->conv[0], &kd->sd, l, &a), y = dd_tricks(p->conv[1], &kd->sd, l, &b);
                if (x < 0 || y < 0) s->k.failed[j]++;
                else paired_add(&s->k.acc[j], x, y, a != b);
            } else {
                sd_dup_result r;
                if (sd_duplicate(&kd->sd, &p->pair, &r) != 0) s->k.failed[j]++;
                else paired_add(&s->k.acc[j], r.gain, 0, r.gain != 0);
            }
        }
    }
    return NULL;
}

/* The corpus read into a growing array. */
typedef struct {
    kept_deal *deal;
    bool *valued;
    dd_leads *leads;
    size_t n, cap;
} kept;

static bool keep(kept *k, const deal_t *w, uint64_t place, uint64_t seed)
{
    if (k->n == k->cap) {
        size_t cap = k->cap ? k->cap * 2 : 1024;
        kept_deal *d = realloc(k->deal, cap * sizeof *d);
        if (!d) return false;
        k->deal = d;
        bool *v = realloc(k->valued, cap * sizeof *v);
        if (!v) return false;
        k->valued = v;
        dd_leads *l = realloc(k->leads, cap * sizeof *l);
        if (!l) return false;
        k->leads = l;
        k->cap = cap;
    }
    kept_deal *kd = &k->deal[k->n++];
    sd_deal_from(&kd->sd, w);
    kd->sd.seed = seed;
    kd->sd.signals = false;
    kd->sd.ext = 0;
    kd->place = place;
    kd->file = w->pos.file;
    kd->line = w->pos.line;
    return true;
}

static void problem(const claims_opts *o, const diag_t *d)
{
    if (o->problem) o->problem(o->ctx, d);
}

/* Reads every file once; false when out of memory. */
static bool read_corpus(const claims_opts *o, const char *const files[], int nfiles, claims_account *acc,
                        kept *k)
{
    ds_opts so = {.input = o->input, .whist = true, .select = true, .shard = 1, .shards = 1};
    deal_stream *in = deal_stream_open(&so, files, nfiles);
    if (!in) return false;
    unsigned per_record = o->input.policy.kind == TRUMP_EACH ? 4 : 1;
    ds_item it;
    bool ok = true;
    while (ok && deal_stream_next(in, &it)) {
        input_account *a = &acc->inputs[it.input];
        switch (it.kind) {
        case DS_FILE_END: break;
        case DS_FATAL:
            problem(o, it.diag);
            a->stopped = 1;
            diag_format(a->where, sizeof a->where, it.diag);
            break;
        case DS_ERROR:
            problem(o, it.diag);
            acc->errors++;
            break;
        case DS_REPEAT:
            acc->read++;
            acc->repeats++;
            break;
        case DS_REJECT:
        case DS_UNUSABLE:
            problem(o, it.diag);
            acc->read++;
            acc->rejected++;
            a->deals++;
            if (it.kind == DS_UNUSABLE) input_account_add_term(a, deal_digest_term(it.deal, it.position).lane);
            break;
        case DS_LEFT:
        case DS_DEAL:
            acc->read++;
            a->deals++;
            input_account_add_term(a, deal_digest_term(it.deal, it.position).lane);
            if (it.kind == DS_LEFT) {
                acc->left++;
                break;
            }
            acc->accepted++;
            for (int w = 0; w < it.n && ok; w++) {
                uint64_t place = it.record * per_record + (uint64_t)w;
                ok = keep(k, &it.whist[w], place, o->seed);
                if (!ok) break;
                acc->whist++;
                bool valued = false;
                if (o->values) {
                    valued = dd_store_unpack(dd_store_get(o->values, place), &it.whist[w], place,
                                             &k->leads[k->n - 1]) == DD_STORE_OK;
                    if (!valued) {
                        diag_t d;
                        diag_set(&d, it.whist[w].pos.file, it.whist[w].pos.line,
                                 "no double-dummy value for this deal in the store (--values)");
                        problem(o, &d);
                        acc->unvalued++;
                    }
                }
                k->valued[k->n - 1] = valued;
            }
            break;
        }
    }
    deal_stream_close(in);
    return ok;
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

bool claims_run(const claim_set *s, const char *set_name, const claims_opts *o, const char *const files[],
                int nfiles, claims_account *acc, claim_result *res, diag_t *diag)
{
    prepared *p = calloc((size_t)s->n, sizeof *p);
    if (!p) {
        diag_set(diag, NULL, 0, "out of memory");
        return false;
    }
    bool ok = true;
    for (int j = 0; j < s->n && ok; j++) ok = prepare(&s->claim[j], set_name, &p[j], diag);
    kept k = {0};
    int nthreads = o->threads < 1 ? 1 : o->threads;
    slice *sl = NULL;
    if (ok && !(ok = read_corpus(o, files, nfiles, acc, &k))) diag_set(diag, NULL, 0, "out of memory");
    acc->store_matches = o->values && store_matches(o->values, acc);
    const char *dd_why = !o->values ? "no store of solved leads (--values)"
                         : !acc->store_matches ? "the store was made from another corpus"
                                               : "";
    if (ok && !(sl = calloc((size_t)nthreads, sizeof *sl))) ok = false;
    for (int t = 0; ok && t < nthreads; t++) {
        sl[t] = (slice){.p = p, .np = s->n, .deal = k.deal, .valued = k.valued,
                        .leads = k.leads, .values = acc->store_matches,
                        .lo = k.n * (size_t)t / (size_t)nthreads, .hi = k.n * (size_t)(t + 1) / (size_t)nthreads};
        sl[t].k.acc = calloc((size_t)s->n, sizeof *sl[t].k.acc);
        sl[t].k.n = calloc((size_t)s->n * 3, sizeof *sl[t].k.n);
        if (!sl[t].k.acc || !sl[t].k.n) ok = false;
        else {
            sl[t].k.hits = sl[t].k.n + s->n;
            sl[t].k.failed = sl[t].k.n + 2 * s->n;
        }
    }
    if (!ok && !diag->reason[0]) diag_set(diag, NULL, 0, "out of memory");
    if (ok) {
        pthread_t *tid = calloc((size_t)nthreads, sizeof *tid);
        bool *started = calloc((size_t)nthreads, sizeof *started);
        for (int t = 1; tid && started && t < nthreads; t++)
            started[t] = pthread_create(&tid[t], NULL, measure_slice, &sl[t]) == 0;
        for (int t = 0; t < nthreads; t++) /* a slice without its thread is measured here */
            if (!started || !started[t]) measure_slice(&sl[t]);
        for (int t = 1; started && t < nthreads; t++)
            if (started[t]) pthread_join(tid[t], NULL);
        free(tid);
        free(started);
        for (int j = 0; j < s->n; j++) {
            paired_acc acc_j = {0};
            uint64_t n = 0, hits = 0, failed = 0;
            for (int t = 0; t < nthreads; t++) {
                for (int i = 0; i < PAIRED_COUNTERS; i++)
                    *paired_counter(&acc_j, i) += *paired_counter(&sl[t].k.acc[j], i);
                n += sl[t].k.n[j];
                hits += sl[t].k.hits[j];
                failed += sl[t].k.failed[j];
            }
            const claim *c = &s->claim[j];
            claim_result *r = &res[j];
            memset(r, 0, sizeof *r);
            switch (c->kind) {
            case CLAIM_DD: result_paired(c, &acc_j, failed, dd_why[0] != 0, dd_why, r); break;
            case CLAIM_PLAY: result_paired(c, &acc_j, failed, false, "", r); break;
            case CLAIM_SHARE: result_share(c, n, hits, r); break;
            case CLAIM_ODDS: result_odds(&p[j], r); break;
            case CLAIM_NONE:
                snprintf(r->measure, sizeof r->measure, "-");
                not_testable(r, c->reason);
                break;
            }
        }
    }
    for (int t = 0; sl && t < nthreads; t++) {
        free(sl[t].k.acc);
        free(sl[t].k.n);
    }
    free(sl);
    free(k.deal);
    free(k.valued);
    free(k.leads);
    for (int j = 0; j < s->n; j++) release(&p[j]);
    free(p);
    return ok;
}
