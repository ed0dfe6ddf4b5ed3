/* tally_save.c -- a state's counters keyed by measure, and the positional
 * counters of older state files mapped onto the measures (tally_save.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "stats/report/le_bytes.h"
#include "stats/report/tally_save.h"

#define NCELLS (1 + STATS_BREAKDOWNS * STATS_KEYS)
#define ID_MAX 64 /* a measure's or breakdown's id in the file, at most */

static stats_cell *cell_at(stats_state *st, int c)
{
    return c == 0 ? &st->all : &st->by[(c - 1) / STATS_KEYS][(c - 1) % STATS_KEYS];
}

/* ---- writing ---- */

static void put_text(le_out *o, const char *s)
{
    le_put_u32(o, (uint32_t)strlen(s));
    le_put_bytes(o, s, strlen(s));
}

/* A block's counters in one cell: where they start and how many. */
typedef uint64_t *(*block_of)(stats_state *st, stats_cell *c, int k, size_t *n);

static uint64_t *deals_block(stats_state *st, stats_cell *c, int k, size_t *n)
{
    (void)st;
    (void)k;
    *n = 1;
    return &c->deals;
}

static uint64_t *measure_block(stats_state *st, stats_cell *c, int k, size_t *n)
{
    const stats_measure *m = stats_measure_at(k);
    *n = (size_t)stats_measure_counters(m) * (size_t)stats_measure_columns(m, st->nconv);
    return stats_sum(c, k, 0);
}

static uint64_t *gain_block(stats_state *st, stats_cell *c, int k, size_t *n)
{
    (void)k;
    *n = (size_t)PAIRED_COUNTERS * (size_t)(st->nconv * (st->nconv - 1) / 2);
    return (uint64_t *)c->pair;
}

static void put_block(le_out *o, stats_state *st, const char *id, block_of of, int k)
{
    size_t n, total = 0;
    for (int c = 0; c < NCELLS; c++) {
        of(st, cell_at(st, c), k, &n);
        total += n;
    }
    put_text(o, id);
    le_put_u32(o, (uint32_t)total);
    for (int c = 0; c < NCELLS; c++) {
        uint64_t *v = of(st, cell_at(st, c), k, &n);
        for (size_t i = 0; i < n; i++) le_put_u64(o, v[i]);
    }
}

bool tally_save(const stats_state *state, unsigned char **buf, size_t *len)
{
    stats_state *st = (stats_state *)state; /* read only: the blocks are walked, not changed */
    le_out o = {0};
    le_put_u32(&o, STATS_BREAKDOWNS);
    for (int b = 0; b < STATS_BREAKDOWNS; b++) {
        put_text(&o, stats_breakdown_of(b)->id);
        le_put_u32(&o, STATS_KEYS);
    }
    uint32_t blocks = 3;
    for (int k = 0; k < stats_measure_count(); k++) blocks += stats_measure_at(k)->acc != STATS_ACC_NONE;
    le_put_u32(&o, blocks);
    uint64_t input[] = {st->read, st->accepted, st->rejected, st->repeats, st->errors, st->left};
    put_text(&o, "input");
    le_put_u32(&o, (uint32_t)(sizeof input / sizeof input[0]));
    for (size_t i = 0; i < sizeof input / sizeof input[0]; i++) le_put_u64(&o, input[i]);
    put_block(&o, st, "deals", deals_block, 0);
    for (int k = 0; k < stats_measure_count(); k++)
        if (stats_measure_at(k)->acc != STATS_ACC_NONE) put_block(&o, st, stats_measure_at(k)->id, measure_block, k);
    put_block(&o, st, "gain", gain_block, 0);
    if (o.failed) {
        free(o.buf);
        return false;
    }
    *buf = o.buf;
    *len = o.len;
    return true;
}

/* ---- reading ---- */

/* An id (printable, at most ID_MAX - 1 bytes) into dst; false if not one. */
static bool get_id(le_in *i, char dst[ID_MAX])
{
    uint32_t n = le_get_u32(i);
    const unsigned char *b = n < ID_MAX ? le_take(i, n) : NULL;
    if (!b) return false;
    for (uint32_t k = 0; k < n; k++)
        if (b[k] < 0x21 || b[k] > 0x7e) return false;
    memcpy(dst, b, n);
    dst[n] = 0;
    return true;
}

static void get_block(le_in *i, stats_state *st, block_of of, int k)
{
    size_t n;
    for (int c = 0; c < NCELLS; c++) {
        uint64_t *v = of(st, cell_at(st, c), k, &n);
        for (size_t j = 0; j < n; j++) v[j] = le_get_u64(i);
    }
}

static size_t block_size(stats_state *st, block_of of, int k)
{
    size_t n, total = 0;
    for (int c = 0; c < NCELLS; c++) {
        of(st, cell_at(st, c), k, &n);
        total += n;
    }
    return total;
}

static const char *load_keyed(le_in *i, stats_state *st, char *why, size_t len)
{
    char id[ID_MAX];
    uint32_t nbr = le_get_u32(i);
    for (uint32_t b = 0; b < nbr && !i->short_read; b++) {
        if (!get_id(i, id)) return "damaged counters: a breakdown without an id";
        uint32_t keys = le_get_u32(i);
        if (b >= STATS_BREAKDOWNS || strcmp(id, stats_breakdown_of((int)b)->id) != 0 || keys != STATS_KEYS) {
            snprintf(why, len, "a state file with the breakdown '%s', which this whistlab does not have (another "
                     "whistlab): merge or resume it with the whistlab that wrote it", id);
            return why;
        }
    }
    if (nbr < STATS_BREAKDOWNS && !i->short_read) {
        snprintf(why, len, "a state file without the breakdown '%s' (an older whistlab): run the analysis "
                 "again to make one", stats_breakdown_of((int)nbr)->id);
        return why;
    }
    bool seen[STATS_MAX_MEASURES] = {0}, input = false, deals = false, gain = false;
    uint32_t blocks = le_get_u32(i);
    for (uint32_t b = 0; b < blocks && !i->short_read; b++) {
        if (!get_id(i, id)) return "damaged counters: a block without an id";
        uint32_t count = le_get_u32(i);
        int k = stats_measure_find(id);
        bool *flag = strcmp(id, "input") == 0 ? &input : strcmp(id, "deals") == 0 ? &deals
                   : strcmp(id, "gain") == 0 ? &gain
                   : k >= 0 && stats_measure_at(k)->acc != STATS_ACC_NONE ? &seen[k] : NULL;
        if (!flag) {
            snprintf(why, len, "a state file with counters of the measure '%s', which this whistlab does not "
                     "know (a newer whistlab?): merge or resume it with the whistlab that wrote it", id);
            return why;
        }
        if (*flag) {
            snprintf(why, len, "damaged counters: the measure '%s' twice", id);
            return why;
        }
        *flag = true;
        block_of of = flag == &deals ? deals_block : flag == &gain ? gain_block : measure_block;
        size_t expect = flag == &input ? 6 : block_size(st, of, k);
        if (count != expect) {
            snprintf(why, len, "damaged counters: %u counters of the measure '%s' where its conventions make %zu",
                     count, id, expect);
            return why;
        }
        if (flag == &input) {
            uint64_t *field[] = {&st->read, &st->accepted, &st->rejected, &st->repeats, &st->errors, &st->left};
            for (int f = 0; f < 6; f++) *field[f] = le_get_u64(i);
        } else {
            get_block(i, st, of, k);
        }
    }
    if (i->short_read) return "truncated";
    const char *missing = !input ? "input" : !deals ? "deals" : !gain ? "gain" : NULL;
    for (int k = 0; !missing && k < stats_measure_count(); k++)
        if (stats_measure_at(k)->acc != STATS_ACC_NONE && !seen[k]) missing = stats_measure_at(k)->id;
    if (missing) {
        snprintf(why, len, "a state file without counters of the measure '%s' (an older whistlab): run the "
                 "analysis again to make one", missing);
        return why;
    }
    return NULL;
}

/* The measures whose counters versions 3 and 4 held, in their order. */
static const char *const LEGACY[] = {"tricks", "cost", "optimal", "best", "optimal_leads"};

/* A cell of a version 3 or 4 file: deals; per column the score's sum and
 * sum of squares and score - best (paired); the best's sum and sum of
 * squares; the sum of the optimal counts; the pairs. Cost is kept as best
 * - score, optimal is the deals with a difference 0. */
static void get_legacy_cell(le_in *i, stats_state *st, stats_cell *c, const int *k)
{
    c->deals = le_get_u64(i);
    for (int col = 0; col < st->nconv; col++) {
        uint64_t *tricks = stats_sum(c, k[0], col);
        tricks[0] = le_get_u64(i);
        tricks[1] = le_get_u64(i);
        paired_acc vs_best;
        for (int j = 0; j < PAIRED_COUNTERS; j++) *paired_counter(&vs_best, j) = le_get_u64(i);
        paired_acc *cost = stats_paired(c, k[1], col);
        for (int differ = 0; differ < 2; differ++)
            for (int b = 0; b < PAIRED_BINS; b++) cost->hist[differ][PAIRED_BINS - 1 - b] = vs_best.hist[differ][b];
        *stats_sum(c, k[2], col) = paired_with_difference(&vs_best, 0);
    }
    uint64_t *best = stats_sum(c, k[3], 0);
    best[0] = le_get_u64(i);
    best[1] = le_get_u64(i);
    *stats_sum(c, k[4], 0) = le_get_u64(i);
    for (int p = 0; p < st->nconv * (st->nconv - 1) / 2; p++)
        for (int j = 0; j < PAIRED_COUNTERS; j++) *paired_counter(&c->pair[p], j) = le_get_u64(i);
}

static const char *load_legacy(le_in *i, stats_state *st, unsigned version, char *why, size_t len)
{
    int k[5];
    for (int m = 0; m < 5; m++) k[m] = stats_measure_find(LEGACY[m]);
    for (int m = 0; m < stats_measure_count(); m++) {
        const stats_measure *x = stats_measure_at(m);
        bool held = false;
        for (int j = 0; j < 5; j++) held |= k[j] == m;
        if (x->acc != STATS_ACC_NONE && !held) {
            snprintf(why, len, "a state file of version %u has no counters of the measure '%s' (an older "
                     "whistlab): run the analysis again to make one", version, x->id);
            return why;
        }
    }
    int nconv = st->nconv;
    uint64_t per_cell = 1 + (uint64_t)nconv * (2 + PAIRED_COUNTERS) + 3 +
                        (uint64_t)(nconv * (nconv - 1) / 2) * PAIRED_COUNTERS;
    if (le_get_u32(i) != 6 + NCELLS * per_cell) return "counter count does not match its conventions";
    uint64_t *field[] = {&st->read, &st->accepted, &st->rejected, &st->repeats, &st->errors, &st->left};
    for (int f = 0; f < 6; f++) *field[f] = le_get_u64(i);
    for (int c = 0; c < NCELLS; c++) get_legacy_cell(i, st, cell_at(st, c), k);
    return i->short_read ? "truncated" : NULL;
}

const char *tally_load(stats_state *st, const unsigned char *p, size_t n, unsigned version, size_t *used,
                       char *why, size_t len)
{
    le_in i = {p, p + n, false};
    const char *err = version >= 5 ? load_keyed(&i, st, why, len) : load_legacy(&i, st, version, why, len);
    *used = (size_t)(i.p - p);
    return err;
}
