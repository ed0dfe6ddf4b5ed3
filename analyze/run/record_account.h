/* record_account.h -- what one item of the reading loop (formats/
 * deal_stream.h) adds to its input's account (stats/report/provenance.h's
 * input_account: deals read, their digest, where reading stopped). The one
 * rule of every place that states an input's deals and digest: the corpus
 * runner (at a record's collect, in input order), its resume check, and
 * lead over files; so that `lead FILE --where ...` and `replay FILE
 * --where ...` state the same input.
 *
 * A deal as read counts, its digest term with it, whether the run kept it
 * (DS_DEAL), --where left it (DS_LEFT) or the trump policy could make no
 * whist deal of it (DS_UNUSABLE): the digest is the file's, whatever the
 * settings select. A rejection counts with no term (no valid hands to
 * digest); a repeat, an error and a file's end count nothing; a DS_FATAL
 * stops the input. */
#ifndef WHISTLAB_RECORD_ACCOUNT_H
#define WHISTLAB_RECORD_ACCOUNT_H

#include <stdbool.h>
#include "formats/deal_stream.h"
#include "stats/report/provenance.h"

typedef struct {
    bool counted;  /* one of its input's deals read (input_account.deals) */
    bool digested; /* a deal as read: term counts in the input's digest */
    digest128 term;
} record_account;

/* What item it adds. as_read: a run over deals as read (corpus_run.h's
 * run_opts.as_read), where a rejected repeat is not one of the input's
 * deals, as the digest's positions count them. */
record_account record_account_of(const ds_item *it, bool as_read);

/* t added to a. */
void record_account_add(input_account *a, const record_account *t);

/* a was not opened or not read to its end: why is kept for the report,
 * which says INCOMPLETE. */
void record_account_stop(input_account *a, const diag_t *why);

/* Item it accounted for in a at once (its deal and term, or its stop),
 * for a reader that accounts for each item as it reads it. */
void record_account_item(input_account *a, const ds_item *it, bool as_read);

#endif
