/* odds_tables.h -- the odds tables of odds.md as data: 14 tables, 569 rows in
 * the oracle's order, each with its exact value, its historic figure and the
 * way the corpus measures it.
 *
 * Measuring is split in two. The deal side (analyze/odds/odds_events.c) turns a
 * deal into small integer histograms, the observation groups below: for
 * instance pc[2][k] counts the (viewer, suit, other player) triples in which
 * "he" holds k of the 3 named cards. This side knows nothing of cards: a row
 * only says which group it reads, which bins form its conditioning subset
 * (domain) and which count as successes (hit), or which value each bin
 * stands for (mean rows). */
#ifndef WHISTLAB_STATS_ODDS_TABLES_H
#define WHISTLAB_STATS_ODDS_TABLES_H

#include <stdint.h>
#include "analyze/odds/odds_historic.h"
#include "stats/rational.h"

#define ODDS_NROWS 569
#define ODDS_NTABLES 14

/* Groups that need no dealer and no turn-up: once per deal. */
typedef struct {
    int32_t pc[6][8];        /* partner-cards, m = 1..6: k named cards held by "he" */
    int32_t th[3][4];        /* two-hands, m = 1..3: k named cards held by "he" */
    int32_t th_l404[3];      /* L404: 0 he holds K, 1 Q J not K, 2 the rest */
    int32_t th_l566[2];      /* L566: 1 if K and Q lie in the same unknown hand */
    int32_t te[5][14];       /* trump-exhaustion, T = 4..8: rounds R */
    int32_t te_ge5[14];      /* the same over T >= 5 */
    int32_t king_lho[2];     /* claims L2157, L1647: 1 if LHO holds the K */
    int32_t longest_adv[2];  /* claims L939: 1 if the unique longest is an adversary */
    int32_t partner_hon[5];  /* claims L1695: partner's count of A K Q J */
    int32_t ace_third[2];    /* claims L1717: 1 if third hand holds the A */
    int32_t calc[3][2];      /* hoyle calc1..3: 1 if partner holds any named card */
    int32_t not_ace[2];      /* hoyle not-ace: 1 if partner holds the A */
    int32_t ace_or_queen[2]; /* hoyle ace-or-queen: 1 if partner holds A or Q */
    int32_t split[14][14];   /* suit-splits: [n missing][larger part] */
    int32_t pattern[39];     /* hand-patterns, index of odds_patterns() */
    int32_t longest[14];     /* hand-shape */
    int32_t shortest[14];
    int32_t balanced[2];
    int32_t suit_length[14];
    int32_t hon_prior[5];    /* honours prior: N-S count of a suit's A K Q J */
    int32_t hon_hand[5];     /* honours per hand and suit */
    int32_t hcp[38];
    int32_t q[3];            /* hand flatness Q: observations, sum, sum of squares */
    int32_t f[3];            /* deal flatness F: the same, one per deal */
    int32_t pattern1[39];    /* gof P1: the pattern of one hand per deal */
    int32_t suit_split[39];  /* gof S: the sorted split of each suit */
} odds_deal_counts;

/* Groups taken per dealer and turn-up (odds.md S2.5), weighted by the
 * number of pseudo-turn-ups they stand for. */
typedef struct {
    int32_t pct[4][8];       /* partner-cards tu., m = 1..4 */
    int32_t pcd[4][8];       /* partner-cards tud., m = 1..4 */
    int32_t dealer[14];      /* trumps of the dealer, turn-up included */
    int32_t nondealer[14];   /* trumps of each non-dealer */
    int32_t te_e[5][14];     /* trump-exhaustion eldest, T = 4..8 */
    int32_t te_e_ge5[14];
    int32_t hon_whist[5];    /* the dealer's side's honours */
    int32_t hon_tu_hon[5];   /* the same when the turn-up is an honour */
    int32_t hon_tu_small[5]; /* the same when it is not */
} odds_turnup_counts;

typedef struct {
    odds_deal_counts deal;
    odds_turnup_counts tu;
} odds_counts;

#define ODDS_NBINS ((int)(sizeof(odds_counts) / sizeof(int32_t)))

typedef enum {
    OG_PC_M1, OG_PC_M2, OG_PC_M3, OG_PC_M4, OG_PC_M5, OG_PC_M6,
    OG_TH_M1, OG_TH_M2, OG_TH_M3, OG_TH_L404, OG_TH_L566,
    OG_TE_T4, OG_TE_T5, OG_TE_T6, OG_TE_T7, OG_TE_T8, OG_TE_GE5,
    OG_KING_LHO, OG_LONGEST_ADV, OG_PARTNER_HON, OG_ACE_THIRD,
    OG_CALC1, OG_CALC2, OG_CALC3, OG_NOT_ACE, OG_ACE_OR_QUEEN,
    OG_SPLIT_N2, OG_SPLIT_N13 = OG_SPLIT_N2 + 11,
    OG_PATTERN, OG_LONGEST, OG_SHORTEST, OG_BALANCED, OG_SUIT_LENGTH,
    OG_HON_PRIOR, OG_HON_HAND, OG_HCP, OG_Q, OG_F, OG_PATTERN1, OG_SUIT_SPLIT,
    OG_PCT_M1, OG_PCT_M4 = OG_PCT_M1 + 3, OG_PCD_M1, OG_PCD_M4 = OG_PCD_M1 + 3,
    OG_DEALER, OG_NONDEALER,
    OG_TE_E_T4, OG_TE_E_T8 = OG_TE_E_T4 + 4, OG_TE_E_GE5,
    OG_HON_WHIST, OG_HON_TU_HON, OG_HON_TU_SMALL,
    OG_COUNT
} odds_group_id;
#define OG_FIRST_TURNUP OG_PCT_M1

typedef struct {
    uint16_t offset; /* in int32 units from the start of odds_counts */
    uint8_t nbins;
    bool scalar;     /* 3 slots: observations, sum, sum of squares */
    bool turnup;     /* a per-turn-up group */
} odds_group;
const odds_group *odds_group_info(odds_group_id g);

typedef enum {
    MEASURE_NONE,   /* not measurable from deals */
    MEASURE_SHARE,  /* share of the domain's observations that hit */
    MEASURE_MEAN,   /* mean of y[bin] over the domain */
    MEASURE_SCALAR_MEAN,
    MEASURE_SCALAR_VAR,
} odds_measure;

typedef struct {
    const char *table;
    char id[40];
    char event[112];
    rational exact;       /* a probability; an expectation for moment rows */
    bool moment;          /* mean or variance: no odds */
    odds_measure measure;
    odds_group_id group;
    uint64_t domain, hit; /* bin sets */
    const int8_t *y;      /* MEASURE_MEAN: value of each bin */
    const odds_historic *hist;
} odds_row;

/* The rows, built once (thread-safe); *n = ODDS_NROWS. */
const odds_row *odds_rows(int *n);
/* Index of (table, row id), -1 if none. */
int odds_row_find(const char *table, const char *id);

typedef struct {
    const char *id;
    const char *title;
    const char *source; /* where the historic figures come from */
} odds_table_info;
/* The 14 tables of odds.md S0, in order. */
const odds_table_info *odds_tables(void);
int odds_table_find(const char *id); /* -1 if unknown */

#endif
