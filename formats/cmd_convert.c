/* cmd_convert.c -- `whistlab convert IN OUT`: deals from any readable format
 * to PBN (with the whist tags) or dealer's one-line format, by extension. */
#include <stdio.h>
#include <string.h>
#include "cmds.h"
#include "input_opts.h"
#include "writer.h"

static void convert_usage(FILE *f)
{
    fprintf(f, "usage: whistlab convert [options] IN OUT\n"
               "Converts deals; the output format follows OUT's name: .pbn, .pbn.gz (PBN with\n"
               "the whist tags Trump, TurnUp, Leader), .txt, .txt.gz (one line a deal); '-' = stdout.\n"
               "Games that only replay the deal before (other tables) are written once.\n\n"
               "  --to F         output format: pbn or oneline (overrides the extension)\n"
               INPUT_OPTIONS_HELP
               "                 (with --trump/--leader the deals are written with them set)\n");
}

int cmd_convert(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"to", required_argument, NULL, 't'},
        INPUT_LONG_OPTIONS,
        {0, 0, 0, 0},
    };
    input_opts io;
    input_opts_init(&io);
    deal_format out_fmt = FMT_AUTO;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "ht:", longopts, NULL)) != -1) {
        int taken = input_opts_take(&io, opt, optarg);
        if (taken < 0) return EXIT_USAGE;
        if (taken) continue;
        if (opt == 'h') {
            convert_usage(stdout);
            return EXIT_OK;
        } else if (opt == 't') {
            int f = deal_format_parse(optarg);
            if (f != FMT_PBN && f != FMT_ONELINE) {
                fprintf(stderr, "whistlab convert: --to %s: not pbn or oneline\n", optarg);
                return EXIT_USAGE;
            }
            out_fmt = (deal_format)f;
        } else {
            convert_usage(stderr);
            return EXIT_USAGE;
        }
    }
    if (optind != argc - 2) {
        convert_usage(stderr);
        return EXIT_USAGE;
    }
    const char *in_path = argv[optind], *out_path = argv[optind + 1];
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(in_path, io.format, &diag);
    if (!r) {
        diag_print(stderr, &diag);
        return EXIT_FAILURE_IO;
    }
    deal_writer *w = deal_writer_open(out_path, out_fmt, &diag);
    if (!w) {
        diag_print(stderr, &diag);
        deal_reader_close(r);
        return EXIT_FAILURE_IO;
    }
    uint64_t read = 0, written = 0, rejected = 0, repeats = 0;
    bool fatal = false;
    deal_t d, whist[4];
    read_status st;
    while ((st = deal_reader_next(r, &d, &diag)) != READ_EOF) {
        if (st == READ_FATAL) {
            diag_print(stderr, &diag);
            fatal = true;
            break;
        }
        if (st == READ_ERROR) {
            diag_print(stderr, &diag);
            continue;
        }
        if (st == READ_DEAL && (d.flags & DEAL_REPEAT)) {
            repeats++;
            continue;
        }
        read++;
        if (st == READ_REJECT) {
            diag_print(stderr, &diag);
            rejected++;
            continue;
        }
        int n = 1;
        whist[0] = d;
        if (io.policy_given &&
            !(n = deal_apply_trump_policy(&d, &io.policy, whist, diag.reason, sizeof diag.reason))) {
            diag.file = d.pos.file;
            diag.line = d.pos.line;
            diag_print(stderr, &diag);
            rejected++;
            continue;
        }
        for (int i = 0; i < n && !fatal; i++) {
            if (deal_writer_put(w, &whist[i], &diag)) written++;
            else fatal = true;
        }
        if (fatal) {
            diag_print(stderr, &diag);
            break;
        }
    }
    deal_reader_close(r);
    if (!deal_writer_close(w, &diag)) {
        diag_print(stderr, &diag);
        fatal = true;
    }
    fprintf(stderr, "convert: %llu deals read, %llu rejected, %llu written to %s",
            (unsigned long long)read, (unsigned long long)rejected,
            (unsigned long long)written, out_path);
    if (repeats) fprintf(stderr, "; %llu repeated games (same deal) written once", (unsigned long long)repeats);
    fprintf(stderr, "\n");
    if (fatal) return EXIT_FAILURE_IO;
    return rejected ? EXIT_REJECTS : EXIT_OK;
}
