/* holding_groups.c -- the books' groups of holdings, read from their table
 * (holding_groups.h). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "analyze/lead/holding_groups.h"
#include "formats/card.h"

static const char *const ORDINAL[13] = {"1st", "2nd", "3rd", "4th", "5th", "6th", "7th",
                                        "8th", "9th", "10th", "11th", "12th", "13th"};

/* The columns of a group: the pattern's cards, then with '*' the 4th best
 * (when the pattern names fewer than four) and the lowest. */
static void make_columns(holding_group *h)
{
    h->ncols = 0;
    for (int i = 0; i < h->ntok; i++) {
        const char *label = h->tok[i] == 'x' || h->tok[i] == '?' ? ORDINAL[i] : (char[2]){h->tok[i], 0};
        snprintf(h->col[h->ncols++], sizeof h->col[0], "%s", label);
    }
    if (!h->more) return;
    if (h->ntok < 4) snprintf(h->col[h->ncols++], sizeof h->col[0], "4th");
    snprintf(h->col[h->ncols++], sizeof h->col[0], "lowest");
}

static bool bad(diag_t *diag, const char *file, int line, const char *fmt, const char *what)
{
    char why[256];
    snprintf(why, sizeof why, fmt, what);
    diag_set(diag, file, (uint64_t)line, "%s", why);
    return false;
}

/* A pattern: ranks high to low, x, ?, then at most one final '*'. */
static bool read_pattern(holding_group *h, const char *p, size_t len, const char *file, int line, diag_t *diag)
{
    char text[64];
    snprintf(text, sizeof text, "%.*s", (int)(len < 40 ? len : 40), p);
    if (len >= sizeof h->pattern) return bad(diag, file, line, "pattern '%s': longer than 13 cards and '*'", text);
    snprintf(h->pattern, sizeof h->pattern, "%.*s", (int)len, p);
    int last = RANK_A + 1;
    h->ntok = 0;
    h->more = false;
    for (size_t i = 0; i < len; i++) {
        char c = p[i];
        if (c == '*') {
            if (i + 1 != len) return bad(diag, file, line, "pattern '%s': '*' comes last", text);
            h->more = true;
            continue;
        }
        if (h->ntok == 13) return bad(diag, file, line, "pattern '%s': more than 13 cards", text);
        if (c == 'x' || c == '?') {
            h->tok[h->ntok++] = c;
            continue;
        }
        int r = rank_from_char((unsigned char)c);
        if (r < 0)
            return bad(diag, file, line, "pattern '%s': use the ranks AKQJT98765432, x (a card of 9 or lower), ? (any "
                                         "card) and a final * (any further cards)", text);
        if (r >= last) return bad(diag, file, line, "pattern '%s': name the ranks highest first, each once", text);
        last = r;
        h->tok[h->ntok++] = RANK_CHARS[r];
    }
    if (h->ntok == 0) return bad(diag, file, line, "pattern '%s': name at least one card", text);
    return true;
}

bool holding_groups_parse(holding_groups *g, const char *text, size_t size, const char *file, diag_t *diag)
{
    memset(g, 0, sizeof *g);
    int line = 0;
    for (const char *at = text, *eot = text + size; at < eot;) {
        const char *end = memchr(at, '\n', (size_t)(eot - at));
        size_t len = end ? (size_t)(end - at) : (size_t)(eot - at);
        line++;
        const char *p = at, *stop = at + len;
        at = end ? end + 1 : stop;
        if (memchr(p, 0, len)) return bad(diag, file, line, "a NUL byte in the row%s", "");
        while (p < stop && isspace((unsigned char)*p)) p++;
        while (stop > p && isspace((unsigned char)stop[-1])) stop--;
        if (p == stop || *p == '#') continue;
        if (g->n == HOLDING_MAX_GROUPS) return bad(diag, file, line, "more than %s groups", "64");
        holding_group *h = &g->g[g->n];
        h->line = line;
        const char *q = p;
        while (q < stop && !isspace((unsigned char)*q) && *q != '|') q++;
        if (!read_pattern(h, p, (size_t)(q - p), file, line, diag)) return false;
        const char *bar = memchr(q, '|', (size_t)(stop - q));
        if (!bar) return bad(diag, file, line, "expected PATTERN NAME | SOURCE%s", "");
        const char *n0 = q, *n1 = bar;
        while (n0 < n1 && isspace((unsigned char)*n0)) n0++;
        while (n1 > n0 && isspace((unsigned char)n1[-1])) n1--;
        const char *s0 = bar + 1;
        while (s0 < stop && isspace((unsigned char)*s0)) s0++;
        if (n0 == n1) return bad(diag, file, line, "the group has no name (PATTERN NAME | SOURCE)%s", "");
        if (s0 == stop) return bad(diag, file, line, "the group cites no book line (PATTERN NAME | SOURCE)%s", "");
        if ((size_t)(n1 - n0) >= sizeof h->name)
            return bad(diag, file, line, "the name is longer than %s characters", "47");
        if ((size_t)(stop - s0) >= sizeof h->source)
            return bad(diag, file, line, "the source is longer than %s characters", "511");
        for (const char *c = n0; c < stop; c++)
            if (iscntrl((unsigned char)*c)) return bad(diag, file, line, "a control character in the row%s", "");
        if (memchr(n0, '#', (size_t)(n1 - n0)))
            return bad(diag, file, line, "a '#' in the name (the CSV's comment character)%s", "");
        memcpy(h->name, n0, (size_t)(n1 - n0));
        memcpy(h->source, s0, (size_t)(stop - s0));
        for (int i = 0; i < g->n; i++)
            if (strcmp(g->g[i].name, h->name) == 0) return bad(diag, file, line, "a second group named '%s'", h->name);
        make_columns(h);
        g->n++;
    }
    if (g->n == 0) return bad(diag, file, 0, "no group: rows are PATTERN NAME | SOURCE%s", "");
    return true;
}

/* The ranks of a holding, highest first; how many. */
static int ranks_down(uint16_t ranks, int out[13])
{
    int n = 0;
    for (int r = RANK_A; r >= 2 && n < 13; r--)
        if (ranks >> r & 1) out[n++] = r;
    return n;
}

static bool matches(const holding_group *h, const int *card, int n)
{
    if (h->more ? n < h->ntok : n != h->ntok) return false;
    for (int i = 0; i < h->ntok; i++) {
        char t = h->tok[i];
        if (t == '?') continue;
        if (t == 'x' ? card[i] > 9 : RANK_CHARS[card[i]] != t) return false;
    }
    return true;
}

int holding_group_of(const holding_groups *g, uint16_t ranks)
{
    int card[13], n = ranks_down(ranks, card);
    for (int i = 0; i < g->n; i++)
        if (matches(&g->g[i], card, n)) return i;
    return HOLDING_OTHER;
}

void holding_group_cards(const holding_groups *g, int gi, uint16_t ranks, int rank[HOLDING_MAX_COLS])
{
    memset(rank, 0, HOLDING_MAX_COLS * sizeof rank[0]);
    if (gi < 0 || gi >= g->n) return;
    const holding_group *h = &g->g[gi];
    int card[13], n = ranks_down(ranks, card), k = 0;
    for (int i = 0; i < h->ntok && i < n; i++) rank[k++] = card[i];
    if (!h->more) return;
    int named = h->ntok;
    if (h->ntok < 4) {
        if (n >= 4) rank[k] = card[3];
        k++;
        named = 4;
    }
    if (n > named) rank[k] = card[n - 1];
}
