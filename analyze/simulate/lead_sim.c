/* lead_sim.c -- a lead problem's run (lead_sim.h): layouts dealt in order
 * on the calling thread (the fixed cards exactly, a --where condition by
 * rejection with its tries counted and bounded), solved double-dummy and
 * played out on the solver pool's workers (dd_pool.h; the play runs in its
 * hook), taken back in order and added to the tables. */
#include <stdlib.h>
#include <string.h>
#include "analyze/dd/dd_pool.h"
#include "analyze/play/sd_play.h"
#include "analyze/simulate/lead_sim.h"
#include "formats/deal_digest.h"

#define SIM_DEPTH 64

typedef struct {
    const lead_sim_opts *o;
    lead_sim_result *res;
    sd_side side[STATS_MAX_CONV], opp;
    dd_pool *pool;
    int depth;
    /* by ring slot (tag % depth): what the hook played, and the layout */
    int8_t (*played)[STATS_MAX_CONV][LEAD_TABLE_COLS];
    gen_deal *layout;
    lead_sim_layout out;
    bool (*sink)(void *ctx, const lead_sim_layout *l);
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

/* Where the hidden hands come from: the stream of the seed under the fixed
 * cards (deal_gen.h's blocks, deal_predeal.h's exact dealing), read in
 * order, each layout kept when it meets --where. */
typedef struct {
    const deal_predeal *pre;
    const deal_filter *where;
    uint64_t seed, next, max_dealt;
    gsl_rng *rng;
} layout_source;

/* Deals the next n layouts into out; false when max_dealt was reached
 * first (*got: how many were dealt into out). Without --where, layout i is
 * deal i of the stream, as deal_gen_block makes it. */
static bool deal_hidden_hands(layout_source *src, size_t n, gen_deal *out, size_t *got)
{
    size_t k = 0;
    while (k < n) {
        if (src->next == src->max_dealt) break;
        if (src->next % DEAL_GEN_BLOCK == 0)
            gsl_rng_set(src->rng, deal_gen_block_seed(src->seed, src->next / DEAL_GEN_BLOCK));
        deal_predeal_one(src->rng, src->pre, src->next++, &out[k]);
        if (!src->where || deal_filter_match(src->where, out[k].hand, out[k].dealer, card_suit(out[k].turnup)))
            k++;
    }
    *got = k;
    return k == n;
}

/* The pool's hook, on a worker: every column played out under every
 * convention, the leader's side by it, the dealer's by the opponents. */
static void play_layout(dd_job *job, int thread, void *ctx)
{
    sim *s = ctx;
    (void)thread; /* the layout was solved before the hook, on this thread */
    if (!job->play) return;
    const lead_sim_opts *o = s->o;
    int8_t (*out)[LEAD_TABLE_COLS] = s->played[job->tag % (uint64_t)s->depth];
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

/* Takes back the oldest layout and adds it up. */
static void collect_one(sim *s)
{
    const lead_sim_opts *o = s->o;
    lead_sim_result *res = s->res;
    dd_job *job = dd_pool_oldest(s->pool);
    uint64_t slot = job->tag % (uint64_t)s->depth;
    lead_sim_layout *l = &s->out;
    l->index = job->tag;
    l->deal = s->layout[slot];
    if (o->dd && job->rc != DD_OK && !s->failed) {
        char why[160];
        dd_error_text(job->rc, why, sizeof why);
        diag_set(s->diag, NULL, 0, "layout %llu: %s", (unsigned long long)job->tag + 1, why);
        s->failed = true;
    }
    for (int i = 0; i < res->ncols; i++) {
        l->dd[i] = o->dd ? job->leads.tricks[res->card[i]] : -1;
        for (int k = 0; k < o->nconv; k++) {
            l->play[k][i] = o->play ? s->played[slot][k][i] : -1;
            if (o->play && l->play[k][i] < 0 && !s->failed) {
                diag_set(s->diag, NULL, 0, "layout %llu: cannot be played", (unsigned long long)job->tag + 1);
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
    if (!s->failed) {
        if (o->dd) lead_table_add(&res->dd, l->dd);
        if (o->play)
            for (int k = 0; k < o->nconv; k++) lead_table_add(&res->play[k], l->play[k]);
        res->layouts++;
        if (s->sink && !s->sink(s->ctx, l)) {
            diag_set(s->diag, NULL, 0, "the per-layout table could not be written");
            s->failed = true;
        }
    }
    dd_pool_retire(s->pool);
}

bool lead_sim_run(const lead_sim_opts *o, lead_sim_result *res,
                  bool (*sink)(void *ctx, const lead_sim_layout *l), void *ctx, diag_t *diag)
{
    deal_predeal pre;
    memset(res, 0, sizeof *res);
    if (!lead_sim_setup(o, &pre, diag)) return false;
    for (int s = 0; s < 4; s++)
        for (int r = RANK_A; r >= 2; r--)
            if (hand_has(o->hand, card_make(s, r))) res->card[res->ncols++] = card_make(s, r);
    lead_table_init(&res->dd, res->ncols);
    for (int k = 0; k < o->nconv; k++) lead_table_init(&res->play[k], res->ncols);
    sim s = {.o = o, .res = res, .sink = sink, .ctx = ctx, .diag = diag};
    for (int k = 0; k < o->nconv; k++) sd_side_init(&s.side[k], o->conv[k]);
    sd_side_init(&s.opp, o->opponents);
    s.pool = dd_pool_open(o->threads > 0 ? o->threads : dd_init(), SIM_DEPTH, play_layout, &s);
    s.depth = s.pool ? dd_pool_depth(s.pool) : 0;
    s.played = s.pool ? calloc((size_t)s.depth, sizeof *s.played) : NULL;
    s.layout = s.pool ? calloc((size_t)s.depth, sizeof *s.layout) : NULL;
    gen_deal *block = malloc(DEAL_GEN_BLOCK * sizeof *block);
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_taus2);
    if (!s.played || !s.layout || !block || !rng) {
        diag_set(diag, NULL, 0, "cannot start the solver threads (out of memory?)");
        s.failed = true;
    }
    layout_source src = {.pre = &pre, .where = o->where, .seed = o->seed, .rng = rng, .max_dealt = UINT64_MAX};
    if (o->where)
        src.max_dealt = o->max_dealt ? o->max_dealt : o->layouts > UINT64_MAX / 1000 ? UINT64_MAX : o->layouts * 1000;
    for (uint64_t first = 0; !s.failed && first < o->layouts; first += DEAL_GEN_BLOCK) {
        size_t n = o->layouts - first < DEAL_GEN_BLOCK ? (size_t)(o->layouts - first) : DEAL_GEN_BLOCK;
        res->too_rare = !deal_hidden_hands(&src, n, block, &n);
        for (size_t k = 0; k < n && !s.failed; k++) {
            dd_job *job;
            while (!(job = dd_pool_claim(s.pool))) collect_one(&s);
            deal_clear(&job->deal);
            deal_gen_to_deal(&block[k], (uint32_t)(first + k + 1), &job->deal);
            job->solve = o->dd;
            job->play = o->play;
            job->tag = first + k;
            s.layout[job->tag % (uint64_t)s.depth] = block[k];
            dd_pool_submit(s.pool);
        }
        if (res->too_rare) break;
    }
    while (s.pool && dd_pool_pending(s.pool)) collect_one(&s);
    res->dealt = src.next;
    if (res->too_rare && !s.failed) {
        diag_set(diag, NULL, 0, "only %llu of the %llu layouts asked for met --where in %llu dealt (--max-dealt): "
                 "the condition is impossible with this hand and these fixed cards, or too rare",
                 (unsigned long long)res->layouts, (unsigned long long)o->layouts, (unsigned long long)res->dealt);
        s.failed = true;
    }
    dd_pool_close(s.pool);
    gsl_rng_free(rng);
    free(block);
    free(s.layout);
    free(s.played);
    return !s.failed;
}
