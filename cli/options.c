/* options.c -- the one parser of every command's options (options.h): the
 * table says what each option takes; the command line is read against it
 * (long names, their unique prefixes and aliases, --name=value, short
 * names, operands anywhere, "--"), every value checked as its kind says,
 * and every refusal is one line with a suggestion when a name is close. */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"
#include "cli/options.h"
#include "stats/report/provenance.h"

#define LONGEST_NAME 64
#define HELP_COLUMN 20 /* where an option's help text starts in --help */

/* Printed whole, however long the value it names (no buffer cuts it). */
static void refuse(const char *cmd, const char *fmt, va_list ap)
{
    fprintf(stderr, "whistlab %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " (see whistlab %s --help)\n", cmd);
}

bool opt_fail(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    refuse(cmd, fmt, ap);
    va_end(ap);
    return false;
}

int opt_usage(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    refuse(cmd, fmt, ap);
    va_end(ap);
    return EXIT_USAGE;
}

/* The edits (insert, delete, change a letter, case aside) from a to b. */
static size_t edits(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    if (na > LONGEST_NAME || nb > LONGEST_NAME) return (size_t)-1;
    size_t row[LONGEST_NAME + 1];
    for (size_t j = 0; j <= nb; j++) row[j] = j;
    for (size_t i = 1; i <= na; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= nb; j++) {
            size_t up = row[j];
            size_t best = diag + (tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]));
            if (up + 1 < best) best = up + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[nb];
}

const char *opt_nearest(const char *word, const char *const *names, int n)
{
    const char *best = NULL, *prefix = NULL;
    size_t len = strlen(word), best_d = len < 4 ? 1 : len < 9 ? 2 : 3; /* more is another word */
    for (int i = 0; n < 0 ? names[i] != NULL : i < n; i++) {
        size_t k = strlen(names[i]);
        if (!*names[i]) continue;
        /* "--evaluate" for "--eval": a name the word starts with */
        if (k >= 3 && k < len && strncmp(word, names[i], k) == 0 && (!prefix || k > strlen(prefix)))
            prefix = names[i];
        size_t d = edits(word, names[i]);
        if (d <= best_d && (!best || d < edits(word, best))) best = names[i];
    }
    return best ? best : prefix;
}

int opt_index(const opt_command *c, const char *name)
{
    for (int i = 0; i < c->n; i++)
        if (strcmp(c->specs[i].name, name) == 0) return i;
    return -1;
}

/* The i-th name a choice takes ("" skipped), NULL past the last. */
static const char *choice_name(const opt_spec *s, int i)
{
    return s->names ? s->names(i) : s->choices[i];
}

/* The names of a choice, ", " between them. */
static void choice_list(const opt_spec *s, char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = 0;
    for (int i = 0; choice_name(s, i) && at < len; i++)
        if (*choice_name(s, i))
            at += (size_t)snprintf(buf + at, len - at, "%s%s", at ? ", " : "", choice_name(s, i));
}

/* How a message names s: "-j/--threads", "--seed". */
static const char *shown(const opt_spec *s, char *buf, size_t len)
{
    if (s->short_name) snprintf(buf, len, "-%c/--%s", s->short_name, s->name);
    else snprintf(buf, len, "--%s", s->name);
    return buf;
}

static bool take_choice(const opt_spec *s, const char *value, int *into, char *why, size_t len)
{
    const char *names[128];
    int n = 0;
    for (int i = 0; choice_name(s, i) && n < 128; i++) {
        names[n++] = choice_name(s, i);
        if (*names[i] && strcmp(names[i], value) == 0) {
            *into = i;
            return true;
        }
    }
    char list[512];
    choice_list(s, list, sizeof list);
    const char *near = opt_nearest(value, names, n);
    snprintf(why, len, "not one of %s%s%s%s", list, near ? "; did you mean " : "", near ? near : "", near ? "?" : "");
    return false;
}

/* Reads value into s's field of set; false with why (a phrase after
 * "--OPTION VALUE: "). */
static bool take_value(void *set, const opt_spec *s, const char *value, char *why, size_t len)
{
    void *field = (char *)set + s->at;
    switch (s->kind) {
    case OPT_FLAG: *(bool *)field = true; return true;
    case OPT_TEXT: *(const char **)field = value; return true;
    case OPT_UINT:
    case OPT_COUNT:
        if (cli_u64_of(value, s->min, s->max, s->kind == OPT_COUNT, field)) return true;
        snprintf(why, len, "expected a whole number from %llu to %llu%s", (unsigned long long)s->min,
                 (unsigned long long)s->max, s->kind == OPT_COUNT ? " (suffixes k and m)" : "");
        return false;
    case OPT_FRACTION:
        if (cli_double_of(value, s->above, s->at_most, s->below, field)) return true;
        snprintf(why, len, "expected a number greater than %g and %s %g", s->above, s->below ? "less than" : "at most",
                 s->at_most);
        return false;
    case OPT_CHOICE: return take_choice(s, value, field, why, len);
    case OPT_CALL: return s->take(field, value, why, len);
    }
    return false;
}

/* Reads value into s's field of c's settings; false after the message. */
static bool take(const opt_command *c, void *set, const opt_spec *s, const char *value)
{
    char why[1024] = "", name[LONGEST_NAME + 8];
    return take_value(set, s, value, why, sizeof why) ||
           opt_fail(c->cmd, "%s %s: %s", shown(s, name, sizeof name), value, why);
}

/* The spec a long name (up to its '=', len characters) names: the exact
 * name or alias, else the one spec it is a prefix of; NULL after the
 * message when none or several. */
static const opt_spec *find_long(const opt_command *c, const char *word, size_t len)
{
    const opt_spec *found = NULL;
    int prefixes = 0;
    for (int i = 0; i < c->n; i++) {
        const opt_spec *s = &c->specs[i];
        const char *names[2] = {s->name, s->alias};
        for (int k = 0; k < 2 && names[k]; k++) {
            if (strlen(names[k]) == len && strncmp(names[k], word, len) == 0) return s;
            if (strncmp(names[k], word, len) == 0 && found != s) {
                found = s;
                prefixes++;
            }
        }
    }
    if (prefixes == 1) return found;
    char given[LONGEST_NAME * 2];
    snprintf(given, sizeof given, "%.*s", (int)(len < LONGEST_NAME ? len : LONGEST_NAME), word);
    if (prefixes > 1) {
        char list[1024];
        size_t at = 0;
        list[0] = 0;
        for (int i = 0; i < c->n && at < sizeof list; i++)
            if (strncmp(c->specs[i].name, word, len) == 0 ||
                (c->specs[i].alias && strncmp(c->specs[i].alias, word, len) == 0))
                at += (size_t)snprintf(list + at, sizeof list - at, "%s--%s", at ? ", " : "", c->specs[i].name);
        opt_fail(c->cmd, "option --%s is ambiguous: %s", given, list);
        return NULL;
    }
    const char *names[2 * 128 + 1];
    int n = 0;
    names[n++] = "help";
    for (int i = 0; i < c->n && n < 2 * 128 - 1; i++) {
        names[n++] = c->specs[i].name;
        if (c->specs[i].alias) names[n++] = c->specs[i].alias;
    }
    const char *near = opt_nearest(given, names, n);
    if (near) opt_fail(c->cmd, "unknown option --%s; did you mean --%s?", given, near);
    else opt_fail(c->cmd, "unknown option --%s", given);
    return NULL;
}

static const opt_spec *find_short(const opt_command *c, char ch)
{
    for (int i = 0; i < c->n; i++)
        if (c->specs[i].short_name == ch) return &c->specs[i];
    opt_fail(c->cmd, "unknown option -%c", ch);
    return NULL;
}

/* The command line's state: argv, where it is read, and the permuted order. */
typedef struct {
    const opt_command *c;
    void *set;
    int argc, at;
    char **argv;
    char **opts, **operands;
    int nopts, noperands;
    bool *given;
    const opt_spec *last;
} reading;

static bool operand(reading *r, char *arg)
{
    r->operands[r->noperands++] = arg;
    return !r->c->operand || r->c->operand(r->set, arg, r->last);
}

/* The value of s: inline (after '=' or the short name), or the next word. */
static bool option(reading *r, const opt_spec *s, const char *inline_value)
{
    char name[LONGEST_NAME + 8];
    const char *value = inline_value;
    if (!s->arg && inline_value)
        return opt_fail(r->c->cmd, "option %s takes no value", shown(s, name, sizeof name));
    if (s->arg && !value) {
        if (r->at + 1 >= r->argc)
            return opt_fail(r->c->cmd, "option %s needs a value (%s)", shown(s, name, sizeof name), s->arg);
        value = r->argv[++r->at];
        r->opts[r->nopts++] = r->argv[r->at];
    }
    if (!take(r->c, r->set, s, value)) return false;
    if (r->given) r->given[s - r->c->specs] = true;
    r->last = s;
    return true;
}

/* One word of the command line that starts with '-'; 1 to go on, 0 for
 * --help, -1 refused. */
static int word(reading *r, char *w)
{
    r->opts[r->nopts++] = w;
    if (w[1] == '-') {
        const char *name = w + 2, *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        if (strcmp(name, "help") == 0) return 0;
        const opt_spec *s = find_long(r->c, name, len);
        return s && option(r, s, eq ? eq + 1 : NULL) ? 1 : -1;
    }
    for (const char *p = w + 1; *p; p++) {
        if (*p == 'h') return 0;
        const opt_spec *s = find_short(r->c, *p);
        if (!s) return -1;
        if (s->arg) return option(r, s, p[1] ? p + 1 : NULL) ? 1 : -1;
        if (!option(r, s, NULL)) return -1;
    }
    return 1;
}

int opt_parse(const opt_command *c, void *set, int argc, char **argv, int *first, bool *given)
{
    for (int i = 0; i < c->n; i++)
        if (c->specs[i].dflt && !take(c, set, &c->specs[i], c->specs[i].dflt)) abort(); /* a table's own default */
    if (given) memset(given, 0, (size_t)c->n * sizeof *given);
    reading r = {.c = c, .set = set, .argc = argc, .argv = argv, .given = given};
    r.opts = malloc((size_t)argc * sizeof *r.opts);
    r.operands = malloc((size_t)argc * sizeof *r.operands);
    if (!r.opts || !r.operands) {
        free(r.opts);
        free(r.operands);
        fprintf(stderr, "whistlab %s: out of memory\n", c->cmd);
        return EXIT_USAGE;
    }
    int status = -1;
    bool dashes = false;
    for (r.at = 1; r.at < argc && status < 0; r.at++) {
        char *w = argv[r.at];
        if (dashes || w[0] != '-' || !w[1]) {
            if (!operand(&r, w)) status = EXIT_USAGE;
        } else if (strcmp(w, "--") == 0) {
            dashes = true;
        } else {
            int got = word(&r, w);
            if (got == 0) {
                c->help(stdout);
                status = EXIT_OK;
            } else if (got < 0) {
                status = EXIT_USAGE;
            }
        }
    }
    if (status < 0 && c->operand) { /* its operands mean what they mean where they stand: kept there */
        *first = argc;
    } else if (status < 0) { /* as GNU getopt leaves it: the options, "--", then the operands */
        int k = 1;
        for (int i = 0; i < r.nopts; i++) argv[k++] = r.opts[i];
        if (dashes) argv[k++] = "--";
        *first = k;
        for (int i = 0; i < r.noperands; i++) argv[k++] = r.operands[i];
    }
    free(r.opts);
    free(r.operands);
    return status;
}

/* A help text's lines from column col, "{}" the choice's names. */
static void help_lines(FILE *f, const opt_spec *s, int col, int used)
{
    char names[512] = "";
    if (s->names || s->choices) choice_list(s, names, sizeof names);
    for (const char *p = s->help; *p;) {
        size_t n = strcspn(p, "\n");
        fprintf(f, "%*s", col > used ? col - used : 1, "");
        const char *mark = strstr(p, "{}");
        if (mark && mark < p + n)
            fprintf(f, "%.*s%s%.*s\n", (int)(mark - p), p, names, (int)(p + n - mark - 2), mark + 2);
        else
            fprintf(f, "%.*s\n", (int)n, p);
        used = 0;
        p += n + (p[n] == '\n');
    }
}

/* The rows of -q and -v, which whistlab.c takes off every command line
 * before the command's parser: in every command's list. */
static const opt_spec VERBOSITY[] = {
    {.name = "quiet", .short_name = 'q', .help = "errors and results only: no warnings, notes, status lines"},
    {.name = "verbose", .short_name = 'v', .help = "more detail where the command has more to say (timings)"},
};

static void print_rows(FILE *f, const opt_spec *specs, int n, int col)
{
    for (int i = 0; i < n; i++) {
        const opt_spec *s = &specs[i];
        char label[LONGEST_NAME * 2];
        int used = s->short_name ? snprintf(label, sizeof label, "  -%c, --%s", s->short_name, s->name)
                                 : snprintf(label, sizeof label, "  --%s", s->name);
        if (s->arg) used += snprintf(label + used, sizeof label - (size_t)used, " %s", s->arg);
        fputs(label, f);
        if (used >= col - 1) {
            fputc('\n', f);
            used = 0;
        }
        help_lines(f, s, col, used);
        if (s->alias) fprintf(f, "%*s(also --%s)\n", col, "", s->alias);
    }
}

void opt_print_list(FILE *f, const opt_command *c)
{
    print_rows(f, c->specs, c->n, HELP_COLUMN);
    print_rows(f, VERBOSITY, 2, HELP_COLUMN);
    if (c->verbosity) help_lines(f, &(opt_spec){.help = c->verbosity}, HELP_COLUMN, 0);
}

/* The name of the choice a field holds; NULL when none was made (below 0). */
static const char *chosen(const opt_spec *row, const void *field)
{
    int k = *(const int *)field;
    return k < 0 ? NULL : row->choices ? row->choices[k] : row->names(k);
}

/* A setting row's value as text into buf; NULL when it was not given (a
 * NULL text, a number 0). */
static const char *setting_text(const opt_spec *row, const void *field, char *buf, size_t len)
{
    if (row->show) return row->show(field);
    switch (row->kind) {
    case OPT_FLAG: return *(const bool *)field ? "on" : "off";
    case OPT_TEXT: return *(const char *const *)field;
    case OPT_CALL: return NULL;
    case OPT_CHOICE: return chosen(row, field);
    case OPT_FRACTION: snprintf(buf, len, "%g", *(const double *)field); return buf;
    case OPT_UINT:
    case OPT_COUNT: break;
    }
    uint64_t n = *(const uint64_t *)field;
    snprintf(buf, len, "%llu", (unsigned long long)n);
    return n || !row->unset ? buf : NULL;
}

void opt_settings(const opt_command *c, const void *set, provenance *p, opt_also_fn also, void *ctx)
{
    for (int i = 0; i < c->n; i++) {
        const opt_spec *row = &c->specs[i];
        if (!(row->flags & OPT_SETTING)) continue;
        char buf[32];
        const char *text = NULL;
        if (!(row->flags & OPT_SAID) && (!row->stated || row->stated(set))) {
            text = setting_text(row, (const char *)set + row->at, buf, sizeof buf);
            if (!text) text = row->unset;
        }
        if (text) provenance_setting(p, row->setting ? row->setting : row->name, "%s", text);
        if (also) also(ctx, row, p);
    }
}

/* A row's value as a state text keeps it (a number written into buf);
 * NULL: no line. */
static const char *kept_text(const opt_spec *row, const void *field, char *buf, size_t len)
{
    const char *text = NULL;
    switch (row->kind) {
    case OPT_FLAG: text = *(const bool *)field ? "1" : NULL; break;
    case OPT_TEXT: text = *(const char *const *)field; break;
    case OPT_CALL: text = row->show ? row->show(field) : NULL; break;
    case OPT_CHOICE: text = chosen(row, field); break;
    case OPT_FRACTION: snprintf(buf, len, "%g", *(const double *)field); return buf;
    case OPT_UINT:
    case OPT_COUNT: snprintf(buf, len, "%llu", (unsigned long long)*(const uint64_t *)field); return buf;
    }
    return text ? text : row->kept_none;
}

void opt_state_text(const opt_command *c, const void *set, char *buf, size_t len, opt_state_also_fn also,
                    void *ctx)
{
    size_t at = 0;
    int last = -1;
    buf[0] = 0;
    for (int i = 0; i < c->n; i++)
        if (c->specs[i].key && !(c->specs[i].flags & OPT_OUTPUT) && c->specs[i].key_at > last)
            last = c->specs[i].key_at;
    for (int place = 0; place <= last && at < len; place++) {
        for (int i = 0; i < c->n && at < len; i++) {
            const opt_spec *row = &c->specs[i];
            if (!row->key || (row->flags & OPT_OUTPUT) || row->key_at != place) continue;
            char num[32];
            const char *text = NULL;
            if (!row->kept || row->kept(set)) text = kept_text(row, (const char *)set + row->at, num, sizeof num);
            if (text) at += (size_t)snprintf(buf + at, len - at, "%s %s\n", row->key, text);
            if (also && at < len) also(ctx, row, buf, len, &at);
        }
    }
}

int opt_state_take(const opt_command *c, void *set, const char *key, const char *value)
{
    for (int i = 0; i < c->n; i++) {
        const opt_spec *row = &c->specs[i];
        if (!row->key || (row->flags & OPT_OUTPUT) || strcmp(row->key, key) != 0) continue;
        if (row->kept_none && strcmp(value, row->kept_none) == 0) return 1;
        char why[512];
        if (row->restore) return row->restore((char *)set + row->at, value, why, sizeof why);
        return take(c, set, row, value);
    }
    return -1;
}

int opt_setting_take(const opt_command *c, void *set, const char *name, const char *value)
{
    for (int i = 0; i < c->n; i++) {
        const opt_spec *row = &c->specs[i];
        if (!(row->flags & OPT_SETTING) || (row->flags & OPT_SAID) ||
            strcmp(row->setting ? row->setting : row->name, name) != 0)
            continue;
        if (row->unset && strcmp(value, row->unset) == 0) return 1;
        void *field = (char *)set + row->at;
        char why[1024];
        if (row->restore) return row->restore(field, value, why, sizeof why);
        if (row->kind == OPT_FLAG && !row->show) { /* said on or off (setting_text) */
            bool on = strcmp(value, "on") == 0;
            if (!on && strcmp(value, "off") != 0) return 0;
            *(bool *)field = on;
            return 1;
        }
        return take_value(set, row, value, why, sizeof why);
    }
    return -1;
}

void opt_outputs_text(const opt_command *c, const void *set, char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = 0;
    for (int i = 0; i < c->n && at < len; i++) {
        const opt_spec *row = &c->specs[i];
        if (!(row->flags & OPT_OUTPUT) || !row->key) continue;
        char num[32];
        const char *text = kept_text(row, (const char *)set + row->at, num, sizeof num);
        if (text && !strchr(text, '\n')) at += (size_t)snprintf(buf + at, len - at, "%s %s\n", row->key, text);
    }
}

void opt_outputs_take(const opt_command *c, void *set, char *text)
{
    for (char *line = text, *nl; line && (nl = strchr(line, '\n')); line = nl + 1) {
        *nl = 0;
        char *value = strchr(line, ' ');
        if (!value) continue;
        *value++ = 0;
        for (int i = 0; i < c->n; i++) {
            const opt_spec *row = &c->specs[i];
            if (!(row->flags & OPT_OUTPUT) || !row->key || strcmp(row->key, line) != 0) continue;
            char num[32], why[512];
            if (kept_text(row, (const char *)set + row->at, num, sizeof num)) break; /* given again */
            if (row->restore) row->restore((char *)set + row->at, value, why, sizeof why);
            else take(c, set, row, value);
            break;
        }
    }
}

void opt_setting_defaults(const opt_command *c, void *set)
{
    for (int i = 0; i < c->n; i++)
        if ((c->specs[i].flags & OPT_SETTING) && c->specs[i].dflt && !take(c, set, &c->specs[i], c->specs[i].dflt))
            abort(); /* a table's own default */
}

/* The row of the option word w names (a short bundle: its first letter's),
 * and into *words how many words it spans: two when its value is the
 * next word. w was read by opt_parse already, so it names one. */
static const opt_spec *row_of_word(const opt_command *c, const char *w, int *words)
{
    const opt_spec *s;
    *words = 1;
    if (w[1] == '-') {
        const char *name = w + 2, *eq = strchr(name, '=');
        s = find_long(c, name, eq ? (size_t)(eq - name) : strlen(name));
        if (s && s->arg && !eq) *words = 2;
        return s;
    }
    s = find_short(c, w[1]);
    for (const char *p = w + 1; *p; p++) { /* the letter that takes a value ends the bundle */
        const opt_spec *t = find_short(c, *p);
        if (t && t->arg) {
            *words = p[1] ? 1 : 2;
            break;
        }
    }
    return s;
}

void opt_resume_command(const opt_command *c, int argc, char *const argv[], const char *state, bool from_state,
                        char *buf, size_t len)
{
    size_t at = (size_t)snprintf(buf, len, "whistlab %s --resume", c->cmd);
    if (state && at + 1 < len) {
        buf[at++] = ' ';
        at += provenance_shell_word(buf + at, len - at, state);
    }
    bool dashes = false;
    for (int i = 1; i < argc && at + 1 < len; i++) {
        const char *w = argv[i];
        int words = 1;
        bool keep = !from_state; /* an operand, or "--" before them */
        if (!dashes && w[0] == '-' && w[1] && strcmp(w, "--") != 0) {
            const opt_spec *s = row_of_word(c, w, &words);
            keep = s && strcmp(s->name, "save") != 0 && strcmp(s->name, "resume") != 0 &&
                   !(from_state && (s->flags & (OPT_SETTING | OPT_KEPT)));
        }
        dashes |= strcmp(w, "--") == 0;
        for (int k = 0; k < words && i < argc && keep && at + 1 < len; k++) {
            buf[at++] = ' ';
            at += provenance_shell_word(buf + at, len - at, argv[i + k]);
        }
        i += words - 1;
    }
}

bool opt_take_engine(void *field, const char *value, char *why, size_t len)
{
    int e = dd_engine_parse(value);
    if (e < 0) {
        const char *names[] = {dd_engine_name(DD_ENGINE_DDS), dd_engine_name(DD_ENGINE_WHISTLAB)};
        const char *near = opt_nearest(value, names, 2);
        snprintf(why, len, "not one of dds, whistlab%s%s%s", near ? "; did you mean " : "", near ? near : "",
                 near ? "?" : "");
        return false;
    }
    snprintf(field, DD_ENGINE_NAME_MAX, "%s", e == DD_ENGINE_DDS ? "" : dd_engine_name((dd_engine)e));
    return true;
}
