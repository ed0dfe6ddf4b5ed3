/* cmd_lead.c -- `whistlab lead`: each convention's opening lead, for a hand
 * typed on the command line or for the eldest hand of every deal in corpus
 * files (with --explain: the rules that chose the suit and the card); with
 * --simulate, a lead problem (cmd_lead_sim.c). */
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/dd/dd_store.h"
#include "analyze/lead/lead.h"
#include "analyze/play/sd_view.h"
#include "analyze/run/record_account.h"
#include "cli/cli.h"
#include "cli/cmd_lead_holding.h"
#include "cli/cmd_lead_sim.h"
#include "cli/cmd_plot.h"
#include "cli/convention_opts.h"
#include "cli/input_opts.h"
#include "cli/options.h"
#include "cli/progress.h"
#include "formats/deal_digest.h"
#include "formats/deal_stream.h"
#include "formats/hand_text.h"
#include "formats/out_file.h"
#include "stats/report/plot_holding.h"
#include "stats/report/provenance.h"
#include "stats/report/tidy_csv.h"
#include "stats/tally.h"

typedef struct {
    const convention *conv[STATS_MAX_CONV];
    convention *owned[STATS_MAX_CONV];
    int n;
    bool explain;
    uint64_t seed;
    csv_out *csv;
    csv_out *csv_values; /* --csv-values: every card's value in the store */
    bool text; /* per-deal text (off when the CSV is the output) */
    /* --simulate: a lead problem for the hand or each eldest hand */
    lead_sim_opts sim;
    convention *opponents;
    csv_out *sim_tables, *sim_layouts;
    /* --values: each lead's double-dummy value from a store of solved
     * leads (files only) */
    const dd_store *values;
    dd_store *values_store; /* the same, to close */
    FILE *report; /* --simulate's tables as text: stdout, or stderr when a CSV goes there */
    /* --by-holding: the tables by holding led over the files' deals */
    lead_holding *holding;
    const char *holding_csv, *plot_dir, *values_path;
    unsigned plot_formats; /* --plot-format: plot.h's plot_format bits, 0: SVG */
    int argc;   /* the command line from "lead" on, for provenance */
    char **argv;
    /* what the CSV tables rest on, their # lines: the inputs' deals and
     * digests (inputs, one per file) known only at the end */
    provenance *about;
    input_account *inputs;
    lead_sim_session session; /* --simulate --hand: --resume, and the command that goes on */
    dd_mpi_world world;       /* --simulate under mpirun */
} lead_opts;

/* The command line's values, before they are checked together. */
typedef struct {
    const char *hand, *trump, *turnup, *csv, *layouts, *values, *opponents, *holdings, *plot, *save, *resume, *against,
        *csv_values;
    conventions_text conventions; /* every --convention, 'all' spelled out */
    bool explain, signals, by_holding;
    uint64_t seed, simulate, threads, max_dealt;
    char engine[DD_ENGINE_NAME_MAX]; /* --engine: "" for dds */
    int eval;
    unsigned ext, plot_formats;
    cli_input in;
    deal_predeal fixed; /* --predeal: the other seats' cards in --simulate's layouts */
    cli_progress progress;
} lead_cli;

/* Set by SIGINT or SIGTERM: a lead problem stops at a layout's end. */
/* Seconds between a lead problem's checkpoints with --save. */
#define SIM_CHECKPOINT_S 30

static const char *const EVALS[] = {"dd", "play", "both", NULL};
enum { EVAL_DD, EVAL_PLAY, EVAL_BOTH };

/* --predeal: cards of the other seats fixed in the layouts. */
static bool take_predeal(void *field, const char *value, char *why, size_t len)
{
    diag_t d = {0};
    if (deal_predeal_add(field, value, &d)) return true;
    snprintf(why, len, "%s", d.reason);
    return false;
}

/* --save, --resume: a state file, binary: never standard output. */
static bool take_state(void *field, const char *value, char *why, size_t len)
{
    if (strcmp(value, "-") == 0) {
        snprintf(why, len, "a state file is binary, not for standard output: name a file");
        return false;
    }
    *(const char **)field = value;
    return true;
}

/* --ext: the players' extended rules. */
static bool take_ext(void *field, const char *value, char *why, size_t len)
{
    diag_t d = {0};
    if (sd_ext_parse(value, field, &d)) return true;
    snprintf(why, len, "%s", d.reason);
    return false;
}

/* Whether the run reads files: --hand reads none, so the file format and
 * the leader of a deal are no settings of its tables. */
static bool reads_files(const void *set)
{
    return ((const lead_cli *)set)->hand == NULL;
}

#define ROW(f) .at = offsetof(lead_cli, f)
static const opt_spec OPTIONS[] = {
    {.name = "hand", .kind = OPT_TEXT, .arg = "H", ROW(hand),
     .help = "the leader's hand: 'S:KJ8432 H:Q963 D:AK C:Q' or 'KJ8432.Q963.AK.Q'"},
    {.name = "trump", .kind = OPT_TEXT, .arg = "T", ROW(trump),
     .help = "with --hand: the trump suit (S, H, D, C, or NT); with files:\ntrumps for deals without them: S|H|D|C, turnup, each,\ncontract (bridge files), auto (default: the deal's own)"},
    {.name = "turnup", .kind = OPT_TEXT, .arg = "C", ROW(turnup),
     .help = "with --hand: the dealer's turned card (H7); it names the trumps"},
    {.name = "convention", .alias = "conventions", .kind = OPT_CALL, .arg = "C", ROW(conventions),
     .take = conventions_add,
     .help = "a built-in name, a table file, NAME+option (long-suit+minneapolis)\n"
             "or 'all' (the default: every built-in but dd-best); repeatable,\nor comma-separated"},
    {.name = "explain", ROW(explain), .help = "name the rules that chose the suit and the card, with a gloss"},
    {.name = "seed", .kind = OPT_UINT, .arg = "N", ROW(seed), .max = UINT64_MAX,
     .help = "seed of the `random` convention (default 0); it also seeds\nthe layouts of --simulate"},
    {.name = "csv", .kind = OPT_TEXT, .arg = "F", ROW(csv),
     .help = "write the leads as CSV to F ('-' = standard output) instead of\n"
             "text; columns: file,line,board,leader,hand,trump,turnup,\nconvention,lead,suit_rule,card_rule;\n"
             "with --simulate: the tables, one row per lead (see below);\n"
             "with --by-holding: its tables (see below)"},
    {.name = "simulate", .kind = OPT_UINT, .arg = "N", ROW(simulate), .min = 1, .max = UINT64_MAX,
     .help = "a lead problem: deal N layouts of the other 39 cards (the turn-up\n"
             "the dealer's, drawn from the trumps left unless --turnup names it)\n"
             "and value every card of the hand on each, for the hand given or\nthe eldest hand of each deal of the files"},
    {.name = "eval", .kind = OPT_CHOICE, .arg = "E", ROW(eval), .choices = EVALS,
     .help = "with --simulate: dd (one DDS solve a layout; the default), play\n"
             "(the rule-based players after each forced lead, the leader's side\nby each --convention) or both"},
    {.name = "against", .kind = OPT_TEXT, .arg = "CARD", ROW(against),
     .help = "with --hand and --simulate: set every lead against CARD (default:\n"
             "the first convention's lead for the hand; with files, the book's\nlead when the deal records it)"},
    {.name = "opponents", .kind = OPT_CALL, .arg = "C", ROW(opponents), .take = convention_take, .dflt = "long-suit",
     .help = "with play: the dealer's side's convention (default long-suit;\n'same': each convention against itself)"},
    {.name = "signals", ROW(signals), .help = "with play: the players' signals"},
    {.name = "ext", .kind = OPT_CALL, .arg = "X4,X5,...", ROW(ext), .take = take_ext,
     .help = "with play: the players' extended rules"},
    OPT_THREADS(lead_cli, threads, "with --simulate: solver threads (default: as many as DDS has);\n"
                                   "the tables are the same for any number"),
    OPT_ENGINE(lead_cli, engine),
    {.name = "csv-layouts", .kind = OPT_TEXT, .arg = "F", ROW(layouts),
     .help = "with --simulate: every layout, one row per lead and evaluation\n"
             "(file line board layout dealer turnup north east south west eval\nconvention lead tricks)"},
    {.name = "values", .kind = OPT_TEXT, .arg = "F.wdv", ROW(values),
     .help = "with files: each lead's double-dummy value (tricks of the\n"
             "leader's side, and the best lead's) from the store of solved\nleads of those files (whistlab solve)"},
    {.name = "csv-values", .kind = OPT_TEXT, .arg = "F", ROW(csv_values),
     .help = "with --values: the store's values as a table, one row per card of\n"
             "each eldest hand (file line board leader hand trump card tricks\nbest)"},
    {.name = "predeal", .kind = OPT_CALL, .arg = "SEAT=HAND", ROW(fixed), .take = take_predeal,
     .help = "with --simulate: cards of another seat fixed in every layout, the\n"
             "rest dealt uniformly at random, exactly (repeat it for several\n"
             "seats): SEAT second, partner (or third) or dealer (or fourth),\n"
             "e.g. 'dealer=H:AKQ' 'partner=S:A'"},
    {.name = "where", .kind = OPT_CALL, .arg = "EXPR", ROW(in), .take = input_take_where, .flags = OPT_SETTING,
     .help = "with files: keep only the deals that meet EXPR, as `whistlab\n"
             "deal --where` takes it, with the trumps and leader above; the\n"
             "rest counted as left. With --hand and --simulate: the layouts\n"
             "that meet it, by rejection (tries counted), e.g.\n"
             "'trumps(dealer) >= 4 && trumps(partner) <= 2'"},
    {.name = "max-dealt", .kind = OPT_COUNT, .arg = "M", ROW(max_dealt), .min = 1, .max = UINT64_MAX,
     .help = "with --hand, --simulate N and --where: give up after dealing M\n"
             "layouts (default 1000 N), and say how many met EXPR"},
    {.name = "by-holding", ROW(by_holding),
     .help = "with files: the tables by holding led, for each group of holdings\n"
             "(A K x, K Q J x, Q J x x, singleton, x x x, ...: the books'\n"
             "groups): how often each convention leads from it and, with\n"
             "--values, each card's double-dummy tricks against the best lead,\n"
             "95% CIs; --csv F writes them as CSV (# provenance lines on top)"},
    {.name = "holdings", .kind = OPT_TEXT, .arg = "FILE", ROW(holdings),
     .help = "with --by-holding: the groups from FILE (a copy of\nanalyze/lead/holdings.tbl, edited) instead of the built-in ones"},
    {.name = "plot", .kind = OPT_TEXT, .arg = "DIR", ROW(plot),
     .help = "with --by-holding and --values: the figure DIR/by-holding.svg\n(with its .dat and .gp)"},
    {.name = "plot-format", .kind = OPT_CALL, .arg = "LIST", ROW(plot_formats), .take = plot_take_formats,
     .help = "with --plot: the figure's formats, any of svg,png,pdf (default svg;\n"
             "png and pdf need gnuplot's cairo terminals), as whistlab plot --format"},
    {.name = "save", .kind = OPT_CALL, .arg = "F.wls", ROW(save), .take = take_state,
     .help = "with --hand and --simulate: the state file, written every\n" OPT_STR(SIM_CHECKPOINT_S)
             " seconds, when interrupted (Ctrl-C: exit 130, the command\nthat goes on printed) and at the end"},
    {.name = "resume", .kind = OPT_CALL, .arg = "F.wls", ROW(resume), .take = take_state,
     .help = "go on with the lead problem saved in F (the same settings\n"
             "as the run that saved it; F keeps being saved); the tables\nare those of one run"},
    PROGRESS_SPECS(lead_cli, progress, "with --simulate: tty, log[=N] (a dated line every N seconds)\nor off",
                   "the same as --progress off"),
    INPUT_SPEC_FORMAT_IF(lead_cli, in, reads_files),
    INPUT_SPEC_LEADER_IF(lead_cli, in, "as dealt", reads_files),
};
#undef ROW

static void lead_usage(FILE *f);
static const opt_command COMMAND = {.cmd = "lead", .specs = OPTIONS, .n = sizeof OPTIONS / sizeof OPTIONS[0],
                                    .help = lead_usage,
                                    .verbosity = "(-q: no closing line of the deals read)"};

static void lead_usage(FILE *f)
{
    fprintf(f,
        "usage: whistlab lead --hand HAND --trump S|H|D|C|NT [--turnup CARD] [options]\n"
        "       whistlab lead [options] FILE...\n"
        "Prints the opening lead each convention chooses: for the hand given, or for\n"
        "the eldest hand of every deal in the files (the rules: analyze/lead/RULES.md).\n\n");
    opt_print_list(f, &COMMAND);
    fprintf(f,
        "\nEvery deal read is accounted for: a deal that cannot be analysed is reported as\n"
        "file:line: reason (exit status 1). See 'whistlab conventions' for the built-ins.\n");
}

static bool add_convention(lead_opts *o, const char *spec)
{
    if (strcmp(spec, "all") == 0) {
        int n;
        const convention *const *all = convention_builtins(&n);
        for (int i = 0; i < n; i++) {
            if (convention_is_dd_best(all[i])) continue;
            if (o->n == STATS_MAX_CONV) break;
            o->owned[o->n] = NULL;
            o->conv[o->n++] = all[i];
        }
        return true;
    }
    if (o->n == STATS_MAX_CONV) {
        fprintf(stderr, "whistlab lead: at most %d conventions\n", STATS_MAX_CONV);
        return false;
    }
    diag_t d = {0};
    convention *c = convention_open(spec, &d);
    if (!c) {
        diag_print(stderr, &d);
        return false;
    }
    o->owned[o->n] = c;
    o->conv[o->n++] = c;
    return true;
}

static void free_conventions(lead_opts *o)
{
    for (int i = 0; i < o->n; i++) convention_free(o->owned[i]);
}

/* The columns of --csv, named as in the other tables (replay's per-deal
 * table, lead --simulate's): the deal's place ("" and 0 for --hand), its
 * eldest hand ("" for --hand), his hand, trumps, turn-up; with --values
 * the lead's double-dummy tricks and the best lead's, as the text shows
 * them (empty without). */
static const char *const CSV_COLUMNS[] = {"file", "line", "board", "leader", "hand", "trump", "turnup",
                                          "convention", "lead", "suit_rule", "card_rule", "tricks", "best"};
#define CSV_NCOLS ((int)(sizeof CSV_COLUMNS / sizeof CSV_COLUMNS[0]))

/* The columns of --csv-values: what a store of solved leads holds, a row
 * per card of the eldest hand: its double-dummy tricks and the best
 * lead's. */
static const char *const VALUES_COLUMNS[] = {"file", "line", "board", "leader", "hand", "trump", "card", "tricks",
                                             "best"};
#define VALUES_NCOLS ((int)(sizeof VALUES_COLUMNS / sizeof VALUES_COLUMNS[0]))

/* Where a view was read: file "" for --hand, leader -1 when unknown. */
typedef struct {
    const char *file;
    uint64_t line;
    uint32_t board;
    int leader;
} lead_place;

static void csv_row(csv_out *o, const lead_place *at, const lead_view *v, const char *conv, const lead_choice *ch,
                    const dd_leads *values)
{
    char hand[64], card[3];
    csv_out_text(o, at->file);
    csv_out_int(o, (long long)at->line);
    csv_out_int(o, at->board);
    csv_out_text(o, at->leader < 0 ? "" : (char[2]){SEAT_CHARS[at->leader], 0});
    csv_out_text(o, hand_format_text(v->hand, hand, sizeof hand));
    csv_out_text(o, (char[2]){SUIT_CHARS[v->trump], 0});
    csv_out_text(o, v->turnup == CARD_NONE ? "" : card_format(v->turnup, card));
    csv_out_text(o, conv);
    csv_out_text(o, card_format(ch->card, card));
    csv_out_text(o, ch->suit_rule);
    csv_out_text(o, ch->card_rule);
    if (values) {
        csv_out_int(o, values->tricks[ch->card]);
        csv_out_int(o, dd_best_tricks(values));
    }
    csv_out_end_row(o);
}

/* The rows of --csv-values for one deal: each card of the eldest hand,
 * spades first, high cards first, as the store holds them. */
static void values_rows(csv_out *o, const lead_place *at, const lead_view *v, const dd_leads *values)
{
    char hand[64], card[3];
    hand_format_text(v->hand, hand, sizeof hand);
    int best = dd_best_tricks(values);
    for (int suit = 0; suit < 4; suit++)
        for (int rank = 14; rank >= 2; rank--) {
            card_t c = card_make(suit, rank);
            if (!(v->hand & card_bit(c))) continue;
            csv_out_text(o, at->file);
            csv_out_int(o, (long long)at->line);
            csv_out_int(o, at->board);
            csv_out_text(o, (char[2]){SEAT_CHARS[at->leader], 0});
            csv_out_text(o, hand);
            csv_out_text(o, (char[2]){SUIT_CHARS[v->trump], 0});
            csv_out_text(o, card_format(c, card));
            csv_out_int(o, values->tricks[c]);
            csv_out_int(o, best);
            csv_out_end_row(o);
        }
}

/* The leads of every convention for one view: text and/or CSV rows;
 * values: their double-dummy values (NULL: none). */
static void print_leads(const lead_opts *o, const lead_view *v, const lead_place *at, const dd_leads *values)
{
    int w = 0;
    for (int i = 0; i < o->n; i++) {
        int k = (int)strlen(convention_name(o->conv[i]));
        if (k > w) w = k;
    }
    for (int i = 0; i < o->n; i++) {
        const convention *c = o->conv[i];
        lead_choice ch;
        if (lead_choose(c, v, &ch) < 0) {
            if (o->text && values)
                printf("  %-*s --   the best lead: %d tricks\n", w, convention_name(c), dd_best_tricks(values));
            else if (o->text)
                printf("  %-*s --   chosen by the double-dummy evaluation (whistlab replay)\n", w,
                       convention_name(c));
            continue;
        }
        if (o->csv) csv_row(o->csv, at, v, convention_name(c), &ch, values);
        if (!o->text) continue;
        char card[3];
        if (values)
            printf("  %-*s %s  %2d of %2d tricks   %s / %s\n", w, convention_name(c), card_format(ch.card, card),
                   values->tricks[ch.card], dd_best_tricks(values), ch.suit_rule, ch.card_rule);
        else
            printf("  %-*s %s   %s / %s\n", w, convention_name(c), card_format(ch.card, card), ch.suit_rule,
                   ch.card_rule);
        if (o->explain) {
            char suit[512], cardl[512];
            lead_explain(c, v, suit, cardl, sizeof suit);
            printf("  %-*s      suit %s: %s\n", w, "", ch.suit_rule, suit);
            if (cardl[0]) printf("  %-*s      card %s: %s\n", w, "", ch.card_rule, cardl);
        }
    }
}

/* --simulate: the conventions, the opponents and the CSV tables (with
 * --hand, --csv-layouts is the runner's table: resumable). */
static int sim_setup(lead_opts *o, const char *opponents, const char *tables_path, const char *layouts_path,
                     bool hand)
{
    lead_sim_opts *s = &o->sim;
    s->seed = o->seed;
    for (int i = 0; i < o->n; i++) {
        if (convention_is_dd_best(o->conv[i])) continue; /* its lead is the table's best */
        if (s->nconv == STATS_MAX_CONV) {
            fprintf(stderr, "whistlab lead: --simulate: at most %d conventions\n", STATS_MAX_CONV);
            return EXIT_USAGE;
        }
        s->conv[s->nconv++] = o->conv[i];
    }
    if (s->play && strcmp(opponents, "same") != 0) {
        diag_t d = {0};
        if (!(o->opponents = convention_open(opponents, &d))) {
            diag_print(stderr, &d);
            return EXIT_USAGE;
        }
        s->opponents = o->opponents;
    }
    diag_t err = {0};
    if (tables_path) {
        const char *cols[64];
        int n = 0;
        for (int i = 0; i < LEAD_SIM_TABLE_NCOLS; i++) cols[n++] = LEAD_SIM_TABLE_COLUMNS[i];
        for (int i = 0; i < LEAD_TABLE_CSV_NCOLS; i++) cols[n++] = LEAD_TABLE_CSV_COLUMNS[i];
        if (!(o->sim_tables = csv_out_open(tables_path, cols, n, &err))) {
            cli_error("whistlab lead", &err);
            return EXIT_FAILURE_IO;
        }
        csv_out_provenance_head(o->sim_tables, o->about);
    }
    if (layouts_path && hand) {
        o->sim.layouts_csv = layouts_path;
        o->sim.layout_columns = LEAD_SIM_LAYOUT_COLUMNS;
        o->sim.layout_ncols = LEAD_SIM_LAYOUT_NCOLS;
        o->sim.layouts_about = o->about;
    } else if (layouts_path) {
        if (!(o->sim_layouts = csv_out_open(layouts_path, LEAD_SIM_LAYOUT_COLUMNS, LEAD_SIM_LAYOUT_NCOLS, &err))) {
            cli_error("whistlab lead", &err);
            return EXIT_FAILURE_IO;
        }
        csv_out_provenance_head(o->sim_layouts, o->about);
    }
    return EXIT_OK;
}

static int lead_hand(lead_opts *o, const char *hand_text, const char *trump_text, const char *turnup_text)
{
    lead_view v = {.turnup = CARD_NONE, .seed = o->seed};
    diag_t why = {0};
    if (!hand_parse(hand_text, &v.hand, &why)) {
        fprintf(stderr, "whistlab lead: --hand: %s\n", why.reason);
        return EXIT_USAGE;
    }
    if (hand_count(v.hand) != 13) {
        fprintf(stderr, "whistlab lead: --hand has %d cards; a whist hand has 13\n", hand_count(v.hand));
        return EXIT_USAGE;
    }
    v.trump = -1;
    if (trump_text) {
        v.trump = strain_from_str(trump_text);
        if (v.trump < 0) {
            fprintf(stderr, "whistlab lead: --trump %s: not one of S, H, D, C, NT\n", trump_text);
            return EXIT_USAGE;
        }
    }
    if (turnup_text) {
        v.turnup = card_parse(turnup_text);
        if (v.turnup == CARD_NONE) {
            fprintf(stderr, "whistlab lead: --turnup %s: not a card (e.g. H7)\n", turnup_text);
            return EXIT_USAGE;
        }
        if (v.trump < 0) v.trump = card_suit(v.turnup);
        if (card_suit(v.turnup) != v.trump) {
            fprintf(stderr, "whistlab lead: --turnup %s is not a trump\n", turnup_text);
            return EXIT_USAGE;
        }
        if (hand_has(v.hand, v.turnup)) {
            fprintf(stderr, "whistlab lead: --turnup %s is in the leader's hand; the dealer holds it\n",
                    turnup_text);
            return EXIT_USAGE;
        }
    }
    if (v.trump < 0) {
        fprintf(stderr, "whistlab lead: give the trumps with --trump or --turnup\n");
        return EXIT_USAGE;
    }
    if (o->sim.layouts) {
        o->sim.hand = v.hand;
        o->sim.trump = v.trump;
        o->sim.turnup = v.turnup;
        return lead_sim_problem(o->report, &o->sim, "", 0, 0, CARD_NONE, o->sim_tables, o->sim_layouts,
                                &o->session);
    }
    if (o->text) {
        char h[64], c[3];
        printf("hand %s  trumps %s  turn-up %s\n", hand_format_text(v.hand, h, sizeof h),
               STRAIN_NAMES[v.trump], v.turnup == CARD_NONE ? "none" : card_format(v.turnup, c));
    }
    print_leads(o, &v, &(lead_place){.file = "", .leader = -1}, NULL);
    return EXIT_OK;
}

/* The next deal, as cli_next_deal, each file's deals, digest and stop
 * kept in o->inputs for the tables' provenance, as the corpus runner keeps
 * them (record_account.h): so a file's digest is replay's. */
static bool next_deal(lead_opts *o, deal_stream *in, ds_item *it)
{
    while (deal_stream_next(in, it)) {
        record_account_item(&o->inputs[it->input], it, false);
        if (it->kind == DS_DEAL) return true;
        if (it->diag) diag_print(stderr, it->diag);
    }
    return false;
}

/* The eldest hand of every deal of the files; the reading's line at the end. */
static int lead_files(lead_opts *o, const input_opts *io, char *const files[], int nfiles)
{
    int sim_status = EXIT_OK, value_status = EXIT_OK;
    /* selected (all of them): the records are numbered as the store's places */
    ds_opts so = {.input = *io, .whist = true, .select = true, .shard = 1, .shards = 1};
    unsigned per_record = io->policy.kind == TRUMP_EACH ? 4 : 1;
    deal_stream *in = cli_stream_open("whistlab lead", &so, (const char *const *)files, nfiles);
    if (!in) return EXIT_FAILURE_IO;
    ds_item it;
    /* Ctrl-C in a lead problem: the deals after it are not analysed */
    while (sim_status != EXIT_INTERRUPTED && next_deal(o, in, &it)) {
        for (int i = 0; i < it.n && sim_status != EXIT_INTERRUPTED; i++) {
            const deal_t *w = &it.whist[i];
            lead_view v = {.hand = w->hand[w->leader], .trump = w->strain, .turnup = w->turnup,
                           .deal_key = deal_digest_key(w), .seed = o->seed};
            if (o->sim.layouts) {
                /* the book's own lead, when the deal records its play */
                card_t book = (w->flags & DEAL_HAS_PLAY) ? w->play.card[0][w->leader] : CARD_NONE;
                o->sim.hand = v.hand;
                o->sim.trump = v.trump;
                o->sim.turnup = (w->flags & DEAL_TURNUP_INFERRED) ? CARD_NONE : w->turnup;
                fprintf(o->report, "%s:%" PRIu64 "  board %" PRIu32 "  %c leads\n", w->pos.file, w->pos.line,
                        w->board, SEAT_CHARS[w->leader]);
                int s = lead_sim_problem(o->report, &o->sim, w->pos.file, w->pos.line, w->board, book, o->sim_tables,
                                         o->sim_layouts, NULL);
                if (s > sim_status) sim_status = s;
                continue;
            }
            if (o->text && !o->holding) {
                char h[64], c[3];
                printf("%s:%" PRIu64 "  board %" PRIu32 "  %c leads  trumps %s  turn-up %s%s  %s\n",
                       w->pos.file, w->pos.line, w->board, SEAT_CHARS[w->leader],
                       STRAIN_NAMES[w->strain], w->turnup == CARD_NONE ? "none" : card_format(w->turnup, c),
                       (w->flags & DEAL_TURNUP_INFERRED) ? " (assumed)" : "",
                       hand_format_text(v.hand, h, sizeof h));
            }
            dd_leads l;
            const dd_leads *values = NULL;
            if (o->values) {
                uint64_t place = it.record * per_record + (uint64_t)i;
                int got = dd_store_unpack(dd_store_get(o->values, place), w, place, &l);
                if (got == DD_STORE_OK) {
                    values = &l;
                } else {
                    fprintf(stderr, "%s:%" PRIu64 ": %s\n", w->pos.file, w->pos.line,
                            got == DD_STORE_MISMATCH ? "the store of solved leads holds another deal here: it was "
                                                       "made from another corpus"
                                                     : "the store of solved leads has no value for this deal");
                    value_status = EXIT_FAILURE_IO;
                }
            }
            if (o->holding) {
                lead_holding_deal(o->holding, w, values);
                continue;
            }
            lead_place at = {.file = w->pos.file, .line = w->pos.line, .board = w->board, .leader = w->leader};
            if (o->csv_values && values) values_rows(o->csv_values, &at, &v, values);
            print_leads(o, &v, &at, values);
        }
    }
    int status = cli_stream_status(deal_stream_totals(in));
    cli_counts n = cli_counts_of(deal_stream_totals(in));
    deal_stream_close(in);
    if (cli_verbosity > CLI_QUIET) {
        fprintf(stderr, "whistlab lead: %" PRIu64 " deals read: %" PRIu64 " analysed, %" PRIu64
                " rejected, %" PRIu64 " repeated (the same deal at another table, counted once)",
                n.read, n.accepted, n.rejected, n.repeats);
        cli_print_where(stderr, "; ", io, n.read, n.left);
        fputc('\n', stderr);
    }
    if (o->holding) {
        char hex[DIGEST128_HEX] = "";
        if (o->values) digest128_hex(dd_store_header_of(o->values)->digest, hex);
        lead_holding_source src = {.argc = o->argc, .argv = o->argv, .files = files, .nfiles = nfiles,
                                   .read = n.read, .analysed = n.accepted, .rejected = n.rejected, .left = n.left,
                                   .values = o->values_path, .values_digest = hex, .where = io->where};
        int s = lead_holding_report(o->holding, o->report, &src, o->holding_csv, o->plot_dir, o->plot_formats);
        if (s > status) status = s;
    }
    if (sim_status > status) status = sim_status;
    return value_status > status ? value_status : status;
}

/* What the CSV tables rest on (o->about), written as their # lines: the
 * version, the command, what was done, each file read (its deals and
 * digest filled in as it is read, next_deal) and the settings that decide
 * the rows. False when out of memory. */
static bool describe(lead_opts *o, const lead_cli *c, char *const files[], int nfiles)
{
    static provenance p;
    static char command[16384], list[4096];
    provenance_init(&p);
    if (nfiles && !(o->inputs = calloc((size_t)nfiles, sizeof *o->inputs))) return false;
    provenance_command(command, sizeof command, "whistlab", o->argc, o->argv);
    p.version = WHISTLAB_VERSION;
    p.command = command;
    if (o->sim.layouts)
        p.experiment = nfiles ? "a lead problem for the eldest hand of each deal: each opening lead valued on random "
                                "layouts of the other cards"
                              : "a lead problem for the hand given: each opening lead valued on random layouts of "
                                "the other cards";
    else
        p.experiment = o->values ? "each convention's opening lead for the eldest hand of each deal, with each "
                                   "lead's double-dummy tricks from the store of solved leads"
                                 : "each convention's opening lead for the eldest hand of each deal";
    p.ninputs = nfiles;
    p.input_name = (const char *const *)files;
    p.input = o->inputs;
    for (int i = 0, used = 0; i < o->n && used < (int)sizeof list; i++)
        used += snprintf(list + used, sizeof list - (size_t)used, "%s%s", i ? "," : "", convention_name(o->conv[i]));
    provenance_setting(&p, "conventions", "%s", list);
    provenance_setting(&p, "seed", "%llu", (unsigned long long)o->seed);
    if (c->hand) provenance_setting(&p, "hand", "%s", c->hand);
    if (c->trump) provenance_setting(&p, "trump", "%s", c->trump);
    if (c->turnup) provenance_setting(&p, "turnup", "%s", c->turnup);
    if (o->values) {
        char hex[DIGEST128_HEX];
        digest128_hex(dd_store_header_of(o->values)->digest, hex);
        provenance_setting(&p, "values", "%s (digest %s)", c->values, hex);
    }
    if (o->sim.layouts) {
        provenance_setting(&p, "layouts", "%llu", (unsigned long long)o->sim.layouts);
        provenance_setting(&p, "eval", "%s", o->sim.dd && o->sim.play ? "both" : o->sim.dd ? "dd" : "play");
        if (o->sim.play) {
            provenance_setting(&p, "opponents", "%s", c->opponents);
            provenance_setting(&p, "signals", "%s", o->sim.signals ? "on" : "off");
            provenance_setting(&p, "ext", "%u", o->sim.ext);
        }
        if (c->against) provenance_setting(&p, "against", "%s", c->against);
        if (deal_predeal_active(&c->fixed)) {
            static const char *const SEAT[4] = {"leader", "second", "partner", "dealer"};
            char h[64];
            for (int i = 1; i < 4; i++)
                if (c->fixed.fixed[i])
                    provenance_setting(&p, "predeal", "%s=%s", SEAT[i], hand_format_text(c->fixed.fixed[i], h, sizeof h));
        }
        if (c->max_dealt) provenance_setting(&p, "max-dealt", "%llu", (unsigned long long)c->max_dealt);
    }
    opt_settings(&COMMAND, c, &p, NULL, NULL);
    o->about = &p;
    return true;
}

/* --by-holding: checked, its groups read and its figure's directory made. */
static int holding_setup(lead_opts *o, const lead_cli *c, int nfiles)
{
    if (!nfiles || o->sim.layouts || c->layouts || c->explain)
        return opt_usage("lead", "--by-holding goes with files, without --simulate, --csv-layouts or --explain");
    if (c->plot && !c->values)
        return opt_usage("lead", "--plot draws the double-dummy values: give --values F.wdv");
    if (c->plot_formats && !c->plot) return opt_usage("lead", "--plot-format goes with --plot");
    diag_t d = {0};
    if (c->plot && plot_prepare_dir(c->plot, &d) != PLOT_OK) {
        cli_error("whistlab lead: --plot", &d);
        return EXIT_FAILURE_IO;
    }
    if (!(o->holding = calloc(1, sizeof *o->holding))) {
        fprintf(stderr, "whistlab lead: out of memory\n");
        return EXIT_FAILURE_IO;
    }
    if (!(o->report = cli_report_stream("whistlab lead", c->csv, NULL))) return EXIT_USAGE;
    o->holding_csv = c->csv;
    o->plot_dir = c->plot;
    o->plot_formats = c->plot_formats;
    o->values_path = c->values;
    o->text = true;
    return lead_holding_open(o->holding, c->holdings, o->conv, o->n, o->seed);
}

/* The options checked together, the conventions opened and the outputs
 * made ready; EXIT_OK to go on. */
static int lead_setup(lead_opts *o, lead_cli *c, input_opts *io, char **files, int nfiles)
{
    if (c->hand && nfiles) return opt_usage("lead", "give --hand or files, not both");
    if (!c->hand && !nfiles) {
        lead_usage(stderr);
        return EXIT_USAGE;
    }
    if (!c->hand && c->turnup)
        return opt_usage("lead", "--turnup goes with --hand (files carry their own turn-up)");
    if (c->hand && c->in.io.where && !c->simulate)
        return opt_usage("lead", "--where with --hand goes with --simulate N (it conditions the layouts)");
    if (deal_predeal_active(&c->fixed) && !c->simulate)
        return opt_usage("lead", "--predeal goes with --simulate N (it fixes cards of the layouts)");
    if (c->max_dealt && !(c->hand && c->in.io.where && c->simulate))
        return opt_usage("lead", "--max-dealt goes with --hand, --simulate N and --where");
    if ((c->save || c->resume) && !(c->hand && c->simulate))
        return opt_usage("lead", "--save and --resume go with --hand and --simulate N");
    if (c->against && !(c->hand && c->simulate))
        return opt_usage("lead", "--against goes with --hand and --simulate N");
    o->sim.against = CARD_NONE;
    if (c->against && (o->sim.against = card_parse(c->against)) == CARD_NONE)
        return opt_usage("lead", "--against %s: not a card (e.g. SK)", c->against);
    if (c->save && c->resume)
        return opt_usage("lead", "--resume F keeps saving to F: give --save or --resume, not both");

    char why[256];
    if (nfiles && c->trump && !input_take_trump(&c->in, c->trump, why, sizeof why))
        return opt_usage("lead", "--trump %s: %s", c->trump, why);
    *io = c->in.io;
    char list[CONVENTIONS_LEN];
    snprintf(list, sizeof list, "%s", c->conventions[0] ? c->conventions : "all");
    for (char *save = NULL, *tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
        if (!add_convention(o, tok)) return EXIT_USAGE;
    o->explain = c->explain;
    o->seed = c->seed;
    o->sim.layouts = c->simulate;
    o->sim.threads = (int)c->threads;
    o->sim.engine = dd_engine_of_name(c->engine);
    o->sim.dd = c->eval != EVAL_PLAY;
    o->sim.play = c->eval != EVAL_DD;
    o->sim.signals = c->signals;
    o->sim.ext = c->ext;
    o->sim.fixed = &c->fixed;
    o->sim.save = c->resume ? c->resume : c->save;
    o->sim.checkpoint_s = SIM_CHECKPOINT_S;
    o->sim.mpi = &o->world;
    if (c->progress.mode != PROGRESS_OFF) {
        o->sim.progress = cli_progress_hook;
        o->sim.progress_ctx = &c->progress;
    }
    o->session.resume = c->resume;
    if (o->sim.save) {
        static char again[16384];
        opt_resume_command(&COMMAND, o->argc, o->argv, o->sim.save, false, again, sizeof again);
        o->session.again = again;
    }
    if (c->hand && c->in.io.where) {
        o->sim.where = c->in.io.keep_ctx;
        o->sim.where_text = c->in.io.where;
        o->sim.max_dealt = c->max_dealt;
    }
    /* issue 25 item 6: no output is one of the files read */
    static char given[CONVENTIONS_LEN + 512], digests[8192];
    snprintf(given, sizeof given, "%s,%s", c->conventions, c->opponents);
    const char *table_files[64];
    int ntables = cli_table_files(given, digests, sizeof digests, table_files, 64);
    const cli_files inputs[] = {CLI_FILES("the corpus", files, nfiles), CLI_FILE("--values", c->values),
                                CLI_FILES("the convention table", table_files, ntables),
                                CLI_FILE("--holdings", c->holdings)};
    static char fig[5][4200]; /* --by-holding's figure files, never one of the inputs */
    static const char *const EXT[5] = {"dat", "gp", "svg", "png", "pdf"};
    for (int i = 0; i < 5; i++)
        snprintf(fig[i], sizeof fig[i], "%s/%s.%s", c->plot ? c->plot : ".", PLOT_FIG_BY_HOLDING, EXT[i]);
    const char *figs[5] = {fig[0], fig[1], fig[2], fig[3], fig[4]};
    const cli_files outputs[] = {CLI_FILE("--csv", c->csv), CLI_FILE("--csv-layouts", c->layouts),
                                 CLI_FILES("--plot", figs, c->plot ? 5 : 0),
                                 CLI_FILE("--save", c->resume ? c->resume : c->save), CLI_FILE("--csv-values", c->csv_values)};
    if (!cli_outputs_apart("whistlab lead", outputs, 5, inputs, 4)) return EXIT_USAGE;
    if (c->csv_values && (!c->values || c->by_holding))
        return opt_usage("lead", "--csv-values writes the values of a store: give --values F.wdv (without "
                        "--by-holding)");
    if (c->csv_values && c->csv && strcmp(c->csv, "-") == 0 && strcmp(c->csv_values, "-") == 0)
        return opt_usage("lead", "only one CSV table can go to standard output");
    if (!c->by_holding && (c->holdings || c->plot || c->plot_formats))
        return opt_usage("lead", "--holdings, --plot and --plot-format go with --by-holding");
    if (c->values && (c->hand || o->sim.layouts))
        return opt_usage("lead", "--values goes with files (without --simulate): a store holds the values of a "
                        "corpus's deals");
    if (c->values && !(o->values_store = input_opts_open_values(io, c->values, "whistlab lead")))
        return EXIT_FAILURE_IO;
    o->values = o->values_store;
    if (!describe(o, c, files, nfiles)) {
        fprintf(stderr, "whistlab lead: out of memory\n");
        return EXIT_FAILURE_IO;
    }
    if (c->by_holding) return holding_setup(o, c, nfiles);
    if (!o->sim.layouts && (c->layouts || o->sim.play || o->sim.threads))
        return opt_usage("lead", "--eval, --threads and --csv-layouts go with --simulate N");
    if (o->sim.layouts) {
        if (!(o->report = cli_report_stream("whistlab lead", c->csv, c->layouts))) return EXIT_USAGE;
        return sim_setup(o, c->opponents, c->csv, c->layouts, c->hand != NULL);
    }
    diag_t err = {0};
    if (c->csv && !(o->csv = csv_out_open(c->csv, CSV_COLUMNS, CSV_NCOLS, &err))) {
        cli_error("whistlab lead", &err);
        return EXIT_FAILURE_IO;
    }
    if (o->csv) csv_out_provenance_head(o->csv, o->about);
    if (c->csv_values && !(o->csv_values = csv_out_open(c->csv_values, VALUES_COLUMNS, VALUES_NCOLS, &err))) {
        cli_error("whistlab lead", &err);
        return EXIT_FAILURE_IO;
    }
    if (o->csv_values) csv_out_provenance_head(o->csv_values, o->about);
    o->text = !o->csv && !(c->csv_values && strcmp(c->csv_values, "-") == 0);
    return EXIT_OK;
}

/* Closes o's tables and frees what it holds; status, or EXIT_FAILURE_IO
 * when a table could not be written whole. */
static int lead_close(lead_opts *o, int status)
{
    diag_t err = {0};
    csv_out *tables[] = {o->csv, o->sim_tables, o->sim_layouts, o->csv_values};
    for (int i = 0; i < 4; i++) {
        /* the inputs' deals and digests, after the last row: known now
         * (not for a run stopped by Ctrl-C or refused) */
        if (tables[i] && status != EXIT_INTERRUPTED && status != EXIT_USAGE)
            csv_out_provenance_tail(tables[i], o->about);
        if (tables[i] && !csv_out_close(tables[i], &err)) {
            cli_error("whistlab lead", &err);
            status = EXIT_FAILURE_IO;
        }
    }
    free(o->inputs);
    convention_free(o->opponents);
    free(o->holding);
    free_conventions(o);
    dd_store_close(o->values_store);
    return status;
}

/* A lead problem's run: Ctrl-C stops it at a layout's end (a second
 * one at once), MPI started under mpirun (with --hand: files are one
 * process's). */
static int sim_start(lead_opts *o, const lead_cli *c, int nfiles)
{
    o->sim.stop = cli_stop_on_signals();
    diag_t why = {0};
    if (!dd_mpi_start(&o->world, &why)) {
        cli_error("whistlab lead", &why);
        return EXIT_FAILURE_IO;
    }
    if (o->world.size > 1 && nfiles && !c->hand) {
        dd_mpi_finish();
        o->sim.layouts = 0; /* nothing of MPI to finish */
        return opt_usage("lead", "under mpirun, --simulate takes --hand (files are one process's)");
    }
    return EXIT_OK;
}

int cmd_lead(int argc, char **argv)
{
    static lead_opts o;
    static lead_cli c;
    memset(&o, 0, sizeof o);
    memset(&c, 0, sizeof c);
    o.text = true;
    o.world = (dd_mpi_world){0, 1};
    cli_input_init(&c.in);
    deal_predeal_init(&c.fixed);
    cli_progress_init(&c.progress, "lead");
    int first, status = opt_parse(&COMMAND, &c, argc, argv, &first, NULL);
    if (status >= 0) return status;
    o.argc = argc;
    o.argv = argv;
    input_opts io;
    status = lead_setup(&o, &c, &io, argv + first, argc - first);
    if (status == EXIT_OK && o.sim.layouts) status = sim_start(&o, &c, argc - first);
    if (status == EXIT_OK)
        status = c.hand ? lead_hand(&o, c.hand, c.trump, c.turnup) : lead_files(&o, &io, argv + first, argc - first);
    if (o.sim.layouts) dd_mpi_finish();
    return lead_close(&o, status);
}
