/* cmd_play_verify.c -- `whistlab play --verify`: replays the recorded card
 * play of every deal in the files and checks it, on the corpus runner's
 * threads (analyze/play/sd_verify_run.h): legality and the recorded
 * result; a deal the reader rejects (an impossible [Play]) or a record it
 * cannot read is a problem too. Problems come in input order, then the
 * summary line, the same for any number of threads, and under mpirun
 * (rank 0 reads and reports, the other ranks check deals); with --save
 * the counts are checkpointed, and --resume goes on from them (the
 * problems not yet told are told then). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/play/sd_robin.h" /* ROBIN_CHECKPOINT_S */
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

/* The settings a saved verification is bound to (corpus_state_config):
 * the reading policy as a store of solved leads words it ("format F trump
 * T leader L", its first word the line's name), the --where condition,
 * then the files, as the states already written have them; a run goes on
 * only with the same. */
static void state_config(const verify_cli *vc, char *const files[], int nfiles, char *buf, size_t len)
{
    static provenance p;
    char policy[256];
    provenance_init(&p);
    input_opts_policy_text(&vc->io, policy, sizeof policy);
    provenance_setting(&p, "format", "%s", policy + strlen("format "));
    if (vc->io.where) provenance_setting(&p, "where", "%s", vc->io.where);
    corpus_state_config(buf, len, "play --verify", (const char *const *)files, nfiles, &p, true);
}

/* Runs the verification on the corpus runner (with --resume: from the
 * state it names) into n, st and inputs; an exit status when there is
 * nothing to report, or -1 to report (*failed: an input or output failed). */
static int verify_run(const verify_cli *vc, run_opts *ro, run_job *job, verify_counts *n, char *const files[],
                      int nfiles, bool *failed)
{
    static char config[WLS_TEXT_MAX];
    state_config(vc, files, nfiles, config, sizeof config);
    ro->config = config;
    bool complete = false;
    unsigned char state[SD_VERIFY_STATE_BYTES];
    diag_t d = {0};
    if (vc->resume) {
        if (!corpus_state_load(ro, vc->resume, (const char *const *)files, nfiles, state, sizeof state, &complete,
                               &d) ||
            !sd_verify_state_load(n, state, sizeof state)) {
            if (!d.reason[0]) diag_set(&d, vc->resume, 0, "cannot resume: not a verification's state");
            cli_error("whistlab play", &d);
            return EXIT_FAILURE_IO;
        }
        if (cli_verbosity != CLI_QUIET && !complete)
            fprintf(stderr, "whistlab play: %s: resuming: %llu deals kept\n", vc->resume,
                    (unsigned long long)(n->deals + n->rejected + n->left));
    }
    run_status run = complete ? RUN_DONE : corpus_run_go(ro, job, (const char *const *)files, nfiles);
    if (ro->mpi->rank > 0) return run == RUN_DONE ? EXIT_OK : EXIT_FAILURE_IO; /* rank 0 reports */
    if (run == RUN_INTERRUPTED) {
        static char again[16384];
        opt_resume_command(vc->options, vc->argc, vc->argv, vc->save, false, again, sizeof again);
        fprintf(stderr, "whistlab play: interrupted after %llu deals (saved in %s); go on with:\n  %s\n",
                (unsigned long long)(n->deals + n->rejected + n->left), vc->save, again);
        return EXIT_INTERRUPTED;
    }
    *failed = run == RUN_FAILED;
    return -1;
}

int play_verify(const verify_cli *vc, char *const files[], int nfiles)
{
    verify_counts n = {0};
    static cli_progress progress;
    cli_progress_init(&progress, "play --verify");
    if (vc->no_progress) progress.mode = PROGRESS_OFF;
    stats_state *st = calloc(1, sizeof *st);
    /* room for what a state file may hold (wls.h) */
    input_account *inputs = calloc((size_t)(nfiles > WLS_MAX_INPUTS ? nfiles : WLS_MAX_INPUTS), sizeof *inputs);
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
    run_opts ro = {.input = vc->io, .shard = 1, .shards = 1, .threads = vc->threads, .as_read = true, .stats = st,
                   .inputs = inputs, .mpi = &world, .save = vc->save, .checkpoint_every = vc->checkpoint,
                   .checkpoint_s = ROBIN_CHECKPOINT_S,
                   .stop = vc->save && world.rank == 0 ? cli_stop_on_signals() : NULL,
                   .hooks = {.note = on_note, .progress = progress.mode != PROGRESS_OFF ? cli_progress_hook : NULL,
                             .ctx = &progress}};
    run_job job = sd_verify_job(&n);
    bool failed = false;
    int status = verify_run(vc, &ro, &job, &n, files, nfiles, &failed);
    if (status < 0) {
        bool lost = false;
        for (int k = 0; k < nfiles; k++) lost |= inputs[k].stopped != 0;
        /* errors outside any deal are problems too */
        n.problems += st->errors;
        status = lost || failed ? EXIT_FAILURE_IO : n.problems ? EXIT_REJECTS : EXIT_OK;
        printf("deals %" PRIu64 " (and %" PRIu64 " rejected while reading), with a recorded play %" PRIu64
               ": legal %" PRIu64 " (complete %" PRIu64 ", cut short %" PRIu64 "), results checked %" PRIu64
               ", problems %" PRIu64,
               n.deals, n.rejected, n.played, n.legal, n.complete, n.claimed, n.result_checked, n.problems);
        cli_print_where(stdout, "; ", &vc->io, n.deals + n.rejected + n.left, n.left);
        printf("\n");
    }
    free(st);
    free(inputs);
    dd_mpi_finish();
    return status;
}
