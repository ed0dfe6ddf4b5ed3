/* cmd_check.c -- `whistlab check FILE...`: read everything, account for
 * every deal (read = accepted + rejected) and say why each rejection. */
#include <stdio.h>
#include <string.h>
#include "cli/cli.h"
#include "cli/input_opts.h"

typedef struct {
    uint64_t read, accepted, rejected, repeats, errors, no_trump;
    uint64_t incomplete; /* well-formed, but with unknown hands: not analysable */
    uint64_t repeats_rejected; /* repeated games with an error of their own */
} check_counts;

static void counts_add(check_counts *to, const check_counts *c)
{
    to->read += c->read;
    to->accepted += c->accepted;
    to->rejected += c->rejected;
    to->repeats += c->repeats;
    to->errors += c->errors;
    to->no_trump += c->no_trump;
    to->incomplete += c->incomplete;
    to->repeats_rejected += c->repeats_rejected;
}

/* One accepted record: under a policy, the deal must also be analysable. */
static void take_deal(const deal_t *d, const input_opts *io, check_counts *c)
{
    if (d->flags & DEAL_REPEAT) {
        c->repeats++;
        return;
    }
    c->read++;
    if (io->policy_given) {
        deal_t whist[4];
        diag_t why = {0};
        if (!deal_apply_trump_policy(d, &io->policy, whist, &why)) {
            c->rejected++;
            diag_print(stderr, &why);
            return;
        }
    } else if (d->strain == STRAIN_NONE) {
        c->no_trump++;
    }
    c->accepted++;
}

static void print_counts(const char *name, const char *fmt, const check_counts *c,
                         const reader_notes *notes)
{
    printf("%s: %s%s%llu deals read, %llu accepted, ", name, fmt ? fmt : "", fmt ? ": " : "",
           (unsigned long long)c->read, (unsigned long long)c->accepted);
    if (c->incomplete)
        printf("%llu incomplete (unknown hands: valid, but cannot be analysed), ",
               (unsigned long long)c->incomplete);
    printf("%llu rejected\n", (unsigned long long)c->rejected);
    if (c->repeats)
        printf("  %llu more games replay the deal of the game before (other tables): "
               "counted once; %llu of them rejected\n", (unsigned long long)c->repeats,
               (unsigned long long)c->repeats_rejected);
    if (c->errors)
        printf("  %llu errors outside any deal\n", (unsigned long long)c->errors);
    if (c->no_trump)
        printf("  %llu deal%s name%s no trump suit: analysis needs --trump S|H|D|C|each|contract\n",
               (unsigned long long)c->no_trump, c->no_trump == 1 ? "" : "s", c->no_trump == 1 ? "s" : "");
    if (notes && notes->warnings)
        printf("  %llu warnings: records that contradict themselves outside the deal "
               "(the deals are kept)\n", (unsigned long long)notes->warnings);
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

/* Reads one file; returns false on a fatal error (the file could not be read to its end). */
static bool check_file(const char *path, const input_opts *io, check_counts *c)
{
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(path, io->format, &diag);
    if (!r) {
        diag_print(stderr, &diag);
        return false;
    }
    bool ok = true;
    deal_t d;
    for (;;) {
        memset(&diag, 0, sizeof diag);
        read_status st = deal_reader_next(r, &d, &diag);
        const reader_notes *notes = deal_reader_notes(r);
        for (int i = 0; i < notes->n_pending; i++)
            fprintf(stderr, "%s:%llu: warning: %s\n", notes->pending[i].file,
                    (unsigned long long)notes->pending[i].line, notes->pending[i].reason);
        if (st == READ_EOF) break;
        if (st == READ_DEAL) {
            take_deal(&d, io, c);
            continue;
        }
        if (st == READ_REJECT && (d.flags & DEAL_UNKNOWN_HANDS)) {
            c->read++;
            c->incomplete++;
            continue;
        }
        diag_print(stderr, &diag);
        if (st == READ_REJECT && (d.flags & DEAL_REPEAT)) {
            c->repeats++;
            c->repeats_rejected++;
        } else if (st == READ_REJECT) {
            c->read++;
            c->rejected++;
        } else if (st == READ_ERROR) {
            c->errors++;
        } else {
            ok = false;
            break;
        }
    }
    print_counts(strcmp(path, "-") ? path : "<stdin>", deal_format_name(deal_reader_format(r)), c,
                 deal_reader_notes(r));
    if (!ok) printf("  stopped early: the rest of the file could not be read\n");
    deal_reader_close(r);
    return ok;
}

static void check_usage(FILE *f)
{
    fprintf(f, "usage: whistlab check [options] FILE...\n"
               "Reads every deal of each file (plain or gzip, '-' = stdin) and prints per file\n"
               "the deals read, accepted and rejected; each rejection as file:line: reason.\n\n"
               "  --keep-going   exit 0 even when deals were rejected (still reported)\n"
               INPUT_OPTIONS_HELP
               "                 (with --trump/--leader, deals that cannot be analysed so\n"
               "                 are rejected too)\n"
               "exit status: 0 nothing rejected, 1 rejections or errors, 2 usage, 3 unreadable input\n");
}

int cmd_check(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"keep-going", no_argument, NULL, 'k'},
        INPUT_LONG_OPTIONS,
        {0, 0, 0, 0},
    };
    input_opts io;
    input_opts_init(&io);
    bool keep_going = false;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "hk", longopts, NULL)) != -1) {
        int taken = input_opts_take(&io, opt, optarg);
        if (taken < 0) return EXIT_USAGE;
        if (taken) continue;
        if (opt == 'h') {
            check_usage(stdout);
            return EXIT_OK;
        }
        if (opt == 'k') {
            keep_going = true;
            continue;
        }
        check_usage(stderr);
        return EXIT_USAGE;
    }
    if (optind >= argc) {
        check_usage(stderr);
        return EXIT_USAGE;
    }
    check_counts total = {0};
    bool fatal = false;
    for (int i = optind; i < argc; i++) {
        check_counts c = {0};
        fatal |= !check_file(argv[i], &io, &c);
        counts_add(&total, &c);
    }
    if (argc - optind > 1) print_counts("total", NULL, &total, NULL);
    if (fatal) return EXIT_FAILURE_IO;
    if ((total.rejected || total.errors || total.repeats_rejected) && !keep_going)
        return EXIT_REJECTS;
    return EXIT_OK;
}
