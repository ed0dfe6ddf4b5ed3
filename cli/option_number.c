/* option_number.c -- the one reading of every number of a command line or
 * a settings text (cli.h), so that no command takes garbage for a number
 * (issue 25 item 17: `--limit abc` was "no limit", `--seed -5x` a huge
 * seed, an overflowing seed was silently capped). The whole text must be
 * the number: no sign, no spaces, no trailing characters, no overflow,
 * within the range; options.c words the refusal. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"

bool cli_u64_of(const char *text, uint64_t min, uint64_t max, bool km, uint64_t *v)
{
    /* strtoull alone takes spaces, a sign (negating the value) and stops at
     * garbage: only digits reach it */
    size_t digits = strspn(text, "0123456789");
    if (digits == 0) return false;
    const char *tail = text + digits;
    uint64_t scale = 1;
    if (km && (*tail == 'k' || *tail == 'K')) scale = 1000, tail++;
    else if (km && (*tail == 'm' || *tail == 'M')) scale = 1000000, tail++;
    if (*tail) return false;
    errno = 0;
    unsigned long long x = strtoull(text, NULL, 10);
    if (errno == ERANGE || x > UINT64_MAX / scale) return false;
    x *= scale;
    if (x < min || x > max) return false;
    *v = x;
    return true;
}

bool cli_double_of(const char *text, double above, double at_most, bool below, double *v)
{
    /* decimal only: strtod would also take spaces, a sign, hexadecimal,
     * "inf" and "nan" */
    if (!((*text >= '0' && *text <= '9') || *text == '.') || strspn(text, "0123456789.eE+-") != strlen(text))
        return false;
    char *end;
    errno = 0;
    double x = strtod(text, &end);
    if (*end || errno == ERANGE || !isfinite(x)) return false;
    if (!(x > above && (below ? x < at_most : x <= at_most))) return false;
    *v = x;
    return true;
}

bool cli_parse_shard(const char *s, unsigned max, unsigned *i, unsigned *n)
{
    const char *slash = strchr(s, '/');
    char first[24];
    if (!slash || (size_t)(slash - s) >= sizeof first) return false;
    memcpy(first, s, (size_t)(slash - s));
    first[slash - s] = 0;
    uint64_t b, a;
    if (!cli_u64_of(slash + 1, 1, max, false, &b) || !cli_u64_of(first, 1, b, false, &a)) return false;
    *i = (unsigned)a;
    *n = (unsigned)b;
    return true;
}
