/* cmd_show.c -- `whistlab show FILE [--board N]`: a deal as a diagram, the
 * four hands around the table with dealer, eldest hand, trumps and turn-up. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"
#include "cli/input_opts.h"
#include "cli/options.h"
#include "formats/deal_stream.h"

#define HAND_COL 28 /* where East's column starts */

/* Line i (0..3: S H D C) of a hand: "S AKT3". */
static void hand_line(hand_t h, int suit, char *buf)
{
    buf[0] = SUIT_CHARS[suit];
    buf[1] = ' ';
    suit_format(hand_suit(h, suit), buf + 2, true);
}

static void show_deal(const deal_t *d)
{
    char line[64], c[3];
    printf("%s:%llu  board %u", d->pos.file, (unsigned long long)d->pos.line, d->board);
    if (d->dealer != SEAT_NONE) printf("  dealer %s", SEAT_NAMES[d->dealer]);
    if (d->strain != STRAIN_NONE) printf("  trumps %s", STRAIN_NAMES[d->strain]);
    else printf("  no trump suit given");
    if (d->turnup != CARD_NONE)
        printf("  turn-up %s%s", card_format(d->turnup, c),
               (d->flags & DEAL_TURNUP_INFERRED) ? " (assumed: dealer's lowest trump)" : "");
    printf("\n");
    if (d->leader != SEAT_NONE) printf("%s leads (eldest hand)\n", SEAT_NAMES[d->leader]);
    if (d->flags & DEAL_HAS_CONTRACT)
        printf("bridge contract %d%s%s by %s\n", d->contract_level,
               STRAIN_TEXT[d->contract_strain],
               d->contract_doubled == 2 ? "XX" : d->contract_doubled ? "X" : "",
               SEAT_NAMES[d->contract_declarer]);
    printf("\n");
    for (int seat = SEAT_N; seat <= SEAT_S; seat += 2) {
        if (seat == SEAT_S) {
            printf("%-*s%s\n", HAND_COL, SEAT_NAMES[SEAT_W], SEAT_NAMES[SEAT_E]);
            for (int s = 0; s < 4; s++) {
                hand_line(d->hand[SEAT_W], s, line);
                printf("%-*s", HAND_COL, line);
                hand_line(d->hand[SEAT_E], s, line);
                printf("%s\n", line);
            }
        }
        printf("%*s%s%s\n", HAND_COL / 2, "", SEAT_NAMES[seat],
               d->dealer == seat ? " (dealer)" : "");
        for (int s = 0; s < 4; s++) {
            hand_line(d->hand[seat], s, line);
            printf("%*s%s\n", HAND_COL / 2, "", line);
        }
    }
    if (d->dealer != SEAT_NONE && d->dealer != SEAT_S && d->dealer != SEAT_N)
        printf("(%s deals)\n", SEAT_NAMES[d->dealer]);
}

typedef struct {
    cli_input in;
    uint64_t board;
    bool all;
} show_cli;

static const opt_spec OPTIONS[] = {
    {.name = "board", .short_name = 'b', .kind = OPT_UINT, .arg = "N", .at = offsetof(show_cli, board),
     .max = UINT32_MAX, .help = "the first deal with board number N (default: the first deal)"},
    {.name = "all", .short_name = 'a', .at = offsetof(show_cli, all), .help = "every deal of the file"},
    INPUT_SPECS(show_cli, in),
};

static void show_usage(FILE *f);
static const opt_command COMMAND = {.cmd = "show", .specs = OPTIONS, .n = sizeof OPTIONS / sizeof OPTIONS[0],
                                    .help = show_usage};

static void show_usage(FILE *f)
{
    fprintf(f, "usage: whistlab show [options] FILE\n"
               "Prints a deal as a diagram: four hands, dealer, eldest hand, trumps, turn-up.\n\n");
    opt_print_list(f, &COMMAND);
}

int cmd_show(int argc, char **argv)
{
    bool given[sizeof OPTIONS / sizeof OPTIONS[0]];
    show_cli c = {.all = false};
    cli_input_init(&c.in);
    int optind, rc = opt_parse(&COMMAND, &c, argc, argv, &optind, given);
    if (rc >= 0) return rc;
    if (optind != argc - 1) {
        show_usage(stderr);
        return EXIT_USAGE;
    }
    const input_opts io = c.in.io;
    long board = given[opt_index(&COMMAND, "board")] ? (long)c.board : -1;
    bool all = c.all;
    ds_opts so = {.input = io, .whist = io.policy_given};
    deal_stream *in = cli_stream_open("whistlab show", &so, (const char *const *)argv + optind, 1);
    if (!in) return EXIT_FAILURE_IO;
    int shown = 0;
    ds_item it;
    while (cli_next_deal(in, &it)) {
        if (board >= 0 && it.whist[0].board != (uint64_t)board) continue;
        for (int i = 0; i < it.n; i++) {
            if (shown++) printf("\n");
            show_deal(&it.whist[i]);
        }
        if (!all) break;
    }
    int status = cli_stream_status(deal_stream_totals(in));
    deal_stream_close(in);
    if (!shown && status == EXIT_OK) {
        if (board >= 0) fprintf(stderr, "whistlab show: %s: no board %ld\n", argv[optind], board);
        else fprintf(stderr, "whistlab show: %s: no deals\n", argv[optind]);
        return EXIT_REJECTS;
    }
    return status;
}
