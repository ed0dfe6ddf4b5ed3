/* pbn_write.c -- one deal as a PBN game: [Board], [Dealer], [Deal] from the
 * dealer, whistlab's [Trump]/[TurnUp]/[Leader] (README.md, "Formats"), the
 * contract, result and card play when recorded, and the double-dummy table
 * as [DoubleDummyTricks] (or, when only part of it is known, as the rows of
 * an [OptimumResultTable]). Reading the game back gives the same deal.
 * DDS's per-card FUT values have no PBN tag and are not written. */
#include <string.h>
#include "writer.h"

typedef struct {
    char *p, *end;
    bool full;
} out_buf;

static void put(out_buf *o, const char *s, size_t n)
{
    if (o->full || (size_t)(o->end - o->p) < n) {
        o->full = true;
        return;
    }
    memcpy(o->p, s, n);
    o->p += n;
}

static void puts_(out_buf *o, const char *s) { put(o, s, strlen(s)); }
static void putc_(out_buf *o, char c) { put(o, &c, 1); }

static void put_uint(out_buf *o, unsigned long v)
{
    char digits[24];
    int n = 0;
    do digits[n++] = (char)('0' + v % 10); while ((v /= 10) && n < 24);
    while (n) putc_(o, digits[--n]);
}

/* [Name "value"] and a line end. */
static void tag_open(out_buf *o, const char *name)
{
    putc_(o, '[');
    puts_(o, name);
    puts_(o, " \"");
}

static void tag_close(out_buf *o) { puts_(o, "\"]\n"); }

static void put_deal(out_buf *o, const deal_t *d)
{
    int first = d->dealer != SEAT_NONE ? d->dealer : SEAT_N;
    tag_open(o, "Deal");
    putc_(o, SEAT_CHARS[first]);
    putc_(o, ':');
    for (int i = 0; i < 4; i++) {
        hand_t h = d->hand[(first + i) & 3];
        if (i) putc_(o, ' ');
        for (int suit = 0; suit < 4; suit++) {
            char ranks[14];
            if (suit) putc_(o, '.');
            put(o, ranks, (size_t)suit_format(hand_suit(h, suit), ranks, false));
        }
    }
    tag_close(o);
}

static void put_play(out_buf *o, const deal_t *d)
{
    const play_record *p = &d->play;
    tag_open(o, "Play");
    putc_(o, SEAT_CHARS[p->first]);
    tag_close(o);
    for (int t = 0; t < p->ntricks; t++) {
        for (int i = 0; i < 4; i++) {
            card_t c = p->card[t][(p->first + i) & 3];
            char text[3];
            if (i) putc_(o, ' ');
            if (c == CARD_NONE) putc_(o, '-');
            else put(o, card_format(c, text), 2);
        }
        putc_(o, '\n');
    }
    if (p->ntricks < 13) puts_(o, "*\n");
}

static void put_dd_table(out_buf *o, const deal_t *d)
{
    static const uint8_t SEATS[4] = {SEAT_N, SEAT_S, SEAT_E, SEAT_W};
    static const uint8_t STRAINS[5] = {STRAIN_NT, SUIT_S, SUIT_H, SUIT_D, SUIT_C};
    static const char HEX[] = "0123456789abcd";
    bool complete = true;
    for (int strain = 0; strain < 5; strain++)
        for (int seat = 0; seat < 4; seat++)
            if (d->dd_table[strain][seat] < 0 || d->dd_table[strain][seat] > 13) complete = false;
    if (complete) {
        tag_open(o, "DoubleDummyTricks");
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 5; j++) putc_(o, HEX[d->dd_table[STRAINS[j]][SEATS[i]]]);
        tag_close(o);
        return;
    }
    tag_open(o, "OptimumResultTable");
    puts_(o, "Declarer;Denomination\\2R;Result\\2R");
    tag_close(o);
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 5; j++) {
            int v = d->dd_table[STRAINS[j]][SEATS[i]];
            if (v < 0 || v > 13) continue;
            putc_(o, SEAT_CHARS[SEATS[i]]);
            puts_(o, STRAINS[j] == STRAIN_NT ? " NT " : "  ");
            if (STRAINS[j] != STRAIN_NT) {
                putc_(o, SUIT_CHARS[STRAINS[j]]);
                putc_(o, ' ');
            }
            if (v < 10) putc_(o, ' ');
            put_uint(o, (unsigned long)v);
            putc_(o, '\n');
        }
}

long pbn_format_deal(const deal_t *d, char *buf, size_t len)
{
    out_buf o = {buf, buf + len, false};
    if (d->board) {
        tag_open(&o, "Board");
        put_uint(&o, d->board);
        tag_close(&o);
    }
    if (d->dealer != SEAT_NONE) {
        tag_open(&o, "Dealer");
        putc_(&o, SEAT_CHARS[d->dealer]);
        tag_close(&o);
    }
    put_deal(&o, d);
    if (d->strain != STRAIN_NONE) {
        tag_open(&o, "Trump");
        puts_(&o, STRAIN_TEXT[d->strain]);
        tag_close(&o);
    }
    if (d->turnup != CARD_NONE && !(d->flags & DEAL_TURNUP_INFERRED)) {
        char text[3];
        tag_open(&o, "TurnUp");
        puts_(&o, card_format(d->turnup, text));
        tag_close(&o);
    }
    bool has_play = (d->flags & DEAL_HAS_PLAY) && d->play.ntricks > 0 && d->play.first < 4;
    bool contract = d->flags & DEAL_HAS_CONTRACT;
    /* [Leader] when it is not the eldest hand, and before a [Play] that has
     * neither a contract nor a trump to stand on (PBN 3.1). */
    bool leader = d->leader != SEAT_NONE &&
                  (d->dealer == SEAT_NONE || d->leader != deal_eldest(d->dealer) ||
                   (has_play && !contract && d->strain == STRAIN_NONE));
    if (leader) {
        tag_open(&o, "Leader");
        putc_(&o, SEAT_CHARS[d->leader]);
        tag_close(&o);
    }
    if (contract) {
        tag_open(&o, "Declarer");
        putc_(&o, SEAT_CHARS[d->contract_declarer]);
        tag_close(&o);
        tag_open(&o, "Contract");
        put_uint(&o, d->contract_level);
        puts_(&o, STRAIN_TEXT[d->contract_strain]);
        puts_(&o, d->contract_doubled == 2 ? "XX" : d->contract_doubled ? "X" : "");
        tag_close(&o);
    } else if (d->flags & DEAL_PASSED_OUT) {
        puts_(&o, "[Contract \"Pass\"]\n");
    }
    if (d->result >= 0) {
        tag_open(&o, "Result");
        put_uint(&o, (unsigned long)d->result);
        tag_close(&o);
    }
    if (has_play) put_play(&o, d);
    if (d->flags & DEAL_HAS_DDTABLE) put_dd_table(&o, d);
    putc_(&o, '\n');
    return o.full ? -1 : (long)(o.p - buf);
}
