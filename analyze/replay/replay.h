/* replay.h -- the comparison driver: read deals, let each convention choose
 * the eldest hand's opening lead, value every lead double-dummy (one DDS
 * solve per whist deal, analyze/lead/RULES.md §8.4), and add each deal to the
 * mergeable statistics (stats/tally.h) and the optional per-deal CSV. It
 * also accounts for what it read of each input: the deals, their content
 * digest (formats/deal_digest.h), and where reading stopped when an input
 * could not be read to its end, so that the report can say INCOMPLETE.
 *
 * Results are in input order and independent of the number of threads.
 * With a state file the run checkpoints itself every so many deals and can
 * be resumed from there with the same results as an uninterrupted run. */
#ifndef WHISTLAB_REPLAY_H
#define WHISTLAB_REPLAY_H

#include <signal.h>
#include "analyze/dd/dd_mpi.h"
#include "analyze/dd/dd_solve.h"
#include "analyze/dd/dd_store.h"
#include "analyze/lead/lead.h"
#include "formats/deal_stream.h"
#include "stats/provenance.h"
#include "stats/report.h"
#include "stats/tally.h"

/* What the driver tells its caller while it runs. */
typedef enum {
    REPLAY_PROBLEM, /* a record that cannot be analysed, in input order */
    REPLAY_INPUT,   /* an input not opened or not read to its end, when found */
    REPLAY_FAILURE, /* an output that cannot be written, or a run that cannot start */
} replay_note;

typedef enum {
    REPLAY_PROGRESS_START, /* the run starts: deals expected known */
    REPLAY_PROGRESS_TICK,  /* after each record accounted for */
    REPLAY_PROGRESS_END,   /* the run is over */
} replay_progress;

typedef struct {
    /* Each problem, as "file:line: reason" (REPLAY_FAILURE: the file is
     * the output's, or none); NULL: none reported. */
    void (*note)(void *ctx, replay_note kind, const diag_t *diag);
    /* The progress: deals analysed so far, of those expected (0: not
     * known; counted by a reading pass before the run starts). NULL: no
     * progress wanted, and no counting pass. */
    void (*progress)(void *ctx, replay_progress at, uint64_t done, uint64_t expected);
    void *ctx;
} replay_hooks;

typedef struct {
    const convention *conv[STATS_MAX_CONV];
    int nconv;
    /* What a convention's score is (--eval, the same choice the report
     * heads its tables by): the double-dummy tricks after its opening
     * lead; the single-dummy tricks of its side when the rule-based players
     * of analyze/play/RULES.md play the whole deal (analyze/play/sd_replay.h); or both,
     * side by side: conv[0..nconv-1] valued double-dummy in stats columns
     * 0..nconv-1 and single-dummy in columns nconv..2*nconv-1. */
    stats_eval eval;
    const convention *opponents; /* single-dummy: the dealer's side's
                                    convention; NULL = each convention
                                    against itself */
    bool signals;                /* single-dummy: analyze/play/RULES.md §11 on */
    unsigned ext;                /* single-dummy: §13 rules on (sd_view.h) */
    input_opts input;        /* --format, --trump, --leader */
    uint64_t seed;           /* for the `random` convention */
    uint64_t limit;          /* read at most this many deals (0 = all) */
    unsigned shard, shards;  /* this run takes records r with r % shards == shard - 1 */
    int threads;             /* DDS solver threads (0 = as many as DDS has) */
    replay_hooks hooks;      /* problems and progress, to the caller */
    const char *csv_deals;   /* per-deal table (NULL = none) */
    const char *save;        /* state file for checkpoints and the end (NULL = none) */
    const char *config;      /* the run's settings, as saved in the state file */
    uint64_t checkpoint_every; /* deals between checkpoints */
    /* Resuming: the records already accounted for in the state passed in,
     * and the size of the per-deal table at that point, and the name of
     * its temporary (NULL: PATH.partial, a state file written before
     * issue 25). */
    uint64_t resume_records;
    long resume_csv_bytes;
    const char *resume_csv_partial;
    /* What the run read of each of its inputs (one per file, added to: when
     * resuming they hold what the state file kept): deals, digest, and a
     * stop (the input not opened or not read to its end: the run is
     * INCOMPLETE). Saved in the state file with the statistics. */
    input_account *inputs;
    /* Double-dummy values: read from this store of solved leads instead of
     * solving (NULL: solve). Its places are numbered by corpus record. */
    const dd_store *values;
    /* Value every lead of each deal (one solutions=3 search), so that the
     * best lead and the count of optimal leads are known and reported;
     * otherwise only the conventions' cards are valued (fewer searches,
     * the same values). dd-best among the conventions implies it. */
    bool all_leads;
    /* `whistlab solve`: no conventions; every whist deal is solved (every
     * lead) and its record put in solve_to (rank 0 only), each corpus
     * record's places in order; records before solve_from_record are
     * already in the store (a resumed solve): read and accounted for, not
     * solved. */
    bool solve_only;
    dd_store_writer *solve_to;
    uint64_t solve_from_record;
    /* Under mpirun: the world (NULL or size 1: one process). Rank 0 runs
     * the command; every other rank serves it and returns REPLAY_DONE. */
    const dd_mpi_world *mpi;
    /* Set (from a signal handler) to stop early: the run then finishes the
     * deals in flight, saves its state and returns. */
    volatile sig_atomic_t *stop;
} replay_opts;

typedef enum {
    REPLAY_DONE,         /* every record read */
    REPLAY_INTERRUPTED,  /* *stop was set: the state file says where it stands */
    REPLAY_FAILED,       /* an input or output could not be used (noted to
                            the hooks; an input's stop is in o->inputs) */
} replay_status;

/* The columns of the per-deal CSV (one row per whist deal, convention and
 * eval; stats/README.md "CSV outputs" says what each means under each
 * eval): file, line, index (0-based deal number in its file), board, trump
 * (S H D C N), leader (N E S W), eval (dd: the double-dummy value of the
 * opening lead; play: the tricks when the rule-based players play all 52
 * cards), convention, lead (e.g. "H7"), suit_rule, card_rule (the rule ids
 * that chose the lead; "dd" for dd-best); then the measures' and the
 * breakdowns' columns, in the order of their table (stats/measure.h:
 * tricks, best, cost, optimal, best_lead, optimal_leads, trumps_held,
 * longest_plain, leads_coincide). Their names into cols (room for
 * REPLAY_CSV_MAX_COLS); returns how many. */
#define REPLAY_CSV_MAX_COLS (11 + STATS_MAX_MEASURES + STATS_BREAKDOWNS)
int replay_csv_columns(const char **cols);

/* Runs over files[0..nfiles-1] in order, adding to st (already initialised
 * with the conventions' names, or loaded from the state file when
 * resuming); problems and progress go to o->hooks.
 *
 * An output that fails stops the reading; the inputs not read to their
 * end are then marked stopped in o->inputs, their `where` saying that an
 * output failed, so the report says INCOMPLETE (issue 25, item 11). With a
 * state file and a per-deal table, the state says complete only once the
 * table is synced, and names its temporary until it is renamed: a run
 * killed between the two is finished by --resume (item 12). */
replay_status replay_run(const replay_opts *o, const char *const files[], int nfiles,
                         stats_state *st);

/* Before resuming: whether the records of files before o->resume_records
 * (this shard's) still hold what o->inputs says (deals and digest, per
 * input). False with why filled (the file that changed, then and now). */
bool replay_resume_check(const replay_opts *o, const char *const files[], int nfiles, diag_t *why);

/* The dd-best lead of a leader's hand (analyze/lead/RULES.md §8.4, Q18): the card
 * with most tricks; ties go to pref_card (the lead of the convention
 * dd-best's table prefers: long-suit) if optimal, else to the first optimal
 * card in S, H, D, C order, lowest rank first.
 * *n_optimal receives the number of optimal cards. CARD_NONE if the hand has
 * no valued card. */
card_t replay_dd_best(const dd_leads *l, hand_t hand, card_t pref_card, int *n_optimal);

#endif
