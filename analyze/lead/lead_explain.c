/* lead_explain.c -- one-line glosses of rules and card rows for `whistlab
 * lead --explain`: a [suit] rule's comment and text, a card row described
 * from its compiled columns. Not on any hot path. */
#include <stdio.h>
#include <string.h>
#include "analyze/lead/lead_impl.h"

#define RB(r) (1u << (r))

static void ranks_text(uint16_t m, char *buf, size_t len)
{
    size_t k = 0;
    buf[0] = 0;
    for (int r = RANK_A; r >= 2 && k + 3 < len; r--)
        if (m & RB(r)) {
            if (k) buf[k++] = ' ';
            buf[k++] = RANK_CHARS[r];
            buf[k] = 0;
        }
}

static void lengths_text(uint16_t ok, char *buf, size_t len)
{
    int lo = __builtin_ctz(ok), hi = 31 - __builtin_clz(ok);
    if (ok == 0x3FFE || (lo <= 1 && hi == 13)) snprintf(buf, len, "any length");
    else if (hi == 13) snprintf(buf, len, "%d+ cards", lo);
    else if (lo == hi) snprintf(buf, len, "%d card%s", lo, lo == 1 ? "" : "s");
    else snprintf(buf, len, "%d-%d cards", lo, hi);
}

static void first_text(const convention *c, const card_row *r, char *buf, size_t len)
{
    switch (r->first) {
    case CX_RANK: snprintf(buf, len, "the %c", RANK_CHARS[r->first_rank]); break;
    case CX_TOP: snprintf(buf, len, "the top card"); break;
    case CX_LOWEST: snprintf(buf, len, "the lowest"); break;
    case CX_FOURTH: snprintf(buf, len, "the 4th best"); break;
    case CX_PENULT: snprintf(buf, len, "the penultimate card"); break;
    case CX_LOW: snprintf(buf, len, "the lowest of four, the penultimate of five or more"); break;
    case CX_SEQLOW: snprintf(buf, len, "the lowest of the run from the %c", RANK_CHARS[r->first_rank]); break;
    case CX_TABLE: snprintf(buf, len, "as the [%s] rows say", c->table[r->first_rank]->name); break;
    default: buf[0] = 0; break;
    }
}

static void second_text(const card_row *r, char *buf, size_t len)
{
    char what[48];
    switch (r->second) {
    case SX_RANK: snprintf(what, sizeof what, "the %c", RANK_CHARS[r->second_rank]); break;
    case SX_LOWEST: snprintf(what, sizeof what, "the lowest"); break;
    case SX_FOURTH: snprintf(what, sizeof what, "the original 4th best"); break;
    case SX_UP: snprintf(what, sizeof what, "the next card up"); break;
    case SX_SEQLOW: snprintf(what, sizeof what, "the lowest of the run from the %c", RANK_CHARS[r->second_rank]); break;
    case SX_STOP: snprintf(buf, len, "then wait until another player leads the suit (in trumps: stop drawing)"); return;
    default: snprintf(buf, len, "then the continuation rules"); return;
    }
    if (r->second_while)
        snprintf(buf, len, "then %s while the %c is out", what, RANK_CHARS[r->second_while]);
    else
        snprintf(buf, len, "then %s", what);
}

static void row_text(const convention *c, const card_row *r, char *buf, size_t len)
{
    char has[32], lacks[48], n[24], first[64], second[80], cond[96] = "";
    ranks_text(r->has, has, sizeof has);
    ranks_text(r->lacks, lacks, sizeof lacks);
    for (int g = 0; g < r->nnotall; g++) {
        char grp[32];
        ranks_text(r->notall[g], grp, sizeof grp);
        snprintf(lacks + strlen(lacks), sizeof lacks - strlen(lacks), "%snot all of %s",
                 lacks[0] ? ", " : "", grp);
    }
    lengths_text(r->n_ok, n, sizeof n);
    first_text(c, r, first, sizeof first);
    second_text(r, second, sizeof second);
    if (r->trumps == 1) snprintf(cond, sizeof cond, ", in trumps");
    else if (r->trumps == 0) snprintf(cond, sizeof cond, ", in a plain suit");
    if (r->ctx && r->t_ok != 0x3FFF) {
        int lo = __builtin_ctz(r->t_ok);
        snprintf(cond + strlen(cond), sizeof cond - strlen(cond), ", with %d+ trumps", lo);
    }
    if (r->turnup_ok) {
        char tu[16];
        ranks_text(r->turnup_ok, tu, sizeof tu);
        snprintf(cond + strlen(cond), sizeof cond - strlen(cond), ", the %s turned up", tu);
    }
    if (r->rule_ok) snprintf(cond + strlen(cond), sizeof cond - strlen(cond), ", when that suit rule chose the suit");
    snprintf(buf, len, "%s%s%s%s, %s%s: %s, %s", has[0] ? "holding " : "any holding", has,
             lacks[0] ? " without " : "", lacks, n, cond, first, second);
}

static void rule_line(const suit_rule *r, char *buf, size_t len)
{
    if (r->gloss[0]) snprintf(buf, len, "%s [%s]", r->gloss, r->text);
    else snprintf(buf, len, "%s", r->text);
}

static const char *const EXPR_NAMES[] = {
    [CX_RANK] = "the named card", [CX_TOP] = "the top card", [CX_LOWEST] = "the lowest",
    [CX_FOURTH] = "the 4th best", [CX_PENULT] = "the penultimate card", [CX_LOW] = "Hogarth's low card",
    [CX_SEQLOW] = "the lowest of the run", [CX_TABLE] = "",
};

void lead_explain(const convention *c, const lead_view *v, char *suit_line, char *card_line, size_t len)
{
    suit_line[0] = card_line[0] = 0;
    if (c->dd_best) {
        snprintf(suit_line, len, "chosen by the double-dummy evaluation");
        return;
    }
    hand_facts f;
    hand_facts_opening(&f, c->facts, v->hand, v->trump, v->turnup);
    int suit;
    card_t card;
    int ri = suit_choose(c, &f, v, &suit, &card);
    if (ri < 0) {
        snprintf(suit_line, len, "no rule fired: the fallback C7 (a master, else the lowest of the longest suit)");
        return;
    }
    const suit_rule *r = &c->rule[ri];
    rule_line(r, suit_line, len);
    if (r->sel == SEL_AS) {
        char inner[512], inner_card[512];
        lead_explain(r->as, v, inner, inner_card, sizeof inner);
        lead_choice ch;
        lead_choose(r->as, v, &ch);
        size_t k = strlen(suit_line);
        snprintf(suit_line + k, len - k, "; %s %s: %s", r->as->name, ch.suit_rule, inner);
        snprintf(card_line, len, "%s", inner_card);
        return;
    }
    if (card != CARD_NONE) {
        if (r->card >= 0 && r->card != CX_RANK)
            snprintf(card_line, len, "the rule names the card: %s", EXPR_NAMES[r->card]);
        return;
    }
    lead_choice ch;
    const card_row *row;
    const suit_rule *rule;
    lead_opening(c, v, &ch, &row, &rule, NULL);
    if (!row) return;
    const convention *owner = c;
    char text[256];
    row_text(owner, row, text, sizeof text);
    if (row->gloss[0]) snprintf(card_line, len, "%s [%s]", row->gloss, text);
    else snprintf(card_line, len, "%s", text);
}
