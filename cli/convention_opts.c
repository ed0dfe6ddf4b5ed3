/* convention_opts.c -- lists of conventions as every command's options read
 * them (convention_opts.h): 'all' spelled out from the built-ins' table,
 * and an unknown name answered with the nearest built-in's. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "analyze/lead/lead.h"
#include "cli/convention_opts.h"
#include "cli/options.h"

/* The built-in name nearest to name (opt_nearest), or NULL. */
static const char *nearest_builtin(const char *name)
{
    int n;
    const convention *const *all = convention_builtins(&n);
    const char *names[128];
    for (int i = 0; i < n && i < 128; i++) names[i] = convention_name(all[i]);
    return opt_nearest(name, names, n < 128 ? n : 128);
}

/* False (why says so, with the nearest name) when spec names no built-in
 * and no table file, with or without its +options. */
static bool known(const char *spec, char *why, size_t len)
{
    char base[512];
    snprintf(base, sizeof base, "%.*s", (int)strcspn(spec, "+"), spec);
    if (convention_builtin(base) || access(spec, F_OK) == 0 || access(base, F_OK) == 0) return true;
    const char *near = nearest_builtin(base);
    if (near) snprintf(why, len, "no such convention %s; did you mean %s?", base, near);
    else snprintf(why, len, "no such convention or table file %s; whistlab conventions lists them", base);
    return false;
}

/* Appends text to out (at characters used); false (why says so) when it
 * does not fit. */
static bool append(char *out, size_t *at, const char *text, char *why, size_t len)
{
    size_t room = *at < CONVENTIONS_LEN ? CONVENTIONS_LEN - *at : 0;
    *at += (size_t)snprintf(out + *at, room, "%s%s", *at ? "," : "", text);
    if (*at < CONVENTIONS_LEN) return true;
    snprintf(why, len, "the list of conventions is longer than %d characters", CONVENTIONS_LEN - 1);
    return false;
}

/* list's conventions after the at characters of out, each checked; 'all'
 * spelled out. Without 'all' the list is kept as given: it is the
 * conventions line of a state file's settings text. */
static bool spell_out(char *out, size_t at, const char *list, char *why, size_t len)
{
    char buf[CONVENTIONS_LEN];
    if (strlen(list) >= sizeof buf) {
        snprintf(why, len, "longer than %zu characters", sizeof buf - 1);
        return false;
    }
    snprintf(buf, sizeof buf, "%s", list);
    bool any_all = false;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (strcmp(tok, "all") == 0) any_all = true;
        else if (!known(tok, why, len)) return false;
    }
    if (!any_all) return append(out, &at, list, why, len);
    snprintf(buf, sizeof buf, "%s", list);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (strcmp(tok, "all") != 0) {
            if (!append(out, &at, tok, why, len)) return false;
            continue;
        }
        int n;
        const convention *const *all = convention_builtins(&n);
        for (int i = 0; i < n; i++)
            if (!convention_is_dd_best(all[i]) && !append(out, &at, convention_name(all[i]), why, len)) return false;
    }
    return true;
}

bool conventions_take(void *field, const char *value, char *why, size_t len)
{
    char *out = field;
    out[0] = 0;
    return spell_out(out, 0, value, why, len);
}

bool conventions_add(void *field, const char *value, char *why, size_t len)
{
    char *out = field;
    return spell_out(out, strlen(out), value, why, len);
}

bool convention_take(void *field, const char *value, char *why, size_t len)
{
    if (strcmp(value, "all") == 0) {
        snprintf(why, len, "all stands for every built-in convention; this option takes one");
        return false;
    }
    if (strcmp(value, "same") != 0 && !known(value, why, len)) return false;
    *(const char **)field = value;
    return true;
}

bool convention_builtin_take(void *field, const char *value, char *why, size_t len)
{
    const convention *c = convention_builtin(value);
    if (c && convention_text(c)) {
        *(const char **)field = value;
        return true;
    }
    const char *near = nearest_builtin(value);
    if (near) snprintf(why, len, "no built-in convention '%s'; did you mean %s?", value, near);
    else snprintf(why, len, "no built-in convention '%s'", value);
    return false;
}
