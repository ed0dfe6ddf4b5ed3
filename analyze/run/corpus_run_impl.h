/* corpus_run_impl.h -- the runner's state while it runs, shared by its
 * files (corpus_loop.c: the record loop and the pool; corpus_state.c: the
 * state file). Nothing outside analyze/run/ includes it. */
#ifndef WHISTLAB_CORPUS_RUN_IMPL_H
#define WHISTLAB_CORPUS_RUN_IMPL_H

#include "analyze/run/corpus_run.h"
#include "analyze/run/record_account.h"

typedef enum { SLOT_DEAL, SLOT_KNOWN, SLOT_REJECT, SLOT_ERROR, SLOT_REPEAT, SLOT_LEFT, SLOT_FATAL, SLOT_END } slot_kind;

/* What the runner remembers of a job while it is in the pool. SLOT_KNOWN
 * is a whist deal done already (a resumed solve's): accounted for, not
 * worked on. SLOT_LEFT is a deal --where left out: no work, but a record
 * accounted for in order, so that a checkpoint ends at a record as ever.
 * SLOT_FATAL is no record: an input not opened or not read to its end,
 * reported in input order among the records' problems. SLOT_END is no
 * record either: an input's end, for a job over deals as read that asks
 * for it (run_job.other). */
typedef struct {
    slot_kind kind;
    bool first, last; /* first / last job of its record (TRUMP_EACH makes 4) */
    uint64_t record;  /* the record's number in the whole input */
    int input;        /* the file it was read from */
    record_account account; /* what the record adds to its input's, at its last job */
    diag_t diag;      /* the reason, for SLOT_REJECT and SLOT_ERROR */
    bool taken;       /* a repeat of a job over deals as read: the job takes it */
    deal_format format; /* SLOT_END: the input's format */
} slot_info;

struct corpus_run {
    const run_opts *o;
    const run_job *job;
    int ninputs;
    dd_pool *pool;
    slot_info *slots;
    int depth;
    uint64_t next_tag;
    unsigned per_record; /* whist deals a corpus record makes: places in a store */
    csv_out *table;
    bool record_failed;  /* a job of the current record could not be analysed */
    bool mid_record;     /* some but not all jobs of a record collected */
    bool output_failed;
    char output_why[PROV_WHERE_LEN]; /* the first output that failed, and why */
    int reading;         /* the input being read: those from it on are not read to their end */
    const ds_item *digested; /* the record whose whist deals are being pushed, its term computed (take_record) */
    bool peer_lost;      /* a rank of an MPI run was lost: the run stops */
    bool input_failed;   /* an input was not opened or not read to its end */
    uint64_t records_done;     /* records accounted for */
    uint64_t since_checkpoint; /* deals done since the last checkpoint */
    double checkpoint_at;      /* when it was (monotonic seconds) */
    uint64_t deals_done, deals_expected; /* the progress */
    uint64_t deals_in_flight;  /* whist deals to work on, pushed and not collected */
    bool limit_reached;        /* o->deal_limit deals taken: nothing more is accounted for */
    bool checkpoint_wanted;    /* due, for a job that keeps aside: taken once what is in flight is */
};

void run_note_to(const corpus_run *r, run_note kind, const diag_t *diag);
/* An output failed (noted by the caller): the run stops reading, why kept
 * for the inputs it leaves unread. Once. */
void run_output_stops(corpus_run *r, const diag_t *err);
/* Saves the state (runner's checkpoint): false, the failure noted, when
 * the table or the state file cannot be written. */
bool run_checkpoint(corpus_run *r, bool complete);
double run_now(void);

#endif
