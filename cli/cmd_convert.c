/* cmd_convert.c -- `whistlab convert IN OUT`: deals from any readable format
 * to PBN (with the whist tags) or dealer's one-line format, by extension. */
#include <stdio.h>
#include <string.h>
#include "cli/cli.h"
#include "cli/input_opts.h"
#include "cli/options.h"
#include "formats/deal_stream.h"
#include "formats/writer.h"

typedef struct {
    cli_input in;
    int to;
} convert_cli;

static const opt_spec OPTIONS[] = {
    {.name = "to", .short_name = 't', .kind = OPT_CHOICE, .arg = "F", .at = offsetof(convert_cli, to),
     .names = output_format_name, .help = "output format: {} (overrides the extension)"},
    INPUT_SPECS(convert_cli, in),
};

static void convert_usage(FILE *f);
static const opt_command COMMAND = {.cmd = "convert", .specs = OPTIONS, .n = sizeof OPTIONS / sizeof OPTIONS[0],
                                    .help = convert_usage,
                                    .verbosity = "(-q: no status line, no note of what the output cannot hold)"};

static void convert_usage(FILE *f)
{
    fprintf(f, "usage: whistlab convert [options] IN OUT\n"
               "Converts deals; the output format follows OUT's name: .pbn, .pbn.gz (PBN with\n"
               "the whist tags Trump, TurnUp, Leader), .txt, .txt.gz (one line a deal), .wda (binary\n"
               "archive); '-' = PBN on standard output.\n"
               "Games that only replay the deal before (other tables) are written once.\n\n");
    opt_print_list(f, &COMMAND);
    fprintf(f, "With --trump or --leader the deals are written with them set.\n");
}

int cmd_convert(int argc, char **argv)
{
    convert_cli opts = {.to = FMT_AUTO};
    cli_input_init(&opts.in);
    int optind, rc = opt_parse(&COMMAND, &opts, argc, argv, &optind, NULL);
    if (rc >= 0) return rc;
    if (optind != argc - 2) {
        convert_usage(stderr);
        return EXIT_USAGE;
    }
    const input_opts io = opts.in.io;
    deal_format out_fmt = (deal_format)opts.to;
    const char *in_path = argv[optind], *out_path = argv[optind + 1];
    /* issue 25 item 6: the output is not the input */
    const cli_files input[] = {CLI_FILE("the input", in_path)}, output[] = {CLI_FILE("the output", out_path)};
    if (!cli_outputs_apart("whistlab convert", output, 1, input, 1)) return EXIT_USAGE;
    ds_opts so = {.input = io, .whist = io.policy_given};
    deal_stream *in = cli_stream_open("whistlab convert", &so, &in_path, 1);
    if (!in) return EXIT_FAILURE_IO;
    ds_item it;
    if (!deal_stream_opened(in)) { /* no output made for an input that cannot be read */
        deal_stream_next(in, &it);
        diag_print(stderr, it.diag);
        deal_stream_close(in);
        return EXIT_FAILURE_IO;
    }
    diag_t diag = {0};
    deal_writer *w = deal_writer_open(out_path, out_fmt, &diag);
    if (!w) {
        diag_print(stderr, &diag);
        deal_stream_close(in);
        return EXIT_FAILURE_IO;
    }
    uint64_t written = 0;
    bool write_failed = false;
    while (!write_failed && cli_next_deal(in, &it))
        for (int i = 0; i < it.n && !write_failed; i++) {
            if (deal_writer_put(w, &it.whist[i], &diag)) written++;
            else write_failed = true;
        }
    const ds_counts *c = deal_stream_totals(in);
    int status = cli_stream_status(c);
    if (write_failed) diag_print(stderr, &diag);
    char dropped[256];
    if (deal_writer_dropped(w, dropped, sizeof dropped) && cli_verbosity > CLI_QUIET)
        fprintf(stderr, "convert: %s cannot hold: dropped %s\n", out_path, dropped);
    if (!deal_writer_close(w, &diag)) {
        if (!write_failed) diag_print(stderr, &diag);
        write_failed = true;
    }
    if (write_failed) status = EXIT_FAILURE_IO;
    cli_counts n = cli_counts_of(c);
    if (cli_verbosity > CLI_QUIET) {
        fprintf(stderr, "convert: %llu deals read, %llu rejected, ", (unsigned long long)n.read,
                (unsigned long long)n.rejected);
        if (!write_failed) /* not "N written" when they were not (issue 25, item 16) */
            fprintf(stderr, "%llu written to %s", (unsigned long long)written, out_path);
        else if (strcmp(out_path, "-") == 0)
            fprintf(stderr, "the write to standard output failed: the deals there are not whole");
        else
            fprintf(stderr, "%s not written (left as it was)", out_path);
        if (n.repeats) fprintf(stderr, "; %llu repeated games (same deal) written once", (unsigned long long)n.repeats);
        cli_print_where(stderr, "; ", &io, n.read, n.left);
        fprintf(stderr, "\n");
    }
    deal_stream_close(in);
    return status;
}
