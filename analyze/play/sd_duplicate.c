/* sd_duplicate.c -- X against Y at two tables with the seats swapped, and
 * the round robin of several conventions over one deal.
 *
 * The two tables hold the same hands, and every player follows the same
 * rules but for his side's convention: its leads (C1-C7 by its tables) and
 * its [play] rows. So while the cards played are the same, the
 * tables are in the same state, and a decision that read nothing in which
 * X and Y differ is the same at both: it is made once. Any other decision
 * is made under each side's convention; when the two differ (the card, or
 * a lead's effects on the public state), the tables part there and each
 * plays on alone. Conventions with the same suit rules share most of a
 * deal (long-suit and american: 58% of deals never part); others are
 * played apart from the start. */
#include <string.h>
#include "analyze/play/sd_duplicate.h"
#include "analyze/play/sd_table.h"

void sd_pair_init(sd_pair *p, const sd_side *x, const sd_side *y)
{
    p->x = x;
    p->y = y;
    p->same = convention_same_parts(x->conv, y->conv);
    p->later_alike = convention_later_alike(x->conv, y->conv);
    p->inserted[0] = convention_later_inserted(x->conv, y->conv);
    p->inserted[1] = convention_later_inserted(y->conv, x->conv);
    /* a follow decided by a bucket of rows that is the same for both
     * sides is the same under either (but for what X2(a), X3 and X6 read,
     * reads_alike), when "strong in trumps" (the signals', X6's) is alike too */
    p->rows_alike = 1;
    const play_rules *a = x->play, *c = y->play;
    bool strong_alike = a->strong_set == c->strong_set &&
                        (!a->strong_set || (a->strong_hon5 == c->strong_hon5 && a->strong_hon4 == c->strong_hon4));
    for (int b = 0; strong_alike && b < PLAY_BUCKETS; b++) {
        bool same = a->nbucket[b] == c->nbucket[b];
        for (int i = 0; same && i < a->nbucket[b]; i++)
            same = play_row_same(&a->row[a->bucket[b][i].row], &c->row[c->bucket[b][i].row]);
        if (same) p->rows_alike |= (uint16_t)(1u << (b + 1));
    }
    p->reads_alike =
        (p->same & CONV_PART_CARDS) && lead_later_cashes_first(x->conv) == lead_later_cashes_first(y->conv);
    /* With other suit rules the opening leads mostly differ (long-suit and
     * short-suit play 7 cards alike on average): the joint play's checks
     * would cost more than they save. */
    p->joint = (p->same & CONV_PART_RULES) != 0;
}

/* How the other convention of the pair would decide where m was decided
 * by the one of side (0: x, 1: y) on table tb. */
typedef enum {
    OTHER_ALIKE,      /* the same move */
    OTHER_CARDS,      /* the same lead but for the card its tables give */
    OTHER_DECIDES     /* to be decided under it */
} other_way;

static other_way other_would(const sd_pair *p, int side, const sd_table *tb, const sd_deal *d, const sd_move *m)
{
    if (!m->lead) {
        bool alike = (p->rows_alike >> m->rows & 1) && (!m->side || p->reads_alike);
        return alike ? OTHER_ALIKE : OTHER_DECIDES;
    }
    unsigned differ = m->lc.uses & ~p->same;
    if (differ & ~(unsigned)CONV_PART_CARDS) return OTHER_DECIDES;
    other_way same = differ ? OTHER_CARDS : OTHER_ALIKE;
    int step = m->lc.step, at = p->later_alike;
    if (step < at) return same;
    /* [later] rows inserted where the lists part: they pass cleanly, so a
     * lead decided after the decider's own inserted rows is the other's
     * too, and one decided after the other's is, when those pass here */
    int mine = p->inserted[1 - side], theirs = p->inserted[side];
    if (mine) return step >= at + mine ? same : OTHER_DECIDES;
    if (theirs) {
        play_view v = sd_table_view(tb, d, true, NULL);
        const convention *other = side ? p->x->conv : p->y->conv;
        return lead_later_rows_choose(other, &v, at, at + theirs) ? OTHER_DECIDES : same;
    }
    return OTHER_DECIDES;
}

/* The same card with the same effects on the public state (D2, D3): the
 * tables stay alike but perhaps for the lead's RL0 record (memo_diff). */
static bool same_move(const sd_move *a, const sd_move *b)
{
    if (a->card != b->card) return false;
    return !a->lead || (a->lc.abandon == b->lc.abandon && a->lc.drawing == b->lc.drawing);
}

/* Where the two tables' public states differ while their cards are the
 * same: the RL0 records of leads that chose the same card by different
 * rows (american's AM rows and long-suit's). Only the player's own later
 * leads of the suit read it (C2b, C4: later_choice.memo_read). */
typedef struct {
    uint16_t differs;       /* bit 4 * seat + suit: table 2's record differs */
    lead_memo memo[4][4];   /* table 2's record there */
} memo_diff;

static bool memo_equal(const lead_memo *a, const lead_memo *b)
{
    return a->has_row == b->has_row && a->high == b->high && a->second == b->second &&
           a->second_rank == b->second_rank && a->second_while == b->second_while && a->original == b->original;
}

/* Table 2: table 1 with its own records. */
static void table2_of(const sd_table *a, const memo_diff *md, sd_table *b)
{
    *b = *a;
    for (unsigned m = md->differs; m; m &= m - 1) {
        int k = __builtin_ctz(m);
        b->pub.memo[k >> 2][k & 3] = md->memo[k >> 2][k & 3];
    }
}

/* After a lead played alike at both tables (a: table 1, the lead played):
 * table 2's record of the suit, when the lead opened it (as
 * play_public_note_lead keeps it) and the records differ. */
static void note_memo(const sd_table *a, int seat, const sd_move *m2, memo_diff *md)
{
    int s = card_suit(m2->card);
    const lead_memo *m1 = &a->pub.memo[seat][s];
    if (m1->first != m2->card || m1->trick != a->pub.ntricks || memo_equal(m1, &m2->lc.memo)) return;
    md->memo[seat][s] = m2->lc.memo;
    md->memo[seat][s].first = m2->card;
    md->memo[seat][s].trick = a->pub.ntricks;
    md->differs |= (uint16_t)(1u << (4 * seat + s));
}

/* X's tricks at table 1 (North-South, r1) and table 2 (East-West, r2). */
static int result(const sd_result *r1, const sd_result *r2, sd_dup_result *out)
{
    out->x_tricks[0] = r1->tricks[0];
    out->x_tricks[1] = r2->tricks[1];
    out->gain = out->x_tricks[0] + out->x_tricks[1] - 13;
    return 0;
}

/* Each table plays on alone from where it is. */
static int apart(const sd_deal *d, const sd_side *const t1[2], const sd_side *const t2[2], sd_table *a, sd_table *b,
                 sd_dup_result *out)
{
    if (sd_table_run(a, d, t1, CARD_NONE, NULL) < 0 || sd_table_run(b, d, t2, CARD_NONE, NULL) < 0) return -1;
    return result(&a->r, &b->r, out);
}

int sd_duplicate(const sd_deal *d, const sd_pair *p, sd_dup_result *out)
{
    const sd_side *t1[2] = {p->x, p->y}, *t2[2] = {p->y, p->x};
    sd_table a, b;
    if (sd_table_init(&a, d) < 0) return -1;
    if (!p->joint) {
        b = a;
        return apart(d, t1, t2, &a, &b, out);
    }
    memo_diff md;
    md.differs = 0;
    while (a.pub.ntricks < 13) {
        int seat = sd_table_seat(&a), side = sd_side_of(seat);
        unsigned own_differs = (md.differs >> (4 * seat)) & 0xF;
        sd_move m1, m2;
        suit_choices choices = {.rules_alike = false, .n = 0};
        if (sd_table_decide(&a, d, t1[side], CARD_NONE, true, &choices, &m1) < 0) return -1;
        /* a lead that read a record table 2 has otherwise is decided there */
        other_way way = m1.lead && (m1.lc.memo_read & own_differs) ? OTHER_DECIDES : other_would(p, side, &a, d, &m1);
        if (way != OTHER_ALIKE) {
            if (way == OTHER_CARDS) {
                m2 = m1;
                lead_redo_card(t2[side]->conv, &m1.lc, a.pub.ntricks, &m2.lc);
                m2.card = m2.lc.choice.card;
            } else {
                choices.rules_alike = p->same & CONV_PART_RULES;
                const sd_table *at = &a;
                if (m1.lead && own_differs) {
                    table2_of(&a, &md, &b);
                    at = &b;
                }
                if (sd_table_decide(at, d, t2[side], CARD_NONE, true, &choices, &m2) < 0) return -1;
            }
            if (!same_move(&m1, &m2)) {
                table2_of(&a, &md, &b);
                if (sd_table_play(&a, d, &m1) < 0 || sd_table_play(&b, d, &m2) < 0) return -1;
                return apart(d, t1, t2, &a, &b, out);
            }
        }
        if (sd_table_play(&a, d, &m1) < 0) return -1;
        if (m1.lead && way != OTHER_ALIKE) note_memo(&a, seat, &m2, &md);
    }
    /* table 2 played table 1's cards: X there is East-West */
    return result(&a.r, &a.r, out);
}

int sd_round_robin(const sd_deal *d, const sd_pair *pairs, int n, int *gain)
{
    for (int i = 0; i < n; i++) {
        gain[i * n + i] = 0;
        for (int j = i + 1; j < n; j++) {
            sd_dup_result r;
            if (sd_duplicate(d, &pairs[i * n + j], &r) < 0) return -1;
            gain[i * n + j] = r.gain;
            gain[j * n + i] = -r.gain;
        }
    }
    return 0;
}
