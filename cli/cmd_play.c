/* cmd_play.c -- `whistlab play`: the command line, and one deal played out
 * by the rule-based single-dummy players (analyze/play/RULES.md), trick by trick,
 * with the rule id behind every card (--explain). Its two other modes:
 * --verify (cmd_play_verify.c) and --round-robin (cmd_play_robin.c). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/play/sd_replay.h"
#include "analyze/play/sd_robin.h" /* ROBIN_CHECKPOINT_S */
#include "cli/cli.h"
#include "cli/cmd_play.h"
#include "cli/convention_opts.h"
#include "cli/input_opts.h"
#include "cli/options.h"
#include "formats/hand_text.h"
#include "stats/report/provenance.h"

/* The command line's values, before they are checked together. */
typedef struct {
    const char *convention, *opponents, *csv_deals, *csv_summary, *ext_text, *save, *resume;
    conventions_text robin;
    uint64_t board, seed, limit, threads, checkpoint;
    bool explain, verify, signals, no_progress;
    unsigned ext;
    cli_input in;
} play_cli;

/* --ext: the players' extended rules, kept as given for the report. */
static bool take_ext(void *field, const char *value, char *why, size_t len)
{
    play_cli *c = field;
    diag_t d = {0};
    if (!sd_ext_parse(value, &c->ext, &d)) {
        snprintf(why, len, "%s", d.reason);
        return false;
    }
    c->ext_text = value;
    return true;
}

/* The values of the round robin's settings as given (NULL: not given). */
static const char *show_robin(const void *field)
{
    const char *list = field;
    return list[0] ? list : NULL;
}

static const char *show_ext(const void *field) { return ((const play_cli *)field)->ext_text; }

/* The rows flagged OPT_SETTING are the round robin's settings: its report
 * states them, in this order, and its state file keeps them. */
#define ROW(f) .at = offsetof(play_cli, f)
static const opt_spec OPTIONS[] = {
    {.name = "board", .kind = OPT_UINT, .arg = "N", ROW(board), .min = 1, .max = UINT32_MAX,
     .help = "the deal with board number N (files without board numbers:\nthe N-th deal); default the first deal"},
    {.name = "convention", .alias = "conventions", .kind = OPT_CALL, .arg = "X", ROW(convention),
     .take = convention_take,
     .help = "the eldest side's convention (a built-in, a table file, or\nNAME+option); default long-suit"},
    {.name = "opponents", .kind = OPT_CALL, .arg = "Y", ROW(opponents), .take = convention_take,
     .help = "the dealer's side's convention (default long-suit, as in\nreplay --eval play; 'same': X itself)"},
    {.name = "explain", ROW(explain),
     .help = "the rule ids behind every card (leads: suit rule/card rule),\n"
             "then each side's [play] rows behind them with their book lines"},
    {.name = "round-robin", .kind = OPT_CALL, .arg = "L", ROW(robin), .take = conventions_take,
     .flags = OPT_SETTING, .setting = "conventions", .show = show_robin,
     .help = "duplicate replay of every pair of the comma-separated\n"
             "conventions (all: every built-in but dd-best) over every\n"
             "deal of the files: X against Y plays each deal twice, X\n"
             "North-South then East-West, and X's gain is its tricks at\nboth tables - 13"},
    {.name = "signals", ROW(signals), .flags = OPT_SETTING,
     .help = "the signals (the rules' §11): trump calls (high-low), the\n"
             "echo in trumps, the ruff before answering a call"},
    {.name = "ext", .kind = OPT_CALL, .arg = "X4,X5,...", .at = 0 /* the whole play_cli */, .take = take_ext,
     .flags = OPT_SETTING, .show = show_ext, .unset = "none",
     .help = "extended rules (the rules' §13; implemented: X1 to X13)"},
    INPUT_SPECS(play_cli, in),
    {.name = "seed", .kind = OPT_UINT, .arg = "N", ROW(seed), .max = UINT64_MAX, .flags = OPT_SETTING,
     .help = "seed of the `random` convention (default 0)"},
    {.name = "limit", .kind = OPT_UINT, .arg = "N", ROW(limit), .max = UINT64_MAX, .flags = OPT_SETTING, .unset = "none",
     .help = "with --round-robin: at most N whist deals"},
    OPT_THREADS(play_cli, threads, "with --round-robin or --verify: threads that play (default:\n"
                                   "one per core); the report is the same for any number"),
    {.name = "csv-deals", .kind = OPT_TEXT, .arg = "F", ROW(csv_deals),
     .help = "with --round-robin: one row per deal and pair: file line\n"
             "index board trump leader eval convention versus gain\n"
             "(eval duplicate; gain: convention's tricks at both tables - 13)"},
    {.name = "csv-summary", .kind = OPT_TEXT, .arg = "F", ROW(csv_summary),
     .help = "with --round-robin: the report as a tidy table, one number\n"
             "per row, in the columns of replay's summary CSV\n"
             "('-' = standard output for either; the report then goes\nto standard error)"},
    {.name = "no-progress", ROW(no_progress),
     .help = "with --round-robin or --verify: no progress line (shown only\nwhen stderr is a terminal)"},
    {.name = "save", .kind = OPT_TEXT, .arg = "F.wls", ROW(save),
     .help = "with --round-robin or --verify: keep the run's state in F,\nsaved every "
             OPT_STR(ROBIN_CHECKPOINT_S) " seconds and when interrupted (Ctrl-C: exit 130)"},
    {.name = "resume", .kind = OPT_TEXT, .arg = "F.wls", ROW(resume),
     .help = "with --round-robin or --verify: go on from the state F (the\nsame command "
             "line otherwise; F keeps being saved); the same\nbytes at the end as a run never stopped"},
    {.name = "checkpoint", .kind = OPT_UINT, .arg = "N", ROW(checkpoint), .min = 1, .max = UINT64_MAX,
     .help = "with --save: also save every N deals"},
    {.name = "verify", ROW(verify),
     .help = "replay the recorded play ([Play]) of every deal: each card\n"
             "held and played once, suit followed, trick winners leading,\n"
             "and the recorded [Result] (declarer's tricks; a play cut\n"
             "short by a claim is checked as far as it goes); a deal\n"
             "rejected while reading (an impossible [Play]) or an\n"
             "unreadable record is a problem too"},
};
#undef ROW

static void play_usage(FILE *f);
static const opt_command COMMAND = {.cmd = "play", .specs = OPTIONS, .n = sizeof OPTIONS / sizeof OPTIONS[0],
                                    .help = play_usage,
                                    .verbosity = "(-q: no progress line; -v: the round robin's time and rate)"};

static void play_usage(FILE *f)
{
    fprintf(f,
        "usage: whistlab play FILE [--board N] --convention X [--opponents Y] [--explain]\n"
        "                         [--signals] [--ext X4,...]\n"
        "       whistlab play --verify [--threads N] [--save F.wls | --resume F.wls] FILE...\n"
        "       whistlab play --round-robin X,Y,... [--limit N] [--threads N]\n"
        "                     [--csv-deals F] [--csv-summary F] [--no-progress]\n"
        "                     [--save F.wls | --resume F.wls] FILE...\n"
        "Plays one deal with four rule-based single-dummy players (their rules:\n"
        "analyze/play/RULES.md): the eldest hand's side leads by convention X, the\n"
        "dealer's side by Y (default long-suit, as in replay). Each player sees only his\n"
        "own hand, the cards played and the turn-up.\n\n");
    opt_print_list(f, &COMMAND);
    fprintf(f,
        "The round robin's report starts with what it rests on: version, command line,\n"
        "each file with its deals and their content digest, and the settings; it says\n"
        "INCOMPLETE when a file could not be read to its end.\n"
        "exit status: 0 ok, 1 some deals rejected or a play with problems, 2 usage,\n"
        "3 unreadable input, 130 interrupted (go on with --resume)\n");
}

static convention *open_conv(const char *spec)
{
    diag_t d = {0};
    convention *c = convention_open(spec, &d);
    if (!c) diag_print(stderr, &d);
    else if (convention_is_dd_best(c)) {
        fprintf(stderr, "whistlab play: dd-best chooses its lead double-dummy; use `replay --eval play`\n");
        convention_free(c);
        c = NULL;
    }
    return c;
}

/* x plays the eldest hand's side, y the dealer's. */
static void print_deal(const deal_t *w, const convention *x, const convention *y)
{
    char c[3], h[64];
    int eldest = w->leader;
    printf("%s:%" PRIu64 "  board %" PRIu32 "  dealer %s  trumps %s  turn-up %s%s\n", w->pos.file, w->pos.line,
           w->board, SEAT_NAMES[w->dealer], STRAIN_NAMES[w->strain],
           w->turnup == CARD_NONE ? "none" : card_format(w->turnup, c),
           (w->flags & DEAL_TURNUP_INFERRED) ? " (assumed)" : "");
    for (int s = 0; s < 4; s++)
        printf("  %-5s %-34s %s\n", SEAT_NAMES[s], hand_format_text(w->hand[s], h, sizeof h),
               convention_name(sd_side_of(s) == sd_side_of(eldest) ? x : y));
    printf("  %s leads; %s-%s plays %s, %s-%s plays %s\n", SEAT_NAMES[eldest], SEAT_NAMES[eldest],
           SEAT_NAMES[seat_partner(eldest)], convention_name(x), SEAT_NAMES[w->dealer],
           SEAT_NAMES[seat_partner(w->dealer)], convention_name(y));
}

/* --explain after the tricks: the [play] row behind each id a follower's
 * card shows, with the gloss its table gives it (its book line), side by
 * side, in the order the ids first appear. Ids that are no row of the
 * table (PR1, PR2: a single legal card or equal cards) are left out. */
static void print_play_rows(const sd_log *log, const deal_t *w, const convention *x, const convention *y)
{
    for (int side = 0; side < 2; side++) { /* 0: the eldest hand's side */
        const convention *c = side == 0 ? x : y;
        int first = side == 0 ? w->leader : w->dealer;
        char seen[52][PLAY_ID_MAX];
        int nseen = 0;
        for (int t = 0; t < 13; t++)
            for (int k = 1; k < 4; k++) {
                const sd_step *st = &log->step[t][k];
                if (sd_side_of(st->seat) != sd_side_of(first)) continue;
                char id[PLAY_ID_MAX];
                size_t n = strcspn(st->rule, "/");
                if (n == 0 || n >= sizeof id) continue;
                memcpy(id, st->rule, n);
                id[n] = 0;
                const char *gloss = convention_play_gloss(c, id);
                bool dup = false;
                for (int i = 0; i < nseen && !dup; i++) dup = strcmp(seen[i], id) == 0;
                if (!gloss || dup) continue;
                if (nseen == 0)
                    printf("%s %s-%s follows by the [play] rows of %s:\n", side == 0 ? "rows:" : "     ",
                           SEAT_NAMES[first], SEAT_NAMES[seat_partner(first)], convention_name(c));
                strcpy(seen[nseen++], id);
                printf("  %-8s %s\n", id, gloss);
            }
    }
}

/* Finds the deal and plays it under each whist reading (--trump each: 4). */
static int play_one(const char *path, const input_opts *io, long board, const convention *x, const convention *y,
                    bool explain, uint64_t seed, bool signals, unsigned ext)
{
    ds_opts so = {.input = *io};
    deal_stream *in = cli_stream_open("whistlab play", &so, &path, 1);
    if (!in) return EXIT_FAILURE_IO;
    ds_item it;
    deal_t d, whist[4];
    long nth = 0;
    bool found = false, left = false; /* left: the board asked for is one --where left out */
    bool rejected = false;
    diag_t why_rejected = {0}; /* the board asked for, rejected: why */
    while (!found && deal_stream_next(in, &it)) {
        if (it.kind == DS_FATAL) {
            diag_print(stderr, it.diag);
            deal_stream_close(in);
            return EXIT_FAILURE_IO;
        }
        if (it.kind == DS_REJECT && !rejected && board > 0 && (long)it.deal->board == board) {
            rejected = true;
            why_rejected = *it.diag;
        }
        if (it.kind != DS_DEAL && it.kind != DS_REPEAT && it.kind != DS_LEFT) continue;
        nth++; /* the N-th deal of the file, whatever --where keeps */
        bool wanted = board <= 0 || (it.deal->board ? (long)it.deal->board == board : nth == board);
        if (it.kind == DS_LEFT) {
            left = left || (wanted && board > 0);
            continue;
        }
        d = *it.deal;
        found = wanted;
    }
    deal_stream_close(in);
    if (!found && rejected) { /* there, but not playable: say why, as show does */
        diag_print(stderr, &why_rejected);
        return EXIT_REJECTS;
    }
    if (!found) {
        if (board <= 0 && io->where) fprintf(stderr, "%s: no deal meets --where %s\n", path, io->where);
        else if (left) fprintf(stderr, "%s: board %ld does not meet --where %s\n", path, board, io->where);
        else fprintf(stderr, "%s: no board %ld\n", path, board);
        return EXIT_USAGE;
    }
    diag_t diag = {0};
    int status = EXIT_OK;
    int k = deal_apply_trump_policy(&d, &io->policy, whist, &diag);
    if (k == 0) {
        diag_print(stderr, &diag);
        return EXIT_REJECTS;
    }
    for (int i = 0; i < k; i++) {
        const deal_t *w = &whist[i];
        if (io->keep && !io->keep(io->keep_ctx, w)) continue; /* --trump each: a trump suit --where leaves */
        sd_result res;
        sd_log log;
        print_deal(w, x, y);
        if (sd_play_whist(w, x, y, CARD_NONE, seed, signals, ext, &res, &log) < 0) {
            diag_set(&diag, w->pos.file, w->pos.line, "the deal cannot be played");
            diag_print(stderr, &diag);
            status = EXIT_REJECTS;
            continue;
        }
        sd_log_print(stdout, &log, &res, explain);
        if (explain) print_play_rows(&log, w, x, y);
    }
    return status;
}

int cmd_play(int argc, char **argv)
{
    static char command[8192];
    provenance_command(command, sizeof command, "whistlab", argc, argv);
    static play_cli c;
    memset(&c, 0, sizeof c);
    /* replay's default opponents too; set here, not as the rows' defaults,
     * so that --verify compiles no convention to check them */
    c.convention = c.opponents = "long-suit";
    cli_input_init(&c.in);
    int optind, rc = opt_parse(&COMMAND, &c, argc, argv, &optind, NULL);
    if (rc >= 0) return rc;
    const input_opts io = c.in.io;
    const char *xs = c.convention, *ys = c.opponents, *robin = c.robin[0] ? c.robin : NULL;
    const char *csv_deals = c.csv_deals, *csv_summary = c.csv_summary;
    long board = (long)c.board;
    bool explain = c.explain, verify = c.verify, signals = c.signals, no_progress = c.no_progress;
    unsigned ext = c.ext;
    uint64_t limit = c.limit, seed = c.seed;
    int threads = (int)c.threads;
    if (optind >= argc) {
        play_usage(stderr);
        return EXIT_USAGE;
    }
    if (verify) {
        const cli_files read[] = {CLI_FILES("the corpus", argv + optind, argc - optind)};
        const cli_files state[] = {CLI_FILE("--save", c.save ? c.save : c.resume)};
        if ((c.save || c.resume) && !cli_outputs_apart("whistlab play", state, 1, read, 1)) return EXIT_USAGE;
        verify_cli vc = {.io = io, .threads = threads, .no_progress = no_progress, .save = c.save ? c.save : c.resume,
                         .resume = c.resume, .checkpoint = c.checkpoint, .options = &COMMAND, .argc = argc, .argv = argv};
        return play_verify(&vc, argv + optind, argc - optind);
    }
    if (robin) {
        /* issue 25 item 6: no CSV table is one of the files read */
        static char digests[4096];
        const char *table_files[64];
        int ntables = cli_table_files(robin, digests, sizeof digests, table_files, 64);
        const cli_files read[] = {CLI_FILES("the corpus", argv + optind, argc - optind),
                                  CLI_FILES("the convention table", table_files, ntables)};
        const cli_files tables[] = {CLI_FILE("--csv-deals", csv_deals), CLI_FILE("--csv-summary", csv_summary),
                                    CLI_FILE("--save", c.save ? c.save : c.resume)};
        if (!cli_outputs_apart("whistlab play", tables, 3, read, 2)) return EXIT_USAGE;
        robin_cli rc = {.command = command, .list = robin, .options = &COMMAND, .values = &c, .io = io,
                        .seed = seed, .limit = limit, .threads = threads, .signals = signals,
                        .no_progress = no_progress, .ext = ext, .csv_deals = csv_deals,
                        .csv_summary = csv_summary, .save = c.save ? c.save : c.resume, .resume = c.resume,
                        .checkpoint = c.checkpoint, .argc = argc, .argv = argv};
        return play_round_robin(&rc, argv + optind, argc - optind);
    }
    if (csv_deals || csv_summary || no_progress || c.save || c.resume || c.checkpoint) {
        fprintf(stderr, "whistlab play: --csv-deals, --csv-summary, --no-progress, --save, --resume and "
                        "--checkpoint go with --round-robin (the last four with --verify too)\n");
        return EXIT_USAGE;
    }
    if (argc - optind != 1) {
        fprintf(stderr, "whistlab play: one FILE (or --verify FILE...)\n");
        return EXIT_USAGE;
    }
    bool same = strcmp(ys, "same") == 0;
    convention *x = open_conv(xs), *y = x && !same ? open_conv(ys) : NULL;
    if (!x || (!same && !y)) {
        convention_free(x);
        return EXIT_USAGE;
    }
    int status = play_one(argv[optind], &io, board, x, y ? y : x, explain, seed, signals, ext);
    convention_free(y);
    convention_free(x);
    return status;
}

