/* cmd_claims.c -- `whistlab claims`: the books' claims about systems, leads
 * and odds, each tested (issue 26 item 4; analyze/claims/claims.h): the
 * claims file read (the built-in one, or --claims FILE), the corpus read
 * once (by default the shipped corpora/whist-2000.pbn.gz with its store of
 * solved leads, found from the working directory), every claim measured,
 * and the table printed with what it rests on, as every report: a run that
 * lost input says INCOMPLETE where the numbers are, and exits non-zero. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/claims/claims.h"
#include "analyze/lead/table_digest.h"
#include "analyze/lead/table_text.h"
#include "cli/cli.h"
#include "cli/input_opts.h"
#include "cli/options.h"
#include "cli/progress.h"
#include "stats/report/csv_out.h"
#include "stats/report/tidy_csv.h"

#define PROG "whistlab claims"
#define DEFAULT_CORPUS "corpora/whist-2000.pbn.gz"
#define DEFAULT_VALUES "corpora/whist-2000.wdv"
/* Seconds between two checkpoints of a --save'd run. */
#define CLAIMS_CHECKPOINT_S 30

typedef struct {
    const char *values, *claims, *csv;
    const char *save, *resume; /* the state file written, and read to go on */
    uint64_t threads, seed;
    uint64_t checkpoint;       /* deals between checkpoints (0: by time only) */
    cli_progress progress;
    input_opts io;
    cli_input in;
} claims_cli;

/* The rows flagged OPT_SETTING are the report's settings, in this order
 * (opt_settings); the claims file and the store are stated with what was
 * read from them (state_said), the signals and the level after them. */
#define ROW(f) .at = offsetof(claims_cli, f)
static const opt_spec OPTIONS[] = {
    {.name = "claims", .kind = OPT_TEXT, .arg = "FILE", ROW(claims), .flags = OPT_SETTING | OPT_SAID,
     .help = "the claims to test (default: the built-in claims.tbl)"},
    {.name = "values", .kind = OPT_TEXT, .arg = "F.wdv", ROW(values), .flags = OPT_SETTING | OPT_SAID,
     .help = "the double-dummy values of FILE's deals (without it, and\nwith FILE given, the dd claims are not testable)"},
    {.name = "csv", .kind = OPT_TEXT, .arg = "OUT", ROW(csv), .help = "one row per claim ('-' = standard output)"},
    OPT_THREADS(claims_cli, threads, "measuring threads (default 1; the numbers are the same)"),
    PROGRESS_SPECS(claims_cli, progress,
                   "tty: a line on the terminal with the total and the percentage\n(the default when stderr is "
                   "one); log[=N]: a line every N seconds\n(default 60); off",
                   "the same as --progress off"),
    OPT_STATE_SPECS(claims_cli, save, checkpoint, resume, "", "measuring", CLAIMS_CHECKPOINT_S),
    INPUT_SPEC_FORMAT(claims_cli, in),
    INPUT_SPEC_TRUMP(claims_cli, in),
    INPUT_SPEC_LEADER_UNSET(claims_cli, in, "the deal's"),
    INPUT_SPEC_WHERE(claims_cli, in),
    {.name = "seed", .kind = OPT_UINT, .arg = "S", ROW(seed), .max = UINT64_MAX, .dflt = "1", .flags = OPT_SETTING,
     .help = "seed of the `random` convention's leads (default 1)"},
};
#undef ROW

static void usage(FILE *f);
static const opt_command COMMAND = {.cmd = "claims", .specs = OPTIONS, .n = sizeof OPTIONS / sizeof OPTIONS[0],
                                    .help = usage};

static void usage(FILE *f)
{
    fprintf(f,
        "usage: whistlab claims [FILE...] [--values STORE] [--claims FILE] [--csv OUT]\n"
        "                       [--threads N] [--seed S] [--progress P] [--save F | --resume F] [-q]\n"
        "The books' claims about systems, leads and odds, each tested: the book's\n"
        "words and line, the experiment (double-dummy leads from a store of solved\n"
        "leads, duplicate play with each side playing its own convention's table, a\n"
        "share of the corpus deals, or the exact odds), the number with its 95%% CI,\n"
        "and a verdict: supported, contradicted, not significant, or not testable.\n"
        "Without FILE: the shipped corpus corpora/whist-2000.pbn.gz and its store\n"
        "corpora/whist-2000.wdv (run from the source tree).\n"
        "\n");
    opt_print_list(f, &COMMAND);
    fprintf(f,
        "The report starts with what it rests on: the version, the command line, each\n"
        "file with its deals and their digest, the store and the claims file with\n"
        "their digests. Exit: 0 ok, 1 deals rejected or without a value in the store,\n"
        "2 usage, 3 an input or output that cannot be used (an input not read to its\n"
        "end: the report says INCOMPLETE), 130 interrupted (go on with --resume).\n"
        "Under mpirun the other ranks measure deals too (same report).\n");
}

static void on_note(void *ctx, run_note kind, const diag_t *d)
{
    cli_progress_clear(ctx);
    if (kind == RUN_FAILURE || cli_verbosity != CLI_QUIET) cli_error(PROG, d);
}

static const char *const CSV_COLUMNS[] = {
    "id", "book", "line_from", "line_to", "words", "kind", "test", "where", "event", "short", "measure", "value",
    "ci_lo", "ci_hi", "exact", "exact_fraction", "n", "hits", "verdict", "note", "status"};

/* A claim's test as its file writes it: "dd X > Y" holds two whole names. */
#define CLAIM_TEST_TEXT_SIZE (2 * CONVENTION_NAME_SIZE + 16)

static void test_text(const claim *c, char *buf, size_t len)
{
    static const char *const DIR[] = {[CLAIM_GT] = ">", [CLAIM_LT] = "<", [CLAIM_EQ] = "="};
    char p[84];
    switch (c->kind) {
    case CLAIM_DD:
    case CLAIM_PLAY:
        snprintf(buf, len, "%s %s %s %s", c->kind == CLAIM_DD ? "dd" : "play", c->conv[0], DIR[c->dir], c->conv[1]);
        break;
    case CLAIM_SHARE: snprintf(buf, len, "share %s %s", DIR[c->dir], rat_format(c->p, p)); break;
    case CLAIM_ODDS: snprintf(buf, len, "odds %s %s", c->table, c->row); break;
    default: snprintf(buf, len, "none"); break;
    }
}

static void book_line(const claim *c, char *buf, size_t len)
{
    if (!c->line_from) snprintf(buf, len, "%s ext", c->book);
    else if (c->line_to == c->line_from) snprintf(buf, len, "%s L%u", c->book, c->line_from);
    else snprintf(buf, len, "%s L%u-%u", c->book, c->line_from, c->line_to);
}

/* The value with its interval, as the table prints it (an exact value's
 * fraction goes on the claim's second line). */
static void value_text(const claim_result *r, char *buf, size_t len)
{
    if (!r->has_value) snprintf(buf, len, "-");
    else if (r->exact) snprintf(buf, len, "%.4f exact", r->value);
    else if (isnan(r->lo)) snprintf(buf, len, "%+.3f", r->value);
    else if (strcmp(r->measure, "share") == 0) snprintf(buf, len, "%.3f [%.3f, %.3f]", r->value, r->lo, r->hi);
    else snprintf(buf, len, "%+.3f [%+.3f, %+.3f]", r->value, r->lo, r->hi);
}

/* text after 4 blanks, its lines broken at blanks to fit 100 columns
 * (continued after 6). */
static void print_wrapped(FILE *f, const char *text)
{
    int indent = 4;
    while (*text) {
        int room = 100 - indent, len = (int)strlen(text), cut = len;
        if (len > room) {
            cut = room;
            while (cut > 0 && text[cut] != ' ') cut--;
            if (cut == 0) cut = room; /* one word longer than the line */
        }
        fprintf(f, "%*s%.*s\n", indent, "", cut, text);
        text += cut;
        while (*text == ' ') text++;
        indent = 6;
    }
}

/* Two lines a claim, within 100 columns: id, book line, value, n, verdict;
 * then the test, the short words, the conditions and the note. */
static void print_table(FILE *f, const claim_set *s, const claim_result *res)
{
    fprintf(f, "%-31s %-21s %-23s %5s  %s\n", "claim", "book", "value [95% CI]", "n", "verdict");
    for (int i = 0; i < 100; i++) fputc('-', f);
    fputc('\n', f);
    int count[4] = {0};
    for (int j = 0; j < s->n; j++) {
        const claim *c = &s->claim[j];
        const claim_result *r = &res[j];
        char book[40], test[CLAIM_TEST_TEXT_SIZE], value[96], n[24], q[84];
        book_line(c, book, sizeof book);
        test_text(c, test, sizeof test);
        value_text(r, value, sizeof value);
        if (r->exact || c->kind == CLAIM_NONE) snprintf(n, sizeof n, "-");
        else snprintf(n, sizeof n, "%llu", (unsigned long long)r->n);
        fprintf(f, "%-31s %-21s %-23s %5s  %s\n", c->id, book, value, n, claims_verdict_name(r->verdict));
        char detail[2048];
        int k = snprintf(detail, sizeof detail, "%s: %s", test, c->short_words);
        if (c->where[0]) k += snprintf(detail + k, sizeof detail - (size_t)k, "; where %s", c->where);
        if (c->event[0]) k += snprintf(detail + k, sizeof detail - (size_t)k, "; event %s", c->event);
        if (r->exact) k += snprintf(detail + k, sizeof detail - (size_t)k, "; exactly %s", rat_format(r->exact_value, q));
        if (r->note[0]) snprintf(detail + k, sizeof detail - (size_t)k, "; %s", r->note);
        print_wrapped(f, detail);
        count[r->verdict]++;
    }
    fprintf(f, "\n%d claims: %d supported, %d contradicted, %d not significant, %d not testable\n", s->n,
            count[VERDICT_SUPPORTED], count[VERDICT_CONTRADICTED], count[VERDICT_NOT_SIGNIFICANT],
            count[VERDICT_NOT_TESTABLE]);
    fprintf(f,
            "verdicts: dd, play -- supported when the 95%% CI of the mean difference X - Y lies on the\n"
            "  book's side of 0, contradicted when on the other, not significant when it holds 0; share --\n"
            "  the same against P (Wilson interval), a certainty (= 1) supported only when every deal\n"
            "  agrees; odds -- the exact value against the book's figure: exact, rounded, truncated, holds\n"
            "  supported; loose, wrong, fails contradicted (`whistlab odds` legend).\n");
}

static bool write_csv(const char *path, const claim_set *s, const claim_result *res, const provenance *prov,
                      const char *status)
{
    diag_t d = {0};
    csv_out *o = csv_out_open(path, CSV_COLUMNS, (int)(sizeof CSV_COLUMNS / sizeof CSV_COLUMNS[0]), &d);
    if (!o) {
        cli_error(PROG, &d);
        return false;
    }
    csv_out_provenance(o, prov);
    static const char *const KIND[] = {[CLAIM_DD] = "dd", [CLAIM_PLAY] = "play", [CLAIM_SHARE] = "share",
                                       [CLAIM_ODDS] = "odds", [CLAIM_NONE] = "none"};
    for (int j = 0; j < s->n; j++) {
        const claim *c = &s->claim[j];
        const claim_result *r = &res[j];
        char test[CLAIM_TEST_TEXT_SIZE], q[84];
        test_text(c, test, sizeof test);
        csv_out_text(o, c->id);
        csv_out_text(o, c->book);
        csv_out_int(o, c->line_from);
        csv_out_int(o, c->line_to);
        csv_out_text(o, c->words);
        csv_out_text(o, KIND[c->kind]);
        csv_out_text(o, test);
        csv_out_text(o, c->where);
        csv_out_text(o, c->event);
        csv_out_text(o, c->short_words);
        csv_out_text(o, r->measure);
        if (r->has_value) csv_out_sig(o, r->value, 10);
        else csv_out_text(o, "");
        if (r->has_value && !r->exact && !isnan(r->lo)) {
            csv_out_sig(o, r->lo, 10);
            csv_out_sig(o, r->hi, 10);
        } else {
            csv_out_text(o, "");
            csv_out_text(o, "");
        }
        /* the exact value as a number (the column loads as numbers) and as
         * the fraction it is */
        bool exact = (r->exact || c->kind == CLAIM_SHARE) && r->has_value;
        if (exact) csv_out_sig(o, rat_to_double(r->exact_value), 10);
        else csv_out_text(o, "");
        csv_out_text(o, exact ? rat_format(r->exact_value, q) : "");
        csv_out_int(o, (long long)r->n);
        csv_out_int(o, (long long)r->hits);
        csv_out_text(o, claims_verdict_name(r->verdict));
        csv_out_text(o, r->note);
        csv_out_text(o, status);
        csv_out_end_row(o);
    }
    if (!csv_out_close(o, &d)) {
        cli_error(PROG, &d);
        return false;
    }
    return true;
}

/* The claims file: the built-in one, or --claims FILE read once. */
static bool load_claims(const claims_cli *c, claim_set *set, digest128 *digest, diag_t *d)
{
    if (!c->claims) {
        *digest = digest128_bytes(CLAIMS_BUILTIN_TEXT, strlen(CLAIMS_BUILTIN_TEXT));
        return claims_parse(CLAIMS_BUILTIN_TEXT, strlen(CLAIMS_BUILTIN_TEXT), CLAIMS_BUILTIN_NAME, set, d);
    }
    table_text t;
    if (!table_text_read(c->claims, &t, d)) return false;
    if (t.len > TABLE_TEXT_MAX) {
        diag_set(d, c->claims, 0, "larger than %d bytes: not a claims file", TABLE_TEXT_MAX);
        return false;
    }
    *digest = t.digest;
    return claims_parse(t.text, t.len, c->claims, set, d);
}

/* The conventions the claims compare, as a list for their table digests. */
static void convention_list(const claim_set *s, char *buf, size_t len)
{
    buf[0] = 0;
    for (int j = 0; j < s->n; j++)
        for (int i = 0; i < 2; i++) {
            const char *name = s->claim[j].conv[i];
            if (!name[0]) continue;
            size_t n = strlen(name), at = strlen(buf);
            bool seen = false;
            for (const char *p = buf; (p = strstr(p, name)) && !seen; p++)
                seen = (p == buf || p[-1] == ',') && (p[n] == ',' || p[n] == 0);
            if (!seen && at + n + 2 < len) snprintf(buf + at, len - at, "%s%s", at ? "," : "", name);
        }
}

/* Parses the command line; -1 to go on (*first: the first file), else an
 * exit status. */
static int parse(int argc, char **argv, claims_cli *c, int *first)
{
    cli_input_init(&c->in);
    int rc = opt_parse(&COMMAND, c, argc, argv, first, NULL);
    if (rc >= 0) return rc;
    c->io = c->in.io;
    if (c->resume && !c->save) c->save = c->resume; /* it goes on being saved there */
    return -1;
}

/* What the run made of the claims file and the store, for their lines. */
typedef struct {
    const claims_cli *c;
    digest128 claims_digest;
    int nclaims;
    const dd_store *store;
    bool store_matches;
    const char *tables; /* the digests of the table files the claims' conventions name */
} claims_said;

/* The lines of the claims file and the store (the table files' digests
 * after the store's). */
static void state_said(void *ctx, const opt_spec *row, provenance *p)
{
    const claims_said *k = ctx;
    char hex[DIGEST128_HEX];
    if (strcmp(row->name, "claims") == 0) {
        provenance_setting(p, "claims", "%s (digest %s, %d claims)", k->c->claims ? k->c->claims : "built-in claims.tbl",
                           digest128_hex(k->claims_digest, hex), k->nclaims);
    } else if (strcmp(row->name, "values") == 0) {
        if (k->store) {
            const dd_store_header *h = dd_store_header_of(k->store);
            provenance_setting(p, "values", "from the store %s (%llu deals, digest %s)%s", k->c->values,
                               (unsigned long long)h->deals, digest128_hex(h->digest, hex),
                               k->store_matches ? "" : ": made from another corpus, not used");
        } else {
            provenance_setting(p, "values", "none: the dd claims are not testable");
        }
        table_digests_provenance(k->tables, p);
    }
}

/* The report's settings: the options' (OPTIONS), then what no option
 * changes: the players' signals and the level of the intervals. */
static void claims_settings(const claims_said *said, provenance *p)
{
    opt_settings(&COMMAND, said->c, p, state_said, (void *)said);
    provenance_setting(p, "signals", "off");
    provenance_setting(p, "level", "0.95");
}

/* The settings a saved measuring is bound to (corpus_state_config): the
 * corpus files and the report's settings (the store as if it matched:
 * that is known at the end), a line each; a run goes on only with the same. */
static void state_config(const claims_said *said, const char *const files[], int nfiles, char *buf, size_t len)
{
    static provenance p;
    provenance_init(&p);
    claims_said as_if = *said;
    as_if.store_matches = true;
    claims_settings(&as_if, &p);
    corpus_state_config(buf, len, "claims", files, nfiles, &p, false);
}

/* Measures the claims (claims_run) with the command's progress, state
 * file and signals; an exit status when the report is not to be printed
 * (an error told, a stop, another MPI rank), else -1. */
static int measure(claims_cli *c, const claim_set *set, const claims_said *said, const char *const files[],
                   int nfiles, claims_account *acc, claim_result *res, int argc, char **argv)
{
    static char config[WLS_TEXT_MAX];
    state_config(said, files, nfiles, config, sizeof config);
    dd_mpi_world world = {0, 1};
    diag_t d = {0};
    if (!dd_mpi_start(&world, &d)) {
        cli_error(PROG, &d);
        return EXIT_FAILURE_IO;
    }
    if (world.rank > 0) c->progress.mode = PROGRESS_OFF;
    claims_opts o = {.input = c->io, .values = said->store, .seed = c->seed, .threads = (int)c->threads,
                     .hooks = {.note = on_note, .progress = c->progress.mode != PROGRESS_OFF ? cli_progress_hook : NULL,
                               .ctx = &c->progress},
                     .save = c->save, .config = config, .checkpoint_every = c->checkpoint,
                     .checkpoint_s = CLAIMS_CHECKPOINT_S, .resume = c->resume, .mpi = &world,
                     .stop = c->save && world.rank == 0 ? cli_stop_on_signals() : NULL};
    claims_status run = claims_run(set, c->claims ? c->claims : CLAIMS_BUILTIN_NAME, &o, files, nfiles, acc, res, &d);
    dd_mpi_finish();
    if (c->resume && acc->kept && cli_verbosity != CLI_QUIET && run != CLAIMS_REFUSED && world.rank == 0)
        fprintf(stderr, PROG ": %s: resuming: %llu deals kept\n", c->resume, (unsigned long long)acc->kept);
    switch (run) {
    case CLAIMS_DONE: return -1;
    case CLAIMS_SERVED: return EXIT_OK;
    case CLAIMS_REFUSED:
        cli_error(PROG, &d);
        return c->resume && !d.line ? EXIT_FAILURE_IO : EXIT_USAGE;
    case CLAIMS_INTERRUPTED: {
        static char again[16384];
        opt_resume_command(&COMMAND, argc, argv, c->save, false, again, sizeof again);
        fprintf(stderr, PROG ": interrupted after %llu deals (saved in %s); go on with:\n  %s\n",
                (unsigned long long)acc->read, c->save, again);
        return EXIT_INTERRUPTED;
    }
    case CLAIMS_FAILED:
        if (d.reason[0]) cli_error(PROG, &d);
        return EXIT_FAILURE_IO;
    }
    return EXIT_FAILURE_IO;
}

int cmd_claims(int argc, char **argv)
{
    static claims_cli c;
    memset(&c, 0, sizeof c);
    c.threads = 1;
    cli_progress_init(&c.progress, "claims");
    int optind, st = parse(argc, argv, &c, &optind);
    if (st >= 0) return st;
    const char *const *files = (const char *const *)argv + optind;
    int nfiles = argc - optind;
    static const char *const DEFAULT_FILES[] = {DEFAULT_CORPUS};
    if (nfiles == 0) {
        files = DEFAULT_FILES;
        nfiles = 1;
        if (!c.values) c.values = DEFAULT_VALUES;
    }
    const cli_files in[] = {CLI_FILES("the corpus", files, nfiles), CLI_FILE("--values", c.values),
                            CLI_FILE("--claims", c.claims)};
    const cli_files out[] = {CLI_FILE("--csv", c.csv), CLI_FILE("--save", c.save)};
    if ((c.csv || c.save) && !cli_outputs_apart(PROG, out, 2, in, 3)) return EXIT_USAGE;
    FILE *report = cli_report_stream(PROG, c.csv, NULL);
    if (!report) return EXIT_USAGE;

    claim_set set;
    digest128 claims_digest;
    diag_t d = {0};
    if (!load_claims(&c, &set, &claims_digest, &d)) {
        cli_error(PROG, &d);
        return EXIT_USAGE;
    }
    dd_store *store = NULL;
    if (c.values && !(store = input_opts_open_values(&c.io, c.values, "whistlab"))) {
        claims_free(&set);
        return EXIT_FAILURE_IO;
    }
    /* room for what a state file may hold (wls.h) */
    input_account *inputs = calloc((size_t)(nfiles > WLS_MAX_INPUTS ? nfiles : WLS_MAX_INPUTS), sizeof *inputs);
    claim_result *res = calloc((size_t)set.n, sizeof *res);
    static provenance prov;
    provenance_init(&prov);
    int status = EXIT_OK;
    char list[1024], tables[4096] = "";
    convention_list(&set, list, sizeof list);
    if (!inputs || !res) {
        fprintf(stderr, PROG ": out of memory\n");
        status = EXIT_FAILURE_IO;
    } else if (list[0] && !table_digests(list, tables, sizeof tables, &d)) {
        cli_error(PROG, &d);
        status = EXIT_USAGE;
    }
    claims_account acc = {.ninputs = nfiles, .inputs = inputs};
    claims_said said = {.c = &c, .claims_digest = claims_digest, .nclaims = set.n, .store = store, .tables = tables};
    int measured = status == EXIT_OK ? measure(&c, &set, &said, files, nfiles, &acc, res, argc, argv) : status;
    if (measured >= 0) status = measured;
    if (measured < 0) {
        static char command[8192];
        provenance_command(command, sizeof command, "whistlab", argc, argv);
        prov.version = WHISTLAB_VERSION;
        prov.command = command;
        prov.experiment = "each claim of the books tested as its claims file says: dd X > Y, the eldest side's "
                          "double-dummy tricks after X's and Y's opening leads paired over the deals; play X > Y, "
                          "X against Y by duplicate (each side its own convention's table); share, the deals "
                          "meeting a condition; odds, the exact value against the book's figure.";
        prov.ninputs = nfiles;
        prov.input_name = files;
        prov.input = inputs;
        said.store_matches = acc.store_matches;
        claims_settings(&said, &prov);

        fprintf(report, "whistlab claims: %d claims of the books, tested\n", set.n);
        provenance_print_status(report, &prov);
        provenance_print(report, &prov);
        fprintf(report, "deals: %llu read = %llu accepted + %llu rejected + %llu left by --where + %llu repeats; "
                        "%llu whist deals\n",
                (unsigned long long)acc.read, (unsigned long long)acc.accepted, (unsigned long long)acc.rejected,
                (unsigned long long)acc.left, (unsigned long long)acc.repeats, (unsigned long long)acc.whist);
        if (acc.unvalued)
            fprintf(report, "%llu whist deals without a value in the store: left out of the dd claims\n",
                    (unsigned long long)acc.unvalued);
        if (store && !acc.store_matches)
            fprintf(report, "the store %s was made from another corpus: the dd claims are not testable\n", c.values);
        fputc('\n', report);
        print_table(report, &set, res);
        char line[1024];
        provenance_status(&prov, line, sizeof line);
        if (c.csv && !write_csv(c.csv, &set, res, &prov, line)) status = EXIT_FAILURE_IO;
        if (provenance_stopped(&prov)) status = EXIT_FAILURE_IO;
        else if (status == EXIT_OK && (acc.rejected || acc.errors || acc.unvalued || (store && !acc.store_matches)))
            status = EXIT_REJECTS;
    }
    free(inputs);
    free(res);
    claims_free(&set);
    if (store) dd_store_close(store);
    return status;
}
