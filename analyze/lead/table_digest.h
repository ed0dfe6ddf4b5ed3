/* table_digest.h -- the convention table files behind the conventions of a
 * command line, each with the digest of its text (formats/digest128.h), so
 * that a report says which version of a user's table it rests on and a
 * resumed or merged run refuses a table that has changed. A built-in
 * convention (with its +options) has no file: whistlab's version names it. */
#ifndef WHISTLAB_TABLE_DIGEST_H
#define WHISTLAB_TABLE_DIGEST_H

#include <stdbool.h>
#include <stddef.h>
#include "formats/diag.h"
#include "stats/report/provenance.h"

/* For each table file named in the comma-separated list of conventions
 * (a file, or a file with +options, as convention_open finds it), appends
 * a line "FILE DIGEST\n" to buf (NUL-terminated, len bytes). False with
 * diag filled when a table file cannot be read. */
bool table_digests(const char *list, char *buf, size_t len, diag_t *diag);

/* A provenance setting "table" per line of what table_digests wrote. */
void table_digests_provenance(const char *digests, provenance *p);

#endif
