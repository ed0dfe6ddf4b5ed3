/* input_opts.c -- the rows --format, --trump, --leader and --where take
 * (input_opts.h), the reading policy as a store of solved leads records it, and --values. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/deal/deal_filter.h"
#include "cli/cli.h"
#include "cli/input_opts.h"
#include "formats/writer.h"

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

bool input_opts_set_where(input_opts *o, const char *value, diag_t *why)
{
    deal_filter *f = deal_filter_compile(value, why);
    if (!f) return false;
    if (!compiled) atexit(free_compiled);
    deal_filter_free(compiled);
    compiled = f;
    o->keep = keep_where;
    o->keep_ctx = f;
    o->where = value;
    return true;
}

bool input_opts_set_trump(input_opts *o, const char *value)
{
    if (!trump_policy_parse(value, &o->policy)) return false;
    o->policy_given = true;
    return true;
}

bool input_opts_set_leader(input_opts *o, const char *value)
{
    int seat = value[0] && !value[1] ? seat_from_char(value[0]) : -1;
    if (seat < 0) return false;
    o->policy.leader = seat;
    o->policy_given = true;
    return true;
}

void cli_input_init(cli_input *in)
{
    memset(in, 0, sizeof *in);
    input_opts_init(&in->io);
}

const char *input_show_format(const void *in) { return ((const cli_input *)in)->format; }
const char *input_show_trump(const void *in) { return ((const cli_input *)in)->trump; }
const char *input_show_leader(const void *in) { return ((const cli_input *)in)->leader; }
const char *input_show_where(const void *in) { return ((const cli_input *)in)->io.where; }

const char *input_format_name(int i)
{
    if (i < 0 || i >= FMT_COUNT) return NULL;
    return deal_format_name((deal_format)i);
}

const char *output_format_name(int i)
{
    if (i < 0 || i >= FMT_COUNT) return NULL;
    return deal_format_writable((deal_format)i) ? deal_format_name((deal_format)i) : "";
}

bool input_take_format(void *field, const char *value, char *why, size_t len)
{
    cli_input *in = field;
    int f = deal_format_parse(value);
    if (f < 0) {
        size_t at = (size_t)snprintf(why, len, "not one of");
        for (int i = 0; input_format_name(i) && at < len; i++)
            at += (size_t)snprintf(why + at, len - at, "%s %s", i ? "," : "", input_format_name(i));
        return false;
    }
    in->io.format = (deal_format)f;
    in->format = value;
    return true;
}

bool input_take_trump(void *field, const char *value, char *why, size_t len)
{
    cli_input *in = field;
    if (!input_opts_set_trump(&in->io, value)) {
        snprintf(why, len, "not one of S, H, D, C, turnup, each, contract, auto");
        return false;
    }
    in->trump = value;
    return true;
}

bool input_take_leader(void *field, const char *value, char *why, size_t len)
{
    cli_input *in = field;
    if (!input_opts_set_leader(&in->io, value)) {
        snprintf(why, len, "not one of N, E, S, W");
        return false;
    }
    in->leader = value;
    return true;
}

bool input_take_where(void *field, const char *value, char *why, size_t len)
{
    cli_input *in = field;
    diag_t d = {0};
    if (input_opts_set_where(&in->io, value, &d)) return true;
    snprintf(why, len, "%s", d.reason);
    return false;
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
