/* format_ops.h -- private to formats/: what a format's back end (one file
 * each: pbn_read.c, oneline.c, dds_hands.c, gib.c, lin.c, wda.c) gives the
 * reader front end (reader.c); the notes it may add to a file are in
 * reader_notes.h. */
#ifndef WHISTLAB_FORMAT_OPS_H
#define WHISTLAB_FORMAT_OPS_H

#include "deal.h"
#include "diag.h"
#include "line_in.h"
#include "read_status.h"
#include "reader_notes.h"

typedef struct {
    const char *name;
    /* 0..100: how sure the first bytes of the content (past any UTF-8 BOM,
     * which the front end skips) are this format. */
    int (*probe)(const char *buf, size_t n);
    void *(*open)(line_in *in);
    read_status (*next)(void *state, line_in *in, deal_t *d, diag_t *diag,
                        reader_notes *notes);
    void (*close)(void *state);
} format_ops;

extern const format_ops FORMAT_PBN_OPS, FORMAT_ONELINE_OPS, FORMAT_DDS_OPS,
    FORMAT_GIB_OPS, FORMAT_LIN_OPS;
/* Name and probe only: a .wda is mapped from its file, never read as lines;
 * the probe catches one piped or compressed, to say so. */
extern const format_ops FORMAT_WDA_OPS;

#endif
