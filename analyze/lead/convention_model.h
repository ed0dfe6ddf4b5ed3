/* convention_model.h -- a convention as compiled from its text table (the
 * format is in analyze/lead/conventions/README.md): suit-choice rules over a
 * fixed vocabulary of hand predicates and suit selectors, card tables
 * indexed by holding, and the ordered later-lead procedures. The data the
 * compiler (convention_compile.h) writes and the lead code (lead_impl.h)
 * reads; neither calls the other. */
#ifndef WHISTLAB_CONVENTION_MODEL_H
#define WHISTLAB_CONVENTION_MODEL_H

#include <stdbool.h>
#include <stdint.h>
#include "analyze/lead/hand_facts.h"
#include "analyze/lead/lead.h"

#define CONV_ID_MAX 24    /* a rule id with its NUL ("LS-A5/F2") */
#define CONV_MAX_OPTIONS 8
#define CONV_BASE_NAME_SIZE 96  /* a table's 'name' line with its NUL */
#define CONV_OPTION_NAME_SIZE 24 /* an 'option' name with its NUL */
/* A 'describe', 'source' or 'option' line's text with its NUL: longer text
 * is refused, never cut (a cut option text lost its citation). */
#define CONV_TEXT_SIZE 512
/* A convention's full name: its table's name and "+option" for each option
 * on, so every option fits and no name is cut (287 bytes at most). */
#define CONV_NAME_SIZE (CONV_BASE_NAME_SIZE + CONV_MAX_OPTIONS * CONV_OPTION_NAME_SIZE)
_Static_assert(CONV_NAME_SIZE == CONVENTION_NAME_SIZE, "lead.h's CONVENTION_NAME_SIZE is this size");
#define CONV_MAX_TABLES 4
#define CONV_MAX_ROWS 96  /* per card table: the holding index is one byte */
#define CONV_MAX_RULES 48
#define CONV_MAX_FILTERS 64
#define CONV_MAX_SETS 4
#define CONV_MAX_TERMS 6  /* conditions in one conjunction */
#define CONV_MAX_ALTS 3   /* conjunctions joined by "or" */
#define CONV_MAX_STEPS 16 /* rows of [continue], [return], [later] */
#define CONV_MAX_ANSWER 32 /* card rows C1's answer(...) names */
#define CONV_GLOSS_MAX 160 /* --explain text of a rule or row */
#define CONV_MAX_SEEN 4   /* play-state tests without '!' in one filter */
#define ROW_NONE 0xFF

/* --- suit filters: a conjunction of tests on one suit's facts ---------- */
typedef struct {
    bool all_suits;          /* trumps are candidates too (default: plain only) */
    uint16_t n_ok;           /* allowed lengths, bit n */
    uint8_t hc_ok, hon_ok;   /* allowed counts, bit k */
    uint16_t top_ok, h2_ok;  /* allowed ranks, bit r (bit 0: no such card) */
    uint16_t has, lacks;     /* rank masks */
    uint16_t flags_on, flags_off; /* HF_* required set / clear */
    int8_t set;              /* pattern set (bitmap over holdings), -1 none */
    bool set_neg;
    int8_t not_filter;       /* "!(...)": a filter that must not pass, -1 none */
    /* play-state tests (opened(WHO), discarded(WHO), void(WHO)) over the
     * SEEN_* bits of hand_facts: each seen_some[k] must meet them, seen_none
     * must not */
    uint16_t seen_some[CONV_MAX_SEEN], seen_none;
    uint8_t nseen_some;
} suit_filter;

/* --- hand conditions ------------------------------------------------- */
enum {
    HC_T,          /* trumps held in mask */
    HC_HCP,        /* HCP in mask */
    HC_SOME,       /* some candidate suit passes filter */
    HC_ALL,        /* every plain suit passes filter */
    HC_NONE,       /* no candidate suit passes filter */
    HC_TRUMP,      /* the trump suit passes filter */
    HC_SHAPE,      /* plain shape equals code */
    HC_STRONG_ALL_PLAIN,  /* §2.3 strong_all_plain */
    HC_EST_REENTRY,       /* LS-A2: some plain s established, another r has reentry */
    HC_TURNUP_TENACE,     /* §2.3 tenace over the turn-up */
    HC_FALSE,      /* an option that is off */
};

typedef struct {
    uint8_t kind;
    bool neg;
    int8_t filter;
    uint16_t shape;
    uint64_t ok; /* HC_T / HC_HCP: bit v allowed */
} hand_cond;

typedef struct {
    hand_cond term[CONV_MAX_TERMS];
    uint8_t nterms;
    /* The terms compiled to masks (convention_index_filters): trump counts
     * allowed (t_ok), filters that must pass for some suit (some), for no
     * suit (none), for every plain suit (all); slow: bit k, term k is
     * tested on its own. */
    uint16_t t_ok;
    uint64_t some, none, all;
    uint8_t slow;
} cond_conj;

/* --- suit selectors -------------------------------------------------- */
enum {
    SEL_TRUMPS,       /* the trump suit */
    SEL_PICK,         /* best candidate passing filter, by keys */
    SEL_FIVE_VS_FOUR, /* LS-A4* ("a four-card suit which is much stronger") */
    SEL_RANDOM,       /* §8.2 random, the normative splitmix64 draw */
    SEL_AS,           /* another convention's whole opening lead (MC4) */
    SEL_DD_BEST,      /* dd-best: chosen by the double-dummy evaluation; as:
                         the convention whose lead wins ties, NULL none */
};

/* Order keys of SEL_PICK, applied in turn; TB order breaks remaining ties. */
enum {
    KEY_LONG, KEY_SHORT, KEY_HC, KEY_RANKS, KEY_TOP, KEY_LOWTOP, KEY_H2,
    KEY_PLAIN, KEY_PLAINTOP, KEY_COUNT
};

/* Card expressions of a row's 1st column (and of "card EXPR" in rules). */
enum {
    CX_RANK,      /* a named rank, held by the row's "has" */
    CX_TOP, CX_LOWEST, CX_FOURTH, CX_PENULT,
    CX_LOW,       /* Hogarth: the lowest if n <= 4, else the penult (hogarth L877) */
    CX_SEQLOW,    /* seqlow(rank) */
    CX_TABLE,     /* go on in another card table (TR8) */
};

/* 2nd column: the card for this player's next lead of the suit (RL0). */
enum {
    SX_GEN,       /* RL1-RL4 */
    SX_RANK, SX_LOWEST,
    SX_FOURTH,    /* the original 4th best */
    SX_UP,        /* the next higher held card above the card led (TR2) */
    SX_SEQLOW,
    SX_STOP,      /* lead it once, then wait until another seat leads it:
                     in trumps stop drawing (PLT3, C2b), in a plain suit
                     C4 passes over it (lead_later.c) */
};

typedef struct {
    char id[CONV_ID_MAX];
    uint16_t has, lacks;
    uint16_t notall[3];   /* lacks groups "(QJ)": not all of them held */
    uint8_t nnotall;
    uint16_t n_ok;
    uint8_t first, first_rank;   /* CX_*; rank or table index */
    uint8_t second, second_rank; /* SX_* */
    uint8_t second_while;        /* "CARD/R": CARD while rank R unplayed, else gen; 0 none */
    bool high;                   /* RL3: a high-card opening */
    /* context conditions (after "if") */
    bool ctx;                    /* any of the below */
    uint16_t t_ok;               /* trumps held */
    uint64_t rule_ok;            /* suit rules (by index) that may have chosen the suit; 0 = any */
    uint16_t turnup_ok;          /* turn-up ranks; 0 = any */
    int8_t trumps;               /* 1 = only trumps, 0 = only plain, -1 = either */
    int line;
    char gloss[CONV_GLOSS_MAX];  /* the line's trailing comment (--explain), may be empty */
} card_row;

typedef struct {
    char name[16];
    card_row row[CONV_MAX_ROWS];
    uint8_t nrows;
    uint8_t first_row[8192]; /* by holding: the first row whose holding test passes */
} card_table;

typedef struct {
    char id[CONV_ID_MAX];
    uint8_t sel;             /* beside id: a lead reads both */
    cond_conj alt[CONV_MAX_ALTS];
    uint8_t nalts;           /* 0: unconditional */
    int8_t filter, avoid, only; /* filter indices, -1 none */
    uint8_t keys[KEY_COUNT], nkeys;
    uint8_t param;           /* five_vs_four: the hc margin */
    const convention *as;    /* SEL_AS; SEL_DD_BEST: the tie-break's convention */
    int8_t card;             /* CX_* of "card EXPR", -1: the card table */
    uint8_t card_rank;
    bool nodraw;             /* a trump lead that does not start drawing (W4c) */
    int line;
    char gloss[CONV_GLOSS_MAX]; /* the line's trailing comment (--explain), may be empty */
    char text[CONV_GLOSS_MAX];  /* the rule as written, after its id */
} suit_rule;

/* [continue]: RL0-RL4; [return]: R1.1-R1.4; [later]: C1-C7 and deltas. */
enum {
    ST_SECOND, ST_MASTER_LOW, ST_PAIR_HIGH, ST_ORIG_FOURTH_IF_HIGH,
    ST_FOURTH_IF_LONG, ST_LOWEST, ST_MASTER_HIGH, ST_TWO_HIGH, ST_TOP,
    /* later-lead procedures */
    ST_C1, ST_C2A, ST_C2B, ST_C3, ST_C4, ST_C5A, ST_C5, ST_C6, ST_C7,
    ST_AM_C6, ST_SS_C5, ST_MC_C,
    ST_C1R, /* a trump for partner who refused to ruff a certain winner (CLAY-R1) */
    ST_AS,  /* the rest from another convention */
};

typedef struct {
    char id[CONV_ID_MAX];
    uint8_t kind;
    const convention *as;
    int line;
} conv_step;

struct convention {
    /* First, side by side, the fields every opening lead reads: a
     * convention's 170 KiB put them a cache line or more apart, and a lead
     * by eleven conventions missed the cache on each. */
    /* Conventions whose opening suit choice (suit_choose) reads the same
     * data have the same suit_class (convention_index.c), whatever their
     * names and card tables: lead_choose_each makes that choice once for
     * them (long-suit, long-suit-clay and american choose alike). */
    uint32_t suit_class;
    bool dd_best;
    const holding_info *facts;
    uint8_t nrules, nfilters;
    bool filter_play;        /* a filter tests established or reentry */
    bool filter_seen_used;   /* a filter has play-state tests (filter_seen) */
    uint8_t nnot;            /* filters in not_order */
    uint64_t filter_all_suits; /* the filters open to trumps */
    uint64_t later_rules;    /* rules a later lead may use (not random, as, dd_best) */
    uint64_t slow_rules;     /* rules with a term compile_conj left slow */
    uint64_t rules_always;   /* rules without conditions */
    uint8_t t_nalts[16];     /* t_alts' lengths */
    card_table *table[CONV_MAX_TABLES];
    uint8_t ntables;
    int8_t plain_table, trump_table;

    char name[CONV_NAME_SIZE]; /* with "+option" for each option on */
    char description[CONV_TEXT_SIZE];
    char source[CONV_TEXT_SIZE];
    char option_name[CONV_MAX_OPTIONS][CONV_OPTION_NAME_SIZE];
    char option_text[CONV_MAX_OPTIONS][CONV_TEXT_SIZE];
    uint8_t noptions;
    unsigned options_on;         /* bit i: option i enabled */
    bool builtin;
    const char *text;            /* the embedded table of a built-in */

    suit_rule rule[CONV_MAX_RULES];
    suit_filter filter[CONV_MAX_FILTERS];
    uint64_t set[CONV_MAX_SETS][128]; /* pattern sets: bit = holding >> 2 */
    uint8_t nsets;

    conv_step cont[CONV_MAX_STEPS], ret[CONV_MAX_STEPS], later[CONV_MAX_STEPS];
    uint8_t ncont, nret, nlater;

    /* [later] parameters (RULES.md C1, C5): the card rows C1's answer to a
     * trump call tries, in order (TM4.1: the first that holds gives the
     * card), and the holdings that count as an own good suit in C5 (bit =
     * holding >> 2: a row of its good(...) holds it). */
    const card_row *answer[CONV_MAX_ANSWER];
    uint8_t nanswer;
    uint64_t good_set[128];

    /* [play]: how the convention's side follows (play_rows.h). */
    play_rules play;

    /* The filters as bit masks (bit i = filter i), built once after parsing
     * (convention_index_filters) so that a suit choice tests each filter
     * with two table reads instead of a dozen field tests: by holding
     * (holding >> 2) for the tests on the holding alone (n, hc, hon, top,
     * h2, has, lacks, match), filter_flags by HF_* flags for the flag
     * tests; filter_all_suits: the filters open to trumps; not_order: the
     * filters with a "!(...)", inner ones first. The holdings' masks are
     * few (at most 27 in a built-in table): hold_class gives a holding's
     * place in hold_mask, so the table every suit choice reads is 16 KiB,
     * not 64, and the tables of eleven conventions stay in the cache. */
    uint16_t hold_class[8192];
    uint64_t filter_flags[1 << HF_BITS];
    int8_t not_order[CONV_MAX_FILTERS];

    /* The conditions of the rules as rules_passing (lead_suit.c) reads
     * them: each conjunction's masks (cond_conj) with the rule it belongs
     * to, side by side. */
    struct alt_masks {
        uint64_t some, none, all;
        uint16_t t_ok;
        uint8_t rule;
    } alt_mask[CONV_MAX_RULES * CONV_MAX_ALTS];
    uint8_t nalt_masks;
    /* by the trumps held (t): the conjunctions whose t_ok allows it, so
     * that a hand tests those only (short-suit: about 5 of its 32) */
    uint8_t t_alts[16][CONV_MAX_RULES * CONV_MAX_ALTS];
    /* The fields of rule[i] that the suit choice reads for each rule it
     * tries, side by side (17 bytes a rule, not a 784-byte suit_rule each):
     * rule after rule, hand after hand, they stay in the cache. */
    struct rule_pick {
        uint8_t sel;
        int8_t filter, avoid, only;
        int8_t card;
        uint8_t card_rank, param, nkeys;
        uint8_t keys[KEY_COUNT];
    } pick[CONV_MAX_RULES];

    /* By the SEEN_* bits of a suit: the filters whose play-state tests
     * pass (every filter without any); built and read only when some
     * filter has such tests (filter_seen_used). Last, away from the
     * fields every suit choice reads. */
    uint64_t filter_seen[1 << SEEN_BITS];

    uint64_t hold_mask[8192]; /* by hold_class (the first few used) */
};

/* True when row r's holding test passes for h (has, lacks, groups, n). */
static inline bool card_row_holds(const card_row *r, uint16_t h)
{
    if ((h & r->has) != r->has || (h & r->lacks)) return false;
    if (!((r->n_ok >> ranks_count(h)) & 1)) return false;
    for (int g = 0; g < r->nnotall; g++)
        if ((h & r->notall[g]) == r->notall[g]) return false;
    return true;
}

#endif
