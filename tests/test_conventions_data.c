/* test_conventions_data.c -- conventions are data: every built-in table,
 * copied under another name (and with every option on), leads and plays
 * card for card like the original on 2,000 generated deals (10,000 in
 * make check-long, release build): the same opening lead, the same tricks as the eldest
 * side and as its opponents, with and without signals and the extended
 * rules, and in duplicate (a copy against its original gains exactly 0,
 * and both gain the same against long-suit). The analyze/play/RULES.md §12 overrides
 * are [play] rows, C1 and C5 read the rows their table names,
 * dd-best's tie-break is its table's; malformed declarations are
 * file:line: reason. */
#include "testutil.h"
#include <gsl/gsl_rng.h>
#include "analyze/deal/deal_gen.h"
#include "analyze/lead/convention_compile.h"
#include "analyze/lead/lead_impl.h"
#include "analyze/play/sd_duplicate.h"
#include "analyze/replay/replay.h"
#include "formats/hand_text.h"

/* 10,000 deals are 15 s of CPU: make check plays 2,000 of them, 500 under
 * the sanitizers (WHISTLAB_SMALL), where a deal costs four times as much. */
#define N_DEALS (test_long() ? 10000 : test_small() ? 500 : 2000)

/* text with its "name" line changed to "name copy-of-NAME". */
static char *renamed_text(const char *text)
{
    const char *at = strstr(text, "\nname ");
    assert_non_null(at);
    at++;
    const char *eol = strchr(at, '\n');
    assert_non_null(eol);
    const char *old = at + 5;
    while (*old == ' ') old++;
    size_t k = (size_t)(at - text);
    char *copy = malloc(strlen(text) + 32);
    assert_non_null(copy);
    memcpy(copy, text, k);
    int n = sprintf(copy + k, "name      copy-of-%.*s", (int)(eol - old), old);
    strcpy(copy + k + (size_t)n, eol);
    return copy;
}

/* Every option a table declares, '+'-separated ("" if none). */
static void all_options(const convention *c, char *buf, size_t len)
{
    buf[0] = 0;
    for (int i = 0; i < convention_option_count(c); i++)
        snprintf(buf + strlen(buf), len - strlen(buf), "%s%s", i ? "+" : "", convention_option_name(c, i));
}

static convention *compile_or_fail(const char *text, const char *opts)
{
    diag_t d = {0};
    convention *c = convention_compile(text, "copy.tbl", opts[0] ? opts : NULL, convention_builtin, &d);
    if (!c) fail_msg("%s:%llu: %s", d.file, (unsigned long long)d.line, d.reason);
    return c;
}

static void deal_of(const gen_deal *g, sd_deal *d, int k)
{
    memset(d, 0, sizeof *d);
    for (int s = 0; s < 4; s++) d->hand[s] = g->hand[s];
    d->dealer = g->dealer;
    d->turnup = g->turnup;
    d->trump = card_suit(g->turnup);
    d->deal_key = g->index;
    d->seed = 3;
    d->signals = k & 1;
    d->ext = k & 2 ? SD_EXT_DONE : 0;
}

/* The eldest side's tricks with x for it and y for the dealer's side. */
static int eldest_tricks(const sd_deal *d, const sd_side *x, const sd_side *y, card_t opening)
{
    int eldest = seat_left(d->dealer);
    const sd_side *side[2];
    side[sd_side_of(eldest)] = x;
    side[1 - sd_side_of(eldest)] = y;
    sd_result r;
    assert_int_equal(sd_play(d, side, opening, &r, NULL), 0);
    return r.tricks[sd_side_of(eldest)];
}

/* b and its copy c over the deals: leads, play both ways, duplicate. */
static void same_everywhere(const convention *b, const convention *c, gsl_rng *rng)
{
    sd_side sb, sc, ls;
    sd_side_init(&sb, b);
    sd_side_init(&sc, c);
    sd_side_init(&ls, convention_builtin("long-suit"));
    sd_pair copy_vs_orig, b_vs_ls, c_vs_ls;
    sd_pair_init(&copy_vs_orig, &sc, &sb);
    sd_pair_init(&b_vs_ls, &sb, &ls);
    sd_pair_init(&c_vs_ls, &sc, &ls);
    bool dd = convention_is_dd_best(b) != 0;
    assert_int_equal(dd, convention_is_dd_best(c) != 0);
    gen_deal g[512];
    for (int first = 0; first < N_DEALS; first += 512) {
        int n = N_DEALS - first < 512 ? N_DEALS - first : 512;
        deal_gen_block(rng, 1885, NULL, (uint64_t)first, (size_t)n, g);
        for (int k = 0; k < n; k++) {
            sd_deal d;
            deal_of(&g[k], &d, k);
            int eldest = seat_left(d.dealer);
            card_t opening = CARD_NONE;
            if (dd) {
                /* dd-best's card comes from the solver: any card of the hand */
                opening = card_make(SUIT_S, 2);
                for (int x = 0; x < 52 && !hand_has(d.hand[eldest], opening); x++) opening = (card_t)x;
            } else {
                lead_view v = {.hand = d.hand[eldest], .trump = d.trump, .turnup = d.turnup,
                               .deal_key = d.deal_key, .seed = d.seed};
                lead_choice lb, lc;
                assert_int_equal(lead_choose(b, &v, &lb), 0);
                assert_int_equal(lead_choose(c, &v, &lc), 0);
                if (lb.card != lc.card || strcmp(lb.suit_rule, lc.suit_rule) || strcmp(lb.card_rule, lc.card_rule))
                    fail_msg("%s deal %d: lead %d %s/%s, copy %d %s/%s", convention_name(b), first + k, lb.card,
                             lb.suit_rule, lb.card_rule, lc.card, lc.suit_rule, lc.card_rule);
            }
            int tb = eldest_tricks(&d, &sb, &ls, opening), tc = eldest_tricks(&d, &sc, &ls, opening);
            if (tb != tc) fail_msg("%s deal %d: %d tricks as the eldest side, copy %d", convention_name(b), first + k, tb, tc);
            if (dd) continue; /* dd-best leads only from the solver: no opponents' table, no duplicate */
            tb = eldest_tricks(&d, &ls, &sb, CARD_NONE);
            tc = eldest_tricks(&d, &ls, &sc, CARD_NONE);
            if (tb != tc) fail_msg("%s deal %d: opponents %d tricks, copy %d", convention_name(b), first + k, tb, tc);
            sd_dup_result r1, r2;
            assert_int_equal(sd_duplicate(&d, &copy_vs_orig, &r1), 0);
            if (r1.gain != 0) fail_msg("%s deal %d: the copy gains %d on its original", convention_name(b), first + k, r1.gain);
            assert_int_equal(sd_duplicate(&d, &b_vs_ls, &r1), 0);
            assert_int_equal(sd_duplicate(&d, &c_vs_ls, &r2), 0);
            if (r1.gain != r2.gain || r1.x_tricks[0] != r2.x_tricks[0])
                fail_msg("%s deal %d: duplicate against long-suit %d, copy %d", convention_name(b), first + k, r1.gain, r2.gain);
        }
    }
}

/* The same [play] rows, bucket by bucket (play_row_same). */
static bool same_play(const play_rules *a, const play_rules *b)
{
    for (int k = 0; k < PLAY_BUCKETS; k++) {
        if (a->nbucket[k] != b->nbucket[k]) return false;
        for (int i = 0; i < a->nbucket[k]; i++)
            if (!play_row_same(&a->row[a->bucket[k][i].row], &b->row[b->bucket[k][i].row])) return false;
    }
    return true;
}

static bool active_row(const convention *c, const char *id)
{
    const play_rules *pl = convention_play_rules(c);
    for (int i = 0; i < pl->nrows; i++)
        if (pl->row[i].active && strcmp(pl->row[i].id, id) == 0) return true;
    return false;
}

/* The test: for every built-in, its own table under another name,
 * without options and with all of them on. */
static void test_renamed_builtins_play_alike(void **state)
{
    (void)state;
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_taus2);
    int n;
    const convention *const *all = convention_builtins(&n);
    assert_null(convention_builtin_error()); /* every built-in table compiles */
    assert_true(n >= 11);
    for (int i = 0; i < n; i++) {
        char *text = renamed_text(convention_text(all[i]));
        char opts[200];
        all_options(all[i], opts, sizeof opts);
        for (int with_opts = 0; with_opts <= (opts[0] != 0); with_opts++) {
            convention *b = with_opts ? compile_or_fail(convention_text(all[i]), opts) : (convention *)all[i];
            convention *c = compile_or_fail(text, with_opts ? opts : "");
            assert_string_not_equal(convention_name(b), convention_name(c));
            assert_true(same_play(convention_play_rules(b), convention_play_rules(c)));
            same_everywhere(b, c, rng);
            convention_free(c);
            if (with_opts) convention_free(b);
        }
        free(text);
    }
    gsl_rng_free(rng);
}

/* ---- the overrides come from [play] ------------------------------------- */

/* Third hand's card (North) on partner's opening lead: South, the eldest
 * hand, led lead, West played second; North holds hand, hearts trumps. */
static sd_card third_card(const convention *c, const char *lead, const char *second, const char *hand)
{
    play_public pub;
    play_public_init(&pub, SUIT_H, CARD_NONE, SEAT_E, false);
    pub.leader[0] = SEAT_S;
    play_public_play(&pub, SEAT_S, card_parse(lead));
    play_public_play(&pub, SEAT_W, card_parse(second));
    sd_side side;
    sd_side_init(&side, c);
    sd_view v = {.pub = &pub, .seat = SEAT_N, .side = &side};
    diag_t why = {0};
    assert_true(hand_parse(hand, &v.hand, &why));
    bool read = false;
    return sd_follow(&v, &read);
}

static uint16_t ranks_of(const char *s)
{
    uint16_t m = 0;
    for (; *s; s++) m |= (uint16_t)(1u << rank_from_char(*s));
    return m;
}

static convention *copy_of(const char *name, const char *opts)
{
    char *text = renamed_text(convention_text(convention_builtin(name)));
    convention *c = compile_or_fail(text, opts);
    free(text);
    return c;
}

static void test_overrides_are_declared(void **state)
{
    (void)state;
    /* CV1 (PC30): american's copy discards on partner's Q; long-suit ruffs */
    convention *am = copy_of("american", "");
    sd_card k = third_card(am, "SQ", "S4", "H:532 D:832");
    assert_string_equal(k.rule, "CV1");
    assert_int_equal(k.card, card_parse("D2"));
    k = third_card(convention_builtin("long-suit"), "SQ", "S4", "H:532 D:832");
    assert_string_equal(k.rule, "T4.2");
    assert_int_equal(k.card, card_parse("H2"));
    /* CV2 (PC23): short-suit's copy passes partner's strengthening J */
    convention *ss = copy_of("short-suit", "");
    k = third_card(ss, "SJ", "S3", "S:A6 H:5432");
    assert_string_equal(k.rule, "T2");
    assert_int_equal(k.card, card_parse("S6"));
    /* short-suit-singleton declares no CV2 (analyze/play/RULES.md §12 gives it to
     * short-suit only): third hand plays T1.4's A. This failed while CV2
     * was switched on by the name prefix "short-suit-". */
    k = third_card(convention_builtin("short-suit-singleton"), "SJ", "S3", "S:A6 H:5432");
    assert_string_equal(k.rule, "T1.4");
    assert_int_equal(k.card, card_parse("SA"));
    assert_false(active_row(convention_builtin("short-suit-singleton"), "T2"));
    /* a long-suit table with short-suit's T2 row plays T2, whatever its name */
    const char *text = convention_text(convention_builtin("long-suit"));
    const char *at = strstr(text, "[play]\n");
    assert_non_null(at);
    char *with_cv2 = malloc(strlen(text) + 128);
    assert_non_null(with_cv2);
    size_t pre = (size_t)(at - text) + 7;
    memcpy(with_cv2, text, pre);
    strcpy(with_cv2 + pre, "T2 when pos=3 follows trick=1 plain !trumped led=2..Q partner_winning play low\n");
    strcat(with_cv2, at + 7);
    convention *ls2 = compile_or_fail(with_cv2, "");
    k = third_card(ls2, "SJ", "S3", "S:A6 H:5432");
    assert_string_equal(k.rule, "T2");
    free(with_cv2);
    convention_free(ls2);
    convention_free(am);
    convention_free(ss);
    /* CV6 comes with the option its row names */
    convention *m = copy_of("long-suit", "minneapolis");
    assert_true(active_row(m, "CV6"));
    assert_false(active_row(convention_builtin("long-suit"), "CV6"));
    convention_free(m);
}

/* C1 answers a call and C5 finds an own good suit by the rows the table
 * names, not by Foster's row ids in the code. */
static void test_later_rows_are_declared(void **state)
{
    (void)state;
    const convention *ls = convention_builtin("long-suit");
    char id[CONV_ID_MAX];
    /* TM4.1 by TR4 (A K x x x x x: the K), by LS8 from the plain rows */
    assert_int_equal(call_answer_rank(ls, ranks_of("AK75432"), 0, id), RANK_K);
    assert_string_equal(id, "TM4.1");
    assert_int_equal(call_answer_rank(ls, ranks_of("KQ5"), 0, id), RANK_K);
    /* K 9 6 3: no row; four trumps -> the lowest (TM4.4, PC40) */
    assert_int_equal(call_answer_rank(ls, ranks_of("K963"), 0, id), 3);
    assert_string_equal(id, "TM4.4");
    assert_true(good_suit_holding(ls, ranks_of("KQJ54")));   /* LS5 */
    assert_true(good_suit_holding(ls, ranks_of("A8642")));   /* LS13 */
    assert_false(good_suit_holding(ls, ranks_of("Q8642")));  /* LS14 is not a high-card row */
    /* a table whose C1 names only TR4, and whose C5 names only LS13 */
    const char *text = convention_text(ls);
    char *t = renamed_text(text);
    char *c1 = strstr(t, "answer(trumps:TR2,TR4,TR6 plain:LS2..LS12)");
    char *c5 = strstr(t, "good(LS1..LS13)");
    assert_non_null(c1);
    assert_non_null(c5);
    memcpy(c1, "answer(trumps:TR4)                        ", 42);
    memcpy(c5, "good(LS13)     ", 15);
    convention *c = compile_or_fail(t, "");
    assert_int_equal(call_answer_rank(c, ranks_of("AK75432"), 0, id), RANK_K);
    /* Q J T 4: long-suit's LS9 gives the Q; without it, four trumps give
     * the lowest (TM4.4) */
    assert_int_equal(call_answer_rank(ls, ranks_of("QJT4"), 0, id), RANK_Q);
    assert_string_equal(id, "TM4.1");
    assert_int_equal(call_answer_rank(c, ranks_of("QJT4"), 0, id), 4);
    assert_string_equal(id, "TM4.4");
    assert_false(good_suit_holding(c, ranks_of("KQJ54")));
    assert_true(good_suit_holding(c, ranks_of("A8642")));
    convention_free(c);
    free(t);
    /* the variants read long-suit's rows by name: the same sets */
    const convention *pole = convention_builtin("long-suit-pole");
    for (unsigned h = 1; h < 8192; h++)
        assert_int_equal(good_suit_holding(pole, (uint16_t)(h << 2)), good_suit_holding(ls, (uint16_t)(h << 2)));
}

/* dd-best's tie-break is its table's dd_best(NAME). */
static void test_dd_best_tie_break_is_declared(void **state)
{
    (void)state;
    const convention *dd = convention_builtin("dd-best");
    assert_ptr_equal(convention_dd_prefer(dd), convention_builtin("long-suit"));
    diag_t d;
    convention *c = convention_compile("name x\n[suit]\nDD lead dd_best(short-suit)\n[later]\nas long-suit\n", "x.tbl",
                                       NULL, convention_builtin, &d);
    assert_non_null(c);
    assert_ptr_equal(convention_dd_prefer(c), convention_builtin("short-suit"));
    convention_free(c);
    c = convention_compile("name x\n[suit]\nDD lead dd_best\n[later]\nas long-suit\n", "x.tbl", NULL,
                           convention_builtin, &d);
    assert_non_null(c);
    assert_null(convention_dd_prefer(c));
    convention_free(c);
}

/* Hogarth: trumps A J T 9 lead the 9 at any length (HT5a, hogarth L541). */
static void test_hogarth_ht5a(void **state)
{
    (void)state;
    const convention *h = convention_builtin("long-suit-hogarth");
    lead_view v = {.trump = SUIT_H, .turnup = CARD_NONE};
    diag_t why = {0};
    lead_choice ch;
    assert_true(hand_parse("S:K2 H:AJT95 D:Q74 C:J83", &v.hand, &why)); /* HOG-A1: five trumps */
    assert_int_equal(lead_choose(h, &v, &ch), 0);
    assert_int_equal(ch.card, card_parse("H9"));
    assert_string_equal(ch.card_rule, "HT5a");
    assert_true(hand_parse("S:K2 H:AJT9 D:Q74 C:J832", &v.hand, &why));
    /* a plain suit A J T 9 x still leads the A (H12) */
    assert_true(hand_parse("S:AJT95 H:K2 D:Q74 C:J83", &v.hand, &why));
    assert_int_equal(lead_choose(h, &v, &ch), 0);
    assert_int_equal(ch.card, card_parse("SA"));
    assert_string_equal(ch.card_rule, "H12");
}

/* ---- malformed declarations ---------------------------------------------- */

#define HEAD "name t\n[suit]\nX1 lead sk_max(n>=1)\n[plain]\nP1 - - * top gen\n"
#define LATER_REST "C2a\nC2b\nC3\nC4\nC5a\nC6\nC7\n[continue]\nRL4 lowest\n[return]\nR1 lowest\n"

typedef struct {
    const char *text;
    uint64_t line;
    const char *reason;
} bad_table;

static const bad_table BAD[] = {
    {HEAD "[play]\nCV1 ruff_less(QJ)\n[later]\nas long-suit\n", 7, "unknown [play] condition 'ruff_less(QJ)'"},
    {HEAD "[play]\nCV1 pass_partner(QJ)\n[later]\nas long-suit\n", 7, "the [play] declarations are rows now"},
    {HEAD "[play]\nS9 when pos=2 follows play\n[later]\nas long-suit\n", 7, "a [play] row is 'ID [when] CONDITION ... play ACTION'"},
    {HEAD "[play]\nS9 when pos=2 follows has(KX) play K\n[later]\nas long-suit\n", 7, "has: 'X' is not a rank"},
    {HEAD "[play]\nS9 when pos=2 has(K) play K\n[later]\nas long-suit\n", 7, "add 'follows' or 'void'"},
    {HEAD "[play]\nS9 when pos=2 follows play ruff\n[later]\nas long-suit\n", 7, "ruff, discard and top_trump need 'void'"},
    {HEAD "[play]\nS9 when pos=2 void play low\n[later]\nas long-suit\n", 7, "it needs 'follows'"},
    {HEAD "[play]\nS9 when pos=5 follows play low\n[later]\nas long-suit\n", 7, "'pos=5': bad value"},
    {HEAD "[play]\nS9 when pos=2 follows sideways play low\n[later]\nas long-suit\n", 7, "unknown [play] condition 'sideways'"},
    {HEAD "[play]\nS9 when pos=2 follows play jump\n[later]\nas long-suit\n", 7, "unknown action 'jump'"},
    {HEAD "[play]\nS9 when pos=2 follows play group_low(row)\n[later]\nas long-suit\n", 7, "the row needs match(ROWS)"},
    {HEAD "[play]\nS9 when pos=2 follows match(P7) play low\n[later]\nas long-suit\n", 7, "no row P7 in [plain]"},
    {HEAD "[play]\nCV6 when pos=2 follows option=nope play A\n[later]\nas long-suit\n", 7, "unknown option 'nope'"},
    {HEAD "[play]\nS9 when pos=2 follows ext=X14 play low\n[later]\nas long-suit\n", 7, "name an extended rule X1..X13"},
    {HEAD "[play]\ninherit nobody [play]\n[later]\nas long-suit\n", 7, "inherit nobody: no built-in convention"},
    {HEAD "[play]\ninherit long-suit\n[later]\nas long-suit\n", 7, "expected 'inherit CONVENTION [play]'"},
    {HEAD "[play]\ninherit long-suit [play]\ninherit american [play]\n[later]\nas long-suit\n", 8, "one 'inherit' line"},
    {HEAD "[play]\nS9 when pos=2 round=1 round>=2 follows play low\n[later]\nas long-suit\n", 7, "can never fire"},
    {HEAD "[later]\nC1\nC5 good(P1)\n" LATER_REST, 7, "C1 needs answer(ROWS)"},
    {HEAD "[later]\nC1 answer(P1)\nC5\n" LATER_REST, 8, "C5 needs good(ROWS)"},
    {HEAD "[later]\nC1 answer(P1)\nC5 good(P9)\n" LATER_REST, 8, "no row P9 in [plain]"},
    {HEAD "[later]\nC1 answer(nowhere:P1)\nC5 good(P1)\n" LATER_REST, 7, "no section [nowhere]"},
    {HEAD "[later]\nC1 answer(nobody:plain:P1)\nC5 good(P1)\n" LATER_REST, 7, "nobody:...: no built-in convention"},
    {HEAD "[later]\nC1 answer(P1)\nC5 good(long-suit:plain:LS13..LS1)\n" LATER_REST, 8, "LS1 comes before LS13"},
    {HEAD "[later]\nC1 answer(P1)\nC4 good(P1)\n" LATER_REST, 8, "only C1 takes answer(ROWS) and only C5 good(ROWS)"},
    {HEAD "[later]\nC1 answer(P1)\nC5 good(P1)\nC5 good(P1)\n" LATER_REST, 9, "C5 given twice"},
    {HEAD "[later]\nC1 answer()\nC5 good(P1)\n" LATER_REST, 7, "answer(): name the rows"},
    {"name t\n[suit]\nDD lead dd_best(nobody)\n[later]\nas long-suit\n", 3, "dd_best(nobody): no built-in convention"},
};

static void test_malformed_declarations(void **state)
{
    (void)state;
    const char *path = test_tmp("decl.tbl");
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fputs(BAD[i].text, f);
        fclose(f);
        diag_t d = {0};
        convention *c = convention_load(path, &d);
        if (c) fail_msg("case %zu: a malformed table was accepted", i);
        assert_string_equal(d.file, path);
        if (d.line != BAD[i].line || !strstr(d.reason, BAD[i].reason))
            fail_msg("case %zu: expected line %llu '%s', got %llu '%s'", i, (unsigned long long)BAD[i].line,
                     BAD[i].reason, (unsigned long long)d.line, d.reason);
    }
    unlink(path);
}

/* ---- through the command line --------------------------------------------- */

/* `conventions --table`, renamed, runs beside its original in replay with
 * identical columns; replay takes NAME+option and FILE+option like the
 * other commands (one parser of convention specs). */
static void test_cli_renamed_table(void **state)
{
    (void)state;
    char tbl[256], csv[256];
    snprintf(tbl, sizeof tbl, "%s", test_tmp("am.tbl"));
    snprintf(csv, sizeof csv, "%s", test_tmp("am.csv"));
    char out[65536];
    int rc = test_run(out, sizeof out, "%s conventions --table american | sed 's/^name .*/name my-american/' > %s",
                      test_bin(), tbl);
    assert_int_equal(rc, 0);
    rc = test_run(out, sizeof out,
                  "%s replay --eval play --conventions american,%s+minneapolis,long-suit+minneapolis --no-progress "
                  "--csv-deals %s --limit 300 corpora/whist-2000.pbn.gz 2>&1",
                  test_bin(), tbl, csv);
    if (rc != 0) fail_msg("replay: %s", out);
    /* american against my-american: leads coincide, gain +0.0000 exactly
     * (a different option on one side may move a few deals) */
    assert_non_null(strstr(out, "my-american+minneapolis"));
    assert_non_null(strstr(out, "long-suit+minneapolis"));
    rc = test_run(out, sizeof out, "%s replay --eval play --conventions american,%s --no-progress --limit 300 "
                                   "corpora/whist-2000.pbn.gz 2>&1",
                  test_bin(), tbl);
    assert_int_equal(rc, 0);
    const char *row = strstr(out, "american - my-american");
    assert_non_null(row);
    assert_non_null(strstr(row, "+0.0000   0.000   0.0000"));
    rc = test_run(out, sizeof out, "%s replay --conventions nonesuch --no-progress corpora/whist-2000.pbn.gz 2>&1",
                  test_bin());
    assert_int_equal(rc, 2);
    assert_non_null(strstr(out, "nonesuch"));
    unlink(tbl);
    unlink(csv);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_renamed_builtins_play_alike),
        cmocka_unit_test(test_overrides_are_declared),
        cmocka_unit_test(test_later_rows_are_declared),
        cmocka_unit_test(test_dd_best_tie_break_is_declared),
        cmocka_unit_test(test_hogarth_ht5a),
        cmocka_unit_test(test_malformed_declarations),
        cmocka_unit_test(test_cli_renamed_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
