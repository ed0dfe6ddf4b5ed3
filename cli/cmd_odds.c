/* cmd_odds.c -- `whistlab odds`: the odds tables of the old books, exact,
 * historic and, with --corpus, as measured on a corpus of deals; --fit tests
 * whether the corpus looks like random deals (odds.md). Measured
 * tables are headed by what they rest on (stats/report/provenance.h): the corpus
 * files with their deals and content digests, and the settings. A counting
 * may be split: --shard I/N counts one shard (analyze/odds/odds_run.h cuts
 * them by the deal), `whistlab merge` adds the shards' states up
 * (cmd_odds_merge.c), and under mpirun each rank counts a shard and rank 0
 * adds them up; each gives the unsplit run's bytes. A --save'd counting's
 * state keeps its settings as their provenance lines (odds_state_config),
 * read back through this file's option table (odds_settings_read). */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "analyze/dd/dd_mpi.h"
#include "analyze/odds/odds_fit.h"
#include "analyze/odds/odds_input.h"
#include "analyze/odds/odds_run.h"
#include "cli/cli.h"
#include "cli/cmd_odds_impl.h"
#include "cli/cmd_plot.h"
#include "cli/input_opts.h"
#include "cli/options.h"
#include "cli/progress.h"
#include "formats/deal_digest.h"
#include "formats/out_file.h"
#include "formats/reader.h"
#include "analyze/odds/odds_report.h"
#include "stats/report/plot.h"
#include "stats/report/provenance.h"
#include "stats/report/wls.h"

/* Seconds between two checkpoints of a --save'd run. */
#define ODDS_CHECKPOINT_S 30

static bool take_corpus(void *field, const char *value, char *why, size_t len);
static bool take_shard(void *field, const char *value, char *why, size_t len);
static const char *const DEALER_MODES[] = {[ODDS_DEALER_RECORD] = "record", [ODDS_DEALER_ALL] = "all", NULL};
static const char *const TURNUP_MODES[] = {[ODDS_TURNUP_RECORD] = "record", [ODDS_TURNUP_ALL] = "all",
                                           [ODDS_TURNUP_NONE] = "none", NULL};

/* The Monte Carlo's settings are said only when it runs. */
static bool with_fit_mc(const void *set) { return ((const odds_opts *)set)->fit_mc_n > 0; }

/* The rows flagged OPT_SETTING are the measured tables' settings, said in
 * this order after the tables (odds_provenance) and kept by a state file. */
#define ROW(f) .at = offsetof(odds_opts, f)
static const opt_spec OPTIONS[] = {
    {.name = "list", ROW(list), .help = "list the tables and exit"},
    {.name = "wide", ROW(wide),
     .help = "print every column (lines longer than 100 columns), the\nbook's figure and its source in their own "
             "columns"},
    {.name = "corpus", .kind = OPT_CALL, .arg = "FILE...", .at = 0 /* the whole odds_opts */, .take = take_corpus, .flags = OPT_SETTING,
     .help = "deal files to measure (plain or gzip, '-' = stdin); repeated\ndeals (rotations too) are counted once"},
    {.name = "csv", .kind = OPT_TEXT, .arg = "FILE", ROW(csv), .help = "write the tidy CSV to FILE ('-' = standard output)"},
    {.name = "plot", .kind = OPT_TEXT, .arg = "DIR", ROW(plot),
     .help = "a figure per table, drawn by gnuplot: exact, book and corpus\n(with its CI) and their departures "
             "from exact; SVG, with the\ngnuplot script and data of each (see whistlab plot)"},
    {.name = "plot-format", .kind = OPT_CALL, .arg = "LIST", ROW(plot_formats), .take = plot_take_formats,
     .help = "the figures' formats, any of svg,png,pdf (default svg; png and pdf\nneed gnuplot's cairo "
             "terminals), as whistlab plot --format"},
    {.name = "level", .kind = OPT_FRACTION, .arg = "L", ROW(level), .above = 0, .at_most = 1, .below = true,
     .flags = OPT_SETTING, .help = "confidence level of the intervals (default 0.95)"},
    {.name = "dealer", .kind = OPT_CHOICE, .arg = "M", ROW(dealer_mode), .choices = DEALER_MODES,
     .flags = OPT_SETTING, .unset = "default",
     .help = "record: the deal's dealer; all: each seat in turn\n(default: record if every deal names its dealer)"},
    {.name = "turnup", .kind = OPT_CHOICE, .arg = "M", ROW(turnup_mode), .choices = TURNUP_MODES,
     .flags = OPT_SETTING, .unset = "default",
     .help = "record: the deal's turn-up; all: each of the dealer's 13 cards\nin turn; none (default: record if "
             "every deal has one)"},
    INPUT_SPEC_FORMAT(odds_opts, in),
    {.name = "trump", .kind = OPT_CALL, .arg = "turnup", ROW(in), .take = input_take_trump, .flags = OPT_SETTING,
     .show = input_show_trump, .unset = "auto",
     .help = "require a recorded turn-up (deals without one are rejected);\nother trump policies do not apply: the "
             "turn-up makes trumps"},
    INPUT_SPEC_LEADER(odds_opts, in),
    {.name = "where", .kind = OPT_CALL, .arg = "EXPR", ROW(in), .take = input_take_where, .flags = OPT_SETTING,
     .show = input_show_where,
     .help = "measure only the corpus deals that meet EXPR, as `whistlab deal\n--where` takes it (shape(leader) == "
             "\"5431\", ...); the rest are\ncounted as left"},
    {.name = "fit", ROW(fit), .flags = OPT_SETTING,
     .help = "test the corpus against random dealing (chi-square, flatness)"},
    {.name = "fit-mc", .kind = OPT_UINT, .arg = "B", ROW(fit_mc_n), .min = 1, .max = 1000000, .flags = OPT_SETTING,
     .stated = with_fit_mc,
     .help = "also Monte Carlo p-values from B random corpora (implies --fit)"},
    {.name = "seed", .kind = OPT_UINT, .arg = "S", ROW(seed_n), .max = 0x7fffffff, .dflt = "1", .flags = OPT_SETTING,
     .stated = with_fit_mc,
     .help = "seed of the Monte Carlo deals (default 1)"},
    OPT_THREADS(odds_opts, threads_n, "counting threads (default: one per CPU)"),
    {.name = "shard", .kind = OPT_CALL, .arg = "I/N", .at = 0 /* the whole odds_opts */, .take = take_shard,
     .help = "with --corpus: count only shard I of N, the deals whose identity\n(rotations and repeats alike) falls "
             "to it, and with shard 1 the\nrecords that count no deal; every shard reads the whole corpus.\n"
             "`whistlab merge` adds up the shards' --save'd states into the\nwhole run's tables (the same bytes)"},
    PROGRESS_SPECS(odds_opts, progress,
                   "with --corpus: tty: a line on the terminal with the total and\nthe percentage (the default when "
                   "stderr is one); log[=N]: a\nline every N seconds (default 60); off",
                   "the same as --progress off"),
    OPT_STATE_SPECS(odds_opts, save, checkpoint, resume, "with --corpus: ", "counting", ODDS_CHECKPOINT_S),
};
#undef ROW

static void odds_usage(FILE *f);
static bool odds_operand(void *set, const char *arg, const opt_spec *last);
static const opt_command COMMAND = {.cmd = "odds", .specs = OPTIONS, .n = sizeof OPTIONS / sizeof OPTIONS[0],
                                    .help = odds_usage, .operand = odds_operand};

static void odds_usage(FILE *f)
{
    fprintf(f,
            "usage: whistlab odds [TABLE...] [--corpus FILE...] [--csv FILE] [--plot DIR] [--level 0.95]\n"
            "                     [--dealer record|all] [--turnup record|all|none] [--fit] [--fit-mc B]\n"
            "                     [--wide] [--threads N] [--shard I/N] [--progress P]\n"
            "                     [--save F | --resume F]\n"
            "The odds tables of the whist books: for every row the exact probability, the\n"
            "odds in the books' form (\"13 to 12 against\") beside the exact N to 1, the\n"
            "book's figure and its verdict, and with --corpus the frequency over the corpus\n"
            "with its confidence interval and n; a legend of the words and ids follows.\n"
            "TABLE limits the output to the tables named; --list names them. TABLEs may\n"
            "come anywhere, also after the --corpus files.\n\n");
    opt_print_list(f, &COMMAND);
    fprintf(f,
            "With --corpus the output starts with what the measured tables rest on: the\n"
            "version, the command line, each file with its deals and their digest, and the\n"
            "settings; --csv writes them first, as '#' comment lines (pandas\n"
            "read_csv(comment='#'), R read.csv(comment.char='#')).\n"
            "exit status: 0 ok, 1 some input rejected, 2 usage error, 3 unreadable input,\n"
            "unwritable output, or --plot failed (gnuplot missing: install gnuplot-nox),\n"
            "130 interrupted (go on with --resume)\n");
}

static void list_tables(void)
{
    const odds_table_info *t = odds_tables();
    for (int i = 0; i < ODDS_NTABLES; i++) printf("%-17s %s\n", t[i].id, t[i].title);
}

/* One more --corpus file; false past ODDS_MAX_FILES. */
static bool take_corpus(void *field, const char *value, char *why, size_t len)
{
    odds_opts *o = field;
    if (o->ncorpus == ODDS_MAX_FILES) {
        snprintf(why, len, "at most %d corpus files", ODDS_MAX_FILES);
        return false;
    }
    o->corpus[o->ncorpus++] = value;
    return true;
}

static bool take_shard(void *field, const char *value, char *why, size_t len)
{
    odds_opts *o = field;
    if (cli_parse_shard(value, WLS_MAX_PARTS, &o->shard, &o->shards)) return true;
    snprintf(why, len, "expected I/N with 1 <= I <= N <= %d", WLS_MAX_PARTS);
    return false;
}

/* An operand: a table, or a file after --corpus (a table's name is a
 * table, unless a file of that name exists). */
static bool odds_operand(void *set, const char *arg, const opt_spec *last)
{
    odds_opts *o = set;
    int t = odds_table_find(arg);
    bool in_corpus = last && last->take == take_corpus;
    if (in_corpus && (t < 0 || access(arg, F_OK) == 0)) {
        char why[128];
        return take_corpus(o, arg, why, sizeof why) || opt_fail("odds", "--corpus %s: %s", arg, why);
    }
    if (t < 0) {
        fprintf(stderr, "whistlab odds: no table '%s' (see whistlab odds --list)\n", arg);
        return false;
    }
    o->table[t] = o->any_table = true;
    return true;
}

/* The turn-up mode the run counts in, before the corpus is looked at:
 * --trump turnup wants the recorded one. The option's own value stays
 * as given, for the settings line. */
static int turnup_of(const odds_opts *o)
{
    if (o->io.policy.kind == TRUMP_TURNUP && o->turnup_mode == ODDS_MODE_DEFAULT) return ODDS_TURNUP_RECORD;
    return o->turnup_mode;
}

/* The settings before the command line or a settings text is read into
 * them (the rows' defaults aside). */
static void init_opts(odds_opts *o)
{
    *o = (odds_opts){.level = 0.95, .dealer_mode = ODDS_MODE_DEFAULT, .turnup_mode = ODDS_MODE_DEFAULT, .seed = 1,
                     .shard = 1, .shards = 1, .ranks = 1};
    cli_input_init(&o->in);
    cli_progress_init(&o->progress, "odds");
}

/* The values the counting and the report use, from the rows' fields (a
 * command line's or a settings text's); no table named: all of them. */
static void settle(odds_opts *o)
{
    o->io = o->in.io;
    o->fit_mc = (int)o->fit_mc_n;
    o->fit |= o->fit_mc > 0;
    o->seed = (unsigned long)o->seed_n;
    o->threads = (int)o->threads_n;
    if (!o->any_table)
        for (int t = 0; t < ODDS_NTABLES; t++) o->table[t] = true;
}

/* Parses the command line; returns -1 to go on, else an exit status. */
static int parse(int argc, char **argv, odds_opts *o)
{
    int first, status = opt_parse(&COMMAND, o, argc, argv, &first, NULL);
    if (status >= 0) return status;
    if (o->list) {
        list_tables();
        return EXIT_OK;
    }
    settle(o);
    if (o->io.policy.kind != TRUMP_AUTO && o->io.policy.kind != TRUMP_TURNUP) {
        fprintf(stderr, "whistlab odds: --trump: the odds take trumps from the turn-up (odds.md S1.1); "
                        "use --trump turnup or --turnup record|all\n");
        return EXIT_USAGE;
    }
    if (turnup_of(o) == ODDS_TURNUP_RECORD && o->dealer_mode == ODDS_DEALER_ALL) {
        fprintf(stderr, "whistlab odds: --turnup record needs the recorded dealer (--dealer record)\n");
        return EXIT_USAGE;
    }
    if (o->fit && !o->ncorpus) {
        fprintf(stderr, "whistlab odds: --fit needs --corpus FILE\n");
        return EXIT_USAGE;
    }
    /* Every file is there before any is read: a misspelt one fails now,
     * not after the others were counted. */
    for (int k = 0; k < o->ncorpus; k++)
        if (strcmp(o->corpus[k], "-") != 0 && access(o->corpus[k], R_OK) != 0) {
            fprintf(stderr, "whistlab odds: --corpus %s: %s\n", o->corpus[k], strerror(errno));
            return EXIT_FAILURE_IO;
        }
    if (o->shards > 1 && !o->ncorpus) {
        fprintf(stderr, "whistlab odds: --shard needs --corpus FILE\n");
        return EXIT_USAGE;
    }
    if ((o->save || o->resume) && !o->ncorpus) {
        fprintf(stderr, "whistlab odds: --%s needs --corpus FILE\n", o->save ? "save" : "resume");
        return EXIT_USAGE;
    }
    if (o->resume && !o->save) o->save = o->resume; /* it goes on being saved there */
    if (o->io.where && !o->ncorpus) {
        fprintf(stderr, "whistlab odds: --where needs --corpus FILE\n");
        return EXIT_USAGE;
    }
    /* issue 25 item 6: no output is one of the corpus files */
    const cli_files corpus[] = {CLI_FILES("the corpus", o->corpus, o->ncorpus)};
    const cli_files outputs[] = {CLI_FILE("--csv", o->csv), CLI_PLOT_DIR(o->plot), CLI_FILE("--save", o->save)};
    if (!cli_outputs_apart("whistlab odds", outputs, 3, corpus, 1)) return EXIT_USAGE;
    return -1;
}

static void print_files(FILE *info, const odds_opts *o, const odds_corpus_counts *c)
{
    for (int k = 0; k < o->ncorpus; k++) {
        const odds_file_counts *f = &c->s.file[k];
        fprintf(info, "%s: %s: %llu deals read: %llu accepted, %llu repeats, %llu rejected",
                strcmp(o->corpus[k], "-") ? o->corpus[k] : "<stdin>", deal_format_name((deal_format)f->format),
                (unsigned long long)f->read,
                (unsigned long long)(f->read - f->repeats - f->rejected - f->left), (unsigned long long)f->repeats,
                (unsigned long long)f->rejected);
        if (o->io.where)
            fprintf(info, ", %llu left by --where", (unsigned long long)f->left);
        fputc('\n', info);
    }
}

/* The tables named, as the settings line "tables" says them: "all", or
 * their ids in table order. */
static void tables_text(const odds_opts *o, char *buf, size_t len)
{
    size_t at = 0;
    int selected = 0;
    const odds_table_info *info = odds_tables();
    buf[0] = 0;
    for (int t = 0; t < ODDS_NTABLES; t++) selected += o->table[t];
    for (int t = 0; t < ODDS_NTABLES && selected < ODDS_NTABLES && at < len; t++)
        if (o->table[t]) at += (size_t)snprintf(buf + at, len - at, "%s%s", at ? "," : "", info[t].id);
    if (selected == ODDS_NTABLES) snprintf(buf, len, "all");
}

/* The tables line back into o; false for a table that is none. */
static bool tables_take(odds_opts *o, const char *text)
{
    char ids[1024];
    if (strcmp(text, "all") == 0) return true; /* as no table named: settle selects them all */
    if ((size_t)snprintf(ids, sizeof ids, "%s", text) >= sizeof ids) return false;
    for (char *save = NULL, *id = strtok_r(ids, ",", &save); id; id = strtok_r(NULL, ",", &save)) {
        int t = odds_table_find(id);
        if (t < 0) return false;
        o->table[t] = o->any_table = true;
    }
    return o->any_table;
}

void odds_provenance(provenance *p, const char *command, const odds_opts *o, const odds_corpus_counts *c)
{
    provenance_init(p);
    p->version = WHISTLAB_VERSION;
    p->command = command;
    p->experiment = "each odds table's exact probability beside the books' figure, and its frequency over the "
                    "deals of the corpus (each distinct deal counted once, rotations too).";
    p->ninputs = o->ncorpus;
    p->input_name = o->corpus;
    p->input = c->input;
    p->parts = o->shards;
    p->part_mask = 1ULL << (o->shard - 1);
    char tables[1024];
    tables_text(o, tables, sizeof tables);
    provenance_setting(p, "tables", "%s", tables); /* no option's: the operands */
    opt_settings(&COMMAND, o, p, NULL, NULL);      /* not --threads: it changes no number */
}

/* A provenance row as a comment line: "# MEASURE: VALUE", "# MEASURE LEVEL: VALUE". */
static void provenance_csv_row(void *ctx, const char *level, const char *measure, const char *value)
{
    char key[128];
    if (strcmp(level, "all") == 0) snprintf(key, sizeof key, "%s", measure);
    else snprintf(key, sizeof key, "%s %s", measure, level);
    odds_csv_comment(ctx, key, value);
}

static void print_summary(FILE *info, const odds_opts *o, const odds_corpus_counts *c)
{
    const odds_run_summary *s = &c->s;
    fprintf(info, "corpus: %llu deals read = %llu distinct + %llu repeats + %llu rejected",
            (unsigned long long)s->read, (unsigned long long)s->accepted, (unsigned long long)s->duplicates,
            (unsigned long long)s->rejected);
    if (o->io.where) fprintf(info, " + %llu left by --where", (unsigned long long)s->left);
    if (c->errors) fprintf(info, "; %llu errors outside any deal", (unsigned long long)c->errors);
    fputc('\n', info);
    cli_print_where(info, "where: ", &o->io, s->read, s->left);
    if (o->io.where) fputc('\n', info);
    static const char *const DEALER[] = {"record (the deal's dealer)", "all (each seat in turn)"};
    static const char *const TURNUP[] = {"record (the deal's turn-up)", "all (each of the dealer's 13 cards)",
                                         "none"};
    fprintf(info, "dealer: %s; turn-up: %s\n", DEALER[s->dealer_mode], TURNUP[s->turnup_mode]);
    if (s->dealer_mode == ODDS_DEALER_RECORD && s->no_dealer)
        fprintf(info, "  %llu deals name no dealer: they add nothing to the dealer's rows\n",
                (unsigned long long)s->no_dealer);
    if (s->turnup_mode == ODDS_TURNUP_RECORD && s->no_turnup)
        fprintf(info, "  %llu deals have no turn-up: they add nothing to the turn-up rows\n",
                (unsigned long long)s->no_turnup);
}

static void on_note(void *ctx, run_note kind, const diag_t *diag)
{
    cli_progress_clear(ctx);
    if (kind == RUN_FAILURE) cli_error("whistlab odds", diag);
    else diag_print(stderr, diag);
}

/* A rank's notes past rank 0 (which tells the corpus's): its failures only. */
static void on_failure_note(void *ctx, run_note kind, const diag_t *diag)
{
    (void)ctx;
    if (kind == RUN_FAILURE) cli_error("whistlab odds", diag);
}

/* The line of a shard's settings text that keeps the exact --level. */
#define MERGE_LEVEL "merge-level"

void odds_state_config(const provenance *prov, const odds_opts *o, char *buf, size_t len)
{
    size_t at = corpus_state_config(buf, len, "odds", o->corpus, o->ncorpus, prov, false);
    if (o->shards > 1) snprintf(buf + at, len - at, "%s %.17g\n", MERGE_LEVEL, o->level);
}

bool odds_settings_read(char *text, odds_opts *o, char *bad, size_t len)
{
    bad[0] = 0;
    init_opts(o);
    opt_setting_defaults(&COMMAND, o);
    /* a shard's level: the exact one stands for the rounded, which may be
     * outside the option's bounds (0.9999999 said as 1) */
    bool exact_level = strstr(text, "\n" MERGE_LEVEL " ") != NULL;
    char *line = strchr(text, '\n'); /* past "whistlab odds" */
    for (line = line ? line + 1 : NULL; line && *line;) {
        char *nl = strchr(line, '\n'), *value = strchr(line, ' ');
        if (!nl || !value || value > nl) return false;
        *nl = *value++ = 0;
        int took = strcmp(line, "level") == 0 && exact_level ? 1 : opt_setting_take(&COMMAND, o, line, value);
        if (took < 0 && strcmp(line, "tables") == 0) took = tables_take(o, value);
        if (took < 0 && strcmp(line, MERGE_LEVEL) == 0) took = cli_double_of(value, 0, 1, true, &o->level);
        if (took <= 0) {
            snprintf(bad, len, "%s %s", line, value);
            return false;
        }
        line = nl + 1;
    }
    settle(o);
    return line != NULL;
}

/* Loads the state --resume names into the run (corpus_state_load: the
 * runner's state of this shard, these settings and this corpus, then the
 * counting's own): false after saying why. */
static bool load_resume(const odds_opts *o, odds_run *run, run_opts *ro, bool *complete)
{
    diag_t err = {0};
    size_t bytes;
    unsigned char *state = odds_run_state(run, &bytes);
    if (!corpus_state_load(ro, o->resume, o->corpus, o->ncorpus, state, bytes, complete, &err)) {
        cli_error("whistlab odds", &err);
        return false;
    }
    if (!odds_run_resume(run, o->corpus, o->ncorpus, *complete ? 0 : ro->resume.records, &err)) {
        cli_error("whistlab odds: cannot resume", &err);
        return false;
    }
    return true;
}

/* Counts the corpus on the runner into run and c (what a --resume'd state
 * holds first). -1 to go on, else an exit status. */
static int count_corpus(odds_opts *o, odds_run *run, odds_corpus_counts *c, const provenance *prov, int argc,
                        char **argv)
{
    static char config[WLS_TEXT_MAX];
    odds_state_config(prov, o, config, sizeof config);
    stats_state *st = calloc(1, sizeof *st);
    if (!st) {
        fprintf(stderr, "whistlab odds: out of memory\n");
        return EXIT_FAILURE_IO;
    }
    stats_init(st, 1, (const char *const[]){"odds"});
    bool ranks = o->ranks > 1;
    run_opts ro = {.input = o->io, .shard = ranks ? (unsigned)o->rank + 1 : o->shard,
                   .shards = ranks ? (unsigned)o->ranks : o->shards, .job_shards = true,
                   .threads = o->threads, .as_read = true,
                   .hooks = {.note = o->rank > 0 ? on_failure_note : on_note,
                             .progress = o->progress.mode != PROGRESS_OFF && o->rank == 0 ? cli_progress_hook : NULL,
                             .ctx = &o->progress},
                   .save = o->save, .config = config, .stats = st, .checkpoint_s = ODDS_CHECKPOINT_S,
                   .checkpoint_every = o->checkpoint, .inputs = c->input};
    bool complete = false;
    int rc = -1;
    if (o->resume && !load_resume(o, run, &ro, &complete)) rc = EXIT_FAILURE_IO;
    run_status status = RUN_DONE;
    if (rc < 0 && !complete) {
        if (o->save) {
            ro.stop = cli_stop_on_signals();
        }
        run_job job = odds_run_job(run);
        status = corpus_run_go(&ro, &job, o->corpus, o->ncorpus);
    }
    c->errors = st->errors;
    if (rc < 0 && status == RUN_INTERRUPTED) {
        static char again[16384];
        opt_resume_command(&COMMAND, argc, argv, o->save, false, again, sizeof again); /* the same command line */
        fprintf(stderr, "whistlab odds: interrupted after %llu deals (saved in %s); go on with:\n  %s\n",
                (unsigned long long)(st->read + st->repeats), o->save, again);
        rc = EXIT_INTERRUPTED;
    } else if (rc < 0 && status == RUN_FAILED) {
        bool lost = false;
        for (int k = 0; k < o->ncorpus; k++) lost |= c->input[k].stopped != 0;
        /* a partial corpus would pass for the whole */
        if (lost) fprintf(stderr, "whistlab odds: input could not be read to its end: no tables\n");
        rc = EXIT_FAILURE_IO;
    }
    free(st);
    return rc;
}

/* prov: what measured tables rest on (NULL: nothing measured). */
static bool write_csv(const odds_opts *o, const char *path, const odds_estimate *est, const odds_fit *fit,
                      const provenance *prov)
{
    diag_t err = {0};
    out_file *file = out_file_create_by_name(path, &err); /* whole or absent, gzip by a .gz name */
    odds_csv *w = file ? odds_csv_open(out_file_stream(file), &err) : NULL;
    if (!w) {
        if (file) out_file_abort(file);
        cli_error("whistlab odds", &err);
        return false;
    }
    if (prov) provenance_rows(prov, provenance_csv_row, w);
    int n;
    const odds_row *rows = odds_rows(&n);
    for (int i = 0; i < n; i++) {
        if (!o->table[odds_table_find(rows[i].table)]) continue;
        odds_line l = odds_line_of_row(&rows[i], est ? &est[i] : NULL);
        odds_csv_write(w, &l);
    }
    if (fit && o->table[odds_table_find("gof")]) {
        odds_line lines[16];
        int k = odds_fit_lines(fit, o->level, lines);
        for (int i = 0; i < k; i++) odds_csv_write(w, &lines[i]);
    }
    if (!odds_csv_close(w, &err)) {
        out_file_abort(file);
        fprintf(stderr, "whistlab odds: %s: %s\n", path, err.reason);
        return false;
    }
    if (!out_file_commit(file, &err)) {
        cli_error("whistlab odds", &err);
        return false;
    }
    return true;
}

int odds_output(const odds_opts *o, const odds_corpus_counts *c, const odds_acc *acc, const provenance *prov)
{
    bool csv_stdout = o->csv && strcmp(o->csv, "-") == 0;
    FILE *info = csv_stdout ? stderr : stdout;
    static odds_estimate est[ODDS_NROWS];
    static odds_fit fit;
    bool measured = acc != NULL;
    if (measured) {
        if (provenance_partial(prov)) provenance_print_status(info, prov);
        provenance_print(info, prov);
        print_files(info, o, c);
        print_summary(info, o, c);
        for (int i = 0; i < ODDS_NROWS; i++) est[i] = odds_acc_estimate(acc, i, o->level);
        if (o->fit) {
            odds_fit_compute(acc, &fit);
            odds_fit_monte_carlo(&fit, o->fit_mc, o->seed);
        }
        fputc('\n', info);
    }
    if (!csv_stdout) {
        for (int t = 0; t < ODDS_NTABLES; t++)
            if (o->table[t]) odds_print_table(stdout, t, measured ? est : NULL, o->level, o->wide);
    }
    if (o->fit) odds_fit_print(csv_stdout ? stderr : stdout, &fit);
    if (!csv_stdout) odds_print_legend(stdout, measured, o->level);
    if (o->csv && !write_csv(o, o->csv, measured ? est : NULL, o->fit ? &fit : NULL, measured ? prov : NULL))
        return EXIT_FAILURE_IO;
    if (o->plot) { /* drawn from the CSV, or from a temporary one */
        char tmp[4096];
        diag_t err = {0};
        bool temporary = !o->csv || csv_stdout;
        if (temporary && !plot_temp_csv("odds", tmp, sizeof tmp, &err)) {
            cli_error("whistlab odds: --plot", &err);
            return EXIT_FAILURE_IO;
        }
        int rc = EXIT_FAILURE_IO;
        if (!temporary || write_csv(o, tmp, measured ? est : NULL, o->fit ? &fit : NULL, measured ? prov : NULL))
            rc = plot_command_draw("odds", temporary ? tmp : o->csv, o->plot, true, temporary, o->plot_formats);
        if (temporary) unlink(tmp);
        if (rc != EXIT_OK) return rc;
    }
    if (c->s.rejected || c->errors) return EXIT_REJECTS;
    return EXIT_OK;
}

/* What a rank read of each corpus file: its deals and digest, the same
 * in every rank that read the same files. */
typedef struct {
    uint64_t deals, digest[2];
} rank_read;

/* Under mpirun: every rank counted its shard (status: -1, or how it
 * failed); the others' states are sent to rank 0, checked to have read
 * the corpus rank 0 read, and added to its run. -1 to go on (rank 0,
 * every shard counted), else the exit status. */
static int gather_ranks(const odds_opts *o, odds_run *run, const odds_corpus_counts *c, int status)
{
    size_t bytes, files = (size_t)o->ncorpus * sizeof(rank_read);
    unsigned char *state = odds_run_state(run, &bytes);
    unsigned char *msg = malloc(1 + files + bytes); /* its status, what it read, its state */
    rank_read *read = calloc((size_t)o->ncorpus, sizeof *read);
    diag_t why = {0};
    if (!msg || !read) {
        free(msg);
        free(read);
        fprintf(stderr, "whistlab odds: out of memory\n");
        return EXIT_FAILURE_IO; /* rank 0 then waits for this rank in vain: mpirun ends it */
    }
    for (int k = 0; k < o->ncorpus; k++)
        read[k] = (rank_read){c->input[k].deals, {c->input[k].digest[0], c->input[k].digest[1]}};
    if (o->rank > 0) {
        msg[0] = status < 0;
        memcpy(msg + 1, read, files);
        memcpy(msg + 1 + files, state, bytes);
        bool sent = dd_mpi_send_shard(msg, 1 + files + bytes, &why);
        free(msg);
        free(read);
        if (!sent) cli_error("whistlab odds", &why);
        return status >= 0 ? status : sent ? EXIT_OK : EXIT_FAILURE_IO;
    }
    for (int k = 1; k < o->ranks; k++) { /* every rank heard, whatever happened here */
        if (!dd_mpi_recv_shard(k, msg, 1 + files + bytes, &why)) {
            cli_error("whistlab odds", &why);
            status = EXIT_FAILURE_IO;
            break;
        }
        if (!msg[0]) {
            if (status < 0) fprintf(stderr, "whistlab odds: MPI rank %d could not count its shard: no tables\n", k);
            status = EXIT_FAILURE_IO;
        } else if (status < 0 && memcmp(msg + 1, read, files) != 0) {
            fprintf(stderr, "whistlab odds: MPI rank %d read other deals than rank 0 (the corpus files differ "
                            "between the machines): no tables\n", k);
            status = EXIT_FAILURE_IO;
        } else if (status < 0 && !odds_run_merge_state(run, msg + 1 + files, bytes, &why)) {
            cli_error("whistlab odds: MPI", &why);
            status = EXIT_FAILURE_IO;
        }
    }
    free(msg);
    free(read);
    return status;
}

static int odds_main(int argc, char **argv, const dd_mpi_world *world)
{
    static odds_opts o;
    init_opts(&o);
    o.rank = world->rank;
    o.ranks = world->size;
    static char command[8192];
    provenance_command(command, sizeof command, "whistlab", argc, argv);
    int status = parse(argc, argv, &o);
    if (status >= 0) return status;
    if (o.ranks > 1 && (o.shards > 1 || o.save)) {
        if (o.rank == 0)
            fprintf(stderr, "whistlab odds: under mpirun the ranks are the shards: --shard, --save and --resume are "
                            "for runs of one process\n");
        return EXIT_USAGE;
    }
    for (int k = 0; o.ranks > 1 && k < o.ncorpus; k++)
        if (deal_input_read_once(o.corpus[k])) { /* mpirun hands standard input to rank 0 alone */
            if (o.rank == 0)
                fprintf(stderr, "whistlab odds: under mpirun every rank reads the corpus: %s is read once (standard "
                                "input, a pipe); give a file\n", strcmp(o.corpus[k], "-") ? o.corpus[k] : "-");
            return EXIT_USAGE;
        }
    if (o.rank > 0 && !o.ncorpus) return EXIT_OK; /* the tables alone: rank 0 prints them */
    if (o.rank > 0) o.plot = NULL;
    if (o.plot && (status = plot_command_prepare("odds", o.plot)) >= 0) return status;

    static odds_corpus_counts counts;
    static provenance prov;
    memset(&counts, 0, sizeof counts);
    odds_run *run = NULL;
    const odds_acc *acc = NULL;
    if (o.ncorpus > 0) {
        /* Modes the corpus is known to allow are decided now, so that each
         * deal is counted in that mode only (S2.5's defaults, unchanged). */
        odds_input_known known = odds_input_scan(o.corpus, o.ncorpus, &o.io);
        odds_run_opts ro = {o.dealer_mode, turnup_of(&o), o.threads, true, &o.io};
        if (ro.dealer_mode == ODDS_MODE_DEFAULT && known.every_dealer) ro.dealer_mode = ODDS_DEALER_RECORD;
        if (ro.turnup_mode == ODDS_MODE_DEFAULT && known.every_turnup && ro.dealer_mode == ODDS_DEALER_RECORD)
            ro.turnup_mode = ODDS_TURNUP_RECORD;
        run = odds_run_new(&ro);
        if (!run) {
            fprintf(stderr, "whistlab odds: out of memory\n");
            return EXIT_FAILURE_IO;
        }
        if (o.ranks > 1) odds_run_shard(run, (unsigned)o.rank + 1, (unsigned)o.ranks);
        else odds_run_shard(run, o.shard, o.shards);
        odds_provenance(&prov, command, &o, &counts);
        status = count_corpus(&o, run, &counts, &prov, argc, argv);
        if (o.ranks > 1) status = gather_ranks(&o, run, &counts, status);
        if (status >= 0 || o.rank > 0) {
            odds_run_free(run);
            return status >= 0 ? status : EXIT_OK;
        }
        acc = odds_run_finish(run, &counts.s);
    }
    status = odds_output(&o, &counts, acc, &prov);
    odds_run_free(run);
    return status;
}

int cmd_odds(int argc, char **argv)
{
    dd_mpi_world world;
    diag_t why = {0};
    if (!dd_mpi_start(&world, &why)) {
        cli_error("whistlab odds", &why);
        return EXIT_FAILURE_IO;
    }
    int status = odds_main(argc, argv, &world);
    dd_mpi_finish();
    return status;
}
