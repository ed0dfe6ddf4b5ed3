/* sd_table.c -- the engine of the single-dummy players (analyze/play/RULES.md §1,
 * L1-L5): a card decided for the seat to play from his view only -- leads
 * by the side's convention (PR3, lead_later), the others by sd_follow
 * (PR4) -- and played after the legality check (L3); the trick's calls read
 * (SG1r); and the game loop, thirteen tricks, the winner of each leading to
 * the next.
 *
 * sd_table_decide and sd_table_play run once per card in both game loops
 * (sd_table_run here, the joint play of sd_duplicate.c): they are inline
 * external definitions with always_inline, so that sd_table_run gets them
 * inlined at compile time and sd_duplicate.c through link-time
 * optimisation (the release build), with its constant arguments folded. */
#include <string.h>
#include "analyze/play/sd_table.h"

/* L3: the card is held, and follows suit when it can. */
static inline bool sd_legal(hand_t hand, card_t card, int led_suit)
{
    if (!card_valid(card) || !hand_has(hand, card)) return false;
    return led_suit < 0 || card_suit(card) == led_suit || !hand_suit(hand, led_suit);
}

/* hand_count without the libgcc popcount call (plain x86-64 build). */
static inline int sd_cards_in(hand_t h)
{
    return ranks_count(hand_suit(h, 0)) + ranks_count(hand_suit(h, 1)) + ranks_count(hand_suit(h, 2)) +
           ranks_count(hand_suit(h, 3));
}

/* PR2 for leads too: a hand of one group plays its lowest card. */
static inline bool sd_one_group(hand_t hand, hand_t played, card_t *lowest)
{
    for (int s = 0; s < 4; s++) {
        uint16_t h = hand_suit(hand, s);
        if (hand != hand_from_suit(s, h)) continue;
        if (!sd_is_one_group(h, hand_suit(played, s))) return false;
        *lowest = card_make(s, ranks_low(h));
        return true;
    }
    return false;
}

/* The table at its start; -1 if a hand is not of 13 cards. */
inline int sd_table_init(sd_table *tb, const sd_deal *d)
{
    for (int s = 0; s < 4; s++) {
        tb->hand[s] = d->hand[s];
        if (sd_cards_in(tb->hand[s]) != 13) return -1;
    }
    play_public_init(&tb->pub, d->trump, d->turnup, d->dealer, d->signals);
    tb->r.tricks[0] = tb->r.tricks[1] = 0;
    return 0;
}

/* A lead no convention chose (DD, PR2): it records no memo (RL0), leaves
 * drawing trumps (D3) as it was and reads no convention. */
static inline void sd_forced_lead(later_choice *lc, card_t card)
{
    memset(lc, 0, sizeof *lc);
    lc->choice.card = card;
    lc->memo.first = CARD_NONE;
    lc->drawing = -1;
    lc->step = -1;
}

/* The card of the seat to play, whose side is side (the table not
 * finished). opening: as sd_play's; quiet: no rule ids wanted; choices:
 * for a lead, NULL or the suit choices kept (play_view). Returns 0, or -1
 * as sd_play. */
__attribute__((always_inline)) inline int sd_table_decide(const sd_table *tb, const sd_deal *d, const sd_side *side,
                                                          card_t opening, bool quiet, suit_choices *choices,
                                                          sd_move *m)
{
    const play_public *pub = &tb->pub;
    int t = pub->ntricks, seat = sd_table_seat(tb);
    m->lead = pub->ncur == 0;
    m->side = false;
    if (!m->lead) {
        sd_view v = {.pub = pub, .seat = seat, .hand = tb->hand[seat], .side = side, .ext = d->ext};
        sd_card c = sd_follow(&v, &m->side);
        m->card = c.card;
        m->rule = c.rule;
        m->how = c.how;
        m->rows = c.rows;
        return 0;
    }
    card_t low;
    m->how = NULL;
    if (t == 0 && opening != CARD_NONE) {
        sd_forced_lead(&m->lc, opening);
        m->rule = "DD";
    } else if (t > 0 && sd_one_group(tb->hand[seat], pub->played, &low)) {
        sd_forced_lead(&m->lc, low);
        m->rule = "PR2";
    } else {
        play_view pv = sd_table_view(tb, d, quiet, choices);
        if (lead_later(side->conv, &pv, &m->lc) < 0) return -1;
        m->rule = NULL; /* the ids are the choice's own */
    }
    m->card = m->lc.choice.card;
    return 0;
}

/* Plays m for the seat to play: -1 if it is illegal (L3); counts the
 * trick when m completes one, after the calls it shows (SG1r). */
__attribute__((always_inline)) inline int sd_table_play(sd_table *tb, const sd_deal *d, const sd_move *m)
{
    play_public *pub = &tb->pub;
    int seat = sd_table_seat(tb);
    if (!sd_legal(tb->hand[seat], m->card, m->lead ? -1 : pub->led[pub->ntricks])) return -1;
    if (m->lead) play_public_note_lead(pub, seat, &m->lc);
    tb->hand[seat] &= ~card_bit(m->card);
    int w = play_public_play(pub, seat, m->card);
    if (w >= 0) {
        if (d->signals) sd_read_calls(pub, pub->ntricks - 1);
        tb->r.tricks[sd_side_of(w)]++;
    }
    return 0;
}

void sd_read_calls(play_public *pub, int t)
{
    int led = pub->led[t];
    if (led == pub->trump) return;
    for (int p = 0; p < 4; p++) {
        card_t c = pub->card[t][p];
        if (pub->called[p] || p == pub->leader[t] || pub->winner[t] == p || card_suit(c) != led) continue;
        for (int u = 0; u < t; u++) {
            card_t e = pub->card[u][p];
            if (pub->leader[u] != p && pub->winner[u] != p && card_suit(e) == led &&
                pub->led[u] == led && card_rank(e) > card_rank(c)) {
                play_public_note_call(pub, p);
                break;
            }
        }
    }
}

static void log_rule(sd_step *st, const char *a, const char *b)
{
    size_t n = strlen(a);
    if (n >= sizeof st->rule) n = sizeof st->rule - 1;
    memcpy(st->rule, a, n);
    if (b && n + 1 < sizeof st->rule) {
        st->rule[n++] = '/';
        size_t m = strlen(b);
        if (n + m >= sizeof st->rule) m = sizeof st->rule - 1 - n;
        memcpy(st->rule + n, b, m);
        n += m;
    }
    st->rule[n] = 0;
}

/* The rule ids of a move for the log: a convention's lead gives its suit
 * rule and, when it differs, its card rule. */
static void log_move(sd_step *st, const sd_move *m)
{
    if (m->rule) {
        log_rule(st, m->rule, m->how);
        return;
    }
    const lead_choice *ch = &m->lc.choice;
    log_rule(st, ch->suit_rule, ch->card_rule[0] && strcmp(ch->card_rule, ch->suit_rule) ? ch->card_rule : NULL);
}

int sd_table_run(sd_table *tb, const sd_deal *d, const sd_side *const side[2], card_t opening, sd_log *log)
{
    while (tb->pub.ntricks < 13) {
        int t = tb->pub.ntricks, i = tb->pub.ncur, seat = sd_table_seat(tb);
        sd_move m;
        if (sd_table_decide(tb, d, side[sd_side_of(seat)], opening, !log, NULL, &m) < 0 || sd_table_play(tb, d, &m) < 0)
            return -1;
        if (log) {
            if (i == 0) log->leader[t] = (uint8_t)seat;
            log->step[t][i].card = m.card;
            log->step[t][i].seat = (uint8_t)seat;
            log_move(&log->step[t][i], &m);
            if (i == 3) log->winner[t] = tb->pub.winner[t];
        }
    }
    return 0;
}
