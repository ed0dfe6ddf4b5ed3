/* cmd_play.c -- `whistlab play`: the command line, and one deal played out
 * by the rule-based single-dummy players (analyze/play/RULES.md), trick by trick,
 * with the rule id behind every card (--explain). Its two other modes:
 * --verify (cmd_play_verify.c) and --round-robin (cmd_play_robin.c). */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/play/sd_replay.h"
#include "cli/cli.h"
#include "cli/cmd_play.h"
#include "cli/input_opts.h"
#include "formats/hand_text.h"
#include "stats/provenance.h"

static void play_usage(FILE *f)
{
    fprintf(f,
        "usage: whistlab play FILE [--board N] --convention X [--opponents Y] [--explain]\n"
        "                         [--signals] [--ext X4,...]\n"
        "       whistlab play --verify FILE...\n"
        "       whistlab play --round-robin X,Y,... [--limit N] [--threads N]\n"
        "                     [--csv-deals F] [--csv-summary F] [--no-progress] FILE...\n"
        "Plays one deal with four rule-based single-dummy players (their rules:\n"
        "analyze/play/RULES.md): the eldest hand's side leads by convention X, the\n"
        "dealer's side by Y (default long-suit, as in replay). Each player sees only his\n"
        "own hand, the cards played and the turn-up.\n\n"
        "  --board N        the deal with board number N (files without board numbers:\n"
        "                   the N-th deal); default the first deal\n"
        "  --convention X   the eldest side's convention (a built-in, a table file, or\n"
        "                   NAME+option); default long-suit\n"
        "  --opponents Y    the dealer's side's convention (default long-suit, as in\n"
        "                   replay --eval play; 'same': X itself)\n"
        "  --explain        the rule ids behind every card (leads: suit rule/card rule),\n"
        "                   then each side's [play] rows behind them with their book lines\n"
        "  --seed N         seed of the `random` convention (default 0)\n"
        "  --signals        the signals (the rules' §11): trump calls (high-low), the\n"
        "                   echo in trumps, the ruff before answering a call\n"
        "  --ext X4,X5,...  extended rules (the rules' §13; implemented: X1 to X13)\n"
        "  --round-robin L  duplicate replay of every pair of the comma-separated\n"
        "                   conventions over every deal of the files: X against Y\n"
        "                   plays each deal twice, X North-South then East-West, and\n"
        "                   X's gain is its tricks at both tables - 13\n"
        "  --limit N        with --round-robin: at most N whist deals\n"
        "  --threads N      with --round-robin: threads that play (default: one per\n"
        "                   core); the report is the same for any number\n"
        "  --csv-deals F    with --round-robin: one row per deal and pair: file line\n"
        "                   index board trump leader eval convention versus gain\n"
        "                   (eval duplicate; gain: convention's tricks at both tables - 13)\n"
        "  --csv-summary F  with --round-robin: the report as a tidy table, one number\n"
        "                   per row, in the columns of replay's summary CSV\n"
        "                   ('-' = standard output for either; the report then goes\n"
        "                   to standard error)\n"
        "  --no-progress    with --round-robin: no progress line (shown only when\n"
        "                   stderr is a terminal)\n"
        "  --verify         replay the recorded play ([Play]) of every deal: each card\n"
        "                   held and played once, suit followed, trick winners leading,\n"
        "                   and the recorded [Result] (declarer's tricks; a play cut\n"
        "                   short by a claim is checked as far as it goes); a deal\n"
        "                   rejected while reading (an impossible [Play]) or an\n"
        "                   unreadable record is a problem too\n"
        INPUT_OPTIONS_HELP
        CLI_VERBOSITY_HELP
        "                   (-q: no progress line; -v: the round robin's time and rate)\n"
        "The round robin's report starts with what it rests on: version, command line,\n"
        "each file with its deals and their content digest, and the settings; it says\n"
        "INCOMPLETE when a file could not be read to its end.\n"
        "exit status: 0 ok, 1 some deals rejected or a play with problems, 2 usage,\n"
        "3 unreadable input\n");
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
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"board", required_argument, NULL, 'b'},
        {"convention", required_argument, NULL, 'c'},
        {"opponents", required_argument, NULL, 'o'},
        {"explain", no_argument, NULL, 'x'},
        {"verify", no_argument, NULL, 'v'},
        {"seed", required_argument, NULL, 's'},
        {"signals", no_argument, NULL, 'g'},
        {"ext", required_argument, NULL, 'X'},
        {"round-robin", required_argument, NULL, 'R'},
        {"limit", required_argument, NULL, 'l'},
        {"threads", required_argument, NULL, 'j'},
        {"csv-deals", required_argument, NULL, 'D'},
        {"csv-summary", required_argument, NULL, 'M'},
        {"no-progress", no_argument, NULL, 'P'},
        INPUT_LONG_OPTIONS,
        {NULL, 0, NULL, 0},
    };
    input_opts io;
    input_opts_init(&io);
    static char command[8192];
    provenance_command(command, sizeof command, "whistlab", argc, argv);
    char format_name[16] = "auto", trump_text[16] = "auto", leader_text[16] = "as dealt";
    const char *ext_text = NULL;
    const char *xs = "long-suit", *ys = "long-suit"; /* replay's default opponents too */
    long board = 0;
    bool explain = false, verify = false, signals = false;
    unsigned ext = 0;
    diag_t why = {0};
    const char *robin = NULL, *csv_deals = NULL, *csv_summary = NULL;
    uint64_t limit = 0;
    uint64_t seed = 0;
    int threads = 0;
    bool no_progress = false;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        int t = input_opts_take(&io, opt, optarg);
        if (t < 0) return EXIT_USAGE;
        if (t > 0) {
            char *into = opt == OPT_INPUT_FORMAT ? format_name
                         : opt == OPT_INPUT_TRUMP ? trump_text
                         : opt == OPT_INPUT_LEADER ? leader_text
                                                   : NULL; /* --where: its text is in io */
            if (into) snprintf(into, 16, "%s", optarg);
            continue;
        }
        switch (opt) {
        case 'h': play_usage(stdout); return EXIT_OK;
        case 'b': {
            uint64_t n;
            if (!cli_parse_u64("whistlab play", "--board", optarg, 1, UINT32_MAX, &n)) return EXIT_USAGE;
            board = (long)n;
            break;
        }
        case 'c': xs = optarg; break;
        case 'o': ys = optarg; break;
        case 'x': explain = true; break;
        case 'v': verify = true; break;
        case 'g': signals = true; break;
        case 'R': robin = optarg; break;
        case 'D': csv_deals = optarg; break;
        case 'M': csv_summary = optarg; break;
        case 'P': no_progress = true; break;
        case 'l':
            if (!cli_parse_u64("whistlab play", "--limit", optarg, 0, UINT64_MAX, &limit)) return EXIT_USAGE;
            break;
        case 'j': {
            uint64_t v;
            if (!cli_parse_u64("whistlab play", "--threads", optarg, 1, 64, &v)) return EXIT_USAGE;
            threads = (int)v;
            break;
        }
        case 'X':
            if (!sd_ext_parse(optarg, &ext, &why)) {
                fprintf(stderr, "whistlab play: %.159s\n", why.reason); /* cut as it always was */
                return EXIT_USAGE;
            }
            ext_text = optarg;
            break;
        case 's':
            if (!cli_parse_u64("whistlab play", "--seed", optarg, 0, UINT64_MAX, &seed)) return EXIT_USAGE;
            break;
        default: play_usage(stderr); return EXIT_USAGE;
        }
    }
    if (optind >= argc) {
        play_usage(stderr);
        return EXIT_USAGE;
    }
    if (verify) return play_verify(argv + optind, argc - optind, &io);
    if (robin) {
        /* issue 25 item 6: no CSV table is one of the files read */
        static char digests[4096];
        const char *table_files[64];
        int ntables = cli_table_files(robin, digests, sizeof digests, table_files, 64);
        const cli_files read[] = {CLI_FILES("the corpus", argv + optind, argc - optind),
                                  CLI_FILES("the convention table", table_files, ntables)};
        const cli_files tables[] = {CLI_FILE("--csv-deals", csv_deals), CLI_FILE("--csv-summary", csv_summary)};
        if (!cli_outputs_apart("whistlab play", tables, 2, read, 2)) return EXIT_USAGE;
        robin_cli rc = {.command = command, .list = robin, .io = io, .io_text = {format_name, trump_text, leader_text},
                        .seed = seed, .limit = limit, .threads = threads, .signals = signals,
                        .no_progress = no_progress, .ext = ext, .ext_text = ext_text, .csv_deals = csv_deals,
                        .csv_summary = csv_summary};
        return play_round_robin(&rc, argv + optind, argc - optind);
    }
    if (csv_deals || csv_summary || no_progress) {
        fprintf(stderr, "whistlab play: --csv-deals, --csv-summary and --no-progress go with --round-robin\n");
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

