/* dde_internal.h -- what the engine's files share and nothing outside
 * analyze/dd/engine/ may use: the context (the position being searched and
 * its transposition table) and the functions of each file: the table
 * (dde_tt.c), the moves worth trying and their order (dde_moves.c), the
 * sure-trick bound (dde_bounds.c) and the null-window search (dde_search.c).
 *
 * The search counts tricks of North-South (seats 0 and 2) among the tricks
 * left, the current one included; the public functions (dde_solve.c) turn
 * them into the side on move's. */
#ifndef WHISTLAB_DDE_INTERNAL_H
#define WHISTLAB_DDE_INTERNAL_H

#include <stdbool.h>
#include <string.h>
#include "analyze/dd/engine/dde.h"

/* One table entry: a bound on North-South's tricks among the `left`
 * tricks of the positions at a trick's start that agree with it on what the
 * bound rested on (partition search, dde_tt.c): the suit lengths of each
 * hand (shape: 4 bits a hand and suit), the leader, and for each suit s the
 * holders of its pattern_len(s) highest cards out (hold[s], 2 bits a card,
 * highest first; pattern: 4 bits a suit). move: the lead that last decided
 * a search there (DDE_NO_MOVE, or suit * 16 + how many cards of the suit
 * still out are above it: a relative card). */
typedef struct {
    uint64_t shape;
    uint32_t hold[4];
    uint16_t pattern;
    uint8_t lb, ub, left, move, leader;
} dde_entry;

/* A position at a trick's start as the table sees it. */
typedef struct {
    uint64_t shape;
    uint32_t hold[4]; /* every card out */
    uint8_t leader;
} dde_key;

#define DDE_NO_MOVE 0xFF

#define DDE_WAYS 256      /* entries a bucket (one shape and leader share one) */
#define DDE_CANDIDATES 8 /* entries after a bucket's cursor that a new one may replace */

typedef struct {
    dde_entry *slot;  /* nbuckets * DDE_WAYS */
    uint16_t *tag;    /* each entry's tag: its shape and leader, and the holders of the top cards it rests on */
    uint16_t *fill;   /* nbuckets: entries in use (the first ones) */
    uint16_t *cursor; /* nbuckets: where a full bucket's next new entry goes */
    uint8_t *bucket_gen; /* nbuckets: the generation its entries belong to (else it is empty) */
    size_t nbuckets;  /* a power of two */
    uint8_t gen;
} dde_tt;

/* A suit's part of the last key made (dde_tt_key): most trick starts
 * change one or two suits, so the others' parts are taken from here. */
typedef struct {
    uint64_t cards; /* the suit's cards of each hand, 16 bits a hand */
    uint64_t shape; /* the suit's lengths, in place in dde_key.shape */
    uint32_t hold;
} dde_suit_memo;

struct dde_ctx {
    dde_tt tt;
    dde_suit_memo memo[4];
    hand_t hand[4];
    int trump;       /* 0..3, or STRAIN_NT: never a suit */
    int leader;      /* seat that led to the current trick */
    int nplayed;     /* cards of the current trick played, 0..3 */
    card_t trick[4];
    int left;        /* tricks left, the current one included */
    card_t killer[53]; /* by cards still to play (dde_cards_left): the last card that cut there, or CARD_NONE */
    uint64_t nodes;
};

static inline bool dde_ns(int seat) { return (seat & 1) == 0; }

/* Bits set in x: formats/card.h's count (in registers where the build
 * assumes no popcount instruction: the library call was 8% of the search). */
static inline int dde_count(uint64_t x) { return hand_count(x); }

static inline int dde_suit_len(hand_t h, int s) { return dde_count(hand_suit(h, s)); }

/* Seat winning trick[0..n-1] (n >= 1) led by leader, under trump. */
static inline int dde_winner(const card_t *trick, int n, int leader, int trump)
{
    int best = 0;
    for (int i = 1; i < n; i++) {
        card_t c = trick[i], b = trick[best];
        if (card_suit(c) == card_suit(b) ? card_rank(c) > card_rank(b) : card_suit(c) == trump) best = i;
    }
    return (leader + best) & 3;
}

/* Cards still to be played, the seat on move's included: a depth of the
 * search. */
static inline int dde_cards_left(const dde_ctx *e) { return 4 * e->left - e->nplayed; }

/* What a card played changes, put back by dde_unplay. */
typedef struct {
    card_t trick[4]; /* the trick it ended (the next tricks reuse e->trick) */
    card_t c;
    int seat, leader, nplayed;
    hand_t decided; /* the trick's winning card when it beat a card of its suit (its rank decided), else 0 */
} dde_undo;

/* What a finished trick's result rests on: the winning card t[w - leader]
 * when it beat a card of its own suit (a ruff or a lone card of its suit
 * rests on no rank), else nothing. */
static inline hand_t dde_decided(const card_t t[4], int w, int leader)
{
    card_t top = t[(w - leader) & 3];
    int same = 0;
    for (int i = 0; i < 4; i++) same += card_suit(t[i]) == card_suit(top);
    return same > 1 ? card_bit(top) : 0;
}

/* The seat on move plays c. Returns -1 while the trick goes on; when c
 * ends it, 1 if North-South won it, else 0, and its winner is on lead. */
static inline int dde_play(dde_ctx *e, card_t c, dde_undo *u)
{
    int np = e->nplayed, seat = (e->leader + np) & 3;
    *u = (dde_undo){.c = c, .seat = seat, .leader = e->leader, .nplayed = np};
    e->hand[seat] &= ~card_bit(c);
    e->trick[np] = c;
    if (np < 3) {
        e->nplayed = np + 1;
        return -1;
    }
    int w = dde_winner(e->trick, 4, e->leader, e->trump);
    u->decided = dde_decided(e->trick, w, e->leader);
    memcpy(u->trick, e->trick, sizeof u->trick);
    e->leader = w;
    e->nplayed = 0;
    e->left--;
    return dde_ns(w);
}

static inline void dde_unplay(dde_ctx *e, const dde_undo *u)
{
    if (u->nplayed == 3) {
        memcpy(e->trick, u->trick, sizeof u->trick);
        e->left++;
    }
    e->nplayed = u->nplayed;
    e->leader = u->leader;
    e->hand[u->seat] |= card_bit(u->c);
}

/* Cards still in some hand or in the current trick. */
static inline hand_t dde_alive(const dde_ctx *e)
{
    hand_t a = e->hand[0] | e->hand[1] | e->hand[2] | e->hand[3];
    for (int i = 0; i < e->nplayed; i++) a |= card_bit(e->trick[i]);
    return a;
}

/* dde_tt.c */
bool dde_tt_init(dde_tt *tt, size_t bytes);
void dde_tt_free(dde_tt *tt);
/* The bytes the table holds. */
size_t dde_tt_bytes(const dde_tt *tt);
/* Starts a new solve: every entry empty. */
void dde_tt_new_generation(dde_tt *tt);
/* The key of e's position (at a trick's start). */
void dde_tt_key(dde_ctx *e, dde_key *k);
/* 1 when an entry that k agrees with says North-South take at least target
 * tricks, 0 when one says fewer, its pattern into *pattern; -1 when none
 * knows. *move: a matching entry's lead that decided, or DDE_NO_MOVE. */
int dde_tt_probe(const dde_tt *tt, const dde_key *k, int target, uint16_t *pattern, int *move);
/* Narrows to [lb, ub] the bounds of the positions agreeing with k on
 * pattern; move (unless DDE_NO_MOVE) becomes its lead that decided. */
void dde_tt_store(dde_tt *tt, const dde_key *k, uint16_t pattern, int left, int lb, int ub, int move);
/* The pattern of a bound that rested on the cards rel (the hands' highest
 * cards of each suit down to rel's lowest in it), and back: the cards of
 * the hands a pattern names. */
uint16_t dde_tt_pattern(const hand_t hand[4], hand_t rel);
hand_t dde_tt_cards(const hand_t hand[4], uint16_t pattern);
/* rel widened for an answer that every move of seat failed to change
 * (moves[0..n-1], one card of each group of equal cards, all tried): a
 * tried card stands for its group only in positions where the group is
 * the same, so a group reaching down past the lowest rank rel keeps in its
 * suit adds its cards (its suit's pattern then holds every card between).
 * Without it a position that agreed on rel but split the group (a small
 * card of another seat between) took a bound its untried cards could beat:
 * bench_dd_engine seed 29, deal 7. */
hand_t dde_tt_rest_on_groups(const dde_ctx *e, int seat, const card_t *moves, int n, hand_t rel);

/* dde_moves.c: a card as a relative card of the table (alive: the cards
 * out), and back (CARD_NONE when the hand h holds no such card). */
int dde_relative(hand_t alive, card_t c);
card_t dde_absolute(hand_t alive, hand_t h, int move);
/* The legal cards of the seat on move, one of each group of
 * equal cards (its lowest), the likeliest best first; returns how many. */
int dde_moves(const dde_ctx *e, card_t out[13]);
/* The group of equal cards of hand h that holds c (a run of its cards in
 * c's suit with no card of `alive` outside h between them), as a set. */
hand_t dde_equal_group(hand_t h, hand_t alive, card_t c);

/* dde_bounds.c: tricks the leader's side surely takes at a trick's start,
 * the leader cashing his top cards (trumps first; a side suit only as
 * often as no opponent can ruff), or partner his after a lead to him;
 * counted no further than enough where that answers (fewer cards to rest
 * on); *rel gets the cards the count rests on (beside the suit lengths). */
int dde_sure_tricks(const dde_ctx *e, int enough, hand_t *rel);
/* Tricks seat's side surely takes with its trumps above all of the
 * opponents' (the most one of its hands holds; 2 for the two highest split
 * between its hands, not both singletons), at most enough; 0 at no-trump;
 * *rel as above. */
int dde_master_trumps(const dde_ctx *e, int seat, int enough, hand_t *rel);
/* After the lead (one card of the trick played): tricks the side on move
 * surely takes when it holds the top card of the suit led (0 when it does
 * not, or the leader's partner may ruff), counted no further than enough
 * (fewer cards to rest on); *rel as above. */
int dde_second_hand_tricks(const dde_ctx *e, int enough, hand_t *rel);

/* At a trick's start: 1 when the leader's side surely loses this trick
 * (every suit the leader holds is topped by an opponent, and the leader's
 * partner cannot ruff it), else 0; *rel gets those top cards. */
int dde_lost_lead(const dde_ctx *e, hand_t *rel);

/* dde_search.c: can North-South take at least target of the tricks left?
 * *rel gets the cards whose ranks the answer rested on (beside the suit
 * lengths): every position that agrees on them has the same answer. */
bool dde_reach(dde_ctx *e, int target, hand_t *rel);

#endif
