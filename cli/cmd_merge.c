/* cmd_merge.c -- `whistlab merge`: adds up the state files (.wls) of the
 * shards of one replay run and prints the run's report, which with every
 * shard present equals the unsplit run's (PARTIAL when some are missing
 * and --partial allows it); --plot DIR draws its figures (cmd_plot.h).
 * The shards of an odds counting are odds' to merge (cmd_odds.h). */
#include <stdio.h>
#include <stdlib.h>
#include "cli/cli.h"
#include "cli/cmd_odds.h"
#include "cli/cmd_plot.h"
#include "cli/options.h"
#include "cli/replay_report.h"

typedef struct {
    const char *save, *csv_summary, *plot_dir;
    bool partial;
} merge_cli;

#define ROW(f) .at = offsetof(merge_cli, f)
static const opt_spec OPTIONS[] = {
    {.name = "partial", ROW(partial), .help = "a report of the shards given, marked PARTIAL, when some are missing"},
    {.name = "save", .kind = OPT_TEXT, .arg = "OUT.wls", ROW(save), .help = "the merged state file"},
    {.name = "csv-summary", .kind = OPT_TEXT, .arg = "FILE", ROW(csv_summary),
     .help = "the report as a tidy table ('-' = standard output)"},
    {.name = "plot", .kind = OPT_TEXT, .arg = "DIR", ROW(plot_dir), .help = "the figures (see whistlab plot)"},
};
#undef ROW

static void merge_usage(FILE *f);
static const opt_command COMMAND = {.cmd = "merge", .specs = OPTIONS, .n = sizeof OPTIONS / sizeof OPTIONS[0],
                                    .help = merge_usage};

static void merge_usage(FILE *f)
{
    fprintf(f, "usage: whistlab merge [--partial] [--save OUT.wls] [--csv-summary FILE] [--plot DIR]\n"
               "                      PART.wls...\n"
               "Adds up the state files of the shards of one run (replay --shard I/N --save,\n"
               "or odds --corpus F... --shard I/N --save) and prints the report, or the odds\n"
               "tables; with every shard present it equals the unsplit run. With odds parts\n"
               "--csv-summary writes the odds tables' CSV.\n"
               "A set of shards that does not cover the run is refused, naming the missing\n"
               "shards, unless --partial: then the report and the summary CSV say PARTIAL and\n"
               "which shards they hold. --plot DIR draws the figures (see whistlab plot).\n\n");
    opt_print_list(f, &COMMAND);
    fprintf(f, "exit status: 0 ok, 1 some deals were rejected or shards are missing, 2 usage,\n"
               "3 a file cannot be read or does not belong to the same run, or an input of the\n"
               "run was not read to its end (the report says INCOMPLETE), or --plot failed\n"
               "A status line on stderr says how many state files were merged (not with -q;\n"
               "with -v, a line per file: its shards and deals).\n");
}

int cmd_merge(int argc, char **argv)
{
    static wls_file total, part;
    static char config_copy[WLS_TEXT_MAX];
    static replay_settings s;
    static provenance prov;
    static char command[8192];
    provenance_command(command, sizeof command, "whistlab", argc, argv);
    merge_cli c = {.partial = false};
    int optind, prc = opt_parse(&COMMAND, &c, argc, argv, &optind, NULL);
    if (prc >= 0) return prc;
    if (optind == argc) {
        merge_usage(stderr);
        return EXIT_USAGE;
    }
    const char *save = c.save, *csv_summary = c.csv_summary, *plot_dir = c.plot_dir;
    bool partial = c.partial;
    /* issue 25 item 6: no output is one of the state files merged */
    const cli_files merged[] = {CLI_FILES("the state file", argv + optind, argc - optind)};
    const cli_files outputs[] = {CLI_FILE("--save", save), CLI_FILE("--csv-summary", csv_summary),
                                 CLI_PLOT_DIR(plot_dir)};
    if (!cli_outputs_apart("whistlab merge", outputs, 3, merged, 1)) return EXIT_USAGE;
    FILE *report = cli_report_stream("whistlab merge", csv_summary, NULL);
    if (!report) return EXIT_USAGE;
    if (plot_dir && (prc = plot_command_prepare("merge", plot_dir)) >= 0) return prc;
    unsigned char *job = malloc(WLS_JOB_MAX); /* another command's part is read, to be told apart */
    int rc = EXIT_FAILURE_IO;
    diag_t err = {0};
    if (!wls_file_alloc(&total) || !wls_file_alloc(&part) || !job) {
        fprintf(stderr, "whistlab: out of memory\n");
        goto out;
    }
    for (int i = optind; i < argc; i++) {
        wls_file *into = i == optind ? &total : &part;
        into->job = job;
        into->job_cap = WLS_JOB_MAX;
        if (!wls_read(argv[i], into, &err)) {
            cli_error("whistlab", &err);
            goto out;
        }
        if (i == optind && odds_part_is(total.config)) {
            const odds_merge_opts om = {.partial = partial, .save = save, .csv = csv_summary, .plot = plot_dir};
            rc = odds_merge(command, &total, argv + optind, argc - optind, &om);
            goto out;
        }
        if (odds_part_is(into->config) || into->job_len) {
            fprintf(stderr, "whistlab: %s: cannot merge a part of another command's run (odds, lead --simulate) "
                            "with a replay run's\n", argv[i]);
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
        cli_missing_shards(total.parts, total.part_mask, "a report");
        rc = EXIT_REJECTS;
        goto out;
    }
    if (save && !wls_write(save, &total, &err)) {
        cli_error("whistlab", &err);
        goto out;
    }
    if (cli_verbosity > CLI_QUIET) fprintf(stderr, "whistlab merge: %d state files\n", argc - optind);
    replay_print_title(report, &s, total.part_mask, total.parts);
    rc = replay_finish_report(report, total.stats, &s, &prov, csv_summary, plot_dir, 0, "merge");
    /* shards missing: the report is PARTIAL, and the status says so as the
     * help does (issue 25 item 16) */
    if (rc == EXIT_OK && provenance_partial(&prov)) rc = EXIT_REJECTS;
out:
    free(job);
    total.job = part.job = NULL;
    wls_file_release(&total);
    wls_file_release(&part);
    return rc;
}
