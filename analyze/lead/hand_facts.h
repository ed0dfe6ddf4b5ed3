/* hand_facts.h -- the hand quantities the lead rules test (analyze/lead/
 * RULES.md §2.3): per-suit length, high cards, honours, top cards, SK and STR order,
 * established, re-entry, good_long, and the whole-hand facts (trumps held,
 * HCP, plain shape, tenace over the turn-up).
 *
 * A holding is a rank mask (bit r = rank r, 2..14), as in formats/card.h.
 * Facts that depend only on the holding come from one static table indexed
 * by the 13-bit holding; established and re-entry also depend on the cards
 * already played and are recomputed for later leads. */
#ifndef WHISTLAB_HAND_FACTS_H
#define WHISTLAB_HAND_FACTS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "formats/card.h"

/* Per-suit flags (a suit filter names them in the tables). */
enum {
    HF_GOOD_LONG = 1 << 0,   /* n >= 4 with A K, K Q or Q J (§2.3, foster L1919) */
    HF_STRONG = 1 << 1,      /* holds the A, or both K and Q (strong_all_plain) */
    HF_STOPPED = 1 << 2,     /* A, K with >= 1 other, or Q with >= 2 others (HOG-A2) */
    HF_TENACE = 1 << 3,      /* A Q without K, or K J without Q (tenace_avoid) */
    HF_TOUCHING = 1 << 4,    /* h2 = h1 - 1 (gambit class G3) */
    HF_ESTABLISHED = 1 << 5, /* established(s), §2.3 */
    HF_REENTRY = 1 << 6,     /* reentry(s), §2.3 */
    HF_OTHER_ACE = 1 << 7,   /* another plain suit holds its A (W3b) */
    HF_TRUMPS = 1 << 8,      /* the suit is trumps */
};
#define HF_BITS 9

/* Play-state facts of a suit (the table language's opened(WHO),
 * discarded(WHO), void(WHO)): bit EVENT + seat, the seat relative to the
 * player choosing (0 himself, 1 his left-hand opponent, 2 partner, 3 his
 * right-hand opponent). All 0 at the opening lead. */
enum { SEEN_OPENED = 0, SEEN_DISCARDED = 4, SEEN_VOID = 8 };
#define SEEN_BITS 12

/* Facts of one holding that do not depend on play. Ranks are 0 when the
 * holding has no such card (h2 of a singleton, 4th of a 3-card suit). */
typedef struct {
    uint8_t n, hc, hon, hcp;
    uint8_t top, h2, low, penult, fourth;
    uint16_t flags; /* HF_GOOD_LONG..HF_TOUCHING, and HF_ESTABLISHED /
                       HF_REENTRY as they read at the opening lead */
} holding_info;

/* The static table; the first call builds it (thread-safe). */
const holding_info *holding_table(void);
static inline const holding_info *holding_of(const holding_info *tab, uint16_t ranks)
{
    return &tab[(ranks >> 2) & 0x1FFF];
}

/* What a suit-choice rule sees of the whole hand. Suits outside the
 * candidate set (C6) read as void. Only what every suit choice reads is
 * kept; the rarer facts (SK key, plain shape, HCP) are computed on demand
 * by the functions below. */
typedef struct {
    uint16_t hold[4];  /* ranks held by suit */
    uint16_t flags[4]; /* HF_* */
    uint8_t n[4], hc[4], top[4], h2[4];
    int trump;         /* SUIT_* or -1 (no trumps) */
    int t;
    bool turnup_tenace; /* §2.3 tenace over the turn-up */
    /* For later leads HF_ESTABLISHED and HF_REENTRY depend on the cards
     * played; few rules test them, so they are left out of flags
     * (play_pending) and hand_facts_flags adds them on demand. */
    bool play_pending;
    uint16_t played[4]; /* ranks played in completed tricks, by suit */
    /* SEEN_* bits by suit: filled by the later-lead code only for a
     * convention whose filters test them (filter_seen_used), else 0 */
    uint16_t seen[4];
} hand_facts;

/* §2.3 with play: established(s) and reentry(s) for ranks held, given the
 * ranks of s played in completed tricks; suit_play_flags gives both as
 * HF_ESTABLISHED | HF_REENTRY. */
uint16_t suit_play_flags(uint16_t held, uint16_t played);
bool suit_established(uint16_t held, uint16_t played);
bool suit_reentry(uint16_t held, uint16_t played);

/* The flags of suit s with HF_ESTABLISHED and HF_REENTRY as they read now. */
static inline uint16_t hand_facts_flags(const hand_facts *f, int s)
{
    return f->play_pending && f->hold[s] ? (uint16_t)(f->flags[s] | suit_play_flags(f->hold[s], f->played[s]))
                                         : f->flags[s];
}

/* The SK order key of suit s (length, high cards, ranks); bigger is better. */
static inline uint32_t hand_facts_sk(const hand_facts *f, int s)
{
    return (uint32_t)f->n[s] << 19 | (uint32_t)f->hc[s] << 15 | f->hold[s];
}
/* Plain lengths, longest first, one hex digit each ("shape=332"). */
uint16_t hand_facts_shape(const hand_facts *f);
/* High-card points (A 4, K 3, Q 2, J 1) of the suits held. */
int hand_facts_hcp(const hand_facts *f, const holding_info *tab);

/* Facts at the opening lead: nothing played yet. trump may be STRAIN_NT. */
void hand_facts_opening(hand_facts *f, const holding_info *tab, hand_t hand,
                        int trump, card_t turnup);

/* Facts for a later lead: played = cards in completed tricks, every suit
 * kept. */
void hand_facts_later(hand_facts *f, const holding_info *tab, hand_t hand,
                      int trump, hand_t played);
/* f restricted to the plain suits in candidates (bit s; the others read as
 * void), and without trumps when no_trumps is set (the trump-lead guard
 * reruns the choice "as if t = 0"): the same facts hand_facts_later would
 * give for that hand, derived from full without recomputing a suit. */
void hand_facts_restrict(hand_facts *f, const hand_facts *full, unsigned candidates, bool no_trumps);

/* Bits set in a rank mask: two bytes looked up. The build targets plain
 * x86-64, where __builtin_popcount is a libgcc call, and the players count
 * suits on every card: a table of 256 counts (one cache line group, always
 * hot) costs four instructions where shifts and adds cost eleven. */
extern const uint8_t ranks_count8[256];
static inline int ranks_count(uint16_t m)
{
    return ranks_count8[m & 0xFF] + ranks_count8[m >> 8];
}

/* The four rank masks of a hand, out[s] = hand_suit(h, s): on a
 * little-endian machine the lanes are the word's 16-bit halves in memory
 * order, one copy instead of twelve shifts per decision. */
static inline void hand_lanes(hand_t h, uint16_t out[4])
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(out, &h, sizeof h);
#else
    for (int s = 0; s < 4; s++) out[s] = hand_suit(h, s);
#endif
}

/* Highest / lowest rank of a non-empty mask; the k-th highest (1-based), 0
 * if fewer cards. */
static inline int ranks_top(uint16_t m) { return 31 - __builtin_clz(m); }
static inline int ranks_low(uint16_t m) { return __builtin_ctz(m); }
/* The ranks (2..A) higher than r. */
static inline uint16_t ranks_above(int r) { return (uint16_t)(SUIT_MASK_ALL & ~((2u << r) - 1)); }
static inline int ranks_nth(uint16_t m, int k)
{
    uint32_t left = m & SUIT_MASK_ALL;
    for (; left && k > 1; k--) left &= ~(1u << ranks_top((uint16_t)left));
    return left && k == 1 ? ranks_top((uint16_t)left) : 0;
}
/* seqlow(r): the lowest card of the unbroken run r, r-1, ... held (§2.2);
 * 0 if r is not held. */
int ranks_seqlow(uint16_t m, int r);

/* master(s) and the next unplayed ranks of a suit: the k-th highest rank
 * not in played (k = 1, 2, 3); 0 if none. */
static inline int suit_nth_unplayed(uint16_t played, int k)
{
    return ranks_nth((uint16_t)(SUIT_MASK_ALL & ~played), k);
}
/* group(c): c with every card equal to it (§2.2): the held ranks reachable
 * from c through ranks held or played. */
uint16_t suit_group(uint16_t held, uint16_t played, int rank);

#endif
