/* convention_compile.c -- reads a convention table (the text format of
 * analyze/lead/conventions/README.md) and compiles it: conditions and filters into
 * bit masks, card rows into a per-holding index, "match(...)" row ranges into
 * holding bitmaps, names into indices, [play] rows (with those they
 * inherit) into the bucketed masks of play_rows.h. Nothing is looked up by string when
 * a lead is chosen. Errors are "file:line: reason". */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/lead/convention_compile.h"

#define MAX_WORDS 48
#define MAX_PENDING 64
#define RB(r) (1u << (r))

enum { SEC_HEADER, SEC_SUIT, SEC_TABLE, SEC_CONTINUE, SEC_RETURN, SEC_LATER, SEC_PLAY };

/* What a list of card rows ("[CONV:][TABLE:]ROW..ROW,ROW ...") is for:
 * a match(...) set, C5's good(...) set, C1's answer(...) rows. */
enum { REF_MATCH, REF_GOOD, REF_ANSWER, REF_PLAY };
#define REF_TEXT_MAX 200

typedef struct {
    const char *file;
    int line;
    diag_t *diag;
    convention *c;
    convention_resolver resolve;
    const char *opts;
    bool opts_applied;
    int sec, table; /* current section; card table index for SEC_TABLE */
    bool seen_sec[SEC_PLAY + 1];
    bool seen_c1, seen_c5;
    bool inherited; /* [play] has its 'inherit' line */
    bool strong_said; /* [play] has its 'strong' line */
    /* references resolved once the whole text is read */
    struct { uint8_t purpose; int8_t set; char text[REF_TEXT_MAX]; int line; } pref[CONV_MAX_SETS + 2 + PLAY_MAX_MATCH];
    int npref;
    struct { uint8_t table, row; char id[CONV_ID_MAX]; int line; } prule[MAX_PENDING];
    int nprule;
    struct { uint8_t table, row; char name[16]; int line; } pjump[MAX_PENDING];
    int npjump;
} parser;

static bool fail(parser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(parser *p, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_set(p->diag, p->file, (uint64_t)(p->line > 0 ? p->line : 0), "%s", msg);
    return false;
}

/* ---- words ---------------------------------------------------------- */

/* Splits s in place into words; blanks inside parentheses do not split.
 * A '#' outside parentheses ends the line; *comment gets what follows it. */
static int split_words(parser *p, char *s, char **w, const char **comment)
{
    int n = 0, depth = 0;
    *comment = NULL;
    char *q = s;
    while (*q) {
        while (*q && isspace((unsigned char)*q)) q++;
        if (!*q) break;
        if (*q == '#') {
            *q = 0;
            *comment = q + 1;
            break;
        }
        if (n == MAX_WORDS) return fail(p, "too many words on one line"), -1;
        w[n++] = q;
        while (*q && (depth > 0 || (!isspace((unsigned char)*q) && *q != '#'))) {
            if (*q == '(') depth++;
            else if (*q == ')' && --depth < 0) return fail(p, "unbalanced ')'"), -1;
            q++;
        }
        if (depth > 0) return fail(p, "unbalanced '('"), -1;
        if (*q == '#') {
            *q = 0;
            *comment = q + 1;
            break;
        }
        if (*q) *q++ = 0;
    }
    return n;
}

/* "name(inner)": copies inner into buf and returns true when word has that form. */
static bool call_form(const char *word, const char *name, char *buf, size_t len)
{
    size_t k = strlen(name), wl = strlen(word);
    if (strncmp(word, name, k) != 0 || word[k] != '(' || wl < k + 2 || word[wl - 1] != ')')
        return false;
    size_t inner = wl - k - 2;
    if (inner >= len) inner = len - 1;
    memcpy(buf, word + k + 1, inner);
    buf[inner] = 0;
    return true;
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s)) s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1])) *--e = 0;
    return s;
}

/* Copies src with its runs of white space made one space; false when it
 * did not fit (dst then holds what did). */
static bool copy_text(char *dst, size_t len, const char *src)
{
    size_t k = 0;
    bool space = false;
    while (*src && isspace((unsigned char)*src)) src++;
    for (; *src && k + 1 < len; src++) {
        if (isspace((unsigned char)*src)) {
            space = true;
            continue;
        }
        if (space && k) dst[k++] = ' ';
        space = false;
        if (k + 1 < len) dst[k++] = *src;
    }
    dst[k] = 0;
    return !*src;
}

static bool copy_id(parser *p, char *dst, const char *id)
{
    if (strlen(id) >= CONV_ID_MAX) return fail(p, "id '%s' is longer than %d characters", id, CONV_ID_MAX - 1);
    strcpy(dst, id);
    return true;
}

/* ---- numbers, ranks, comparisons ------------------------------------- */

static int parse_rank(const char *s)
{
    if (s[0] && !s[1]) return rank_from_char(s[0]);
    if (strcmp(s, "10") == 0) return RANK_T;
    return -1;
}

static int parse_int(const char *s)
{
    if (!*s) return -1;
    int v = 0;
    for (; *s; s++) {
        if (!isdigit((unsigned char)*s) || v > 1000) return -1;
        v = v * 10 + (*s - '0');
    }
    return v;
}

/* Splits "name OP value"; OP one of >= <= != = > <. */
static bool split_cmp(const char *w, char *name, size_t nlen, char op[3], const char **value)
{
    const char *q = w;
    while (*q && (isalnum((unsigned char)*q) || *q == '_')) q++;
    size_t k = (size_t)(q - w);
    if (k == 0 || k >= nlen) return false;
    memcpy(name, w, k);
    name[k] = 0;
    if ((q[0] == '>' || q[0] == '<' || q[0] == '!') && q[1] == '=') {
        op[0] = q[0]; op[1] = '='; op[2] = 0;
        *value = q + 2;
    } else if (q[0] == '=' || q[0] == '<' || q[0] == '>') {
        op[0] = q[0]; op[1] = 0;
        *value = q + 1;
    } else {
        return false;
    }
    return true;
}

/* Bits x in lo..hi with (x OP v). */
static uint64_t cmp_mask(const char *op, int v, int lo, int hi)
{
    uint64_t m = 0;
    for (int x = lo; x <= hi; x++) {
        bool ok = strcmp(op, ">=") == 0 ? x >= v : strcmp(op, "<=") == 0 ? x <= v :
                  strcmp(op, "!=") == 0 ? x != v : strcmp(op, ">") == 0 ? x > v :
                  strcmp(op, "<") == 0 ? x < v : x == v;
        if (ok) m |= 1ULL << x;
    }
    return m;
}

/* "AKQ" -> rank mask; "-" -> 0. */
static bool parse_ranks(parser *p, const char *s, uint16_t *mask, const char *what)
{
    *mask = 0;
    if (strcmp(s, "-") == 0) return true;
    for (; *s; s++) {
        int r = rank_from_char(*s);
        if (r < 0) return fail(p, "%s: '%c' is not a rank (A K Q J T 9..2)", what, *s);
        if (*mask & RB(r)) return fail(p, "%s: rank %c given twice", what, *s);
        *mask |= (uint16_t)RB(r);
    }
    return true;
}

/* ---- options ---------------------------------------------------------- */

static int option_index(const convention *c, const char *name)
{
    for (int i = 0; i < c->noptions; i++)
        if (strcmp(c->option_name[i], name) == 0) return i;
    return -1;
}

/* Switches on the options asked for ("a+b" or "a b"), once the header is read. */
static bool apply_options(parser *p)
{
    if (p->opts_applied) return true;
    p->opts_applied = true;
    if (!p->opts) return true;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", p->opts);
    char *save;
    for (char *tok = strtok_r(buf, "+ ,", &save); tok; tok = strtok_r(NULL, "+ ,", &save)) {
        int i = option_index(p->c, tok);
        if (i < 0) {
            char known[200] = "";
            for (int k = 0; k < p->c->noptions; k++)
                snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", k ? ", " : "",
                         p->c->option_name[k]);
            p->line = 0;
            return fail(p, "convention %s has no option '%s' (options: %s)", p->c->name, tok,
                        p->c->noptions ? known : "none");
        }
        p->c->options_on |= 1u << i;
    }
    return true;
}

/* "option=NAME": 1 on, 0 off, -1 error. */
static int option_term(parser *p, const char *w)
{
    const char *name = w + strlen("option=");
    int i = option_index(p->c, name);
    if (i < 0) return fail(p, "unknown option '%s' (declare it with an 'option' line)", name), -1;
    return (p->c->options_on >> i) & 1;
}

/* ---- suit filters ------------------------------------------------------ */

static int new_filter(parser *p)
{
    convention *c = p->c;
    if (c->nfilters == CONV_MAX_FILTERS) return fail(p, "too many filters (limit %d)", CONV_MAX_FILTERS), -1;
    suit_filter *f = &c->filter[c->nfilters];
    memset(f, 0, sizeof *f);
    f->n_ok = 0x3FFF;
    f->hc_ok = 0x3F;
    f->hon_ok = 0x1F;
    f->top_ok = f->h2_ok = 0xFFFF;
    f->set = -1;
    f->not_filter = -1;
    return c->nfilters++;
}

static const struct { const char *name; uint16_t flag; } FLAG_NAMES[] = {
    {"good_long", HF_GOOD_LONG}, {"strong", HF_STRONG},       {"stopped", HF_STOPPED},
    {"tenace", HF_TENACE},       {"touching", HF_TOUCHING},   {"established", HF_ESTABLISHED},
    {"reentry", HF_REENTRY},     {"other_ace", HF_OTHER_ACE}, {"trumps", HF_TRUMPS},
};

static int parse_filter(parser *p, const char *text);

/* A play-state test "opened(WHO)", "discarded(WHO)" or "void(WHO)": its
 * SEEN_* bits (0 if the word is no such test, -1 on error). */
static int seen_test(parser *p, const char *a)
{
    static const struct { const char *name; int event; } EVENTS[] = {
        {"opened", SEEN_OPENED}, {"discarded", SEEN_DISCARDED}, {"void", SEEN_VOID},
    };
    /* seats relative to the player choosing: 0 himself, 1 lho, 2 pt, 3 rho */
    static const struct { const char *name; unsigned seats; } WHO[] = {
        {"me", 1u << 0}, {"lho", 1u << 1}, {"pt", 1u << 2}, {"rho", 1u << 3},
        {"opp", 1u << 1 | 1u << 3}, {"any", 1u << 1 | 1u << 2 | 1u << 3},
    };
    char inner[32];
    for (size_t e = 0; e < sizeof EVENTS / sizeof EVENTS[0]; e++) {
        if (!call_form(a, EVENTS[e].name, inner, sizeof inner)) continue;
        const char *who = trim(inner);
        for (size_t k = 0; k < sizeof WHO / sizeof WHO[0]; k++)
            if (strcmp(who, WHO[k].name) == 0) return (int)(WHO[k].seats << EVENTS[e].event);
        return fail(p, "%s(%s): name who, one of me, pt, lho, rho, opp, any", EVENTS[e].name, who), -1;
    }
    return 0;
}

/* Records a list of card rows (resolved once the whole text is read). */
static bool add_row_refs(parser *p, uint8_t purpose, int8_t set, const char *what, const char *inner)
{
    if (p->npref == (int)(sizeof p->pref / sizeof p->pref[0])) return fail(p, "too many lists of rows");
    if (strlen(inner) >= REF_TEXT_MAX) return fail(p, "%s(...): longer than %d characters", what, REF_TEXT_MAX - 1);
    if (!inner[strspn(inner, " \t,")])
        return fail(p, "%s(): name the rows, e.g. %s(LS1..LS12)", what, what);
    int k = p->npref++;
    p->pref[k].purpose = purpose;
    p->pref[k].set = set;
    snprintf(p->pref[k].text, REF_TEXT_MAX, "%s", inner);
    p->pref[k].line = p->line;
    return true;
}

/* "match(ROWS)": the holdings a row of ROWS holds. */
static bool parse_match(parser *p, suit_filter *f, const char *inner)
{
    if (p->c->nsets == CONV_MAX_SETS) return fail(p, "too many match(...) sets (limit %d)", CONV_MAX_SETS);
    int8_t k = (int8_t)p->c->nsets;
    if (!add_row_refs(p, REF_MATCH, k, "match", inner)) return false;
    f->set = k;
    p->c->nsets++;
    return true;
}

static bool parse_filter_term(parser *p, int fi, char *a)
{
    suit_filter *f = &p->c->filter[fi];
    char inner[96];
    if (strncmp(a, "!(", 2) == 0) {
        if (f->not_filter >= 0) return fail(p, "only one !(...) per filter");
        size_t len = strlen(a);
        if (a[len - 1] != ')') return fail(p, "unbalanced '(' in '%s'", a);
        a[len - 1] = 0;
        int sub = parse_filter(p, a + 2);
        if (sub < 0) return false;
        p->c->filter[sub].all_suits = true;
        p->c->filter[fi].not_filter = (int8_t)sub;
        return true;
    }
    bool neg = a[0] == '!';
    if (neg) a = trim(a + 1);
    if (strcmp(a, "all_suits") == 0) {
        if (neg) return fail(p, "'all_suits' cannot be negated");
        f->all_suits = true;
        return true;
    }
    for (size_t i = 0; i < sizeof FLAG_NAMES / sizeof FLAG_NAMES[0]; i++)
        if (strcmp(a, FLAG_NAMES[i].name) == 0) {
            if (neg) f->flags_off |= FLAG_NAMES[i].flag;
            else f->flags_on |= FLAG_NAMES[i].flag;
            return true;
        }
    int seen = seen_test(p, a);
    if (seen < 0) return false;
    if (seen) {
        if (neg) {
            f->seen_none |= (uint16_t)seen;
        } else {
            if (f->nseen_some == CONV_MAX_SEEN)
                return fail(p, "at most %d play-state tests without '!' in one filter", CONV_MAX_SEEN);
            f->seen_some[f->nseen_some++] = (uint16_t)seen;
        }
        return true;
    }
    if (call_form(a, "match", inner, sizeof inner)) {
        if (f->set >= 0) return fail(p, "only one match(...) per filter");
        f->set_neg = neg;
        return parse_match(p, f, inner);
    }
    if (strncmp(a, "has=", 4) == 0 || strncmp(a, "lacks=", 6) == 0) {
        if (neg) return fail(p, "'%s' cannot be negated (use lacks= / has=)", a);
        uint16_t m;
        bool has = a[0] == 'h';
        if (!parse_ranks(p, a + (has ? 4 : 6), &m, has ? "has" : "lacks")) return false;
        if (has) f->has |= m;
        else f->lacks |= m;
        return true;
    }
    char name[16], op[3];
    const char *value;
    if (!split_cmp(a, name, sizeof name, op, &value))
        return fail(p, "unknown suit test '%s'", a);
    bool rank_valued = strcmp(name, "top") == 0 || strcmp(name, "h2") == 0;
    if (!rank_valued && strcmp(name, "n") != 0 && strcmp(name, "hc") != 0 && strcmp(name, "hon") != 0)
        return fail(p, "unknown suit test '%s' (n, hc, hon, top, h2, has=, lacks=, a flag, opened(WHO), "
                       "discarded(WHO), void(WHO))", a);
    int v = rank_valued ? parse_rank(value) : parse_int(value);
    if (v < 0) return fail(p, "'%s': bad value '%s'", a, value);
    uint64_t m;
    if (strcmp(name, "n") == 0) {
        m = cmp_mask(op, v, 0, 13);
        f->n_ok &= (uint16_t)(neg ? ~m & 0x3FFF : m);
    } else if (strcmp(name, "hc") == 0) {
        m = cmp_mask(op, v, 0, 5);
        f->hc_ok &= (uint8_t)(neg ? ~m & 0x3F : m);
    } else if (strcmp(name, "hon") == 0) {
        m = cmp_mask(op, v, 0, 4);
        f->hon_ok &= (uint8_t)(neg ? ~m & 0x1F : m);
    } else {
        /* top or h2: a missing card (rank 0) never passes a rank comparison */
        m = cmp_mask(op, v, 2, 14);
        uint16_t *ok = name[0] == 't' ? &f->top_ok : &f->h2_ok;
        *ok &= (uint16_t)(neg ? ~m & 0x7FFD : m);
    }
    return true;
}

/* Parses "test, test, ..." into a new filter; its index or -1. */
static int parse_filter(parser *p, const char *text)
{
    int fi = new_filter(p);
    if (fi < 0) return -1;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text);
    char *s = buf;
    while (*s) {
        int depth = 0;
        char *e = s;
        while (*e && (depth > 0 || *e != ',')) {
            if (*e == '(') depth++;
            else if (*e == ')') depth--;
            e++;
        }
        bool last = !*e;
        *e = 0;
        char *a = trim(s);
        if (!*a) return fail(p, "empty test in filter '%s'", text), -1;
        if (!parse_filter_term(p, fi, a)) return -1;
        if (last) break;
        s = e + 1;
    }
    return fi;
}

/* ---- [suit] rules ------------------------------------------------------ */

static bool parse_hand_cond(parser *p, const char *w, cond_conj *cj)
{
    hand_cond hc;
    memset(&hc, 0, sizeof hc);
    hc.filter = -1;
    if (w[0] == '!') {
        hc.neg = true;
        w++;
    }
    char inner[160], name[16], op[3];
    const char *value;
    if (strncmp(w, "option=", 7) == 0) {
        int on = option_term(p, w);
        if (on < 0) return false;
        if (on != hc.neg) return true; /* always true: no term */
        hc.kind = HC_FALSE;
        hc.neg = false;
    } else if (strcmp(w, "strong_all_plain") == 0) {
        hc.kind = HC_STRONG_ALL_PLAIN;
    } else if (strcmp(w, "established_reentry") == 0) {
        hc.kind = HC_EST_REENTRY;
    } else if (strcmp(w, "turnup_tenace") == 0) {
        hc.kind = HC_TURNUP_TENACE;
    } else if (call_form(w, "some", inner, sizeof inner) || call_form(w, "all", inner, sizeof inner) ||
               call_form(w, "none", inner, sizeof inner) || call_form(w, "trump", inner, sizeof inner)) {
        hc.kind = w[0] == 's' ? HC_SOME : w[0] == 'a' ? HC_ALL : w[0] == 'n' ? HC_NONE : HC_TRUMP;
        int fi = parse_filter(p, inner);
        if (fi < 0) return false;
        if (hc.kind == HC_TRUMP) p->c->filter[fi].all_suits = true;
        hc.filter = (int8_t)fi;
    } else if (strncmp(w, "shape=", 6) == 0) {
        hc.kind = HC_SHAPE;
        const char *d = w + 6;
        if (!*d || strlen(d) > 4) return fail(p, "shape=%s: give 3 or 4 lengths, longest first", d);
        for (; *d; d++) {
            if (!isdigit((unsigned char)*d)) return fail(p, "shape=%s: lengths are digits", w + 6);
            hc.shape = (uint16_t)(hc.shape << 4 | (*d - '0'));
        }
    } else if (split_cmp(w, name, sizeof name, op, &value) &&
               (strcmp(name, "t") == 0 || strcmp(name, "hcp") == 0)) {
        int v = parse_int(value);
        if (v < 0) return fail(p, "'%s': bad number '%s'", w, value);
        hc.kind = name[0] == 't' ? HC_T : HC_HCP;
        hc.ok = cmp_mask(op, v, 0, hc.kind == HC_T ? 13 : 40);
    } else {
        return fail(p, "unknown condition '%s'", w);
    }
    if (cj->nterms == CONV_MAX_TERMS) return fail(p, "too many conditions joined by 'and' (limit %d)", CONV_MAX_TERMS);
    cj->term[cj->nterms++] = hc;
    return true;
}

static const char *const KEY_NAMES[KEY_COUNT] = {
    "long", "short", "hc", "ranks", "top", "lowtop", "h2", "plain", "plaintop",
};

static bool parse_keys(parser *p, suit_rule *r, const char *w)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", w);
    r->nkeys = 0;
    char *save;
    for (char *k = strtok_r(buf, ",", &save); k; k = strtok_r(NULL, ",", &save)) {
        int found = -1;
        for (int i = 0; i < KEY_COUNT; i++)
            if (strcmp(k, KEY_NAMES[i]) == 0) found = i;
        if (found < 0)
            return fail(p, "unknown order key '%s' (long short hc ranks top lowtop h2 plain plaintop)", k);
        if (r->nkeys == KEY_COUNT) return fail(p, "too many order keys");
        r->keys[r->nkeys++] = (uint8_t)found;
    }
    return true;
}

/* A card expression of a 1st column or "card EXPR"; for table rows,
 * table(NAME) / plain are allowed too (jump recorded by the caller). */
static bool parse_card_expr(parser *p, const char *w, uint8_t *kind, uint8_t *rank)
{
    char inner[32];
    int r = parse_rank(w);
    *rank = 0;
    if (r > 0) {
        *kind = CX_RANK;
        *rank = (uint8_t)r;
    } else if (strcmp(w, "top") == 0) {
        *kind = CX_TOP;
    } else if (strcmp(w, "lowest") == 0) {
        *kind = CX_LOWEST;
    } else if (strcmp(w, "4th") == 0) {
        *kind = CX_FOURTH;
    } else if (strcmp(w, "penult") == 0) {
        *kind = CX_PENULT;
    } else if (strcmp(w, "low") == 0) {
        *kind = CX_LOW;
    } else if (call_form(w, "seqlow", inner, sizeof inner)) {
        int sr = parse_rank(trim(inner));
        if (sr < 0) return fail(p, "seqlow(%s): not a rank", inner);
        *kind = CX_SEQLOW;
        *rank = (uint8_t)sr;
    } else {
        return fail(p, "unknown card '%s' (a rank, top, lowest, 4th, penult, low, seqlow(R))", w);
    }
    return true;
}

static bool parse_rule(parser *p, char **w, int nw, const char *comment)
{
    convention *c = p->c;
    if (c->nrules == CONV_MAX_RULES) return fail(p, "too many [suit] rules (limit %d)", CONV_MAX_RULES);
    suit_rule *r = &c->rule[c->nrules];
    memset(r, 0, sizeof *r);
    r->filter = r->avoid = r->only = -1;
    r->card = -1;
    r->line = p->line;
    if (!copy_id(p, r->id, w[0])) return false;
    int i = 1;
    bool impossible = false;
    if (i < nw && strcmp(w[i], "when") == 0) {
        i++;
        r->nalts = 1;
        bool expect_cond = true;
        bool alt_false = false, any_true_alt = false;
        for (; i < nw && strcmp(w[i], "lead") != 0; i++) {
            if (expect_cond) {
                cond_conj *cj = &r->alt[r->nalts - 1];
                uint8_t before = cj->nterms;
                if (!parse_hand_cond(p, w[i], cj)) return false;
                if (cj->nterms > before && cj->term[cj->nterms - 1].kind == HC_FALSE) alt_false = true;
                expect_cond = false;
            } else if (strcmp(w[i], "and") == 0) {
                expect_cond = true;
            } else if (strcmp(w[i], "or") == 0) {
                if (r->nalts == CONV_MAX_ALTS) return fail(p, "too many 'or' (limit %d)", CONV_MAX_ALTS - 1);
                if (alt_false) r->nalts--; /* an alternative with an option that is off */
                else if (r->alt[r->nalts - 1].nterms == 0) any_true_alt = true;
                alt_false = false;
                memset(&r->alt[r->nalts], 0, sizeof r->alt[0]);
                r->nalts++;
                expect_cond = true;
            } else {
                return fail(p, "expected 'and', 'or' or 'lead' after '%s', not '%s'", w[i - 1], w[i]);
            }
        }
        if (expect_cond) return fail(p, "a condition is missing after '%s'", w[i - 1]);
        if (alt_false) r->nalts--;
        else if (r->alt[r->nalts - 1].nterms == 0) any_true_alt = true;
        if (any_true_alt) r->nalts = 0;      /* some alternative always holds */
        else if (r->nalts == 0) impossible = true; /* every alternative needs an option that is off */
    }
    if (i >= nw || strcmp(w[i], "lead") != 0) return fail(p, "expected 'lead' in rule %s", r->id);
    if (++i >= nw) return fail(p, "rule %s: 'lead' needs a selector", r->id);
    char inner[200];
    const char *sel = w[i++];
    if (strcmp(sel, "trumps") == 0) {
        r->sel = SEL_TRUMPS;
    } else if (call_form(sel, "sk_max", inner, sizeof inner) || call_form(sel, "str_max", inner, sizeof inner)) {
        r->sel = SEL_PICK;
        r->filter = (int8_t)parse_filter(p, inner);
        if (r->filter < 0) return false;
        if (sel[1] == 'k') {
            r->keys[0] = KEY_LONG; r->keys[1] = KEY_HC; r->keys[2] = KEY_RANKS; r->nkeys = 3;
        } else {
            r->keys[0] = KEY_HC; r->keys[1] = KEY_RANKS; r->nkeys = 2;
        }
    } else if (call_form(sel, "pick", inner, sizeof inner)) {
        r->sel = SEL_PICK;
        r->filter = (int8_t)parse_filter(p, inner);
        if (r->filter < 0) return false;
        if (i + 1 >= nw || strcmp(w[i], "by") != 0) return fail(p, "rule %s: pick(...) needs 'by KEY,KEY'", r->id);
        if (!parse_keys(p, r, w[i + 1])) return false;
        i += 2;
    } else if (call_form(sel, "five_vs_four", inner, sizeof inner)) {
        int d = parse_int(trim(inner));
        if (d < 0 || d > 5) return fail(p, "five_vs_four(%s): the margin is a number 0..5", inner);
        r->sel = SEL_FIVE_VS_FOUR;
        r->param = (uint8_t)d;
    } else if (strcmp(sel, "random") == 0) {
        r->sel = SEL_RANDOM;
    } else if (strcmp(sel, "dd_best") == 0 || call_form(sel, "dd_best", inner, sizeof inner)) {
        r->sel = SEL_DD_BEST;
        if (sel[7] == '(' && !(r->as = p->resolve ? p->resolve(trim(inner)) : NULL))
            return fail(p, "dd_best(%s): no built-in convention of that name", inner);
    } else if (call_form(sel, "as", inner, sizeof inner)) {
        r->sel = SEL_AS;
        r->as = p->resolve ? p->resolve(trim(inner)) : NULL;
        if (!r->as) return fail(p, "as(%s): no built-in convention of that name", inner);
    } else {
        return fail(p, "unknown selector '%s' (trumps, sk_max, str_max, pick, five_vs_four, random, as, dd_best)", sel);
    }
    for (; i < nw; i++) {
        if (call_form(w[i], "avoid", inner, sizeof inner) || call_form(w[i], "only", inner, sizeof inner)) {
            int fi = parse_filter(p, inner);
            if (fi < 0) return false;
            if (w[i][0] == 'a') r->avoid = (int8_t)fi;
            else r->only = (int8_t)fi;
        } else if (strcmp(w[i], "card") == 0 && i + 1 < nw) {
            uint8_t kind, rank;
            if (!parse_card_expr(p, w[++i], &kind, &rank)) return false;
            r->card = (int8_t)kind;
            r->card_rank = rank;
        } else if (strcmp(w[i], "nodraw") == 0) {
            r->nodraw = true;
        } else {
            return fail(p, "rule %s: unknown modifier '%s' (avoid, only, card, nodraw)", r->id, w[i]);
        }
    }
    if ((r->sel == SEL_RANDOM || r->sel == SEL_AS || r->sel == SEL_DD_BEST) &&
        (r->card >= 0 || r->avoid >= 0 || r->only >= 0))
        return fail(p, "rule %s: %s takes no modifiers", r->id, sel);
    if (r->sel == SEL_TRUMPS && r->avoid >= 0) return fail(p, "rule %s: avoid(...) needs a choice of suits", r->id);
    if (impossible) return true; /* its option is off: the rule is not compiled in */
    copy_text(r->gloss, sizeof r->gloss, comment ? comment : "");
    char text[256] = "";
    for (int k = 1; k < nw; k++)
        snprintf(text + strlen(text), sizeof text - strlen(text), "%s%s", k > 1 ? " " : "", w[k]);
    copy_text(r->text, sizeof r->text, text);
    c->nrules++;
    return true;
}

/* ---- card rows --------------------------------------------------------- */

static bool parse_lengths(parser *p, const char *s, uint16_t *ok)
{
    int a, b;
    char tail;
    if (strcmp(s, "*") == 0) {
        *ok = 0x3FFE;
        return true;
    }
    if (sscanf(s, "%d-%d%c", &a, &b, &tail) == 2 && a >= 1 && b <= 13 && a <= b) {
        *ok = (uint16_t)cmp_mask(">=", a, 0, b);
        return true;
    }
    if (sscanf(s, "%d+%c", &a, &tail) == 1 && s[strlen(s) - 1] == '+' && a >= 1 && a <= 13) {
        *ok = (uint16_t)cmp_mask(">=", a, 0, 13);
        return true;
    }
    a = parse_int(s);
    if (a >= 1 && a <= 13) {
        *ok = (uint16_t)RB(a);
        return true;
    }
    return fail(p, "bad length '%s' (N, N+, N-M or *)", s);
}

/* LACKS: ranks, with "(QJ)" groups that may not be held whole. */
static bool parse_lacks(parser *p, const char *s, card_row *r)
{
    r->lacks = 0;
    r->nnotall = 0;
    if (strcmp(s, "-") == 0) return true;
    char buf[64];
    while (*s) {
        if (*s == '(') {
            const char *e = strchr(s, ')');
            if (!e || e - s - 1 <= 0 || (size_t)(e - s) >= sizeof buf) return fail(p, "lacks: bad group in '%s'", s);
            if (r->nnotall == 3) return fail(p, "lacks: at most 3 groups");
            memcpy(buf, s + 1, (size_t)(e - s - 1));
            buf[e - s - 1] = 0;
            uint16_t m;
            if (!parse_ranks(p, buf, &m, "lacks group")) return false;
            if (__builtin_popcount(m) < 2) return fail(p, "lacks: a group needs two ranks or more");
            r->notall[r->nnotall++] = m;
            s = e + 1;
            continue;
        }
        int rank = rank_from_char(*s);
        if (rank < 0) return fail(p, "lacks: '%c' is not a rank", *s);
        r->lacks |= (uint16_t)RB(rank);
        s++;
    }
    return true;
}

static bool parse_second(parser *p, const char *w, card_row *r)
{
    char buf[32], inner[16];
    snprintf(buf, sizeof buf, "%s", w);
    char *slash = strchr(buf, '/');
    r->second_while = 0;
    if (slash) {
        *slash = 0;
        int gr = parse_rank(slash + 1);
        if (gr < 0) return fail(p, "2nd '%s': after '/' comes a rank", w);
        r->second_while = (uint8_t)gr;
    }
    int rank = parse_rank(buf);
    r->second_rank = 0;
    if (rank > 0) {
        r->second = SX_RANK;
        r->second_rank = (uint8_t)rank;
    } else if (strcmp(buf, "gen") == 0 || strcmp(buf, "-") == 0) {
        r->second = SX_GEN;
    } else if (strcmp(buf, "lowest") == 0) {
        r->second = SX_LOWEST;
    } else if (strcmp(buf, "4th") == 0) {
        r->second = SX_FOURTH;
    } else if (strcmp(buf, "up") == 0) {
        r->second = SX_UP;
    } else if (strcmp(buf, "stop") == 0) {
        r->second = SX_STOP;
    } else if (call_form(buf, "seqlow", inner, sizeof inner)) {
        int sr = parse_rank(inner);
        if (sr < 0) return fail(p, "seqlow(%s): not a rank", inner);
        r->second = SX_SEQLOW;
        r->second_rank = (uint8_t)sr;
    } else {
        return fail(p, "unknown 2nd card '%s' (a rank, lowest, 4th, up, seqlow(R), gen, stop, X/R)", w);
    }
    if (r->second_while && (r->second == SX_GEN || r->second == SX_STOP))
        return fail(p, "2nd '%s': '/R' needs a card before it", w);
    return true;
}

static int table_index(const convention *c, const char *name)
{
    for (int i = 0; i < c->ntables; i++)
        if (strcmp(c->table[i]->name, name) == 0) return i;
    return -1;
}

/* The smallest allowed length of a row. */
static int min_len(uint16_t ok) { return ok ? __builtin_ctz(ok) : 0; }

static bool parse_row(parser *p, char **w, int nw, const char *comment)
{
    card_table *t = p->c->table[p->table];
    if (t->nrows == CONV_MAX_ROWS) return fail(p, "too many rows in [%s] (limit %d)", t->name, CONV_MAX_ROWS);
    if (nw < 6) return fail(p, "a card row needs 6 columns: ID HAS LACKS N 1ST 2ND");
    card_row *r = &t->row[t->nrows];
    memset(r, 0, sizeof *r);
    r->line = p->line;
    r->trumps = -1;
    if (!copy_id(p, r->id, w[0])) return false;
    if (!parse_ranks(p, w[1], &r->has, "has")) return false;
    if (!parse_lacks(p, w[2], r)) return false;
    if (r->has & r->lacks) return fail(p, "row %s: a rank is in both HAS and LACKS", r->id);
    for (int g = 0; g < r->nnotall; g++)
        if ((r->notall[g] & r->has) == r->notall[g])
            return fail(p, "row %s: HAS holds a whole LACKS group", r->id);
    if (!parse_lengths(p, w[3], &r->n_ok)) return false;
    if (__builtin_popcount(r->has) > min_len(r->n_ok))
        r->n_ok &= (uint16_t)~((1u << __builtin_popcount(r->has)) - 1);
    if (!r->n_ok) return fail(p, "row %s: no length can hold %s", r->id, w[1]);
    int nmin = min_len(r->n_ok);
    char inner[32];
    if (strcmp(w[4], "plain") == 0 || call_form(w[4], "table", inner, sizeof inner)) {
        if (p->npjump == MAX_PENDING) return fail(p, "too many table jumps");
        r->first = CX_TABLE;
        snprintf(p->pjump[p->npjump].name, sizeof p->pjump[0].name, "%s", w[4][0] == 'p' ? "plain" : trim(inner));
        p->pjump[p->npjump].table = (uint8_t)p->table;
        p->pjump[p->npjump].row = t->nrows;
        p->pjump[p->npjump].line = p->line;
        p->npjump++;
    } else {
        if (!parse_card_expr(p, w[4], &r->first, &r->first_rank)) return false;
        if ((r->first == CX_RANK || r->first == CX_SEQLOW) && !(r->has & RB(r->first_rank)))
            return fail(p, "row %s: 1st card %s is not in HAS", r->id, w[4]);
        if (r->first == CX_FOURTH && nmin < 4) return fail(p, "row %s: 4th needs n >= 4", r->id);
        if (r->first == CX_PENULT && nmin < 2) return fail(p, "row %s: penult needs n >= 2", r->id);
    }
    if (!parse_second(p, w[5], r)) return false;
    if ((r->second == SX_RANK || r->second == SX_SEQLOW) && !(r->has & RB(r->second_rank)))
        return fail(p, "row %s: 2nd card %s is not in HAS", r->id, w[5]);
    if (r->second == SX_RANK && r->first == CX_RANK && r->second_rank == r->first_rank)
        return fail(p, "row %s: the 2nd card is the card led", r->id);
    if (r->second == SX_FOURTH && nmin < 4) return fail(p, "row %s: 2nd 4th needs n >= 4", r->id);
    if (r->second_while && !(r->lacks & RB(r->second_while)))
        return fail(p, "row %s: '/%c' names a rank that LACKS should hold", r->id, RANK_CHARS[r->second_while]);
    /* RL3: any opening but the small-card ones is a high-card opening. */
    r->high = r->first == CX_RANK || r->first == CX_TOP || r->first == CX_SEQLOW;
    int i = 6;
    bool impossible = false;
    if (i < nw) {
        if (strcmp(w[i], "if") != 0) return fail(p, "row %s: expected 'if' or the end of the row, not '%s'", r->id, w[i]);
        i++;
        bool expect = true;
        for (; i < nw; i++) {
            const char *a = w[i];
            if (!expect) {
                if (strcmp(a, "and") != 0) return fail(p, "row %s: expected 'and', not '%s'", r->id, a);
                expect = true;
                continue;
            }
            expect = false;
            char name[16], op[3];
            const char *value;
            if (strncmp(a, "option=", 7) == 0) {
                int on = option_term(p, a);
                if (on < 0) return false;
                if (!on) impossible = true;
            } else if (strcmp(a, "trumps") == 0 || strcmp(a, "!trumps") == 0) {
                r->trumps = a[0] != '!';
                r->ctx = true;
            } else if (strncmp(a, "rule=", 5) == 0) {
                if (p->nprule == MAX_PENDING) return fail(p, "too many rule= conditions");
                snprintf(p->prule[p->nprule].id, CONV_ID_MAX, "%s", a + 5);
                p->prule[p->nprule].table = (uint8_t)p->table;
                p->prule[p->nprule].row = t->nrows;
                p->prule[p->nprule].line = p->line;
                p->nprule++;
                r->ctx = true;
            } else if (strncmp(a, "turnup=", 7) == 0) {
                int tr = parse_rank(a + 7);
                if (tr < 0) return fail(p, "row %s: turnup=%s is not a rank", r->id, a + 7);
                r->turnup_ok |= (uint16_t)RB(tr);
                r->ctx = true;
            } else if (split_cmp(a, name, sizeof name, op, &value) && strcmp(name, "t") == 0) {
                int v = parse_int(value);
                if (v < 0) return fail(p, "row %s: '%s': bad number", r->id, a);
                r->t_ok = (uint16_t)((r->t_ok ? r->t_ok : 0x3FFF) & cmp_mask(op, v, 0, 13));
                r->ctx = true;
            } else {
                return fail(p, "row %s: unknown row condition '%s' (t, rule=, turnup=, trumps, option=)", r->id, a);
            }
        }
        if (expect) return fail(p, "row %s: a condition is missing after '%s'", r->id, w[i - 1]);
    }
    if (r->ctx && !r->t_ok) r->t_ok = 0x3FFF;
    if (impossible) {
        /* its option is off: drop the row and any reference it made */
        if (p->nprule && p->prule[p->nprule - 1].table == p->table && p->prule[p->nprule - 1].row == t->nrows)
            p->nprule--;
        if (p->npjump && p->pjump[p->npjump - 1].table == p->table && p->pjump[p->npjump - 1].row == t->nrows)
            p->npjump--;
        return true;
    }
    copy_text(r->gloss, sizeof r->gloss, comment ? comment : "");
    t->nrows++;
    return true;
}

/* ---- [continue] / [return] / [later] ----------------------------------- */

static const struct { const char *name; uint8_t kind; uint8_t where; } STEP_NAMES[] = {
    /* where: 1 = [continue]/[return], 2 = [later] */
    {"second", ST_SECOND, 1},           {"master_low", ST_MASTER_LOW, 1},
    {"pair_high", ST_PAIR_HIGH, 1},     {"orig_4th_if_high", ST_ORIG_FOURTH_IF_HIGH, 1},
    {"fourth_if_long", ST_FOURTH_IF_LONG, 1}, {"lowest", ST_LOWEST, 1},
    {"master_high", ST_MASTER_HIGH, 1}, {"two_high", ST_TWO_HIGH, 1},
    {"top", ST_TOP, 1},
    {"C1", ST_C1, 2},   {"C2a", ST_C2A, 2}, {"C2b", ST_C2B, 2}, {"C3", ST_C3, 2},
    {"C4", ST_C4, 2},   {"C5a", ST_C5A, 2}, {"C5", ST_C5, 2},   {"C6", ST_C6, 2},
    {"C7", ST_C7, 2},   {"AM-C6", ST_AM_C6, 2}, {"SS-C5", ST_SS_C5, 2}, {"MC-C", ST_MC_C, 2},
    {"C1r", ST_C1R, 2},
};

/* The rows a [later] procedure reads: "C1 answer(ROWS)" (TM4.1's rows,
 * tried in order) and "C5 good(ROWS)" (the holdings that make an own good
 * suit). */
static bool later_param(parser *p, const char *step, const char *param)
{
    char inner[REF_TEXT_MAX];
    bool c1 = strcmp(step, "C1") == 0, c5 = strcmp(step, "C5") == 0;
    if (c1 && call_form(param, "answer", inner, sizeof inner)) return add_row_refs(p, REF_ANSWER, -1, "answer", inner);
    if (c5 && call_form(param, "good", inner, sizeof inner)) return add_row_refs(p, REF_GOOD, -1, "good", inner);
    return fail(p, "'%s %s': only C1 takes answer(ROWS) and only C5 good(ROWS)", step, param);
}

/* C1 and C5 read their rows from the table: each is given once, with them. */
static bool later_once(parser *p, const char *step, bool has_param)
{
    bool c1 = strcmp(step, "C1") == 0, c5 = strcmp(step, "C5") == 0;
    if (!c1 && !c5) return true;
    bool *seen = c1 ? &p->seen_c1 : &p->seen_c5;
    if (*seen) return fail(p, "%s given twice", step);
    *seen = true;
    if (!has_param)
        return fail(p, c1 ? "C1 needs answer(ROWS): the card rows that give the trump to lead when answering a call "
                            "(TM4.1), e.g. C1 answer(trumps:TR2,TR4,TR6 plain:LS2..LS12)"
                          : "C5 needs good(ROWS): the card rows whose holdings make a good suit of one's own, "
                            "e.g. C5 good(LS1..LS13)");
    return true;
}

static bool parse_step(parser *p, char **w, int nw)
{
    convention *c = p->c;
    conv_step *list = p->sec == SEC_CONTINUE ? c->cont : p->sec == SEC_RETURN ? c->ret : c->later;
    uint8_t *n = p->sec == SEC_CONTINUE ? &c->ncont : p->sec == SEC_RETURN ? &c->nret : &c->nlater;
    if (*n == CONV_MAX_STEPS) return fail(p, "too many rows (limit %d)", CONV_MAX_STEPS);
    conv_step *st = &list[*n];
    memset(st, 0, sizeof *st);
    st->line = p->line;
    if (p->sec == SEC_LATER) {
        if (strcmp(w[0], "as") == 0) {
            if (nw != 2) return fail(p, "expected 'as NAME'");
            st->kind = ST_AS;
            st->as = p->resolve ? p->resolve(w[1]) : NULL;
            if (!st->as) return fail(p, "as %s: no built-in convention of that name", w[1]);
            if (!copy_id(p, st->id, "as")) return false;
            (*n)++;
            return true;
        }
        if (nw > 2)
            return fail(p, "a [later] row names one procedure (C1 ... C7, AM-C6, SS-C5, MC-C), with its rows for "
                           "C1 and C5, or 'as NAME'");
        if (nw == 2 && !later_param(p, w[0], w[1])) return false;
        if (!later_once(p, w[0], nw == 2)) return false;
    } else if (nw != 2) {
        return fail(p, "a row here is 'ID STEP'");
    }
    const char *name = p->sec == SEC_LATER ? w[0] : w[1];
    uint8_t where = p->sec == SEC_LATER ? 2 : 1;
    for (size_t i = 0; i < sizeof STEP_NAMES / sizeof STEP_NAMES[0]; i++)
        if (STEP_NAMES[i].where == where && strcmp(STEP_NAMES[i].name, name) == 0) {
            st->kind = STEP_NAMES[i].kind;
            if (!copy_id(p, st->id, w[0])) return false;
            (*n)++;
            return true;
        }
    return fail(p, "unknown %s '%s'", where == 2 ? "procedure" : "step", name);
}

/* ---- [play] ----------------------------------------------------------- */

/* The facts a row names (play_rows.h PF_*). */
static const struct { const char *name; uint8_t bit; } PLAY_FACTS[] = {
    {"partner_winning", PF_PT_WINNING}, {"trumped", PF_TRUMPED},         {"plain", PF_PLAIN},
    {"led_master", PF_LED_MASTER},      {"w_master", PF_W_MASTER},       {"w_sure", PF_W_SURE},
    {"thirteenth", PF_THIRTEENTH},      {"touching", PF_TOUCHING},       {"can_ruff", PF_CAN_RUFF},
    {"pt_called", PF_PT_CALLED},        {"pt_led_trumps", PF_PT_LED_TRUMPS}, {"fourchette", PF_FOURCHETTE},
    {"reentry", PF_REENTRY},            {"established", PF_ESTABLISHED}, {"unblock", PF_UNBLOCK},
    {"one_against", PF_ONE_AGAINST},    {"eleven", PF_ELEVEN},           {"tenace", PF_TENACE},
    {"turnup_mine", PF_TURNUP_MINE},    {"turnup_left", PF_TURNUP_LEFT}, {"turnup_right", PF_TURNUP_RIGHT},
    {"turnup_lowest", PF_TURNUP_LOWEST}, {"rho_void", PF_RHO_VOID},      {"long_run", PF_LONG_RUN},
    {"pt_master", PF_PT_MASTER},        {"pt_single", PF_PT_SINGLE},     {"lho_void", PF_LHO_VOID},
    {"commands", PF_COMMANDS},
};

/* Rank symbols (PS_*), for tests and actions. */
static const struct { const char *name; uint8_t sym; } PLAY_SYMS[] = {
    {"top", PS_TOP}, {"h2", PS_H2},   {"cover", PS_COVER}, {"w", PS_W},   {"led", PS_LED},
    {"m1", PS_M1},   {"m2", PS_M2},   {"m3", PS_M3},       {"row", PS_ROW}, {"fourchette", PS_FOURCHETTE},
    {"eleven", PS_ELEVEN}, {"tenace", PS_TENACE}, {"turnup", PS_TURNUP}, {"keep_turnup", PS_KEEP_TURNUP},
};

/* A card: a rank or a symbol; 0 if neither. */
static int play_symbol(const char *s)
{
    int r = parse_rank(s);
    if (r >= 2) return r;
    for (size_t i = 0; i < sizeof PLAY_SYMS / sizeof PLAY_SYMS[0]; i++)
        if (strcmp(s, PLAY_SYMS[i].name) == 0) return PLAY_SYMS[i].sym;
    return 0;
}

/* "lo..hi" or "OP v" over lo_all..hi_all, as a mask; false if bad. */
static bool play_range(const char *op, const char *value, bool rank, int lo_all, int hi_all, uint64_t *m)
{
    const char *dots = strstr(value, "..");
    if (dots && strcmp(op, "=") == 0) {
        char a[8], b[8];
        size_t k = (size_t)(dots - value);
        if (k == 0 || k >= sizeof a || strlen(dots + 2) >= sizeof b) return false;
        memcpy(a, value, k);
        a[k] = 0;
        snprintf(b, sizeof b, "%s", dots + 2);
        int x = rank ? parse_rank(a) : parse_int(a), y = rank ? parse_rank(b) : parse_int(b);
        if (x < lo_all || y < lo_all || x > hi_all || y > hi_all) return false;
        if (x > y) { int t = x; x = y; y = t; }
        *m = cmp_mask(">=", x, lo_all, hi_all) & cmp_mask("<=", y, lo_all, hi_all);
        return true;
    }
    int v = rank ? parse_rank(value) : parse_int(value);
    if (v < lo_all || v > hi_all) return false;
    *m = cmp_mask(op, v, lo_all, hi_all);
    return true;
}

/* One condition of a [play] row. */
static bool play_cond(parser *p, play_row *r, char *a)
{
    char inner[96];
    bool neg = a[0] == '!';
    if (neg) a = trim(a + 1);
    if (strcmp(a, "follows") == 0 || strcmp(a, "void") == 0) {
        if (neg) return fail(p, "'%s' cannot be negated (say follows or void)", a);
        r->buckets &= a[0] == 'f' ? 0x333 : 0xCCC; /* bit (pos-1)*4 + 2*void + later */
        return true;
    }
    for (size_t i = 0; i < sizeof PLAY_FACTS / sizeof PLAY_FACTS[0]; i++)
        if (strcmp(a, PLAY_FACTS[i].name) == 0) {
            if (neg) r->fact_off |= 1u << PLAY_FACTS[i].bit;
            else r->fact_on |= 1u << PLAY_FACTS[i].bit;
            return true;
        }
    if (strcmp(a, "trumps_led") == 0) {
        if (neg) r->fact_on |= 1u << PF_PLAIN;
        else r->fact_off |= 1u << PF_PLAIN;
        return true;
    }
    if (strcmp(a, "trick=1") == 0) {
        if (neg) r->fact_off |= 1u << PF_TRICK1;
        else r->fact_on |= 1u << PF_TRICK1;
        return true;
    }
    if (strncmp(a, "ext=", 4) == 0) {
        int n = (a[4] == 'X' || a[4] == 'x') ? parse_int(a + 5) : -1;
        if (n < 1 || n > 13) return fail(p, "'%s': name an extended rule X1..X13", a);
        if (neg) r->ext_off |= (uint16_t)(1u << n);
        else r->ext_on |= (uint16_t)(1u << n);
        return true;
    }
    if (strncmp(a, "option=", 7) == 0) {
        if (neg) return fail(p, "'option=NAME' cannot be negated");
        if (option_term(p, a) < 0) return false;
        if (strlen(a + 7) >= sizeof r->option) return fail(p, "'%s': option name too long", a);
        strcpy(r->option, a + 7);
        return true;
    }
    if (call_form(a, "has", inner, sizeof inner) || call_form(a, "lacks", inner, sizeof inner) ||
        call_form(a, "outside", inner, sizeof inner)) {
        bool has = a[0] == 'h', lacks = a[0] == 'l';
        int sym = play_symbol(trim(inner));
        if (has && sym >= PS_M1 && sym <= PS_M3) {
            uint32_t bit = 1u << (PF_HAS_M1 + sym - PS_M1);
            if (neg) r->fact_off |= bit;
            else r->fact_on |= bit;
            return true;
        }
        uint16_t m;
        if (!parse_ranks(p, trim(inner), &m, has ? "has" : lacks ? "lacks" : "outside")) return false;
        if (!m) return fail(p, "'%s': name one rank or more", a);
        if (neg && !has) return fail(p, "'%s' cannot be negated", a);
        if (neg) {
            if (r->notall) return fail(p, "only one !has(...) per row");
            r->notall = m;
        } else if (has) {
            r->has |= m;
        } else if (lacks) {
            r->lacks |= m;
        } else {
            r->outside |= m;
        }
        return true;
    }
    if (call_form(a, "beats", inner, sizeof inner)) {
        int sym = play_symbol(trim(inner));
        if (neg || !sym) return fail(p, "'%s': beats(CARD), CARD a rank or top, h2, m1 ...", a);
        r->beats = (uint8_t)sym;
        return true;
    }
    if (call_form(a, "match", inner, sizeof inner)) {
        if (r->match >= 0) return fail(p, "only one match(...) per row");
        if (p->c->play.nmatch == PLAY_MAX_MATCH)
            return fail(p, "too many match(...) in [play] (limit %d)", PLAY_MAX_MATCH);
        int k = p->c->play.nmatch;
        uint8_t *mem = calloc(8192, 1);
        if (!mem) return fail(p, "out of memory");
        p->c->play.match_mem[k] = mem;
        p->c->play.nmatch++;
        if (!add_row_refs(p, REF_PLAY, (int8_t)k, "match", inner)) return false;
        r->match = (int8_t)k;
        r->match_first = mem;
        r->match_neg = neg;
        return true;
    }
    char name[16], op[3];
    const char *value;
    if (!split_cmp(a, name, sizeof name, op, &value))
        return fail(p, "unknown [play] condition '%s'", a);
    uint64_t m;
    if (strcmp(name, "pos") == 0 || strcmp(name, "round") == 0 || strcmp(name, "n") == 0 ||
        strcmp(name, "trumps") == 0) {
        bool pos = name[0] == 'p', round = name[0] == 'r';
        if (!play_range(op, value, false, pos ? 2 : round ? 1 : 0, pos ? 4 : 13, &m))
            return fail(p, "'%s': bad value", a);
        if (neg) m = ~m;
        if (pos) {
            uint16_t b = 0;
            for (int k = 2; k <= 4; k++)
                if (m >> k & 1) b |= (uint16_t)(0xF << ((k - 2) * 4));
            r->buckets &= b;
        } else if (round) {
            r->round_ok &= (uint16_t)m;
            uint16_t b = (m & 2) ? 0x555 : 0;
            if (m & 0x3FFC) b |= 0xAAA;
            r->buckets &= b;
        } else if (name[0] == 'n') {
            r->n_ok &= (uint16_t)m;
        } else {
            r->t_ok &= (uint16_t)m;
        }
        return true;
    }
    int sym = play_symbol(name);
    if ((sym < PS_TOP || sym > PS_LED) && sym != PS_TURNUP) return fail(p, "unknown [play] condition '%s'", a);
    if (!play_range(op, value, true, 2, 14, &m)) return fail(p, "'%s': bad rank", a);
    uint16_t ok = (uint16_t)(neg ? ~m & 0x7FFC : m);
    if (sym == PS_LED) {
        r->led_ok &= ok;
        return true;
    }
    if (r->nrank == 2) return fail(p, "at most two card tests (top, h2, cover, w, turnup) in one row");
    r->rank[r->nrank++] = (play_rank_test){(uint8_t)sym, ok};
    return true;
}

/* The action after "play". */
static bool play_action(parser *p, play_row *r, const char *a)
{
    static const struct { const char *name; uint8_t action; } PLAIN_ACTIONS[] = {
        {"low", PA_LOW}, {"cover", PA_COVER}, {"ruff", PA_RUFF}, {"discard", PA_DISCARD}, {"top_trump", PA_TOP_TRUMP},
        {"ruff_second", PA_RUFF_SECOND},
    };
    static const struct { const char *name; uint8_t action; } CALLS[] = {
        {"win", PA_WIN}, {"group_low", PA_GROUP_LOW}, {"group", PA_GROUP},
    };
    char inner[32];
    for (size_t i = 0; i < sizeof PLAIN_ACTIONS / sizeof PLAIN_ACTIONS[0]; i++)
        if (strcmp(a, PLAIN_ACTIONS[i].name) == 0) {
            r->action = PLAIN_ACTIONS[i].action;
            r->arg = r->action == PA_DISCARD ? 7 : 0; /* every D2 protection */
            return true;
        }
    if (call_form(a, "discard", inner, sizeof inner)) {
        /* discard(abc): the D2 protections kept, "-" none (Clay may unguard a K: discard(ac)) */
        const char *k = trim(inner);
        r->action = PA_DISCARD;
        r->arg = 0;
        for (; strcmp(k, "-") != 0 && *k; k++) {
            if (*k < 'a' || *k > 'c' || (r->arg >> (*k - 'a') & 1))
                return fail(p, "'%s': name the D2 protections kept, some of a b c once each, or -", a);
            r->arg |= (uint8_t)(1u << (*k - 'a'));
        }
        return true;
    }
    if (call_form(a, "discard_top", inner, sizeof inner)) {
        /* discard_top(FACT): the master of the suit the fact finds */
        static const struct { const char *name; uint8_t fact; } TOPS[] = {
            {"long_run", PF_LONG_RUN}, {"pt_master", PF_PT_MASTER}, {"pt_single", PF_PT_SINGLE},
            {"commands", PF_COMMANDS},
        };
        for (size_t i = 0; i < sizeof TOPS / sizeof TOPS[0]; i++)
            if (strcmp(trim(inner), TOPS[i].name) == 0) {
                r->action = PA_DISCARD_TOP;
                r->arg = TOPS[i].fact;
                return true;
            }
        return fail(p, "'%s': discard_top(long_run), discard_top(pt_master), discard_top(pt_single) or discard_top(commands)", a);
    }
    for (size_t i = 0; i < sizeof CALLS / sizeof CALLS[0]; i++)
        if (call_form(a, CALLS[i].name, inner, sizeof inner)) {
            int sym = play_symbol(trim(inner));
            if (!sym || sym == PS_W || sym == PS_LED) return fail(p, "'%s': name a card of X's, a rank or top, h2, m1 ...", a);
            r->action = CALLS[i].action;
            r->arg = (uint8_t)sym;
            return true;
        }
    int sym = play_symbol(a);
    if (!sym || sym == PS_W || sym == PS_LED)
        return fail(p, "unknown action '%s' (low, RANK, top, h2, m1, row, ..., win(CARD), group(CARD), "
                       "group_low(CARD), cover, ruff, ruff_second, discard, discard_top(FACT), top_trump)", a);
    r->action = PA_CARD;
    r->arg = (uint8_t)sym;
    return true;
}

static bool play_add(parser *p, const play_row *r, const char *gloss)
{
    play_rules *pl = &p->c->play;
    if (pl->nrows == PLAY_MAX_ROWS) return fail(p, "too many [play] rows (limit %d)", PLAY_MAX_ROWS);
    copy_text(pl->gloss[pl->nrows], sizeof pl->gloss[0], gloss ? gloss : "");
    pl->row[pl->nrows++] = *r;
    return true;
}

/* "inherit NAME [play]": NAME's rows, in its order, at this place. */
static bool play_inherit(parser *p, char **w, int nw)
{
    if (nw != 3 || strcmp(w[2], "[play]") != 0) return fail(p, "expected 'inherit CONVENTION [play]'");
    const convention *base = p->resolve ? p->resolve(w[1]) : NULL;
    if (!base) return fail(p, "inherit %s: no built-in convention of that name", w[1]);
    if (p->inherited) return fail(p, "one 'inherit' line per [play] section");
    p->inherited = true;
    play_rules *pl = &p->c->play;
    if (!pl->strong_set && base->play.strong_set) {
        pl->strong_set = true;
        pl->strong_hon5 = base->play.strong_hon5;
        pl->strong_hon4 = base->play.strong_hon4;
    }
    for (int i = 0; i < base->play.nrows; i++)
        if (!play_add(p, &base->play.row[i], base->play.gloss[i])) return false;
    return true;
}

/* "strong 5:1 4:2": strong in trumps is five or more with one of A K Q J,
 * or four with two (play_rules.strong_*). */
static bool play_strong(parser *p, char **w, int nw)
{
    play_rules *pl = &p->c->play;
    if (nw != 3 || strncmp(w[1], "5:", 2) || strncmp(w[2], "4:", 2) || !isdigit((unsigned char)w[1][2]) ||
        !isdigit((unsigned char)w[2][2]) || w[1][3] || w[2][3] || w[1][2] > '4' || w[2][2] > '4')
        return fail(p, "expected 'strong 5:H 4:H' (honours among A K Q J with five trumps, with four)");
    if (p->strong_said) return fail(p, "one 'strong' line per [play] section");
    p->strong_said = pl->strong_set = true;
    pl->strong_hon5 = (uint8_t)(w[1][2] - '0');
    pl->strong_hon4 = (uint8_t)(w[2][2] - '0');
    return true;
}

/* "ID [when] COND ... play ACTION": a row of [play] (PR4). */
static bool parse_play(parser *p, char **w, int nw, const char *comment)
{
    if (strcmp(w[0], "inherit") == 0) return play_inherit(p, w, nw);
    if (strcmp(w[0], "strong") == 0) return play_strong(p, w, nw);
    if (nw >= 2 && (strncmp(w[1], "pass_partner(", 13) == 0 || strncmp(w[1], "strengthening(", 14) == 0 ||
                    strncmp(w[1], "ace_second(", 11) == 0))
        return fail(p, "'%s': the [play] declarations are rows now (analyze/lead/conventions/README.md, \"[play]\"): "
                       "write its row, e.g. american's CV1, above 'inherit long-suit [play]'", w[1]);
    play_row r;
    memset(&r, 0, sizeof r);
    r.led_ok = r.n_ok = r.t_ok = r.round_ok = 0xFFFF;
    r.buckets = (1u << PLAY_BUCKETS) - 1;
    r.match = -1;
    r.line = (uint16_t)(p->line < 65535 ? p->line : 65535);
    if (strlen(w[0]) >= PLAY_ID_MAX) return fail(p, "id '%s' is longer than %d characters", w[0], PLAY_ID_MAX - 1);
    strcpy(r.id, w[0]);
    int k = 1;
    if (k < nw && strcmp(w[k], "when") == 0) k++;
    bool said_follow = false;
    for (; k < nw && strcmp(w[k], "play") != 0; k++) {
        const char *t = w[k][0] == '!' ? w[k] + 1 : w[k];
        if (strcmp(t, "follows") == 0 || strcmp(t, "void") == 0) said_follow = true;
        if (!play_cond(p, &r, w[k])) return false;
    }
    if (k + 2 != nw) return fail(p, "a [play] row is 'ID [when] CONDITION ... play ACTION'");
    if (!play_action(p, &r, w[k + 1])) return false;
    bool void_action = r.action == PA_RUFF || r.action == PA_DISCARD || r.action == PA_TOP_TRUMP ||
                       r.action == PA_RUFF_SECOND || r.action == PA_DISCARD_TOP;
    if (!said_follow)
        return fail(p, "say whether the player follows suit: add 'follows' or 'void' (the action %s)",
                    void_action ? "needs 'void'" : "needs 'follows'");
    if ((void_action && (r.buckets & 0x333)) || (!void_action && (r.buckets & 0xCCC)))
        return fail(p, void_action ? "ruff, discard and top_trump need 'void' (so do ruff_second and discard_top)" : "this action plays a card of the suit led: it needs 'follows'");
    if ((r.arg == PS_ROW || r.beats == PS_ROW || (r.nrank && (r.rank[0].sym == PS_ROW))) && (r.match < 0 || r.match_neg))
        return fail(p, "'row' is the 1st card of the row match(...) finds: the row needs match(ROWS)");
    if (!r.buckets) return fail(p, "this row can never fire (its position, following and round exclude each other)");
    return play_add(p, &r, comment);
}

/* A table without [play] plays as if it said "inherit D [play]", D the
 * registry's default convention (the resolver's answer to ""; none: no
 * rows, and every follower plays LOW or discards, PR5). */
static bool play_default(parser *p)
{
    if (p->seen_sec[SEC_PLAY]) return true;
    const convention *base = p->resolve ? p->resolve("") : NULL;
    for (int i = 0; base && i < base->play.nrows; i++)
        if (!play_add(p, &base->play.row[i], base->play.gloss[i])) return false;
    return true;
}

/* Adds row i of pl to bucket b and to its index (play_rows.h, play_index). */
static void play_index_add(play_rules *pl, int b, int i)
{
    const play_row *r = &pl->row[i];
    int k = pl->nbucket[b]++;
    pl->bucket[b][k].row = (uint8_t)i;
    play_index *ix = &pl->index[b][k / PLAY_GROUP];
    uint32_t bit = 1u << (k % PLAY_GROUP);
    ix->row[k % PLAY_GROUP] = (uint8_t)i;
    for (int v = 0; v < 16; v++) {
        if (r->led_ok >> v & 1) ix->led[v] |= bit;
        if (r->n_ok >> v & 1) ix->n[v] |= bit;
        if (r->t_ok >> v & 1) ix->trumps[v] |= bit;
        if (r->round_ok >> v & 1) ix->round[v] |= bit;
        if ((v & r->fact_on & PLAY_EAGER_FACTS) == (r->fact_on & PLAY_EAGER_FACTS) && !(v & r->fact_off)) ix->eager[v] |= bit;
    }
    uint16_t has = r->has & PLAY_HONOURS, lacks = r->lacks & PLAY_HONOURS;
    for (unsigned v = 0; v < 32; v++) {
        uint16_t h = (uint16_t)(v << 10);
        if ((h & has) == has && !(h & lacks)) ix->honours[v] |= bit;
    }
    if (!r->ext_on) ix->ext_none |= bit;
    if (r->ext_on || r->ext_off) ix->ext_rows |= bit;
    bool tenace = r->beats == PS_TENACE;
    for (int t = 0; t < r->nrank; t++) tenace |= r->rank[t].sym == PS_TENACE;
    uint32_t indexed = PLAY_EAGER_FACTS | (tenace ? 0 : PLAY_CHEAP_FACTS);
    if (!tenace) {
        ix->cheap[k % PLAY_GROUP].on = (uint16_t)(r->fact_on & PLAY_CHEAP_FACTS);
        ix->cheap[k % PLAY_GROUP].off = (uint16_t)(r->fact_off & PLAY_CHEAP_FACTS);
    }
    if (((r->has | r->lacks) & ~PLAY_HONOURS) || r->notall || r->outside || r->match_first || r->nrank || r->beats ||
        ((r->fact_on | r->fact_off) & ~indexed))
        ix->slow |= bit;
}

/* The rows this table's options allow, bucketed and indexed (play_rows.h). */
static bool play_build(parser *p)
{
    play_rules *pl = &p->c->play;
    memset(pl->nbucket, 0, sizeof pl->nbucket);
    memset(pl->index, 0, sizeof pl->index);
    for (int i = 0; i < pl->nrows; i++) {
        play_row *r = &pl->row[i];
        int o = r->option[0] ? option_index(p->c, r->option) : -2;
        r->active = o == -2 || (o >= 0 && (p->c->options_on >> o & 1));
        if (!r->active) continue;
        for (int b = 0; b < PLAY_BUCKETS; b++)
            if (r->buckets >> b & 1) play_index_add(pl, b, i);
    }
    return true;
}

/* ---- sections and header ------------------------------------------------ */

static bool start_section(parser *p, const char *name)
{
    if (!p->c->name[0]) return fail(p, "the header needs a 'name' line before the first section");
    if (!apply_options(p)) return false;
    int sec = strcmp(name, "suit") == 0 ? SEC_SUIT : strcmp(name, "continue") == 0 ? SEC_CONTINUE :
              strcmp(name, "return") == 0 ? SEC_RETURN : strcmp(name, "later") == 0 ? SEC_LATER :
              strcmp(name, "play") == 0 ? SEC_PLAY : SEC_TABLE;
    if (sec == SEC_TABLE) {
        if (!*name || strlen(name) >= 16) return fail(p, "bad section name '[%s]'", name);
        for (const char *q = name; *q; q++)
            if (!isalnum((unsigned char)*q) && *q != '-' && *q != '_') return fail(p, "bad section name '[%s]'", name);
        if (table_index(p->c, name) >= 0) return fail(p, "section [%s] given twice", name);
        if (p->c->ntables == CONV_MAX_TABLES) return fail(p, "too many card tables (limit %d)", CONV_MAX_TABLES);
        card_table *t = calloc(1, sizeof *t);
        if (!t) return fail(p, "out of memory");
        strcpy(t->name, name);
        p->table = p->c->ntables;
        p->c->table[p->c->ntables++] = t;
    } else {
        if (p->seen_sec[sec]) return fail(p, "section [%s] given twice", name);
        p->seen_sec[sec] = true;
    }
    p->sec = sec;
    return true;
}

static bool parse_header(parser *p, char *line)
{
    char *s = trim(line);
    char *hash = strchr(s, '#');
    if (hash) *hash = 0;
    s = trim(s);
    if (!*s) return true;
    char *sp = s;
    while (*sp && !isspace((unsigned char)*sp)) sp++;
    char *value = *sp ? trim(sp + 1) : sp;
    *sp = 0;
    convention *c = p->c;
    if (strcmp(s, "name") == 0) {
        if (c->name[0]) return fail(p, "a second 'name' line: the table is named '%s' already", c->name);
        if (!*value || strlen(value) >= CONV_BASE_NAME_SIZE)
            return fail(p, "name: give a name of 1-%d characters", CONV_BASE_NAME_SIZE - 1);
        for (const char *q = value; *q; q++)
            if (!isalnum((unsigned char)*q) && *q != '-' && *q != '_' && *q != '.')
                return fail(p, "name '%s': use letters, digits, '-', '_' or '.'", value);
        strcpy(c->name, value);
    } else if (strcmp(s, "describe") == 0) {
        if (!copy_text(c->description, sizeof c->description, value))
            return fail(p, "describe: longer than %d characters", CONV_TEXT_SIZE - 1);
    } else if (strcmp(s, "source") == 0) {
        if (!copy_text(c->source, sizeof c->source, value))
            return fail(p, "source: longer than %d characters", CONV_TEXT_SIZE - 1);
    } else if (strcmp(s, "option") == 0) {
        char *vs = value;
        while (*vs && !isspace((unsigned char)*vs)) vs++;
        char *text = *vs ? trim(vs + 1) : vs;
        *vs = 0;
        if (!*value || strlen(value) >= sizeof c->option_name[0]) return fail(p, "option: bad name");
        if (option_index(c, value) >= 0) return fail(p, "option %s declared twice", value);
        if (c->noptions == CONV_MAX_OPTIONS) return fail(p, "too many options (limit %d)", CONV_MAX_OPTIONS);
        strcpy(c->option_name[c->noptions], value);
        if (!copy_text(c->option_text[c->noptions], sizeof c->option_text[0], text))
            return fail(p, "option %s: its text is longer than %d characters", value, CONV_TEXT_SIZE - 1);
        c->noptions++;
    } else {
        return fail(p, "unknown header line '%s' (name, describe, source, option) or a row before any [section]", s);
    }
    return true;
}

static bool parse_line(parser *p, char *line)
{
    char *s = trim(line);
    if (*s == '[') {
        char *e = strchr(s, ']');
        if (!e) return fail(p, "section line without ']'");
        char *after = trim(e + 1);
        if (*after && *after != '#') return fail(p, "text after the section name");
        *e = 0;
        return start_section(p, trim(s + 1));
    }
    if (p->sec == SEC_HEADER) return parse_header(p, s);
    char *w[MAX_WORDS];
    const char *comment;
    int nw = split_words(p, s, w, &comment);
    if (nw < 0) return false;
    if (nw == 0) return true;
    switch (p->sec) {
    case SEC_SUIT: return parse_rule(p, w, nw, comment);
    case SEC_TABLE: return parse_row(p, w, nw, comment);
    case SEC_PLAY: return parse_play(p, w, nw, comment);
    default: return parse_step(p, w, nw);
    }
}

/* ---- resolution and index building ------------------------------------- */

static int row_position(const card_table *t, const char *id, bool last)
{
    int pos = -1;
    for (int i = 0; i < t->nrows; i++)
        if (strcmp(t->row[i].id, id) == 0) {
            pos = i;
            if (!last) break;
        }
    return pos;
}

/* Adds the rows of one reference "[CONV:][TABLE:]ROW[..ROW][,ROW...]"
 * (TABLE defaults to [plain], CONV to this table) to a set of holdings
 * (match, good: every holding one of the rows holds, conditions after
 * "if" aside) or to C1's answer rows (those without conditions that give
 * a card). */
static bool resolve_row_ref(parser *p, uint8_t purpose, uint64_t *bits, uint8_t *first, char *ref)
{
    convention *c = p->c;
    char *part[3];
    int nparts = 0;
    for (char *q = ref; nparts < 3;) {
        part[nparts++] = q;
        char *colon = strchr(q, ':');
        if (!colon) break;
        *colon = 0;
        q = colon + 1;
    }
    if (strchr(part[nparts - 1], ':')) return fail(p, "'%s': expected [CONVENTION:][TABLE:]ROWS", ref);
    const convention *in = c;
    const char *table = nparts >= 2 ? part[nparts - 2] : "plain", *items = part[nparts - 1];
    if (nparts == 3) {
        in = p->resolve ? p->resolve(part[0]) : NULL;
        if (!in) return fail(p, "%s:...: no built-in convention of that name", part[0]);
    }
    int ti = table_index(in, table);
    if (ti < 0) return fail(p, "%s...: no section [%s]%s%s", ref, table, in == c ? "" : " in ", in == c ? "" : in->name);
    const card_table *t = in->table[ti];
    char buf[REF_TEXT_MAX];
    snprintf(buf, sizeof buf, "%s", items);
    char *save;
    for (char *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        char *dots = strstr(item, ".."), *to_id = item;
        if (dots) {
            *dots = 0;
            to_id = dots + 2;
        }
        int from = row_position(t, item, false), to = row_position(t, to_id, true);
        if (from < 0 || to < 0) return fail(p, "no row %s in [%s]", from < 0 ? item : to_id, t->name);
        if (to < from) return fail(p, "%s..%s: %s comes before %s", item, to_id, to_id, item);
        for (int i = from; i <= to; i++) {
            const card_row *r = &t->row[i];
            if (purpose == REF_PLAY) {
                /* [play]'s match: the first row (in the order named) that
                 * holds gives its 1st card ('row'), 1 when it names no rank */
                for (unsigned h = 1; h < 8192; h++)
                    if (!first[h] && card_row_holds(r, (uint16_t)(h << 2)))
                        first[h] = r->first == CX_RANK ? r->first_rank : 1;
            } else if (purpose != REF_ANSWER) {
                for (unsigned h = 1; h < 8192; h++)
                    if (card_row_holds(r, (uint16_t)(h << 2))) bits[h >> 6] |= 1ULL << (h & 63);
            } else if (!r->ctx && r->first != CX_TABLE) {
                if (c->nanswer == CONV_MAX_ANSWER) return fail(p, "answer(...): more than %d rows", CONV_MAX_ANSWER);
                c->answer[c->nanswer++] = r;
            }
        }
    }
    return true;
}

/* A list of references, blank-separated: a match(...) set, good(...) or
 * answer(...). */
static bool resolve_row_list(parser *p, uint8_t purpose, int8_t set, const char *text)
{
    convention *c = p->c;
    uint64_t *bits = purpose == REF_MATCH ? c->set[set] : purpose == REF_GOOD ? c->good_set : NULL;
    uint8_t *first = purpose == REF_PLAY ? c->play.match_mem[set] : NULL;
    if (bits) memset(bits, 0, sizeof c->good_set);
    char buf[REF_TEXT_MAX];
    snprintf(buf, sizeof buf, "%s", text);
    char *save;
    for (char *ref = strtok_r(buf, " \t", &save); ref; ref = strtok_r(NULL, " \t", &save))
        if (!resolve_row_ref(p, purpose, bits, first, ref)) return false;
    return true;
}

static bool resolve_refs(parser *p)
{
    convention *c = p->c;
    for (int k = 0; k < p->npjump; k++) {
        p->line = p->pjump[k].line;
        int ti = table_index(c, p->pjump[k].name);
        if (ti < 0) return fail(p, "table(%s): no section [%s]", p->pjump[k].name, p->pjump[k].name);
        if (ti == p->pjump[k].table) return fail(p, "table(%s): a table cannot go on in itself", p->pjump[k].name);
        c->table[p->pjump[k].table]->row[p->pjump[k].row].first_rank = (uint8_t)ti;
    }
    for (int k = 0; k < p->nprule; k++) {
        p->line = p->prule[k].line;
        uint64_t m = 0;
        for (int i = 0; i < c->nrules; i++)
            if (strcmp(c->rule[i].id, p->prule[k].id) == 0) m |= 1ULL << i;
        if (!m) return fail(p, "rule=%s: no [suit] rule has that id", p->prule[k].id);
        c->table[p->prule[k].table]->row[p->prule[k].row].rule_ok = m;
    }
    for (int k = 0; k < p->npref; k++) {
        p->line = p->pref[k].line;
        if (!resolve_row_list(p, p->pref[k].purpose, p->pref[k].set, p->pref[k].text)) return false;
    }
    return true;
}

/* The per-holding index, and the check that every holding finds a row
 * that needs no context (so a lead is always found). */
static bool build_tables(parser *p)
{
    convention *c = p->c;
    for (int ti = 0; ti < c->ntables; ti++) {
        card_table *t = c->table[ti];
        for (unsigned h = 0; h < 8192; h++) {
            t->first_row[h] = ROW_NONE;
            for (int i = 0; i < t->nrows; i++)
                if (card_row_holds(&t->row[i], (uint16_t)(h << 2))) {
                    t->first_row[h] = (uint8_t)i;
                    break;
                }
        }
    }
    /* table jumps must not loop */
    for (int ti = 0; ti < c->ntables; ti++) {
        int at = ti, hops = 0;
        while (at >= 0 && hops <= c->ntables) {
            int next = -1;
            for (int i = 0; i < c->table[at]->nrows; i++)
                if (c->table[at]->row[i].first == CX_TABLE) next = c->table[at]->row[i].first_rank;
            at = next;
            hops++;
        }
        if (at >= 0) {
            p->line = 0;
            return fail(p, "card tables jump to each other in a loop");
        }
    }
    int entry[2] = {c->plain_table, c->trump_table >= 0 ? c->trump_table : c->plain_table};
    for (int e = 0; e < 2; e++) {
        if (entry[e] < 0) continue;
        for (unsigned h = 1; h < 8192; h++) {
            int ti = entry[e];
            bool found = false;
            for (int hops = 0; hops <= c->ntables && !found && ti >= 0; hops++) {
                const card_table *t = c->table[ti];
                int next = -1;
                for (int i = t->first_row[h] == ROW_NONE ? t->nrows : t->first_row[h]; i < t->nrows; i++) {
                    const card_row *r = &t->row[i];
                    if (r->ctx || !card_row_holds(r, (uint16_t)(h << 2))) continue;
                    if (r->first == CX_TABLE) next = r->first_rank;
                    else found = true;
                    break;
                }
                ti = next;
            }
            if (!found) {
                char hold[16];
                suit_format((uint16_t)(h << 2), hold, false);
                p->line = 0;
                return fail(p, "[%s]: no row (without 'if') gives a card for the holding %s; end the table with a catch-all row",
                            c->table[entry[e]]->name, hold);
            }
        }
    }
    return true;
}

/* Whole-table checks once everything is read. */
static bool check_complete(parser *p)
{
    convention *c = p->c;
    p->line = 0;
    c->plain_table = (int8_t)table_index(c, "plain");
    c->trump_table = (int8_t)table_index(c, "trumps");
    if (!c->name[0]) return fail(p, "no 'name' line");
    if (!apply_options(p)) return false;
    for (int i = 0; i < c->noptions; i++)
        if ((c->options_on >> i) & 1)
            snprintf(c->name + strlen(c->name), sizeof c->name - strlen(c->name), "+%s", c->option_name[i]);
    if (!p->seen_sec[SEC_SUIT] || c->nrules == 0) return fail(p, "no [suit] rules");
    bool needs_cards = false;
    for (int i = 0; i < c->nrules; i++) {
        const suit_rule *r = &c->rule[i];
        if (r->sel == SEL_DD_BEST) c->dd_best = true;
        if ((r->sel == SEL_TRUMPS || r->sel == SEL_PICK || r->sel == SEL_FIVE_VS_FOUR) && r->card < 0)
            needs_cards = true;
    }
    if (c->dd_best && c->nrules != 1) return fail(p, "dd_best must be the only [suit] rule");
    if (c->ntables && c->plain_table < 0) return fail(p, "card tables given but no [plain]");
    if (needs_cards && c->plain_table < 0) return fail(p, "a [suit] rule leaves the card to the tables, but there is no [plain] table");
    if (!p->seen_sec[SEC_LATER] || c->nlater == 0) return fail(p, "no [later] section (use 'as long-suit' to take long-suit's)");
    bool own_later = false;
    for (int i = 0; i < c->nlater; i++) {
        if (c->later[i].kind == ST_AS && i != c->nlater - 1) {
            p->line = c->later[i].line;
            return fail(p, "'as NAME' must be the last [later] row");
        }
        if (c->later[i].kind != ST_AS && c->later[i].kind != ST_MC_C) own_later = true;
    }
    p->line = 0;
    if (own_later) {
        if (c->plain_table < 0) return fail(p, "later leads need a [plain] table");
        if (c->ncont == 0) return fail(p, "later leads need a [continue] section");
        if (c->nret == 0) return fail(p, "later leads need a [return] section");
        if (c->later[c->nlater - 1].kind != ST_C7 && c->later[c->nlater - 1].kind != ST_AS)
            return fail(p, "the last [later] row must be C7 (the fallback) or 'as NAME'");
    } else if (c->later[c->nlater - 1].kind != ST_AS) {
        return fail(p, "the [later] rows must end with C7 or 'as NAME'");
    }
    return true;
}

convention *convention_compile(const char *text, const char *file, const char *opts,
                               convention_resolver resolve, diag_t *diag)
{
    convention *c = calloc(1, sizeof *c);
    if (!c) {
        diag_set(diag, file, 0, "out of memory");
        return NULL;
    }
    c->plain_table = c->trump_table = -1;
    c->facts = holding_table();
    parser p = {.file = file, .diag = diag, .c = c, .resolve = resolve, .opts = opts, .sec = SEC_HEADER};
    const char *s = text;
    char line[1024];
    bool ok = true;
    while (ok && *s) {
        size_t len = strcspn(s, "\r\n"); /* a line ends at LF, CRLF or CR alone */
        p.line++;
        if (len >= sizeof line) {
            ok = fail(&p, "line longer than %zu characters", sizeof line - 1);
            break;
        }
        memcpy(line, s, len);
        line[len] = 0;
        ok = parse_line(&p, line);
        s += len;
        if (*s == '\r' && s[1] == '\n') s += 2;
        else if (*s) s++;
    }
    if (ok) ok = check_complete(&p) && resolve_refs(&p) && build_tables(&p) && play_default(&p) && play_build(&p);
    if (!ok) {
        convention_free(c);
        return NULL;
    }
    convention_index_filters(c);
    return c;
}

void convention_free(convention *c)
{
    if (!c || c->builtin) return;
    for (int i = 0; i < c->ntables; i++) free(c->table[i]);
    for (int i = 0; i < c->play.nmatch; i++) free(c->play.match_mem[i]);
    free(c);
}
