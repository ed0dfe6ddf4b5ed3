/* cmd_merge.c -- `whistlab merge`: adds up the state files (.wls) of the
 * shards of one replay run and prints the run's report, which with every
 * shard present equals the unsplit run's (PARTIAL when some are missing
 * and --partial allows it); --plot DIR draws its figures (cmd_plot.h). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include "cli/cli.h"
#include "cli/cmd_plot.h"
#include "cli/replay_report.h"

static void merge_usage(FILE *f)
{
    fprintf(f, "usage: whistlab merge [--partial] [--save OUT.wls] [--csv-summary FILE] [--plot DIR]\n"
               "                      PART.wls...\n"
               "Adds up the state files of the shards of one run (replay --shard I/N --save)\n"
               "and prints the report; with every shard present it equals the unsplit run.\n"
               "A set of shards that does not cover the run is refused, naming the missing\n"
               "shards, unless --partial: then the report and the summary CSV say PARTIAL and\n"
               "which shards they hold. --plot DIR draws the figures (see whistlab plot).\n"
               "exit status: 0 ok, 1 some deals were rejected or shards are missing, 2 usage,\n"
               "3 a file cannot be read or does not belong to the same run, or an input of the\n"
               "run was not read to its end (the report says INCOMPLETE), or --plot failed\n"
               "A status line on stderr says how many state files were merged (not with -q;\n"
               "with -v, a line per file: its shards and deals).\n"
               CLI_VERBOSITY_HELP);
}

int cmd_merge(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"save", required_argument, NULL, 'w'},
        {"csv-summary", required_argument, NULL, 'M'},
        {"plot", required_argument, NULL, 'P'},
        {"partial", no_argument, NULL, 'p'},
        {NULL, 0, NULL, 0},
    };
    static wls_file total, part;
    static char config_copy[WLS_TEXT_MAX];
    static replay_settings s;
    static provenance prov;
    static char command[8192];
    const char *save = NULL, *csv_summary = NULL, *plot_dir = NULL;
    bool partial = false;
    provenance_command(command, sizeof command, "whistlab", argc, argv);
    optind = 1;
    int opt;
    while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (opt) {
        case 'h': merge_usage(stdout); return EXIT_OK;
        case 'w': save = optarg; break;
        case 'M': csv_summary = optarg; break;
        case 'P': plot_dir = optarg; break;
        case 'p': partial = true; break;
        default: merge_usage(stderr); return EXIT_USAGE;
        }
    }
    if (optind == argc) {
        merge_usage(stderr);
        return EXIT_USAGE;
    }
    /* issue 25 item 6: no output is one of the state files merged */
    const cli_files merged[] = {CLI_FILES("the state file", argv + optind, argc - optind)};
    const cli_files outputs[] = {CLI_FILE("--save", save), CLI_FILE("--csv-summary", csv_summary),
                                 CLI_PLOT_DIR(plot_dir)};
    if (!cli_outputs_apart("whistlab merge", outputs, 3, merged, 1)) return EXIT_USAGE;
    int prc;
    FILE *report = cli_report_stream("whistlab merge", csv_summary, NULL);
    if (!report) return EXIT_USAGE;
    if (plot_dir && (prc = plot_command_prepare("merge", plot_dir)) >= 0) return prc;
    stats_state *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    total.inputs = calloc(WLS_MAX_INPUTS, sizeof *total.inputs);
    part.inputs = calloc(WLS_MAX_INPUTS, sizeof *part.inputs);
    int rc = EXIT_FAILURE_IO;
    diag_t err = {0};
    if (!a || !b || !total.inputs || !part.inputs) {
        fprintf(stderr, "whistlab: out of memory\n");
        goto out;
    }
    total.stats = a;
    part.stats = b;
    for (int i = optind; i < argc; i++) {
        wls_file *into = i == optind ? &total : &part;
        if (!wls_read(argv[i], into, &err)) {
            cli_error("whistlab", &err);
            goto out;
        }
        if (i == optind && !total.complete) {
            fprintf(stderr, "whistlab: %s: cannot merge an unfinished run: resume it to the end first (--resume)\n", argv[i]);
            goto out;
        }
        if (cli_verbosity == CLI_VERBOSE) {
            const wls_file *f = i == optind ? &total : &part;
            char have[512];
            provenance_shards(f->parts, f->part_mask, true, have, sizeof have);
            fprintf(stderr, "merge: %s: shard%s %s, %llu deals analysed\n", argv[i],
                    __builtin_popcountll(f->part_mask) == 1 ? "" : "s", have, (unsigned long long)f->stats->all.deals);
        }
        if (i > optind && !wls_merge(&total, &part, argv[i], &err)) {
            cli_error("whistlab", &err);
            goto out;
        }
    }
    snprintf(config_copy, sizeof config_copy, "%s", total.config);
    if (!replay_settings_parse(config_copy, &s) || s.ninputs != total.ninputs) {
        fprintf(stderr, "whistlab: %s: settings not understood\n", argv[optind]);
        goto out;
    }
    replay_make_provenance(&prov, command, &s, total.inputs, total.parts, total.part_mask);
    if (provenance_partial(&prov) && !partial) {
        char missing[512];
        provenance_shards(total.parts, total.part_mask, false, missing, sizeof missing);
        fprintf(stderr, "whistlab: missing shard%s %s: these state files do not cover the run; give them all, "
                        "or --partial for a report marked PARTIAL\n",
                total.parts - (unsigned)__builtin_popcountll(total.part_mask) == 1 ? "" : "s", missing);
        rc = EXIT_REJECTS;
        goto out;
    }
    if (save && !wls_write(save, &total, &err)) {
        cli_error("whistlab", &err);
        goto out;
    }
    if (cli_verbosity > CLI_QUIET) fprintf(stderr, "whistlab merge: %d state files\n", argc - optind);
    replay_print_title(report, &s, total.part_mask, total.parts);
    rc = replay_finish_report(report, a, &s, &prov, csv_summary, plot_dir, "merge");
    /* shards missing: the report is PARTIAL, and the status says so as the
     * help does (issue 25 item 16) */
    if (rc == EXIT_OK && provenance_partial(&prov)) rc = EXIT_REJECTS;
out:
    free(a);
    free(b);
    free(total.inputs);
    free(part.inputs);
    return rc;
}
