/* play_rows.h -- a convention's [play] rows compiled (the grammar is in
 * analyze/lead/conventions/README.md, "[play]"; the rule ids in
 * analyze/play/RULES.md): how the side's players follow, second, third and
 * fourth hand, as rows over the holding and the trick, tried top-down, the
 * first that fires deciding (PR4). The tables compile them once at load
 * (convention_compile.c) into this form, which the interpreter of
 * analyze/play/sd_follow.c reads with no allocation and no string: each
 * condition is a mask or a fact bit, and the rows are bucketed by the
 * position, following or void, and round 1 or later, and indexed by the
 * fields of the decision (play_index), so that a decision reads only the
 * rows that can fire for it. */
#ifndef WHISTLAB_PLAY_ROWS_H
#define WHISTLAB_PLAY_ROWS_H

#include <stdbool.h>
#include <stdint.h>

#define PLAY_MAX_ROWS 128
#define PLAY_MAX_MATCH 4
#define PLAY_ID_MAX 24
#define PLAY_GLOSS_MAX 160 /* a row's gloss: its trailing comment, which --explain prints */
#define PLAY_BUCKETS 12 /* position (2nd, 3rd, 4th) x follows/void x round 1/later */

/* Facts of the trick a row may require (fact_on) or exclude (fact_off),
 * computed when first asked in a decision. */
enum {
    PF_PT_WINNING,     /* partner_winning: partner's card wins the trick so far */
    PF_TRUMPED,        /* trumped: the winning card is a trump on a plain suit */
    PF_PLAIN,          /* plain: the suit led is not trumps (at no trumps every suit) */
    PF_TRICK1,         /* trick=1: the first trick of the deal */
    PF_LED_MASTER,     /* led_master: the card led is the best unplayed card of its suit */
    PF_W_MASTER,       /* w_master: the winning card is of the suit led and its best unplayed */
    PF_W_SURE,         /* w_sure: no card of the suit that X cannot see beats the winning card */
    PF_THIRTEENTH,     /* thirteenth: every other card of the suit is played or in the trick (D5) */
    PF_TOUCHING,       /* touching: X's two highest cards of the suit are next in rank */
    PF_CAN_RUFF,       /* can_ruff: void, the suit plain, and a trump of X's wins the trick */
    PF_HAS_M1,         /* has(m1): X holds the best unplayed card of the suit */
    PF_HAS_M2,         /* has(m2) */
    PF_HAS_M3,         /* has(m3) */
    PF_PT_CALLED,      /* pt_called: partner has called for trumps (SG1r) */
    PF_PT_LED_TRUMPS,  /* pt_led_trumps: partner has led trumps in this deal */
    PF_FOURCHETTE,     /* fourchette: X holds the unseen cards next above and below the card led, the upper a 9 or higher (S1) */
    PF_REENTRY,        /* reentry: a re-entry in another plain suit (T1.4) */
    PF_ESTABLISHED,    /* established: an established plain suit (X13) */
    PF_UNBLOCK,        /* unblock: round 2 of partner's suit that X followed from three (X2(b)) */
    PF_ONE_AGAINST,    /* one_against: partner's two leads leave one card against him (X3) */
    PF_ELEVEN,         /* eleven: the rule of eleven places a card of X's (X1) */
    PF_TENACE,         /* tenace: X finesses the minor tenace in his suit returned (X6) */
    /* the turn-up, the renounce on X's right, the suit to throw a master of */
    PF_TURNUP_MINE,    /* turnup_mine: X holds the turn-up card (he dealt and has not played it) */
    PF_TURNUP_LEFT,    /* turnup_left: the turn-up is unplayed, held by X's left-hand adversary */
    PF_TURNUP_RIGHT,   /* turnup_right: ... by his right-hand adversary */
    PF_TURNUP_LOWEST,  /* turnup_lowest: X holds the turn-up and it is his lowest trump */
    PF_RHO_VOID,       /* rho_void: X's right-hand adversary has shown void in the suit led */
    PF_LONG_RUN,       /* long_run: a plain suit (not led) where X holds four or more in sequence from the master */
    PF_PT_MASTER,      /* pt_master: X holds the master of a plain suit (not led) that partner opened */
    PF_COMMANDS,       /* commands: X holds the entire command of a plain suit not led (three masters or more, at least half
                          the cards of it he cannot see) and has not discarded from it (POLE-D1) */
    PF_LHO_VOID,       /* lho_void: X's left-hand adversary (the next to play) has shown void in the suit led */
    PF_PT_SINGLE,      /* pt_single: X holds the master of a plain suit (not led) that partner opened, alone */
    PF_COUNT
};
_Static_assert(PF_COUNT <= 32, "play_row.fact_on holds the PF_* facts in 32 bits");

/* Rank symbols of tests and actions: 2..14 a rank; these name a card of the
 * decision. A symbol that names no card is rank 0, which no rank test
 * passes and no action plays. */
enum {
    PS_TOP = 16,   /* X's highest card of the suit */
    PS_H2,         /* his second highest */
    PS_COVER,      /* his lowest card that beats the winning card */
    PS_W,          /* the winning card, when of the suit led */
    PS_LED,        /* the card led */
    PS_M1, PS_M2, PS_M3, /* the 1st, 2nd, 3rd best unplayed cards of the suit */
    PS_ROW,        /* the 1st card of the row of match(...) that holds X's holding */
    PS_FOURCHETTE, /* the upper card of the fourchette (S1) */
    PS_ELEVEN,     /* the card the rule of eleven places (X1) */
    PS_TENACE,     /* the finesse card of the minor tenace (X6) */
    PS_TURNUP,     /* the turn-up card, unplayed, when the suit led is trumps */
    PS_KEEP_TURNUP /* the lowest card of the suit other than the turn-up X holds (POLE-T1) */
};

/* Actions. LOW (the lowest card of the suit, which signals and X7 may
 * replace, PR6 PR7) is what a following action gives when its card is not
 * held or does not beat as asked. */
enum {
    PA_LOW,        /* low */
    PA_CARD,       /* SYM: that card */
    PA_WIN,        /* win(SYM): that card if it beats the winning card */
    PA_GROUP,      /* group(SYM): the lowest card of group(SYM) */
    PA_GROUP_LOW,  /* group_low(SYM): the lowest card of group(SYM) that beats the winning card */
    PA_COVER,      /* cover: the lowest card that beats the winning card */
    PA_RUFF,       /* ruff: RF1 / RF2, else a discard (analyze/play/RULES.md §8) */
    PA_DISCARD,    /* discard: D1-D4 (§9); arg: the D2 protections kept, bit 0 (a)
                      masters, 1 (b) K x and A x, 2 (c) Q x x: discard(abc) */
    PA_TOP_TRUMP,  /* top_trump: the highest trump (X9) */
    PA_RUFF_SECOND,/* ruff_second: the lowest trump but one that wins the trick, else as ruff */
    PA_DISCARD_TOP /* discard_top(FACT): the master of the suit that fact (arg: PF_LONG_RUN,
                      PF_PT_MASTER, PF_COMMANDS) finds, else as discard */
};

typedef struct {
    uint8_t sym;   /* PS_* (or a rank, never) */
    uint16_t ok;   /* bit r: rank r passes; bit 0 never */
} play_rank_test;

typedef struct {
    /* first, together, what a decision reads of the row (the rest is in
     * its bucket's index, play_index): one cache line rather than two */
    uint16_t ext_on, ext_off;     /* --ext rules (bit n: Xn) on, off */
    uint16_t has, lacks;          /* X's ranks of the suit: all of has, none of lacks */
    uint16_t notall;              /* not all of notall */
    uint16_t outside;             /* ranks of the suit X cannot see (not played, not his) */
    uint32_t fact_on, fact_off;   /* PF_* bits */
    play_rank_test rank[2];
    uint8_t nrank;
    uint8_t beats;                /* beats(SYM): that card beats the winning card; 0 none */
    uint8_t action, arg;          /* PA_*; its symbol or rank */
    bool match_neg;
    int8_t match;                 /* index into the owner's match tables, -1 none */
    const uint8_t *match_first;   /* by holding >> 2: 0 no row holds, 1 one holds giving no rank, else its 1st card */
    char id[PLAY_ID_MAX];
    uint16_t led_ok, n_ok, t_ok;  /* bit: rank of the card led; X's count of the suit; his trumps */
    uint16_t round_ok;            /* bit r: round r of the suit (analyze/play/RULES.md §3) */
    uint16_t buckets;             /* bit b: the row belongs to bucket b */
    char option[16];              /* "" or the option the row needs (option=NAME), read by each table */
    bool active;                  /* this table's options allow it */
    uint16_t line;                /* in the table that wrote it */
} play_row;

/* A row as a bucket holds it, in the bucket's order. */
typedef struct {
    uint8_t row;    /* index into play_rules.row */
} play_hot;

/* The facts a decision knows before any row asks: the index below reads
 * them. */
#define PLAY_EAGER_FACTS ((1u << PF_PT_WINNING) | (1u << PF_TRUMPED) | (1u << PF_PLAIN) | (1u << PF_TRICK1))
_Static_assert(PLAY_EAGER_FACTS == 0xF, "the eager facts are PF_* bits 0-3, play_index.eager's index");
/* The cheap facts, led_master to fourchette: a few bit operations each,
 * tested from the index (play_index.cheap) before the row is read. Every
 * fact but the eager ones is computed when first asked in a decision. */
#define PLAY_CHEAP_FACTS (((1u << (PF_FOURCHETTE + 1)) - 1) & ~PLAY_EAGER_FACTS)
_Static_assert(PF_FOURCHETTE < 16 && PF_ONE_AGAINST > PF_FOURCHETTE && PF_TENACE > PF_FOURCHETTE,
               "the cheap facts fit play_index.cheap's 16 bits and come before the facts that read the side");

/* A bucket's rows as bit masks, 32 rows a group (bit i: the group's i-th
 * row in the bucket's order): the rows whose test of each field of the
 * decision passes. A decision ANDs the six masks of its card led, count,
 * trumps, round, eager facts and honours of the suit, and looks only at
 * the rows left, in order: on most decisions every row above the one that
 * fires is dropped without being read. With no --ext rule on, the rows
 * that need one are dropped by one more mask; otherwise the rows with
 * ext= tests test them when reached. Then each row's cheap facts; rows
 * with tests beyond these (has or lacks below the T, notall, outside,
 * match, ranks of symbols, beats, the facts computed one by one) are
 * slow: their other tests run last. (A row whose rank tests name the
 * tenace, which reads the side, tests its cheap facts after them, so that
 * the side is read only where the row's order reads it.) 32-bit masks and
 * the honours alone keep the index of a bucket in about ten cache lines:
 * the indexes of all the tables of a round robin are read on every card
 * followed, and 64-bit masks over every rank missed the L1 cache on most
 * of them. */
#define PLAY_GROUP 32
#define PLAY_GROUPS (PLAY_MAX_ROWS / PLAY_GROUP)
#define PLAY_HONOURS 0x7C00 /* ranks T..A: play_index.honours' index is holding >> 10 */
typedef struct {
    uint32_t led[16], n[16], trumps[16], round[16]; /* by rank of the card led; X's count; his trumps; round */
    uint32_t eager[16];   /* by the eager facts (PF_* bits 0-3) */
    uint32_t honours[32]; /* by X's ranks T..A of the suit */
    uint32_t ext_none;    /* the rows that pass with no --ext rule on */
    uint32_t ext_rows;    /* the rows with ext= tests */
    uint32_t slow;
    struct {
        uint16_t on, off; /* PLAY_CHEAP_FACTS bits the row requires, excludes */
    } cheap[PLAY_GROUP];
    uint8_t row[PLAY_GROUP]; /* each row's index into play_rules.row: read beside its cheap facts */
} play_index;

typedef struct {
    play_row row[PLAY_MAX_ROWS];
    uint8_t nrows;
    uint8_t nbucket[PLAY_BUCKETS];
    play_hot bucket[PLAY_BUCKETS][PLAY_MAX_ROWS]; /* the rows of each bucket, in order */
    play_index index[PLAY_BUCKETS][PLAY_GROUPS];  /* and their masks */
    uint8_t *match_mem[PLAY_MAX_MATCH];          /* owned: 8192 bytes each */
    uint8_t nmatch;
    char gloss[PLAY_MAX_ROWS][PLAY_GLOSS_MAX];   /* by row; kept apart from the rows the scan reads */
    /* "strong H5 H4" (the signals' "strong in trumps", analyze/play/RULES.md
     * §3): five trumps or more with at least strong_hon5 of A K Q J, or four
     * with strong_hon4; without the line (strong_set false) 0 and 2. */
    bool strong_set;
    uint8_t strong_hon5, strong_hon4;
} play_rules;

/* The bucket of a decision: pos 1..3 cards already in the trick; void in
 * the suit led; round 1 of the suit or later. */
static inline int play_bucket(int pos, bool is_void, bool round1)
{
    return (pos - 1) * 4 + (is_void ? 2 : 0) + (round1 ? 0 : 1);
}

/* Do two compiled rows decide alike (all but where they were written)? */
bool play_row_same(const play_row *a, const play_row *b);

#endif
