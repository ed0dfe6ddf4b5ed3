/* cmd_replay.c -- `whistlab replay`: compare the conventions' opening leads
 * over a corpus (double-dummy, in rule-based play, or both). The command
 * line becomes a replay_opts and the run's settings (replay_settings.h),
 * whose text is what a state file keeps, so --resume rebuilds the very
 * same run from it; `whistlab merge` (cmd_merge.c) adds up the states of
 * shards. Every report starts with what it rests on (stats/report/provenance.h)
 * and says INCOMPLETE or PARTIAL when it is not whole (replay_report.h). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "analyze/play/sd_view.h"
#include "analyze/replay/replay.h"
#include "cli/cli.h"
#include "cli/cmd_plot.h"
#include "cli/convention_opts.h"
#include "cli/input_opts.h"
#include "cli/options.h"
#include "cli/progress.h"
#include "cli/replay_report.h"
#include "stats/report/csv_out.h"
#include "stats/report/plot.h"
#include "stats/report/report.h"
#include "stats/report/wls.h"

#define DEFAULT_CONVENTIONS "long-suit,american,short-suit"
#define DEFAULT_CHECKPOINT 1000
#define STATS_MAX_CONV_BOTH 16 /* --eval both: two columns a convention */
_Static_assert(STATS_MAX_CONV_BOTH == STATS_MAX_CONV / 2, "--help names the bound");

/* A problem of the run: a record's on a line of its own even while the
 * progress line is shown; an input's as it is; an output's under the
 * program's name. */
static void on_note(void *ctx, run_note kind, const diag_t *diag)
{
    const cli_progress *p = ctx;
    switch (kind) {
    case RUN_PROBLEM:
        cli_progress_clear(p);
        diag_print(stderr, diag);
        break;
    case RUN_INPUT: diag_print(stderr, diag); break;
    case RUN_FAILURE: cli_error("whistlab", diag); break;
    }
}

/* The loaded conventions, freed at the end (built-ins are not). */
typedef struct {
    const convention *conv[STATS_MAX_CONV];
    convention *loaded[STATS_MAX_CONV];
    int n;
} conv_list;

typedef struct {
    replay_settings s; /* first: the setting rows' fields are its (replay_settings.h) */
    replay_opts o;
    const char *resume, *csv_summary, *plot_dir, *values;
    bool plot_from_state; /* plot_dir: the interrupted run's, from its state */
    unsigned plot_formats; /* --plot-format (0: SVG) */
    uint64_t threads;
    cli_progress progress;
} replay_cli;
_Static_assert(offsetof(replay_cli, s) == 0, "a settings text is read into a replay_settings by the same rows");

/* --ext: the players' extended rules, kept as given. */
static bool take_ext(void *field, const char *value, char *why, size_t len)
{
    unsigned ext;
    diag_t d = {0};
    if (!sd_ext_parse(value, &ext, &d)) {
        snprintf(why, len, "%s", d.reason);
        return false;
    }
    *(const char **)field = value;
    return true;
}

/* A state's conventions as it names them: their table files are checked
 * when the run opens them, and need not be there for a merge. */
static bool restore_conventions(void *field, const char *value, char *why, size_t len)
{
    if (strlen(value) >= sizeof(conventions_text)) {
        snprintf(why, len, "too long");
        return false;
    }
    snprintf(field, sizeof(conventions_text), "%s", value);
    return true;
}

static bool restore_text(void *field, const char *value, char *why, size_t len)
{
    (void)why, (void)len;
    *(const char **)field = value;
    return true;
}

/* The settings' values as the report and the state text say them. */
static const char *show_text(const void *field) { return *(const char *const *)field; }
static const char *show_conventions(const void *field) { return field; }
static const char *show_valued(const void *field)
{
    return *(const bool *)field ? "every lead (--all-leads)" : "the conventions' leads";
}
/* The leader as the state text always kept it: the seat's capital. */
static const char *show_leader(const void *field)
{
    const char *given = ((const cli_input *)field)->leader;
    static const char *const SEAT[] = {"N", "E", "S", "W"};
    for (int i = 0; given && i < 4; i++)
        if ((given[0] & ~0x20) == SEAT[i][0]) return SEAT[i];
    return NULL;
}
/* Which lines a run has: the play options' when it plays, what is valued
 * when it values leads (dd or both). */
static bool plays(const void *set) { return ((const replay_settings *)set)->eval != STATS_EVAL_DD; }
static bool values_leads(const void *set) { return ((const replay_settings *)set)->eval != STATS_EVAL_PLAY; }
/* Whether the run solves its deals (it values leads, not from a store):
 * then it states the engine; the state text keeps it when it is not dds,
 * so that the texts of the runs before --engine stay as they were. */
static bool solves(const void *set)
{
    const replay_settings *s = set;
    return s->eval != STATS_EVAL_PLAY && !s->values[0];
}
static const char *show_engine(const void *field) { return *(const char *)field ? field : NULL; }

/* --plot-format as a state keeps it: its formats' names ("png,pdf");
 * NULL when not given (SVG). */
static const char *show_plot_formats(const void *field)
{
    static char text[sizeof "svg,png,pdf"];
    unsigned formats = *(const unsigned *)field;
    plot_formats_text(formats, text, sizeof text);
    return formats ? text : NULL;
}

static bool take_shard(void *field, const char *value, char *why, size_t len)
{
    run_opts *o = field;
    if (cli_parse_shard(value, WLS_MAX_PARTS, &o->shard, &o->shards)) return true;
    snprintf(why, len, "expected I/N with 1 <= I <= N <= %d", WLS_MAX_PARTS);
    return false;
}

static bool take_save(void *field, const char *value, char *why, size_t len)
{
    if (strcmp(value, "-") == 0) { /* binary, into the report (issue 25, item 16) */
        snprintf(why, len, "a state file is binary, not for standard output: name a file");
        return false;
    }
    *(const char **)field = value;
    return true;
}

/* The rows flagged OPT_SETTING are the run's settings (replay_settings.h):
 * in this order the report states them; key and key_at say the line a
 * state file keeps (the state files already written: as they were). */
#define ROW(f) .at = offsetof(replay_cli, f)
static const opt_spec OPTIONS[] = {
    {.name = "eval", .kind = OPT_CHOICE, .arg = "E", ROW(s.eval), .names = replay_eval_name, .dflt = "dd",
     .flags = OPT_SETTING, .key = "eval", .key_at = 0,
     .help = "dd: the double-dummy tricks after each opening lead (the\ndefault); play: the tricks of the "
             "eldest side when the\nrule-based single-dummy players (analyze/play/RULES.md)\nplay the whole "
             "deal; both: the two side by side (at\nmost " OPT_STR(STATS_MAX_CONV_BOTH) " conventions)"},
    {.name = "conventions", .alias = "convention", .kind = OPT_CALL, .arg = "L", ROW(s.conventions),
     .take = conventions_take, .dflt = DEFAULT_CONVENTIONS, .flags = OPT_SETTING, .show = show_conventions,
     .key = "conventions", .key_at = 1, .restore = restore_conventions,
     .help = "comma-separated conventions (built-in names or table\nfiles; dd-best allowed; all: every "
             "built-in\nbut dd-best), at most " OPT_STR(STATS_MAX_CONV) "\n(default " DEFAULT_CONVENTIONS ")"},
    {.name = "all-leads", ROW(s.all_leads), .flags = OPT_SETTING, .setting = "valued", .show = show_valued,
     .stated = values_leads, .key = "all_leads", .key_at = 7,
     .help = "value every lead of each deal, to report the best lead and\nhow many leads are optimal (dd-best "
             "implies it); without\nit only the conventions' cards are valued (fewer searches)"},
    {.name = "opponents", .kind = OPT_CALL, .arg = "C", ROW(s.opponents), .take = convention_take,
     .dflt = "long-suit", .flags = OPT_SETTING, .show = show_text, .stated = plays, .key = "opponents",
     .key_at = 9, .kept = plays, .restore = restore_text,
     .help = "with play/both: the dealer's side's convention (default\nlong-suit; 'same': each convention "
             "against itself)"},
    {.name = "signals", ROW(s.signals), .flags = OPT_SETTING, .stated = plays, .key = "signals", .key_at = 10,
     .kept_none = "0", .kept = plays, .help = "with play/both: the signals (the players' rules §11)"},
    {.name = "ext", .kind = OPT_CALL, .arg = "X4,X5,...", ROW(s.ext), .take = take_ext, .flags = OPT_SETTING,
     .show = show_text, .unset = "none", .stated = plays, .key = "ext", .key_at = 11, .kept_none = "-",
     .kept = plays, .help = "with play/both: extended rules (the players' rules §13)"},
    {INPUT_ROW_FORMAT(replay_cli, s.in), .key = "format", .key_at = 2, .kept_none = "auto"},
    {INPUT_ROW_TRUMP(replay_cli, s.in), .key = "trump", .key_at = 3, .kept_none = "auto"},
    {INPUT_ROW_LEADER(replay_cli, s.in, show_leader, "as dealt"), .key = "leader", .key_at = 4, .kept_none = "-"},
    {INPUT_ROW_WHERE(replay_cli, s.in), .key = "where", .key_at = 8},
    {.name = "seed", .kind = OPT_UINT, .arg = "N", ROW(s.seed), .max = UINT64_MAX, .flags = OPT_SETTING,
     .key = "seed", .key_at = 5, .help = "seed of the `random` convention (default 0)"},
    {.name = "limit", .kind = OPT_UINT, .arg = "N", ROW(s.limit), .max = UINT64_MAX, .flags = OPT_SETTING,
     .unset = "none", .key = "limit", .key_at = 6, .help = "read at most N deals"},
    {.name = "shard", .kind = OPT_CALL, .arg = "I/N", ROW(o.run), .take = take_shard,
     .flags = OPT_SETTING | OPT_SAID,
     .help = "analyse only records I, I+N, I+2N... (1-based), for\nruns split over machines: `whistlab merge` "
             "adds them up"},
    OPT_THREADS(replay_cli, threads, "solver threads (default: as many as DDS sets up)"),
    OPT_ENGINE(replay_cli, s.engine, .flags = OPT_SETTING, .show = show_engine, .unset = "dds", .stated = solves,
               .key = "engine", .key_at = 12, .kept = solves),
    {.name = "csv-deals", .kind = OPT_TEXT, .arg = "F", ROW(o.run.table), .flags = OPT_KEPT,
     .help = "per-deal table: one row per deal and convention"},
    {.name = "csv-summary", .kind = OPT_TEXT, .arg = "F", ROW(csv_summary), .flags = OPT_OUTPUT, .key = "summary",
     .help = "the report as a tidy table: one number per row"},
    {.name = "plot", .kind = OPT_TEXT, .arg = "DIR", ROW(plot_dir), .flags = OPT_OUTPUT, .key = "plot",
     .help = "the figures, drawn by gnuplot from the summary table: SVG,\nwith the gnuplot script and data of "
             "each (see whistlab plot)"},
    {.name = "plot-format", .kind = OPT_CALL, .arg = "LIST", ROW(plot_formats), .take = plot_take_formats,
     .flags = OPT_OUTPUT, .key = "plot_format", .show = show_plot_formats,
     .help = "the figures' formats, any of svg,png,pdf (default svg; png and pdf\nneed gnuplot's cairo "
             "terminals), as whistlab plot --format"},
    {.name = "save", .kind = OPT_CALL, .arg = "F.wls", ROW(o.run.save), .take = take_save,
     .help = "state file: written every --checkpoint deals and at the end"},
    {.name = "checkpoint", .kind = OPT_UINT, .arg = "N", ROW(o.run.checkpoint_every), .min = 1, .max = UINT64_MAX,
     .dflt = OPT_STR(DEFAULT_CHECKPOINT), .help = "deals between checkpoints (default " OPT_STR(DEFAULT_CHECKPOINT) ")"},
    {.name = "resume", .kind = OPT_TEXT, .arg = "F.wls", ROW(resume),
     .help = "continue an interrupted run (its settings come from the\nfile, which keeps being saved); same "
             "results as one run;\na run that had --values is resumed with it"},
    {.name = "values", .kind = OPT_TEXT, .arg = "F.wdv", ROW(values),
     .help = "the double-dummy values from a store of solved leads\n(whistlab solve) instead of solving: the "
             "same numbers"},
    PROGRESS_SPECS(replay_cli, progress,
                   "tty: a line redrawn on the terminal (the default when\nstderr is one); log[=N]: a dated line "
                   "every N seconds\n(default 60), for batch logs; off",
                   "the same as --progress off"),
};
#undef ROW
#define NOPTIONS ((int)(sizeof OPTIONS / sizeof OPTIONS[0]))

static void replay_usage(FILE *f);
static const opt_command COMMAND = {.cmd = "replay", .specs = OPTIONS, .n = NOPTIONS, .help = replay_usage,
                                    .verbosity = "(-q: no progress line; -v: the run's time and rate)"};

const opt_command *replay_options(void) { return &COMMAND; }

static void replay_usage(FILE *f)
{
    fprintf(f,
        "usage: whistlab replay [options] CORPUS...\n"
        "       whistlab replay --resume FILE.wls [--values F.wdv] [--threads N]\n"
        "                       [--csv-summary FILE] [--plot DIR]\n"
        "Lets each convention choose the eldest hand's opening lead on every deal,\n"
        "values every lead double-dummy (DDS, one solve per deal: trumps = the deal's\n"
        "trump suit, leader = the eldest hand) and reports the tricks each convention\n"
        "gains or loses against the others and against the best lead.\n\n");
    opt_print_list(f, &COMMAND);
    fprintf(f,
        "\n('-' as F of --csv-deals or --csv-summary: the table on standard output, the\n"
        "report on standard error.)\n"
        "per-deal CSV columns: file line index board trump leader eval convention lead\n"
        "  suit_rule card_rule tricks best cost optimal best_lead optimal_leads\n"
        "  trumps_held longest_plain leads_coincide (tricks are the leader's side's;\n"
        "  eval dd or play; with --eval both, two rows per deal and convention)\n"
        "summary CSV columns: breakdown level eval convention versus measure difference\n"
        "  value (eval dd, play, dd-play for a pair across the two, or empty; first the\n"
        "  provenance rows; the input rows 'complete' and 'status' say INCOMPLETE or\n"
        "  PARTIAL; per pair mean_gain_when_differ, mean_gain_when_same with their n and\n"
        "  se; p_value with six significant digits). README.md says what each column\n"
        "  means under each eval.\n"
        "The report starts with the experiment, the version, the command line, each\n"
        "input with its deals and their digest, and the settings; an input not read to\n"
        "its end makes it INCOMPLETE (second line), a shard's report PARTIAL.\n"
        "exit status: 0 ok, 1 some deals rejected, 2 usage, 3 an input not read to its\n"
        "end (INCOMPLETE), unwritable output, or --plot failed (gnuplot missing: install\n"
        "gnuplot-nox), 130 interrupted (resume with --resume)\n");
}

static void free_convs(conv_list *cl)
{
    for (int i = 0; i < cl->n; i++)
        if (cl->loaded[i]) convention_free(cl->loaded[i]);
    cl->n = 0;
}

/* Conventions as every command takes them (convention_open_list). */
static bool load_convs(const char *list, conv_list *cl)
{
    diag_t diag = {0};
    int n = convention_open_list(list, cl->loaded, STATS_MAX_CONV, &diag);
    if (n < 0) {
        if (diag.file) diag_print(stderr, &diag);
        else fprintf(stderr, "whistlab: --conventions: %s\n", diag.reason);
        cl->n = 0;
        return false;
    }
    for (int i = 0; i < n; i++) cl->conv[i] = cl->loaded[i];
    cl->n = n;
    return true;
}

/* What a resumed run takes from its state file: the settings, and what
 * the state keeps beside them. */
#define FROM_STATE (OPT_SETTING | OPT_KEPT)

/* The options a resumed run takes as given, not from its state file, named. */
static void others_named(char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = 0;
    for (int i = 0; i < NOPTIONS && at < len; i++)
        if (!(OPTIONS[i].flags & FROM_STATE) && strcmp(OPTIONS[i].name, "resume") != 0)
            at += (size_t)snprintf(buf + at, len - at, "%s--%s", at ? ", " : "", OPTIONS[i].name);
}

static int parse_cli(int argc, char **argv, replay_cli *c)
{
    bool given[NOPTIONS];
    replay_settings_init(&c->s);
    c->o.run.shard = c->o.run.shards = 1;
    cli_progress_init(&c->progress, "replay");
    int first, rc = opt_parse(&COMMAND, c, argc, argv, &first, given);
    if (rc >= 0) return rc;
    c->o.run.threads = (int)c->threads;
    bool run_option = false; /* an option that a resumed run takes from its file */
    for (int i = 0; i < NOPTIONS; i++) run_option |= given[i] && (OPTIONS[i].flags & FROM_STATE);
    if (c->resume && (run_option || first < argc)) {
        char others[512];
        others_named(others, sizeof others);
        opt_fail("replay", "--resume takes the corpus and the analysis options from the state file: give only %s",
                 others);
        return EXIT_USAGE;
    }
    if (!c->resume && first == argc) {
        replay_usage(stderr);
        return EXIT_USAGE;
    }
    for (int i = first; i < argc; i++) {
        if (c->s.ninputs == WLS_MAX_INPUTS || strchr(argv[i], '\n')) {
            fprintf(stderr, "whistlab: too many inputs, or a file name with a line break\n");
            return EXIT_USAGE;
        }
        c->s.inputs[c->s.ninputs++] = argv[i];
    }
    if (c->s.in.io.where && strchr(c->s.in.io.where, '\n')) /* the settings text keeps it on a line */
        return opt_usage("replay", "--where: a line break in the condition");
    c->o.run.input = c->s.in.io;
    return -1;
}

/* The outputs an interrupted run was asked for (the OPT_OUTPUT rows),
 * from its state, unless given again: the names point into the state's
 * text. */
static void take_outputs(replay_cli *c)
{
    bool plot_given = c->plot_dir != NULL;
    if (c->o.run.resume.outputs) opt_outputs_take(&COMMAND, c, (char *)c->o.run.resume.outputs);
    c->plot_from_state = !plot_given && c->plot_dir;
}

/* Loads the state file to resume into st and c (settings, shard, progress,
 * the inputs' accounts: w->inputs). Returns -1 to go on, or an exit status. */
static int load_resume(replay_cli *c, wls_file *w, stats_state *st)
{
    diag_t err = {0};
    w->stats = st;
    if (!wls_read(c->resume, w, &err)) {
        cli_error("whistlab", &err);
        return EXIT_FAILURE_IO;
    }
    resume_point at = RESUME_NOT_UNDERSTOOD;
    if (replay_settings_parse(w->config, &c->s) && w->ninputs == c->s.ninputs) {
        c->o.run.input = c->s.in.io;
        at = corpus_state_resume_point(w, &c->o.run);
    }
    if (at == RESUME_NOT_UNDERSTOOD) {
        fprintf(stderr, "whistlab: %s: settings not understood (written by another version?)\n", c->resume);
        return EXIT_FAILURE_IO;
    }
    if (at == RESUME_MERGED) {
        fprintf(stderr, "whistlab: %s: a merge of shards cannot be resumed\n", c->resume);
        return EXIT_FAILURE_IO;
    }
    /* the report says where its values come from: a run that took them
     * from a store goes on from a store, one that solved goes on solving */
    if (!w->complete && !c->s.values[0] != !c->values) {
        fprintf(stderr, "whistlab: %s: the run %s: resume it %s --values\n", c->resume,
                c->s.values[0] ? "took its double-dummy values from a store" : "solved its deals",
                c->s.values[0] ? "with" : "without");
        return EXIT_USAGE;
    }
    if (!c->o.run.save) c->o.run.save = c->resume;
    take_outputs(c);
    return -1;
}

/* The outputs of the run's report that a resumed run writes too (issue
 * 28): the state keeps the OPT_OUTPUT rows as lines (run_opts.outputs). */
static void make_outputs(replay_cli *c, char *buf, size_t len)
{
    opt_outputs_text(&COMMAND, c, buf, len);
    c->o.run.outputs = buf[0] ? buf : NULL;
}

/* The digests of the run's convention table files: computed for a new run;
 * for one resumed to go on they must be those the run started with (a
 * finished state is only reported again). Returns -1 to go on, or an exit
 * status. */
static int check_tables(replay_cli *c)
{
    static char now[sizeof c->s.tables];
    diag_t diag = {0};
    if (!replay_settings_tables(&c->s, now, sizeof now, &diag)) {
        diag_print(stderr, &diag);
        return EXIT_FAILURE_IO;
    }
    if (!c->resume) {
        snprintf(c->s.tables, sizeof c->s.tables, "%s", now);
    } else if (strcmp(now, c->s.tables) != 0) {
        fprintf(stderr, "whistlab: %s: a convention table file has changed since the run started; "
                        "table files and digests\nwhen it started:\n%snow:\n%s",
                c->resume, c->s.tables[0] ? c->s.tables : "(none)\n", now[0] ? now : "(none)\n");
        return EXIT_FAILURE_IO;
    }
    return -1;
}

/* A run over the whole corpus read the deals the store was made from
 * (each deal's record is checked as it is read; this checks the count
 * and the digest of them all). */
static bool values_match(const replay_cli *c, const dd_store *store, const input_account *inputs)
{
    if (c->o.run.shards > 1 || c->s.limit || c->resume) return true;
    input_account all = {0};
    for (int k = 0; k < c->s.ninputs; k++) input_account_merge(&all, &inputs[k]);
    const dd_store_header *h = dd_store_header_of(store);
    if (all.deals == h->deals && all.digest[0] == h->digest.lane[0] && all.digest[1] == h->digest.lane[1])
        return true;
    fprintf(stderr, "whistlab: %s: made from another corpus (%llu deals, digest differs): its values do not "
                    "belong to these deals\n", c->values, (unsigned long long)h->deals);
    return false;
}

/* Issue 25 item 6: no output of the run is one of its inputs (after
 * --resume: the corpus the state file names) or a convention's table
 * file; --save
 * may be the state --resume reads, which goes on being saved there. */
static bool outputs_apart(const replay_cli *c)
{
    static char digests[sizeof c->s.tables];
    const char *tables[STATS_MAX_CONV + 1];
    diag_t unread = {0}; /* a table that cannot be read is refused when the conventions are opened */
    int ntables = replay_settings_tables(&c->s, digests, sizeof digests, &unread)
                      ? cli_table_paths(digests, tables, STATS_MAX_CONV + 1) : 0;
    const cli_files in[] = {CLI_FILES("the corpus", c->s.inputs, c->s.ninputs), CLI_FILE("--values", c->values),
                            CLI_FILES("the convention table", tables, ntables), CLI_FILE("--resume", c->resume)};
    const cli_files out[] = {CLI_FILE("--csv-deals", c->o.run.table), CLI_FILE("--csv-summary", c->csv_summary),
                             CLI_PLOT_DIR(c->plot_dir)};
    const cli_files save[] = {CLI_FILE("--save", c->o.run.save)};
    return cli_outputs_apart("whistlab replay", out, 3, in, 4) && cli_outputs_apart("whistlab replay", save, 1, in, 3);
}

/* A complete state whose per-deal table was not yet renamed when the run
 * stopped: finished by the runner (corpus_state_finish_table). Returns -1
 * to go on, or an exit status. */
static int finish_table(const replay_cli *c)
{
    diag_t err = {0};
    if (corpus_state_finish_table(&c->o.run, c->resume, &err)) return -1;
    cli_error("whistlab", &err);
    return EXIT_FAILURE_IO;
}

int cmd_replay(int argc, char **argv)
{
    static replay_cli c;
    static wls_file w;
    static char config[WLS_TEXT_MAX], command[8192], outputs[WLS_TEXT_MAX], again[16384];
    static provenance prov;
    memset(&c, 0, sizeof c);
    provenance_command(command, sizeof command, "whistlab", argc, argv);
    int rc = parse_cli(argc, argv, &c);
    if (rc >= 0) return rc;
    dd_mpi_world world;
    diag_t mpi_why = {0};
    if (!dd_mpi_start(&world, &mpi_why)) {
        cli_error("whistlab", &mpi_why);
        return EXIT_FAILURE_IO;
    }
    dd_store *store = NULL;
    if (world.rank == 0 && c.plot_dir && (rc = plot_command_prepare("replay", c.plot_dir)) >= 0) {
        dd_mpi_finish();
        return rc;
    }
    stats_state *st = calloc(1, sizeof *st);
    input_account *inputs = calloc(WLS_MAX_INPUTS, sizeof *inputs);
    conv_list cl = {0};
    convention *opp = NULL;
    rc = EXIT_FAILURE_IO;
    if (!st || !inputs) {
        fprintf(stderr, "whistlab: out of memory\n");
        goto out;
    }
    w.inputs = inputs;
    if (c.resume && (rc = load_resume(&c, &w, st)) >= 0) goto out;
    if (world.rank == 0 && c.plot_from_state && (rc = plot_command_prepare("replay", c.plot_dir)) >= 0) goto out;
    make_outputs(&c, outputs, sizeof outputs);
    rc = EXIT_USAGE;
    if (!outputs_apart(&c)) goto out;
    FILE *report = cli_report_stream("whistlab replay", c.o.run.table, c.csv_summary);
    if (!report) goto out;
    if (!load_convs(c.s.conventions, &cl)) goto out;
    for (int i = 0; i < cl.n; i++) /* its lead is the best: every lead is valued */
        if (convention_is_dd_best(cl.conv[i])) c.s.all_leads = true;
    c.o.all_leads = c.s.all_leads;
    c.o.eval = (stats_eval)c.s.eval;
    if (c.o.eval == STATS_EVAL_BOTH && cl.n > STATS_MAX_CONV / 2) {
        fprintf(stderr, "whistlab: --eval both: at most %d conventions\n", STATS_MAX_CONV / 2);
        goto out;
    }
    if (c.o.eval != STATS_EVAL_DD && strcmp(c.s.opponents, "same") != 0) {
        diag_t diag = {0};
        opp = convention_open(c.s.opponents, &diag);
        if (!opp) {
            diag_print(stderr, &diag);
            goto out;
        }
        c.o.opponents = opp;
    }
    c.o.signals = c.s.signals;
    if (c.s.ext) {
        diag_t why = {0};
        if (!sd_ext_parse(c.s.ext, &c.o.ext, &why)) {
            fprintf(stderr, "whistlab: %.159s\n", why.reason); /* cut as it always was */
            goto out;
        }
    }
    if (!(c.resume && w.complete) && (rc = check_tables(&c)) >= 0) goto out;
    if (c.resume && w.complete && c.o.run.table && (rc = finish_table(&c)) >= 0) goto out;
    if (c.resume && w.complete) {
        replay_make_provenance(&prov, command, &c.s, inputs, w.parts, w.part_mask);
        replay_print_title(report, &c.s, w.part_mask, w.parts);
        rc = replay_finish_report(report, st, &c.s, &prov, c.csv_summary, c.plot_dir, c.plot_formats, "replay");
        goto out;
    }
    if (!c.resume) {
        const char *names[STATS_MAX_CONV];
        _Static_assert(CONVENTION_NAME_SIZE + sizeof " (sd)" - 1 <= STATS_NAME_LEN, "a column's name is whole");
        char sd_names[STATS_MAX_CONV][STATS_NAME_LEN];
        int n = cl.n;
        for (int i = 0; i < cl.n; i++) names[i] = convention_name(cl.conv[i]);
        if (c.o.eval == STATS_EVAL_BOTH) /* the single-dummy columns beside the double-dummy ones */
            for (int i = 0; i < cl.n; i++, n++) {
                snprintf(sd_names[i], STATS_NAME_LEN, "%s (sd)", convention_name(cl.conv[i]));
                names[n] = sd_names[i];
            }
        stats_init(st, n, names);
    }
    c.o.nconv = cl.n;
    for (int i = 0; i < cl.n; i++) c.o.conv[i] = cl.conv[i];
    c.o.seed = c.s.seed;
    c.o.run.engine = dd_engine_of_name(c.s.engine);
    c.o.run.limit = c.s.limit;
    c.o.run.inputs = inputs;
    c.o.run.stats = st;
    if (c.values && !(store = input_opts_open_values(&c.o.run.input, c.values, "whistlab"))) {
        rc = EXIT_FAILURE_IO;
        goto out;
    }
    if (store) replay_values_setting(&c.s, c.values, store);
    replay_settings_format(&c.s, config, sizeof config);
    c.o.run.config = config;
    c.o.values = store;
    c.o.run.mpi = &world;
    if (world.rank > 0) { /* a serving rank: rank 0 reports */
        c.o.run.hooks = (run_hooks){.note = on_note, .ctx = &c.progress};
        rc = replay_run(&c.o, c.s.inputs, c.s.ninputs) == RUN_DONE ? EXIT_OK : EXIT_FAILURE_IO;
        goto out;
    }
    c.o.run.hooks = (run_hooks){.note = on_note,
                               .progress = c.progress.mode != PROGRESS_OFF ? cli_progress_hook : NULL,
                               .ctx = &c.progress};
    if (c.o.run.save) {
        c.o.run.stop = cli_stop_on_signals();
    }
    diag_t changed = {0};
    if (c.resume && !corpus_run_resume_check(&c.o.run, c.s.inputs, c.s.ninputs, &changed)) {
        cli_error("whistlab: cannot resume", &changed);
        rc = EXIT_FAILURE_IO;
        goto out;
    }
    /* the per-deal table's head now, its tail (the inputs' digests) as the run ends */
    replay_make_provenance(&prov, command, &c.s, inputs, c.o.run.shards, 1ULL << (c.o.run.shard - 1));
    c.o.run.table_about = &prov;
    double started = cli_progress_now();
    run_status status = replay_run(&c.o, c.s.inputs, c.s.ninputs);
    if (status == RUN_INTERRUPTED) {
        bool read_once = false; /* --resume would refuse it (issue 25 item 8): not offered */
        for (int k = 0; k < c.s.ninputs; k++) read_once |= deal_input_read_once(c.s.inputs[k]);
        if (read_once)
            fprintf(stderr, "whistlab: interrupted after %llu deals (state in %s); an input read once "
                            "(standard input, a pipe) cannot be resumed\n",
                    (unsigned long long)st->all.deals, c.o.run.save);
        else {
            /* the state holds the settings and the corpus: the rest is restated
             * (the store of values a run that had one needs, threads, outputs) */
            opt_resume_command(&COMMAND, argc, argv, c.o.run.save, true, again, sizeof again);
            fprintf(stderr, "whistlab: interrupted after %llu deals; continue with:\n  %s\n",
                    (unsigned long long)st->all.deals, again);
        }
        rc = EXIT_INTERRUPTED;
        goto out;
    }
    replay_make_provenance(&prov, command, &c.s, inputs, c.o.run.shards, 1ULL << (c.o.run.shard - 1));
    if (store && status == RUN_DONE && !values_match(&c, store, inputs)) status = RUN_FAILED;
    if (cli_verbosity == CLI_VERBOSE) {
        double secs = cli_progress_now() - started;
        fprintf(stderr, "replay: %llu deals analysed in %.2f s (%.1f deals/s)\n", (unsigned long long)st->all.deals,
                secs, secs > 0 ? (double)st->all.deals / secs : 0.0);
    }
    replay_print_title(report, &c.s, 1ULL << (c.o.run.shard - 1), c.o.run.shards);
    rc = replay_finish_report(report, st, &c.s, &prov, c.csv_summary, c.plot_dir, c.plot_formats, "replay");
    if (status == RUN_FAILED) rc = EXIT_FAILURE_IO;
out:
    free_convs(&cl);
    convention_free(opp);
    dd_store_close(store);
    free(st);
    free(inputs);
    dd_mpi_finish();
    return rc;
}

