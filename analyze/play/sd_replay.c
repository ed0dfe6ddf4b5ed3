/* sd_replay.c -- one whist deal played single-dummy for the replay
 * driver: the eldest side under its convention, the dealer's side under
 * the opponents' (analyze/play/RULES.md). dd-best's later leads are its table's
 * (long-suit); its opening card comes from the double-dummy solve. */
#include "analyze/play/sd_replay.h"

int sd_play_whist(const deal_t *w, const convention *c, const convention *opp, card_t opening, uint64_t seed,
                  bool signals, unsigned ext, sd_result *r, sd_log *log)
{
    sd_side mine, theirs;
    sd_side_init(&mine, c);
    sd_side_init(&theirs, opp ? opp : c);
    sd_deal d;
    sd_deal_from(&d, w);
    d.seed = seed;
    d.signals = signals;
    d.ext = ext;
    int eldest = seat_left(d.dealer);
    const sd_side *side[2];
    side[sd_side_of(eldest)] = &mine;
    side[1 - sd_side_of(eldest)] = &theirs;
    if (sd_play(&d, side, opening, r, log) < 0) return -1;
    return sd_side_of(eldest);
}

int sd_eldest_tricks(const deal_t *w, const convention *c, const convention *opp, card_t opening, uint64_t seed,
                     bool signals, unsigned ext)
{
    sd_result r;
    int side = sd_play_whist(w, c, opp, opening, seed, signals, ext, &r, NULL);
    return side < 0 ? -1 : r.tricks[side];
}
