/* input_opts.c -- parsing of --format, --trump, --leader and --where, the
 * reading policy as a store of solved leads records it, and --values. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/deal/deal_filter.h"
#include "cli/cli.h"
#include "cli/input_opts.h"

/* The --where condition as the reading loop calls it: the deal's hands,
 * with the dealer and trumps the stream settled (deal_stream.h). */
static bool keep_where(const void *ctx, const deal_t *d)
{
    return deal_filter_match(ctx, d->hand, d->dealer, d->strain);
}

/* The one compiled condition of the process (a command takes one --where;
 * given twice, the last counts), freed at exit. */
static deal_filter *compiled;

static void free_compiled(void)
{
    deal_filter_free(compiled);
    compiled = NULL;
}

static int take_where(input_opts *o, const char *value)
{
    diag_t why = {0};
    deal_filter *f = deal_filter_compile(value, &why);
    if (!f) {
        fprintf(stderr, "whistlab: --where %s: %s\n", value, why.reason);
        return -1;
    }
    if (!compiled) atexit(free_compiled);
    deal_filter_free(compiled);
    compiled = f;
    o->keep = keep_where;
    o->keep_ctx = f;
    o->where = value;
    return 1;
}

int input_opts_take(input_opts *o, int opt, const char *value)
{
    switch (opt) {
    case OPT_INPUT_WHERE: return take_where(o, value);
    case OPT_INPUT_FORMAT: {
        int f = deal_format_parse(value);
        if (f < 0) {
            fprintf(stderr, "whistlab: --format %s: not one of auto, pbn, oneline, dds, gib, lin, wda\n", value);
            return -1;
        }
        o->format = (deal_format)f;
        return 1;
    }
    case OPT_INPUT_TRUMP:
        if (!trump_policy_parse(value, &o->policy)) {
            fprintf(stderr, "whistlab: --trump %s: not one of S, H, D, C, turnup, each, contract, auto\n", value);
            return -1;
        }
        o->policy_given = true;
        return 1;
    case OPT_INPUT_LEADER: {
        int seat = value[0] && !value[1] ? seat_from_char(value[0]) : -1;
        if (seat < 0) {
            fprintf(stderr, "whistlab: --leader %s: not one of N, E, S, W\n", value);
            return -1;
        }
        o->policy.leader = seat;
        o->policy_given = true;
        return 1;
    }
    default:
        return 0;
    }
}

void input_opts_policy_text(const input_opts *o, char *buf, size_t len)
{
    static const char *const KIND[] = {"auto", "fixed", "turnup", "each", "contract"};
    const trump_policy *p = &o->policy;
    char trump[16];
    if (p->kind == TRUMP_FIXED) snprintf(trump, sizeof trump, "%c", SUIT_CHARS[p->suit]);
    else snprintf(trump, sizeof trump, "%s", KIND[p->kind]);
    snprintf(buf, len, "format %s trump %s leader %c", deal_format_name(o->format), trump,
             p->leader == SEAT_NONE ? '-' : SEAT_CHARS[p->leader]);
}

dd_store *input_opts_open_values(const input_opts *o, const char *path, const char *prog)
{
    diag_t diag = {0};
    dd_store *store = dd_store_open(path, &diag);
    if (!store) {
        cli_error(prog, &diag);
        return NULL;
    }
    char policy[DD_STORE_POLICY_MAX];
    input_opts_policy_text(o, policy, sizeof policy);
    const dd_store_header *h = dd_store_header_of(store);
    if (strcmp(h->policy, policy) != 0) {
        fprintf(stderr, "%s: %s: the store was solved with %s, this run reads with %s\n", prog, path, h->policy,
                policy);
        dd_store_close(store);
        return NULL;
    }
    return store;
}
