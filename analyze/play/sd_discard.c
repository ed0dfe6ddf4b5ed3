/* sd_discard.c -- the ruffing card (analyze/play/RULES.md §8, RF1-RF2) and the
 * discard (§9, D1-D4): keep re-entries and guarded honours, throw from the
 * weakest suit, or, when the adversaries draw trumps, keep guards in their
 * suits and throw from one's own side's longest suit. */
#include "analyze/play/sd_rules.h"

sd_card sd_ruff(const sd_ctx *x, const char *rule)
{
    uint16_t t = x->held[x->trump];
    if (!x->high_trump) { /* RF1: the lowest trump, or SG3's */
        card_t sg3 = x->v->pub->signals ? sd_sg3_ruff(x) : CARD_NONE;
        if (sg3 != CARD_NONE) return (sd_card){sg3, rule, "SG3", false, x->rows};
        return (sd_card){card_make(x->trump, ranks_low(t)), rule, "RF1", false, x->rows};
    }
    uint16_t over = t & ranks_above(x->high_trump);
    if (over) /* RF2: the lowest trump over the trick's highest */
        return (sd_card){card_make(x->trump, ranks_low(over)), rule, "RF2", false, x->rows};
    return sd_discard(x, rule);
}

/* ruff_second (hogarth L883, L885): the trump above the one RF1 or RF2
 * would play, keeping the lowest (to lead it later, showing five trumps;
 * or to keep the turn-up); with one trump that wins, as sd_ruff. */
sd_card sd_ruff_second(const sd_ctx *x, const char *rule)
{
    uint16_t t = x->held[x->trump];
    uint16_t win = x->high_trump ? (uint16_t)(t & ranks_above(x->high_trump)) : t;
    if (ranks_count(win) < 2) return sd_ruff(x, rule);
    return (sd_card){card_make(x->trump, ranks_low((uint16_t)(win & (win - 1)))), rule, NULL, false, x->rows};
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
    return sd_discard_keeping(x, rule, SD_KEEP_ALL);
}

sd_card sd_discard_keeping(const sd_ctx *x, const char *rule, unsigned keep)
{
    /* The candidates and the protected cards as whole-hand words (one
     * 16-bit lane per suit): each keep level below is one mask operation. */
    hand_t cand = x->v->hand & ~(x->trump >= 0 ? hand_from_suit(x->trump, SUIT_MASK_ALL) : 0);
    if (!cand) /* D1: only trumps left */
        return (sd_card){card_make(x->trump, ranks_low(x->held[x->trump])), rule, "D1", false, x->rows};
    bool def = defensive(x);
    const holding_info *tab = holding_table();
    /* D2: the protected cards, (a) masters and their equals, (b) K x and
     * A x, (c) Q x x in defensive mode. */
    hand_t prot_a = 0, prot_b = 0, prot_c = 0;
    for (int s = 0; s < 4; s++) {
        uint16_t h = hand_suit(cand, s);
        if (!h) continue;
        int master = suit_nth_unplayed(x->played[s], 1), n = holding_of(tab, h)->n, top = ranks_top(h);
        if ((keep & SD_KEEP_MASTERS) && master && (h >> master & 1))
            prot_a |= hand_from_suit(s, sd_group(h, x->played[s], master));
        if ((keep & SD_KEEP_GUARDS) && n == 2 && (top == RANK_K || top == RANK_A)) prot_b |= hand_from_suit(s, h);
        if ((keep & SD_KEEP_QXX) && def && n == 3 && top == RANK_Q) prot_c |= hand_from_suit(s, h);
    }
    /* released in the order (c), (b), (a) while nothing else is left */
    hand_t left = cand & ~(prot_a | prot_b | prot_c);
    if (!left) left = cand & ~(prot_a | prot_b);
    if (!left) left = cand & ~prot_a;
    if (!left) left = cand;
    /* The suit with the smallest key, the suit itself its last field so
     * that ties keep TB order: one compare per suit, no data-dependent
     * branch. D3: the smallest (hc, n, top). D4: the longest suit X's side
     * opened, else the longest. */
    unsigned best_key = ~0u;
    for (int s = 0; s < 4; s++) {
        const holding_info *a = holding_of(tab, x->held[s]);
        unsigned key = def ? (unsigned)!side_opened(x, s) << 6 | (unsigned)(15 - a->n) << 2
                           : (unsigned)a->hc << 10 | (unsigned)a->n << 6 | (unsigned)a->top << 2;
        key = hand_suit(left, s) ? key | (unsigned)s : ~0u;
        best_key = key < best_key ? key : best_key;
    }
    int best = (int)(best_key & 3);
    return (sd_card){card_make(best, ranks_low(hand_suit(left, best))), rule, def ? "D4" : "D3", false, x->rows};
}
