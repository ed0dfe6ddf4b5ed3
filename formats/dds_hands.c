/* dds_hands.c -- DDS's test-hand files (hands/list*.txt in the DDS sources;
 * corpora/README.md "DDS test format"):
 *
 *   NUMBER n
 *   PBN dealer vul trump first "N:hand hand hand hand"
 *   FUT n suit[n] rank[n] equals[n] score[n]
 *   TABLE 20 tricks, strains S,H,D,C,NT by declarers N,E,S,W
 *   PAR "..." x4, PAR2 "..." x2+, PLAY n "cards", TRACE m t[m]
 *
 * A deal is its PBN line and the lines after it up to the next PBN line; any
 * of the other kinds may be missing. The whist facts come from the PBN line:
 * trump is the strain, first the leader, and the dealer sits on the leader's
 * right (README.md, "Formats"). FUT, TABLE and PLAY are kept as oracles; PAR, PAR2
 * and TRACE are checked for syntax only. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "format_ops.h"
#include "hand_text.h"
#include "play_sequence.h"

enum { K_FUT, K_TABLE, K_PAR, K_PAR2, K_PLAY, K_TRACE, N_KINDS };
static const char *const KIND_NAMES[N_KINDS] = {"FUT", "TABLE", "PAR", "PAR2", "PLAY", "TRACE"};

typedef struct {
    deal_t cur;         /* the deal being gathered */
    bool have_cur;
    char why[DIAG_REASON_SIZE];      /* first problem found in cur's lines, "" if none */
    uint64_t why_line;
    unsigned seen;      /* 1 << K_* for each kind read for cur */
    int play_n;         /* cards of cur's PLAY line */
    int trace_m;        /* values of cur's TRACE line */
    uint64_t trace_line;
    uint64_t deals;     /* PBN lines read */
    uint64_t number;    /* the NUMBER header's count */
    uint64_t number_line; /* 0 when there is no NUMBER line */
    bool counted;       /* NUMBER compared with the deals at the end */
} dds_state;

static const char *skip_blanks(const char *p)
{
    while (*p == ' ' || *p == '\t') p++;
    return p;
}

/* Next integer in lo..hi at *p; false if there is none or it is out of range. */
static bool next_int(const char **p, long lo, long hi, long *v)
{
    const char *s = skip_blanks(*p);
    char *stop;
    if (!((*s >= '0' && *s <= '9') || (*s == '-' && s[1] >= '0' && s[1] <= '9'))) return false;
    long x = strtol(s, &stop, 10);
    if (*stop && *stop != ' ' && *stop != '\t') return false;
    if (x < lo || x > hi) return false;
    *v = x;
    *p = stop;
    return true;
}

/* Next "quoted" text at *p: sets *text and *len (without the quotes). */
static bool next_quoted(const char **p, const char **text, size_t *len)
{
    const char *s = skip_blanks(*p);
    if (*s != '"') return false;
    const char *close = strchr(s + 1, '"');
    if (!close) return false;
    *text = s + 1;
    *len = (size_t)(close - s - 1);
    *p = close + 1;
    return true;
}

static bool at_end(const char *p) { return *skip_blanks(p) == 0; }

/* Records the first problem with the current deal (printf-formatted). */
__attribute__((format(printf, 3, 4)))
static void fail(dds_state *st, uint64_t line, const char *fmt, ...)
{
    if (st->why[0]) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st->why, sizeof st->why, fmt, ap);
    va_end(ap);
    st->why_line = line;
}

/* "N:hand hand hand hand", hands clockwise from the seat named first. */
static bool parse_deal_text(const char *s, size_t len, int dealer, deal_t *d, char *why,
                            size_t why_len)
{
    int seat = len >= 2 && s[1] == ':' ? seat_from_char((unsigned char)s[0]) : -1;
    if (seat < 0) {
        snprintf(why, why_len, "deal \"%.*s\" does not start with a seat and ':'",
                 (int)(len > 20 ? 20 : len), s);
        return false;
    }
    if (seat != dealer) {
        snprintf(why, why_len, "deal starts with %c but the dealer is %c", SEAT_CHARS[seat],
                 SEAT_CHARS[dealer]);
        return false;
    }
    const char *p = s + 2, *end = s + len;
    for (int i = 0; i < 4; i++, seat = seat_left(seat)) {
        while (p < end && *p == ' ') p++;
        const char *h = p;
        while (p < end && *p != ' ') p++;
        if (p == h) {
            snprintf(why, why_len, "deal has %d hand%s (needs 4)", i, i == 1 ? "" : "s");
            return false;
        }
        diag_t bad;
        if (!hand_parse_dotted(h, (size_t)(p - h), &d->hand[seat], &bad)) {
            snprintf(why, why_len, "%.*s", (int)why_len - 1, bad.reason);
            return false;
        }
    }
    while (p < end && *p == ' ') p++;
    if (p < end) {
        snprintf(why, why_len, "deal has more than 4 hands");
        return false;
    }
    return true;
}

/* Starts a new deal from its PBN line (p after the "PBN" word). */
static void start_deal(dds_state *st, const char *p, uint64_t line)
{
    deal_t *d = &st->cur;
    long dealer, vul, trump, first;
    const char *text;
    size_t len;
    char why[DIAG_REASON_SIZE];
    deal_clear(d);
    st->have_cur = true;
    st->why[0] = 0;
    st->seen = 0;
    d->board = (uint32_t)++st->deals;
    d->pos.line = line;
    if (!next_int(&p, 0, 3, &dealer) || !next_int(&p, 0, 3, &vul) ||
        !next_int(&p, 0, 4, &trump) || !next_int(&p, 0, 3, &first) ||
        !next_quoted(&p, &text, &len) || !at_end(p)) {
        fail(st, line, "bad PBN line (expected: PBN dealer(0-3) vul(0-3) trump(0-4) "
                       "first(0-3) \"deal\")");
        return;
    }
    d->strain = (uint8_t)trump; /* DDS numbers strains as whistlab: 4 = no trumps */
    d->leader = (uint8_t)first;
    d->dealer = (uint8_t)deal_dealer_of_leader((int)first);
    diag_t bad;
    if (!parse_deal_text(text, len, (int)dealer, d, why, sizeof why))
        fail(st, line, "%s", why);
    else if (!deal_validate(d, &bad))
        fail(st, line, "%s", bad.reason);
}

/* A PBN line holding a NUL byte at line: a deal, rejected (counted as one). */
static void start_damaged_deal(dds_state *st, uint64_t line)
{
    deal_clear(&st->cur);
    st->have_cur = true;
    st->why[0] = 0;
    st->seen = 0;
    st->cur.board = (uint32_t)++st->deals;
    st->cur.pos.line = line;
    fail(st, line, "binary data (NUL byte) in the deal's PBN line");
}

/* FUT n suit[n] rank[n] equals[n] score[n]: the leader's cards with their
 * DDS scores; each card stands for itself and the equal lower cards of its
 * suit (equals bit r = rank r). Together they must be the leader's hand. */
static void parse_fut(dds_state *st, const char *p, uint64_t line)
{
    deal_t *d = &st->cur;
    long n, suit[13], rank[13], equals[13], score;
    char c[3];
    bool ok = next_int(&p, 1, 13, &n);
    for (long i = 0; ok && i < n; i++) ok = next_int(&p, 0, 3, &suit[i]);
    for (long i = 0; ok && i < n; i++) ok = next_int(&p, 2, 14, &rank[i]);
    for (long i = 0; ok && i < n; i++) ok = next_int(&p, 0, SUIT_MASK_ALL, &equals[i]);
    if (!ok) {
        fail(st, line, "bad FUT line (expected: FUT n, then n suits 0-3, n ranks 2-14, "
                       "n equals masks, n scores)");
        return;
    }
    hand_t listed = 0, leader = d->hand[d->leader];
    for (long i = 0; i < n; i++) {
        if (!next_int(&p, 0, 13, &score)) {
            fail(st, line, "bad FUT line: a score is missing or not 0-13");
            return;
        }
        hand_t cards = card_bit(card_make((int)suit[i], (int)rank[i])) |
                       hand_from_suit((int)suit[i], (uint16_t)equals[i]);
        if ((equals[i] & ~(long)SUIT_MASK_ALL) || equals[i] >> rank[i]) {
            fail(st, line, "FUT card %s: equals %ld is not a set of lower ranks",
                 card_format(card_make((int)suit[i], (int)rank[i]), c), equals[i]);
            return;
        }
        if (cards & listed) {
            fail(st, line, "FUT lists %s twice", card_format(hand_lowest(cards & listed), c));
            return;
        }
        listed |= cards;
        for (hand_t rest = cards; rest; rest &= rest - 1)
            d->fut[hand_lowest(rest)] = (int8_t)score;
    }
    if (!at_end(p)) {
        fail(st, line, "bad FUT line: text after the scores");
        return;
    }
    if (listed & ~leader) {
        fail(st, line, "FUT lists %s, not in the leader's (%c) hand",
             card_format(hand_lowest(listed & ~leader), c), SEAT_CHARS[d->leader]);
        return;
    }
    if (leader & ~listed) {
        fail(st, line, "FUT misses %s of the leader's (%c) hand",
             card_format(hand_lowest(leader & ~listed), c), SEAT_CHARS[d->leader]);
        return;
    }
    d->flags |= DEAL_HAS_FUT;
}

/* TABLE: resTable[strain][hand] of CalcDDtable, 20 values in that order. */
static void parse_table(dds_state *st, const char *p, uint64_t line)
{
    deal_t *d = &st->cur;
    for (int i = 0; i < 20; i++) {
        long v;
        if (!next_int(&p, 0, 13, &v)) {
            fail(st, line, "bad TABLE line (expected 20 values 0-13)");
            return;
        }
        d->dd_table[i / 4][i % 4] = (int8_t)v;
    }
    if (!at_end(p)) {
        fail(st, line, "bad TABLE line: more than 20 values");
        return;
    }
    d->flags |= DEAL_HAS_DDTABLE;
}

/* PAR: four quoted texts; PAR2: two or more. */
static void check_par(dds_state *st, const char *p, uint64_t line, int kind)
{
    const char *text;
    size_t len;
    int n = 0;
    while (next_quoted(&p, &text, &len)) n++;
    if (!at_end(p) || (kind == K_PAR ? n != 4 : n < 2))
        fail(st, line, kind == K_PAR ? "bad PAR line (expected 4 quoted texts)"
                                     : "bad PAR2 line (expected 2 or more quoted texts)");
}

/* PLAY n "cards": the real play, 2 characters a card, from the leader on. */
static void parse_play(dds_state *st, const char *p, uint64_t line)
{
    deal_t *d = &st->cur;
    long n;
    const char *text;
    size_t len;
    card_t cards[52];
    char why[DIAG_REASON_SIZE];
    if (!next_int(&p, 0, 52, &n) || !next_quoted(&p, &text, &len) || !at_end(p) ||
        len != 2 * (size_t)n) {
        fail(st, line, "bad PLAY line (expected: PLAY n \"cards\", n 0-52, 2 characters a card)");
        return;
    }
    st->play_n = (int)n;
    for (long i = 0; i < n; i++) {
        char c[3] = {text[2 * i], text[2 * i + 1], 0};
        cards[i] = card_parse(c);
        if (cards[i] == CARD_NONE) {
            fail(st, line, "bad card \"%s\" in PLAY", c);
            return;
        }
    }
    if (n == 0) return;
    diag_t bad;
    if (!play_from_sequence(d, cards, (int)n, d->leader, d->strain, &d->play, &bad)) {
        snprintf(why, sizeof why, "%.*s", (int)sizeof why - 1, bad.reason);
        fail(st, line, "PLAY %s", why);
        return;
    }
    d->flags |= DEAL_HAS_PLAY;
}

/* TRACE m t[m]: tricks before any card and after each card. */
static void check_trace(dds_state *st, const char *p, uint64_t line)
{
    long m, v;
    if (!next_int(&p, 1, 53, &m)) {
        fail(st, line, "bad TRACE line (expected: TRACE m, then m values 0-13)");
        return;
    }
    for (long i = 0; i < m; i++)
        if (!next_int(&p, 0, 13, &v)) {
            fail(st, line, "bad TRACE line: a value is missing or not 0-13");
            return;
        }
    if (!at_end(p)) fail(st, line, "bad TRACE line: more values than its count");
    st->trace_m = (int)m;
    st->trace_line = line;
}

/* Hands the current deal to the caller: READ_DEAL, or READ_REJECT with the
 * first problem found in its lines. */
static read_status finish_deal(dds_state *st, line_in *in, deal_t *d, diag_t *diag)
{
    st->have_cur = false;
    if ((st->seen & (1u << K_PLAY)) && (st->seen & (1u << K_TRACE)) && !st->why[0]) {
        /* AnalysePlay traces the start and each card but those of the last
         * trick: 49 values at most (list1000.txt has 51 cards, 49 values). */
        int want = st->play_n >= 48 ? 49 : st->play_n + 1;
        if (st->trace_m != want)
            fail(st, st->trace_line, "TRACE has %d values, the %d cards of PLAY need %d",
                 st->trace_m, st->play_n, want);
    }
    *d = st->cur;
    if (!st->why[0]) return READ_DEAL;
    diag_set(diag, line_in_name(in), st->why_line, "%s", st->why);
    return READ_REJECT;
}

static int dds_probe(const char *buf, size_t n)
{
    const char *p = buf, *end = buf + n;
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) p++;
    size_t left = (size_t)(end - p);
    if (left > 7 && memcmp(p, "NUMBER ", 7) == 0 && p[7] >= '0' && p[7] <= '9') return 95;
    if (left > 4 && memcmp(p, "PBN ", 4) == 0 && p[4] >= '0' && p[4] <= '9') return 80;
    return 0;
}

static void *dds_open(line_in *in)
{
    (void)in;
    return calloc(1, sizeof(dds_state));
}

static void dds_close(void *state) { free(state); }

static read_status dds_next(void *state, line_in *in, deal_t *d, diag_t *diag,
                            reader_notes *notes)
{
    dds_state *st = state;
    for (;;) {
        char *line;
        long n = line_in_next(in, &line, diag);
        if (n == LINE_EOF) {
            if (st->have_cur) return finish_deal(st, in, d, diag);
            if (st->number_line && !st->counted && st->number != st->deals) {
                st->counted = true;
                diag_set(diag, line_in_name(in), st->number_line,
                         "NUMBER says %llu deals, the file holds %llu",
                         (unsigned long long)st->number, (unsigned long long)st->deals);
                return READ_ERROR;
            }
            return READ_EOF;
        }
        if (n == LINE_FATAL) return READ_FATAL;
        uint64_t lineno = line_in_lineno(in);
        if (n == LINE_BINARY) { /* within a deal, or starting one: that deal is rejected */
            const char *w = skip_blanks(line);
            if (strncmp(w, "PBN", 3) == 0 && (w[3] == ' ' || w[3] == '\t' || !w[3])) {
                read_status done = st->have_cur ? finish_deal(st, in, d, diag) : READ_EOF;
                start_damaged_deal(st, lineno);
                if (done != READ_EOF) return done;
                continue;
            }
            if (st->have_cur) {
                fail(st, lineno, "binary data (NUL byte) in a text line");
                continue;
            }
        }
        if (n < 0) return READ_ERROR;
        const char *p = skip_blanks(line), *word = p;
        while (*p && *p != ' ' && *p != '\t') p++;
        size_t wlen = (size_t)(p - word);
        if (wlen == 0) continue;
        if (wlen == 3 && memcmp(word, "PBN", 3) == 0) {
            read_status done = st->have_cur ? finish_deal(st, in, d, diag) : READ_EOF;
            start_deal(st, p, lineno);
            if (done != READ_EOF) return done;
            continue;
        }
        if (wlen == 6 && memcmp(word, "NUMBER", 6) == 0) {
            long count;
            if (st->number_line || st->deals) {
                diag_set(diag, line_in_name(in), lineno, "NUMBER line %s",
                         st->number_line ? "given twice" : "after the first deal");
                return READ_ERROR;
            }
            if (!next_int(&p, 0, 1000000000L, &count) || !at_end(p)) {
                diag_set(diag, line_in_name(in), lineno, "bad NUMBER line (expected: NUMBER n)");
                return READ_ERROR;
            }
            st->number = (uint64_t)count;
            st->number_line = lineno;
            continue;
        }
        int kind = 0;
        while (kind < N_KINDS && !(strlen(KIND_NAMES[kind]) == wlen &&
                                   memcmp(KIND_NAMES[kind], word, wlen) == 0))
            kind++;
        if (kind == N_KINDS) {
            diag_set(diag, line_in_name(in), lineno,
                     "unknown line \"%.*s\" (expected NUMBER, PBN, FUT, TABLE, PAR, PAR2, "
                     "PLAY or TRACE)", (int)(wlen > 20 ? 20 : wlen), word);
            return READ_ERROR;
        }
        if (!st->have_cur) {
            diag_set(diag, line_in_name(in), lineno, "%s line before any PBN line",
                     KIND_NAMES[kind]);
            return READ_ERROR;
        }
        if (st->seen & (1u << kind)) {
            fail(st, lineno, "second %s line for this deal", KIND_NAMES[kind]);
            continue;
        }
        st->seen |= 1u << kind;
        if (st->why[0]) continue; /* the deal is rejected already: its hands may be wrong */
        switch (kind) {
        case K_FUT: parse_fut(st, p, lineno); break;
        case K_TABLE: parse_table(st, p, lineno); break;
        case K_PAR:
        case K_PAR2:
            check_par(st, p, lineno, kind);
            reader_note_ignored(notes, KIND_NAMES[kind]);
            break;
        case K_PLAY: parse_play(st, p, lineno); break;
        case K_TRACE:
            check_trace(st, p, lineno);
            reader_note_ignored(notes, KIND_NAMES[kind]);
            break;
        }
    }
}

const format_ops FORMAT_DDS_OPS = {
    .name = "dds",
    .probe = dds_probe,
    .open = dds_open,
    .close = dds_close,
    .next = dds_next,
};
