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

int play_verify(char *const files[], int nfiles, const input_opts *io)
{
    verify_counts n = {0};
    int status = EXIT_OK;
    for (int i = 0; i < nfiles; i++) {
        int s = verify_file(files[i], io, &n);
        if (s > status) status = s;
    }
    printf("deals %" PRIu64 " (and %" PRIu64 " rejected while reading), with a recorded play %" PRIu64
           ": legal %" PRIu64 " (complete %" PRIu64 ", cut short %" PRIu64 "), results checked %" PRIu64
           ", problems %" PRIu64 "\n",
           n.deals, n.rejected, n.played, n.legal, n.complete, n.claimed, n.result_checked, n.problems);
    return status;
}
