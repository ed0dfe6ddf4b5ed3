/* convention.c -- the convention registry: the built-in tables (embedded in
 * the binary by analyze/lead/conventions/embed.sh), each compiled at its first use,
 * tables loaded from files, "NAME+option" variants, and the accessors of
 * lead.h. */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
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
 * the other systems, the baselines. Tables not named here follow. A table
 * may name only the tables before it (as(...), rows of another table, the
 * default's [play] rows): the order in which they were once all compiled. */
static const char *const ORDER[] = {
    "long-suit", "long-suit-pole", "long-suit-clay", "long-suit-hogarth", "american",
    "short-suit", "short-suit-singleton", "strongest-suit", "master-card", "highest", "random", "dd-best",
};

/* A built-in is compiled when it is first looked up: a command that uses two
 * tables does not pay for twelve (each costs a few million instructions).
 * position[i] is the embedded table at place i of the order; slot i holds
 * its compiled table once done is set (under compile_lock, which a nested
 * compile of a table it names takes again). */
static int position[MAX_BUILTINS];
static int npositions;
static pthread_once_t order_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t compile_lock;

typedef struct {
    atomic_bool done;
    convention *c;
    diag_t error;
    char error_file[128];
} builtin_slot;
static builtin_slot slot[MAX_BUILTINS];

/* While a built-in is compiled, the places before its own (+1); 0 when the
 * table being compiled is a user's, which may name any built-in. */
static _Thread_local int resolve_limit;

static int embedded_index(const char *name)
{
    char file[64];
    snprintf(file, sizeof file, "%.58s.tbl", name);
    for (int k = 0; k < CONVENTION_TABLE_COUNT; k++)
        if (strcmp(CONVENTION_TABLE_FILES[k], file) == 0) return k;
    return -1;
}

static void init_order(void)
{
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&compile_lock, &a);
    pthread_mutexattr_destroy(&a);
    bool placed[MAX_BUILTINS] = {false};
    for (size_t i = 0; i < sizeof ORDER / sizeof ORDER[0]; i++) {
        int k = embedded_index(ORDER[i]);
        if (k >= 0 && k < MAX_BUILTINS && !placed[k]) {
            position[npositions++] = k;
            placed[k] = true;
        }
    }
    for (int k = 0; k < CONVENTION_TABLE_COUNT && k < MAX_BUILTINS; k++)
        if (!placed[k]) position[npositions++] = k;
}

static const convention *builtin_at(int i);

/* The resolver of the tables compiled: by name, and "" for the default
 * convention (ORDER[0]), whose [play] rows a table without [play] inherits
 * (convention_compile.c). */
static const convention *resolve_builtin(const char *name)
{
    int limit = resolve_limit ? resolve_limit - 1 : npositions;
    if (!*name) return limit > 0 ? builtin_at(0) : NULL;
    int k = embedded_index(name);
    for (int i = 0; k >= 0 && i < limit; i++)
        if (position[i] == k) return builtin_at(i);
    return NULL;
}

/* The table at place i of the order, compiled at its first call; NULL when
 * it does not compile (a build error: the tests compile every one). */
static const convention *builtin_at(int i)
{
    builtin_slot *s = &slot[i];
    if (atomic_load_explicit(&s->done, memory_order_acquire)) return s->c;
    pthread_mutex_lock(&compile_lock);
    if (!atomic_load_explicit(&s->done, memory_order_relaxed)) {
        int k = position[i], outer = resolve_limit;
        snprintf(s->error_file, sizeof s->error_file, "analyze/lead/conventions/%.100s", CONVENTION_TABLE_FILES[k]);
        resolve_limit = i + 1;
        s->c = convention_compile(CONVENTION_TABLE_TEXTS[k], s->error_file, NULL, resolve_builtin, &s->error);
        resolve_limit = outer;
        if (s->c) {
            s->c->builtin = true;
            s->c->text = CONVENTION_TABLE_TEXTS[k];
        } else {
            s->error.file = s->error_file;
        }
        atomic_store_explicit(&s->done, true, memory_order_release);
    }
    pthread_mutex_unlock(&compile_lock);
    return s->c;
}

/* The place of the built-in named name, -1 if none. */
static int builtin_place(const char *name)
{
    pthread_once(&order_once, init_order);
    int k = embedded_index(name);
    for (int i = 0; k >= 0 && i < npositions; i++)
        if (position[i] == k) return i;
    return -1;
}

const convention *convention_builtin(const char *name)
{
    int i = builtin_place(name);
    return i >= 0 ? builtin_at(i) : NULL;
}

int convention_builtins_compiled(void)
{
    pthread_once(&order_once, init_order);
    int n = 0;
    for (int i = 0; i < npositions; i++) n += atomic_load_explicit(&slot[i].done, memory_order_acquire);
    return n;
}

/* Every built-in compiled, those that compiled in order in listed[]. */
static const convention *listed[MAX_BUILTINS];
static int nlisted;
static pthread_once_t listed_once = PTHREAD_ONCE_INIT;

static void compile_all(void)
{
    pthread_once(&order_once, init_order);
    for (int i = 0; i < npositions; i++)
        if (builtin_at(i)) listed[nlisted++] = slot[i].c;
}

const diag_t *convention_builtin_error(void)
{
    pthread_once(&listed_once, compile_all);
    for (int i = 0; i < npositions; i++)
        if (!slot[i].c) return &slot[i].error;
    return NULL;
}

const convention *const *convention_builtins(int *n)
{
    pthread_once(&listed_once, compile_all);
    *n = nlisted;
    return listed;
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
    pthread_once(&order_once, init_order);
    const char *text = read_table_file(path, diag);
    if (!text) return NULL;
    convention *c = convention_compile(text, path, opts, resolve_builtin, diag);
    if (c && convention_builtin(convention_name(c))) {
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
    const convention *b = convention_builtin(spec);
    if (b) return (convention *)b;
    int place = builtin_place(spec);
    if (place >= 0) {
        /* a built-in that does not compile: a build error, named */
        *diag = slot[place].error;
        return NULL;
    }
    if (table_file_exists(spec)) return load_with_options(spec, NULL, diag);
    const char *plus = strchr(spec, '+');
    if (plus && plus > spec) {
        char base[512];
        size_t k = (size_t)(plus - spec);
        if (k < sizeof base) {
            memcpy(base, spec, k);
            base[k] = 0;
            b = convention_builtin(base);
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
