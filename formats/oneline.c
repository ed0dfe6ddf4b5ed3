/* oneline.c -- dealer's one-line format (`action printoneline`), read and
 * written:
 *
 *   n AQ9.T82..KJ3 e ... s ... w ...
 *
 * One deal per line, hands S.H.D.C, a void empty (as dealer prints it) or
 * "-". whistlab extends the line with optional pairs so that a conversion
 * keeps the whist facts: "board N dealer X trump X turnup XX leader X" (any
 * subset; read in any order, written in this one). Without a board pair the
 * board is the line number (README.md, "Formats"). Blank lines, '#' comments and
 * the statistics dealer prints after the deals are skipped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "format_ops.h"
#include "hand_text.h"
#include "writer.h"

/* dealer's closing lines ("Generated 3 hands", "Time needed    0.000 sec"). */
static const char *const DEALER_TRAILER[] = {"Generated ", "Produced ", "Initial random seed ",
                                             "Time needed "};

enum { KEY_BOARD, KEY_DEALER, KEY_TRUMP, KEY_TURNUP, KEY_LEADER, N_KEYS };
static const char *const KEY_NAMES[N_KEYS] = {"board", "dealer", "trump", "turnup", "leader"};

/* Next blank-separated token of [*p, end): sets *tok and returns its length
 * (0 at the end of the line). */
static size_t next_token(const char **p, const char *end, const char **tok)
{
    const char *s = *p;
    while (s < end && (*s == ' ' || *s == '\t')) s++;
    const char *t = s;
    while (t < end && *t != ' ' && *t != '\t') t++;
    *tok = s;
    *p = t;
    return (size_t)(t - s);
}

static int seat_token(const char *tok, size_t len)
{
    return len == 1 ? seat_from_char((unsigned char)tok[0]) : -1;
}

/* The four "seat hand" pairs at the start of [*p, end) into d->hand. */
static bool parse_hands(const char **p, const char *end, deal_t *d, char *why, size_t why_len)
{
    int seen = 0;
    for (int i = 0; i < 4; i++) {
        const char *tok;
        size_t len = next_token(p, end, &tok);
        int seat = seat_token(tok, len);
        if (len == 0) {
            snprintf(why, why_len, "line ends before the four hands");
            return false;
        }
        if (seat < 0) {
            snprintf(why, why_len, "expected a seat (n, e, s or w), found \"%.*s\"",
                     (int)(len > 20 ? 20 : len), tok);
            return false;
        }
        if (seen & (1 << seat)) {
            snprintf(why, why_len, "seat %c given twice", SEAT_CHARS[seat]);
            return false;
        }
        seen |= 1 << seat;
        len = next_token(p, end, &tok);
        if (len == 0) {
            snprintf(why, why_len, "seat %c has no hand", SEAT_CHARS[seat]);
            return false;
        }
        diag_t bad;
        if (!hand_parse_dotted(tok, len, &d->hand[seat], &bad)) {
            snprintf(why, why_len, "%.*s", (int)why_len - 1, bad.reason);
            return false;
        }
    }
    return true;
}

/* One "key value" pair of the whistlab extension into d. */
static bool parse_pair(const char *key, size_t klen, const char *val, size_t vlen, int *seen,
                       deal_t *d, char *why, size_t why_len)
{
    int k = 0;
    while (k < N_KEYS && !(strlen(KEY_NAMES[k]) == klen && memcmp(KEY_NAMES[k], key, klen) == 0))
        k++;
    if (k == N_KEYS) {
        snprintf(why, why_len, "unknown key \"%.*s\" (known: board, dealer, trump, turnup, leader)",
                 (int)(klen > 20 ? 20 : klen), key);
        return false;
    }
    if (*seen & (1 << k)) {
        snprintf(why, why_len, "%s given twice", KEY_NAMES[k]);
        return false;
    }
    *seen |= 1 << k;
    if (vlen == 0 || vlen > 10) {
        snprintf(why, why_len, vlen ? "bad %s \"%.10s...\"" : "%s has no value", KEY_NAMES[k], val);
        return false;
    }
    char v[11];
    memcpy(v, val, vlen);
    v[vlen] = 0;
    int x = -1;
    switch (k) {
    case KEY_BOARD: {
        char *stop;
        unsigned long long b = strtoull(v, &stop, 10);
        if (v[0] >= '1' && v[0] <= '9' && !*stop && b <= UINT32_MAX) {
            d->board = (uint32_t)b;
            return true;
        }
        break;
    }
    case KEY_DEALER:
    case KEY_LEADER:
        x = vlen == 1 ? seat_from_char((unsigned char)v[0]) : -1;
        if (x >= 0) {
            *(k == KEY_DEALER ? &d->dealer : &d->leader) = (uint8_t)x;
            return true;
        }
        break;
    case KEY_TRUMP:
        x = strain_from_str(v);
        if (x >= 0) {
            d->strain = (uint8_t)x;
            return true;
        }
        break;
    case KEY_TURNUP:
        d->turnup = card_parse(v);
        if (d->turnup != CARD_NONE) return true;
        break;
    }
    snprintf(why, why_len, "bad %s \"%s\"", KEY_NAMES[k], v);
    return false;
}

/* A deal line [s, end) into d: hands, pairs, then the defaults (the whist
 * seats: the eldest hand leads, the dealer sits on his right). */
static bool parse_line(const char *s, const char *end, uint64_t lineno, deal_t *d, char *why,
                       size_t why_len)
{
    if (!parse_hands(&s, end, d, why, why_len)) return false;
    int seen = 0;
    for (;;) {
        const char *key, *val;
        size_t klen = next_token(&s, end, &key);
        if (klen == 0) break;
        size_t vlen = next_token(&s, end, &val);
        if (!parse_pair(key, klen, val, vlen, &seen, d, why, why_len)) return false;
    }
    if (!(seen & (1 << KEY_BOARD))) d->board = (uint32_t)lineno;
    if (d->turnup != CARD_NONE && d->strain == STRAIN_NONE)
        d->strain = (uint8_t)card_suit(d->turnup);
    if (d->dealer != SEAT_NONE && d->leader == SEAT_NONE)
        d->leader = (uint8_t)deal_eldest(d->dealer);
    else if (d->leader != SEAT_NONE && d->dealer == SEAT_NONE)
        d->dealer = (uint8_t)deal_dealer_of_leader(d->leader);
    diag_t bad;
    if (deal_validate(d, &bad)) return true;
    snprintf(why, why_len, "%.*s", (int)why_len - 1, bad.reason);
    return false;
}

static bool skipped_line(const char *s, const char *end)
{
    while (s < end && (*s == ' ' || *s == '\t')) s++;
    if (s == end || *s == '#') return true;
    for (size_t i = 0; i < sizeof DEALER_TRAILER / sizeof DEALER_TRAILER[0]; i++) {
        size_t n = strlen(DEALER_TRAILER[i]);
        if ((size_t)(end - s) >= n && memcmp(s, DEALER_TRAILER[i], n) == 0) return true;
    }
    return false;
}

static int oneline_probe(const char *buf, size_t n)
{
    const char *p = buf, *end = buf + n;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *eol = nl ? nl : end;
        if (eol > p && eol[-1] == '\r') eol--;
        if (!skipped_line(p, eol)) {
            deal_t d;
            char why[DIAG_REASON_SIZE];
            deal_clear(&d);
            return parse_hands(&p, eol, &d, why, sizeof why) ? 90 : 0;
        }
        if (!nl) break;
        p = nl + 1;
    }
    return 0;
}

/* The reader keeps no state of its own: the line input is all it needs. */
static void *oneline_open(line_in *in) { return in; }
static void oneline_close(void *state) { (void)state; }

static read_status oneline_next(void *state, line_in *in, deal_t *d, diag_t *diag,
                                reader_notes *notes)
{
    (void)state;
    (void)notes;
    for (;;) {
        char *line;
        long n = line_in_next(in, &line, diag);
        if (n == LINE_EOF) return READ_EOF;
        if (n == LINE_FATAL) return READ_FATAL;
        if (n < 0) return READ_ERROR;
        const char *end = line + n;
        if (skipped_line(line, end)) continue;
        uint64_t lineno = line_in_lineno(in);
        const char *cursor = line, *first;
        size_t len = next_token(&cursor, end, &first);
        if (seat_token(first, len) < 0) {
            diag_set(diag, line_in_name(in), lineno,
                     "not a one-line deal (expected \"n <hand> e <hand> s <hand> w <hand>\")");
            return READ_ERROR;
        }
        char why[DIAG_REASON_SIZE];
        deal_clear(d);
        d->pos.line = lineno;
        if (parse_line(line, end, lineno, d, why, sizeof why)) return READ_DEAL;
        diag_set(diag, line_in_name(in), lineno, "%s", why);
        return READ_REJECT;
    }
}

long oneline_format_deal(const deal_t *d, char *buf, size_t len)
{
    char text[512], suit[14], c[3]; /* 4 hands of at most 52 cards, pairs */
    int n = 0;
    for (int seat = 0; seat < 4; seat++) {
        n += sprintf(text + n, "%s%c ", seat ? " " : "", "nesw"[seat]);
        for (int s = SUIT_S; s <= SUIT_C; s++) {
            suit_format(hand_suit(d->hand[seat], s), suit, false);
            n += sprintf(text + n, "%s%s", s ? "." : "", suit);
        }
    }
    if (d->board) n += sprintf(text + n, " board %lu", (unsigned long)d->board);
    if (d->dealer < 4) n += sprintf(text + n, " dealer %c", SEAT_CHARS[d->dealer]);
    if (d->strain <= STRAIN_NT) n += sprintf(text + n, " trump %c", SUIT_CHARS[d->strain]);
    if (d->turnup != CARD_NONE && !(d->flags & DEAL_TURNUP_INFERRED))
        n += sprintf(text + n, " turnup %s", card_format(d->turnup, c));
    if (d->leader < 4 && (d->dealer >= 4 || d->leader != deal_eldest(d->dealer)))
        n += sprintf(text + n, " leader %c", SEAT_CHARS[d->leader]);
    text[n++] = '\n';
    if ((size_t)n + 1 > len) return -1;
    memcpy(buf, text, (size_t)n);
    buf[n] = 0;
    return n;
}

const format_ops FORMAT_ONELINE_OPS = {
    .name = "oneline",
    .probe = oneline_probe,
    .open = oneline_open,
    .close = oneline_close,
    .next = oneline_next,
};
