/* convention_index.c -- the last step of compiling a convention: its suit
 * filters as bit masks by holding, by hand-fact flags and by play-state
 * bits, and its rules' conditions as masks (convention_model.h), so that a
 * suit choice (lead_suit.c) tests every filter with a few table reads. */
#include <string.h>
#include "analyze/lead/convention_compile.h"

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

void convention_index_filters(convention *c)
{
    const holding_info *tab = holding_table();
    memset(c->filter_hold, 0, sizeof c->filter_hold);
    memset(c->filter_flags, 0, sizeof c->filter_flags);
    c->filter_all_suits = 0;
    c->filter_play = false;
    c->filter_seen_used = false;
    c->nnot = 0;
    for (int i = 0; i < c->nfilters; i++) {
        const suit_filter *f = &c->filter[i];
        uint64_t bit = 1ULL << i;
        for (unsigned k = 0; k < 8192; k++)
            if (holding_passes(c, f, &tab[k], (uint16_t)(k << 2))) c->filter_hold[k] |= bit;
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
    /* A "!(...)" filter is parsed after the filter holding it: descending
     * index order settles the inner one first. An inner filter that tests
     * the holding alone (no flags, no "!(...)" of its own; it is open to
     * trumps) is folded into filter_hold; the others are settled per
     * suit choice (not_order). */
    for (int i = c->nfilters - 1; i >= 0; i--) {
        int sub = c->filter[i].not_filter;
        if (sub < 0) continue;
        const suit_filter *g = &c->filter[sub];
        bool holding_only = !g->flags_on && !g->flags_off && g->not_filter < 0 && !g->nseen_some && !g->seen_none;
        for (unsigned k = 0; holding_only && k < 8192; k++)
            if ((c->filter_hold[k] >> sub) & 1) c->filter_hold[k] &= ~(1ULL << i);
        if (!holding_only) c->not_order[c->nnot++] = (int8_t)i;
    }
    c->later_rules = c->slow_rules = 0;
    for (int i = 0; i < c->nrules; i++) {
        suit_rule *r = &c->rule[i];
        for (int a = 0; a < r->nalts; a++) {
            compile_conj(&r->alt[a]);
            if (r->alt[a].slow) c->slow_rules |= 1ULL << i;
        }
        if (r->sel != SEL_RANDOM && r->sel != SEL_AS && r->sel != SEL_DD_BEST) c->later_rules |= 1ULL << i;
    }
}
