/* bench_lead.c -- the cost of choosing the opening lead, per convention,
 * against a trivial "highest card" loop over the same deals in the same run.
 * Prints "lead-<convention>: N ns/deal (ratio R vs highest-card loop)" and
 * fails (exit 1) if a convention needs 1 us or more per deal (the issue's
 * target is well under that). Last, all conventions on each deal in one
 * lead_choose_each, as a comparison chooses them: it works out the hand's
 * facts once, but runs the conventions' tables in turn, so that each finds
 * colder caches than in its own loop over all the deals above. */
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "analyze/lead/lead.h"

#define REPEATS 5

/* CPU time of this thread: the cores are shared, so wall time would count
 * other programs' turns too. */
static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* The reference: the highest card of each hand (spades first on ties). */
static unsigned highest_loop(const lead_view *v, long n)
{
    unsigned sink = 0;
    for (long i = 0; i < n; i++) {
        card_t best = CARD_NONE;
        for (int s = 0; s < 4; s++) {
            uint16_t h = hand_suit(v[i].hand, s);
            if (h && (best == CARD_NONE || 31 - __builtin_clz(h) > card_rank(best)))
                best = card_make(s, 31 - __builtin_clz(h));
        }
        sink += best;
    }
    return sink;
}

static unsigned convention_loop(const convention *c, const lead_view *v, long n)
{
    unsigned sink = 0;
    lead_choice ch;
    for (long i = 0; i < n; i++)
        if (lead_choose(c, &v[i], &ch) == 0) sink += ch.card;
    return sink;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 200000;
    lead_view *v = calloc((size_t)n, sizeof *v);
    if (!v) return 1;
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, 7);
    card_t pack[52];
    for (int s = 0, k = 0; s < 4; s++)
        for (int r = 2; r <= 14; r++) pack[k++] = card_make(s, r);
    for (long i = 0; i < n; i++) {
        gsl_ran_shuffle(rng, pack, 52, sizeof pack[0]);
        for (int k = 0; k < 13; k++) v[i].hand |= card_bit(pack[k]);
        v[i].turnup = pack[51]; /* the dealer's last card, on the leader's right */
        v[i].trump = card_suit(v[i].turnup);
        v[i].deal_key = (uint64_t)i;
    }
    gsl_rng_free(rng);

    int nconv;
    const convention *const *all = convention_builtins(&nconv);
    lead_choice warm;
    lead_choose(all[0], &v[0], &warm); /* builds the static tables outside the timing */

    double ref = 1e30;
    unsigned sink = 0;
    for (int r = 0; r < REPEATS; r++) {
        double t0 = now_ns();
        sink += highest_loop(v, n);
        double t = (now_ns() - t0) / (double)n;
        if (t < ref) ref = t;
    }
    int status = 0;
    double total = 0;
    for (int i = 0; i < nconv; i++) {
        if (convention_is_dd_best(all[i])) continue;
        double best = 1e30;
        for (int r = 0; r < REPEATS; r++) {
            double t0 = now_ns();
            sink += convention_loop(all[i], v, n);
            double t = (now_ns() - t0) / (double)n;
            if (t < best) best = t;
        }
        total += best;
        printf("lead-%s: %.1f ns/deal (ratio %.1f vs highest-card loop)\n", convention_name(all[i]), best,
               best / ref);
        if (best >= 1000.0) status = 1;
    }
    printf("lead-all-conventions: %.1f ns/deal (ratio %.1f vs highest-card loop, %.2f ns)\n", total, total / ref,
           ref);
    /* all of them at once, as a comparison chooses them (lead_choose_each:
     * the hand's facts once a deal) */
    const convention *each[16];
    int neach = 0;
    for (int i = 0; i < nconv && neach < 16; i++)
        if (!convention_is_dd_best(all[i])) each[neach++] = all[i];
    double best = 1e30;
    for (int r = 0; r < REPEATS; r++) {
        lead_choice ch[16];
        double t0 = now_ns();
        for (long i = 0; i < n; i++)
            if (lead_choose_each(each, neach, &v[i], ch) < 0) sink += ch[0].card;
        double t = (now_ns() - t0) / (double)n;
        if (t < best) best = t;
    }
    printf("lead-each-all-conventions: %.1f ns/deal, the %d in one lead_choose_each (ratio %.2f vs one by one)\n",
           best, neach, best / total);
    free(v);
    return sink == 0xFFFFFFFFu ? 2 : status;
}
