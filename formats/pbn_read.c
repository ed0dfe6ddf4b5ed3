/* pbn_read.c -- the PBN reader (format "pbn"): streams games separated by
 * semi-empty lines (PBN 2.1 S3), one game in memory at a time, and returns
 * each game holding a deal as READ_DEAL or READ_REJECT.
 *
 * A game that gives no [Deal] but has a contract, auction or play takes the
 * deal of the game before it: that is how files record the other table of a
 * board (rpbridge omits [Board]/[Dealer]/[Deal] in the second room). Such a
 * game comes back flagged DEAL_REPEAT so that analysis counts the deal once.
 * Tag values "#" and "##text" are inherited as S4.8 says. Everything the
 * standard forbids gives a diagnostic at its line: the game is rejected if
 * it holds a deal, else reported as READ_ERROR; reading goes on with the
 * next line or game. A game that means to hold a deal but gives none
 * ([Deal ""], a [Deal] never closed, "[deal", a misspelt "[Dael") holds a
 * rejected one, never dropped nor left outside the count (issue 25 item
 * 10); a game with no such tag may be valid PBN without a deal. */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pbn_game.h"
#include "pbn_lex.h"

_Static_assert(PBN_NAME_MAX <= READER_TAG_NAME_SIZE, "an unused tag's name is noted whole");

/* The values of a tag whistlab uses, for "#" (nearest previous game) and
 * "##" (all later games), S4.8. */
typedef struct {
    char last[PBN_VALUE_MAX];
    char always[PBN_VALUE_MAX];
    bool has_last, has_always;
} inherited_value;

/* Tags whose "##" value fills later games that omit them. */
static const pbn_tag CARRIED[] = {TAG_BOARD, TAG_TRUMP, TAG_TURNUP, TAG_LEADER};

typedef struct {
    const char *name;
    pbn_lexer lx;
    pbn_game g;
    deal_t prev;             /* the previous game's deal, for repeats */
    bool prev_has_deal, prev_deal_ok, prev_unanalysable;
    uint64_t prev_line;
    char prev_why[DIAG_REASON_SIZE];      /* why the previous game's deal is not valid */
    char *pushed;            /* a line to read again (see next) */
    long pushed_len;
    bool blank_in_comment;   /* a semi-empty line inside a brace comment */
    uint64_t deal_named_line; /* this game's first tag named [Deal] or nearly
                                 ("[Dael", "[deal"): its line, 0 if none */
    char deal_named[PBN_NAME_MAX]; /* and that name */
    bool done;
    diag_t line_diag;
    inherited_value inherit[TAG_COUNT];
    reader_notes *notes;
} pbn_state;

#define PBN_MAX_LINE 254 /* S2.3: 255 characters with the line end */

static int pbn_probe(const char *buf, size_t n)
{
    /* A tag pair or a "% PBN" line near the start of the content. */
    const char *end = buf + n;
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && buf[i - 1] != '\n') continue;
        const char *p = buf + i;
        size_t left = n - i;
        if (left >= 5 && memcmp(p, "% PBN", 5) == 0) return 95;
        if (left >= 2 && p[0] == '[' && p[1] >= 'A' && p[1] <= 'Z') {
            const char *q = p + 1;
            while (q < end && (*q == '_' || (*q >= 'A' && *q <= 'Z') ||
                               (*q >= 'a' && *q <= 'z') || (*q >= '0' && *q <= '9')))
                q++;
            while (q < end && *q == ' ') q++;
            if (q < end && *q == '"') return 90;
        }
    }
    return 0;
}

static void *pbn_open(line_in *in)
{
    pbn_state *s = calloc(1, sizeof *s);
    if (s) s->name = line_in_name(in);
    return s;
}

static void pbn_close(void *state) { free(state); }

_Static_assert(offsetof(pbn_game, deal_why) + DIAG_REASON_SIZE == sizeof(pbn_game),
               "game_begin clears pbn_game up to its texts, which must come last");

static void game_begin(pbn_state *s, uint64_t line)
{
    pbn_game *g = &s->g;
    memset(g, 0, offsetof(pbn_game, err));
    g->err.file = NULL;
    g->err.line = 0;
    g->err.reason[0] = 0;
    g->deal_why[0] = 0;
    g->file = s->name;
    g->notes = s->notes;
    g->active = true;
    g->first_line = line;
    s->deal_named_line = 0;
    g->section = g->note_owner = TAG_COUNT;
    g->decl = g->play_seat = SEAT_NONE;
    g->contract.strain = STRAIN_NONE;
    g->result.bare = g->result.ns = g->result.ew = -1;
    g->vulnerable = g->rubber_vulnerable = -1;
    g->table.id = TAG_UNKNOWN;
    deal_clear(&g->d);
    g->repeat_ok = s->prev_has_deal;
    if (s->prev_has_deal) { /* the facts of the deal a repeat inherits */
        const deal_t *p = &s->prev;
        memcpy(g->d.hand, p->hand, sizeof g->d.hand);
        g->d.dealer = p->dealer;
        g->d.leader = p->leader;
        g->d.strain = p->strain;
        g->d.turnup = p->turnup;
        g->d.board = p->board;
        memcpy(g->d.dd_table, p->dd_table, sizeof g->d.dd_table);
        g->d.flags = p->flags & DEAL_HAS_DDTABLE;
        g->deal_usable = s->prev_deal_ok;
    }
}

static pbn_game *game(pbn_state *s, uint64_t line)
{
    if (!s->g.active) game_begin(s, line);
    return &s->g;
}

static void mark_seen(pbn_game *g, pbn_tag id) { g->seen[id >> 6] |= 1ull << (id & 63); }

static bool unknown_or_empty(const char *v) { return !v[0] || (v[0] == '?' && !v[1]); }

/* A problem with the hands: the game fails and a repeat of it too. */
static void deal_fail(pbn_game *g, uint64_t line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void deal_fail(pbn_game *g, uint64_t line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->deal_why, sizeof g->deal_why, fmt, ap);
    va_end(ap);
    pbn_fail(g, line, "%s", g->deal_why);
}

/* A [Deal] of this game replaces the one a repeat would inherit. */
static void on_deal(pbn_game *g, const char *v, uint64_t line)
{
    deal_t *d = &g->d;
    g->deal_line = line;
    g->repeat_ok = false;
    g->deal_usable = false;
    if (!pbn_seen(g, TAG_BOARD)) d->board = 0;
    if (!pbn_seen(g, TAG_DEALER)) d->dealer = SEAT_NONE;
    if (!pbn_seen(g, TAG_LEADER)) d->leader = SEAT_NONE;
    if (!pbn_seen(g, TAG_TRUMP)) d->strain = STRAIN_NONE;
    if (!pbn_seen(g, TAG_TURNUP)) d->turnup = CARD_NONE;
    memset(d->dd_table, -1, sizeof d->dd_table);
    d->flags &= (uint16_t)~DEAL_HAS_DDTABLE;
    memset(d->hand, 0, sizeof d->hand);
    g->deal_given = true; /* a game of "?" or "" is a record too, not dropped (issue 25 item 10) */
    if (!v[0]) {
        deal_fail(g, line, "[Deal] is empty: the game gives no hands");
        return;
    }
    if (unknown_or_empty(v)) { /* "?": well-formed (PBN 3), but no hands to analyse */
        g->unanalysable = !g->failed;
        deal_fail(g, line, "the deal is unknown (\"?\"): it cannot be analysed");
        return;
    }
    hand_t hands[4] = {0, 0, 0, 0};
    int cards[4] = {0, 0, 0, 0};
    unsigned known;
    char why[DIAG_REASON_SIZE];
    if (!pbn_parse_deal(v, hands, cards, &known, why, sizeof why)) {
        deal_fail(g, line, "%s", why);
        return;
    }
    int most = 0;
    hand_t all = 0;
    for (int seat = 0; seat < 4; seat++) {
        if (!(known >> seat & 1)) continue;
        if (cards[seat] > most) most = cards[seat];
        if (all & hands[seat]) {
            char c[3];
            deal_fail(g, line, "duplicate card %s",
                      card_format(hand_highest(all & hands[seat]), c));
            return;
        }
        all |= hands[seat];
    }
    for (int pass = 0; pass < 2; pass++) /* an overfull hand first, then a short one */
        for (int seat = 0; seat < 4; seat++) {
            int n = cards[seat];
            if ((known >> seat & 1) && (pass ? n != most : n > 13)) {
                deal_fail(g, line, "hand %c has %d card%s", SEAT_CHARS[seat], n,
                          n == 1 ? "" : "s");
                return;
            }
        }
    /* Well-formed PBN that whistlab cannot analyse (DEAL_UNKNOWN_HANDS). */
    g->unanalysable = !g->failed;
    if (known == 15 && most < 13) { /* S3.10 */
        deal_fail(g, line, "end position (%d cards a hand): the deal cannot be analysed", most);
        return;
    }
    for (int seat = 0; seat < 4; seat++)
        if (!(known >> seat & 1)) {
            deal_fail(g, line, "hand %c is unknown ('-'): the deal cannot be analysed",
                     SEAT_CHARS[seat]);
            return;
        }
    g->unanalysable = false;
    memcpy(d->hand, hands, sizeof hands);
    g->deal_usable = true;
}

/* The dealer an auction must start with: this game's, or the one a repeat
 * inherits. Sets *known when the dealer tag requirement (S3.1) is met. */
static uint8_t auction_dealer(const pbn_state *s, bool *known)
{
    const pbn_game *g = &s->g;
    *known = pbn_seen(g, TAG_DEALER) || g->repeat_ok;
    return g->d.dealer;
}

static void on_auction(pbn_state *s, const char *v, uint64_t line)
{
    pbn_game *g = &s->g;
    uint8_t seat;
    bool dealer_known;
    uint8_t dealer = auction_dealer(s, &dealer_known);
    g->auction.on = false;
    if (!pbn_parse_seat(v, &seat) || seat == SEAT_NONE) {
        pbn_fail(g, line, "bad [Auction] value \"%s\": it must be N, E, S or W", v);
        return;
    }
    if (!dealer_known) {
        pbn_fail(g, line, "[Auction] needs [Dealer] before it (PBN 3.1)");
        return;
    }
    pbn_auction_start(g, seat, dealer, line);
}

static void on_play(pbn_state *s, const char *v, uint64_t line)
{
    pbn_game *g = &s->g;
    uint8_t seat;
    g->play.on = false;
    g->play_line = line;
    if (!pbn_parse_seat(v, &seat) || seat == SEAT_NONE) {
        pbn_fail(g, line, "bad [Play] value \"%s\": it must be N, E, S or W", v);
        return;
    }
    g->play_seat = seat;
    pbn_contract made;
    uint8_t declarer;
    bool by_auction = pbn_seen(g, TAG_AUCTION) && pbn_auction_contract(g, &made, &declarer);
    bool whist = pbn_seen(g, TAG_TRUMP) || pbn_seen(g, TAG_TURNUP) || pbn_seen(g, TAG_LEADER);
    bool end_position = g->contract.given && g->contract.level == 0;
    if (!g->deal_given && !g->repeat_ok) {
        pbn_fail(g, line, "[Play] needs [Deal] before it (PBN 3.1)");
        return;
    }
    /* S3.1. Whist games name the trump and leader instead of a contract;
     * pbntools' files give only the auction, which settles the contract. */
    bool contract = pbn_seen(g, TAG_DECLARER) && pbn_seen(g, TAG_CONTRACT);
    if (!whist && !end_position && !by_auction && !contract) {
        pbn_fail(g, line, "[Play] needs [Declarer] and [Contract] before it (PBN 3.1)");
        return;
    }
    pbn_play_start(g, seat);
}

static void on_note(pbn_game *g, const char *v, uint64_t line)
{
    if (g->note_owner == TAG_COUNT) {
        pbn_fail(g, line, "[Note] outside an auction or play section (PBN 3.5.5)");
        return;
    }
    int k = pbn_parse_note(v);
    if (k < 0) {
        pbn_fail(g, line, "bad [Note] value \"%s\": it must be \"<1..32>:<text>\"", v);
        return;
    }
    uint64_t *notes = g->note_owner == TAG_AUCTION ? &g->auction_notes : &g->play_notes;
    if (*notes >> k & 1) pbn_fail(g, line, "[Note] %d given twice", k);
    *notes |= 1ull << k;
}

/* Acts on one tag whose value is v (already resolved for "#"/"##"). */
static void apply_tag(pbn_state *s, pbn_tag id, const char *v, uint64_t line)
{
    pbn_game *g = &s->g;
    deal_t *d = &g->d;
    char why[DIAG_REASON_SIZE];
    uint8_t seat;
    switch (id) {
    case TAG_BOARD: {
        uint64_t b = 0; /* digits only, at most UINT32_MAX; else 0 */
        const char *k = v;
        for (; *k >= '0' && *k <= '9' && b <= UINT32_MAX; k++) b = b * 10 + (uint64_t)(*k - '0');
        b = k > v && !*k && b <= UINT32_MAX ? b : 0;
        if (g->repeat_ok && !g->deal_given && b != d->board)
            g->repeat_ok = false; /* another board: not a repeat */
        d->board = (uint32_t)b;
        break;
    }
    case TAG_DEALER:
        if (!pbn_parse_seat(v, &seat)) pbn_fail(g, line, "bad [Dealer] value \"%s\"", v);
        if (g->repeat_ok && !g->deal_given && seat != d->dealer) g->repeat_ok = false;
        d->dealer = seat;
        break;
    case TAG_VULNERABLE:
        g->vulnerable = (int8_t)pbn_parse_vulnerable(v);
        if (g->vulnerable == -2) pbn_fail(g, line, "bad [Vulnerable] value \"%s\"", v);
        break;
    case TAG_DEAL:
        on_deal(g, v, line);
        break;
    case TAG_DECLARER:
        g->decl_given = true;
        g->decl_empty = !v[0];
        if (!pbn_parse_declarer(v, &g->decl, &g->decl_irregular))
            pbn_fail(g, line, "bad [Declarer] value \"%s\"", v);
        break;
    case TAG_CONTRACT:
        g->contract_tag = true;
        if (!pbn_parse_contract(v, &g->contract))
            pbn_fail(g, line, "bad [Contract] value \"%s\"", v);
        break;
    case TAG_RESULT:
        g->result_line = line;
        if (!pbn_parse_result(v, &g->result)) pbn_fail(g, line, "bad [Result] value \"%s\"", v);
        break;
    case TAG_AUCTION:
        on_auction(s, v, line);
        break;
    case TAG_PLAY:
        on_play(s, v, line);
        break;
    case TAG_NOTE:
        on_note(g, v, line);
        break;
    case TAG_TRUMP: {
        int strain = unknown_or_empty(v) ? STRAIN_NONE : strain_from_str(v);
        if (strain < 0) pbn_fail(g, line, "bad [Trump] value \"%s\": S, H, D, C or NT", v);
        else d->strain = (uint8_t)strain;
        break;
    }
    case TAG_TURNUP: {
        card_t c = unknown_or_empty(v) ? CARD_NONE : card_parse(v);
        if (c == CARD_NONE && !unknown_or_empty(v))
            pbn_fail(g, line, "bad [TurnUp] value \"%s\": a card such as \"H7\"", v);
        d->turnup = c;
        break;
    }
    case TAG_LEADER:
        if (!pbn_parse_seat(v, &seat)) pbn_fail(g, line, "bad [Leader] value \"%s\"", v);
        d->leader = seat;
        break;
    case TAG_DOUBLEDUMMYTRICKS:
        g->has_ddt = !unknown_or_empty(v);
        if (g->has_ddt && !pbn_parse_ddt(v, g->ddt))
            pbn_fail(g, line, "bad [DoubleDummyTricks] value \"%s\": 20 hex digits 0..d", v);
        break;
    case TAG_ABILITY:
        g->has_ability = !unknown_or_empty(v);
        if (g->has_ability && !pbn_parse_ability(v, g->ability))
            pbn_fail(g, line, "bad [Ability] value \"%s\"", v);
        break;
    case TAG_SCORERUBBERHISTORY:
        if (!pbn_check_value(id, v, why, sizeof why)) pbn_fail(g, line, "%s", why);
        else if (!unknown_or_empty(v)) g->rubber_vulnerable = (int8_t)pbn_parse_rubber_history(v);
        break;
    default:
        if (pbn_tag_flags(id) & PBN_TAG_TABLE) pbn_table_start(g, id, v, line);
        else if (!pbn_check_value(id, v, why, sizeof why)) pbn_fail(g, line, "%s", why);
        break;
    }
}

static void copy_value(char dst[PBN_VALUE_MAX], const char *v)
{
    size_t n = strlen(v);
    if (n >= PBN_VALUE_MAX) n = PBN_VALUE_MAX - 1;
    memcpy(dst, v, n);
    dst[n] = 0;
}

/* Resolves "#" and "##text" (S4.8) for a tag whistlab uses; returns the
 * value to act on (NULL: inherited from nothing, for a table layout). */
static const char *inherit(pbn_state *s, pbn_tag id, const char *v)
{
    inherited_value *iv = &s->inherit[id];
    if (v[0] == '#' && !v[1]) {
        if (!iv->has_last) return (pbn_tag_flags(id) & PBN_TAG_TABLE) ? NULL : "";
        return iv->last;
    }
    if (v[0] == '#' && v[1] == '#') {
        v += 2;
        copy_value(iv->always, v);
        iv->has_always = true;
    }
    copy_value(iv->last, v);
    iv->has_last = true;
    return iv->last;
}

static void on_tag(pbn_state *s, const pbn_token *t, reader_notes *notes)
{
    pbn_game *g = &s->g;
    uint64_t line = t->line;
    if (g->table.id != TAG_UNKNOWN) pbn_table_end(g);
    if (t->text[0] < 'A' || t->text[0] > 'Z') { /* S3.3 */
        pbn_fail(g, line, "tag name \"%.*s\" must begin with an upper-case letter", (int)t->len,
                 t->text);
        g->section = TAG_UNKNOWN;
        g->note_owner = TAG_COUNT;
        return;
    }
    pbn_tag id = pbn_tag_lookup(t->text, t->len);
    if (id == TAG_UNKNOWN) { /* S4.9: skipped, with its section, and counted */
        char name[PBN_NAME_MAX];
        memcpy(name, t->text, t->len);
        name[t->len] = 0;
        reader_note_ignored(notes, name);
        g->section = TAG_UNKNOWN;
        g->note_owner = TAG_COUNT;
        return;
    }
    unsigned flags = pbn_tag_flags(id);
    if (id != TAG_NOTE) {
        if (pbn_seen(g, id))
            pbn_fail(g, line, "[%s] given twice in one game (PBN 3.4)", pbn_tag_name(id));
        g->note_owner = id == TAG_AUCTION || id == TAG_PLAY ? id : TAG_COUNT;
    }
    g->section = id;
    const char *v = t->value;
    if (v[0] == '#') {
        if (flags & PBN_TAG_NO_INHERIT) {
            pbn_fail(g, line, "[%s] cannot inherit its value with \"#\" (PBN 4.8)",
                     pbn_tag_name(id));
            g->section = TAG_UNKNOWN;
            mark_seen(g, id);
            return;
        }
        if (!(flags & PBN_TAG_TRACKED)) {
            mark_seen(g, id);
            if (!v[1]) return;
            v += 2;
        }
    }
    if (flags & PBN_TAG_TRACKED) v = inherit(s, id, v);
    if (v) apply_tag(s, id, v, line);
    else pbn_table_start(g, id, NULL, line);
    mark_seen(g, id);
}

static void on_data(pbn_state *s, const pbn_token *t)
{
    pbn_game *g = &s->g;
    bool quoted = t->kind == PBN_STRING;
    switch (g->section) {
    case TAG_UNKNOWN:
        return;
    case TAG_COUNT:
        pbn_fail(g, t->line, "text outside a tag pair or section: \"%.*s\"", (int)t->len, t->text);
        return;
    case TAG_AUCTION: case TAG_PLAY:
        if (quoted) pbn_fail(g, t->line, "%s: a string is not a %s", pbn_tag_name(g->section),
                             g->section == TAG_PLAY ? "card" : "call");
        else if (g->section == TAG_PLAY) pbn_play_word(g, t->text, t->len, t->line);
        else pbn_auction_word(g, t->text, t->len, t->line);
        return;
    default:
        if (pbn_tag_flags(g->section) & PBN_TAG_TABLE) {
            pbn_table_element(g, t->text, t->len, quoted, t->line);
        } else {
            pbn_fail(g, t->line, "[%s] takes no section data: \"%.*s\"", pbn_tag_name(g->section),
                     (int)t->len, t->text);
            g->section = TAG_UNKNOWN;
        }
    }
}

/* Checks that need the whole game, then the deal's own checks. */
static void check_game(pbn_state *s)
{
    pbn_game *g = &s->g;
    if (s->lx.tag_part)
        pbn_fail(g, s->lx.tag_line, "tag pair not closed before the end of the game");
    pbn_lex_reset(&s->lx);
    if (g->table.id != TAG_UNKNOWN) pbn_table_end(g);
    for (size_t i = 0; i < sizeof CARRIED / sizeof CARRIED[0]; i++) {
        pbn_tag id = CARRIED[i];
        if (!pbn_seen(g, id) && s->inherit[id].has_always)
            apply_tag(s, id, s->inherit[id].always, g->first_line);
    }
    if (pbn_seen(g, TAG_AUCTION)) pbn_auction_check(g, g->auction.line);
    for (int k = 1; (g->auction_refs | g->play_refs) && k <= 32; k++) {
        bool a = (g->auction_refs & ~g->auction_notes) >> k & 1;
        bool p = (g->play_refs & ~g->play_notes) >> k & 1;
        if (a || p) {
            pbn_fail(g, a ? g->auction.line : g->play_line,
                     "%s: note =%d= has no [Note \"%d:...\"]", a ? "Auction" : "Play", k, k);
            break;
        }
    }
    const pbn_result *r = &g->result;
    bool nothing = r->bare == 0 && !r->irregular; /* BBO writes "0" for a passed-out board */
    if (r->given && !nothing && (g->contract.passed || g->decl_empty))
        pbn_fail(g, g->result_line, "[Result] given but %s", g->contract.passed
                 ? "the deal was passed out" : "[Declarer] is empty (all passed)");
    if (r->ns >= 0 && r->ew >= 0 && r->ns + r->ew != 13)
        pbn_fail(g, g->result_line, "[Result]: NS %d and EW %d tricks do not add up to 13", r->ns,
                 r->ew);
    if (g->vulnerable >= 0 && g->rubber_vulnerable >= 0 && g->vulnerable != g->rubber_vulnerable)
        pbn_fail(g, g->first_line,
                 "[Vulnerable] does not match the games won in [ScoreRubberHistory]");
}

/* Fills the whist and bridge facts of the deal from the tags read. */
static void settle_deal(pbn_game *g)
{
    deal_t *d = &g->d;
    /* The turn-up names trumps; the eldest hand leads (README.md, "Trumps and leaders"). */
    if (d->strain == STRAIN_NONE && d->turnup != CARD_NONE)
        d->strain = (uint8_t)card_suit(d->turnup);
    if (d->leader == SEAT_NONE && d->dealer != SEAT_NONE)
        d->leader = (uint8_t)deal_eldest(d->dealer);
    pbn_contract made;
    uint8_t declarer = g->decl;
    const pbn_contract *c = &g->contract;
    if (!g->contract_tag && !g->decl_given && pbn_auction_contract(g, &made, &declarer)) c = &made;
    if (c->passed) d->flags |= DEAL_PASSED_OUT;
    if (c->given && c->level && declarer != SEAT_NONE) {
        d->flags |= DEAL_HAS_CONTRACT;
        d->contract_level = c->level;
        d->contract_strain = c->strain;
        d->contract_declarer = declarer;
        d->contract_doubled = c->risk;
    }
    const pbn_result *r = &g->result;
    if (r->bare >= 0) {
        d->result = r->bare;
    } else if (r->given && g->decl != SEAT_NONE) {
        int own = g->decl & 1 ? r->ew : r->ns, other = g->decl & 1 ? r->ns : r->ew;
        d->result = (int8_t)(own >= 0 ? own : 13 - other);
    }
}

/* A game that names a [Deal] but read none: "[Deal" never closed, "[deal",
 * a misspelt "[Dael": a rejected deal at that tag's line, counted as read
 * (issue 25 item 10), not dropped nor left an error outside any deal. Its
 * own problem, if it had one, is the reason. A game with no such tag
 * stays none: valid PBN games may give no deal (pbnj_correct_10). */
static void note_unread_deal(pbn_state *s)
{
    pbn_game *g = &s->g;
    g->deal_line = s->deal_named_line;
    if (strcmp(s->deal_named, "Deal") == 0)
        snprintf(g->deal_why, sizeof g->deal_why, "damaged [Deal] tag");
    else
        snprintf(g->deal_why, sizeof g->deal_why, "tag [%s] is not [Deal] (misspelt?): the game gives no deal",
                 s->deal_named);
    if (!g->failed) pbn_fail(g, g->deal_line, "%s", g->deal_why);
}

/* Ends the game: READ_DEAL / READ_REJECT for a game with a deal (or one
 * it names), READ_ERROR for a problem in a game without one, READ_EOF for
 * nothing. */
static read_status finish_game(pbn_state *s, deal_t *out, diag_t *diag)
{
    pbn_game *g = &s->g;
    if (!g->active) return READ_EOF;
    g->active = false;
    check_game(s);
    bool acts = pbn_seen(g, TAG_CONTRACT) || pbn_seen(g, TAG_DECLARER) ||
                pbn_seen(g, TAG_AUCTION) || pbn_seen(g, TAG_PLAY);
    if (!g->deal_given && (g->deal_damaged || s->deal_named_line)) { /* a rejected deal, counted as one */
        if (!g->deal_damaged) note_unread_deal(s);
        g->deal_given = true;
        g->deal_usable = false;
        memset(g->d.hand, 0, sizeof g->d.hand); /* not the deal a repeat would inherit */
    }
    bool repeat = !g->deal_given && g->repeat_ok && acts;
    if (!g->deal_given && !repeat) {
        s->prev_has_deal = false;
        if (!g->failed) return READ_EOF;
        *diag = g->err;
        return READ_ERROR;
    }
    deal_t *d = &g->d;
    if (repeat && !g->deal_usable) {
        g->unanalysable = s->prev_unanalysable && !g->failed;
        pbn_fail(g, g->first_line, "repeats the deal of the game at line %llu: %s",
                 (unsigned long long)s->prev_line, s->prev_why);
    }
    bool deal_ok = g->deal_usable;
    if (deal_ok) {
        settle_deal(g);
        if (g->play.on) pbn_play_check(g, g->play_line);
        pbn_dd_merge(g);
        diag_t bad;
        deal_ok = deal_validate(d, &bad);
        if (!deal_ok) {
            snprintf(g->deal_why, sizeof g->deal_why, "%.*s", (int)sizeof g->deal_why - 1, bad.reason);
            pbn_fail(g, g->deal_line ? g->deal_line : g->first_line, "%s", g->deal_why);
        }
    }
    if (repeat) d->flags |= DEAL_REPEAT;
    if (g->unanalysable && g->problems == 1) d->flags |= DEAL_UNKNOWN_HANDS;
    d->pos.line = repeat ? g->first_line : g->deal_line;
    s->prev = *d;
    s->prev_has_deal = true;
    s->prev_deal_ok = deal_ok;
    s->prev_unanalysable = g->unanalysable;
    s->prev_line = d->pos.line;
    if (!deal_ok) snprintf(s->prev_why, sizeof s->prev_why, "%s", g->deal_why);
    *out = *d;
    if (!g->failed) return READ_DEAL;
    *diag = g->err;
    return READ_REJECT;
}

/* Whether line is a [Deal] tag, however damaged ("[Deal "..., "[Deal#"...). */
static bool deal_tag_line(const char *line)
{
    while (*line == ' ' || *line == '\t') line++;
    if (line[0] != '[' || line[1] != 'D' || strncmp(line + 2, "eal", 3) != 0) return false;
    return !pbn_name_char((unsigned char)line[5]);
}

/* Whether line starts a tag named Deal or nearly (another case, one
 * letter changed, added, dropped, or two swapped: "Dael", "deal", "Deals"),
 * whether or not the tag is well-formed; its name into name. */
static bool deal_named_tag_line(const char *line, char name[PBN_NAME_MAX])
{
    while (*line == ' ' || *line == '\t') line++;
    if (*line++ != '[') return false;
    size_t n = 0;
    while (n < 6 && pbn_name_char((unsigned char)line[n])) n++;
    if (n < 3 || n > 5) return false;
    char low[5];
    for (size_t i = 0; i < n; i++) low[i] = line[i] >= 'A' && line[i] <= 'Z' ? (char)(line[i] + 32) : line[i];
    static const char want[4] = {'d', 'e', 'a', 'l'};
    bool near;
    if (n == 4) {
        size_t diff[4], k = 0;
        for (size_t i = 0; i < 4; i++)
            if (low[i] != want[i]) diff[k++] = i;
        near = k <= 1 || (k == 2 && diff[1] == diff[0] + 1 && low[diff[0]] == want[diff[1]] &&
                          low[diff[1]] == want[diff[0]]);
    } else { /* one letter more or less: the longer less one letter is the shorter */
        const char *longer = n == 5 ? low : want, *shorter = n == 5 ? want : low;
        size_t i = 0, len = n == 5 ? 4 : 3;
        while (i < len && longer[i] == shorter[i]) i++;
        near = memcmp(longer + i + 1, shorter + i, len - i) == 0;
    }
    if (near) {
        memcpy(name, line, n);
        name[n] = 0;
    }
    return near;
}

/* A [Deal] tag at lineno that gave no deal (unterminated, NUL, orphan "#",
 * no quoted value): the game is a rejected deal, not an error outside one. */
static void note_damaged_deal(pbn_state *s, uint64_t lineno)
{
    pbn_game *g = game(s, lineno);
    if (g->deal_given || g->deal_damaged) return;
    g->deal_damaged = true;
    g->deal_line = lineno;
    snprintf(g->deal_why, sizeof g->deal_why, "damaged [Deal] tag");
}

static bool semi_empty(const char *line, long n)
{
    for (long i = 0; i < n; i++)
        if (line[i] != ' ' && line[i] != '\t') return false;
    return true;
}

static void read_line(pbn_state *s, char *line, long n, uint64_t lineno, reader_notes *notes)
{
    unsigned problems_before = s->g.active ? s->g.problems : 0;
    bool deal_tag = deal_tag_line(line);
    char name[PBN_NAME_MAX];
    bool deal_named = !s->lx.in_comment && !s->lx.tag_part && deal_named_tag_line(line, name);
    if (n > PBN_MAX_LINE) {
        pbn_warn(game(s, lineno), lineno, "line longer than 255 characters (PBN 2.3): read all the same");
        notes->long_lines++;
    }
    long bad = pbn_bad_char(line, (size_t)n);
    if (bad >= 0)
        pbn_fail(game(s, lineno), lineno, "character 0x%02X is not allowed in PBN text (PBN 2.2)",
                 (unsigned char)line[bad]);
    pbn_lex_line(&s->lx, line, (size_t)n, lineno);
    pbn_token t;
    while (pbn_lex_next(&s->lx, &t) != PBN_EOL) {
        switch (t.kind) {
        case PBN_TAG:
            game(s, t.line);
            on_tag(s, &t, notes);
            break;
        case PBN_WORD: case PBN_STRING:
            game(s, t.line);
            on_data(s, &t);
            break;
        case PBN_COMMENT:
            if (s->g.active && (pbn_tag_flags(s->g.section) & PBN_TAG_TABLE))
                pbn_table_comment(&s->g, t.line);
            break;
        case PBN_BAD:
            pbn_fail(game(s, t.line), t.line, "%s", t.why);
            break;
        case PBN_EOL:
            break;
        }
    }
    if (s->lx.tag_part) game(s, s->lx.tag_line); /* a tag pair continues on the next line */
    if (deal_named && s->g.active && !s->deal_named_line) {
        s->deal_named_line = lineno;
        memcpy(s->deal_named, name, sizeof name);
    }
    if (deal_tag && s->g.active && s->g.problems > problems_before && !s->g.deal_given)
        note_damaged_deal(s, lineno);
}

static read_status pbn_next(void *state, line_in *in, deal_t *d, diag_t *diag,
                            reader_notes *notes)
{
    pbn_state *s = state;
    s->notes = s->g.notes = notes;
    while (!s->done) {
        char *line = s->pushed;
        long n = s->pushed_len;
        if (line) s->pushed = NULL;
        else n = line_in_next(in, &line, &s->line_diag);
        uint64_t lineno = line_in_lineno(in);
        read_status st;
        switch (n) {
        case LINE_FATAL:
            *diag = s->line_diag;
            s->done = true;
            return READ_FATAL;
        case LINE_EOF:
            s->done = true;
            if (s->lx.in_comment) {
                pbn_fail(game(s, s->lx.comment_line), s->lx.comment_line,
                         "unterminated comment: '{' is never closed");
                s->lx.in_comment = false;
            }
            return finish_game(s, d, diag);
        case LINE_TOO_LONG: case LINE_BINARY: {
            pbn_fail(game(s, lineno), s->line_diag.line, "%s", s->line_diag.reason);
            if (n == LINE_BINARY && deal_tag_line(line)) note_damaged_deal(s, lineno);
            continue;
        }
        default:
            break;
        }
        if (semi_empty(line, n)) { /* S3: a semi-empty line ends the game */
            if (s->lx.in_comment) {
                s->blank_in_comment = true;
                continue;
            }
            st = finish_game(s, d, diag);
            if (st != READ_EOF) return st;
            continue;
        }
        if (s->lx.in_comment && s->blank_in_comment && line[0] == '[') {
            /* A tag line after a semi-empty line inside a brace comment: the
             * '{' was never closed. Resynchronise: that line starts a game. */
            pbn_fail(game(s, s->lx.comment_line), s->lx.comment_line,
                     "unterminated comment: '{' is not closed before the next game");
            s->lx.in_comment = s->blank_in_comment = false;
            s->pushed = line;
            s->pushed_len = n;
            st = finish_game(s, d, diag);
            if (st != READ_EOF) return st;
            continue;
        }
        if (line[0] == '%') {
            if (!s->lx.in_comment) continue; /* S2.4 escape line */
        } else {
            s->blank_in_comment = false;
        }
        read_line(s, line, n, lineno, notes);
    }
    return READ_EOF;
}

const format_ops FORMAT_PBN_OPS = {
    .name = "pbn",
    .probe = pbn_probe,
    .open = pbn_open,
    .next = pbn_next,
    .close = pbn_close,
};
