/* whistlab.c -- the command-line entry point: global options and the table
 * of subcommands (git-style: `whistlab CMD [options] [files]`). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "cli/cli.h"
#include "cli/input_opts.h"
#include "cli/options.h"
#include "formats/out_file.h"

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command;

static const command COMMANDS[] = {
    {"check", cmd_check, "read deal files and report every deal read, accepted and rejected"},
    {"show", cmd_show, "print a deal as a diagram: four hands, dealer, trumps, turn-up"},
    {"convert", cmd_convert, "convert deals between formats (PBN, one-line; gzip by .gz)"},
    {"replay", cmd_replay, "compare the conventions over a corpus: double-dummy leads, rule-based play"},
    {"solve", cmd_solve, "solve every deal of a corpus once: a store of solved leads for --values"},
    {"merge", cmd_merge, "add up the state files (.wls) of the shards of a replay or odds run"},
    {"plot", cmd_plot, "draw a run's figures (SVG, by gnuplot) from its summary or odds CSV"},
    {"odds", cmd_odds, "odds tables of the books: exact, historic, and measured on a corpus"},
    {"lead", cmd_lead, "the opening lead of each convention, for a hand or every deal of a corpus"},
    {"conventions", cmd_conventions, "list the built-in opening-lead conventions and their options"},
    {"deal", cmd_deal, "reproducible random whist deals, filtered, to .wda, PBN or one-line"},
    {"play", cmd_play, "play a deal with rule-based single-dummy players; --verify recorded plays"},
    {"claims", cmd_claims, "the books' claims about systems, leads and odds, each tested with a verdict"},
};
#define N_COMMANDS (sizeof COMMANDS / sizeof COMMANDS[0])

static void usage(FILE *f)
{
    fprintf(f, "usage: whistlab [--help] [--version] COMMAND [options] [FILE...]\n\n"
               "whistlab replays whist deals under the opening-lead systems of the\n"
               "19th-century books and measures the tricks they win.\n\ncommands:\n");
    for (size_t i = 0; i < N_COMMANDS; i++)
        fprintf(f, "  %-12s %s\n", COMMANDS[i].name, COMMANDS[i].summary);
    fprintf(f, "\nevery command takes:\n");
    opt_print_list(f, &(opt_command){.cmd = "whistlab"}); /* no options of its own: -q and -v */
    fprintf(f, "\ninputs (--format):");
    for (int i = 1; input_format_name(i); i++) fprintf(f, "%s %s", i > 1 ? "," : "", input_format_name(i));
    fprintf(f, "\n(PBN, DDS test hands, GIB, BBO LIN, dealer one-line, whistlab's .wda archives);\n"
               "plain or gzip, detected from the content; '-' = standard input\n"
               "\n'whistlab COMMAND --help' describes a command; 'man whistlab' (or, in the\n"
               "source tree, 'man ./whistlab.1') has it all.\n"
               "exit status: 0 ok, 1 some input rejected, 2 usage error, 3 unreadable or broken\n"
               "input or unwritable output, 130 replay interrupted (resume with --resume)\n");
}

/* Takes -q/--quiet and -v/--verbose out of argv (up to a --), wherever they
 * stand, into cli_verbosity; the last one given wins. Returns the new argc. */
static int take_verbosity(int argc, char **argv)
{
    int kept = 1, i = 1;
    for (; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (strcmp(argv[i], "-q") == 0 || strcmp(argv[i], "--quiet") == 0) cli_verbosity = CLI_QUIET;
        else if (strcmp(argv[i], "-v") == 0 || strcmp(argv[i], "--verbose") == 0) cli_verbosity = CLI_VERBOSE;
        else argv[kept++] = argv[i];
    }
    for (; i < argc; i++) argv[kept++] = argv[i];
    argv[kept] = NULL;
    return kept;
}

/* Every command's last step: what went to standard output is all written,
 * or the run fails (exit 3) naming it -- a report lost to a full disk or a
 * closed pipe is not a success. */
static int finish(int status)
{
    errno = 0;
    bool failed = fflush(stdout) != 0 || ferror(stdout);
    int err = errno;
    if (fclose(stdout) != 0 && !failed) {
        failed = true;
        err = errno;
    }
    if (!failed) return status;
    fprintf(stderr, "whistlab: standard output: write failed: %s\n", err ? strerror(err) : "I/O error");
    return EXIT_FAILURE_IO;
}

static int run(int argc, char **argv)
{
    argc = take_verbosity(argc, argv);
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("whistlab %s\n", WHISTLAB_VERSION);
        return EXIT_OK;
    }
    for (size_t i = 0; i < N_COMMANDS; i++) {
        if (strcmp(argv[1], COMMANDS[i].name) != 0) continue;
        return COMMANDS[i].run(argc - 1, argv + 1);
    }
    const char *names[N_COMMANDS];
    for (size_t i = 0; i < N_COMMANDS; i++) names[i] = COMMANDS[i].name;
    const char *near = opt_nearest(argv[1], names, (int)N_COMMANDS);
    if (near) fprintf(stderr, "whistlab: unknown command '%s'; did you mean %s? (see whistlab --help)\n", argv[1], near);
    else fprintf(stderr, "whistlab: unknown command '%s' (see whistlab --help)\n", argv[1]);
    return EXIT_USAGE;
}

int main(int argc, char **argv)
{
    out_file_remove_on_signals(); /* no temporary left by an interrupted output (issue 25, item 16) */
    return finish(run(argc, argv));
}
