/* cmd_solve.c -- `whistlab solve`: the store of solved leads (.wdv,
 * analyze/dd/dd_store.h) of a corpus: every whist deal solved once, every
 * card of the eldest hand's opening lead valued (one DDS solve a deal), so
 * that later comparisons (`replay --values`, `lead --values`) read the
 * values instead of solving. The deals are read and accounted for by the
 * corpus runner (analyze/solve/solve_run.h), so a store's places are
 * numbered as every run numbers the corpus's records; a solve resumes
 * from its .part, splits in shards that merge into the same bytes, and
 * runs under mpirun. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/solve/solve_run.h"
#include "cli/cli.h"
#include "cli/input_opts.h"
#include "cli/options.h"
#include "cli/progress.h"
#include "stats/report/wls.h"

typedef struct {
    const char *inputs[WLS_MAX_INPUTS];
    int ninputs;
    solve_opts o;
    const char *out;
    bool resume, merge;
    uint64_t threads;
    char engine[DD_ENGINE_NAME_MAX]; /* --engine: "" for dds (the store records the one used) */
    cli_input in;
    cli_progress progress;
    const char *parts[DD_STORE_MAX_SHARDS];
    int nparts;
} solve_cli;

static bool take_shard(void *field, const char *value, char *why, size_t len)
{
    run_opts *o = field;
    if (cli_parse_shard(value, DD_STORE_MAX_SHARDS, &o->shard, &o->shards)) return true;
    snprintf(why, len, "expected I/N with 1 <= I <= N <= %d", DD_STORE_MAX_SHARDS);
    return false;
}

#define ROW(f) .at = offsetof(solve_cli, f)
static const opt_spec OPTIONS[] = {
    {.name = "output", .short_name = 'o', .kind = OPT_TEXT, .arg = "F", ROW(out),
     .help = "the store to write (under F.part until it is finished)"},
    {.name = "resume", ROW(resume),
     .help = "go on with F.part where a killed solve stopped (it is\ncheckpointed every " OPT_STR(SOLVE_CHECKPOINT_S) " seconds and when interrupted;\nsame bytes)"},
    {.name = "shard", .kind = OPT_CALL, .arg = "I/N", ROW(o.run), .take = take_shard,
     .help = "solve only records I, I+N, I+2N... (1-based, N <= " OPT_STR(DD_STORE_MAX_SHARDS) ");\n"
             "--merge joins the N parts into the whole store"},
    {.name = "merge", ROW(merge), .help = "join the parts of a sharded solve (PART files) into F"},
    OPT_THREADS(solve_cli, threads, "solver threads (default: as many as DDS sets up); under\n"
                                    "mpirun every rank solves on one thread, rank 0 reads"),
    OPT_ENGINE(solve_cli, engine),
    PROGRESS_SPECS(solve_cli, progress, "tty, log[=N] (a dated line every N seconds) or off",
                   "the same as --progress off"),
    INPUT_SPECS(solve_cli, in),
};
#undef ROW

static void solve_usage(FILE *f);
static const opt_command COMMAND = {.cmd = "solve", .specs = OPTIONS, .n = sizeof OPTIONS / sizeof OPTIONS[0],
                                    .help = solve_usage};

static void solve_usage(FILE *f)
{
    fprintf(f,
        "usage: whistlab solve [options] CORPUS... -o FILE.wdv\n"
        "       whistlab solve --merge -o FILE.wdv PART.wdv...\n"
        "Solves every whist deal of the corpus double-dummy once (DDS, one solve a\n"
        "deal: trumps = the deal's trump suit, leader = the eldest hand) and stores\n"
        "the value of every card of the opening lead: 8 bytes a deal, in blocks with a\n"
        "CRC, bound to the corpus (its deals, their digest, the reading policy).\n"
        "`whistlab replay --values FILE` and `whistlab lead --values FILE` read it\n"
        "instead of solving, with the same numbers.\n\n");
    opt_print_list(f, &COMMAND);
    fprintf(f,
        "\nexit status: 0 ok, 1 some deals rejected (their places hold no values),\n"
        "2 usage, 3 an input or the store cannot be read or written, 130 interrupted\n"
        "(go on with --resume)\n");
}

static int parse_cli(int argc, char **argv, solve_cli *c)
{
    cli_input_init(&c->in);
    c->o.run.shard = c->o.run.shards = 1;
    cli_progress_init(&c->progress, "solve");
    c->progress.estimate = true;
    int optind, rc = opt_parse(&COMMAND, c, argc, argv, &optind, NULL);
    if (rc >= 0) return rc;
    c->o.run.threads = (int)c->threads;
    c->o.run.engine = dd_engine_of_name(c->engine);
    c->o.run.input = c->in.io;
    if (c->o.run.input.where) {
        fprintf(stderr, "whistlab solve: --where: a store holds every deal of its corpus; give --where to the "
                        "commands that read it (replay, lead)\n");
        return EXIT_USAGE;
    }
    if (!c->out || optind == argc) {
        fprintf(stderr, "whistlab solve: %s\n", !c->out ? "-o FILE.wdv is required" : "no input given");
        solve_usage(stderr);
        return EXIT_USAGE;
    }
    if (c->merge) {
        if (c->resume || c->o.run.shards > 1 || argc - optind > DD_STORE_MAX_SHARDS) {
            fprintf(stderr, "whistlab solve: --merge takes -o and at most %d parts, nothing else\n",
                    DD_STORE_MAX_SHARDS);
            return EXIT_USAGE;
        }
        for (int i = optind; i < argc; i++) c->parts[c->nparts++] = argv[i];
        return -1;
    }
    for (int i = optind; i < argc; i++) {
        if (c->ninputs == WLS_MAX_INPUTS) {
            fprintf(stderr, "whistlab solve: more than %d inputs\n", WLS_MAX_INPUTS);
            return EXIT_USAGE;
        }
        c->inputs[c->ninputs++] = argv[i];
    }
    return -1;
}

/* The store's note: how it was made, without what does not change its
 * bytes (threads, shards, resuming, progress). */
static void make_note(const solve_cli *c, char *buf, size_t len)
{
    size_t at = (size_t)snprintf(buf, len, "whistlab solve --format %s --trump %s",
                                 deal_format_name(c->o.run.input.format), c->in.trump ? c->in.trump : "auto");
    if (c->in.leader && at < len) at += (size_t)snprintf(buf + at, len - at, " --leader %c", c->in.leader[0] & ~0x20);
    for (int i = 0; i < c->ninputs && at < len; i++)
        at += (size_t)snprintf(buf + at, len - at, " %s", c->inputs[i]);
}

static void on_note(void *ctx, run_note kind, const diag_t *diag)
{
    cli_progress_clear(ctx);
    if (kind == RUN_FAILURE) cli_error("whistlab solve", diag);
    else diag_print(stderr, diag);
}

/* Starts or resumes the store (c->o.run.known_records: the first record
 * to solve). */
static dd_store_writer *open_store(solve_cli *c)
{
    dd_store_header h = {.per_record = c->o.run.input.policy.kind == TRUMP_EACH ? 4 : 1,
                         .shard = c->o.run.shard, .shards = c->o.run.shards};
    input_opts_policy_text(&c->o.run.input, h.policy, sizeof h.policy);
    make_note(c, h.note, sizeof h.note);
    snprintf(h.engine, sizeof h.engine, "%s", dd_engine_name(c->o.run.engine));
    diag_t diag = {0};
    uint64_t kept;
    dd_store_writer *w = solve_open(c->out, &h, c->resume, &c->o.run, &kept, &diag);
    if (w && c->resume)
        fprintf(stderr, "whistlab solve: %s: resuming: %llu deals kept from %s.part\n", c->out,
                (unsigned long long)kept, c->out);
    if (!w) cli_error("whistlab solve", &diag);
    return w;
}

static int run_solve(solve_cli *c, const dd_mpi_world *world, int argc, char **argv)
{
    stats_state *st = calloc(1, sizeof *st);
    input_account *inputs = calloc(WLS_MAX_INPUTS, sizeof *inputs);
    if (!st || !inputs) {
        fprintf(stderr, "whistlab solve: out of memory\n");
        free(st);
        free(inputs);
        return EXIT_FAILURE_IO;
    }
    stats_init(st, 0, NULL);
    c->o.run.stats = st;
    c->o.run.inputs = inputs;
    c->o.run.mpi = world;
    c->o.run.hooks = (run_hooks){.note = on_note,
                                .progress = c->progress.mode != PROGRESS_OFF ? cli_progress_hook : NULL,
                                .ctx = &c->progress};
    int rc = EXIT_FAILURE_IO;
    if (world->rank > 0) { /* a serving rank */
        rc = solve_run(&c->o, c->inputs, c->ninputs) == RUN_DONE ? EXIT_OK : EXIT_FAILURE_IO;
        goto out;
    }
    if (!(c->o.to = open_store(c))) goto out;
    c->o.run.stop = cli_stop_on_signals();
    run_status status = solve_run(&c->o, c->inputs, c->ninputs);
    input_account all = {0};
    for (int k = 0; k < c->ninputs; k++) input_account_merge(&all, &inputs[k]);
    if (status != RUN_DONE) {
        dd_store_stop(c->o.to);
        if (status == RUN_INTERRUPTED) {
            static char again[16384];
            opt_resume_command(&COMMAND, argc, argv, NULL, false, again, sizeof again);
            fprintf(stderr, "whistlab solve: interrupted after %llu deals (kept in %s.part); go on with:\n  %s\n",
                    (unsigned long long)st->read, c->out, again);
            rc = EXIT_INTERRUPTED;
        } else {
            fprintf(stderr, "whistlab solve: %s not finished: what is solved stays in %s.part (--resume)\n",
                    c->out, c->out);
        }
        goto out;
    }
    diag_t diag = {0};
    digest128 digest = {{all.digest[0], all.digest[1]}}, corpus = {{0, 0}};
    /* a part is bound to the corpus it is cut from, its shard's deals or
     * not: a merge refuses parts of other deals (issue 25 item 9) */
    for (int k = 0; k < c->ninputs; k++)
        deal_digest_add(&corpus, (digest128){{inputs[k].corpus[0], inputs[k].corpus[1]}});
    if (!dd_store_finish(c->o.to, all.deals, c->o.run.shards > 1 ? corpus : digest, &diag)) {
        cli_error("whistlab solve", &diag);
        goto out;
    }
    char hex[DIGEST128_HEX];
    printf("whistlab solve: %s: %llu deals read: %llu solved, %llu rejected (their places hold no values); "
           "digest %s%s\n",
           c->out, (unsigned long long)st->read, (unsigned long long)st->accepted,
           (unsigned long long)st->rejected, digest128_hex(digest, hex),
           c->o.run.shards > 1 ? " (this shard's)" : "");
    rc = st->rejected || st->errors ? EXIT_REJECTS : EXIT_OK;
out:
    free(st);
    free(inputs);
    return rc;
}

int cmd_solve(int argc, char **argv)
{
    static solve_cli c;
    memset(&c, 0, sizeof c);
    int rc = parse_cli(argc, argv, &c);
    if (rc >= 0) return rc;
    /* issue 25 item 6: the store is not one of the files it is made from */
    const cli_files inputs[] = {CLI_FILES("the corpus", c.inputs, c.ninputs),
                                CLI_FILES("the part", c.parts, c.nparts)};
    const cli_files store[] = {CLI_FILE("-o", c.out)};
    if (!cli_outputs_apart("whistlab solve", store, 1, inputs, 2)) return EXIT_USAGE;
    if (c.merge) {
        diag_t diag = {0};
        if (!dd_store_merge(c.parts, c.nparts, c.out, &diag)) {
            cli_error("whistlab solve --merge", &diag);
            return EXIT_FAILURE_IO;
        }
        printf("whistlab solve: %s: %d parts merged\n", c.out, c.nparts);
        return EXIT_OK;
    }
    dd_mpi_world world;
    diag_t why = {0};
    if (!dd_mpi_start(&world, &why)) {
        cli_error("whistlab solve", &why);
        return EXIT_FAILURE_IO;
    }
    rc = run_solve(&c, &world, argc, argv);
    dd_mpi_finish();
    return rc;
}
