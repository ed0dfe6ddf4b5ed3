/* gib.c -- GIB library lines (DDS's hands/sol*.txt; corpora/README.md "GIB
 * format"), one deal a line:
 *
 *   T5.K4.652.A98542 K6.QJT976.QT7.Q6 432.A.AKJ93.JT73 AQJ987.8532.84.K:65658888888843433232
 *
 * Four hands in the order W N E S, then ':' and 20 hex digits: the tricks
 * North-South take, in groups NT, S, H, D, C; in a group the leader is S, E,
 * N, W in turn, i.e. the declarer E, N, W, S. They become the declarer's
 * tricks in dd_table. The line carries no dealer and no trumps: those come
 * from the policy flags; the board is the line number (README.md, "Formats"). */
#include <stdio.h>
#include <string.h>
#include "format_ops.h"
#include "hand_text.h"

static const int HAND_ORDER[4] = {SEAT_W, SEAT_N, SEAT_E, SEAT_S};
static const int GROUP_STRAIN[5] = {STRAIN_NT, SUIT_S, SUIT_H, SUIT_D, SUIT_C};
static const int DIGIT_DECLARER[4] = {SEAT_E, SEAT_N, SEAT_W, SEAT_S};

static int hex_value(int ch)
{
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    return -1;
}

/* The hands of [s, colon) into d. */
static bool parse_hands(const char *s, const char *colon, deal_t *d, char *why, size_t why_len)
{
    const char *p = s;
    for (int i = 0; i < 4; i++) {
        while (p < colon && (*p == ' ' || *p == '\t')) p++;
        const char *h = p;
        while (p < colon && *p != ' ' && *p != '\t') p++;
        if (p == h) {
            snprintf(why, why_len, "%d hand%s before ':' (needs 4: W N E S)", i, i == 1 ? "" : "s");
            return false;
        }
        diag_t bad;
        if (!hand_parse_dotted(h, (size_t)(p - h), &d->hand[HAND_ORDER[i]], &bad)) {
            snprintf(why, why_len, "%.*s", (int)why_len - 1, bad.reason);
            return false;
        }
    }
    while (p < colon && (*p == ' ' || *p == '\t')) p++;
    if (p < colon) {
        snprintf(why, why_len, "more than 4 hands before ':'");
        return false;
    }
    return true;
}

/* The 20 digits after the colon, [s, end), into d->dd_table. */
static bool parse_table(const char *s, const char *end, deal_t *d, char *why, size_t why_len)
{
    while (end > s && (end[-1] == ' ' || end[-1] == '\t')) end--;
    if (end - s != 20) {
        snprintf(why, why_len, "%d characters after ':' (needs 20 hex digits)", (int)(end - s));
        return false;
    }
    for (int i = 0; i < 20; i++) {
        int ns = hex_value((unsigned char)s[i]);
        if (ns < 0 || ns > 13) {
            snprintf(why, why_len, "bad trick count '%c' after ':' (hex digits 0-D)", s[i]);
            return false;
        }
        int declarer = DIGIT_DECLARER[i % 4];
        bool ns_declares = declarer == SEAT_N || declarer == SEAT_S;
        d->dd_table[GROUP_STRAIN[i / 4]][declarer] = (int8_t)(ns_declares ? ns : 13 - ns);
    }
    d->flags |= DEAL_HAS_DDTABLE;
    return true;
}

static int gib_probe(const char *buf, size_t n)
{
    size_t i = 0;
    while (i < n && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' || buf[i] == '\n')) i++;
    const char *p = buf + i, *nl = memchr(p, '\n', n - i);
    const char *eol = nl ? nl : buf + n;
    if (eol > p && eol[-1] == '\r') eol--;
    const char *colon = memchr(p, ':', (size_t)(eol - p));
    if (!colon) return 0;
    deal_t d;
    char why[DIAG_REASON_SIZE];
    deal_clear(&d);
    return parse_hands(p, colon, &d, why, sizeof why) &&
                   parse_table(colon + 1, eol, &d, why, sizeof why) ? 95 : 0;
}

/* The reader keeps no state of its own: the line input is all it needs. */
static void *gib_open(line_in *in) { return in; }
static void gib_close(void *state) { (void)state; }

static read_status gib_next(void *state, line_in *in, deal_t *d, diag_t *diag,
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
        if (strspn(line, " \t") == (size_t)n) continue;
        uint64_t lineno = line_in_lineno(in);
        const char *colon = memchr(line, ':', (size_t)n);
        if (!colon) {
            diag_set(diag, line_in_name(in), lineno,
                     "not a GIB line (expected 4 hands W N E S, ':' and 20 hex digits)");
            return READ_ERROR;
        }
        char why[DIAG_REASON_SIZE];
        deal_clear(d);
        d->pos.line = lineno;
        d->board = (uint32_t)lineno;
        diag_t bad;
        if (parse_hands(line, colon, d, why, sizeof why) && parse_table(colon + 1, line + n, d, why, sizeof why)) {
            if (deal_validate(d, &bad)) return READ_DEAL;
            snprintf(why, sizeof why, "%.*s", (int)sizeof why - 1, bad.reason);
        }
        diag_set(diag, line_in_name(in), lineno, "%s", why);
        return READ_REJECT;
    }
}

const format_ops FORMAT_GIB_OPS = {
    .name = "gib",
    .probe = gib_probe,
    .open = gib_open,
    .close = gib_close,
    .next = gib_next,
};
