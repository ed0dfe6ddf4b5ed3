/* lead_later.c -- leads after trick 1 (analyze/lead/RULES.md §4): the
 * convention's [later] procedures in order -- C1 answer a trump call, C2a
 * return partner's trump lead, C2b go on drawing, C3 cash the master of
 * partner's suit, C4 continue one's own suit (C4a-C4d), C5a trumps by the
 * suit choice, C5 return partner's suit, C6 open a new suit, C7 fallback --
 * with the deltas AM-C6, SS-C5 and MC-C, under the trump-lead guard (TM3).
 * Only the view of play_view.h is used: the player's hand and public play. */
#include <string.h>
#include "analyze/lead/lead_impl.h"

#define RB(r) (1u << (r))

typedef struct {
    const convention *conv; /* the player's convention (not one run by as) */
    const play_public *pub;
    const play_view *v;
    int P, pt, lho, rho; /* the player, partner, opponents */
    int trump;           /* -1: no trumps */
    uint16_t held[4], played[4];
    int rounds[4];       /* completed tricks led in each suit */
    later_choice *out;
    /* Rules that changed the way to the lead, cited before the one that
     * chose it ("C4d>C6"): an abandoned suit (C4b-C4d), an extended rule
     * that overruled the suit choice (X8, X12). */
    const char *pending[3];
    int npending;
    /* The hand facts with every suit, computed at most once per lead
     * (have_full); C6 and the guard's rerun restrict them into part. */
    bool have_full, have_seen;
    hand_facts full, part[2];
    /* The last suit choice of this lead (C5a, then C6): the facts depend
     * only on the plain candidate suits the player holds, so C6 reuses
     * C5a's choice when its candidates come to the same. */
    const convention *chose_conv; /* NULL: none yet */
    unsigned chose_key;  /* plain candidates held */
    int chose_rule, chose_suit;
    const hand_facts *chose_facts;
} later_ctx;

/* Appends src to dst, a rule id of length n, then sep if given; returns
 * the new length. Ids are cut to CONV_ID_MAX - 1 characters as snprintf
 * would cut them. Logged games format ids on every lead, so no stdio here. */
static size_t id_append(char dst[CONV_ID_MAX], size_t n, const char *src, char sep)
{
    for (; *src && n < CONV_ID_MAX - 1; src++) dst[n++] = *src;
    if (sep && n < CONV_ID_MAX - 1) dst[n++] = sep;
    dst[n] = 0;
    return n;
}

/* dst = a, or a sep b when b is given. */
static void put_id(char dst[CONV_ID_MAX], const char *a, char sep, const char *b)
{
    size_t n = id_append(dst, 0, a, b ? sep : 0);
    if (b) id_append(dst, n, b, 0);
}

static void note_pending(later_ctx *x, const char *rule)
{
    for (int i = 0; i < x->npending; i++)
        if (x->pending[i] == rule) return;
    if (x->npending < (int)(sizeof x->pending / sizeof x->pending[0])) x->pending[x->npending++] = rule;
}

/* Is analyze/play/RULES.md §13 rule Xn switched on for the game? */
static bool ext_on(const later_ctx *x, int n) { return (x->v->ext >> n) & 1; }

static void choose(later_ctx *x, int suit, int rank, const char *suit_rule, const char *card_rule)
{
    lead_choice *ch = &x->out->choice;
    ch->card = card_make(suit, rank);
    if (!x->v->quiet) {
        size_t n = 0;
        for (int i = 0; i < x->npending; i++) n = id_append(ch->suit_rule, n, x->pending[i], '>');
        id_append(ch->suit_rule, n, suit_rule, 0);
        put_id(ch->card_rule, card_rule, 0, NULL);
    }
    memo_of(&x->out->memo, NULL, rank == ranks_top(x->held[suit]), ch->card, x->held[suit],
            x->pub->ntricks);
}

/* A card from the convention's tables (C4a, C5a, C5's own suit, C6):
 * records the row for RL0/RL3. */
static void choose_by_table(later_ctx *x, const convention *c, const hand_facts *f, int suit,
                            int rule, const char *suit_rule)
{
    char id[CONV_ID_MAX];
    const card_row *row;
    x->out->uses |= CONV_PART_CARDS;
    card_t card = card_for_suit(c, f, suit, rule, 0, id, &row, &x->out->lookup);
    choose(x, suit, card_rank(card), suit_rule, id);
    memo_of(&x->out->memo, row, false, card, x->held[suit], x->pub->ntricks);
}

static bool holds(const later_ctx *x, int s, int rank) { return rank && (x->held[s] & RB(rank)); }
static bool known_void(const later_ctx *x, int seat, int s) { return s >= 0 && ((x->pub->void_in[seat] >> s) & 1); }

/* The last trick (before now) seat led in suit s, -1 if none. */
static int last_lead(const later_ctx *x, int seat, int s)
{
    unsigned m = play_led_in(x->pub, seat, s);
    return m ? 31 - __builtin_clz(m) : -1;
}

/* ---- TM3 and the trump-lead guard (analyze/play/RULES.md TM3; analyze/lead/RULES.md §4.2) ---- */

static int trumps_outside(const later_ctx *x)
{
    return 13 - ranks_count(x->played[x->trump]) - ranks_count(x->held[x->trump]);
}

static bool tm3a(const later_ctx *x) { return trumps_outside(x) == 0; }
static bool tm3b(const later_ctx *x) { return known_void(x, x->lho, x->trump) && known_void(x, x->rho, x->trump); }
static bool tm3c(const later_ctx *x)
{
    int voids = known_void(x, x->lho, x->trump) + known_void(x, x->rho, x->trump);
    return voids == 1 && !holds(x, x->trump, suit_nth_unplayed(x->played[x->trump], 1));
}

/* May a rule lead a trump? C1 is exempt from all of it, C2a from TM3(c). */
static bool trump_lead_ok(const later_ctx *x, bool exempt_c)
{
    if (x->trump < 0 || !x->held[x->trump]) return false;
    return !tm3a(x) && !tm3b(x) && (exempt_c || !tm3c(x));
}

/* ---- the procedures ---- */

/* C1: answer partner's completed trump call with TM4 (signals on). */
static bool c1(later_ctx *x, const convention *c)
{
    const play_public *pub = x->pub;
    if (!pub->signals || x->trump < 0 || !pub->called[x->pt] || !x->held[x->trump]) return false;
    if (last_lead(x, x->P, x->trump) > pub->call_trick[x->pt]) return false; /* answered already */
    char id[CONV_ID_MAX];
    int r = call_answer_rank(c, x->held[x->trump], x->played[x->trump], id);
    choose(x, x->trump, r, "C1", id);
    x->out->drawing = 1;
    return true;
}

/* C1r (dicks L2210-2211, CLAY-R1): the last trick in which partner,
 * void in the suit led, discarded rather than ruff an adversary's certain
 * winner -- the card winning when he played, the best of its suit then,
 * the trick not ruffed before him; -1 if none. */
static int refused_ruff(const later_ctx *x)
{
    const play_public *pub = x->pub;
    for (int t = pub->ntricks - 1; t >= 0; t--) {
        int led = pub->led[t], ld = pub->leader[t];
        card_t pc = pub->card[t][x->pt];
        if (card_suit(pc) == led || card_suit(pc) == x->trump) continue;
        uint16_t gone = 0; /* the cards of the suit played before partner's */
        for (int u = 0; u < t; u++)
            for (int p = 0; p < 4; p++)
                if (card_suit(pub->card[u][p]) == led) gone |= (uint16_t)RB(card_rank(pub->card[u][p]));
        card_t w = CARD_NONE;
        int wseat = -1;
        bool ruffed = false;
        for (int p = ld; p != x->pt; p = seat_left(p)) {
            card_t c = pub->card[t][p];
            if (card_suit(c) == x->trump) ruffed = true;
            if (card_suit(c) == led) gone |= (uint16_t)RB(card_rank(c));
            if (card_suit(c) == led && (w == CARD_NONE || card_rank(c) > card_rank(w))) {
                w = c;
                wseat = p;
            }
        }
        if (ruffed || w == CARD_NONE || wseat == x->P) continue;
        uint16_t above = (uint16_t)(ranks_above(card_rank(w)) & SUIT_MASK_ALL);
        if ((above & ~gone) == 0) return t;
    }
    return -1;
}

/* C1r: partner refused to ruff a certain winner: lead him a trump as soon
 * as P has the lead, the card of the answer to a call (TM4). */
static bool c1r(later_ctx *x, const convention *c)
{
    if (x->trump < 0 || !x->held[x->trump]) return false;
    int t = refused_ruff(x);
    if (t < 0 || last_lead(x, x->P, x->trump) > t) return false;
    char id[CONV_ID_MAX];
    int r = call_answer_rank(c, x->held[x->trump], x->played[x->trump], id);
    choose(x, x->trump, r, "C1r", id);
    x->out->drawing = 1;
    return true;
}

/* C2a: return partner's trump lead at the first opportunity (R1). */
static bool c2a(later_ctx *x, const convention *c)
{
    if (x->trump < 0) return false;
    int tp = last_lead(x, x->pt, x->trump);
    if (tp < 0 || last_lead(x, x->P, x->trump) > tp || !trump_lead_ok(x, true)) return false;
    char id[CONV_ID_MAX];
    x->out->uses |= CONV_PART_RET;
    int r = return_rank(c, x->held[x->trump], x->played[x->trump], id);
    choose(x, x->trump, r, "C2a", id);
    return true;
}

/* C2b: go on drawing trumps (D3) until TM3 says stop. */
static bool c2b(later_ctx *x, const convention *c)
{
    if (x->trump < 0 || !x->pub->drawing[x->P] || !x->held[x->trump]) return false;
    const lead_memo *m = &x->pub->memo[x->P][x->trump];
    x->out->memo_read |= (uint8_t)(1u << x->trump);
    bool stop = tm3a(x) || tm3b(x);
    bool last_one = trumps_outside(x) == 1 && holds(x, x->trump, suit_nth_unplayed(x->played[x->trump], 1));
    if (!stop && !last_one) stop = tm3c(x) || (m->first != CARD_NONE && m->has_row && m->second == SX_STOP);
    if (stop) {
        x->out->drawing = 0; /* D3: cleared when TM3 stops the drawing */
        return false;
    }
    char id[CONV_ID_MAX];
    x->out->uses |= CONV_PART_CONT;
    int r = continue_rank(c, m, x->held[x->trump], x->played[x->trump], x->rounds[x->trump] + 1, id);
    choose(x, x->trump, r, "C2b", id);
    return true;
}

/* C3: cash the master of partner's first suit ("imperative", foster L1659). */
static bool c3(later_ctx *x)
{
    int s = play_first_plain_opened(x->pub, x->pt, x->trump);
    if (s < 0 || !x->rounds[s]) return false;
    int master = suit_nth_unplayed(x->played[s], 1);
    if (!holds(x, s, master)) return false;
    choose(x, s, ranks_top(suit_group(x->held[s], x->played[s], master)), "C3", "C3");
    return true;
}

/* C4d: in an earlier round of s led by P, partner followed without beating
 * the card v then winning; if the cards of s above max(h, v) that P does not
 * hold are at least as many as P has left, the suit is hopeless. */
static bool hopeless(const later_ctx *x, int s)
{
    const play_public *pub = x->pub;
    int h = ranks_top(x->held[s]), left = ranks_count(x->held[s]);
    for (unsigned m = play_led_in(pub, x->P, s); m; m &= m - 1) {
        int t = __builtin_ctz(m);
        card_t lead = pub->card[t][x->P], second = pub->card[t][x->lho], third = pub->card[t][x->pt];
        if (card_suit(third) != s) continue;
        card_t v = lead;
        if (card_suit(second) == s && card_rank(second) > card_rank(v)) v = second;
        else if (card_suit(second) != s && card_suit(second) == x->trump) continue; /* ruffed: no reading */
        if (card_rank(third) > card_rank(v)) continue;
        int top = h > card_rank(v) ? h : card_rank(v);
        uint16_t above = (uint16_t)(ranks_above(top) & ~x->played[s] & ~x->held[s]);
        if (ranks_count(above) >= left) return true;
    }
    return false;
}

static unsigned plain_mask(const later_ctx *x)
{
    unsigned m = 0;
    for (int s = 0; s < 4; s++)
        if (s != x->trump) m |= 1u << s;
    return m;
}

/* The hand facts with the plain suits in cand (every plain suit: the
 * whole hand, no copy), without trumps when no_trumps is set; slot picks
 * the scratch copy a restriction goes to. The play-state facts are found
 * only for a convention whose filters test them. */
static const hand_facts *hand_now(later_ctx *x, const convention *c, unsigned cand, bool no_trumps, int slot)
{
    x->out->uses |= CONV_PART_RULES; /* c->facts, the holding facts the rules test */
    if (!x->have_full) {
        hand_facts_later(&x->full, c->facts, x->v->hand, x->pub->trump, x->pub->played);
        x->have_full = true;
    }
    if (c->filter_seen_used && !x->have_seen) {
        play_public_seen(x->pub, x->P, x->full.seen);
        x->have_seen = true;
    }
    if (!no_trumps && cand == plain_mask(x)) return &x->full;
    hand_facts_restrict(&x->part[slot], &x->full, cand, no_trumps);
    return &x->part[slot];
}

/* The suits the player holds (bit s). */
static unsigned held_mask(const later_ctx *x)
{
    unsigned m = 0;
    for (int s = 0; s < 4; s++)
        if (x->held[s]) m |= 1u << s;
    return m;
}

/* The plain suit seat opened last that he has not abandoned (D2) and the
 * player on lead still holds; -1 if none (C4 for himself, C5 for partner). */
static int last_live_opened(const later_ctx *x, int seat)
{
    const play_public *pub = x->pub;
    for (int i = pub->nopened[seat] - 1; i >= 0; i--) {
        int s = pub->opened[seat][i];
        if (s != x->trump && !((pub->abandoned[seat] >> s) & 1) && x->held[s]) return s;
    }
    return -1;
}

/* X11, before C4: both adversaries have shown voids in two different
 * plain suits and may still hold trumps: lead trumps against the
 * cross-ruff (foster L1621, L1633), the card by the trump table. */
static bool x11(later_ctx *x, const convention *c)
{
    if (!ext_on(x, 11) || x->trump < 0) return false;
    unsigned plain = plain_mask(x), vl = x->pub->void_in[x->lho] & plain, vr = x->pub->void_in[x->rho] & plain;
    bool cross = vl && vr && !(vl == vr && !(vl & (vl - 1)));
    if (!cross || known_void(x, x->lho, x->trump) || known_void(x, x->rho, x->trump) || !trump_lead_ok(x, false))
        return false;
    choose_by_table(x, c, hand_now(x, c, plain, false, 0), x->trump, -1, "X11");
    x->out->drawing = 1; /* D3 */
    return true;
}

/* A plain suit P opened with a row whose 2nd column is `stop` waits: he
 * does not lead it again of his own accord until another player has led it
 * (linderfelt L1587-1589: the K from A K, then partner "may keep a card for
 * leading it up to you"). Reads P's record of the suit. */
static bool waiting(later_ctx *x, int s)
{
    const lead_memo *m = &x->pub->memo[x->P][s];
    x->out->memo_read |= (uint8_t)(1u << s);
    if (m->first == CARD_NONE || !m->has_row || m->second != SX_STOP) return false;
    const play_public *pub = x->pub;
    return !play_led_in(pub, x->lho, s) && !play_led_in(pub, x->pt, s) && !play_led_in(pub, x->rho, s);
}

/* C4's suit S: the plain suit P opened last that he has not abandoned (D2),
 * still holds and that does not wait (`stop`); -1 if none. A waiting suit
 * is passed over, not abandoned: partner may still return it (C5). */
static int own_suit(later_ctx *x)
{
    const play_public *pub = x->pub;
    for (int i = pub->nopened[x->P] - 1; i >= 0; i--) {
        int s = pub->opened[x->P][i];
        if (s != x->trump && !((pub->abandoned[x->P] >> s) & 1) && x->held[s] && !waiting(x, s)) return s;
    }
    return -1;
}

/* The cards of s that nobody has played and P does not hold. */
static uint16_t outstanding(const later_ctx *x, int s)
{
    return (uint16_t)(SUIT_MASK_ALL & ~x->played[s] & ~x->held[s]);
}

/* The cards of s P credits to his partner (RULES.md §4.1, C4a): those above
 * a card P led that won the trick, both adversaries following ("If the Jack
 * is led from K Q J x x, and wins the trick, partner may be credited with
 * the Ace", foster L1625). */
static uint16_t credited_to_partner(const later_ctx *x, int s)
{
    const play_public *pub = x->pub;
    uint16_t cred = 0;
    for (unsigned m = play_led_in(pub, x->P, s); m; m &= m - 1) {
        int t = __builtin_ctz(m);
        if (pub->winner[t] != x->P || card_suit(pub->card[t][x->lho]) != s || card_suit(pub->card[t][x->rho]) != s)
            continue;
        cred |= ranks_above(card_rank(pub->card[t][x->P]));
    }
    return (uint16_t)(cred & outstanding(x, s));
}

/* Has seat no more of s, as P reads it (C4b, C4c)? Known void (I4), or: on
 * the last round of s he followed (not led), he did not beat the card then
 * winning, so he played his lowest and holds no card of s below it, and
 * every card of s above it is played, P's, or credited to P's partner
 * (`elsewhere`). Partner dropping the Q under the A and K (foster L1627);
 * the adversaries dropping the 8 and 9 under the T from K Q J T, partner
 * holding the A (foster L1629). The last round, not an earlier one: a
 * high-low (a trump call) shows its low card last. */
static bool shown_out(const later_ctx *x, int seat, int s, uint16_t elsewhere)
{
    if (known_void(x, seat, s)) return true;
    const play_public *pub = x->pub;
    unsigned led = 0; /* the completed tricks the others led in s */
    for (int p = 0; p < 4; p++)
        if (p != seat) led |= play_led_in(pub, p, s);
    for (int t; led; led &= ~(1u << t)) {
        t = 31 - __builtin_clz(led);
        card_t c = pub->card[t][seat];
        if (card_suit(c) != s) continue;
        int best = 0;
        bool ruffed = false;
        for (int p = pub->leader[t]; p != seat; p = seat_left(p)) {
            card_t o = pub->card[t][p];
            if (card_suit(o) == s && card_rank(o) > best) best = card_rank(o);
            else if (card_suit(o) != s && card_suit(o) == x->trump) ruffed = true;
        }
        if (!ruffed && card_rank(c) > best) return false; /* he won or covered: no reading */
        return !(outstanding(x, s) & ~elsewhere & ranks_above(card_rank(c)));
    }
    return false;
}

/* C4: continue one's own suit. C4a leads trumps; C4b-C4d abandon the suit
 * and evaluation goes on with the next rows (C5a). */
static bool c4(later_ctx *x, const convention *c)
{
    int S = own_suit(x);
    if (S < 0) return false;
    uint16_t partners = credited_to_partner(x, S);
    /* C4a: four trumps, S established counting the cards credited to
     * partner, a re-entry elsewhere: lead trumps (foster L1625). */
    if (x->trump >= 0 && ranks_count(x->held[x->trump]) >= 4 &&
        suit_established((uint16_t)(x->held[S] | partners), x->played[S]) && trump_lead_ok(x, false)) {
        for (int r = 0; r < 4; r++)
            if (r != S && r != x->trump && x->held[r] && suit_reentry(x->held[r], x->played[r])) {
                choose_by_table(x, c, hand_now(x, c, plain_mask(x), false, 0), x->trump, -1, "C4a");
                x->out->drawing = 1;
                return true;
            }
    }
    const char *why = NULL;
    if (shown_out(x, x->pt, S, 0) && !known_void(x, x->pt, x->trump) &&
        (x->trump < 0 || ranks_count(x->held[x->trump]) <= 3))
        why = "C4b"; /* do not force partner */
    else if (shown_out(x, x->lho, S, partners) && shown_out(x, x->rho, S, partners) &&
             (!known_void(x, x->lho, x->trump) || !known_void(x, x->rho, x->trump)))
        why = "C4c"; /* do not force both adversaries */
    else if (hopeless(x, S))
        why = "C4d";
    if (why) {
        x->out->abandon |= (uint8_t)(1u << S);
        note_pending(x, why);
        return false;
    }
    char id[CONV_ID_MAX];
    x->out->uses |= CONV_PART_CONT;
    int r = continue_rank(c, &x->pub->memo[x->P][S], x->held[S], x->played[S], x->rounds[S] + 1, id);
    choose(x, S, r, "C4", id);
    return true;
}

/* X8: trumps are not opened through a turned-up honour that the
 * left-hand opponent (the dealer) still holds, unless P has five trumps or
 * more (dicks L1743). */
static bool x8_holds_back(const later_ctx *x)
{
    const play_public *pub = x->pub;
    card_t up = pub->turnup;
    return ext_on(x, 8) && x->trump >= 0 && up != CARD_NONE && card_suit(up) == x->trump &&
           card_rank(up) >= RANK_J && pub->dealer == x->lho && !hand_has(pub->played, up) &&
           !((pub->led_suits >> x->trump) & 1) && ranks_count(x->held[x->trump]) < 5;
}

/* suit_choose_later on f, the facts of the candidate suits held (key)
 * with or without trumps, or the same choice another duplicate table's
 * lead made here under the same rules (play_view.choices). */
static int choose_suit(later_ctx *x, const convention *c, const hand_facts *f, unsigned key, bool no_trumps,
                       int *suit)
{
    /* kept only for the player's own rules: a row "as Z" chooses by Z's */
    suit_choices *m = c == x->conv ? x->v->choices : NULL;
    if (m && m->rules_alike)
        for (int i = 0; i < m->n; i++)
            if (m->entry[i].key == key && m->entry[i].no_trumps == no_trumps) {
                *suit = m->entry[i].suit;
                return m->entry[i].rule;
            }
    int ri = suit_choose_later(c, f, suit);
    if (m && m->n < (int)(sizeof m->entry / sizeof m->entry[0])) {
        m->entry[m->n].key = (uint8_t)key;
        m->entry[m->n].no_trumps = no_trumps;
        m->entry[m->n].rule = (int8_t)ri;
        m->entry[m->n].suit = (int8_t)*suit;
        m->n++;
    }
    return ri;
}

/* C5a / C6: the convention's suit choice on the hand now; trumps under the
 * guard (and X8), else rerun as if t = 0. */
static bool by_suit_choice(later_ctx *x, const convention *c, unsigned cand, const char *step, bool trumps_only)
{
    /* C5a leads only a trump the guard allows: without one, no choice can pass */
    if (trumps_only && !trump_lead_ok(x, false)) return false;
    x->out->uses |= CONV_PART_RULES;
    unsigned key = cand & held_mask(x) & plain_mask(x);
    const hand_facts *f;
    int suit, ri;
    if (x->chose_conv == c && x->chose_key == key) {
        f = x->chose_facts;
        ri = x->chose_rule;
        suit = x->chose_suit;
    } else {
        /* slot 0: only this choice restricts into it, so a cached pointer
         * stays good for the rest of the lead */
        f = hand_now(x, c, cand, false, 0);
        ri = choose_suit(x, c, f, key, false, &suit);
        x->chose_conv = c;
        x->chose_key = key;
        x->chose_rule = ri;
        x->chose_suit = suit;
        x->chose_facts = f;
    }
    if (ri >= 0 && suit == x->trump && (!trump_lead_ok(x, false) || x8_holds_back(x))) {
        if (x8_holds_back(x)) note_pending(x, "X8");
        if (trumps_only) return false;
        f = hand_now(x, c, cand, true, 1);
        ri = choose_suit(x, c, f, key, true, &suit);
    }
    if (ri < 0 || (trumps_only && suit != x->trump)) return false;
    char id[CONV_ID_MAX] = "";
    if (!x->v->quiet) put_id(id, step, '/', c->rule[ri].id);
    choose_by_table(x, c, f, suit, ri, id);
    if (suit == x->trump && !c->rule[ri].nodraw) x->out->drawing = 1; /* D3 */
    return true;
}

/* C5: return partner's suit (R1), unless P has a good suit of his own. */
static bool c5(later_ctx *x, const convention *c)
{
    int S = last_live_opened(x, x->pt);
    if (S < 0) return false;
    unsigned own = 0;
    for (int s = 0; s < 4; s++)
        if (s != x->trump && !x->rounds[s] && ranks_count(x->held[s]) >= 4 &&
            (good_suit_holding(c, x->held[s]) || suit_established(x->held[s], x->played[s])))
            own |= 1u << s;
    if (own) {
        const hand_facts *f = hand_now(x, c, plain_mask(x), false, 0);
        int best = -1;
        for (int s = 0; s < 4; s++)
            if (((own >> s) & 1) && (best < 0 || hand_facts_sk(f, s) > hand_facts_sk(f, best))) best = s;
        choose_by_table(x, c, f, best, -1, "C5");
        return true;
    }
    char id[CONV_ID_MAX];
    x->out->uses |= CONV_PART_RET;
    int r = return_rank(c, x->held[S], x->played[S], id);
    choose(x, S, r, "C5", id);
    return true;
}

/* SS-C5: return partner's strengthening opening lead at once (foster L1990). */
static bool ss_c5(later_ctx *x, const convention *c)
{
    const play_public *pub = x->pub;
    if (pub->eldest != x->pt || pub->ntricks == 0) return false;
    card_t lead = pub->card[0][x->pt];
    int s = card_suit(lead);
    if (s == x->trump || card_rank(lead) >= RANK_K || !x->held[s] || last_lead(x, x->P, s) >= 0) return false;
    char id[CONV_ID_MAX];
    x->out->uses |= CONV_PART_RET;
    int r = return_rank(c, x->held[s], x->played[s], id);
    choose(x, s, r, "SS-C5", id);
    return true;
}

/* C6 candidates: unled plain suits; else those no opponent opened; else any;
 * suits both opponents are void in only if nothing else is left. X12
 * drops a suit that gives one opponent a ruff (he is void in it, the other
 * is not, and he is not known out of trumps) while another remains (dicks
 * L1555-1558). */
static unsigned c6_candidates(later_ctx *x)
{
    unsigned tier[3] = {0, 0, 0};
    for (int s = 0; s < 4; s++) {
        if (s == x->trump || !x->held[s]) continue;
        bool opp_opened = play_opened(x->pub, x->lho, s) || play_opened(x->pub, x->rho, s);
        if (!x->rounds[s]) tier[0] |= 1u << s;
        if (!opp_opened) tier[1] |= 1u << s;
        tier[2] |= 1u << s;
    }
    unsigned both_void = 0;
    for (int s = 0; s < 4; s++)
        if (known_void(x, x->lho, s) && known_void(x, x->rho, s)) both_void |= 1u << s;
    unsigned m = 0;
    for (int k = 0; k < 3 && !m; k++) m = tier[k] & ~both_void;
    for (int k = 0; k < 3 && !m; k++) m = tier[k];
    if (ext_on(x, 12) && x->trump >= 0) {
        unsigned one_sided = 0;
        for (int s = 0; s < 4; s++) {
            bool l = known_void(x, x->lho, s), r = known_void(x, x->rho, s);
            if (((m >> s) & 1) && l != r && !known_void(x, l ? x->lho : x->rho, x->trump)) one_sided |= 1u << s;
        }
        if (one_sided && (m & ~one_sided)) {
            m &= ~one_sided;
            note_pending(x, "X12");
        }
    }
    return m;
}

/* AM-C6: switching suits, lead the top of the shortest unled plain suit of
 * one to three cards, hiding the length of the second suit (foster L1816). */
static bool am_c6(later_ctx *x)
{
    if (x->pub->nopened[x->P] == 0) return false;
    int best = -1;
    for (int s = 0; s < 4; s++) {
        int n = ranks_count(x->held[s]);
        if (s == x->trump || x->rounds[s] || n < 1 || n > 3) continue;
        if (best < 0 || n < ranks_count(x->held[best]) ||
            (n == ranks_count(x->held[best]) && ranks_top(x->held[s]) > ranks_top(x->held[best])))
            best = s;
    }
    if (best < 0) return false;
    choose(x, best, ranks_top(x->held[best]), "AM-C6", "AM-C6");
    return true;
}

/* C7: a master (plain suits in TB order, then trumps); else the lowest of
 * the SK-max plain suit; else the lowest trump. */
static bool c7(later_ctx *x, const convention *c)
{
    for (int k = 0; k < 5; k++) {
        int s = k < 4 ? k : x->trump;
        if (s < 0 || (k < 4 && s == x->trump)) continue;
        int master = suit_nth_unplayed(x->played[s], 1);
        if (holds(x, s, master)) {
            choose(x, s, master, "C7", "C7");
            return true;
        }
    }
    const hand_facts *f = hand_now(x, c, plain_mask(x), false, 0);
    int best = -1;
    for (int s = 0; s < 4; s++)
        if (s != x->trump && f->n[s] && (best < 0 || hand_facts_sk(f, s) > hand_facts_sk(f, best))) best = s;
    if (best < 0) best = x->trump;
    if (best < 0 || !x->held[best]) return false;
    choose(x, best, ranks_low(x->held[best]), "C7", "C7");
    return true;
}

/* MC-C: the opening leader keeps cashing masters (dicks L1362-1366). */
static bool mc_c(later_ctx *x)
{
    const play_public *pub = x->pub;
    if (x->P != pub->eldest) return false;
    int last = -1, last_t = -1; /* the suit of P's last lead */
    for (int s = 0; s < 4; s++) {
        int t = last_lead(x, x->P, s);
        if (t > last_t) {
            last_t = t;
            last = s;
        }
    }
    if (last >= 0) {
        int m = suit_nth_unplayed(x->played[last], 1);
        if (holds(x, last, m)) {
            choose(x, last, ranks_top(suit_group(x->held[last], x->played[last], m)), "MC-C", "MC-C");
            return true;
        }
    }
    int best = -1;
    for (int s = 0; s < 4; s++) {
        if (s == x->trump || !holds(x, s, suit_nth_unplayed(x->played[s], 1))) continue;
        if (best < 0 || ranks_count(x->held[s]) < ranks_count(x->held[best])) best = s;
    }
    if (best < 0 && x->trump >= 0 && holds(x, x->trump, suit_nth_unplayed(x->played[x->trump], 1)))
        best = x->trump;
    if (best < 0) return false;
    int m = suit_nth_unplayed(x->played[best], 1);
    choose(x, best, ranks_top(suit_group(x->held[best], x->played[best], m)), "MC-C", "MC-C");
    return true;
}

/* Runs c's [later] rows from..to-1 in order; true once a card is chosen. */
static bool run_rows(later_ctx *x, const convention *c, int from, int to)
{
    for (int i = from; i < to; i++) {
        const conv_step *st = &c->later[i];
        bool done = false;
        switch (st->kind) {
        case ST_C1: done = c1(x, c); break;
        case ST_C1R: done = c1r(x, c); break;
        case ST_C2A: done = c2a(x, c); break;
        case ST_C2B: done = c2b(x, c); break;
        case ST_C3: done = c3(x); break;
        case ST_C4: done = x11(x, c) || c4(x, c); break;
        case ST_C5A: done = by_suit_choice(x, c, plain_mask(x), "C5a", true); break;
        case ST_C5: done = c5(x, c); break;
        case ST_C6: done = by_suit_choice(x, c, c6_candidates(x), "C6", false); break;
        case ST_C7: done = c7(x, c); break;
        case ST_AM_C6: done = am_c6(x); break;
        case ST_SS_C5: done = ss_c5(x, c); break;
        case ST_MC_C: done = mc_c(x); break;
        case ST_AS:
            x->out->uses |= CONV_PART_OTHER;
            return run_rows(x, st->as, 0, st->as->nlater);
        default: break;
        }
        if (done) {
            x->out->step = (int8_t)i;
            return true;
        }
    }
    return false;
}

/* Trick 1: the opening lead, with its row for the record and D3. */
static int opening(later_ctx *x, const convention *c)
{
    const play_public *pub = x->pub;
    lead_view lv = {.hand = x->v->hand, .trump = pub->trump, .turnup = pub->turnup,
                    .deal_key = x->v->deal_key, .seed = x->v->seed};
    const card_row *row;
    const suit_rule *rule;
    if (lead_opening(c, &lv, &x->out->choice, &row, &rule, &x->out->lookup) < 0) return -1;
    x->out->uses = (uint8_t)(CONV_PART_RULES | (x->out->lookup.held ? CONV_PART_CARDS : 0));
    card_t card = x->out->choice.card;
    int s = card_suit(card);
    bool high = rule && rule->card >= 0 ? rule->card == CX_RANK || rule->card == CX_TOP || rule->card == CX_SEQLOW
                                        : card_rank(card) == ranks_top(x->held[s]);
    memo_of(&x->out->memo, row, high, card, x->held[s], 0);
    if (s == x->trump && rule && !rule->nodraw) x->out->drawing = 1; /* D3 */
    return 0;
}

/* A lead's context and its choice before any row has run. */
static void later_start(later_ctx *x, const convention *c, const play_view *v, later_choice *out)
{
    memset(out, 0, sizeof *out);
    out->choice.card = CARD_NONE;
    out->memo.first = CARD_NONE;
    out->drawing = -1;
    out->step = -1;
    /* field by field: the cached facts need no clearing */
    x->conv = c;
    x->pub = v->pub;
    x->v = v;
    x->P = v->seat & 3;
    x->out = out;
    x->npending = 0;
    x->have_full = x->have_seen = false;
    x->chose_conv = NULL;
    x->pt = seat_partner(x->P);
    x->lho = seat_left(x->P);
    x->rho = seat_right(x->P);
    x->trump = v->pub->trump >= SUIT_S && v->pub->trump <= SUIT_C ? v->pub->trump : -1;
    hand_lanes(v->hand, x->held);
    hand_lanes(v->pub->played, x->played);
    for (int s = 0; s < 4; s++) x->rounds[s] = v->pub->rounds[s];
}

int lead_later(const convention *c, const play_view *v, later_choice *out)
{
    later_ctx x;
    later_start(&x, c, v, out);
    if (!v->hand) return -1;
    if (v->pub->ntricks == 0 && x.P == v->pub->eldest) return opening(&x, c);
    if (!run_rows(&x, c, 0, c->nlater)) {
        /* a table whose [later] rows all pass: C7 always finds a card */
        out->step = (int8_t)c->nlater;
        c7(&x, c);
    }
    return out->choice.card == CARD_NONE ? -1 : 0;
}

void lead_redo_card(const convention *c, const later_choice *from, int trick, later_choice *out)
{
    *out = *from;
    const lead_lookup *k = &from->lookup;
    const card_row *row;
    char id[CONV_ID_MAX];
    card_t card = card_for_lookup(c, card_suit(from->choice.card), k, id, &row);
    out->choice.card = card;
    /* as choose_by_table and opening record it */
    memo_of(&out->memo, row, k->opening && card_rank(card) == ranks_top(k->held), card, k->held, trick);
}

bool lead_later_rows_choose(const convention *c, const play_view *v, int from, int to)
{
    later_choice out;
    later_ctx x;
    later_start(&x, c, v, &out);
    return v->hand && run_rows(&x, c, from, to);
}

bool lead_later_cashes_first(const convention *c)
{
    for (int i = 0; i < c->nlater; i++) {
        const conv_step *st = &c->later[i];
        if (st->kind == ST_C1 || st->kind == ST_C1R || st->kind == ST_C2A || st->kind == ST_C2B)
            continue; /* trump leads */
        if (st->kind == ST_AS) return lead_later_cashes_first(st->as);
        return st->kind == ST_C3;
    }
    return false;
}
