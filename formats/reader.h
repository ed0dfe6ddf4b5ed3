/* reader.h -- one interface for reading deals from every input format.
 *
 * A reader streams: it holds one record at a time, whatever the file size.
 * The format is detected from the content unless forced. Every deal read is
 * accounted for: deal_reader_next returns it as READ_DEAL (well-formed) or
 * READ_REJECT (read but unusable, with the reason), so that for any input
 * accepted + rejected = read. */
#ifndef WHISTLAB_READER_H
#define WHISTLAB_READER_H

#include "deal.h"
#include "diag.h"
#include "line_in.h"
#include "read_status.h"
#include "reader_notes.h"

typedef enum {
    FMT_AUTO = 0, /* detect from content */
    FMT_PBN,      /* PBN 1.0-2.1, with the whist tags Trump, TurnUp, Leader */
    FMT_ONELINE,  /* dealer's printoneline: "n AKQ.. e .. s .. w .." */
    FMT_DDS,      /* DDS test hands: PBN/FUT/TABLE/PAR/PAR2/PLAY/TRACE lines */
    FMT_GIB,      /* GIB lines: "W N E S:" + 20 hex digits */
    FMT_LIN,      /* BBO LIN records (md|...|) */
    FMT_WDA,      /* whistlab's binary deal archive (wda.h), read by mmap */
    FMT_COUNT
} deal_format;

/* "pbn", "oneline", "dds", "gib", "lin", "wda" (and "auto"); -1 if unknown. */
int deal_format_parse(const char *name);
const char *deal_format_name(deal_format f);


typedef struct deal_reader deal_reader;

/* Opens path ("-" = stdin) as format fmt (FMT_AUTO: detect). NULL with diag
 * filled when the file cannot be opened or its format not recognised. */
deal_reader *deal_reader_open(const char *path, deal_format fmt, diag_t *diag);
read_status deal_reader_next(deal_reader *r, deal_t *d, diag_t *diag);

/* Whether path gives its bytes once: "-" (standard input), or a FIFO, a
 * pipe or a process substitution ("<(zcat C)"); a second pass over it
 * would find them gone or wait for a writer that has left (issue 25 items
 * 7 and 8). False for a regular file, or a name that cannot be looked at
 * (its open will say why). */
bool deal_input_read_once(const char *path);
deal_format deal_reader_format(const deal_reader *r);
void deal_reader_close(deal_reader *r);

/* Records in the input when known without reading them (a .wda archive's
 * header); UINT64_MAX otherwise. */
uint64_t deal_reader_size(const deal_reader *r);
/* Random access, for shards and ranges: from now on the reader returns only
 * the records first, first + step, first + 2*step, ... below end (0-based
 * positions in this input; each deal's pos.index is its position), without
 * reading the others. Only inputs of known size (deal_reader_size) can;
 * for the others it returns false and changes nothing. */
bool deal_reader_select(deal_reader *r, uint64_t first, uint64_t step, uint64_t end);

const reader_notes *deal_reader_notes(const deal_reader *r);

#endif
