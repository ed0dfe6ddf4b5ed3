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

/* How a run is stopped and gone on with (--hand only): the state file
 * to resume (NULL: a new run; o->save is where it keeps being saved) and
 * the command that goes on with it, printed when a run with --save is
 * interrupted. */
typedef struct {
    const char *resume;
    const char *again;
} lead_sim_session;

/* Runs o for one hand (from file:line board, "" for --hand) and prints its
 * tables on out (stdout, or stderr when a CSV table goes to stdout); book:
 * the lead the deal records (CARD_NONE: none). tables and layouts (the
 * command's per-layout table; o->layouts: the runner's) may be NULL; ses
 * may be NULL. Returns an exit status (EXIT_INTERRUPTED when o->stop was
 * set). */
int lead_sim_problem(FILE *out, const lead_sim_opts *o, const char *file, uint64_t line, uint32_t board,
                     card_t book, csv_out *tables, csv_out *layouts, const lead_sim_session *ses);

#endif
