/* lead_infer.c -- what a player's first two leads of a suit show of his
 * holding (analyze/play/RULES.md X2(a), X3: "the cards partner's lead sequence shows", by
 * the second-lead tables). Every original holding of the suit, among the
 * cards the reader cannot place elsewhere, is tried: it is consistent when
 * a row of the player's card table gives the card he opened the suit with
 * and the row's 2nd column (RL0) the card he led next. What every
 * consistent holding holds is shown, and the shortest length.
 *
 * Only the 2nd column speaks: a second lead by the general steps (RL1-RL4)
 * shows nothing, as the books read it (A then J shows A Q J x x, foster
 * L1651; a doubleton A J, led A then J by RL3, is not counted).
 *
 * A row's context (trumps held, the suit rule that chose the suit, the
 * turn-up) is not read, so a row whose holding test passes counts as
 * possible and the search goes on below it, until a row without such
 * conditions ends the table. That is cautious where the reader could know
 * more (the turn-up is public; a trump opening's t is its length): it can
 * only leave more holdings consistent, never drop the real one. */
#include "analyze/lead/lead_impl.h"

#define RB(r) (1u << (r))

typedef struct {
    const convention *c;
    const lead_seq *seq;
    uint16_t before;  /* his cards of the suit played before the second lead */
} infer_ctx;

/* Does a row test context the reader does not read? Its trumps test is
 * read: the reader knows the suit. */
static bool hidden_ctx(const card_row *r)
{
    return r->ctx && (r->t_ok != 0x3FFF || r->rule_ok || r->turnup_ok);
}

/* Would row r, opening the suit with h, give the two leads seen? */
static bool row_gives(const infer_ctx *k, const card_row *r, uint16_t h)
{
    int rank = card_expr_rank(r->first, r->first_rank, h);
    if ((rank ? rank : ranks_low(h)) != card_rank(k->seq->first)) return false;
    lead_memo m;
    memo_of(&m, r, false, k->seq->first, h, 0);
    uint16_t held = (uint16_t)(h & ~k->before);
    return held && lead_second_card(&m, held, k->seq->played_then) == card_rank(k->seq->second);
}

/* Does some row of table ti (and the tables it hands over to) that may
 * serve h give the leads seen? depth bounds the hand-overs. */
static bool table_gives(const infer_ctx *k, int ti, uint16_t h, bool trumps, int depth)
{
    if (ti < 0 || depth > k->c->ntables) return false;
    const card_table *t = k->c->table[ti];
    /* as card_lookup: the indexed first row is known to hold h */
    int first = t->first_row[(h >> 2) & 0x1FFF];
    for (int i = first; i < t->nrows; i++) {
        const card_row *r = &t->row[i];
        if ((i != first && !card_row_holds(r, h)) || (r->trumps >= 0 && r->trumps != trumps)) continue;
        bool hidden = hidden_ctx(r);
        if (r->first == CX_TABLE) {
            if (table_gives(k, r->first_rank, h, trumps, depth + 1)) return true;
        } else if (row_gives(k, r, h)) {
            return true;
        }
        if (!hidden) return false; /* this row serves h whatever the context */
    }
    return false;
}

/* Can a row of table ti (or of a table it hands over to) with a 2nd
 * column open with rank? Most openings are low cards by rows without one
 * (the 4th best, "gen"): they show nothing, and no holding need be tried. */
static bool second_column_opens(const convention *c, int ti, int rank, int depth)
{
    if (ti < 0 || depth > c->ntables) return false;
    const card_table *t = c->table[ti];
    for (int i = 0; i < t->nrows; i++) {
        const card_row *r = &t->row[i];
        if (r->first == CX_TABLE) {
            if (second_column_opens(c, r->first_rank, rank, depth + 1)) return true;
        } else if (r->second != SX_GEN && r->second != SX_STOP && (r->first != CX_RANK || r->first_rank == rank)) {
            return true;
        }
    }
    return false;
}

void lead_infer(const convention *c, const lead_seq *seq, lead_shown *out)
{
    infer_ctx k = {c, seq, (uint16_t)(seq->his_between | RB(card_rank(seq->first)))};
    uint16_t sure = (uint16_t)(k.before | seq->his_since | RB(card_rank(seq->second)));
    uint16_t free = (uint16_t)(SUIT_MASK_ALL & ~seq->outside & ~sure);
    bool trumps = seq->trumps;
    int ti = trumps && c->trump_table >= 0 ? c->trump_table : c->plain_table;
    out->holdings = 0;
    out->shown = SUIT_MASK_ALL;
    out->nmin = 14;
    /* his own cards placed elsewhere, or an opening no 2nd column follows */
    if ((sure & seq->outside) || !second_column_opens(c, ti, card_rank(seq->first), 0)) {
        out->shown = 0;
        out->nmin = 0;
        return;
    }
    /* every subset of the free ranks, the empty one included */
    uint16_t s = 0;
    do {
        uint16_t h = (uint16_t)(sure | s);
        if (table_gives(&k, ti, h, trumps, 0)) {
            out->holdings++;
            out->shown &= h;
            int n = ranks_count(h);
            if (n < out->nmin) out->nmin = n;
        }
        s = (uint16_t)((s - free) & free);
    } while (s);
    if (!out->holdings) {
        out->shown = 0;
        out->nmin = 0;
    }
}
