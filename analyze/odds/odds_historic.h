/* odds_historic.h -- the odds the old books printed, as static data, and the
 * verdict that compares each with the exact value (odds.md S2.3-S2.4). */
#ifndef WHISTLAB_STATS_ODDS_HISTORIC_H
#define WHISTLAB_STATS_ODDS_HISTORIC_H

#include <stdbool.h>
#include "stats/rational.h"

typedef enum {
    HK_ODDS,     /* "a to b against / in favour"; a : b with a direction */
    HK_PROB,     /* "in a of b cases": p = a/b */
    HK_MEAN,     /* an average: a/b */
    HK_LIKELY,   /* p > 1/2 claimed */
    HK_UNLIKELY, /* p < 1/2 claimed */
    HK_CERTAIN,  /* p = 1 claimed */
    HK_LOST,     /* a figure was printed but cannot be read */
    HK_NONE,     /* the book prints nothing in that cell */
} historic_kind;

typedef enum { HD_AGAINST, HD_ON, HD_EVENS } historic_dir;

typedef struct {
    const char *table, *row;
    const char *source; /* "file Lnnnn", or "ext:URL case" */
    const char *text;   /* the figure as read, OCR corrected */
    historic_kind kind;
    long a, b;          /* fractional odds as integers: 39 1/2 to 1 is 79 : 2 */
    historic_dir dir;
    bool uncertain;     /* OCR reading to check against a page image */
} odds_historic;

/* The record of (table, row), or NULL if the books say nothing of it. */
const odds_historic *odds_historic_find(const char *table, const char *row);
/* All records, *n set to their count. */
const odds_historic *odds_historic_all(int *n);

/* The probability (or mean) the figure implies; false for kinds that carry
 * no number (likely, unlikely, certain, lost, none). */
bool odds_historic_value(const odds_historic *h, rational *q);

/* The verdict of S2.4 ("exact", "rounded?", "loose", ...) for the exact
 * value p (a probability, or an expectation for kind mean). Returns a static
 * string. */
const char *odds_verdict(const odds_historic *h, rational p);

/* The verdicts odds_verdict gives (each also with a "?" appended for an
 * uncertain reading), with what each means; *n set to their count. */
typedef struct {
    const char *name, *meaning;
} odds_verdict_info;
const odds_verdict_info *odds_verdicts(int *n);

#endif
