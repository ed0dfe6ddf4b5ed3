/* lead_sim.c -- a lead problem's run (lead_sim.h) on the corpus runner
 * (analyze/run/corpus_run.h): the layouts are its deal source, dealt in
 * order on the calling thread (the fixed cards exactly, a --where
 * condition by rejection with its tries counted and bounded); the runner's
 * pool solves and plays them on its workers and ranks (the play runs in the
 * job's work hook), and takes them back in order, where they are added to
 * the tables. */
#include <stdlib.h>
#include <string.h>
#include "analyze/play/sd_play.h"
#include "analyze/simulate/lead_sim.h"
#include "formats/deal_digest.h"

/* A record's place in the rings below: more places than records in flight. */
#define RING (2 * RUN_IN_FLIGHT_MAX)

typedef struct {
    const lead_sim_opts *o;
    lead_sim_result *res;
    sd_side side[STATS_MAX_CONV], opp;
    /* the source: the stream of the seed under the fixed cards
     * (deal_gen.h's blocks, deal_predeal.h's exact dealing), read in
     * order, each layout kept when it meets --where */
    deal_predeal pre;
    gsl_rng *rng;
    uint64_t next, max_dealt; /* layouts dealt so far; the most to deal */
    uint64_t dealt_after[RING]; /* by record: layouts dealt once it was made */
    uint64_t dealt;           /* the same for the last layout taken back */
    lead_sim_layout out;
    lead_sim_sink sink;
    void *ctx;
    diag_t *diag;
    bool failed;
} sim;

bool lead_sim_setup(const lead_sim_opts *o, deal_predeal *pre, diag_t *diag)
{
    char c[3];
    if (hand_count(o->hand) != 13) {
        diag_set(diag, NULL, 0, "the hand has %d cards; a whist hand has 13", hand_count(o->hand));
        return false;
    }
    if (o->trump < SUIT_S || o->trump > SUIT_C) {
        diag_set(diag, NULL, 0, "a lead problem needs a trump suit (S, H, D or C): at whist the turn-up fixes one");
        return false;
    }
    if (o->turnup != CARD_NONE && hand_has(o->hand, o->turnup)) {
        diag_set(diag, NULL, 0, "the turn-up %s is in the leader's hand; the dealer holds it", card_format(o->turnup, c));
        return false;
    }
    if (o->against != CARD_NONE && !hand_has(o->hand, o->against)) {
        diag_set(diag, NULL, 0, "--against %s: the hand does not hold it", card_format(o->against, c));
        return false;
    }
    if (!o->dd && !o->play) {
        diag_set(diag, NULL, 0, "nothing values the leads: give dd, play or both");
        return false;
    }
    for (int k = 0; k < o->nconv; k++)
        if (convention_is_dd_best(o->conv[k])) {
            diag_set(diag, NULL, 0, "%s's lead is the double-dummy best column of each layout: leave it out",
                     convention_name(o->conv[k]));
            return false;
        }
    if (o->play && o->nconv == 0) {
        diag_set(diag, NULL, 0, "play needs a convention for the leader's side");
        return false;
    }
    deal_predeal_init(pre);
    pre->seats = PREDEAL_RELATIVE;
    pre->fixed[0] = o->hand;
    pre->turnup = o->turnup;
    pre->trump = o->trump;
    if (o->fixed && deal_predeal_active(o->fixed)) {
        if (o->fixed->seats == PREDEAL_ABSOLUTE) {
            diag_set(diag, NULL, 0, "--predeal: a lead problem's layouts pass the deal round the table: give "
                                    "the seats as second, partner (third) or dealer, not by compass");
            return false;
        }
        if (o->fixed->fixed[0]) {
            diag_set(diag, NULL, 0, "--predeal: the leader's cards are the hand's: fix the second hand's, the "
                                    "partner's or the dealer's");
            return false;
        }
        for (int i = 1; i < 4; i++) pre->fixed[i] = o->fixed->fixed[i];
    }
    return deal_predeal_check(pre, diag);
}

int lead_sim_against(const lead_sim_opts *o, const lead_sim_result *res, card_t book, char *why, size_t len)
{
    card_t card = o->against;
    snprintf(why, len, "named with --against");
    if (card == CARD_NONE && book != CARD_NONE && hand_has(o->hand, book)) {
        card = book;
        snprintf(why, len, "the book's lead");
    }
    if (card == CARD_NONE && o->nconv) {
        lead_view v = {.hand = o->hand, .trump = o->trump, .turnup = o->turnup, .seed = o->seed};
        lead_choice ch;
        if (lead_choose(o->conv[0], &v, &ch) >= 0) {
            card = ch.card;
            snprintf(why, len, "%s's lead for the hand", convention_name(o->conv[0]));
        }
    }
    for (int i = 0; i < res->ncols; i++)
        if (res->card[i] == card) return i;
    snprintf(why, len, "the hand's first card");
    return 0;
}

/* The next layout of the stream into g; false when max_dealt was reached
 * first. Without --where, layout i is deal i of the stream, as
 * deal_gen_block makes it. */
static bool deal_hidden_hands(sim *s, gen_deal *g)
{
    for (;;) {
        if (s->next == s->max_dealt) return false;
        if (s->next % DEAL_GEN_BLOCK == 0)
            gsl_rng_set(s->rng, deal_gen_block_seed(s->o->seed, s->next / DEAL_GEN_BLOCK));
        deal_predeal_one(s->rng, &s->pre, s->next++, g);
        if (!s->o->where || deal_filter_match(s->o->where, g->hand, g->dealer, card_suit(g->turnup))) return true;
    }
}

/* The stream set where a resumed run stood: dealt layouts dealt, the
 * block's generator run on to them. */
static void stream_at(sim *s, uint64_t dealt)
{
    gen_deal g;
    uint64_t first = dealt - dealt % DEAL_GEN_BLOCK;
    gsl_rng_set(s->rng, deal_gen_block_seed(s->o->seed, first / DEAL_GEN_BLOCK));
    for (uint64_t i = first; i < dealt; i++) deal_predeal_one(s->rng, &s->pre, i, &g);
    s->next = dealt;
}

/* The runner's source: layout r (asked for in order). */
static bool next_layout(void *ctx, uint64_t r, deal_t *d)
{
    sim *s = ctx;
    gen_deal g;
    if (!deal_hidden_hands(s, &g)) {
        s->res->too_rare = true;
        return false;
    }
    s->dealt_after[r % RING] = s->next;
    deal_gen_to_deal(&g, (uint32_t)(r + 1), d);
    return true;
}

/* The job's work, on a worker or another rank: the layout solved (with
 * dd), then every column played out under every convention (with play),
 * the leader's side by it, the dealer's by the opponents; the tricks into
 * job->out, by convention and column. */
static void work(dd_job *job, dd_solver *solver, void *ctx)
{
    sim *s = ctx;
    const lead_sim_opts *o = s->o;
    if (!job->play) return;
    job->rc = DD_OK;
    if (o->dd) job->rc = dd_solve_leads(solver, &job->deal, &job->leads);
    if (!o->play) return;
    int8_t (*out)[LEAD_TABLE_COLS] = (int8_t (*)[LEAD_TABLE_COLS])job->out;
    sd_deal d;
    sd_deal_from(&d, &job->deal);
    d.seed = o->seed;
    d.signals = o->signals;
    d.ext = o->ext;
    int mine = sd_side_of(seat_left(d.dealer));
    for (int k = 0; k < o->nconv; k++) {
        const sd_side *side[2];
        side[mine] = &s->side[k];
        side[1 - mine] = o->opponents ? &s->opp : &s->side[k];
        for (int i = 0; i < s->res->ncols; i++) {
            sd_result r;
            out[k][i] = (int8_t)(sd_play(&d, side, s->res->card[i], &r, NULL) == 0 ? r.tricks[mine] : -1);
        }
    }
}

/* The run's progress, to the caller's hook with the caller's context: the
 * run's hooks share one context, the sim's (its note is the sim's own). */
static void progress(void *ctx, run_progress at, uint64_t done, uint64_t expected)
{
    const sim *s = ctx;
    s->o->progress(s->o->progress_ctx, at, done, expected);
}

/* The layout of a whist deal as dealt (gen_deal's fields). */
static void layout_of(const deal_t *d, uint64_t index, gen_deal *g)
{
    for (int p = 0; p < 4; p++) g->hand[p] = d->hand[p];
    g->index = index + 1;
    g->dealer = (uint8_t)d->dealer;
    g->turnup = d->turnup;
}

/* In order: one layout added up. A layout that failed stops the tables
 * there (those after it are taken back, not added). */
static bool take(void *ctx, corpus_run *run, const dd_job *job)
{
    sim *s = ctx;
    const lead_sim_opts *o = s->o;
    lead_sim_result *res = s->res;
    uint64_t index = job->place;
    if (s->failed) return true;
    lead_sim_layout *l = &s->out;
    l->index = index;
    layout_of(&job->deal, index, &l->deal);
    const int8_t (*played)[LEAD_TABLE_COLS] = (const int8_t (*)[LEAD_TABLE_COLS])job->out;
    if (o->dd && job->rc != DD_OK) {
        char why[160];
        dd_error_text(job->rc, why, sizeof why);
        diag_set(s->diag, NULL, 0, "layout %llu: %s", (unsigned long long)index + 1, why);
        s->failed = true;
    }
    for (int i = 0; i < res->ncols; i++) {
        l->dd[i] = o->dd ? job->leads.tricks[res->card[i]] : -1;
        for (int k = 0; k < o->nconv; k++) {
            l->play[k][i] = o->play ? played[k][i] : -1;
            if (o->play && l->play[k][i] < 0 && !s->failed) {
                diag_set(s->diag, NULL, 0, "layout %llu: cannot be played", (unsigned long long)index + 1);
                s->failed = true;
            }
        }
    }
    lead_view v = {.hand = o->hand, .trump = o->trump, .turnup = l->deal.turnup,
                   .deal_key = deal_digest_key(&job->deal), .seed = o->seed};
    for (int k = 0; k < o->nconv; k++) {
        lead_choice *ch = &l->choice[k];
        lead_choose(o->conv[k], &v, ch);
        for (int i = 0; i < res->ncols; i++)
            if (res->card[i] == ch->card) {
                if (!res->chosen[k][i])
                    snprintf(res->chosen_rule[k][i], sizeof res->chosen_rule[k][i], "%s/%s", ch->suit_rule,
                             ch->card_rule);
                res->chosen[k][i]++;
            }
    }
    if (s->failed) { /* the tables rest on the layouts before it: the run stops */
        corpus_run_output_failed(run, s->diag);
        return true;
    }
    if (o->dd) lead_table_add(&res->dd, l->dd);
    if (o->play)
        for (int k = 0; k < o->nconv; k++) lead_table_add(&res->play[k], l->play[k]);
    res->layouts++;
    s->dealt = s->dealt_after[index % RING];
    if (s->sink && !s->sink(s->ctx, corpus_run_table(run), l)) {
        diag_set(s->diag, NULL, 0, "the per-layout table could not be written");
        s->failed = true;
        corpus_run_output_failed(run, s->diag);
    }
    return true;
}

static bool save(void *ctx, unsigned char **buf, size_t *len)
{
    sim *s = ctx;
    return lead_sim_state_save(s->o, s->res, s->dealt, buf, len);
}

/* The runner's notes: a failure the sim did not say itself (a state file
 * or a table that cannot be written, a rank lost) is its diag. */
static void note(void *ctx, run_note kind, const diag_t *d)
{
    sim *s = ctx;
    if (kind == RUN_FAILURE && !s->failed) {
        *s->diag = *d;
        s->failed = true;
    }
}

bool lead_sim_run(const lead_sim_opts *o, lead_sim_result *res, lead_sim_sink sink, void *ctx, diag_t *diag)
{
    memset(res, 0, sizeof *res);
    static sim s; /* its rings: kept off the stack */
    memset(&s, 0, sizeof s);
    if (!lead_sim_setup(o, &s.pre, diag)) return false;
    for (int i = 0; i < 4; i++)
        for (int r = RANK_A; r >= 2; r--)
            if (hand_has(o->hand, card_make(i, r))) res->card[res->ncols++] = card_make(i, r);
    lead_table_init(&res->dd, res->ncols);
    for (int k = 0; k < o->nconv; k++) lead_table_init(&res->play[k], res->ncols);
    s.o = o;
    s.res = res;
    s.sink = sink;
    s.ctx = ctx;
    s.diag = diag;
    for (int k = 0; k < o->nconv; k++) sd_side_init(&s.side[k], o->conv[k]);
    sd_side_init(&s.opp, o->opponents);
    s.max_dealt = UINT64_MAX;
    if (o->where)
        s.max_dealt = o->max_dealt ? o->max_dealt : o->layouts > UINT64_MAX / 1000 ? UINT64_MAX : o->layouts * 1000;
    stats_state *st = calloc(1, sizeof *st);
    input_account *inputs = calloc(1, sizeof *inputs);
    s.rng = gsl_rng_alloc(gsl_rng_taus2);
    if (!st || !inputs || !s.rng) {
        diag_set(diag, NULL, 0, "cannot start the solver threads (out of memory?)");
        free(st);
        free(inputs);
        gsl_rng_free(s.rng);
        return false;
    }
    stats_init(st, 1, (const char *const[]){"layouts"}); /* the state's counters: the layouts' accounting */
    run_source src = {.next = next_layout, .records = o->layouts, .ctx = &s};
    run_opts ro = {.threads = o->threads, .engine = o->engine, .shard = 1, .shards = 1, .stats = st, .inputs = inputs,
                   .save = o->save, .config = o->config, .checkpoint_s = o->checkpoint_s, .stop = o->stop,
                   .mpi = o->mpi, .source = &src,
                   .hooks = {.note = note, .progress = o->progress ? progress : NULL, .ctx = &s},
                   .table = o->layouts_csv, .table_about = o->layouts_about, .columns = o->layout_columns,
                   .ncols = o->layout_ncols};
    run_job job = {.work = work, .take = take, .save = o->save ? save : NULL, .solves = o->dd, .plays_only = !o->dd,
                   .ctx = &s};
    bool ok = true;
    if (o->resume) { /* the tables and the stream where the state left them */
        uint64_t dealt = 0;
        *st = *o->resume->stats;
        inputs[0] = o->resume->inputs[0];
        ok = corpus_state_resume_point((wls_file *)o->resume, &ro) == RESUME_OK &&
             lead_sim_state_load(o, res, &dealt, o->resume->job, o->resume->job_len, diag);
        if (ok) {
            stream_at(&s, dealt);
            s.dealt = dealt;
            res->kept = res->layouts;
        } else if (!diag->reason[0]) {
            diag_set(diag, o->save, 0, "a state file whose resume point this whistlab does not understand");
        }
    }
    run_status rs = ok ? corpus_run_go(&ro, &job, NULL, 1) : RUN_FAILED;
    if (o->mpi && o->mpi->rank > 0) res->served = true;
    res->interrupted = rs == RUN_INTERRUPTED;
    res->dealt = s.next;
    if (ok && rs == RUN_DONE && res->too_rare && !s.failed) {
        diag_set(diag, NULL, 0, "only %llu of the %llu layouts asked for met --where in %llu dealt (--max-dealt): "
                 "the condition is impossible with this hand and these fixed cards, or too rare",
                 (unsigned long long)res->layouts, (unsigned long long)o->layouts, (unsigned long long)res->dealt);
        s.failed = true;
    }
    gsl_rng_free(s.rng);
    free(st);
    free(inputs);
    return ok && rs == RUN_DONE && !s.failed;
}
