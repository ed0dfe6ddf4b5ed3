/* writer.h -- one interface for writing deals: PBN (with the whist tags) and
 * dealer's one-line format, plain or gzip (a path ending in ".gz"), and the
 * binary .wda archive (wda.h). */
#ifndef WHISTLAB_WRITER_H
#define WHISTLAB_WRITER_H

#include "deal.h"
#include "diag.h"
#include "reader.h"

typedef struct deal_writer deal_writer;

/* The format a path's extension names: ".pbn"/".pbn.gz" -> FMT_PBN,
 * ".txt"/".txt.gz"/".oneline" -> FMT_ONELINE, ".wda" -> FMT_WDA; FMT_AUTO
 * if none. */
deal_format deal_format_from_path(const char *path);

/* Whether whistlab writes fmt (pbn, oneline, wda). */
bool deal_format_writable(deal_format fmt);

/* Opens path ("-" = stdout) for fmt (FMT_AUTO: from the extension). NULL with
 * diag filled on failure or when fmt cannot be written. */
deal_writer *deal_writer_open(const char *path, deal_format fmt, diag_t *diag);
bool deal_writer_put(deal_writer *w, const deal_t *d, diag_t *diag);
/* Flushes and closes; false (diag filled) if any write failed. */
bool deal_writer_close(deal_writer *w, diag_t *diag);

/* What the deals put held that the output format cannot (card plays, DD
 * tables and contracts in .wda and one-line, DDS FUT lists in all three,
 * board numbers a .wda cannot store), so that no conversion drops facts
 * silently: writes
 * e.g. "278 card plays, 299 DD tables" into buf ("" when nothing) and
 * returns how many were dropped. Call before deal_writer_close. */
uint64_t deal_writer_dropped(const deal_writer *w, char *buf, size_t len);

/* Back ends: write one deal as text into a caller's buffer; return the number
 * of bytes, or -1 if buf is too small. */
long pbn_format_deal(const deal_t *d, char *buf, size_t len);
long oneline_format_deal(const deal_t *d, char *buf, size_t len);

#endif
