/* tally.c -- adding deals to the comparison state (directly, or through
 * joint cells folded in later), and walking its counters for merge and
 * save. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tally.h"

void stats_init(stats_state *st, int n, const char *const names[])
{
    memset(st, 0, sizeof *st);
    st->nconv = n;
    for (int i = 0; i < n; i++) snprintf(st->name[i], STATS_NAME_LEN, "%s", names[i]);
}

int stats_pair_index(int i, int j, int nconv)
{
    /* Rows i = 0.. of the upper triangle, each nconv - 1 - i long. */
    return i * (2 * nconv - i - 1) / 2 + (j - i - 1);
}

static void cell_add(stats_cell *c, int nconv, const stats_deal *d)
{
    c->deals++;
    for (int i = 0; i < nconv; i++) {
        c->score[i] += (uint64_t)d->score[i];
        c->score_sq[i] += (uint64_t)(d->score[i] * d->score[i]);
        /* against the best, "differ" is a choice that is not optimal: no
         * tie-break among optimal choices is needed */
        paired_add(&c->vs_best[i], d->score[i], d->best, d->score[i] != d->best);
    }
    c->best += (uint64_t)d->best;
    c->best_sq += (uint64_t)(d->best * d->best);
    c->n_best += (uint64_t)d->n_best;
    /* the pairs in stats_pair_index's order */
    paired_acc *pair = c->pair;
    for (int i = 0; i < nconv; i++)
        for (int j = i + 1; j < nconv; j++)
            paired_add(pair++, d->score[i], d->score[j], d->choice[i] != d->choice[j]);
}

void stats_add(stats_state *st, const stats_deal *d)
{
    cell_add(&st->all, st->nconv, d);
    for (int b = 0; b < STATS_BREAKDOWNS; b++) cell_add(&st->by[b][d->key[b]], st->nconv, d);
}

static void walk_paired(paired_acc *a, const paired_acc *b, stats_op op, void *ctx)
{
    for (int k = 0; k < PAIRED_COUNTERS; k++)
        op(paired_counter(a, k), b ? paired_counter((paired_acc *)b, k) : NULL, ctx);
}

static void walk_cell(stats_cell *a, const stats_cell *b, int nconv, stats_op op, void *ctx)
{
#define WALK(field) op(&a->field, b ? &b->field : NULL, ctx)
    WALK(deals);
    for (int i = 0; i < nconv; i++) {
        WALK(score[i]);
        WALK(score_sq[i]);
        walk_paired(&a->vs_best[i], b ? &b->vs_best[i] : NULL, op, ctx);
    }
    WALK(best);
    WALK(best_sq);
    WALK(n_best);
    for (int k = 0; k < nconv * (nconv - 1) / 2; k++)
        walk_paired(&a->pair[k], b ? &b->pair[k] : NULL, op, ctx);
#undef WALK
}

void stats_walk(stats_state *a, const stats_state *b, stats_op op, void *ctx)
{
#define WALK(field) op(&a->field, b ? &b->field : NULL, ctx)
    WALK(read);
    WALK(accepted);
    WALK(rejected);
    WALK(repeats);
    WALK(errors);
    WALK(left);
#undef WALK
    walk_cell(&a->all, b ? &b->all : NULL, a->nconv, op, ctx);
    for (int br = 0; br < STATS_BREAKDOWNS; br++)
        for (int k = 0; k < STATS_KEYS; k++)
            walk_cell(&a->by[br][k], b ? &b->by[br][k] : NULL, a->nconv, op, ctx);
}

static void add_op(uint64_t *a, const uint64_t *b, void *ctx)
{
    (void)ctx;
    *a += *b;
}

int stats_merge(stats_state *into, const stats_state *from)
{
    if (into->nconv != from->nconv) return 0;
    for (int i = 0; i < into->nconv; i++)
        if (strcmp(into->name[i], from->name[i]) != 0) return 0;
    stats_walk(into, from, add_op, NULL);
    return 1;
}

/* ---- the joint cells (stats_joint) ---- */

#define JOINT_CELLS (STATS_KEYS * STATS_KEYS * STATS_KEYS)
_Static_assert(STATS_BREAKDOWNS == 3, "a joint cell is keyed by the three breakdown keys");

struct stats_joint {
    int nconv;
    int ntouched;                  /* cells added to since the last fold */
    uint16_t touched[JOINT_CELLS]; /* which, in the order first touched */
    bool dirty[JOINT_CELLS];
    stats_cell *cell[JOINT_CELLS]; /* allocated when first needed, kept */
};

stats_joint *stats_joint_open(int nconv)
{
    stats_joint *j = calloc(1, sizeof *j);
    if (j) j->nconv = nconv;
    return j;
}

void stats_joint_add(stats_joint *j, stats_state *st, const stats_deal *d)
{
    int k = (d->key[0] * STATS_KEYS + d->key[1]) * STATS_KEYS + d->key[2];
    stats_cell *c = j->cell[k];
    if (!c && !(c = j->cell[k] = calloc(1, sizeof *c))) {
        stats_add(st, d); /* no memory for the cell: the slow way, same counts */
        return;
    }
    if (!j->dirty[k]) {
        j->dirty[k] = true;
        j->touched[j->ntouched++] = (uint16_t)k;
    }
    cell_add(c, j->nconv, d);
}

void stats_joint_fold(stats_joint *j, stats_state *st)
{
    for (int t = 0; t < j->ntouched; t++) {
        int k = j->touched[t];
        int key[STATS_BREAKDOWNS] = {k / (STATS_KEYS * STATS_KEYS), k / STATS_KEYS % STATS_KEYS, k % STATS_KEYS};
        stats_cell *c = j->cell[k];
        walk_cell(&st->all, c, j->nconv, add_op, NULL);
        for (int b = 0; b < STATS_BREAKDOWNS; b++) walk_cell(&st->by[b][key[b]], c, j->nconv, add_op, NULL);
        memset(c, 0, sizeof *c);
        j->dirty[k] = false;
    }
    j->ntouched = 0;
}

void stats_joint_close(stats_joint *j)
{
    if (!j) return;
    for (int k = 0; k < JOINT_CELLS; k++) free(j->cell[k]);
    free(j);
}

double stats_mean(uint64_t sum, uint64_t n)
{
    return n ? (double)sum / (double)n : NAN;
}
