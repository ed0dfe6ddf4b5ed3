/* tally_save.h -- a comparison state's counters in a .wls state file
 * (wls.h), keyed by measure: a state names each block of counters, so a
 * new measure needs no version of the file of its own, and a state saved
 * with other measures or breakdowns than this build's is refused naming
 * the one that differs.
 *
 * Layout (version 5; integers little-endian, a text is a u32 length and
 * its bytes): u32 breakdowns, each its id (text) and u32 keys; u32 blocks,
 * each an id (text), u32 count and that many u64 counters. The blocks are
 * "input" (read accepted rejected repeats errors left), "deals", one per
 * accumulated measure (measure.h, by its id) and "gain" (the pairs); a
 * block holds its counters in every cell, the cell of all deals first,
 * then each breakdown's keys in order, and within a cell column after
 * column. The positional counters of versions 3 and 4 (tally.h's order of
 * those versions) are read into the measures they held. */
#ifndef WHISTLAB_STATS_TALLY_SAVE_H
#define WHISTLAB_STATS_TALLY_SAVE_H

#include <stdbool.h>
#include <stddef.h>
#include "stats/tally.h"

/* st's counters in the keyed layout, into a buffer of its own (*buf, to
 * free, *len bytes): false when out of memory. */
bool tally_save(const stats_state *st, unsigned char **buf, size_t *len);

/* Reads the counters of st (initialised with its conventions) from the n
 * bytes at p, in the layout of a state file of this version (3 or 4:
 * positional; 5: keyed); *used receives the bytes read. NULL when read,
 * else why not (in why, which holds len bytes). */
const char *tally_load(stats_state *st, const unsigned char *p, size_t n, unsigned version, size_t *used,
                       char *why, size_t len);

#endif
