/* diag.c -- formatting and printing of input diagnostics. */
#include <stdarg.h>
#include "diag.h"

void diag_set(diag_t *d, const char *file, uint64_t line, const char *fmt, ...)
{
    va_list ap;
    d->file = file;
    d->line = line;
    va_start(ap, fmt);
    vsnprintf(d->reason, sizeof d->reason, fmt, ap);
    va_end(ap);
}

void diag_reason(diag_t *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->reason, sizeof d->reason, fmt, ap);
    va_end(ap);
}

void diag_format(char *buf, size_t len, const diag_t *d)
{
    const char *file = d->file ? d->file : "whistlab";
    if (d->line)
        snprintf(buf, len, "%s:%llu: %s", file, (unsigned long long)d->line, d->reason);
    else
        snprintf(buf, len, "%s: %s", file, d->reason);
}

void diag_print(FILE *f, const diag_t *d)
{
    const char *file = d->file ? d->file : "whistlab";
    if (d->line)
        fprintf(f, "%s:%llu: %s\n", file, (unsigned long long)d->line, d->reason);
    else
        fprintf(f, "%s: %s\n", file, d->reason);
}
