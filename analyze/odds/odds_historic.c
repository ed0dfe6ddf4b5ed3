/* odds_historic.c -- the books' odds figures as read (odds.md S3, the
 * "book" columns; HISTORIC of the oracle) and their verdicts (S2.4). */
#include <math.h>
#include <string.h>
#include "analyze/odds/odds_historic.h"

#define EPITOME "epitome-of-whist-1829.txt "
#define DICKS "dicks-handbook-of-whist-1884.txt "
#define FOSTER "foster-whist-family.txt "
#define HOYLE_CALC "ext:books.google.ch/books?id=IkoVAAAAYAAJ&pg=PA29 "
#define HOYLE_0208 "ext:childrensnursery.org.uk/hoyles-games/hoyle-games%20-%200208.htm case 3"
#define HOYLE_0210 "ext:childrensnursery.org.uk/hoyles-games/hoyle-games%20-%200210.htm case 5"

#define ODDS(a, b, d) HK_ODDS, a, b, d
#define QUAL(k) k, 0, 0, HD_EVENS

static const odds_historic HISTORIC[] = {
    /* Epitome, Table of Odds part A (S3.1); "S" for "3" at L2479, L2481. */
    {"partner-cards", "m1.eq1", EPITOME "L2467", "2 to 1 against his having 1", ODDS(2, 1, HD_AGAINST), false},
    {"partner-cards", "m2.eq2", EPITOME "L2468", "17 to 2 against his having 2", ODDS(17, 2, HD_AGAINST), false},
    {"partner-cards", "m2.ge1", EPITOME "L2470", "5 to 4 in favour of his having 1 or both of 2",
     ODDS(5, 4, HD_ON), false},
    {"partner-cards", "m3.eq3", EPITOME "L2472", "31 to 1 against his having 3", ODDS(31, 1, HD_AGAINST), false},
    {"partner-cards", "m3.ge1", EPITOME "L2475", "5 to 2 in favour of his having 1 or more of 3",
     ODDS(5, 2, HD_ON), false},
    {"partner-cards", "m3.ge2", EPITOME "L2474", "3 to 1 against his having 2 or more of 3",
     ODDS(3, 1, HD_AGAINST), false},
    {"partner-cards", "m4.eq4", EPITOME "L2477", "[figure lost] against his having 4", QUAL(HK_LOST), false},
    {"partner-cards", "m4.ge1", EPITOME "L2483", "4 to 1 in favour of his having 1 or more of 4",
     ODDS(4, 1, HD_ON), false},
    {"partner-cards", "m4.ge2", EPITOME "L2481", "3 to 2 against his having 2 or more of 4",
     ODDS(3, 2, HD_AGAINST), true},
    {"partner-cards", "m4.ge3", EPITOME "L2479", "[figure lost] against his having 3 or more of 4",
     QUAL(HK_LOST), false},
    /* Epitome, Table of Odds part B (S3.2): garbled fractions and the 3->8
     * confusions are flagged uncertain. */
    {"dealer-trumps", "dealer.ge1", EPITOME "L2495", "", QUAL(HK_NONE), false},
    {"dealer-trumps", "dealer.ge2", EPITOME "L2506", "39 1/2 to 1 in favour", ODDS(79, 2, HD_ON), true},
    {"dealer-trumps", "dealer.ge3", EPITOME "L2515", "5 3/5 to 1 in favour", ODDS(28, 5, HD_ON), true},
    {"dealer-trumps", "dealer.ge4", EPITOME "L2524", "7 to 5 in favour", ODDS(7, 5, HD_ON), false},
    {"dealer-trumps", "dealer.ge5", EPITOME "L2533", "2 1/2 to 1 against", ODDS(5, 2, HD_AGAINST), true},
    {"dealer-trumps", "dealer.ge6", EPITOME "L2542", "8 to 1 against", ODDS(8, 1, HD_AGAINST), true},
    {"dealer-trumps", "dealer.ge7", EPITOME "L2551", "44 to 1 against", ODDS(44, 1, HD_AGAINST), false},
    {"dealer-trumps", "dealer.ge8", EPITOME "L2560", "317 to 1 against", ODDS(317, 1, HD_AGAINST), false},
    {"dealer-trumps", "dealer.ge9", EPITOME "L2569", "3710 to 1 against", ODDS(3710, 1, HD_AGAINST), true},
    {"dealer-trumps", "dealer.ge10", EPITOME "L2578", "77065 to 1 against", ODDS(77065, 1, HD_AGAINST), false},
    {"dealer-trumps", "nondealer.ge1", EPITOME "L2500", "57 to 1 in favour", ODDS(57, 1, HD_ON), true},
    {"dealer-trumps", "nondealer.ge2", EPITOME "L2509", "7 2/3 to 1 in favour", ODDS(23, 3, HD_ON), true},
    {"dealer-trumps", "nondealer.ge3", EPITOME "L2518", "1 7/8 to 1 in favour", ODDS(15, 8, HD_ON), true},
    {"dealer-trumps", "nondealer.ge4", EPITOME "L2527", "[figure unreadable: 'do. 71']", QUAL(HK_LOST), true},
    {"dealer-trumps", "nondealer.ge5", EPITOME "L2536", "6 1/4 to 1 against", ODDS(25, 4, HD_AGAINST), true},
    {"dealer-trumps", "nondealer.ge6", EPITOME "L2545", "26 7/8 to 1 against", ODDS(215, 8, HD_AGAINST), true},
    {"dealer-trumps", "nondealer.ge7", EPITOME "L2554", "163 to 1 against", ODDS(163, 1, HD_AGAINST), false},
    {"dealer-trumps", "nondealer.ge8", EPITOME "L2563", "1567 to 1 against", ODDS(1567, 1, HD_AGAINST), false},
    {"dealer-trumps", "nondealer.ge9", EPITOME "L2572", "25457 to 1 against", ODDS(25457, 1, HD_AGAINST), false},
    {"dealer-trumps", "nondealer.ge10", EPITOME "L2581", "[figure lost]", QUAL(HK_LOST), false},
    /* Foster, Whist Family (S3.4): each unknown card taken as lying with him
     * with chance 1/2; "ways" counted as equally likely. */
    {"two-hands", "m1.eq1", FOSTER "L402", "an equal chance that he holds either of two unknown cards",
     ODDS(1, 1, HD_EVENS), false},
    {"two-hands", "m2.eq0", FOSTER "L402", "3 to 1 against his holding neither", ODDS(3, 1, HD_AGAINST), false},
    {"two-hands", "m2.eq2", FOSTER "L402", "3 to 1 against his holding both", ODDS(3, 1, HD_AGAINST), false},
    {"two-hands", "m3.eq0", FOSTER "L402", "7 to 1 against his holding none of them", ODDS(7, 1, HD_AGAINST),
     false},
    {"two-hands", "m3.eq3", FOSTER "L402", "7 to 1 against his holding all three", ODDS(7, 1, HD_AGAINST), false},
    {"two-hands", "m3.eq2.given1-2", FOSTER "L402",
     "about an equal chance that he holds two of the three; or one only", ODDS(1, 1, HD_EVENS), false},
    {"two-hands", "L404.K", FOSTER "L404", "in four [of eight ways] second hand would cover with the King",
     HK_PROB, 4, 8, HD_EVENS, false},
    {"two-hands", "L404.QJ", FOSTER "L404", "in one [of eight] with the Queen and Jack", HK_PROB, 1, 8, HD_EVENS,
     false},
    {"two-hands", "L404.rest", FOSTER "L404", "in the remaining three your partner's hand would be benefited",
     HK_PROB, 3, 8, HD_EVENS, false},
    {"two-hands", "L566.KQsame", FOSTER "L566", "the odds are against both King and Queen being in one hand",
     QUAL(HK_UNLIKELY), false},
    /* Pole in Dick's Hand-Book (S3.5). */
    {"trump-exhaustion", "Tge5.le3", DICKS "L1692",
     "the probability is that three ... rounds will exhaust those of the adversaries", QUAL(HK_LIKELY), false},
    {"trump-exhaustion", "Tge5.le4", DICKS "L1692",
     "... or at most four rounds will exhaust those of the adversaries", QUAL(HK_LIKELY), false},
    /* Single statements (S3.6). */
    {"claims", "epitome-L2157", EPITOME "L2157", "it being 2 to 1 against L. having king", ODDS(2, 1, HD_AGAINST),
     false},
    {"claims", "dicks-L939", DICKS "L939", "it is twice as likely that he is your adversary", ODDS(2, 1, HD_ON),
     false},
    {"claims", "dicks-L1695.ge1", DICKS "L1695", "probably your partner will hold honors", QUAL(HK_LIKELY), false},
    {"claims", "dicks-L1695.ge2", DICKS "L1695", "probably your partner will hold honors [plural, read literally]",
     QUAL(HK_LIKELY), false},
    {"claims", "foster-L1647", FOSTER "L1647", "the odds being against Fourth Hand having the King",
     QUAL(HK_UNLIKELY), false},
    {"claims", "foster-L1717", FOSTER "L1717", "will win the trick as often as it will lose it",
     ODDS(1, 1, HD_EVENS), false},
    /* Hoyle's Calculations and cases (S3.7, ext). */
    {"hoyle", "calc1", HOYLE_CALC "calc. 1", "It is about five to four that your partner holds one card out of any two",
     ODDS(5, 4, HD_ON), false},
    {"hoyle", "calc2", HOYLE_CALC "calc. 2", "So it is five to two that he holds one card out of three",
     ODDS(5, 2, HD_ON), false},
    {"hoyle", "calc3", HOYLE_CALC "calc. 3", "It is about four to one that he holds one card out of any four",
     ODDS(4, 1, HD_ON), false},
    {"hoyle", "not-ace", HOYLE_0208, "it is 2 to 1 that your partner has not the ace", ODDS(2, 1, HD_AGAINST), false},
    {"hoyle", "ace-or-queen", HOYLE_0208, "32 to 25, or about 5 to 4, that he has ace or queen",
     ODDS(32, 25, HD_ON), false},
    {"hoyle", "two-trumps", HOYLE_0210, "it is 11 to 3 that C has not the two trumps", ODDS(11, 3, HD_AGAINST),
     false},
    /* Dick's Hand-Book, pigeonhole (S3.10) and Cavendish's average (S3.12). */
    {"hand-shape", "longest.ge4", DICKS "L1437", "every hand must contain at least one suit of four cards",
     QUAL(HK_CERTAIN), false},
    {"honours", "hand.mean-per-suit", DICKS "L926", "one honor in each suit being the average for each hand",
     HK_MEAN, 1, 1, HD_EVENS, false},
};
#define N_HISTORIC ((int)(sizeof HISTORIC / sizeof HISTORIC[0]))

const odds_historic *odds_historic_find(const char *table, const char *row)
{
    for (int i = 0; i < N_HISTORIC; i++)
        if (strcmp(HISTORIC[i].table, table) == 0 && strcmp(HISTORIC[i].row, row) == 0) return &HISTORIC[i];
    return NULL;
}

const odds_historic *odds_historic_all(int *n)
{
    *n = N_HISTORIC;
    return HISTORIC;
}

bool odds_historic_value(const odds_historic *h, rational *q)
{
    switch (h->kind) {
    case HK_ODDS:
        /* "a to b against" is p = b/(a+b); "a to b on" is a/(a+b). */
        if (h->dir == HD_EVENS) *q = rat_make(1, 2);
        else *q = rat_make(h->dir == HD_AGAINST ? h->b : h->a, h->a + h->b);
        return true;
    case HK_PROB:
    case HK_MEAN:
        *q = rat_make(h->a, h->b);
        return true;
    default:
        return false;
    }
}

/* "N to 1" of S1.2: (1-p)/p against when p < 1/2, p/(1-p) on when p > 1/2,
 * 1 at evens. dir: -1 against, 1 on, 0 evens. */
static rational n_to_one(rational p, int *dir)
{
    rational half = rat_make(1, 2), one = rat_int_value(1);
    int c = rat_cmp(p, half);
    *dir = c;
    if (c < 0) return rat_div(rat_sub(one, p), p);
    if (c > 0) return rat_div(p, rat_sub(one, p));
    return one;
}

typedef enum { V_EXACT, V_ROUNDED, V_TRUNCATED, V_LOOSE, V_WRONG, V_LOST, V_NONE, V_HOLDS, V_FAILS } verdict;

static verdict numeric_verdict(rational p, rational q)
{
    if (rat_eq(p, q) || (rat_to_double(p) != 0 &&
                         fabs(rat_to_double(q) / rat_to_double(p) - 1) <= 1e-12))
        return V_EXACT;
    if (p.num == 0 || p.num == p.den) return V_WRONG; /* certain or impossible, and not said so */
    int dp, dq;
    rational np = n_to_one(p, &dp), nq = n_to_one(q, &dq);
    if (dp * dq < 0) return V_WRONG;
    rational r = rat_div(rat_sub(nq, np), np);
    if (r.num < 0) r.num = -r.num;
    if (rat_cmp(r, rat_make(5, 100)) <= 0) {
        /* The book dropped a fraction of 1/2 or more: N_q = floor(N_p) but
         * N_p rounds up. */
        rat_int fl = rat_floor(np), rounded = rat_floor(rat_add(np, rat_make(1, 2)));
        if (nq.den == 1 && nq.num == fl && fl != rounded) return V_TRUNCATED;
        return V_ROUNDED;
    }
    return rat_cmp(r, rat_make(15, 100)) <= 0 ? V_LOOSE : V_WRONG;
}

/* In the order of the verdict enum; the legend and the documentation list
 * these (README.md, whistlab.1). */
static const odds_verdict_info VERDICTS[] = {
    [V_EXACT] = {"exact", "the book's figure is the exact value"},
    [V_ROUNDED] = {"rounded", "within 5% (N of N to 1)"},
    [V_TRUNCATED] = {"truncated", "within 5%, a fraction of 1/2 or more dropped"},
    [V_LOOSE] = {"loose", "5% to 15% off"},
    [V_WRONG] = {"wrong", "further off, or on the wrong side of evens"},
    [V_LOST] = {"lost", "a figure printed but unreadable"},
    [V_NONE] = {"none", "the book prints no figure"},
    [V_HOLDS] = {"holds", "a claim without a number (\"probably\", \"the odds are against\") that the exact "
                          "value bears out"},
    [V_FAILS] = {"fails", "such a claim that it does not"},
};

const odds_verdict_info *odds_verdicts(int *n)
{
    *n = (int)(sizeof VERDICTS / sizeof VERDICTS[0]);
    return VERDICTS;
}

const char *odds_verdict(const odds_historic *h, rational p)
{
    static const char *const NAMES[][2] = {
        [V_EXACT] = {"exact", "exact?"},       [V_ROUNDED] = {"rounded", "rounded?"},
        [V_TRUNCATED] = {"truncated", "truncated?"}, [V_LOOSE] = {"loose", "loose?"},
        [V_WRONG] = {"wrong", "wrong?"},       [V_LOST] = {"lost", "lost?"},
        [V_NONE] = {"none", "none?"},          [V_HOLDS] = {"holds", "holds?"},
        [V_FAILS] = {"fails", "fails?"},
    };
    rational half = rat_make(1, 2), q;
    verdict v;
    switch (h->kind) {
    case HK_LOST: v = V_LOST; break;
    case HK_NONE: v = V_NONE; break;
    case HK_LIKELY: v = rat_cmp(p, half) > 0 ? V_HOLDS : V_FAILS; break;
    case HK_UNLIKELY: v = rat_cmp(p, half) < 0 ? V_HOLDS : V_FAILS; break;
    case HK_CERTAIN: v = rat_eq(p, rat_int_value(1)) ? V_EXACT : V_WRONG; break;
    case HK_MEAN:
        odds_historic_value(h, &q);
        if (rat_eq(p, q)) v = V_EXACT;
        else {
            rational r = rat_div(rat_sub(q, p), p);
            if (r.num < 0) r.num = -r.num;
            v = rat_valid(r) && rat_cmp(r, rat_make(5, 100)) <= 0 ? V_ROUNDED : V_WRONG;
        }
        break;
    default:
        odds_historic_value(h, &q);
        v = numeric_verdict(p, q);
        break;
    }
    return NAMES[v][h->uncertain];
}
