/* plot_gp.c -- the files of the figures and gnuplot (plot_impl.h): the
 * output directory, the script head and quoting, and running gnuplot with
 * fork and exec (no shell), its exec failure reported through a pipe. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "plot_impl.h"

#define GNUPLOT_PACKAGE "gnuplot-nox"

static const char *program_of(const plot_opts *o)
{
    if (o && o->gnuplot && *o->gnuplot) return o->gnuplot;
    const char *env = getenv("WHISTLAB_GNUPLOT");
    return env && *env ? env : "gnuplot";
}

bool plot_gnuplot_found(const plot_opts *o)
{
    const char *prog = program_of(o);
    if (strchr(prog, '/')) return access(prog, X_OK) == 0;
    const char *path = getenv("PATH");
    if (!path || !*path) path = "/usr/local/bin:/usr/bin:/bin";
    while (*path) {
        const char *colon = strchr(path, ':');
        size_t len = colon ? (size_t)(colon - path) : strlen(path);
        char full[4096];
        if (snprintf(full, sizeof full, "%.*s/%s", (int)len, len ? path : ".", prog) < (int)sizeof full) {
            struct stat st;
            if (stat(full, &st) == 0 && S_ISREG(st.st_mode) && access(full, X_OK) == 0) return true;
        }
        if (!colon) break;
        path = colon + 1;
    }
    return false;
}

void plot_no_gnuplot_message(const plot_opts *o, char *buf, size_t len)
{
    const char *prog = program_of(o);
    snprintf(buf, len,
             "%s: not found: the figures need gnuplot; install Debian's %s (make deps, or apt-get install %s)%s",
             prog, GNUPLOT_PACKAGE, GNUPLOT_PACKAGE,
             strcmp(prog, "gnuplot") ? " or unset WHISTLAB_GNUPLOT" : "");
}

plot_status plot_prepare_dir(const char *dir, char *err, size_t err_len)
{
    char path[4096];
    if (!*dir || snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path) {
        snprintf(err, err_len, "%s: not a usable directory name", dir);
        return PLOT_ERR_DIR;
    }
    /* mkdir -p */
    for (char *p = path + 1;; p++) {
        if (*p != '/' && *p) continue;
        char keep = *p;
        *p = 0;
        if (mkdir(path, 0777) != 0 && errno != EEXIST) {
            snprintf(err, err_len, "%s: cannot make the directory: %s", path, strerror(errno));
            return PLOT_ERR_DIR;
        }
        *p = keep;
        if (!keep) break;
        while (p[1] == '/') p++;
    }
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, err_len, "%s: not a directory", dir);
        return PLOT_ERR_DIR;
    }
    /* access(W_OK) says yes to root on a read-only file system: create a file */
    char probe[4200];
    snprintf(probe, sizeof probe, "%s/.whistlab-plot-XXXXXX", dir);
    int fd = mkstemp(probe);
    if (fd < 0) {
        snprintf(err, err_len, "%s: cannot write in the directory: %s", dir, strerror(errno));
        return PLOT_ERR_DIR;
    }
    close(fd);
    unlink(probe);
    return PLOT_OK;
}

bool plot_temp_csv(const char *stem, char *path, size_t path_len, char *err, size_t err_len)
{
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp) tmp = "/tmp";
    if (snprintf(path, path_len, "%s/whistlab-%s-XXXXXX.csv", tmp, stem) >= (int)path_len) {
        snprintf(err, err_len, "%s: temporary directory name too long", tmp);
        return false;
    }
    int fd = mkstemps(path, 4);
    if (fd < 0) {
        snprintf(err, err_len, "%s: cannot make a temporary file: %s", tmp, strerror(errno));
        return false;
    }
    close(fd);
    return true;
}

void plot_ctx_init(plot_ctx *c, const char *dir, const char *source, const plot_opts *o, char *err,
                   size_t err_len)
{
    memset(c, 0, sizeof *c);
    c->dir = dir;
    c->source = source;
    c->o = o;
    c->program = program_of(o);
    c->err = err;
    c->err_len = err_len;
    c->no_gnuplot = !plot_gnuplot_found(o);
    if (err_len) err[0] = 0;
}

bool plot_ctx_ready(plot_ctx *c)
{
    plot_status st = plot_prepare_dir(c->dir, c->err, c->err_len);
    if (st != PLOT_OK) c->status = st;
    return st == PLOT_OK;
}

void plot_fail(plot_ctx *c, plot_status st, const char *fmt, ...)
{
    if (c->status != PLOT_OK) return;
    c->status = st;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->err, c->err_len, fmt, ap);
    va_end(ap);
}

void plot_note(plot_ctx *c, const char *fmt, ...)
{
    if (!c->o || !c->o->notes) return;
    va_list ap;
    fputs("whistlab: note: ", c->o->notes);
    va_start(ap, fmt);
    vfprintf(c->o->notes, fmt, ap);
    va_end(ap);
    fputc('\n', c->o->notes);
}

static void file_path(const plot_ctx *c, const char *name, const char *ext, char *buf, size_t len)
{
    snprintf(buf, len, "%s/%s.%s", c->dir, name, ext);
}

FILE *plot_file_open(plot_ctx *c, const char *name, const char *ext)
{
    char path[4352];
    file_path(c, name, ext, path, sizeof path);
    FILE *f = fopen(path, "w");
    if (!f) plot_fail(c, PLOT_ERR_DIR, "%s: %s", path, strerror(errno));
    return f;
}

bool plot_file_close(plot_ctx *c, FILE *f, const char *name, const char *ext)
{
    bool ok = !ferror(f);
    ok = fclose(f) == 0 && ok;
    if (!ok) {
        char path[4352];
        file_path(c, name, ext, path, sizeof path);
        plot_fail(c, PLOT_ERR_DIR, "%s: write error", path);
    }
    return ok;
}

/* Runs program on script in dir; 0, or the exec's errno (child not run),
 * or -1 with *status the wait status of a gnuplot that failed. */
static int run_gnuplot(const char *program, const char *dir, const char *script, int *status)
{
    int pipefd[2];
    if (pipe(pipefd) != 0) return errno;
    fcntl(pipefd[1], F_SETFD, FD_CLOEXEC);
    fflush(NULL); /* nothing buffered is written twice */
    pid_t pid = fork();
    if (pid < 0) {
        int e = errno;
        close(pipefd[0]);
        close(pipefd[1]);
        return e;
    }
    if (pid == 0) {
        close(pipefd[0]);
        int e = 0;
        int null = open("/dev/null", O_RDONLY);
        if (null >= 0) {
            dup2(null, STDIN_FILENO);
            if (null != STDIN_FILENO) close(null);
        }
        if (chdir(dir) != 0) e = errno;
        else {
            char *const argv[] = {(char *)program, (char *)script, NULL};
            execvp(program, argv);
            e = errno;
        }
        if (write(pipefd[1], &e, sizeof e) < 0) _exit(127);
        _exit(127);
    }
    close(pipefd[1]);
    int e = 0;
    ssize_t got;
    do got = read(pipefd[0], &e, sizeof e);
    while (got < 0 && errno == EINTR);
    close(pipefd[0]);
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
    if (got == (ssize_t)sizeof e) return e ? e : EINVAL;
    *status = st;
    return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

void plot_render(plot_ctx *c, const char *name)
{
    char svg[4352], script[512];
    file_path(c, name, "svg", svg, sizeof svg);
    if (unlink(svg) != 0 && errno != ENOENT) {
        plot_fail(c, PLOT_ERR_DIR, "%s: cannot replace: %s", svg, strerror(errno));
        return;
    }
    if (c->no_gnuplot) {
        if (c->status == PLOT_OK) {
            char msg[512];
            plot_no_gnuplot_message(c->o, msg, sizeof msg);
            plot_fail(c, PLOT_ERR_NO_GNUPLOT, "%s; the scripts are written: run 'gnuplot NAME.gp' in %s", msg,
                      c->dir);
        }
        return;
    }
    snprintf(script, sizeof script, "%s.gp", name);
    int status = 0;
    int e = run_gnuplot(c->program, c->dir, script, &status);
    if (e == ENOENT && !c->no_gnuplot) {
        /* found on PATH a moment ago, or a directory that vanished */
        char msg[512];
        plot_no_gnuplot_message(c->o, msg, sizeof msg);
        c->no_gnuplot = true;
        plot_fail(c, PLOT_ERR_NO_GNUPLOT, "%s", msg);
        return;
    }
    if (e > 0) {
        plot_fail(c, PLOT_ERR_GNUPLOT, "%s: cannot run %s in %s: %s", script, c->program, c->dir, strerror(e));
        return;
    }
    struct stat st;
    if (e < 0 || stat(svg, &st) != 0 || st.st_size == 0) {
        if (e < 0 && WIFSIGNALED(status))
            plot_fail(c, PLOT_ERR_GNUPLOT, "%s/%s: %s killed by signal %d", c->dir, script, c->program,
                      WTERMSIG(status));
        else if (e < 0)
            plot_fail(c, PLOT_ERR_GNUPLOT, "%s/%s: %s failed (exit status %d; its message is above)", c->dir,
                      script, c->program, WEXITSTATUS(status));
        else
            plot_fail(c, PLOT_ERR_GNUPLOT, "%s/%s: %s made no %s", c->dir, script, c->program, svg);
        return;
    }
    c->drawn++;
    if (c->o && c->o->log) fprintf(c->o->log, "%s%s\n", c->o->log_prefix ? c->o->log_prefix : "", svg);
}

static void put_clean(FILE *f, const char *s, char quote, const char *quote_as)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p < 0x20 || *p == 0x7f) fputc(' ', f);
        else if (*p == (unsigned char)quote) fputs(quote_as, f);
        else fputc(*p, f);
    }
}

void gp_str(FILE *f, const char *s)
{
    fputc('\'', f);
    put_clean(f, s ? s : "", '\'', "''");
    fputc('\'', f);
}

void dat_str(FILE *f, const char *s)
{
    fputc('"', f);
    put_clean(f, s ? s : "", '"', "'");
    fputc('"', f);
}

void dat_num(FILE *f, double v)
{
    if (v != v || v - v != 0) fputs("NaN", f);
    else fprintf(f, "%.10g", v);
}

void gp_title_expr(FILE *f, const plot_title *t)
{
    bool any = false;
    for (int i = 0; i < 4; i++) {
        const char *const *parts = t->line;
        if (!parts[i] || !*parts[i]) continue;
        if (any) fputs(".\"\\n\".", f);
        gp_str(f, parts[i]);
        any = true;
    }
    if (!any) fputs("''", f);
}

/* The comment lines of text: each line break starts a new comment line. */
static void comment(FILE *f, const char *label, const char *text)
{
    fprintf(f, "# %s", label);
    for (const char *p = text; *p; p++) {
        if (*p == '\n') fputs("\n#   ", f);
        else if ((unsigned char)*p >= 0x20 || *p == '\t') fputc(*p, f);
    }
    fputc('\n', f);
}

void gp_head(FILE *f, const plot_ctx *c, const char *name, const char *what, const char *const *prov,
             int width, int height)
{
    fprintf(f, "# %s.gp -- %s\n", name, what);
    fprintf(f, "#\n# Written by whistlab %s from %s; the data are in %s.dat beside it.\n", WHISTLAB_VERSION,
            c->source, name);
    fprintf(f, "# Redraw with:  cd %s && gnuplot %s.gp   (writes %s.svg)\n", c->dir, name, name);
    fputs("# Restyle freely: the terminal and size below, the line types (colour, point,\n"
          "# width) of the style block, titles, labels, ranges; for a PDF figure use\n"
          "#   set terminal pdfcairo size 16cm,10cm font 'Helvetica,9'; set output 'NAME.pdf'\n", f);
    if (prov && prov[0]) {
        fputs("#\n# What the numbers rest on:\n", f);
        for (int i = 0; prov[i]; i++) comment(f, "  ", prov[i]);
    }
    fprintf(f, "\nset encoding utf8\n"
               "set terminal svg size %d,%d dynamic noenhanced font 'sans-serif,12' background '#ffffff'\n"
               "set output '%s.svg'\n",
            width, height, name);
    fputs("\n# style: one line type per series (Okabe-Ito colours, distinct point shapes)\n"
          "set linetype 1 lc rgb '#0072B2' lw 1.5 pt 7 ps 0.9\n"
          "set linetype 2 lc rgb '#D55E00' lw 1.5 pt 5 ps 0.9\n"
          "set linetype 3 lc rgb '#009E73' lw 1.5 pt 9 ps 1.0\n"
          "set linetype 4 lc rgb '#CC79A7' lw 1.5 pt 11 ps 1.0\n"
          "set linetype 5 lc rgb '#E69F00' lw 1.5 pt 13 ps 1.0\n"
          "set linetype 6 lc rgb '#56B4E9' lw 1.5 pt 15 ps 1.0\n"
          "set linetype 7 lc rgb '#000000' lw 1.5 pt 6 ps 1.0\n"
          "set linetype 8 lc rgb '#999999' lw 1.5 pt 4 ps 1.0\n"
          "set linetype cycle 8\n"
          "set style line 100 lc rgb '#555555' lw 1 dt 2   # zero and reference lines\n"
          "set grid back lc rgb '#dddddd' lw 1 dt 1\n"
          "set border 3 back\n"
          "set tics nomirror out\n"
          "set datafile missing 'NaN'\n",
          f);
}
