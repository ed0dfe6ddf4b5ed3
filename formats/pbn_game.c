/* pbn_game.c -- the two ways a PBN game's readers (pbn_read.c, pbn_play.c,
 * pbn_tables.c) report on it (pbn_game.h): the game's first error, which
 * rejects it, and warnings, which keep it. */
#include <stdarg.h>
#include <stdio.h>
#include "pbn_game.h"

void pbn_fail(pbn_game *g, uint64_t line, const char *fmt, ...)
{
    g->problems++;
    if (g->failed) return;
    g->failed = true;
    va_list ap;
    va_start(ap, fmt);
    g->err.file = g->file;
    g->err.line = line;
    vsnprintf(g->err.reason, sizeof g->err.reason, fmt, ap);
    va_end(ap);
}

void pbn_warn(pbn_game *g, uint64_t line, const char *fmt, ...)
{
    char text[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    reader_note_warning(g->notes, line, "%s", text);
}
