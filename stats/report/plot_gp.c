/* plot_gp.c -- the files of the figures and gnuplot (plot_gp.h): the
 * output directory, the script head and quoting, and running gnuplot with
 * fork and exec (no shell), its exec failure reported through one pipe and
 * its output read back through another: what it says becomes notes and
 * the failure's diagnostic (plot.h), nothing is printed. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "formats/out_file.h"
#include "stats/report/provenance.h"
#include "stats/report/plot_gp.h"

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

void plot_no_gnuplot(const plot_opts *o, diag_t *diag)
{
    const char *prog = program_of(o);
    diag_set(diag, prog, 0,
             "not found: the figures need gnuplot; install Debian's %s (make deps, or apt-get install %s)%s",
             GNUPLOT_PACKAGE, GNUPLOT_PACKAGE, strcmp(prog, "gnuplot") ? " or unset WHISTLAB_GNUPLOT" : "");
}

/* Whether s holds a control character (a line break, a carriage return,
 * an escape...). */
static bool has_control(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p < 0x20 || *p == 0x7f) return true;
    return false;
}

plot_status plot_prepare_dir(const char *dir, diag_t *diag)
{
    char path[4096];
    if (!*dir || snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path) {
        diag_set(diag, dir, 0, "not a usable directory name");
        return PLOT_ERR_DIR;
    }
    /* DIR is named in every script and in the figures' paths a caller
     * prints a line each: a line break there would end a script's comment
     * and start a command of the user's choosing (issue 25 item 5), so a
     * name with a control character is refused, not drawn into. The name
     * is shown with '?' for them. */
    if (has_control(dir)) {
        char shown[120];
        size_t n = 0;
        const unsigned char *p = (const unsigned char *)dir;
        for (; *p && n < sizeof shown - 4; p++) shown[n++] = *p < 0x20 || *p == 0x7f ? '?' : (char)*p;
        snprintf(shown + n, sizeof shown - n, "%s", *p ? "..." : "");
        diag_set(diag, NULL, 0, "%s: a directory name with a line break or another control character is refused "
                                "(it would reach the figures' gnuplot scripts)", shown);
        return PLOT_ERR_DIR;
    }
    /* mkdir -p */
    for (char *p = path + 1;; p++) {
        if (*p != '/' && *p) continue;
        char keep = *p;
        *p = 0;
        if (mkdir(path, 0777) != 0 && errno != EEXIST) {
            diag_set(diag, NULL, 0, "%s: cannot make the directory: %s", path, strerror(errno));
            return PLOT_ERR_DIR;
        }
        *p = keep;
        if (!keep) break;
        while (p[1] == '/') p++;
    }
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        diag_set(diag, dir, 0, "not a directory");
        return PLOT_ERR_DIR;
    }
    /* access(W_OK) says yes to root on a read-only file system: create a file */
    char probe[4200];
    snprintf(probe, sizeof probe, "%s/.whistlab-plot-XXXXXX", dir);
    int fd = mkstemp(probe);
    if (fd < 0) {
        diag_set(diag, dir, 0, "cannot write in the directory: %s", strerror(errno));
        return PLOT_ERR_DIR;
    }
    close(fd);
    unlink(probe);
    return PLOT_OK;
}

bool plot_temp_csv(const char *stem, char *path, size_t path_len, diag_t *diag)
{
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp) tmp = "/tmp";
    if (snprintf(path, path_len, "%s/whistlab-%s-XXXXXX.csv", tmp, stem) >= (int)path_len) {
        diag_set(diag, tmp, 0, "temporary directory name too long");
        return false;
    }
    int fd = mkstemps(path, 4);
    if (fd < 0) {
        diag_set(diag, tmp, 0, "cannot make a temporary file: %s", strerror(errno));
        return false;
    }
    close(fd);
    return true;
}

void plot_ctx_init(plot_ctx *c, const char *dir, const char *source, const plot_opts *o, diag_t *diag)
{
    memset(c, 0, sizeof *c);
    c->dir = dir;
    c->source = source;
    c->o = o;
    c->program = program_of(o);
    c->diag = diag;
    c->no_gnuplot = !plot_gnuplot_found(o);
    diag_set(diag, NULL, 0, "%s", "");
}

bool plot_ctx_ready(plot_ctx *c)
{
    plot_status st = plot_prepare_dir(c->dir, c->diag);
    if (st != PLOT_OK) c->status = st;
    return st == PLOT_OK;
}

static void note(const plot_ctx *c, const diag_t *d)
{
    if (c->o && c->o->note) c->o->note(c->o->ctx, d);
}

void plot_fail(plot_ctx *c, plot_status st, const char *file, const char *fmt, ...)
{
    diag_t later, *d = c->status == PLOT_OK ? c->diag : &later;
    d->file = file;
    d->line = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->reason, sizeof d->reason, fmt, ap);
    va_end(ap);
    if (d == c->diag) c->status = st;
    else note(c, d);
}

static void file_path(const plot_ctx *c, const char *name, const char *ext, char *buf, size_t len)
{
    snprintf(buf, len, "%s/%s.%s", c->dir, name, ext);
}

void plot_not_drawn(plot_ctx *c, const char *name, const char *fmt, ...)
{
    char svg[4352], why[200];
    file_path(c, name, "svg", svg, sizeof svg);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    diag_t d;
    diag_set(&d, svg, 0, "not drawn: %s", why);
    note(c, &d);
}

FILE *plot_file_open(plot_ctx *c, const char *name, const char *ext)
{
    int k = 0;
    while (k < PLOT_OPEN_MAX && c->open[k].out) k++;
    char path[4352];
    file_path(c, name, ext, path, sizeof path);
    if (k == PLOT_OPEN_MAX) { /* a figure writer's mistake, not the user's */
        plot_fail(c, PLOT_ERR_DIR, NULL, "%s: more than %d files of a figure open at once", path, PLOT_OPEN_MAX);
        return NULL;
    }
    memcpy(c->open[k].path, path, sizeof path);
    diag_t d = {0};
    c->open[k].out = out_file_create(c->open[k].path, &d);
    if (!c->open[k].out) {
        plot_fail(c, PLOT_ERR_DIR, NULL, "%s: %s", path, d.reason);
        return NULL;
    }
    return out_file_stream(c->open[k].out);
}

bool plot_file_close(plot_ctx *c, FILE *f, const char *name, const char *ext)
{
    char path[4352];
    file_path(c, name, ext, path, sizeof path);
    for (int k = 0; k < PLOT_OPEN_MAX; k++) {
        if (!c->open[k].out || out_file_stream(c->open[k].out) != f) continue;
        diag_t d = {0};
        bool ok = out_file_commit(c->open[k].out, &d);
        c->open[k].out = NULL;
        if (!ok) plot_fail(c, PLOT_ERR_DIR, NULL, "%s: %s", path, d.reason);
        return ok;
    }
    plot_fail(c, PLOT_ERR_DIR, NULL, "%s: not open", path);
    return false;
}

/* What gnuplot wrote on its standard output and error: the last
 * GP_OUTPUT_MAX bytes (it stops at its first error, which ends it). */
#define GP_OUTPUT_MAX 8192

typedef struct {
    char text[GP_OUTPUT_MAX + 1];
    size_t len;
} gp_output;

#define GP_READ 4096 /* what one read takes */
_Static_assert(GP_READ <= GP_OUTPUT_MAX, "a read fits the output kept");

/* Appends n <= GP_READ bytes, dropping the oldest beyond GP_OUTPUT_MAX. */
static void output_add(gp_output *out, const char *buf, size_t n)
{
    if (out->len + n > GP_OUTPUT_MAX) {
        size_t drop = out->len + n - GP_OUTPUT_MAX;
        memmove(out->text, out->text + drop, out->len - drop);
        out->len -= drop;
    }
    memcpy(out->text + out->len, buf, n);
    out->len += n;
}

/* Runs program on script in dir, after the commands preset, its output
 * (standard output and error) into *out; 0, or the exec's errno (child not run), or -1 with *status
 * the wait status of a gnuplot that failed. */
static int run_gnuplot(const char *program, const char *dir, const char *preset, const char *script, int *status,
                       gp_output *out)
{
    int execfd[2], outfd[2];
    out->len = 0;
    if (pipe(execfd) != 0) return errno;
    if (pipe(outfd) != 0) {
        int e = errno;
        close(execfd[0]);
        close(execfd[1]);
        return e;
    }
    fcntl(execfd[0], F_SETFD, FD_CLOEXEC);
    fcntl(execfd[1], F_SETFD, FD_CLOEXEC);
    fcntl(outfd[0], F_SETFD, FD_CLOEXEC);
    pid_t pid = fork();
    if (pid < 0) {
        int e = errno;
        close(execfd[0]);
        close(execfd[1]);
        close(outfd[0]);
        close(outfd[1]);
        return e;
    }
    if (pid == 0) { /* async-signal-safe calls only until exec */
        int e = 0;
        int null = open("/dev/null", O_RDONLY);
        if (null >= 0) {
            dup2(null, STDIN_FILENO);
            if (null != STDIN_FILENO) close(null);
        }
        dup2(outfd[1], STDOUT_FILENO);
        dup2(outfd[1], STDERR_FILENO);
        if (outfd[1] != STDOUT_FILENO && outfd[1] != STDERR_FILENO) close(outfd[1]);
        if (chdir(dir) != 0) e = errno;
        else {
            char *const argv[] = {(char *)program, "-e", (char *)preset, (char *)script, NULL};
            execvp(program, argv);
            e = errno;
        }
        if (write(execfd[1], &e, sizeof e) < 0) _exit(127);
        _exit(127);
    }
    close(execfd[1]);
    close(outfd[1]);
    int e = 0;
    ssize_t got;
    do got = read(execfd[0], &e, sizeof e);
    while (got < 0 && errno == EINTR);
    close(execfd[0]);
    char buf[GP_READ];
    for (;;) { /* to the end, so that gnuplot never blocks on a full pipe */
        ssize_t n = read(outfd[0], buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        output_add(out, buf, (size_t)n);
    }
    close(outfd[0]);
    for (size_t i = 0; i < out->len; i++) /* text for a diagnostic: lines, no control characters */
        if ((unsigned char)out->text[i] < 0x20 && out->text[i] != '\n') out->text[i] = ' ';
    out->text[out->len] = 0;
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
    if (got == (ssize_t)sizeof e) return e ? e : EINVAL;
    *status = st;
    return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

/* Whether a line of gnuplot's says something: not blank, not only the
 * caret under the place of an error. */
static bool says_something(const char *line)
{
    for (const char *p = line; *p; p++)
        if (*p != ' ' && *p != '\t' && *p != '^' && *p != '\r') return true;
    return false;
}

/* Splits out into lines (in place, leading blanks dropped); the last that
 * says something, or NULL. Each line that says something, except that last
 * one when keep_last, is a note on the script. */
static const char *output_lines(plot_ctx *c, gp_output *out, const char *script_path, bool keep_last)
{
    const char *last = NULL;
    for (char *p = out->text; *p;) {
        char *nl = strchr(p, '\n');
        if (nl) *nl = 0;
        if (says_something(p)) last = p;
        p = nl ? nl + 1 : p + strlen(p);
    }
    for (char *p = out->text; p < out->text + out->len; p += strlen(p) + 1) { /* no NUL but the line ends */
        if (!says_something(p) || (keep_last && p == last)) continue;
        diag_t d;
        diag_set(&d, script_path, 0, "%s: %s", c->program, p + strspn(p, " \t"));
        note(c, &d);
    }
    return last ? last + strspn(last, " \t") : NULL;
}

typedef enum {
    FIGURE_NONE,     /* missing or empty */
    FIGURE_TORN,     /* without its closing bytes */
    FIGURE_IO_ERROR, /* cannot be read back or synced */
    FIGURE_WHOLE,
} figure_state;

/* The file extension of each format, and the bytes each file ends with
 * (trailing white space aside): the SVG's closing tag, the PDF's end of
 * file mark, the PNG's IEND chunk (its length, type and CRC). */
static const struct {
    plot_format format;
    const char *ext;
    const char *end;
    size_t end_len;
} FORMATS[] = {
    {PLOT_SVG, "svg", "</svg>", 6},
    {PLOT_PNG, "png", "\0\0\0\0IEND\xae\x42\x60\x82", 12},
    {PLOT_PDF, "pdf", "%%EOF", 5},
};
#define NFORMATS (sizeof FORMATS / sizeof FORMATS[0])

bool plot_formats_parse(const char *list, unsigned *formats, char *bad, size_t bad_len)
{
    *formats = 0;
    for (const char *p = list;;) {
        size_t len = strcspn(p, ",");
        size_t k = 0;
        while (k < NFORMATS && !(strlen(FORMATS[k].ext) == len && strncmp(p, FORMATS[k].ext, len) == 0)) k++;
        if (k == NFORMATS) {
            snprintf(bad, bad_len, "%.*s", (int)(len > 40 ? 40 : len), p);
            return false;
        }
        *formats |= (unsigned)FORMATS[k].format;
        if (!p[len]) return true;
        p += len + 1;
    }
}

void plot_formats_text(unsigned formats, char *buf, size_t len)
{
    size_t at = 0;
    if (len) buf[0] = 0;
    for (size_t k = 0; k < NFORMATS && at < len; k++)
        if (formats & (unsigned)FORMATS[k].format)
            at += (size_t)snprintf(buf + at, len - at, "%s%s", at ? "," : "", FORMATS[k].ext);
}

/* Whether the figure gnuplot drew into path is whole, and on disk.
 * gnuplot exits 0 when a write fails (a full disk, a file size limit),
 * leaving a figure cut short: it ends as its format ends or is not put in
 * place (issue 25 item 13); then it is synced as out_file.c syncs before
 * its rename. *size: its size; *err: the errno of a failed read or sync. */
static figure_state figure_check(const char *path, const char *end, size_t end_len, long long *size, int *err)
{
    int fd = open(path, O_RDONLY);
    struct stat st;
    if (fd < 0) return FIGURE_NONE;
    if (fstat(fd, &st) != 0 || st.st_size == 0) {
        close(fd);
        return FIGURE_NONE;
    }
    *size = (long long)st.st_size;
    char tail[64];
    off_t from = st.st_size > (off_t)sizeof tail ? st.st_size - (off_t)sizeof tail : 0;
    ssize_t n = pread(fd, tail, (size_t)(st.st_size - from), from);
    if (n < 0) {
        *err = errno;
        close(fd);
        return FIGURE_IO_ERROR;
    }
    while (n > 0 && (tail[n - 1] == '\n' || tail[n - 1] == ' ' || tail[n - 1] == '\t' || tail[n - 1] == '\r')) n--;
    figure_state fs = FIGURE_TORN;
    if (n >= (ssize_t)end_len && memcmp(tail + n - end_len, end, end_len) == 0) {
        fs = FIGURE_WHOLE;
        if (fsync(fd) != 0) {
            *err = errno;
            fs = FIGURE_IO_ERROR;
        }
    }
    close(fd);
    return fs;
}

/* Draws the figure NAME in format k (FORMATS); false when it failed (the
 * failure recorded). */
static bool render_one(plot_ctx *c, const char *name, size_t k)
{
    const char *ext = FORMATS[k].ext;
    char fig[4352], script[512], script_path[4352];
    file_path(c, name, ext, fig, sizeof fig);
    file_path(c, name, "gp", script_path, sizeof script_path);
    if (unlink(fig) != 0 && errno != ENOENT) {
        plot_fail(c, PLOT_ERR_DIR, NULL, "%s: cannot replace: %s", fig, strerror(errno));
        return false;
    }
    if (c->no_gnuplot) {
        if (c->status == PLOT_OK) {
            diag_t d;
            plot_no_gnuplot(c->o, &d);
            plot_fail(c, PLOT_ERR_NO_GNUPLOT, d.file, "%s; the scripts are written: run 'gnuplot NAME.gp' in %s",
                      d.reason, c->dir);
        }
        return false;
    }
    /* drawn under a temporary name (made here, exclusively), renamed when whole */
    char tmp[4352], preset[600];
    if (snprintf(tmp, sizeof tmp, "%s.tmp.XXXXXX", fig) >= (int)sizeof tmp) {
        plot_fail(c, PLOT_ERR_DIR, NULL, "%s: name too long", fig);
        return false;
    }
    int fd = mkstemp(tmp);
    if (fd < 0) {
        plot_fail(c, PLOT_ERR_DIR, NULL, "%s: cannot make a temporary file: %s", fig, strerror(errno));
        return false;
    }
    /* gnuplot writes into it as it is: the figure gets the umask's mode as
     * every other output (issue 25 item 13) */
    out_file_umask_mode(fd);
    close(fd);
    snprintf(script, sizeof script, "%s.gp", name);
    snprintf(preset, sizeof preset, "fig_format='%s'; fig_out='%s'", ext, strrchr(tmp, '/') + 1);
    int status = 0;
    gp_output out;
    int e = run_gnuplot(c->program, c->dir, preset, script, &status, &out);
    long long size = 0;
    int io_err = 0;
    figure_state fs = e == 0 ? figure_check(tmp, FORMATS[k].end, FORMATS[k].end_len, &size, &io_err) : FIGURE_NONE;
    bool made = fs == FIGURE_WHOLE;
    if (made && rename(tmp, fig) != 0) {
        plot_fail(c, PLOT_ERR_DIR, NULL, "%s: cannot put the figure in place: %s", fig, strerror(errno));
        unlink(tmp);
        return false;
    }
    if (!made) unlink(tmp);
    if (e == ENOENT && !c->no_gnuplot) {
        /* found on PATH a moment ago, or a directory that vanished */
        diag_t d;
        plot_no_gnuplot(c->o, &d);
        c->no_gnuplot = true;
        plot_fail(c, PLOT_ERR_NO_GNUPLOT, d.file, "%s", d.reason);
        return false;
    }
    if (e > 0) {
        plot_fail(c, PLOT_ERR_GNUPLOT, NULL, "%s: cannot run %s in %s: %s", script, c->program, c->dir, strerror(e));
        return false;
    }
    /* what gnuplot wrote: notes; a failure's last message goes with it */
    const char *said = output_lines(c, &out, script_path, e < 0);
    if (!made) {
        if (e < 0 && WIFSIGNALED(status))
            plot_fail(c, PLOT_ERR_GNUPLOT, NULL, "%s: %s killed by signal %d%s%s", script_path, c->program,
                      WTERMSIG(status), said ? ": " : "", said ? said : "");
        else if (e < 0)
            plot_fail(c, PLOT_ERR_GNUPLOT, NULL, "%s: %s failed (exit status %d)%s%s", script_path, c->program,
                      WEXITSTATUS(status), said ? ": " : "; it wrote no message", said ? said : "");
        else if (fs == FIGURE_TORN && k == 0)
            plot_fail(c, PLOT_ERR_DIR, NULL,
                      "%s: the figure %s drew is cut short (%lld bytes, no closing </svg>: a full disk?); "
                      "%s not drawn",
                      script_path, c->program, size, fig);
        else if (fs == FIGURE_TORN)
            plot_fail(c, PLOT_ERR_DIR, NULL,
                      "%s: the figure %s drew is cut short (%lld bytes, not a whole %s file: a full disk?); "
                      "%s not drawn",
                      script_path, c->program, size, ext, fig);
        else if (fs == FIGURE_IO_ERROR)
            plot_fail(c, PLOT_ERR_DIR, NULL, "%s: cannot read back or sync the figure: %s", fig, strerror(io_err));
        else
            plot_fail(c, PLOT_ERR_GNUPLOT, NULL, "%s: %s made no %s", script_path, c->program, fig);
        return false;
    }
    if (c->o && c->o->drawn) c->o->drawn(c->o->ctx, fig);
    return true;
}

void plot_render(plot_ctx *c, const char *name)
{
    unsigned formats = c->o && c->o->formats ? c->o->formats : PLOT_SVG;
    bool all = true;
    for (size_t k = 0; k < NFORMATS; k++) {
        if (!(formats & (unsigned)FORMATS[k].format)) continue;
        all = render_one(c, name, k) && all;
        if (c->no_gnuplot) break;
    }
    c->drawn += all;
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
    for (int i = 0; i < 5; i++) {
        const char *const *parts = t->line;
        if (!parts[i] || !*parts[i]) continue;
        if (any) fputs(".\"\\n\".", f);
        gp_str(f, parts[i]);
        any = true;
    }
    if (!any) fputs("''", f);
}

/* One comment line: lead, then text[0..len) with its control characters
 * as '?' (a tab kept): a line break would end the comment and make the
 * rest a command (issue 25 item 5). A backslash at its end, which would
 * continue the comment onto the next line, is followed by a space. */
static void comment_line(FILE *f, const char *lead, const char *text, size_t len)
{
    fputs(lead, f);
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)text[i];
        fputc((ch < 0x20 && ch != '\t') || ch == 0x7f ? '?' : ch, f);
    }
    if (len && text[len - 1] == '\\') fputc(' ', f);
    fputc('\n', f);
}

void gp_comment(FILE *f, const char *fmt, ...)
{
    char small[1024], *text = small;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) n = 0;
    if ((size_t)n >= sizeof small) {
        char *big = malloc((size_t)n + 1);
        if (big) { /* else the line is cut short: still one comment */
            va_start(ap, fmt);
            vsnprintf(big, (size_t)n + 1, fmt, ap);
            va_end(ap);
            text = big;
        } else {
            n = (int)sizeof small - 1;
        }
    }
    comment_line(f, "# ", text, (size_t)n);
    if (text != small) free(text);
}

/* The comment lines of text, one per line of it. */
static void comment(FILE *f, const char *text)
{
    for (;;) {
        const char *nl = strchr(text, '\n');
        comment_line(f, "#   ", text, nl ? (size_t)(nl - text) : strlen(text));
        if (!nl) return;
        text = nl + 1;
    }
}

void gp_head(FILE *f, const plot_ctx *c, const char *name, const char *what, const char *const *prov,
             int width, int height)
{
    /* the directory was checked (plot_prepare_dir): shorter than 4096
     * bytes, no control character */
    char dir[4 * 4096 + 3];
    provenance_shell_word(dir, sizeof dir, c->dir); /* for the "cd DIR" users paste (item 5) */
    gp_comment(f, "%s.gp -- %s", name, what);
    fputs("#\n", f);
    gp_comment(f, "Written by whistlab %s from %s; the data are in %s.dat beside it.", WHISTLAB_VERSION, c->source,
               name);
    gp_comment(f, "Redraw with:  cd %s && gnuplot %s.gp   (writes %s.svg)", dir, name, name);
    fputs("# Restyle freely: the terminals and size below, the line types (colour, point,\n"
          "# width, dashes) of the style block, titles, labels, ranges; for a PNG or a PDF\n"
          "# figure: gnuplot -e \"fig_format='pdf'\" NAME.gp\n", f);
    if (prov && prov[0]) {
        fputs("#\n# What the numbers rest on:\n", f);
        for (int i = 0; prov[i]; i++) comment(f, prov[i]);
    }
    /* the size in inches for the PDF: 96 pixels an inch, as the SVG's */
    fprintf(f, "\nset encoding utf8\n"
               "# fig_format: svg, png or pdf (whistlab plot --format says which to draw);\n"
               "# fig_out: where the figure goes (whistlab draws it under a temporary name, then renames it)\n"
               "if (!exists('fig_format')) fig_format = 'svg'\n"
               "if (fig_format eq 'png') {\n"
               "    set terminal pngcairo size %d,%d noenhanced font 'sans-serif,9' background '#ffffff'\n"
               "} else {\n"
               "    if (fig_format eq 'pdf') {\n"
               "        set terminal pdfcairo size %.3fin,%.3fin noenhanced font 'sans-serif,9'\n"
               "    } else {\n"
               "        set terminal svg size %d,%d dynamic noenhanced font 'sans-serif,12' background '#ffffff'\n"
               "    }\n"
               "}\n"
               "# the titles' font: cairo's sizes are points, the SVG's pixels\n"
               "title_font = fig_format eq 'svg' ? ',12' : ',10'\n"
               "if (!exists('fig_out')) fig_out = '%s.'.fig_format\n"
               "set output fig_out\n",
            width, height, width / 96.0, height / 96.0, width, height, name);
    /* twelve line types, as many as the built-in conventions: after the
     * eight Okabe-Ito colours four of Tol's, each with its own point shape
     * (the figures of lines add a dash pattern per series) */
    fputs("\n# style: one line type per series (colour and point shape)\n"
          "set linetype 1 lc rgb '#0072B2' lw 1.5 pt 7 ps 0.9\n"
          "set linetype 2 lc rgb '#D55E00' lw 1.5 pt 5 ps 0.9\n"
          "set linetype 3 lc rgb '#009E73' lw 1.5 pt 9 ps 1.0\n"
          "set linetype 4 lc rgb '#CC79A7' lw 1.5 pt 11 ps 1.0\n"
          "set linetype 5 lc rgb '#E69F00' lw 1.5 pt 13 ps 1.0\n"
          "set linetype 6 lc rgb '#56B4E9' lw 1.5 pt 15 ps 1.0\n"
          "set linetype 7 lc rgb '#000000' lw 1.5 pt 6 ps 1.0\n"
          "set linetype 8 lc rgb '#999999' lw 1.5 pt 4 ps 1.0\n"
          "set linetype 9 lc rgb '#882255' lw 1.5 pt 8 ps 1.0\n"
          "set linetype 10 lc rgb '#44AA99' lw 1.5 pt 10 ps 1.0\n"
          "set linetype 11 lc rgb '#332288' lw 1.5 pt 12 ps 1.0\n"
          "set linetype 12 lc rgb '#999933' lw 1.5 pt 14 ps 1.0\n"
          "set linetype cycle 12\n"
          "set style line 100 lc rgb '#555555' lw 1 dt 2   # zero and reference lines\n"
          "set grid back lc rgb '#dddddd' lw 1 dt 1\n"
          "set border 3 back\n"
          "set tics nomirror out\n"
          "set datafile missing 'NaN'\n",
          f);
}

double gp_tic_step(double lo, double hi, double px)
{
    double span = hi - lo;
    if (!(span > 0) || !(px > 0)) return 1;
    static const double M[] = {1, 2, 5};
    double mag = pow(10, floor(log10(span / 50)));
    for (int e = 0; e < 8; e++)
        for (int i = 0; i < 3; i++) {
            double step = M[i] * mag * pow(10, e);
            double need = 0;
            for (double k = ceil(lo / step); k <= floor(hi / step); k++) {
                char label[32];
                snprintf(label, sizeof label, "%g", k == 0 ? 0.0 : k * step);
                need += GP_LABEL_PX * (double)strlen(label) + 14;
            }
            if (need <= px) return step;
        }
    return span;
}
