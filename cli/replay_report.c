/* replay_report.c -- the report of a replay run, resumed run or merge (the
 * three print the same): its title, its provenance, the tables and the
 * summary CSV (stats/report/report.h), the figures of --plot (cmd_plot.h), and
 * the exit status they call for. */
#include <stdio.h>
#include <string.h>
#include "cli/cli.h"
#include "cli/cmd_plot.h"
#include "cli/replay_report.h"

/* The report's first line, on out; part_mask says which of the shards it
 * covers. */
void replay_print_title(FILE *out, const replay_settings *s, uint64_t part_mask, unsigned shards)
{
    fprintf(out, "whistlab replay --eval %s: %s on ", replay_eval_name(s->eval), s->conventions);
    if (s->eval != STATS_EVAL_DD)
        fprintf(out, "(opponents %s%s%s%s) ", s->opponents, s->signals ? ", signals" : "", s->ext ? ", ext " : "",
                s->ext ? s->ext : "");
    for (int i = 0; i < s->ninputs; i++) fprintf(out, "%s%s", i ? ", " : "", s->inputs[i]);
    if (shards > 1) {
        char have[512];
        provenance_shards(shards, part_mask, true, have, sizeof have);
        fprintf(out, " (PARTIAL: shard%s %s)", __builtin_popcountll(part_mask) == 1 ? "" : "s", have);
    }
    fprintf(out, "\n");
}

/* The provenance of a report: the command line (quoted before getopt
 * reorders argv), s, and what the run read of its inputs; parts and
 * part_mask as the state holds them. */
void replay_make_provenance(provenance *p, const char *command, const replay_settings *s,
                            const input_account *inputs, unsigned parts, uint64_t part_mask)
{
    provenance_init(p);
    p->version = WHISTLAB_VERSION;
    p->command = provenance_keep(p, command);
    p->input = inputs;
    p->parts = parts;
    p->part_mask = part_mask;
    replay_settings_provenance(s, parts, p);
}

/* The report on out, the summary CSV and the figures; the exit status: a run
 * that lost input (INCOMPLETE) fails as its reading did. */
int replay_finish_report(FILE *out, const stats_state *st, const replay_settings *s, const provenance *prov,
                         const char *csv_summary, const char *plot_dir, unsigned plot_formats, const char *cmd)
{
    diag_t err = {0};
    stats_eval eval = (stats_eval)s->eval;
    stats_report(out, st, eval, prov);
    if (csv_summary && !stats_write_summary_csv(csv_summary, st, eval, prov, &err)) {
        cli_error("whistlab", &err);
        return EXIT_FAILURE_IO;
    }
    if (plot_dir && plot_command_summary(cmd, csv_summary, st, eval, prov, plot_dir, plot_formats) != EXIT_OK) return EXIT_FAILURE_IO;
    if (provenance_stopped(prov)) return EXIT_FAILURE_IO;
    return st->rejected || st->errors ? EXIT_REJECTS : EXIT_OK;
}

void replay_values_setting(replay_settings *s, const char *path, const dd_store *store)
{
    const dd_store_header *h = dd_store_header_of(store);
    char hex[DIGEST128_HEX];
    /* a store of version 1 has no engine record: its text stays as it was */
    snprintf(s->values, sizeof s->values, "from the store %s (%llu deals, digest %s; made by: %s%s%s)", path,
             (unsigned long long)h->deals, digest128_hex(h->digest, hex), h->note, h->engine[0] ? "; engine " : "",
             h->engine);
}
