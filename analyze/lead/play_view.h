/* play_view.h -- what a player may use when he leads after trick 1
 * (analyze/play/RULES.md §2-§3, I1-I5): his own hand, every card played by whom and in
 * which trick, the turn-up, the known voids, and the derived public state
 * D1-D4 (suits opened, abandoned, drawing trumps, trump calls). Nothing
 * else: no other hand is ever passed (I6).
 *
 * play_public is the state all four players share; the replay driver keeps
 * one per deal with play_public_init / play_public_note_lead /
 * play_public_play. play_view adds the player's own hand. lead_later gives
 * the lead of analyze/lead/RULES.md §4 (C1-C7 and the per-convention deltas
 * AM-C6, SS-C5, MC-C), with the rule ids that chose it, and what it read
 * of the convention and of the player's RL0 records: the duplicate replay
 * (sd_duplicate.c) decides a lead once for both tables when the other
 * convention would read the same (lead_redo_card, lead_later_rows_choose,
 * suit_choices serve it too). */
#ifndef WHISTLAB_PLAY_VIEW_H
#define WHISTLAB_PLAY_VIEW_H

#include <stdbool.h>
#include <stdint.h>
#include "analyze/lead/lead.h"
#include "formats/card.h"

/* A player's own record of how he opened a suit (RL0, RL3): the card, the
 * 2nd column of the card-table row that chose it, his holding then. */
typedef struct {
    card_t first;          /* CARD_NONE: he has not opened the suit */
    uint8_t trick;         /* the trick he opened it in */
    bool has_row;          /* a card-table row chose the card */
    bool high;             /* a high-card opening (RL3) */
    uint8_t second, second_rank, second_while; /* the row's 2nd column */
    uint16_t original;     /* his ranks of the suit when he opened it */
} lead_memo;

typedef struct {
    int trump;             /* SUIT_S..SUIT_C, or STRAIN_NT */
    card_t turnup;         /* CARD_NONE if none */
    uint8_t dealer;        /* holds the turn-up until he plays it (I3) */
    uint8_t eldest;        /* the opening leader, dealer's left */
    bool signals;          /* analyze/play/RULES.md §11 switched on */
    /* I2: card[t][seat] for tricks 0..ntricks (the current one partly) */
    uint8_t ntricks;       /* completed tricks */
    uint8_t ncur;          /* cards played to the current trick */
    uint8_t leader[13], winner[13];
    card_t card[13][4];
    hand_t played;         /* cards in completed tricks */
    /* kept as the cards fall, so that no rule rescans the tricks */
    uint8_t led[13];       /* the suit led to each trick, the current one too */
    uint8_t rounds[4];     /* completed tricks led in each suit */
    uint8_t led_suits;     /* bit s: some trick, the current one too, led s */
    uint16_t led_in[4][4]; /* [seat][s] bit t: the seat led s to trick t
                              (the current one too); the rules ask for a
                              seat's leads of a suit without a scan */
    hand_t in_trick;       /* cards of the current trick */
    card_t win_card;       /* the card winning the current trick so far */
    uint8_t win_seat;      /* and who played it */
    uint8_t void_in[4];    /* I4: bit s = the seat is known void in suit s */
    /* D1-D4 */
    uint8_t opened[4][4];  /* D1: suits each seat opened, in order */
    uint8_t nopened[4];
    uint8_t opened_mask[4]; /* the same as bits (bit s), for play_opened */
    uint8_t abandoned[4];  /* D2: bit s, set by C4b-C4d */
    bool drawing[4];       /* D3: the seat leads trumps deliberately */
    bool called[4];        /* D4: the seat completed a trump call (SG1) */
    uint8_t call_trick[4]; /* the trick in which the call was completed */
    lead_memo memo[4][4];  /* by seat and suit: each player's own record */
} play_public;

/* The suit choices (C5a, C6) of one lead, kept for the lead of the other
 * duplicate table at the same point of the same play (sd_duplicate.c):
 * a choice depends only on the suit rules and on the facts of the
 * candidate suits held, so a convention with the same rules makes it
 * alike. */
typedef struct {
    bool rules_alike;      /* the lead now has the rules that made the entries */
    uint8_t n;
    struct {
        uint8_t key;       /* the candidate plain suits held */
        bool no_trumps;    /* the guard's rerun "as if t = 0" */
        int8_t rule, suit; /* suit_choose_later's answer */
    } entry[4];
} suit_choices;

typedef struct {
    const play_public *pub;
    int seat;              /* the player on lead */
    hand_t hand;           /* his current hand (I1) */
    uint64_t deal_key, seed;   /* for `random` at trick 1 (lead.h) */
    unsigned ext;          /* analyze/play/RULES.md §13 rules on: bit n = Xn (X8, X11,
                              X12 act on leads) */
    bool quiet;            /* the caller keeps no rule ids: the later
                              procedures leave suit_rule and card_rule
                              unformatted (the card and its effects are
                              the same) */
    suit_choices *choices; /* NULL, or where the suit choices are kept
                              and, with rules_alike, taken from */
} play_view;

/* The card-table lookup that gave a lead's card (analyze/lead/RULES.md §3.3-§3.5): the
 * holding and the row context, kept so that another convention's tables
 * can be asked for the card the same lead would give (lead_redo_card). */
typedef struct {
    uint16_t held;         /* the suit's ranks; 0: no lookup was made */
    int8_t rule;           /* the suit rule that chose the suit, -1 none */
    uint8_t t, turnup_rank;
    bool trumps;
    bool opening;          /* trick 1 (RL3 "high" without a row) */
} lead_lookup;

/* A later lead and its effect on the public state. */
typedef struct {
    lead_choice choice;    /* card; suit_rule = the later-lead rule (RULES.md §4) ("C4",
                              "C4d>C6"...), card_rule = the card's row or step */
    lead_memo memo;        /* recorded if this lead opens the suit */
    uint8_t abandon;       /* D2: suits the player abandons now (bit s) */
    int8_t drawing;        /* D3: 1 start drawing, 0 stop, -1 unchanged */
    /* What the choice read of the convention, so that a duplicate table
     * can tell another convention would have chosen the same: the parts
     * (CONV_PART_*, lead.h) and the [later] row (RULES.md §4) that chose it (-1:
     * none, as at trick 1 or a lead no convention chose; nlater: the C7
     * fallback after every row passed). */
    uint8_t uses;
    int8_t step;
    lead_lookup lookup;    /* with CONV_PART_CARDS: the lookup made */
    uint8_t memo_read;     /* bit s: the player's own RL0 record of suit
                              s (pub->memo) was read, by C2b or C4 */
} later_choice;

void play_public_init(play_public *pub, int trump, card_t turnup, int dealer, bool signals);
/* Records the D1-D3 effects of a lead decided by lead_later, before its
 * card is played. */
void play_public_note_lead(play_public *pub, int seat, const later_choice *lc);
/* Plays seat's card to the current trick (I2, I4, D1). Returns the winner
 * when the card completes the trick, else -1. */
int play_public_play(play_public *pub, int seat, card_t card);
/* D4 with signals on: seat has completed a trump call in the current trick. */
void play_public_note_call(play_public *pub, int seat);

/* The play-state facts of each suit as seat sees them (hand_facts.h's
 * SEEN_* bits, other seats relative to him: 1 his left, 2 partner, 3 his
 * right): who opened the suit (D1), who discarded it (played it to a
 * completed trick led in another suit; a trump is a ruff, not a discard),
 * who is known void in it (I4). For the table language's opened(WHO),
 * discarded(WHO) and void(WHO). */
void play_public_seen(const play_public *pub, int seat, uint16_t seen[4]);

/* A side draws trumps when either of its players does (D3). */
static inline bool play_side_drawing(const play_public *pub, int seat)
{
    return pub->drawing[seat] || pub->drawing[seat_partner(seat)];
}

/* The completed tricks (bit t) that seat led in suit s. */
static inline unsigned play_led_in(const play_public *pub, int seat, int s)
{
    return pub->led_in[seat][s] & ((1u << pub->ntricks) - 1);
}

/* Did seat open suit s (D1)? */
static inline bool play_opened(const play_public *pub, int seat, int s)
{
    return (pub->opened_mask[seat] >> s) & 1;
}

/* The first plain suit seat opened (D1), -1 if none; trump is the trump
 * suit or -1. */
static inline int play_first_plain_opened(const play_public *pub, int seat, int trump)
{
    for (int i = 0; i < pub->nopened[seat]; i++)
        if (pub->opened[seat][i] != trump) return pub->opened[seat][i];
    return -1;
}

/* The lead of the player in v->seat, who must be on lead (the current
 * trick empty). At trick 1 it is the opening lead. Returns 0, or -1 for
 * the opening lead of `dd-best`. Deterministic and allocation-free. */
int lead_later(const convention *c, const play_view *v, later_choice *out);

/* Would one of c's [later] rows from..to-1 choose the lead, run alone on
 * v (a later lead)? For rows that change nothing when they pass (all but
 * C2b, C4 and as(...)), this is whether they choose the lead in c's whole
 * procedure once the rows before them have passed (sd_duplicate.c). */
bool lead_later_rows_choose(const convention *c, const play_view *v, int from, int to);

/* Does c's [later] procedure cash the master of partner's first suit (C3)
 * before any plain-suit lead? Then partner's later plain lead of that suit
 * shows he lacks its master (analyze/play/RULES.md X6). */
bool lead_later_cashes_first(const convention *c);

/* The lead c would have made where from was made under a convention whose
 * parts other than its card tables are c's alike (convention_same_parts):
 * the same lead with the card and RL0 memo of c's tables for from's lookup.
 * trick: the current trick (the memo's). */
void lead_redo_card(const convention *c, const later_choice *from, int trick, later_choice *out);

#endif
