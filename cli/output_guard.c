/* output_guard.c -- no output of a command may be one of its inputs (issue
 * 25 item 6: `replay --csv-deals` or `solve -o` naming the corpus replaced
 * it without a word). Files are compared by what they are (st_dev and
 * st_ino), not by name: "./c.pbn", a symbolic or a hard link are the same
 * file. An output that does not exist yet cannot be an input; an input
 * that cannot be read is its reader's to report. */
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "analyze/lead/table_digest.h"
#include "cli/cli.h"
#include "stats/report/plot.h"

static bool same_file(const struct stat *a, const struct stat *b)
{
    return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* A path that names a file, not standard input or output. */
static bool is_file_path(const char *path)
{
    return path && *path && strcmp(path, "-") != 0;
}

/* False after the message when the existing file at path (st), written as
 * output out, is one of the inputs. */
static bool apart_from_inputs(const char *prefix, const cli_files *out, const char *out_path, const char *path,
                              const struct stat *st, const cli_files *in, int nin)
{
    for (int g = 0; g < nin; g++)
        for (int k = 0; k < in[g].n; k++) {
            struct stat ist;
            if (!is_file_path(in[g].paths[k]) || stat(in[g].paths[k], &ist) != 0 || !same_file(st, &ist)) continue;
            if (path == out_path)
                fprintf(stderr, "%s: %s %s is the same file as %s %s: refusing to overwrite an input\n", prefix,
                        out->what, out_path, in[g].what, in[g].paths[k]);
            else
                fprintf(stderr, "%s: %s %s would write %s, the same file as %s %s: refusing to overwrite an input\n",
                        prefix, out->what, out_path, path, in[g].what, in[g].paths[k]);
            return false;
        }
    return true;
}

/* The figure files already in dir, each checked against the inputs. */
static bool plot_dir_apart(const char *prefix, const cli_files *out, const char *dir, const cli_files *in, int nin)
{
    DIR *d = opendir(dir);
    if (!d) return true; /* not made yet: it holds no input */
    bool apart = true;
    for (struct dirent *e; apart && (e = readdir(d));) {
        char path[4096];
        struct stat st;
        if (!plot_is_figure_file(e->d_name) || snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path ||
            stat(path, &st) != 0)
            continue;
        apart = apart_from_inputs(prefix, out, dir, path, &st, in, nin);
    }
    closedir(d);
    return apart;
}

int cli_table_paths(char *digests, const char *paths[], int max)
{
    int n = 0;
    for (char *line = digests, *nl; n < max && (nl = strchr(line, '\n')); line = nl + 1) {
        *nl = 0;
        char *space = strrchr(line, ' ');
        if (space) *space = 0;
        paths[n++] = line;
    }
    return n;
}

int cli_table_files(const char *list, char *buf, size_t len, const char *paths[], int max)
{
    diag_t unread = {0}; /* a table that cannot be read is refused when the conventions are opened */
    buf[0] = 0;
    return table_digests(list, buf, len, &unread) ? cli_table_paths(buf, paths, max) : 0;
}

bool cli_outputs_apart(const char *prefix, const cli_files *out, int nout, const cli_files *in, int nin)
{
    for (int g = 0; g < nout; g++)
        for (int k = 0; k < out[g].n; k++) {
            const char *path = out[g].paths[k];
            struct stat st;
            if (!is_file_path(path)) continue;
            if (out[g].plot_dir) {
                if (!plot_dir_apart(prefix, &out[g], path, in, nin)) return false;
            } else if (stat(path, &st) == 0 && !apart_from_inputs(prefix, &out[g], path, path, &st, in, nin)) {
                return false;
            }
        }
    return true;
}
