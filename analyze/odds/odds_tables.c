/* odds_tables.c -- the 569 rows of the odds tables (odds.md S3), built once:
 * row ids in the oracle's order, exact values, the group and bins each row is
 * measured from, and the historic figure if the books give one. */
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "analyze/odds/odds_exact.h"
#include "analyze/odds/odds_tables.h"

static const odds_table_info TABLES[ODDS_NTABLES] = {
    {"partner-cards", "a named other player holds k of m named cards the viewer lacks",
     "1829 Epitome, Table of Odds part A"},
    {"dealer-trumps", "the dealer (turn-up included) or a non-dealer holds at least N trumps",
     "1829 Epitome, Table of Odds part B"},
    {"trump-count", "number of trumps: dealer vs non-dealer", "modern reference"},
    {"two-hands", "two unknown hands (dummy exposed): he holds k of m named cards", "Foster, Whist Family"},
    {"trump-exhaustion", "holding T trumps: rounds needed to draw the adversaries' trumps",
     "Pole in Dick's Hand-Book"},
    {"claims", "single odds statements from the books", "Epitome, Dick's, Foster"},
    {"hoyle", "Hoyle's Calculations and worked cases", "Hoyle (ext)"},
    {"suit-splits", "n missing cards split between two unknown hands", "modern reference"},
    {"hand-patterns", "the 39 hand patterns", "modern reference"},
    {"hand-shape", "longest and shortest suit, balanced hands", "modern reference; Dick's L1437"},
    {"suit-length", "length of a given suit in a given hand", "modern reference"},
    {"honours", "a side holds h of the trump honours A K Q J; honour scores", "modern reference; Dick's L926"},
    {"hcp", "high-card points (4-3-2-1) of a hand", "modern reference"},
    {"gof", "constants for the goodness-of-fit tests", "odds.md S4"},
};

const odds_table_info *odds_tables(void) { return TABLES; }

int odds_table_find(const char *id)
{
    for (int i = 0; i < ODDS_NTABLES; i++)
        if (strcmp(TABLES[i].id, id) == 0) return i;
    return -1;
}

static odds_group GROUPS[OG_COUNT];
static odds_row ROWS[ODDS_NROWS + 1]; /* the last one absorbs any excess */
static int NROWS;
static pthread_once_t ONCE = PTHREAD_ONCE_INIT;
static void build(void);

#define SLOT(field) ((uint16_t)(offsetof(odds_counts, field) / sizeof(int32_t)))

static void group(odds_group_id g, uint16_t offset, int nbins, bool scalar)
{
    GROUPS[g] = (odds_group){offset, (uint8_t)nbins, scalar, g >= OG_FIRST_TURNUP};
}

static void groups_build(void)
{
    for (int m = 1; m <= 6; m++) group(OG_PC_M1 + m - 1, SLOT(deal.pc[m - 1]), m + 1, false);
    for (int m = 1; m <= 3; m++) group(OG_TH_M1 + m - 1, SLOT(deal.th[m - 1]), m + 1, false);
    group(OG_TH_L404, SLOT(deal.th_l404), 3, false);
    group(OG_TH_L566, SLOT(deal.th_l566), 2, false);
    for (int t = 4; t <= 8; t++) group(OG_TE_T4 + t - 4, SLOT(deal.te[t - 4]), 14, false);
    group(OG_TE_GE5, SLOT(deal.te_ge5), 14, false);
    group(OG_KING_LHO, SLOT(deal.king_lho), 2, false);
    group(OG_LONGEST_ADV, SLOT(deal.longest_adv), 2, false);
    group(OG_PARTNER_HON, SLOT(deal.partner_hon), 5, false);
    group(OG_ACE_THIRD, SLOT(deal.ace_third), 2, false);
    for (int i = 0; i < 3; i++) group(OG_CALC1 + i, SLOT(deal.calc[i]), 2, false);
    group(OG_NOT_ACE, SLOT(deal.not_ace), 2, false);
    group(OG_ACE_OR_QUEEN, SLOT(deal.ace_or_queen), 2, false);
    for (int n = 2; n <= 13; n++) group(OG_SPLIT_N2 + n - 2, SLOT(deal.split[n]), 14, false);
    group(OG_PATTERN, SLOT(deal.pattern), ODDS_NPATTERNS, false);
    group(OG_LONGEST, SLOT(deal.longest), 14, false);
    group(OG_SHORTEST, SLOT(deal.shortest), 14, false);
    group(OG_BALANCED, SLOT(deal.balanced), 2, false);
    group(OG_SUIT_LENGTH, SLOT(deal.suit_length), 14, false);
    group(OG_HON_PRIOR, SLOT(deal.hon_prior), 5, false);
    group(OG_HON_HAND, SLOT(deal.hon_hand), 5, false);
    group(OG_HCP, SLOT(deal.hcp), 38, false);
    group(OG_Q, SLOT(deal.q), 3, true);
    group(OG_F, SLOT(deal.f), 3, true);
    group(OG_PATTERN1, SLOT(deal.pattern1), ODDS_NPATTERNS, false);
    group(OG_SUIT_SPLIT, SLOT(deal.suit_split), ODDS_NPATTERNS, false);
    for (int m = 1; m <= 4; m++) {
        group(OG_PCT_M1 + m - 1, SLOT(tu.pct[m - 1]), m + 1, false);
        group(OG_PCD_M1 + m - 1, SLOT(tu.pcd[m - 1]), m + 1, false);
    }
    group(OG_DEALER, SLOT(tu.dealer), 14, false);
    group(OG_NONDEALER, SLOT(tu.nondealer), 14, false);
    for (int t = 4; t <= 8; t++) group(OG_TE_E_T4 + t - 4, SLOT(tu.te_e[t - 4]), 14, false);
    group(OG_TE_E_GE5, SLOT(tu.te_e_ge5), 14, false);
    group(OG_HON_WHIST, SLOT(tu.hon_whist), 5, false);
    group(OG_HON_TU_HON, SLOT(tu.hon_tu_hon), 5, false);
    group(OG_HON_TU_SMALL, SLOT(tu.hon_tu_small), 5, false);
}

const odds_group *odds_group_info(odds_group_id g)
{
    pthread_once(&ONCE, build);
    return &GROUPS[g];
}

/* Bins lo..hi as a set. */
static uint64_t bins(int lo, int hi)
{
    uint64_t s = 0;
    for (int k = lo; k <= hi; k++) s |= 1ULL << k;
    return s;
}

static uint64_t all_bins(odds_group_id g) { return bins(0, GROUPS[g].nbins - 1); }

static odds_row *add(const char *table, rational exact, odds_group_id g, uint64_t hit, const char *id_fmt, ...)
    __attribute__((format(printf, 5, 6)));

static odds_row *add(const char *table, rational exact, odds_group_id g, uint64_t hit, const char *id_fmt, ...)
{
    odds_row *r = &ROWS[NROWS < ODDS_NROWS ? NROWS : ODDS_NROWS];
    NROWS++;
    memset(r, 0, sizeof *r);
    r->table = table;
    va_list ap;
    va_start(ap, id_fmt);
    vsnprintf(r->id, sizeof r->id, id_fmt, ap);
    va_end(ap);
    r->exact = exact;
    r->measure = MEASURE_SHARE;
    r->group = g;
    r->domain = all_bins(g);
    r->hit = hit;
    return r;
}

#define EVENT(r, ...) snprintf((r)->event, sizeof (r)->event, __VA_ARGS__)

static void as_mean(odds_row *r, const int8_t *y)
{
    r->measure = MEASURE_MEAN;
    r->moment = true;
    r->y = y;
}

static void unmeasured(odds_row *r) { r->measure = MEASURE_NONE; }

/* Sum of p[lo..hi]. */
static rational tail(const rational *p, int lo, int hi)
{
    rational s = rat_int_value(0);
    for (int k = lo; k <= hi; k++) s = rat_add(s, p[k]);
    return s;
}

static const int8_t Y_K[64] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
/* Honour points of the side holding h of A K Q J minus the other side's,
 * and the points scored in the deal (S3.12: 4 for 4, 2 for 3). */
static const int8_t Y_NET[64] = {-4, -2, 0, 2, 4};
static const int8_t Y_POINTS[64] = {4, 2, 0, 2, 4};

/* S3.1: base model (39 unseen, he holds 13), tu. (38 unseen, a non-dealer
 * holds 13), tud. (the dealer holds 12 of them). */
static void build_partner_cards(void)
{
    static const struct {
        const char *prefix, *who;
        int unseen, places, mmax;
        odds_group_id g;
    } model[] = {
        {"", "a named other player", 39, 13, 6, OG_PC_M1},
        {"tu.", "a non-dealer (turn-up seen)", 38, 13, 4, OG_PCT_M1},
        {"tud.", "the dealer (turn-up seen)", 38, 12, 4, OG_PCD_M1},
    };
    const char *T = "partner-cards";
    for (int v = 0; v < 3; v++)
        for (int m = 1; m <= model[v].mmax; m++) {
            odds_group_id g = model[v].g + m - 1;
            rational p[8];
            for (int k = 0; k <= m; k++) {
                p[k] = odds_hyper(k, m, model[v].unseen - m, model[v].places);
                odds_row *r = add(T, p[k], g, 1ULL << k, "%sm%d.eq%d", model[v].prefix, m, k);
                EVENT(r, "%s holds exactly %d of %d named card%s the viewer lacks", model[v].who, k, m,
                      m > 1 ? "s" : "");
            }
            for (int k = 1; k < m; k++) {
                odds_row *r = add(T, tail(p, k, m), g, bins(k, m), "%sm%d.ge%d", model[v].prefix, m, k);
                EVENT(r, "%s holds at least %d of %d named cards the viewer lacks", model[v].who, k, m);
            }
        }
}

/* S3.2 and S3.3. */
static void build_trumps(void)
{
    rational dealer[14], non[14];
    odds_trumps_dealer(dealer);
    odds_trumps_nondealer(non);
    for (int n = 1; n <= 13; n++)
        EVENT(add("dealer-trumps", tail(dealer, n, 13), OG_DEALER, bins(n, 13), "dealer.ge%d", n),
              "dealer holds at least %d trump%s, turn-up included", n, n > 1 ? "s" : "");
    for (int n = 1; n <= 12; n++)
        EVENT(add("dealer-trumps", tail(non, n, 13), OG_NONDEALER, bins(n, 13), "nondealer.ge%d", n),
              "a given non-dealer holds at least %d trump%s", n, n > 1 ? "s" : "");
    for (int k = 1; k <= 13; k++)
        EVENT(add("trump-count", dealer[k], OG_DEALER, 1ULL << k, "dealer.eq%d", k),
              "dealer holds exactly %d trump%s, turn-up included", k, k != 1 ? "s" : "");
    for (int k = 0; k <= 12; k++)
        EVENT(add("trump-count", non[k], OG_NONDEALER, 1ULL << k, "nondealer.eq%d", k),
              "a given non-dealer holds exactly %d trump%s", k, k != 1 ? "s" : "");
    rational md = rat_int_value(0), mn = rat_int_value(0);
    for (int k = 0; k <= 13; k++) {
        md = rat_add(md, rat_mul(rat_int_value(k), dealer[k]));
        mn = rat_add(mn, rat_mul(rat_int_value(k), non[k]));
    }
    odds_row *r = add("trump-count", md, OG_DEALER, 0, "dealer.mean");
    as_mean(r, Y_K);
    EVENT(r, "expected number of trumps of the dealer, turn-up included");
    r = add("trump-count", mn, OG_NONDEALER, 0, "nondealer.mean");
    as_mean(r, Y_K);
    EVENT(r, "expected number of trumps of a given non-dealer");
}

/* S3.4: he holds 13 of the 26 cards outside the viewer's and dummy's hands. */
static void build_two_hands(void)
{
    const char *T = "two-hands";
    rational p[4][4];
    for (int m = 1; m <= 3; m++)
        for (int k = 0; k <= m; k++) p[m][k] = odds_hyper(k, m, 26 - m, 13);
    EVENT(add(T, p[1][1], OG_TH_M1, 1ULL << 1, "m1.eq1"), "he holds a given one of 1 named card");
    static const char *const M2[] = {"he holds neither of 2 named cards", "he holds exactly 1 of 2 named cards",
                                     "he holds both of 2 named cards"};
    for (int k = 0; k <= 2; k++) EVENT(add(T, p[2][k], OG_TH_M2, 1ULL << k, "m2.eq%d", k), "%s", M2[k]);
    for (int k = 0; k <= 3; k++)
        EVENT(add(T, p[3][k], OG_TH_M3, 1ULL << k, "m3.eq%d", k), "he holds exactly %d of 3 named cards", k);
    EVENT(add(T, tail(p[3], 2, 3), OG_TH_M3, bins(2, 3), "m3.ge2"), "he holds at least 2 of 3 named cards");
    odds_row *r = add(T, rat_div(p[3][2], rat_add(p[3][1], p[3][2])), OG_TH_M3, 1ULL << 2, "m3.eq2.given1-2");
    r->domain = bins(1, 2);
    EVENT(r, "he holds exactly 2 of 3 named cards, given that he holds 1 or 2");
    rational qj = rat_make((rat_int)odds_choose(23, 11), (rat_int)odds_choose(26, 13));
    EVENT(add(T, p[1][1], OG_TH_L404, 1ULL << 0, "L404.K"), "K Q J unknown: he (second hand) holds the K");
    EVENT(add(T, qj, OG_TH_L404, 1ULL << 1, "L404.QJ"), "K Q J unknown: he holds Q and J but not the K");
    EVENT(add(T, rat_sub(p[1][1], qj), OG_TH_L404, 1ULL << 2, "L404.rest"),
          "K Q J unknown: he holds at most one of Q, J and not the K");
    EVENT(add(T, rat_mul(rat_int_value(2), p[2][2]), OG_TH_L566, 1ULL << 1, "L566.KQsame"),
          "K and Q unknown: both in the same unknown hand");
}

/* S3.5: P(R = r) and P(R <= r); r runs to the most trumps out (13 - T). */
static void build_exhaustion(void)
{
    const char *T = "trump-exhaustion";
    for (int eldest = 0; eldest <= 1; eldest++) {
        const char *prefix = eldest ? "eldest." : "";
        const char *who = eldest ? "eldest hand (dealer on his right) holding" : "holding";
        rational p[14];
        for (int t = 4; t <= 8; t++) {
            odds_group_id g = (eldest ? OG_TE_E_T4 : OG_TE_T4) + t - 4;
            odds_exhaustion(t, eldest, p);
            int rmax = 13 - t;
            for (int r = eldest; r <= rmax; r++)
                EVENT(add(T, p[r], g, 1ULL << r, "%sT%d.r%d", prefix, t, r),
                      "%s %d trumps: exactly %d rounds draw the adversaries' trumps", who, t, r);
            for (int r = 1; r < rmax; r++)
                EVENT(add(T, tail(p, 0, r), g, bins(0, r), "%sT%d.le%d", prefix, t, r),
                      "%s %d trumps: at most %d rounds draw the adversaries' trumps", who, t, r);
        }
        odds_exhaustion_ge5(eldest, p);
        for (int r = 1; r <= 7; r++)
            EVENT(add(T, tail(p, 0, r), eldest ? OG_TE_E_GE5 : OG_TE_GE5, bins(0, r), "%sTge5.le%d", prefix, r),
                  "%s 5 or more trumps: at most %d rounds draw the adversaries' trumps", who, r);
    }
}

/* S3.6 and S3.7. */
static void build_claims_hoyle(void)
{
    const char *C = "claims", *H = "hoyle";
    rational third = odds_hyper(1, 1, 38, 13), half = rat_make(1, 2);
    rational hon[5];
    for (int k = 0; k <= 4; k++) hon[k] = odds_hyper(k, 4, 35, 13);
    EVENT(add(C, third, OG_KING_LHO, 1ULL << 1, "epitome-L2157"), "LHO holds a named card (the K) the viewer lacks");
    EVENT(add(C, rat_make(2, 3), OG_LONGEST_ADV, 1ULL << 1, "dicks-L939"),
          "the unique longest holder of a suit among the other three is an adversary");
    EVENT(add(C, tail(hon, 1, 4), OG_PARTNER_HON, bins(1, 4), "dicks-L1695.ge1"),
          "holding no honour of trumps: partner holds at least 1 of A K Q J");
    EVENT(add(C, tail(hon, 2, 4), OG_PARTNER_HON, bins(2, 4), "dicks-L1695.ge2"),
          "holding no honour of trumps: partner holds at least 2 of A K Q J");
    EVENT(add(C, third, OG_KING_LHO, 1ULL << 1, "foster-L1647"), "third hand lacks the K: fourth hand holds it");
    EVENT(add(C, half, OG_ACE_THIRD, 1ULL << 1, "foster-L1717"),
          "second hand holds K x, the leader lacks the A: third hand holds the A");
    for (int i = 0; i < 3; i++) {
        int m = i + 2;
        rational none = odds_hyper(0, m, 39 - m, 13);
        EVENT(add(H, rat_sub(rat_int_value(1), none), OG_CALC1 + i, 1ULL << 1, "calc%d", i + 1),
              "partner holds at least 1 of %d named unseen cards", m);
    }
    EVENT(add(H, third, OG_NOT_ACE, 1ULL << 1, "not-ace"), "partner holds the A (viewer lacks it)");
    EVENT(add(H, rat_sub(rat_int_value(1), odds_hyper(0, 2, 37, 13)), OG_ACE_OR_QUEEN, 1ULL << 1, "ace-or-queen"),
          "viewer holds K J (not A, Q): partner holds A or Q");
    odds_row *r = add(H, odds_hyper(2, 2, 6, 4), OG_ACE_OR_QUEEN, 0, "two-trumps");
    unmeasured(r);
    EVENT(r, "two trumps lie among C and D, 4 cards each: C holds both");
}

/* S3.8: a-b split either way among 26 cards, and one specific layout. */
static void build_suit_splits(void)
{
    const char *T = "suit-splits";
    rat_int space = (rat_int)odds_choose(26, 13);
    for (int n = 2; n <= 13; n++)
        for (int a = n; 2 * a >= n; a--) {
            int b = n - a;
            rat_int layout = (rat_int)odds_choose(n, a) * odds_choose(26 - n, 13 - a);
            EVENT(add(T, rat_make(a == b ? layout : 2 * layout, space), OG_SPLIT_N2 + n - 2, 1ULL << a,
                      "n%d.%d-%d", n, a, b),
                  "%d cards missing from a side split %d-%d between the opponents", n, a, b);
            odds_row *r = add(T, rat_make((rat_int)odds_choose(26 - n, 13 - a), space), OG_SPLIT_N2 + n - 2, 0,
                              "n%d.%d-%d.layout", n, a, b);
            unmeasured(r);
            EVENT(r, "%d cards missing: one specific %d-%d layout", n, a, b);
        }
}

/* S3.9 - S3.11. */
static void build_shapes(void)
{
    const odds_pattern *pat = odds_patterns();
    rat_int space = (rat_int)odds_choose(52, 13);
    for (int i = 0; i < ODDS_NPATTERNS; i++)
        EVENT(add("hand-patterns", rat_make((rat_int)pat[i].hands, space), OG_PATTERN, 1ULL << i, "%d-%d-%d-%d",
                  pat[i].len[0], pat[i].len[1], pat[i].len[2], pat[i].len[3]),
              "a given hand has the pattern %d-%d-%d-%d", pat[i].len[0], pat[i].len[1], pat[i].len[2],
              pat[i].len[3]);
    rat_int longest[14] = {0}, shortest[14] = {0}, balanced = 0;
    for (int i = 0; i < ODDS_NPATTERNS; i++) {
        longest[pat[i].len[0]] += pat[i].hands;
        shortest[pat[i].len[3]] += pat[i].hands;
        if (odds_pattern_balanced(pat[i].len)) balanced += pat[i].hands;
    }
    const char *T = "hand-shape";
    for (int k = 4; k <= 13; k++)
        EVENT(add(T, rat_make(longest[k], space), OG_LONGEST, 1ULL << k, "longest.eq%d", k),
              "the longest suit of a given hand has %d cards", k);
    rat_int ge4 = 0;
    for (int k = 4; k <= 13; k++) ge4 += longest[k];
    EVENT(add(T, rat_make(ge4, space), OG_LONGEST, bins(4, 13), "longest.ge4"),
          "a given hand holds a suit of at least 4 cards");
    for (int k = 0; k <= 3; k++)
        EVENT(add(T, rat_make(shortest[k], space), OG_SHORTEST, 1ULL << k, "shortest.eq%d", k),
              "the shortest suit of a given hand has %d cards", k);
    EVENT(add(T, rat_make(balanced, space), OG_BALANCED, 1ULL << 1, "balanced"),
          "a given hand is balanced (4-3-3-3, 4-4-3-2 or 5-3-3-2)");
    for (int k = 0; k <= 13; k++)
        EVENT(add("suit-length", odds_hyper(k, 13, 39, 13), OG_SUIT_LENGTH, 1ULL << k, "eq%d", k),
              "a given hand holds exactly %d cards of a given suit", k);
}

/* S3.12. */
static void build_honours(void)
{
    static const struct {
        const char *name, *side, *who;
        honours_model model;
        odds_group_id g;
    } model[] = {
        {"prior", "side", "a given side, trumps fixed independently of the deal", HONOURS_PRIOR, OG_HON_PRIOR},
        {"whist", "dealer-side", "the dealer's side", HONOURS_WHIST, OG_HON_WHIST},
        {"tu-hon", "dealer-side", "the dealer's side, an honour turned up", HONOURS_TU_HON, OG_HON_TU_HON},
        {"tu-small", "dealer-side", "the dealer's side, a trump below the knave turned up", HONOURS_TU_SMALL,
         OG_HON_TU_SMALL},
    };
    const char *T = "honours";
    for (int i = 0; i < 4; i++) {
        rational p[5];
        odds_honours(model[i].model, p);
        odds_group_id g = model[i].g;
        for (int h = model[i].model == HONOURS_TU_HON; h <= 4; h++)
            EVENT(add(T, p[h], g, 1ULL << h, "%s.%s.eq%d", model[i].name, model[i].side, h),
                  "%s holds exactly %d of the trump honours", model[i].who, h);
        EVENT(add(T, rat_add(p[0], p[4]), g, (1ULL << 0) | (1ULL << 4), "%s.deal.score4", model[i].name),
              "honours score 4 in the deal (4-0 either way); %s", model[i].who);
        EVENT(add(T, rat_add(p[1], p[3]), g, (1ULL << 1) | (1ULL << 3), "%s.deal.score2", model[i].name),
              "honours score 2 in the deal (3-1 either way); %s", model[i].who);
        EVENT(add(T, p[2], g, 1ULL << 2, "%s.deal.score0", model[i].name),
              "honours do not score (2-2); %s", model[i].who);
        rational net = rat_int_value(0), points = rat_int_value(0);
        for (int h = 0; h <= 4; h++) {
            net = rat_add(net, rat_mul(rat_int_value(Y_NET[h]), p[h]));
            points = rat_add(points, rat_mul(rat_int_value(Y_POINTS[h]), p[h]));
        }
        odds_row *r = add(T, net, g, 0, "%s.%s.mean-net", model[i].name, model[i].side);
        as_mean(r, Y_NET);
        EVENT(r, "expected honour points of %s minus the opponents'", model[i].who);
        r = add(T, points, g, 0, "%s.deal.mean-points", model[i].name);
        as_mean(r, Y_POINTS);
        EVENT(r, "expected honour points scored in the deal; %s", model[i].who);
    }
    odds_row *r = add(T, rat_int_value(1), OG_HON_HAND, 0, "hand.mean-per-suit");
    as_mean(r, Y_K);
    EVENT(r, "expected number of honours A K Q J of a given suit in a given hand");
}

/* S3.13 and the constants of S4.3. */
static void build_hcp_gof(void)
{
    uint64_t hands[38];
    odds_hcp_counts(hands);
    rat_int space = (rat_int)odds_choose(52, 13);
    for (int h = 0; h <= 37; h++)
        EVENT(add("hcp", rat_make((rat_int)hands[h], space), OG_HCP, 1ULL << h, "eq%d", h),
              "a given hand holds exactly %d high-card points", h);
    odds_flatness f = odds_flatness_moments();
    static const struct {
        const char *id, *event;
        odds_group_id g;
        bool var;
    } rows[] = {
        {"hand-flatness.mean", "mean of Q, the sum of squared suit lengths of a hand", OG_Q, false},
        {"hand-flatness.var", "variance of Q over hands", OG_Q, true},
        {"flatness.mean", "mean of F, the sum of squared suit lengths over the four hands of a deal", OG_F, false},
        {"flatness.var", "variance of F over deals", OG_F, true},
    };
    rational exact[4] = {f.hand_mean, f.hand_var, f.deal_mean, f.deal_var};
    for (int i = 0; i < 4; i++) {
        odds_row *r = add("gof", exact[i], rows[i].g, 0, "%s", rows[i].id);
        r->measure = rows[i].var ? MEASURE_SCALAR_VAR : MEASURE_SCALAR_MEAN;
        r->moment = true;
        r->domain = 0;
        EVENT(r, "%s", rows[i].event);
    }
}

static void build(void)
{
    groups_build();
    build_partner_cards();
    build_trumps();
    build_two_hands();
    build_exhaustion();
    build_claims_hoyle();
    build_suit_splits();
    build_shapes();
    build_honours();
    build_hcp_gof();
    for (int i = 0; i < NROWS; i++) ROWS[i].hist = odds_historic_find(ROWS[i].table, ROWS[i].id);
}

const odds_row *odds_rows(int *n)
{
    pthread_once(&ONCE, build);
    *n = NROWS < ODDS_NROWS ? NROWS : ODDS_NROWS;
    return ROWS;
}

int odds_row_find(const char *table, const char *id)
{
    int n;
    const odds_row *rows = odds_rows(&n);
    for (int i = 0; i < n; i++)
        if (strcmp(rows[i].table, table) == 0 && strcmp(rows[i].id, id) == 0) return i;
    return -1;
}
