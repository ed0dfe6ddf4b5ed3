/* cmd_lead_holding.h -- the front end of `whistlab lead FILE --by-holding`:
 * the tables by holding led (analyze/lead/holding_tally.h) over the deals
 * of the files, as text, CSV (`#` provenance lines at the top, then one
 * row per measure) and a figure. */
#ifndef WHISTLAB_CMD_LEAD_HOLDING_H
#define WHISTLAB_CMD_LEAD_HOLDING_H

#include <stdio.h>
#include "analyze/dd/dd_solve.h"
#include "analyze/lead/lead.h"
#include "analyze/lead/holding_tally.h"
#include "formats/deal.h"

typedef struct {
    holding_groups groups;
    const char *groups_file;         /* --holdings FILE; NULL: the built-in table */
    holding_tally tally;
    const convention *conv[STATS_MAX_CONV];
    int nconv;
    uint64_t seed;                   /* of the random convention */
} lead_holding;

/* Reads the groups (file, or NULL for the built-in table) and keeps the
 * conventions (dd-best left out: its lead is the values' best); an exit
 * status, the reason printed. */
int lead_holding_open(lead_holding *h, const char *file, const convention *const *conv, int nconv, uint64_t seed);

/* One deal: its eldest hand, each convention's lead, values (NULL: none). */
void lead_holding_deal(lead_holding *h, const deal_t *w, const dd_leads *values);

/* What the report says it rests on, for the text and the CSV. */
typedef struct {
    int argc;
    char **argv;                     /* the command line from "lead" on */
    char *const *files;
    int nfiles;
    uint64_t read, analysed, rejected, left;
    const char *values;              /* the store's path; NULL: none */
    const char *values_digest;       /* its corpus digest, hex */
    const char *where;               /* --where; NULL: none */
} lead_holding_source;

/* Prints the tables on out, writes the CSV (csv, NULL: none) and the
 * figure (plot_dir, NULL: none) in plot_formats (plot.h's plot_format
 * bits; 0: SVG); an exit status, failures printed. */
int lead_holding_report(lead_holding *h, FILE *out, const lead_holding_source *src, const char *csv,
                        const char *plot_dir, unsigned plot_formats);

#endif
