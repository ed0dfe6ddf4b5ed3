/* dd_solve.c -- the DDS wrapper: a deal_t becomes DDS's binary deal, one
 * SolveBoard call values every lead, and the equal-card groups are expanded
 * card by card (analyze/lead/RULES.md §8.4: all conventions share one call).
 * Each entry point hands over to the own engine when the solver names it
 * (dd_engine.h): libdds is then not loaded. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>
#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif
#include <stdio.h>
#include <string.h>
#include "analyze/dd/dd_engine.h"
#include "analyze/dd/dd_solve.h"

/* DDS names its deal type `struct deal`, as formats/deal.h does: rename
 * DDS's in this file only (the layout, which is all the library sees, is
 * unchanged). Only DDS's types are taken from its header: the library is
 * loaded when a command first solves (dd_init), so that the commands that
 * never solve do not pay its start-up (SetMaxThreads allocates every
 * thread's transposition tables). */
#define deal dds_deal
#include <dds/dll.h>
#undef deal

static pthread_once_t dds_once = PTHREAD_ONCE_INIT;
static int dds_threads;
static char dds_missing[200];
static struct {
    int (*SolveBoard)(struct dds_deal, int, int, int, struct futureTricks *, int);
    void (*SetMaxThreads)(int);
    void (*GetDDSInfo)(struct DDSInfo *);
    void (*ErrorMessage)(int, char *);
} dds;

/* Debian's libdds 2.9, loaded after start-up, runs its finaliser after
 * its C++ destructors at exit and crashes there. Registered once the
 * library is in, this runs before them: the output flushed (and, under the
 * sanitizers, the leak check that exit would have run), the process ends
 * with exit's status, as if the handlers had run. */
static void dds_exit(int status, void *arg)
{
    (void)arg;
    fflush(NULL);
#if defined(__SANITIZE_ADDRESS__)
    __lsan_do_leak_check();
#endif
    _exit(status);
}

static void dds_setup(void)
{
    static const char *const NAMES[] = {"libdds.so.0", "libdds.so"};
    void *h = NULL;
    for (size_t i = 0; i < sizeof NAMES / sizeof NAMES[0] && !h; i++) h = dlopen(NAMES[i], RTLD_NOW | RTLD_GLOBAL);
    if (h) {
        *(void **)&dds.SolveBoard = dlsym(h, "SolveBoard");
        *(void **)&dds.SetMaxThreads = dlsym(h, "SetMaxThreads");
        *(void **)&dds.GetDDSInfo = dlsym(h, "GetDDSInfo");
        *(void **)&dds.ErrorMessage = dlsym(h, "ErrorMessage");
    }
    if (!h || !dds.SolveBoard || !dds.SetMaxThreads || !dds.GetDDSInfo || !dds.ErrorMessage) {
        const char *why = dlerror();
        snprintf(dds_missing, sizeof dds_missing, "cannot load libdds (Debian: libdds-dev): %s",
                 why ? why : "a function is missing");
        return;
    }
    on_exit(dds_exit, NULL);
    struct DDSInfo info;
    dds.SetMaxThreads(0);
    dds.GetDDSInfo(&info);
    dds_threads = info.noOfThreads > 0 ? info.noOfThreads : 1;
}

int dd_init(dd_engine e)
{
    if (e == DD_ENGINE_WHISTLAB) return dd_own_threads();
    pthread_once(&dds_once, dds_setup);
    return dds_threads;
}

const char *dd_unavailable(dd_engine e)
{
    if (e == DD_ENGINE_WHISTLAB) return NULL;
    pthread_once(&dds_once, dds_setup);
    return dds_threads ? NULL : dds_missing;
}

dd_solver dd_solver_make(dd_engine e, int thread) { return (dd_solver){.engine = e, .thread = thread}; }

void dd_solver_close(dd_solver *s)
{
    dd_own_close(s->own);
    s->own = NULL;
}

/* d's opening position as DDS's deal: trumps the strain, the leader first. */
static void dds_deal_of(const deal_t *d, struct dds_deal *dl)
{
    memset(dl, 0, sizeof *dl);
    dl->trump = d->strain;  /* SUIT_S..SUIT_C, STRAIN_NT: DDS's own numbers */
    dl->first = d->leader;
    for (int seat = 0; seat < 4; seat++)
        for (int s = 0; s < 4; s++)
            dl->remainCards[seat][s] = hand_suit(d->hand[seat], s);
}

int dd_solve_leads(dd_solver *s, const deal_t *d, dd_leads *out)
{
    if (s->engine == DD_ENGINE_WHISTLAB) {
        int rc = dd_own_solve_leads(&s->own, d, out->tricks);
        return rc ? rc : DD_OK;
    }
    struct dds_deal dl;
    struct futureTricks fut;
    memset(out->tricks, -1, sizeof out->tricks);
    dds_deal_of(d, &dl);
    if (!dd_init(DD_ENGINE_DDS)) return RETURN_UNKNOWN_FAULT;
    int rc = dds.SolveBoard(dl, -1, 3, 1, &fut, s->thread);
    if (rc != RETURN_NO_FAULT) return rc;
    for (int i = 0; i < fut.cards; i++) {
        int8_t score = (int8_t)fut.score[i];
        out->tricks[card_make(fut.suit[i], fut.rank[i])] = score;
        for (unsigned eq = (unsigned)fut.equals[i]; eq; eq &= eq - 1)
            out->tricks[card_make(fut.suit[i], __builtin_ctz(eq))] = score;
    }
    return DD_OK;
}

/* The run of ranks around r that hand h holds (at the opening lead no card
 * lies between them: they are equal double-dummy). */
static uint16_t held_run(uint16_t h, int r)
{
    uint16_t run = (uint16_t)(1u << r);
    for (int k = r + 1; k <= RANK_A && (h >> k & 1); k++) run |= (uint16_t)(1u << k);
    for (int k = r - 1; k >= 2 && (h >> k & 1); k--) run |= (uint16_t)(1u << k);
    return run;
}

int dd_solve_cards(dd_solver *sv, const deal_t *d, const card_t *cards, int n, dd_leads *out, int *best,
                   int *searches)
{
    if (sv->engine == DD_ENGINE_WHISTLAB) {
        if (searches) *searches = 1; /* one series of the own engine's searches */
        int rc = dd_own_solve_cards(&sv->own, d, cards, n, out->tricks, best);
        return rc ? rc : DD_OK;
    }
    struct dds_deal dl;
    struct futureTricks fut;
    int calls = 1;
    memset(out->tricks, -1, sizeof out->tricks);
    dds_deal_of(d, &dl);
    if (!dd_init(DD_ENGINE_DDS)) return RETURN_UNKNOWN_FAULT;
    int rc = dds.SolveBoard(dl, -1, 1, 1, &fut, sv->thread);
    if (rc == RETURN_NO_FAULT && fut.cards < 1) rc = RETURN_UNKNOWN_FAULT;
    if (rc != RETURN_NO_FAULT) goto done;
    *best = fut.score[0];
    int bs = fut.suit[0];
    for (unsigned run = held_run(hand_suit(d->hand[d->leader], bs), fut.rank[0]); run; run &= run - 1)
        out->tricks[card_make(bs, __builtin_ctz(run))] = (int8_t)*best;
    hand_t leader = d->hand[d->leader];
    for (int i = 0; i < n && rc == RETURN_NO_FAULT; i++) {
        card_t c = cards[i];
        if (out->tricks[c] >= 0 || !hand_has(leader, c)) continue;
        int s = card_suit(c), r = card_rank(c);
        struct dds_deal after = dl;
        after.currentTrickSuit[0] = s;
        after.currentTrickRank[0] = r;
        after.remainCards[d->leader][s] &= ~(1u << r);
        rc = dds.SolveBoard(after, -1, 1, 1, &fut, sv->thread);
        calls++;
        if (rc == RETURN_NO_FAULT && fut.cards < 1) rc = RETURN_UNKNOWN_FAULT;
        if (rc != RETURN_NO_FAULT) break;
        /* the score is the side to play's, the leader's opponents' */
        int8_t v = (int8_t)(__builtin_popcountll(leader) - fut.score[0]);
        for (unsigned run = held_run(hand_suit(leader, s), r); run; run &= run - 1)
            out->tricks[card_make(s, __builtin_ctz(run))] = v;
    }
done:
    if (searches) *searches = calls;
    if (rc != RETURN_NO_FAULT) {
        memset(out->tricks, -1, sizeof out->tricks);
        return rc;
    }
    return DD_OK;
}

void dd_error_text(int code, char *buf, size_t len)
{
    char line[80] = "";
    if (code == DD_OWN_BAD_POSITION || code == DD_OWN_NO_MEMORY) {
        snprintf(buf, len, "whistlab engine: %s",
                 code == DD_OWN_BAD_POSITION ? "not a position it solves (hand sizes or cards)"
                                             : "no memory for its table");
        return;
    }
    if (!dd_init(DD_ENGINE_DDS)) {
        snprintf(buf, len, "%s", dds_missing);
        return;
    }
    dds.ErrorMessage(code, line);
    line[sizeof line - 1] = 0;
    snprintf(buf, len, "DDS error %d: %s", code, line);
}

int dd_best_tricks(const dd_leads *l)
{
    int best = -1;
    for (int c = 0; c < 64; c++)
        if (l->tricks[c] > best) best = l->tricks[c];
    return best;
}
