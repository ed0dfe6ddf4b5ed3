/* input_opts.h -- the command-line options every deal-reading command shares:
 * --format (force the input format), --trump and --leader (the policy that
 * gives deals without them a trump suit and a leader: README.md, "Trumps and
 * leaders"), --where (keep only the deals that meet a condition, in the
 * language of analyze/deal/deal_filter.h), as rows of a command's option
 * table (options.h) that fill a cli_input: the input_opts the reading loop
 * takes (formats/deal_stream.h) and the values as given, for reports. */
#ifndef WHISTLAB_INPUT_OPTS_H
#define WHISTLAB_INPUT_OPTS_H

#include "analyze/dd/dd_store.h"
#include "cli/options.h"
#include "formats/deal_stream.h"

typedef struct {
    input_opts io;
    const char *format, *trump, *leader; /* as given; NULL when not */
} cli_input;

/* The names --format takes, from the readers' table: "auto", then each
 * format's (formats/reader.h); NULL past the last. */
const char *input_format_name(int i);

/* The names --to takes: those of the formats whistlab writes
 * (formats/writer.h), "" for the others; NULL past the last. */
const char *output_format_name(int i);

bool input_take_format(void *in, const char *value, char *why, size_t len);
bool input_take_trump(void *in, const char *value, char *why, size_t len);
bool input_take_leader(void *in, const char *value, char *why, size_t len);
bool input_take_where(void *in, const char *value, char *why, size_t len);

/* The values as given, for the settings line (options.h, opt_settings):
 * NULL when not given. */
const char *input_show_format(const void *in);
const char *input_show_trump(const void *in);
const char *input_show_leader(const void *in);
const char *input_show_where(const void *in);

/* The rows, for a command whose settings struct type holds a cli_input
 * member; --trump alone, for lead, which reads it its own way with --hand.
 * INPUT_ROW_*: a row's fields without its braces, for a command that adds
 * fields of its own (replay: its settings text's keys). */
#define INPUT_ROW_FORMAT(type, member) \
    .name = "format", .kind = OPT_CALL, .arg = "F", .at = offsetof(type, member), .take = input_take_format, \
    .names = input_format_name, .flags = OPT_SETTING, .show = input_show_format, .unset = "auto", \
    .help = "input format: {} (default auto)"
#define INPUT_SPEC_FORMAT(type, member) INPUT_SPEC_FORMAT_IF(type, member, NULL)
/* stated_fn: whether the settings line has the row (options.h, stated;
 * NULL: always), for a command that may read no file (lead --hand). */
#define INPUT_SPEC_FORMAT_IF(type, member, stated_fn) {INPUT_ROW_FORMAT(type, member), .stated = stated_fn}
#define INPUT_ROW_TRUMP(type, member) \
    .name = "trump", .kind = OPT_CALL, .arg = "P", .at = offsetof(type, member), .take = input_take_trump, \
    .flags = OPT_SETTING, .show = input_show_trump, .unset = "auto", \
    .help = "trumps for deals without them: S|H|D|C, turnup, each,\n" \
            "contract (bridge files), auto (default: the deal's own)"
#define INPUT_SPEC_TRUMP(type, member) {INPUT_ROW_TRUMP(type, member)}
/* show_fn: how the settings line says the leader given; unset_text: how it
 * says "the deal's own leader". */
#define INPUT_ROW_LEADER(type, member, show_fn, unset_text) \
    .name = "leader", .kind = OPT_CALL, .arg = "X", .at = offsetof(type, member), .take = input_take_leader, \
    .flags = OPT_SETTING, .show = show_fn, .unset = unset_text, \
    .help = "N|E|S|W: the eldest hand (the dealer sits on his right)"
#define INPUT_SPEC_LEADER(type, member) INPUT_SPEC_LEADER_IF(type, member, "as dealt", NULL)
#define INPUT_SPEC_LEADER_UNSET(type, member, unset_text) INPUT_SPEC_LEADER_IF(type, member, unset_text, NULL)
/* stated_fn as INPUT_SPEC_FORMAT_IF's. */
#define INPUT_SPEC_LEADER_IF(type, member, unset_text, stated_fn) \
    {INPUT_ROW_LEADER(type, member, input_show_leader, unset_text), .stated = stated_fn}
#define INPUT_ROW_WHERE(type, member) \
    .name = "where", .kind = OPT_CALL, .arg = "EXPR", .at = offsetof(type, member), .take = input_take_where, \
    .flags = OPT_SETTING, .show = input_show_where, \
    .help = "keep only the deals that meet EXPR, as `whistlab deal --where`\n" \
            "takes it (shape(leader) == \"5431\", trumps(leader) >= 4, ...),\n" \
            "with the trumps and leader above; the rest counted as left"
#define INPUT_SPEC_WHERE(type, member) {INPUT_ROW_WHERE(type, member)}
#define INPUT_SPECS(type, member) \
    INPUT_SPEC_FORMAT(type, member), INPUT_SPEC_TRUMP(type, member), INPUT_SPEC_LEADER(type, member), \
    INPUT_SPEC_WHERE(type, member)

/* A cli_input before its options: the reading policy of input_opts_init. */
void cli_input_init(cli_input *in);

/* The policy and condition of a state file's settings, read as the
 * command line reads them; false when one is not understood. The compiled
 * condition lives until the process exits. */
bool input_opts_set_trump(input_opts *o, const char *value);
bool input_opts_set_leader(input_opts *o, const char *value);
bool input_opts_set_where(input_opts *o, const char *value, diag_t *why);

/* The reading policy of o as a store of solved leads records it ("format
 * F trump T leader L"): a store serves only runs that read a corpus alike. */
void input_opts_policy_text(const input_opts *o, char *buf, size_t len);

/* --values: the store of solved leads at path, made with o's reading
 * policy. NULL (the reason printed under prog) when it cannot be opened
 * or was made otherwise. */
dd_store *input_opts_open_values(const input_opts *o, const char *path, const char *prog);

#endif
