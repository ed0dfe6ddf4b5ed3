/* top_chance.h -- each of k estimates' chance of being the highest, from
 * their means and the covariance matrix of the means (correlated
 * estimates: the leads of one lead problem, valued on the same layouts).
 * A parametric bootstrap: draws of the k means from the normal law of
 * those moments (the large-sample law of the means), the share of draws in
 * which each is the top. Seeded: the same moments give the same shares.
 *
 * Rather than one lead's margin over the best of the same sample (which
 * favours whichever lead the sample's luck put on top), this says how sure
 * the sample is about which lead is the best. */
#ifndef WHISTLAB_STATS_TOP_CHANCE_H
#define WHISTLAB_STATS_TOP_CHANCE_H

#define TOP_CHANCE_MAX 16
#define TOP_CHANCE_DRAWS 20000

/* mean[0..k-1], cov[i * k + j] (the means' covariance); same[i]: the index
 * of the first estimate equal to i on every observation (i when none:
 * such estimates share one chance, each shown with it). share[i]: percent
 * of the draws in which i (or its equals) is the highest. False (shares
 * NaN) when k is out of range or a variance is not a number (fewer than
 * two observations). */
int top_chance(int k, const double *mean, const double *cov, const int *same, double *share);

#endif
