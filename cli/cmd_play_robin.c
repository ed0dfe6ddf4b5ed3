/* cmd_play_robin.c -- `whistlab play --round-robin`: the duplicate match of
 * every pair of conventions over the files (analyze/play/sd_robin.h), its
 * report headed by what it rests on (stats/report/provenance.h), its per-deal and
 * summary CSV tables (stats/report/robin_csv.h), its progress line, and
 * its state file (--save, --resume): the settings text it keeps is the
 * provenance's settings and the files, so a run goes on only with what it
 * started with, and the interrupt message gives the command that does. */
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/lead/table_digest.h"
#include "analyze/play/sd_robin.h"
#include "cli/cli.h"
#include "cli/cmd_play.h"
#include "cli/progress.h"
#include "stats/report/csv_out.h"
#include "stats/report/pair_section.h"
#include "stats/report/robin_csv.h"
#include "stats/report/wls.h"

static const paired_acc *pair_of(const void *ctx, int i, int j)
{
    return &((const sd_robin_result *)ctx)->pair[i][j];
}

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
    const char *names[STATS_MAX_CONV];
    for (int i = 0; i < o->nconv; i++) names[i] = convention_name(o->conv[i]);
    stats_print_pair_section(out, stats_pair_measure_of("gain"), names, o->nconv, pair_of, t);
    double field[STATS_MAX_CONV] = {0};
    for (int i = 0; i < o->nconv; i++)
        for (int j = i + 1; j < o->nconv; j++) {
            paired_summary s;
            paired_summarise(&t->pair[i][j], &s);
            field[i] += s.mean;
            field[j] -= s.mean;
        }
    fprintf(out, "\nAGAINST THE FIELD (mean gain per deal, averaged over the %d opponents)\n", o->nconv - 1);
    for (int i = 0; i < o->nconv; i++)
        fprintf(out, "%-24s %+8.4f\n", convention_name(o->conv[i]), o->nconv > 1 ? field[i] / (o->nconv - 1) : 0.0);
}

/* What the run's hooks write to: the progress line. */
typedef struct {
    cli_progress line;
} robin_out;

/* A problem of the input, as file:line: reason; an output that fails
 * after the command's name. */
static void note(void *ctx, run_note kind, const diag_t *diag)
{
    cli_progress_clear(&((robin_out *)ctx)->line);
    if (kind == RUN_FAILURE) cli_error("whistlab play", diag);
    else diag_print(stderr, diag);
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

/* After the row of the conventions: the digests of their table files. */
static void add_tables(void *ctx, const opt_spec *row, provenance *p)
{
    if (strcmp(row->name, "round-robin") == 0) table_digests_provenance(ctx, p);
}

/* The round robin's provenance: the experiment, and the settings that
 * decide its numbers (not --threads): the rows of its command line's table
 * flagged OPT_SETTING. False (reported) when a convention table file
 * cannot be read. */
static bool robin_provenance(provenance *p, const robin_cli *rc)
{
    static char tables[2048];
    diag_t diag = {0};
    if (!table_digests(rc->list, tables, sizeof tables, &diag)) {
        diag_print(stderr, &diag);
        return false;
    }
    provenance_init(p);
    p->version = WHISTLAB_VERSION;
    p->command = rc->command;
    p->experiment = "duplicate: each pair X vs Y plays every deal at two tables, X's side against Y's at one "
                    "and, the seats swapped, Y's side against X's at the other (all 52 cards by the "
                    "rule-based players); X's gain is its tricks at both tables - 13, so the luck of the "
                    "cards cancels.";
    opt_settings(rc->options, rc->values, p, add_tables, tables);
    return true;
}

/* Another rank of an MPI run: plays the deals rank 0 sends, writes
 * nothing. */
static int serve(const sd_robin_opts *o, char **files, int nfiles)
{
    sd_robin_opts quiet = *o;
    quiet.note = NULL;
    quiet.progress = NULL;
    quiet.csv_deals = quiet.save = quiet.resume = NULL;
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

/* The state file's settings text: what run it is (so that merge and
 * replay --resume, which read a comparison's, refuse it), the provenance's
 * settings (what decides the numbers), then the files, a line each. */
static void settings_text(const provenance *p, char *const files[], int nfiles, char *buf, size_t len)
{
    size_t at = (size_t)snprintf(buf, len, "run play --round-robin\n");
    for (int i = 0; i < p->nsettings && at < len; i++)
        at += (size_t)snprintf(buf + at, len - at, "%s %s\n", p->setting_name[i], p->setting_value[i]);
    for (int i = 0; i < nfiles && at < len; i++) at += (size_t)snprintf(buf + at, len - at, "input %s\n", files[i]);
}

int play_round_robin(const robin_cli *rc, char **files, int nfiles)
{
    static robin_out out;
    sd_robin_opts o = {.input = rc->io, .seed = rc->seed, .limit = rc->limit, .signals = rc->signals,
                       .ext = rc->ext, .threads = rc->threads, .csv_deals = rc->csv_deals, .save = rc->save,
                       .resume = rc->resume, .checkpoint_s = ROBIN_CHECKPOINT_S,
                       .checkpoint_every = rc->checkpoint, .note = note, .ctx = &out};
    memset(&out, 0, sizeof out);
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
    if (status == EXIT_OK && !robin_provenance(&prov, rc))
        status = EXIT_FAILURE_IO;
    static char config[WLS_TEXT_MAX];
    if (status == EXIT_OK && rc->save) {
        settings_text(&prov, files, nfiles, config, sizeof config);
        o.config = config;
        o.stop = cli_stop_on_signals();
    }
    sd_robin_result *res = status == EXIT_OK ? calloc(1, sizeof *res) : NULL;
    /* a resumed state holds up to WLS_MAX_INPUTS accounts */
    size_t ninputs = rc->resume && nfiles < WLS_MAX_INPUTS ? WLS_MAX_INPUTS : (size_t)nfiles;
    input_account *inputs = res ? calloc(ninputs, sizeof *inputs) : NULL;
    if (status == EXIT_OK && !inputs) {
        fprintf(stderr, "whistlab play: out of memory\n");
        status = EXIT_FAILURE_IO;
    }
    if (status == EXIT_OK) {
        res->inputs = inputs;
        prov.ninputs = nfiles;
        prov.input_name = (const char *const *)files;
        prov.input = inputs;
        o.csv_about = &prov; /* the per-deal table's head and tail */
        static const int EXIT_OF[] = {
            [SD_ROBIN_OK] = EXIT_OK, [SD_ROBIN_REJECTS] = EXIT_REJECTS,
            [SD_ROBIN_STOPPED] = EXIT_FAILURE_IO, [SD_ROBIN_NOMEM] = EXIT_FAILURE_IO,
            [SD_ROBIN_FAILED] = EXIT_FAILURE_IO, [SD_ROBIN_INTERRUPTED] = EXIT_INTERRUPTED,
            [SD_ROBIN_UNREADABLE] = EXIT_FAILURE_IO, [SD_ROBIN_NOT_RESUMED] = EXIT_USAGE,
        };
        cli_progress_init(&out.line, "play --round-robin");
        if (rc->no_progress) out.line.mode = PROGRESS_OFF;
        if (out.line.mode != PROGRESS_OFF) o.progress = on_progress; /* started and ended by the run */
        else cli_progress_start(&out.line, 0);                        /* the clock of -v */
        sd_robin_status run = sd_robin_run(&o, files, nfiles, res);
        if (run == SD_ROBIN_NOMEM) fprintf(stderr, "whistlab play: out of memory\n");
        if (res->why.reason[0]) cli_error("whistlab play: cannot resume", &res->why);
        else if (rc->resume && cli_verbosity != CLI_QUIET)
            fprintf(stderr, "whistlab play: resuming: %llu deals kept from %s\n", (unsigned long long)res->kept,
                    rc->resume);
        status = EXIT_OF[run];
        if (run == SD_ROBIN_INTERRUPTED) {
            static char again[16384];
            opt_resume_command(rc->options, rc->argc, rc->argv, rc->save, false, again, sizeof again);
            fprintf(stderr, "whistlab play: interrupted after %llu deals (kept in %s); go on with:\n  %s\n",
                    (unsigned long long)res->played, rc->save, again);
        }
        if (cli_verbosity == CLI_VERBOSE) {
            double secs = cli_progress_now() - out.line.started_s;
            fprintf(stderr, "play --round-robin: %llu deals played in %.2f s (%.1f deals/s)\n",
                    (unsigned long long)res->played, secs, secs > 0 ? (double)res->played / secs : 0.0);
        }
        /* a run stopped or not resumed has no report; nor one whose
         * outputs failed before it read anything */
        bool reports = run != SD_ROBIN_INTERRUPTED && run != SD_ROBIN_UNREADABLE && run != SD_ROBIN_NOT_RESUMED &&
                       !(run == SD_ROBIN_FAILED && res->read == 0);
        if (!reports) goto done;
        fprintf(report, "whistlab play --round-robin %s%s on", list, rc->signals ? " --signals" : "");
        for (int i = 0; i < nfiles; i++) fprintf(report, " %s", files[i]);
        fprintf(report, "\n");
        provenance_print_status(report, &prov);
        provenance_print(report, &prov);
        robin_report(report, &o, res);
        if (rc->csv_summary && !write_summary(rc->csv_summary, &o, res, &prov)) status = EXIT_FAILURE_IO;
    }
done:
    free(inputs);
    free(res);
    for (int i = 0; i < o.nconv; i++) convention_free(owned[i]);
    dd_mpi_finish();
    return status;
}
