/* reader.c -- the deal reader front end: opens the input, detects the format
 * from its first bytes (or takes the forced one) and hands records to the
 * format's back end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "reader.h"

static const format_ops *const FORMATS[FMT_COUNT] = {
    [FMT_PBN] = &FORMAT_PBN_OPS,
    [FMT_ONELINE] = &FORMAT_ONELINE_OPS,
    [FMT_DDS] = &FORMAT_DDS_OPS,
    [FMT_GIB] = &FORMAT_GIB_OPS,
    [FMT_LIN] = &FORMAT_LIN_OPS,
};

struct deal_reader {
    line_in *in;
    deal_format fmt;
    const format_ops *ops;
    void *state;
    uint64_t index; /* deals returned so far (READ_DEAL + READ_REJECT) */
    reader_notes notes;
};

int deal_format_parse(const char *name)
{
    if (strcmp(name, "auto") == 0) return FMT_AUTO;
    for (int f = 1; f < FMT_COUNT; f++)
        if (strcmp(name, FORMATS[f]->name) == 0) return f;
    return -1;
}

const char *deal_format_name(deal_format f)
{
    return f > FMT_AUTO && f < FMT_COUNT ? FORMATS[f]->name : "auto";
}

/* The back end most sure of the content; FMT_AUTO if none claims it. */
static deal_format detect(const char *buf, size_t n)
{
    int best = 0;
    deal_format fmt = FMT_AUTO;
    for (int f = 1; f < FMT_COUNT; f++) {
        int score = FORMATS[f]->probe(buf, n);
        if (score > best) {
            best = score;
            fmt = (deal_format)f;
        }
    }
    return fmt;
}

deal_reader *deal_reader_open(const char *path, deal_format fmt, diag_t *diag)
{
    line_in *in = line_in_open(path, diag);
    if (!in) return NULL;
    if (fmt == FMT_AUTO) {
        const char *buf;
        size_t n = line_in_peek(in, &buf);
        fmt = detect(buf, n);
        if (fmt == FMT_AUTO) {
            if (n == 0)
                diag_set(diag, line_in_name(in), 0, "empty input: no deals");
            else if (memchr(buf, 0, n))
                diag_set(diag, line_in_name(in), 0,
                         "binary data, not a deal file (or a corrupt compressed file)");
            else
                diag_set(diag, line_in_name(in), 0,
                         "format not recognised (use --format pbn|oneline|dds|gib|lin)");
            line_in_close(in);
            return NULL;
        }
    }
    deal_reader *r = calloc(1, sizeof *r);
    if (!r) {
        diag_set(diag, line_in_name(in), 0, "out of memory");
        line_in_close(in);
        return NULL;
    }
    r->in = in;
    r->fmt = fmt;
    r->ops = FORMATS[fmt];
    r->state = r->ops->open(in);
    if (!r->state) {
        diag_set(diag, line_in_name(in), 0, "out of memory");
        deal_reader_close(r);
        return NULL;
    }
    return r;
}

read_status deal_reader_next(deal_reader *r, deal_t *d, diag_t *diag)
{
    read_status st = r->ops->next(r->state, r->in, d, diag, &r->notes);
    if (st == READ_DEAL || st == READ_REJECT) {
        d->pos.file = line_in_name(r->in);
        d->pos.index = r->index++;
    }
    if (st != READ_DEAL && st != READ_EOF && !diag->file) diag->file = line_in_name(r->in);
    return st;
}

deal_format deal_reader_format(const deal_reader *r) { return r->fmt; }
const reader_notes *deal_reader_notes(const deal_reader *r) { return &r->notes; }

void reader_note_ignored(reader_notes *n, const char *tag)
{
    n->ignored_tags++;
    for (int i = 0; i < n->n_ignored_names; i++)
        if (strcmp(n->ignored_names[i], tag) == 0) return;
    if (n->n_ignored_names < 8)
        snprintf(n->ignored_names[n->n_ignored_names++], sizeof n->ignored_names[0], "%s", tag);
}

void deal_reader_close(deal_reader *r)
{
    if (!r) return;
    if (r->state) r->ops->close(r->state);
    line_in_close(r->in);
    free(r);
}
