/* input_opts.h -- the command-line options every deal-reading command shares:
 * --format (force the input format), --trump and --leader (the policy that
 * gives deals without them a trump suit and a leader: README.md, "Trumps and
 * leaders"), --where (keep only the deals that meet a condition, in the
 * language of analyze/deal/deal_filter.h), parsed into the input_opts the
 * reading loop takes (formats/deal_stream.h). */
#ifndef WHISTLAB_INPUT_OPTS_H
#define WHISTLAB_INPUT_OPTS_H

#include <getopt.h>
#include "analyze/dd/dd_store.h"
#include "formats/deal_stream.h"

enum { OPT_INPUT_FORMAT = 0x1000, OPT_INPUT_TRUMP, OPT_INPUT_LEADER, OPT_INPUT_WHERE };

/* Entries for a getopt_long table. */
#define INPUT_LONG_OPTIONS \
    {"format", required_argument, NULL, OPT_INPUT_FORMAT}, \
    {"trump", required_argument, NULL, OPT_INPUT_TRUMP}, \
    {"leader", required_argument, NULL, OPT_INPUT_LEADER}, \
    {"where", required_argument, NULL, OPT_INPUT_WHERE}

#define INPUT_OPTIONS_HELP \
    "  --format F     input format: auto (default), pbn, oneline, dds, gib, lin, wda\n" \
    "  --trump P      trumps for deals without them: S|H|D|C, turnup, each,\n" \
    "                 contract (bridge files), auto (default: the deal's own)\n" \
    "  --leader X     N|E|S|W: the eldest hand (the dealer sits on his right)\n" \
    "  --where EXPR   keep only the deals that meet EXPR, as `whistlab deal --where`\n" \
    "                 takes it (shape(leader) == \"5431\", trumps(leader) >= 4, ...),\n" \
    "                 with the trumps and leader above; the rest counted as left\n"

/* Takes one getopt_long result; returns 1 if it was one of ours, 0 if not,
 * -1 for a bad value (message printed to stderr): a --where that does not
 * compile is refused here, before anything is read. The compiled condition
 * lives until the process exits. */
int input_opts_take(input_opts *o, int opt, const char *value);

/* The reading policy of o as a store of solved leads records it ("format
 * F trump T leader L"): a store serves only runs that read a corpus alike. */
void input_opts_policy_text(const input_opts *o, char *buf, size_t len);

/* --values: the store of solved leads at path, made with o's reading
 * policy. NULL (the reason printed under prog) when it cannot be opened
 * or was made otherwise. */
dd_store *input_opts_open_values(const input_opts *o, const char *path, const char *prog);

#endif
