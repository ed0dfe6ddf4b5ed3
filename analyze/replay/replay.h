/* replay.h -- the comparison driver: let each convention choose the eldest
 * hand's opening lead, value every lead double-dummy (one DDS solve per
 * whist deal, analyze/lead/RULES.md §8.4) and/or play the deal out, and add
 * each deal to the mergeable statistics (stats/tally.h) and the optional
 * per-deal CSV. The corpus runner (analyze/run/corpus_run.h) reads the
 * deals, accounts for them, runs the work on its threads and ranks and
 * keeps the state file: results are in input order and independent of the
 * number of threads, and a run checkpointed and resumed gives the same
 * results as an uninterrupted one. */
#ifndef WHISTLAB_REPLAY_H
#define WHISTLAB_REPLAY_H

#include "analyze/dd/dd_solve.h"
#include "analyze/dd/dd_store.h"
#include "analyze/lead/lead.h"
#include "analyze/run/corpus_run.h"
#include "stats/report/provenance.h"
#include "stats/report/report.h"
#include "stats/tally.h"

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
    uint64_t seed;           /* for the `random` convention */
    /* Double-dummy values: read from this store of solved leads instead of
     * solving (NULL: solve). Its places are numbered by corpus record. */
    const dd_store *values;
    /* Value every lead of each deal (one solutions=3 search), so that the
     * best lead and the count of optimal leads are known and reported;
     * otherwise only the conventions' cards are valued (fewer searches,
     * the same values). dd-best among the conventions implies it. */
    bool all_leads;
    /* The corpus, the threads and ranks, the progress, the per-deal
     * table (run.table: its path) and the state file (run.stats: the
     * statistics, already initialised with the conventions' names, or
     * loaded from the state file when resuming): the runner's. */
    run_opts run;
} replay_opts;

/* The columns of the per-deal CSV (one row per whist deal, convention and
 * eval; stats/report/README.md "CSV outputs" says what each means under each
 * eval): file, line, index (0-based deal number in its file), board, trump
 * (S H D C N), leader (N E S W), hand (the leader's, "S:KJ8432 H:Q963 D:AK
 * C:Q"), evaluation (dd: the double-dummy value of the
 * opening lead; play: the tricks when the rule-based players play all 52
 * cards), convention, lead (e.g. "H7"), suit_rule, card_rule (the rule ids
 * that chose the lead; "dd" for dd-best); then the measures' and the
 * breakdowns' columns, in the order of their table (stats/measure.h:
 * tricks, best, cost, optimal, best_lead, optimal_leads, trumps_held,
 * longest_plain, leads_coincide). Their names into cols (room for
 * REPLAY_CSV_MAX_COLS); returns how many. */
#define REPLAY_CSV_MAX_COLS (12 + STATS_MAX_MEASURES + STATS_BREAKDOWNS)
int replay_csv_columns(const char **cols);

/* Runs over files[0..nfiles-1] in order (corpus_run_go), adding to
 * o->run.stats; problems and progress go to o->run.hooks. */
run_status replay_run(const replay_opts *o, const char *const files[], int nfiles);

/* The dd-best lead of a leader's hand (analyze/lead/RULES.md §8.4, Q18): the card
 * with most tricks; ties go to pref_card (the lead of the convention
 * dd-best's table prefers: long-suit) if optimal, else to the first optimal
 * card in S, H, D, C order, lowest rank first.
 * *n_optimal receives the number of optimal cards. CARD_NONE if the hand has
 * no valued card. */
card_t replay_dd_best(const dd_leads *l, hand_t hand, card_t pref_card, int *n_optimal);

#endif
