/* corpus_resume.c -- before a run resumes (corpus_run.h, corpus_run_resume_check):
 * the records before its resume point must still be those the state file
 * accounted for, input by input (deals read and their digest), else the
 * resumed run would add up two corpora: one regenerated between the
 * interrupt and --resume, say. A reading pass, far cheaper than solving. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/run/corpus_run.h"
#include "analyze/run/record_account.h"

bool corpus_run_resume_check(const run_opts *o, const char *const files[], int nfiles, diag_t *why)
{
    /* Checking the records before the resume point is a pass of its own:
     * an input read once would then be read on from wherever that pass
     * left it, its deals numbered afresh and most of them passed over as
     * done (issue 25 item 8). Such a run is refused, not resumed wrong. */
    for (int k = 0; k < nfiles; k++)
        if (deal_input_read_once(files[k])) {
            diag_set(why, strcmp(files[k], "-") == 0 ? "<stdin>" : files[k], 0,
                     "%s is read once: a run over it cannot be resumed, as its deals before the resume "
                     "point cannot be read again to check them (start the run again, over a file)",
                     strcmp(files[k], "-") == 0 ? "standard input" : "a pipe or FIFO");
            return false;
        }
    input_account *now = calloc((size_t)nfiles, sizeof *now);
    ds_opts so = {.input = o->input, .whist = !o->as_read, .select = true, .limit = o->limit,
                  .shard = o->job_shards ? 1 : o->shard, .shards = o->job_shards ? 1 : o->shards};
    deal_stream *in = now ? deal_stream_open(&so, files, nfiles) : NULL;
    if (!in) {
        free(now);
        diag_set(why, NULL, 0, "out of memory");
        return false;
    }
    ds_item it;
    while (deal_stream_next(in, &it)) {
        if (it.kind == DS_FATAL || it.kind == DS_FILE_END) continue; /* no record */
        if (it.record >= o->resume.records) break;
        record_account t = record_account_of(&it, o->as_read); /* as the runner accounts for it */
        record_account_add(&now[it.input], &t);
    }
    deal_stream_close(in);
    bool same = true;
    for (int k = 0; k < nfiles && same; k++) {
        const input_account *was = &o->inputs[k], *is = &now[k];
        if (was->deals == is->deals && was->digest[0] == is->digest[0] && was->digest[1] == is->digest[1])
            continue;
        same = false;
        diag_set(why, files[k], 0,
                 "changed since the run started: its records before the resume point held %llu deals "
                 "(digest %016llx%016llx), they now hold %llu (digest %016llx%016llx); the run cannot go "
                 "on (start it again without --resume)",
                 (unsigned long long)was->deals, (unsigned long long)was->digest[1],
                 (unsigned long long)was->digest[0], (unsigned long long)is->deals,
                 (unsigned long long)is->digest[1], (unsigned long long)is->digest[0]);
    }
    free(now);
    return same;
}
