/* test_fidelity_leads.c -- the lead fidelity suite (issue 26): every opening
 * lead of tests/fidelity/leads.txt (its header gives the format) is led by
 * the book's convention and must be the book's card, and the next lead of
 * the suit the book's second card. A holding is led through the card tables
 * (card_for_suit, then the continuation rules on round 2, as
 * test_lead_tables does); a hand through lead_choose; a later lead through
 * lead_later, after the tricks the line scripts. Lines marked
 * `ambiguous` (the book gives two cards) are counted, not asserted. Prints
 * the counts per convention and per book. */
#include "testutil.h"
#include "analyze/lead/convention_compile.h"
#include "analyze/lead/lead_impl.h"
#include "analyze/lead/play_view.h"
#include "formats/hand_text.h"

#define FIELDS 11
#define MAX_KEYS 16

typedef struct {
    char name[40];
    int examples, agree, ambiguous;
} tally;

static void count(tally t[], int *n, const char *name, int agree, int ambiguous)
{
    int i = 0;
    while (i < *n && strcmp(t[i].name, name) != 0) i++;
    if (i == *n) {
        assert_true(*n < MAX_KEYS);
        t[i] = (tally){.examples = 0};
        snprintf(t[i].name, sizeof t[i].name, "%s", name);
        (*n)++;
    }
    t[i].examples++;
    t[i].agree += agree;
    t[i].ambiguous += ambiguous;
}

/* Splits line at " | " into f[]; returns the number of fields. */
static int split(char *line, char *f[FIELDS])
{
    int n = 0;
    char *p = line;
    while (n < FIELDS) {
        f[n++] = p;
        char *bar = strstr(p, " | ");
        if (!bar || n == FIELDS) break;
        *bar = 0;
        p = bar + 3;
    }
    return n;
}

static uint16_t ranks_of(const char *s)
{
    uint16_t m = 0;
    for (; *s; s++) {
        int r = rank_from_char(*s);
        assert_true(r >= 2);
        m |= (uint16_t)(1u << r);
    }
    return m;
}

/* The value of key=... in the context words, NULL if absent. */
static const char *context(const char *ctx, const char *key, char *buf, size_t len)
{
    size_t k = strlen(key);
    for (const char *p = ctx; (p = strstr(p, key)) != NULL; p += k)
        if ((p == ctx || p[-1] == ' ') && p[k] == '=') {
            size_t n = strcspn(p + k + 1, " ");
            if (n >= len) n = len - 1;
            memcpy(buf, p + k + 1, n);
            buf[n] = 0;
            return buf;
        }
    return NULL;
}

/* The round-2 card after first was led from h, three small cards he does
 * not hold having fallen (test_lead_tables' second_rank). */
static int second_rank(const convention *c, uint16_t h, const card_row *row, int first)
{
    lead_memo m;
    memo_of(&m, row, false, card_make(SUIT_S, first), h, 0);
    uint16_t played = (uint16_t)(1u << first);
    for (int r = 2, k = 0; r <= RANK_A && k < 3; r++)
        if (!(h & (1u << r))) played |= (uint16_t)(1u << r), k++;
    char id[CONV_ID_MAX];
    return continue_rank(c, &m, (uint16_t)(h & ~(1u << first)), played, 2, id);
}

/* A holding's lead (plain: spades, hearts trumps with t small ones; trumps:
 * hearts). Returns NULL when it is the book's, else what whistlab led. */
static const char *holding_lead(const convention *c, bool trumps, const char *holding, const char *ctx,
                                const char *card, const char *then, char got[64])
{
    char buf[8];
    uint16_t h = ranks_of(holding);
    int suit = trumps ? SUIT_H : SUIT_S;
    hand_t hand = hand_from_suit(suit, h);
    if (!trumps) {
        const char *t = context(ctx, "t", buf, sizeof buf);
        int n = t ? atoi(t) : 3;
        uint16_t small = 0;
        for (int r = 2; r < 2 + n; r++) small |= (uint16_t)(1u << r);
        hand |= hand_from_suit(SUIT_H, small);
    }
    const char *tu = context(ctx, "turnup", buf, sizeof buf);
    int turnup_rank = tu ? rank_from_char(tu[0]) : 0;
    hand_facts f;
    hand_facts_opening(&f, c->facts, hand, SUIT_H, tu ? card_make(SUIT_H, turnup_rank) : CARD_NONE);
    char id[CONV_ID_MAX];
    const card_row *row;
    int r1 = card_rank(card_for_suit(c, &f, suit, -1, turnup_rank, id, &row, NULL));
    bool ok = r1 == rank_from_char(card[0]);
    char second[8] = "-";
    if (strcmp(then, "stop") == 0) {
        ok = ok && row && row->second == SX_STOP;
        snprintf(second, sizeof second, "%s", row && row->second == SX_STOP ? "stop" : "go on");
    } else if (strcmp(then, "-") != 0) {
        int r2 = second_rank(c, h, row, r1);
        ok = ok && r2 == rank_from_char(then[0]);
        snprintf(second, sizeof second, "%c", RANK_CHARS[r2]);
    }
    snprintf(got, 64, "%c then %s (%s)", RANK_CHARS[r1], second, id);
    return ok ? NULL : got;
}

/* Does the card chosen agree with the book's: the card, its suit ("H"),
 * or not that suit ("!S")? */
static bool card_agrees(card_t chosen, const char *card)
{
    if (card[0] == '!') return card_suit(chosen) != suit_from_char(card[1]);
    if (card[1]) return chosen == card_parse(card);
    return card_suit(chosen) == suit_from_char(card[0]);
}

/* A hand's opening lead: the card, its suit ("H") or not that suit ("!H"). */
static const char *hand_lead(const convention *c, const char *holding, const char *ctx, const char *card,
                             char got[64])
{
    char buf[8];
    diag_t why = {0};
    lead_view v = {.trump = SUIT_H, .turnup = CARD_NONE};
    if (!hand_parse(holding, &v.hand, &why)) fail_msg("%s: %s", holding, why.reason);
    const char *tr = context(ctx, "trump", buf, sizeof buf);
    if (tr) v.trump = suit_from_char(tr[0]);
    lead_choice ch;
    assert_int_equal(lead_choose(c, &v, &ch), 0);
    card_format(ch.card, got);
    return card_agrees(ch.card, card) ? NULL : got;
}

/* A later lead: West (eldest, South dealing) holds the hand; the tricks
 * (context tricks=, cards in play order from each trick's leader, "." and
 * "/" between them) are played, West's own leads being his convention's
 * (checked against the script), and West, on lead again, leads. */
static const char *later_lead(const convention *c, const char *holding, const char *ctx, const char *card,
                              char got[64])
{
    char buf[8], tricks[256];
    diag_t why = {0};
    hand_t hand;
    if (!hand_parse(holding, &hand, &why)) fail_msg("%s: %s", holding, why.reason);
    const char *tr = context(ctx, "trump", buf, sizeof buf);
    if (!context(ctx, "tricks", tricks, sizeof tricks)) fail_msg("a later lead without tricks=: %s", ctx);
    play_public pub;
    play_public_init(&pub, tr ? suit_from_char(tr[0]) : SUIT_H, CARD_NONE, SEAT_S, false);
    later_choice lc;
    for (char *p = tricks; *p;) {
        int seat = pub.leader[pub.ntricks];
        for (int i = 0; i < 4; i++, seat = seat_left(seat)) {
            card_t played = card_parse((char[3]){p[0], p[1], 0});
            assert_true(played != CARD_NONE);
            if (seat == SEAT_W && i == 0) {
                play_view v = {.pub = &pub, .seat = SEAT_W, .hand = hand};
                assert_int_equal(lead_later(c, &v, &lc), 0);
                if (lc.choice.card != played) {
                    snprintf(got, 64, "%s at trick %d", card_format(lc.choice.card, buf), pub.ntricks + 1);
                    return got;
                }
                play_public_note_lead(&pub, SEAT_W, &lc);
            }
            if (seat == SEAT_W) {
                assert_true(hand_has(hand, played));
                hand &= ~card_bit(played);
            }
            play_public_play(&pub, seat, played);
            p += 2;
            if (*p == '.' || *p == '/') p++;
        }
    }
    assert_int_equal(pub.leader[pub.ntricks], SEAT_W);
    play_view v = {.pub = &pub, .seat = SEAT_W, .hand = hand};
    assert_int_equal(lead_later(c, &v, &lc), 0);
    snprintf(got, 64, "%s (%s/%s)", card_format(lc.choice.card, buf), lc.choice.suit_rule, lc.choice.card_rule);
    return card_agrees(lc.choice.card, card) ? NULL : got;
}

static void print_tallies(const char *what, const tally t[], int n)
{
    printf("fidelity leads by %s:\n", what);
    for (int i = 0; i < n; i++)
        printf("  %-18s %3d examples, %3d agree, %2d ambiguous\n", t[i].name, t[i].examples, t[i].agree,
               t[i].ambiguous);
}

static void test_book_leads(void **state)
{
    (void)state;
    char *text = test_slurp("tests/fidelity/leads.txt");
    assert_non_null(text);
    tally by_conv[MAX_KEYS], by_book[MAX_KEYS];
    int nconv = 0, nbook = 0, examples = 0, wrong = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        if (line[0] == '#' || line[0] == 0) continue;
        char *f[FIELDS];
        if (split(line, f) != FIELDS) fail_msg("tests/fidelity/leads.txt: malformed line %s", line);
        const char *id = f[0], *book = f[1], *conv = f[3], *kind = f[4], *holding = f[5], *ctx = f[6];
        const char *card = f[7], *then = f[8], *status = f[9];
        diag_t why = {0};
        convention *c = convention_open(conv, &why);
        if (!c) fail_msg("%s: %s", id, why.reason);
        bool ambiguous = strcmp(status, "ambiguous") == 0;
        assert_true(ambiguous || strcmp(status, "ok") == 0);
        char got[64];
        const char *miss = NULL;
        if (strcmp(kind, "hand") == 0)
            miss = hand_lead(c, holding, ctx, card, got);
        else if (strcmp(kind, "later") == 0)
            miss = later_lead(c, holding, ctx, card, got);
        else if (strcmp(kind, "plain") == 0 || strcmp(kind, "trumps") == 0)
            miss = holding_lead(c, strcmp(kind, "trumps") == 0, holding, ctx, card, then, got);
        else
            fail_msg("%s: unknown kind %s", id, kind);
        if (miss && !ambiguous) {
            printf("DISAGREES %s %s L%s %s %s %s: the book %s then %s, whistlab %s\n", id, book, f[2], conv, kind,
                   holding, card, then, miss);
            wrong++;
        }
        char base[40];
        snprintf(base, sizeof base, "%.*s", (int)strcspn(conv, "+"), conv);
        count(by_conv, &nconv, base, !miss && !ambiguous, ambiguous);
        count(by_book, &nbook, book, !miss && !ambiguous, ambiguous);
        examples++;
        convention_free(c);
    }
    free(text);
    print_tallies("convention", by_conv, nconv);
    print_tallies("book", by_book, nbook);
    assert_true(examples >= 200);
    assert_int_equal(wrong, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_book_leads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
