/* odds_input.h -- deals as the odds see them: a read deal under the
 * --leader / --trump turnup policy, and what a corpus is known to record
 * before it is read, so that the dealer and turn-up modes (odds.md S2.5:
 * "record if every deal has one, else all") are decided up front and every
 * deal is counted in one mode only. */
#ifndef WHISTLAB_ODDS_INPUT_H
#define WHISTLAB_ODDS_INPUT_H

#include "analyze/odds/odds_events.h"
#include "formats/deal_stream.h"

/* d as the odds count it: the forced leader moves the dealer (and drops a
 * turn-up that was not his), --trump turnup requires a read turn-up. False
 * with diag filled when the policy cannot use the deal. */
bool odds_deal_of(const deal_t *d, const input_opts *io, odds_deal *out, diag_t *diag);

/* What every deal the files give will hold, known before reading them. */
typedef struct {
    bool every_dealer; /* every deal has a dealer */
    bool every_turnup; /* every deal has a read turn-up in the dealer's hand */
} odds_input_known;

/* Known only of .wda archives (told by their magic; format auto or wda),
 * whose records are looked at without being counted: a whistlab-generated
 * archive deals every record (dealer and turn-up, deal_gen.h) unless a
 * --leader moves the dealer, any other is scanned. Standard input, text
 * formats and files that cannot be opened here give nothing known (the modes
 * are then told while counting). */
odds_input_known odds_input_scan(const char *const files[], int nfiles, const input_opts *io);

#endif
