/* cmd_lead_sim.h -- the front end of `whistlab lead --simulate` (the
 * settings the lead command parses, and one problem's run and report). */
#ifndef WHISTLAB_CMD_LEAD_SIM_H
#define WHISTLAB_CMD_LEAD_SIM_H

#include "analyze/simulate/lead_sim.h"
#include "stats/report/csv_out.h"

/* The tidy CSV columns: of the tables (then stats/report/lead_table.h's), and of
 * every layout, one row per layout, lead and evaluation. */
extern const char *const LEAD_SIM_TABLE_COLUMNS[];
extern const int LEAD_SIM_TABLE_NCOLS;
extern const char *const LEAD_SIM_LAYOUT_COLUMNS[];
extern const int LEAD_SIM_LAYOUT_NCOLS;

/* Runs o for one hand (from file:line board, "" for --hand) and prints its
 * tables on out (stdout, or stderr when a CSV table goes to stdout); book:
 * the lead the deal records (CARD_NONE: none). tables and layouts may be
 * NULL. Returns an exit status. */
int lead_sim_problem(FILE *out, const lead_sim_opts *o, const char *file, uint64_t line, uint32_t board,
                     card_t book, csv_out *tables, csv_out *layouts);

#endif
