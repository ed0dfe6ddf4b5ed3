/* sd_signal.c -- signals (analyze/play/RULES.md §11, switched on by --signals): the
 * trump call by playing high-low in a plain suit (SG1), the echo in trumps
 * (SG2) and the ruff taken before answering partner's call (SG3). A player
 * reads what he did himself back from the public record and his own hand:
 * the view carries nothing else (I6). Reading others' calls (SG1r) is
 * public and lives in the game loop (sd_game.c). */
#include "analyze/play/sd_rules.h"

#define RB(r) (1u << (r))

/* Strong in trumps (RULES.md §3), by the side's table: its 'strong' line,
 * else five trumps of any rank or four with two honours. */
bool sd_strong_trumps(const sd_ctx *x)
{
    uint16_t t = x->held[x->trump];
    int n = ranks_count(t), hon = ranks_count(t & (RB(RANK_A) | RB(RANK_K) | RB(RANK_Q) | RB(RANK_J)));
    const play_rules *pl = x->v->side->play;
    bool own = pl && pl->strong_set;
    return (n >= 5 && hon >= (own ? pl->strong_hon5 : 0)) || (n == 4 && hon >= (own ? pl->strong_hon4 : 2));
}

/* SG1: "X's side has not led trumps" (the current trick included). */
static bool side_led_trumps(const sd_ctx *x)
{
    const play_public *pub = x->v->pub;
    int last = pub->ntricks + (pub->ncur ? 1 : 0);
    for (int t = 0; t < last; t++) {
        int l = pub->leader[t];
        if ((l == x->v->seat || l == x->pt) && card_suit(pub->card[t][l]) == x->trump) return true;
    }
    return false;
}

/* A high-low begun and not finished: X followed suit s (plain) on an earlier
 * trick he did not win, with a card above one he still holds, and has not
 * played a lower card of s since. The suit, or -1. */
static int call_started(const sd_ctx *x)
{
    const play_public *pub = x->v->pub;
    int X = x->v->seat;
    for (int t = 0; t < pub->ntricks; t++) {
        int led = pub->led[t];
        card_t c = pub->card[t][X];
        if (pub->leader[t] == X || card_suit(c) != led || led == x->trump || pub->winner[t] == X) continue;
        if (!(x->held[led] & (RB(card_rank(c)) - 1))) continue;
        bool finished = false;
        for (int u = t + 1; u < pub->ntricks && !finished; u++)
            finished = card_suit(pub->card[u][X]) == led && card_rank(pub->card[u][X]) < card_rank(c);
        if (!finished) return led;
    }
    return -1;
}

/* SG2: X echoed before, as third hand on partner's high trump lead. */
static bool echoed(const sd_ctx *x)
{
    const play_public *pub = x->v->pub;
    int X = x->v->seat;
    for (int t = 0; t < pub->ntricks; t++) {
        card_t lead = pub->card[t][x->pt], mine = pub->card[t][X];
        if (pub->leader[t] == x->pt && card_suit(lead) == x->trump && card_rank(lead) >= RANK_T &&
            card_suit(mine) == x->trump && (x->held[x->trump] & (RB(card_rank(mine)) - 1)))
            return true;
    }
    return false;
}

sd_card sd_signal(const sd_ctx *x, sd_card out)
{
    const play_public *pub = x->v->pub;
    int X = x->v->seat;
    if (x->trump < 0 || pub->called[X]) return out;
    uint16_t h = x->held[x->L];
    if (x->L == x->trump) {
        if (x->pos != 2 || x->lead_seat != x->pt || card_rank(x->lead) < RANK_T) return out;
        if (echoed(x)) {
            out.how = "SG2"; /* the 4th best, the lowest now */
            return out;
        }
        if (ranks_count(h) >= 4) return (sd_card){card_make(x->L, ranks_nth(h, 3)), out.rule, "SG2", false, x->rows};
        return out;
    }
    int started = call_started(x);
    if (started == x->L) {
        out.how = "SG1"; /* the lowest completes the call */
        return out;
    }
    if (started < 0 && sd_strong_trumps(x) && !side_led_trumps(x) && ranks_count(h) >= 2) {
        int second = ranks_low((uint16_t)(h & (h - 1)));
        if (second <= 9) return (sd_card){card_make(x->L, second), out.rule, "SG1", false, x->rows};
    }
    return out;
}

card_t sd_sg3_ruff(const sd_ctx *x)
{
    uint16_t t = x->held[x->trump];
    if (!x->v->pub->called[x->pt] || ranks_count(t) < 4) return CARD_NONE;
    return card_make(x->trump, ranks_nth(t, 3));
}
