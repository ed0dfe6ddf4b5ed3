/* test_odds_shard.c -- odds --corpus split in shards (issue 27 item 3):
 * shards cut by the deal's identity, so that a deal and its repeats and
 * rotations are counted in one shard; `whistlab merge` adding the shards'
 * states up into the unsplit run's tables and CSV, byte for byte but the
 * command line; the shards' counts adding up to the unsplit run's; a
 * missing shard refused (or PARTIAL with --partial); odds and replay
 * parts, or parts of other settings, refused together; a shard stopped
 * and resumed giving its uninterrupted tables, its state loaded by the
 * runner's corpus_state_load as that shard and no other; a part's
 * settings read back through the option table, a hostile one refused;
 * the state texts of odds, play --verify and claims as they were;
 * mpirun's ranks as the shards, rank 0 printing the one-process bytes. */
#include <stdbool.h>
#include "analyze/odds/odds_run.h"
#include "analyze/run/corpus_run.h"
#include "stats/report/wls.h"
#include <sys/stat.h>
#include "testutil.h"

static char out[1 << 20];

/* A hand of the deck as "S.H.D.C" (cards are ints 0..51: suit * 13 + rank
 * from the ace down). */
static void hand_text(const int *cards, char *buf)
{
    static const char RANKS[] = "AKQJT98765432";
    int at = 0;
    for (int s = 0; s < 4; s++) {
        for (int r = 0; r < 13; r++)
            for (int i = 0; i < 13; i++)
                if (cards[i] == s * 13 + r) buf[at++] = RANKS[r];
        buf[at++] = s < 3 ? '.' : 0;
    }
}

/* One record: the hands of deck given to the seats from `rotate` on. */
static void deal_line(FILE *f, const int *deck, int rotate, int dealer, int turnup)
{
    static const char SEATS[] = "nesw", NAMES[] = "NESW", SUITS[] = "SHDC", RANKS[] = "AKQJT98765432";
    char hand[24];
    for (int seat = 0; seat < 4; seat++) {
        hand_text(deck + 13 * ((seat + rotate) % 4), hand);
        fprintf(f, "%s%c %s", seat ? " " : "", SEATS[seat], hand);
    }
    if (dealer >= 0) fprintf(f, " dealer %c turnup %c%c", NAMES[dealer], SUITS[turnup / 13], RANKS[turnup % 13]);
    fputc('\n', f);
}

/* 240 deals of an LCG's shuffles; every 7th repeated 5 records later and
 * every 5th given again rotated 11 records later (so that the copies sit
 * in other shards of record position), a rejected record (12 cards) every
 * 50, and one deal with no dealer or turn-up, which rules the recorded
 * modes out in the one shard that holds it. */
static void write_corpus(const char *path)
{
    static int deck[240][52];
    uint64_t x = 12345;
    for (int d = 0; d < 240; d++) {
        for (int i = 0; i < 52; i++) deck[d][i] = i;
        for (int i = 51; i > 0; i--) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            int j = (int)((x >> 33) % (uint64_t)(i + 1)), t = deck[d][i];
            deck[d][i] = deck[d][j];
            deck[d][j] = t;
        }
    }
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    for (int d = 0; d < 240; d++) {
        int dealer = d % 4, turnup = deck[d][13 * dealer];
        deal_line(f, deck[d], 0, d == 100 ? -1 : dealer, turnup);
        if (d >= 5 && (d - 5) % 7 == 0) deal_line(f, deck[d - 5], 0, (d - 5) % 4, deck[d - 5][13 * ((d - 5) % 4)]);
        if (d >= 11 && (d - 11) % 5 == 0) {
            int k = d - 11, rot = 1 + k % 3, dealer2 = (k % 4 + 4 - rot) % 4;
            deal_line(f, deck[k], rot, dealer2, deck[k][13 * (k % 4)]);
        }
        if (d % 50 == 7) fputs("n AKQJT9876543... e .AKQJT98765432.. s ..AKQJT98765432. w ...AKQJT98765432\n", f);
    }
    fclose(f);
}

/* "corpus: N deals read = D distinct + R repeats + J rejected" of a report. */
static void corpus_line(const char *path, unsigned long long n[4])
{
    char *text = test_slurp(path);
    assert_non_null(text);
    int got = 0;
    for (const char *at = text; at && got != 4; at = strchr(at + 1, '\n'))
        got = sscanf(at, "\ncorpus: %llu deals read = %llu distinct + %llu repeats + %llu rejected", &n[0], &n[1],
                     &n[2], &n[3]);
    assert_int_equal(got, 4);
    free(text);
}

/* The runner's corpus_state_load of the odds state path over files as
 * shard/shards, its settings text the state's own (read first): *complete
 * and the records kept into *records; false with why. */
static bool load_as_shard(const char *path, const char *file, unsigned shard, unsigned shards, bool *complete,
                          uint64_t *records, diag_t *why)
{
    static wls_file w;
    static stats_state st;
    static input_account inputs[WLS_MAX_INPUTS];
    static char config[WLS_TEXT_MAX];
    static unsigned char job[1 << 20];
    size_t job_len = odds_run_state_size();
    assert_true(job_len <= sizeof job);
    w = (wls_file){.stats = &st, .inputs = inputs, .job = job, .job_cap = job_len};
    assert_true(wls_read(path, &w, why));
    snprintf(config, sizeof config, "%s", w.config);
    stats_init(&st, 1, (const char *const[]){"odds"});
    memset(inputs, 0, sizeof inputs);
    run_opts ro = {.shard = shard, .shards = shards, .job_shards = true, .as_read = true, .config = config,
                   .stats = &st, .inputs = inputs};
    input_opts_init(&ro.input);
    bool ok = corpus_state_load(&ro, path, &file, 1, job, job_len, complete, why);
    *records = ro.resume.records;
    return ok;
}

/* The settings every run of this file counts under: tables, level and the
 * Monte Carlo fit chosen, so that merge reads them back from the states. */
#define SETTINGS "hcp trump-count gof --fit-mc 3 --seed 2 --level 0.9"

static void test_shards_merge_to_the_whole(void **state)
{
    (void)state;
    char corpus[256], whole[256], whole_csv[256], merged[256], merged_csv[256], part[3][256], text[3][256];
    snprintf(corpus, sizeof corpus, "%s", test_tmp("shards.txt"));
    snprintf(whole, sizeof whole, "%s", test_tmp("whole.out"));
    snprintf(whole_csv, sizeof whole_csv, "%s", test_tmp("whole.csv"));
    snprintf(merged, sizeof merged, "%s", test_tmp("merged.out"));
    snprintf(merged_csv, sizeof merged_csv, "%s", test_tmp("merged.csv"));
    write_corpus(corpus);
    assert_int_equal(test_run(out, sizeof out, "%s odds --corpus %s " SETTINGS " --csv %s > %s 2>/dev/null",
                              test_bin(), corpus, whole_csv, whole),
                     1); /* the rejected records */
    unsigned long long all[4], sum[4] = {0};
    corpus_line(whole, all);
    /* 240 deals, 34 repeated, 46 rotated, 5 rejected */
    assert_true(all[0] == 325 && all[1] == 240 && all[2] == 80 && all[3] == 5);
    for (int i = 0; i < 3; i++) {
        char name[32];
        snprintf(name, sizeof name, "part%d.wls", i + 1);
        snprintf(part[i], sizeof part[i], "%s", test_tmp(name));
        snprintf(name, sizeof name, "part%d.out", i + 1);
        snprintf(text[i], sizeof text[i], "%s", test_tmp(name));
        int rc = test_run(out, sizeof out, "%s odds --corpus %s " SETTINGS " --shard %d/3 --save %s > %s 2>&1",
                          test_bin(), corpus, i + 1, part[i], text[i]);
        assert_int_equal(rc, i == 0 ? 1 : 0); /* shard 1 holds the rejections */
        unsigned long long n[4];
        corpus_line(text[i], n);
        assert_true(n[1] > 0 && n[2] > 0); /* each shard holds deals and repeats */
        for (int k = 0; k < 4; k++) sum[k] += n[k];
        char *s = test_slurp(text[i]);
        assert_non_null(strstr(s, "PARTIAL: "));
        free(s);
    }
    for (int k = 0; k < 4; k++) assert_true(sum[k] == all[k]); /* read, distinct, repeats, rejected */
    bool complete = false;
    uint64_t records = 1;
    diag_t why = {0};
    if (!load_as_shard(part[1], corpus, 2, 3, &complete, &records, &why)) fail_msg("not loaded: %s", why.reason);
    assert_true(complete);
    assert_int_equal(test_run(out, sizeof out, "%s merge %s %s %s --csv-summary %s > %s 2>/dev/null", test_bin(),
                              part[2], part[0], part[1], merged_csv, merged),
                     1);
    test_assert_same_but_command(whole, merged);
    test_assert_same_but_command(whole_csv, merged_csv);
    test_remove(corpus, whole, whole_csv, merged, merged_csv, part[0], part[1], part[2], text[0], text[1], text[2]);
}

/* Merge reads each part once (an input is read once): the first part
 * comes through a named pipe, which can be read only once. Before, merge
 * read it to tell an odds part from a replay part, then odds' merge opened
 * it again and waited on the empty pipe (timeout: exit 124). */
static void test_first_part_read_once(void **state)
{
    (void)state;
    char corpus[256], part[2][256], fifo[256], piped[256], plain[256];
    snprintf(corpus, sizeof corpus, "%s", test_tmp("once.txt"));
    snprintf(part[0], sizeof part[0], "%s", test_tmp("once1.wls"));
    snprintf(part[1], sizeof part[1], "%s", test_tmp("once2.wls"));
    snprintf(fifo, sizeof fifo, "%s", test_tmp("once.fifo"));
    snprintf(piped, sizeof piped, "%s", test_tmp("once-piped.out"));
    snprintf(plain, sizeof plain, "%s", test_tmp("once-plain.out"));
    write_corpus(corpus);
    for (int i = 0; i < 2; i++)
        assert_true(test_run(out, sizeof out, "%s odds --corpus %s hcp --shard %d/2 --save %s 2>&1", test_bin(), corpus,
                             i + 1, part[i]) <= 1);
    unlink(fifo);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    int rc = test_run(out, sizeof out, "(cat %s > %s &); timeout 20 %s merge %s %s > %s 2>/dev/null", part[0], fifo,
                      test_bin(), fifo, part[1], piped);
    assert_int_equal(rc, 1); /* shard 1 holds the corpus's rejections, as the plain merge */
    assert_int_equal(test_run(out, sizeof out, "%s merge %s %s > %s 2>/dev/null", test_bin(), part[0], part[1], plain),
                     1);
    test_assert_same_but_command(plain, piped);
    test_remove(corpus, part[0], part[1], fifo, piped, plain);
}

static void test_missing_and_foreign_parts(void **state)
{
    (void)state;
    char corpus[256], p1[256], p3[256], other[256], replay[256];
    snprintf(corpus, sizeof corpus, "%s", test_tmp("miss.txt"));
    snprintf(p1, sizeof p1, "%s", test_tmp("miss1.wls"));
    snprintf(p3, sizeof p3, "%s", test_tmp("miss3.wls"));
    snprintf(other, sizeof other, "%s", test_tmp("other.wls"));
    snprintf(replay, sizeof replay, "%s", test_tmp("replay.wls"));
    write_corpus(corpus);
    for (int i = 1; i <= 3; i += 2)
        assert_true(test_run(out, sizeof out, "%s odds --corpus %s hcp --shard %d/3 --save %s 2>&1", test_bin(), corpus,
                             i, i == 1 ? p1 : p3) <= 1);
    /* a shard missing: refused, naming it; with --partial the tables say PARTIAL */
    assert_int_equal(test_run(out, sizeof out, "%s merge %s %s 2>&1", test_bin(), p1, p3), 1);
    assert_non_null(strstr(out, "missing shard 2/3"));
    assert_null(strstr(out, "hcp: "));
    assert_int_equal(test_run(out, sizeof out, "%s merge --partial %s %s 2>&1", test_bin(), p1, p3), 1);
    assert_non_null(strstr(out, "PARTIAL: the numbers below hold only shards 1/3, 3/3"));
    assert_non_null(strstr(out, "hcp: "));
    /* the same shard twice; a shard of other settings */
    assert_int_equal(test_run(out, sizeof out, "%s merge %s %s 2>&1", test_bin(), p1, p1), 3);
    assert_non_null(strstr(out, "a shard already merged"));
    assert_int_equal(test_run(out, sizeof out, "%s odds --corpus %s hcp --level 0.9 --shard 2/3 --save %s 2>&1",
                              test_bin(), corpus, other),
                     0);
    assert_int_equal(test_run(out, sizeof out, "%s merge %s %s %s 2>&1", test_bin(), p1, other, p3), 3);
    assert_non_null(strstr(out, "cannot merge a run with other settings"));
    /* a replay run's shard with an odds one, either first */
    assert_int_equal(test_run(out, sizeof out,
                              "%s replay corpora/whist-2000.pbn.gz --eval play --limit 60 --shard 2/3 --save %s 2>&1",
                              test_bin(), replay),
                     0);
    assert_int_equal(test_run(out, sizeof out, "%s merge %s %s 2>&1", test_bin(), p1, replay), 3);
    assert_non_null(strstr(out, "replay and odds parts do not merge together"));
    assert_int_equal(test_run(out, sizeof out, "%s merge %s %s 2>&1", test_bin(), replay, p1), 3);
    assert_non_null(strstr(out, "cannot merge a part of another command's run"));
    test_remove(corpus, p1, p3, other, replay);
}

/* A shard's counting stopped (Ctrl-C): its state is loaded by the runner
 * as that shard (not as another, nor as the whole run), and resumed with
 * the command it prints: the shard's uninterrupted tables and CSV; a
 * resume as another shard refused. */
static void test_shard_interrupted_and_resumed(void **state)
{
    (void)state;
    const char *wda = test_tmp("shard.wda"), *wls = test_tmp("shard.wls"), *whole = test_tmp("shard-whole.txt"),
               *whole_csv = test_tmp("shard-whole.csv"), *csv = test_tmp("shard-part.csv"),
               *err = test_tmp("shard.err"), *again = test_tmp("shard-again.txt");
    assert_int_equal(test_run(out, sizeof out, "%s deal -n 60000 --seed 3 -o %s 2>&1", test_bin(), wda), 0);
    assert_int_equal(test_run(out, sizeof out, "%s odds --corpus %s --shard 2/3 --threads 1 --csv %s > %s",
                              test_bin(), wda, whole_csv, whole),
                     0);
    int rc = test_run_and_stop((const char *[]){"odds", "--corpus", wda, "--shard", "2/3", "--threads", "2", "--save",
                                                wls, "--checkpoint", "500", "--csv", csv, NULL},
                               wls, err);
    assert_int_equal(rc, 130);
    bool complete = true;
    uint64_t records = 0;
    diag_t why = {0};
    if (!load_as_shard(wls, wda, 2, 3, &complete, &records, &why)) fail_msg("shard 2/3 not loaded: %s", why.reason);
    assert_false(complete);
    assert_true(records > 0 && records < 60000);
    assert_false(load_as_shard(wls, wda, 1, 3, &complete, &records, &why));
    assert_non_null(strstr(why.reason, "cannot resume: it holds shard 2/3, not 1/3"));
    assert_false(load_as_shard(wls, wda, 1, 1, &complete, &records, &why));
    assert_non_null(strstr(why.reason, "cannot resume: it holds shard 2/3, not the whole run"));
    assert_int_equal(test_go_on_as_told(err, again, err), 0);
    test_assert_same_but_command(whole, again);
    test_assert_same_but_command(whole_csv, csv);
    assert_int_equal(test_run(out, sizeof out, "%s odds --corpus %s --shard 1/3 --resume %s 2>&1", test_bin(), wda,
                              wls),
                     3);
    assert_non_null(strstr(out, "cannot resume: it holds shard 2/3, not 1/3"));
    test_remove(wda, wls, whole, whole_csv, csv, err, again);
}

/* The state from rewritten as to: its settings text's line starting with
 * key replaced by line (NULL: kept), and ninputs inputs (the added ones
 * empty). */
static void rewrite_part(const char *from, const char *to, const char *key, const char *line, int ninputs)
{
    static wls_file w;
    static stats_state st;
    static input_account inputs[WLS_MAX_INPUTS];
    static unsigned char job[1 << 20];
    static char text[WLS_TEXT_MAX];
    diag_t why = {0};
    memset(inputs, 0, sizeof inputs);
    w = (wls_file){.stats = &st, .inputs = inputs, .job = job, .job_cap = sizeof job};
    if (!wls_read(from, &w, &why)) fail_msg("%s", why.reason);
    char *at = key ? strstr(w.config, key) : NULL;
    if (key) assert_non_null(at);
    if (at) {
        snprintf(text, sizeof text, "%.*s%s\n%s", (int)(at - w.config), w.config, line, strchr(at, '\n') + 1);
        snprintf(w.config, sizeof w.config, "%s", text);
    }
    w.ninputs = ninputs;
    if (!wls_write(to, &w, &why)) fail_msg("%s", why.reason);
}

/* merge reads a part's settings through odds' option table, and makes
 * them again into the same text: settings that are not all defaults come
 * back as the unsplit run states them; a line no option takes, a value
 * out of its option's bounds, are refused, not printed as the settings
 * the tables rest on; so is a state of more inputs than odds reads (its
 * inputs are read in whole before that is known). */
static void test_part_settings_read_back(void **state)
{
    (void)state;
    const char *corpus = test_tmp("back.txt"), *whole = test_tmp("back-whole.out"), *merged = test_tmp("back.out"),
               *p1 = test_tmp("back1.wls"), *p2 = test_tmp("back2.wls"), *bad = test_tmp("back-bad.wls");
    write_corpus(corpus);
#define BACK "hcp suit-length --dealer all --turnup none --where 'hcp(leader) >= 9' --fit-mc 2 --seed 7 --level 0.99"
    assert_int_equal(test_run(out, sizeof out, "%s odds --corpus %s " BACK " > %s 2>/dev/null", test_bin(), corpus,
                              whole),
                     1);
    for (int i = 1; i <= 2; i++)
        assert_true(test_run(out, sizeof out, "%s odds --corpus %s " BACK " --shard %d/2 --save %s 2>&1", test_bin(),
                             corpus, i, i == 1 ? p1 : p2) <= 1);
#undef BACK
    assert_int_equal(test_run(out, sizeof out, "%s merge %s %s > %s 2>/dev/null", test_bin(), p1, p2, merged), 1);
    test_assert_same_but_command(whole, merged);
    char *text = test_slurp(merged);
    assert_non_null(strstr(text, "level 0.99; dealer all; turnup none;"));
    assert_non_null(strstr(text, "where hcp(leader) >= 9; fit on; fit-mc 2; seed 7\n"));
    free(text);
    static const char *const HOSTILE[][2] = {
        {"dealer ", "dealer sometimes"},       /* not one of the choices */
        {"seed ", "seed 7x"},                  /* not a number */
        {"fit-mc ", "fit-mc 0"},               /* out of the option's bounds */
        {"where ", "where hcp(leader) >="},    /* not a condition */
        {"tables ", "tables hcp,no-such"},     /* not a table */
        {"merge-level ", "merge-level 1.5"},   /* not a level */
        {"turnup ", "turnup none\nbogus 1"},  /* a line no option has */
        {"fit ", "fit on\nfit on"},           /* a line twice: not the text made again */
    };
    for (size_t k = 0; k < sizeof HOSTILE / sizeof HOSTILE[0]; k++) {
        rewrite_part(p2, bad, HOSTILE[k][0], HOSTILE[k][1], 1);
        assert_int_equal(test_run(out, sizeof out, "%s merge %s 2>&1", test_bin(), bad), 3);
        if (!strstr(out, "settings not understood") || strstr(out, "hcp: "))
            fail_msg("%s: %s", HOSTILE[k][1], out);
        if (k == 0) assert_non_null(strstr(out, "settings not understood (dealer sometimes)\n"));
    }
    rewrite_part(p2, bad, NULL, NULL, 300); /* odds reads at most 256 files */
    assert_int_equal(test_run(out, sizeof out, "%s merge %s 2>&1", test_bin(), bad), 3);
    assert_non_null(strstr(out, "settings not understood"));
    assert_int_equal(test_run(out, sizeof out, "%s odds --corpus %s hcp --resume %s 2>&1", test_bin(), corpus, bad), 3);
    assert_non_null(strstr(out, "cannot resume: it was started for other deals or settings"));
    test_remove(corpus, whole, merged, p1, p2, bad);
}

/* The settings text of the state path into text. */
static void state_text(const char *path, char *text, size_t len)
{
    static wls_file w;
    static stats_state st;
    static input_account inputs[WLS_MAX_INPUTS];
    static unsigned char job[1 << 20];
    diag_t why = {0};
    w = (wls_file){.stats = &st, .inputs = inputs, .job = job, .job_cap = sizeof job};
    if (!wls_read(path, &w, &why)) fail_msg("%s", why.reason);
    snprintf(text, len, "%s", w.config);
}

/* The settings texts of odds', play --verify's and claims' states, now
 * made by one function (corpus_state_config), are those the states already
 * written hold, line for line: such a state still resumes. */
static void test_state_texts_kept(void **state)
{
    (void)state;
    const char *corpus = test_tmp("texts.txt"), *wls = test_tmp("texts.wls");
    char text[WLS_TEXT_MAX], want[WLS_TEXT_MAX];
    write_corpus(corpus);
    assert_int_equal(test_run(out, sizeof out, "%s odds --corpus %s hcp --shard 1/2 --save %s 2>&1", test_bin(),
                              corpus, wls),
                     1);
    state_text(wls, text, sizeof text);
    snprintf(want, sizeof want,
             "whistlab odds\ncorpus %s\ntables hcp\nlevel 0.95\ndealer default\nturnup default\nformat auto\n"
             "trump auto\nleader as dealt\nfit off\nmerge-level 0.94999999999999996\n",
             corpus);
    assert_string_equal(text, want);
    assert_int_equal(test_run(out, sizeof out, "%s play --verify --where 'hcp(leader) > 9' --save %s %s 2>&1",
                              test_bin(), wls, corpus),
                     1);
    state_text(wls, text, sizeof text);
    snprintf(want, sizeof want, "whistlab play --verify\nformat auto trump auto leader -\nwhere hcp(leader) > 9\n"
                                "corpus %s\n", corpus);
    assert_string_equal(text, want);
    assert_true(test_run(out, sizeof out, "%s claims %s --progress off --save %s 2>&1 >/dev/null", test_bin(),
                         corpus, wls) <= 1);
    state_text(wls, text, sizeof text);
    snprintf(want, sizeof want, "whistlab claims\ncorpus %s\nclaims built-in claims.tbl (digest ", corpus);
    assert_memory_equal(text, want, strlen(want));
    assert_non_null(strstr(text, " claims)\nvalues none: the dd claims are not testable\nformat auto\ntrump auto\n"
                                 "leader the deal's\nseed 1\nsignals off\nlevel 0.95\n"));
    test_remove(corpus, wls);
}

/* mpirun -n 3: the ranks count a shard each, rank 0 adds them up and
 * prints the one process's bytes. */
static void test_mpirun_same_bytes(void **state)
{
    (void)state;
    const char *one = test_tmp("mpi1.txt"), *three = test_tmp("mpi3.txt"), *csv1 = test_tmp("mpi1.csv"),
               *csv3 = test_tmp("mpi3.csv");
    assert_int_equal(test_run(out, sizeof out, "%s odds --corpus corpora/whist-2000.pbn.gz --fit --csv %s > %s",
                              test_bin(), csv1, one),
                     0);
    int rc = test_run(out, sizeof out,
                      "ASAN_OPTIONS=detect_leaks=0 mpirun --oversubscribe --allow-run-as-root -n 3 %s odds --corpus "
                      "corpora/whist-2000.pbn.gz --fit --csv %s > %s 2>&1",
                      test_bin(), csv3, three);
    if (rc != 0) fail_msg("mpirun odds: exit %d:\n%s", rc, out);
    test_assert_same_but_command(one, three);
    test_assert_same_but_command(csv1, csv3);
    char *s = test_slurp(three);
    assert_non_null(strstr(s, "corpus: 2000 deals read = 2000 distinct + 0 repeats + 0 rejected"));
    free(s);
    /* the ranks are the shards: no --shard of its own */
    rc = test_run(out, sizeof out,
                  "mpirun --oversubscribe --allow-run-as-root -n 2 %s odds --corpus corpora/whist-2000.pbn.gz "
                  "--shard 1/2 2>&1",
                  test_bin());
    assert_int_not_equal(rc, 0);
    assert_non_null(strstr(out, "under mpirun the ranks are the shards"));
    /* mpirun hands standard input to rank 0 alone: refused, not counted short */
    rc = test_run(out, sizeof out,
                  "mpirun --oversubscribe --allow-run-as-root -n 2 %s odds --corpus - < corpora/whist-2000.pbn.gz 2>&1",
                  test_bin());
    assert_int_not_equal(rc, 0);
    assert_non_null(strstr(out, "under mpirun every rank reads the corpus"));
    test_remove(one, three, csv1, csv3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shards_merge_to_the_whole),
        cmocka_unit_test(test_first_part_read_once),
        cmocka_unit_test(test_missing_and_foreign_parts),
        cmocka_unit_test(test_shard_interrupted_and_resumed),
        cmocka_unit_test(test_part_settings_read_back),
        cmocka_unit_test(test_state_texts_kept),
        cmocka_unit_test(test_mpirun_same_bytes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
