/* deal_filter.c -- the --where language (grammar in deal_filter.h): a
 * tokenizer, a recursive-descent parser that emits a postfix program, and a
 * stack machine that runs it with a fixed-size stack. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/deal/deal_filter.h"

#define MAX_OPS 256
#define MAX_STACK 32
/* "(" and "!" each take a level of the parser's recursion: capped, so that
 * 50,000 of them are an error, not a stack overflow (issue 25 item 4). */
#define MAX_NESTING 100

typedef enum {
    OP_CONST, OP_LEN, OP_HCP, OP_COUNT, OP_HOLDS, OP_SHAPE,
    OP_NOT, OP_AND, OP_OR, OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE, OP_ADD, OP_SUB,
} op_code;

/* Seats 0-3 are relative to the dealer (leader, second, third, dealer),
 * SEAT_FIXED + s is seat s. */
enum { SEAT_FIXED = 4 };
/* Suit selectors beyond SUIT_S..SUIT_C. */
enum { SEL_TRUMPS = 4, SEL_LONGEST, SEL_SHORTEST, SEL_HAND };

typedef struct {
    uint8_t op, seat, suit;
    uint16_t ranks;
    int value;
} filter_op;

struct deal_filter {
    int n;
    filter_op ops[MAX_OPS];
};

/* ------------------------------------------------------------ evaluation */

static int suit_value(const filter_op *o, uint16_t lane)
{
    switch (o->op) {
    case OP_LEN: return __builtin_popcount(lane);
    case OP_HCP:
        return 4 * (lane >> RANK_A & 1) + 3 * (lane >> RANK_K & 1) + 2 * (lane >> RANK_Q & 1) +
               (lane >> RANK_J & 1);
    case OP_COUNT: return __builtin_popcount(lane & o->ranks);
    default: return (lane & o->ranks) == o->ranks;
    }
}

/* The value of a hand function: the highest over the suits selected. */
static int hand_value(const filter_op *o, const hand_t hand[4], int dealer, int strain)
{
    hand_t h = hand[o->seat < SEAT_FIXED ? (dealer + 1 + o->seat) & 3 : o->seat - SEAT_FIXED];
    if (o->suit <= SUIT_C) return suit_value(o, hand_suit(h, o->suit));
    if (o->suit == SEL_TRUMPS) return strain <= SUIT_C ? suit_value(o, hand_suit(h, strain)) : 0;
    int best = 0;
    if (o->suit == SEL_HAND) {
        for (int s = 0; s < 4; s++) best += suit_value(o, hand_suit(h, s));
        return best;
    }
    int len[4], want = o->suit == SEL_LONGEST ? 0 : 13;
    for (int s = 0; s < 4; s++) {
        len[s] = hand_suit_len(h, s);
        if (o->suit == SEL_LONGEST ? len[s] > want : len[s] < want) want = len[s];
    }
    for (int s = 0; s < 4; s++) {
        if (len[s] != want) continue;
        int v = suit_value(o, hand_suit(h, s));
        if (v > best) best = v;
    }
    return best;
}

/* OP_SHAPE: the seat's suit lengths against a pattern of four lengths
 * (value: nibble k = the k-th length, SHAPE_ANY for x), in suit order
 * (suit = 1: "5=4=3=1") or in any order (suit = 0: "5431", "5-4-3-1"). */
enum { SHAPE_ANY = 15 };

static int shape_value(const filter_op *o, const hand_t hand[4], int dealer)
{
    hand_t h = hand[o->seat < SEAT_FIXED ? (dealer + 1 + o->seat) & 3 : o->seat - SEAT_FIXED];
    int want[4];
    for (int k = 0; k < 4; k++) want[k] = o->value >> (4 * k) & 15;
    if (o->suit) {
        for (int s = 0; s < 4; s++)
            if (want[s] != SHAPE_ANY && want[s] != hand_suit_len(h, s)) return 0;
        return 1;
    }
    /* any order: each length asked for is some suit's, each suit used once */
    bool used[4] = {false, false, false, false};
    for (int k = 0; k < 4; k++) {
        if (want[k] == SHAPE_ANY) continue;
        int s = 0;
        while (s < 4 && (used[s] || hand_suit_len(h, s) != want[k])) s++;
        if (s == 4) return 0;
        used[s] = true;
    }
    return 1;
}

bool deal_filter_match(const deal_filter *f, const hand_t hand[4], int dealer, int strain)
{
    int stack[MAX_STACK], sp = 0;
    for (int i = 0; i < f->n; i++) {
        const filter_op *o = &f->ops[i];
        switch (o->op) {
        case OP_CONST: stack[sp++] = o->value; continue;
        case OP_LEN:
        case OP_HCP:
        case OP_COUNT:
        case OP_HOLDS: stack[sp++] = hand_value(o, hand, dealer, strain); continue;
        case OP_SHAPE: stack[sp++] = shape_value(o, hand, dealer); continue;
        case OP_NOT: stack[sp - 1] = !stack[sp - 1]; continue;
        default: break;
        }
        int b = stack[--sp], a = stack[sp - 1], r;
        switch (o->op) {
        case OP_AND: r = a && b; break;
        case OP_OR: r = a || b; break;
        case OP_EQ: r = a == b; break;
        case OP_NE: r = a != b; break;
        case OP_LT: r = a < b; break;
        case OP_LE: r = a <= b; break;
        case OP_GT: r = a > b; break;
        case OP_GE: r = a >= b; break;
        case OP_ADD: r = a + b; break;
        default: r = a - b; break;
        }
        stack[sp - 1] = r;
    }
    return stack[0] != 0;
}

/* ------------------------------------------------------------ parsing */

typedef enum { T_END, T_NUM, T_NAME, T_STR, T_PUNCT, T_BAD } tok_kind;

typedef struct {
    const char *text, *p;
    tok_kind kind;
    const char *start;  /* of the current token */
    size_t len;
    long num;
    deal_filter *f;
    int depth;          /* values on the stack after the ops emitted */
    int nesting;        /* "(" and "!" open around the current token */
    diag_t *diag;
    bool failed;
} parser;

static bool fail(parser *ps, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static bool fail(parser *ps, const char *fmt, ...)
{
    if (ps->failed) return false;
    ps->failed = true;
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_reason(ps->diag, "column %d: %s", (int)(ps->start - ps->text) + 1, msg);
    return false;
}

/* Reads the next token into ps. */
static void advance(parser *ps)
{
    const char *p = ps->p;
    while (*p == ' ' || *p == '\t' || *p == '\n') p++;
    ps->start = p;
    static const char *const PUNCT[] = {"&&", "||", "==", "!=", "<=", ">=", "<", ">", "!",
                                        "(", ")", ",", "+", "-"};
    if (!*p) {
        ps->kind = T_END;
        ps->len = 0;
    } else if (*p >= '0' && *p <= '9') {
        char *end;
        ps->num = strtol(p, &end, 10);
        ps->kind = ps->num > 1000000 ? T_BAD : T_NUM;
        ps->len = (size_t)(end - p);
    } else if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '_') {
        const char *q = p;
        while ((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || *q == '_' ||
               (*q >= '0' && *q <= '9'))
            q++;
        ps->kind = T_NAME;
        ps->len = (size_t)(q - p);
    } else if (*p == '"') {
        const char *q = strchr(p + 1, '"');
        ps->kind = q ? T_STR : T_BAD;
        ps->len = q ? (size_t)(q - p + 1) : strlen(p);
    } else {
        ps->kind = T_BAD;
        ps->len = 1;
        for (size_t i = 0; i < sizeof PUNCT / sizeof PUNCT[0]; i++) {
            size_t n = strlen(PUNCT[i]);
            if (strncmp(p, PUNCT[i], n) == 0) {
                ps->kind = T_PUNCT;
                ps->len = n;
                break;
            }
        }
    }
    ps->p = p + ps->len;
}

static bool is(const parser *ps, const char *punct)
{
    return ps->kind == T_PUNCT && ps->len == strlen(punct) && strncmp(ps->start, punct, ps->len) == 0;
}

static bool is_name(const parser *ps, const char *name)
{
    return ps->kind == T_NAME && ps->len == strlen(name) && strncmp(ps->start, name, ps->len) == 0;
}

static bool expect(parser *ps, const char *punct, const char *what)
{
    if (!is(ps, punct)) return fail(ps, "expected '%s' %s", punct, what);
    advance(ps);
    return true;
}

/* Appends an op that pops pops values and pushes one. */
static bool emit(parser *ps, filter_op o, int pops)
{
    if (ps->f->n == MAX_OPS) return fail(ps, "expression too long");
    ps->depth += 1 - pops;
    if (ps->depth > MAX_STACK) return fail(ps, "expression nested too deeply");
    ps->f->ops[ps->f->n++] = o;
    return true;
}

static bool emit_op(parser *ps, op_code op) { return emit(ps, (filter_op){.op = (uint8_t)op}, 2 - (op == OP_NOT)); }

static bool parse_expr(parser *ps);

/* One more level of "(" or "!", at the current token. */
static bool nest(parser *ps)
{
    if (ps->nesting == MAX_NESTING)
        return fail(ps, "parentheses and '!' nested more than %d deep", MAX_NESTING);
    ps->nesting++;
    return true;
}

static bool parse_seat(parser *ps, uint8_t *seat)
{
    static const struct { const char *name; uint8_t seat; } SEATS[] = {
        {"leader", 0}, {"eldest", 0}, {"second", 1}, {"third", 2}, {"partner", 2}, {"dealer", 3}, {"fourth", 3},
        {"north", SEAT_FIXED + SEAT_N}, {"east", SEAT_FIXED + SEAT_E},
        {"south", SEAT_FIXED + SEAT_S}, {"west", SEAT_FIXED + SEAT_W},
    };
    for (size_t i = 0; i < sizeof SEATS / sizeof SEATS[0]; i++)
        if (is_name(ps, SEATS[i].name)) {
            *seat = SEATS[i].seat;
            advance(ps);
            return true;
        }
    return fail(ps, "expected a seat (leader or eldest, second, third or partner, dealer or fourth, north, "
                    "east, south, west)");
}

static bool parse_suit(parser *ps, uint8_t *suit)
{
    static const struct { const char *name; uint8_t suit; } SUITS[] = {
        {"spades", SUIT_S}, {"hearts", SUIT_H}, {"diamonds", SUIT_D}, {"clubs", SUIT_C},
        {"trumps", SEL_TRUMPS}, {"longest_suit", SEL_LONGEST}, {"shortest_suit", SEL_SHORTEST},
    };
    for (size_t i = 0; i < sizeof SUITS / sizeof SUITS[0]; i++)
        if (is_name(ps, SUITS[i].name)) {
            *suit = SUITS[i].suit;
            advance(ps);
            return true;
        }
    return fail(ps, "expected a suit (spades, hearts, diamonds, clubs, trumps, longest_suit, "
                    "shortest_suit)");
}

static bool parse_ranks(parser *ps, uint16_t *ranks)
{
    if (ps->kind != T_STR) return fail(ps, "expected ranks in quotes, such as \"AKQ\"");
    *ranks = 0;
    for (size_t i = 1; i + 1 < ps->len; i++) {
        int r = rank_from_char((unsigned char)ps->start[i]);
        if (r < 0) return fail(ps, "'%c' is not a rank (AKQJT98765432)", ps->start[i]);
        *ranks |= (uint16_t)(1u << r);
    }
    if (!*ranks) return fail(ps, "no ranks between the quotes");
    advance(ps);
    return true;
}

/* shape(SEAT) / pattern(SEAT) == "5431": NAME current. The string is four
 * lengths, x for any: "5431" or "5-4-3-1" in any order, "5=4=3=1" in suit
 * order (spades, hearts, diamonds, clubs); "!=" negates. */
static bool parse_shape(parser *ps)
{
    filter_op o = {.op = OP_SHAPE};
    advance(ps);
    if (!expect(ps, "(", "after the function name") || !parse_seat(ps, &o.seat) ||
        !expect(ps, ")", "after the seat"))
        return false;
    bool negate = is(ps, "!=");
    if (!negate && !is(ps, "=="))
        return fail(ps, "compare a shape with == or != and a string, e.g. shape(leader) == \"5431\"");
    advance(ps);
    if (ps->kind != T_STR) return fail(ps, "expected a shape in quotes, such as \"5431\", \"4-4-3-2\" or \"5=4=3=1\"");
    const char *q = ps->start + 1, *end = ps->start + ps->len - 1;
    char sep = memchr(q, '=', (size_t)(end - q)) ? '=' : memchr(q, '-', (size_t)(end - q)) ? '-' : 0;
    int n = 0, sum = 0, fixed = 0;
    o.suit = sep == '=';
    while (q < end) {
        int v;
        if (*q == 'x' || *q == 'X') {
            v = SHAPE_ANY;
            q++;
        } else if (*q >= '0' && *q <= '9') {
            v = *q++ - '0';
            if (sep && q < end && *q >= '0' && *q <= '9') v = v * 10 + (*q++ - '0');
            if (v > 13) return fail(ps, "a suit has at most 13 cards");
            sum += v;
            fixed++;
        } else {
            return fail(ps, "'%c' in a shape: use digits, x for any length, and - or = between them", *q);
        }
        if (n == 4) return fail(ps, "a shape has four lengths");
        o.value |= v << (4 * n++);
        if (sep && q < end && *q++ != sep) return fail(ps, "separate the lengths all with '-' or all with '='");
    }
    if (n != 4) return fail(ps, "a shape has four lengths, not %d", n);
    if (sum > 13 || (fixed == 4 && sum != 13)) return fail(ps, "the lengths of a shape add up to 13");
    advance(ps);
    return emit(ps, o, 0) && (!negate || emit_op(ps, OP_NOT));
}

/* A function call: NAME already current. Arguments follow the pattern of
 * the function: S seat, R ranks, U suit, '?' makes the rest optional. */
static bool parse_call(parser *ps)
{
    static const struct {
        const char *name, *args;
        uint8_t op, suit;
        uint16_t ranks;
    } FUNCS[] = {
        {"len", "SU", OP_LEN, 0, 0},
        {"length", "SU", OP_LEN, 0, 0},
        {"trumps", "S", OP_LEN, SEL_TRUMPS, 0},
        {"longest", "S", OP_LEN, SEL_LONGEST, 0},
        {"shortest", "S", OP_LEN, SEL_SHORTEST, 0},
        {"hcp", "S?U", OP_HCP, SEL_HAND, 0},
        {"points", "S?U", OP_HCP, SEL_HAND, 0},
        {"honours", "S", OP_COUNT, SEL_TRUMPS, 1 << RANK_A | 1 << RANK_K | 1 << RANK_Q | 1 << RANK_J},
        {"honors", "S", OP_COUNT, SEL_TRUMPS, 1 << RANK_A | 1 << RANK_K | 1 << RANK_Q | 1 << RANK_J},
        {"count", "SRU", OP_COUNT, 0, 0},
        {"holds", "SRU", OP_HOLDS, 0, 0},
    };
    if (is_name(ps, "shape") || is_name(ps, "pattern")) return parse_shape(ps);
    size_t k = 0;
    while (k < sizeof FUNCS / sizeof FUNCS[0] && !is_name(ps, FUNCS[k].name)) k++;
    if (k == sizeof FUNCS / sizeof FUNCS[0])
        return fail(ps, "unknown name '%.*s' (functions: len, trumps, longest, shortest, hcp, "
                        "honours, count, holds, shape, pattern)", (int)ps->len, ps->start);
    filter_op o = {.op = FUNCS[k].op, .suit = FUNCS[k].suit, .ranks = FUNCS[k].ranks};
    advance(ps);
    if (!expect(ps, "(", "after the function name")) return false;
    bool optional = false;
    for (const char *a = FUNCS[k].args; *a; a++) {
        if (*a == '?') {
            optional = true;
            continue;
        }
        if (a != FUNCS[k].args) {
            if (optional && is(ps, ")")) break;
            if (!expect(ps, ",", "between the arguments")) return false;
        }
        bool ok = *a == 'S' ? parse_seat(ps, &o.seat)
                  : *a == 'R' ? parse_ranks(ps, &o.ranks)
                              : parse_suit(ps, &o.suit);
        if (!ok) return false;
    }
    if (!expect(ps, ")", "after the arguments")) return false;
    return emit(ps, o, 0);
}

static bool parse_atom(parser *ps)
{
    if (ps->kind == T_NUM) {
        filter_op o = {.op = OP_CONST, .value = (int)ps->num};
        advance(ps);
        return emit(ps, o, 0);
    }
    if (is(ps, "(")) {
        if (!nest(ps)) return false;
        advance(ps);
        bool ok = parse_expr(ps) && expect(ps, ")", "to close the '('");
        ps->nesting--;
        return ok;
    }
    if (ps->kind == T_NAME) return parse_call(ps);
    if (ps->kind == T_END) return fail(ps, "the expression ends too early");
    return fail(ps, "expected a number, a function or '(', found '%.*s'", (int)ps->len, ps->start);
}

static bool parse_sum(parser *ps)
{
    if (!parse_atom(ps)) return false;
    while (is(ps, "+") || is(ps, "-")) {
        op_code op = is(ps, "+") ? OP_ADD : OP_SUB;
        advance(ps);
        if (!parse_atom(ps) || !emit_op(ps, op)) return false;
    }
    return true;
}

static bool parse_cmp(parser *ps)
{
    static const struct { const char *text; op_code op; } CMPS[] = {
        {"==", OP_EQ}, {"!=", OP_NE}, {"<", OP_LT}, {"<=", OP_LE}, {">", OP_GT}, {">=", OP_GE},
    };
    if (!parse_sum(ps)) return false;
    for (size_t i = 0; i < sizeof CMPS / sizeof CMPS[0]; i++)
        if (is(ps, CMPS[i].text)) {
            advance(ps);
            return parse_sum(ps) && emit_op(ps, CMPS[i].op);
        }
    return true;
}

static bool parse_unary(parser *ps)
{
    if (!is(ps, "!")) return parse_cmp(ps);
    if (!nest(ps)) return false;
    advance(ps);
    bool ok = parse_unary(ps) && emit_op(ps, OP_NOT);
    ps->nesting--;
    return ok;
}

/* operand (punct operand)*, left to right, each punct emitting op. */
static bool parse_chain(parser *ps, bool (*operand)(parser *), const char *punct, op_code op)
{
    if (!operand(ps)) return false;
    while (is(ps, punct)) {
        advance(ps);
        if (!operand(ps) || !emit_op(ps, op)) return false;
    }
    return true;
}

static bool parse_and(parser *ps) { return parse_chain(ps, parse_unary, "&&", OP_AND); }

static bool parse_expr(parser *ps) { return parse_chain(ps, parse_and, "||", OP_OR); }

deal_filter *deal_filter_compile(const char *text, diag_t *diag)
{
    deal_filter *f = calloc(1, sizeof *f);
    if (!f) {
        diag_reason(diag, "out of memory");
        return NULL;
    }
    parser ps = {.text = text, .p = text, .f = f, .diag = diag};
    advance(&ps);
    if (parse_expr(&ps) && ps.kind != T_END)
        fail(&ps, "unexpected '%.*s' after the expression", (int)ps.len, ps.start);
    if (ps.failed) {
        free(f);
        return NULL;
    }
    return f;
}

void deal_filter_free(deal_filter *f) { free(f); }
