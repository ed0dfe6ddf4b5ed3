/* pbn_game.h -- the PBN game being read, shared by the parts of the PBN
 * reader: tag names and values (pbn_values.c), the auction and play sections
 * (pbn_play.c), tables and double-dummy tags (pbn_tables.c), and the game
 * loop that ties them together (pbn_read.c). */
#ifndef WHISTLAB_PBN_GAME_H
#define WHISTLAB_PBN_GAME_H

#include <stdbool.h>
#include <stdint.h>
#include "format_ops.h"

/* Every tag the reader knows: the PBN 2.1 standard's (S3.4, S4, S5), the
 * de-facto double-dummy tags, and whistlab's whist tags (README.md, "Formats"). */
typedef enum {
    TAG_UNKNOWN = 0,
    TAG_EVENT, TAG_SITE, TAG_DATE, TAG_BOARD, TAG_WEST, TAG_NORTH, TAG_EAST,
    TAG_SOUTH, TAG_DEALER, TAG_VULNERABLE, TAG_DEAL, TAG_SCORING, TAG_DECLARER,
    TAG_CONTRACT, TAG_RESULT,
    TAG_AUCTION, TAG_PLAY, TAG_NOTE,
    TAG_SCORE, TAG_SCOREIMP, TAG_SCOREMP, TAG_SCOREPERCENTAGE, TAG_SCORERUBBER,
    TAG_SCORERUBBERHISTORY, TAG_OPTIMUMSCORE, TAG_ROUND, TAG_EVENTDATE,
    TAG_UTCDATE, TAG_TIME, TAG_UTCTIME, TAG_FRENCHMP, TAG_ROOM, TAG_HIDDEN,
    TAG_TIMECONTROL, TAG_TIMECALL, TAG_TIMECARD,
    TAG_COMPETITION, TAG_DEALID, TAG_DESCRIPTION, TAG_GENERATOR, TAG_TERMINATION,
    TAG_BIDSYSTEMEW, TAG_BIDSYSTEMNS, TAG_PAIREW, TAG_PAIRNS, TAG_WESTNA,
    TAG_NORTHNA, TAG_EASTNA, TAG_SOUTHNA, TAG_WESTTYPE, TAG_NORTHTYPE,
    TAG_EASTTYPE, TAG_SOUTHTYPE, TAG_EVENTSPONSOR, TAG_HOMETEAM, TAG_SECTION,
    TAG_STAGE, TAG_TABLE, TAG_VISITTEAM, TAG_ANNOTATOR, TAG_ANNOTATORNA,
    TAG_APPLICATION, TAG_MODE,
    TAG_ACTIONTABLE, TAG_AUCTIONTIMETABLE, TAG_INSTANTSCORETABLE,
    TAG_OPTIMUMPLAYTABLE, TAG_OPTIMUMRESULTTABLE, TAG_PLAYTIMETABLE,
    TAG_SCORETABLE, TAG_TOTALSCORETABLE,
    TAG_DOUBLEDUMMYTRICKS, TAG_ABILITY, TAG_TRUMP, TAG_TURNUP, TAG_LEADER,
    TAG_COUNT
} pbn_tag;

enum {
    PBN_TAG_NO_INHERIT = 1 << 0, /* "#" and "##" are forbidden (S4.8) */
    PBN_TAG_TABLE = 1 << 1,      /* a table: section data follow (S5.2) */
    PBN_TAG_TRACKED = 1 << 2,    /* whistlab uses the value: "#"/"##" resolved */
};

/* The tag named name[0..len); TAG_UNKNOWN if none. */
pbn_tag pbn_tag_lookup(const char *name, size_t len);
const char *pbn_tag_name(pbn_tag id);
unsigned pbn_tag_flags(pbn_tag id);

/* --- tag values (pbn_values.c); each returns false on a bad value --- */

typedef struct {
    bool given;      /* a contract or a bare denomination (end position) */
    bool passed;     /* "Pass" */
    uint8_t level;   /* 1..7; 0 for a bare denomination (S3.10) */
    uint8_t strain;  /* SUIT_* or STRAIN_NT */
    uint8_t risk;    /* 0, 1 = X, 2 = XX */
} pbn_contract;

typedef struct {
    bool given;      /* a number of tricks was given */
    bool irregular;  /* '^': differs from the tricks won (S3.4.15) */
    int8_t bare;     /* "<n>": declarer's tricks; -1 if not this form */
    int8_t ns, ew;   /* "NS <n>", "EW <n>"; -1 if not given */
} pbn_result;

/* "", "?" -> *seat = SEAT_NONE. */
bool pbn_parse_seat(const char *v, uint8_t *seat);
/* -1 for "" or "?"; 0 none, 1 NS, 2 EW, 3 both; -2 if bad. */
int pbn_parse_vulnerable(const char *v);
bool pbn_parse_declarer(const char *v, uint8_t *seat, bool *irregular);
bool pbn_parse_contract(const char *v, pbn_contract *c);
bool pbn_parse_result(const char *v, pbn_result *r);
/* Hands and their numbers of cards by seat; *known = mask of the hands
 * given (not "-"). */
bool pbn_parse_deal(const char *v, hand_t hands[4], int cards[4], unsigned *known, char *why,
                    size_t n);
/* "<index>:<text>" -> index 1..32; -1 if bad. */
int pbn_parse_note(const char *v);
/* The vulnerability the games won imply (S4.2.6), -1 if bad. */
int pbn_parse_rubber_history(const char *v);
/* Checks the value of the tags not parsed above (dates, scores, ...). */
bool pbn_check_value(pbn_tag id, const char *v, char *why, size_t n);

/* --- the game being read --- */

typedef struct {
    uint64_t line;       /* of the [Auction] tag */
    uint8_t next;        /* seat to call next */
    uint8_t dealer;      /* who must make the first call; SEAT_NONE unknown */
    bool on;             /* calls are being read */
    bool started;        /* a call other than '-' came */
    bool done;           /* ended by passes or AP */
    bool star, plus, insufficient_next, have_call;
    uint8_t n_suffix, n_note; /* annotations of the last call */
    bool any_bid, opened_by_bid; /* opened_by_bid: the first call was a bid */
    uint8_t level, strain, bidder, risk, passes; /* the last bid */
    uint8_t first_bid[2][5]; /* [side][strain]: seat of the side's first bid */
} pbn_auction;

enum { PLAY_MARK_REVOKE = 1, PLAY_MARK_LEAD = 2, PLAY_MARK_PLUS = 4 };

typedef struct {
    uint8_t seat;        /* [Play] seat: the first column */
    bool on;
    uint8_t nslots;      /* cards, '-' and '+' read, in column order */
    uint64_t trick_line[13]; /* line of each trick's first card */
    uint8_t mark[52];    /* PLAY_MARK_* per slot */
    bool star, plus, have_card;
    uint8_t pending;     /* ^R / ^L waiting for its card */
    uint8_t n_suffix, n_note;
} pbn_play;

#define PBN_TABLE_COLS 24

typedef struct {
    pbn_tag id;          /* TAG_UNKNOWN: no table open */
    uint64_t line;       /* of the table's tag */
    unsigned ncols;
    uint32_t nelems;
    int8_t order[PBN_TABLE_COLS];   /* +1 descending, -1 ascending, 0 none */
    bool have_prev[PBN_TABLE_COLS];
    double prev[PBN_TABLE_COLS];
    int col_declarer, col_denomination, col_result; /* OptimumResultTable */
    int row_seat, row_strain, row_tricks;
} pbn_table;

typedef struct pbn_game {
    const char *file;
    reader_notes *notes;     /* where warnings and repairs are counted */
    bool active;             /* a tag, data or problem was read */
    bool failed;
    unsigned problems;       /* how many were found */
    bool unanalysable;       /* the first problem: hands unknown or partial */
    uint64_t first_line, deal_line, play_line, result_line;
    uint64_t seen[2];        /* tag ids given */
    pbn_tag section;         /* tag whose section data may follow */
    pbn_tag note_owner;      /* TAG_AUCTION / TAG_PLAY: notes belong there */
    bool repeat_ok;          /* the previous game's deal can be inherited */
    deal_t d;                /* the deal as far as read */
    bool deal_given, deal_usable; /* [Deal] read; it holds four 13-card hands */
    bool deal_damaged;       /* a [Deal] tag too damaged to read (its line is
                                deal_line): the game is a rejected deal */
    uint8_t play_seat;       /* [Play] seat, SEAT_NONE */
    uint8_t decl;            /* [Declarer] seat, SEAT_NONE */
    bool decl_given, decl_empty, decl_irregular;
    pbn_contract contract;
    bool contract_tag;
    pbn_result result;
    int8_t vulnerable, rubber_vulnerable;
    pbn_auction auction;
    pbn_play play;
    pbn_table table;
    uint64_t auction_refs, auction_notes, play_refs, play_notes;
    bool has_ddt, has_ort, has_ability;
    int8_t ddt[5][4], ort[5][4], ability[5][4];
    /* The texts come last: a new game clears the members above and only the
     * first byte of these (2 KiB of text cleared per game was a fifth of
     * reading a .pbn.gz). */
    diag_t err;                      /* the first problem */
    char deal_why[DIAG_REASON_SIZE]; /* why the deal is not usable */
} pbn_game;

/* Records a problem at line; only the first one of a game is kept. */
void pbn_fail(pbn_game *g, uint64_t line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A contradiction in what whistlab does not need: the deal is kept and the
 * warning reported (reader_note_warning). */
void pbn_warn(pbn_game *g, uint64_t line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static inline bool pbn_seen(const pbn_game *g, pbn_tag id)
{
    return (g->seen[id >> 6] >> (id & 63)) & 1;
}

/* --- auction and play sections (pbn_play.c) --- */

/* The [Auction] tag at line: calls from seat; dealer must call first
 * (SEAT_NONE: unknown). */
void pbn_auction_start(pbn_game *g, uint8_t seat, uint8_t dealer, uint64_t line);
void pbn_auction_word(pbn_game *g, const char *s, size_t n, uint64_t line);
/* At the game's end: a complete auction agrees with [Contract] and
 * [Declarer] (problems reported at line). */
void pbn_auction_check(pbn_game *g, uint64_t line);
/* The contract and declarer of a complete auction with a bid. */
bool pbn_auction_contract(const pbn_game *g, pbn_contract *c, uint8_t *declarer);
void pbn_play_start(pbn_game *g, uint8_t seat);
void pbn_play_word(pbn_game *g, const char *s, size_t n, uint64_t line);
/* Checks the play against the hands (a problem is reported at its trick's
 * line, a [Result] the play contradicts at the [Result] or else play_line);
 * fills d->play. */
void pbn_play_check(pbn_game *g, uint64_t play_line);

/* --- tables and double-dummy tags (pbn_tables.c) --- */

void pbn_table_start(pbn_game *g, pbn_tag id, const char *columns, uint64_t line);
void pbn_table_element(pbn_game *g, const char *s, size_t n, bool quoted, uint64_t line);
void pbn_table_comment(pbn_game *g, uint64_t line);
void pbn_table_end(pbn_game *g);
bool pbn_parse_ddt(const char *v, int8_t t[5][4]);
bool pbn_parse_ability(const char *v, int8_t t[5][4]);
/* Merges [DoubleDummyTricks], [OptimumResultTable] and [Ability] into
 * d->dd_table; a disagreement between two of them fails the game. */
void pbn_dd_merge(pbn_game *g);

#endif
