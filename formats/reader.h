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

typedef enum {
    READ_DEAL = 1,    /* *d holds a deal that passed deal_validate */
    READ_EOF = 0,     /* input exhausted */
    READ_REJECT = -1, /* a deal was read but is invalid; diag says why */
    READ_ERROR = -2,  /* a problem outside any deal (bad tag in a game with no
                         deal, unparsable line); diag says why; reading goes on */
    READ_FATAL = -3,  /* cannot go on (I/O error, truncated gzip); diag says why */
} read_status;

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

/* What the reader passed over or put right, so that `check` can report it
 * and nothing is dropped or changed silently:
 * - tags whistlab does not use;
 * - repairs: a producer's known quirk undone (counted by kind);
 * - warnings: a record that contradicts itself in what whistlab does not
 *   need (say [Contract] against [Auction]); its deal is still returned. */
#define READER_PENDING_MAX 4
typedef struct {
    uint64_t ignored_tags;     /* tag occurrences not used by whistlab */
    char ignored_names[8][32]; /* first distinct ignored tag names */
    int n_ignored_names;
    uint64_t repairs;          /* all repairs */
    uint64_t repair_count[8];  /* per kind, for the first kinds */
    char repair_names[8][128];
    int n_repair_kinds;
    uint64_t warnings;         /* all warnings */
    uint64_t long_lines;       /* of them, lines longer than PBN allows (read all
                                  the same): no contradiction */
    diag_t pending[READER_PENDING_MAX]; /* those of the last deal_reader_next */
    int n_pending;
} reader_notes;
const reader_notes *deal_reader_notes(const deal_reader *r);

#endif
