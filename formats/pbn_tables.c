/* pbn_tables.c -- PBN tables (PBN 2.1 S5: column specs, elements, row
 * order) and the double-dummy tables whistlab reads from them:
 * [OptimumResultTable] (S5.7), the de-facto [DoubleDummyTricks] (20 hex
 * digits: declarers N, S, E, W, each with strains NT, S, H, D, C) and Big
 * Deal's [Ability] ("N:89797 E:..." with strains NT, S, H, D, C). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pbn_game.h"

static void table_fail(pbn_game *g, uint64_t line, const char *what)
{
    pbn_fail(g, line, "[%s]: %s", pbn_tag_name(g->table.id), what);
    g->table.ncols = 0; /* no further checks of this table */
}

void pbn_table_start(pbn_game *g, pbn_tag id, const char *columns, uint64_t line)
{
    pbn_table *t = &g->table;
    t->id = id;
    t->line = line;
    t->ncols = 0;
    t->nelems = 0;
    t->col_declarer = t->col_denomination = t->col_result = -1;
    if (!columns) return; /* inherited from nothing: layout unknown */
    for (const char *p = columns;; p++) {
        int order = *p == '+' ? 1 : *p == '-' ? -1 : 0; /* S5.2: descending, ascending */
        const char *name = p + (order != 0);
        p = name;
        while (*p && *p != ';' && *p != '\\') p++;
        size_t len = (size_t)(p - name);
        if (*p == '\\') { /* S3.2: '\' width, then optionally L or R */
            const char *w = ++p;
            while (*p >= '0' && *p <= '9') p++;
            if (p == w) {
                char why[DIAG_REASON_SIZE];
                snprintf(why, sizeof why, "column \"%.*s\": '\\' must be followed by a width",
                         (int)len, name);
                table_fail(g, line, why);
                return;
            }
            if (*p == 'L' || *p == 'R') p++;
            if (*p && *p != ';') {
                char why[DIAG_REASON_SIZE];
                snprintf(why, sizeof why, "column \"%.*s\": bad width specification", (int)len,
                         name);
                table_fail(g, line, why);
                return;
            }
        }
        if (t->ncols < PBN_TABLE_COLS) {
            t->order[t->ncols] = (int8_t)order;
            t->have_prev[t->ncols] = false;
        }
        if (id == TAG_OPTIMUMRESULTTABLE) {
            if (len == 8 && memcmp(name, "Declarer", 8) == 0) t->col_declarer = (int)t->ncols;
            if (len == 12 && memcmp(name, "Denomination", 12) == 0)
                t->col_denomination = (int)t->ncols;
            if (len == 6 && memcmp(name, "Result", 6) == 0) t->col_result = (int)t->ncols;
        }
        t->ncols++;
        if (!*p) break;
    }
    if (id == TAG_OPTIMUMRESULTTABLE && !g->has_ort) {
        memset(g->ort, -1, sizeof g->ort);
        g->has_ort = true;
    }
}

/* An OptimumResultTable element: declarer, denomination or tricks; a row
 * is stored when its last element comes. */
static void ort_element(pbn_game *g, int col, const char *s, size_t n, uint64_t line)
{
    pbn_table *t = &g->table;
    char text[4] = {0};
    if (n < sizeof text) memcpy(text, s, n);
    if (col == 0) t->row_seat = t->row_strain = t->row_tricks = -1;
    if (col == t->col_declarer) {
        t->row_seat = n == 1 ? seat_from_char(text[0]) : -1;
        if (t->row_seat < 0) table_fail(g, line, "bad declarer in a row");
    } else if (col == t->col_denomination) {
        t->row_strain = n <= 2 ? strain_from_str(text) : -1;
        if (t->row_strain < 0) table_fail(g, line, "bad denomination in a row");
    } else if (col == t->col_result && !(n == 1 && (text[0] == '?' || text[0] == '-'))) {
        char *end = text;
        long tricks = n && n < 3 ? strtol(text, &end, 10) : -1;
        if (tricks < 0 || tricks > 13 || *end)
            table_fail(g, line, "result not a number of tricks 0..13");
        else
            t->row_tricks = (int)tricks;
    }
    if (col + 1 == (int)t->ncols && t->row_seat >= 0 && t->row_strain >= 0 && t->row_tricks >= 0)
        g->ort[t->row_strain][t->row_seat] = (int8_t)t->row_tricks;
}

void pbn_table_element(pbn_game *g, const char *s, size_t n, bool quoted, uint64_t line)
{
    pbn_table *t = &g->table;
    if (!quoted)
        for (size_t i = 0; i < n; i++) {
            unsigned char c = (unsigned char)s[i];
            if (c < 33 || c > 126 || c == '%') { /* S3.2: section token characters */
                char why[DIAG_REASON_SIZE];
                snprintf(why, sizeof why, "character '%c' is not allowed in table data",
                         c >= 33 && c <= 126 ? c : '?');
                table_fail(g, line, why);
                return;
            }
        }
    if (!t->ncols) return;
    unsigned col = t->nelems % t->ncols;
    t->nelems++;
    if (col < PBN_TABLE_COLS && t->order[col] && !quoted) {
        char num[32];
        size_t skip = n && s[0] == '^'; /* an artificial score (S5.2) */
        if (n - skip > 0 && n - skip < sizeof num) {
            memcpy(num, s + skip, n - skip);
            num[n - skip] = 0;
            char *end;
            double v = strtod(num, &end);
            bool descending = t->order[col] > 0;
            if (!*end) {
                if (t->have_prev[col] && (descending ? v > t->prev[col] : v < t->prev[col])) {
                    char why[DIAG_REASON_SIZE];
                    snprintf(why, sizeof why, "column %u is not in %s order (row %u)", col + 1,
                             descending ? "descending" : "ascending",
                             (t->nelems - 1) / t->ncols + 1);
                    table_fail(g, line, why);
                    return;
                }
                t->prev[col] = v;
                t->have_prev[col] = true;
            }
        }
    }
    if (t->id == TAG_OPTIMUMRESULTTABLE && !quoted) ort_element(g, (int)col, s, n, line);
}

void pbn_table_comment(pbn_game *g, uint64_t line)
{
    if (g->table.nelems > 0 && g->table.ncols)
        table_fail(g, line, "comment inside the table data (PBN 5.1)");
}

void pbn_table_end(pbn_game *g)
{
    pbn_table *t = &g->table;
    if (t->id == TAG_UNKNOWN) return;
    if (t->ncols && t->nelems % t->ncols) {
        char why[DIAG_REASON_SIZE];
        snprintf(why, sizeof why, "%u elements do not make whole rows of %u columns (PBN 5.2)",
                 t->nelems, t->ncols);
        table_fail(g, t->line, why);
    }
    t->id = TAG_UNKNOWN;
}

static int hex_digit(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Strains in the order the DD tags list them. */
static const uint8_t DD_STRAINS[5] = {STRAIN_NT, SUIT_S, SUIT_H, SUIT_D, SUIT_C};

/* Five hex digits of tricks, strains NT S H D C, for one declarer. */
static bool five_digits(const char *v, int seat, int8_t t[5][4])
{
    for (int i = 0; i < 5; i++) {
        int x = hex_digit(v[i]);
        if (x < 0 || x > 13) return false;
        t[DD_STRAINS[i]][seat] = (int8_t)x;
    }
    return true;
}

bool pbn_parse_ddt(const char *v, int8_t t[5][4])
{
    static const uint8_t SEATS[4] = {SEAT_N, SEAT_S, SEAT_E, SEAT_W};
    if (strlen(v) != 20) return false;
    for (int i = 0; i < 4; i++)
        if (!five_digits(v + 5 * i, SEATS[i], t)) return false;
    return true;
}

bool pbn_parse_ability(const char *v, int8_t t[5][4])
{
    unsigned seen = 0;
    const char *p = v;
    for (int i = 0; i < 4; i++) {
        while (*p == ' ') p++;
        int seat = seat_from_char(*p);
        if (seat < 0 || p[1] != ':' || (seen >> seat & 1) || !five_digits(p + 2, seat, t))
            return false;
        seen |= 1u << seat;
        p += 7;
        if (*p && *p != ' ') return false;
    }
    while (*p == ' ') p++;
    return !*p;
}

void pbn_dd_merge(pbn_game *g)
{
    const struct {
        bool given;
        int8_t (*t)[4];
        pbn_tag tag;
    } src[3] = {
        {g->has_ddt, g->ddt, TAG_DOUBLEDUMMYTRICKS},
        {g->has_ort, g->ort, TAG_OPTIMUMRESULTTABLE},
        {g->has_ability, g->ability, TAG_ABILITY},
    };
    if (!g->has_ddt && !g->has_ort && !g->has_ability) return;
    deal_t *d = &g->d;
    int owner[5][4];
    memset(d->dd_table, -1, sizeof d->dd_table);
    d->flags &= (uint16_t)~DEAL_HAS_DDTABLE;
    for (int i = 0; i < 3; i++) {
        if (!src[i].given) continue;
        for (int strain = 0; strain < 5; strain++)
            for (int seat = 0; seat < 4; seat++) {
                int v = src[i].t[strain][seat], cur = d->dd_table[strain][seat];
                if (v < 0) continue;
                if (cur >= 0 && cur != v) {
                    pbn_fail(g, g->deal_line, "[%s] and [%s] disagree: declarer %c in %s takes "
                             "%d or %d tricks", pbn_tag_name(src[owner[strain][seat]].tag),
                             pbn_tag_name(src[i].tag), SEAT_CHARS[seat], STRAIN_NAMES[strain],
                             cur, v);
                    return;
                }
                d->dd_table[strain][seat] = (int8_t)v;
                owner[strain][seat] = i;
                d->flags |= DEAL_HAS_DDTABLE;
            }
    }
}
