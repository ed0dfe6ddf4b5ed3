/* cmd_conventions.c -- `whistlab conventions`: the built-in opening-lead
 * conventions (name, what they do, source, options), or one's table text
 * to copy and edit (--table NAME). */
#include <stdio.h>
#include <string.h>
#include "analyze/lead/lead.h"
#include "cli/cli.h"
#include "cli/convention_opts.h"
#include "cli/options.h"

typedef struct {
    const char *table;
} conventions_cli;

static const opt_spec OPTIONS[] = {
    {.name = "table", .kind = OPT_CALL, .arg = "NAME", .at = offsetof(conventions_cli, table),
     .take = convention_builtin_take,
     .help = "print the convention's table, to copy and edit (then run it\nwith whistlab lead --convention FILE)"},
};

static void conventions_usage(FILE *f);
static const opt_command COMMAND = {.cmd = "conventions", .specs = OPTIONS, .n = 1, .help = conventions_usage};

static void conventions_usage(FILE *f)
{
    fprintf(f,
        "usage: whistlab conventions [--table NAME]\n"
        "Lists the built-in opening-lead conventions: name, what they do, source,\n"
        "options (switched on as NAME+option).\n\n");
    opt_print_list(f, &COMMAND);
}

/* The listing's width: an option's text is wrapped at it, whole, its
 * citation included; the lines after the first indented under its text. */
#define LIST_WIDTH 79
#define LIST_INDENT 22

static void print_option(const char *name, const char *text)
{
    int col = printf("%-*s option +%s:", LIST_INDENT, "", name);
    for (const char *w = text; *w;) {
        while (*w == ' ') w++;
        size_t n = strcspn(w, " ");
        if (!n) break;
        if (col + 1 + (int)n > LIST_WIDTH && col > LIST_INDENT + 3)
            col = printf("\n%-*s", LIST_INDENT + 3, "") - 1;
        else
            col += printf(" ");
        col += printf("%.*s", (int)n, w);
        w += n;
    }
    printf("\n");
}

int cmd_conventions(int argc, char **argv)
{
    conventions_cli c = {NULL};
    int first, rc = opt_parse(&COMMAND, &c, argc, argv, &first, NULL);
    if (rc >= 0) return rc;
    if (first != argc) {
        conventions_usage(stderr);
        return EXIT_USAGE;
    }
    const char *table = c.table;
    if (table) {
        fputs(convention_text(convention_builtin(table)), stdout); /* checked by its row */
        return EXIT_OK;
    }
    int n;
    const convention *const *all = convention_builtins(&n);
    for (int i = 0; i < n; i++) {
        const convention *c = all[i];
        printf("%-22s %s\n", convention_name(c), convention_description(c));
        printf("%-22s source: %s\n", "", convention_source(c));
        for (int k = 0; k < convention_option_count(c); k++)
            print_option(convention_option_name(c, k), convention_option_text(c, k));
    }
    return EXIT_OK;
}
