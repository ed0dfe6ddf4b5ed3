/* sd_follow.c -- second, third and fourth hand (analyze/play/RULES.md
 * §5-§7, §12, §13): the interpreter of the side's [play] rows (play_rows.h,
 * compiled from its table): the rows of the decision's bucket are tried
 * top-down and the first that fires decides (PR4). The rules themselves
 * are the rows of the tables (long-suit.tbl holds Foster's); here are only
 * the facts and cards the rows name -- the fourchette, the rule of eleven
 * (X1), the minor tenace (X6), unblocking (X2), partner's leads read by
 * his tables (X3), the turn-up, a renounce on X's right, the suit whose
 * master a discard throws -- and PR1/PR2 before the rows, X2(a), X7 and the
 * signals after them. LOW is the lowest card of the suit led; RUFF and
 * DISC go to sd_discard.c. Every card that must win is checked against
 * the winning card (PQ11). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/play/sd_rules.h"
#include "formats/deal.h"

#define RB(r) (1u << (r))

void sd_side_init(sd_side *side, const convention *c)
{
    static const play_rules core; /* no rows: LOW or a discard (PR5) */
    side->conv = c;
    side->play = c ? convention_play_rules(c) : &core;
}

bool sd_ext_parse(const char *text, unsigned *ext, diag_t *diag)
{
    *ext = 0;
    for (const char *p = text; *p;) {
        char *end;
        long n = (*p == 'X' || *p == 'x') ? strtol(p + 1, &end, 10) : -1;
        if (n < 1 || n > 14 || end == p + 1 || (*end && *end != ',')) {
            diag_reason(diag, "--ext: expected rule ids X1..X14 separated by commas, not '%s'", p);
            return false;
        }
        if (!(SD_EXT_DONE >> n & 1)) {
            diag_reason(diag,
                        "--ext: X%ld is not one of the extended rules whistlab plays (X1 to X13; X14 is not specified)",
                        n);
            return false;
        }
        *ext |= 1u << n;
        p = *end ? end + 1 : end;
    }
    return true;
}

static bool holds(uint16_t h, int rank) { return rank >= 2 && (h >> rank & 1); }

static bool ext(const sd_ctx *x, int n) { return x->v->ext >> n & 1; }

/* X10's and X9's condition: partner has led trumps in this deal. */
static bool pt_led_trumps(const sd_ctx *x)
{
    return play_led_in(x->v->pub, x->pt, x->trump) != 0;
}

static sd_card card_of(const sd_ctx *x, int rank, const char *rule)
{
    return (sd_card){card_make(x->L, rank), rule, NULL, false, x->rows};
}

/* LOW (PR5): the lowest card of suit L. */
static sd_card low(const sd_ctx *x, const char *rule)
{
    return (sd_card){card_make(x->L, ranks_low(x->held[x->L])), rule, NULL, true, x->rows};
}

/* The ranks of suit L that beat the winning card w (analyze/play/RULES.md §3, beats):
 * above w in its suit, none when w is of another suit (a trump). Rank
 * scans are bit operations here: a loop's data-dependent exit costs a
 * misprediction on most cards followed. */
static uint16_t beating_w(const sd_ctx *x)
{
    return card_suit(x->w) == x->L ? ranks_above(card_rank(x->w)) : 0;
}

/* Beats w with rank r of suit L? */
static bool beats_w(const sd_ctx *x, int r)
{
    return (beating_w(x) >> r) & 1;
}

/* The lowest card of group(rank) that beats w; 0 if none. */
static int group_low_beating(const sd_ctx *x, int rank)
{
    uint16_t g = (uint16_t)(sd_group(x->held[x->L], x->played[x->L], rank) & beating_w(x));
    return g ? ranks_low(g) : 0;
}

/* The ranks of L that seat played in the completed tricks. */
static uint16_t played_by(const sd_ctx *x, int seat)
{
    const play_public *pub = x->v->pub;
    uint16_t m = 0;
    for (int t = 0; t < pub->ntricks; t++)
        if (card_suit(pub->card[t][seat]) == x->L) m |= (uint16_t)RB(card_rank(pub->card[t][seat]));
    return m;
}

/* X1, the eleven rule (foster L1649, L1707): the leader opened the deal
 * with an honour of L and now leads a low card c, read as his original 4th
 * best (RL3's continuation after a high-card opening, the books' 4th-best
 * leads). He held three cards above c, so the other three hands held
 * 11 - c. When X accounts for all of them, his own and those partner and
 * LHO have played, neither of them holds one: the lowest card of X's that
 * beats c wins the trick. That rank, or 0 when the rule places nothing.
 * Only the opening lead reads so: an honour led later may be a master
 * cashed (C7) or the top of a short suit (LS15), and the low card after it
 * no 4th best, while the count adds up with a card above it still out. A
 * count that does not add up also shows c was no 4th best. */
static int eleven_rule(const sd_ctx *x)
{
    const play_public *pub = x->v->pub;
    int c = card_rank(x->lead), ld = x->lead_seat;
    unsigned led = play_led_in(pub, ld, x->L);
    if (c > 9 || pub->leader[0] != ld || led != 1u || card_rank(pub->card[0][ld]) < RANK_J) return 0;
    uint16_t above = ranks_above(c), mine = x->held[x->L] & above;
    int known = ranks_count(mine) + ranks_count((uint16_t)(x->played[x->L] & above & ~played_by(x, ld)));
    return known == 11 - c && mine ? ranks_low(mine) : 0;
}

/* S5.2 D5: every other card of L is played or in the trick. */
static bool thirteenth(const sd_ctx *x)
{
    return (x->gone[x->L] | RB(card_rank(x->lead))) == SUIT_MASK_ALL;
}

/* X13: an established plain suit to keep the trumps for. */
static bool established_plain(const sd_ctx *x)
{
    for (int s = 0; s < 4; s++)
        if (s != x->trump && x->held[s] && suit_established(x->held[s], x->played[s])) return true;
    return false;
}

/* T1.4: a plain suit other than L with a re-entry (analyze/lead/RULES.md §2.3). */
static bool reentry_elsewhere(const sd_ctx *x)
{
    for (int s = 0; s < 4; s++)
        if (s != x->L && s != x->trump && x->held[s] && suit_reentry(x->held[s], x->played[s])) return true;
    return false;
}

/* X2(b): round 2 of partner's suit, which he led to round 1 and X
 * followed from three cards: X's honour would block the suit. */
static bool unblock(const sd_ctx *x)
{
    const play_public *pub = x->v->pub;
    unsigned led = 0; /* the completed tricks led in L, by anyone */
    for (int p = 0; p < 4; p++) led |= play_led_in(pub, p, x->L);
    if (!led) return false;
    int t = __builtin_ctz(led);
    return pub->leader[t] == x->pt && card_suit(pub->card[t][x->v->seat]) == x->L;
}

/* X6: is the best unseen card of L, X's own suit that partner returns,
 * marked on X's left? Not partner's: his [later] procedure would have
 * cashed it (C3) rather than lead the suit low. Not RHO's: second hand
 * in this later round he played below it (S4.1 wins with it), or in a round X
 * led, RHO played fourth, his partner was not winning, and he followed
 * below a card of L that the best beats (F2 wins when it can), or he is
 * void. Reads the side's [later] procedure (side_read). */
static bool best_on_left(const sd_ctx *x, int best)
{
    const play_public *pub = x->v->pub;
    int X = x->v->seat, rho = seat_right(X), lho = seat_left(X);
    *x->side_read = true;
    if (!lead_later_cashes_first(x->v->side->conv)) return false;
    if (play_first_plain_opened(pub, X, x->trump) != x->L || card_rank(x->lead) == suit_nth_unplayed(x->played[x->L], 1)) return false;
    if ((pub->void_in[rho] >> x->L) & 1) return true;
    /* RHO, second hand now in a later round, played below the best: he
     * would have won with it (S4.1; dicks L2761-2766, CLAY-T1) */
    card_t c2 = pub->card[pub->ntricks][rho];
    if (x->pos == 2 && x->round >= 2 && card_suit(c2) == x->L && card_rank(c2) < best) return true;
    for (unsigned m = play_led_in(pub, X, x->L); m; m &= m - 1) {
        int t = __builtin_ctz(m);
        card_t c4 = pub->card[t][rho], w = CARD_NONE;
        int wseat = -1;
        for (int p = X, k = 0; k < 3; k++, p = seat_left(p)) { /* the winner before RHO played */
            card_t c = pub->card[t][p];
            if (card_suit(c) == x->trump) { /* ruffed: F3 plays low, nothing is read */
                w = CARD_NONE;
                break;
            }
            if (card_suit(c) != x->L) continue;
            if (w == CARD_NONE || card_rank(c) > card_rank(w)) {
                w = c;
                wseat = p;
            }
        }
        if (w != CARD_NONE && wseat != lho && card_suit(c4) == x->L && card_rank(c4) < card_rank(w) &&
            best > card_rank(w))
            return true;
    }
    return false;
}

/* X6 (foster L1842; dicks L1642-1645; hogarth L705-711), the minor tenace
 * when partner returns X's suit: with the 2nd and 4th best unseen cards and
 * the best marked on X's left, the 4th best; on round 2 with the best and
 * the 3rd best, the 3rd best when strong in trumps. The rank, or 0. */
static int minor_tenace(const sd_ctx *x)
{
    const play_public *pub = x->v->pub;
    uint16_t h = x->held[x->L], unseen = (uint16_t)(SUIT_MASK_ALL & ~x->gone[x->L]);
    if (x->lead_seat != x->pt || x->L == x->trump || !play_opened(pub, x->v->seat, x->L)) return 0;
    int n1 = ranks_nth(unseen, 1), n2 = ranks_nth(unseen, 2), n3 = ranks_nth(unseen, 3), n4 = ranks_nth(unseen, 4);
    if (n4 && holds(h, n2) && holds(h, n4) && !holds(h, n1) && !holds(h, n3) && beats_w(x, n4) &&
        best_on_left(x, n1))
        return n4;
    if (n3 && x->round == 2 && holds(h, n1) && holds(h, n3) && !holds(h, n2) && beats_w(x, n3) && x->trump >= 0 &&
        sd_strong_trumps(x))
        return n3;
    return 0;
}

/* Partner's first two leads of L as X saw them (lead_infer): he opened L
 * and led it again on its round 2, in an earlier trick or now. False if
 * he has not. */
static bool partner_leads(const sd_ctx *x, lead_seq *seq)
{
    const play_public *pub = x->v->pub;
    unsigned led = play_led_in(pub, x->pt, x->L);
    if (x->lead_seat == x->pt) led |= 1u << pub->ntricks;
    if (!play_opened(pub, x->pt, x->L) || !led || !(led & (led - 1))) return false;
    int t1 = __builtin_ctz(led), t2 = __builtin_ctz(led & (led - 1));
    *seq = (lead_seq){.trumps = x->L == x->trump, .first = pub->card[t1][x->pt], .second = pub->card[t2][x->pt]};
    uint16_t his = 0, others = 0;
    for (int t = 0; t <= pub->ntricks && t < 13; t++)
        for (int p = 0; p < 4; p++) {
            card_t c = pub->card[t][p];
            if (c == CARD_NONE || card_suit(c) != x->L) continue;
            if (t < t2 && t != t1 && pub->led[t] == x->L) return false; /* t2 is not round 2 */
            if (p != x->pt) others |= (uint16_t)RB(card_rank(c));
            else if (t < t2 && t != t1) seq->his_between |= (uint16_t)RB(card_rank(c));
            else if (t > t2) seq->his_since |= (uint16_t)RB(card_rank(c));
            if (t < t2) seq->played_then |= (uint16_t)RB(card_rank(c));
            his |= (uint16_t)RB(card_rank(c));
        }
    seq->outside = (uint16_t)((others | x->held[x->L]) & ~his);
    *x->side_read = true; /* what they show is read by the side's tables */
    return true;
}

/* X3 (foster L1651): partner leads L now for the second time, and his two
 * leads show cards he still holds; at most one unplayed card of L that X
 * cannot see beats partner's card once those are set aside: with four
 * trumps X passes and lets the suit be established. */
static bool one_against(const sd_ctx *x)
{
    lead_seq seq;
    lead_shown shown;
    if (x->round != 2 || !partner_leads(x, &seq) || seq.second != x->lead) return false;
    lead_infer(x->v->side->conv, &seq, &shown);
    if (!shown.holdings) return false;
    uint16_t against = (uint16_t)(ranks_above(card_rank(x->w)) & ~x->gone[x->L] & ~shown.shown);
    return ranks_count(against) <= 1;
}

/* X2(a) (foster L1828): partner, leading L, has shown five cards or more
 * by his first two leads, and X had exactly four: a LOW card of X's keeps
 * his lowest to the last, so that it cannot block partner's long suit. */
static bool keep_lowest(const sd_ctx *x)
{
    lead_seq seq;
    lead_shown shown;
    uint16_t h = x->held[x->L];
    if (x->lead_seat != x->pt || (h & (h - 1)) == 0) return false;
    if (ranks_count((uint16_t)(h | played_by(x, x->v->seat))) != 4 || !partner_leads(x, &seq)) return false;
    lead_infer(x->v->side->conv, &seq, &shown);
    return shown.holdings && shown.nmin >= 5;
}

/* ---- the turn-up, renounces and commanding cards (Pole's and Clay's
 * rows, analyze/play/RULES.md §16) ---- */

/* keep_turnup (POLE-T1): X dealt and still holds the turn-up, a card of L:
 * his lowest other card of L, 0 when he has none. */
static int keep_turnup(const sd_ctx *x)
{
    const play_public *pub = x->v->pub;
    card_t t = pub->turnup;
    if (t == CARD_NONE || card_suit(t) != x->L || pub->dealer != x->v->seat || !hand_has(x->v->hand, t)) return 0;
    uint16_t others = (uint16_t)(x->held[x->L] & ~RB(card_rank(t)));
    return others ? ranks_low(others) : 0;
}

/* Has X discarded a card of suit s (played it to a trick led in another
 * suit)? */
static bool discarded_from(const sd_ctx *x, int s)
{
    const play_public *pub = x->v->pub;
    for (int t = 0; t < pub->ntricks; t++) {
        card_t c = pub->card[t][x->v->seat];
        if (card_suit(c) == s && pub->led[t] != s) return true;
    }
    return false;
}

/* The entire command of suit s (POLE-D1): three masters or more (the
 * group of the best unplayed card, held by X), at least half the cards of
 * s he cannot see, so that they draw them when these are split no worse
 * than evenly between two hands. One or two masters late in the deal are
 * no suit to signal: throwing one loses its trick. */
static bool commands_suit(const sd_ctx *x, int s)
{
    int master = suit_nth_unplayed(x->gone[s], 1);
    if (!holds(x->held[s], master)) return false;
    int w = ranks_count(sd_group(x->held[s], x->gone[s], master));
    int out = 13 - ranks_count(x->gone[s]) - ranks_count(x->held[s]);
    return w >= 3 && 2 * w >= out;
}

/* commands (POLE-D1): the plain suit, not L, that X holds the entire
 * command of and has not yet discarded from, the longest if several; -1
 * none. Its highest card is the signal, given once. */
static int commanded_suit(const sd_ctx *x)
{
    int best = -1;
    for (int s = 0; s < 4; s++)
        if (s != x->L && s != x->trump && x->held[s] && commands_suit(x, s) && !discarded_from(x, s) &&
            (best < 0 || ranks_count(x->held[s]) > ranks_count(x->held[best])))
            best = s;
    return best;
}

/* ---- the [play] rows (play_rows.h): facts, cards, actions ---- */

/* S1: the fourchette, the unseen cards next above and below c (cards in
 * the trick count as played), the upper a 9 or higher (PQ6): the upper
 * card, or 0. */
static int fourchette(const sd_ctx *x)
{
    uint16_t h = x->held[x->L];
    int c = card_rank(x->lead);
    uint16_t unseen = (uint16_t)(SUIT_MASK_ALL & ~x->gone[x->L]);
    uint16_t up = unseen & ranks_above(c), down = (uint16_t)(unseen & ((1u << c) - 1));
    int above = up ? ranks_low(up) : 0, below = down ? ranks_top(down) : 0;
    return above >= 9 && holds(h, above) && holds(h, below) ? above : 0;
}

/* The turn-up card while nobody has played it (hogarth L619, L657-659,
 * L885-887); CARD_NONE otherwise. */
static card_t turnup_unplayed(const sd_ctx *x)
{
    const play_public *pub = x->v->pub;
    card_t t = pub->turnup;
    return t != CARD_NONE && x->trump >= 0 && !hand_has(pub->played | pub->in_trick, t) ? t : CARD_NONE;
}

/* X's right-hand adversary has shown void in L: he did not follow to it
 * now or before (hogarth L713). */
static bool rho_void(const sd_ctx *x)
{
    const play_public *pub = x->v->pub;
    int rho = seat_right(x->v->seat);
    card_t c = pub->card[pub->ntricks][rho];
    return (pub->void_in[rho] >> x->L & 1) || (c != CARD_NONE && card_suit(c) != x->L);
}

/* X's left-hand adversary, the next to play, has shown void in L: he did
 * not follow to it before (dicks L1657-1661). */
static bool lho_void(const sd_ctx *x)
{
    return x->v->pub->void_in[seat_left(x->v->seat)] >> x->L & 1;
}

/* The plain suit other than L whose master discard_top(f) throws, or -1:
 * for PF_LONG_RUN the longest run of four or more cards in sequence from
 * the master (hogarth L889; linderfelt L1741-1745), for PF_PT_MASTER a suit
 * partner opened (hogarth L490-491), for PF_PT_SINGLE such a suit where the
 * master is X's only card (dicks L2286-2288); ties in suit order. */
static int master_suit(const sd_ctx *x, int f)
{
    int best = -1, best_run = f == PF_LONG_RUN ? 3 : 0;
    for (int s = 0; s < 4; s++) {
        uint16_t h = x->held[s];
        int m = suit_nth_unplayed(x->played[s], 1);
        if (s == x->L || s == x->trump || !holds(h, m)) continue;
        if ((f == PF_PT_MASTER || f == PF_PT_SINGLE) && !play_opened(x->v->pub, x->pt, s)) continue;
        if (f == PF_PT_SINGLE && ranks_count(h) != 1) continue;
        int run = ranks_count(sd_group(h, x->played[s], m));
        if (run > best_run) {
            best = s;
            best_run = run;
        }
    }
    return best;
}

static bool fact_compute(sd_ctx *x, int f)
{
    const play_public *pub = x->v->pub;
    uint16_t h = x->held[x->L];
    switch (f) {
    case PF_LED_MASTER: return card_rank(x->lead) == suit_nth_unplayed(x->played[x->L], 1);
    case PF_W_MASTER:
        return card_suit(x->w) == x->L && card_rank(x->w) == suit_nth_unplayed(x->played[x->L], 1);
    case PF_W_SURE:
        return card_suit(x->w) != x->L || !(ranks_above(card_rank(x->w)) & ~(x->gone[x->L] | h));
    case PF_THIRTEENTH: return thirteenth(x);
    case PF_TOUCHING: return h && ranks_nth(h, 2) == ranks_top(h) - 1;
    case PF_CAN_RUFF:
        return sd_trumps(x) && x->L != x->trump &&
               (card_suit(x->w) != x->trump || ranks_top(x->held[x->trump]) > card_rank(x->w));
    case PF_HAS_M1: case PF_HAS_M2: case PF_HAS_M3:
        return holds(h, suit_nth_unplayed(x->played[x->L], f - PF_HAS_M1 + 1));
    case PF_PT_CALLED: return pub->called[x->pt];
    case PF_PT_LED_TRUMPS: return x->trump >= 0 && pt_led_trumps(x);
    case PF_FOURCHETTE: return (x->fourchette = (uint8_t)fourchette(x)) != 0;
    case PF_REENTRY: return reentry_elsewhere(x);
    case PF_ESTABLISHED: return established_plain(x);
    case PF_UNBLOCK: return unblock(x);
    case PF_ONE_AGAINST: return x->v->side->conv && one_against(x);
    case PF_ELEVEN: return (x->eleven = (uint8_t)eleven_rule(x)) != 0;
    case PF_TENACE: return x->v->side->conv && (x->tenace = (uint8_t)minor_tenace(x)) != 0;
    case PF_TURNUP_MINE: return turnup_unplayed(x) != CARD_NONE && hand_has(x->v->hand, pub->turnup);
    case PF_TURNUP_LEFT: return turnup_unplayed(x) != CARD_NONE && pub->dealer == seat_left(x->v->seat);
    case PF_TURNUP_RIGHT: return turnup_unplayed(x) != CARD_NONE && pub->dealer == seat_right(x->v->seat);
    case PF_TURNUP_LOWEST:
        return turnup_unplayed(x) != CARD_NONE && hand_has(x->v->hand, pub->turnup) &&
               card_rank(pub->turnup) == ranks_low(x->held[x->trump]);
    case PF_RHO_VOID: return rho_void(x);
    case PF_LHO_VOID: return lho_void(x);
    case PF_LONG_RUN: case PF_PT_MASTER: case PF_PT_SINGLE: return master_suit(x, f) >= 0;
    case PF_COMMANDS: return commanded_suit(x) >= 0;
    default: return false;
    }
}

/* A fact, computed when first asked in the decision. */
static bool fact(sd_ctx *x, int f)
{
    uint32_t bit = 1u << f;
    if (!(x->fact_known & bit)) {
        x->fact_known |= bit;
        if (fact_compute(x, f)) x->fact_val |= bit;
    }
    return x->fact_val & bit;
}

/* Has the decision the facts on and none of off? */
static bool facts_pass(sd_ctx *x, uint32_t on, uint32_t off)
{
    for (uint32_t m = on | off; m; m &= m - 1) {
        int f = __builtin_ctz(m);
        if (fact(x, f) != ((on >> f) & 1)) return false;
    }
    return true;
}

/* The rank a symbol names in this decision (play_rows.h PS_*), 0 none. */
static int sym_rank(sd_ctx *x, const play_row *r, int sym)
{
    uint16_t h = x->held[x->L];
    switch (sym) {
    case PS_TOP: return h ? ranks_top(h) : 0;
    case PS_H2: return ranks_nth(h, 2);
    case PS_COVER: {
        uint16_t over = h & beating_w(x);
        return over ? ranks_low(over) : 0;
    }
    case PS_W: return card_suit(x->w) == x->L ? card_rank(x->w) : 0;
    case PS_LED: return card_rank(x->lead);
    case PS_M1: case PS_M2: case PS_M3: return suit_nth_unplayed(x->played[x->L], sym - PS_M1 + 1);
    case PS_ROW: {
        int k = r->match_first ? r->match_first[h >> 2] : 0;
        return k >= 2 ? k : 0;
    }
    case PS_FOURCHETTE: return fact(x, PF_FOURCHETTE) ? x->fourchette : 0;
    case PS_ELEVEN: return fact(x, PF_ELEVEN) ? x->eleven : 0;
    case PS_TENACE: return fact(x, PF_TENACE) ? x->tenace : 0;
    case PS_TURNUP: {
        card_t t = turnup_unplayed(x);
        return t != CARD_NONE && card_suit(t) == x->L ? card_rank(t) : 0;
    }
    case PS_KEEP_TURNUP: return keep_turnup(x);
    default: return sym;
    }
}

/* The tests of a row beyond its index (play_index): --ext, then the
 * facts, some of which read the whole play, last and in their order. */
static bool slow_row_fires(sd_ctx *x, const play_row *r, uint16_t h)
{
    if ((r->ext_on & ~x->v->ext) || (r->ext_off & x->v->ext)) return false;
    if ((h & r->has) != r->has || (h & r->lacks)) return false;
    if (r->notall && (h & r->notall) == r->notall) return false;
    if ((x->gone[x->L] | h) & r->outside) return false;
    if (r->match_first && (r->match_first[h >> 2] != 0) == r->match_neg) return false;
    for (int k = 0; k < r->nrank; k++)
        if (!(r->rank[k].ok >> sym_rank(x, r, r->rank[k].sym) & 1)) return false;
    if (r->beats && !beats_w(x, sym_rank(x, r, r->beats))) return false;
    return facts_pass(x, r->fact_on & ~PLAY_EAGER_FACTS, r->fact_off & ~PLAY_EAGER_FACTS);
}

/* The card of a row's action (PA_*): LOW when the card it names is not
 * held or does not beat as asked; a ruff or a trump without trumps is a
 * discard. */
static sd_card act(sd_ctx *x, const play_row *r)
{
    uint16_t h = x->held[x->L];
    int k = r->arg && r->action != PA_DISCARD && r->action != PA_DISCARD_TOP ? sym_rank(x, r, r->arg) : 0;
    switch (r->action) {
    case PA_CARD: return holds(h, k) ? card_of(x, k, r->id) : low(x, r->id);
    case PA_WIN: return holds(h, k) && beats_w(x, k) ? card_of(x, k, r->id) : low(x, r->id);
    case PA_GROUP: return holds(h, k) ? card_of(x, ranks_low(sd_group(h, x->played[x->L], k)), r->id) : low(x, r->id);
    case PA_GROUP_LOW: {
        int g = holds(h, k) ? group_low_beating(x, k) : 0;
        return g ? card_of(x, g, r->id) : low(x, r->id);
    }
    case PA_COVER: {
        uint16_t over = h & beating_w(x);
        return over ? card_of(x, ranks_low(over), r->id) : low(x, r->id);
    }
    case PA_RUFF: return sd_trumps(x) && x->L != x->trump ? sd_ruff(x, r->id) : sd_discard(x, r->id);
    case PA_DISCARD: return sd_discard_keeping(x, r->id, r->arg);
    case PA_TOP_TRUMP:
        return sd_trumps(x) && x->L != x->trump
                   ? (sd_card){card_make(x->trump, ranks_top(x->held[x->trump])), r->id, NULL, false, x->rows}
                   : sd_discard(x, r->id);
    case PA_RUFF_SECOND: return sd_trumps(x) && x->L != x->trump ? sd_ruff_second(x, r->id) : sd_discard(x, r->id);
    case PA_DISCARD_TOP: {
        int s = r->arg == PF_COMMANDS ? commanded_suit(x) : master_suit(x, r->arg);
        return s >= 0 ? (sd_card){card_make(s, ranks_top(x->held[s])), r->id, NULL, false, x->rows} : sd_discard(x, r->id);
    }
    default: return low(x, r->id);
    }
}

/* PR4: the first row of the decision's bucket that fires decides; when
 * none does, LOW, or a discard when void (PR5). */
static sd_card rows_decide(sd_ctx *x, int bucket)
{
    const play_rules *pl = x->v->side->play;
    uint16_t h = x->held[x->L];
    unsigned eager = (unsigned)x->pt_winning << PF_PT_WINNING | (unsigned)(card_suit(x->w) != x->L) << PF_TRUMPED |
                     (unsigned)(x->L != x->trump) << PF_PLAIN | (unsigned)(x->v->pub->ntricks == 0) << PF_TRICK1;
    x->fact_known = PLAY_EAGER_FACTS;
    x->fact_val = eager;
    int led = card_rank(x->lead), n = ranks_count(h), trumps = sd_trumps(x);
    bool ext = x->v->ext != 0;
    for (int g = 0; g * PLAY_GROUP < pl->nbucket[bucket]; g++) {
        const play_index *ix = &pl->index[bucket][g];
        uint32_t m = ix->led[led] & ix->n[n] & ix->trumps[trumps] & ix->round[x->round] & ix->eager[eager] &
                     ix->honours[h >> 10] & (ext ? ~0u : ix->ext_none);
        uint32_t slow = ix->slow | (ext ? ix->ext_rows : 0);
        for (; m; m &= m - 1) {
            int i = __builtin_ctz(m);
            if ((ix->cheap[i].on | ix->cheap[i].off) && !facts_pass(x, ix->cheap[i].on, ix->cheap[i].off)) continue;
            const play_row *r = &pl->row[ix->row[i]];
            if (!(slow >> i & 1) || slow_row_fires(x, r, h)) return act(x, r);
        }
    }
    return h ? low(x, "PR5") : sd_discard(x, "PR5");
}

/* What becomes of a LOW output (PR6, PR7): X7's turn-up management, else
 * the signals. */
static sd_card lowered(const sd_ctx *x, sd_card out)
{
    if (!out.low) return out;
    const play_public *pub = x->v->pub;
    if (ext(x, 7) && x->L == x->trump && x->v->seat == pub->dealer && pub->turnup != CARD_NONE &&
        hand_has(x->v->hand, pub->turnup)) {
        uint16_t others = (uint16_t)(x->held[x->L] & ~RB(card_rank(pub->turnup)));
        if (x->lead_seat != x->pt && card_rank(pub->turnup) <= 9) /* X7: rid himself of it */
            return (sd_card){pub->turnup, out.rule, "X7", false, x->rows};
        if (x->lead_seat == x->pt && others) /* X7: keep it */
            return (sd_card){card_make(x->L, ranks_low(others)), out.rule, "X7", false, x->rows};
    }
    return pub->signals ? sd_signal(x, out) : out;
}

sd_card sd_follow(const sd_view *v, bool *side_read)
{
    const play_public *pub = v->pub;
    sd_ctx x;
    *side_read = false;
    x.lead_seat = pub->leader[pub->ntricks];
    x.lead = pub->card[pub->ntricks][x.lead_seat];
    x.L = card_suit(x.lead);
    hand_lanes(v->hand, x.held);
    hand_lanes(pub->played, x.played);
    /* PR1, PR2: a single legal card, or legal cards all equal. Tested
     * before the rest of the context is built: 38% of the cards followed
     * are decided here. */
    uint16_t h = x.held[x.L];
    if (h) {
        if (sd_is_one_group(h, x.played[x.L])) return (sd_card){card_make(x.L, ranks_low(h)), "PR2", NULL, true, 0};
    } else {
        for (int s = 0; s < 4; s++)
            if (v->hand == hand_from_suit(s, x.held[s]) && sd_is_one_group(x.held[s], x.played[s]))
                return (sd_card){hand_lowest(v->hand), "PR2", NULL, true, 0};
    }
    x.v = v;
    x.side_read = side_read;
    x.trump = pub->trump >= SUIT_S && pub->trump <= SUIT_C ? pub->trump : -1;
    x.pos = pub->ncur;
    x.pt = seat_partner(v->seat);
    hand_lanes(pub->played | pub->in_trick, x.gone);
    x.w = pub->win_card;
    x.wseat = pub->win_seat;
    uint16_t trumps_in = x.trump >= 0 ? hand_suit(pub->in_trick, x.trump) : 0;
    x.high_trump = trumps_in ? ranks_top(trumps_in) : 0;
    x.pt_winning = x.wseat == x.pt;
    x.round = 1 + pub->rounds[x.L];
    int bucket = play_bucket(x.pos, !h, x.round == 1);
    x.rows = (uint8_t)(bucket + 1); /* every card made from here on carries it */
    sd_card out = rows_decide(&x, bucket);
    /* X2(a): third hand's LOW keeps his lowest card. Each card is returned
     * where it is made: a copy of out assembled on the stack stalled the
     * store-to-load forwarding of every decision. */
    if (out.low && x.pos == 2 && ext(&x, 2) && v->side->conv && keep_lowest(&x))
        return (sd_card){card_make(x.L, ranks_low((uint16_t)(h & (h - 1)))), out.rule, "X2", false, x.rows};
    return lowered(&x, out);
}
