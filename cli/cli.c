/* cli.c -- what the commands' front ends share: a diagnostic printed under
 * the command's name, the -q/-v verbosity, where a report goes when a CSV
 * table takes standard output, the check that the built-in conventions
 * compiled, and the reading of deals as convert, show and lead report it. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/lead/lead.h"
#include "cli/cli.h"
#include "stats/report/provenance.h"

int cli_verbosity = CLI_NORMAL;

void cli_error(const char *prefix, const diag_t *d)
{
    if (!d->file) fprintf(stderr, "%s: %s\n", prefix, d->reason);
    else if (d->line) fprintf(stderr, "%s: %s:%llu: %s\n", prefix, d->file, (unsigned long long)d->line, d->reason);
    else fprintf(stderr, "%s: %s: %s\n", prefix, d->file, d->reason);
}

FILE *cli_report_stream(const char *prefix, const char *csv_a, const char *csv_b)
{
    bool a = csv_a && strcmp(csv_a, "-") == 0, b = csv_b && strcmp(csv_b, "-") == 0;
    if (a && b) {
        fprintf(stderr, "%s: only one CSV table can go to standard output ('-'); write the other to a file\n",
                prefix);
        return NULL;
    }
    return a || b ? stderr : stdout;
}

deal_stream *cli_stream_open(const char *prefix, const ds_opts *o, const char *const files[], int nfiles)
{
    deal_stream *s = deal_stream_open(o, files, nfiles);
    if (!s) fprintf(stderr, "%s: out of memory\n", prefix);
    return s;
}

bool cli_next_deal(deal_stream *s, ds_item *it)
{
    while (deal_stream_next(s, it)) {
        if (it->kind == DS_DEAL) return true;
        if (it->diag) diag_print(stderr, it->diag);
    }
    return false;
}

int cli_stream_status(const ds_counts *c)
{
    if (c->fatal) return EXIT_FAILURE_IO;
    if (c->errors || c->unusable || c->rejected || c->rejected_repeats || c->incomplete || c->incomplete_repeats)
        return EXIT_REJECTS;
    return EXIT_OK;
}

cli_counts cli_counts_of(const ds_counts *c)
{
    uint64_t rejected = c->unusable + c->rejected + c->incomplete;
    return (cli_counts){.read = c->deals + rejected + c->left, .accepted = c->deals, .rejected = rejected,
                        .left = c->left, .repeats = c->repeats + c->rejected_repeats + c->incomplete_repeats};
}

void cli_print_where(FILE *f, const char *before, const input_opts *io, uint64_t read, uint64_t left)
{
    if (io->where)
        fprintf(f, "%s%llu deals kept by --where, %llu left", before, (unsigned long long)(read - left),
                (unsigned long long)left);
}


static volatile sig_atomic_t stop_requested;

static void on_stop_signal(int sig)
{
    (void)sig;
    stop_requested = 1;
}

volatile sig_atomic_t *cli_stop_on_signals(void)
{
    struct sigaction sa = {0};
    sa.sa_handler = on_stop_signal;
    sa.sa_flags = (int)SA_RESETHAND; /* a second signal ends the run at once */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    return &stop_requested;
}

void cli_missing_shards(unsigned parts, uint64_t mask, const char *what)
{
    char missing[512];
    provenance_shards(parts, mask, false, missing, sizeof missing);
    fprintf(stderr, "whistlab: missing shard%s %s: these state files do not cover the run; give them all, "
                    "or --partial for %s marked PARTIAL\n",
            parts - (unsigned)__builtin_popcountll(mask) == 1 ? "" : "s", missing, what);
}
