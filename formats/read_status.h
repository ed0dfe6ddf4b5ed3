/* read_status.h -- what reading one record gave: a deal, the end, a
 * rejected deal, a problem outside any deal, or a stop. Shared by the reader
 * front end (reader.h) and the format back ends (format_ops.h, wda.h). */
#ifndef WHISTLAB_READ_STATUS_H
#define WHISTLAB_READ_STATUS_H

typedef enum {
    READ_DEAL = 1,    /* *d holds a deal that passed deal_validate */
    READ_EOF = 0,     /* input exhausted */
    READ_REJECT = -1, /* a deal was read but is invalid; diag says why */
    READ_ERROR = -2,  /* a problem outside any deal (bad tag in a game with no
                         deal, unparsable line); diag says why; reading goes on */
    READ_FATAL = -3,  /* cannot go on (I/O error, truncated gzip); diag says why */
} read_status;

#endif
