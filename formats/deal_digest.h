/* deal_digest.h -- a digest of the deals of an input, from their content,
 * so that two runs, reports or files can be shown to rest on the same deals
 * whatever the format they were read from (PBN, gzip PBN, one-line, .wda).
 *
 * A deal counts by what whist needs of it: the four hands, the dealer, the
 * leader, the trump suit and the turn-up as read (an assumed turn-up is not
 * read: it counts as none), the board number, and its position in the input
 * (the number of deals before it, games that replay the deal before not
 * counted). Each deal's record goes through digest128 and the results are
 * added up lane by lane (mod 2^64): the position keeps the order in the
 * digest, and since sums commute the digests of shards, threads or a resumed
 * run's two halves add up to the digest of the whole input. */
#ifndef WHISTLAB_DEAL_DIGEST_H
#define WHISTLAB_DEAL_DIGEST_H

#include "deal.h"
#include "digest128.h"

/* One deal's term: its record at position in the input. */
digest128 deal_digest_term(const deal_t *d, uint64_t position);

/* The deal's key: a digest of the same record without its position and
 * board number, so that the same deal has the same key wherever it stands
 * in whichever file, and other deals independent keys. It seeds what is
 * drawn for a deal (the `random` lead, analyze/lead/RULES.md §8.2: issue
 * 25 item 20). */
uint64_t deal_digest_key(const deal_t *d);

/* True when a and b have the same record, so that their terms at one
 * position are the same (a deal as read and the whist deal made of it,
 * most often): a term computed for one serves the other. */
bool deal_digest_same_record(const deal_t *a, const deal_t *b);

/* sum += term, lane by lane, mod 2^64 (also how the digests of two parts of
 * an input combine). */
void deal_digest_add(digest128 *sum, digest128 term);

#endif
