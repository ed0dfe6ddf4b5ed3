/* odds_report.h -- the odds tables as text: odds the way the books state
 * them, the tidy CSV of odds.md S2.2 and aligned terminal tables that mirror
 * the book layout. */
#ifndef WHISTLAB_STATS_ODDS_REPORT_H
#define WHISTLAB_STATS_ODDS_REPORT_H

#include <stdio.h>
#include "formats/diag.h"
#include "analyze/odds/odds_acc.h"
#include "analyze/odds/odds_tables.h"

/* "8.5 to 1 against", "39.59361 to 1 on", "evens", "certain", "impossible"
 * (odds.md S1.2: N with at least 7 significant digits; never an exponent:
 * "158753389899 to 1 against"). */
void odds_text(rational p, char *buf, size_t len);
/* The N of odds_text alone ("39.59361"); empty for certain and impossible. */
void odds_n_text(rational p, char *buf, size_t len);

/* The largest term of a ratio in the books' form. */
#define ODDS_BOOK_MAX 20
/* The odds as the books print them: the nearest a to b with b <= a <= 20
 * ("13 to 12 against", "9 to 2 on"; ties to the smaller b), beyond 20 to 1
 * "N to 1" with N rounded, its thousands grouped ("77,065 to 1 against"),
 * and in words to 3 significant digits from ten million on ("159 billion to
 * 1 against"); "about evens" when the nearest is 1 to 1, and "evens",
 * "certain", "impossible". Without direction: the figure alone ("9 to 2"). */
void odds_book_form(rational p, bool direction, char *buf, size_t len);
/* The exact ratio in lowest terms: "17 : 2 against", "2 : 1 on", "1 : 1";
 * empty for certain and impossible. */
void odds_ratio_text(rational p, char *buf, size_t len);

/* One line of the CSV, whatever it comes from (a table row, a fit test). */
typedef struct {
    const char *table, *row, *event;
    bool has_exact;
    double exact;
    const char *historic_text; /* NULL: none */
    bool has_historic_value;
    double historic_value;
    bool measured;             /* with --corpus and a measurable row: n is printed */
    odds_estimate emp;
    const char *verdict, *source; /* NULL: none */
    bool has_df;               /* a goodness-of-fit test: its degrees of freedom */
    int df;
    bool has_critical;         /* a test statistic: the bounds of its acceptance region at the level */
    double critical_lo, critical_hi;
} odds_line;

/* The line of a table row; est is NULL without a corpus. */
odds_line odds_line_of_row(const odds_row *r, const odds_estimate *est);

typedef struct odds_csv odds_csv;
/* Starts the table on f (the caller's: a file whole or absent,
 * formats/out_file.h, or standard output) with its header. NULL with diag
 * filled when out of memory. */
odds_csv *odds_csv_open(FILE *f, diag_t *diag);
void odds_csv_write(odds_csv *w, const odds_line *l);
/* A comment line "# KEY: VALUE" (what a measured table rests on,
 * stats/report/provenance.h), before the first row: the header row is
 * held back until the first row or the close. */
void odds_csv_comment(odds_csv *w, const char *key, const char *value);
/* Flushes f (which stays the caller's to close). False (diag's reason
 * filled) if any write failed. Frees w. */
bool odds_csv_close(odds_csv *w, diag_t *diag);

/* Prints one table (index into odds_tables()) laid out like its book
 * (odds_print.c); est (one per row, NULL without a corpus) adds the empirical
 * columns. Lines fit 100 columns, the book's figure under its row, unless
 * wide: then every column, the figure and its source among them. */
void odds_print_table(FILE *f, int table, const odds_estimate *est, double level, bool wide);
/* What the tables' words and ids mean: the odds forms, the verdicts, the row
 * ids, the sources, and with measured the corpus columns. */
void odds_print_legend(FILE *f, bool measured, double level);

#endif
