/* lead_sim.h -- a lead problem: one leader's hand against many layouts of
 * the other 39 cards (the method of Bird and Anthias, Lead Solver and
 * Pavlicek's lead tables, for whist). The hand is fixed as the eldest
 * hand's, the turn-up fixed or drawn from the trumps left (deal_predeal.h),
 * the rest dealt uniformly; every card of the hand is valued on every
 * layout double-dummy (one DDS solutions=3 solve a layout) and/or by the
 * rule-based players playing the deal out after that forced opening card,
 * the leader's side by each convention, the dealer's side by the
 * opponents'. Each convention's own choice of lead is noted per layout.
 *
 * Layouts are dealt from a seed (deal i is deal i of the seed's stream
 * under the constraints) as the deal source of the corpus runner
 * (analyze/run/corpus_run.h), solved and played on every core and every
 * MPI rank, and taken back in order: the tables are the same for any
 * number of threads or ranks, and for a run stopped and resumed from its
 * state file (lead_sim_state.c: the tables and where the stream stood). */
#ifndef WHISTLAB_LEAD_SIM_H
#define WHISTLAB_LEAD_SIM_H

#include <stdbool.h>
#include "analyze/deal/deal_gen.h"
#include "analyze/lead/lead.h"
#include "analyze/run/corpus_run.h"
#include "stats/report/lead_table.h"
#include "stats/tally.h" /* STATS_MAX_CONV */

typedef struct {
    hand_t hand;           /* the leader's 13 cards */
    int trump;             /* SUIT_S..SUIT_C */
    card_t turnup;         /* the dealer's turned card; CARD_NONE: drawn per layout */
    uint64_t layouts, seed;
    bool dd, play;         /* what values the cards */
    /* The lead each card is set against, named in advance (CARD_NONE:
     * the book's lead, else the first convention's: lead_sim_against). */
    card_t against;
    const convention *conv[STATS_MAX_CONV]; /* whose choices are noted; with play,
                                                  the leader's side's conventions */
    int nconv;
    const convention *opponents; /* the dealer's side in play (NULL: each convention) */
    bool signals;          /* analyze/play/RULES.md §11 */
    unsigned ext;          /* analyze/play/RULES.md §13 rules */
    int threads;           /* 0: as many as the engine has */
    dd_engine engine;      /* what dd solves with (--engine) */
    /* Conditions on the hidden hands: cards of the second hand, the
     * partner and the dealer fixed (relative seats; NULL: none), dealt
     * exactly; and a --where condition (NULL: none) kept by rejection
     * from the same stream, layout i being the i-th that meets it, at most
     * max_dealt layouts dealt in all (0: 1000 a layout asked for). */
    const deal_predeal *fixed;
    const deal_filter *where;
    const char *where_text;  /* the condition as given, for the reports */
    uint64_t max_dealt;
    /* The run: progress and problems (hooks; its note is the sim's own),
     * the state file written every checkpoint_s seconds, at a stop and at
     * the end (save, with the settings text config; NULL: none), the state
     * gone on from (resume, read by lead_sim_read_state; NULL: a new run),
     * the stop flag, the MPI world (NULL: one process) and --csv-layouts as
     * the runner's resumable table (layouts_csv, with its columns; NULL: none). */
    void (*progress)(void *ctx, run_progress at, uint64_t done, uint64_t expected);
    void *progress_ctx;
    const char *save;
    const char *config;
    const wls_file *resume;
    double checkpoint_s;
    volatile sig_atomic_t *stop;
    const dd_mpi_world *mpi;
    const char *layouts_csv;
    const char *const *layout_columns;
    int layout_ncols;
    const provenance *layouts_about; /* its # lines (NULL: none) */
} lead_sim_opts;

/* One layout as the run takes it back, for a per-layout table. */
typedef struct {
    uint64_t index;        /* 0-based layout number */
    gen_deal deal;
    int dd[LEAD_TABLE_COLS];                     /* by column: double-dummy tricks */
    int play[STATS_MAX_CONV][LEAD_TABLE_COLS]; /* by convention and column */
    lead_choice choice[STATS_MAX_CONV];       /* each convention's own lead */
} lead_sim_layout;

typedef struct {
    int ncols;
    card_t card[LEAD_TABLE_COLS];      /* the columns: the hand's cards, spades first, high first */
    lead_table dd;                     /* with opts.dd */
    lead_table play[STATS_MAX_CONV]; /* with opts.play, by convention */
    /* How often each convention chose each column, and by which rules the
     * first time (its rule ids "LS-A4/LS14"). */
    uint64_t chosen[STATS_MAX_CONV][LEAD_TABLE_COLS];
    char chosen_rule[STATS_MAX_CONV][LEAD_TABLE_COLS][48];
    uint64_t layouts;                  /* taken back */
    uint64_t dealt;                    /* layouts dealt, those --where left included */
    bool too_rare;                     /* --where: max_dealt reached short of the layouts asked for */
    bool interrupted;                  /* stopped by opts.stop: the state file says where */
    bool served;                       /* an MPI rank other than 0: it served rank 0, nothing to report */
    uint64_t kept;                     /* layouts taken back from the state resumed */
} lead_sim_result;

/* Checks o (13 cards, trumps, the turn-up a trump not in the hand, the
 * fixed cards of the other seats given relative to the dealer and apart
 * from the hand) and fills the predeal it implies; false with diag filled. */
bool lead_sim_setup(const lead_sim_opts *o, deal_predeal *pre, diag_t *diag);

/* A layout's rows for a per-layout table: into table (the runner's, for
 * opts.layouts; else NULL). False: the table cannot be written. */
typedef bool (*lead_sim_sink)(void *ctx, csv_out *table, const lead_sim_layout *l);

/* The column of res every lead is set against, named before any layout:
 * o->against, else book (the deal's recorded lead; CARD_NONE: none) when
 * the hand holds it, else the first convention's lead for the hand (with
 * the turn-up given, or none), else the first column; why says which
 * ("long-suit's lead"). */
int lead_sim_against(const lead_sim_opts *o, const lead_sim_result *res, card_t book, char *why, size_t len);

/* Runs o; each layout goes to sink (may be NULL) in order. False with diag
 * filled when the run could not start, a solve failed, the sink or the
 * state file stopped it, or it was interrupted (res->interrupted; res then
 * holds the layouts taken back). */
bool lead_sim_run(const lead_sim_opts *o, lead_sim_result *res, lead_sim_sink sink, void *ctx, diag_t *diag);

/* ---- the state file (lead_sim_state.c) ---- */

/* The columns, the counts and the tables of res, and dealt (where the
 * stream of layouts stood after the last layout taken), as the state
 * file's job section (a new buffer). False: out of memory. */
bool lead_sim_state_save(const lead_sim_opts *o, const lead_sim_result *res, uint64_t dealt, unsigned char **buf,
                         size_t *len);
/* The same read back into res (set up for o: its columns) and *dealt;
 * false with diag filled when they are not this problem's. */
bool lead_sim_state_load(const lead_sim_opts *o, lead_sim_result *res, uint64_t *dealt, const unsigned char *buf,
                         size_t len, diag_t *diag);
/* Reads the state file path into w (its stats, inputs and job buffer
 * allocated here: lead_sim_free_state frees them) and checks that it was
 * written for config: false with diag naming the first setting that
 * differs (or why the file cannot be used). */
bool lead_sim_read_state(const char *path, const char *config, wls_file *w, diag_t *diag);
void lead_sim_free_state(wls_file *w);

#endif
