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
    FMT_COUNT
} deal_format;

/* "pbn", "oneline", "dds", "gib", "lin" (and "auto"); -1 if unknown. */
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
deal_format deal_reader_format(const deal_reader *r);
void deal_reader_close(deal_reader *r);

/* What the reader passed over by design (tags whistlab does not use), so
 * that `check` can report it and nothing is dropped silently. */
typedef struct {
    uint64_t ignored_tags;   /* tag occurrences not used by whistlab */
    char ignored_names[8][32]; /* first distinct ignored tag names */
    int n_ignored_names;
} reader_notes;
const reader_notes *deal_reader_notes(const deal_reader *r);
/* For back ends: counts one occurrence of an unused tag named tag. */
void reader_note_ignored(reader_notes *n, const char *tag);

/* --- the per-format back ends (one file each under formats/) --- */
typedef struct {
    const char *name;
    /* 0..100: how sure the first bytes of the content are this format. */
    int (*probe)(const char *buf, size_t n);
    void *(*open)(line_in *in);
    read_status (*next)(void *state, line_in *in, deal_t *d, diag_t *diag,
                        reader_notes *notes);
    void (*close)(void *state);
} format_ops;

extern const format_ops FORMAT_PBN_OPS, FORMAT_ONELINE_OPS, FORMAT_DDS_OPS,
    FORMAT_GIB_OPS, FORMAT_LIN_OPS;

#endif
