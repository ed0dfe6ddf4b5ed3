/* odds_exact.c -- exact counts and fractions for the odds tables.
 *
 * Every value is a sum of products of binomial coefficients divided by the
 * size of its sample space, summed as integers first so that no tail is ever
 * taken as one minus its complement (odds.md S1.3). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/odds/odds_exact.h"

uint64_t odds_choose(int n, int k)
{
    if (k < 0 || k > n || n < 0) return 0;
    if (k > n - k) k = n - k;
    uint64_t r = 1;
    for (int i = 1; i <= k; i++) r = r / i * (uint64_t)(n - k + i) + r % i * (uint64_t)(n - k + i) / i;
    return r;
}

rational odds_hyper(int k, int n1, int n2, int t)
{
    rat_int num = (rat_int)odds_choose(n1, k) * (rat_int)odds_choose(n2, t - k);
    return rat_make(num, (rat_int)odds_choose(n1 + n2, t));
}

/* odds.md S3.2: the dealer holds the turn-up plus 12 of the other 51 cards,
 * which hold 12 trumps; a non-dealer holds 13 of those 51. */
void odds_trumps_dealer(rational p[14])
{
    p[0] = rat_int_value(0);
    for (int k = 1; k <= 13; k++) p[k] = odds_hyper(k - 1, 12, 39, 12);
}

void odds_trumps_nondealer(rational p[14])
{
    for (int k = 0; k <= 13; k++) p[k] = odds_hyper(k, 12, 39, 13);
}

/* Layout counts of (LHO, RHO) trumps with their denominator: a priori the 39
 * unseen cards hold 13-t trumps, LHO takes 13 of 39 and RHO 13 of the other
 * 26; for the eldest hand 38 unseen cards hold 12-t trumps, LHO 13 of 38 and
 * the dealer 12 of the other 25 beside his turn-up (odds.md S3.5). */
static void exhaustion_counts(int t, bool eldest, rat_int count[14], rat_int *den)
{
    for (int r = 0; r < 14; r++) count[r] = 0;
    int out = (eldest ? 12 : 13) - t; /* trumps the leader does not see */
    int rho_places = eldest ? 12 : 13;
    int unseen = eldest ? 38 : 39;
    for (int a = 0; a <= out; a++)
        for (int b = 0; a + b <= out; b++) {
            rat_int c = (rat_int)odds_choose(out, a) * odds_choose(unseen - out, 13 - a);
            int rest = unseen - 13, rest_trumps = out - a;
            c *= (rat_int)odds_choose(rest_trumps, b) * odds_choose(rest - rest_trumps, rho_places - b);
            int rho = eldest ? b + 1 : b; /* the dealer's turn-up is a trump */
            count[a > rho ? a : rho] += c;
        }
    *den = (rat_int)odds_choose(unseen, 13) * odds_choose(unseen - 13, rho_places);
}

void odds_exhaustion(int t, bool eldest, rational p[14])
{
    rat_int count[14], den;
    exhaustion_counts(t, eldest, count, &den);
    for (int r = 0; r < 14; r++) p[r] = rat_make(count[r], den);
}

void odds_exhaustion_ge5(bool eldest, rational p[14])
{
    rat_int total[14] = {0}, den = 0;
    int tmax = eldest ? 12 : 13;
    for (int t = 5; t <= tmax; t++) {
        /* The chance of holding t: a hand's suit length a priori, a
         * non-dealer's trumps when the turn-up lies with the dealer. */
        rat_int w = eldest ? (rat_int)odds_choose(12, t) * odds_choose(39, 13 - t)
                           : (rat_int)odds_choose(13, t) * odds_choose(39, 13 - t);
        rat_int count[14], d;
        exhaustion_counts(t, eldest, count, &d);
        for (int r = 0; r < 14; r++) total[r] += w * count[r];
        den += w * d;
    }
    for (int r = 0; r < 14; r++) p[r] = rat_make(total[r], den);
}

static odds_pattern PATTERNS[ODDS_NPATTERNS];
static int8_t PATTERN_INDEX[14][14][14]; /* by the three longest lengths */
static pthread_once_t PATTERNS_ONCE = PTHREAD_ONCE_INIT;

static int pattern_order(const void *x, const void *y)
{
    const odds_pattern *a = x, *b = y;
    if (a->hands != b->hands) return a->hands > b->hands ? -1 : 1;
    for (int i = 0; i < 4; i++)
        if (a->len[i] != b->len[i]) return a->len[i] > b->len[i] ? -1 : 1;
    return 0;
}

static void patterns_build(void)
{
    int n = 0;
    for (int a = 13; a >= 0; a--)
        for (int b = a; b >= 0; b--)
            for (int c = b; c >= 0; c--) {
                int d = 13 - a - b - c;
                if (d < 0 || d > c) continue;
                int len[4] = {a, b, c, d}, orders = 24;
                for (int i = 0; i < 4;) { /* 4! / product of multiplicities! */
                    int j = i;
                    while (j < 4 && len[j] == len[i]) j++;
                    for (int m = 2; m <= j - i; m++) orders /= m;
                    i = j;
                }
                odds_pattern *p = &PATTERNS[n++];
                p->hands = (uint64_t)orders;
                for (int i = 0; i < 4; i++) {
                    p->len[i] = (uint8_t)len[i];
                    p->hands *= odds_choose(13, len[i]);
                }
                p->orders = (uint8_t)orders;
            }
    qsort(PATTERNS, (size_t)n, sizeof PATTERNS[0], pattern_order);
    for (int a = 0; a < 14; a++)
        for (int b = 0; b < 14; b++)
            for (int c = 0; c < 14; c++) PATTERN_INDEX[a][b][c] = -1;
    for (int i = 0; i < n; i++)
        PATTERN_INDEX[PATTERNS[i].len[0]][PATTERNS[i].len[1]][PATTERNS[i].len[2]] = (int8_t)i;
}

const odds_pattern *odds_patterns(void)
{
    pthread_once(&PATTERNS_ONCE, patterns_build);
    return PATTERNS;
}

int odds_pattern_index(int a, int b, int c, int d)
{
    if (a < 0 || b < 0 || c < 0 || d < 0 || a + b + c + d != 13) return -1;
    odds_patterns();
    int v[4] = {a, b, c, d};
    for (int i = 1; i < 4; i++) /* sort descending */
        for (int j = i; j > 0 && v[j] > v[j - 1]; j--) {
            int t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    return PATTERN_INDEX[v[0]][v[1]][v[2]];
}

bool odds_pattern_balanced(const uint8_t len[4])
{
    static const uint8_t BALANCED[3][4] = {{4, 3, 3, 3}, {4, 4, 3, 2}, {5, 3, 3, 2}};
    for (int i = 0; i < 3; i++)
        if (memcmp(len, BALANCED[i], 4) == 0) return true;
    return false;
}

void odds_hcp_counts(uint64_t hands[38])
{
    /* ways[j][h]: sets of j of the 16 honours worth h points, built rank by
     * rank; the other 13-j cards come from the 36 below the knave. */
    uint64_t ways[17][38] = {{0}};
    ways[0][0] = 1;
    for (int points = 4; points >= 1; points--) {
        uint64_t next[17][38] = {{0}};
        for (int j = 0; j <= 16; j++)
            for (int h = 0; h < 38; h++) {
                if (!ways[j][h]) continue;
                for (int take = 0; take <= 4 && j + take <= 16 && h + take * points < 38; take++)
                    next[j + take][h + take * points] += ways[j][h] * odds_choose(4, take);
            }
        for (int j = 0; j <= 16; j++)
            for (int h = 0; h < 38; h++) ways[j][h] = next[j][h];
    }
    for (int h = 0; h < 38; h++) {
        hands[h] = 0;
        for (int j = 0; j <= 13; j++) hands[h] += ways[j][h] * odds_choose(36, 13 - j);
    }
}

void odds_honours(honours_model m, rational p[5])
{
    for (int h = 0; h <= 4; h++) {
        switch (m) {
        case HONOURS_PRIOR: /* the side's 26 places among 52 cards */
            p[h] = odds_hyper(h, 4, 48, 26);
            break;
        case HONOURS_TU_HON: /* one honour is the turn-up; 25 places of 51 */
            p[h] = h ? odds_hyper(h - 1, 3, 48, 25) : rat_int_value(0);
            break;
        case HONOURS_TU_SMALL:
            p[h] = odds_hyper(h, 4, 47, 25);
            break;
        case HONOURS_WHIST: /* the turn-up is an honour in 4 of 13 cases */
            p[h] = rat_add(rat_mul(rat_make(4, 13), h ? odds_hyper(h - 1, 3, 48, 25) : rat_int_value(0)),
                           rat_mul(rat_make(9, 13), odds_hyper(h, 4, 47, 25)));
            break;
        }
    }
}

/* E[L1s^2 L2t^2] for two hands of one deal, suits s and t (same_suit), as a
 * count over C(52,13) C(39,13): hand 1 draws 13 of 52, hand 2 13 of the
 * other 39. */
static rat_int cross_moment(bool same_suit)
{
    rat_int sum = 0;
    if (same_suit) {
        for (int a = 0; a <= 13; a++)
            for (int b = 0; a + b <= 13; b++) {
                rat_int ways = (rat_int)odds_choose(13, a) * odds_choose(39, 13 - a) *
                               ((rat_int)odds_choose(13 - a, b) * odds_choose(26 + a, 13 - b));
                sum += ways * (a * a) * (b * b);
            }
        return sum;
    }
    for (int a1 = 0; a1 <= 13; a1++)
        for (int a2 = 0; a1 + a2 <= 13; a2++) {
            rat_int w1 = (rat_int)odds_choose(13, a1) * odds_choose(13, a2) * odds_choose(26, 13 - a1 - a2);
            for (int b1 = 0; b1 <= 13 - a1; b1++)
                for (int b2 = 0; b1 + b2 <= 13 && b2 <= 13 - a2; b2++) {
                    rat_int w2 = (rat_int)odds_choose(13 - a1, b1) * odds_choose(13 - a2, b2) *
                                 odds_choose(13 + a1 + a2, 13 - b1 - b2);
                    sum += w1 * w2 * (a1 * a1) * (b2 * b2);
                }
        }
    return sum;
}

odds_flatness odds_flatness_moments(void)
{
    const odds_pattern *pat = odds_patterns();
    rat_int total = (rat_int)odds_choose(52, 13), s1 = 0, s2 = 0;
    for (int i = 0; i < ODDS_NPATTERNS; i++) {
        rat_int q = 0;
        for (int j = 0; j < 4; j++) q += pat[i].len[j] * pat[i].len[j];
        s1 += (rat_int)pat[i].hands * q;
        s2 += (rat_int)pat[i].hands * q * q;
    }
    odds_flatness f;
    f.hand_mean = rat_make(s1, total);
    f.hand_var = rat_sub(rat_make(s2, total), rat_mul(f.hand_mean, f.hand_mean));
    /* Var F = 4 Var Q + 12 Cov(Q1, Q2); E[Q1 Q2] sums 4 same-suit and 12
     * cross-suit terms. */
    rat_int pairs = total * (rat_int)odds_choose(39, 13);
    rational e12 = rat_make(4 * cross_moment(true) + 12 * cross_moment(false), pairs);
    rational cov = rat_sub(e12, rat_mul(f.hand_mean, f.hand_mean));
    f.deal_mean = rat_mul(rat_int_value(4), f.hand_mean);
    f.deal_var = rat_add(rat_mul(rat_int_value(4), f.hand_var), rat_mul(rat_int_value(12), cov));
    return f;
}
