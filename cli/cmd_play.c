/* cmd_play.c -- `whistlab play`: one deal played out by the rule-based
 * single-dummy players (spec/play.md), trick by trick, with the rule id
 * behind every card (--explain); `whistlab play --verify`, which replays
 * the recorded card play of every deal in the files and checks its
 * legality and result; and `whistlab play --round-robin`, the duplicate
 * match of every pair of conventions, its report headed by what it rests
 * on (stats/provenance.h). */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "formats/hand_text.h"
#include "analyze/play/sd_replay.h"
#include "analyze/play/sd_robin.h"
#include "analyze/play/sd_verify.h"
#include "analyze/lead/table_digest.h"
#include "cli/cli.h"
#include "formats/input_opts.h"
#include "stats/provenance.h"

static void play_usage(FILE *f)
{
    fprintf(f,
        "usage: whistlab play FILE [--board N] --convention X [--opponents Y] [--explain]\n"
        "                         [--signals] [--ext X4,...]\n"
        "       whistlab play --verify FILE...\n"
        "       whistlab play --round-robin X,Y,... [--limit N] [--threads N] FILE...\n"
        "Plays one deal with four rule-based single-dummy players (spec/play.md): the\n"
        "eldest hand's side leads by convention X, the dealer's side by Y (default X).\n"
        "Each player sees only his own hand, the cards played and the turn-up.\n\n"
        "  --board N        the deal with board number N (files without board numbers:\n"
        "                   the N-th deal); default the first deal\n"
        "  --convention X   the eldest side's convention (a built-in, a table file, or\n"
        "                   NAME+option); default long-suit\n"
        "  --opponents Y    the dealer's side's convention (default: the same as X)\n"
        "  --explain        the rule ids behind every card (leads: suit rule/card rule)\n"
        "  --seed N         seed of the `random` convention (default 0)\n"
        "  --signals        the signals of play.md §11: trump calls (high-low), the\n"
        "                   echo in trumps, the ruff before answering a call\n"
        "  --ext X4,X5,...  extended rules of play.md §13 (implemented: X1 to X13)\n"
        "  --round-robin L  duplicate replay of every pair of the comma-separated\n"
        "                   conventions over every deal of the files: X against Y\n"
        "                   plays each deal twice, X North-South then East-West, and\n"
        "                   X's gain is its tricks at both tables - 13\n"
        "  --limit N        with --round-robin: at most N whist deals\n"
        "  --threads N      with --round-robin: threads that play (default: one per\n"
        "                   core); the report is the same for any number\n"
        "  --verify         replay the recorded play ([Play]) of every deal: each card\n"
        "                   held and played once, suit followed, trick winners leading,\n"
        "                   and the recorded [Result] (declarer's tricks; a play cut\n"
        "                   short by a claim is checked as far as it goes); a deal\n"
        "                   rejected while reading (an impossible [Play]) or an\n"
        "                   unreadable record is a problem too\n"
        INPUT_OPTIONS_HELP
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

/* Finds the deal and plays it under each whist reading (--trump each: 4). */
static int play_one(const char *path, const input_opts *io, long board, const convention *x, const convention *y,
                    bool explain, uint64_t seed, bool signals, unsigned ext)
{
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(path, io->format, &diag);
    if (!r) {
        diag_print(stderr, &diag);
        return EXIT_FAILURE_IO;
    }
    deal_t d, whist[4];
    read_status st;
    long nth = 0;
    bool found = false;
    int status = EXIT_OK;
    while (!found && (st = deal_reader_next(r, &d, &diag)) != READ_EOF) {
        if (st == READ_FATAL) {
            diag_print(stderr, &diag);
            deal_reader_close(r);
            return EXIT_FAILURE_IO;
        }
        if (st != READ_DEAL) continue;
        nth++;
        found = board <= 0 || (d.board ? (long)d.board == board : nth == board);
    }
    deal_reader_close(r);
    if (!found) {
        fprintf(stderr, "%s: no board %ld\n", path, board);
        return EXIT_USAGE;
    }
    char why[256];
    int k = deal_apply_trump_policy(&d, &io->policy, whist, why, sizeof why);
    if (k == 0) {
        diag_set(&diag, d.pos.file, d.pos.line, "%s", why);
        diag_print(stderr, &diag);
        return EXIT_REJECTS;
    }
    for (int i = 0; i < k; i++) {
        const deal_t *w = &whist[i];
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
    }
    return status;
}

typedef struct {
    uint64_t deals, rejected, played, legal, complete, claimed, result_checked, problems, no_play;
} verify_counts;

static int verify_file(const char *path, const input_opts *io, verify_counts *n)
{
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(path, io->format, &diag);
    if (!r) {
        diag_print(stderr, &diag);
        return EXIT_FAILURE_IO;
    }
    int status = EXIT_OK;
    deal_t d;
    read_status st;
    while ((st = deal_reader_next(r, &d, &diag)) != READ_EOF) {
        if (st == READ_FATAL) {
            diag_print(stderr, &diag);
            status = EXIT_FAILURE_IO;
            break;
        }
        if (st == READ_REJECT && (d.flags & DEAL_UNKNOWN_HANDS)) continue; /* valid, not analysable */
        if (st == READ_ERROR || st == READ_REJECT) {
            /* a record that cannot be read, or a deal whose recorded play is
             * refused already by the reader: what --verify is asked to find */
            diag_print(stderr, &diag);
            if (st == READ_REJECT) n->rejected++;
            n->problems++;
            status = EXIT_REJECTS;
            continue;
        }
        n->deals++;
        verify_result v;
        verify_status vs = sd_verify_play(&d, &v);
        if (vs == VERIFY_NO_PLAY) {
            n->no_play++;
            continue;
        }
        n->played++;
        if (vs == VERIFY_OK || vs == VERIFY_RESULT) {
            n->legal++;
            if (v.complete) n->complete++;
            else n->claimed++;
            if (d.result >= 0) n->result_checked++;
        }
        if (vs != VERIFY_OK) {
            n->problems++;
            diag_set(&diag, d.pos.file, d.pos.line, "board %" PRIu32 ": %s", d.board, v.why);
            diag_print(stderr, &diag);
            status = EXIT_REJECTS;
        }
    }
    deal_reader_close(r);
    return status;
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
    provenance_setting(p, "seed", "%llu", (unsigned long long)o->seed);
    if (o->limit) provenance_setting(p, "limit", "%llu", (unsigned long long)o->limit);
    else provenance_setting(p, "limit", "none");
    return true;
}

/* io_text: --format, --trump and --leader as given, for the provenance. */
static int round_robin(const char *command, const char *list, const input_opts *io, const char *const io_text[3],
                       uint64_t seed, uint64_t limit, int threads, bool signals, unsigned ext,
                       const char *ext_text, char **files, int nfiles)
{
    sd_robin_opts o = {.input = *io, .seed = seed, .limit = limit, .signals = signals, .ext = ext,
                       .threads = threads};
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
        status = sd_robin_run(&o, files, nfiles, res);
        prov.ninputs = nfiles;
        prov.input_name = (const char *const *)files;
        prov.input = inputs;
        printf("whistlab play --round-robin %s%s on", list, signals ? " --signals" : "");
        for (int i = 0; i < nfiles; i++) printf(" %s", files[i]);
        printf("\n");
        provenance_print_status(stdout, &prov);
        provenance_print(stdout, &prov);
        sd_robin_report(stdout, &o, res);
    }
    free(inputs);
    free(res);
    for (int i = 0; i < o.nconv; i++) convention_free(owned[i]);
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
        INPUT_LONG_OPTIONS,
        {NULL, 0, NULL, 0},
    };
    input_opts io;
    input_opts_init(&io);
    static char command[8192];
    provenance_command(command, sizeof command, "whistlab", argc, argv);
    char format_name[16] = "auto", trump_text[16] = "auto", leader_text[16] = "as dealt";
    const char *ext_text = NULL;
    const char *xs = "long-suit", *ys = NULL;
    long board = 0;
    bool explain = false, verify = false, signals = false;
    unsigned ext = 0;
    char why[160];
    const char *robin = NULL;
    uint64_t limit = 0;
    uint64_t seed = 0;
    int threads = 0;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        int t = input_opts_take(&io, opt, optarg);
        if (t < 0) return EXIT_USAGE;
        if (t > 0) {
            char *into = opt == OPT_INPUT_FORMAT ? format_name : opt == OPT_INPUT_TRUMP ? trump_text : leader_text;
            snprintf(into, 16, "%s", optarg);
            continue;
        }
        switch (opt) {
        case 'h': play_usage(stdout); return EXIT_OK;
        case 'b': {
            char *end;
            board = strtol(optarg, &end, 10);
            if (*end || board <= 0) {
                fprintf(stderr, "whistlab play: --board wants a positive number, not '%s'\n", optarg);
                return EXIT_USAGE;
            }
            break;
        }
        case 'c': xs = optarg; break;
        case 'o': ys = optarg; break;
        case 'x': explain = true; break;
        case 'v': verify = true; break;
        case 'g': signals = true; break;
        case 'R': robin = optarg; break;
        case 'l': limit = strtoull(optarg, NULL, 10); break;
        case 'j': {
            char *end;
            long v = strtol(optarg, &end, 10);
            if (*end || v < 1 || v > 64) {
                fprintf(stderr, "whistlab play: --threads %s: expected 1..64\n", optarg);
                return EXIT_USAGE;
            }
            threads = (int)v;
            break;
        }
        case 'X':
            if (!sd_ext_parse(optarg, &ext, why, sizeof why)) {
                fprintf(stderr, "whistlab play: %s\n", why);
                return EXIT_USAGE;
            }
            ext_text = optarg;
            break;
        case 's': seed = strtoull(optarg, NULL, 10); break;
        default: play_usage(stderr); return EXIT_USAGE;
        }
    }
    if (optind >= argc) {
        play_usage(stderr);
        return EXIT_USAGE;
    }
    if (verify) {
        verify_counts n = {0};
        int status = EXIT_OK;
        for (int i = optind; i < argc; i++) {
            int s = verify_file(argv[i], &io, &n);
            if (s > status) status = s;
        }
        printf("deals %" PRIu64 " (and %" PRIu64 " rejected while reading), with a recorded play %" PRIu64
               ": legal %" PRIu64 " (complete %" PRIu64 ", cut short %" PRIu64 "), results checked %" PRIu64
               ", problems %" PRIu64 "\n",
               n.deals, n.rejected, n.played, n.legal, n.complete, n.claimed, n.result_checked, n.problems);
        return status;
    }
    if (robin) {
        const char *io_text[3] = {format_name, trump_text, leader_text};
        return round_robin(command, robin, &io, io_text, seed, limit, threads, signals, ext, ext_text,
                           argv + optind, argc - optind);
    }
    if (argc - optind != 1) {
        fprintf(stderr, "whistlab play: one FILE (or --verify FILE...)\n");
        return EXIT_USAGE;
    }
    convention *x = open_conv(xs), *y = x && ys ? open_conv(ys) : NULL;
    if (!x || (ys && !y)) {
        convention_free(x);
        return EXIT_USAGE;
    }
    int status = play_one(argv[optind], &io, board, x, y ? y : x, explain, seed, signals, ext);
    convention_free(y);
    convention_free(x);
    return status;
}
