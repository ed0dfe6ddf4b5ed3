/* cmd_conventions.c -- `whistlab conventions`: the built-in opening-lead
 * conventions (name, what they do, source, options), or one's table text
 * to copy and edit (--table NAME). */
#include <getopt.h>
#include <stdio.h>
#include "analyze/lead/lead.h"
#include "cli/cli.h"

static void conventions_usage(FILE *f)
{
    fprintf(f,
        "usage: whistlab conventions [--table NAME]\n"
        "Lists the built-in opening-lead conventions: name, what they do, source,\n"
        "options (switched on as NAME+option).\n\n"
        "  --table NAME   print the convention's table, to copy and edit (then run it\n"
        "                 with whistlab lead --convention FILE)\n"
        CLI_VERBOSITY_HELP);
}

int cmd_conventions(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"table", required_argument, NULL, 't'},
        {0, 0, 0, 0},
    };
    const char *table = NULL;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        if (opt == 'h') {
            conventions_usage(stdout);
            return EXIT_OK;
        } else if (opt == 't') {
            table = optarg;
        } else {
            conventions_usage(stderr);
            return EXIT_USAGE;
        }
    }
    if (optind != argc) {
        conventions_usage(stderr);
        return EXIT_USAGE;
    }
    if (table) {
        const convention *c = convention_builtin(table);
        if (!c || !convention_text(c)) {
            fprintf(stderr, "whistlab conventions: no built-in convention '%s'\n", table);
            return EXIT_USAGE;
        }
        fputs(convention_text(c), stdout);
        return EXIT_OK;
    }
    int n;
    const convention *const *all = convention_builtins(&n);
    for (int i = 0; i < n; i++) {
        const convention *c = all[i];
        printf("%-22s %s\n", convention_name(c), convention_description(c));
        printf("%-22s source: %s\n", "", convention_source(c));
        for (int k = 0; k < convention_option_count(c); k++)
            printf("%-22s option +%s: %s\n", "", convention_option_name(c, k), convention_option_text(c, k));
    }
    return EXIT_OK;
}
