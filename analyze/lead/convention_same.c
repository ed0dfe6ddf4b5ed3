/* convention_same.c -- what two compiled conventions have in common: their
 * suit rules, card tables, [continue] and [return] steps, and how many
 * [later] procedures they run alike from the start. The duplicate replay
 * (sd_duplicate.c) uses it to play a decision once for both tables while
 * their play is the same: a lead that read only parts the two conventions
 * share is the same lead under either. Field by field, leaving out what
 * only names or explains a rule (ids, glosses, lines), so the answer is
 * exact. */
#include <string.h>
#include "analyze/lead/convention_model.h"

static bool same_term(const hand_cond *a, const hand_cond *b)
{
    return a->kind == b->kind && a->neg == b->neg && a->filter == b->filter && a->shape == b->shape &&
           a->ok == b->ok;
}

static bool same_rule(const suit_rule *a, const suit_rule *b)
{
    if (a->nalts != b->nalts || a->sel != b->sel || a->filter != b->filter || a->avoid != b->avoid ||
        a->only != b->only || a->nkeys != b->nkeys || a->param != b->param || a->as != b->as ||
        a->card != b->card || a->card_rank != b->card_rank || a->nodraw != b->nodraw)
        return false;
    for (int k = 0; k < a->nkeys; k++)
        if (a->keys[k] != b->keys[k]) return false;
    for (int i = 0; i < a->nalts; i++) {
        if (a->alt[i].nterms != b->alt[i].nterms) return false;
        for (int k = 0; k < a->alt[i].nterms; k++)
            if (!same_term(&a->alt[i].term[k], &b->alt[i].term[k])) return false;
    }
    return true;
}

static bool same_filter(const suit_filter *a, const suit_filter *b)
{
    return a->all_suits == b->all_suits && a->n_ok == b->n_ok && a->hc_ok == b->hc_ok && a->hon_ok == b->hon_ok &&
           a->top_ok == b->top_ok && a->h2_ok == b->h2_ok && a->has == b->has && a->lacks == b->lacks &&
           a->flags_on == b->flags_on && a->flags_off == b->flags_off && a->set == b->set &&
           a->set_neg == b->set_neg && a->not_filter == b->not_filter && a->seen_none == b->seen_none &&
           a->nseen_some == b->nseen_some &&
           memcmp(a->seen_some, b->seen_some, a->nseen_some * sizeof a->seen_some[0]) == 0;
}

/* The suit choice: rules, the filters they name and the pattern sets. */
static bool same_rules(const convention *a, const convention *b)
{
    if (a->nrules != b->nrules || a->nfilters != b->nfilters || a->nsets != b->nsets || a->facts != b->facts)
        return false;
    for (int i = 0; i < a->nrules; i++)
        if (!same_rule(&a->rule[i], &b->rule[i])) return false;
    for (int i = 0; i < a->nfilters; i++)
        if (!same_filter(&a->filter[i], &b->filter[i])) return false;
    for (int i = 0; i < a->nsets; i++)
        if (memcmp(a->set[i], b->set[i], sizeof a->set[i]) != 0) return false;
    return true;
}

static bool same_row(const card_row *a, const card_row *b)
{
    if (a->has != b->has || a->lacks != b->lacks || a->nnotall != b->nnotall || a->n_ok != b->n_ok ||
        a->first != b->first || a->first_rank != b->first_rank || a->second != b->second ||
        a->second_rank != b->second_rank || a->second_while != b->second_while || a->high != b->high ||
        a->ctx != b->ctx || a->t_ok != b->t_ok || a->rule_ok != b->rule_ok || a->turnup_ok != b->turnup_ok ||
        a->trumps != b->trumps)
        return false;
    for (int k = 0; k < a->nnotall; k++)
        if (a->notall[k] != b->notall[k]) return false;
    return true;
}

/* Every card table, in the same order (a row's jump names a table by its
 * index), with the same entry tables. */
static bool same_cards(const convention *a, const convention *b)
{
    if (a->ntables != b->ntables || a->plain_table != b->plain_table || a->trump_table != b->trump_table)
        return false;
    for (int t = 0; t < a->ntables; t++) {
        const card_table *x = a->table[t], *y = b->table[t];
        if (x->nrows != y->nrows || memcmp(x->first_row, y->first_row, sizeof x->first_row) != 0) return false;
        for (int i = 0; i < x->nrows; i++)
            if (!same_row(&x->row[i], &y->row[i])) return false;
    }
    return true;
}

static bool same_step(const conv_step *a, const conv_step *b)
{
    return a->kind == b->kind && a->as == b->as;
}

static bool same_steps(const conv_step *a, int na, const conv_step *b, int nb)
{
    if (na != nb) return false;
    for (int i = 0; i < na; i++)
        if (!same_step(&a[i], &b[i])) return false;
    return true;
}

/* A [later] procedure of ca and one of cb, with the rows C1 and C5 read. */
static bool same_later(const convention *ca, int i, const convention *cb, int j)
{
    const conv_step *a = &ca->later[i], *b = &cb->later[j];
    if (!same_step(a, b)) return false;
    if (a->kind == ST_C5) return memcmp(ca->good_set, cb->good_set, sizeof ca->good_set) == 0;
    if (a->kind != ST_C1) return true;
    if (ca->nanswer != cb->nanswer) return false;
    for (int k = 0; k < ca->nanswer; k++)
        if (!same_row(ca->answer[k], cb->answer[k])) return false;
    return true;
}

unsigned convention_same_parts(const convention *a, const convention *b)
{
    if (a == b) return CONV_PART_ALL;
    unsigned m = 0;
    if (same_rules(a, b)) m |= CONV_PART_RULES;
    if (same_cards(a, b)) m |= CONV_PART_CARDS;
    if (same_steps(a->cont, a->ncont, b->cont, b->ncont)) m |= CONV_PART_CONT;
    if (same_steps(a->ret, a->nret, b->ret, b->nret)) m |= CONV_PART_RET;
    return m;
}

/* Rows that change nothing when they pass: all but C2b (which stops the
 * drawing, D3), C4 (which abandons a suit, D2) and another convention's. */
static bool passes_cleanly(const conv_step *st)
{
    return st->kind != ST_C2B && st->kind != ST_C4 && st->kind != ST_AS;
}

int convention_later_inserted(const convention *a, const convention *b)
{
    int at = convention_later_alike(a, b), k = b->nlater - a->nlater;
    if (at > a->nlater || k <= 0) return 0;
    for (int i = at; i < at + k; i++)
        if (!passes_cleanly(&b->later[i])) return 0;
    for (int i = at; i < a->nlater; i++)
        if (!same_later(a, i, b, i + k)) return 0;
    return k;
}

int convention_later_alike(const convention *a, const convention *b)
{
    int k = 0;
    while (k < a->nlater && k < b->nlater && same_later(a, k, b, k)) k++;
    /* both lists ended together: the fallback after them (C7) is alike too */
    return k == a->nlater && k == b->nlater ? k + 1 : k;
}

/* Two [play] rows decide alike when every test and the action agree; the
 * place they were written (line) and the index of their match table in
 * its owner do not count, the match table's contents do. */
bool play_row_same(const play_row *a, const play_row *b)
{
    if (strcmp(a->id, b->id) != 0 || a->led_ok != b->led_ok || a->n_ok != b->n_ok || a->t_ok != b->t_ok ||
        a->round_ok != b->round_ok || a->has != b->has || a->lacks != b->lacks || a->notall != b->notall ||
        a->outside != b->outside || a->ext_on != b->ext_on || a->ext_off != b->ext_off ||
        a->fact_on != b->fact_on || a->fact_off != b->fact_off || a->nrank != b->nrank || a->beats != b->beats ||
        a->action != b->action || a->arg != b->arg || a->match_neg != b->match_neg || a->buckets != b->buckets ||
        a->active != b->active)
        return false;
    for (int k = 0; k < a->nrank; k++)
        if (a->rank[k].sym != b->rank[k].sym || a->rank[k].ok != b->rank[k].ok) return false;
    if (!a->match_first != !b->match_first) return false;
    return a->match_first == b->match_first || memcmp(a->match_first, b->match_first, 8192) == 0;
}
