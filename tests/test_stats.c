/* test_stats.c -- the statistics of stats/: the paired t-test against
 * values computed independently (R's t.test(1:4): t = 3.873, df = 3,
 * p = 0.03047, CI 0.4457397..4.5542603), the gain over the deals whose
 * choices differ and over those whose choices are the same, p-values that
 * keep their magnitude, Holm's correction (R's p.adjust(..., "holm")) and
 * the breakdown stars it decides, exact merging, the .wls state file
 * (round trip, damage detection, older versions refused, shard merging
 * rules), the provenance block and the CSV tables read back through
 * libcsv. */
#include <math.h>
#include <sys/stat.h>
#include <unistd.h>
#include <csv.h>
#include <zlib.h>
#include "testutil.h"
#include "csv_typed.h"
#include "stats/report/csv_out.h"
#include "stats/paired.h"
#include "stats/report/provenance.h"
#include "stats/pvalue.h"
#include "stats/report/report.h"
#include "stats/tally.h"
#include "stats/report/wls.h"

static void test_paired_t_test(void **state)
{
    (void)state;
    paired_acc a = {0};
    for (int d = 1; d <= 4; d++) paired_add(&a, d, 0, 1);
    paired_summary s;
    paired_summarise(&a, &s);
    assert_int_equal(s.n, 4);
    assert_true(fabs(s.mean - 2.5) < 1e-12);
    assert_true(fabs(s.sd - 1.2909944487358056) < 1e-9);
    assert_true(fabs(s.se - 0.6454972243679028) < 1e-9);
    assert_true(fabs(s.t - 3.872983346207417) < 1e-9);
    assert_true(fabs(s.p - 0.030466291662170963) < 1e-9);
    assert_true(fabs(s.ci_lo - 0.4457397) < 1e-6);
    assert_true(fabs(s.ci_hi - 4.5542603) < 1e-6);
    assert_int_equal(paired_sum(&a), 10);
    assert_int_equal(paired_with_difference(&a, 3), 1);
    assert_int_equal(a.hist[1][13 + 3], 1); /* the choices differed */
    assert_int_equal(a.hist[0][13 + 3], 0);
}

static void test_paired_mixed_signs(void **state)
{
    (void)state;
    /* d = -1 0 0 2 1 -1 3 0: mean 0.5, sd sqrt(2), se 0.5, t = 1, df = 7,
     * p = 0.35062, t(0.975, 7) = 2.364624. */
    static const int a[] = {5, 4, 7, 9, 3, 2, 13, 0}, b[] = {6, 4, 7, 7, 2, 3, 10, 0};
    paired_acc p = {0};
    for (int i = 0; i < 8; i++) paired_add(&p, a[i], b[i], a[i] != b[i]);
    paired_summary s;
    paired_summarise(&p, &s);
    assert_true(fabs(s.mean - 0.5) < 1e-12);
    assert_true(fabs(s.sd - sqrt(2.0)) < 1e-9);
    assert_true(fabs(s.se - 0.5) < 1e-9);
    assert_true(fabs(s.t - 1.0) < 1e-9);
    assert_true(fabs(s.p - 0.350617) < 2e-5);
    assert_true(fabs(s.ci_lo - (0.5 - 0.5 * 2.3646258)) < 1e-6);
    assert_true(fabs(s.ci_hi - (0.5 + 0.5 * 2.3646258)) < 1e-6);
    assert_int_equal(paired_n_differ(&p), 5);
    assert_int_equal(paired_n(&p), 8);
    assert_int_equal(paired_sum(&p), 6 - 2);
    assert_int_equal(paired_with_difference(&p, -1), 2);
    assert_int_equal(paired_with_difference(&p, 0), 3);
}

static void test_paired_degenerate(void **state)
{
    (void)state;
    paired_acc p = {0};
    paired_summary s;
    paired_summarise(&p, &s);
    assert_true(isnan(s.mean));
    paired_add(&p, 7, 7, 0);
    paired_summarise(&p, &s);
    assert_true(s.mean == 0 && isnan(s.sd) && isnan(s.p));
    paired_add(&p, 7, 7, 0);
    paired_summarise(&p, &s);
    assert_true(s.sd == 0 && s.p == 1); /* no difference at all */
    paired_acc q = {0};
    paired_add(&q, 9, 8, 1);
    paired_add(&q, 9, 8, 1);
    paired_summarise(&q, &s);
    /* issue 25 item 18: two equal gains are no proof (p was 0): the
     * sign-flip test's 2 / 2^2 */
    assert_true(s.mean == 1 && s.se == 0 && s.p == 0.5 && isinf(s.t));
    for (int k = 0; k < 8; k++) paired_add(&q, 9, 8, 1);
    paired_summarise(&q, &s);
    assert_true(s.p == ldexp(1, -9));
    paired_acc e = {0};
    paired_add(&e, 13, 0, 1);
    paired_add(&e, 0, 13, 1);
    assert_int_equal(paired_with_difference(&e, -13), 1);
    assert_int_equal(paired_with_difference(&e, 13), 1);
    paired_summarise(&e, &s);
    assert_true(fabs(s.sd - sqrt(338.0)) < 1e-9); /* d = 13, -13: var = 2 * 169 / 1 */
}

/* The sign-flip p of the differences d[0..n-1] by walking all 2^n signs
 * (the definition itself, independent of paired.c's counting). */
static double sign_flip_by_enumeration(const int *d, int n)
{
    int observed = 0, as_far = 0;
    for (int i = 0; i < n; i++) observed += d[i];
    for (unsigned m = 0; m < 1u << n; m++) {
        int sum = 0;
        for (int i = 0; i < n; i++) sum += (m >> i & 1) ? -d[i] : d[i];
        as_far += abs(sum) >= abs(observed);
    }
    return (double)as_far / (double)(1u << n);
}

/* Issue 25 item 18: the exact sign-flip test, against the enumeration of
 * every sign and against values counted by hand. */
static void test_sign_flip_exact(void **state)
{
    (void)state;
    paired_acc a = {0};
    assert_true(isnan(paired_sign_flip_p(&a)));
    paired_add(&a, 3, 4, 1);
    paired_add(&a, 3, 4, 1);
    assert_true(paired_sign_flip_p(&a) == 0.5); /* two deals of -1 */
    paired_acc z = {0};
    paired_add(&z, 5, 5, 0);
    assert_true(paired_sign_flip_p(&z) == 1); /* nothing but zeros */
    /* 1 2 3: of the 8 sums +-1+-2+-3 two reach |6| */
    paired_acc b = {0};
    for (int d = 1; d <= 3; d++) paired_add(&b, d, 0, 1);
    assert_true(paired_sign_flip_p(&b) == 0.25);
    /* 14 deals +1, two zeros and four -1: |2k - 18| >= 10, k ~ Bin(18, 1/2):
     * 2 (1 + 18 + 153 + 816 + 3060) / 2^18 */
    paired_acc c = {0};
    for (int k = 0; k < 20; k++) paired_add(&c, k < 14 ? 2 : k < 16 ? 1 : 0, 1, 1);
    assert_true(paired_sign_flip_p(&c) == 8096.0 / 262144.0);
    uint64_t rng = 25;
    for (int round = 0; round < 200; round++) {
        int d[16], n = 1 + round % 16;
        paired_acc r = {0};
        for (int i = 0; i < n; i++) {
            rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
            d[i] = (int)(rng >> 59) % 9 - 4 + (round % 3 == 0 ? 9 * (int)(rng >> 63) : 0);
            paired_add(&r, d[i], 0, d[i] != 0);
        }
        assert_true(paired_sign_flip_p(&r) == sign_flip_by_enumeration(d, n));
    }
    paired_acc big = {0};
    for (int k = 0; k < PAIRED_EXACT_MAX; k++) paired_add(&big, 13, 0, 1);
    assert_true(paired_sign_flip_p(&big) == ldexp(1, 1 - PAIRED_EXACT_MAX));
    paired_add(&big, 0, 13, 1);
    assert_true(isnan(paired_sign_flip_p(&big))); /* past the counting's bound */
}

static void test_pair_index(void **state)
{
    (void)state;
    for (int n = 2; n <= STATS_MAX_CONV; n++) {
        int k = 0;
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) assert_int_equal(stats_pair_index(i, j, n), k++);
        assert_int_equal(k, n * (n - 1) / 2);
    }
}

static const char *const NAMES3[] = {"long-suit", "american", "short-suit"};

/* A deterministic stream of scored deals. */
static void make_deal(int k, stats_deal *d)
{
    memset(d, 0, sizeof *d);
    d->best = 3 + k % 9;
    d->n_best = 1 + k % 13;
    for (int i = 0; i < 3; i++) {
        int cost = (k * (i + 3)) % 4 == 0 ? (k + i) % 3 : 0;
        d->score[i] = d->best - cost;
        d->choice[i] = cost ? i + (k % 2) : 100;
    }
    d->key[BREAK_TRUMPS] = k % 14;
    d->key[BREAK_LONGEST] = 4 + k % 6;
    d->key[BREAK_COINCIDE] = d->choice[0] == d->choice[1] && d->choice[1] == d->choice[2];
}

typedef struct {
    int differ;
} cmp_ctx;

static void cmp_op(uint64_t *a, const uint64_t *b, void *ctx)
{
    if (*a != *b) ((cmp_ctx *)ctx)->differ++;
}

static int states_differ(stats_state *a, const stats_state *b)
{
    cmp_ctx c = {0};
    stats_walk(a, b, cmp_op, &c);
    return c.differ || a->nconv != b->nconv;
}

static void test_merge_is_exact(void **state)
{
    (void)state;
    stats_state *whole = calloc(1, sizeof *whole), *odd = calloc(1, sizeof *odd),
                *even = calloc(1, sizeof *even);
    stats_init(whole, 3, NAMES3);
    stats_init(odd, 3, NAMES3);
    stats_init(even, 3, NAMES3);
    stats_deal d;
    for (int k = 0; k < 1000; k++) {
        make_deal(k, &d);
        stats_add(whole, &d);
        stats_add(k % 2 ? odd : even, &d);
    }
    assert_int_equal(whole->all.deals, 1000);
    assert_true(states_differ(whole, even));
    assert_true(stats_merge(even, odd));
    assert_false(states_differ(whole, even));
    /* The breakdown cells partition the deals. */
    for (int br = 0; br < STATS_BREAKDOWNS; br++) {
        uint64_t n = 0;
        for (int k = 0; k < STATS_KEYS; k++) n += whole->by[br][k].deals;
        assert_int_equal(n, 1000);
    }
    stats_state *other = calloc(1, sizeof *other);
    static const char *const names2[] = {"long-suit", "american"};
    stats_init(other, 2, names2);
    assert_false(stats_merge(whole, other));
    free(whole);
    free(odd);
    free(even);
    free(other);
}

/* Joint cells folded in (at uneven points, some folds empty) give the
 * state stats_add gives, counter for counter: every convention count up to
 * STATS_MAX_CONV, every breakdown key from 0 to STATS_KEYS - 1; on 5,000
 * deals (still five folds or more at each kind of point), 20,000 in make
 * check-long, 2,000 under the sanitizers (five folds: the same code, and
 * the same memory, at two fifths of the CPU). */
static void test_joint_cells_fold_exactly(void **state)
{
    (void)state;
    const int deals = test_long() ? 20000 : test_small() ? 2000 : 5000;
    static char name_text[STATS_MAX_CONV][4];
    const char *names[STATS_MAX_CONV];
    for (int i = 0; i < STATS_MAX_CONV; i++) {
        snprintf(name_text[i], sizeof name_text[i], "c%d", i);
        names[i] = name_text[i];
    }
    for (int nconv = 1; nconv <= STATS_MAX_CONV; nconv += 11 - (nconv == 1) * 9) {
        stats_state *direct = calloc(1, sizeof *direct), *folded = calloc(1, sizeof *folded);
        stats_init(direct, nconv, names);
        stats_init(folded, nconv, names);
        stats_joint *j = stats_joint_open(nconv);
        assert_non_null(j);
        uint64_t x = 1848;
        for (int k = 0; k < deals; k++) {
            stats_deal d;
            memset(&d, 0, sizeof d);
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            d.best = (int)(x >> 60) % 14;
            d.n_best = (int)(x >> 40) % 13;
            for (int i = 0; i < nconv; i++) {
                uint64_t y = x >> (i * 5 % 60); /* a shift of 64 or more is undefined: 32 conventions wrap */
                d.choice[i] = (int)(y & 3);
                d.score[i] = d.best - (int)((y >> 2) % (uint64_t)(d.best + 1));
            }
            for (int b = 0; b < STATS_BREAKDOWNS; b++) d.key[b] = (int)((x >> (20 + 7 * b)) % STATS_KEYS);
            stats_add(direct, &d);
            stats_joint_add(j, folded, &d);
            if (k % 997 == 0 || k % 1000 == 998) stats_joint_fold(j, folded);
        }
        assert_true(states_differ(direct, folded)); /* the last deals are still in the cells */
        stats_joint_fold(j, folded);
        stats_joint_fold(j, folded);
        assert_false(states_differ(direct, folded));
        assert_int_equal(folded->all.deals, deals);
        stats_joint_close(j);
        free(direct);
        free(folded);
    }
}

/* A joint cell keeps 16-bit counts (stats/tally.c): 70,000 deals in one
 * cell, more than a count holds, every pair's difference the same (one
 * counter gets them all) and no fold asked for, still give stats_add's
 * state counter for counter. */
static void test_joint_cell_beyond_16_bits(void **state)
{
    (void)state;
    const int deals = 70000, nconv = 3;
    static const char *const names[] = {"a", "b", "c"};
    stats_state *direct = calloc(1, sizeof *direct), *folded = calloc(1, sizeof *folded);
    stats_init(direct, nconv, names);
    stats_init(folded, nconv, names);
    stats_joint *j = stats_joint_open(nconv);
    assert_non_null(j);
    for (int k = 0; k < deals; k++) {
        stats_deal d;
        memset(&d, 0, sizeof d);
        d.best = 13;
        d.n_best = 1;
        for (int i = 0; i < nconv; i++) {
            d.score[i] = 13 - 6 * i; /* 13, 7, 1: the differences 6, 12 and 6 */
            d.choice[i] = i;
        }
        d.key[0] = 5;
        d.key[1] = 4;
        stats_add(direct, &d);
        stats_joint_add(j, folded, &d);
    }
    stats_joint_fold(j, folded);
    assert_false(states_differ(direct, folded));
    assert_int_equal(folded->all.deals, deals);
    assert_int_equal(paired_with_difference(&folded->all.pair[stats_pair_index(0, 1, nconv)], 6), deals);
    assert_int_equal(paired_n_differ(&folded->by[0][5].pair[stats_pair_index(0, 2, nconv)]), deals);
    stats_joint_close(j);
    free(direct);
    free(folded);
}

/* Room for the inputs of the state files the tests make. */
static input_account inputs_of[6][WLS_MAX_INPUTS];

static void fill_wls(wls_file *w, stats_state *st, int from, int step, input_account *inputs)
{
    stats_init(st, 3, NAMES3);
    stats_deal d;
    for (int k = from; k < 600; k += step) {
        make_deal(k, &d);
        stats_add(st, &d);
    }
    st->read = st->accepted = st->all.deals;
    w->complete = 1;
    w->parts = 1;
    w->part_mask = 1;
    snprintf(w->config, sizeof w->config, "eval dd\nconventions x\n");
    w->progress[0] = 0;
    w->stats = st;
    memset(inputs, 0, sizeof inputs_of[0]);
    w->inputs = inputs;
    w->ninputs = 1;
    inputs[0].deals = st->all.deals;
    inputs[0].digest[0] = 0xFFFFFFFFFFFFFFF0ULL + (uint64_t)from; /* sums wrap mod 2^64 */
    inputs[0].digest[1] = (uint64_t)(from + 1) * 1000;
}

static void test_wls_round_trip_and_damage(void **state)
{
    (void)state;
    static wls_file w, r;
    stats_state *st = calloc(1, sizeof *st), *back = calloc(1, sizeof *back);
    diag_t err = {0};
    fill_wls(&w, st, 0, 1, inputs_of[0]);
    w.complete = 0;
    snprintf(w.progress, sizeof w.progress, "records 600\ncsv_bytes 12\n");
    w.ninputs = 2;
    w.inputs[1].deals = 7;
    st->read += 7; /* the deals read are the inputs' */
    st->accepted += 7;
    w.inputs[1].stopped = 1;
    snprintf(w.inputs[1].where, sizeof w.inputs[1].where, "x.pbn.gz:9623: truncated gzip stream");
    char path[256];
    snprintf(path, sizeof path, "%s", test_tmp("rt.wls"));
    assert_true(wls_write(path, &w, &err));
    r.stats = back;
    r.inputs = inputs_of[1];
    assert_true(wls_read(path, &r, &err));
    assert_int_equal(r.complete, 0);
    assert_int_equal(r.ninputs, 2);
    assert_int_equal(r.inputs[0].deals, 600);
    assert_true(r.inputs[0].digest[0] == 0xFFFFFFFFFFFFFFF0ULL && r.inputs[0].digest[1] == 1000);
    assert_int_equal(r.inputs[0].stopped, 0);
    assert_int_equal(r.inputs[1].deals, 7);
    assert_int_equal(r.inputs[1].stopped, 1);
    assert_string_equal(r.inputs[1].where, "x.pbn.gz:9623: truncated gzip stream");
    assert_string_equal(r.config, w.config);
    assert_string_equal(r.progress, "records 600\ncsv_bytes 12\n");
    assert_false(states_differ(st, back));
    assert_string_equal(back->name[2], "short-suit");

    /* One flipped byte, a truncation and a foreign file are all refused. */
    FILE *f = fopen(path, "r+b");
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, len / 2, SEEK_SET);
    int ch = fgetc(f);
    fseek(f, len / 2, SEEK_SET);
    fputc(ch ^ 1, f);
    fclose(f);
    assert_false(wls_read(path, &r, &err));
    assert_non_null(strstr(err.reason, "CRC mismatch"));
    assert_int_equal(truncate(path, len - 100), 0);
    assert_false(wls_read(path, &r, &err));
    f = fopen(path, "w");
    fputs("[Deal \"N:...\"]\n", f);
    fclose(f);
    assert_false(wls_read(path, &r, &err));
    assert_non_null(strstr(err.reason, "not a whistlab state file"));
    assert_false(wls_read(test_tmp("none.wls"), &r, &err));
    assert_non_null(strstr(err.reason, "cannot open"));
    remove(path);
    free(st);
    free(back);
}

/* A state file whose CRC is right but whose fields are not (forged, or
 * written by a broken program) is refused with the field named; a file
 * planted at the old temporary name is not written through. */
static void test_wls_fields_validated(void **state)
{
    (void)state;
    static wls_file w, r;
    stats_state *st = calloc(1, sizeof *st), *back = calloc(1, sizeof *back);
    diag_t err = {0};
    char path[256], victim[256], planted[300];
    snprintf(path, sizeof path, "%s", test_tmp("forged.wls"));
    snprintf(victim, sizeof victim, "%s", test_tmp("victim.txt"));
    snprintf(planted, sizeof planted, "%s.tmp", path);
    r.stats = back;
    r.inputs = inputs_of[1];
    static const char *const want[] = {
        "part mask 0", "a shard beyond the number of shards", "not those accepted plus those rejected",
        "the inputs' deals (600) are not the deals read (601)", "a breakdown does not add up",
        "'stopped' is neither 0 nor 1", "more tricks than deals allow", "unfinished state of more than one shard",
    };
    for (int k = 0; k < (int)(sizeof want / sizeof want[0]); k++) {
        fill_wls(&w, st, 0, 1, inputs_of[0]);
        assert_true(wls_write(path, &w, &err));
        assert_true(wls_read(path, &r, &err));
        switch (k) {
        case 0: w.part_mask = 0; break;
        case 1: w.parts = 2; w.part_mask = 4; break;
        case 2: st->accepted = 3412234084236354409ULL; break;
        case 3: st->read++; st->rejected++; break;
        case 4: st->by[1][3].deals++; break;
        case 5: w.inputs[0].stopped = 7; break;
        case 6: *stats_sum(&st->all, stats_measure_find("tricks"), 1) = 13 * 600 + 1; break;
        case 7: w.complete = 0; w.parts = 2; w.part_mask = 3; break;
        }
        assert_true(wls_write(path, &w, &err));
        assert_false(wls_read(path, &r, &err));
        if (!strstr(err.reason, want[k])) fail_msg("case %d: \"%s\"", k, err.reason);
    }
    FILE *f = fopen(victim, "w");
    fputs("keep", f);
    fclose(f);
    assert_int_equal(symlink(victim, planted), 0);
    fill_wls(&w, st, 0, 1, inputs_of[0]);
    assert_true(wls_write(path, &w, &err));
    assert_true(wls_read(path, &r, &err));
    f = fopen(victim, "r");
    char text[16] = {0};
    assert_non_null(fgets(text, sizeof text, f));
    fclose(f);
    assert_string_equal(text, "keep");
    remove(planted);
    remove(victim);
    remove(path);
    free(st);
    free(back);
}

static void test_wls_merge_rules(void **state)
{
    (void)state;
    static wls_file whole, a, b, c;
    stats_state *sw = calloc(1, sizeof *sw), *sa = calloc(1, sizeof *sa),
                *sb = calloc(1, sizeof *sb), *sc = calloc(1, sizeof *sc);
    diag_t err = {0};
    fill_wls(&whole, sw, 0, 1, inputs_of[2]);
    fill_wls(&a, sa, 0, 2, inputs_of[3]);
    fill_wls(&b, sb, 1, 2, inputs_of[4]);
    a.parts = b.parts = 2;
    a.part_mask = 1;
    b.part_mask = 2;
    fill_wls(&c, sc, 1, 2, inputs_of[5]);
    c.parts = 2;
    c.part_mask = 2;
    /* Unfinished, other settings, a shard twice: refused. */
    c.complete = 0;
    assert_false(wls_merge(&a, &c, "c.wls", &err));
    assert_string_equal(err.file, "c.wls");
    assert_non_null(strstr(err.reason, "cannot merge an unfinished run"));
    c.complete = 1;
    snprintf(c.config, sizeof c.config, "eval dd\nconventions y\n");
    assert_false(wls_merge(&a, &c, "c.wls", &err));
    assert_non_null(strstr(err.reason, "\"conventions y\" where the first has \"conventions x\""));
    c.part_mask = 1;
    snprintf(c.config, sizeof c.config, "%s", a.config);
    assert_false(wls_merge(&a, &c, "c.wls", &err));
    assert_non_null(strstr(err.reason, "already merged"));
    /* Both halves: the whole run, bit for bit, marked as one part; their
     * inputs' deals and digests add up (the digest lanes mod 2^64), and a
     * stop in either half is kept. */
    b.inputs[0].stopped = 1;
    snprintf(b.inputs[0].where, sizeof b.inputs[0].where, "x.wda: block 1: CRC mismatch");
    assert_true(wls_merge(&a, &b, "b.wls", &err));
    assert_int_equal(a.parts, 1);
    assert_int_equal(a.part_mask, 1);
    assert_false(states_differ(sw, sa));
    assert_int_equal(a.inputs[0].deals, 600);
    assert_true(a.inputs[0].digest[0] == 0xFFFFFFFFFFFFFFE1ULL); /* (2^64 - 16) * 2 + 1, mod 2^64 */
    assert_true(a.inputs[0].digest[1] == 3000);
    assert_int_equal(a.inputs[0].stopped, 1);
    assert_string_equal(a.inputs[0].where, "x.wda: block 1: CRC mismatch");
    a.inputs[0] = whole.inputs[0];
    const char *p1 = test_tmp("whole.wls");
    char p2[256];
    snprintf(p2, sizeof p2, "%s", test_tmp("merged.wls"));
    assert_true(wls_write(p1, &whole, &err));
    assert_true(wls_write(p2, &a, &err));
    char out[64];
    assert_int_equal(test_run(out, sizeof out, "cmp -s %s %s", p1, p2), 0);
    remove(p1);
    remove(p2);
    free(sw);
    free(sa);
    free(sb);
    free(sc);
}

/* libcsv reading back: fields of each row collected as text. */
typedef struct {
    char field[64][512];
    int nfields, rows;
    int (*on_row)(void *self);
    char want_measure[64], want_conv[64], want_versus[64], want_level[16], want_breakdown[32];
    char found[512], found_eval[16], want_eval[16]; /* want_eval "*": any */
} csv_reader;

static void on_field(void *s, size_t len, void *data)
{
    csv_reader *r = data;
    if (r->nfields < 64) {
        size_t n = len < 511 ? len : 511;
        memcpy(r->field[r->nfields], s, n);
        r->field[r->nfields][n] = 0;
    }
    r->nfields++;
}

static void on_row(int c, void *data)
{
    (void)c;
    csv_reader *r = data;
    if (r->on_row) r->on_row(r);
    r->rows++;
    r->nfields = 0;
}

static void read_csv(const char *path, csv_reader *r)
{
    struct csv_parser p;
    assert_int_equal(csv_init(&p, CSV_STRICT | CSV_APPEND_NULL), 0);
    gzFile f = gzopen(path, "rb"); /* plain or gzip (every member) alike */
    assert_non_null(f);
    char buf[4096];
    int n, ch;
    while ((ch = gzgetc(f)) == '#') /* the comment lines before the header, as pandas' comment='#' */
        assert_non_null(gzgets(f, buf, sizeof buf));
    if (ch != -1) gzungetc(ch, f);
    while ((n = gzread(f, buf, sizeof buf)) > 0)
        assert_int_equal(csv_parse(&p, buf, (size_t)n, on_field, on_row, r), n);
    assert_int_equal(n, 0);
    csv_fini(&p, on_field, on_row, r);
    csv_free(&p);
    gzclose(f);
}

static int quoted_row(void *self)
{
    csv_reader *r = self;
    if (r->rows == 1) {
        assert_int_equal(r->nfields, 4);
        assert_string_equal(r->field[0], "a,b");
        assert_string_equal(r->field[1], "say \"hi\"");
        assert_string_equal(r->field[2], "-3");
        assert_string_equal(r->field[3], "");
    }
    return 0;
}

static bool exists(const char *path) { return access(path, F_OK) == 0; }

/* Quoting; a table appears under its name only when closed, whole; a
 * resumable one lives in a PATH.partial.XXXXXX of its own until then, is cut back to a
 * checkpoint's size on resume, and is refused when shorter than that;
 * a .gz name gives gzip (members joined at each checkpoint). */
/* A row begun with the cells kept from an earlier one (a deal's, the same
 * in each of its rows) is the row written whole: over many rows, across
 * the buffer's hand-overs, with comments between, and when the cells are
 * too long to keep. */
static void test_csv_row_repeat(void **state)
{
    (void)state;
    static const char *const header[] = {"deal", "where", "hand", "convention", "tricks"};
    char plain[256], repeated[256];
    snprintf(plain, sizeof plain, "%s", test_tmp("rows-plain.csv"));
    snprintf(repeated, sizeof repeated, "%s", test_tmp("rows-repeated.csv"));
    static char long_where[3000];
    memset(long_where, 'x', sizeof long_where - 1);
    for (int way = 0; way < 2; way++) {
        diag_t err = {0};
        csv_out *c = csv_out_open(way ? repeated : plain, header, 5, &err);
        assert_non_null(c);
        csv_out_comment(c, "version", "1");
        for (int deal = 0; deal < 3000; deal++) {
            const char *where = deal % 500 == 7 ? long_where : deal % 2 ? "a,b \"quoted\"" : "/tmp/x.pbn";
            bool kept = false;
            for (int conv = 0; conv < 11; conv++) {
                if (way && kept) {
                    csv_out_row_repeat(c);
                } else {
                    csv_out_int(c, deal);
                    csv_out_text(c, where);
                    csv_out_text(c, "S:KJ8432 H:Q963 D:AK C:Q");
                    if (way) kept = csv_out_row_keep(c);
                    if (deal % 500 == 7) assert_false(kept); /* too long to keep */
                }
                csv_out_text(c, conv % 2 ? "long-suit" : "short-suit");
                csv_out_int(c, (deal + conv) % 14);
                csv_out_end_row(c);
            }
            if (deal % 1000 == 999) csv_out_comment(c, "note", "between rows");
        }
        assert_true(csv_out_close(c, &err));
    }
    char *a = test_slurp(plain), *b = test_slurp(repeated);
    assert_non_null(a);
    assert_non_null(b);
    assert_true(strlen(a) > 3 * (1 << 16));
    assert_string_equal(a, b);
    free(a);
    free(b);
    remove(plain);
    remove(repeated);
}

static void test_csv_quoting(void **state)
{
    (void)state;
    static const char *const header[] = {"text", "quote", "n", "x"};
    static const char *const names[] = {"q.csv", "q.csv.gz"};
    for (int k = 0; k < 2; k++) {
        diag_t err = {0};
        char path[300], partial[320];
        snprintf(path, sizeof path, "%s", test_tmp(names[k]));
        csv_out *c = csv_out_open(path, header, 4, &err);
        assert_non_null(c);
        csv_out_text(c, "a,b");
        csv_out_end_row(c);
        assert_true(csv_out_sync(c) > 0);
        assert_false(exists(path));
        assert_true(csv_out_close(c, &err));
        assert_true(exists(path));
        remove(path);

        c = csv_out_open_resumable(path, header, 4, &err);
        assert_non_null(c);
        snprintf(partial, sizeof partial, "%s", csv_out_partial(c));
        csv_out_text(c, "a,b");
        csv_out_text(c, "say \"hi\"");
        csv_out_int(c, -3);
        csv_out_num(c, NAN, 3);
        csv_out_end_row(c);
        long at = csv_out_sync(c);
        csv_out_text(c, "dropped");
        csv_out_end_row(c);
        assert_true(csv_out_keep(c, &err));
        assert_false(exists(path));
        /* Resuming cuts the table back to the checkpoint's size. */
        c = csv_out_resume(path, partial, at, 4, &err);
        assert_non_null(c);
        csv_out_text(c, "c");
        csv_out_end_row(c);
        assert_true(csv_out_close(c, &err));
        assert_false(exists(partial));
        static csv_reader r;
        memset(&r, 0, sizeof r);
        r.on_row = quoted_row;
        read_csv(path, &r);
        assert_int_equal(r.rows, 3);
        assert_string_equal(r.field[0], "c");
        unsigned char magic[2] = {0};
        FILE *f = fopen(path, "rb");
        assert_int_equal(fread(magic, 1, 2, f), 2);
        fclose(f);
        assert_int_equal(magic[0] == 0x1f && magic[1] == 0x8b, k == 1);
        remove(path);

        /* a table cut shorter than its checkpoint is not padded: refused */
        c = csv_out_open_resumable(path, header, 4, &err);
        snprintf(partial, sizeof partial, "%s", csv_out_partial(c));
        csv_out_text(c, "row");
        csv_out_end_row(c);
        at = csv_out_sync(c);
        assert_true(csv_out_keep(c, &err));
        assert_int_equal(truncate(partial, at - 2), 0);
        assert_null(csv_out_resume(path, partial, at, 4, &err));
        assert_non_null(strstr(err.reason, "fewer than the"));
        struct stat st;
        assert_int_equal(stat(partial, &st), 0);
        assert_int_equal(st.st_size, at - 2);
        remove(partial);
    }
}

static int find_row(void *self)
{
    csv_reader *r = self;
    if (r->nfields == 8 && (strcmp(r->want_eval, "*") == 0 || strcmp(r->field[2], r->want_eval) == 0) &&
        strcmp(r->field[0], r->want_breakdown) == 0 &&
        strcmp(r->field[1], r->want_level) == 0 && strcmp(r->field[3], r->want_conv) == 0 &&
        strcmp(r->field[4], r->want_versus) == 0 && strcmp(r->field[5], r->want_measure) == 0) {
        snprintf(r->found, sizeof r->found, "%s", r->field[7]);
        snprintf(r->found_eval, sizeof r->found_eval, "%.15s", r->field[2]);
    }
    assert_true(r->rows == 0 || r->nfields == 8);
    return 0;
}

static const char *last_eval = "";

static const char *want_eval = "*";

static const char *summary_value(const char *path, const char *breakdown, const char *level,
                                 const char *conv, const char *versus, const char *measure)
{
    static csv_reader r;
    memset(&r, 0, sizeof r);
    snprintf(r.want_eval, sizeof r.want_eval, "%s", want_eval);
    r.on_row = find_row;
    snprintf(r.want_breakdown, sizeof r.want_breakdown, "%s", breakdown);
    snprintf(r.want_level, sizeof r.want_level, "%s", level);
    snprintf(r.want_conv, sizeof r.want_conv, "%s", conv);
    snprintf(r.want_versus, sizeof r.want_versus, "%s", versus);
    snprintf(r.want_measure, sizeof r.want_measure, "%s", measure);
    read_csv(path, &r);
    last_eval = r.found_eval;
    return r.found;
}

static const char *summary_eval(void) { return last_eval; }

/* The eval of the row summary_value found last. */
static const char *summary_eval(void);

/* --eval both: the play columns are named as their conventions, told apart
 * by the eval column (dd, play; dd-play for a pair across the two). */
static void test_summary_csv_eval_column(void **state)
{
    (void)state;
    static const char *const NAMES4[] = {"long-suit", "short-suit", "long-suit (sd)", "short-suit (sd)"};
    stats_state *st = calloc(1, sizeof *st);
    stats_init(st, 4, NAMES4);
    static const int score[2][4] = {{7, 6, 5, 8}, {5, 5, 6, 4}};
    for (int k = 0; k < 2; k++) {
        stats_deal d = {0};
        for (int i = 0; i < 4; i++) d.score[i] = d.choice[i] = score[k][i];
        d.best = 7;
        d.n_best = 1;
        d.key[BREAK_TRUMPS] = 4;
        stats_add(st, &d);
    }
    diag_t err = {0};
    const char *path = test_tmp("eval.csv");
    assert_true(stats_write_summary_csv(path, st, STATS_EVAL_BOTH, NULL, &err));
    char *text = NULL;
    size_t len = 0;
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    assert_true(getdelim(&text, &len, 0, f) > 0);
    fclose(f);
    assert_null(strstr(text, "(sd)"));
    assert_true(strncmp(text, "breakdown,level,evaluation,convention,versus,measure,difference,value\n", 70) == 0);
    free(text);
    want_eval = "dd";
    assert_string_equal(summary_value(path, "all", "", "long-suit", "", "mean_tricks"), "6.000000");
    want_eval = "*"; /* the last of the dd and play rows */
    assert_string_equal(summary_value(path, "all", "", "long-suit", "", "mean_tricks"), "5.500000");
    assert_string_equal(summary_eval(), "play");
    assert_string_equal(summary_value(path, "all", "", "best", "", "mean_tricks"), "7.000000");
    assert_string_equal(summary_eval(), "dd");
    /* the pair long-suit - short-suit three times: dd (1, 0), across
     * (7-8, 5-4) and play (5-8, 6-4) */
    want_eval = "dd";
    assert_string_equal(summary_value(path, "all", "", "long-suit", "short-suit", "mean_gain"), "0.500000");
    want_eval = "dd-play";
    assert_string_equal(summary_value(path, "all", "", "long-suit", "short-suit", "mean_gain"), "0.000000");
    want_eval = "play";
    assert_string_equal(summary_value(path, "all", "", "long-suit", "short-suit", "mean_gain"), "-0.500000");
    assert_string_equal(summary_value(path, "trumps_held", "4", "short-suit", "", "mean_tricks"), "6.000000");
    assert_string_equal(summary_value(path, "all", "", "long-suit", "best", "mean_cost"), "1.500000");
    want_eval = "*";
    assert_string_equal(summary_value(path, "all", "", "", "", "deals"), "2");
    assert_string_equal(summary_eval(), "");
    remove(path);
    free(st);
}

static void test_summary_csv_and_report(void **state)
{
    (void)state;
    stats_state *st = calloc(1, sizeof *st);
    stats_init(st, 3, NAMES3);
    /* Three deals by hand: best 7, 5, 9. */
    static const int score[3][3] = {{7, 6, 7}, {5, 5, 3}, {8, 9, 9}};
    static const int best[3] = {7, 5, 9};
    for (int k = 0; k < 3; k++) {
        stats_deal d = {0};
        for (int i = 0; i < 3; i++) {
            d.score[i] = score[k][i];
            d.choice[i] = score[k][i];
        }
        d.best = best[k];
        d.n_best = 2;
        d.key[BREAK_TRUMPS] = 3 + k;
        d.key[BREAK_LONGEST] = 5;
        stats_add(st, &d);
    }
    st->read = st->accepted = 3;
    diag_t err = {0};
    const char *path = test_tmp("summary.csv");
    assert_true(stats_write_summary_csv(path, st, STATS_EVAL_DD, NULL, &err));
    assert_string_equal(summary_value(path, "input", "", "", "", "read"), "3");
    assert_string_equal(summary_value(path, "all", "", "", "", "deals"), "3");
    assert_string_equal(summary_value(path, "all", "", "long-suit", "", "mean_tricks"), "6.666667");
    assert_string_equal(summary_value(path, "all", "", "american", "best", "mean_cost"), "0.333333");
    assert_string_equal(summary_value(path, "all", "", "short-suit", "best", "optimal_pct"), "66.6667");
    /* every estimate with its interval (issue 28 item 5): Wilson's score
     * interval for 2 optimal deals of 3, in percent; Student t over the
     * deals for long-suit's mean tricks 7, 5, 8 */
    assert_string_equal(summary_value(path, "all", "", "short-suit", "best", "optimal_pct_ci_low"), "20.7660");
    assert_string_equal(summary_value(path, "all", "", "short-suit", "best", "optimal_pct_ci_high"), "93.8508");
    assert_string_equal(summary_value(path, "all", "", "long-suit", "", "tricks_ci_low"), "2.872084");
    assert_string_equal(summary_value(path, "all", "", "long-suit", "", "tricks_ci_high"), "10.461250");
    /* Per-deal differences 1, 0, -1 and 0, 2, -1. */
    assert_string_equal(summary_value(path, "all", "", "long-suit", "american", "mean_gain"), "0.000000");
    assert_string_equal(summary_value(path, "all", "", "long-suit", "short-suit", "mean_gain"), "0.333333");
    assert_string_equal(summary_value(path, "all", "", "long-suit", "short-suit", "sd"), "1.527525");
    /* long-suit and american lead other cards on 2 deals of 3: Wilson's interval of the share */
    assert_string_equal(summary_value(path, "all", "", "long-suit", "american", "differ_pct"), "66.6667");
    assert_string_equal(summary_value(path, "all", "", "long-suit", "american", "differ_pct_ci_low"), "20.7660");
    assert_string_equal(summary_value(path, "all", "", "long-suit", "american", "differ_pct_ci_high"), "93.8508");
    assert_string_equal(summary_value(path, "trumps_held", "4", "american", "", "mean_tricks"), "5.000000");
    assert_string_equal(summary_value(path, "all", "", "best", "", "mean_optimal_leads"), "2.000000");
    /* loads typed: the rows of no level (input, all) leave it empty, the
     * breakdowns' levels are numbers (issue 28 item 2) */
    assert_string_equal(summary_value(path, "trumps_held", "4", "long-suit", "", "mean_tricks"), "5.000000");
    assert_true(test_csv_typed(path, "breakdown,level,evaluation,convention,versus,measure,difference,value",
                               "level,difference,value") > 50);
    remove(path);

    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    stats_report(f, st, STATS_EVAL_DD, NULL);
    fclose(f);
    assert_non_null(strstr(buf, "input: 3 deals read = 3 accepted + 0 rejected"));
    assert_non_null(strstr(buf, "[1] long-suit     6.667  [2.872, 10.461]            0.333  [-1.101, 1.768]        "
                                "66.7%  [20.8, 93.9]\n"));
    assert_non_null(strstr(buf, "long-suit - short-suit    +0.3333   1.528   0.8819"));
    assert_non_null(strstr(buf, "long-suit - american"));
    assert_non_null(strstr(buf, "BY TRUMPS HELD BY THE LEADER"));
    free(buf);
    free(st);
}


/* Six deals of a pair by hand: on the three whose choices differ the
 * differences are +2, 0, -3 (mean -1/3), on the three whose choices are
 * the same +1, 0, +1 (mean +2/3): in play a same opening lead can still
 * gain. Over all deals the mean is +1/6, and +1/6 divided by the share of
 * deals that differ (1/2) is +1/3: not the gain of the deals that differ. */
static const int SPLIT[6][4] = {
    /* score a, score b, choice a, choice b */
    {7, 5, 1, 2}, {6, 6, 1, 2}, {5, 8, 1, 2}, {9, 8, 3, 3}, {4, 4, 3, 3}, {7, 6, 3, 3},
};

static void test_gain_when_differ_and_same(void **state)
{
    (void)state;
    paired_acc a = {0};
    for (int k = 0; k < 6; k++) paired_add(&a, SPLIT[k][0], SPLIT[k][1], SPLIT[k][2] != SPLIT[k][3]);
    paired_summary all, differ, same;
    paired_summarise(&a, &all);
    paired_summarise_differ(&a, &differ);
    paired_summarise_same(&a, &same);
    assert_true(fabs(all.mean - 1.0 / 6) < 1e-12);
    assert_int_equal(differ.n, 3);
    assert_true(fabs(differ.mean - -1.0 / 3) < 1e-12);
    assert_true(fabs(differ.sd - sqrt(19.0 / 3)) < 1e-9);   /* (49 + 1 + 64) / 9 / 2 */
    assert_true(fabs(differ.se - sqrt(19.0 / 9)) < 1e-9);
    assert_int_equal(same.n, 3);
    assert_true(fabs(same.mean - 2.0 / 3) < 1e-12);
    assert_true(fabs(same.se - 1.0 / 3) < 1e-9);
    assert_int_equal(paired_n_differ(&a), 3);
    assert_true(fabs(differ.mean * 3 - (2 - 3)) < 1e-12); /* differ: gains 2, losses 3 */

    /* the same deals through a comparison state: the summary CSV and the
     * report (rule-based play) state the two gains */
    static const char *const names[] = {"long-suit", "short-suit"};
    stats_state *st = calloc(1, sizeof *st);
    stats_init(st, 2, names);
    for (int k = 0; k < 6; k++) {
        stats_deal d = {0};
        for (int i = 0; i < 2; i++) {
            d.score[i] = SPLIT[k][i];
            d.choice[i] = SPLIT[k][2 + i];
        }
        d.best = SPLIT[k][0] > SPLIT[k][1] ? SPLIT[k][0] : SPLIT[k][1];
        d.key[BREAK_COINCIDE] = SPLIT[k][2] == SPLIT[k][3];
        stats_add(st, &d);
    }
    st->read = st->accepted = 6;
    diag_t err = {0};
    const char *path = test_tmp("split.csv");
    assert_true(stats_write_summary_csv(path, st, STATS_EVAL_DD, NULL, &err));
    assert_string_equal(summary_value(path, "all", "", "long-suit", "short-suit", "mean_gain"), "0.166667");
    assert_string_equal(summary_value(path, "all", "", "long-suit", "short-suit", "n_when_differ"), "3");
    assert_string_equal(summary_value(path, "all", "", "long-suit", "short-suit", "mean_gain_when_differ"),
                        "-0.333333");
    assert_string_equal(summary_value(path, "all", "", "long-suit", "short-suit", "se_gain_when_differ"),
                        "1.452966");
    assert_string_equal(summary_value(path, "all", "", "long-suit", "short-suit", "n_when_same"), "3");
    assert_string_equal(summary_value(path, "all", "", "long-suit", "short-suit", "mean_gain_when_same"),
                        "0.666667");
    assert_string_equal(summary_value(path, "all", "", "long-suit", "short-suit", "se_gain_when_same"),
                        "0.333333");
    remove(path);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    stats_report(f, st, STATS_EVAL_PLAY, NULL);
    fclose(f);
    /* NET GAIN: mean +0.1667, leads differ on 50%, gain when differ -0.3333 */
    assert_non_null(strstr(buf, "long-suit - short-suit    +0.1667"));
    assert_non_null(strstr(buf, "   50.0%    -0.3333\n"));
    assert_non_null(strstr(buf, "GAIN WHEN THE OPENING LEADS DIFFER AND WHEN THEY ARE THE SAME"));
    /* t(0.975, 2) = 4.302653: -1/3 -/+ 4.302653 x 1.452966, 2/3 -/+ 4.302653 / 3 */
    assert_non_null(strstr(buf, "long-suit - short-suit         3    -0.3333  [-6.5849, +5.9183]          3    +0.6667  "
                                "[-0.7676, +2.1009]\n"));
    free(buf);
    /* double-dummy the table is not shown: a same lead gains nothing there */
    f = open_memstream(&buf, &len);
    stats_report(f, st, STATS_EVAL_DD, NULL);
    fclose(f);
    assert_null(strstr(buf, "GAIN WHEN THE OPENING LEADS DIFFER"));
    free(buf);
    free(st);
}

static void test_p_values_keep_their_magnitude(void **state)
{
    (void)state;
    static const struct {
        double p;
        const char *text;
    } CASES[] = {
        {1, "1.0000"}, {0.6481, "0.6481"}, {0.0294, "0.0294"}, {0.001, "0.0010"}, {0.00052, "5.2e-04"},
        {2.3e-41, "2.3e-41"}, {1e-300, "1.0e-300"}, {9e-301, "< 1e-300"}, {0, "< 1e-300"}, {NAN, "-"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        char buf[16];
        pvalue_format(buf, sizeof buf, CASES[i].p);
        assert_string_equal(buf, CASES[i].text);
        assert_true(strlen(buf) <= 8);
    }
    assert_true(pvalue_for_csv(2.3e-41) == 2.3e-41);
    assert_true(pvalue_for_csv(1e-310) == 0);
    /* a paired test far out in the tail: 90 deals +1 and 10 deals 0, t = 29.85
     * on 99 df, p about 1e-50 (it used to print as 0.0000) */
    paired_acc a = {0};
    for (int k = 0; k < 100; k++) paired_add(&a, k < 90, 0, 1);
    paired_summary s;
    paired_summarise(&a, &s);
    assert_true(s.p > 1e-60 && s.p < 1e-40);
    char buf[16];
    pvalue_format(buf, sizeof buf, s.p);
    assert_non_null(strstr(buf, "e-"));
    /* and the summary CSV writes it with its exponent */
    static const char *const names[] = {"long-suit", "random"};
    stats_state *st = calloc(1, sizeof *st);
    stats_init(st, 2, names);
    for (int k = 0; k < 100; k++) {
        stats_deal d = {.score = {k < 90, 0}, .choice = {1, 2}, .best = 1};
        stats_add(st, &d);
    }
    diag_t err = {0};
    char want[32];
    const char *path = test_tmp("tiny-p.csv");
    assert_true(stats_write_summary_csv(path, st, STATS_EVAL_DD, NULL, &err));
    snprintf(want, sizeof want, "%.6g", s.p);
    assert_string_equal(summary_value(path, "all", "", "long-suit", "random", "p_value"), want);
    assert_non_null(strstr(want, "e-"));
    remove(path);
    free(st);
}

static void test_holm(void **state)
{
    (void)state;
    /* R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") = 0.03 0.06 0.06 0.02;
     * the NaN is no test (m = 4) */
    static const double p[5] = {0.01, NAN, 0.04, 0.03, 0.005};
    double adj[5];
    assert_int_equal(pvalue_holm(p, 5, adj), 4);
    assert_true(fabs(adj[0] - 0.03) < 1e-12);
    assert_true(isnan(adj[1]));
    assert_true(fabs(adj[2] - 0.06) < 1e-12);
    assert_true(fabs(adj[3] - 0.06) < 1e-12);
    assert_true(fabs(adj[4] - 0.02) < 1e-12);
    /* at 0.05 every raw p is significant, two survive the correction */
    int raw = 0, holm = 0;
    for (int i = 0; i < 5; i++) {
        raw += p[i] < 0.05;
        holm += adj[i] < 0.05;
    }
    assert_int_equal(raw, 4);
    assert_int_equal(holm, 2);
    /* capped at 1, and never below the adjusted p of a smaller raw p */
    static const double q[3] = {0.5, 0.6, 0.2};
    double qa[3];
    assert_int_equal(pvalue_holm(q, 3, qa), 3);
    assert_true(fabs(qa[2] - 0.6) < 1e-12 && qa[0] == 1 && qa[1] == 1);
}

/* A breakdown by trumps of one pair, its p from the exact sign-flip test:
 * with 0 trumps a strong gain (18 deals +1, two 0: p = 2^-17), with 1..4
 * trumps a modest one (14 +1, two 0, four -1: p = 8096 / 2^18 = 0.0309
 * each). Unadjusted all five cells would be starred; Holm over the five
 * tests keeps the first only (0.0309 x 4 = 0.124). Issue 25 item 18: with
 * 5 trumps two deals of -1 (p = 0.5, not 0) and with 6 trumps 19 deals of
 * +1 (p = 2^-18) are below the 20 deals of a test: in no family, no star. */
static void test_breakdown_stars_are_holm_corrected(void **state)
{
    (void)state;
    static const char *const names[] = {"long-suit", "short-suit"};
    stats_state *st = calloc(1, sizeof *st);
    stats_init(st, 2, names);
    for (int trumps = 0; trumps <= 6; trumps++)
        for (int k = 0; k < (trumps == 5 ? 2 : trumps == 6 ? 19 : 20); k++) {
            int diff = trumps == 0 ? k < 18 : trumps == 5 ? -1 : trumps == 6 ? 1 : k < 14 ? 1 : k < 16 ? 0 : -1;
            stats_deal d = {.score = {6 + diff, 6}, .choice = {1, 2}, .best = 7};
            d.key[BREAK_TRUMPS] = trumps;
            d.key[BREAK_LONGEST] = 5;
            stats_add(st, &d);
        }
    st->read = st->accepted = 121;
    const double raw_p = 8096.0 / 262144.0;
    assert_true(stats_breakdown_p(&st->by[BREAK_TRUMPS][1].pair[0]) == raw_p);
    assert_true(stats_breakdown_p(&st->by[BREAK_TRUMPS][5].pair[0]) == 0.5);
    static double p[STATS_KEYS][STATS_MAX_PAIRS], adj[STATS_KEYS][STATS_MAX_PAIRS];
    assert_int_equal(stats_breakdown_holm(st, BREAK_TRUMPS, p, adj), 5);
    assert_true(adj[0][0] == 5 * ldexp(1, -17));
    for (int k = 1; k <= 4; k++) assert_true(fabs(adj[k][0] - 4 * raw_p) < 1e-12);
    assert_true(isnan(adj[5][0]) && isnan(adj[6][0]) && isnan(adj[7][0]));
    assert_true(p[5][0] == 0.5 && p[6][0] == ldexp(1, -18) && isnan(p[7][0]));
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    stats_report(f, st, STATS_EVAL_PLAY, NULL);
    fclose(f);
    const char *table = strstr(buf, "BY TRUMPS HELD BY THE LEADER");
    assert_non_null(table);
    assert_non_null(strstr(table, "\n* = p < 0.05 after Holm's correction for multiple comparisons over the 5 tests "
                                  "of this table\n  (the cells of 20 deals or more whose two choices differ on "
                                  "some deal; p: exact sign-flip test up to 100 deals, else paired t-test)\n"));
    assert_non_null(strstr(table, "\n0             20  16.5   6.900   6.000   7.000  +0.900*\n"));
    assert_non_null(strstr(table, "\n1             20  16.5   6.500   6.000   7.000  +0.500 \n"));
    assert_non_null(strstr(table, "\n5              2   1.7   5.000   6.000   7.000  -1.000 \n"));
    assert_non_null(strstr(table, "\n6             19  15.7   7.000   6.000   7.000  +1.000 \n"));
    /* the longest suit's one cell of 121 deals: the t-test */
    assert_non_null(strstr(buf, "over the 1 test of this table\n"));
    free(buf);
    diag_t err = {0};
    char want[32];
    const char *path = test_tmp("holm.csv");
    assert_true(stats_write_summary_csv(path, st, STATS_EVAL_DD, NULL, &err));
    snprintf(want, sizeof want, "%.6g", 4 * raw_p);
    assert_string_equal(summary_value(path, "trumps_held", "3", "long-suit", "short-suit", "p_value_holm"), want);
    snprintf(want, sizeof want, "%.6g", raw_p);
    assert_string_equal(summary_value(path, "trumps_held", "3", "long-suit", "short-suit", "p_value"), want);
    assert_string_equal(summary_value(path, "trumps_held", "5", "long-suit", "short-suit", "p_value"), "0.5");
    assert_string_equal(summary_value(path, "trumps_held", "5", "long-suit", "short-suit", "p_value_holm"), "");
    /* over all deals the one pair's Holm p is its p (a family of one) */
    char all_p[64];
    snprintf(all_p, sizeof all_p, "%s", summary_value(path, "all", "", "long-suit", "short-suit", "p_value"));
    assert_true(strlen(all_p) > 0);
    assert_string_equal(summary_value(path, "all", "", "long-suit", "short-suit", "p_value_holm"), all_p);
    remove(path);
    free(st);
}

/* A small breakdown: no cell has the 20 deals of a test, and the report
 * says so. */
static void test_breakdown_too_small_to_star(void **state)
{
    (void)state;
    static const char *const names[] = {"long-suit", "random"};
    stats_state *st = calloc(1, sizeof *st);
    stats_init(st, 2, names);
    for (int k = 0; k < 5; k++) {
        stats_deal d = {.score = {5, 6}, .choice = {1, 2}, .best = 7};
        d.key[BREAK_TRUMPS] = 3;
        stats_add(st, &d);
    }
    st->read = st->accepted = 5;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    stats_report(f, st, STATS_EVAL_DD, NULL);
    fclose(f);
    const char *table = strstr(buf, "BY TRUMPS HELD BY THE LEADER");
    assert_non_null(table);
    assert_non_null(strstr(table, "(mean tricks; mean net gain; exploratory)\nno * : no cell has the 20 deals a test of this "
                                  "table needs\n"));
    assert_non_null(strstr(table, "\n3              5 100.0   5.000   6.000   7.000  -1.000 \n"));
    free(buf);
    free(st);
}

static void test_wls_older_version_refused(void **state)
{
    (void)state;
    static wls_file w, r;
    stats_state *st = calloc(1, sizeof *st);
    diag_t err = {0};
    char path[256];
    fill_wls(&w, st, 0, 1, inputs_of[0]);
    snprintf(path, sizeof path, "%s", test_tmp("v1.wls"));
    assert_true(wls_write(path, &w, &err));
    /* the version (bytes 12-15) set to 1, the CRC made right again */
    FILE *f = fopen(path, "r+b");
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    unsigned char *b = malloc((size_t)len);
    fseek(f, 0, SEEK_SET);
    assert_int_equal(fread(b, 1, (size_t)len, f), len);
    b[12] = 1;
    uint32_t crc = (uint32_t)crc32(0L, b, (uInt)(len - 4));
    for (int i = 0; i < 4; i++) b[len - 4 + i] = (unsigned char)(crc >> (8 * i));
    fseek(f, 0, SEEK_SET);
    fwrite(b, 1, (size_t)len, f);
    fclose(f);
    free(b);
    r.stats = st;
    r.inputs = inputs_of[1];
    assert_false(wls_read(path, &r, &err));
    assert_non_null(strstr(err.reason, "a state file of version 1 (an older whistlab); this whistlab reads versions 3 to 5"));
    remove(path);
    free(st);
}

/* A pair whose choices are the same on every deal of a cell differs by
 * nothing by construction: it is no test of the breakdown's Holm family
 * (issue 28 item 5), told from the data (no deal where they differ). */
static void test_breakdown_family_leaves_out_null_pairs(void **state)
{
    (void)state;
    static const char *const conv[] = {"long-suit", "american", "short-suit"};
    stats_state *st = calloc(1, sizeof *st);
    stats_init(st, 3, conv);
    for (int k = 0; k < 40; k++) {
        /* long-suit and american choose the same card on every deal; short-suit another on odd deals */
        stats_deal d = {.score = {7, 7, 6 + k % 2}, .choice = {1, 1, 1 + k % 2}, .best = 7};
        d.key[BREAK_TRUMPS] = 4;
        stats_add(st, &d);
    }
    static double p[STATS_KEYS][STATS_MAX_PAIRS], adj[STATS_KEYS][STATS_MAX_PAIRS];
    assert_int_equal(stats_breakdown_holm(st, BREAK_TRUMPS, p, adj), 2);
    assert_true(isnan(adj[4][stats_pair_index(0, 1, 3)]));
    assert_false(isnan(adj[4][stats_pair_index(0, 2, 3)]));
    free(st);
}

static void test_provenance(void **state)
{
    (void)state;
    char cmd[256];
    char *const argv[] = {"replay", "my deals.pbn", "--conventions", "a,b", "it's", ""};
    provenance_command(cmd, sizeof cmd, "whistlab", 6, argv);
    assert_string_equal(cmd, "whistlab replay 'my deals.pbn' --conventions a,b 'it'\\''s' ''");

    static provenance p;
    static const char *const names[] = {"x.pbn.gz", "y.wda"};
    input_account in[2] = {{.deals = 1603, .digest = {0x0123456789abcdefULL, 0xfedcba9876543210ULL}, .stopped = 1},
                           {.deals = 2000, .digest = {1, 2}}};
    snprintf(in[0].where, sizeof in[0].where, "x.pbn.gz:9623: truncated gzip stream");
    provenance_init(&p);
    p.version = "9.9.9";
    p.command = provenance_keep(&p, cmd);
    p.experiment = "two things compared.";
    p.ninputs = 2;
    p.input_name = names;
    p.input = in;
    p.parts = 4;
    p.part_mask = 0x5;
    provenance_setting(&p, "eval", "%s", "play");
    provenance_setting(&p, "seed", "%d", 7);
    char status[1024];
    provenance_status(&p, status, sizeof status);
    assert_string_equal(status, "INCOMPLETE: x.pbn.gz stopped after 1603 deals read (x.pbn.gz:9623: truncated "
                                "gzip stream); PARTIAL: only shards 1/4, 3/4 of the corpus's records (missing "
                                "2/4, 4/4)");

    static const char *const conv[] = {"long-suit", "short-suit"};
    stats_state *st = calloc(1, sizeof *st);
    stats_init(st, 2, conv);
    stats_deal d = {.score = {7, 6}, .choice = {1, 2}, .best = 7};
    stats_add(st, &d);
    st->read = st->accepted = 1;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    stats_report(f, st, STATS_EVAL_PLAY, &p);
    fclose(f);
    /* not whole: said first, before the numbers, and again where they are */
    assert_true(strncmp(buf, "INCOMPLETE: 1 of 2 inputs were not read to the end", 50) == 0);
    assert_non_null(strstr(buf, "\n  x.pbn.gz: stopped after 1603 deals read: x.pbn.gz:9623: truncated gzip stream\n"
                                "PARTIAL: the numbers below hold only shards 1/4, 3/4 of the corpus's records "
                                "(missing 2/4, 4/4)\nExperiment: two things compared.\n"
                                "version:  whistlab 9.9.9\n"));
    assert_non_null(strstr(buf, "\ncorpus:   x.pbn.gz: 1603 deals, digest fedcba98765432100123456789abcdef "
                                "(INCOMPLETE)\ncorpus:   y.wda: 2000 deals, digest "
                                "00000000000000020000000000000001\nsettings: eval play; seed 7\n"));
    assert_non_null(strstr(buf, "1 whist deals analysed; INCOMPLETE: not every input was read to its end; "
                                "PARTIAL: some shards only\n"));
    free(buf);
    diag_t err = {0};
    const char *path = test_tmp("prov.csv");
    assert_true(stats_write_summary_csv(path, st, STATS_EVAL_DD, &p, &err));
    /* what the table rests on: comment lines before the header row, so that
     * every column below is of one type (issue 28 item 2) */
    char *text = test_slurp(path);
    assert_non_null(text);
    char want[2048];
    snprintf(want, sizeof want,
             "# version: 9.9.9\n# command: %s\n# experiment: two things compared.\n# shards_total: 4\n"
             "# shards_present: 2\n# input 1: x.pbn.gz\n# input_deals 1: 1603\n"
             "# input_digest 1: fedcba98765432100123456789abcdef\n# input_complete 1: 0\n"
             "# input_stopped_at 1: x.pbn.gz:9623: truncated gzip stream\n# input 2: y.wda\n# input_deals 2: 2000\n"
             "# input_digest 2: 00000000000000020000000000000001\n# input_complete 2: 1\n# setting eval: play\n"
             "# setting seed: 7\n# status: %s\nbreakdown,level,evaluation,convention,versus,measure,difference,value\n"
             "input,,,,,read,,1\n",
             cmd, status);
    if (strncmp(text, want, strlen(want)) != 0) fail_msg("got\n%.2000s", text);
    free(text);
    assert_string_equal(summary_value(path, "input", "", "", "", "complete"), "0");
    remove(path);
    free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_paired_t_test),
        cmocka_unit_test(test_breakdown_family_leaves_out_null_pairs),
        cmocka_unit_test(test_summary_csv_eval_column),
        cmocka_unit_test(test_paired_mixed_signs),
        cmocka_unit_test(test_paired_degenerate),
        cmocka_unit_test(test_pair_index),
        cmocka_unit_test(test_merge_is_exact),
        cmocka_unit_test(test_joint_cells_fold_exactly),
        cmocka_unit_test(test_joint_cell_beyond_16_bits),
        cmocka_unit_test(test_wls_round_trip_and_damage),
        cmocka_unit_test(test_wls_fields_validated),
        cmocka_unit_test(test_wls_merge_rules),
        cmocka_unit_test(test_csv_quoting),
        cmocka_unit_test(test_csv_row_repeat),
        cmocka_unit_test(test_summary_csv_and_report),
        cmocka_unit_test(test_gain_when_differ_and_same),
        cmocka_unit_test(test_p_values_keep_their_magnitude),
        cmocka_unit_test(test_holm),
        cmocka_unit_test(test_breakdown_stars_are_holm_corrected),
        cmocka_unit_test(test_breakdown_too_small_to_star),
        cmocka_unit_test(test_sign_flip_exact),
        cmocka_unit_test(test_wls_older_version_refused),
        cmocka_unit_test(test_provenance),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
