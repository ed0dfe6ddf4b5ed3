/* replay_settings.c -- replay's settings: the state file's settings text,
 * the table digests and the provenance they give (replay_settings.h), all
 * made from the rows of replay's option table flagged OPT_SETTING
 * (cmd_replay.c): each row says how the state text keeps its value and
 * how the report states it, which differ ("leader -" is "leader as
 * dealt", "signals 1" is "signals on"). A new setting: its field here and
 * its row there. The keys and wordings are those of the state files
 * already written: they stay as they are. What no option gives is added
 * here: the store of values, the table files, the inputs, the shards. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/lead/table_digest.h"
#include "cli/cli.h"
#include "cli/replay_settings.h"

/* --eval's names, in stats_eval order. */
static const char *const EVAL_NAMES[] = {[STATS_EVAL_DD] = "dd", [STATS_EVAL_PLAY] = "play",
                                         [STATS_EVAL_BOTH] = "both"};

const char *replay_eval_name(int i)
{
    return i >= 0 && i < (int)(sizeof EVAL_NAMES / sizeof EVAL_NAMES[0]) ? EVAL_NAMES[i] : NULL;
}

void replay_settings_init(replay_settings *s)
{
    memset(s, 0, sizeof *s);
    cli_input_init(&s->in);
    opt_setting_defaults(replay_options(), s);
}

static bool plays(const replay_settings *s)
{
    return s->eval != STATS_EVAL_DD;
}

/* The store of values, which no option states as it is (the option names
 * the file; the line says what it held): after --where in the state text. */
static void state_values(void *ctx, const opt_spec *row, char *buf, size_t len, size_t *at)
{
    const replay_settings *s = ctx;
    if (strcmp(row->name, "where") == 0 && s->values[0])
        *at += (size_t)snprintf(buf + *at, len - *at, "values %s\n", s->values);
}

void replay_settings_format(const replay_settings *s, char *buf, size_t len)
{
    opt_state_text(replay_options(), s, buf, len, state_values, (void *)s);
    size_t at = strlen(buf);
    for (const char *t = s->tables; *t && at < len;) {
        size_t n = strcspn(t, "\n");
        at += (size_t)snprintf(buf + at, len - at, "table %.*s\n", (int)n, t);
        t += n + (t[n] == '\n');
    }
    for (int i = 0; i < s->ninputs && at < len; i++)
        at += (size_t)snprintf(buf + at, len - at, "input %s\n", s->inputs[i]);
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
        int took = opt_state_take(replay_options(), s, line, value);
        if (took == 0) return false;
        if (took > 0) continue;
        if (strcmp(line, "values") == 0) {
            snprintf(s->values, sizeof s->values, "%s", value);
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
    return s->conventions[0] && s->ninputs > 0;
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
    if (s->eval == STATS_EVAL_DD)
        snprintf(buf, len, "%s.", DD);
    else if (s->eval == STATS_EVAL_PLAY)
        snprintf(buf, len, "each convention's side plays every deal %s, all 52 cards by the rule-based "
                 "players; the numbers compare the conventions' sides, not a duplicate match.", against);
    else
        snprintf(buf, len, "%s; beside it, (sd), the tricks of each convention's side when it plays every "
                 "deal %s, all 52 cards by the rule-based players (not a duplicate match).", DD, against);
}

/* The report's lines that are no option's, each after its row: the
 * table files' digests after what is valued, the shards the run was split
 * in (the --shard row's place, the last) and the store of values. */
typedef struct {
    const replay_settings *s;
    unsigned shard_of;
} said_ctx;

static void said_also(void *ctx, const opt_spec *row, provenance *p)
{
    const said_ctx *k = ctx;
    if (strcmp(row->name, "all-leads") == 0) table_digests_provenance(k->s->tables, p);
    if (strcmp(row->name, "shard") != 0) return;
    provenance_setting(p, "shards", "%u", k->shard_of);
    if (k->s->values[0]) provenance_setting(p, "dd values", "%s", k->s->values);
}

void replay_settings_provenance(const replay_settings *s, unsigned shard_of, provenance *p)
{
    char sentence[1024];
    experiment(s, sentence, sizeof sentence);
    p->experiment = provenance_keep(p, sentence);
    p->ninputs = s->ninputs;
    p->input_name = s->inputs;
    opt_settings(replay_options(), s, p, said_also, &(said_ctx){s, shard_of});
}
