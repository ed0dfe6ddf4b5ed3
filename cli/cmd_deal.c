/* cmd_deal.c -- `whistlab deal`: reproducible random whist deals, dealt as
 * at the table (deal_gen.h), optionally filtered by a --where condition on
 * the hands (deal_filter.h), with cards fixed in advance (deal_predeal.h),
 * written to a .wda archive, PBN or one-line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "analyze/deal/deal_gen.h"
#include "cli/cli.h"
#include "cli/input_opts.h"
#include "cli/options.h"
#include "formats/wda.h"
#include "formats/writer.h"

typedef struct {
    deal_gen_opts go;
    deal_predeal pre;
    const char *out_path, *where;
    int to;
    uint64_t threads;
} deal_cli;

static bool take_predeal(void *field, const char *value, char *why, size_t len)
{
    diag_t d = {0};
    if (deal_predeal_add(field, value, &d)) return true;
    snprintf(why, len, "%s", d.reason);
    return false;
}

static bool take_turnup(void *field, const char *value, char *why, size_t len)
{
    card_t c = card_parse(value);
    if (c == CARD_NONE) {
        snprintf(why, len, "not a card (e.g. H7)");
        return false;
    }
    ((deal_predeal *)field)->turnup = c;
    return true;
}

static bool take_trump(void *field, const char *value, char *why, size_t len)
{
    int suit = value[0] && !value[1] ? suit_from_char(value[0]) : -1;
    if (suit < 0) {
        snprintf(why, len, "expected S, H, D or C");
        return false;
    }
    ((deal_predeal *)field)->trump = suit;
    return true;
}

#define ROW(f) .at = offsetof(deal_cli, f)
static const opt_spec OPTIONS[] = {
    {.name = "count", .short_name = 'n', .kind = OPT_COUNT, .arg = "N", ROW(go.wanted), .max = UINT64_MAX,
     .dflt = "10", .help = "deals to write (default 10; suffixes k and m: 10m)"},
    {.name = "seed", .kind = OPT_COUNT, .arg = "S", ROW(go.seed), .max = UINT64_MAX, .dflt = "1",
     .help = "seed of the generator (default 1)"},
    {.name = "output", .short_name = 'o', .kind = OPT_TEXT, .arg = "FILE", ROW(out_path), .dflt = "-",
     .help = "output: .wda (binary archive), .pbn, .pbn.gz, .txt, .txt.gz;\n"
             "'-' (default) = one-line deals on standard output"},
    {.name = "to", .kind = OPT_CHOICE, .arg = "F", ROW(to), .names = output_format_name,
     .help = "output format: {} (overrides the name)"},
    {.name = "where", .kind = OPT_TEXT, .arg = "EXPR", ROW(where),
     .help = "keep only the deals that meet EXPR, numbered 1, 2, 3..., e.g.\n"
             "'trumps(leader) >= 5 && holds(leader, \"AKQ\", longest_suit)'\n"
             "functions: len(SEAT, SUIT), trumps, longest, shortest (SEAT),\n"
             "hcp(SEAT [, SUIT]), honours(SEAT), count/holds(SEAT, \"AKQ\", SUIT),\n"
             "shape(SEAT) == \"5431\" (any order; \"5=4=3=1\": S H D C order;\n"
             "x any length), also written pattern(SEAT) == \"4-4-3-2\", and !=;\n"
             "seats leader (or eldest) second third (or partner) dealer\n"
             "(or fourth), north east south west; suits\n"
             "spades hearts diamonds clubs trumps longest_suit shortest_suit;\n"
             "&& || ! == != < <= > >= + - ( )"},
    {.name = "max-dealt", .kind = OPT_COUNT, .arg = "M", ROW(go.max_dealt), .min = 1, .max = UINT64_MAX,
     .help = "with --where, give up after dealing M deals (default 1000 N)"},
    {.name = "skip", .kind = OPT_COUNT, .arg = "K", ROW(go.start), .max = UINT64_MAX,
     .help = "start at deal K of the seed's stream (board K+1), to split\na corpus across machines"},
    {OPT_THREADS_ROW(deal_cli, threads), .short_name = 'j',
     .help = "dealing threads (default: one per CPU; the deals are the same)"},
    {.name = "predeal", .kind = OPT_CALL, .arg = "SEAT=HAND", ROW(pre), .take = take_predeal,
     .help = "fixed cards, the rest dealt uniformly at random (repeat it for\n"
             "several seats): SEAT leader (or eldest), second, third (or\n"
             "partner) or dealer (or fourth), relative to each board's dealer,\n"
             "or north, east, south, west; HAND in whole or part, e.g.\n"
             "'eldest=S:KJ8432 H:Q963 D:AK C:Q' or 'dealer=H:A'"},
    {.name = "turnup", .kind = OPT_CALL, .arg = "CARD", ROW(pre), .take = take_turnup,
     .help = "the dealer's turned-up last card (it fixes trumps), e.g. H7"},
    {.name = "trump", .kind = OPT_CALL, .arg = "S|H|D|C", ROW(pre), .take = take_trump,
     .help = "trumps fixed: the dealer turns up one of them (uniformly)"},
};
#undef ROW

static void deal_usage(FILE *f);
static const opt_command COMMAND = {.cmd = "deal", .specs = OPTIONS, .n = sizeof OPTIONS / sizeof OPTIONS[0],
                                    .help = deal_usage};

static void deal_usage(FILE *f)
{
    fprintf(f,
            "usage: whistlab deal [-n N] [--seed S] [-o FILE] [--where EXPR] [options]\n"
            "Deals N uniformly random whist deals: the deal passes to the left each board\n"
            "(North deals board 1), the dealer's last card is turned up and fixes trumps.\n"
            "A seed gives the same deals on every machine and for any number of threads.\n\n");
    opt_print_list(f, &COMMAND);
    fprintf(f,
            "A status line on stderr says what was written (not with -q). Until it is whole\n"
            "the output is FILE.tmp.XXXXXX beside FILE (removed on SIGINT, SIGTERM, SIGHUP).\n"
            "exit status: 0 ok, 1 fewer deals met --where than asked for, 2 usage,\n"
            "3 unwritable output\n");
}

/* Where the deals go: a .wda archive (records packed here) or any
 * deal_writer. Boards: the stream's (index + 1), or 1, 2, 3... when
 * filtered; an unfiltered run delivers every deal from --skip on, so both
 * are base + i + 1 for the i-th deal written. */
typedef struct {
    wda_writer *wda;
    deal_writer *text;
    uint64_t base;       /* board of record i is base + i + 1 */
    uint64_t written;
    deal_t d;
    diag_t diag;
    bool failed;
    uint8_t recs[DEAL_GEN_BLOCK * WDA_RECORD_BYTES];
} sink_state;

static bool sink(void *ctx, const gen_deal *deals, size_t n)
{
    sink_state *s = ctx;
    for (size_t k = 0; k < n; k++) {
        deal_gen_to_deal(&deals[k], (uint32_t)(s->base + s->written + k + 1), &s->d);
        if (s->wda) {
            wda_record_pack(&s->d, s->written + k, s->base, s->recs + k * WDA_RECORD_BYTES);
        } else if (!deal_writer_put(s->text, &s->d, &s->diag)) {
            s->failed = true;
            return false;
        }
    }
    if (s->wda && !wda_writer_append(s->wda, s->recs, n, &s->diag)) {
        s->failed = true;
        return false;
    }
    s->written += n;
    return true;
}

/* The command line, for the archive's note. */
static void command_note(int argc, char **argv, char *note, size_t len)
{
    size_t used = (size_t)snprintf(note, len, "whistlab");
    for (int i = 0; i < argc && used < len; i++) {
        bool quote = strpbrk(argv[i], " \"'&|!<>()") != NULL;
        used += (size_t)snprintf(note + used, len - used, quote ? " '%s'" : " %s", argv[i]);
    }
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int cmd_deal(int argc, char **argv)
{
    static deal_cli c;
    memset(&c, 0, sizeof c);
    deal_predeal_init(&c.pre);
    diag_t pdiag = {0};
    int optind, rc = opt_parse(&COMMAND, &c, argc, argv, &optind, NULL);
    if (rc >= 0) return rc;
    if (optind != argc) {
        deal_usage(stderr);
        return EXIT_USAGE;
    }
    deal_gen_opts go = c.go;
    deal_predeal pre = c.pre;
    const char *out_path = c.out_path, *where = c.where;
    deal_format fmt = (deal_format)c.to;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    if (!where && (go.start > UINT32_MAX || go.wanted > UINT32_MAX - go.start)) { /* no wrap round 2^64 */
        fprintf(stderr, "whistlab deal: board numbers would pass %u\n", UINT32_MAX);
        return EXIT_USAGE;
    }
    if (!deal_predeal_check(&pre, &pdiag)) {
        fprintf(stderr, "whistlab deal: %s\n", pdiag.reason);
        return EXIT_USAGE;
    }
    go.predeal = &pre;
    go.threads = c.threads ? (unsigned)c.threads : cpus > 0 ? (unsigned)cpus : 1;
    deal_filter *filter = NULL;
    if (where) {
        diag_t why = {0};
        filter = deal_filter_compile(where, &why);
        if (!filter) {
            fprintf(stderr, "whistlab deal: --where: %s\n", why.reason);
            return EXIT_USAGE;
        }
        go.filter = filter;
        if (!go.max_dealt)
            go.max_dealt = go.wanted > UINT64_MAX / 1000 ? UINT64_MAX : go.wanted * 1000;
    }
    if (fmt == FMT_AUTO)
        fmt = strcmp(out_path, "-") == 0 ? FMT_ONELINE : deal_format_from_path(out_path);

    sink_state *s = calloc(1, sizeof *s);
    if (!s) {
        fprintf(stderr, "whistlab deal: out of memory\n");
        deal_filter_free(filter);
        return EXIT_FAILURE_IO;
    }
    deal_clear(&s->d);
    s->base = filter ? 0 : go.start;
    if (fmt == FMT_WDA) {
        wda_header h = {.block_records = WDA_BLOCK_RECORDS, .seed = go.seed,
                        .generator = deal_predeal_active(&pre) ? WDA_GENERATOR_PREDEAL : WDA_GENERATOR_DEAL,
                        .flags = filter ? WDA_FLAG_FILTERED : 0,
                        .board_base = s->base};
        command_note(argc, argv, h.note, WDA_MAX_NOTE + 1);
        s->wda = wda_writer_open(out_path, &h, &s->diag);
    } else {
        s->text = deal_writer_open(out_path, fmt, &s->diag);
    }
    if (!s->wda && !s->text) {
        diag_print(stderr, &s->diag);
        deal_filter_free(filter);
        free(s);
        return EXIT_FAILURE_IO;
    }
    go.sink = sink;
    go.ctx = s;
    deal_gen_result res;
    double t0 = now_seconds();
    bool ran = deal_gen_run(&go, &res);
    double secs = now_seconds() - t0;
    bool closed = s->wda ? wda_writer_close(s->wda, &s->diag) : deal_writer_close(s->text, &s->diag);
    int status = EXIT_OK;
    bool write_failed = s->failed || !closed;
    if (write_failed) {
        diag_print(stderr, &s->diag);
        status = EXIT_FAILURE_IO;
    } else if (!ran) {
        fprintf(stderr, "whistlab deal: cannot start the dealing threads\n");
        status = EXIT_FAILURE_IO;
    }
    if (cli_verbosity > CLI_QUIET && write_failed) { /* not "N written" (issue 25, item 16) */
        if (strcmp(out_path, "-") == 0)
            fprintf(stderr, "deal: the write to standard output failed: the deals there are not whole\n");
        else
            fprintf(stderr, "deal: %s not written (left as it was; its temporary removed)\n", out_path);
    } else if (cli_verbosity > CLI_QUIET) {
        fprintf(stderr, "deal: %llu deals (seed %llu) written to %s in %.2f s",
                (unsigned long long)s->written, (unsigned long long)go.seed,
                strcmp(out_path, "-") == 0 ? "standard output" : out_path, secs);
        if (filter)
            fprintf(stderr, "; %llu dealt, %.4g%% met --where", (unsigned long long)res.dealt,
                    res.dealt ? 100.0 * (double)res.kept / (double)res.dealt : 0.0);
        if (cli_verbosity == CLI_VERBOSE)
            fprintf(stderr, "; %u threads, %.0f deals/s", go.threads, secs > 0 ? (double)s->written / secs : 0.0);
        fprintf(stderr, "\n");
    }
    if (status == EXIT_OK && res.kept < go.wanted) {
        fprintf(stderr, "whistlab deal: only %llu of the %llu deals asked for met --where within "
                        "--max-dealt %llu\n", (unsigned long long)res.kept,
                (unsigned long long)go.wanted, (unsigned long long)go.max_dealt);
        status = EXIT_REJECTS;
    }
    deal_filter_free(filter);
    free(s);
    return status;
}
