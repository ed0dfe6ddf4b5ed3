/* holding_groups.h -- the holdings of a suit grouped as the books group them
 * (A K x ..., K Q J ..., Q J x x ..., a singleton, x x x ...), read from a
 * data table (the built-in analyze/lead/holdings.tbl, or a user's copy;
 * format in analyze/lead/README.md, "Holding groups"), for the tables by
 * holding led of `whistlab lead --by-holding`. Each group carries the book
 * lines it rests on; the code holds no group.
 *
 * A holding is the ranks held in one suit (bit r for rank r, 2..14). Its
 * group is the first row whose pattern matches; none: HOLDING_OTHER. The
 * cards of a group a table reports on, its columns, are the pattern's cards
 * ("A", "K", the 3rd from the top ...) and, for a pattern that ends with
 * '*', the 4th best (when the pattern names fewer than four) and the
 * lowest card (when the holding is longer than those). */
#ifndef WHISTLAB_HOLDING_GROUPS_H
#define WHISTLAB_HOLDING_GROUPS_H

#include <stdbool.h>
#include <stdint.h>
#include "formats/diag.h"

#define HOLDING_MAX_GROUPS 64
#define HOLDING_MAX_COLS 15   /* 13 cards named, the 4th best, the lowest */
#define HOLDING_OTHER (-1)
#define HOLDING_NAME_SIZE 48
#define HOLDING_SOURCE_SIZE 512

typedef struct {
    char pattern[16];               /* as written: "AK?*" */
    char name[HOLDING_NAME_SIZE];   /* "A K x ..." */
    char source[HOLDING_SOURCE_SIZE];
    int line;                       /* in its table */
    uint8_t ntok;                   /* cards the pattern names */
    char tok[13];                   /* per card: its rank char, 'x' or '?' */
    bool more;                      /* a final '*' */
    int ncols;
    char col[HOLDING_MAX_COLS][8];  /* "A", "3rd", "4th", "lowest" */
} holding_group;

typedef struct {
    int n;
    holding_group g[HOLDING_MAX_GROUPS];
} holding_groups;

/* The built-in table's text and name, for provenance. */
extern const char HOLDINGS_BUILTIN_TEXT[];
#define HOLDINGS_BUILTIN_NAME "holdings.tbl"

/* Reads a table's size bytes of text (file: its name for the messages);
 * false with diag filled ("file:line: reason") on the first bad row. */
bool holding_groups_parse(holding_groups *g, const char *text, size_t size, const char *file, diag_t *diag);

/* The group of a holding (ranks, bit r for rank r), or HOLDING_OTHER. */
int holding_group_of(const holding_groups *g, uint16_t ranks);

/* The rank of each column's card in the holding (group gi, as
 * holding_group_of gave), 0 where the holding has no card for it. */
void holding_group_cards(const holding_groups *g, int gi, uint16_t ranks, int rank[HOLDING_MAX_COLS]);

#endif
