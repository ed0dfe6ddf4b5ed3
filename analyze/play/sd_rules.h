/* sd_rules.h -- the facts of the current trick that the following rules of
 * analyze/play/RULES.md §5-§9 test, computed once per decision from the player's
 * view (sd_view.h), and the RUFF and DISC steps (§8, §9, sd_discard.c)
 * that the position rules (sd_follow.c) call. Internal to the players. */
#ifndef WHISTLAB_SD_RULES_H
#define WHISTLAB_SD_RULES_H

#include "analyze/lead/hand_facts.h"
#include "analyze/play/sd_view.h"

typedef struct {
    const sd_view *v;
    int trump;              /* SUIT_*, or -1 at no trumps */
    int pos;                /* cards already in the trick: 1, 2 or 3 */
    int lead_seat, pt;      /* who led; X's partner */
    card_t lead;            /* c, the card led; L = its suit */
    int L;
    card_t w;               /* the card winning the trick so far */
    int wseat;
    bool pt_winning;
    int high_trump;         /* highest trump rank in the trick, 0 if none */
    int round;              /* round(L), analyze/play/RULES.md §3 */
    uint16_t held[4];       /* X's ranks by suit */
    uint16_t played[4];     /* ranks in completed tricks */
    uint16_t gone[4];       /* played plus the cards in the trick */
    bool *side_read;        /* set when a rule reads the side's convention */
    uint32_t fact_known, fact_val; /* the PF_* facts computed so far (play_rows.h) */
    uint8_t fourchette, eleven, tenace; /* their cards, once the facts are known */
    uint8_t rows;           /* sd_card.rows of the cards made for this decision */
} sd_ctx;

/* §8: RF1, RF2 (falls back to DISC). */
sd_card sd_ruff(const sd_ctx *x, const char *rule);
/* A [play] row's ruff_second: the lowest trump but one that wins (falls
 * back to sd_ruff). */
sd_card sd_ruff_second(const sd_ctx *x, const char *rule);
/* §9: D1-D4. */
sd_card sd_discard(const sd_ctx *x, const char *rule);
/* The same keeping only some of D2's protections (a [play] row's
 * discard(abc), play_rows.h PA_DISCARD's argument). */
#define SD_KEEP_MASTERS 1u /* D2(a): masters and their equals */
#define SD_KEEP_GUARDS 2u  /* D2(b): K x and A x */
#define SD_KEEP_QXX 4u     /* D2(c): Q x x in defensive mode */
#define SD_KEEP_ALL 7u
sd_card sd_discard_keeping(const sd_ctx *x, const char *rule, unsigned keep);
/* §11 with signals on (sd_signal.c): PR6, a LOW output replaced by the
 * call (SG1) or the trump echo (SG2); and SG3, the trump to ruff with under
 * RF1 once partner has called (CARD_NONE: the lowest). */
sd_card sd_signal(const sd_ctx *x, sd_card low);
card_t sd_sg3_ruff(const sd_ctx *x);
/* Strong in trumps (analyze/play/RULES.md §3): >= 5 trumps, or 4 with 2 of A K Q J;
 * x->trump must be a suit. */
bool sd_strong_trumps(const sd_ctx *x);

/* group(rank) of analyze/lead/RULES.md §2.2, as hand_facts.h's suit_group, in a
 * few bit operations: the run of held-or-played ranks around rank. */
static inline uint16_t sd_group(uint16_t held, uint16_t played, int rank)
{
    uint32_t m = (uint32_t)(held | played) | (1u << rank);
    uint32_t above = ~m & 0xFFFFu & ~((2u << rank) - 1), below = ~m & ((1u << rank) - 1);
    int hi = __builtin_ctz(above), lo = 32 - __builtin_clz(below);
    return (uint16_t)((held & ((1u << hi) - 1) & ~((1u << lo) - 1)) | (1u << rank));
}

/* Is a non-empty holding one group (PR2: its cards all equal)? Every rank
 * from its lowest to its highest is held or played: one mask test, where
 * group(top) == held costs two bit scans more on every card followed. */
static inline bool sd_is_one_group(uint16_t held, uint16_t played)
{
    uint32_t span = (2u << ranks_top(held)) - (1u << ranks_low(held));
    return !(span & ~(uint32_t)(held | played));
}

static inline int sd_trumps(const sd_ctx *x)
{
    return x->trump < 0 ? 0 : ranks_count(x->held[x->trump]);
}

#endif
