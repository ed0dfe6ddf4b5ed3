/* convention_compile.h -- the convention compiler: a table's text to a
 * convention (convention_compile.c), its filters and rule conditions then
 * indexed as bit masks (convention_index.c). Used by the registry
 * (convention.c) and the tests; the lead code reads only the result. */
#ifndef WHISTLAB_CONVENTION_COMPILE_H
#define WHISTLAB_CONVENTION_COMPILE_H

#include "analyze/lead/convention_model.h"

/* Compiles text (named file, for diagnostics) with the options in opts
 * enabled (space- or '+'-separated names, may be NULL). resolve finds the
 * conventions named by as(...). NULL with diag filled on error. */
typedef const convention *(*convention_resolver)(const char *name);
convention *convention_compile(const char *text, const char *file, const char *opts,
                               convention_resolver resolve, diag_t *diag);

/* Builds c's filter masks (filter_hold, filter_flags, filter_seen,
 * not_order) from c->filter and c->set, and compiles the rules'
 * conditions to masks; the compiler's last step. */
void convention_index_filters(convention *c);

#endif
