/* lead_card.c -- the card within the chosen suit: card-table lookup by
 * holding (RULES.md §3.3-§3.5 and the variants' tables), the next lead of a suit
 * already led (RL0-RL4), returning partner's suit (R1), and the answer to a
 * trump call (analyze/play/RULES.md TM4). */
#include <string.h>
#include "analyze/lead/lead_impl.h"

#define RB(r) (1u << (r))

static void set_id(char dst[CONV_ID_MAX], const char *src)
{
    size_t k = strlen(src);
    if (k >= CONV_ID_MAX) k = CONV_ID_MAX - 1;
    memcpy(dst, src, k);
    dst[k] = 0;
}

int card_expr_rank(uint8_t expr, uint8_t rank, uint16_t h)
{
    if (!h) return 0;
    switch (expr) {
    case CX_RANK: return (h & RB(rank)) ? rank : 0;
    case CX_TOP: return ranks_top(h);
    case CX_LOWEST: return ranks_low(h);
    case CX_FOURTH: return ranks_nth(h, 4);
    case CX_PENULT: return h & (h - 1) ? ranks_low((uint16_t)(h & (h - 1))) : ranks_top(h);
    case CX_LOW: /* hogarth L877-881: the lowest from four or fewer, else the penult */
        return ranks_count(h) <= 4 ? ranks_low(h) : ranks_low((uint16_t)(h & (h - 1)));
    case CX_SEQLOW: return ranks_seqlow(h, rank);
    default: return 0;
    }
}

static bool ctx_ok(const card_row *r, const card_ctx *ctx)
{
    if (!((r->t_ok >> ctx->t) & 1)) return false;
    if (r->rule_ok && (ctx->rule < 0 || !((r->rule_ok >> ctx->rule) & 1))) return false;
    if (r->turnup_ok && (!ctx->turnup_rank || !((r->turnup_ok >> ctx->turnup_rank) & 1))) return false;
    if (r->trumps >= 0 && r->trumps != ctx->trumps) return false;
    return true;
}

const card_row *card_lookup(const convention *c, uint16_t h, const card_ctx *ctx, int *table_out)
{
    int ti = ctx->trumps && c->trump_table >= 0 ? c->trump_table : c->plain_table;
    for (int hops = 0; ti >= 0 && hops <= c->ntables; hops++) {
        const card_table *t = c->table[ti];
        int next = -1, first = t->first_row[(h >> 2) & 0x1FFF];
        for (int i = first; i < t->nrows; i++) {
            const card_row *r = &t->row[i];
            /* the indexed first row is known to hold h */
            if ((i != first && !card_row_holds(r, h)) || (r->ctx && !ctx_ok(r, ctx))) continue;
            if (r->first == CX_TABLE) {
                next = r->first_rank;
                break;
            }
            if (table_out) *table_out = ti;
            return r;
        }
        ti = next;
    }
    return NULL;
}

card_t card_for_lookup(const convention *c, int suit, const lead_lookup *lookup, char card_rule[CONV_ID_MAX],
                       const card_row **row_out)
{
    uint16_t h = lookup->held;
    card_ctx ctx = {.t = lookup->t, .rule = lookup->rule, .turnup_rank = lookup->turnup_rank, .trumps = lookup->trumps};
    const card_row *row = card_lookup(c, h, &ctx, NULL);
    if (row_out) *row_out = row;
    /* The tables are checked complete at load (every holding finds a row), so
     * a missing row means an empty suit: nothing to lead. */
    if (!row || !h) {
        set_id(card_rule, "C7");
        return h ? card_make(suit, ranks_low(h)) : CARD_NONE;
    }
    memcpy(card_rule, row->id, CONV_ID_MAX);
    int rank = card_expr_rank(row->first, row->first_rank, h);
    return card_make(suit, rank ? rank : ranks_low(h));
}

card_t card_for_suit(const convention *c, const hand_facts *f, int suit, int rule,
                     int turnup_rank, char card_rule[CONV_ID_MAX], const card_row **row_out, lead_lookup *lookup)
{
    lead_lookup k = {.held = f->hold[suit], .rule = (int8_t)rule, .t = (uint8_t)f->t, .turnup_rank = (uint8_t)turnup_rank,
                     .trumps = suit == f->trump, .opening = false};
    if (lookup) *lookup = k;
    return card_for_lookup(c, suit, &k, card_rule, row_out);
}

void memo_of(lead_memo *m, const card_row *row, bool high, card_t card, uint16_t original, int trick)
{
    memset(m, 0, sizeof *m);
    m->first = card;
    m->trick = (uint8_t)trick;
    m->original = original;
    m->has_row = row != NULL;
    m->high = row ? row->high : high;
    if (row) {
        m->second = row->second;
        m->second_rank = row->second_rank;
        m->second_while = row->second_while;
    }
}

/* RL0: the row's 2nd card on the suit's 2nd round, if he still holds it. */
static int second_card(const lead_memo *m, uint16_t held, uint16_t played)
{
    if (m->second_while && (played & RB(m->second_while))) return 0; /* "CARD/R": R has fallen: gen */
    int r = 0;
    switch (m->second) {
    case SX_RANK: r = m->second_rank; break;
    case SX_LOWEST: return ranks_low(held);
    case SX_FOURTH: r = ranks_nth(m->original, 4); break;
    case SX_UP: /* the next higher card of the run above the card led (TR2) */
        for (int k = card_rank(m->first) + 1; k <= RANK_A && !r; k++)
            if (held & RB(k)) r = k;
        break;
    case SX_SEQLOW: r = ranks_seqlow(m->original, m->second_rank); break; /* H22: Q J T led Q -> T */
    default: return 0;
    }
    return r && (held & RB(r)) ? r : 0;
}

int lead_second_card(const lead_memo *m, uint16_t held, uint16_t played)
{
    return m->has_row ? second_card(m, held, played) : 0;
}

/* The first step of steps[0..n) that gives a card. */
static int run_steps(const conv_step *steps, int n, const lead_memo *m, uint16_t held,
                     uint16_t played, int round, char id[CONV_ID_MAX])
{
    int master = suit_nth_unplayed(played, 1), second = suit_nth_unplayed(played, 2),
        third = suit_nth_unplayed(played, 3);
    bool opened = m && m->first != CARD_NONE;
    for (int i = 0; i < n; i++) {
        const conv_step *st = &steps[i];
        int r = 0;
        switch (st->kind) {
        case ST_SECOND:
            if (opened && m->has_row && round == 2) r = second_card(m, held, played);
            break;
        case ST_MASTER_LOW:
            if (master && (held & RB(master))) r = ranks_low(suit_group(held, played, master));
            break;
        case ST_PAIR_HIGH:
            if (second && third && (held & RB(second)) && (held & RB(third))) r = second;
            break;
        case ST_ORIG_FOURTH_IF_HIGH:
            if (opened && m->high) {
                int f4 = ranks_nth(m->original, 4);
                r = f4 && (held & RB(f4)) ? f4 : ranks_low(held);
            }
            break;
        case ST_FOURTH_IF_LONG:
            if (opened && ranks_count(m->original) >= 6 && ranks_count(held) >= 4)
                r = ranks_nth(held, 4);
            break;
        case ST_LOWEST: r = ranks_low(held); break;
        case ST_MASTER_HIGH:
            if (master && (held & RB(master))) r = ranks_top(suit_group(held, played, master));
            break;
        case ST_TWO_HIGH:
            if (ranks_count(held) == 2) r = ranks_top(held);
            break;
        case ST_TOP: r = ranks_top(held); break;
        default: break;
        }
        if (r) {
            memcpy(id, st->id, CONV_ID_MAX); /* a zero-filled id array (calloc'ed convention): no strlen */
            return r;
        }
    }
    set_id(id, "lowest");
    return ranks_low(held);
}

int continue_rank(const convention *c, const lead_memo *m, uint16_t held, uint16_t played,
                  int round, char id[CONV_ID_MAX])
{
    return run_steps(c->cont, c->ncont, m, held, played, round, id);
}

/* R1 uses the same step vocabulary over the [return] rows; a suit with one
 * card left leads it (R1.4). */
int return_rank(const convention *c, uint16_t held, uint16_t played, char id[CONV_ID_MAX])
{
    return run_steps(c->ret, c->nret, NULL, held, played, 0, id);
}

/* ---- the rows C1 and C5 read: C5's good(...), C1's answer(...) ---- */

bool good_suit_holding(const convention *c, uint16_t held)
{
    unsigned h = (held >> 2) & 0x1FFF;
    return (c->good_set[h >> 6] >> (h & 63)) & 1;
}

int call_answer_rank(const convention *c, uint16_t trumps, uint16_t played, char id[CONV_ID_MAX])
{
    for (int i = 0; i < c->nanswer; i++) {
        const card_row *r = c->answer[i];
        int rank;
        if (card_row_holds(r, trumps) && (rank = card_expr_rank(r->first, r->first_rank, trumps))) {
            set_id(id, "TM4.1");
            return rank;
        }
    }
    int master = suit_nth_unplayed(played, 1), second = suit_nth_unplayed(played, 2),
        third = suit_nth_unplayed(played, 3), n = ranks_count(trumps);
    if (master && (trumps & RB(master))) {
        set_id(id, "TM4.2");
        return master;
    }
    if (second && third && (trumps & RB(second)) && (trumps & RB(third))) {
        set_id(id, "TM4.3");
        return second;
    }
    set_id(id, "TM4.4");
    return n <= 3 ? ranks_top(trumps) : n == 4 ? ranks_low(trumps) : ranks_nth(trumps, 4);
}
