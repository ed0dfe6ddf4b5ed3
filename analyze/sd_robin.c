/* sd_robin.c -- the duplicate round robin: deals streamed from the files,
 * each whist deal played by every ordered pair of conventions (one table
 * each, so a pair's two tables are the deal's (i, j) and (j, i)), gains
 * added to exact paired accumulators (stats/paired.h). */
#include <inttypes.h>
#include <math.h>
#include <string.h>
#include "cmds.h"
#include "formats/reader.h"
#include "sd_duplicate.h"
#include "sd_robin.h"
#include "stats/paired.h"

typedef struct {
    paired_acc pair[SD_ROBIN_MAX][SD_ROBIN_MAX]; /* i < j: i's gain against j */
    uint64_t read, played, rejected, repeats;
} robin_tally;

static bool play_deal(const sd_robin_opts *o, const sd_side *const *sides, const deal_t *w, robin_tally *t)
{
    sd_deal d;
    sd_deal_from(&d, w);
    d.seed = o->seed;
    d.signals = o->signals;
    d.ext = o->ext;
    int gain[SD_ROBIN_MAX * SD_ROBIN_MAX];
    if (sd_round_robin(&d, sides, o->nconv, gain) < 0) return false;
    for (int i = 0; i < o->nconv; i++)
        for (int j = i + 1; j < o->nconv; j++) {
            int g = gain[i * o->nconv + j];
            paired_add(&t->pair[i][j], g, 0, g != 0);
        }
    t->played++;
    return true;
}

static void report(const sd_robin_opts *o, const robin_tally *t, FILE *out)
{
    fprintf(out, "deals: %" PRIu64 " read, %" PRIu64 " whist deals played, %" PRIu64 " rejected, %" PRIu64
                 " repeats skipped\n\n",
            t->read, t->played, t->rejected, t->repeats);
    fprintf(out, "DUPLICATE GAIN PER DEAL (first's tricks at both tables - 13; paired t-test)\n");
    fprintf(out, "%-40s %8s %7s %8s  %-21s %8s %8s\n", "pair", "mean", "sd", "se", "95% CI", "p", "differ");
    double field[SD_ROBIN_MAX] = {0};
    for (int i = 0; i < o->nconv; i++)
        for (int j = i + 1; j < o->nconv; j++) {
            paired_summary s;
            paired_summarise(&t->pair[i][j], &s);
            char name[64];
            snprintf(name, sizeof name, "%s - %s", convention_name(o->conv[i]), convention_name(o->conv[j]));
            fprintf(out, "%-40s %+8.4f %7.3f %8.4f  [%+8.4f, %+8.4f] %8.4f %7.1f%%\n", name, s.mean, s.sd, s.se,
                    s.ci_lo, s.ci_hi, s.p,
                    s.n ? 100.0 * (double)t->pair[i][j].n_differ / (double)s.n : NAN);
            field[i] += s.mean;
            field[j] -= s.mean;
        }
    fprintf(out, "\nAGAINST THE FIELD (mean gain per deal, averaged over the %d opponents)\n", o->nconv - 1);
    for (int i = 0; i < o->nconv; i++)
        fprintf(out, "%-24s %+8.4f\n", convention_name(o->conv[i]), o->nconv > 1 ? field[i] / (o->nconv - 1) : 0.0);
}

int sd_robin_run(const sd_robin_opts *o, char *const files[], int nfiles, FILE *out)
{
    static robin_tally t; /* 12 x 12 accumulators: kept off the stack */
    memset(&t, 0, sizeof t);
    sd_side side[SD_ROBIN_MAX];
    const sd_side *sides[SD_ROBIN_MAX];
    for (int i = 0; i < o->nconv; i++) {
        sd_side_init(&side[i], o->conv[i]);
        sides[i] = &side[i];
    }
    int status = EXIT_OK;
    for (int k = 0; k < nfiles && (!o->limit || t.played < o->limit); k++) {
        diag_t diag = {0};
        deal_reader *r = deal_reader_open(files[k], o->input.format, &diag);
        if (!r) {
            diag_print(stderr, &diag);
            status = EXIT_FAILURE_IO;
            continue;
        }
        deal_t d, whist[4];
        read_status st;
        while ((!o->limit || t.played < o->limit) && (st = deal_reader_next(r, &d, &diag)) != READ_EOF) {
            if (st == READ_FATAL || st == READ_ERROR) {
                diag_print(stderr, &diag);
                if (st == READ_FATAL) {
                    status = EXIT_FAILURE_IO;
                    break;
                }
                if (status == EXIT_OK) status = EXIT_REJECTS;
                continue;
            }
            t.read++;
            if (st == READ_REJECT) {
                diag_print(stderr, &diag);
                t.rejected++;
                if (status == EXIT_OK) status = EXIT_REJECTS;
                continue;
            }
            if (d.flags & DEAL_REPEAT) {
                t.repeats++;
                continue;
            }
            char why[256];
            int n = deal_apply_trump_policy(&d, &o->input.policy, whist, why, sizeof why);
            for (int i = 0; i < n && (!o->limit || t.played < o->limit); i++)
                if (!play_deal(o, sides, &whist[i], &t)) {
                    n = 0;
                    snprintf(why, sizeof why, "the deal cannot be played");
                }
            if (n == 0) {
                diag_set(&diag, d.pos.file, d.pos.line, "%s", why);
                diag_print(stderr, &diag);
                t.rejected++;
                if (status == EXIT_OK) status = EXIT_REJECTS;
            }
        }
        deal_reader_close(r);
    }
    report(o, &t, out);
    return status;
}
