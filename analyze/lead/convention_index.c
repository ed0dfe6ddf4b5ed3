/* convention_index.c -- the last step of compiling a convention: its suit
 * filters as bit masks by holding, by hand-fact flags and by play-state
 * bits, and its rules' conditions as masks (convention_model.h), so that a
 * suit choice (lead_suit.c) tests every filter with a few table reads. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/lead/convention_compile.h"
#include "stats/report/le_bytes.h"

static bool in_set(const convention *c, int set, uint16_t h)
{
    unsigned i = (h >> 2) & 0x1FFF;
    return (c->set[set][i >> 6] >> (i & 63)) & 1;
}

/* Filter f's tests on the holding alone: n, hc, hon, top, h2 (the
 * holding table's facts), has, lacks and match(...). */
static bool holding_passes(const convention *c, const suit_filter *f, const holding_info *hi, uint16_t h)
{
    if (!((f->n_ok >> hi->n) & 1) || !((f->hc_ok >> hi->hc) & 1) || !((f->hon_ok >> hi->hon) & 1) ||
        !((f->top_ok >> hi->top) & 1) || !((f->h2_ok >> hi->h2) & 1))
        return false;
    if ((h & f->has) != f->has || (h & f->lacks)) return false;
    return f->set < 0 || in_set(c, f->set, h) != f->set_neg;
}

/* A conjunction's terms as masks: the trump-count tests in t_ok, the
 * some / none / all filter tests as filter bits; the rest are slow. */
static void compile_conj(cond_conj *cj)
{
    cj->t_ok = 0xFFFF;
    cj->some = cj->none = cj->all = 0;
    cj->slow = 0;
    for (int k = 0; k < cj->nterms; k++) {
        const hand_cond *hc = &cj->term[k];
        uint64_t bit = hc->filter >= 0 ? 1ULL << hc->filter : 0;
        switch (hc->kind) {
        case HC_T: cj->t_ok &= (uint16_t)(hc->neg ? ~hc->ok : hc->ok); break;
        case HC_SOME: *(hc->neg ? &cj->none : &cj->some) |= bit; break;
        case HC_NONE: *(hc->neg ? &cj->some : &cj->none) |= bit; break;
        case HC_ALL:
            if (hc->neg) cj->slow |= (uint8_t)(1u << k);
            else cj->all |= bit;
            break;
        default: cj->slow |= (uint8_t)(1u << k); break;
        }
    }
}

/* The holding-only filter masks of every holding, each mask stored once
 * (hold_mask) and each holding naming its own (hold_class). A "!(...)"
 * filter is parsed after the filter holding it: descending index order
 * settles the inner one first. An inner filter that tests the holding
 * alone (no flags, no "!(...)" of its own; it is open to trumps) is folded
 * into the holding's mask; the others are settled per suit choice
 * (not_order). */
static void index_holdings(convention *c)
{
    const holding_info *tab = holding_table();
    uint64_t fold_not = 0; /* filters whose "!(...)" is folded */
    c->nnot = 0;
    for (int i = c->nfilters - 1; i >= 0; i--) {
        int sub = c->filter[i].not_filter;
        if (sub < 0) continue;
        const suit_filter *g = &c->filter[sub];
        if (!g->flags_on && !g->flags_off && g->not_filter < 0 && !g->nseen_some && !g->seen_none) fold_not |= 1ULL << i;
        else c->not_order[c->nnot++] = (int8_t)i;
    }
    int nclasses = 0;
    for (unsigned k = 0; k < 8192; k++) {
        uint64_t m = 0;
        for (int i = 0; i < c->nfilters; i++)
            if (holding_passes(c, &c->filter[i], &tab[k], (uint16_t)(k << 2))) m |= 1ULL << i;
        /* the inner filter of a folded "!(...)" is never folded itself:
         * any order gives the same mask */
        for (uint64_t f = fold_not; f; f &= f - 1) {
            int i = __builtin_ctzll(f);
            if ((m >> c->filter[i].not_filter) & 1) m &= ~(1ULL << i);
        }
        int cl = k ? c->hold_class[k - 1] : 0; /* neighbours often share one */
        if (cl >= nclasses || c->hold_mask[cl] != m)
            for (cl = 0; cl < nclasses && c->hold_mask[cl] != m; cl++) continue;
        if (cl == nclasses) c->hold_mask[nclasses++] = m;
        c->hold_class[k] = (uint16_t)cl;
    }
}

/* The rules' conjunctions compiled to masks, and side by side in
 * alt_mask. */
static void index_rules(convention *c)
{
    c->later_rules = c->slow_rules = c->rules_always = 0;
    c->nalt_masks = 0;
    for (int i = 0; i < c->nrules; i++) {
        suit_rule *r = &c->rule[i];
        if (r->nalts == 0) c->rules_always |= 1ULL << i;
        for (int a = 0; a < r->nalts; a++) {
            cond_conj *cj = &r->alt[a];
            compile_conj(cj);
            if (cj->slow) c->slow_rules |= 1ULL << i;
            c->alt_mask[c->nalt_masks++] =
                (struct alt_masks){.some = cj->some, .none = cj->none, .all = cj->all, .t_ok = cj->t_ok, .rule = (uint8_t)i};
        }
        if (r->sel != SEL_RANDOM && r->sel != SEL_AS && r->sel != SEL_DD_BEST) c->later_rules |= 1ULL << i;
        struct rule_pick *pk = &c->pick[i];
        *pk = (struct rule_pick){.sel = r->sel, .filter = r->filter, .avoid = r->avoid, .only = r->only,
                                 .card = r->card, .card_rank = r->card_rank, .param = r->param, .nkeys = r->nkeys};
        memcpy(pk->keys, r->keys, sizeof pk->keys);
    }
    for (int t = 0; t < 16; t++) {
        c->t_nalts[t] = 0;
        for (int k = 0; k < c->nalt_masks; k++)
            if ((c->alt_mask[k].t_ok >> t) & 1) c->t_alts[t][c->t_nalts[t]++] = (uint8_t)k;
    }
}

/* ---- the suit class: what suit_choose (lead_suit.c) reads of c, as bytes ---- */

#define PUT(b, x) le_put_bytes(b, &(x), sizeof(x))

/* Every field suit_choose and its callees read, field by field (no
 * padding bytes): two conventions with the same bytes choose the same
 * rule, suit and card on every hand. */
static void suit_choice_bytes(const convention *c, le_out *b)
{
    PUT(b, c->facts);
    PUT(b, c->filter_play);
    PUT(b, c->filter_seen_used);
    PUT(b, c->filter_all_suits);
    le_put_bytes(b, c->filter_flags, sizeof c->filter_flags);
    if (c->filter_seen_used) le_put_bytes(b, c->filter_seen, sizeof c->filter_seen);
    PUT(b, c->nnot);
    for (int k = 0; k < c->nnot; k++) {
        PUT(b, c->not_order[k]);
        PUT(b, c->filter[c->not_order[k]].not_filter);
    }
    le_put_bytes(b, c->hold_class, sizeof c->hold_class);
    uint16_t nclasses = 0;
    for (int k = 0; k < 8192; k++)
        if (c->hold_class[k] >= nclasses) nclasses = (uint16_t)(c->hold_class[k] + 1);
    le_put_bytes(b, c->hold_mask, nclasses * sizeof c->hold_mask[0]);
    PUT(b, c->rules_always);
    PUT(b, c->slow_rules);
    PUT(b, c->nalt_masks);
    for (int k = 0; k < c->nalt_masks; k++) {
        const struct alt_masks *a = &c->alt_mask[k];
        PUT(b, a->some);
        PUT(b, a->none);
        PUT(b, a->all);
        PUT(b, a->t_ok);
        PUT(b, a->rule);
    }
    PUT(b, c->nrules);
    for (int i = 0; i < c->nrules; i++) {
        const suit_rule *r = &c->rule[i];
        PUT(b, r->nalts);
        PUT(b, r->sel);
        PUT(b, r->filter);
        PUT(b, r->avoid);
        PUT(b, r->only);
        PUT(b, r->nkeys);
        le_put_bytes(b, r->keys, r->nkeys);
        PUT(b, r->param);
        PUT(b, r->as);
        PUT(b, r->card);
        PUT(b, r->card_rank);
        for (int a = 0; a < r->nalts; a++) {
            const cond_conj *cj = &r->alt[a];
            PUT(b, cj->slow);
            for (unsigned m = cj->slow; m; m &= m - 1) {
                const hand_cond *hc = &cj->term[__builtin_ctz(m)];
                PUT(b, hc->kind);
                PUT(b, hc->neg);
                PUT(b, hc->filter);
                PUT(b, hc->shape);
                PUT(b, hc->ok);
            }
        }
    }
}

/* The suit choices met in this process, each kept once (a few tens of
 * KiB each, as many as distinct tables compiled); class k + 1 is
 * known[k]. */
static struct {
    unsigned char **bytes;
    size_t *len;
    uint32_t n, cap;
} known;
static pthread_mutex_t known_lock = PTHREAD_MUTEX_INITIALIZER;

/* c's suit class; 0 (shared with no other) when memory runs out. */
static uint32_t suit_class_of(const convention *c)
{
    le_out b = {0};
    suit_choice_bytes(c, &b);
    uint32_t cl = 0;
    pthread_mutex_lock(&known_lock);
    for (uint32_t k = 0; !b.failed && k < known.n && !cl; k++)
        if (known.len[k] == b.len && memcmp(known.bytes[k], b.buf, b.len) == 0) cl = k + 1;
    if (!cl && !b.failed && known.n == known.cap) {
        uint32_t cap = known.cap ? 2 * known.cap : 16;
        unsigned char **nb = realloc(known.bytes, cap * sizeof *nb);
        if (nb) known.bytes = nb;
        size_t *nl = realloc(known.len, cap * sizeof *nl);
        if (nl) known.len = nl;
        if (nb && nl) known.cap = cap;
    }
    if (!cl && !b.failed && known.n < known.cap) {
        known.bytes[known.n] = b.buf;
        known.len[known.n] = b.len;
        cl = ++known.n;
        b.buf = NULL; /* kept */
    }
    pthread_mutex_unlock(&known_lock);
    free(b.buf);
    return cl;
}

void convention_index_filters(convention *c)
{
    memset(c->filter_flags, 0, sizeof c->filter_flags);
    c->filter_all_suits = 0;
    c->filter_play = false;
    c->filter_seen_used = false;
    for (int i = 0; i < c->nfilters; i++) {
        const suit_filter *f = &c->filter[i];
        uint64_t bit = 1ULL << i;
        for (unsigned fl = 0; fl < (1u << HF_BITS); fl++)
            if ((fl & f->flags_on) == f->flags_on && !(fl & f->flags_off)) c->filter_flags[fl] |= bit;
        if (f->all_suits) c->filter_all_suits |= bit;
        if ((f->flags_on | f->flags_off) & (HF_ESTABLISHED | HF_REENTRY)) c->filter_play = true;
        if (f->nseen_some || f->seen_none) c->filter_seen_used = true;
    }
    /* The play-state tests by the suit's SEEN_* bits: a filter passes when
     * each of its seen_some masks meets them and seen_none does not. */
    if (c->filter_seen_used)
        for (unsigned v = 0; v < (1u << SEEN_BITS); v++) {
            uint64_t m = 0;
            for (int i = 0; i < c->nfilters; i++) {
                const suit_filter *f = &c->filter[i];
                bool ok = !(v & f->seen_none);
                for (int k = 0; k < f->nseen_some && ok; k++) ok = v & f->seen_some[k];
                if (ok) m |= 1ULL << i;
            }
            c->filter_seen[v] = m;
        }
    index_holdings(c);
    index_rules(c);
    c->suit_class = suit_class_of(c);
}
