/* cmd_play_verify.c -- `whistlab play --verify`: replays the recorded card
 * play of every deal in the files and checks it (analyze/play/sd_verify.h):
 * legality and the recorded result; a deal the reader rejects (an
 * impossible [Play]) or a record it cannot read is a problem too. */
#include <inttypes.h>
#include <stdio.h>
#include "analyze/play/sd_verify.h"
#include "cli/cli.h"
#include "cli/cmd_play.h"

typedef struct {
    uint64_t deals, rejected, played, legal, complete, claimed, result_checked, problems, no_play;
    uint64_t left; /* deals --where left out: not verified */
} verify_counts;

/* One deal's recorded play checked; its problem reported. */
static int verify_deal(const deal_t *d, verify_counts *n)
{
    n->deals++;
    verify_result v;
    verify_status vs = sd_verify_play(d, &v);
    if (vs == VERIFY_NO_PLAY) {
        n->no_play++;
        return EXIT_OK;
    }
    n->played++;
    if (vs == VERIFY_OK || vs == VERIFY_RESULT) {
        n->legal++;
        if (v.complete) n->complete++;
        else n->claimed++;
        if (d->result >= 0) n->result_checked++;
    }
    if (vs == VERIFY_OK) return EXIT_OK;
    n->problems++;
    diag_t diag = {0};
    diag_set(&diag, d->pos.file, d->pos.line, "board %" PRIu32 ": %s", d->board, v.why);
    diag_print(stderr, &diag);
    return EXIT_REJECTS;
}

int play_verify(char *const files[], int nfiles, const input_opts *io)
{
    verify_counts n = {0};
    int status = EXIT_OK;
    ds_opts so = {.input = *io};
    deal_stream *in = cli_stream_open("whistlab play", &so, (const char *const *)files, nfiles);
    if (!in) return EXIT_FAILURE_IO;
    ds_item it;
    while (deal_stream_next(in, &it)) {
        int s = EXIT_OK;
        switch (it.kind) {
        case DS_DEAL:
        case DS_REPEAT: s = verify_deal(it.deal, &n); break;
        case DS_REJECT:
        case DS_ERROR:
            if (it.kind == DS_REJECT && (it.deal->flags & DEAL_UNKNOWN_HANDS)) break; /* valid, not analysable */
            /* a record that cannot be read, or a deal whose recorded play
             * the reader refused already: what --verify is asked to find */
            diag_print(stderr, it.diag);
            if (it.kind == DS_REJECT) n.rejected++;
            n.problems++;
            s = EXIT_REJECTS;
            break;
        case DS_FATAL:
            diag_print(stderr, it.diag);
            s = EXIT_FAILURE_IO;
            break;
        case DS_LEFT: n.left++; break;
        default: break;
        }
        if (s > status) status = s;
    }
    deal_stream_close(in);
    printf("deals %" PRIu64 " (and %" PRIu64 " rejected while reading), with a recorded play %" PRIu64
           ": legal %" PRIu64 " (complete %" PRIu64 ", cut short %" PRIu64 "), results checked %" PRIu64
           ", problems %" PRIu64,
           n.deals, n.rejected, n.played, n.legal, n.complete, n.claimed, n.result_checked, n.problems);
    cli_print_where(stdout, "; ", io, n.deals + n.rejected + n.left, n.left);
    printf("\n");
    return status;
}
