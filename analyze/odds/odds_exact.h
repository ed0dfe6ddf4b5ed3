/* odds_exact.h -- the exact probabilities behind the odds tables (odds.md S3),
 * as reduced fractions computed from integer binomial counts.
 *
 * Only combinatorics lives here: urns, draws and hand patterns as numbers.
 * Which named cards, hands or seats the counts stand for is said where the
 * tables are defined (odds_tables.c). */
#ifndef WHISTLAB_STATS_ODDS_EXACT_H
#define WHISTLAB_STATS_ODDS_EXACT_H

#include <stdint.h>
#include "stats/rational.h"

/* C(n, k) exactly for 0 <= n <= 62 (0 when k < 0 or k > n). */
uint64_t odds_choose(int n, int k);

/* Hypergeometric: P(k successes in t draws from n1 successes and n2
 * failures) = C(n1,k) C(n2,t-k) / C(n1+n2,t). */
rational odds_hyper(int k, int n1, int n2, int t);

/* Trumps held (odds.md S3.2-S3.3), index k = 0..13: the dealer, turn-up
 * included, and one given non-dealer. */
void odds_trumps_dealer(rational p[14]);
void odds_trumps_nondealer(rational p[14]);

/* Rounds R = max(LHO, RHO trumps) needed to draw the adversaries' trumps
 * when the leader holds t of them (odds.md S3.5), index r = 0..13.
 * eldest: the original lead by the eldest hand, the dealer on his right
 * known to hold the turn-up. */
void odds_exhaustion(int t, bool eldest, rational p[14]);
/* The same for "t >= 5", each t weighted by the a-priori chance of holding
 * it (a hand's suit length, or a non-dealer's trumps when eldest). */
void odds_exhaustion_ge5(bool eldest, rational p[14]);

/* The 39 hand patterns in the order of odds.md S3.9 (descending count;
 * ties in descending pattern order). */
typedef struct {
    uint8_t len[4];  /* a >= b >= c >= d */
    uint8_t orders;  /* distinct suit orders of the four lengths */
    uint64_t hands;  /* hands of this pattern, of C(52,13) */
} odds_pattern;
#define ODDS_NPATTERNS 39
const odds_pattern *odds_patterns(void);
/* Index (0..38) of the pattern of four lengths in any order; -1 if they do
 * not sum to 13. */
int odds_pattern_index(int a, int b, int c, int d);

/* 4-3-3-3, 4-4-3-2 or 5-3-3-2 (lengths sorted descending). */
bool odds_pattern_balanced(const uint8_t len[4]);

/* Hands with h high-card points (A4 K3 Q2 J1), h = 0..37 (odds.md S3.13). */
void odds_hcp_counts(uint64_t hands[38]);

/* Honours A K Q J of trumps held by a side, h = 0..4 (odds.md S3.12). */
typedef enum {
    HONOURS_PRIOR,    /* a side, trumps fixed independently of the deal */
    HONOURS_TU_HON,   /* the dealer's side, the turn-up an honour */
    HONOURS_TU_SMALL, /* the dealer's side, the turn-up below the knave */
    HONOURS_WHIST,    /* the dealer's side, averaged over the turn-up */
} honours_model;
void odds_honours(honours_model m, rational p[5]);

/* Moments of Q = sum over suits of length^2 for one hand, and of
 * F = the sum of Q over the four hands of a deal (odds.md S4.3). */
typedef struct {
    rational hand_mean, hand_var, deal_mean, deal_var;
} odds_flatness;
odds_flatness odds_flatness_moments(void);

#endif
