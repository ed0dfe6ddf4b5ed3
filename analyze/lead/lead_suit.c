/* lead_suit.c -- the opening lead: the convention's [suit] rules evaluated
 * over the hand facts (RULES.md §3.2, §5-§8), then the card from the card
 * tables (lead_card.c). Allocation-free: everything here reads the compiled
 * convention and a hand_facts on the stack. */
#include <string.h>
#include "analyze/lead/lead_impl.h"

/* One suit choice: the facts and, per suit, the filters that pass. */
typedef struct {
    const convention *c;
    const hand_facts *f;
    uint64_t pass[4];
    uint64_t any, all_plain; /* passing for some suit / for every plain suit */
} suit_eval;

/* The filters that pass for each suit. general: the convention may have
 * play-state tests, "!(...)" filters settled per suit or filters on
 * established and re-entry (a constant in each of eval_init's two calls, so
 * that the conventions without any -- most -- test none of them suit by
 * suit). */
static inline __attribute__((always_inline)) void eval_fill(suit_eval *e, const convention *c, const hand_facts *f,
                                                            bool general)
{
    e->c = c;
    e->f = f;
    uint64_t any = 0, all_plain = ~0ULL;
    for (int s = 0; s < 4; s++) {
        uint16_t flags = general && c->filter_play ? hand_facts_flags(f, s) : f->flags[s];
        uint64_t m = c->hold_mask[c->hold_class[(f->hold[s] >> 2) & 0x1FFF]] & c->filter_flags[flags & ((1u << HF_BITS) - 1)];
        if (general && c->filter_seen_used) m &= c->filter_seen[f->seen[s] & ((1u << SEEN_BITS) - 1)];
        if (s == f->trump) m &= c->filter_all_suits;
        for (int k = 0; general && k < c->nnot; k++) {
            int i = c->not_order[k];
            if ((m >> c->filter[i].not_filter) & 1) m &= ~(1ULL << i);
        }
        e->pass[s] = m;
        any |= m;
        if (s != f->trump) all_plain &= m;
    }
    e->any = any;
    e->all_plain = all_plain;
}

static inline __attribute__((always_inline)) void eval_init(suit_eval *e, const convention *c, const hand_facts *f)
{
    if (!c->nfilters) *e = (suit_eval){.c = c, .f = f}; /* no filter passes anywhere (random, dd-best) */
    else if (c->filter_seen_used || c->nnot || (c->filter_play && f->play_pending)) eval_fill(e, c, f, true);
    else eval_fill(e, c, f, false);
}

static bool passes(const suit_eval *e, int fi, int s) { return (e->pass[s] >> fi) & 1; }

static bool est_reentry(const hand_facts *f)
{
    for (int s = 0; s < 4; s++) {
        if (s == f->trump || !(hand_facts_flags(f, s) & HF_ESTABLISHED)) continue;
        for (int r = 0; r < 4; r++)
            if (r != s && r != f->trump && (hand_facts_flags(f, r) & HF_REENTRY)) return true;
    }
    return false;
}

/* A term that compile_conj left slow. */
static bool cond_holds(const suit_eval *e, const hand_cond *hc)
{
    const hand_facts *f = e->f;
    uint64_t bit = hc->filter >= 0 ? 1ULL << hc->filter : 0;
    bool v = false;
    switch (hc->kind) {
    case HC_HCP: v = (hc->ok >> hand_facts_hcp(f, e->c->facts)) & 1; break;
    case HC_ALL: v = e->all_plain & bit; break;
    case HC_TRUMP: v = f->trump >= 0 && (e->pass[f->trump] & bit); break;
    case HC_SHAPE: v = hand_facts_shape(f) == hc->shape; break;
    case HC_STRONG_ALL_PLAIN:
        v = true;
        for (int s = 0; s < 4 && v; s++)
            if (s != f->trump) v = f->flags[s] & HF_STRONG;
        break;
    case HC_EST_REENTRY: v = est_reentry(f); break;
    case HC_TURNUP_TENACE: v = f->turnup_tenace; break;
    default: v = false; break;
    }
    return v != hc->neg;
}

/* cj's terms that compile_conj turned into masks hold (1) or not (0),
 * computed without branches. */
static unsigned conj_masks_hold(const suit_eval *e, const cond_conj *cj)
{
    return (unsigned)((cj->t_ok >> e->f->t) & 1) & ((e->any & cj->some) == cj->some) & !(e->any & cj->none) &
           ((e->all_plain & cj->all) == cj->all);
}

static bool conj_holds(const suit_eval *e, const cond_conj *cj)
{
    if (!conj_masks_hold(e, cj)) return false;
    for (unsigned m = cj->slow; m; m &= m - 1)
        if (!cond_holds(e, &cj->term[__builtin_ctz(m)])) return false;
    return true;
}

static bool rule_applies(const suit_eval *e, const suit_rule *r)
{
    if (r->nalts == 0) return true;
    for (int a = 0; a < r->nalts; a++)
        if (conj_holds(e, &r->alt[a])) return true;
    return false;
}

/* The rules whose mask tests pass (bit i), all in one pass over the
 * conjunctions that allow the hand's trumps (t_alts) whose only branches
 * are the loop's: testing rule after rule, each "does it apply?" a branch
 * the predictor cannot learn, cost more than the tests. A rule with slow
 * terms still needs rule_applies when its turn comes. */
static uint64_t rules_passing(const suit_eval *e)
{
    const convention *c = e->c;
    uint64_t m = c->rules_always, any = e->any, all_plain = e->all_plain;
    unsigned t = (unsigned)e->f->t;
    if (t >= 16) return m; /* no t_ok allows it */
    const uint8_t *alt = c->t_alts[t];
    for (int k = 0; k < c->t_nalts[t]; k++) {
        const struct alt_masks *a = &c->alt_mask[alt[k]];
        unsigned ok = ((any & a->some) == a->some) & !(any & a->none) & ((all_plain & a->all) == a->all);
        m |= (uint64_t)ok << a->rule;
    }
    return m;
}

/* m less the suits passing filter avoid (-1: none), unless that would
 * leave nothing. */
static unsigned avoiding(const suit_eval *e, unsigned m, int avoid)
{
    if (avoid < 0) return m;
    unsigned keep = m;
    for (int s = 0; s < 4; s++)
        if (((m >> s) & 1) && passes(e, avoid, s)) keep &= ~(1u << s);
    return keep ? keep : m;
}

/* Candidate mask: non-void suits passing filter fi, less those passing
 * avoid unless nothing else would remain. */
static unsigned candidates(const suit_eval *e, int fi, int avoid)
{
    const hand_facts *f = e->f;
    unsigned m = 0;
    for (int s = 0; s < 4; s++)
        if (f->n[s] && (fi < 0 ? s != f->trump : passes(e, fi, s))) m |= 1u << s;
    return avoiding(e, m, avoid);
}

/* The best suit of mask m by the order keys of a pick, packed into one
 * integer per suit (bigger is better: the ranks take 15 bits, every other
 * key 4 bits), key by key for the four suits at once; ties go to the
 * earlier suit in TB order. */
static int best_of(unsigned m, const uint8_t *keys, int nkeys, const hand_facts *f)
{
    if (!(m & (m - 1))) return m ? __builtin_ctz(m) : -1; /* one candidate: no keys to compare */
    uint64_t k[4] = {0, 0, 0, 0};
    for (int i = 0; i < nkeys; i++) {
#define EACH(shift, value)                                                                                             \
    for (int s = 0; s < 4; s++) k[s] = k[s] << (shift) | (uint64_t)(value)
        switch (keys[i]) {
        case KEY_LONG: EACH(4, f->n[s]); break;
        case KEY_SHORT: EACH(4, 15 - f->n[s]); break;
        case KEY_HC: EACH(4, f->hc[s]); break;
        case KEY_RANKS: EACH(15, f->hold[s]); break;
        case KEY_TOP: EACH(4, f->top[s]); break;
        case KEY_LOWTOP: EACH(4, 15 - f->top[s]); break;
        case KEY_H2: EACH(4, f->h2[s]); break;
        case KEY_PLAIN: EACH(4, s != f->trump); break;
        case KEY_PLAINTOP: EACH(4, f->top[s] < RANK_K); break;
        default: break;
        }
#undef EACH
    }
    int best = __builtin_ctz(m);
    for (unsigned rest = m & (m - 1); rest; rest &= rest - 1) {
        int s = __builtin_ctz(rest);
        if (k[s] > k[best]) best = s;
    }
    return best;
}

/* LS-A4*: L = SK-max plain suit of >= 4; if n(L) = 5, the STR-max 4-card F
 * with hc(F) >= hc(L) + margin (foster L1499-1507, Q1). */
static int five_vs_four(const suit_eval *e, const struct rule_pick *r)
{
    static const uint8_t SK[] = {KEY_LONG, KEY_HC, KEY_RANKS}, STR[] = {KEY_HC, KEY_RANKS};
    const hand_facts *f = e->f;
    unsigned m = 0;
    for (int s = 0; s < 4; s++)
        if (s != f->trump && f->n[s] >= 4) m |= 1u << s;
    m = avoiding(e, m, r->avoid);
    int L = best_of(m, SK, 3, f);
    if (L < 0 || f->n[L] != 5) return -1;
    unsigned four = 0;
    for (int s = 0; s < 4; s++)
        if (((m >> s) & 1) && f->n[s] == 4 && f->hc[s] >= f->hc[L] + r->param) four |= 1u << s;
    return best_of(four, STR, 2, f);
}

/* False when rule r is a pick whose filter no suit passes: it selects
 * nothing (select_suit's -1), known before its conditions are tested. Many
 * picks of a table are such on a given hand. */
static bool can_pick(const suit_eval *e, const struct rule_pick *r)
{
    return r->sel != SEL_PICK || r->filter < 0 || ((e->any >> r->filter) & 1);
}

/* The suit rule r selects, or -1. */
static int select_suit(const suit_eval *e, const struct rule_pick *r)
{
    const hand_facts *f = e->f;
    int s = -1;
    switch (r->sel) {
    case SEL_TRUMPS: s = f->trump >= 0 && f->n[f->trump] ? f->trump : -1; break;
    case SEL_PICK: s = best_of(candidates(e, r->filter, r->avoid), r->keys, r->nkeys, f); break;
    case SEL_FIVE_VS_FOUR: s = five_vs_four(e, r); break;
    default: return -1;
    }
    if (s >= 0 && r->only >= 0 && !passes(e, r->only, s)) s = -1;
    return s;
}

int suit_choose_later(const convention *c, const hand_facts *f, int *suit_out)
{
    suit_eval e;
    eval_init(&e, c, f);
    for (uint64_t m = rules_passing(&e) & c->later_rules; m; m &= m - 1) {
        int i = __builtin_ctzll(m);
        const struct rule_pick *r = &c->pick[i];
        if (!can_pick(&e, r) || ((c->slow_rules >> i & 1) && !rule_applies(&e, &c->rule[i]))) continue;
        int s = select_suit(&e, r);
        if (s < 0) continue;
        if (r->card >= 0 && !card_expr_rank((uint8_t)r->card, r->card_rank, f->hold[s])) continue;
        *suit_out = s;
        return i;
    }
    *suit_out = -1;
    return -1;
}

/* §8.2 random: the k-th card of the hand sorted by TB suit order, then rank
 * high to low; k from splitmix64 with rejection sampling (normative), its
 * state from the seed and the deal's key, not its position (issue 25 item
 * 20: deal i of every file drew the same k). */
static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static card_t random_card(const lead_view *v)
{
    uint64_t n = (uint64_t)hand_count(v->hand);
    if (n == 0) return CARD_NONE;
    uint64_t s = v->seed ^ (0x9E3779B97F4A7C15ULL * (v->deal_key + 1));
    uint64_t lim = (UINT64_MAX / n) * n, u;
    do u = splitmix64(&s);
    while (u >= lim);
    uint64_t k = u % n;
    for (int suit = 0; suit < 4; suit++) {
        unsigned ranks = hand_suit(v->hand, suit);
        uint64_t count = (uint64_t)hand_suit_len(v->hand, suit);
        if (k >= count) {
            k -= count;
            continue;
        }
        for (; k; k--) ranks &= ~(1u << (31 - __builtin_clz(ranks))); /* drop the k highest */
        return card_make(suit, 31 - __builtin_clz(ranks));
    }
    return CARD_NONE;
}

int suit_choose(const convention *c, const hand_facts *f, const lead_view *v,
                int *suit_out, card_t *card_out)
{
    *card_out = CARD_NONE;
    suit_eval e;
    eval_init(&e, c, f);
    for (uint64_t m = rules_passing(&e); m; m &= m - 1) {
        int i = __builtin_ctzll(m);
        const struct rule_pick *r = &c->pick[i];
        if (!can_pick(&e, r) || ((c->slow_rules >> i & 1) && !rule_applies(&e, &c->rule[i]))) continue;
        if (r->sel == SEL_RANDOM) {
            *card_out = random_card(v);
            if (*card_out == CARD_NONE) continue;
            *suit_out = card_suit(*card_out);
            return i;
        }
        if (r->sel == SEL_AS || r->sel == SEL_DD_BEST) {
            *suit_out = -1;
            return i;
        }
        int s = select_suit(&e, r);
        if (s < 0) continue;
        if (r->card >= 0) {
            int rank = card_expr_rank((uint8_t)r->card, r->card_rank, f->hold[s]);
            if (!rank) continue;
            *card_out = card_make(s, rank);
        }
        *suit_out = s;
        return i;
    }
    *suit_out = -1;
    return -1;
}

/* Ids live in zero-filled CONV_ID_MAX arrays: copied whole, no strlen. */
static void set_id(char dst[CONV_ID_MAX], const char src[CONV_ID_MAX])
{
    memcpy(dst, src, CONV_ID_MAX);
}

/* C7 at trick 1, for a table whose rules all fail: the master (an A) of
 * a plain suit in TB order, then of trumps; else the lowest card of the
 * SK-max plain suit; else the lowest trump. */
static card_t fallback_card(const hand_facts *f)
{
    for (int k = 0; k < 5; k++) {
        int s = k < 4 ? k : f->trump;
        if (s < 0 || (k < 4 && s == f->trump)) continue;
        if (f->hold[s] & (1u << RANK_A)) return card_make(s, RANK_A);
    }
    int best = -1;
    for (int s = 0; s < 4; s++)
        if (s != f->trump && f->n[s] && (best < 0 || hand_facts_sk(f, s) > hand_facts_sk(f, best))) best = s;
    if (best < 0) best = f->trump;
    return best >= 0 && f->hold[best] ? card_make(best, ranks_low(f->hold[best])) : CARD_NONE;
}

/* suit_choose's answer: the rule (-1: none applies), the suit and the card
 * it names. */
typedef struct {
    int rule, suit;
    card_t card;
} suit_pick;

/* The suit choices made on one hand's facts (facts: the table they were
 * worked out with), kept by suit class (convention_model.h) for the
 * conventions that choose alike: a lead_choose_each call's, and those of
 * the conventions its as(...) rows name. As many as fit, then each is made
 * anew. */
#define KEPT_PICKS 8
typedef struct {
    const holding_info *facts;
    int n;
    uint32_t suit_class[KEPT_PICKS];
    suit_pick pick[KEPT_PICKS];
} pick_memo;

/* c's suit choice on f: the one memo keeps for its class, else made here
 * (into own) and kept. memo may be NULL. */
static const suit_pick *pick_suit(const convention *c, const hand_facts *f, const lead_view *v, pick_memo *memo,
                                  suit_pick *own)
{
    for (int k = 0; memo && k < memo->n; k++)
        if (memo->suit_class[k] == c->suit_class) return &memo->pick[k];
    own->rule = suit_choose(c, f, v, &own->suit, &own->card);
    if (memo && c->suit_class && memo->n < KEPT_PICKS) {
        memo->suit_class[memo->n] = c->suit_class;
        memo->pick[memo->n++] = *own;
    }
    return own;
}

/* lead_opening over the facts f of v's hand (hand_facts_opening with
 * c->facts) and the suit choice p that suit_choose made on them; memo
 * (may be NULL) holds choices made on f. */
static int opening_from_pick(const convention *c, const lead_view *v, const hand_facts *f, const suit_pick *p,
                             pick_memo *memo, lead_choice *out, const card_row **row_out, const suit_rule **rule_out,
                             lead_lookup *lookup)
{
    *row_out = NULL;
    *rule_out = NULL;
    if (lookup) lookup->held = 0;
    int ri = p->rule, suit = p->suit;
    card_t card = p->card;
    if (ri < 0) {
        out->card = fallback_card(f);
        static const char C7[CONV_ID_MAX] = "C7";
        set_id(out->suit_rule, C7);
        set_id(out->card_rule, C7);
        return out->card == CARD_NONE ? -1 : 0;
    }
    const suit_rule *r = &c->rule[ri];
    if (r->sel == SEL_AS) {
        /* the other convention's lead on the same facts, its choice kept */
        const convention *as = r->as;
        suit_pick own;
        if (memo && as->facts == memo->facts && !as->dd_best) {
            if (opening_from_pick(as, v, f, pick_suit(as, f, v, memo, &own), memo, out, row_out, rule_out, NULL) < 0)
                return -1;
        } else if (lead_opening(as, v, out, row_out, rule_out, NULL) < 0) {
            return -1;
        }
        set_id(out->suit_rule, r->id);
        return 0;
    }
    *rule_out = r;
    set_id(out->suit_rule, r->id);
    if (card != CARD_NONE) {
        out->card = card;
        set_id(out->card_rule, r->id);
        return 0;
    }
    int turnup_rank = v->turnup != CARD_NONE && f->trump >= 0 && card_suit(v->turnup) == f->trump
                          ? card_rank(v->turnup) : 0;
    out->card = card_for_suit(c, f, suit, ri, turnup_rank, out->card_rule, row_out, lookup);
    if (lookup) lookup->opening = true;
    return 0;
}

int lead_opening(const convention *c, const lead_view *v, lead_choice *out,
                 const card_row **row_out, const suit_rule **rule_out, lead_lookup *lookup)
{
    *row_out = NULL;
    *rule_out = NULL;
    if (lookup) lookup->held = 0;
    if (c->dd_best) return -1;
    hand_facts f;
    hand_facts_opening(&f, c->facts, v->hand, v->trump, v->turnup);
    suit_pick own;
    return opening_from_pick(c, v, &f, pick_suit(c, &f, v, NULL, &own), NULL, out, row_out, rule_out, lookup);
}

int lead_choose(const convention *c, const lead_view *v, lead_choice *out)
{
    const card_row *row;
    const suit_rule *rule;
    return lead_opening(c, v, out, &row, &rule, NULL);
}

int lead_choose_each(const convention *const conv[], int n, const lead_view *v, lead_choice out[])
{
    hand_facts f;
    pick_memo memo; /* memo.facts: the table f was worked out with; only its first n choices are read */
    memo.facts = NULL;
    memo.n = 0;
    for (int i = 0; i < n; i++) {
        const convention *c = conv[i];
        if (!c) continue;
        if (c->dd_best) return i;
        if (c->facts != memo.facts) {
            hand_facts_opening(&f, c->facts, v->hand, v->trump, v->turnup);
            memo.facts = c->facts; /* the choices kept were made on other facts */
            memo.n = 0;
        }
        suit_pick own;
        const card_row *row;
        const suit_rule *rule;
        if (opening_from_pick(c, v, &f, pick_suit(c, &f, v, &memo, &own), &memo, &out[i], &row, &rule, NULL) < 0)
            return i;
    }
    return -1;
}
