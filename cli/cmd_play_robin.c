/* cmd_play_robin.c -- `whistlab play --round-robin`: the duplicate match of
 * every pair of conventions over the files (analyze/play/sd_robin.h), its
 * report headed by what it rests on (stats/report/provenance.h), its per-deal and
 * summary CSV tables (stats/report/robin_csv.h) and its progress line. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/lead/table_digest.h"
#include "analyze/play/sd_robin.h"
#include "cli/cli.h"
#include "cli/cmd_play.h"
#include "cli/progress.h"
#include "stats/report/csv_out.h"
#include "stats/pvalue.h"
#include "stats/report/robin_csv.h"

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
    double field[STATS_MAX_CONV] = {0};
    for (int i = 0; i < o->nconv; i++)
        for (int j = i + 1; j < o->nconv; j++) {
            paired_summary s;
            paired_summarise(&t->pair[i][j], &s);
            char p[16];
            pvalue_format(p, sizeof p, s.p);
            int w = fprintf(out, "%s - %s", convention_name(o->conv[i]), convention_name(o->conv[j]));
            fprintf(out, "%*s %+8.4f %7.3f %8.4f  [%+8.4f, %+8.4f] %8s %7.1f%%\n", w < 40 ? 40 - w : 0, "", s.mean, s.sd, s.se,
                    s.ci_lo, s.ci_hi, p, s.n ? 100.0 * (double)paired_n_differ(&t->pair[i][j]) / (double)s.n : NAN);
            field[i] += s.mean;
            field[j] -= s.mean;
        }
    fprintf(out, "\nAGAINST THE FIELD (mean gain per deal, averaged over the %d opponents)\n", o->nconv - 1);
    for (int i = 0; i < o->nconv; i++)
        fprintf(out, "%-24s %+8.4f\n", convention_name(o->conv[i]), o->nconv > 1 ? field[i] / (o->nconv - 1) : 0.0);
}

/* What the run's hooks write to: the per-deal table and the progress line. */
typedef struct {
    const sd_robin_opts *o;
    csv_out *deals;
    cli_progress line;
} robin_out;

static const char *const DEAL_COLUMNS[] = {"file", "line", "index", "board", "trump", "leader", "evaluation",
                                           "convention", "versus", "gain"};

/* A problem of the input, as file:line: reason. */
static void problem(void *ctx, const diag_t *diag)
{
    cli_progress_clear(&((robin_out *)ctx)->line);
    diag_print(stderr, diag);
}

/* A deal played: its rows of the per-deal table, one per pair. */
static void played(void *ctx, const sd_robin_deal *d)
{
    const robin_out *r = ctx;
    const sd_robin_opts *o = r->o;
    for (int i = 0, p = 0; i < o->nconv; i++)
        for (int j = i + 1; j < o->nconv; j++, p++) {
            csv_out_text(r->deals, d->file ? d->file : "");
            csv_out_int(r->deals, (long long)d->line);
            csv_out_int(r->deals, (long long)d->index);
            csv_out_int(r->deals, d->board);
            csv_out_text(r->deals, (char[2]){SUIT_CHARS[d->trump], 0});
            csv_out_text(r->deals, (char[2]){SEAT_CHARS[d->leader], 0});
            csv_out_text(r->deals, "duplicate");
            csv_out_text(r->deals, convention_name(o->conv[i]));
            csv_out_text(r->deals, convention_name(o->conv[j]));
            csv_out_int(r->deals, d->gain[p]);
            csv_out_end_row(r->deals);
        }
}

static void on_progress(void *ctx, run_progress at, uint64_t played, uint64_t expected)
{
    cli_progress_hook(&((robin_out *)ctx)->line, at, played, expected);
}

/* The summary table of the run (stats/report/robin_csv.h). False (reported) if it
 * cannot be written. */
static bool write_summary(const char *path, const sd_robin_opts *o, const sd_robin_result *t,
                          const provenance *prov)
{
    const char *names[STATS_MAX_CONV];
    for (int i = 0; i < o->nconv; i++) names[i] = convention_name(o->conv[i]);
    robin_table tab = {.nconv = o->nconv, .name = names, .pair = &t->pair[0][0], .pair_stride = STATS_MAX_CONV,
                       .read = t->read, .played = t->played, .rejected = t->rejected, .repeats = t->repeats};
    diag_t d = {0};
    if (stats_write_robin_csv(path, &tab, prov, &d)) return true;
    cli_error("whistlab play", &d);
    return false;
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

/* Another rank of an MPI run: plays the deals rank 0 sends, writes
 * nothing. */
static int serve(const sd_robin_opts *o, char **files, int nfiles)
{
    sd_robin_opts quiet = *o;
    quiet.problem = NULL;
    quiet.played = NULL;
    quiet.progress = NULL;
    sd_robin_result *res = calloc(1, sizeof *res);
    input_account *inputs = calloc((size_t)nfiles, sizeof *inputs);
    int status = EXIT_FAILURE_IO;
    if (res && inputs) {
        res->inputs = inputs;
        status = sd_robin_run(&quiet, files, nfiles, res) == SD_ROBIN_NOMEM ? EXIT_FAILURE_IO : EXIT_OK;
    }
    free(inputs);
    free(res);
    return status;
}

int play_round_robin(const robin_cli *rc, char **files, int nfiles)
{
    static robin_out out;
    sd_robin_opts o = {.input = rc->io, .seed = rc->seed, .limit = rc->limit, .signals = rc->signals,
                       .ext = rc->ext, .threads = rc->threads, .problem = problem, .ctx = &out};
    memset(&out, 0, sizeof out);
    out.o = &o;
    const char *list = rc->list;
    FILE *report = cli_report_stream("whistlab play", rc->csv_deals, rc->csv_summary);
    if (!report) return EXIT_USAGE;
    convention *owned[STATS_MAX_CONV];
    diag_t d = {0};
    int status = EXIT_OK;
    int n = convention_open_list(list, owned, STATS_MAX_CONV, &d);
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
    dd_mpi_world world = {0, 1};
    diag_t mpi_why = {0};
    if (status == EXIT_OK && !dd_mpi_start(&world, &mpi_why)) {
        cli_error("whistlab play", &mpi_why);
        status = EXIT_FAILURE_IO;
    }
    o.mpi = &world;
    if (status == EXIT_OK && world.rank > 0) { /* a serving rank: rank 0 reads, accounts and reports */
        status = serve(&o, files, nfiles);
        for (int i = 0; i < o.nconv; i++) convention_free(owned[i]);
        dd_mpi_finish();
        return status;
    }
    static provenance prov;
    if (status == EXIT_OK && !robin_provenance(&prov, rc->command, list, rc->io_text, &o, rc->ext_text))
        status = EXIT_FAILURE_IO;
    if (status == EXIT_OK && rc->csv_deals) {
        out.deals = csv_out_open(rc->csv_deals, DEAL_COLUMNS, sizeof DEAL_COLUMNS / sizeof DEAL_COLUMNS[0], &d);
        if (!out.deals) {
            cli_error("whistlab play", &d);
            status = EXIT_FAILURE_IO;
        }
        o.played = played;
    }
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
        cli_progress_init(&out.line, "play --round-robin");
        if (rc->no_progress) out.line.mode = PROGRESS_OFF;
        if (out.line.mode != PROGRESS_OFF) o.progress = on_progress; /* started and ended by the run */
        else cli_progress_start(&out.line, 0);                        /* the clock of -v */
        sd_robin_status run = sd_robin_run(&o, files, nfiles, res);
        if (run == SD_ROBIN_NOMEM) fprintf(stderr, "whistlab play: out of memory\n");
        status = EXIT_OF[run];
        if (cli_verbosity == CLI_VERBOSE) {
            double secs = cli_progress_now() - out.line.started_s;
            fprintf(stderr, "play --round-robin: %llu deals played in %.2f s (%.1f deals/s)\n",
                    (unsigned long long)res->played, secs, secs > 0 ? (double)res->played / secs : 0.0);
        }
        prov.ninputs = nfiles;
        prov.input_name = (const char *const *)files;
        prov.input = inputs;
        fprintf(report, "whistlab play --round-robin %s%s on", list, rc->signals ? " --signals" : "");
        for (int i = 0; i < nfiles; i++) fprintf(report, " %s", files[i]);
        fprintf(report, "\n");
        provenance_print_status(report, &prov);
        provenance_print(report, &prov);
        robin_report(report, &o, res);
        if (out.deals && !csv_out_close(out.deals, &d)) {
            cli_error("whistlab play", &d);
            status = EXIT_FAILURE_IO;
        }
        out.deals = NULL;
        if (rc->csv_summary && !write_summary(rc->csv_summary, &o, res, &prov)) status = EXIT_FAILURE_IO;
    }
    if (out.deals) csv_out_close(out.deals, &d);
    free(inputs);
    free(res);
    for (int i = 0; i < o.nconv; i++) convention_free(owned[i]);
    dd_mpi_finish();
    return status;
}
