/* cmd_lead_sim.c -- `whistlab lead --simulate N`: a lead problem's tables
 * (lead_sim.h) for a hand typed on the command line or the eldest hand of
 * each deal of a file: per lead the mean tricks with its 95% interval, how
 * often it is the best lead and makes the odd trick, and its difference
 * from the best lead; each convention's own lead marked with its rules,
 * the book's lead when the deal records its play. Text, and tidy CSV of the
 * tables and of every layout. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/simulate/lead_sim.h"
#include "cli/cli.h"
#include "cli/cmd_lead_sim.h"
#include "formats/hand_text.h"

const char *const LEAD_SIM_TABLE_COLUMNS[] = {
    "file", "line", "board", "hand", "trump", "turnup", "evaluation", "convention", "lead", "chosen_by",
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
} problem;

static void source_fields(csv_out *o, const problem *p)
{
    csv_out_text(o, p->file);
    csv_out_int(o, (long long)p->line);
    csv_out_int(o, p->board);
}

static bool layout_rows(void *ctx, const lead_sim_layout *l)
{
    const problem *p = ctx;
    const lead_sim_opts *o = p->o;
    char hands[4][24], card[3], turnup[3];
    hand_t h[4];
    for (int s = 0; s < 4; s++) h[s] = l->deal.hand[s];
    for (int s = 0; s < 4; s++) hand_format_dotted(h[s], hands[s], sizeof hands[s]);
    card_format(l->deal.turnup, turnup);
    for (int e = 0; e < 1 + o->nconv; e++) {
        if (e == 0 ? !o->dd : !o->play) continue;
        for (int i = 0; i < p->res->ncols; i++) {
            source_fields(p->layouts, p);
            csv_out_int(p->layouts, (long long)l->index + 1);
            csv_out_text(p->layouts, (char[2]){SEAT_CHARS[l->deal.dealer], 0});
            csv_out_text(p->layouts, turnup);
            for (int s = 0; s < 4; s++) csv_out_text(p->layouts, hands[s]);
            csv_out_text(p->layouts, e == 0 ? "dd" : "play");
            csv_out_text(p->layouts, e == 0 ? "" : convention_name(o->conv[e - 1]));
            csv_out_text(p->layouts, card_format(p->res->card[i], card));
            csv_out_int(p->layouts, e == 0 ? l->dd[i] : l->play[e - 1][i]);
            csv_out_end_row(p->layouts);
        }
    }
    return csv_out_sync(p->layouts) >= 0;
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
    for (int r = 0; r < n; r++) { /* a row's mark: every choice among its cards */
        marks[r] = marks_of(p, rows[r], rows[r + 1], book);
        lab[r] = label[r];
        mk[r] = marks[r] ? marks[r] : "";
    }
    lead_table_print(out, t, rows, n, lab, mk);
    for (int r = 0; r < n; r++) free(marks[r]);
}

static void table_csv(const problem *p, csv_out *o, const lead_table *t, const char *eval, const char *conv,
                      card_t book)
{
    char hand[64], turnup[3], card[3];
    hand_format_text(p->o->hand, hand, sizeof hand);
    for (int i = 0; i < p->res->ncols; i++) {
        source_fields(o, p);
        csv_out_text(o, hand);
        csv_out_text(o, (char[2]){SUIT_CHARS[p->o->trump], 0});
        csv_out_text(o, p->o->turnup == CARD_NONE ? "" : card_format(p->o->turnup, turnup));
        csv_out_text(o, eval);
        csv_out_text(o, conv);
        csv_out_text(o, card_format(p->res->card[i], card));
        char *mark = marks_of(p, i, i + 1, book);
        csv_out_text(o, mark ? mark : "");
        free(mark);
        lead_table_csv_row(o, t, i);
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

int lead_sim_problem(FILE *out, const lead_sim_opts *o, const char *file, uint64_t line, uint32_t board,
                     card_t book, csv_out *tables, csv_out *layouts)
{
    static lead_sim_result res;
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
    fprintf(out, "hand %s  trumps %s  turn-up %s\n", hand_format_text(o->hand, h, sizeof h), STRAIN_NAMES[o->trump],
           o->turnup == CARD_NONE ? "drawn among the trumps left" : card_format(o->turnup, tu));
    bool ok = lead_sim_run(o, &res, layouts ? layout_rows : NULL, &p, &diag);
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
    if (o->dd) {
        fprintf(out, "DOUBLE-DUMMY: tricks of the leader's side after each lead (one DDS solve a layout;\n"
               "equal cards are one row; best = the layout's best lead; 7+ = the odd trick)\n");
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
