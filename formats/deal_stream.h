/* deal_stream.h -- the reading loop the deal-consuming commands share: open
 * each file, report what cannot be used as file:line: reason, count it, skip
 * the games that replay the deal before (other tables), and hand over the
 * deals, made whist deals by the --trump/--leader policy when asked. */
#ifndef WHISTLAB_DEAL_STREAM_H
#define WHISTLAB_DEAL_STREAM_H

#include "reader.h"

/* How the input is read: its format (FMT_AUTO: told from each file) and
 * the policy that gives deals without them a trump suit and a leader. */
typedef struct {
    deal_format format;
    trump_policy policy;
    bool policy_given; /* a policy was asked for (--trump or --leader) */
} input_opts;

/* Auto format, the deals' own trumps and leader. */
void input_opts_init(input_opts *o);

/* Every deal read is one of accepted or rejected. */
typedef struct {
    uint64_t read;     /* deals read (games replaying the deal before excluded) */
    uint64_t accepted; /* handed over */
    uint64_t rejected; /* reported, not handed over */
    uint64_t repeats;  /* games replaying the deal before: skipped */
    uint64_t errors;   /* problems outside any deal: reported */
} deal_stream_counts;

typedef struct {
    deal_reader *r;
    const input_opts *io;
    bool whist;                 /* apply the trump/leader policy */
    deal_stream_counts *counts; /* added to; may be shared by several files */
    int status;                 /* EXIT_OK, EXIT_REJECTS or EXIT_FAILURE_IO */
} deal_stream;

/* Opens path; on failure reports it and returns false with status set. */
bool deal_stream_open(deal_stream *s, const char *path, const input_opts *io, bool whist,
                      deal_stream_counts *counts);
/* The next usable deal: fills out[0..n-1] (n = 4 for --trump each, else 1)
 * and returns n; 0 at the end of the file or when it cannot be read on. */
int deal_stream_next(deal_stream *s, deal_t out[4]);
/* Closes; returns the exit status this file calls for. */
int deal_stream_close(deal_stream *s);

#endif
