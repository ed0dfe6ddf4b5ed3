/* provenance.c -- the provenance block, the INCOMPLETE and PARTIAL lines
 * and their CSV rows (provenance.h). */
#include <stdarg.h>
#include <string.h>
#include "stats/report/provenance.h"

#define WIDTH 100 /* the report's text is wrapped to this */
#define LABEL 10  /* "settings: " */

void input_account_add_term(input_account *a, const uint64_t term[2])
{
    a->digest[0] += term[0];
    a->digest[1] += term[1];
}

void input_account_merge(input_account *a, const input_account *b)
{
    a->deals += b->deals;
    input_account_add_term(a, b->digest);
    if (b->stopped && !a->stopped) snprintf(a->where, sizeof a->where, "%s", b->where);
    a->stopped |= b->stopped;
}

void provenance_init(provenance *p)
{
    memset(p, 0, sizeof *p);
    p->parts = 1;
    p->part_mask = 1;
}

/* Formats into the pool; NULL when it is full. */
static const char *pool_vprintf(provenance *p, const char *fmt, va_list ap)
{
    size_t room = PROV_POOL - p->pool_used;
    if (room < 2) return NULL;
    char *at = p->pool + p->pool_used;
    int n = vsnprintf(at, room, fmt, ap);
    if (n < 0) return NULL;
    p->pool_used += (size_t)n + 1 < room ? (size_t)n + 1 : room;
    return at;
}

static const char *pool_printf(provenance *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const char *s = pool_vprintf(p, fmt, ap);
    va_end(ap);
    return s;
}

const char *provenance_keep(provenance *p, const char *text)
{
    const char *s = pool_printf(p, "%s", text);
    return s ? s : "";
}

void provenance_setting(provenance *p, const char *name, const char *fmt, ...)
{
    if (p->nsettings == PROV_MAX_SETTINGS) return;
    va_list ap;
    va_start(ap, fmt);
    const char *value = pool_vprintf(p, fmt, ap);
    va_end(ap);
    if (!value) return;
    p->setting_name[p->nsettings] = name;
    p->setting_value[p->nsettings++] = value;
}

const char *provenance_setting_value(const provenance *p, const char *name)
{
    for (int i = 0; i < p->nsettings; i++)
        if (strcmp(p->setting_name[i], name) == 0) return p->setting_value[i];
    return NULL;
}

/* A word a POSIX shell takes as it is. */
static bool shell_plain(const char *s)
{
    if (!*s) return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
              strchr("@%+=:,./_-", *s)))
            return false;
    return true;
}

size_t provenance_shell_word(char *buf, size_t len, const char *w)
{
    size_t at = 0;
    if (shell_plain(w)) {
        for (; *w && at + 1 < len; w++) buf[at++] = *w;
    } else {
        /* in single quotes, each ' written as '\'' */
        if (at + 1 < len) buf[at++] = '\'';
        for (; *w && at + 4 < len; w++) {
            if (*w == '\'') {
                memcpy(buf + at, "'\\''", 4);
                at += 4;
            } else {
                buf[at++] = *w;
            }
        }
        if (at + 1 < len) buf[at++] = '\'';
    }
    if (len) buf[at] = 0;
    return at;
}

void provenance_command(char *buf, size_t len, const char *prog, int argc, char *const argv[])
{
    size_t at = 0;
    buf[0] = 0;
    for (int i = -1; i < argc && at + 1 < len; i++) {
        if (i >= 0) buf[at++] = ' ';
        at += provenance_shell_word(buf + at, len - at, i < 0 ? prog : argv[i]);
    }
}

int provenance_stopped(const provenance *p)
{
    int n = 0;
    for (int i = 0; i < p->ninputs; i++) n += p->input[i].stopped != 0;
    return n;
}

static uint64_t all_parts(unsigned parts)
{
    return parts >= 64 ? ~0ULL : (1ULL << parts) - 1;
}

bool provenance_partial(const provenance *p)
{
    return p->parts > 1 && (p->part_mask & all_parts(p->parts)) != all_parts(p->parts);
}

void provenance_shards(unsigned parts, uint64_t mask, bool present, char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < parts && at < len; i++)
        if (((mask >> i) & 1) == present)
            at += (size_t)snprintf(buf + at, len - at, "%s%u/%u", at ? ", " : "", i + 1, parts);
}

/* "only shard 1/2 of the corpus's records (missing 2/2)" */
static void partial_text(const provenance *p, char *buf, size_t len)
{
    char have[512], missing[512];
    provenance_shards(p->parts, p->part_mask, true, have, sizeof have);
    provenance_shards(p->parts, p->part_mask, false, missing, sizeof missing);
    snprintf(buf, len, "only %s %s of the corpus's records (missing %s)",
             __builtin_popcountll(p->part_mask) == 1 ? "shard" : "shards", have, missing);
}

static const char *shown_name(const char *name)
{
    return strcmp(name, "-") == 0 ? "- (standard input)" : name;
}

void provenance_status(const provenance *p, char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = 0;
    int stopped = provenance_stopped(p);
    for (int i = 0, k = 0; i < p->ninputs && at < len; i++) {
        if (!p->input[i].stopped) continue;
        at += (size_t)snprintf(buf + at, len - at, "%s%s stopped after %llu deals read (%s)",
                               k++ ? "; " : "INCOMPLETE: ", shown_name(p->input_name[i]),
                               (unsigned long long)p->input[i].deals, p->input[i].where);
    }
    if (provenance_partial(p) && at < len) {
        char part[1100];
        partial_text(p, part, sizeof part);
        at += (size_t)snprintf(buf + at, len - at, "%sPARTIAL: %s", stopped ? "; " : "", part);
    }
    if (at == 0) snprintf(buf, len, "complete");
}

void provenance_print_status(FILE *f, const provenance *p)
{
    int stopped = provenance_stopped(p);
    if (stopped) {
        fprintf(f, "INCOMPLETE: %d of %d input%s not read to the end; the numbers below rest only on\n"
                   "the deals read before reading stopped:\n",
                stopped, p->ninputs, p->ninputs == 1 ? " was" : "s were");
        for (int i = 0; i < p->ninputs; i++)
            if (p->input[i].stopped)
                fprintf(f, "  %s: stopped after %llu deals read: %s\n", shown_name(p->input_name[i]),
                        (unsigned long long)p->input[i].deals, p->input[i].where);
    }
    if (provenance_partial(p)) {
        char part[1100];
        partial_text(p, part, sizeof part);
        fprintf(f, "PARTIAL: the numbers below hold %s\n", part);
    }
}

/* text as words wrapped to WIDTH, from column col (after a label), the
 * lines after the first indented by LABEL. */
/* Before an item n columns wide at column col: a space, or a new line
 * indented by LABEL when the item would pass WIDTH. The item's column. */
static int item_at(FILE *f, int col, int n)
{
    if (col > LABEL && col + 1 + n > WIDTH) {
        fprintf(f, "\n%*s", LABEL, "");
        return LABEL;
    }
    fputc(' ', f);
    return col + 1;
}

static void wrapped(FILE *f, const char *text, int col)
{
    for (const char *w = text; *w;) {
        while (*w == ' ') w++;
        int n = (int)strcspn(w, " ");
        if (!n) break;
        col = item_at(f, col, n);
        fprintf(f, "%.*s", n, w);
        col += n;
        w += n;
    }
    fputc('\n', f);
}

static void digest_hex(const input_account *a, char buf[33])
{
    snprintf(buf, 33, "%016llx%016llx", (unsigned long long)a->digest[1], (unsigned long long)a->digest[0]);
}

void provenance_print(FILE *f, const provenance *p)
{
    if (p->experiment) {
        fprintf(f, "Experiment:");
        wrapped(f, p->experiment, LABEL + 1);
    }
    fprintf(f, "%-*s whistlab %s\n", LABEL - 1, "version:", p->version);
    fprintf(f, "%-*s %s\n", LABEL - 1, "command:", p->command);
    for (int i = 0; i < p->ninputs; i++) {
        char hex[33];
        digest_hex(&p->input[i], hex);
        fprintf(f, "%-*s %s: %llu deals, digest %s%s\n", LABEL - 1, "corpus:", shown_name(p->input_name[i]),
                (unsigned long long)p->input[i].deals, hex, p->input[i].stopped ? " (INCOMPLETE)" : "");
    }
    if (!p->nsettings) return;
    /* "name value;" items, each kept on one line */
    fprintf(f, "%-*s", LABEL - 1, "settings:");
    int col = LABEL - 1;
    for (int i = 0; i < p->nsettings; i++) {
        bool last = i + 1 == p->nsettings;
        int n = (int)(strlen(p->setting_name[i]) + 1 + strlen(p->setting_value[i])) + !last;
        col = item_at(f, col, n);
        fprintf(f, "%s %s%s", p->setting_name[i], p->setting_value[i], last ? "" : ";");
        col += n;
    }
    fputc('\n', f);
}

void provenance_rows(const provenance *p, provenance_row_fn row, void *ctx)
{
    char v[64], level[16];
    row(ctx, "all", "version", p->version);
    row(ctx, "all", "command", p->command);
    if (p->experiment) row(ctx, "all", "experiment", p->experiment);
    if (p->parts > 1) {
        snprintf(v, sizeof v, "%u", p->parts);
        row(ctx, "all", "shards_total", v);
        snprintf(v, sizeof v, "%d", __builtin_popcountll(p->part_mask));
        row(ctx, "all", "shards_present", v);
    }
    for (int i = 0; i < p->ninputs; i++) {
        const input_account *a = &p->input[i];
        snprintf(level, sizeof level, "%d", i + 1);
        row(ctx, level, "input", p->input_name[i]);
        snprintf(v, sizeof v, "%llu", (unsigned long long)a->deals);
        row(ctx, level, "input_deals", v);
        digest_hex(a, v);
        row(ctx, level, "input_digest", v);
        row(ctx, level, "input_complete", a->stopped ? "0" : "1");
        if (a->stopped) row(ctx, level, "input_stopped_at", a->where);
    }
    for (int i = 0; i < p->nsettings; i++) row(ctx, p->setting_name[i], "setting", p->setting_value[i]);
}
