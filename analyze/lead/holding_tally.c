/* holding_tally.c -- the tables by holding led (holding_tally.h): one deal's
 * suits grouped, then each cell's sums added once for the deal (a cluster). */
#include <string.h>
#include "analyze/lead/holding_tally.h"

void holding_tally_init(holding_tally *t, const holding_groups *g, int nconv)
{
    memset(t, 0, sizeof *t);
    t->groups = g;
    t->nconv = nconv;
}

const holding_cell *holding_tally_cell(const holding_tally *t, int gi, int trumps)
{
    return &t->cell[gi < 0 ? t->groups->n : gi][trumps ? 1 : 0];
}

/* One deal's m observations summing to s, added to c. */
static void cluster_add(cluster_sums *c, int64_t m, int64_t s)
{
    if (m <= 0) return;
    c->n += m;
    c->s += s;
    c->deals++;
    c->multi += m > 1;
    c->ss += s * s;
    c->sm += s * m;
    c->mm += m * m;
}

/* What one deal puts in one cell, before it is added as a cluster. */
typedef struct {
    int cell;                                   /* -1: unused */
    int64_t held, led[STATS_MAX_CONV];
    int64_t m[HOLDING_MAX_COLS], diff[HOLDING_MAX_COLS], best[HOLDING_MAX_COLS];
} deal_part;

void holding_tally_add(holding_tally *t, hand_t hand, int trump, const card_t *led, const int8_t *tricks)
{
    const holding_groups *g = t->groups;
    deal_part part[4];
    int nparts = 0, best = -1;
    if (tricks)
        for (hand_t h = hand; h; h &= h - 1)
            if (tricks[hand_lowest(h)] > best) best = tricks[hand_lowest(h)];
    t->deals++;
    t->valued += tricks != NULL;
    for (int s = SUIT_S; s <= SUIT_C; s++) {
        uint16_t ranks = hand_suit(hand, s);
        if (!ranks) continue;
        int gi = holding_group_of(g, ranks);
        int cell = (gi < 0 ? g->n : gi) * 2 + (s == trump);
        deal_part *p = NULL;
        for (int i = 0; i < nparts; i++)
            if (part[i].cell == cell) p = &part[i];
        if (!p) {
            p = &part[nparts++];
            memset(p, 0, sizeof *p);
            p->cell = cell;
        }
        p->held++;
        for (int k = 0; k < t->nconv; k++) p->led[k] += led[k] != CARD_NONE && card_suit(led[k]) == s;
        if (!tricks || gi < 0) continue;
        int rank[HOLDING_MAX_COLS];
        holding_group_cards(g, gi, ranks, rank);
        for (int c = 0; c < g->g[gi].ncols; c++) {
            if (!rank[c]) continue;
            int v = tricks[card_make(s, rank[c])];
            p->m[c]++;
            p->diff[c] += v - best;
            p->best[c] += v == best;
        }
    }
    for (int i = 0; i < nparts; i++) {
        const deal_part *p = &part[i];
        holding_cell *c = &t->cell[p->cell / 2][p->cell % 2];
        cluster_add(&c->held, p->held, p->held);
        for (int k = 0; k < t->nconv; k++) cluster_add(&c->led[k], p->held, p->led[k]);
        for (int j = 0; j < HOLDING_MAX_COLS; j++) {
            cluster_add(&c->vs_best[j], p->m[j], p->diff[j]);
            cluster_add(&c->best[j], p->m[j], p->best[j]);
        }
    }
}
