/* cmd_plot.c -- `whistlab plot CSV DIR`: the figures of a finished replay or
 * merge (its summary CSV) or of an odds run (its CSV), drawn by gnuplot
 * (stats/report/plot.h); the same figures `replay --plot`, `merge --plot` and
 * `odds --plot` draw. Also the helpers those commands share to draw from
 * the table they wrote. The library reports through diag_t and its hooks
 * (the figures drawn, the notes); they are printed here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/cli.h"
#include "cli/cmd_plot.h"
#include "cli/options.h"
#include "stats/report/plot.h"
#include "stats/report/report.h"

/* Where the library's hooks print: a line per figure drawn (to drawn_to,
 * after drawn_prefix), and the notes on stderr ("PREFIX: note: ..."). */
typedef struct {
    const char *prefix;
    FILE *drawn_to;
    const char *drawn_prefix;
} plot_messages;

static void on_drawn(void *ctx, const char *svg)
{
    const plot_messages *m = ctx;
    if (cli_verbosity == CLI_QUIET && m->drawn_to == stderr) return; /* a status line; on stdout, a result */
    fprintf(m->drawn_to, "%s%s\n", m->drawn_prefix, svg);
}

static void on_note(void *ctx, const diag_t *d)
{
    const plot_messages *m = ctx;
    if (cli_verbosity == CLI_QUIET) return;
    char prefix[96];
    snprintf(prefix, sizeof prefix, "%s: note", m->prefix);
    cli_error(prefix, d);
}

typedef struct {
    uint64_t min_deals;
    const char *format;
} plot_cli;

static const opt_spec OPTIONS[] = {
    {.name = "min-deals", .kind = OPT_UINT, .arg = "N", .at = offsetof(plot_cli, min_deals), .min = 1,
     .max = 1000000000,
     .help = "breakdown levels with fewer deals are not drawn (default " OPT_STR(PLOT_MIN_DEALS_DEFAULT)
             ",\nor one deal in " OPT_STR(PLOT_MIN_DEALS_PER) " of the run's when more)"},
    {.name = "format", .kind = OPT_TEXT, .arg = "LIST", .at = offsetof(plot_cli, format),
     .help = "the figures' formats, any of svg,png,pdf (default svg; png and pdf need gnuplot's cairo terminals)"},
};

static void plot_usage(FILE *f);
static const opt_command COMMAND = {.cmd = "plot", .specs = OPTIONS, .n = 2, .help = plot_usage,
                                    .verbosity = "(-q: no notes of gnuplot; the SVG paths are still printed)"};

static void plot_usage(FILE *f)
{
    fprintf(f,
            "usage: whistlab plot [--min-deals N] [--format svg,png,pdf] CSV DIR\n"
            "Draws the figures of a finished run into DIR (made if missing) from its CSV table:\n"
            "the summary of replay or merge (--csv-summary) or the table of odds (--csv),\n"
            "told apart by their header. For each figure NAME, DIR gets NAME.svg (or the\n"
            "formats of --format: NAME.png, NAME.pdf), the gnuplot script NAME.gp that draws\n"
            "it (restyle it and run 'gnuplot NAME.gp' in DIR) and its data NAME.dat.\n"
            "replay --plot, merge --plot and odds --plot draw the same, in SVG.\n\n");
    opt_print_list(f, &COMMAND);
    fprintf(f,
            "\n"
            "figures of a summary CSV (the title says dd or play, the corpus and its deals):\n"
            "  conventions      mean tricks per deal and cost against the best, 95%% CIs, a row\n"
            "                   per convention, the most tricks first\n"
            "  net-gain         the pairs as a matrix: mean net gain of the row's convention\n"
            "                   over the column's, * when Holm's adjusted p < 0.05\n"
            "  by-trumps        net gain of each pair by trumps held by the eldest hand\n"
            "  by-longest-suit  net gain of each pair by his longest plain suit\n"
            "  differences      the distribution of the per-deal differences of each pair\n"
            "  (breakdowns and distribution: every pair up to four conventions, else each\n"
            "  against the first, as the text report)\n"
            "figure of a round robin's summary CSV (play --round-robin --csv-summary):\n"
            "  round-robin      the pairs as a matrix, as net-gain, by the gain against the field\n"
            "figures of an odds CSV: odds-TABLE per table: exact, book's figure and corpus\n"
            "  frequency with its CI, and their departures from exact; a row per event, a\n"
            "  panel per group of rows in the tables of more than 40\n\n"
            "gnuplot is Debian's gnuplot-nox (make deps); $WHISTLAB_GNUPLOT names another.\n"
            "exit status: 0 ok, 2 usage, 3 the CSV missing or not a whistlab table, DIR not\n"
            "writable, gnuplot missing or failing (the .gp and .dat files are still written)\n");
}

int cmd_plot(int argc, char **argv)
{
    plot_messages m = {.prefix = "whistlab plot", .drawn_to = stdout, .drawn_prefix = ""};
    plot_opts o = {.drawn = on_drawn, .note = on_note, .ctx = &m};
    plot_cli c = {0};
    int optind, rc = opt_parse(&COMMAND, &c, argc, argv, &optind, NULL);
    if (rc >= 0) return rc;
    o.min_deals = (int)c.min_deals;
    if (c.format) {
        char bad[48];
        if (!plot_formats_parse(c.format, &o.formats, bad, sizeof bad)) {
            fprintf(stderr, "whistlab plot: --format: '%s' is not a format (svg, png or pdf); see whistlab plot --help\n",
                    bad);
            return EXIT_USAGE;
        }
    }
    if (argc - optind != 2) {
        if (argc - optind < 2) fprintf(stderr, "whistlab plot: expected CSV DIR\n");
        else fprintf(stderr, "whistlab plot: expected CSV DIR, got %d arguments\n", argc - optind);
        plot_usage(stderr);
        return EXIT_USAGE;
    }
    /* issue 25 item 6: no figure file is the CSV drawn */
    const cli_files csv[] = {CLI_FILE("the CSV", argv[optind])};
    const cli_files figures[] = {{"DIR", (const char *const[]){argv[optind + 1]}, 1, true}};
    if (!cli_outputs_apart("whistlab plot", figures, 1, csv, 1)) return EXIT_USAGE;
    diag_t d = {0};
    if (plot_from_csv(argv[optind], argv[optind + 1], PLOT_CSV_ANY, &o, NULL, &d) != PLOT_OK) {
        cli_error("whistlab plot", &d);
        return EXIT_FAILURE_IO;
    }
    return EXIT_OK;
}

/* "whistlab CMD: --plot", before a diagnostic of --plot. */
static void plot_prefix(char *buf, size_t len, const char *cmd)
{
    snprintf(buf, len, "whistlab %s: --plot", cmd);
}

int plot_command_prepare(const char *cmd, const char *dir)
{
    diag_t d = {0};
    char prefix[96];
    if (plot_prepare_dir(dir, &d) != PLOT_OK) {
        plot_prefix(prefix, sizeof prefix, cmd);
        cli_error(prefix, &d);
        return EXIT_FAILURE_IO;
    }
    if (!plot_gnuplot_found(NULL) && cli_verbosity > CLI_QUIET) {
        char why[1024];
        plot_no_gnuplot(NULL, &d);
        diag_format(why, sizeof why, &d);
        fprintf(stderr, "whistlab %s: warning: %s; the run goes on, and the figures' scripts will be written to %s\n",
                cmd, why, dir);
    }
    return -1;
}

bool plot_take_formats(void *field, const char *value, char *why, size_t len)
{
    char bad[48];
    if (plot_formats_parse(value, field, bad, sizeof bad)) return true;
    snprintf(why, len, "'%s' is not a format (svg, png or pdf)", bad);
    return false;
}

int plot_command_draw(const char *cmd, const char *csv, const char *dir, bool odds, bool temporary,
                      unsigned formats)
{
    char name[64], figure[80], prefix[96];
    snprintf(name, sizeof name, "whistlab %s", cmd);
    snprintf(figure, sizeof figure, "%s: figure ", name);
    plot_messages m = {.prefix = name, .drawn_to = stderr, .drawn_prefix = figure};
    plot_opts o = {.drawn = on_drawn, .note = on_note, .ctx = &m, .formats = formats};
    if (temporary) o.source = odds ? "the table of whistlab odds --plot (odds --csv F keeps it)"
                                   : "the summary table of the run (--csv-summary F keeps it)";
    fflush(stdout); /* the report before the figures' lines */
    diag_t d = {0};
    if (plot_from_csv(csv, dir, odds ? PLOT_CSV_ODDS : PLOT_CSV_SUMMARY, &o, NULL, &d) != PLOT_OK) {
        plot_prefix(prefix, sizeof prefix, cmd);
        cli_error(prefix, &d);
        return EXIT_FAILURE_IO;
    }
    return EXIT_OK;
}

int plot_command_summary(const char *cmd, const char *csv_summary, const stats_state *st, stats_eval eval,
                         const provenance *prov, const char *dir, unsigned formats)
{
    if (csv_summary && strcmp(csv_summary, "-") != 0)
        return plot_command_draw(cmd, csv_summary, dir, false, false, formats);
    char tmp[4096], prefix[96];
    diag_t d = {0};
    plot_prefix(prefix, sizeof prefix, cmd);
    if (!plot_temp_csv("summary", tmp, sizeof tmp, &d)) {
        cli_error(prefix, &d);
        return EXIT_FAILURE_IO;
    }
    int rc = EXIT_FAILURE_IO;
    if (!stats_write_summary_csv(tmp, st, eval, prov, &d)) cli_error(prefix, &d);
    else rc = plot_command_draw(cmd, tmp, dir, false, true, formats);
    unlink(tmp);
    return rc;
}
