/* rational.h -- exact fractions for the odds tables: signed 128-bit numerator
 * and denominator, always reduced by their gcd, denominator positive.
 *
 * Every exact value of odds.md is a ratio of binomial counts; the largest
 * (the trump-exhaustion mixtures, odds.md S1.3) need numerators near 1e28,
 * beyond 64 bits but far inside 128. An operation whose result would not fit
 * yields the invalid value (den == 0), which then propagates, so an overflow
 * can never pass for a number. */
#ifndef WHISTLAB_STATS_RATIONAL_H
#define WHISTLAB_STATS_RATIONAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef __int128 rat_int;

typedef struct {
    rat_int num;
    rat_int den; /* > 0 when valid; 0 marks an overflowed result */
} rational;

rational rat_make(rat_int num, rat_int den); /* reduced; den 0 -> invalid */
static inline rational rat_int_value(rat_int n) { return (rational){n, 1}; }
static inline bool rat_valid(rational a) { return a.den > 0; }

rational rat_add(rational a, rational b);
rational rat_sub(rational a, rational b);
rational rat_mul(rational a, rational b);
rational rat_div(rational a, rational b); /* invalid when b is 0 */

/* -1, 0, 1 as a < b, a == b, a > b (both valid). */
int rat_cmp(rational a, rational b);
static inline bool rat_eq(rational a, rational b) { return a.num == b.num && a.den == b.den; }
/* Largest integer <= a. */
rat_int rat_floor(rational a);

double rat_to_double(rational a);

/* Decimal text of an integer / of "num/den" ("2/19", "0", "-4/51"); the buffer
 * must hold 84 bytes. Return buf. */
char *rat_int_format(rat_int v, char *buf);
char *rat_format(rational a, char *buf);
/* Parses "a/b" or "a" (as written by rat_format); false if malformed. */
bool rat_parse(const char *text, rational *out);

#endif
