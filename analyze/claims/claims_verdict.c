/* claims_verdict.c -- the verdict rules of `whistlab claims` (README.md
 * here, and the README's "whistlab claims"): from the numbers alone, so
 * that the tests can give them constructed inputs. */
#include "analyze/claims/claims.h"
#include <math.h>
#include <string.h>

claim_verdict claims_verdict_paired(claim_dir dir, uint64_t n, double lo, double hi)
{
    if (n < 2 || isnan(lo) || isnan(hi)) return VERDICT_NOT_TESTABLE;
    bool above = lo > 0, below = hi < 0;
    if (dir == CLAIM_LT) {
        bool t = above;
        above = below;
        below = t;
    }
    return above ? VERDICT_SUPPORTED : below ? VERDICT_CONTRADICTED : VERDICT_NOT_SIGNIFICANT;
}

claim_verdict claims_verdict_share(claim_dir dir, rational p, uint64_t n, uint64_t hits, double lo,
                                   double hi)
{
    if (n == 0) return VERDICT_NOT_TESTABLE;
    if (dir == CLAIM_EQ) { /* a certainty (p = 1) or an impossibility (p = 0): every deal decides */
        bool all = p.num == p.den ? hits == n : hits == 0;
        return all ? VERDICT_SUPPORTED : VERDICT_CONTRADICTED;
    }
    double q = rat_to_double(p);
    bool above = lo > q, below = hi < q;
    if (dir == CLAIM_LT) {
        bool t = above;
        above = below;
        below = t;
    }
    return above ? VERDICT_SUPPORTED : below ? VERDICT_CONTRADICTED : VERDICT_NOT_SIGNIFICANT;
}

claim_verdict claims_verdict_odds(const char *odds_verdict)
{
    static const char *const SUPPORTED[] = {"exact", "rounded", "truncated", "holds"};
    static const char *const CONTRADICTED[] = {"loose", "wrong", "fails"};
    size_t n = strcspn(odds_verdict, "?");
    for (size_t i = 0; i < sizeof SUPPORTED / sizeof SUPPORTED[0]; i++)
        if (strlen(SUPPORTED[i]) == n && strncmp(odds_verdict, SUPPORTED[i], n) == 0) return VERDICT_SUPPORTED;
    for (size_t i = 0; i < sizeof CONTRADICTED / sizeof CONTRADICTED[0]; i++)
        if (strlen(CONTRADICTED[i]) == n && strncmp(odds_verdict, CONTRADICTED[i], n) == 0)
            return VERDICT_CONTRADICTED;
    return VERDICT_NOT_TESTABLE;
}

const char *claims_verdict_name(claim_verdict v)
{
    switch (v) {
    case VERDICT_SUPPORTED: return "supported";
    case VERDICT_CONTRADICTED: return "contradicted";
    case VERDICT_NOT_SIGNIFICANT: return "not significant";
    default: return "not testable";
    }
}
