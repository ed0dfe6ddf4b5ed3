/* sd_discard.c -- the ruffing card (spec/play.md §8, RF1-RF2) and the
 * discard (§9, D1-D4): keep re-entries and guarded honours, throw from the
 * weakest suit, or, when the adversaries draw trumps, keep guards in their
 * suits and throw from one's own side's longest suit. */
#include "sd_rules.h"

sd_card sd_ruff(const sd_ctx *x, const char *rule)
{
    uint16_t t = x->held[x->trump];
    if (!x->high_trump) { /* RF1: the lowest trump, or SG3's */
        card_t sg3 = x->v->pub->signals ? sd_sg3_ruff(x) : CARD_NONE;
        if (sg3 != CARD_NONE) return (sd_card){sg3, rule, "SG3", false};
        return (sd_card){card_make(x->trump, ranks_low(t)), rule, "RF1", false};
    }
    uint16_t over = (uint16_t)(t & ~((2u << x->high_trump) - 1));
    if (over) /* RF2: the lowest trump over the trick's highest */
        return (sd_card){card_make(x->trump, ranks_low(over)), rule, "RF2", false};
    return sd_discard(x, rule);
}

/* D4 mode: an adversary leads trumps deliberately (D3), or has called. */
static bool defensive(const sd_ctx *x)
{
    const play_public *pub = x->v->pub;
    int lho = seat_left(x->v->seat), rho = seat_right(x->v->seat);
    return pub->drawing[lho] || pub->drawing[rho] || (pub->signals && (pub->called[lho] || pub->called[rho]));
}

/* Did X or his partner open suit s (D1)? */
static bool side_opened(const sd_ctx *x, int s)
{
    return play_opened(x->v->pub, x->v->seat, s) || play_opened(x->v->pub, x->pt, s);
}

sd_card sd_discard(const sd_ctx *x, const char *rule)
{
    uint16_t cand[4] = {0, 0, 0, 0};
    bool any = false;
    for (int s = 0; s < 4; s++)
        if (s != x->trump) {
            cand[s] = x->held[s];
            any |= cand[s] != 0;
        }
    if (!any) /* D1: only trumps left */
        return (sd_card){card_make(x->trump, ranks_low(x->held[x->trump])), rule, "D1", false};
    bool def = defensive(x);
    const holding_info *tab = holding_table();
    /* D2: the protected cards, (a) masters and their equals, (b) K x and
     * A x, (c) Q x x in defensive mode. */
    uint16_t prot[3][4];
    for (int s = 0; s < 4; s++) {
        uint16_t h = cand[s];
        int master = suit_nth_unplayed(x->played[s], 1);
        prot[0][s] = h && master && (h >> master & 1) ? sd_group(h, x->played[s], master) : 0;
        int n = holding_of(tab, h)->n, top = h ? ranks_top(h) : 0;
        prot[1][s] = n == 2 && (top == RANK_K || top == RANK_A) ? h : 0;
        prot[2][s] = def && n == 3 && top == RANK_Q ? h : 0;
    }
    /* kept[k]: the cards of kinds (a) .. k-1 together */
    uint16_t kept[4][4], left[4];
    for (int s = 0; s < 4; s++) {
        kept[0][s] = 0;
        for (int k = 0; k < 3; k++) kept[k + 1][s] = kept[k][s] | prot[k][s];
    }
    for (int keep = 3; keep >= 0; keep--) {
        any = false;
        for (int s = 0; s < 4; s++) {
            left[s] = cand[s] & (uint16_t)~kept[keep][s];
            any |= left[s] != 0;
        }
        if (any) break;
    }
    int best = -1;
    for (int s = 0; s < 4; s++) {
        if (!left[s]) continue;
        if (best < 0) {
            best = s;
            continue;
        }
        const holding_info *a = holding_of(tab, x->held[s]), *b = holding_of(tab, x->held[best]);
        if (def) {
            /* D4: the longest suit X's side opened, else the longest. */
            bool so = side_opened(x, s), bo = side_opened(x, best);
            if (so != bo ? so : a->n > b->n) best = s;
        } else if (a->hc != b->hc ? a->hc < b->hc : a->n != b->n ? a->n < b->n : a->top < b->top) {
            best = s; /* D3: the smallest (hc, n, top); ties keep TB order */
        }
    }
    return (sd_card){card_make(best, ranks_low(left[best])), rule, def ? "D4" : "D3", false};
}
