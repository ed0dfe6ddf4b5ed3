/* reader_notes.c -- what the format back ends note about a file besides its
 * deals (reader.h's reader_notes): repairs, warnings, tags not used. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "reader_notes.h"

void reader_note_repair(reader_notes *n, const char *what)
{
    n->repairs++;
    for (int i = 0; i < n->n_repair_kinds; i++)
        if (strncmp(n->repair_names[i], what, sizeof n->repair_names[0] - 1) == 0) {
            n->repair_count[i]++;
            return;
        }
    if (n->n_repair_kinds < 8) {
        snprintf(n->repair_names[n->n_repair_kinds], sizeof n->repair_names[0], "%s", what);
        n->repair_count[n->n_repair_kinds++] = 1;
    }
}

void reader_note_warning(reader_notes *n, uint64_t line, const char *fmt, ...)
{
    n->warnings++;
    if (n->n_pending == READER_PENDING_MAX) return;
    diag_t *w = &n->pending[n->n_pending++];
    va_list ap;
    va_start(ap, fmt);
    w->file = NULL;
    w->line = line;
    vsnprintf(w->reason, sizeof w->reason, fmt, ap);
    va_end(ap);
}

void reader_note_ignored(reader_notes *n, const char *tag)
{
    n->ignored_tags++;
    for (int i = 0; i < n->n_ignored_names; i++)
        if (strcmp(n->ignored_names[i], tag) == 0) return;
    if (n->n_ignored_names < 8)
        snprintf(n->ignored_names[n->n_ignored_names++], sizeof n->ignored_names[0], "%s", tag);
}
