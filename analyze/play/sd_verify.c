/* sd_verify.c -- replays a recorded play trick by trick from the [Play]
 * seat: the grid is by seat (PBN's columns), so each trick is read in play
 * order from its leader, the previous trick's winner. */
#include <stdio.h>
#include <string.h>
#include "analyze/play/sd_verify.h"

static verify_status fail(verify_result *out, verify_status st, int t, const char *fmt, const char *a,
                          const char *b)
{
    out->status = st;
    out->trick = t + 1;
    snprintf(out->why, sizeof out->why, fmt, t + 1, a, b);
    return st;
}

verify_status sd_verify_play(const deal_t *d, verify_result *out)
{
    memset(out, 0, sizeof *out);
    out->strain = STRAIN_NONE;
    if (!(d->flags & DEAL_HAS_PLAY) || d->play.first > 3) {
        snprintf(out->why, sizeof out->why, "no recorded play");
        return out->status = VERIFY_NO_PLAY;
    }
    bool bridge = (d->flags & DEAL_HAS_CONTRACT) && d->contract_strain <= STRAIN_NT && d->contract_declarer < 4;
    out->strain = bridge ? d->contract_strain : d->strain;
    if (out->strain > STRAIN_NT) {
        snprintf(out->why, sizeof out->why, "no contract and no trump suit to judge the tricks by");
        return out->status = VERIFY_NO_STRAIN;
    }
    int side = bridge ? d->contract_declarer & 1 : d->play.first & 1;
    if (bridge && d->play.first != seat_left(d->contract_declarer))
        return fail(out, VERIFY_BAD_LEADER, 0, "trick %d: led by %s, not by the declarer's left %s",
                    SEAT_NAMES[d->play.first], SEAT_NAMES[seat_left(d->contract_declarer)]);
    hand_t hand[4];
    for (int s = 0; s < 4; s++) hand[s] = d->hand[s];
    int leader = d->play.first;
    bool ended = false;
    for (int t = 0; t < 13 && t < d->play.ntricks; t++) {
        card_t in_order[4];
        int n = 0, led = -1;
        for (int i = 0, seat = leader; i < 4; i++, seat = seat_left(seat)) {
            card_t c = d->play.card[t][seat];
            char cb[3], sb[2] = {SEAT_CHARS[seat], 0};
            if (c == CARD_NONE) continue;
            if (ended || n != i)
                return fail(out, VERIFY_BAD_LEADER, t, "trick %d: %s card %s recorded after a card missing", sb,
                            card_format(c, cb));
            if (!card_valid(c) || !hand_has(hand[seat], c))
                return fail(out, VERIFY_BAD_CARD, t, "trick %d: %s plays %s, which it does not hold", sb,
                            card_format(c, cb));
            if (led >= 0 && card_suit(c) != led && hand_suit(hand[seat], led))
                return fail(out, VERIFY_REVOKE, t, "trick %d: %s revokes, playing %s while holding the suit led", sb,
                            card_format(c, cb));
            if (i == 0) led = card_suit(c);
            hand[seat] &= ~card_bit(c);
            in_order[n++] = c;
        }
        if (n < 4) {
            ended = true; /* a claim: the play stops here */
            continue;
        }
        int w = trick_winner(in_order, leader, out->strain);
        out->winner[t] = (uint8_t)w;
        out->tricks++;
        out->side_tricks += (w & 1) == side;
        leader = w;
    }
    out->complete = out->tricks == 13;
    if (d->result >= 0) {
        int lo = out->side_tricks, hi = out->side_tricks + 13 - out->tricks;
        if (d->result < lo || d->result > hi) {
            out->status = VERIFY_RESULT;
            if (out->complete)
                snprintf(out->why, sizeof out->why, "[Result] %d, but the play gives %s %d tricks", d->result,
                         bridge ? "declarer" : "the leader's side", lo);
            else
                snprintf(out->why, sizeof out->why,
                         "[Result] %d, but %s has %d of the %d tricks played (at most %d in all)", d->result,
                         bridge ? "declarer" : "the leader's side", lo, out->tricks, hi);
            return out->status;
        }
    }
    return out->status = VERIFY_OK;
}
