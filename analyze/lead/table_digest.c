/* table_digest.c -- the table files of a list of conventions, digested. */
#include <stdio.h>
#include <string.h>
#include "analyze/lead/lead.h"
#include "analyze/lead/table_digest.h"
#include "analyze/lead/table_text.h"
#include "formats/digest128.h"

/* The table file behind one convention spec, into file; false for a
 * built-in (or no file at all: convention_open will say so). Resolved as
 * convention_open resolves it: a built-in name first, then a file, then
 * the part before '+' the same way. */
static bool table_file(const char *spec, char *file, size_t len)
{
    if (convention_builtin(spec)) return false;
    if (table_file_exists(spec)) {
        snprintf(file, len, "%s", spec);
        return true;
    }
    const char *plus = strchr(spec, '+');
    if (!plus || plus == spec || (size_t)(plus - spec) >= len) return false;
    snprintf(file, len, "%.*s", (int)(plus - spec), spec);
    return !convention_builtin(file) && table_file_exists(file);
}

bool table_digests(const char *list, char *buf, size_t len, diag_t *diag)
{
    char copy[1024], file[512], hex[DIGEST128_HEX];
    snprintf(copy, sizeof copy, "%s", list);
    size_t at = strlen(buf);
    for (char *save = NULL, *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (!table_file(tok, file, sizeof file)) continue;
        /* the digest of the text the convention is compiled from (one reading) */
        table_text t;
        if (!table_text_read(file, &t, diag)) return false;
        if (at < len) at += (size_t)snprintf(buf + at, len - at, "%s %s\n", file, digest128_hex(t.digest, hex));
    }
    return true;
}

void table_digests_provenance(const char *digests, provenance *p)
{
    for (const char *t = digests; *t;) {
        size_t n = strcspn(t, "\n");
        provenance_setting(p, "table", "%.*s", (int)n, t);
        t += n + (t[n] == '\n');
    }
}
