/* cmd_odds_merge.c -- what `whistlab merge` does with the states of an
 * odds counting (cmd_odds.h): the shards of a counting (odds --corpus
 * --shard I/N --save) checked to be of one run over one corpus, their
 * counts added up (analyze/odds/odds_run.h) and the whole run's tables
 * printed by the odds command's report (cmd_odds_impl.h), the same bytes
 * as the unsplit run's but for the command line in their provenance. The
 * settings come from the parts' settings text, read back through the odds
 * command's option table and made again the same, or refused. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"
#include "cli/cmd_odds.h"
#include "cli/cmd_odds_impl.h"
#include "stats/report/provenance.h"
#include "stats/report/wls.h"

bool odds_part_is(const char *config)
{
    static const char HEAD[] = "whistlab odds\n"; /* odds_state_config's first line */
    return strncmp(config, HEAD, sizeof HEAD - 1) == 0;
}

/* The report's options and provenance from the parts' settings text:
 * false when it is not read back to the same text (a line not understood,
 * a value out of its option's bounds: that line into bad). config is cut
 * where it stands, the options' texts pointing into it; parts: the shards
 * the counting was split in (its text keeps the exact level then). */
static bool settings_of_config(char *config, odds_opts *o, provenance *p, const odds_corpus_counts *c,
                               const char *command, unsigned parts, char *bad, size_t len)
{
    static char text[WLS_TEXT_MAX], again[WLS_TEXT_MAX];
    snprintf(text, sizeof text, "%s", config);
    if (!odds_settings_read(config, o, bad, len)) return false;
    o->shards = parts;
    odds_provenance(p, command, o, c);
    odds_state_config(p, o, again, sizeof again);
    return strcmp(again, text) == 0;
}

/* Whether two parts read the same corpus: each input's deals, digest and stop. */
static bool same_inputs(const input_account *a, const input_account *b, int n)
{
    for (int i = 0; i < n; i++)
        if (a[i].deals != b[i].deals || a[i].digest[0] != b[i].digest[0] || a[i].digest[1] != b[i].digest[1] ||
            a[i].stopped != b[i].stopped)
            return false;
    return true;
}

/* Whether part (read into w) is a finished shard of an odds counting of
 * this build (job_len: its job section's size); false after saying why. */
static bool part_usable(const char *part, const wls_file *w, size_t job_len)
{
    const char *why = NULL;
    if (!odds_part_is(w->config))
        why = "not a part of an odds counting (odds --corpus --save): replay and odds parts do not merge together";
    else if (!w->complete)
        why = "an unfinished run: resume it to the end first (odds --resume)";
    else if (w->job_len != job_len)
        why = "not a counting of odds of this build";
    if (why) fprintf(stderr, "whistlab: %s: cannot merge %s\n", part, why);
    return why == NULL;
}

int odds_merge(const char *command, wls_file *first, char *const part[], int nparts, const odds_merge_opts *m)
{
    static wls_file w;
    wls_file *total = first;
    static char config[WLS_TEXT_MAX];
    static odds_opts o;
    static odds_corpus_counts counts;
    static provenance prov;
    size_t bytes = odds_run_state_size();
    unsigned char *job = malloc(bytes);
    odds_run *run = NULL;
    int rc = EXIT_FAILURE_IO;
    diag_t err = {0};
    if (!wls_file_alloc(&w) || !job) {
        fprintf(stderr, "whistlab: out of memory\n");
        goto out;
    }
    for (int i = 0; i < nparts; i++) {
        wls_file *f = i == 0 ? total : &w;
        if (i > 0) {
            w.job = job;
            w.job_cap = bytes;
            if (!wls_read(part[i], &w, &err)) {
                cli_error("whistlab", &err);
                goto out;
            }
        }
        if (!part_usable(part[i], f, bytes)) goto out;
        if (i > 0 && !wls_merge_check(total, &w, part[i], &err)) {
            cli_error("whistlab", &err);
            goto out;
        }
        const char *why = NULL;
        if (i > 0 && !same_inputs(w.inputs, total->inputs, w.ninputs))
            why = "a counting of another corpus (its files' deals or digests differ)";
        else if (i == 0 && !(run = odds_run_of_state(total->job, bytes, &err))) why = err.reason;
        else if (i > 0 && !odds_run_merge_state(run, job, bytes, &err)) why = err.reason;
        if (why) {
            fprintf(stderr, "whistlab: %s: cannot merge %s\n", part[i], why);
            goto out;
        }
        if (i > 0) total->part_mask |= w.part_mask;
        if (cli_verbosity == CLI_VERBOSE) {
            char have[512];
            provenance_shards(f->parts, f->part_mask, true, have, sizeof have);
            fprintf(stderr, "merge: %s: odds shard %s\n", part[i], have);
        }
    }
    unsigned parts = total->parts;
    uint64_t all = parts >= 64 ? ~0ULL : (1ULL << parts) - 1;
    if (total->part_mask == all) total->parts = 1, total->part_mask = 1;
    snprintf(config, sizeof config, "%s", total->config);
    counts.errors = total->stats->errors; /* every shard read every record: each counted them all */
    memcpy(counts.input, total->inputs, (size_t)total->ninputs * sizeof *counts.input);
    char bad[512] = "";
    if (!settings_of_config(config, &o, &prov, &counts, command, parts, bad, sizeof bad) ||
        o.ncorpus != total->ninputs) {
        fprintf(stderr, "whistlab: %s: settings not understood%s%s%s\n", part[0], bad[0] ? " (" : "", bad,
                bad[0] ? ")" : "");
        goto out;
    }
    prov.parts = total->parts;
    prov.part_mask = total->part_mask;
    if (provenance_partial(&prov) && !m->partial) {
        cli_missing_shards(total->parts, total->part_mask, "tables");
        rc = EXIT_REJECTS;
        goto out;
    }
    if (provenance_stopped(&prov)) {
        fprintf(stderr, "whistlab: %s: an input of the run could not be read to its end: no tables\n", part[0]);
        goto out;
    }
    if (m->save) {
        total->complete = 1;
        total->progress[0] = 0;
        total->job = odds_run_state(run, &total->job_len);
        if (!wls_write(m->save, total, &err)) {
            cli_error("whistlab", &err);
            goto out;
        }
    }
    if (cli_verbosity > CLI_QUIET) fprintf(stderr, "whistlab merge: %d state files\n", nparts);
    o.csv = m->csv;
    o.plot = m->plot;
    const odds_acc *acc = odds_run_finish(run, &counts.s);
    rc = odds_output(&o, &counts, acc, &prov);
    if (rc == EXIT_OK && provenance_partial(&prov)) rc = EXIT_REJECTS;
out:
    odds_run_free(run);
    free(job);
    wls_file_release(&w);
    return rc;
}
