/* replay_settings.c -- replay's settings: the state file's settings text,
 * the table digests and the provenance they give (replay_settings.h). Each
 * setting is a row (ROWS) saying how the state text keeps it and how the
 * report states it, which differ ("leader -" is "leader as dealt",
 * "signals 1" is "signals on"); the text, its parser and the settings line
 * come from the rows. A new setting: its field in replay_settings, its row
 * here, its option in cmd_replay.c. The keys and wordings are those of the
 * state files already written: they stay as they are. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/lead/table_digest.h"
#include "cli/cli.h"
#include "cli/input_opts.h"
#include "cli/replay_settings.h"

/* --eval's names, in stats_eval order. */
static const char *const EVAL_NAMES[] = {[STATS_EVAL_DD] = "dd", [STATS_EVAL_PLAY] = "play",
                                         [STATS_EVAL_BOTH] = "both"};

const char *replay_eval_name(int i)
{
    return i >= 0 && i < (int)(sizeof EVAL_NAMES / sizeof EVAL_NAMES[0]) ? EVAL_NAMES[i] : NULL;
}

int replay_eval_parse(const char *s)
{
    for (int e = 0; e < (int)(sizeof EVAL_NAMES / sizeof EVAL_NAMES[0]); e++)
        if (strcmp(s, EVAL_NAMES[e]) == 0) return e;
    return -1;
}

void replay_settings_init(replay_settings *s)
{
    memset(s, 0, sizeof *s);
    snprintf(s->trump, sizeof s->trump, "auto");
    snprintf(s->leader, sizeof s->leader, "-");
    snprintf(s->eval, sizeof s->eval, "dd");
    snprintf(s->opponents, sizeof s->opponents, "long-suit");
    snprintf(s->ext, sizeof s->ext, "-");
}

static bool plays(const replay_settings *s)
{
    return strcmp(s->eval, "dd") != 0;
}

/* Whether the run solves its deals: it values leads, not from a store. */
static bool solves(const replay_settings *s)
{
    return strcmp(s->eval, "play") != 0 && !s->values[0];
}

/* When a setting has a line: always, only when given (so the texts of runs
 * from before the setting stay as they were), only when the run plays
 * (--eval play or both), only when it values leads (dd or both), only when
 * it solves them, only when it solves them and the setting is given. */
typedef enum { LINE_ALWAYS, LINE_GIVEN, LINE_PLAYS, LINE_VALUES, LINE_SOLVES, LINE_SOLVES_GIVEN } line_when;

typedef enum {
    SET_TEXT,   /* a char array of size bytes */
    SET_FLAG,   /* a bool */
    SET_U64,    /* a uint64_t */
    SET_FORMAT, /* a deal_format, by its name */
} setting_kind;

/* One setting, as the state file's settings text keeps it (key; a text
 * value equal to none means not given, as replay_settings_init sets it; a
 * flag is 1 or 0) and as the report states it (said; said_none for a
 * value not given, a text equal to none or a number 0; a flag's words on
 * and off). The rows are in the state text's order; said_rank is the
 * row's place in the report's. */
typedef struct {
    const char *key, *said;
    size_t at, size;
    setting_kind kind;
    line_when state_when, said_when;
    const char *none, *said_none, *on, *off;
    int said_rank;
} setting_row;

#define AT(f) .at = offsetof(replay_settings, f), .size = sizeof ((replay_settings *)0)->f
static const setting_row ROWS[] = {
    {"eval", "eval", AT(eval), .said_rank = 0},
    {"conventions", "conventions", AT(conventions), .said_rank = 1},
    {"format", "format", AT(format), .kind = SET_FORMAT, .said_rank = 6},
    {"trump", "trump", AT(trump), .said_rank = 7},
    {"leader", "leader", AT(leader), .none = "-", .said_none = "as dealt", .said_rank = 8},
    {"seed", "seed", AT(seed), .kind = SET_U64, .said_rank = 10},
    {"limit", "limit", AT(limit), .kind = SET_U64, .said_none = "none", .said_rank = 11},
    {"all_leads", "valued", AT(all_leads), .kind = SET_FLAG, .state_when = LINE_GIVEN, .said_when = LINE_VALUES,
     .on = "every lead (--all-leads)", .off = "the conventions' leads", .said_rank = 2},
    {"where", "where", AT(where), .state_when = LINE_GIVEN, .said_when = LINE_GIVEN, .said_rank = 9},
    {"values", "dd values", AT(values), .state_when = LINE_GIVEN, .said_when = LINE_GIVEN, .said_rank = 12},
    {"opponents", "opponents", AT(opponents), .state_when = LINE_PLAYS, .said_when = LINE_PLAYS, .said_rank = 3},
    {"signals", "signals", AT(signals), .kind = SET_FLAG, .state_when = LINE_PLAYS, .said_when = LINE_PLAYS,
     .on = "on", .off = "off", .said_rank = 4},
    {"ext", "ext", AT(ext), .none = "-", .said_none = "none", .state_when = LINE_PLAYS, .said_when = LINE_PLAYS,
     .said_rank = 5},
    /* the engine does not change a number: the report says which solved */
    {"engine", "engine", AT(engine), .none = "", .said_none = "dds", .state_when = LINE_SOLVES_GIVEN,
     .said_when = LINE_SOLVES, .said_rank = 13},
};
#undef AT
#define NROWS ((int)(sizeof ROWS / sizeof ROWS[0]))
/* The report's lines that are no option's, by the rank of the row they
 * come before: the table files' digests (after the conventions and what
 * is valued), the shards the run was split in (before the store). */
enum { SAID_TABLES = 3, SAID_SHARDS = 12 };

static const void *field_of(const replay_settings *s, const setting_row *r)
{
    return (const char *)s + r->at;
}

/* Whether the row has a line in s; given: its value is not the unset one. */
static bool has_line(const replay_settings *s, const setting_row *r, line_when when)
{
    const void *f = field_of(s, r);
    switch (when) {
    case LINE_ALWAYS: return true;
    case LINE_PLAYS: return plays(s);
    case LINE_VALUES: return strcmp(s->eval, "play") != 0;
    case LINE_SOLVES: return solves(s);
    case LINE_SOLVES_GIVEN: if (!solves(s)) return false; break;
    case LINE_GIVEN: break;
    }
    return r->kind == SET_FLAG ? *(const bool *)f : ((const char *)f)[0] != 0;
}

/* The row's value in s (a number written into buf): as the state text
 * keeps it (said false) or as the report states it. */
static const char *value_text(const replay_settings *s, const setting_row *r, bool said, char *buf, size_t len)
{
    const void *f = field_of(s, r);
    switch (r->kind) {
    case SET_FORMAT: return deal_format_name(*(const deal_format *)f);
    case SET_FLAG:
        if (said) return *(const bool *)f ? r->on : r->off;
        return *(const bool *)f ? "1" : "0";
    case SET_U64: {
        uint64_t n = *(const uint64_t *)f;
        if (said && !n && r->said_none) return r->said_none;
        snprintf(buf, len, "%llu", (unsigned long long)n);
        return buf;
    }
    case SET_TEXT: break;
    }
    return said && r->none && strcmp(f, r->none) == 0 ? r->said_none : f;
}

void replay_settings_format(const replay_settings *s, char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = 0;
    for (int i = 0; i < NROWS && at < len; i++) {
        if (!has_line(s, &ROWS[i], ROWS[i].state_when)) continue;
        char num[24];
        at += (size_t)snprintf(buf + at, len - at, "%s %s\n", ROWS[i].key, value_text(s, &ROWS[i], false, num, sizeof num));
    }
    for (const char *t = s->tables; *t && at < len;) {
        size_t n = strcspn(t, "\n");
        at += (size_t)snprintf(buf + at, len - at, "table %.*s\n", (int)n, t);
        t += n + (t[n] == '\n');
    }
    for (int i = 0; i < s->ninputs && at < len; i++)
        at += (size_t)snprintf(buf + at, len - at, "input %s\n", s->inputs[i]);
}

/* A whole number of the settings text, read as the command line's
 * (cli_u64_of): an overflowing one is not silently capped. */
static bool settings_u64(const char *s, uint64_t *v)
{
    return cli_u64_of(s, 0, UINT64_MAX, false, v);
}

/* value into the row's field of s, as value_text writes it; false if it
 * is not one. */
static bool take_value(replay_settings *s, const setting_row *r, const char *value)
{
    void *f = (char *)s + r->at;
    switch (r->kind) {
    case SET_FORMAT: {
        int k = deal_format_parse(value);
        if (k < 0) return false;
        *(deal_format *)f = (deal_format)k;
        return true;
    }
    case SET_FLAG: *(bool *)f = strcmp(value, "1") == 0; return true;
    case SET_U64: return settings_u64(value, f);
    case SET_TEXT: break;
    }
    snprintf(f, r->size, "%s", value);
    return true;
}

bool replay_settings_parse(char *text, replay_settings *s)
{
    replay_settings_init(s);
    size_t tables_at = 0;
    for (char *save = NULL, *line = strtok_r(text, "\n", &save); line;
         line = strtok_r(NULL, "\n", &save)) {
        char *value = strchr(line, ' ');
        if (!value) return false;
        *value++ = 0;
        int i = 0;
        while (i < NROWS && strcmp(line, ROWS[i].key) != 0) i++;
        if (i < NROWS) {
            if (!take_value(s, &ROWS[i], value)) return false;
        } else if (strcmp(line, "table") == 0) {
            if (!strchr(value, ' ') || tables_at >= sizeof s->tables) return false;
            tables_at += (size_t)snprintf(s->tables + tables_at, sizeof s->tables - tables_at, "%s\n", value);
        } else if (strcmp(line, "input") == 0) {
            if (s->ninputs == WLS_MAX_INPUTS) return false;
            s->inputs[s->ninputs++] = value;
        } else {
            return false;
        }
    }
    return replay_eval_parse(s->eval) >= 0 && s->conventions[0] && s->ninputs > 0;
}

bool replay_settings_to_input(const replay_settings *s, input_opts *io)
{
    input_opts_init(io);
    io->format = s->format;
    if (!input_opts_set_trump(io, s->trump)) return false;
    if (strcmp(s->leader, "-") != 0 && !input_opts_set_leader(io, s->leader)) return false;
    int engine = s->engine[0] ? dd_engine_parse(s->engine) : DD_ENGINE_DDS;
    if (engine < 0) return false;
    dd_engine_use((dd_engine)engine);
    diag_t why = {0};
    return !s->where[0] || input_opts_set_where(io, s->where, &why);
}

bool replay_settings_tables(const replay_settings *s, char *tables, size_t len, diag_t *diag)
{
    tables[0] = 0;
    if (!table_digests(s->conventions, tables, len, diag)) return false;
    return !plays(s) || strcmp(s->opponents, "same") == 0 || table_digests(s->opponents, tables, len, diag);
}

/* The experiment, in one sentence a reader cannot miss. */
static void experiment(const replay_settings *s, char *buf, size_t len)
{
    static const char DD[] = "the double-dummy value of each convention's opening lead (after it DDS plays "
                             "the rest of the deal perfectly, every hand in view)";
    char against[320];
    if (strcmp(s->opponents, "same") == 0)
        snprintf(against, sizeof against, "against opponents who play that same convention");
    else
        snprintf(against, sizeof against, "against the same fixed opponents (%s)", s->opponents);
    if (strcmp(s->eval, "dd") == 0)
        snprintf(buf, len, "%s.", DD);
    else if (strcmp(s->eval, "play") == 0)
        snprintf(buf, len, "each convention's side plays every deal %s, all 52 cards by the rule-based "
                 "players; the numbers compare the conventions' sides, not a duplicate match.", against);
    else
        snprintf(buf, len, "%s; beside it, (sd), the tricks of each convention's side when it plays every "
                 "deal %s, all 52 cards by the rule-based players (not a duplicate match).", DD, against);
}

/* The lines of the rows ranked from to to (not included) in the report. */
static void say_rows(const replay_settings *s, int from, int to, provenance *p)
{
    for (int rank = from; rank < to; rank++) {
        int i = 0;
        while (ROWS[i].said_rank != rank) i++;
        char num[24];
        if (has_line(s, &ROWS[i], ROWS[i].said_when))
            provenance_setting(p, ROWS[i].said, "%s", value_text(s, &ROWS[i], true, num, sizeof num));
    }
}

void replay_settings_provenance(const replay_settings *s, unsigned shard_of, provenance *p)
{
    char sentence[1024];
    experiment(s, sentence, sizeof sentence);
    p->experiment = provenance_keep(p, sentence);
    p->ninputs = s->ninputs;
    p->input_name = s->inputs;
    say_rows(s, 0, SAID_TABLES, p);
    table_digests_provenance(s->tables, p);
    say_rows(s, SAID_TABLES, SAID_SHARDS, p);
    provenance_setting(p, "shards", "%u", shard_of);
    say_rows(s, SAID_SHARDS, NROWS, p);
}
