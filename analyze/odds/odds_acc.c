/* odds_acc.c -- per-deal histograms to per-row cluster sums (odds.md S2.5).
 *
 * A row's observations in one deal are the bins of its group: m_d is the
 * count over the row's domain, S_d the count over its hits (or the sum of
 * the bins' values for a mean row). This runs once per deal for all 569 rows,
 * so rows and groups are first compiled into small flat plans (the hot data
 * of a deal fits the L1 cache), and what rows of one group share (m_d when
 * the domain is the whole group) is summed once. */
#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <string.h>
#include "analyze/odds/odds_acc.h"

typedef struct {
    uint16_t base;  /* first bin of the row's group */
    uint8_t measure;
    uint8_t whole;  /* the domain is every bin of the group */
    uint8_t group;
    uint8_t part;   /* ODDS_PART_DEAL or ODDS_PART_TURNUP */
} row_plan;

typedef struct {
    uint16_t base;
    uint8_t nbins;
    uint8_t scalar; /* m_d is the first slot, not the sum of the bins */
    uint8_t part;
    uint8_t totals; /* keep bin totals (odds_acc.total) */
    uint8_t prefix; /* some row reads a run of several bins */
    uint8_t rows;   /* some row reads the group */
} group_plan;

/* The rows of each part (0 deal, 1 turn-up) sorted by how S_d is found:
 * one bin (most rows), a run of bins (the ge/le rows: a difference of
 * prefix sums), or anything else. m_d of the first two is the group's. */
typedef struct {
    uint16_t row, bin; /* bin: index into the counts */
    uint8_t group;
} single_row;
typedef struct {
    uint16_t row, lo, hi; /* S_d = prefix[hi] - prefix[lo] */
    uint8_t group;
} run_row;

static row_plan PLAN[ODDS_NROWS];
static uint64_t DOMAIN[ODDS_NROWS], HIT[ODDS_NROWS];
static const int8_t *Y[ODDS_NROWS];
static group_plan GPLAN[OG_COUNT];
static single_row SINGLE[2][ODDS_NROWS];
static run_row RUN[2][ODDS_NROWS];
static uint16_t OTHER[2][ODDS_NROWS];
static int NSINGLE[2], NRUN[2], NOTHER[2];
static pthread_once_t PLAN_ONCE = PTHREAD_ONCE_INIT;

static void plan_build(void)
{
    int n;
    const odds_row *rows = odds_rows(&n); /* builds the groups too */
    for (int g = 0; g < OG_COUNT; g++) {
        const odds_group *info = odds_group_info((odds_group_id)g);
        bool totals = info->scalar || g == OG_PATTERN || g == OG_PATTERN1 || g == OG_SUIT_LENGTH ||
                      g == OG_SUIT_SPLIT || g == OG_BALANCED;
        GPLAN[g] = (group_plan){info->offset, info->nbins, info->scalar,
                                info->turnup ? ODDS_PART_TURNUP : ODDS_PART_DEAL, totals, 0, 0};
    }
    for (int i = 0; i < n; i++) {
        group_plan *g = &GPLAN[rows[i].group];
        uint64_t all = g->nbins >= 64 ? ~0ULL : (1ULL << g->nbins) - 1, hit = rows[i].hit;
        bool whole = rows[i].domain == all || rows[i].measure == MEASURE_SCALAR_MEAN;
        PLAN[i] = (row_plan){g->base, (uint8_t)rows[i].measure, whole, (uint8_t)rows[i].group, g->part};
        DOMAIN[i] = rows[i].domain;
        HIT[i] = hit;
        Y[i] = rows[i].y;
        if (rows[i].measure == MEASURE_NONE || rows[i].measure == MEASURE_SCALAR_VAR) continue;
        g->rows = 1;
        int part = g->part == ODDS_PART_TURNUP;
        int lo = hit ? __builtin_ctzll(hit) : 0, hi = hit ? 63 - __builtin_clzll(hit) : 0;
        bool run = hit && (hit >> lo) == (hi - lo == 63 ? ~0ULL : (1ULL << (hi - lo + 1)) - 1);
        if (rows[i].measure != MEASURE_SHARE || !whole || !run)
            OTHER[part][NOTHER[part]++] = (uint16_t)i;
        else if (lo == hi)
            SINGLE[part][NSINGLE[part]++] = (single_row){(uint16_t)i, (uint16_t)(g->base + lo), rows[i].group};
        else {
            /* prefix sums of group g start at base + g (one extra slot each) */
            uint16_t at = (uint16_t)(g->base + rows[i].group);
            RUN[part][NRUN[part]++] = (run_row){(uint16_t)i, (uint16_t)(at + lo), (uint16_t)(at + hi + 1),
                                                rows[i].group};
            g->prefix = 1;
        }
    }
}

void odds_acc_init(odds_acc *a)
{
    pthread_once(&PLAN_ONCE, plan_build);
    memset(a, 0, sizeof *a);
}

static inline int64_t bins_sum(const int32_t *c, uint64_t set)
{
    int64_t s = 0;
    while (set) {
        s += c[__builtin_ctzll(set)];
        set &= set - 1;
    }
    return s;
}

static inline void add_domain(cluster_sums *r, int64_t m)
{
    r->n += m;
    r->deals++;
    r->multi += m > 1;
    r->mm += m * m;
}

static inline void add_row(odds_acc *a, int i, int64_t s, int64_t m)
{
    a->s[i] += s;
    a->ss[i] += s * s;
    a->sm[i] += s * m;
}

void odds_acc_add(odds_acc *a, const odds_counts *counts, unsigned parts)
{
    const int32_t *c = (const int32_t *)counts;
    int64_t gm[OG_COUNT], prefix[ODDS_NBINS + OG_COUNT];
    for (int g = 0; g < OG_COUNT; g++) {
        const group_plan *p = &GPLAN[g];
        gm[g] = 0;
        if (!(parts & p->part)) continue;
        const int32_t *bin = c + p->base;
        if (p->totals)
            for (int k = 0; k < p->nbins; k++) a->total[p->base + k] += bin[k];
        if (!p->rows) continue;
        if (p->scalar) gm[g] = bin[0];
        else if (p->prefix) {
            int64_t *pre = prefix + p->base + g;
            pre[0] = 0;
            for (int k = 0; k < p->nbins; k++) pre[k + 1] = pre[k] + bin[k];
            gm[g] = pre[p->nbins];
        } else
            for (int k = 0; k < p->nbins; k++) gm[g] += bin[k];
        if (gm[g]) add_domain(&a->group[g], gm[g]);
    }
    for (int part = 0; part < 2; part++) {
        if (!(parts & (part ? ODDS_PART_TURNUP : ODDS_PART_DEAL))) continue;
        /* m_d = 0 gives S_d = 0: adding nothing needs no test */
        for (int j = 0; j < NSINGLE[part]; j++) {
            const single_row *r = &SINGLE[part][j];
            add_row(a, r->row, c[r->bin], gm[r->group]);
        }
        for (int j = 0; j < NRUN[part]; j++) {
            const run_row *r = &RUN[part][j];
            add_row(a, r->row, prefix[r->hi] - prefix[r->lo], gm[r->group]);
        }
        for (int j = 0; j < NOTHER[part]; j++) {
            int i = OTHER[part][j];
            const row_plan *p = &PLAN[i];
            const int32_t *bin = c + p->base;
            int64_t m = p->whole ? gm[p->group] : bins_sum(bin, DOMAIN[i]), s = 0;
            if (m == 0) continue;
            if (p->measure == MEASURE_SHARE) s = bins_sum(bin, HIT[i]);
            else if (p->measure == MEASURE_SCALAR_MEAN) s = bin[1];
            else
                for (uint64_t set = DOMAIN[i]; set; set &= set - 1) {
                    int k = __builtin_ctzll(set);
                    s += (int64_t)Y[i][k] * bin[k];
                }
            add_row(a, i, s, m);
            if (!p->whole) add_domain(&a->domain[i], m);
        }
    }
    if (parts & ODDS_PART_DEAL) a->deals++;
}

static void sums_merge(cluster_sums *r, const cluster_sums *f)
{
    r->n += f->n;
    r->s += f->s;
    r->deals += f->deals;
    r->multi += f->multi;
    r->ss += f->ss;
    r->sm += f->sm;
    r->mm += f->mm;
}

void odds_acc_merge(odds_acc *into, const odds_acc *from, unsigned parts)
{
    for (int g = 0; g < OG_COUNT; g++) {
        const group_plan *p = &GPLAN[g];
        if (!(parts & p->part)) continue;
        sums_merge(&into->group[g], &from->group[g]);
        for (int k = 0; k < p->nbins; k++) into->total[p->base + k] += from->total[p->base + k];
    }
    for (int i = 0; i < ODDS_NROWS; i++) {
        if (!(parts & PLAN[i].part)) continue;
        into->s[i] += from->s[i];
        into->ss[i] += from->ss[i];
        into->sm[i] += from->sm[i];
        sums_merge(&into->domain[i], &from->domain[i]);
    }
    if (parts & ODDS_PART_DEAL) into->deals += from->deals;
}

/* Whether every deal's observations have the same share or mean s/n:
 * sum over the deals of (n S_d - s m_d)^2 = n^2 ss - 2 n s sm + s^2 mm is 0,
 * exactly (in 128 bits: n, s up to ~1e9 and ss, sm, mm up to ~1e11 keep it
 * far inside). */
static bool same_in_every_deal(const cluster_sums *c)
{
    if (c->deals < 2) return false;
    __int128 n = c->n, s = c->s;
    return n * n * c->ss - 2 * n * s * c->sm + s * s * c->mm == 0;
}

/* A row the same in every deal and at its exact value: exact by
 * construction, not by chance (a row never met in a small corpus is 0 in
 * every deal, but its exact value is not 0). */
static void mark_by_construction(odds_estimate *e, const cluster_sums *c, int row)
{
    int n;
    const odds_row *r = &odds_rows(&n)[row];
    if (!e->has || !same_in_every_deal(c) || !rat_valid(r->exact)) return;
    if (fabs(e->value - rat_to_double(r->exact)) > 1e-12) return;
    e->by_construction = true;
    e->has_ci = false;
}

odds_estimate odds_acc_estimate(const odds_acc *a, int row, double level)
{
    odds_estimate e = {0};
    const row_plan *p = &PLAN[row];
    cluster_sums c = p->whole ? a->group[p->group] : a->domain[row];
    c.s = a->s[row];
    c.ss = a->ss[row];
    c.sm = a->sm[row];
    switch (p->measure) {
    case MEASURE_SHARE:
        e.has = ci_cluster_share(&c, level, &e.value, &e.lo, &e.hi);
        e.has_ci = e.has;
        break;
    case MEASURE_MEAN:
    case MEASURE_SCALAR_MEAN:
        e.has = ci_cluster_mean(&c, level, &e.value, &e.lo, &e.hi);
        e.has_ci = e.has && e.lo == e.lo;
        break;
    case MEASURE_SCALAR_VAR: {
        /* The sample variance of the values over all observations. */
        const int64_t *t = a->total + p->base;
        if (t[0] >= 2) {
            long double n = (long double)t[0], sum = (long double)t[1];
            e.has = true;
            e.value = (double)(((long double)t[2] - sum * sum / n) / (n - 1));
        }
        e.n = t[0];
        return e;
    }
    default:
        return e;
    }
    mark_by_construction(&e, &c, row);
    e.n = c.n;
    return e;
}
