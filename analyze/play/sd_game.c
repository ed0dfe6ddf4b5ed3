/* sd_game.c -- one deal played single-dummy (sd_play.h): the players'
 * table made from a deal, played to the end by the engine (sd_table.c)
 * with the log on request, and the log as text. */
#include <string.h>
#include "analyze/play/sd_table.h"
#include "formats/deal_digest.h"

void sd_deal_from(sd_deal *out, const deal_t *d)
{
    memset(out, 0, sizeof *out);
    for (int s = 0; s < 4; s++) out->hand[s] = d->hand[s];
    out->trump = d->strain <= STRAIN_NT ? d->strain : STRAIN_NT;
    out->turnup = d->turnup;
    out->dealer = d->dealer < 4 ? d->dealer : deal_dealer_of_leader(d->leader < 4 ? d->leader : SEAT_N);
    out->deal_index = d->pos.index;
    out->deal_key = deal_digest_key(d);
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
