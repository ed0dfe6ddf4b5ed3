/* claims.h -- the books' claims about systems, leads and odds, as data, and
 * each tested (issue 26 item 4, `whistlab claims`).
 *
 * A claims file (format in README.md here; the built-in one is claims.tbl,
 * embedded at build time) lists claims: the book's words and line, the
 * experiment that tests it and the direction the book asserts. Four
 * generic experiments, no claim-specific code:
 *   dd X > Y     the double-dummy tricks of the eldest side after X's and
 *                after Y's opening lead, paired over the corpus deals (from a
 *                store of solved leads): mean difference, paired 95% CI
 *   play X > Y   X against Y by duplicate (analyze/play/sd_duplicate.h),
 *                each side playing its own convention's table: X's mean gain
 *   share OP P   among the deals meeting `where`, the share meeting `event`
 *                (the --where language, analyze/deal/deal_filter.h), with
 *                its Wilson 95% interval, against P
 *   odds T R     the exact value of row R of odds table T (analyze/odds/odds_tables.h)
 *                against the book's figure that row carries
 *   none         not testable; the claim says why
 * The verdict rules are claims_verdict's (README.md states them). */
#ifndef WHISTLAB_CLAIMS_H
#define WHISTLAB_CLAIMS_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include "analyze/dd/dd_store.h"
#include "analyze/deal/deal_filter.h"
#include "analyze/lead/lead.h"
#include "analyze/run/corpus_run.h"
#include "formats/deal_stream.h"
#include "stats/paired.h"
#include "stats/report/provenance.h"
#include "stats/rational.h"

typedef enum { CLAIM_DD, CLAIM_PLAY, CLAIM_SHARE, CLAIM_ODDS, CLAIM_NONE } claim_kind;

/* The direction the book asserts: X > Y (or share > P), X < Y (share < P),
 * share = P (P 0 or 1: a certainty or an impossibility). */
typedef enum { CLAIM_GT, CLAIM_LT, CLAIM_EQ } claim_dir;

typedef enum {
    VERDICT_SUPPORTED,
    VERDICT_CONTRADICTED,
    VERDICT_NOT_SIGNIFICANT,
    VERDICT_NOT_TESTABLE,
} claim_verdict;

#define CLAIM_ID_LEN 48
#define CLAIM_TEXT_LEN 640
#define CLAIM_SHORT_LEN 64
#define CLAIM_EXPR_LEN 256

typedef struct {
    char id[CLAIM_ID_LEN];
    char book[16];           /* foster, dicks, hogarth, linderfelt, epitome, ... */
    uint32_t line_from, line_to;
    char words[CLAIM_TEXT_LEN]; /* verbatim, OCR errors kept */
    char short_words[CLAIM_SHORT_LEN];
    claim_kind kind;
    claim_dir dir;
    char conv[2][CONVENTION_NAME_SIZE]; /* dd, play: X and Y */
    rational p;                   /* share: the value asserted */
    char where[CLAIM_EXPR_LEN];   /* dd, play, share: the deals it is about ("" all) */
    char event[CLAIM_EXPR_LEN];   /* share */
    char table[32], row[48];      /* odds */
    char reason[CLAIM_TEXT_LEN];  /* none */
    uint64_t at_line;             /* where the claim starts in its file */
} claim;

typedef struct {
    claim *claim;
    int n;
} claim_set;

/* The built-in claims file's text and its name for diagnostics. */
extern const char CLAIMS_BUILTIN_TEXT[];
#define CLAIMS_BUILTIN_NAME "claims.tbl"

/* Parses text (len bytes; a NUL byte is refused) named name in
 * diagnostics. False with diag "name:line: reason" on the first error
 * (nothing kept). Conventions and conditions are checked by claims_prepare. */
bool claims_parse(const char *text, size_t len, const char *name, claim_set *out, diag_t *diag);
void claims_free(claim_set *s);

/* What one claim measured. */
typedef struct {
    claim_verdict verdict;
    bool has_value, exact;  /* exact: an exact value (odds), no interval */
    double value, lo, hi;   /* the number and its 95% interval */
    uint64_t n;             /* deals behind it (0 for odds) */
    uint64_t hits;          /* share: deals meeting the event */
    rational exact_value;   /* odds: the exact value; share: hits/n */
    char measure[48];       /* what value is ("mean tricks X-Y", "share", ...) */
    char note[CLAIM_TEXT_LEN]; /* why not testable, or the odds verdict */
} claim_result;

/* The verdict rules (README.md), from the numbers alone.
 * A comparison (dd, play) asserting X > Y: supported when the 95% CI lies
 * above 0, contradicted when below, not significant when it holds 0; not
 * testable under 2 deals. X < Y mirrored. */
claim_verdict claims_verdict_paired(claim_dir dir, uint64_t n, double lo, double hi);
/* A share asserted > P: supported when the interval lies above P,
 * contradicted when below, not significant when it holds P; = 0 or = 1:
 * compared exactly (supported when every deal agrees). Not testable with
 * no deal. */
claim_verdict claims_verdict_share(claim_dir dir, rational p, uint64_t n, uint64_t hits, double lo,
                                   double hi);
/* An odds verdict of analyze/odds/odds_historic.h (exact, rounded, truncated,
 * holds: supported; loose, wrong, fails: contradicted; lost, none: not
 * testable), a trailing "?" ignored. */
claim_verdict claims_verdict_odds(const char *odds_verdict);
const char *claims_verdict_name(claim_verdict v);

/* A run's settings. */
typedef struct {
    input_opts input;
    const dd_store *values; /* NULL: the dd claims are not testable */
    uint64_t seed;          /* `random`'s leads */
    int threads;            /* >= 1 */
    /* Each problem of the input in input order (RUN_PROBLEM, RUN_INPUT),
     * an output that cannot be written (RUN_FAILURE), and the progress;
     * NULL hooks: none reported. */
    run_hooks hooks;
    /* The state file (NULL: none), bound to the settings text config,
     * written every checkpoint_every deals and checkpoint_s seconds, and
     * when stopped. */
    const char *save, *config;
    uint64_t checkpoint_every;
    double checkpoint_s;
    /* The state file to go on with (NULL: a new run): the same config and
     * claims, over the same deals. */
    const char *resume;
    const dd_mpi_world *mpi; /* under mpirun (NULL: one process) */
    volatile sig_atomic_t *stop; /* set from a signal handler: the run stops, its state saved */
} claims_opts;

/* What the run read (read = accepted + rejected + left). */
typedef struct {
    uint64_t read, accepted, rejected, left, repeats, errors, whist;
    uint64_t unvalued;       /* whist deals the store has no value for */
    bool store_matches;      /* the store's deals and digest are those read */
    uint64_t kept;           /* resumed: the deals the state file had read */
    int ninputs;
    input_account *inputs;   /* the caller's, one per file (zeroed; resuming: room for WLS_MAX_INPUTS) */
} claims_account;

typedef enum {
    CLAIMS_DONE,        /* measured: res filled; an input lost is in acc->inputs (stopped) */
    CLAIMS_REFUSED,     /* a claim refused (diag names its line), or a state not to resume (diag) */
    CLAIMS_INTERRUPTED, /* o->stop set: the state file says where it stands (acc: so far) */
    CLAIMS_FAILED,      /* out of memory (diag), or an output failed (told to the hooks) */
    CLAIMS_SERVED,      /* another MPI rank: it did its share of the deals; rank 0 reports */
} claims_status;

/* Checks the conventions and conditions of s, then reads files once on
 * the corpus runner (analyze/run/corpus_run.h) and measures every claim
 * into res[0..s->n-1]: the same numbers for any threads, ranks, and for a
 * run stopped and resumed. */
claims_status claims_run(const claim_set *s, const char *set_name, const claims_opts *o, const char *const files[],
                         int nfiles, claims_account *acc, claim_result *res, diag_t *diag);

#endif
