/* test_solve.c -- the store of solved leads (`whistlab solve`, .wdv) and
 * what reads it: the checked-in store of list100's first 25 deals
 * (tests/data/README.md) against a fresh solve, and every value of it
 * against DDS's own expected results (FUT) (all of list100 solved afresh
 * in make check-long); `replay --values` against solving, row for row;
 * resumed, sharded and mpirun solves against the checked-in store, byte for
 * byte; stores refused with their reason; the pool's peers (the MPI ranks'
 * stand-in) and `mpirun -n 3` against one process. */
#include <signal.h>
#include <sys/stat.h>
#include <time.h>
#include <zlib.h>
#include "testutil.h"
#include "analyze/dd/dd_pool.h"
#include "analyze/dd/dd_store.h"
#include "formats/reader.h"

static char out[1 << 16], out2[1 << 16];

static bool same_files(const char *a, const char *b)
{
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    bool same = fa && fb;
    int ca, cb;
    while (same && ((ca = fgetc(fa)) != EOF) | ((cb = fgetc(fb)) != EOF)) same = ca == cb;
    if (fa) fclose(fa);
    if (fb) fclose(fb);
    return same;
}

/* Two tables the same but for their comment lines that match the extended
 * regular expression skip. */
static bool same_tables_but(const char *a, const char *b, const char *skip)
{
    char buf[64];
    return test_run(buf, sizeof buf,
                    "grep -Ev '%s' '%s' > '%s.cmp' && grep -Ev '%s' '%s' | cmp -s - '%s.cmp'; s=$?; rm -f '%s.cmp'; "
                    "exit $s", skip, a, a, skip, b, a, a) == 0;
}

/* A report or CSV with its command line rows left out (they name the
 * run's own output files). */
static void drop_command_lines(char *text)
{
    char *w = text;
    for (char *line = text; *line;) {
        char *nl = strchr(line, '\n');
        size_t n = nl ? (size_t)(nl - line + 1) : strlen(line);
        if (!strstr(line, "command") || (nl && strstr(line, "command") > nl)) {
            memmove(w, line, n);
            w += n;
        }
        line += n;
    }
    *w = 0;
}

/* 12 random deals: the round robin under MPI plays them. */
static const char *small_corpus(void)
{
    static char path[256];
    snprintf(path, sizeof path, "%s", test_tmp("small.wda"));
    struct stat st;
    if (stat(path, &st) != 0) {
        int rc = test_run(out, sizeof out, "%s deal -n 12 --seed 1851 -o %s 2>&1", test_bin(), path);
        assert_int_equal(rc, 0);
    }
    return path;
}

/* DDS's list100's first n deals, as a corpus at path (a deal is its seven
 * lines, PBN to TRACE, after the NUMBER line). */
static void list100_head(int n, const char *path)
{
    assert_int_equal(test_run(out, sizeof out, "{ echo 'NUMBER %d'; sed -n '2,%dp' %s; } > '%s' 2>&1", n, 1 + 7 * n,
                              test_shared("corpora/dds-hands/list100.txt"), path), 0);
}

/* The directory the tests started in: the checked-in store is under it. */
static char start_dir[1024];

/* The store of list100's first 25 deals (one store block, 10 of them no
 * trumps), checked in: tests/data/list100-25.wdv, made by `whistlab solve`
 * (tests/data/README.md says how). The tests whose subject is not solving
 * read it rather than solve; the fresh solve of its first deals equals it
 * (test_checked_in_store_is_a_fresh_solve). */
static const char *list_store(void)
{
    static char path[1200];
    snprintf(path, sizeof path, "%s/tests/data/list100-25.wdv", start_dir);
    return path;
}

/* The store's corpus, under the name it was solved from ("dds list.txt":
 * the store's note holds it, and the resume command quotes it) in a
 * directory of its own: a solve of it run there ends with the store's
 * bytes. */
#define LIST_DEALS 25
#define LIST_NAME "dds list.txt"
static const char *list_dir(void)
{
    static char dir[256];
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "%s", test_tmp("list"));
        assert_int_equal(test_run(out, sizeof out, "mkdir -p %s", dir), 0);
        char path[300];
        snprintf(path, sizeof path, "%s/" LIST_NAME, dir);
        list100_head(LIST_DEALS, path);
    }
    return dir;
}

static const char *list_corpus(void)
{
    static char path[300];
    snprintf(path, sizeof path, "%s/" LIST_NAME, list_dir());
    return path;
}

static void copy_list_store(const char *to)
{
    assert_int_equal(test_run(out, sizeof out, "cp %s %s 2>&1", list_store(), to), 0);
}

/* The fresh solve of the checked-in store's first 3 deals holds its values,
 * record for record, with its reading policy and engine: the store is what
 * today's solve makes (remade as tests/data/README.md says when not). */
static void test_checked_in_store_is_a_fresh_solve(void **state)
{
    (void)state;
    const char *head = test_tmp("head3.txt"), *wdv = test_tmp("head3.wdv");
    list100_head(3, head);
    int rc = test_run(out, sizeof out, "%s solve %s -o %s --no-progress 2>&1", test_bin(), head, wdv);
    if (rc != 0) fail_msg("solve: exit %d:\n%s", rc, out);
    diag_t diag = {0};
    dd_store *fresh = dd_store_open(wdv, &diag), *kept = dd_store_open(list_store(), &diag);
    assert_non_null(fresh);
    assert_non_null(kept);
    const dd_store_header *f = dd_store_header_of(fresh), *k = dd_store_header_of(kept);
    assert_int_equal(f->count, 3);
    assert_int_equal(k->count, LIST_DEALS);
    assert_int_equal(f->per_record, k->per_record);
    assert_string_equal(f->policy, k->policy);
    assert_string_equal(f->engine, k->engine);
    assert_int_equal(f->version, k->version);
    assert_string_equal(k->note, "whistlab solve --format auto --trump auto " LIST_NAME);
    for (uint64_t place = 0; place < 3; place++) {
        assert_int_not_equal(dd_store_get(fresh, place), DD_STORE_EMPTY);
        assert_int_equal(dd_store_get(fresh, place), dd_store_get(kept, place));
    }
    dd_store_close(fresh);
    dd_store_close(kept);
    test_remove(head, wdv);
}

/* The store to check against FUT and its deals: the checked-in one; in
 * make check-long a fresh solve of all of list100. */
static const char *fut_store(const char **list, int *deals)
{
    if (!test_long()) {
        *list = list_corpus();
        *deals = LIST_DEALS;
        return list_store();
    }
    static char path[256], corpus[256];
    snprintf(corpus, sizeof corpus, "%s", test_tmp("list100.txt"));
    snprintf(path, sizeof path, "%s", test_tmp("list100.wdv"));
    *list = corpus;
    *deals = 100;
    list100_head(100, corpus);
    int rc = test_run(out, sizeof out, "%s solve %s -o %s --no-progress 2>&1", test_bin(), corpus, path);
    if (rc != 0) fail_msg("solve: exit %d:\n%s", rc, out);
    assert_non_null(strstr(out, "100 deals read: 100 solved, 0 rejected"));
    return path;
}

/* Every card of every deal of the list, from the store, is DDS's FUT. */
static void test_store_values_are_dds_fut(void **state)
{
    (void)state;
    int deals;
    const char *list;
    const char *wdv = fut_store(&list, &deals);
    diag_t diag = {0};
    dd_store *s = dd_store_open(wdv, &diag);
    assert_non_null(s);
    assert_int_equal(dd_store_header_of(s)->count, deals);
    assert_int_equal(dd_store_header_of(s)->deals, deals);
    deal_reader *r = deal_reader_open(list, FMT_DDS, &diag);
    assert_non_null(r);
    deal_t d, whist[4];
    trump_policy policy = {.kind = TRUMP_AUTO, .leader = SEAT_NONE};
    int cards = 0;
    for (uint64_t place = 0; deal_reader_next(r, &d, &diag) == READ_DEAL; place++) {
        assert_int_equal(deal_apply_trump_policy(&d, &policy, whist, &diag), 1);
        dd_leads l;
        assert_int_equal(dd_store_unpack(dd_store_get(s, place), &whist[0], place, &l), DD_STORE_OK);
        for (card_t c = 0; c < 64; c++)
            if (hand_has(d.hand[d.leader], c)) {
                assert_int_equal(l.tricks[c], d.fut[c]);
                cards++;
            }
        /* the record checks its deal: another place's is refused */
        dd_leads other;
        assert_int_equal(dd_store_unpack(dd_store_get(s, place), &whist[0], place + 1, &other), DD_STORE_MISMATCH);
    }
    assert_int_equal(cards, 13 * deals);
    deal_reader_close(r);
    dd_store_close(s);
}

/* replay --values prints what solving prints: every number, every row (of
 * the list's first 6 deals: solving is this test's CPU). */
static void test_replay_values_same_as_solving(void **state)
{
    (void)state;
    const char *corpus = list_corpus();
    const char *wdv = list_store();
    char a[256], b[256];
    snprintf(a, sizeof a, "%s", test_tmp("a.csv"));
    snprintf(b, sizeof b, "%s", test_tmp("b.csv"));
    static const char *const runs[] = {
        "--eval both --conventions long-suit,short-suit,dd-best",
        "--eval dd --conventions long-suit,american,short-suit,strongest-suit",
        "--eval dd --all-leads --conventions long-suit,random",
    };
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        int rc1 = test_run(out, sizeof out, "%s replay '%s' %s --limit 6 --no-progress --csv-deals %s 2>&1", test_bin(),
                           corpus, runs[i], a);
        int rc2 = test_run(out2, sizeof out2, "%s replay '%s' %s --limit 6 --no-progress --values %s --csv-deals %s 2>&1",
                           test_bin(), corpus, runs[i], wdv, b);
        assert_int_equal(rc1, 0);
        assert_int_equal(rc2, 0);
        assert_non_null(strstr(out2, "dd values from the store"));
        assert_null(strstr(out, "dd values from the store"));
        /* the provenance differs by the store's line; the numbers not at all */
        const char *n1 = strstr(out, "\ninput:"), *n2 = strstr(out2, "\ninput:");
        assert_non_null(n1);
        assert_non_null(n2);
        if (strcmp(n1, n2) != 0) fail_msg("%s: solving and the store differ:\n%s\n----\n%s", runs[i], out, out2);
        /* the tables too: by their command, the store's setting line and the
         * engine, stated by the run that solved */
        assert_true(same_tables_but(a, b, "^# (command|setting dd values|setting engine): "));
        assert_false(same_files(a, b));
    }
    /* without every lead valued, the best lead's columns are empty */
    test_run(out, sizeof out, "%s replay '%s' --no-progress --values %s --csv-deals - 2>/dev/null | grep -v '^#' | sed -n 2p",
             test_bin(), corpus, wdv);
    assert_non_null(strstr(out, ",,,")); /* best_lead, optimal_leads empty */
    unlink(a);
    unlink(b);
}

/* Shards merged, and a solve stopped and resumed, give the bytes of one
 * whole solve (the checked-in store, solved where the shards are). */
static void test_shards_and_resume_same_bytes(void **state)
{
    (void)state;
    const char *corpus = list_corpus(), *dir = list_dir();
    const char *whole = list_store();
    char p1[256], p2[256], merged[256];
    snprintf(p1, sizeof p1, "%s", test_tmp("p1.wdv"));
    snprintf(p2, sizeof p2, "%s", test_tmp("p2.wdv"));
    snprintf(merged, sizeof merged, "%s", test_tmp("merged.wdv"));
    for (int i = 2; i >= 1; i--)
        assert_int_equal(test_run(out, sizeof out, "cd %s && %s solve '" LIST_NAME "' -o %s --shard %d/2 --no-progress 2>&1",
                                  dir, test_bin(), i == 1 ? p1 : p2, i), 0);
    /* a part is not a store to read */
    int rc = test_run(out, sizeof out, "%s replay '%s' --values %s --no-progress 2>&1", test_bin(), corpus, p1);
    assert_int_equal(rc, 3);
    assert_non_null(strstr(out, "shard 1 of 2 of a solve: merge the parts first"));
    /* one part missing, then both (in any order) */
    rc = test_run(out, sizeof out, "%s solve --merge -o %s %s 2>&1", test_bin(), merged, p2);
    assert_int_equal(rc, 3);
    assert_non_null(strstr(out, "a solve in 2 shards needs its 2 parts, 1 given"));
    assert_int_equal(test_run(out, sizeof out, "%s solve --merge -o %s %s %s 2>&1", test_bin(), merged, p2, p1), 0);
    assert_true(same_files(whole, merged));

    /* resuming: 5000 places written, the writer stopped, resumed with
     * every place kept, finished: the same bytes */
    dd_store_header h = {.per_record = 1, .shard = 1, .shards = 1};
    snprintf(h.policy, sizeof h.policy, "format auto trump auto leader -");
    snprintf(h.note, sizeof h.note, "test");
    char once[256], twice[256], part[300];
    snprintf(once, sizeof once, "%s", test_tmp("once.wdv"));
    snprintf(twice, sizeof twice, "%s", test_tmp("twice.wdv"));
    snprintf(part, sizeof part, "%s.part", twice);
    diag_t diag = {0};
    dd_store_writer *w = dd_store_create(once, &h, true, &diag);
    assert_non_null(w);
    for (uint64_t i = 0; i < 9000; i++) assert_true(dd_store_put(w, i * 0x9E3779B97F4A7C15ULL, &diag));
    assert_true(dd_store_finish(w, 9000, (digest128){{1, 2}}, &diag));
    w = dd_store_create(twice, &h, true, &diag);
    for (uint64_t i = 0; i < 5000; i++) assert_true(dd_store_put(w, i * 0x9E3779B97F4A7C15ULL, &diag));
    dd_store_stop(w);
    struct stat st;
    assert_int_equal(stat(part, &st), 0);
    uint64_t kept = 0;
    w = dd_store_resume(twice, &h, &kept, &diag);
    assert_non_null(w);
    assert_int_equal(kept, 5000);
    for (uint64_t i = kept; i < 9000; i++) assert_true(dd_store_put(w, i * 0x9E3779B97F4A7C15ULL, &diag));
    assert_true(dd_store_finish(w, 9000, (digest128){{1, 2}}, &diag));
    assert_true(same_files(once, twice));
    assert_int_not_equal(stat(part, &st), 0);
    /* another store's part is not resumed */
    snprintf(h.note, sizeof h.note, "another");
    w = dd_store_create(twice, &h, true, &diag);
    dd_store_put(w, 1, &diag);
    dd_store_stop(w);
    snprintf(h.note, sizeof h.note, "test");
    memset(&diag, 0, sizeof diag);
    assert_null(dd_store_resume(twice, &h, &kept, &diag));
    assert_non_null(strstr(diag.reason, "started for other deals or settings"));
    unlink(part);
    unlink(once);
    unlink(p1);
    unlink(p2);
    unlink(merged);
}

/* A child process writes the store at path (resumed, or new) up to place
 * `to`, with checkpoints at places sync1 and sync2, and is killed
 * (SIGKILL: nothing flushed on the way out). */
static void killed_writing(const char *path, const dd_store_header *h, bool resume, uint64_t sync1, uint64_t sync2,
                           uint64_t to)
{
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        diag_t diag = {0};
        uint64_t from = 0;
        dd_store_writer *w = resume ? dd_store_resume(path, h, &from, &diag) : dd_store_create(path, h, true, &diag);
        if (!w) _exit(1);
        for (uint64_t i = from; i < to; i++) {
            if ((i == sync1 || i == sync2) && !dd_store_sync(w, &diag)) _exit(1);
            if (!dd_store_put(w, i * 0x9E3779B97F4A7C15ULL, &diag)) _exit(1);
        }
        raise(SIGKILL);
        _exit(1);
    }
    int st;
    waitpid(pid, &st, 0);
    assert_true(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
}

/* A checkpoint (dd_store_sync) keeps every place put before it, in a
 * partial block: a writer killed after it resumes there, not at the last
 * whole block (issue 28: a solve stopped after 593 deals resumed from
 * zero), the latest of several checkpoints, and ends with the bytes of an
 * uninterrupted store. */
static void test_checkpoint_keeps_every_place(void **state)
{
    (void)state;
    dd_store_header h = {.per_record = 1, .shard = 1, .shards = 1};
    snprintf(h.policy, sizeof h.policy, "format auto trump auto leader -");
    snprintf(h.note, sizeof h.note, "test");
    char once[256], twice[256], part[300];
    snprintf(once, sizeof once, "%s", test_tmp("ck-once.wdv"));
    snprintf(twice, sizeof twice, "%s", test_tmp("ck-twice.wdv"));
    snprintf(part, sizeof part, "%s.part", twice);
    diag_t diag = {0};
    dd_store_writer *w = dd_store_create(once, &h, true, &diag);
    for (uint64_t i = 0; i < 9000; i++) assert_true(dd_store_put(w, i * 0x9E3779B97F4A7C15ULL, &diag));
    assert_true(dd_store_finish(w, 9000, (digest128){{1, 2}}, &diag));
    /* killed (SIGKILL) in the first block, after a checkpoint at 100 */
    uint64_t kept = 0;
    killed_writing(twice, &h, false, 0, 100, 200);
    w = dd_store_resume(twice, &h, &kept, &diag);
    assert_non_null(w);
    assert_int_equal(kept, 100);
    dd_store_stop(w);
    /* then checkpoints at 4500 and 5000, killed at 5300 */
    killed_writing(twice, &h, true, 4500, 5000, 5300);
    w = dd_store_resume(twice, &h, &kept, &diag);
    assert_non_null(w);
    assert_int_equal(kept, 5000);
    for (uint64_t i = kept; i < 9000; i++) assert_true(dd_store_put(w, i * 0x9E3779B97F4A7C15ULL, &diag));
    assert_true(dd_store_finish(w, 9000, (digest128){{1, 2}}, &diag));
    assert_true(same_files(once, twice));
    unlink(once);
    unlink(twice);
}

/* A solve interrupted (SIGINT) keeps what it solved, says how many deals
 * and the whole command to go on with, quoted; that command, pasted,
 * resumes with every deal kept and ends with the bytes of one solve (the
 * checked-in store, solved where this one runs). */
static void test_interrupted_solve_pastes_its_resume(void **state)
{
    (void)state;
    const int deals = LIST_DEALS;
    const char *whole = list_store(), *dir = list_dir();
    const char *cut = test_tmp("int cut's.wdv"), *err = test_tmp("int.err");
    assert_int_equal(chdir(dir), 0);
    pid_t pid = test_start(NULL, err, (const char *[]){"solve", LIST_NAME, "-o", cut, "--threads", "1", "--progress",
                                                       "log=0.1", NULL});
    assert_int_equal(chdir(start_dir), 0);
    /* interrupted once its progress log shows a deal solved, however slow
     * the machine (a fixed delay could come before the first deal) */
    bool solving = false;
    for (int tries = 0; tries < 3000 && !solving; tries++) {
        struct timespec wait = {0, 20000000};
        nanosleep(&wait, NULL);
        FILE *log = fopen(err, "r");
        char line[512];
        unsigned long long n;
        while (log && fgets(line, sizeof line, log))
            if (sscanf(line, "%*s solve: %llu of %*d deals", &n) == 1 && n > 0) solving = true;
        if (log) fclose(log);
    }
    assert_true(solving);
    assert_int_equal(test_stop(pid, SIGINT), 130);
    char *said = test_slurp(err);
    assert_non_null(said);
    unsigned long long done = test_interrupted_after(said);
    assert_true(done > 0 && done < (unsigned long long)deals);
    assert_int_equal(test_run(out, sizeof out, "cd %s && %s 2>&1", dir, test_resume_command(said, "solve")), 0);
    free(said);
    char want[128];
    snprintf(want, sizeof want, "resuming: %llu deals kept", done);
    assert_non_null(strstr(out, want));
    snprintf(want, sizeof want, "%d deals read: %d solved, 0 rejected", deals, deals);
    assert_non_null(strstr(out, want));
    assert_true(same_files(whole, cut));
    unlink(cut);
    unlink(err);
}

/* A store is refused, with its reason, for another corpus, when damaged,
 * and when unfinished. */
static void test_store_refused_with_reason(void **state)
{
    (void)state;
    const char *corpus = list_corpus();
    char wdv[256], other[256];
    snprintf(wdv, sizeof wdv, "%s", test_tmp("refused.wdv"));
    snprintf(other, sizeof other, "%s", test_tmp("other.wda"));
    copy_list_store(wdv);
    assert_int_equal(test_run(out, sizeof out, "%s deal -n 12 --seed 1852 -o %s 2>&1", test_bin(), other), 0);
    int rc = test_run(out, sizeof out, "%s replay %s --values %s --no-progress 2>&1", test_bin(), other, wdv);
    assert_int_equal(rc, 3);
    assert_non_null(strstr(out, "holds another deal here"));
    assert_non_null(strstr(out, "made from another corpus"));
    rc = test_run(out, sizeof out, "%s replay '%s' --trump S --values %s --no-progress 2>&1", test_bin(), corpus, wdv);
    assert_int_equal(rc, 3);
    assert_non_null(strstr(out, "the store was solved with format auto trump auto leader -, this run reads with "
                                "format auto trump S leader -"));
    /* one bit of a record flipped */
    FILE *f = fopen(wdv, "r+b");
    assert_non_null(f);
    fseek(f, -20, SEEK_END);
    int c = fgetc(f);
    fseek(f, -20, SEEK_END);
    fputc(c ^ 4, f);
    fclose(f);
    rc = test_run(out, sizeof out, "%s replay '%s' --values %s --no-progress 2>&1", test_bin(), corpus, wdv);
    assert_int_equal(rc, 3);
    assert_non_null(strstr(out, "CRC mismatch: the store is damaged"));
    rc = test_run(out, sizeof out, "%s replay '%s' --values '%s' --no-progress 2>&1", test_bin(), corpus, corpus);
    assert_int_equal(rc, 3);
    assert_non_null(strstr(out, "not a solved-lead store (.wdv)"));
    unlink(wdv);
    unlink(other);
}

/* Issue 25 item 2: a store whose header, CRC valid, holds a record count
 * so large that the size it asks for wraps round 2^64 to the file's own
 * size (zeros appended as needed). */
static void forge_wrapping_count(const char *path)
{
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    uint8_t head[DD_STORE_HEADER_BYTES + DD_STORE_ENGINE_BYTES + DD_STORE_MAX_NOTE];
    assert_int_equal(fread(head, 1, DD_STORE_HEADER_BYTES, f), DD_STORE_HEADER_BYTES);
    uint32_t note = head[116] | (uint32_t)head[117] << 8;
    size_t fixed = DD_STORE_HEADER_BYTES + (head[8] >= 2 ? DD_STORE_ENGINE_BYTES : 0); /* the note's place */
    assert_int_equal(fread(head + DD_STORE_HEADER_BYTES, 1, fixed - DD_STORE_HEADER_BYTES + note, f),
                     fixed - DD_STORE_HEADER_BYTES + note);
    fseek(f, 0, SEEK_END);
    uint64_t size = (uint64_t)ftell(f), data = fixed + note, count = 0;
    uint64_t inv = 8193; /* 8193^-1 mod 2^64, by Newton's steps */
    for (int i = 0; i < 6; i++) inv *= 2 - 8193 * inv;
    /* count = 4096 q - r in q blocks: data + 8 count + 4 q = size mod 2^64,
     * 32772 q = size - data + 8 r; q under 2^52 so that count fits */
    for (uint64_t pad = 0; !count && pad < 4096; pad += 4)
        for (uint64_t r = 0; !count && r < 4096; r++) {
            uint64_t q = (size + pad - data + 8 * r) / 4 * inv & ((1ULL << 62) - 1);
            if (q && q < 1ULL << 52 && data + 8 * (4096 * q - r) + 4 * q == size + pad) {
                count = 4096 * q - r;
                for (uint64_t k = 0; k < pad; k++) fputc(0, f);
            }
        }
    assert_true(count > 1ULL << 60);
    for (int i = 0; i < 8; i++) head[24 + i] = (uint8_t)(count >> (8 * i));
    uint32_t crc = (uint32_t)crc32(crc32(0, head, 120), head + fixed, note);
    for (int i = 0; i < 4; i++) head[120 + i] = (uint8_t)(crc >> (8 * i));
    fseek(f, 0, SEEK_SET);
    assert_int_equal(fwrite(head, 1, DD_STORE_HEADER_BYTES, f), DD_STORE_HEADER_BYTES);
    fclose(f);
}

/* Every reader of a store refuses the forged count as truncated (it died
 * of SIGBUS reading past the file). */
static void test_forged_count_refused(void **state)
{
    (void)state;
    const char *corpus = list_corpus();
    char wdv[256], merged[256];
    snprintf(wdv, sizeof wdv, "%s", test_tmp("forged.wdv"));
    snprintf(merged, sizeof merged, "%s", test_tmp("forged-merged.wdv"));
    copy_list_store(wdv);
    forge_wrapping_count(wdv);
    char reads[3][1024];
    snprintf(reads[0], sizeof reads[0], "replay '%s' --values %s --no-progress", corpus, wdv);
    snprintf(reads[1], sizeof reads[1], "lead '%s' --values %s", corpus, wdv);
    snprintf(reads[2], sizeof reads[2], "solve --merge -o %s %s", merged, wdv);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(test_run(out, sizeof out, "%s %s 2>&1", test_bin(), reads[i]), 3);
        assert_non_null(strstr(out, "forged.wdv: truncated: "));
        assert_non_null(strstr(out, " records need more than 2^64"));
    }
    struct stat st;
    assert_int_not_equal(stat(merged, &st), 0);
    unlink(wdv);
}

/* Issue 25 item 9: the parts of two corpora of one size under one file
 * name are not merged (the store's digest matched neither corpus, and
 * was refused only when read); each corpus's parts still merge to its
 * whole store. Two deals a corpus: a deal a part. */
static void test_parts_of_other_deals_refused(void **state)
{
    (void)state;
    char dir[2][256], merged[1024];
    for (int c = 0; c < 2; c++) {
        snprintf(dir[c], sizeof dir[c], "%s", test_tmp(c ? "solve2" : "solve1"));
        assert_int_equal(test_run(out, sizeof out, "mkdir -p %s && cd %s && %s deal -n 2 --seed %d -o x.wda && "
                                  "%s solve x.wda --shard 1/2 -o p1.wdv --no-progress && "
                                  "%s solve x.wda --shard 2/2 -o p2.wdv --no-progress 2>&1", dir[c], dir[c],
                                  test_bin_abs(), 21 + c, test_bin_abs(), test_bin_abs()), 0);
    }
    assert_int_equal(test_run(out, sizeof out, "cd %s && %s solve x.wda -o whole.wdv --no-progress && "
                              "%s solve --merge -o m.wdv p1.wdv p2.wdv && cmp m.wdv whole.wdv 2>&1", dir[0],
                              test_bin_abs(), test_bin_abs()), 0);
    snprintf(merged, sizeof merged, "%s/mix.wdv", dir[0]);
    assert_int_equal(test_run(out, sizeof out, "%s solve --merge -o %s %s/p1.wdv %s/p2.wdv 2>&1", test_bin_abs(), merged,
                              dir[0], dir[1]), 3);
    assert_non_null(strstr(out, "/p2.wdv: a part of other deals: cut from a corpus of digest "));
    struct stat st;
    assert_int_not_equal(stat(merged, &st), 0);
    assert_int_equal(test_run(out, sizeof out, "rm -rf %s %s", dir[0], dir[1]), 0);
}

/* The pool's peers: jobs done elsewhere come back in order; a lost peer's
 * jobs, and every later one it takes, fail at once with DD_PEER_LOST. */
static bool peer_doubles(void *peer, dd_job *const jobs[], int n)
{
    int *calls = peer;
    (*calls)++;
    for (int i = 0; i < n; i++) jobs[i]->out[0] = (unsigned char)(2 * jobs[i]->tag);
    return true;
}

static bool peer_lost(void *peer, dd_job *const jobs[], int n)
{
    (void)peer;
    (void)jobs;
    (void)n;
    return false;
}

/* The local worker is slow (2 ms a job), so that the peer takes its share
 * whatever the scheduling. */
static void local_doubles(dd_job *job, dd_solver *solver, void *ctx)
{
    (void)solver;
    (void)ctx;
    usleep(2000);
    job->out[0] = (unsigned char)(2 * job->tag);
}

/* A slow job (a solve), 30 ms. */
static void slow_job(dd_job *job, dd_solver *solver, void *ctx)
{
    (void)solver;
    (void)ctx;
    usleep(30000);
    job->out[0] = (unsigned char)job->tag;
}

/* The caller sleeps while slow jobs run: waiting for a run of results
 * (dd_pool_oldest) gives up the run after a while and then waits for the
 * oldest alone, without spinning. 32 jobs of 30 ms on one worker take about
 * a second; a caller that spun would burn as much CPU. */
static void test_pool_caller_sleeps(void **state)
{
    (void)state;
    dd_pool *p = dd_pool_open(DD_ENGINE_DDS, 1, 64, slow_job, NULL);
    assert_non_null(p);
    for (uint64_t tag = 0; tag < 32; tag++) {
        dd_job *job = dd_pool_claim(p);
        assert_non_null(job);
        job->tag = tag;
        dd_pool_submit(p);
    }
    struct timespec c0, c1;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c0);
    uint64_t next = 0;
    for (dd_job *old; (old = dd_pool_oldest(p)); next++, dd_pool_retire(p)) {
        assert_int_equal(old->tag, next);
        assert_int_equal(old->out[0], (unsigned char)next);
    }
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c1);
    assert_int_equal(next, 32);
    double cpu_s = (double)(c1.tv_sec - c0.tv_sec) + 1e-9 * (double)(c1.tv_nsec - c0.tv_nsec);
    assert_true(cpu_s < 0.1);
    dd_pool_close(p);
}

static void test_pool_peers(void **state)
{
    (void)state;
    int calls = 0;
    dd_pool *p = dd_pool_open(DD_ENGINE_DDS, 1, 16, local_doubles, NULL);
    assert_non_null(p);
    assert_true(dd_pool_add_peer(p, peer_doubles, &calls, 4));
    uint64_t next = 0;
    for (uint64_t tag = 0; tag < 100; tag++) {
        dd_job *job;
        while (!(job = dd_pool_claim(p))) {
            dd_job *old = dd_pool_oldest(p);
            assert_int_equal(old->tag, next);
            assert_int_equal(old->out[0], (unsigned char)(2 * next));
            next++;
            dd_pool_retire(p);
        }
        job->tag = tag;
        dd_pool_submit(p);
    }
    for (dd_job *old; (old = dd_pool_oldest(p)); next++, dd_pool_retire(p)) assert_int_equal(old->tag, next);
    assert_int_equal(next, 100);
    dd_pool_close(p);
    assert_true(calls > 0);

    p = dd_pool_open(DD_ENGINE_DDS, 1, 8, local_doubles, NULL);
    assert_true(dd_pool_add_peer(p, peer_lost, NULL, 2));
    int lost = 0;
    for (uint64_t tag = 0; tag < 40; tag++) {
        dd_job *job;
        while (!(job = dd_pool_claim(p))) {
            lost += dd_pool_oldest(p)->rc == DD_PEER_LOST;
            dd_pool_retire(p);
        }
        job->tag = tag;
        dd_pool_submit(p);
    }
    for (dd_job *old; (old = dd_pool_oldest(p)); dd_pool_retire(p)) lost += old->rc == DD_PEER_LOST;
    assert_true(lost > 0); /* the local worker did the rest: nothing waits for ever */
    dd_pool_close(p);
}

/* mpirun -n 3 (rank 0 reads; the others solve and play) gives the bytes of
 * one process: the store (the checked-in one, solved where this one is),
 * the report, the per-deal table (of the list's first 8 deals); and the
 * round robin's report and table. */
static void test_mpirun_same_bytes(void **state)
{
    (void)state;
    const char *corpus = list_corpus(), *dir = list_dir();
    const char *one = list_store();
    char three[256], c1[256], c3[256];
    snprintf(three, sizeof three, "%s", test_tmp("three.wdv"));
    snprintf(c1, sizeof c1, "%s", test_tmp("one.csv"));
    snprintf(c3, sizeof c3, "%s", test_tmp("three.csv"));
    static const char MPI[] = "ASAN_OPTIONS=detect_leaks=0 mpirun --oversubscribe --allow-run-as-root -n 3";
    int rc = test_run(out, sizeof out, "cd %s && %s %s solve '" LIST_NAME "' -o %s --no-progress 2>&1", dir, MPI,
                      test_bin(), three);
    if (rc != 0) fail_msg("mpirun solve: exit %d:\n%s", rc, out);
    assert_true(same_files(one, three));
    static const char RUN[] = "replay '%s' --eval both --conventions long-suit,american,dd-best --limit 8 "
                              "--no-progress --csv-deals %s";
    char run1[512], run3[512];
    snprintf(run1, sizeof run1, RUN, corpus, c1);
    snprintf(run3, sizeof run3, RUN, corpus, c3);
    assert_int_equal(test_run(out, sizeof out, "%s %s 2>&1", test_bin(), run1), 0);
    rc = test_run(out2, sizeof out2, "%s %s %s 2>&1", MPI, test_bin(), run3);
    if (rc != 0) fail_msg("mpirun replay: exit %d:\n%s", rc, out2);
    drop_command_lines(out);
    drop_command_lines(out2);
    assert_string_equal(out, out2);
    assert_true(same_tables_but(c1, c3, "^# command: "));
    /* the round robin on the corpus runner: the other ranks play */
    static const char ROBIN[] = "play --round-robin long-suit,american,short-suit --trump each --limit 29 "
                                "--no-progress %s --csv-deals %s";
    snprintf(run1, sizeof run1, ROBIN, small_corpus(), c1);
    snprintf(run3, sizeof run3, ROBIN, small_corpus(), c3);
    assert_int_equal(test_run(out, sizeof out, "%s %s 2>&1", test_bin(), run1), 0);
    rc = test_run(out2, sizeof out2, "%s %s %s 2>&1", MPI, test_bin(), run3);
    if (rc != 0) fail_msg("mpirun play --round-robin: exit %d:\n%s", rc, out2);
    assert_non_null(strstr(out, "deals: 8 read, 29 whist deals played, 0 rejected"));
    drop_command_lines(out);
    drop_command_lines(out2);
    assert_string_equal(out, out2);
    assert_true(same_tables_but(c1, c3, "^# command: "));
    unlink(three);
    unlink(c1);
    unlink(c3);
}

int main(void)
{
    /* the solves of the checked-in store's corpus run in its directory */
    assert_non_null(getcwd(start_dir, sizeof start_dir));
    setenv("WHISTLAB_BIN", test_bin_abs(), 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_checked_in_store_is_a_fresh_solve),
        cmocka_unit_test(test_store_values_are_dds_fut),
        cmocka_unit_test(test_replay_values_same_as_solving),
        cmocka_unit_test(test_shards_and_resume_same_bytes),
        cmocka_unit_test(test_checkpoint_keeps_every_place),
        cmocka_unit_test(test_interrupted_solve_pastes_its_resume),
        cmocka_unit_test(test_store_refused_with_reason),
        cmocka_unit_test(test_forged_count_refused),
        cmocka_unit_test(test_parts_of_other_deals_refused),
        cmocka_unit_test(test_pool_peers),
        cmocka_unit_test(test_pool_caller_sleeps),
        cmocka_unit_test(test_mpirun_same_bytes),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    test_remove(test_tmp("small.wda"), test_tmp("list100.txt"), test_tmp("list100.wdv"));
    test_run(out, sizeof out, "rm -rf %s", test_tmp("list"));
    return rc;
}
