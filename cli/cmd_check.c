/* cmd_check.c -- `whistlab check FILE...`: read everything, account for
 * every deal (read = accepted + rejected) and say why each rejection. */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "cli/cli.h"
#include "cli/input_opts.h"
#include "cli/options.h"
#include "formats/deal_stream.h"

/* What check reports of a file, or of all: read = accepted + rejected +
 * incomplete, the repeats of the deal before apart; with --where, accepted
 * deals it left out are counted (valid all the same) and told apart. */
typedef struct {
    uint64_t read, accepted, rejected, repeats, errors, no_trump;
    uint64_t left; /* deals --where left out, of those read */
    uint64_t incomplete; /* well-formed, but with unknown hands: not analysable (a repeat too) */
    uint64_t repeats_rejected; /* repeated games with an error of their own */
} check_counts;

static check_counts check_counts_of(const ds_counts *c)
{
    return (check_counts){
        .read = c->deals + c->left + c->unusable + c->rejected + c->incomplete + c->incomplete_repeats,
        .accepted = c->deals + c->left,
        .left = c->left,
        .rejected = c->unusable + c->rejected,
        .repeats = c->repeats + c->rejected_repeats,
        .errors = c->errors,
        .no_trump = c->no_trump,
        .incomplete = c->incomplete + c->incomplete_repeats,
        .repeats_rejected = c->rejected_repeats,
    };
}

/* io: the run's input options, for the line of --where. */
static void print_counts(const char *name, const char *fmt, const check_counts *c,
                         const reader_notes *notes, const input_opts *io)
{
    printf("%s: %s%s%llu deals read, %llu accepted, ", name, fmt ? fmt : "", fmt ? ": " : "",
           (unsigned long long)c->read, (unsigned long long)c->accepted);
    if (c->incomplete)
        printf("%llu incomplete (unknown hands: valid, but cannot be analysed), ",
               (unsigned long long)c->incomplete);
    printf("%llu rejected\n", (unsigned long long)c->rejected);
    if (io->where) {
        cli_print_where(stdout, "  ", io, c->read, c->left);
        printf("\n");
    }
    if (c->repeats)
        printf("  %llu more games replay the deal of the game before (other tables): "
               "counted once; %llu of them rejected\n", (unsigned long long)c->repeats,
               (unsigned long long)c->repeats_rejected);
    if (c->errors)
        printf("  %llu errors outside any deal\n", (unsigned long long)c->errors);
    if (c->no_trump)
        printf("  %llu deal%s name%s no trump suit: analysis needs --trump S|H|D|C|each|contract\n",
               (unsigned long long)c->no_trump, c->no_trump == 1 ? "" : "s", c->no_trump == 1 ? "s" : "");
    if (cli_verbosity == CLI_QUIET) return; /* the notes below are not results */
    uint64_t contradictions = notes ? notes->warnings - notes->long_lines : 0;
    if (contradictions)
        printf("  %llu warnings: records that contradict themselves outside the deal "
               "(the deals are kept)\n", (unsigned long long)contradictions);
    if (notes && notes->long_lines)
        printf("  %llu lines longer than 255 characters (PBN 2.3): read all the same\n",
               (unsigned long long)notes->long_lines);
    for (int i = 0; notes && i < notes->n_repair_kinds; i++)
        printf("  %llu repaired: %s\n", (unsigned long long)notes->repair_count[i],
               notes->repair_names[i]);
    if (notes && notes->ignored_tags) {
        printf("  %llu tags not used by whistlab:", (unsigned long long)notes->ignored_tags);
        for (int i = 0; i < notes->n_ignored_names; i++)
            printf("%s %s", i ? "," : "", notes->ignored_names[i]);
        printf("%s\n", notes->n_ignored_names == 8 ? ", ..." : "");
    }
}

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* One item of the reading: the reader's warnings first (not with -q), then
 * its problem (a deal of unknown hands is valid: counted, not reported), and
 * at the end of a file its counts (with -v, the time it took; started: when
 * the file's reading began, reset here). */
static void check_item(const ds_item *it, const input_opts *io, double *started)
{
    for (int i = 0; i < it->nwarnings && cli_verbosity > CLI_QUIET; i++)
        fprintf(stderr, "%s:%llu: warning: %s\n", it->warnings[i].file, (unsigned long long)it->warnings[i].line,
                it->warnings[i].reason);
    if (it->kind == DS_FILE_END) {
        check_counts c = check_counts_of(it->counts);
        print_counts(strcmp(it->file, "-") ? it->file : "<stdin>", deal_format_name(it->format), &c, it->notes, io);
        if (it->stopped) printf("  stopped early: the rest of the file could not be read\n");
        double t = now_seconds();
        if (cli_verbosity == CLI_VERBOSE)
            printf("  read in %.3f s: %.0f deals/s\n", t - *started, t > *started ? (double)c.read / (t - *started) : 0.0);
        *started = t;
        return;
    }
    if (!it->diag || (it->kind == DS_REJECT && (it->deal->flags & DEAL_UNKNOWN_HANDS))) return;
    diag_print(stderr, it->diag);
}

typedef struct {
    cli_input in;
    bool keep_going;
} check_cli;

static const opt_spec OPTIONS[] = {
    {.name = "keep-going", .short_name = 'k', .at = offsetof(check_cli, keep_going),
     .help = "exit 0 even when deals were rejected (still reported)"},
    INPUT_SPECS(check_cli, in),
};

static void check_usage(FILE *f);
static const opt_command COMMAND = {.cmd = "check", .specs = OPTIONS, .n = sizeof OPTIONS / sizeof OPTIONS[0],
                                    .help = check_usage,
                                    .verbosity = "(-q: the counts and the rejections only; -v: each file's\n"
                                                 "reading time and rate)"};

static void check_usage(FILE *f)
{
    fprintf(f, "usage: whistlab check [options] FILE...\n"
               "Reads every deal of each file (plain or gzip, '-' = stdin) and prints per file\n"
               "the deals read, accepted and rejected; each rejection as file:line: reason.\n\n");
    opt_print_list(f, &COMMAND);
    fprintf(f, "With --trump or --leader, deals that cannot be analysed so are rejected too.\n"
               "exit status: 0 nothing rejected, 1 rejections or errors, 2 usage, 3 unreadable input\n");
}

int cmd_check(int argc, char **argv)
{
    check_cli c;
    cli_input_init(&c.in);
    c.keep_going = false;
    int optind, rc = opt_parse(&COMMAND, &c, argc, argv, &optind, NULL);
    if (rc >= 0) return rc;
    if (optind >= argc) {
        check_usage(stderr);
        return EXIT_USAGE;
    }
    const input_opts io = c.in.io;
    bool keep_going = c.keep_going;
    ds_opts so = {.input = io, .whist = io.policy_given};
    deal_stream *in = cli_stream_open("whistlab check", &so, (const char *const *)argv + optind, argc - optind);
    if (!in) return EXIT_FAILURE_IO;
    ds_item it;
    double started = now_seconds();
    while (deal_stream_next(in, &it)) check_item(&it, &io, &started);
    check_counts total = check_counts_of(deal_stream_totals(in));
    bool fatal = deal_stream_totals(in)->fatal > 0;
    deal_stream_close(in);
    if (argc - optind > 1) print_counts("total", NULL, &total, NULL, &io);
    if (fatal) return EXIT_FAILURE_IO;
    if ((total.rejected || total.errors || total.repeats_rejected) && !keep_going)
        return EXIT_REJECTS;
    return EXIT_OK;
}
