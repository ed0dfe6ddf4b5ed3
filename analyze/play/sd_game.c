/* sd_game.c -- the game loop of the single-dummy players (spec/play.md §1,
 * L1-L5): thirteen tricks, the winner of each leading to the next, each
 * card chosen from the player's view only -- leads by the side's
 * convention (PR3, lead_later), the others by sd_follow (PR4); the moves
 * of sd_table.h, played to the end of the deal with the log on request. */
#include <string.h>
#include "analyze/play/sd_table.h"

void sd_deal_from(sd_deal *out, const deal_t *d)
{
    memset(out, 0, sizeof *out);
    for (int s = 0; s < 4; s++) out->hand[s] = d->hand[s];
    out->trump = d->strain <= STRAIN_NT ? d->strain : STRAIN_NT;
    out->turnup = d->turnup;
    out->dealer = d->dealer < 4 ? d->dealer : deal_dealer_of_leader(d->leader < 4 ? d->leader : SEAT_N);
    out->deal_index = d->pos.index;
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

int sd_play(const sd_deal *d, const sd_side *const side[2], card_t opening, sd_result *r, sd_log *log)
{
    sd_table tb;
    if (sd_table_init(&tb, d) < 0 || sd_table_run(&tb, d, side, opening, log) < 0) return -1;
    *r = tb.r;
    return 0;
}

void sd_log_print(FILE *f, const sd_log *log, const sd_result *r, bool explain)
{
    for (int t = 0; t < 13; t++) {
        fprintf(f, "%2d ", t + 1);
        for (int i = 0; i < 4; i++) {
            const sd_step *st = &log->step[t][i];
            char cb[3];
            fprintf(f, " %c %s", SEAT_CHARS[st->seat], card_format(st->card, cb));
            if (explain) fprintf(f, " %-14s", st->rule);
        }
        fprintf(f, "  -> %c\n", SEAT_CHARS[log->winner[t]]);
    }
    fprintf(f, "tricks: N-S %d, E-W %d\n", r->tricks[0], r->tricks[1]);
}
