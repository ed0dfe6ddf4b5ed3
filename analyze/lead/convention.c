/* convention.c -- the convention registry: the built-in tables (embedded in
 * the binary by analyze/lead/conventions/embed.sh) compiled once at first use,
 * tables loaded from files, "NAME+option" variants, and the accessors of
 * lead.h. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/lead/convention_compile.h"
#include "analyze/lead/table_text.h"

/* From the generated build/gen/conventions_data.c. */
extern const char *const CONVENTION_TABLE_FILES[];
extern const char *const CONVENTION_TABLE_TEXTS[];
extern const int CONVENTION_TABLE_COUNT;

#define MAX_BUILTINS 32

/* The order of `whistlab conventions`: the default first, then its variants,
 * the other systems, the baselines. Tables not named here follow. */
static const char *const ORDER[] = {
    "long-suit", "long-suit-pole", "long-suit-clay", "long-suit-hogarth", "american",
    "short-suit", "short-suit-singleton", "strongest-suit", "master-card", "highest", "random", "dd-best",
};

static convention *builtins[MAX_BUILTINS];
static int nbuiltins;
static pthread_once_t builtins_once = PTHREAD_ONCE_INIT;

static const convention *find_compiled(const char *name)
{
    for (int i = 0; i < nbuiltins; i++)
        if (strcmp(builtins[i]->name, name) == 0) return builtins[i];
    return NULL;
}

/* The resolver of the tables compiled: by name, and "" for the default
 * convention (the first compiled, ORDER[0]), whose [play] rows a table
 * without [play] inherits (convention_compile.c). */
static const convention *resolve_builtin(const char *name)
{
    if (!*name) return nbuiltins ? builtins[0] : NULL;
    return find_compiled(name);
}

/* The first built-in table that did not compile, with its file: a build
 * error (the tests compile every one), for the front end to report. */
static diag_t builtin_error;
static char builtin_error_file[128];

static void compile_builtin(int k)
{
    diag_t d = {0};
    char file[128];
    snprintf(file, sizeof file, "analyze/lead/conventions/%.100s", CONVENTION_TABLE_FILES[k]);
    convention *c = convention_compile(CONVENTION_TABLE_TEXTS[k], file, NULL, resolve_builtin, &d);
    if (!c) {
        if (!builtin_error.reason[0]) {
            builtin_error = d;
            snprintf(builtin_error_file, sizeof builtin_error_file, "%s", file);
            builtin_error.file = builtin_error_file;
        }
        return;
    }
    c->builtin = true;
    c->text = CONVENTION_TABLE_TEXTS[k];
    if (nbuiltins < MAX_BUILTINS) builtins[nbuiltins++] = c;
}

static int embedded_index(const char *name)
{
    char file[64];
    snprintf(file, sizeof file, "%.58s.tbl", name);
    for (int k = 0; k < CONVENTION_TABLE_COUNT; k++)
        if (strcmp(CONVENTION_TABLE_FILES[k], file) == 0) return k;
    return -1;
}

static void init_builtins(void)
{
    bool done[MAX_BUILTINS] = {false};
    for (size_t i = 0; i < sizeof ORDER / sizeof ORDER[0]; i++) {
        int k = embedded_index(ORDER[i]);
        if (k >= 0 && k < MAX_BUILTINS && !done[k]) {
            compile_builtin(k);
            done[k] = true;
        }
    }
    for (int k = 0; k < CONVENTION_TABLE_COUNT && k < MAX_BUILTINS; k++)
        if (!done[k]) compile_builtin(k);
}

const convention *convention_builtin(const char *name)
{
    pthread_once(&builtins_once, init_builtins);
    return find_compiled(name);
}

const diag_t *convention_builtin_error(void)
{
    pthread_once(&builtins_once, init_builtins);
    return builtin_error.reason[0] ? &builtin_error : NULL;
}

const convention *const *convention_builtins(int *n)
{
    pthread_once(&builtins_once, init_builtins);
    *n = nbuiltins;
    return (const convention *const *)builtins;
}

/* A table file's text (table_text.h: read once a process, the bytes its
 * digest is taken of); NULL with diag filled when it cannot be read or is
 * no text table. */
static const char *read_table_file(const char *path, diag_t *diag)
{
    table_text t;
    if (!table_text_read(path, &t, diag)) return NULL;
    if (t.len > TABLE_TEXT_MAX) {
        diag_set(diag, path, 0, "larger than %d bytes: not a convention table", TABLE_TEXT_MAX);
        return NULL;
    }
    const char *nul = memchr(t.text, 0, t.len);
    if (nul) {
        uint64_t line = 1;
        for (const char *q = t.text; q < nul; q++) line += *q == '\n';
        diag_set(diag, path, line, "NUL byte: not a text table");
        return NULL;
    }
    return t.text;
}

/* The number of the line of text that starts with "name" (1 if none). */
static uint64_t name_line(const char *text)
{
    uint64_t line = 1;
    for (const char *s = text; *s; line++) {
        s += strspn(s, " \t");
        if (strncmp(s, "name", 4) == 0 && (s[4] == ' ' || s[4] == '\t')) return line;
        s += strcspn(s, "\r\n");
        if (*s == '\r' && s[1] == '\n') s++;
        if (*s) s++;
    }
    return 1;
}

static convention *load_with_options(const char *path, const char *opts, diag_t *diag)
{
    pthread_once(&builtins_once, init_builtins);
    const char *text = read_table_file(path, diag);
    if (!text) return NULL;
    convention *c = convention_compile(text, path, opts, resolve_builtin, diag);
    if (c && find_compiled(convention_name(c))) {
        /* two conventions of one name in a run's report could not be told apart */
        diag_set(diag, path, name_line(text), "name '%s' is a built-in convention's: give the table a name of "
                 "its own", convention_name(c));
        convention_free(c);
        c = NULL;
    }
    return c;
}

convention *convention_load(const char *path, diag_t *diag)
{
    return load_with_options(path, NULL, diag);
}

convention *convention_open(const char *spec, diag_t *diag)
{
    pthread_once(&builtins_once, init_builtins);
    const convention *b = find_compiled(spec);
    if (b) return (convention *)b;
    if (table_file_exists(spec)) return load_with_options(spec, NULL, diag);
    const char *plus = strchr(spec, '+');
    if (plus && plus > spec) {
        char base[512];
        size_t k = (size_t)(plus - spec);
        if (k < sizeof base) {
            memcpy(base, spec, k);
            base[k] = 0;
            b = find_compiled(base);
            if (b) {
                /* the diagnostic keeps the file name: the embedded table's
                 * own, which outlives the call */
                int e = embedded_index(base);
                if (e >= 0)
                    return convention_compile(CONVENTION_TABLE_TEXTS[e], CONVENTION_TABLE_FILES[e], plus + 1,
                                              resolve_builtin, diag);
            }
            if (table_file_exists(base)) return load_with_options(base, plus + 1, diag);
        }
    }
    diag_set(diag, spec, 0, "no such convention or table file (see 'whistlab conventions')");
    return NULL;
}

int convention_open_list(const char *list, convention *out[], int max, diag_t *diag)
{
    char buf[1024];
    if (strlen(list) >= sizeof buf) {
        diag_set(diag, NULL, 0, "the list of conventions is longer than %zu characters", sizeof buf - 1);
        return -1;
    }
    snprintf(buf, sizeof buf, "%s", list);
    int n = 0;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        convention *c = n < max ? convention_open(tok, diag) : NULL;
        if (n == max) diag_set(diag, NULL, 0, "at most %d conventions", max);
        for (int i = 0; c && i < n; i++)
            if (strcmp(convention_name(out[i]), convention_name(c)) == 0) {
                diag_set(diag, NULL, 0, "%s given twice", convention_name(c));
                convention_free(c);
                c = NULL;
            }
        if (!c) {
            /* a file name in the diagnostic points into buf: put it in the text */
            if (diag->file && diag->file >= buf && diag->file < buf + sizeof buf) {
                char where[600];
                if (diag->line) snprintf(where, sizeof where, "%s:%llu", diag->file, (unsigned long long)diag->line);
                else snprintf(where, sizeof where, "%s", diag->file);
                char reason[sizeof diag->reason];
                snprintf(reason, sizeof reason, "%s", diag->reason);
                diag_set(diag, NULL, 0, "%s: %s", where, reason);
            }
            while (n > 0) convention_free(out[--n]);
            return -1;
        }
        out[n++] = c;
    }
    if (n == 0) diag_set(diag, NULL, 0, "no convention given");
    return n ? n : -1;
}

const char *convention_name(const convention *c) { return c->name; }
const char *convention_description(const convention *c) { return c->description; }
const char *convention_source(const convention *c) { return c->source; }
int convention_is_dd_best(const convention *c) { return c->dd_best; }
const play_rules *convention_play_rules(const convention *c) { return &c->play; }

const char *convention_play_gloss(const convention *c, const char *id)
{
    for (int i = 0; i < c->play.nrows; i++)
        if (c->play.row[i].active && strcmp(c->play.row[i].id, id) == 0) return c->play.gloss[i];
    return NULL;
}

const convention *convention_dd_prefer(const convention *c)
{
    return c->dd_best ? c->rule[0].as : NULL;
}
const char *convention_text(const convention *c) { return c->text; }
int convention_option_count(const convention *c) { return c->noptions; }

const char *convention_option_name(const convention *c, int i)
{
    return i >= 0 && i < c->noptions ? c->option_name[i] : NULL;
}

const char *convention_option_text(const convention *c, int i)
{
    return i >= 0 && i < c->noptions ? c->option_text[i] : NULL;
}

int convention_option_on(const convention *c, int i)
{
    return i >= 0 && i < c->noptions && ((c->options_on >> i) & 1);
}
