/* options.h -- a command's options as data (issue 27 item 1): one table
 * per command (name, short name, kind, bounds, default, whether it is a
 * setting of the run, help text) from which options.c parses the command
 * line into the command's settings struct, checks every value, prints the
 * option list of --help, and words every refusal as one line naming the
 * option, with a suggestion when one is close ("unknown option --evaluate;
 * did you mean --eval?"), and where the help is. The man page's option
 * lists are checked against --help by the tests (test_docs.c,
 * test_cli_options.c). */
#ifndef WHISTLAB_CLI_OPTIONS_H
#define WHISTLAB_CLI_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "analyze/dd/dd_engine.h"
#include "stats/report/provenance.h"

typedef enum {
    OPT_FLAG,     /* no value: a bool set true */
    OPT_TEXT,     /* a value kept as given: a const char * */
    OPT_UINT,     /* a whole number from min to max: a uint64_t */
    OPT_COUNT,    /* the same with the suffixes k and m (10k, 1m) */
    OPT_FRACTION, /* a decimal number greater than above, at most at_most
                     (less than it when below): a double */
    OPT_CHOICE,   /* one of the names of choices or names(): an int, the name's index */
    OPT_CALL,     /* take() reads it into the field */
} opt_kind;

enum {
    OPT_SETTING = 1, /* a setting of the run: it changes the numbers, so a
                        report's provenance and a state file record it */
    OPT_SAID = 2,    /* with OPT_SETTING: its line says what the run made of
                        the value (a file's digest, a store's deals), so the
                        command states it, in the row's place (opt_settings' also) */
    OPT_KEPT = 4,    /* not a setting, but a state file keeps it (a run's
                        per-deal table): a resumed run takes it from there */
    OPT_OUTPUT = 8,  /* not a setting: an output of the run's report (a
                        file, a directory, their formats) that the state of
                        an unfinished run keeps under the row's key
                        (opt_outputs_text), so that a resumed run writes it
                        too unless it is given again (opt_outputs_take) */
};

/* take's answer: true, or false with why (a phrase after "--OPTION VALUE: "). */
typedef bool (*opt_take_fn)(void *field, const char *value, char *why, size_t len);

typedef struct {
    const char *name;       /* the long name without "--" */
    const char *alias;      /* a second long name taken as the first (NULL: none) */
    char short_name;        /* 0: none */
    opt_kind kind;
    const char *arg;        /* the value's name in --help ("N", "F"); NULL: the option takes
                               no value (a flag, or a call given NULL) */
    size_t at;              /* offsetof the field in the command's settings */
    uint64_t min, max;      /* OPT_UINT, OPT_COUNT */
    double above, at_most;  /* OPT_FRACTION */
    bool below;
    const char *const *choices;      /* OPT_CHOICE: NULL-terminated, or */
    const char *(*names)(int i);     /* the i-th name ("" skipped), NULL past the last */
    opt_take_fn take;                /* OPT_CALL */
    const char *dflt;       /* the default, read as a given value before the command line; NULL: none */
    unsigned flags;         /* OPT_SETTING, OPT_SAID */
    const char *help;       /* its lines in --help, '\n' between them; "{}" stands for the names of a choice */
    /* An OPT_SETTING row's line in a report's provenance (opt_settings;
     * a state file's settings text is made from those lines): its name
     * (NULL: the option's), its value -- a flag's on or off, a number in
     * decimal, a text as given, an OPT_CALL row's as show gives it from
     * its field (NULL: not given) -- and unset, the text of a value not
     * given (a NULL text, a number 0, a choice not made; NULL: the line is
 * left out then). */
    const char *setting;
    const char *unset;
    const char *(*show)(const void *field); /* any kind: its value as said (NULL: as above) */
    /* Whether the row has a line for the settings set (NULL: always): a
     * row may be said only beside another (odds' --seed with --fit-mc). */
    bool (*stated)(const void *set);
    /* The row's line in a state file's settings text made by
     * opt_state_text (replay's, whose keys, order and wordings are those
     * of the state files already written): key (NULL: no line), key_at
     * its place among the lines; its value a flag's 1, a number in
     * decimal, a choice's name, a text or an OPT_CALL row's show; a value
     * not given (a flag off, a NULL text) is kept_none (NULL: no line);
     * kept: whether it has a line for set (NULL: always); restore: how
     * the value is read back (NULL: as the command line's, take): a
     * state is read where the files its value names may be missing. */
    const char *key;
    int key_at;
    const char *kept_none;
    bool (*kept)(const void *set);
    opt_take_fn restore;
} opt_spec;

/* What a command's parser needs beyond its table. */
typedef struct {
    const char *cmd;               /* "replay": the messages say "whistlab replay: " */
    const opt_spec *specs;
    int n;
    void (*help)(FILE *f);         /* the whole --help text (it calls opt_print_list) */
    /* Non-NULL: every operand is handed over where it stands, after the
     * option last given (NULL: none yet); false after its own message. */
    bool (*operand)(void *set, const char *arg, const opt_spec *last);
    const char *verbosity;         /* what -q and -v do here, below their rows (NULL: nothing more) */
} opt_command;

/* Parses argv (argv[0]: the command's name) into set, the settings struct
 * the table's fields are in: applies the defaults, then
 * every option, each value checked; options and operands may be mixed, and
 * "--" ends the options. On success returns -1 with argv permuted as GNU
 * getopt leaves it (the options first) and *first the index of the first
 * operand; on --help (-h) returns EXIT_OK after printing the help; else
 * EXIT_USAGE after one line on stderr. A command whose operands are
 * handed over where they stand (operand) keeps argv as given, since an
 * operand's meaning may depend on the option before it (*first: argc). given (n entries, or NULL) marks
 * the options the command line gave. */
int opt_parse(const opt_command *c, void *set, int argc, char **argv, int *first, bool *given);

/* The option list of c's --help: "  -s, --name ARG" then its help lines,
 * each row of the table, then -q and -v (with c->verbosity). */
void opt_print_list(FILE *f, const opt_command *c);

/* The one line of a refusal: "whistlab CMD: MESSAGE (see whistlab CMD
 * --help)" on stderr; always false. */
bool opt_fail(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same line; EXIT_USAGE, for a command's own checks. */
int opt_usage(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The name of names (n of them, or NULL-terminated when n < 0) nearest to
 * word -- one that starts word, else the fewest edits (letters compared
 * without case), if few enough for a slip; NULL when none is close. */
const char *opt_nearest(const char *word, const char *const *names, int n);

/* The settings of set, the values c's OPT_SETTING rows hold, added to p
 * in table order, each as its row says (setting, unset, show); after each
 * row, also (NULL: nothing) may add lines of its own (the digests of the
 * table files a list of conventions names), and states an OPT_SAID row's
 * line itself. */
typedef void (*opt_also_fn)(void *ctx, const opt_spec *row, provenance *p);
void opt_settings(const opt_command *c, const void *set, provenance *p, opt_also_fn also, void *ctx);

/* The command that goes on with an interrupted run, as a shell takes it
 * back: "whistlab CMD --resume STATE" (STATE NULL: --resume is a flag of
 * its own), then the words of argv[1..argc) as opt_parse left them, each
 * quoted when it needs to be, but --save and --resume with their values
 * and, when from_state, what the state file holds instead: the rows
 * flagged OPT_SETTING or OPT_KEPT (which such a resume refuses) and the
 * operands.
 * The one builder of every command's "go on with" line. */
void opt_resume_command(const opt_command *c, int argc, char *const argv[], const char *state, bool from_state,
                        char *buf, size_t len);

/* The settings text of a state file: "KEY VALUE" lines of c's rows with
 * a key (above; not OPT_OUTPUT's), in key_at order; after each row, also
 * (NULL: nothing) may add lines of its own at *at. */
typedef void (*opt_state_also_fn)(void *ctx, const opt_spec *row, char *buf, size_t len, size_t *at);
void opt_state_text(const opt_command *c, const void *set, char *buf, size_t len, opt_state_also_fn also,
                    void *ctx);
/* A line of such a text back into set, as the command line would give
 * it (a kept_none value: not given); 1 taken, 0 not a value the row
 * takes, -1 when no row has key. */
int opt_state_take(const opt_command *c, void *set, const char *key, const char *value);
/* A settings line "NAME VALUE" made by opt_settings (a settings text made
 * of those lines: odds') back into set: the OPT_SETTING row its name
 * names (not an OPT_SAID one: the command states those itself) takes the
 * value as the command line would give it (restore, if the row has one),
 * a flag's on or off, the row's unset text as not given; set's texts then
 * point into value. 1 taken, 0 not a value the row takes (nothing said:
 * the caller names the line), -1 when no row has the name. */
int opt_setting_take(const opt_command *c, void *set, const char *name, const char *value);
/* The outputs a run was asked for: "KEY VALUE" lines of c's OPT_OUTPUT
 * rows given a value (kept as a settings text keeps it; a value with a
 * line break has no line), in table order; "" when none. */
void opt_outputs_text(const opt_command *c, const void *set, char *buf, size_t len);
/* Such lines (text, cut into values where it stands: set's texts point
 * into it) back into set, each unless its row holds a value already (given
 * again on the command line); lines of no such row are skipped. */
void opt_outputs_take(const opt_command *c, void *set, char *text);
/* The defaults of the rows that are settings (OPT_SETTING) into set:
 * what the command line starts from, for a settings text to be read into. */
void opt_setting_defaults(const opt_command *c, void *set);

/* The index of the spec named name in c (-1: none), for given[]. */
int opt_index(const opt_command *c, const char *name);

/* A number as a string, for help texts: OPT_STR(STATS_MAX_CONV) "12". */
#define OPT_STR_(x) #x
#define OPT_STR(x) OPT_STR_(x)

/* --threads, the same in every command that takes it: 1 to 64 (the row's
 * fields, for a command that adds a short name: deal's -j). */
#define OPT_THREADS_MAX 64
#define OPT_THREADS_ROW(type, field) \
    .name = "threads", .kind = OPT_UINT, .arg = "N", .at = offsetof(type, field), .min = 1, .max = OPT_THREADS_MAX
#define OPT_THREADS(type, field, helptext) {OPT_THREADS_ROW(type, field), .help = helptext}

/* --engine, the same in every command that solves: the double-dummy
 * engine of the command's run (analyze/dd/dd_engine.h); the field, a
 * char[DD_ENGINE_NAME_MAX], gets its name, "" for the default dds (so that
 * the settings texts of runs made before the option stay as they were),
 * and the command hands dd_engine_of_name(field) to its run. More
 * designators (a setting's) may follow. */
bool opt_take_engine(void *field, const char *value, char *why, size_t len);
#define OPT_ENGINE(type, field, ...) \
    {.name = "engine", .kind = OPT_CALL, .arg = "E", .at = offsetof(type, field), .take = opt_take_engine, \
     .dflt = "dds", \
     .help = "the double-dummy engine: dds (libdds; the default, as the faster\n" \
             "today by far) or whistlab (whistlab's own); the same values", __VA_ARGS__}

/* --save, --checkpoint and --resume of a command that runs over a corpus
 * and can be stopped and resumed (claims, odds): the fields of its
 * settings, when what may save (a condition such as "with --corpus: ", or
 * ""), what the state holds ("measuring": "the measuring's state") and the
 * seconds between its checkpoints (a macro, as the help text states it). */
#define OPT_STATE_SPECS(type, save, checkpoint, resume, when, what, every_s) \
    {.name = "save", .kind = OPT_TEXT, .arg = "F.wls", .at = offsetof(type, save), \
     .help = when "save the " what "'s state to F every " OPT_STR(every_s) " s and\n" \
                  "when interrupted (Ctrl-C: exit 130 and the command to go on)"}, \
    {.name = "checkpoint", .kind = OPT_UINT, .arg = "N", .at = offsetof(type, checkpoint), .min = 1, \
     .max = UINT64_MAX, .help = "with --save: a checkpoint every N deals too"}, \
    {.name = "resume", .kind = OPT_TEXT, .arg = "F.wls", .at = offsetof(type, resume), \
     .help = "go on with the " what " F holds (the same command line, --save\n" \
             "F as --resume F; other settings are refused); same output"}

#endif
