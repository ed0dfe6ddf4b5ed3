/* deal_stream.c -- reading, accounting and the whist policy, in one loop. */
#include <stdio.h>
#include "cli/cli.h"
#include "deal_stream.h"

void input_opts_init(input_opts *o)
{
    o->format = FMT_AUTO;
    o->policy.kind = TRUMP_AUTO;
    o->policy.suit = SUIT_S;
    o->policy.leader = SEAT_NONE;
    o->policy_given = false;
}

static void flag(deal_stream *s, int status)
{
    if (status > s->status) s->status = status;
}

bool deal_stream_open(deal_stream *s, const char *path, const input_opts *io, bool whist,
                      deal_stream_counts *counts)
{
    diag_t diag = {0};
    s->io = io;
    s->whist = whist;
    s->counts = counts;
    s->status = EXIT_OK;
    s->r = deal_reader_open(path, io->format, &diag);
    if (!s->r) {
        diag_print(stderr, &diag);
        s->status = EXIT_FAILURE_IO;
    }
    return s->r != NULL;
}

int deal_stream_next(deal_stream *s, deal_t out[4])
{
    diag_t diag;
    deal_t d;
    for (;;) {
        diag = (diag_t){0};
        read_status st = deal_reader_next(s->r, &d, &diag);
        switch (st) {
        case READ_EOF:
            return 0;
        case READ_FATAL:
            diag_print(stderr, &diag);
            flag(s, EXIT_FAILURE_IO);
            return 0;
        case READ_ERROR:
            diag_print(stderr, &diag);
            s->counts->errors++;
            flag(s, EXIT_REJECTS);
            continue;
        case READ_REJECT:
            diag_print(stderr, &diag);
            if (d.flags & DEAL_REPEAT) {
                s->counts->repeats++;
            } else {
                s->counts->read++;
                s->counts->rejected++;
            }
            flag(s, EXIT_REJECTS);
            continue;
        case READ_DEAL:
            break;
        }
        if (d.flags & DEAL_REPEAT) {
            s->counts->repeats++;
            continue;
        }
        s->counts->read++;
        int n = 1;
        out[0] = d;
        if (s->whist && !(n = deal_apply_trump_policy(&d, &s->io->policy, out, &diag))) {
            diag_print(stderr, &diag);
            s->counts->rejected++;
            flag(s, EXIT_REJECTS);
            continue;
        }
        s->counts->accepted++;
        return n;
    }
}

int deal_stream_close(deal_stream *s)
{
    deal_reader_close(s->r);
    s->r = NULL;
    return s->status;
}
