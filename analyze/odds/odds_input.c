/* odds_input.c -- read deals to odds deals, and the dealer and turn-up a
 * corpus is known to record before it is counted (odds_input.h). */
#include <stdio.h>
#include <string.h>
#include "analyze/odds/odds_input.h"
#include "formats/wda.h"

bool odds_deal_of(const deal_t *d, const input_opts *io, odds_deal *out, diag_t *diag)
{
    deal_t w = *d;
    if (io->policy.kind == TRUMP_TURNUP) {
        deal_t whist[4];
        if (!deal_apply_trump_policy(d, &io->policy, whist, diag)) return false;
        w = whist[0];
    } else if (io->policy.leader != SEAT_NONE) {
        /* A forced leader moves the dealer, and the turn-up with him. */
        uint8_t dealer = (uint8_t)deal_dealer_of_leader(io->policy.leader);
        if (w.dealer != dealer) w.turnup = CARD_NONE;
        w.dealer = dealer;
    }
    for (int p = 0; p < 4; p++) out->hand[p] = w.hand[p];
    out->dealer = w.dealer <= SEAT_W ? w.dealer : SEAT_NONE;
    bool read_turnup = w.turnup != CARD_NONE && !(w.flags & DEAL_TURNUP_INFERRED);
    out->turnup = read_turnup && out->dealer != SEAT_NONE && hand_has(w.hand[out->dealer], w.turnup)
                      ? w.turnup
                      : CARD_NONE;
    return true;
}

/* Whether path starts with the .wda magic: asked of regular files only, as
 * a FIFO or a pipe would lose the bytes read here (issue 25 item 7). */
static bool is_wda(const char *path)
{
    char magic[8];
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    size_t n = fread(magic, 1, sizeof magic, f);
    fclose(f);
    return wda_is_magic(magic, n);
}

/* Folds what the records of one archive hold into *k; false if it cannot
 * be opened. Records that are not valid deals, or that the policy refuses,
 * are never counted, so they are passed over here too. */
static bool scan_wda(const char *path, const input_opts *io, odds_input_known *k)
{
    diag_t why = {0};
    wda_file *f = wda_open(path, &why);
    if (!f) return false;
    const wda_header *h = wda_file_header(f);
    bool generated = h->generator == WDA_GENERATOR_DEAL || h->generator == WDA_GENERATOR_PREDEAL;
    if (!(generated && !io->policy_given)) {
        uint64_t n = wda_file_count(f);
        for (uint64_t i = 0; i < n && (k->every_dealer || k->every_turnup); i++) {
            deal_t d;
            odds_deal od;
            diag_t skip;
            diag_clear(&skip);
            if (!wda_record_unpack(wda_record_at(f, i), i, h->board_base, &d, &skip)) continue;
            if (!odds_deal_of(&d, io, &od, &skip)) continue;
            k->every_dealer &= od.dealer != SEAT_NONE;
            k->every_turnup &= od.turnup != CARD_NONE;
        }
    }
    wda_close(f);
    return true;
}

odds_input_known odds_input_scan(const char *const files[], int nfiles, const input_opts *io)
{
    odds_input_known k = {nfiles > 0, nfiles > 0};
    bool wda_format = io->format == FMT_AUTO || io->format == FMT_WDA;
    for (int i = 0; i < nfiles && (k.every_dealer || k.every_turnup); i++)
        if (!wda_format || deal_input_read_once(files[i]) || !is_wda(files[i]) || !scan_wda(files[i], io, &k))
            return (odds_input_known){false, false};
    return k;
}
