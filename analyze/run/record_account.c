/* record_account.c -- what one item read adds to its input's account
 * (record_account.h). */
#include "analyze/run/record_account.h"
#include "formats/deal_digest.h"

record_account record_account_of(const ds_item *it, bool as_read)
{
    record_account t = {0};
    switch (it->kind) {
    case DS_DEAL:
    case DS_LEFT:
    case DS_UNUSABLE:
        t.counted = t.digested = true;
        t.term = deal_digest_term(it->deal, it->position);
        break;
    case DS_REJECT: t.counted = !(as_read && (it->deal->flags & DEAL_REPEAT)); break;
    default: break; /* a repeat, an error, a stop, a file's end */
    }
    return t;
}

void record_account_add(input_account *a, const record_account *t)
{
    a->deals += t->counted;
    if (t->digested) input_account_add_term(a, t->term.lane);
}

void record_account_stop(input_account *a, const diag_t *why)
{
    a->stopped = 1;
    diag_format(a->where, sizeof a->where, why);
}

void record_account_item(input_account *a, const ds_item *it, bool as_read)
{
    if (it->kind == DS_FATAL) {
        record_account_stop(a, it->diag);
        return;
    }
    record_account t = record_account_of(it, as_read);
    record_account_add(a, &t);
}
