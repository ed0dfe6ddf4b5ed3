/* sd_replay.h -- the single-dummy score of one whist deal for the replay
 * driver (--eval play): the tricks the eldest hand's side takes when it
 * plays a convention and the dealer's side plays the opponents'. */
#ifndef WHISTLAB_SD_REPLAY_H
#define WHISTLAB_SD_REPLAY_H

#include "analyze/lead/lead.h"
#include "analyze/play/sd_play.h"
#include "formats/deal.h"

/* w: a whist deal (strain, dealer, leader set). opp NULL: c plays both
 * sides. opening: the eldest hand's first card when chosen outside the
 * players (dd-best's double-dummy card), else CARD_NONE. signals and ext:
 * analyze/play/RULES.md §11 on, and the §13 rules on (sd_view.h). Returns the eldest
 * side's tricks 0..13, or -1 if the deal cannot be played. */
int sd_eldest_tricks(const deal_t *w, const convention *c, const convention *opp, card_t opening, uint64_t seed,
                     bool signals, unsigned ext);
/* The same game with its result for both sides in *r and, when log is not
 * NULL, every card and its rule ids (`whistlab play`). Returns the eldest
 * hand's side (0 North-South, 1 East-West), or -1 as above. */
int sd_play_whist(const deal_t *w, const convention *c, const convention *opp, card_t opening, uint64_t seed,
                  bool signals, unsigned ext, sd_result *r, sd_log *log);

#endif
