/* replay_settings.c -- replay's settings: the state file's settings text,
 * the table digests and the provenance they give (replay_settings.h). */
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

void replay_settings_format(const replay_settings *s, char *buf, size_t len)
{
    size_t at = (size_t)snprintf(buf, len,
                                 "eval %s\nconventions %s\nformat %s\ntrump %s\nleader %s\n"
                                 "seed %llu\nlimit %llu\n",
                                 s->eval, s->conventions, deal_format_name(s->format), s->trump, s->leader,
                                 (unsigned long long)s->seed, (unsigned long long)s->limit);
    if (s->all_leads && at < len) at += (size_t)snprintf(buf + at, len - at, "all_leads 1\n");
    if (s->where[0] && at < len) /* only when given: the texts of runs before --where stay as they were */
        at += (size_t)snprintf(buf + at, len - at, "where %s\n", s->where);
    if (s->values[0] && at < len) /* only with --values: the texts of runs that solve stay as they were */
        at += (size_t)snprintf(buf + at, len - at, "values %s\n", s->values);
    if (plays(s) && at < len)
        at += (size_t)snprintf(buf + at, len - at, "opponents %s\nsignals %d\next %s\n", s->opponents,
                               s->signals, s->ext);
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

bool replay_settings_parse(char *text, replay_settings *s)
{
    replay_settings_init(s);
    size_t tables_at = 0;
    for (char *save = NULL, *line = strtok_r(text, "\n", &save); line;
         line = strtok_r(NULL, "\n", &save)) {
        char *value = strchr(line, ' ');
        if (!value) return false;
        *value++ = 0;
        if (strcmp(line, "eval") == 0) {
            if (replay_eval_parse(value) < 0) return false;
            snprintf(s->eval, sizeof s->eval, "%s", value);
        } else if (strcmp(line, "all_leads") == 0) {
            s->all_leads = strcmp(value, "1") == 0;
        } else if (strcmp(line, "opponents") == 0) {
            snprintf(s->opponents, sizeof s->opponents, "%s", value);
        } else if (strcmp(line, "signals") == 0) {
            s->signals = strcmp(value, "1") == 0;
        } else if (strcmp(line, "ext") == 0) {
            snprintf(s->ext, sizeof s->ext, "%s", value);
        } else if (strcmp(line, "conventions") == 0) {
            snprintf(s->conventions, sizeof s->conventions, "%s", value);
        } else if (strcmp(line, "table") == 0) {
            if (!strchr(value, ' ') || tables_at >= sizeof s->tables) return false;
            tables_at += (size_t)snprintf(s->tables + tables_at, sizeof s->tables - tables_at, "%s\n", value);
        } else if (strcmp(line, "format") == 0) {
            int f = deal_format_parse(value);
            if (f < 0) return false;
            s->format = (deal_format)f;
        } else if (strcmp(line, "trump") == 0) {
            snprintf(s->trump, sizeof s->trump, "%s", value);
        } else if (strcmp(line, "leader") == 0) {
            snprintf(s->leader, sizeof s->leader, "%s", value);
        } else if (strcmp(line, "where") == 0) {
            snprintf(s->where, sizeof s->where, "%s", value);
        } else if (strcmp(line, "values") == 0) {
            snprintf(s->values, sizeof s->values, "%s", value);
        } else if (strcmp(line, "seed") == 0) {
            if (!settings_u64(value, &s->seed)) return false;
        } else if (strcmp(line, "limit") == 0) {
            if (!settings_u64(value, &s->limit)) return false;
        } else if (strcmp(line, "input") == 0) {
            if (s->ninputs == WLS_MAX_INPUTS) return false;
            s->inputs[s->ninputs++] = value;
        } else {
            return false;
        }
    }
    return s->conventions[0] && s->ninputs > 0;
}

bool replay_settings_to_input(const replay_settings *s, input_opts *io)
{
    input_opts_init(io);
    io->format = s->format;
    if (!input_opts_set_trump(io, s->trump)) return false;
    if (strcmp(s->leader, "-") != 0 && !input_opts_set_leader(io, s->leader)) return false;
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

void replay_settings_provenance(const replay_settings *s, unsigned shard_of, provenance *p)
{
    char sentence[1024];
    experiment(s, sentence, sizeof sentence);
    p->experiment = provenance_keep(p, sentence);
    p->ninputs = s->ninputs;
    p->input_name = s->inputs;
    provenance_setting(p, "eval", "%s", s->eval);
    provenance_setting(p, "conventions", "%s", s->conventions);
    if (strcmp(s->eval, "play") != 0)
        provenance_setting(p, "valued", "%s", s->all_leads ? "every lead (--all-leads)" : "the conventions' leads");
    table_digests_provenance(s->tables, p);
    if (plays(s)) {
        provenance_setting(p, "opponents", "%s", s->opponents);
        provenance_setting(p, "signals", "%s", s->signals ? "on" : "off");
        provenance_setting(p, "ext", "%s", strcmp(s->ext, "-") ? s->ext : "none");
    }
    provenance_setting(p, "format", "%s", deal_format_name(s->format));
    provenance_setting(p, "trump", "%s", s->trump);
    provenance_setting(p, "leader", "%s", strcmp(s->leader, "-") ? s->leader : "as dealt");
    if (s->where[0]) provenance_setting(p, "where", "%s", s->where);
    provenance_setting(p, "seed", "%llu", (unsigned long long)s->seed);
    if (s->limit) provenance_setting(p, "limit", "%llu", (unsigned long long)s->limit);
    else provenance_setting(p, "limit", "none");
    provenance_setting(p, "shards", "%u", shard_of);
    if (s->values[0]) provenance_setting(p, "dd values", "%s", s->values);
}
