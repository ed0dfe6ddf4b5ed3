/* lead_sim_state.c -- a lead problem's state in the runner's state file
 * (lead_sim.h; stats/report/wls.h's job section): what a stopped run has
 * added up, so that a resumed one ends with the bytes of one run. The
 * section, little-endian (stats/report/le_bytes.h): the text
 * "lead-sim 1", u32 columns and their cards (a byte each), u64 layouts
 * taken back, u64 layouts dealt (where the stream stood after the last
 * one taken, --where's rejections counted), u32 tables (the double-dummy
 * one, then one per convention in play; each: u64 layouts, per column its
 * paired_acc, best and odd-trick counts, per pair of columns its
 * paired_acc), u32 conventions and for each, per column, how often it chose
 * it and its rules then (a text). Settings are not in it: they are the
 * state's config text, compared line by line before resuming. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze/simulate/lead_sim.h"
#include "stats/report/le_bytes.h"

#define MAGIC "lead-sim 1"

static void put_acc(le_out *o, const paired_acc *p)
{
    for (int d = 0; d < 2; d++)
        for (int b = 0; b < PAIRED_BINS; b++) le_put_u64(o, p->hist[d][b]);
}

static void get_acc(le_in *in, paired_acc *p)
{
    for (int d = 0; d < 2; d++)
        for (int b = 0; b < PAIRED_BINS; b++) p->hist[d][b] = le_get_u64(in);
}

/* The tables of res, in the order they are saved. */
static int tables_of(const lead_sim_opts *o, lead_sim_result *res, lead_table *t[])
{
    int n = 0;
    if (o->dd) t[n++] = &res->dd;
    for (int k = 0; o->play && k < o->nconv; k++) t[n++] = &res->play[k];
    return n;
}

static void put_table(le_out *o, const lead_table *t)
{
    int pairs = t->ncols * (t->ncols - 1) / 2;
    le_put_u64(o, t->n);
    for (int i = 0; i < t->ncols; i++) {
        put_acc(o, &t->col[i]);
        le_put_u64(o, t->best[i]);
        le_put_u64(o, t->odd[i]);
    }
    for (int i = 0; i < pairs; i++) put_acc(o, &t->pair[i]);
}

static void get_table(le_in *in, lead_table *t)
{
    int pairs = t->ncols * (t->ncols - 1) / 2;
    t->n = le_get_u64(in);
    for (int i = 0; i < t->ncols; i++) {
        get_acc(in, &t->col[i]);
        t->best[i] = le_get_u64(in);
        t->odd[i] = le_get_u64(in);
    }
    for (int i = 0; i < pairs; i++) get_acc(in, &t->pair[i]);
}

bool lead_sim_state_save(const lead_sim_opts *o, const lead_sim_result *res, uint64_t dealt, unsigned char **buf,
                         size_t *len)
{
    le_out out = {0};
    lead_table *t[1 + STATS_MAX_CONV];
    int nt = tables_of(o, (lead_sim_result *)res, t); /* read only */
    le_put_u32(&out, (uint32_t)strlen(MAGIC));
    le_put_bytes(&out, MAGIC, strlen(MAGIC));
    le_put_u32(&out, (uint32_t)res->ncols);
    for (int i = 0; i < res->ncols; i++) le_put_bytes(&out, &(unsigned char){(unsigned char)res->card[i]}, 1);
    le_put_u64(&out, res->layouts);
    le_put_u64(&out, dealt);
    le_put_u32(&out, (uint32_t)nt);
    for (int k = 0; k < nt; k++) put_table(&out, t[k]);
    le_put_u32(&out, (uint32_t)o->nconv);
    for (int k = 0; k < o->nconv; k++)
        for (int i = 0; i < res->ncols; i++) {
            le_put_u64(&out, res->chosen[k][i]);
            le_put_u32(&out, (uint32_t)strlen(res->chosen_rule[k][i]));
            le_put_bytes(&out, res->chosen_rule[k][i], strlen(res->chosen_rule[k][i]));
        }
    if (out.failed) {
        free(out.buf);
        return false;
    }
    *buf = out.buf;
    *len = out.len;
    return true;
}

bool lead_sim_state_load(const lead_sim_opts *o, lead_sim_result *res, uint64_t *dealt, const unsigned char *buf,
                         size_t len, diag_t *diag)
{
    le_in in = {buf, buf + len, false};
    lead_table *t[1 + STATS_MAX_CONV];
    int nt = tables_of(o, res, t);
    uint32_t m = le_get_u32(&in);
    const unsigned char *magic = m == strlen(MAGIC) ? le_take(&in, m) : NULL;
    if (!magic || memcmp(magic, MAGIC, m) != 0) {
        diag_set(diag, o->save, 0, "not the state of a lead problem (lead --simulate)");
        return false;
    }
    bool same = le_get_u32(&in) == (uint32_t)res->ncols;
    for (int i = 0; same && i < res->ncols; i++) {
        const unsigned char *c = le_take(&in, 1);
        same = c && *c == res->card[i];
    }
    res->layouts = le_get_u64(&in);
    *dealt = le_get_u64(&in);
    same = same && le_get_u32(&in) == (uint32_t)nt;
    for (int k = 0; same && k < nt; k++) get_table(&in, t[k]);
    same = same && le_get_u32(&in) == (uint32_t)o->nconv;
    for (int k = 0; same && k < o->nconv; k++)
        for (int i = 0; i < res->ncols; i++) {
            res->chosen[k][i] = le_get_u64(&in);
            uint32_t n = le_get_u32(&in);
            const unsigned char *rule = n < sizeof res->chosen_rule[k][i] ? le_take(&in, n) : NULL;
            if (!rule) {
                same = false;
                break;
            }
            memcpy(res->chosen_rule[k][i], rule, n);
            res->chosen_rule[k][i][n] = 0;
        }
    if (!same || in.short_read || in.p != in.end) {
        diag_set(diag, o->save, 0, "the state's tables are not this problem's (damaged, or another whistlab's)");
        return false;
    }
    return true;
}

/* The first line of a that b does not have at the same place, and b's. */
static void first_difference(const char *a, const char *b, char *was, char *now, size_t len)
{
    while (*a && *b) {
        size_t na = strcspn(a, "\n"), nb = strcspn(b, "\n");
        if (na != nb || memcmp(a, b, na) != 0) break;
        a += na + (a[na] == '\n');
        b += nb + (b[nb] == '\n');
    }
    snprintf(was, len, "%.*s", (int)strcspn(a, "\n"), a);
    snprintf(now, len, "%.*s", (int)strcspn(b, "\n"), b);
}

bool lead_sim_read_state(const char *path, const char *config, wls_file *w, diag_t *diag)
{
    memset(w, 0, sizeof *w);
    w->stats = calloc(1, sizeof *w->stats);
    w->inputs = calloc(WLS_MAX_INPUTS, sizeof *w->inputs);
    w->job = malloc(WLS_JOB_MAX);
    w->job_cap = WLS_JOB_MAX;
    if (!w->stats || !w->inputs || !w->job) {
        diag_set(diag, path, 0, "out of memory");
        return false;
    }
    if (!wls_read(path, w, diag)) return false;
    if (!w->job_len) {
        diag_set(diag, path, 0, "not the state of a lead problem (lead --simulate)");
        return false;
    }
    if (strcmp(w->config, config) != 0) {
        char was[200], now[200];
        first_difference(w->config, config, was, now, sizeof was);
        diag_set(diag, path, 0, "was started with other settings: it has '%s' where this command has '%s' (resume "
                 "with the settings of the run saved, or start again with --save)", was[0] ? was : "(nothing)",
                 now[0] ? now : "(nothing)");
        return false;
    }
    if (w->complete) {
        diag_set(diag, path, 0, "the run saved there is finished: nothing to resume (start again with --save)");
        return false;
    }
    if (w->ninputs != 1) {
        diag_set(diag, path, 0, "not the state of a lead problem (lead --simulate)");
        return false;
    }
    return true;
}

void lead_sim_free_state(wls_file *w)
{
    free(w->stats);
    free(w->inputs);
    free(w->job);
    memset(w, 0, sizeof *w);
}
