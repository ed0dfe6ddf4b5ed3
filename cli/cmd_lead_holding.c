/* cmd_lead_holding.c -- `whistlab lead FILE --values F.wdv --by-holding`:
 * the tables by holding led (cmd_lead_holding.h). For each group of the
 * holdings table (the books' groups: A K x, K Q J x, Q J x x, a singleton,
 * x x x ...), plain suits and trumps apart: how many of the eldest hands'
 * suits were of it, how often each convention led from one, and the
 * double-dummy value of each card of it as the opening lead against the
 * best lead, with 95% intervals (deals as clusters, stats/binom_ci.h). */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"
#include "cli/cmd_lead_holding.h"
#include "formats/deal_digest.h"
#include "formats/out_file.h"
#include "stats/report/plot_holding.h"
#include "stats/report/provenance.h"

#define LEVEL 0.95
#define TABLE_MAX_BYTES (1 << 20)

/* The text of a table file, NUL-terminated, in a new buffer; NULL with the
 * reason printed. */
static char *read_table(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "whistlab lead: --holdings %s: %s\n", path, strerror(errno));
        return NULL;
    }
    char *buf = malloc(TABLE_MAX_BYTES + 1);
    size_t n = buf ? fread(buf, 1, TABLE_MAX_BYTES + 1, f) : 0;
    bool failed = !buf || ferror(f);
    fclose(f);
    if (failed || n > TABLE_MAX_BYTES) {
        fprintf(stderr, "whistlab lead: --holdings %s: %s\n", path,
                failed ? "cannot be read" : "larger than 1 MB: not a table of holding groups");
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    *size = n;
    return buf;
}

int lead_holding_open(lead_holding *h, const char *file, const convention *const *conv, int nconv, uint64_t seed)
{
    diag_t d = {0};
    bool ok;
    if (file) {
        size_t size;
        char *text = read_table(file, &size);
        if (!text) return EXIT_FAILURE_IO;
        ok = holding_groups_parse(&h->groups, text, size, file, &d);
        free(text);
    } else {
        ok = holding_groups_parse(&h->groups, HOLDINGS_BUILTIN_TEXT, strlen(HOLDINGS_BUILTIN_TEXT),
                                  HOLDINGS_BUILTIN_NAME, &d);
    }
    if (!ok) {
        diag_print(stderr, &d);
        return EXIT_USAGE;
    }
    h->groups_file = file;
    h->seed = seed;
    h->nconv = 0;
    for (int i = 0; i < nconv; i++)
        if (!convention_is_dd_best(conv[i])) h->conv[h->nconv++] = conv[i];
    holding_tally_init(&h->tally, &h->groups, h->nconv);
    return EXIT_OK;
}

void lead_holding_deal(lead_holding *h, const deal_t *w, const dd_leads *values)
{
    lead_view v = {.hand = w->hand[w->leader], .trump = w->strain, .turnup = w->turnup,
                   .deal_key = deal_digest_key(w), .seed = h->seed};
    card_t led[STATS_MAX_CONV];
    for (int k = 0; k < h->nconv; k++) {
        lead_choice ch;
        led[k] = lead_choose(h->conv[k], &v, &ch) < 0 ? CARD_NONE : ch.card;
    }
    holding_tally_add(&h->tally, v.hand, w->strain, led, values ? values->tricks : NULL);
}

/* ---------------------------------------------------------------- report */

static const char *groups_name(const lead_holding *h)
{
    return h->groups_file ? h->groups_file : "the built-in " HOLDINGS_BUILTIN_NAME;
}

/* A new string of fmt; NULL out of memory. */
static char *text_of(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *text_of(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (!s) return NULL;
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

/* The lines of what the report rests on, NULL-terminated, in a new array
 * of new strings (free_lines). */
static char **provenance_lines(const lead_holding *h, const lead_holding_source *src)
{
    char **l = calloc(16, sizeof *l);
    if (!l) return NULL;
    int n = 0;
    char command[8192], *list = NULL;
    size_t len = 0;
    provenance_command(command, sizeof command, "whistlab", src->argc, src->argv);
    FILE *f = open_memstream(&list, &len);
    if (f) {
        for (int i = 0; i < src->nfiles; i++) fprintf(f, "%s%s", i ? " " : "", src->files[i]);
        fclose(f);
    }
    char convs[4096] = "";
    for (int k = 0, used = 0; k < h->nconv && used < (int)sizeof convs; k++)
        used += snprintf(convs + used, sizeof convs - (size_t)used, "%s%s", k ? "," : "", convention_name(h->conv[k]));
    l[n++] = text_of("whistlab %s", WHISTLAB_VERSION);
    l[n++] = text_of("command: %s", command);
    l[n++] = text_of("experiment: the eldest hand's suits grouped by holding (%s); per group, plain suits and "
                          "trumps apart, how often each convention led from one, and each card's double-dummy "
                          "tricks as the opening lead minus the best lead's; %g%% intervals, deals as clusters",
                 groups_name(h), 100 * LEVEL);
    l[n++] = text_of("input: %s (%" PRIu64 " deals read: %" PRIu64 " analysed, %" PRIu64 " rejected, %" PRIu64
                          " left by --where)",
                 list ? list : "", src->read, src->analysed, src->rejected, src->left);
    l[n++] = text_of("values: %s%s%s%s", src->values ? src->values : "none (the leads only)",
                 src->values ? " (its corpus's digest " : "", src->values ? src->values_digest : "",
                 src->values ? ")" : "");
    l[n++] = text_of("conventions: %s", convs);
    if (src->where) l[n++] = text_of("where: %s", src->where);
    free(list);
    for (int i = 0; i < n; i++)
        if (!l[i]) { /* out of memory: no half list */
            for (int j = 0; j < n; j++) free(l[j]);
            free(l);
            return NULL;
        }
    return l;
}

static void free_lines(char **l)
{
    for (int i = 0; l && l[i]; i++) free(l[i]);
    free(l);
}

static const char *const KIND[2] = {"plain suits", "trumps"};

static void print_cell(FILE *out, const lead_holding *h, int gi, int trumps)
{
    const holding_cell *c = holding_tally_cell(&h->tally, gi, trumps);
    if (!c->held.n) return;
    fprintf(out, "  %s: %" PRId64 " held, in %" PRId64 " deals\n", KIND[trumps], c->held.n, c->held.deals);
    int w = 0;
    for (int k = 0; k < h->nconv; k++) {
        int l = (int)strlen(convention_name(h->conv[k]));
        if (l > w) w = l;
    }
    for (int k = 0; k < h->nconv; k++) {
        double est = NAN, lo = NAN, hi = NAN;
        ci_cluster_share(&c->led[k], LEVEL, &est, &lo, &hi);
        fprintf(out, "    %s %-*s %5.1f%%  [%.1f, %.1f]  (%" PRId64 ")\n", k ? "      " : "led by", w,
                convention_name(h->conv[k]), 100 * est, 100 * lo, 100 * hi, c->led[k].s);
    }
    if (gi < 0 || !h->tally.valued) return;
    const holding_group *g = &h->groups.g[gi];
    fprintf(out, "    %-7s %7s  %8s  %-18s  %6s  %s\n", "card", "n", "vs best", "95% CI", "best", "95% CI");
    for (int j = 0; j < g->ncols; j++) {
        if (!c->vs_best[j].n) continue;
        double m = NAN, mlo = NAN, mhi = NAN, b = NAN, blo = NAN, bhi = NAN;
        ci_cluster_mean(&c->vs_best[j], LEVEL, &m, &mlo, &mhi);
        ci_cluster_share(&c->best[j], LEVEL, &b, &blo, &bhi);
        char ci[48];
        if (isnan(mlo)) snprintf(ci, sizeof ci, "-");
        else snprintf(ci, sizeof ci, "[%+.3f, %+.3f]", mlo, mhi);
        fprintf(out, "    %-7s %7" PRId64 "  %+8.3f  %-18s  %5.1f%%  [%.1f, %.1f]\n", g->col[j], c->vs_best[j].n, m, ci,
                100 * b, 100 * blo, 100 * bhi);
    }
}

static void print_text(FILE *out, const lead_holding *h, char **prov)
{
    fprintf(out, "LEADS BY HOLDING: the eldest hand's suits grouped as the books group them (%s).\n"
                 "For each group, plain suits and trumps apart: the suits of it held, how often each convention\n"
                 "led from one (of those suits; the count in brackets), and with a store of solved leads each\n"
                 "card of it as the opening lead: its double-dummy tricks minus the best lead's, and how often\n"
                 "it is a best lead. 95%% intervals; every deal a cluster (cluster-adjusted Wilson and mean).\n",
            groups_name(h));
    for (int i = 0; prov && prov[i]; i++) fprintf(out, "%s\n", prov[i]);
    if (!h->tally.valued) fprintf(out, "no values (--values F.wdv): the leads only\n");
    for (int gi = 0; gi <= h->groups.n; gi++) {
        int g = gi < h->groups.n ? gi : HOLDING_OTHER;
        const holding_cell *p = holding_tally_cell(&h->tally, g, 0), *t = holding_tally_cell(&h->tally, g, 1);
        if (!p->held.n && !t->held.n) continue;
        if (g < 0) fprintf(out, "\nother (no row of the table matches)\n");
        else fprintf(out, "\n%s   [%s] %s\n", h->groups.g[g].name, h->groups.g[g].pattern, h->groups.g[g].source);
        print_cell(out, h, g, 0);
        print_cell(out, h, g, 1);
    }
}

/* A CSV field: as it is, or quoted (RFC 4180) when it holds a comma, a
 * quote, a line break or a leading '#' (a comment to pandas and R). */
static void csv_text(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\r\n") && s[0] != '#') {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"') fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static void csv_num(FILE *f, double v, int decimals)
{
    if (!isnan(v) && !isinf(v)) fprintf(f, "%.*f", decimals, v);
}

static void csv_row(FILE *f, const char *group, const char *pattern, int trumps, const char *measure, const char *conv,
                    const char *card, int64_t n, int64_t deals, double est, double lo, double hi)
{
    csv_text(f, group);
    fputc(',', f);
    csv_text(f, pattern);
    fprintf(f, ",%s,%s,", trumps ? "trumps" : "plain", measure);
    csv_text(f, conv);
    fputc(',', f);
    csv_text(f, card);
    fprintf(f, ",%" PRId64 ",%" PRId64 ",", n, deals);
    csv_num(f, est, 6);
    fputc(',', f);
    csv_num(f, lo, 6);
    fputc(',', f);
    csv_num(f, hi, 6);
    fputc('\n', f);
}

static void csv_cell(FILE *f, const lead_holding *h, int gi, int trumps)
{
    const holding_cell *c = holding_tally_cell(&h->tally, gi, trumps);
    if (!c->held.n) return;
    const char *group = gi < 0 ? "other" : h->groups.g[gi].name, *pattern = gi < 0 ? "" : h->groups.g[gi].pattern;
    csv_row(f, group, pattern, trumps, "held", "", "", c->held.n, c->held.deals,
            (double)c->held.deals / (double)h->tally.deals, NAN, NAN);
    for (int k = 0; k < h->nconv; k++) {
        double est = NAN, lo = NAN, hi = NAN;
        ci_cluster_share(&c->led[k], LEVEL, &est, &lo, &hi);
        csv_row(f, group, pattern, trumps, "led", convention_name(h->conv[k]), "", c->led[k].n, c->led[k].deals, est,
                lo, hi);
    }
    for (int j = 0; gi >= 0 && j < h->groups.g[gi].ncols; j++) {
        if (!c->vs_best[j].n) continue;
        double est = NAN, lo = NAN, hi = NAN;
        ci_cluster_mean(&c->vs_best[j], LEVEL, &est, &lo, &hi);
        csv_row(f, group, pattern, trumps, "vs_best", "", h->groups.g[gi].col[j], c->vs_best[j].n, c->vs_best[j].deals,
                est, lo, hi);
        ci_cluster_share(&c->best[j], LEVEL, &est, &lo, &hi);
        csv_row(f, group, pattern, trumps, "best", "", h->groups.g[gi].col[j], c->best[j].n, c->best[j].deals, est, lo,
                hi);
    }
}

static bool write_csv(const char *path, const lead_holding *h, char **prov)
{
    diag_t d = {0};
    out_file *o = out_file_create_by_name(path, &d);
    if (!o) {
        cli_error("whistlab lead", &d);
        return false;
    }
    FILE *f = out_file_stream(o);
    fputs("# whistlab lead --by-holding: the tables by holding led (pandas: read_csv(F, comment='#'); R: "
          "read.csv(F, comment.char='#'))\n", f);
    for (int i = 0; prov && prov[i]; i++) {
        fputs("# ", f);
        for (const char *s = prov[i]; *s; s++) fputc(*s == '\n' || *s == '\r' ? ' ' : *s, f);
        fputc('\n', f);
    }
    fputs("# measure: held (n suits of the group held, deals: in how many deals, estimate: the share of the deals),\n"
          "# led (estimate: the share of those suits the convention led from), vs_best (the card's double-dummy\n"
          "# tricks minus the best lead's, mean), best (the share of them where it is a best lead); 95% intervals\n",
          f);
    fputs("group,pattern,suit,measure,convention,card,n,deals,estimate,ci_low,ci_high\n", f);
    for (int gi = 0; gi <= h->groups.n; gi++)
        for (int t = 0; t < 2; t++) csv_cell(f, h, gi < h->groups.n ? gi : HOLDING_OTHER, t);
    if (!out_file_commit(o, &d)) {
        cli_error("whistlab lead", &d);
        return false;
    }
    return true;
}

/* Each file of the figure drawn (by-holding.svg, .png, .pdf). */
static void plot_drawn(void *ctx, const char *path)
{
    (void)ctx;
    if (cli_verbosity > CLI_QUIET) fprintf(stderr, "whistlab lead: figure %s\n", path);
}

static void plot_note(void *ctx, const diag_t *d)
{
    (void)ctx;
    diag_print(stderr, d);
}

/* The figure; its subtitle names the corpus, its deals and the store, as
 * the other figures' do. */
static bool draw(const char *dir, const lead_holding *h, char **prov, const lead_holding_source *src,
                 unsigned formats)
{
    plot_holding_row rows[(HOLDING_MAX_GROUPS + 1) * 2 * HOLDING_MAX_COLS];
    int n = 0;
    for (int gi = 0; gi < h->groups.n; gi++)
        for (int t = 0; t < 2; t++) {
            const holding_cell *c = holding_tally_cell(&h->tally, gi, t);
            for (int j = 0; j < h->groups.g[gi].ncols; j++) {
                if (!c->vs_best[j].n) continue;
                plot_holding_row *r = &rows[n++];
                r->group = h->groups.g[gi].name;
                r->card = h->groups.g[gi].col[j];
                r->trumps = t;
                r->n = (uint64_t)c->vs_best[j].n;
                ci_cluster_mean(&c->vs_best[j], LEVEL, &r->est, &r->lo, &r->hi);
            }
        }
    plot_opts po = {.note = plot_note, .drawn = plot_drawn, .formats = formats};
    diag_t d = {0};
    int figures = 0;
    char more[48] = "", source[1200];
    if (src->nfiles > 1) snprintf(more, sizeof more, " and %d more files", src->nfiles - 1);
    snprintf(source, sizeof source, "whistlab lead --by-holding: %.400s%s: %llu deals; values from %.400s",
             src->nfiles ? src->files[0] : "-", more, (unsigned long long)src->analysed,
             src->values ? src->values : "-");
    plot_status st = plot_holding(dir, source, rows, n, (const char *const *)prov, &po, &figures, &d);
    if (st != PLOT_OK) {
        cli_error("whistlab lead: --plot", &d);
        return false;
    }
    return true;
}

int lead_holding_report(lead_holding *h, FILE *out, const lead_holding_source *src, const char *csv,
                        const char *plot_dir, unsigned plot_formats)
{
    char **prov = provenance_lines(h, src);
    if (!prov) {
        fprintf(stderr, "whistlab lead: out of memory\n");
        return EXIT_FAILURE_IO;
    }
    int status = EXIT_OK;
    print_text(out, h, prov);
    if (csv && !write_csv(csv, h, prov)) status = EXIT_FAILURE_IO;
    if (plot_dir && h->tally.valued && !draw(plot_dir, h, prov, src, plot_formats)) status = EXIT_FAILURE_IO;
    free_lines(prov);
    return status;
}
