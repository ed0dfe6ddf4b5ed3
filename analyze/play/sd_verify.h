/* sd_verify.h -- checking a recorded card play ([Play] of PBN, the play of
 * LIN and DDS files; deal_t.play): every card held by the seat that played
 * it and played once, suit followed when it could be (analyze/play/RULES.md L3),
 * each trick's winner under the strain leading to the next (L2, L4), and
 * the recorded [Result] where the play allows it to be checked (bridge:
 * declarer's tricks; whist: the tricks of the leader's side, as in
 * shared/cases). A play
 * that stops early (a claim) is checked as far as it goes. */
#ifndef WHISTLAB_SD_VERIFY_H
#define WHISTLAB_SD_VERIFY_H

#include <stdbool.h>
#include <stddef.h>
#include "formats/deal.h"

typedef enum {
    VERIFY_OK,          /* legal, and the result agrees (or cannot be checked) */
    VERIFY_NO_PLAY,     /* the deal has no recorded play */
    VERIFY_NO_STRAIN,   /* neither a contract nor a trump suit */
    VERIFY_BAD_CARD,    /* a card not in the seat's hand, or played twice */
    VERIFY_REVOKE,      /* a suit not followed while the seat held it */
    VERIFY_BAD_LEADER,  /* a card recorded for a trick after a gap, or the
                           first trick led by the wrong seat */
    VERIFY_RESULT,      /* the recorded result contradicts the play */
} verify_status;

typedef struct {
    verify_status status;
    int strain;            /* the strain the tricks were judged under */
    int tricks;            /* complete tricks recorded */
    int side_tricks;       /* tricks of the declarer's side (bridge), or of
                              the opening leader's side when there is no contract */
    bool complete;         /* all 13 tricks recorded */
    int trick;             /* 1-based trick of the problem, 0 if none */
    char why[160];         /* the problem in words */
    uint8_t winner[13];    /* the winners of the complete tricks */
} verify_result;

verify_status sd_verify_play(const deal_t *d, verify_result *out);

#endif
