/* pbn_play.c -- the [Auction] and [Play] sections of a PBN game (PBN 2.1
 * S3.5, S3.6, S3.7 NAGs, S3.9 irregularities).
 *
 * The auction is checked call by call: the dealer calls first, bids are
 * sufficient unless marked ^I, doubles and redoubles are of the opponents,
 * nothing follows the last pass, '*' or '+', and the contract and declarer
 * it makes agree with [Contract] and [Declarer]. The play is stored as read,
 * each card in its player's column, and checked once the game is complete:
 * every card is in its player's hand and played once, players follow suit
 * unless the revoke is marked ^R, ^L marks a real lead out of turn, and
 * nothing is played after '+'. */
#include <stdio.h>
#include <string.h>
#include "pbn_game.h"

typedef enum {
    PIECE_TOKEN, PIECE_SUFFIX, PIECE_NOTE, PIECE_NAG, PIECE_IRREGULAR, PIECE_STAR,
    PIECE_PLUS, PIECE_BAD
} piece_kind;

typedef struct {
    piece_kind kind;
    const char *s;
    size_t n;
    int value; /* suffix 1..6 ("!" "?" "!!" "??" "!?" "?!"), note, NAG, ^ letter */
} piece;

static bool is_alnum(int c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

static bool is_digit(int c) { return c >= '0' && c <= '9'; }

/* Cuts the next token off a section word: calls and cards are written
 * "2NT?=1=" as well as "2NT ? =1=" (S3.2: suffix, note and NAG tokens are
 * self-delimiting). */
static void next_piece(const char **at, const char *end, piece *pc)
{
    const char *p = *at;
    pc->s = p;
    pc->value = 0;
    char c = *p++;
    if (is_alnum(c) || c == '-') {
        while (p < end && (is_alnum(*p) || *p == '-')) p++;
        pc->kind = PIECE_TOKEN;
    } else if (c == '!' || c == '?') {
        char d = p < end && (*p == '!' || *p == '?') ? *p++ : 0;
        static const char *const SUFFIXES[] = {"!", "?", "!!", "??", "!?", "?!"};
        char text[3] = {c, d, 0};
        for (int i = 0; i < 6; i++)
            if (strcmp(text, SUFFIXES[i]) == 0) pc->value = i + 1;
        pc->kind = PIECE_SUFFIX;
    } else if (c == '=' || c == '$') {
        int v = 0, digits = 0;
        for (; p < end && is_digit(*p); p++, digits++)
            if (v < 1000) v = v * 10 + (*p - '0');
        pc->kind = c == '$' ? PIECE_NAG : PIECE_NOTE;
        if (c == '=' && (p == end || *p != '=')) digits = 0;
        else if (c == '=') p++;
        if (!digits) pc->kind = PIECE_BAD;
        pc->value = v;
    } else if (c == '^') {
        pc->kind = p < end && *p && strchr("ISRL", *p) ? PIECE_IRREGULAR : PIECE_BAD;
        if (pc->kind == PIECE_IRREGULAR) pc->value = *p++;
    } else {
        pc->kind = c == '*' ? PIECE_STAR : c == '+' ? PIECE_PLUS : PIECE_BAD;
    }
    if (pc->kind == PIECE_BAD) p = end;
    pc->n = (size_t)(p - pc->s);
    *at = p;
}

/* A suffix, note or NAG of the last call or card (S3.5.2, S3.6.2): at most
 * one suffix (or NAG of the suffix range), at most one note 1..32, NAGs in
 * the range of calls ($1-$6, $13) or cards ($7-$12, $14), none above 255. */
static bool annotate(pbn_game *g, const piece *pc, bool play, uint8_t *n_suffix,
                     uint8_t *n_note, uint64_t *refs, uint64_t line)
{
    const char *sec = play ? "Play" : "Auction", *what = play ? "card" : "call";
    int v = pc->value;
    if (pc->kind == PIECE_NOTE) {
        if (v < 1 || v > 32) {
            pbn_fail(g, line, "%s: note =%d= is not between 1 and 32", sec, v);
            return false;
        }
        if (++*n_note > 1) {
            pbn_fail(g, line, "%s: more than one note on a %s", sec, what);
            return false;
        }
        *refs |= 1ull << v;
        return true;
    }
    if (pc->kind == PIECE_NAG) {
        bool other_side = play ? (v >= 1 && v <= 6) || v == 13 : (v >= 7 && v <= 12) || v == 14;
        if (v > 255 || other_side) {
            pbn_fail(g, line, "%s: NAG $%d %s", sec, v,
                     v > 255 ? "is above 255" : play ? "is for calls, not cards"
                                                     : "is for cards, not calls");
            return false;
        }
        if (!(v >= 1 && v <= 12)) return true;
    }
    if (++*n_suffix > 1) {
        pbn_fail(g, line, "%s: more than one suffix (or suffix NAG) on a %s", sec, what);
        return false;
    }
    return true;
}

/* --- auction --- */

/* Bids in order: 1C < 1D < 1H < 1S < 1NT < 2C ... */
static int bid_rank(int level, int strain)
{
    return level * 5 + (strain == STRAIN_NT ? 4 : 3 - strain);
}

void pbn_auction_start(pbn_game *g, uint8_t seat, uint8_t dealer, uint64_t line)
{
    pbn_auction *a = &g->auction;
    memset(a, 0, sizeof *a);
    memset(a->first_bid, SEAT_NONE, sizeof a->first_bid);
    a->line = line;
    a->dealer = dealer;
    a->next = seat;
    a->bidder = SEAT_NONE;
    a->on = true;
}

static bool auction_fail(pbn_game *g, uint64_t line, const char *what, const char *call)
{
    pbn_fail(g, line, "Auction: %s%s%s", what, call ? " " : "", call ? call : "");
    g->auction.on = false;
    return false;
}

/* The effect of one call (upper-cased) by seat: passes, doubles and bids
 * as the laws allow them; insufficient: the call was marked ^I. */
static bool make_call(pbn_game *g, const char *call, const char *text, int seat, bool first,
                      bool insufficient, uint64_t line)
{
    pbn_auction *a = &g->auction;
    int side = seat & 1;
    bool bid = false;
    if (strcmp(call, "AP") == 0) {
        a->done = true;
    } else if (strcmp(call, "PASS") == 0) {
        a->passes++;
        a->done = a->passes >= (a->any_bid ? 3 : 4);
    } else if (strcmp(call, "X") == 0) {
        if (!a->any_bid || a->risk != 0 || (a->bidder & 1) == side)
            return auction_fail(g, line, "double not allowed here", NULL);
        a->risk = 1;
        a->passes = 0;
    } else if (strcmp(call, "XX") == 0) {
        if (a->risk != 1 || (a->bidder & 1) != side)
            return auction_fail(g, line, "redouble not allowed here", NULL);
        a->risk = 2;
        a->passes = 0;
    } else {
        int level = call[0] - '0';
        const char *p = call + 1;
        int strain = strcmp(p, "NT") == 0 ? STRAIN_NT : p[0] && !p[1] ? suit_from_char(p[0]) : -1;
        if (level < 1 || level > 7 || strain < 0) return auction_fail(g, line, "bad call", text);
        bool sufficient = !a->any_bid || bid_rank(level, strain) > bid_rank(a->level, a->strain);
        if (insufficient && sufficient)
            return auction_fail(g, line, "^I marks a sufficient bid:", text);
        if (!insufficient && !sufficient) return auction_fail(g, line, "insufficient bid", text);
        a->any_bid = true;
        a->level = (uint8_t)level;
        a->strain = (uint8_t)strain;
        a->bidder = (uint8_t)seat;
        a->risk = 0;
        a->passes = 0;
        if (a->first_bid[side][strain] == SEAT_NONE) a->first_bid[side][strain] = (uint8_t)seat;
        a->opened_by_bid |= first;
        bid = true;
    }
    if (insufficient && !bid) return auction_fail(g, line, "^I must precede a bid, not", text);
    return true;
}

/* One call by the seat in turn, or its ^S: the call of a player skipped by
 * another's call out of rotation (S3.9 B), which only passes the turn on. */
static bool auction_call(pbn_game *g, const char *s, size_t n, bool skipped, uint64_t line)
{
    pbn_auction *a = &g->auction;
    char call[8], text[8]; /* upper-cased (S3.11), as written */
    size_t len = n < sizeof call - 1 ? n : sizeof call - 1;
    for (size_t i = 0; i < len; i++)
        call[i] = (char)(s[i] >= 'a' && s[i] <= 'z' ? s[i] - 32 : s[i]);
    call[len] = 0;
    memcpy(text, s, len);
    text[len] = 0;
    if (skipped) strcpy(text, "^S");
    if (a->star || a->plus)
        return auction_fail(g, line, a->star ? "call after '*':" : "call after '+':", text);
    if (strcmp(call, "-") == 0) {
        if (a->started) return auction_fail(g, line, "'-' after the first call", NULL);
        a->next = (uint8_t)seat_left(a->next);
        return true;
    }
    bool first = !a->started;
    if (first) {
        a->started = true;
        if (a->dealer != SEAT_NONE && a->next != a->dealer) {
            char why[DIAG_REASON_SIZE];
            snprintf(why, sizeof why, "the dealer (%c) must call first, not %c",
                     SEAT_CHARS[a->dealer], SEAT_CHARS[a->next]);
            return auction_fail(g, line, why, NULL);
        }
    }
    if (a->done) return auction_fail(g, line, "call after the end of the auction:", text);
    bool insufficient = a->insufficient_next;
    a->insufficient_next = false;
    if (skipped && insufficient) return auction_fail(g, line, "^I must precede a bid, not", text);
    if (!skipped && !make_call(g, call, text, a->next, first, insufficient, line)) return false;
    a->next = (uint8_t)seat_left(a->next);
    a->have_call = true;
    a->n_suffix = a->n_note = 0;
    return true;
}

void pbn_auction_word(pbn_game *g, const char *s, size_t n, uint64_t line)
{
    pbn_auction *a = &g->auction;
    const char *end = s + n;
    while (a->on && s < end) {
        piece pc;
        next_piece(&s, end, &pc);
        switch (pc.kind) {
        case PIECE_BAD:
            pbn_fail(g, line, "Auction: bad token '%.*s'", (int)n, end - n);
            a->on = false;
            return;
        case PIECE_TOKEN:
            auction_call(g, pc.s, pc.n, false, line);
            break;
        case PIECE_SUFFIX: case PIECE_NOTE: case PIECE_NAG:
            if (!a->have_call || a->star || a->plus) {
                auction_fail(g, line, a->star ? "text after '*'" : a->plus ? "text after '+'"
                                                : "annotation before the first call", NULL);
                return;
            }
            if (!annotate(g, &pc, false, &a->n_suffix, &a->n_note, &g->auction_refs, line))
                a->on = false;
            break;
        case PIECE_IRREGULAR:
            if (pc.value == 'S') {
                auction_call(g, pc.s, pc.n, true, line);
            } else if (pc.value == 'I' && !a->insufficient_next && !a->star && !a->plus) {
                a->insufficient_next = true;
            } else {
                auction_fail(g, line, pc.value == 'I' ? "misplaced ^I"
                                                      : "^R and ^L mark cards, not calls", NULL);
            }
            break;
        case PIECE_STAR:
            if (a->plus) auction_fail(g, line, "'*' after '+' (PBN 3.5)", NULL);
            a->star = true;
            break;
        case PIECE_PLUS:
            if (a->plus) auction_fail(g, line, "second '+'", NULL);
            else if (a->star || a->done)
                auction_fail(g, line, "'+' after the end of the auction", NULL);
            a->plus = true;
            break;
        }
    }
}

bool pbn_auction_contract(const pbn_game *g, pbn_contract *c, uint8_t *declarer)
{
    const pbn_auction *a = &g->auction;
    if (!a->on || !a->done || !a->any_bid || a->insufficient_next) return false;
    memset(c, 0, sizeof *c);
    c->given = true;
    c->level = a->level;
    c->strain = a->strain;
    c->risk = a->risk;
    *declarer = a->first_bid[a->bidder & 1][a->strain];
    return true;
}

void pbn_auction_check(pbn_game *g, uint64_t line)
{
    pbn_auction *a = &g->auction;
    if (!a->on || !a->done) return;
    if (a->insufficient_next) {
        pbn_fail(g, line, "Auction: ^I at the end of the auction");
        return;
    }
    pbn_contract made;
    uint8_t declarer = SEAT_NONE;
    char text[16] = "";
    if (pbn_auction_contract(g, &made, &declarer))
        snprintf(text, sizeof text, "%d%s%s by %c", made.level, STRAIN_TEXT[made.strain],
                 made.risk == 2 ? "XX" : made.risk ? "X" : "", SEAT_CHARS[declarer]);
    const pbn_contract *c = &g->contract;
    if (c->passed && a->any_bid) {
        pbn_fail(g, line, "[Contract \"Pass\"] but the auction ends in %s", text);
        return;
    }
    if (c->given && c->level && !a->any_bid) {
        pbn_fail(g, line, "[Contract] gives a contract but the auction is passed out");
        return;
    }
    if (c->given && c->level && a->any_bid &&
        (c->level != made.level || c->strain != made.strain || c->risk != made.risk)) {
        /* A contract that only drops or adds the auction's double is a slip
         * of the scorer (rpbridge, corpora endplay_example3, drops 296 of
         * them): the deal and the play stand. */
        bool risk_only = c->level == made.level && c->strain == made.strain;
        (risk_only ? pbn_warn : pbn_fail)(g, line, "[Contract \"%d%s%s\"] differs from the auction's %s",
                                          c->level, STRAIN_TEXT[c->strain],
                                          c->risk == 2 ? "XX" : c->risk ? "X" : "", text);
        if (!risk_only) return;
    }
    /* A passed-out board: BBO still names a [Declarer] seat; nothing to check. */
    if (!a->any_bid || !g->decl_given || (g->decl == SEAT_NONE && !g->decl_empty)) return;
    int want = g->decl_irregular ? seat_partner(declarer) : declarer;
    if (!g->decl_empty && g->decl == want) return;
    /* rpbridge (corpora endplay_example3) omits the passes before the
     * opening bid, which shifts every seat of its auctions; its [Declarer]
     * is right, as the opening lead in [Play] confirms. */
    bool shifted = !g->decl_empty && !g->decl_irregular && a->opened_by_bid &&
                   pbn_seen(g, TAG_PLAY) && g->play_seat == seat_left(g->decl);
    if (shifted) {
        reader_note_repair(g->notes, "auctions without the passes before the opening bid: "
                                     "seats taken from [Declarer] and the opening lead");
        return;
    }
    if (g->decl_empty)
        pbn_fail(g, line, "[Declarer \"\"] but the auction ends in %s", text);
    else
        pbn_fail(g, line, "[Declarer \"%s%c\"] does not match the auction (%s)",
                 g->decl_irregular ? "^" : "", SEAT_CHARS[g->decl], text);
}

/* --- play --- */

void pbn_play_start(pbn_game *g, uint8_t seat)
{
    pbn_play *p = &g->play;
    p->seat = seat;
    p->on = true;
    p->nslots = 0;
    p->star = p->plus = p->have_card = false;
    p->pending = 0;
    p->n_suffix = p->n_note = 0;
}

static void play_fail(pbn_game *g, uint64_t line, const char *what, const char *s, size_t n)
{
    pbn_fail(g, line, "Play: %s%s%.*s%s", what, s ? " '" : "", (int)n, s ? s : "", s ? "'" : "");
    g->play.on = false;
}

/* A card, '-' or '+' in the next column. */
static void play_slot(pbn_game *g, card_t card, uint8_t mark, uint64_t line)
{
    pbn_play *p = &g->play;
    if (p->star) {
        play_fail(g, line, "card after '*'", NULL, 0);
    } else if (p->nslots >= 52) {
        play_fail(g, line, "more than 13 tricks", NULL, 0);
    } else if (p->pending && card == CARD_NONE) {
        play_fail(g, line, "^R or ^L must precede a card", NULL, 0);
    } else {
        int t = p->nslots >> 2, seat = (p->seat + (p->nslots & 3)) & 3;
        if (!(p->nslots & 3)) p->trick_line[t] = line;
        g->d.play.card[t][seat] = card;
        p->mark[p->nslots++] = (uint8_t)(mark | p->pending);
        p->pending = 0;
        p->have_card = true;
        p->n_suffix = p->n_note = 0;
    }
}

/* One piece of a play word; a problem stops the section (play_fail). */
static void play_piece(pbn_game *g, const piece *pc, const char *word, size_t n, uint64_t line)
{
    pbn_play *p = &g->play;
    switch (pc->kind) {
    case PIECE_BAD:
        play_fail(g, line, "bad token", word, n);
        break;
    case PIECE_TOKEN:
        if (pc->n == 1 && pc->s[0] == '-') {
            play_slot(g, CARD_NONE, 0, line);
        } else {
            char text[3] = {pc->s[0], pc->n > 1 ? pc->s[1] : 0, 0};
            card_t c = pc->n == 2 ? card_parse(text) : CARD_NONE;
            if (c == CARD_NONE) play_fail(g, line, "bad card", pc->s, pc->n);
            else play_slot(g, c, 0, line);
        }
        break;
    case PIECE_SUFFIX: case PIECE_NOTE: case PIECE_NAG:
        if (!p->have_card || p->star)
            play_fail(g, line, p->star ? "text after '*'" : "annotation before the first card",
                      NULL, 0);
        else if (!annotate(g, pc, true, &p->n_suffix, &p->n_note, &g->play_refs, line))
            p->on = false;
        break;
    case PIECE_IRREGULAR:
        if (pc->value == 'I' || pc->value == 'S')
            play_fail(g, line, "^I and ^S mark calls, not cards", NULL, 0);
        else if (p->pending)
            play_fail(g, line, "two irregularity marks on one card", NULL, 0);
        else
            p->pending = pc->value == 'R' ? PLAY_MARK_REVOKE : PLAY_MARK_LEAD;
        break;
    case PIECE_STAR:
        if (p->plus || p->star)
            play_fail(g, line, p->plus ? "'*' after '+' (PBN 3.6)" : "second '*'", NULL, 0);
        p->star = true;
        break;
    case PIECE_PLUS:
        if (p->plus) {
            play_fail(g, line, "second '+'", NULL, 0);
        } else {
            play_slot(g, CARD_NONE, PLAY_MARK_PLUS, line);
            p->plus = true;
        }
        break;
    }
}

void pbn_play_word(pbn_game *g, const char *s, size_t n, uint64_t line)
{
    const char *word = s, *end = s + n;
    while (g->play.on && s < end) {
        piece pc;
        next_piece(&s, end, &pc);
        play_piece(g, &pc, word, n, line);
    }
}

/* rpbridge (corpora endplay_example3) writes some trick rows rotated, each
 * card r columns away from its player's, from the second trick on. When the
 * known cards of an unmarked row all fit one rotation, they are moved to
 * their players' columns (with where the row has its '-'); the checks that
 * follow then replay the trick as any other. */
static void unrotate(deal_t *d, int t, const uint8_t marks[4], bool filled[4],
                     reader_notes *notes)
{
    card_t *row = d->play.card[t];
    int shift = -1;
    for (int seat = 0; seat < 4; seat++) {
        if (marks[seat]) return;
        if (row[seat] == CARD_NONE) continue;
        int holder = 0;
        while (holder < 4 && !hand_has(d->hand[holder], row[seat])) holder++;
        int r = (holder - seat) & 3;
        if (holder == 4 || (shift >= 0 && r != shift)) return;
        shift = r;
    }
    if (shift <= 0) return;
    reader_note_repair(notes, "[Play] trick rows rotated across the columns: cards put "
                              "back with their players");
    card_t cards[4];
    bool given[4];
    for (int seat = 0; seat < 4; seat++) {
        cards[(seat + shift) & 3] = row[seat];
        given[(seat + shift) & 3] = filled[seat];
    }
    memcpy(row, cards, sizeof cards);
    memcpy(filled, given, sizeof given);
}

/* Tricks [Result] gives the declarer, -1 if it does not say. */
static int declarer_tricks(const pbn_game *g)
{
    const pbn_result *r = &g->result;
    if (!r->given || r->irregular || g->decl == SEAT_NONE) return -1;
    if (r->bare >= 0) return r->bare;
    int own = g->decl & 1 ? r->ew : r->ns, other = g->decl & 1 ? r->ns : r->ew;
    return own >= 0 ? own : other >= 0 ? 13 - other : -1;
}

void pbn_play_check(pbn_game *g, uint64_t play_line)
{
    pbn_play *p = &g->play;
    deal_t *d = &g->d;
    int ntricks = (p->nslots + 3) / 4;
    int strain = g->contract.given ? g->contract.strain : d->strain;
    hand_t played = 0;
    bool blind[4] = {false, false, false, false}; /* played an unknown card: holding uncertain */
    int leader = p->seat, won[2] = {0, 0};
    bool leader_known = true, counting = true, after_plus = false;
    char c1[3], c2[3];
    for (int t = 0; t < ntricks; t++) {
        card_t *row = d->play.card[t];
        uint64_t line = p->trick_line[t];
        uint8_t marks[4] = {0, 0, 0, 0};
        bool filled[4] = {false, false, false, false};
        for (int col = 0; col < 4 && t * 4 + col < p->nslots; col++) {
            int seat = (p->seat + col) & 3;
            marks[seat] = p->mark[t * 4 + col];
            filled[seat] = true;
        }
        unrotate(d, t, marks, filled, g->notes);
        for (int col = 0; col < 4; col++) { /* in the order of the text */
            int seat = (p->seat + col) & 3;
            card_t c = row[seat];
            if (c == CARD_NONE) continue;
            if (!hand_has(d->hand[seat], c)) {
                pbn_fail(g, line, "Play: trick %d: %s is not in %c's hand", t + 1,
                         card_format(c, c1), SEAT_CHARS[seat]);
                return;
            }
            if (played & card_bit(c)) {
                pbn_fail(g, line, "Play: trick %d: %s was already played", t + 1,
                         card_format(c, c1));
                return;
            }
        }
        for (int seat = 0; seat < 4; seat++) {
            if (!(marks[seat] & PLAY_MARK_LEAD)) continue;
            if (leader_known && seat == leader) {
                pbn_fail(g, line, "Play: trick %d: ^L marks %c's lead, who was to lead", t + 1,
                         SEAT_CHARS[seat]);
                return;
            }
            leader = seat; /* S3.9 (D): a lead out of turn, accepted */
            leader_known = true;
        }
        if (leader_known) {
            card_t lead = row[leader];
            if (marks[leader] & PLAY_MARK_REVOKE) {
                pbn_fail(g, line, "Play: trick %d: ^R marks a lead, which cannot revoke", t + 1);
                return;
            }
            for (int i = 0; i < 4; i++) {
                int seat = (leader + i) & 3;
                card_t c = row[seat];
                if (after_plus && c != CARD_NONE) {
                    pbn_fail(g, line, "Play: trick %d: %s is played after '+'", t + 1,
                             card_format(c, c1));
                    return;
                }
                if (marks[seat] & PLAY_MARK_PLUS) after_plus = true;
                if (i == 0 || c == CARD_NONE || lead == CARD_NONE) continue;
                int suit = card_suit(lead);
                uint16_t holding = hand_suit(d->hand[seat] & ~played, suit);
                bool follows = card_suit(c) == suit;
                if (marks[seat] & PLAY_MARK_REVOKE) {
                    if (follows || !holding) {
                        pbn_fail(g, line, "Play: trick %d: ^R marks %s by %c, which is no revoke",
                                 t + 1, card_format(c, c1), SEAT_CHARS[seat]);
                        return;
                    }
                } else if (!follows && holding && !blind[seat]) {
                    pbn_fail(g, line, "Play: trick %d: %c revokes: %s on the lead of %s while "
                             "holding %s", t + 1, SEAT_CHARS[seat], card_format(c, c1),
                             card_format(lead, c2), STRAIN_NAMES[suit]);
                    return;
                }
            }
        }
        bool complete = true;
        for (int seat = 0; seat < 4; seat++) {
            if (row[seat] != CARD_NONE) played |= card_bit(row[seat]);
            else complete = false;
            if (row[seat] == CARD_NONE && filled[seat]) blind[seat] = true;
        }
        if (leader_known && complete && strain != STRAIN_NONE) {
            card_t cards[4];
            for (int i = 0; i < 4; i++) cards[i] = row[(leader + i) & 3];
            leader = trick_winner(cards, leader, strain);
            if (counting) won[leader & 1]++;
        } else {
            leader_known = counting = false;
        }
    }
    int tricks = declarer_tricks(g);
    if (tricks >= 0 && won[0] + won[1] > 0) {
        int side = g->decl & 1;
        if (tricks < won[side] || tricks > 13 - won[side ^ 1]) {
            /* The score sheet against the cards: the deal and its play stand. */
            pbn_warn(g, g->result_line ? g->result_line : play_line,
                     "[Result \"%d\"] does not fit the play: declarer won %d and the "
                     "defenders %d of its first %d tricks", tricks, won[side], won[side ^ 1],
                     won[0] + won[1]);
        }
    }
    int last = -1;
    for (int t = 0; t < ntricks; t++)
        for (int seat = 0; seat < 4; seat++)
            if (d->play.card[t][seat] != CARD_NONE) last = t;
    d->play.first = p->seat;
    d->play.ntricks = (uint8_t)(last + 1);
    if (last >= 0) d->flags |= DEAL_HAS_PLAY;
}
