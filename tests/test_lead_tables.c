/* test_lead_tables.c -- the card tables: analyze/lead/RULES.md §9.2 (K24-K68,
 * first card and second-round card per convention), the continuation rules
 * on round 2 (RL0-RL2), editing a copied table, and malformed tables
 * reported as file:line: reason. */
#include "testutil.h"
#include "analyze/lead/convention_compile.h"
#include "analyze/lead/lead_impl.h"
#include "formats/hand_text.h"

static const char *const COLUMNS[6] = {
    "long-suit", "long-suit-pole", "long-suit-clay", "long-suit-hogarth", "american", "short-suit",
};

/* Each cell: 1st card, 2nd-round card ("-": the spec gives none; "stop":
 * PLT3), row id. "tr" holdings are trumps. */
typedef struct {
    const char *id, *holding;
    bool trumps;
    const char *cell[6];
} k_holding;

static const k_holding K[] = {
    {"K24", "AKQJ", false, {"K J LS2", "K Q PL2", "K Q CL3", "K J H2", "K J LS2", "K J LS2"}},
    {"K25", "AKQJ4", false, {"K J LS2", "K Q PL2", "K Q CL3", "K J H2", "J A AM1", "K J LS2"}},
    {"K26", "AKQJ54", false, {"K J LS2", "K Q PL2", "K Q CL3", "K J H2", "J K AM1", "K J LS2"}},
    {"K27", "AKQJ654", false, {"K J LS2", "K Q PL2", "K Q CL3", "K J H2", "J Q AM1", "K J LS2"}},
    {"K28", "AKQ4", false, {"K Q LS3", "K Q PL2", "K Q CL3", "K Q H3", "K Q LS3", "K Q LS3"}},
    {"K29", "AKQ54", false, {"K Q LS3", "K Q PL2", "K Q CL3", "K Q H3", "Q A AM2", "K Q LS3"}},
    {"K30", "AKQ654", false, {"K Q LS3", "K Q PL2", "K Q CL3", "K Q H3", "Q K AM2", "K Q LS3"}},
    {"K31", "AK74", false, {"K A LS4", "K A PL3", "K A CL4", "K A H5", "K A LS4", "K A LS4"}},
    {"K32", "AK742", false, {"K A LS4", "K A PL3", "K A CL4", "K A H5", "A K AM3", "K A LS4"}},
    {"K33", "KQ8642", false, {"K 6 LS8", "K 2 PL7", "K 2 CL6", "K 2 H18", "Q 6 AM4", "K 6 LS8"}},
    {"K34", "KQJT", false, {"K T LS6", "T - PL4", "K - CL6", "T Q H15", "K T LS6", "K T LS6"}},
    {"K35", "KQJ4", false, {"K J LS7", "K 4 PL7", "K - CL6", "K Q H16", "K J LS7", "K J LS7"}},
    {"K36", "KQJT4", false, {"J K LS5", "T - PL4", "T - CL5", "T Q H15", "J K LS5", "J K LS5"}},
    {"K37", "KQJ54", false, {"J K LS5", "K - PL7", "J - CL5", "J - H17", "J K LS5", "J K LS5"}},
    {"K38", "KQJ654", false, {"J Q LS5", "K - PL7", "J - CL5", "J - H17", "J Q LS5", "J Q LS5"}},
    {"K39", "QJT6", false, {"Q J LS9", "Q - PL8", "Q - CL10", "Q J H23", "Q J LS9", "Q J LS9"}},
    {"K40", "QJT65", false, {"Q T LS9", "Q - PL8", "Q - CL10", "Q T H22", "Q T LS9", "Q T LS9"}},
    {"K41", "KJT5", false, {"T - LS10", "T - PL11", "T - CL7", "T - H20", "T - LS10", "T - LS10"}},
    {"K42", "KJT94", false, {"T - LS10", "9 - PL10", "T - CL7", "9 - H19", "T - LS10", "T - LS10"}},
    {"K43", "AQJ4", false, {"A Q LS11", "A Q PL5", "A Q CL7b", "A Q H7", "A Q LS11", "A Q LS11"}},
    {"K44", "AQJ54", false, {"A J LS12", "A Q PL5", "A Q CL7b", "A 4 H8", "A J LS12", "A J LS12"}},
    {"K45", "A8642", false, {"A 4 LS13", "A 2 PL6", "A 2 CL8", "A - H13", "A 4 LS13", "2 - SS3"}},
    {"K46", "A864", false, {"4 - LS14", "4 - PL12", "4 - CL9", "4 - H14", "4 - LS14", "4 - SS3"}},
    {"K47", "QJ642", false, {"4 - LS14", "2 - PL12", "2 - CL11", "4 - H25", "4 - LS14", "2 - SS3"}},
    {"K48", "QT984", false, {"8 - LS14", "4 - PL12", "4 - CL11", "8 - H26", "8 - LS14", "4 - SS3"}},
    {"K49", "K9874", false, {"7 - LS14", "4 - PL12", "4 - CL11", "7 - H21", "7 - LS14", "4 - SS3"}},
    {"K50", "J864", false, {"4 - LS14", "4 - PL12", "4 - CL11", "4 - H29", "4 - LS14", "6 - SS4"}},
    {"K51", "AQT9", false, {"9 - LS14", "9 - PL12", "9 - CL9", "9 - H9", "9 - LS14", "9 - SS3"}},
    {"K52", "JT983", false, {"8 - LS14", "J - PL9", "J - CL10", "J - H27", "8 - LS14", "8 - SS4"}},
    {"K53", "J874", false, {"4 - LS14", "4 - PL12", "4 - CL11", "4 - H29", "4 - LS14", "7 - SS4"}},
    {"K54", "JT4", false, {"J - LS15", "J - PL13", "J - CL2", "J - H31", "J - LS15", "J - SS1"}},
    {"K55", "K42", false, {"2 - LS15", "K - PL13", "2 - CL2", "K - H31", "2 - LS15", "2 - SS1"}},
    {"K56", "AT3", false, {"3 - LS15", "A - PL13", "3 - CL2", "A - H31", "3 - LS15", "3 - SS1"}},
    {"K57", "Q8", false, {"Q - LS15", "Q - PL13", "Q - CL1", "Q - H31", "Q - LS15", "Q - SS1"}},
    {"K58", "AKQ54", true, {"Q K TR2", "Q K PLT2", "4 - CLT1", "Q K HT2", "Q K TR2", "Q K TR2"}},
    {"K59", "AKQJ5", true, {"J Q TR2", "J Q PLT2", "5 - CLT1", "J A HT1", "J Q TR2", "J Q TR2"}},
    {"K60", "AK753", true, {"5 - TR3", "3 - PLT4", "3 - CLT1", "5 - HT4", "5 - TR3", "5 - TR3"}},
    {"K61", "AK75432", true, {"K A TR4", "2 - PLT4", "K A CL4", "K A HT3", "K A TR4", "K A TR4"}},
    {"K62", "KQ753", true, {"5 - TR5", "3 - PLT4", "3 - CLT2", "5 - HT9", "5 - TR5", "5 - TR5"}},
    {"K63", "KQT53", true, {"K - TR6", "3 - PLT4", "3 - CLT2", "K - HT8", "K - TR6", "K - TR6"}},
    {"K64", "A8642", true, {"4 - TR7", "2 - PLT4", "A - CL8", "4 - HT7", "4 - TR7", "4 - TR7"}},
    {"K65", "AKJ53", true, {"5 - TR3", "K stop PLT3", "3 - CLT1", "5 - HT4", "5 - TR3", "5 - TR3"}},
    {"K66", "QT2", true, {"Q - TR1", "Q - PLT1", "Q - TR1", "Q - TR1", "Q - TR1", "Q - TR1"}},
    {"K67", "T984", true, {"4 - LS14", "4 - PLT4", "T - CL10", "T - HT10", "4 - LS14", "4 - LS14"}},
};

static uint16_t ranks_of(const char *s)
{
    uint16_t m = 0;
    for (; *s; s++) m |= (uint16_t)(1u << rank_from_char(*s));
    return m;
}

/* The first card of holding h (spades, or hearts as trumps) under c, with
 * the row that chose it. */
static int first_rank(const convention *c, uint16_t h, bool trumps, const card_row **row, char id[24])
{
    int suit = trumps ? SUIT_H : SUIT_S;
    hand_facts f;
    hand_facts_opening(&f, c->facts, hand_from_suit(suit, h), SUIT_H, CARD_NONE);
    card_t card = card_for_suit(c, &f, suit, -1, 0, id, row, NULL);
    return card_rank(card);
}

/* The card for this player's lead on the suit's 2nd round, when round 1 was
 * the card led and three small cards he does not hold (no honour fell), or
 * `fell` in place of the smallest of them. */
static int second_rank(const convention *c, uint16_t h, const card_row *row, int first, int fell, char id[24])
{
    lead_memo m;
    memo_of(&m, row, false, card_make(SUIT_S, first), h, 0);
    uint16_t played = (uint16_t)(1u << first);
    int k = 0;
    if (fell) played |= (uint16_t)(1u << fell), k++;
    for (int r = 2; r <= RANK_A && k < 3; r++)
        if (!(h & (1u << r)) && r != fell) played |= (uint16_t)(1u << r), k++;
    return continue_rank(c, &m, (uint16_t)(h & ~(1u << first)), played, 2, id);
}

static void test_k24_k67(void **state)
{
    (void)state;
    int cells = 0, seconds = 0;
    for (size_t i = 0; i < sizeof K / sizeof K[0]; i++) {
        uint16_t h = ranks_of(K[i].holding);
        for (int col = 0; col < 6; col++, cells++) {
            const convention *c = convention_builtin(COLUMNS[col]);
            char e1[8], e2[8], erow[24], id[24], id2[24];
            assert_int_equal(sscanf(K[i].cell[col], "%7s %7s %23s", e1, e2, erow), 3);
            const card_row *row;
            int r1 = first_rank(c, h, K[i].trumps, &row, id);
            if (r1 != rank_from_char(e1[0]) || strcmp(id, erow) != 0)
                fail_msg("%s %s: expected %s %s, got %c %s", K[i].id, COLUMNS[col], e1, erow, RANK_CHARS[r1], id);
            if (strcmp(e2, "stop") == 0) {
                assert_int_equal(row->second, SX_STOP); /* PLT3: stop drawing, finesse the J */
                seconds++;
            } else if (strcmp(e2, "-") != 0) {
                int r2 = second_rank(c, h, row, r1, 0, id2);
                if (r2 != rank_from_char(e2[0]))
                    fail_msg("%s %s: 2nd round %s expected, got %c (%s)", K[i].id, COLUMNS[col], e2,
                             RANK_CHARS[r2], id2);
                seconds++;
            }
        }
    }
    assert_int_equal(cells, 44 * 6);
    assert_int_equal(seconds, 119);
}

/* K47, K68: the A or Q having fallen on round 1, the continuation is the
 * higher of the 2nd and 3rd best (RL2, foster L1601); K33 after the A fell:
 * "gen" (LS8 2nd while the A is out). */
static void test_k47_k68_round_two(void **state)
{
    (void)state;
    for (int col = 0; col < 6; col++) {
        const convention *c = convention_builtin(COLUMNS[col]);
        const card_row *row;
        char id[24], id2[24];
        uint16_t kjt5 = ranks_of("KJT5");
        int r1 = first_rank(c, kjt5, false, &row, id);
        assert_int_equal(r1, RANK_T); /* LS10, PL11, CL7, H20 */
        assert_int_equal(second_rank(c, kjt5, row, r1, RANK_Q, id2), RANK_K); /* the Q won */
        assert_string_equal(id2, "RL2");
        assert_int_equal(second_rank(c, kjt5, row, r1, RANK_A, id2), RANK_K); /* the A won: K is master */
        assert_string_equal(id2, "RL1");
    }
    const convention *ls = convention_builtin("long-suit");
    const card_row *row;
    char id[24], id2[24];
    uint16_t qj = ranks_of("QJ642");
    int r1 = first_rank(ls, qj, false, &row, id);
    assert_int_equal(r1, 4);
    assert_int_equal(second_rank(ls, qj, row, r1, RANK_A, id2), RANK_Q);
    assert_string_equal(id2, "RL2");
    assert_int_equal(second_rank(ls, qj, row, r1, 0, id2), 2); /* nothing fell: RL4 lowest */
    uint16_t kq = ranks_of("KQ8642");
    r1 = first_rank(ls, kq, false, &row, id);
    assert_int_equal(second_rank(ls, kq, row, r1, 0, id2), 6); /* A out: the original 4th (RL0) */
    assert_string_equal(id2, "RL0");
    assert_int_equal(second_rank(ls, kq, row, r1, RANK_A, id2), RANK_Q); /* A fell: the Q is master */
    assert_string_equal(id2, "RL1");
}

/* ---- tables as files ---------------------------------------------------- */

static const char *write_tmp(const char *name, const char *text, size_t len)
{
    const char *path = test_tmp(name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    fclose(f);
    return path;
}

static lead_choice lead_of(const convention *c, const char *hand)
{
    lead_view v = {.trump = SUIT_H, .turnup = CARD_NONE};
    diag_t why = {0};
    assert_true(hand_parse(hand, &v.hand, &why));
    lead_choice ch;
    assert_int_equal(lead_choose(c, &v, &ch), 0);
    return ch;
}

/* Copy a built-in table, rename it, change one row: the variant runs without
 * recompiling (the user story). */
static void test_edited_copy(void **state)
{
    (void)state;
    const char *text = convention_text(convention_builtin("long-suit"));
    char *copy = malloc(strlen(text) + 64);
    assert_non_null(copy);
    strcpy(copy, text);
    char *name = strstr(copy, "name      long-suit\n");
    assert_non_null(name);
    memcpy(name, "name      my-ls    ", 19);
    char *row = strstr(copy, "LS14   -     -      4+    4th     gen");
    assert_non_null(row);
    memcpy(row, "LS14   -     -      4+    lowest  gen", 36);
    const char *path = write_tmp("my.tbl", copy, strlen(copy));
    free(copy);
    diag_t d;
    convention *c = convention_load(path, &d);
    if (!c) fail_msg("%s:%llu: %s", d.file, (unsigned long long)d.line, d.reason);
    assert_string_equal(convention_name(c), "my-ls");
    lead_choice ch = lead_of(c, "S:KJ8432 H:Q963 D:AK C:Q");
    assert_int_equal(ch.card, card_parse("S2")); /* K01 with the lowest, as Pole */
    assert_string_equal(ch.card_rule, "LS14");
    ch = lead_of(c, "S:AKQT H:Q42 D:T6432 C:7"); /* K11 unchanged */
    assert_int_equal(ch.card, card_parse("SK"));
    convention_free(c);
    /* options on a file: FILE+option */
    char spec[300];
    snprintf(spec, sizeof spec, "%s+minneapolis", path);
    c = convention_open(spec, &d);
    assert_non_null(c);
    assert_string_equal(convention_name(c), "my-ls+minneapolis");
    ch = lead_of(c, "S:A8642 H:QT63 D:K7 C:95");
    assert_int_equal(ch.card, card_parse("S4"));
    convention_free(c);
    unlink(path);
}

/* text with every LF made eol ("\r" or "\r\n") and its name prefixed with
 * "copy-" (a file may not take a built-in's name); malloc'ed. */
static char *with_line_ends(const char *text, const char *eol)
{
    char *out = malloc(2 * strlen(text) + 8), *o = out;
    const char *name = strncmp(text, "name", 4) == 0 ? text : strstr(text, "\nname");
    assert_non_null(name);
    name += strspn(name, "\n") + 4;
    name += strspn(name, " \t");
    for (const char *t = text; *t; t++) {
        if (t == name) {
            memcpy(o, "copy-", 5);
            o += 5;
        }
        if (*t != '\n') *o++ = *t;
        else for (const char *e = eol; *e; e++) *o++ = *e;
    }
    *o = 0;
    return out;
}

/* Every built-in, written out and loaded back as a file, leads as the
 * built-in on every K01-K23 hand; so it does with CR (old Mac) and CRLF
 * line ends. */
static void test_builtins_round_trip(void **state)
{
    (void)state;
    static const char *const HANDS[] = {
        "S:KJ8432 H:Q963 D:AK C:Q", "S:75 H:J8642 D:T92 C:K32", "S:AQ3 H:QT2 D:KQT9 C:AK5",
        "S:A7 H:KJ83 D:3 C:AKQT73", "S:K42 H:AKQ D:Q4 C:J8753", "S:Q8 H:J3 D:JT53 C:65432",
        "S:843 H:K832 D:AT3 C:JT4", "S:AT H:K62 D:AQ643 C:862", "S:J H:T72 D:J4 C:AKQ9864",
    };
    int n;
    const convention *const *all = convention_builtins(&n);
    for (int i = 0; i < n; i++) {
        if (convention_is_dd_best(all[i])) continue;
        static const char *const eols[] = {"\n", "\r", "\r\n"};
        for (int e = 0; e < 3; e++) {
            char *text = with_line_ends(convention_text(all[i]), eols[e]);
            const char *path = write_tmp("rt.tbl", text, strlen(text));
            free(text);
            diag_t d;
            convention *c = convention_load(path, &d);
            if (!c) fail_msg("%s:%llu: %s", d.file, (unsigned long long)d.line, d.reason);
            for (size_t k = 0; k < sizeof HANDS / sizeof HANDS[0]; k++) {
                lead_choice a = lead_of(all[i], HANDS[k]), b = lead_of(c, HANDS[k]);
                assert_int_equal(a.card, b.card);
                assert_string_equal(a.suit_rule, b.suit_rule);
                assert_string_equal(a.card_rule, b.card_rule);
            }
            convention_free(c);
            unlink(path);
        }
    }
}

/* The `top` step of [continue] and [return]: the highest card held, played
 * cards aside, and always a card (the rows after it are never reached). An
 * ad-hoc table: R1 top; its continuation tries master_high, then top. */
static void test_top_step(void **state)
{
    (void)state;
    static const char TABLE[] = "name top-step\n[suit]\nX1 lead sk_max(n>=1)\n[plain]\nP1 - - * lowest gen\n"
                                "[continue]\nRL1 master_high\nRL2 top\nRL3 lowest\n"
                                "[return]\nR1 top\nR2 lowest\n[later]\nC3\nC5 good(P1)\nC4\nC6\nC7\n";
    diag_t d;
    convention *c = convention_compile(TABLE, "top.tbl", NULL, convention_builtin, &d);
    if (!c) fail_msg("%s:%llu: %s", d.file, (unsigned long long)d.line, d.reason);
    char id[CONV_ID_MAX];
    /* K 9 5 3, the K won: the A is out, the 9 is the highest left (linderfelt L1238) */
    uint16_t played = (uint16_t)(ranks_of("K42") | ranks_of("7"));
    assert_int_equal(return_rank(c, ranks_of("953"), played, id), 9);
    assert_string_equal(id, "R1");
    /* A 6 won with the A: the 6; a singleton: itself */
    assert_int_equal(return_rank(c, ranks_of("6"), ranks_of("A42"), id), 6);
    /* long-suit's R1 on the same K 9 5 3: no master, no pair, not two: the lowest */
    assert_int_equal(return_rank(convention_builtin("long-suit"), ranks_of("953"), played, id), 3);
    assert_string_equal(id, "R1.4");
    /* [continue]: master_high first (Q J 5 with A K gone: the Q), then top
     * (T 8 4 with the A out: the T, where lowest would give the 4) */
    assert_int_equal(continue_rank(c, NULL, ranks_of("QJ5"), ranks_of("AK32"), 2, id), RANK_Q);
    assert_string_equal(id, "RL1");
    assert_int_equal(continue_rank(c, NULL, ranks_of("T84"), ranks_of("K32"), 2, id), RANK_T);
    assert_string_equal(id, "RL2");
    convention_free(c);
}

/* ---- malformed tables ---------------------------------------------------- */

#define HEADER "name t\n[suit]\nX1 lead sk_max(n>=1)\n[later]\nas long-suit\n"
#define PLAIN_OK "[plain]\nP1 - - * top gen\n"

typedef struct {
    const char *text;
    uint64_t line;
    const char *reason;
} bad_table;

static const bad_table BAD[] = {
    {"nmae t\n", 1, "unknown header line 'nmae'"},
    {"name t\n[suit]\nX1 lead sk_max(n>=1)\n[plain]\nP1 AKQ J 3+ T Q\n", 5, "1st card T is not in HAS"},
    {"name t\n[suit]\nX1 lead sk_max(n>=1)\n[plain]\nP1 AK - x A K\n", 5, "bad length 'x'"},
    {"name t\n[suit]\nX1 when t>>5 lead trumps\n", 3, "'t>>5': bad number"},
    {"name t\n[suit]\nX1 when tt>=5 lead trumps\n", 3, "unknown condition 'tt>=5'"},
    {"name t\n[suit]\nX1 when t>=5 trumps\n", 3, "expected 'and', 'or' or 'lead'"},
    {"name t\n[suit]\nX1 lead longest(n>=4)\n", 3, "unknown selector 'longest(n>=4)'"},
    {"name t\n[suit]\nX1 lead sk_max(n>=4, colour=red)\n", 3, "unknown suit test 'colour=red'"},
    {"name t\n[suit]\nX1 lead sk_max(n>=4\n", 3, "unbalanced '('"},
    {HEADER PLAIN_OK "[trumps]\nT1 - - * lowest gen if rule=W9\nT2 - - * top gen\n", 9,
     "rule=W9: no [suit] rule has that id"},
    {"name t\n[suit]\nX1 lead str_max(match(LS1..LS12))\n[later]\nas long-suit\n" PLAIN_OK, 3,
     "no row LS1 in [plain]"},
    {HEADER PLAIN_OK "[trumps]\nT1 - - * table(nowhere) -\n", 9, "table(nowhere): no section [nowhere]"},
    {HEADER "[plain]\nP1 - - 4+ 4th gen\n", 0, "no row (without 'if') gives a card for the holding"},
    {HEADER "[plain]\nP1 - - 3+ 4th gen\nP2 - - * top gen\n", 7, "4th needs n >= 4"},
    {HEADER "[plain]\nP1 KQ A 4+ K 4th/J\nP2 - - * top gen\n", 7, "names a rank that LACKS should hold"},
    {HEADER "[plain]\nP1 KQ K 4+ K gen\n", 7, "a rank is in both HAS and LACKS"},
    {HEADER "[plain]\nP1 KQ A 4+ K J\n", 7, "2nd card J is not in HAS"},
    {HEADER "[plain]\nP1 KQ A 4+ K gen if option=nope\n", 7, "unknown option 'nope'"},
    {HEADER PLAIN_OK "[plain]\n", 8, "section [plain] given twice"},
    {"name t\n[suit]\nX1 lead sk_max(n>=1)\n" PLAIN_OK, 0, "no [later] section"},
    {"name t\n[suit]\nX1 lead as(nobody)\n", 3, "as(nobody): no built-in convention of that name"},
    {"name t\n[suit]\nX_THIS_ID_IS_FAR_TOO_LONG lead trumps\n", 3, "is longer than 23 characters"},
    {HEADER "[plain]\nP1 AK - 2 A K extra\n", 7, "expected 'if' or the end of the row"},
    {"name t\n[suit]\nX1 lead pick(n>=1)\n", 3, "pick(...) needs 'by KEY,KEY'"},
    {"name t\n[suit]\nX1 lead pick(n>=1) by long,tallest\n", 3, "unknown order key 'tallest'"},
    {"name t\n[later]\nC4\n", 0, "no [suit] rules"},
    {"name t\n[suit]\nX1 lead sk_max(n>=1) card top\n[later]\nC4\nC7\n", 0, "later leads need a [plain] table"},
    {"name t\n[suit]\nX1 lead sk_max(n>=1)\n[later]\nC4\nC7\n", 0, "leaves the card to the tables, but there is no [plain]"},
    {"[suit]\n", 1, "the header needs a 'name' line"},
    {"name t\n[suit]\nX1 lead sk_max(n>=1, opened(north))\n", 3, "opened(north): name who, one of me, pt, lho"},
    {"name t\n[suit]\nX1 when some(void()) lead trumps\n", 3, "void(): name who"},
    {"name t\n[suit]\nX1 lead sk_max(n>=1, discarded)\n", 3, "unknown suit test 'discarded'"},
    {"name t\n[suit]\nX1 lead sk_max(opened(pt), opened(lho), opened(rho), void(pt), void(lho))\n", 3,
     "at most 4 play-state tests without '!' in one filter"},
    {"name t\n[suit]\nX1 lead sk_max(n>=1)\n" PLAIN_OK "[later]\ntop\n", 7, "unknown procedure 'top'"},
    {"name t\n[suit]\nX1 lead sk_max(n>=1)\n" PLAIN_OK "[return]\nR1 top_card\n", 7, "unknown step 'top_card'"},
    {"name t\ndescribe x\nname u\n[suit]\nX1 lead sk_max(n>=1)\n" PLAIN_OK, 3,
     "a second 'name' line: the table is named 't' already"},
    {"# a copy\nname long-suit\n[suit]\nX1 lead sk_max(n>=1)\n[later]\nas long-suit\n" PLAIN_OK, 2,
     "name 'long-suit' is a built-in convention's: give the table a name of its own"},
};

static void test_malformed(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        const char *path = write_tmp("bad.tbl", BAD[i].text, strlen(BAD[i].text));
        diag_t d = {0};
        convention *c = convention_load(path, &d);
        if (c) fail_msg("case %zu: a malformed table was accepted", i);
        assert_string_equal(d.file, path);
        if (d.line != BAD[i].line || !strstr(d.reason, BAD[i].reason))
            fail_msg("case %zu: expected line %llu '%s', got %llu '%s'", i, (unsigned long long)BAD[i].line,
                     BAD[i].reason, (unsigned long long)d.line, d.reason);
        unlink(path);
    }
    /* the printed form is file:line: reason */
    const char *path = write_tmp("bad.tbl", BAD[1].text, strlen(BAD[1].text));
    diag_t d;
    assert_null(convention_load(path, &d));
    char buf[512];
    FILE *m = fmemopen(buf, sizeof buf, "w");
    diag_print(m, &d);
    fclose(m);
    char want[300];
    snprintf(want, sizeof want, "%s:5: row P1: 1st card T is not in HAS\n", path);
    assert_string_equal(buf, want);
    /* a NUL byte, a file that is not there */
    const char nul[] = "name t\n[su\0it]\n";
    path = write_tmp("nul.tbl", nul, sizeof nul - 1);
    assert_null(convention_load(path, &d));
    assert_int_equal(d.line, 2);
    assert_non_null(strstr(d.reason, "NUL byte"));
    unlink(path);
    assert_null(convention_load("/nonexistent/x.tbl", &d));
    assert_non_null(strstr(d.reason, "cannot open"));
}

/* The compiled index: every holding's first row is the first row whose
 * has/lacks/n test passes (no per-lead string matching). */
static void test_index(void **state)
{
    (void)state;
    const convention *c = convention_builtin("long-suit");
    const card_table *t = c->table[c->plain_table];
    for (unsigned h = 1; h < 8192; h++) {
        int first = -1;
        for (int i = 0; i < t->nrows && first < 0; i++)
            if (card_row_holds(&t->row[i], (uint16_t)(h << 2))) first = i;
        assert_int_equal(t->first_row[h], first);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_k24_k67),
        cmocka_unit_test(test_k47_k68_round_two),
        cmocka_unit_test(test_edited_copy),
        cmocka_unit_test(test_builtins_round_trip),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_index),
        cmocka_unit_test(test_top_step),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
