/* odds_fit.c -- goodness of fit of a corpus to random dealing (odds.md S4). */
#include <math.h>
#include <string.h>
#include "analyze/deal/deal_random.h"
#include "analyze/odds/odds_fit.h"
#include "analyze/odds/odds_exact.h"

static const char *const ROW_CHI2[FIT_TESTS] = {"patterns.chi2", "patterns1.chi2", "lengths.chi2",
                                                 "suitsplits.chi2"};
static const char *const ROW_P[FIT_TESTS] = {"patterns.p", "patterns1.p", "lengths.p", "suitsplits.p"};
static const char *const ROW_P_MC[FIT_TESTS] = {"patterns.p-mc", "patterns1.p-mc", "lengths.p-mc",
                                                "suitsplits.p-mc"};
static const char *const TEST_EVENT[FIT_TESTS] = {
    "chi-square of the hand patterns of all hands against random dealing",
    "chi-square of the hand pattern of one hand per deal against random dealing",
    "chi-square of the suit lengths of all hands against random dealing",
    "chi-square of the sorted splits of each suit against random dealing",
};

/* Category probabilities of each test: the 39 patterns (S3.9; a suit's
 * split has the same law) or the lengths 0..13 (S3.11). */
static int test_probs(int test, double *p)
{
    if (test == FIT_LENGTHS) {
        for (int k = 0; k <= 13; k++) p[k] = rat_to_double(odds_hyper(k, 13, 39, 13));
        return 14;
    }
    const odds_pattern *pat = odds_patterns();
    double all = (double)odds_choose(52, 13);
    for (int i = 0; i < ODDS_NPATTERNS; i++) p[i] = (double)pat[i].hands / all;
    return ODDS_NPATTERNS;
}

static uint16_t test_slot(int test)
{
    static const odds_group_id GROUP[FIT_TESTS] = {OG_PATTERN, OG_PATTERN1, OG_SUIT_LENGTH, OG_SUIT_SPLIT};
    return odds_group_info(GROUP[test])->offset;
}

void odds_fit_compute(const odds_acc *a, odds_fit *f)
{
    memset(f, 0, sizeof *f);
    f->deals = a->deals;
    for (int t = 0; t < FIT_TESTS; t++) {
        double p[GOF_MAX_CATEGORIES], n = 0;
        int k = test_probs(t, p);
        for (int i = 0; i < k; i++) {
            f->count[t][i] = (double)a->total[test_slot(t) + i];
            n += f->count[t][i];
        }
        gof_chi2_bins(&f->chi2[t], p, k, n, t == FIT_LENGTHS ? GOF_POOL_TAILS : GOF_POOL_HEAD);
        gof_chi2_eval(&f->chi2[t], f->count[t]);
    }
    const int64_t *F = a->total + odds_group_info(OG_F)->offset;
    odds_flatness exact = odds_flatness_moments();
    f->flatness = gof_mean_z(F[0], (double)F[1], (double)F[2], rat_to_double(exact.deal_mean),
                             rat_to_double(exact.deal_var));
    const int64_t *bal = a->total + odds_group_info(OG_BALANCED)->offset;
    f->balanced = bal[0] + bal[1] ? (double)bal[1] / (double)(bal[0] + bal[1]) : NAN;
}

void odds_fit_monte_carlo(odds_fit *f, int rounds, unsigned long seed)
{
    if (rounds <= 0 || f->deals <= 0) return;
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    if (!rng) return;
    gsl_rng_set(rng, seed);
    long exceed[FIT_TESTS] = {0};
    for (int b = 0; b < rounds; b++) {
        double count[FIT_TESTS][GOF_MAX_CATEGORIES] = {{0}};
        for (int64_t d = 0; d < f->deals; d++) {
            hand_t hand[4];
            deal_random_hands(rng, hand);
            int len[4][4];
            for (int p = 0; p < 4; p++)
                for (int s = 0; s < 4; s++) len[p][s] = hand_suit_len(hand[p], s);
            for (int p = 0; p < 4; p++) {
                int pat = odds_pattern_index(len[p][0], len[p][1], len[p][2], len[p][3]);
                count[FIT_PATTERNS][pat]++;
                if (p == SEAT_N) count[FIT_PATTERNS1][pat]++;
                for (int s = 0; s < 4; s++) count[FIT_LENGTHS][len[p][s]]++;
            }
            for (int s = 0; s < 4; s++)
                count[FIT_SUITSPLITS][odds_pattern_index(len[0][s], len[1][s], len[2][s], len[3][s])]++;
        }
        for (int t = 0; t < FIT_TESTS; t++) exceed[t] += gof_chi2_stat(&f->chi2[t], count[t]) >= f->chi2[t].x2;
    }
    gsl_rng_free(rng);
    f->mc_rounds = rounds;
    for (int t = 0; t < FIT_TESTS; t++) f->p_mc[t] = (1.0 + (double)exceed[t]) / (rounds + 1.0);
}

int odds_fit_lines(const odds_fit *f, double level, odds_line *out)
{
    int n = 0;
    for (int t = 0; t < FIT_TESTS; t++) {
        const gof_chi2 *g = &f->chi2[t];
        bool ok = g->df >= 1;
        odds_line chi = {.table = "gof", .row = ROW_CHI2[t], .event = TEST_EVENT[t], .has_df = ok, .df = g->df,
                         .has_critical = ok, .measured = true};
        chi.emp = (odds_estimate){.has = ok, .value = g->x2, .n = (int64_t)g->n};
        if (ok) {
            chi.critical_lo = gof_chi2_quantile(g, (1 - level) / 2);
            chi.critical_hi = gof_chi2_quantile(g, 1 - (1 - level) / 2);
        }
        out[n++] = chi;
        odds_line p = {.table = "gof", .row = ROW_P[t], .event = TEST_EVENT[t], .measured = true};
        p.emp = (odds_estimate){.has = ok, .value = g->p, .n = (int64_t)g->n};
        out[n++] = p;
        if (f->mc_rounds) {
            odds_line mc = p;
            mc.row = ROW_P_MC[t];
            mc.emp.value = f->p_mc[t];
            out[n++] = mc;
        }
    }
    const gof_mean_test *F = &f->flatness;
    bool ok = F->d >= 1;
    double z = ci_z(level);
    odds_line zl = {.table = "gof", .row = "flatness.z", .has_critical = ok, .critical_lo = -z, .critical_hi = z,
                    .measured = true, .event = "z of the mean flatness F against random dealing (negative: flatter)"};
    zl.emp = (odds_estimate){.has = ok, .value = F->z, .n = F->d};
    out[n++] = zl;
    odds_line pl = {.table = "gof", .row = "flatness.p", .measured = true,
                    .event = "two-sided p-value of the flatness z-test"};
    pl.emp = (odds_estimate){.has = ok, .value = F->p, .n = F->d};
    out[n++] = pl;
    return n;
}

void odds_fit_print(FILE *out, const odds_fit *f)
{
    const gof_mean_test *F = &f->flatness;
    fprintf(out, "goodness of fit to random dealing, %lld distinct deals (odds.md S4)\n", (long long)f->deals);
    fprintf(out, "  F flatness: mean %.4f (random %.4f), z %+.2f, p %.4g%s\n", F->mean, 3380.0 / 17, F->z, F->p,
            F->z < 0 ? " (flatter than random)" : "");
    static const int ORDER[FIT_TESTS] = {FIT_LENGTHS, FIT_PATTERNS, FIT_PATTERNS1, FIT_SUITSPLITS};
    static const char *const LABEL[FIT_TESTS] = {"P patterns", "P1 patterns (one hand per deal)", "L suit lengths",
                                                 "S suit splits"};
    for (int i = 0; i < FIT_TESTS; i++) {
        int t = ORDER[i];
        const gof_chi2 *g = &f->chi2[t];
        fprintf(out, "  %s: X2 %.2f (df %d), p %.4g, G2 %.2f, N %.0f", LABEL[t], g->x2, g->df, g->p, g->g2, g->n);
        if (f->mc_rounds) fprintf(out, ", Monte Carlo p %.4g (B %d)", f->p_mc[t], f->mc_rounds);
        fputc('\n', out);
    }
    fprintf(out, "  balanced hands: %.4f (random 0.4760)\n", f->balanced);
    const gof_chi2 *P = &f->chi2[FIT_PATTERNS];
    if (P->n <= 0) return;
    const odds_pattern *pat = odds_patterns();
    fprintf(out, "  standardised residuals (O-E)/sqrt(E) of P:");
    double all = (double)odds_choose(52, 13);
    for (int i = 0; i < ODDS_NPATTERNS; i++) {
        double e = P->n * (double)pat[i].hands / all;
        if (e < 5) break;
        fprintf(out, "%s %d-%d-%d-%d %+.2f", i % 6 ? "" : "\n   ", pat[i].len[0], pat[i].len[1], pat[i].len[2],
                pat[i].len[3], (f->count[FIT_PATTERNS][i] - e) / sqrt(e));
    }
    fputc('\n', out);
}
