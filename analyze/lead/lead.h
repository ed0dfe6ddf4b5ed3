/* lead.h -- the opening lead of a convention, from what the leader can see.
 *
 * This is the contract between the conventions (analyze/lead/, tables in
 * analyze/lead/conventions/, rules in analyze/lead/RULES.md) and their users
 * (the lead command, the drivers, the players). The leader's view holds only
 * what the eldest hand knows at trick 1 (analyze/play/RULES.md I1-I6): his
 * own cards, the trump suit and the turned-up card in the dealer's hand.
 * The deal itself is never passed. */
#ifndef WHISTLAB_LEAD_H
#define WHISTLAB_LEAD_H

#include <stddef.h>
#include <stdint.h>
#include "formats/card.h"
#include "formats/diag.h"
#include "analyze/lead/play_rows.h"

typedef struct convention convention;

/* What the opening leader sees. */
typedef struct {
    hand_t hand;        /* his 13 cards */
    int trump;          /* SUIT_S..SUIT_C, or STRAIN_NT (no suit is trumps) */
    card_t turnup;      /* the dealer's turned card, CARD_NONE if none */
    uint64_t deal_key;  /* the deal's key, formats/deal_digest.h: with the seed it
                           draws `random`'s card, the same wherever the deal stands */
    uint64_t seed;      /* run seed (`random`) */
} lead_view;

/* A chosen card and the rule ids that chose the suit and the card, as the
 * rule references name them ("LS-A4", "LS14"; analyze/lead/RULES.md), for
 * --explain and rule attribution. */
typedef struct {
    card_t card;
    char suit_rule[24];
    char card_rule[24];
} lead_choice;

/* Each built-in table is compiled when first looked up (thread-safe), so a
 * command pays only for the tables it uses. */
/* The first built-in table that does not compile (a build error: every
 * built-in is compiled by the tests), NULL when all do; compiles them all.
 * Such a table is left out of the built-ins, and convention_open names its
 * error. */
const diag_t *convention_builtin_error(void);
/* Built-in conventions by name ("long-suit", "american", ...); NULL if none. */
const convention *convention_builtin(const char *name);
/* The built-ins in a stable order, all compiled; *n set to their count. */
const convention *const *convention_builtins(int *n);
/* How many built-in tables have been compiled so far. */
int convention_builtins_compiled(void);
/* A convention table from a file (--convention FILE); NULL with diag filled
 * ("file:line: reason") when malformed. Free with convention_free. */
convention *convention_load(const char *path, diag_t *diag);
void convention_free(convention *c);

/* A convention by name or table file, with options: "long-suit",
 * "american+am_ten_from_qjt", "my.tbl", "my.tbl+minneapolis". NULL with diag
 * filled if none. Free with convention_free (a no-op for a built-in). */
convention *convention_open(const char *spec, diag_t *diag);

/* A comma-separated list of such specs, as every command takes them
 * (--conventions, --round-robin, --convention): at most max, none given
 * twice. Returns how many were opened into out[], or -1 with diag filled
 * (those opened are freed). */
int convention_open_list(const char *list, convention *out[], int max, diag_t *diag);

/* The convention's name: its table's name and "+option" for each option
 * on, whole (at most CONVENTION_NAME_SIZE - 1 bytes). */
#define CONVENTION_NAME_SIZE 288
const char *convention_name(const convention *c);
const char *convention_description(const convention *c);
const char *convention_source(const convention *c);
/* The table text of a built-in (to copy and edit); NULL for a loaded one. */
const char *convention_text(const convention *c);
/* True for `dd-best`, whose lead the double-dummy evaluation chooses. */
int convention_is_dd_best(const convention *c);
/* The options a table declares (analyze/lead/RULES.md §5.4-§5.5, §6, §7.3):
 * name, one-line text, and whether this convention has it on. */
int convention_option_count(const convention *c);
const char *convention_option_name(const convention *c, int i);
const char *convention_option_text(const convention *c, int i);
int convention_option_on(const convention *c, int i);

/* For --explain: one line on the rule that chose the suit of
 * lead_choose(c, v) and one on the card row that chose the card (its gloss
 * and what it says; card_line is empty when the suit rule named the card). */
void lead_explain(const convention *c, const lead_view *v, char *suit_line, char *card_line, size_t len);

/* The parts of a convention a lead reads (later_choice.uses, play_view.h)
 * and that two conventions may have alike (convention_same_parts). */
enum {
    CONV_PART_RULES = 1 << 0, /* the [suit] rules, their filters and sets */
    CONV_PART_CARDS = 1 << 1, /* the card tables */
    CONV_PART_CONT = 1 << 2,  /* [continue] */
    CONV_PART_RET = 1 << 3,   /* [return] */
    CONV_PART_OTHER = 1 << 4, /* another convention's procedures ([later] as) */
    CONV_PART_ALL = (1 << 5) - 1,
};
/* The parts a and b have alike, compared field by field (ids and glosses
 * aside): CONV_PART_* bits; every bit when a is b. */
unsigned convention_same_parts(const convention *a, const convention *b);
/* How many [later] procedures a and b have alike from the first on; one
 * more than their count when both lists are alike to the end (the C7
 * fallback after them is then alike too). */
int convention_later_alike(const convention *a, const convention *b);
/* b's [later] rows are a's with k > 0 rows inserted where they first
 * differ, none of which changes the public state when it passes (C2b, C4,
 * as(...) do): k, else 0. american is long-suit with AM-C6 before C6. */
int convention_later_inserted(const convention *a, const convention *b);

/* How a convention's side follows: its [play] rows compiled (play_rows.h),
 * its own and those it inherits. */
const play_rules *convention_play_rules(const convention *c);
/* The gloss of the first [play] row with this id that the table's options
 * allow ("" when the row has none), for --explain; NULL if no such row. */
const char *convention_play_gloss(const convention *c, const char *id);
/* dd-best's tie-break among optimal cards: the convention whose lead wins
 * a tie when it is optimal (NULL: TB order only). */
const convention *convention_dd_prefer(const convention *c);

/* The opening lead. Returns 0, or -1 for `dd-best` (not choosable here).
 * Allocation-free and deterministic. */
int lead_choose(const convention *c, const lead_view *v, lead_choice *out);
/* lead_choose of each conv[i] that is not NULL on the same view, the
 * hand's facts worked out once for them all (what a comparison of many
 * conventions pays for). out[i] of a NULL entry is left alone. Returns -1
 * when each chose a card, else the index of the first that could not
 * (dd-best included). */
int lead_choose_each(const convention *const conv[], int n, const lead_view *v, lead_choice out[]);

/* What a player's leads of a suit show of his original holding of it
 * (analyze/play/RULES.md X2(a), X3), by his convention's card table and [continue] steps
 * (lead_infer.c). */
typedef struct {
    int holdings;    /* the original holdings that give the leads seen; 0:
                        none does (the leads are not the tables') */
    uint16_t shown;  /* the ranks every one of them holds (0 when none) */
    int nmin;        /* the shortest of them (0 when none) */
} lead_shown;

/* A player's first two leads of a suit as another player saw them. */
typedef struct {
    bool trumps;           /* the suit is trumps */
    card_t first, second;  /* his opening lead of it, and his next lead of it,
                              on its round 2 */
    uint16_t played_then;  /* ranks of the suit in completed tricks before second */
    uint16_t his_between;  /* his other cards of it played before second */
    uint16_t his_since;    /* his cards of it played after second (held then) */
    uint16_t outside;      /* ranks the reader knows are not his: his own,
                              those the others played */
} lead_seq;

/* Only a row's 2nd column (RL0) shows anything. Tries every holding of the
 * ranks left: allocation-free, at most 2^11 holdings. */
void lead_infer(const convention *c, const lead_seq *seq, lead_shown *out);

#endif
