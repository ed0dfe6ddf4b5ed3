/* csv_out.c -- CSV rows through libcsv's quoting. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <csv.h>
#include "csv_out.h"

struct csv_out {
    FILE *f;
    char *path;
    int ncols, col;
    int is_stdout;
};

static void sep(csv_out *c)
{
    if (c->col++ > 0) fputc(',', c->f);
}

void csv_out_text(csv_out *c, const char *s)
{
    sep(c);
    if (strpbrk(s, ",\"\r\n"))
        csv_fwrite(c->f, s, strlen(s));
    else
        fputs(s, c->f);
}

void csv_out_int(csv_out *c, long long v)
{
    sep(c);
    fprintf(c->f, "%lld", v);
}

void csv_out_num(csv_out *c, double v, int decimals)
{
    sep(c);
    if (isfinite(v)) fprintf(c->f, "%.*f", decimals, v == 0 ? 0.0 : v);
}

void csv_out_sig(csv_out *c, double v, int digits)
{
    sep(c);
    if (isfinite(v)) fprintf(c->f, "%.*g", digits, v == 0 ? 0.0 : v);
}

void csv_out_end_row(csv_out *c)
{
    while (c->col < c->ncols) sep(c);
    fputc('\n', c->f);
    c->col = 0;
}

static csv_out *make(FILE *f, const char *path, int ncols, int is_stdout)
{
    csv_out *c = calloc(1, sizeof *c);
    char *p = strdup(path);
    if (!c || !p) {
        free(c);
        free(p);
        return NULL;
    }
    c->f = f;
    c->path = p;
    c->ncols = ncols;
    c->is_stdout = is_stdout;
    return c;
}

csv_out *csv_out_open(const char *path, const char *const header[], int ncols, diag_t *diag)
{
    int is_stdout = strcmp(path, "-") == 0;
    FILE *f = is_stdout ? stdout : fopen(path, "w");
    if (!f) {
        diag_set(diag, path, 0, "cannot create: %s", strerror(errno));
        return NULL;
    }
    csv_out *c = make(f, path, ncols, is_stdout);
    if (!c) {
        if (!is_stdout) fclose(f);
        diag_set(diag, path, 0, "out of memory");
        return NULL;
    }
    for (int i = 0; i < ncols; i++) csv_out_text(c, header[i]);
    csv_out_end_row(c);
    return c;
}

csv_out *csv_out_resume(const char *path, long offset, int ncols, diag_t *diag)
{
    FILE *f = NULL;
    if (strcmp(path, "-") == 0) {
        diag_set(diag, path, 0, "standard output cannot be resumed: name a file");
        return NULL;
    }
    if (truncate(path, offset) != 0 || !(f = fopen(path, "a")) || fseek(f, 0, SEEK_END) != 0) {
        if (f) fclose(f);
        diag_set(diag, path, 0, "cannot reopen to continue: %s", strerror(errno));
        return NULL;
    }
    csv_out *c = make(f, path, ncols, 0);
    if (!c) {
        fclose(f);
        diag_set(diag, path, 0, "out of memory");
    }
    return c;
}

long csv_out_sync(csv_out *c)
{
    if (fflush(c->f) != 0 || ferror(c->f)) return -1;
    return ftell(c->f);
}

int csv_out_close(csv_out *c, diag_t *diag)
{
    int ok = fflush(c->f) == 0 && !ferror(c->f);
    if (!c->is_stdout && fclose(c->f) != 0) ok = 0;
    if (!ok) diag_set(diag, NULL, 0, "%s: write failed: %s", c->path, strerror(errno));
    free(c->path);
    free(c);
    return ok;
}
