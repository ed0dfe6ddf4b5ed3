/* convention_opts.h -- the options that name conventions (replay
 * --conventions, lead --convention, play --convention and --round-robin,
 * --opponents), read alike in every command: a comma-separated list in
 * which 'all' stands for every built-in but dd-best, and a name that is
 * neither a built-in nor a file is refused at once with the nearest
 * built-in's name ("no such convention Long-Suit; did you mean
 * long-suit?"). Their take functions are OPT_CALL rows' (options.h). */
#ifndef WHISTLAB_CONVENTION_OPTS_H
#define WHISTLAB_CONVENTION_OPTS_H

#include <stdbool.h>
#include <stddef.h>

/* The room a list of conventions has in a settings struct. */
#define CONVENTIONS_LEN 1024
typedef char conventions_text[CONVENTIONS_LEN];

/* Into a conventions_text: the list given, 'all' spelled out; replaces
 * what the field held (the default). */
bool conventions_take(void *field, const char *value, char *why, size_t len);
/* The same, added after what the field holds (a repeatable option). */
bool conventions_add(void *field, const char *value, char *why, size_t len);
/* One convention (or 'same', which some options take) into a const char
 * *, checked as above; 'all' is refused, saying why. */
bool convention_take(void *field, const char *value, char *why, size_t len);
/* One built-in convention with a table text, by its name, into a const
 * char * (conventions --table). */
bool convention_builtin_take(void *field, const char *value, char *why, size_t len);

#endif
