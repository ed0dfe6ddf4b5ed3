/* deal.h -- one deal as read from any format: four hands, dealer, trumps,
 * turn-up, board number, where it came from, and what the file recorded
 * about it (contract, card play, double-dummy oracles).
 *
 * The whist rules that fix who leads and who owns the turn-up live here, once:
 * the dealer turns up his last card, it is his and fixes trumps, and the
 * eldest hand (the dealer's left) leads to the first trick (README.md,
 * "Trumps and leaders"; analyze/play/RULES.md L1-L2). */
#ifndef WHISTLAB_DEAL_H
#define WHISTLAB_DEAL_H

#include <stddef.h>
#include "card.h"
#include "diag.h"

/* Where a deal came from: file as the user named it, 1-based line (or record
 * number for binary formats), 0-based position among the deals of the input. */
typedef struct {
    const char *file;
    uint64_t line;
    uint64_t index;
} src_pos;

/* A recorded card play, PBN layout: card[t][seat] is the card the seat played
 * to trick t; CARD_NONE for a card not recorded ('-' or play ended). */
typedef struct {
    uint8_t first;      /* seat that led to trick 0 ([Play] seat) */
    uint8_t ntricks;    /* tricks with at least one card recorded */
    card_t card[13][4];
} play_record;

enum {
    DEAL_HAS_PLAY = 1 << 0,      /* play is filled */
    DEAL_HAS_DDTABLE = 1 << 1,   /* dd_table is filled */
    DEAL_HAS_FUT = 1 << 2,       /* fut is filled (DDS test hands) */
    DEAL_HAS_CONTRACT = 1 << 3,  /* contract_* are filled */
    DEAL_TURNUP_INFERRED = 1 << 4, /* turn-up derived (analyze/lead/RULES.md Q16), not read */
    DEAL_PASSED_OUT = 1 << 5,    /* [Contract "Pass"] */
    DEAL_REPEAT = 1 << 6,        /* another table's play of the deal before:
                                    a PBN game inheriting the previous game's
                                    deal, a LIN record with the same cards as
                                    the record before. Analysis counts each
                                    deal once */
    DEAL_UNKNOWN_HANDS = 1 << 7, /* a well-formed record with a hand given as
                                    unknown ('-' in PBN): returned as
                                    READ_REJECT, since it cannot be analysed,
                                    but `check` does not count it an error */
};

typedef struct deal {
    hand_t hand[4];       /* by seat */
    uint8_t dealer;       /* SEAT_*; SEAT_NONE when the input does not say */
    uint8_t leader;       /* leads to trick 1; SEAT_NONE when unknown */
    uint8_t strain;       /* SUIT_S..SUIT_C, STRAIN_NT, STRAIN_NONE = not given */
    card_t turnup;        /* dealer's turned card, CARD_NONE when unknown */
    uint16_t flags;       /* DEAL_* */
    uint32_t board;       /* 0 when the input has no board number */
    src_pos pos;
    /* Bridge facts, when the file records them. */
    uint8_t contract_level;    /* 1..7 */
    uint8_t contract_strain;   /* SUIT_* or STRAIN_NT */
    uint8_t contract_declarer; /* seat */
    uint8_t contract_doubled;  /* 0, 1 (X), 2 (XX) */
    int8_t result;             /* [Result] tricks, -1 if absent */
    play_record play;
    /* Oracles: dd_table[strain][seat] = tricks for that declarer (-1 unknown);
     * fut[card] = tricks for the leader's side after leading card, as DDS's
     * SolveBoard(solutions=3) reports for this deal's strain and leader
     * (-1 for cards not listed). */
    int8_t dd_table[5][4];
    int8_t fut[64];
} deal_t;

/* An empty deal: no cards, everything unknown. */
void deal_clear(deal_t *d);

/* The whist seats: eldest hand = dealer's left; the dealer is the leader's right. */
static inline int deal_eldest(int dealer) { return seat_left(dealer); }
static inline int deal_dealer_of_leader(int leader) { return seat_right(leader); }

/* Structural check of the hands and the whist facts given: 52 distinct
 * cards, 13 in each hand, the turn-up (if any) in the dealer's hand and of
 * the trump suit, the leader (if given with a dealer) on the dealer's left.
 * On failure puts the first reason found ("hand E has 12 cards",
 * "duplicate card SQ", ...) in diag's reason and returns false. */
bool deal_validate(const deal_t *d, diag_t *diag);

/* Same four hands, seat by seat. */
bool deal_same_cards(const deal_t *a, const deal_t *b);

/* Winner of a complete trick: cards[i] is played by seat (lead_seat + i) & 3;
 * highest trump wins, else highest card of the suit led (analyze/play/RULES.md L4).
 * strain STRAIN_NT means no trumps. */
int trick_winner(const card_t cards[4], int lead_seat, int strain);

/* How analysis gets a trump suit and a leader from deals that may lack them
 * (README.md, "Trumps and leaders"). */
typedef enum {
    TRUMP_AUTO,     /* the file's [Trump]/[TurnUp] (or DDS trump); fail if none */
    TRUMP_FIXED,    /* one suit for every deal (--trump S|H|D|C) */
    TRUMP_TURNUP,   /* require a turn-up card */
    TRUMP_EACH,     /* analyse each deal once per suit */
    TRUMP_CONTRACT, /* strain of [Contract]; leader = declarer's left */
} trump_policy_kind;

typedef struct {
    trump_policy_kind kind;
    int suit;    /* for TRUMP_FIXED */
    int leader;  /* --leader: SEAT_* forces the leader (the dealer is then on
                    his right); SEAT_NONE: the file's dealer, else the board
                    rotation of duplicate boards (board 1 North deals, 2 East..) */
} trump_policy;

/* Parses "S|H|D|C|auto|turnup|each|contract" into p->kind and p->suit;
 * false if none of these. */
bool trump_policy_parse(const char *text, trump_policy *p);

/* The seats of w under the policy's leader: a forced leader (the dealer
 * then on his right), else the deal's dealer or leader, else the duplicate
 * board rotation (board 1 North deals). */
void deal_settle_seats(deal_t *w, const trump_policy *p);

/* Makes whist deals of d under the policy: fills out[0..n-1] (n = 1, or 4 for
 * TRUMP_EACH) with strain, leader, dealer and turn-up set (the turn-up is
 * inferred as the dealer's lowest trump when not read, analyze/lead/RULES.md Q16).
 * Returns n, or 0 with diag filled (d's place and the reason) when the deal
 * cannot be analysed so. */
int deal_apply_trump_policy(const deal_t *d, const trump_policy *p, deal_t out[4], diag_t *diag);

#endif
