/* lin.c -- BBO's LIN files: a stream of "key|value|" pairs, one board record
 * after another (a hand file holds one record on one line, a vugraph file
 * many records over many lines). A record starts at "qx|" (vugraph: "o1" is
 * board 1 in the open room), or at "md|" when no "qx|" opened it, and runs
 * to the next record. Used pairs:
 *
 *   md|3SKH4579QKAD69C58K,S569QAH3...,S47H8T...,|  dealer digit (1 = S,
 *        2 = W, 3 = N, 4 = E), then the hands of S, W, N and E (the last
 *        may be left out: it holds the remaining cards)
 *   ah|Board 12|   board number        mb|1H!|  one call ('!' = alerted)
 *   pc|hK|         one card played, in the order played
 *
 * The dealer is the bridge dealer (as PBN's [Dealer]); the auction gives the
 * contract (declarer: the first of the declaring side to name its strain),
 * so that --trump contract works; the play starts with the declarer's left.
 * A record with the cards of the one before is flagged DEAL_REPEAT.
 * Other keys (names, vulnerability, claims, commentary) are noted as unused. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "format_ops.h"
#include "play_sequence.h"

#define LIN_VALUE_MAX 256 /* longest value kept; longer ones only matter in unused keys */

typedef struct {
    /* tokenizer */
    const char *p;          /* rest of the current line; NULL: read the next one */
    char key[4];
    int klen;
    bool in_value;
    char value[LIN_VALUE_MAX];
    size_t vlen;
    bool value_long;        /* value cut at LIN_VALUE_MAX - 1 bytes */
    uint64_t pair_line;     /* line where the pair's key began */
    bool pending;           /* key/value hold a pair that starts the next record */
    uint64_t binary_line;   /* PAIR_BINARY: the line with a NUL byte... */
    bool binary_record;     /* ...holds "md|" or "qx|": a record starts there */
    bool damaged_next;      /* that record is the next one */
    /* the record being gathered */
    bool open;
    bool has_md;
    uint64_t line;
    deal_t cur;
    char why[DIAG_REASON_SIZE];          /* first problem with the record, "" if none */
    uint64_t why_line;
    card_t cards[52];
    int ncards;
    /* the auction so far */
    int ncalls, passes, bid_rank, bid_seat, doubled;
    bool auction_over;
    int first_namer[2][5];  /* [side][strain]: first seat of the side to bid it */
    hand_t prev_hand[4];    /* the last deal returned, to flag other tables' plays */
} lin_state;

/* Records the first problem with the current record (printf-formatted). */
__attribute__((format(printf, 3, 4)))
static void fail(lin_state *st, uint64_t line, const char *fmt, ...)
{
    if (st->why[0]) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st->why, sizeof st->why, fmt, ap);
    va_end(ap);
    st->why_line = line;
}

typedef enum { PAIR_OK, PAIR_EOF, PAIR_ERROR, PAIR_FATAL, PAIR_BINARY } pair_status;

/* Next "key|value|" pair into st->key / st->value. A pair may run over line
 * ends (they are not part of it). */
static pair_status next_pair(lin_state *st, line_in *in, diag_t *diag)
{
    for (;;) {
        if (!st->p) {
            char *line;
            long n = line_in_next(in, &line, diag);
            if (n == LINE_EOF) {
                if (st->in_value) { /* the last value may lack its closing bar */
                    st->in_value = false;
                    st->value[st->vlen] = 0;
                    return PAIR_OK;
                }
                if (st->klen) {
                    st->klen = 0;
                    diag_set(diag, line_in_name(in), st->pair_line, "file ends inside a LIN key");
                    return PAIR_ERROR;
                }
                return PAIR_EOF;
            }
            if (n == LINE_FATAL) return PAIR_FATAL;
            if (n == LINE_BINARY) { /* skipped; the record it is in, or starts, is rejected */
                st->binary_line = line_in_lineno(in);
                st->binary_record = strstr(line, "md|") || strstr(line, "qx|");
                return PAIR_BINARY;
            }
            if (n < 0) return PAIR_ERROR;
            st->p = line;
        }
        if (st->in_value) {
            size_t n = strcspn(st->p, "|");
            size_t room = sizeof st->value - 1 - st->vlen;
            if (n > room) st->value_long = true;
            memcpy(st->value + st->vlen, st->p, n < room ? n : room);
            st->vlen += n < room ? n : room;
            if (!st->p[n]) {
                st->p = NULL;
                continue;
            }
            st->p += n + 1;
            st->in_value = false;
            st->value[st->vlen] = 0;
            return PAIR_OK;
        }
        char c = *st->p;
        if (!c) {
            st->p = NULL;
            continue;
        }
        st->p++;
        if (c == '|') {
            if (st->klen == 0) {
                diag_set(diag, line_in_name(in), line_in_lineno(in), "'|' where a LIN key should be");
                return PAIR_ERROR;
            }
            st->key[st->klen] = 0;
            st->klen = 0;
            st->in_value = true;
            st->vlen = 0;
            st->value_long = false;
            continue;
        }
        if (st->klen == 0 && (c == ' ' || c == '\t')) continue;
        bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (st->klen == 0) st->pair_line = line_in_lineno(in);
        if (!alnum || st->klen == (int)sizeof st->key - 1) {
            diag_set(diag, line_in_name(in), line_in_lineno(in),
                     "not LIN: expected \"key|value|\" pairs (rest of line skipped)");
            st->klen = 0;
            st->p = NULL;
            return PAIR_ERROR;
        }
        st->key[st->klen++] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
}

static void start_record(lin_state *st)
{
    deal_clear(&st->cur);
    st->open = true;
    st->has_md = false;
    st->line = st->pair_line;
    st->cur.pos.line = st->pair_line;
    st->why[0] = 0;
    st->ncards = 0;
    st->ncalls = st->passes = st->doubled = 0;
    st->bid_rank = -1;
    st->bid_seat = SEAT_NONE;
    st->auction_over = false;
    for (int side = 0; side < 2; side++)
        for (int s = 0; s < 5; s++) st->first_namer[side][s] = SEAT_NONE;
}

/* Digits at the end of a board label ("o12", "Board 12"); 0 if none. */
static uint32_t board_number(const char *s)
{
    size_t n = strlen(s), i = n;
    while (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9') i--;
    if (i == n || n - i > 9) return 0;
    return (uint32_t)strtoul(s + i, NULL, 10);
}

/* md|: dealer digit, then the hands of S, W, N, E separated by commas. */
static void take_md(lin_state *st)
{
    deal_t *d = &st->cur;
    const char *s = st->value;
    char why[DIAG_REASON_SIZE], name[3];
    if (*s >= '1' && *s <= '4') d->dealer = (uint8_t)((*s++ - '1' + SEAT_S) & 3);
    hand_t given = 0;
    int missing = SEAT_NONE, nmissing = 0;
    for (int k = 0; k < 4; k++) {
        int seat = (SEAT_S + k) & 3, suit = -1;
        hand_t h = 0;
        for (; *s && *s != ','; s++) {
            int x = suit_from_char((unsigned char)*s), r;
            if (x >= 0) {
                suit = x;
            } else if ((r = rank_from_char((unsigned char)*s)) >= 0 && suit >= 0) {
                card_t c = card_make(suit, r);
                if (hand_has(h, c)) {
                    fail(st, st->pair_line, "md|: duplicate card %s", card_format(c, name));
                    return;
                }
                h |= card_bit(c);
            } else {
                fail(st, st->pair_line, "md|: bad character '%c' in the hand of %c", *s,
                     SEAT_CHARS[seat]);
                return;
            }
        }
        if (h == 0) {
            missing = seat;
            nmissing++;
        }
        d->hand[seat] = h;
        given |= h;
        if (*s == ',') s++;
    }
    if (*s) {
        fail(st, st->pair_line, "md|: more than 4 hands");
        return;
    }
    if (nmissing == 4) { /* vugraph boards whose cards the operator never entered */
        fail(st, st->pair_line, "hands not recorded (md| holds no cards)");
        return;
    }
    if (nmissing > 1) {
        fail(st, st->pair_line, "md| gives %d hand%s (needs 3 or 4)", 4 - nmissing,
             nmissing == 3 ? "" : "s");
        return;
    }
    if (nmissing == 1) d->hand[missing] = HAND_ALL & ~given;
    diag_t bad;
    if (!deal_validate(d, &bad)) {
        snprintf(why, sizeof why, "%.*s", (int)sizeof why - 1, bad.reason);
        fail(st, st->pair_line, "%s", why);
    }
}

/* Bid order within a level: clubs, diamonds, hearts, spades, no trumps. */
static int bid_order(int strain) { return strain == STRAIN_NT ? 4 : SUIT_C - strain; }

/* mb|: one call of the auction, by the next seat from the dealer. */
static void take_call(lin_state *st)
{
    char call[8];
    size_t n = strcspn(st->value, "!");
    if (n >= sizeof call) n = sizeof call - 1;
    for (size_t i = 0; i < n; i++)
        call[i] = (char)(st->value[i] >= 'a' && st->value[i] <= 'z' ? st->value[i] - 32
                                                                     : st->value[i]);
    call[n] = 0;
    if (st->cur.dealer == SEAT_NONE) {
        fail(st, st->pair_line, "mb| with no dealer (md| must come first)");
        return;
    }
    bool pass = strcmp(call, "P") == 0 || strcmp(call, "PASS") == 0;
    if (st->auction_over) {
        /* A pass too many changes nothing (vugraph operators type them:
         * 2017 Bermuda Bowl, 53014.lin board c31). */
        if (!pass) fail(st, st->pair_line, "call \"%s\" after the end of the auction", st->value);
        return;
    }
    int seat = (st->cur.dealer + st->ncalls++) & 3;
    bool bid_against = st->bid_rank >= 0 && (st->bid_seat & 1) != (seat & 1);
    if (pass) {
        st->passes++;
        st->auction_over = st->passes == (st->bid_rank >= 0 ? 3 : 4);
    } else if (strcmp(call, "D") == 0 || strcmp(call, "X") == 0) {
        if (!bid_against || st->doubled) {
            fail(st, st->pair_line, "double by %c is not allowed here", SEAT_CHARS[seat]);
            return;
        }
        st->doubled = 1;
        st->passes = 0;
    } else if (strcmp(call, "R") == 0 || strcmp(call, "XX") == 0) {
        if (bid_against || st->bid_rank < 0 || st->doubled != 1) {
            fail(st, st->pair_line, "redouble by %c is not allowed here", SEAT_CHARS[seat]);
            return;
        }
        st->doubled = 2;
        st->passes = 0;
    } else {
        int level = call[0] - '0';
        int strain = call[1] == 'N' && (!call[2] || (call[2] == 'T' && !call[3])) ? STRAIN_NT
                     : call[1] && !call[2] ? suit_from_char(call[1]) : -1;
        if (level < 1 || level > 7 || strain < 0) {
            fail(st, st->pair_line, "bad call \"%s\" in mb|", st->value);
            return;
        }
        int rank = (level - 1) * 5 + bid_order(strain);
        if (rank <= st->bid_rank) {
            fail(st, st->pair_line, "insufficient bid %s by %c", call, SEAT_CHARS[seat]);
            return;
        }
        st->bid_rank = rank;
        st->bid_seat = seat;
        st->doubled = st->passes = 0;
        if (st->first_namer[seat & 1][strain] == SEAT_NONE) st->first_namer[seat & 1][strain] = seat;
    }
}

/* Closes the record: the contract from the auction, the play from the
 * cards; READ_DEAL or READ_REJECT (READ_ERROR if it has no hands). */
static read_status finish_record(lin_state *st, line_in *in, deal_t *d, diag_t *diag)
{
    deal_t *r = &st->cur;
    char why[DIAG_REASON_SIZE];
    diag_t bad;
    st->open = false;
    if (!st->has_md) {
        diag_set(diag, line_in_name(in), st->line, "LIN record without md| (no hands)");
        return READ_ERROR;
    }
    int strain = STRAIN_NONE;
    if (st->auction_over && st->bid_rank < 0) {
        r->flags |= DEAL_PASSED_OUT;
    } else if (st->auction_over) {
        int level = st->bid_rank / 5 + 1, order = st->bid_rank % 5;
        strain = order == 4 ? STRAIN_NT : SUIT_C - order;
        r->contract_level = (uint8_t)level;
        r->contract_strain = (uint8_t)strain;
        r->contract_declarer = (uint8_t)st->first_namer[st->bid_seat & 1][strain];
        r->contract_doubled = (uint8_t)st->doubled;
        r->flags |= DEAL_HAS_CONTRACT;
    }
    if (st->ncards > 0 && !st->why[0]) {
        int first = SEAT_NONE;
        for (int seat = 0; seat < 4; seat++)
            if (hand_has(r->hand[seat], st->cards[0])) first = seat;
        if (r->flags & DEAL_PASSED_OUT)
            fail(st, st->line, "cards played on a passed-out deal");
        else if ((r->flags & DEAL_HAS_CONTRACT) && first != seat_left(r->contract_declarer))
            fail(st, st->line, "opening lead by %c, but the declarer is %c",
                 SEAT_CHARS[first], SEAT_CHARS[r->contract_declarer]);
        else if (!play_from_sequence(r, st->cards, st->ncards, first, strain, &r->play, &bad)) {
            snprintf(why, sizeof why, "%.*s", (int)sizeof why - 1, bad.reason);
            fail(st, st->line, "pc|: %s", why);
        }
        else
            r->flags |= DEAL_HAS_PLAY;
    }
    if (!st->why[0]) {
        /* The same cards as the record before: the board at another table
         * (vugraph: open room, then closed room); analysis counts it once. */
        if (memcmp(st->prev_hand, r->hand, sizeof r->hand) == 0) r->flags |= DEAL_REPEAT;
        memcpy(st->prev_hand, r->hand, sizeof r->hand);
        *d = *r;
        return READ_DEAL;
    }
    *d = *r;
    diag_set(diag, line_in_name(in), st->why_line, "%s", st->why);
    return READ_REJECT;
}

/* One pair of an open record. */
static void take_pair(lin_state *st, reader_notes *notes)
{
    const char *k = st->key;
    bool used = strcmp(k, "md") == 0 || strcmp(k, "qx") == 0 || strcmp(k, "ah") == 0 ||
                strcmp(k, "mb") == 0 || strcmp(k, "pc") == 0;
    if (!used) {
        if (st->vlen) reader_note_ignored(notes, k); /* "pg||", "st||": nothing dropped */
        return;
    }
    if (st->value_long) {
        fail(st, st->pair_line, "%s| value longer than %d bytes", k, LIN_VALUE_MAX - 1);
        return;
    }
    if (strcmp(k, "md") == 0) {
        st->has_md = true;
        take_md(st);
    } else if (strcmp(k, "qx") == 0 || strcmp(k, "ah") == 0) {
        uint32_t b = board_number(st->value);
        if (b) st->cur.board = b;
    } else if (strcmp(k, "mb") == 0) {
        if (!st->why[0]) take_call(st);
    } else if (st->ncards == 52) {
        fail(st, st->pair_line, "more than 52 cards played");
    } else {
        card_t c = card_parse(st->value);
        if (c == CARD_NONE) fail(st, st->pair_line, "bad card \"%s\" in pc|", st->value);
        else st->cards[st->ncards++] = c;
    }
}

static int lin_probe(const char *buf, size_t n)
{
    const char *p = buf, *end = buf + n;
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) p++;
    int k = 0;
    while (p + k < end && k < 3 && ((p[k] >= 'a' && p[k] <= 'z') || (p[k] >= 'A' && p[k] <= 'Z')))
        k++;
    if (k == 0 || p + k == end || p[k] != '|') return 0;
    for (const char *q = p; q + 3 <= end; q++)
        if (q[2] == '|' && ((q[0] == 'm' && q[1] == 'd') || (q[0] == 'q' && q[1] == 'x') ||
                            (q[0] == 'p' && q[1] == 'n')))
            return 90;
    return 0;
}

static void *lin_open(line_in *in)
{
    (void)in;
    return calloc(1, sizeof(lin_state));
}

static void lin_close(void *state) { free(state); }

/* A record whose line held a NUL byte: opened, and rejected at its end. */
static void start_damaged_record(lin_state *st)
{
    st->pair_line = st->binary_line;
    start_record(st);
    st->has_md = true; /* a deal, though unread; the next md| starts another */
    fail(st, st->binary_line, "binary data (NUL byte) in the record's line");
}

static read_status lin_next(void *state, line_in *in, deal_t *d, diag_t *diag,
                            reader_notes *notes)
{
    lin_state *st = state;
    for (;;) {
        if (st->damaged_next) {
            st->damaged_next = false;
            start_damaged_record(st);
        }
        if (!st->pending) {
            switch (next_pair(st, in, diag)) {
            case PAIR_OK: break;
            case PAIR_EOF: return st->open ? finish_record(st, in, d, diag) : READ_EOF;
            case PAIR_ERROR: return READ_ERROR;
            case PAIR_FATAL: return READ_FATAL;
            case PAIR_BINARY:
                if (st->binary_record && st->open) {
                    st->damaged_next = true;
                    return finish_record(st, in, d, diag);
                }
                if (st->binary_record) start_damaged_record(st);
                else if (st->open) fail(st, st->binary_line, "binary data (NUL byte) in a text line");
                else return READ_ERROR;
                continue;
            }
        }
        st->pending = false;
        bool md = strcmp(st->key, "md") == 0;
        if (strcmp(st->key, "qx") == 0 || (md && (!st->open || st->has_md))) {
            if (st->open) {
                st->pending = true;
                return finish_record(st, in, d, diag);
            }
            start_record(st);
        }
        if (st->open) take_pair(st, notes);
        else if (st->vlen) reader_note_ignored(notes, st->key);
    }
}

const format_ops FORMAT_LIN_OPS = {
    .name = "lin",
    .probe = lin_probe,
    .open = lin_open,
    .close = lin_close,
    .next = lin_next,
};
