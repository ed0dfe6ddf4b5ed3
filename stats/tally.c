/* tally.c -- adding deals to the comparison state (directly, or through
 * joint cells folded in later), each measure of the table (measure.h)
 * drawn once per deal; and walking the counters for merge and compare. */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_cdf.h>
#include "stats/binom_ci.h"
#include "stats/tally.h"

static void plan_measures(void);

void stats_init(stats_state *st, int n, const char *const names[])
{
    memset(st, 0, sizeof *st);
    st->nconv = n;
    plan_measures(); /* the measure table is listed here, before any thread reads it */
    for (int i = 0; i < n; i++) snprintf(st->name[i], STATS_NAME_LEN, "%s", names[i]);
}

int stats_pair_index(int i, int j, int nconv)
{
    /* Rows i = 0.. of the upper triangle, each nconv - 1 - i long. */
    return i * (2 * nconv - i - 1) / 2 + (j - i - 1);
}

uint64_t *stats_sum(stats_cell *c, int k, int col)
{
    return &c->counter[stats_measure_offset(k) + col * stats_measure_counters(stats_measure_at(k))];
}

paired_acc *stats_paired(stats_cell *c, int k, int col)
{
    return (paired_acc *)stats_sum(c, k, col);
}

const uint64_t *stats_sum_of(const stats_cell *c, const char *id, int col)
{
    return stats_sum((stats_cell *)c, stats_measure_find(id), col);
}

const paired_acc *stats_paired_of(const stats_cell *c, const char *id, int col)
{
    return stats_paired((stats_cell *)c, stats_measure_find(id), col);
}

int stats_measure_columns(const stats_measure *m, int nconv)
{
    return m->scope == STATS_PER_COLUMN ? nconv : 1;
}

/* An extractor the measures call, drawn once a deal for all of them
 * (tricks_of is both the tricks' value and the cost's versus): per_col,
 * for every column, else for column 0. */
typedef struct {
    int (*fn)(const stats_deal *d, int col);
    int per_col;
} source;

/* The accumulated measures as the adding loop reads them: listed again at
 * each stats_init (before any thread adds a deal), so that a deal costs no
 * look-up of the table. value, versus: their sources. */
typedef struct {
    stats_acc acc;
    int offset, per_col; /* the counters' start; per_col: one block per column */
    int value, versus;
} planned;

/* The columns a planned measure adds up: one per convention, or one. */
static int plan_columns(const planned *m, int nconv) { return m->per_col ? nconv : 1; }

static struct {
    int n, nsources;
    planned m[STATS_MAX_MEASURES];
    source src[2 * STATS_MAX_MEASURES];
} plan;

/* The source of fn over one column or all: an earlier one that draws at
 * least as many columns, widened if it drew fewer. */
static int source_of(int (*fn)(const stats_deal *d, int col), int per_col)
{
    for (int k = 0; k < plan.nsources; k++)
        if (plan.src[k].fn == fn) {
            plan.src[k].per_col |= per_col;
            return k;
        }
    plan.src[plan.nsources] = (source){fn, per_col};
    return plan.nsources++;
}

static void plan_measures(void)
{
    plan.n = plan.nsources = 0;
    for (int k = 0; k < stats_measure_count(); k++) {
        const stats_measure *m = stats_measure_at(k);
        if (m->acc == STATS_ACC_NONE) continue;
        int per_col = m->scope == STATS_PER_COLUMN;
        plan.m[plan.n++] = (planned){m->acc, stats_measure_offset(k), per_col, source_of(m->value, per_col),
                                     m->acc == STATS_ACC_PAIRED ? source_of(m->versus, per_col) : -1};
    }
}

/* A deal's values of every source (in plan's order), drawn once and added
 * to each of its cells. */
typedef struct {
    int value[2 * STATS_MAX_MEASURES][STATS_MAX_CONV];
} deal_values;

static void extract(deal_values *v, int nconv, const stats_deal *d)
{
    for (int k = 0; k < plan.nsources; k++) {
        const source *s = &plan.src[k];
        int ncol = s->per_col ? nconv : 1;
        for (int i = 0; i < ncol; i++) v->value[k][i] = s->fn(d, i);
    }
}

static void cell_add(stats_cell *c, int nconv, const stats_deal *d, const deal_values *v)
{
    c->deals++;
    for (int p = 0; p < plan.n; p++) {
        const planned *m = &plan.m[p];
        uint64_t *s = &c->counter[m->offset];
        const int *x = v->value[m->value], *y = m->versus >= 0 ? v->value[m->versus] : NULL;
        int ncol = plan_columns(m, nconv);
        switch (m->acc) {
        case STATS_ACC_NONE: break;
        case STATS_ACC_SUM:
            for (int i = 0; i < ncol; i++) s[i] += (uint64_t)x[i];
            break;
        case STATS_ACC_SUMSQ:
            for (int i = 0; i < ncol; i++) {
                s[2 * i] += (uint64_t)x[i];
                s[2 * i + 1] += (uint64_t)(x[i] * x[i]);
            }
            break;
        case STATS_ACC_PAIRED:
            for (int i = 0; i < ncol; i++) paired_add((paired_acc *)(s + i * PAIRED_COUNTERS), x[i], y[i], x[i] != y[i]);
            break;
        }
    }
    /* the pairs in stats_pair_index's order */
    paired_acc *pair = c->pair;
    for (int i = 0; i < nconv; i++)
        for (int j = i + 1; j < nconv; j++)
            paired_add(pair++, d->score[i], d->score[j], d->choice[i] != d->choice[j]);
}

static void add_values(stats_state *st, const stats_deal *d, const deal_values *v)
{
    cell_add(&st->all, st->nconv, d, v);
    for (int b = 0; b < STATS_BREAKDOWNS; b++) cell_add(&st->by[b][d->key[b]], st->nconv, d, v);
}

void stats_add(stats_state *st, const stats_deal *d)
{
    deal_values v;
    extract(&v, st->nconv, d);
    add_values(st, d, &v);
}

static void walk_paired(paired_acc *a, const paired_acc *b, stats_op op, void *ctx)
{
    for (int k = 0; k < PAIRED_COUNTERS; k++)
        op(paired_counter(a, k), b ? paired_counter((paired_acc *)b, k) : NULL, ctx);
}

static void walk_cell(stats_cell *a, const stats_cell *b, int nconv, stats_op op, void *ctx)
{
    op(&a->deals, b ? &b->deals : NULL, ctx);
    for (int k = 0; k < stats_measure_count(); k++) {
        const stats_measure *m = stats_measure_at(k);
        int n = stats_measure_counters(m) * stats_measure_columns(m, nconv);
        uint64_t *x = stats_sum(a, k, 0);
        const uint64_t *y = b ? stats_sum((stats_cell *)b, k, 0) : NULL;
        for (int i = 0; i < n; i++) op(&x[i], y ? &y[i] : NULL, ctx);
    }
    for (int k = 0; k < nconv * (nconv - 1) / 2; k++)
        walk_paired(&a->pair[k], b ? &b->pair[k] : NULL, op, ctx);
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

/* A joint cell is not a stats_cell: a deal adds one to a paired counter of
 * each convention (cost) and each pair of conventions, 66 for eleven, and
 * in stats_cell's layout those are 66 cache lines of a 35 KiB cell, one of
 * a few hundred cells: the adds missed the cache (a third of the tallying
 * thread's time). Here the paired counters are 16-bit and transposed,
 * count[differ][difference][paired], so a cell is 7 KiB for eleven
 * conventions and the many pairs whose choices coincide (difference 0)
 * share a few lines; the sums stay 64-bit. A cell is folded into the
 * state before a 16-bit count can overflow (JOINT_MAX_DEALS). */

#define JOINT_CELLS (STATS_KEYS * STATS_KEYS * STATS_KEYS)
#define JOINT_MAX_DEALS UINT16_MAX
_Static_assert(STATS_BREAKDOWNS == 3, "a joint cell is keyed by the three breakdown keys");

typedef struct {
    uint32_t deals;
    uint64_t *sum;   /* the SUM and SUMSQ measures' counters, in plan's order */
    uint16_t *count; /* [differ][difference + PAIRED_MAX_DIFF][paired]: the PAIRED measures' columns, then the pairs */
} joint_cell;

struct stats_joint {
    int nconv;
    int nsums, npaired;            /* counters of a cell */
    int ntouched;                  /* cells added to since the last fold */
    uint16_t touched[JOINT_CELLS]; /* which, in the order first touched */
    bool dirty[JOINT_CELLS];
    joint_cell *cell[JOINT_CELLS]; /* allocated when first needed, kept */
};

stats_joint *stats_joint_open(int nconv)
{
    stats_joint *j = calloc(1, sizeof *j);
    if (!j) return NULL;
    j->nconv = nconv;
    for (int p = 0; p < plan.n; p++) {
        int ncol = plan_columns(&plan.m[p], nconv);
        if (plan.m[p].acc == STATS_ACC_PAIRED) j->npaired += ncol;
        else j->nsums += plan.m[p].acc == STATS_ACC_SUMSQ ? 2 * ncol : ncol;
    }
    j->npaired += nconv * (nconv - 1) / 2;
    return j;
}

static joint_cell *joint_cell_new(const stats_joint *j)
{
    joint_cell *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->sum = calloc((size_t)j->nsums + 1, sizeof *c->sum);
    c->count = calloc((size_t)2 * PAIRED_BINS * (size_t)j->npaired + 1, sizeof *c->count);
    if (!c->sum || !c->count) {
        free(c->sum);
        free(c->count);
        free(c);
        return NULL;
    }
    return c;
}

static void joint_cell_free(joint_cell *c)
{
    if (!c) return;
    free(c->sum);
    free(c->count);
    free(c);
}

static void joint_cell_add(const stats_joint *j, joint_cell *c, const stats_deal *d, const deal_values *v)
{
    int nconv = j->nconv, np = j->npaired;
    uint64_t *s = c->sum;
    uint16_t *same = c->count + PAIRED_MAX_DIFF * np; /* the differ counts follow, diff_bins on */
    int k = 0; /* the paired counter */
    const int diff_bins = PAIRED_BINS * np; /* differ - same */
    c->deals++;
    for (int p = 0; p < plan.n; p++) {
        const planned *m = &plan.m[p];
        const int *x = v->value[m->value], *y = m->versus >= 0 ? v->value[m->versus] : NULL;
        int ncol = plan_columns(m, nconv);
        switch (m->acc) {
        case STATS_ACC_NONE: break;
        case STATS_ACC_SUM:
            for (int i = 0; i < ncol; i++) *s++ += (uint64_t)x[i];
            break;
        case STATS_ACC_SUMSQ:
            for (int i = 0; i < ncol; i++) {
                *s++ += (uint64_t)x[i];
                *s++ += (uint64_t)(x[i] * x[i]);
            }
            break;
        case STATS_ACC_PAIRED:
            for (int i = 0; i < ncol; i++, k++) same[(x[i] - y[i]) * np + k + (x[i] != y[i]) * diff_bins]++;
            break;
        }
    }
    /* The pairs (i, j) from counter k on: pair (i, j)'s counter is row i's
     * base plus j's own offset, so that the inner loop is one add and one
     * increment a pair (66 of them a deal for eleven conventions). */
    ptrdiff_t own[STATS_MAX_CONV];
    for (int jj = 0; jj < nconv; jj++) own[jj] = jj - (ptrdiff_t)d->score[jj] * np;
    for (int i = 0; i < nconv; i++) {
        uint16_t *row = same + d->score[i] * np + k - i - 1;
        int choice = d->choice[i];
        /* no branch on the choices: whether they differ is a coin toss the
         * predictor cannot learn */
        for (int jj = i + 1; jj < nconv; jj++) row[own[jj] + (ptrdiff_t)(d->choice[jj] != choice) * diff_bins]++;
        k += nconv - 1 - i;
    }
}

/* p += the paired counter k of c. */
static void fold_paired(paired_acc *p, const stats_joint *j, const joint_cell *c, int k)
{
    for (int differ = 0; differ < 2; differ++)
        for (int b = 0; b < PAIRED_BINS; b++) p->hist[differ][b] += c->count[(differ * PAIRED_BINS + b) * j->npaired + k];
}

/* into += c, counter for counter what cell_add of c's deals adds. */
static void fold_into(stats_cell *into, const stats_joint *j, const joint_cell *c)
{
    int nconv = j->nconv, k = 0;
    const uint64_t *s = c->sum;
    into->deals += c->deals;
    for (int p = 0; p < plan.n; p++) {
        const planned *m = &plan.m[p];
        uint64_t *t = &into->counter[m->offset];
        int ncol = plan_columns(m, nconv);
        switch (m->acc) {
        case STATS_ACC_NONE: break;
        case STATS_ACC_SUM:
            for (int i = 0; i < ncol; i++) t[i] += *s++;
            break;
        case STATS_ACC_SUMSQ:
            for (int i = 0; i < 2 * ncol; i++) t[i] += *s++;
            break;
        case STATS_ACC_PAIRED:
            for (int i = 0; i < ncol; i++) fold_paired((paired_acc *)(t + i * PAIRED_COUNTERS), j, c, k++);
            break;
        }
    }
    for (int q = 0; q < nconv * (nconv - 1) / 2; q++) fold_paired(&into->pair[q], j, c, k++);
}

/* st += cell k, which is then empty. */
static void fold_cell(stats_joint *j, stats_state *st, int k)
{
    joint_cell *c = j->cell[k];
    int key[STATS_BREAKDOWNS] = {k / (STATS_KEYS * STATS_KEYS), k / STATS_KEYS % STATS_KEYS, k % STATS_KEYS};
    fold_into(&st->all, j, c);
    for (int b = 0; b < STATS_BREAKDOWNS; b++) fold_into(&st->by[b][key[b]], j, c);
    c->deals = 0;
    memset(c->sum, 0, (size_t)j->nsums * sizeof *c->sum);
    memset(c->count, 0, (size_t)2 * PAIRED_BINS * (size_t)j->npaired * sizeof *c->count);
}

void stats_joint_add(stats_joint *j, stats_state *st, const stats_deal *d)
{
    int k = (d->key[0] * STATS_KEYS + d->key[1]) * STATS_KEYS + d->key[2];
    joint_cell *c = j->cell[k];
    deal_values v;
    extract(&v, j->nconv, d);
    if (!c && !(c = j->cell[k] = joint_cell_new(j))) {
        add_values(st, d, &v); /* no memory for the cell: the slow way, same counts */
        return;
    }
    if (c->deals == JOINT_MAX_DEALS) fold_cell(j, st, k); /* its 16-bit counts are full */
    if (!j->dirty[k]) {
        j->dirty[k] = true;
        j->touched[j->ntouched++] = (uint16_t)k;
    }
    joint_cell_add(j, c, d, &v);
}

void stats_joint_fold(stats_joint *j, stats_state *st)
{
    for (int t = 0; t < j->ntouched; t++) {
        int k = j->touched[t];
        fold_cell(j, st, k);
        j->dirty[k] = false;
    }
    j->ntouched = 0;
}

void stats_joint_close(stats_joint *j)
{
    if (!j) return;
    for (int k = 0; k < JOINT_CELLS; k++) joint_cell_free(j->cell[k]);
    free(j);
}

double stats_mean(uint64_t sum, uint64_t n)
{
    return n ? (double)sum / (double)n : NAN;
}

double stats_sd(uint64_t sum, uint64_t sumsq, uint64_t n)
{
    if (n < 2) return NAN;
    double m = (double)sum / (double)n;
    double var = ((double)sumsq - (double)sum * m) / (double)(n - 1);
    return var > 0 ? sqrt(var) : 0;
}

/* The 95% interval of a mean (a sum and a sum of squares: Student t over
 * the deals) or of a share (a 0/1 sum: Wilson's score interval, in
 * percent), or the mean's standard error. */
static double interval(const stats_measure *m, const uint64_t *sum, uint64_t n, stats_statistic stat)
{
    if (m->acc == STATS_ACC_SUMSQ) {
        if (n < 2) return NAN;
        double mean = stats_mean(sum[0], n), se = stats_sd(sum[0], sum[1], n) / sqrt((double)n);
        if (stat == STAT_SE) return se;
        double t = gsl_cdf_tdist_Pinv(0.975, (double)(n - 1));
        return stat == STAT_CI_LO ? mean - t * se : mean + t * se;
    }
    if (m->acc != STATS_ACC_SUM || m->max != 1 || n == 0 || stat == STAT_SE) return NAN;
    double lo, hi;
    ci_wilson(stats_mean(sum[0], n), (double)n, ci_z(0.95), &lo, &hi);
    return 100 * (stat == STAT_CI_LO ? lo : hi);
}

double stats_stat(const stats_cell *c, int k, int col, stats_statistic stat)
{
    const stats_measure *m = stats_measure_at(k);
    stats_cell *cell = (stats_cell *)c;
    if (m->acc == STATS_ACC_PAIRED) {
        paired_summary s;
        paired_summarise(stats_paired(cell, k, col), &s);
        switch (stat) {
        case STAT_MEAN: return s.mean;
        case STAT_SD: return s.sd;
        case STAT_SE: return s.se;
        case STAT_CI_LO: return s.ci_lo;
        case STAT_CI_HI: return s.ci_hi;
        case STAT_PCT: return 100 * stats_mean(paired_with_difference(stats_paired(cell, k, col), 0), c->deals);
        case STAT_P: return s.p;
        case STAT_DIFFER_PCT:
            return 100 * stats_mean(paired_n_differ(stats_paired(cell, k, col)), c->deals);
        case STAT_CI: return NAN;
        }
        return NAN;
    }
    const uint64_t *sum = stats_sum(cell, k, col);
    switch (stat) {
    case STAT_MEAN: return stats_mean(sum[0], c->deals);
    case STAT_PCT: return 100 * stats_mean(sum[0], c->deals);
    case STAT_SD: return m->acc == STATS_ACC_SUMSQ ? stats_sd(sum[0], sum[1], c->deals) : NAN;
    case STAT_SE:
    case STAT_CI_LO:
    case STAT_CI_HI: return interval(m, sum, c->deals, stat);
    default: return NAN;
    }
}
