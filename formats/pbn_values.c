/* pbn_values.c -- PBN tag names and the syntax of their values (PBN 2.1
 * S3.4 identification tags, S4 supplemental tags), plus the de-facto
 * double-dummy tags and whistlab's whist tags [Trump], [TurnUp], [Leader].
 *
 * Values are checked as the standard writes them, with the few producer
 * forms real files use: "1N" for 1NT and "3NR" for 3NTXX in [Contract]
 * (rpbridge), dates like
 * "2013-08-10 17:04" and "14:12" (BBO via pbntools), "NS +400" scores. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "pbn_game.h"

#define NI PBN_TAG_NO_INHERIT
#define TAB (PBN_TAG_TABLE | PBN_TAG_TRACKED)
#define TR PBN_TAG_TRACKED

static const struct {
    const char *name;
    unsigned flags;
} TAGS[TAG_COUNT] = {
    [TAG_EVENT] = {"Event", 0},
    [TAG_SITE] = {"Site", 0},
    [TAG_DATE] = {"Date", 0},
    [TAG_BOARD] = {"Board", TR},
    [TAG_WEST] = {"West", 0},
    [TAG_NORTH] = {"North", 0},
    [TAG_EAST] = {"East", 0},
    [TAG_SOUTH] = {"South", 0},
    [TAG_DEALER] = {"Dealer", NI},
    [TAG_VULNERABLE] = {"Vulnerable", NI},
    [TAG_DEAL] = {"Deal", NI},
    [TAG_SCORING] = {"Scoring", 0},
    [TAG_DECLARER] = {"Declarer", NI},
    [TAG_CONTRACT] = {"Contract", NI},
    [TAG_RESULT] = {"Result", TR},
    [TAG_AUCTION] = {"Auction", NI},
    [TAG_PLAY] = {"Play", NI},
    [TAG_NOTE] = {"Note", NI},
    [TAG_SCORE] = {"Score", 0},
    [TAG_SCOREIMP] = {"ScoreIMP", 0},
    [TAG_SCOREMP] = {"ScoreMP", 0},
    [TAG_SCOREPERCENTAGE] = {"ScorePercentage", 0},
    [TAG_SCORERUBBER] = {"ScoreRubber", 0},
    [TAG_SCORERUBBERHISTORY] = {"ScoreRubberHistory", 0},
    [TAG_OPTIMUMSCORE] = {"OptimumScore", 0},
    [TAG_ROUND] = {"Round", 0},
    [TAG_EVENTDATE] = {"EventDate", 0},
    [TAG_UTCDATE] = {"UTCDate", 0},
    [TAG_TIME] = {"Time", 0},
    [TAG_UTCTIME] = {"UTCTime", 0},
    [TAG_FRENCHMP] = {"FrenchMP", 0},
    [TAG_ROOM] = {"Room", 0},
    [TAG_HIDDEN] = {"Hidden", 0},
    [TAG_TIMECONTROL] = {"TimeControl", 0},
    [TAG_TIMECALL] = {"TimeCall", 0},
    [TAG_TIMECARD] = {"TimeCard", 0},
    [TAG_COMPETITION] = {"Competition", 0},
    [TAG_DEALID] = {"DealId", 0},
    [TAG_DESCRIPTION] = {"Description", 0},
    [TAG_GENERATOR] = {"Generator", 0},
    [TAG_TERMINATION] = {"Termination", 0},
    [TAG_BIDSYSTEMEW] = {"BidSystemEW", 0},
    [TAG_BIDSYSTEMNS] = {"BidSystemNS", 0},
    [TAG_PAIREW] = {"PairEW", 0},
    [TAG_PAIRNS] = {"PairNS", 0},
    [TAG_WESTNA] = {"WestNA", 0},
    [TAG_NORTHNA] = {"NorthNA", 0},
    [TAG_EASTNA] = {"EastNA", 0},
    [TAG_SOUTHNA] = {"SouthNA", 0},
    [TAG_WESTTYPE] = {"WestType", 0},
    [TAG_NORTHTYPE] = {"NorthType", 0},
    [TAG_EASTTYPE] = {"EastType", 0},
    [TAG_SOUTHTYPE] = {"SouthType", 0},
    [TAG_EVENTSPONSOR] = {"EventSponsor", 0},
    [TAG_HOMETEAM] = {"HomeTeam", 0},
    [TAG_SECTION] = {"Section", 0},
    [TAG_STAGE] = {"Stage", 0},
    [TAG_TABLE] = {"Table", 0},
    [TAG_VISITTEAM] = {"VisitTeam", 0},
    [TAG_ANNOTATOR] = {"Annotator", 0},
    [TAG_ANNOTATORNA] = {"AnnotatorNA", 0},
    [TAG_APPLICATION] = {"Application", 0},
    [TAG_MODE] = {"Mode", 0},
    [TAG_ACTIONTABLE] = {"ActionTable", TAB},
    [TAG_AUCTIONTIMETABLE] = {"AuctionTimeTable", TAB},
    [TAG_INSTANTSCORETABLE] = {"InstantScoreTable", TAB},
    [TAG_OPTIMUMPLAYTABLE] = {"OptimumPlayTable", TAB},
    [TAG_OPTIMUMRESULTTABLE] = {"OptimumResultTable", TAB},
    [TAG_PLAYTIMETABLE] = {"PlayTimeTable", TAB},
    [TAG_SCORETABLE] = {"ScoreTable", TAB},
    [TAG_TOTALSCORETABLE] = {"TotalScoreTable", TAB},
    [TAG_DOUBLEDUMMYTRICKS] = {"DoubleDummyTricks", TR},
    [TAG_ABILITY] = {"Ability", TR},
    [TAG_TRUMP] = {"Trump", TR},
    [TAG_TURNUP] = {"TurnUp", TR},
    [TAG_LEADER] = {"Leader", TR},
};

/* Names are found by length and first letter: each (length, letter) holds
 * at most a few tags, so a lookup is a couple of short compares. */
#define NAME_LEN_MAX 24
#define BUCKET 6
static uint8_t bucket[NAME_LEN_MAX][26][BUCKET];
static pthread_once_t buckets_once = PTHREAD_ONCE_INIT;

static void build_buckets(void)
{
    for (int id = 1; id < TAG_COUNT; id++) {
        const char *name = TAGS[id].name;
        uint8_t *b = bucket[strlen(name)][name[0] - 'A'];
        int i = 0;
        while (b[i]) i++;
        b[i] = (uint8_t)id; /* no (length, letter) holds more than 4 tags */
    }
}

pbn_tag pbn_tag_lookup(const char *name, size_t len)
{
    pthread_once(&buckets_once, build_buckets);
    if (len >= NAME_LEN_MAX || name[0] < 'A' || name[0] > 'Z') return TAG_UNKNOWN;
    const uint8_t *b = bucket[len][name[0] - 'A'];
    for (int i = 0; i < BUCKET && b[i]; i++) {
        const char *s = TAGS[b[i]].name;
        size_t k = 1;
        while (k < len && s[k] == name[k]) k++;
        if (k == len) return (pbn_tag)b[i];
    }
    return TAG_UNKNOWN;
}

const char *pbn_tag_name(pbn_tag id) { return id > 0 && id < TAG_COUNT ? TAGS[id].name : "?"; }
unsigned pbn_tag_flags(pbn_tag id) { return id < TAG_COUNT ? TAGS[id].flags : 0; }

static bool is_digit(int c) { return c >= '0' && c <= '9'; }
static int upper(int c) { return c >= 'a' && c <= 'z' ? c - 32 : c; }
static bool unknown_or_empty(const char *v) { return !v[0] || (v[0] == '?' && !v[1]); }

/* Case-insensitive equality (S3.11 allows lower case in import format). */
static bool same_word(const char *v, const char *w)
{
    for (; *w; v++, w++)
        if (upper((unsigned char)*v) != *w) return false;
    return !*v;
}

bool pbn_parse_seat(const char *v, uint8_t *seat)
{
    *seat = SEAT_NONE;
    if (unknown_or_empty(v)) return true;
    int s = seat_from_char(v[0]);
    if (s < 0 || v[1]) return false;
    *seat = (uint8_t)s;
    return true;
}

int pbn_parse_vulnerable(const char *v)
{
    if (unknown_or_empty(v)) return -1;
    if (same_word(v, "NONE") || same_word(v, "LOVE") || strcmp(v, "-") == 0) return 0;
    if (same_word(v, "NS")) return 1;
    if (same_word(v, "EW")) return 2;
    if (same_word(v, "ALL") || same_word(v, "BOTH")) return 3;
    return -2;
}

bool pbn_parse_declarer(const char *v, uint8_t *seat, bool *irregular)
{
    *irregular = v[0] == '^'; /* S3.4.13: declarer and dummy swapped */
    return pbn_parse_seat(v + *irregular, seat) && (!*irregular || *seat != SEAT_NONE);
}

/* Denomination at *p: S H D C NT, or N (as rpbridge writes 1NT); advances. */
static int parse_denomination(const char **p)
{
    const char *s = *p;
    int u = upper((unsigned char)s[0]);
    if (u == 'N') {
        *p = s + (upper((unsigned char)s[1]) == 'T' ? 2 : 1);
        return STRAIN_NT;
    }
    int suit = suit_from_char(u);
    if (suit >= 0) *p = s + 1;
    return suit;
}

bool pbn_parse_contract(const char *v, pbn_contract *c)
{
    memset(c, 0, sizeof *c);
    c->strain = STRAIN_NONE;
    if (unknown_or_empty(v)) return true;
    if (same_word(v, "PASS")) {
        c->passed = true;
        return true;
    }
    const char *p = v;
    if (*p >= '1' && *p <= '7') c->level = (uint8_t)(*p++ - '0');
    int strain = parse_denomination(&p);
    if (strain < 0) return false;
    c->strain = (uint8_t)strain;
    if (c->level == 0) { /* S3.10: an end position gives the denomination only */
        c->given = !*p;
        return c->given;
    }
    while (upper((unsigned char)*p) == 'X' && c->risk < 2) {
        c->risk++;
        p++;
    }
    if (c->risk == 0 && upper((unsigned char)*p) == 'R') { /* rpbridge: "3NR" = 3NTXX */
        c->risk = 2;
        p++;
    }
    c->given = !*p;
    return c->given;
}

/* A number of tricks 0..13 at *p; advances. */
static int parse_tricks(const char **p)
{
    const char *s = *p;
    if (!is_digit(s[0])) return -1;
    int n = s[0] - '0';
    if (is_digit(s[1])) n = n * 10 + (s[1] - '0'), s++;
    if (is_digit(s[1]) || n > 13) return -1;
    *p = s + 1;
    return n;
}

bool pbn_parse_result(const char *v, pbn_result *r)
{
    memset(r, 0, sizeof *r);
    r->bare = r->ns = r->ew = -1;
    if (unknown_or_empty(v)) return true;
    const char *p = v;
    if (*p == '^') r->irregular = true, p++;
    if (is_digit(*p)) {
        r->bare = (int8_t)parse_tricks(&p);
        r->given = r->bare >= 0 && !*p;
        return r->given;
    }
    for (int i = 0; i < 2; i++) {
        bool ns = p[0] == 'N' && p[1] == 'S', ew = p[0] == 'E' && p[1] == 'W';
        if ((!ns && !ew) || p[2] != ' ') return false;
        p += 3;
        int n = parse_tricks(&p);
        if (n < 0 || (ns ? r->ns : r->ew) >= 0) return false;
        *(ns ? &r->ns : &r->ew) = (int8_t)n;
        if (!*p) break;
        if (*p++ != ' ' || i == 1) return false;
    }
    r->given = true;
    return true;
}

/* Rank of a rank letter, any case (S3.11); 0 if not one. A table: this is
 * the innermost loop of reading big deal files. */
static const uint8_t RANK_OF[256] = {
    ['2'] = 2, ['3'] = 3, ['4'] = 4, ['5'] = 5, ['6'] = 6, ['7'] = 7, ['8'] = 8, ['9'] = 9,
    ['T'] = RANK_T, ['J'] = RANK_J, ['Q'] = RANK_Q, ['K'] = RANK_K, ['A'] = RANK_A,
    ['t'] = RANK_T, ['j'] = RANK_J, ['q'] = RANK_Q, ['k'] = RANK_K, ['a'] = RANK_A,
};

/* Why the hand text s..end is not a hand (the slow path of parse_hand). */
static void hand_error(const unsigned char *p, const unsigned char *end, char who, char *why,
                       size_t n)
{
    hand_t h = 0;
    int shift = 0;
    for (; p < end; p++) {
        if (*p == '.') {
            if ((shift += 16) > 48) {
                snprintf(why, n, "deal: hand %c has more than four suits", who);
                return;
            }
            continue;
        }
        int rank = RANK_OF[*p];
        if (!rank) {
            if (p[0] == '1' && p + 1 < end && p[1] == '0')
                snprintf(why, n, "deal: hand %c writes a ten as \"10\" (PBN writes T)", who);
            else
                snprintf(why, n, "deal: hand %c has a bad rank '%c'", who, *p);
            return;
        }
        if (h >> (shift + rank) & 1) {
            char cs[3];
            snprintf(why, n, "duplicate card %s", card_format((card_t)(shift + rank), cs));
            return;
        }
        h |= 1ull << (shift + rank);
    }
    snprintf(why, n, "deal: hand %c does not have four suits separated by '.'", who);
}

/* What a character of a hand's text is, for parse_hand's loop: its rank
 * (2..14, RANK_OF), HAND_DOT, HAND_END (the space or NUL after the hand) or
 * 0 (not allowed); a '.' also moves to the next suit's lane (HAND_STEP). */
enum { HAND_DOT = 1, HAND_END = 15, HAND_STEP = 16 << 8 };
static const uint16_t HAND_CHAR[256] = {
    ['2'] = 2, ['3'] = 3, ['4'] = 4, ['5'] = 5, ['6'] = 6, ['7'] = 7, ['8'] = 8, ['9'] = 9,
    ['T'] = RANK_T, ['J'] = RANK_J, ['Q'] = RANK_Q, ['K'] = RANK_K, ['A'] = RANK_A,
    ['t'] = RANK_T, ['j'] = RANK_J, ['q'] = RANK_Q, ['k'] = RANK_K, ['a'] = RANK_A,
    ['.'] = HAND_DOT | HAND_STEP, [' '] = HAND_END, [0] = HAND_END,
};
/* Bit 0 of each suit's lane: set by a character that is not allowed. */
#define HAND_BAD_BITS 0x0001000100010001ull

/* One hand "AQ9.T82..KJ3" at *p, up to a space or the end; advances and
 * sets *cards. The loop has no data-dependent branch but its end: a rank
 * sets its bit in the suit's lane, a '.' the unused bit 1 of its lane and a
 * bad character bit 0, so one table look-up a character does it all;
 * anything odd is sorted out by hand_error. */
static bool parse_hand(const unsigned char **at, hand_t *hand, int *cards, char who, char *why,
                       size_t n)
{
    const unsigned char *p = *at;
    hand_t h = 0, twice = 0;
    unsigned shift = 0;
    for (unsigned e; (e = HAND_CHAR[*p]) != HAND_END; p++) {
        hand_t bit = 1ull << ((shift + (e & 0xFF)) & 63);
        twice |= h & bit;
        h |= bit;
        shift += e >> 8;
    }
    if ((h & HAND_BAD_BITS) || shift != 48 || (twice & HAND_ALL)) {
        hand_error(*at, p, who, why, n);
        return false;
    }
    *hand = h & HAND_ALL;
    *cards = hand_count(*hand);
    *at = p;
    return true;
}

bool pbn_parse_deal(const char *v, hand_t hands[4], int cards[4], unsigned *known, char *why,
                    size_t n)
{
    *known = 0;
    int first = seat_from_char(v[0]);
    if (first < 0 || v[1] != ':') {
        snprintf(why, n, "deal must start with the first hand's seat and ':' (\"N:...\")");
        return false;
    }
    const unsigned char *p = (const unsigned char *)v + 2;
    for (int i = 0; i < 4; i++) {
        int seat = (first + i) & 3;
        if (i > 0) {
            if (*p == ' ' && p[1] == ' ') {
                snprintf(why, n, "deal: more than one space between hands");
                return false;
            }
            if (*p != ' ') {
                snprintf(why, n, "deal has fewer than four hands");
                return false;
            }
            p++;
        }
        if (*p == '-' && (p[1] == ' ' || !p[1])) { /* S3.4.11: hand not given */
            p++;
            continue;
        }
        if (!parse_hand(&p, &hands[seat], &cards[seat], SEAT_CHARS[seat], why, n)) return false;
        *known |= 1u << seat;
    }
    if (*p) {
        snprintf(why, n, "deal: text after the fourth hand");
        return false;
    }
    return true;
}

int pbn_parse_note(const char *v)
{
    int n = 0, digits = 0;
    for (; is_digit(*v) && digits < 3; v++, digits++) n = n * 10 + (*v - '0');
    return digits && *v == ':' && n >= 1 && n <= 32 ? n : -1;
}

static void skip_spaces(const char **p)
{
    while (**p == ' ') (*p)++;
}

/* An integer at *p, optionally signed; advances. */
static bool parse_int(const char **p, bool sign_ok, long *out)
{
    const char *s = *p;
    bool neg = false;
    if (sign_ok && (*s == '+' || *s == '-')) neg = *s++ == '-';
    if (!is_digit(*s)) return false;
    long v = 0;
    for (; is_digit(*s); s++)
        if (v < 100000000) v = v * 10 + (*s - '0');
    *out = neg ? -v : v;
    *p = s;
    return true;
}

typedef enum { NUM_INT, NUM_DECIMAL, NUM_PERCENT, NUM_RUBBER } num_kind;

/* One score of the kind at *p (S4.2); advances. */
static bool parse_score(const char **p, num_kind kind)
{
    long v;
    if (kind == NUM_RUBBER) { /* <above>/<below>, spaces allowed around '/' */
        if (!parse_int(p, false, &v)) return false;
        skip_spaces(p);
        if (**p != '/') return false;
        (*p)++;
        skip_spaces(p);
        return parse_int(p, false, &v);
    }
    const char *s = *p;
    if (!parse_int(&s, kind != NUM_PERCENT, &v)) return false;
    if (kind != NUM_INT && *s == '.') {
        s++;
        while (is_digit(*s)) s++;
    }
    if (kind == NUM_PERCENT && v > 100) return false;
    *p = s;
    return true;
}

/* "<s>", "NS <s>", "EW <s>", "NS <s> EW <s>", "EW <s> NS <s>" (S4.2.1);
 * bare_ok false for OptimumScore (S4.2.7: a side is required). */
static bool score_forms(const char *v, num_kind kind, bool bare_ok)
{
    const char *p = v;
    skip_spaces(&p);
    bool sided = (p[0] == 'N' && p[1] == 'S') || (p[0] == 'E' && p[1] == 'W');
    if (!sided) {
        if (!bare_ok || !parse_score(&p, kind)) return false;
        skip_spaces(&p);
        return !*p;
    }
    char first = 0;
    for (int i = 0; i < 2; i++) {
        bool ns = p[0] == 'N' && p[1] == 'S', ew = p[0] == 'E' && p[1] == 'W';
        if ((!ns && !ew) || p[0] == first || p[2] != ' ') return false;
        first = p[0];
        p += 2;
        skip_spaces(&p);
        if (!parse_score(&p, kind)) return false;
        if (*p && *p != ' ') return false;
        skip_spaces(&p);
        if (!*p) return true;
    }
    return false;
}

/* Matches pat: '#' a digit or '?', 'd' a digit, anything else itself. */
static bool pattern(const char *v, const char *pat)
{
    for (; *pat; v++, pat++) {
        if (*pat == '#' ? !(is_digit(*v) || *v == '?')
            : *pat == 'd' ? !is_digit(*v) : *v != *pat)
            return false;
    }
    return !*v;
}

static bool date_ok(const char *v)
{
    return unknown_or_empty(v) || pattern(v, "####.##.##") || pattern(v, "dddd-dd-dd") ||
           pattern(v, "dddd-dd-dd dd:dd") || pattern(v, "dddd-dd-dd dd:dd:dd") ||
           pattern(v, "dd:dd");
}

/* S3.4.12: fields separated by ';', each a name such as MP, IMP_1948, Butler-2. */
static bool scoring_ok(const char *v)
{
    if (unknown_or_empty(v)) return true;
    for (const char *p = v;; p++) {
        const char *s = p;
        while ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || is_digit(*p) ||
               *p == '_' || *p == '-')
            p++;
        if (p == s || (*p && *p != ';')) return false;
        if (!*p) return true;
    }
}

/* S4.4.4: indicators of letters, digits and '_', separated by '.'. */
static bool round_ok(const char *v)
{
    if (unknown_or_empty(v)) return true;
    for (const char *p = v;; p++) {
        const char *s = p;
        while ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || is_digit(*p) || *p == '_')
            p++;
        if (p == s || (*p && *p != '.')) return false;
        if (!*p) return true;
    }
}

/* One <HistoryScore> (S4.2.6): above-previous above-current / below-1..3.
 * Fills below[] and returns how many below-the-line values, 0 if bad. */
static int rubber_side(const char **p, long below[3])
{
    long v;
    skip_spaces(p);
    if (!parse_int(p, false, &v)) return 0;
    skip_spaces(p);
    if (!parse_int(p, false, &v)) return 0;
    skip_spaces(p);
    if (**p != '/') return 0;
    (*p)++;
    int n = 0;
    for (;;) {
        skip_spaces(p);
        if (!is_digit(**p)) break;
        if (n == 3) return 0;
        parse_int(p, false, &below[n++]);
    }
    return n;
}

int pbn_parse_rubber_history(const char *v)
{
    long below[2][3];
    int games[2] = {0, 0};
    const char *p = v;
    for (int i = 0; i < 2; i++) {
        skip_spaces(&p);
        int side = p[0] == 'N' && p[1] == 'S' ? 0 : p[0] == 'E' && p[1] == 'W' ? 1 : -1;
        if (side < 0 || games[side]) return -1;
        p += 2;
        games[side] = rubber_side(&p, below[side]);
        if (!games[side]) return -1;
    }
    skip_spaces(&p);
    if (*p || games[0] != games[1]) return -1;
    /* Every game before the current one was won by the side that reached
     * 100 below the line; a side that won a game is vulnerable. */
    int vul = 0;
    for (int g = 0; g + 1 < games[0]; g++) {
        bool ns = below[0][g] >= 100, ew = below[1][g] >= 100;
        if (ns == ew) return -1;
        vul |= ns ? 1 : 2;
    }
    return vul;
}

bool pbn_check_value(pbn_tag id, const char *v, char *why, size_t n)
{
    bool ok = true;
    switch (id) {
    case TAG_DATE: case TAG_EVENTDATE: case TAG_UTCDATE:
        ok = date_ok(v);
        break;
    case TAG_TIME: case TAG_UTCTIME:
        ok = unknown_or_empty(v) || pattern(v, "##:##:##");
        break;
    case TAG_ROUND:
        ok = round_ok(v);
        break;
    case TAG_SCORING:
        ok = scoring_ok(v);
        break;
    case TAG_SCORE:
        ok = unknown_or_empty(v) || score_forms(v, NUM_INT, true);
        break;
    case TAG_SCOREIMP: case TAG_SCOREMP:
        ok = unknown_or_empty(v) || score_forms(v, NUM_DECIMAL, true);
        break;
    case TAG_SCOREPERCENTAGE:
        ok = unknown_or_empty(v) || score_forms(v, NUM_PERCENT, true);
        break;
    case TAG_SCORERUBBER:
        ok = unknown_or_empty(v) || score_forms(v, NUM_RUBBER, true);
        break;
    case TAG_OPTIMUMSCORE:
        ok = unknown_or_empty(v) || score_forms(v, NUM_INT, false);
        break;
    case TAG_SCORERUBBERHISTORY:
        ok = unknown_or_empty(v) || pbn_parse_rubber_history(v) >= 0;
        break;
    case TAG_FRENCHMP:
        ok = unknown_or_empty(v) || strcmp(v, "Yes") == 0 || strcmp(v, "No") == 0;
        break;
    case TAG_ROOM:
        ok = unknown_or_empty(v) || strcmp(v, "Open") == 0 || strcmp(v, "Closed") == 0;
        break;
    case TAG_HIDDEN:
        ok = strspn(v, "NESWnesw") == strlen(v);
        break;
    case TAG_TIMECONTROL: {
        const char *p = v;
        long x;
        ok = !*p || (parse_int(&p, false, &x) && *p++ == '/' && parse_int(&p, false, &x) && !*p);
        break;
    }
    case TAG_TIMECALL: case TAG_TIMECARD: {
        const char *p = v;
        long x;
        ok = unknown_or_empty(v) || (parse_int(&p, false, &x) && !*p);
        break;
    }
    default:
        break;
    }
    if (!ok) snprintf(why, n, "bad [%s] value \"%s\"", pbn_tag_name(id), v);
    return ok;
}
