/* cmd_lead_sim.c -- `whistlab lead --simulate N`: a lead problem's tables
 * (lead_sim.h) for a hand typed on the command line or the eldest hand of
 * each deal of a file: per lead the mean tricks with its 95% interval, how
 * often it is the best lead and makes the odd trick, and its difference
 * from the best lead; each convention's own lead marked with its rules,
 * the book's lead when the deal records its play. Text, and tidy CSV of the
 * tables and of every layout. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/dd/dd_engine.h"
#include "analyze/simulate/lead_sim.h"
#include "cli/cli.h"
#include "cli/cmd_lead_sim.h"
#include "formats/hand_text.h"

const char *const LEAD_SIM_TABLE_COLUMNS[] = {
    "file", "line", "board", "hand", "trump", "turnup", "evaluation", "convention", "lead", "chosen_by",
    "suit_rule", "card_rule", "chosen_pct",
};
const int LEAD_SIM_TABLE_NCOLS = sizeof LEAD_SIM_TABLE_COLUMNS / sizeof LEAD_SIM_TABLE_COLUMNS[0];
const char *const LEAD_SIM_LAYOUT_COLUMNS[] = {
    "file", "line", "board", "layout", "dealer", "turnup", "north", "east", "south", "west",
    "evaluation", "convention", "lead", "tricks",
};
const int LEAD_SIM_LAYOUT_NCOLS = sizeof LEAD_SIM_LAYOUT_COLUMNS / sizeof LEAD_SIM_LAYOUT_COLUMNS[0];

/* Where a problem comes from, for the CSV rows. */
typedef struct {
    const lead_sim_opts *o;
    const lead_sim_result *res;
    const char *file;
    uint64_t line;
    uint32_t board;
    csv_out *layouts;
    int against; /* the column every lead is set against (lead_sim_against) */
} problem;

static void source_fields(csv_out *o, const problem *p)
{
    csv_out_text(o, p->file);
    csv_out_int(o, (long long)p->line);
    csv_out_int(o, p->board);
}

/* One layout's rows: into the runner's table (--csv-layouts with --hand),
 * else into the command's (with files: one table for every problem). */
static bool layout_rows(void *ctx, csv_out *table, const lead_sim_layout *l)
{
    const problem *p = ctx;
    const lead_sim_opts *o = p->o;
    csv_out *out = table ? table : p->layouts;
    char hands[4][24], card[3], turnup[3];
    hand_t h[4];
    for (int s = 0; s < 4; s++) h[s] = l->deal.hand[s];
    for (int s = 0; s < 4; s++) hand_format_dotted(h[s], hands[s], sizeof hands[s]);
    card_format(l->deal.turnup, turnup);
    for (int e = 0; e < 1 + o->nconv; e++) {
        if (e == 0 ? !o->dd : !o->play) continue;
        for (int i = 0; i < p->res->ncols; i++) {
            source_fields(out, p);
            csv_out_int(out, (long long)l->index + 1);
            csv_out_text(out, (char[2]){SEAT_CHARS[l->deal.dealer], 0});
            csv_out_text(out, turnup);
            for (int s = 0; s < 4; s++) csv_out_text(out, hands[s]);
            csv_out_text(out, e == 0 ? "dd" : "play");
            csv_out_text(out, e == 0 ? "" : convention_name(o->conv[e - 1]));
            csv_out_text(out, card_format(p->res->card[i], card));
            csv_out_int(out, e == 0 ? l->dd[i] : l->play[e - 1][i]);
            csv_out_end_row(out);
        }
    }
    /* the command's own table is synced a layout at a time; the runner's
     * at its checkpoints */
    return table || csv_out_sync(out) >= 0;
}

/* "long-suit LS-A4/LS14" for each convention that chose a column of
 * [from, to), with its share of the layouts when it is not all of them; and
 * "the book". A new string, as long as the names make it ("" when none
 * chose; NULL out of memory). */
static char *marks_of(const problem *p, int from, int to, card_t book)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return NULL;
    bool any = false;
    for (int i = from; i < to; i++) {
        for (int k = 0; k < p->o->nconv; k++) {
            uint64_t n = p->res->chosen[k][i];
            if (!n) continue;
            fprintf(f, "%s%s %s", any ? ", " : "", convention_name(p->o->conv[k]), p->res->chosen_rule[k][i]);
            any = true;
            if (n < p->res->layouts) fprintf(f, " (%.0f%%)", 100.0 * (double)n / (double)p->res->layouts);
        }
        if (book != CARD_NONE && p->res->card[i] == book) {
            fprintf(f, "%sthe book", any ? ", " : "");
            any = true;
        }
    }
    if (fclose(f) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* The rows of one table: with dd, a run of equal cards (which double-dummy
 * are worth the same) is one row, labelled "SQJ"; in play every card. */
static int table_rows(const lead_sim_result *res, bool group, int *rows, char label[][16])
{
    int n = 0;
    for (int i = 0; i < res->ncols; i++) {
        card_t c = res->card[i];
        bool joins = group && n > 0 && card_suit(res->card[rows[n - 1]]) == card_suit(c) &&
                     card_rank(res->card[i - 1]) == card_rank(c) + 1;
        if (joins) {
            size_t k = strlen(label[n - 1]);
            if (k + 1 < 16) label[n - 1][k] = RANK_CHARS[card_rank(c)], label[n - 1][k + 1] = 0;
            continue;
        }
        rows[n] = i;
        card_format(c, label[n]);
        n++;
    }
    return n;
}

static void print_table(FILE *out, const problem *p, const lead_table *t, bool group, card_t book)
{
    int rows[LEAD_TABLE_COLS + 1];
    char label[LEAD_TABLE_COLS][16], *marks[LEAD_TABLE_COLS] = {0};
    const char *lab[LEAD_TABLE_COLS] = {0}, *mk[LEAD_TABLE_COLS] = {0};
    int n = table_rows(p->res, group, rows, label);
    rows[n] = p->res->ncols;
    int against = p->against;
    for (int r = 0; r < n; r++) { /* a row's mark: every choice among its cards */
        marks[r] = marks_of(p, rows[r], rows[r + 1], book);
        lab[r] = label[r];
        mk[r] = marks[r] ? marks[r] : "";
        if (p->against >= rows[r] && p->against < rows[r + 1]) against = rows[r]; /* equal cards: its row's */
    }
    char vs[3];
    lead_table_print(out, t, rows, n, lab, mk, against, card_format(p->res->card[p->against], vs));
    for (int r = 0; r < n; r++) free(marks[r]);
}

/* One row of a lead's numbers, for one that chose it (chooser: a
 * convention's name, "book", or "" when none did; rule "SUIT/CARD" or
 * NULL; pct the share of the layouts in which it chose the lead). */
static void table_row(const problem *p, csv_out *o, const lead_table *t, const char *eval, const char *conv, int i,
                      const char *chooser, const char *rule, double pct, const double *top)
{
    char hand[64], turnup[3], card[3];
    source_fields(o, p);
    csv_out_text(o, hand_format_text(p->o->hand, hand, sizeof hand));
    csv_out_text(o, (char[2]){SUIT_CHARS[p->o->trump], 0});
    csv_out_text(o, p->o->turnup == CARD_NONE ? "" : card_format(p->o->turnup, turnup));
    csv_out_text(o, eval);
    csv_out_text(o, conv);
    csv_out_text(o, card_format(p->res->card[i], card));
    csv_out_text(o, chooser);
    const char *slash = rule ? strchr(rule, '/') : NULL;
    char suit_rule[48] = "";
    if (slash) snprintf(suit_rule, sizeof suit_rule, "%.*s", (int)(slash - rule), rule);
    csv_out_text(o, suit_rule);
    csv_out_text(o, slash ? slash + 1 : "");
    csv_out_num(o, pct, 1);
    lead_table_csv_row(o, t, i, p->against, top);
}

/* The rows of a table: a row per lead and one that chose it (each
 * convention that led it, the book), one with chosen_by empty for a lead
 * none chose: one name a cell, so the column can be filtered on (issue 28
 * item 2); a row per lead is the first of each lead's rows. */
static void table_csv(const problem *p, csv_out *o, const lead_table *t, const char *eval, const char *conv,
                      card_t book)
{
    double top[LEAD_TABLE_COLS];
    lead_table_top(t, top);
    for (int i = 0; i < p->res->ncols; i++) {
        bool any = false;
        for (int k = 0; k < p->o->nconv; k++) {
            uint64_t n = p->res->chosen[k][i];
            if (!n) continue;
            table_row(p, o, t, eval, conv, i, convention_name(p->o->conv[k]), p->res->chosen_rule[k][i],
                      100.0 * (double)n / (double)p->res->layouts, top);
            any = true;
        }
        if (book != CARD_NONE && p->res->card[i] == book) {
            table_row(p, o, t, eval, conv, i, "book", NULL, 100.0, top);
            any = true;
        }
        if (!any) table_row(p, o, t, eval, conv, i, "", NULL, NAN, top);
    }
}

/* The conditions on the hidden hands, when any: the fixed cards (dealt
 * exactly) and the --where condition with its tries. */
static void print_conditions(FILE *out, const lead_sim_opts *o, const lead_sim_result *res)
{
    static const char *const WHO[4] = {"", "the second hand", "the partner", "the dealer"};
    bool fixed = o->fixed && deal_predeal_active(o->fixed);
    for (int i = 1; fixed && i < 4; i++) {
        char h[64];
        if (o->fixed->fixed[i])
            fprintf(out, "fixed: %s holds %s (the cards dealt exactly, not by rejection)\n", WHO[i],
                    hand_format_text(o->fixed->fixed[i], h, sizeof h));
    }
    if (o->where)
        fprintf(out, "where: %s: %" PRIu64 " of the %" PRIu64 " layouts dealt met it (%.3g%%), the others left\n",
                o->where_text, res->layouts, res->dealt,
                res->dealt ? 100.0 * (double)res->layouts / (double)res->dealt : 0.0);
    if (fixed || o->where) fprintf(out, "\n");
}

/* The settings a state file is bound to, a line each: those that change
 * the tables' bytes (not the threads, the progress or the outputs). */
static void settings_text(const lead_sim_opts *o, char *buf, size_t len)
{
    FILE *f = fmemopen(buf, len, "w");
    if (!f) {
        buf[0] = 0;
        return;
    }
    char h[64], c[3];
    fprintf(f, "lead --simulate\nhand %s\ntrump %s\nturnup %s\nlayouts %" PRIu64 "\nseed %" PRIu64 "\neval %s\n",
            hand_format_text(o->hand, h, sizeof h), STRAIN_NAMES[o->trump],
            o->turnup == CARD_NONE ? "drawn" : card_format(o->turnup, c), o->layouts, o->seed,
            o->dd && o->play ? "both" : o->dd ? "dd" : "play");
    /* the engine does not change a number: named when it is not the default,
     * so that the states saved before --engine still resume */
    if (o->dd && o->engine != DD_ENGINE_DDS) fprintf(f, "engine %s\n", dd_engine_name(o->engine));
    for (int k = 0; k < o->nconv; k++) fprintf(f, "convention %s\n", convention_name(o->conv[k]));
    if (o->play)
        fprintf(f, "opponents %s\nsignals %d\next %u\n", o->opponents ? convention_name(o->opponents) : "same",
                o->signals, o->ext);
    static const char *const SEAT[4] = {"leader", "second", "partner", "dealer"};
    for (int i = 1; o->fixed && i < 4; i++)
        if (o->fixed->fixed[i]) fprintf(f, "predeal %s=%s\n", SEAT[i], hand_format_text(o->fixed->fixed[i], h, sizeof h));
    if (o->where) fprintf(f, "where %s\nmax-dealt %" PRIu64 "\n", o->where_text, o->max_dealt);
    fclose(f);
}

/* The settings text and, when resuming, the state read back and checked
 * against them (o->resume; lead_sim_free_state(state) after the run).
 * False with the message printed: the exit status in *status. */
static bool prepare_state(lead_sim_opts *o, const lead_sim_session *ses, wls_file *state, int *status)
{
    static char config[WLS_TEXT_MAX];
    settings_text(o, config, sizeof config);
    o->config = config;
    o->resume = NULL;
    if (!ses || !ses->resume) return true;
    diag_t diag = {0};
    if (!lead_sim_read_state(ses->resume, config, state, &diag)) {
        cli_error("whistlab lead: --resume", &diag);
        lead_sim_free_state(state);
        *status = strstr(diag.reason, "other settings") ? EXIT_USAGE : EXIT_FAILURE_IO;
        return false;
    }
    /* the per-layout table is the runner's, resumed where the state says:
     * a run that wrote none cannot write one now, and the other way round */
    bool had_table = strstr(state->progress, "\ncsv_deals ") != NULL;
    if (had_table != (o->layouts_csv != NULL)) {
        fprintf(stderr, "whistlab lead: --resume: %s: the run saved there was started %s --csv-layouts: resume it "
                "as it was started\n", ses->resume, had_table ? "with" : "without");
        lead_sim_free_state(state);
        *status = EXIT_USAGE;
        return false;
    }
    o->resume = state;
    return true;
}

int lead_sim_problem(FILE *out, const lead_sim_opts *opts, const char *file, uint64_t line, uint32_t board,
                     card_t book, csv_out *tables, csv_out *layouts, const lead_sim_session *ses)
{
    static lead_sim_result res;
    static lead_sim_opts run;
    static wls_file state;
    run = *opts;
    const lead_sim_opts *o = &run;
    problem p = {.o = o, .res = &res, .file = file, .line = line, .board = board, .layouts = layouts};
    diag_t diag = {0};
    char h[64], tu[3];
    deal_predeal pre;
    if (!lead_sim_setup(o, &pre, &diag)) {
        /* not a lead problem: a typed hand is a usage error, a deal of a
         * file is not analysed (its reason printed, as a rejection) */
        if (!file[0]) {
            fprintf(stderr, "whistlab lead: --simulate: %s\n", diag.reason);
            return EXIT_USAGE;
        }
        fprintf(out, "not a lead problem: %s\n\n", diag.reason);
        fprintf(stderr, "%s:%" PRIu64 ": not a lead problem: %s\n", file, line, diag.reason);
        return EXIT_REJECTS;
    }
    int status = EXIT_OK;
    if (!prepare_state(&run, ses, &state, &status)) return status;
    if (o->resume && (!o->mpi || o->mpi->rank == 0))
        fprintf(stderr, "whistlab lead: %s: resuming: %" PRIu64 " layouts kept\n", ses->resume,
                o->resume->stats->accepted);
    if (o->mpi && o->mpi->rank > 0) { /* a serving rank: rank 0 reports */
        lead_sim_run(o, &res, NULL, NULL, &diag);
        lead_sim_free_state(&state);
        return EXIT_OK;
    }
    fprintf(out, "hand %s  trumps %s  turn-up %s\n", hand_format_text(o->hand, h, sizeof h), STRAIN_NAMES[o->trump],
           o->turnup == CARD_NONE ? "drawn among the trumps left" : card_format(o->turnup, tu));
    bool ok = lead_sim_run(o, &res, layouts || o->layouts_csv ? layout_rows : NULL, &p, &diag);
    lead_sim_free_state(&state);
    if (res.interrupted) {
        if (o->save)
            fprintf(stderr, "whistlab lead: interrupted after %" PRIu64 " layouts (state in %s); go on with:\n  %s\n",
                    res.layouts, o->save, ses && ses->again ? ses->again : "");
        else if (file[0])
            fprintf(stderr, "whistlab lead: %s:%" PRIu64 ": interrupted after %" PRIu64 " layouts; this deal and "
                    "those after it not analysed\n", file, line, res.layouts);
        else
            fprintf(stderr, "whistlab lead: interrupted after %" PRIu64 " layouts, nothing saved (--save F keeps "
                    "what is done, to go on with --resume F)\n", res.layouts);
        return EXIT_INTERRUPTED;
    }
    int failed = res.too_rare ? EXIT_REJECTS : EXIT_FAILURE_IO;
    if (!ok) {
        fprintf(stderr, "whistlab lead: %s%s%s\n", file[0] ? file : "", file[0] ? ": " : "", diag.reason);
        if (!res.layouts) return failed;
        /* a layout that failed: the tables stand on those before it */
        fprintf(out, "INCOMPLETE: %s; the tables rest on the %" PRIu64 " layouts before it\n", diag.reason, res.layouts);
    }
    fprintf(out, "%" PRIu64 " layouts of the other 39 cards (seed %" PRIu64 "): %s, the rest dealt uniformly at random\n\n",
           res.layouts, o->seed,
           o->turnup == CARD_NONE ? "the dealer's turn-up drawn from the trumps left" : "the turn-up the dealer's");
    print_conditions(out, o, &res);
    char why[96], vs[3];
    p.against = lead_sim_against(o, &res, book, why, sizeof why);
    fprintf(out, "vs %s: each lead against %s (%s, named before any layout), paired over the layouts;\n"
            "P(top): its chance of the highest mean tricks (normal draws from the means and covariances;\n"
            "cards equal on every layout share one)\n\n",
            card_format(res.card[p.against], vs), vs, why);
    if (o->dd) {
        fprintf(out, "DOUBLE-DUMMY: tricks of the leader's side after each lead (one %s solve a layout;\n"
               "equal cards are one row; best = the layout's best lead; 7+ = the odd trick)\n",
               o->engine == DD_ENGINE_DDS ? "DDS" : "whistlab-engine");
        print_table(out, &p, &res.dd, true, book);
        fprintf(out, "\n");
        if (tables) table_csv(&p, tables, &res.dd, "dd", "", book);
    }
    for (int k = 0; o->play && k < o->nconv; k++) {
        fprintf(out, "RULE-BASED PLAY: %s's side after each forced lead, the dealer's side %s\n",
               convention_name(o->conv[k]), o->opponents ? convention_name(o->opponents) : "the same");
        print_table(out, &p, &res.play[k], false, book);
        fprintf(out, "\n");
        if (tables) table_csv(&p, tables, &res.play[k], "play", convention_name(o->conv[k]), book);
    }
    return ok ? EXIT_OK : failed;
}
