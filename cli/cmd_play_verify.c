/* cmd_play_verify.c -- `whistlab play --verify`: replays the recorded card
 * play of every deal in the files and checks it, on the corpus runner's
 * threads (analyze/play/sd_verify_run.h): legality and the recorded
 * result; a deal the reader rejects (an impossible [Play]) or a record it
 * cannot read is a problem too. Problems come in input order, then the
 * summary line, the same for any number of threads, and under mpirun
 * (rank 0 reads and reports, the other ranks check deals). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include "analyze/play/sd_verify_run.h"
#include "cli/cli.h"
#include "cli/cmd_play.h"
#include "cli/progress.h"

static void on_note(void *ctx, run_note kind, const diag_t *diag)
{
    cli_progress_clear(ctx);
    if (kind == RUN_FAILURE) cli_error("whistlab play", diag);
    else diag_print(stderr, diag);
}

int play_verify(char *const files[], int nfiles, const input_opts *io, int threads, bool no_progress)
{
    verify_counts n = {0};
    static cli_progress progress;
    cli_progress_init(&progress, "play --verify");
    if (no_progress) progress.mode = PROGRESS_OFF;
    stats_state *st = calloc(1, sizeof *st);
    input_account *inputs = calloc((size_t)nfiles, sizeof *inputs);
    if (!st || !inputs) {
        free(st);
        free(inputs);
        fprintf(stderr, "whistlab play: out of memory\n");
        return EXIT_FAILURE_IO;
    }
    stats_init(st, 1, (const char *const[]){"verify"});
    dd_mpi_world world = {0, 1};
    diag_t mpi_why = {0};
    if (!dd_mpi_start(&world, &mpi_why)) {
        cli_error("whistlab play", &mpi_why);
        free(st);
        free(inputs);
        return EXIT_FAILURE_IO;
    }
    run_opts ro = {.input = *io, .shard = 1, .shards = 1, .threads = threads, .as_read = true, .stats = st,
                   .inputs = inputs, .mpi = &world,
                   .hooks = {.note = on_note, .progress = progress.mode != PROGRESS_OFF ? cli_progress_hook : NULL,
                             .ctx = &progress}};
    run_job job = sd_verify_job(&n);
    run_status run = corpus_run_go(&ro, &job, (const char *const *)files, nfiles);
    if (world.rank > 0) { /* a serving rank: rank 0 reports */
        free(st);
        free(inputs);
        dd_mpi_finish();
        return run == RUN_DONE ? EXIT_OK : EXIT_FAILURE_IO;
    }
    bool lost = false;
    for (int k = 0; k < nfiles; k++) lost |= inputs[k].stopped != 0;
    /* errors outside any deal are problems too */
    n.problems += st->errors;
    int status = lost || run == RUN_FAILED ? EXIT_FAILURE_IO : n.problems ? EXIT_REJECTS : EXIT_OK;
    printf("deals %" PRIu64 " (and %" PRIu64 " rejected while reading), with a recorded play %" PRIu64
           ": legal %" PRIu64 " (complete %" PRIu64 ", cut short %" PRIu64 "), results checked %" PRIu64
           ", problems %" PRIu64,
           n.deals, n.rejected, n.played, n.legal, n.complete, n.claimed, n.result_checked, n.problems);
    cli_print_where(stdout, "; ", io, n.deals + n.rejected + n.left, n.left);
    printf("\n");
    free(st);
    free(inputs);
    dd_mpi_finish();
    return status;
}
