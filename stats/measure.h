/* measure.h -- the comparison's measures and breakdowns as data: one table
 * from which the per-deal CSV's columns, the summary CSV's rows, the
 * report's per-convention columns, the state file's counters (keyed by
 * measure id, stats/report/tally_save.c) and the CSV documentation's check
 * (tests/test_measures.c against stats/report/README.md) all come.
 *
 * A deal arrives as numbers (stats_deal: each column's score and choice,
 * the best, the leader's suit lengths); a measure row names how one number
 * is drawn from them (its extractor), how it is accumulated over deals (a
 * sum, a sum and a sum of squares, or a paired difference) and how it is
 * written. Adding a statistic is a row in measure.c, its extractor and a
 * test; a state file saved without it is refused, naming it.
 *
 * The order of the rows is the per-deal CSV's column order; the summary
 * writes the per-deal measures first (as the row "best"), then per column
 * its per-column measures, in the same order. */
#ifndef WHISTLAB_STATS_MEASURE_H
#define WHISTLAB_STATS_MEASURE_H

#include <stdbool.h>
#include <stdint.h>
#include "stats/paired.h"

/* The most conventions (columns) one run compares: every command's one
 * limit (replay, lead, lead --simulate, the round robin, the figures), set
 * with room for a user's tables beside all the built-ins, not to their
 * number; --eval both takes two columns a convention. */
#define STATS_MAX_CONV 32
#define STATS_KEYS 14 /* breakdown keys 0..13 */

/* The breakdowns, each keyed 0..STATS_KEYS-1 (their rows: stats_breakdown_of). */
enum {
    BREAK_TRUMPS,    /* trumps held by the leader (0 at no trumps) */
    BREAK_LONGEST,   /* length of his longest plain suit */
    BREAK_COINCIDE,  /* 1 if the compared choices all coincide, else 0 */
    STATS_BREAKDOWNS
};

/* One deal, as the caller scored it: the per-deal numbers every measure
 * and breakdown is drawn from. */
typedef struct {
    int score[STATS_MAX_CONV];  /* tricks after convention i's choice */
    int choice[STATS_MAX_CONV]; /* an id of that choice: equal ids = same */
    int best;                   /* the best score of any choice */
    int n_best;                 /* how many choices reach the best score (0: not known) */
    char best_lead[4];          /* the best's card as text ("H7"), when n_best is known */
    int trump;                  /* the trump suit 0..3 (S H D C), or 4 and up: no trumps */
    int suit_len[4];            /* the leader's cards in each suit */
    int coincide;               /* 1 if the compared choices all coincide */
    int key[STATS_BREAKDOWNS];  /* 0..STATS_KEYS-1 (stats_deal_keys fills them) */
} stats_deal;

/* A measure is one number per column (convention) of a deal, or one per
 * deal (the best's). */
typedef enum { STATS_PER_COLUMN, STATS_PER_DEAL } stats_scope;

/* How a measure is accumulated: not at all (a per-deal CSV column only), a
 * sum (a count or a proportion), a sum and a sum of squares (a mean with
 * its sd), or a paired difference value - versus (paired.h: mean, sd, se,
 * CI; the choices "differ" when the two terms do). */
typedef enum { STATS_ACC_NONE, STATS_ACC_SUM, STATS_ACC_SUMSQ, STATS_ACC_PAIRED } stats_acc;

/* A statistic of an accumulated measure over a cell's deals. */
typedef enum {
    STAT_MEAN,  /* sum / deals (paired: the mean difference) */
    STAT_SD,    /* the sample standard deviation (sum, sum of squares; paired) */
    STAT_PCT,   /* 100 sum / deals */
    STAT_SE,    /* paired: the standard error of the mean */
    STAT_CI_LO, /* paired: the 95% CI */
    STAT_CI_HI,
    STAT_CI,    /* the report's "[lo, hi]" */
    STAT_P,     /* paired: the t-test's p (NaN below two deals) */
    STAT_DIFFER_PCT, /* paired: 100 x the deals whose terms differ / deals */
} stats_statistic;

/* A row of the summary CSV: its measure name, statistic and decimals. */
typedef struct {
    const char *name;
    stats_statistic stat;
    int decimals;
} stats_summary_row;

/* A column of the report's table of conventions: its heading, width
 * (negative: left-aligned), statistic, printf format of the number, and
 * what the best's row shows there (NULL: the same statistic of the
 * measure's best_measure). */
typedef struct {
    const char *head;
    int width;
    stats_statistic stat;
    const char *format;
    const char *best_text;
} stats_report_col;

#define STATS_MEASURE_ROWS 6 /* summary rows of one measure, at most */
#define STATS_REPORT_COLS 3  /* report columns of one measure, at most */

typedef struct stats_measure {
    const char *id;     /* the state file's key; stable */
    const char *column; /* the per-deal CSV column (NULL: none) */
    const char *title;  /* what it is, in words */
    const char *unit;   /* what it counts: tricks, deals, cards, ... */
    stats_scope scope;
    stats_acc acc;
    /* The per-deal value of column col (0 for a per-deal measure); for a
     * paired measure its first term, versus its second. */
    int (*value)(const stats_deal *d, int col);
    int (*versus)(const stats_deal *d, int col);
    /* The per-deal CSV cell as text instead of value (a card): NULL for a
     * number; known: false when the deal does not know it (an empty cell;
     * NULL: always known). */
    const char *(*text)(const stats_deal *d, int col, char buf[16]);
    bool (*known)(const stats_deal *d);
    int max;                /* the largest per-deal value, checked in a state read (0: not checked) */
    const char *versus_name; /* the summary's versus column ("" or "best") */
    bool if_any;            /* summary rows only when the sum is not 0 */
    stats_summary_row rows[STATS_MEASURE_ROWS]; /* ended by a NULL name */
    const char *best_measure; /* per-column: the per-deal measure the best's report row shows */
    stats_report_col report[STATS_REPORT_COLS]; /* ended by a NULL head */
} stats_measure;

/* Room for every measure's counters in a cell (tally.h), all measures
 * together: a per-column measure takes STATS_MAX_CONV times its own. */
#define STATS_MEASURE_COUNTERS 4096
#define STATS_MAX_MEASURES 16

/* A column of a pair measure's report section: the separator before it,
 * its heading and the heading's width (negative: left-aligned), the
 * width of its values (0: as long as they are), its statistic and the
 * printf format of one number (STAT_CI: of the whole "[lo, hi]"; STAT_P:
 * NULL, pvalue_format's). */
typedef struct {
    const char *sep, *head;
    int head_width, width;
    stats_statistic stat;
    const char *format;
} stats_pair_col;

#define STATS_PAIR_COLS 8 /* report columns of one pair measure, at most */

/* A measure of each pair of columns i < j: one number per deal and pair
 * (the round robin's duplicate gain), accumulated as a paired difference
 * in the cells' pair counters (stats_cell.pair), saved in the state file
 * under its id. Its per-deal CSV column and eval, and its report section
 * (the title, a "first - second" label column, then a column per report
 * row), come from its row. */
typedef struct {
    const char *id;       /* the state file's key of the pair counters */
    const char *column;   /* the per-deal CSV column */
    const char *eval;     /* the per-deal and summary CSV's eval */
    const char *title;    /* the report section's heading */
    const char *unit;
    int label_width;      /* the "pair" column's */
    stats_pair_col report[STATS_PAIR_COLS]; /* ended by a NULL head */
} stats_pair_measure;

/* The pair measure id ("gain": the round robin's duplicate gain); NULL if none. */
const stats_pair_measure *stats_pair_measure_of(const char *id);

/* The measures in table order: the built-in rows, then those added. */
int stats_measure_count(void);
const stats_measure *stats_measure_at(int k);
/* Its index, or -1. */
int stats_measure_find(const char *id);
/* Where measure k's counters start in a cell, and how many one column
 * has. */
int stats_measure_offset(int k);
int stats_measure_counters(const stats_measure *m);
/* The summary CSV's name of measure id's statistic stat (the figures read
 * the table back by it); NULL if the measure has no such row. */
const char *stats_summary_name(const char *id, stats_statistic stat);
/* Adds a measure row after the built-in ones (a caller's own statistic, a
 * test's), before any state is made: false when its id is taken or there
 * is no room. */
bool stats_measure_add(const stats_measure *m);

/* A breakdown: its id in the state file and the summary CSV (the per-deal
 * CSV column of its key), the report's title and key heading, its key
 * drawn from the deal, and its figure of the net gain by key (the figure
 * file's stem, what it shows and the x axis; NULL: none). */
typedef struct {
    const char *id;
    const char *title;
    const char *key_name;
    int (*key)(const stats_deal *d);
    const char *figure, *figure_what, *figure_axis;
} stats_breakdown;

const stats_breakdown *stats_breakdown_of(int br);

/* d->key[] from d's numbers, by the breakdowns' rows. */
void stats_deal_keys(stats_deal *d);

/* The per-deal CSV's measure and breakdown columns (after the caller's own
 * columns naming the deal and the convention): their names into cols
 * (room for STATS_MAX_MEASURES + STATS_BREAKDOWNS), returning how many. */
int stats_deal_columns(const char **cols);
/* Their cells are written by stats/report/measure_csv.h. */

#endif
