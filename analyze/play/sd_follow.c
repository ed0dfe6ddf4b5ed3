/* sd_follow.c -- second, third and fourth hand (analyze/play/RULES.md
 * §5-§7): the position rules in numeric order, the first whose condition
 * holds decides (PR4); the convention overrides CV1, CV2 and CV6 (§12),
 * which the side's table declares in [play], sit at the places the rules
 * mark. LOW is the lowest card of the suit led; RUFF and DISC go to
 * sd_discard.c. Every "play to win" rule checks that its card beats the
 * winning card (PQ11). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/play/sd_rules.h"
#include "formats/deal.h"

#define RB(r) (1u << (r))

void sd_side_init(sd_side *side, const convention *c)
{
    static const convention_play core;
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

/* A side's override (CV1, CV2, CV6) as the rules test it: the decision now
 * depends on the side's convention, which a duplicate table playing the
 * same cards under another convention must know (sd_follow's side_read).
 * Tested after the rule's other conditions, so that only a position where
 * the override can act counts. */
static bool side_flag(const sd_ctx *x, bool flag)
{
    *x->side_read = true;
    return flag;
}
static bool ext(const sd_ctx *x, int n) { return x->v->ext >> n & 1; }

/* X10's and X9's condition: partner has led trumps in this deal. */
static bool pt_led_trumps(const sd_ctx *x)
{
    return play_led_in(x->v->pub, x->pt, x->trump) != 0;
}

static sd_card card_of(const sd_ctx *x, int rank, const char *rule)
{
    return (sd_card){card_make(x->L, rank), rule, NULL, false};
}

/* LOW (PR5): the lowest card of suit L. */
static sd_card low(const sd_ctx *x, const char *rule)
{
    return (sd_card){card_make(x->L, ranks_low(x->held[x->L])), rule, NULL, true};
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

/* Play the lowest winning card of group(rank), else LOW. */
static sd_card group_or_low(const sd_ctx *x, int rank, const char *rule)
{
    int r = group_low_beating(x, rank);
    return r ? card_of(x, r, rule) : low(x, rule);
}

/* S3.2: the holding is one of the K, Q, J or T high-card
 * leads LS1-LS10 (T counts as a high card); the rank of the row's first
 * card, 0 if no row matches. */
static int high_card_row(uint16_t h)
{
    static const struct { uint16_t has, lacks; uint8_t nmin, nmax, first; } rows[] = {
        {RB(14) | RB(13), 0, 2, 2, 14},                               /* LS1 */
        {RB(14) | RB(13) | RB(12) | RB(11), 0, 4, 13, 13},            /* LS2 */
        {RB(14) | RB(13) | RB(12), RB(11), 3, 13, 13},                /* LS3 */
        {RB(14) | RB(13), RB(12), 3, 13, 13},                         /* LS4 */
        {RB(13) | RB(12) | RB(11), RB(14), 5, 13, 11},                /* LS5 */
        {RB(13) | RB(12) | RB(11) | RB(10), RB(14), 4, 4, 13},        /* LS6 */
        {RB(13) | RB(12) | RB(11), RB(14) | RB(10), 3, 4, 13},        /* LS7 */
        {RB(13) | RB(12), RB(14) | RB(11), 2, 13, 13},                /* LS8 */
        {RB(12) | RB(11) | RB(10), RB(14) | RB(13), 3, 13, 12},       /* LS9 */
        {RB(13) | RB(11) | RB(10), RB(14) | RB(12), 3, 13, 10},       /* LS10 */
    };
    int n = ranks_count(h);
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if ((h & rows[i].has) == rows[i].has && !(h & rows[i].lacks) && n >= rows[i].nmin && n <= rows[i].nmax)
            return rows[i].first;
    return 0;
}

/* Is the card rank r of suit s still unseen by X: not played, not in the
 * trick, not his (outside_X)? */
static bool outside(const sd_ctx *x, int s, int r)
{
    return !((x->gone[s] | x->held[s]) >> r & 1);
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

/* ---- §5 second hand ---- */

static sd_card second_follow(const sd_ctx *x)
{
    uint16_t h = x->held[x->L];
    int c = card_rank(x->lead), n = ranks_count(h);
    bool weak = sd_trumps(x) <= 3, plain = x->L != x->trump;
    /* S1: the fourchette, the cards next above and below c (cards in the
     * trick count as played), the upper a 9 or higher (PQ6). */
    uint16_t unseen = (uint16_t)(SUIT_MASK_ALL & ~x->gone[x->L]);
    uint16_t up = unseen & ranks_above(c), down = (uint16_t)(unseen & ((1u << c) - 1));
    int above = up ? ranks_low(up) : 0, below = down ? ranks_top(down) : 0;
    if (above >= 9 && holds(h, above) && holds(h, below)) return card_of(x, above, "S1");
    if (x->round == 1) {
        if (c >= RANK_J && c <= RANK_K && holds(h, RANK_A)) return group_or_low(x, RANK_A, "S2.1");
        if (c >= 9 && c <= RANK_J && holds(h, RANK_K) && holds(h, RANK_Q))
            return group_or_low(x, RANK_Q, "S2.2");
        if (c >= RANK_J && c <= RANK_K && ext(x, 4)) {
            /* X4: cover with a higher honour when short; with four or more
             * only holding the ten as well (dicks L2487-2494) */
            uint16_t over = h & ranks_above(c);
            int cover = over ? ranks_low(over) : 0;
            if (cover >= RANK_J && (n <= 3 || holds(h, RANK_T))) return card_of(x, cover, "X4");
        }
        if (c >= RANK_J) return low(x, "S2.3");
        if (holds(h, RANK_A) && !holds(h, RANK_K)) {
            bool qj = holds(h, RANK_Q) && holds(h, RANK_J);
            /* the side's ace_second (CV6, foster L1820) replaces S3.1 for
             * A x x x x when weak in trumps */
            const convention_play *pl = x->v->side->play;
            if (!qj && weak && plain && side_flag(x, pl->ace_second && n >= pl->ace_second))
                return card_of(x, RANK_A, pl->ace_second_id);
            if (n >= 5 || qj) {
                if (qj && weak && plain) return group_or_low(x, RANK_Q, "S3.1");
                return low(x, "S3.1");
            }
        }
        /* X5: A K or K Q in trumps: leave the trick to partner (hogarth L611) */
        if (!plain && ext(x, 5) && holds(h, RANK_K) && (holds(h, RANK_A) || holds(h, RANK_Q))) return low(x, "X5");
        int first = high_card_row(h);
        if (first) return group_or_low(x, first, "S3.2");
        int h1 = ranks_top(h), h2 = ranks_nth(h, 2);
        if ((n == 2 || n == 3) && h1 >= RANK_J && h2 == h1 - 1)
            return beats_w(x, h2) ? card_of(x, h2, "S3.3") : low(x, "S3.3");
        if (!plain && n == 2 && holds(h, RANK_K) && outside(x, x->L, RANK_A)) return card_of(x, RANK_K, "S3.4");
    }
    int m1 = suit_nth_unplayed(x->played[x->L], 1), m2 = suit_nth_unplayed(x->played[x->L], 2),
        m3 = suit_nth_unplayed(x->played[x->L], 3);
    /* X10: partner draws trumps: stop the adversaries' plain suit with a master */
    if (plain && ext(x, 10) && holds(h, m1) && x->trump >= 0 && pt_led_trumps(x)) return group_or_low(x, m1, "X10");
    if (x->round == 1) return low(x, "S3.5");
    int placed = ext(x, 1) ? eleven_rule(x) : 0;
    if (placed) return card_of(x, placed, "X1");
    if (holds(h, m1)) return group_or_low(x, m1, "S4.1");
    if (holds(h, m2) && holds(h, m3)) return beats_w(x, m3) ? card_of(x, m3, "S4.2") : low(x, "S4.2");
    return low(x, "S4.3");
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

static sd_card second_void(const sd_ctx *x)
{
    int t = sd_trumps(x);
    if (!t || x->L == x->trump) return sd_discard(x, "S5.1");
    if (thirteenth(x)) return t <= 3 ? sd_ruff(x, "S5.2") : sd_discard(x, "S5.2");
    if (card_rank(x->lead) == suit_nth_unplayed(x->played[x->L], 1)) return sd_ruff(x, "S5.3");
    if (t == 4) return sd_discard(x, "S5.4");
    if (ext(x, 13) && t >= 5 && established_plain(x)) return sd_discard(x, "X13");
    return sd_ruff(x, "S5.5");
}

/* ---- §6 third hand ---- */

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
 * cashed it (C3) rather than lead the suit low. Not RHO's: in a round X
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

static sd_card third_follow(const sd_ctx *x)
{
    uint16_t h = x->held[x->L];
    int c = card_rank(x->lead), n = ranks_count(h);
    bool plain = x->L != x->trump;
    if (plain && x->trump >= 0 && card_suit(x->w) == x->trump) return low(x, "T0");
    /* T2: partner's opening lead, strengthening by the side's [play]
     * (CV2, Q12) */
    const play_public *pub = x->v->pub;
    if (pub->ntricks == 0 && x->lead_seat == pub->eldest && plain &&
        side_flag(x, x->v->side->play->strengthening >> c & 1)) {
        if (x->pt_winning)
            return holds(h, RANK_A) && holds(h, RANK_K)
                       ? card_of(x, ranks_low(sd_group(h, x->played[x->L], RANK_K)), "T2")
                       : low(x, "T2");
        uint16_t win = (uint16_t)(h & beating_w(x));
        return win ? card_of(x, ranks_low(win), "T2") : low(x, "T2");
    }
    if (ext(x, 2) && x->round == 2 && plain && n == 2 && ranks_top(h) >= RANK_J && unblock(x))
        return card_of(x, ranks_top(h), "X2");
    if (x->round == 1 && x->pt_winning) {
        bool a = holds(h, RANK_A), q = holds(h, RANK_Q);
        if (c == RANK_K && n == 2 && a && holds(h, RANK_J)) return card_of(x, RANK_A, "T1.1");
        if (c == RANK_T) return a && (!q || n == 2) ? card_of(x, RANK_A, "T1.2") : low(x, "T1.2");
        if (c == RANK_Q && n == 3 && a && holds(h, RANK_K)) return card_of(x, RANK_K, "T1.3");
        if (c == RANK_J && a && (n == 2 || (sd_trumps(x) >= 4 && reentry_elsewhere(x))))
            return card_of(x, RANK_A, "T1.4");
        if (c >= RANK_T) return low(x, "T1.5");
    }
    if (x->pt_winning) {
        if (!(ranks_above(card_rank(x->w)) & ~(x->gone[x->L] | h))) return low(x, "T3.1");
    }
    if (x->round == 1 && holds(h, RANK_A) && holds(h, RANK_Q) && outside(x, x->L, RANK_K) &&
        card_suit(x->w) == x->L && card_rank(x->w) < RANK_Q)
        return group_or_low(x, RANK_Q, "T3.2a");
    int tenace = ext(x, 6) && x->v->side->conv ? minor_tenace(x) : 0;
    if (tenace) return card_of(x, tenace, "X6");
    int top = ranks_top(h);
    if (beats_w(x, top)) return group_or_low(x, top, "T3.2b");
    return low(x, "T3.3");
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

static sd_card third_void(const sd_ctx *x)
{
    if (!sd_trumps(x) || x->L == x->trump) return sd_discard(x, "T4.1");
    if (ext(x, 9) && x->pt_winning && thirteenth(x)) {
        /* X9: partner's 13th card: ruff high if he called or led trumps */
        if (x->v->pub->called[x->pt] || pt_led_trumps(x))
            return (sd_card){card_make(x->trump, ranks_top(x->held[x->trump])), "X9", NULL, false};
        return sd_discard(x, "X9");
    }
    if (x->pt_winning && ext(x, 3) && sd_trumps(x) == 4 && x->v->side->conv && one_against(x))
        return sd_discard(x, "X3");
    if (x->pt_winning) {
        int c = card_rank(x->lead);
        if (x->round == 1) {
            if (c >= RANK_K) return sd_discard(x, "T4.2");
            const convention_play *pl = x->v->side->play;
            if (side_flag(x, pl->pass_partner >> c & 1)) return sd_discard(x, pl->pass_partner_id);
            return sd_ruff(x, "T4.2");
        }
        return c == suit_nth_unplayed(x->played[x->L], 1) ? sd_discard(x, "T4.2") : sd_ruff(x, "T4.2");
    }
    return sd_ruff(x, "T4.3");
}

/* ---- §7 fourth hand ---- */

static sd_card fourth(const sd_ctx *x)
{
    uint16_t h = x->held[x->L];
    if (x->pt_winning) return h ? low(x, "F1") : sd_discard(x, "F1");
    if (h) {
        if (card_suit(x->w) != x->L) return low(x, "F3");
        uint16_t over = h & beating_w(x);
        return over ? card_of(x, ranks_low(over), "F2") : low(x, "F2");
    }
    int t = sd_trumps(x);
    bool can_beat = t && (card_suit(x->w) != x->trump || ranks_top(x->held[x->trump]) > card_rank(x->w));
    /* X13: a doubtful card (not the best of its suit) is let pass */
    if (can_beat && ext(x, 13) && t >= 5 && card_suit(x->w) == x->L &&
        card_rank(x->w) != suit_nth_unplayed(x->played[x->L], 1) && established_plain(x))
        return sd_discard(x, "X13");
    return can_beat ? sd_ruff(x, "F4") : sd_discard(x, "F4");
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
            return (sd_card){pub->turnup, out.rule, "X7", false};
        if (x->lead_seat == x->pt && others) /* X7: keep it */
            return (sd_card){card_make(x->L, ranks_low(others)), out.rule, "X7", false};
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
        if (sd_group(h, x.played[x.L], ranks_top(h)) == h)
            return (sd_card){card_make(x.L, ranks_low(h)), "PR2", NULL, true};
    } else {
        for (int s = 0; s < 4; s++)
            if (v->hand == hand_from_suit(s, x.held[s]) &&
                sd_group(x.held[s], x.played[s], ranks_top(x.held[s])) == x.held[s])
                return (sd_card){hand_lowest(v->hand), "PR2", NULL, true};
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
    if (x.pos == 3) return lowered(&x, fourth(&x));
    x.round = 1 + pub->rounds[x.L];
    sd_card out = x.pos == 1 ? (h ? second_follow(&x) : second_void(&x)) : h ? third_follow(&x) : third_void(&x);
    if (out.low && x.pos == 2 && ext(&x, 2) && v->side->conv && keep_lowest(&x))
        return (sd_card){card_make(x.L, ranks_low((uint16_t)(h & (h - 1)))), out.rule, "X2", false};
    return lowered(&x, out);
}
