/* cmd_play_robin.c -- `whistlab play --round-robin`: the duplicate match of
 * every pair of conventions over the files (analyze/play/sd_robin.h), its
 * report headed by what it rests on (stats/provenance.h). */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "analyze/lead/table_digest.h"
#include "analyze/play/sd_robin.h"
#include "cli/cli.h"
#include "cli/cmd_play.h"
#include "stats/pvalue.h"

/* The report's tables: the deals accounted for (INCOMPLETE when a file was
 * not read to its end), each pair's duplicate gain, the field. */
static void robin_report(FILE *out, const sd_robin_opts *o, const sd_robin_result *t)
{
    int stopped = 0;
    for (int i = 0; i < t->ninputs; i++) stopped += t->inputs[i].stopped != 0;
    fprintf(out, "deals: %" PRIu64 " read, %" PRIu64 " whist deals played, %" PRIu64 " rejected, %" PRIu64
                 " repeats skipped", t->read, t->played, t->rejected, t->repeats);
    cli_print_where(out, "; ", &o->input, t->read, t->left);
    fprintf(out, "%s\n\n", stopped ? "; INCOMPLETE: not every input was read to its end" : "");
    fprintf(out, "DUPLICATE GAIN PER DEAL (first's tricks at both tables - 13; paired t-test)\n");
    fprintf(out, "%-40s %8s %7s %8s  %-21s %8s %8s\n", "pair", "mean", "sd", "se", "95% CI", "p", "differ");
    double field[SD_ROBIN_MAX] = {0};
    for (int i = 0; i < o->nconv; i++)
        for (int j = i + 1; j < o->nconv; j++) {
            paired_summary s;
            paired_summarise(&t->pair[i][j], &s);
            char name[64], p[16];
            snprintf(name, sizeof name, "%s - %s", convention_name(o->conv[i]), convention_name(o->conv[j]));
            pvalue_format(p, sizeof p, s.p);
            fprintf(out, "%-40s %+8.4f %7.3f %8.4f  [%+8.4f, %+8.4f] %8s %7.1f%%\n", name, s.mean, s.sd, s.se,
                    s.ci_lo, s.ci_hi, p, s.n ? 100.0 * (double)paired_n_differ(&t->pair[i][j]) / (double)s.n : NAN);
            field[i] += s.mean;
            field[j] -= s.mean;
        }
    fprintf(out, "\nAGAINST THE FIELD (mean gain per deal, averaged over the %d opponents)\n", o->nconv - 1);
    for (int i = 0; i < o->nconv; i++)
        fprintf(out, "%-24s %+8.4f\n", convention_name(o->conv[i]), o->nconv > 1 ? field[i] / (o->nconv - 1) : 0.0);
}

/* A problem of the input, as file:line: reason. */
static void problem(void *ctx, const diag_t *diag)
{
    (void)ctx;
    diag_print(stderr, diag);
}

/* The round robin's provenance: the experiment, and the settings that
 * decide its numbers (not --threads). False (reported) when a convention
 * table file cannot be read. */
static bool robin_provenance(provenance *p, const char *command, const char *list,
                             const char *const io_text[3], const sd_robin_opts *o, const char *ext_text)
{
    char tables[2048] = "";
    diag_t diag = {0};
    if (!table_digests(list, tables, sizeof tables, &diag)) {
        diag_print(stderr, &diag);
        return false;
    }
    provenance_init(p);
    p->version = WHISTLAB_VERSION;
    p->command = command;
    p->experiment = "duplicate: each pair X vs Y plays every deal at two tables, X's side against Y's at one "
                    "and, the seats swapped, Y's side against X's at the other (all 52 cards by the "
                    "rule-based players); X's gain is its tricks at both tables - 13, so the luck of the "
                    "cards cancels.";
    provenance_setting(p, "conventions", "%s", list);
    table_digests_provenance(tables, p);
    provenance_setting(p, "signals", "%s", o->signals ? "on" : "off");
    provenance_setting(p, "ext", "%s", ext_text ? ext_text : "none");
    provenance_setting(p, "format", "%s", io_text[0]);
    provenance_setting(p, "trump", "%s", io_text[1]);
    provenance_setting(p, "leader", "%s", io_text[2]);
    if (o->input.where) provenance_setting(p, "where", "%s", o->input.where);
    provenance_setting(p, "seed", "%llu", (unsigned long long)o->seed);
    if (o->limit) provenance_setting(p, "limit", "%llu", (unsigned long long)o->limit);
    else provenance_setting(p, "limit", "none");
    return true;
}

int play_round_robin(const char *command, const char *list, const input_opts *io, const char *const io_text[3],
                     uint64_t seed, uint64_t limit, int threads, bool signals, unsigned ext,
                     const char *ext_text, char **files, int nfiles)
{
    sd_robin_opts o = {.input = *io, .seed = seed, .limit = limit, .signals = signals, .ext = ext,
                       .threads = threads, .problem = problem};
    convention *owned[SD_ROBIN_MAX];
    diag_t d = {0};
    int status = EXIT_OK;
    int n = convention_open_list(list, owned, SD_ROBIN_MAX, &d);
    if (n < 0) {
        if (d.file) diag_print(stderr, &d);
        else fprintf(stderr, "whistlab play: --round-robin: %s\n", d.reason);
        return EXIT_USAGE;
    }
    for (int i = 0; i < n; i++) {
        if (convention_is_dd_best(owned[i])) {
            fprintf(stderr, "whistlab play: %s chooses its lead double-dummy; use `replay --eval play`\n",
                    convention_name(owned[i]));
            status = EXIT_USAGE;
        }
        o.conv[o.nconv++] = owned[i];
    }
    if (status == EXIT_OK && o.nconv < 2) {
        fprintf(stderr, "whistlab play: --round-robin wants two conventions or more\n");
        status = EXIT_USAGE;
    }
    static provenance prov;
    if (status == EXIT_OK && !robin_provenance(&prov, command, list, io_text, &o, ext_text)) status = EXIT_FAILURE_IO;
    sd_robin_result *res = status == EXIT_OK ? calloc(1, sizeof *res) : NULL;
    input_account *inputs = res ? calloc((size_t)nfiles, sizeof *inputs) : NULL;
    if (status == EXIT_OK && !inputs) {
        fprintf(stderr, "whistlab play: out of memory\n");
        status = EXIT_FAILURE_IO;
    }
    if (status == EXIT_OK) {
        res->inputs = inputs;
        static const int EXIT_OF[] = {
            [SD_ROBIN_OK] = EXIT_OK, [SD_ROBIN_REJECTS] = EXIT_REJECTS,
            [SD_ROBIN_STOPPED] = EXIT_FAILURE_IO, [SD_ROBIN_NOMEM] = EXIT_FAILURE_IO,
        };
        sd_robin_status run = sd_robin_run(&o, files, nfiles, res);
        if (run == SD_ROBIN_NOMEM) fprintf(stderr, "whistlab play: out of memory\n");
        status = EXIT_OF[run];
        prov.ninputs = nfiles;
        prov.input_name = (const char *const *)files;
        prov.input = inputs;
        printf("whistlab play --round-robin %s%s on", list, signals ? " --signals" : "");
        for (int i = 0; i < nfiles; i++) printf(" %s", files[i]);
        printf("\n");
        provenance_print_status(stdout, &prov);
        provenance_print(stdout, &prov);
        robin_report(stdout, &o, res);
    }
    free(inputs);
    free(res);
    for (int i = 0; i < o.nconv; i++) convention_free(owned[i]);
    return status;
}
