/* bench_lead.c -- the cost of choosing the opening lead, per convention,
 * against a trivial "highest card" loop over the same deals, REPEATS times
 * in turn, in thread CPU time. Prints each convention's ns a deal with its
 * spread ("lead-<convention>"), then all conventions on each deal in one
 * lead_choose_each, as a comparison chooses them (the hand's facts once,
 * the tables in turn, each finding colder caches than in its own loop).
 * Passes on the CPU-time ratio of the slowest convention to the loop: at
 * most TARGET (the 1 us a convention, over the loop's 8 ns). */
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "analyze/lead/lead.h"
#include "tests/bench/bench.h"

#define REPEATS 5
#define TARGET 120.0
#define MAX_CONV 32

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

    bench_sample ref = {0}, each_ns = {0}, ratio = {0};
    static bench_sample conv[MAX_CONV];
    const convention *each[MAX_CONV];
    int neach = 0;
    for (int i = 0; i < nconv && neach < MAX_CONV; i++)
        if (!convention_is_dd_best(all[i])) each[neach++] = all[i];
    unsigned sink = 0;
    for (int r = 0; r < REPEATS; r++) {
        double t0 = now_ns();
        sink += highest_loop(v, n);
        double loop = (now_ns() - t0) / (double)n, slowest = 0;
        bench_add(&ref, loop);
        for (int i = 0; i < neach; i++) {
            t0 = now_ns();
            sink += convention_loop(each[i], v, n);
            double t = (now_ns() - t0) / (double)n;
            bench_add(&conv[i], t);
            if (t > slowest) slowest = t;
        }
        bench_add(&ratio, slowest / loop);
        lead_choice ch[MAX_CONV];
        t0 = now_ns();
        for (long i = 0; i < n; i++)
            if (lead_choose_each(each, neach, &v[i], ch) < 0) sink += ch[0].card;
        bench_add(&each_ns, (now_ns() - t0) / (double)n);
    }
    bench_figure("lead-highest-card-loop", "%.1f", &ref, "ns CPU a deal", "%ld deals", n);
    for (int i = 0; i < neach; i++) {
        char name[96];
        snprintf(name, sizeof name, "lead-%s", convention_name(each[i]));
        bench_figure(name, "%.0f", &conv[i], "ns CPU a deal", NULL);
    }
    bench_figure("lead-each-all-conventions", "%.0f", &each_ns, "ns CPU a deal", "the %d in one lead_choose_each", neach);
    bool ok = bench_verdict("lead", &ratio, "lead-highest-card-loop (CPU time), slowest convention", "<=", TARGET, NULL);
    free(v);
    return sink == 0xFFFFFFFFu ? 2 : ok ? 0 : 1;
}
