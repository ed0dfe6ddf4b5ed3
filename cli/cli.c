/* cli.c -- what every command's front end shares: the printing of a
 * diagnostic under the command's name. */
#include <stdio.h>
#include "cli/cli.h"

void cli_error(const char *prefix, const diag_t *d)
{
    if (!d->file) fprintf(stderr, "%s: %s\n", prefix, d->reason);
    else if (d->line) fprintf(stderr, "%s: %s:%llu: %s\n", prefix, d->file, (unsigned long long)d->line, d->reason);
    else fprintf(stderr, "%s: %s: %s\n", prefix, d->file, d->reason);
}
