/* test_cli.c -- `whistlab check | show | convert` run as users run them, on
 * the real corpora in ../shared and on broken files made here. */
#include <zlib.h>
#include "testutil.h"
#include "formats/reader.h"
#include "formats/writer.h"

static char out[1 << 16];

/* The corpora README's deal counts, one file of each format. */
static void test_check_counts_match_corpora_readme(void **state)
{
    (void)state;
    static const struct { const char *file, *expect; } cases[] = {
        {"corpora/dds-hands/list1000.txt", "1000 deals read, 1000 accepted, 0 rejected"},
        {"corpora/dds-hands/list100.txt", "100 deals read, 100 accepted, 0 rejected"},
        {"corpora/dds-hands/sol10.txt", "10 deals read, 10 accepted, 0 rejected"},
        {"corpora/pbn-dd-tables/bcdd_test1.bcdd.pbn", "396 deals read, 396 accepted, 0 rejected"},
        {"corpora/pbn-dd-tables/bcdd_test2.bcdd.pbn", "495 deals read, 495 accepted, 0 rejected"},
        {"corpora/pbn-real-play/endplay_example2_2021-online-qual-open-r2.pbn",
         "299 deals read, 299 accepted, 0 rejected"},
        {"corpora/pbn-real-play/endplay_example3_rpbridge_2012-top-events.pbn",
         "3816 deals read, 3816 accepted, 0 rejected"},
        {"corpora/pbn-real-play/pbntools/acbl_1607_pairs_acbl_sat_1pm_speedball.pbn",
         "576 deals read, 576 accepted, 0 rejected"},
        {"cases/book-hands.pbn", "deals read"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int rc = test_run(out, sizeof out, "%s check %s 2>&1", test_bin(), test_shared(cases[i].file));
        if (!strstr(out, cases[i].expect)) fail_msg("%s: expected '%s' in:\n%s", cases[i].file, cases[i].expect, out);
        assert_int_equal(rc, 0);
    }
    /* the second room's games replay the first room's deal */
    test_run(out, sizeof out, "%s check %s", test_bin(),
             test_shared("corpora/pbn-real-play/endplay_example3_rpbridge_2012-top-events.pbn"));
    assert_non_null(strstr(out, "3816 more games replay the deal of the game before"));
}

static void test_check_lin_directory_total(void **state)
{
    (void)state;
    /* 4287 table records: 2142 replay the deal of the record before (the
     * other room), and two boards were entered without cards */
    int rc = test_run(out, sizeof out, "%s check %s/*.lin 2>&1", test_bin(),
                      test_shared("corpora/lin/vugraph_2017_bermuda_bowl"));
    assert_int_equal(rc, 1);
    assert_non_null(strstr(out, "52705.lin:307: "));
    assert_non_null(strstr(out, "52705.lin:316: "));
    assert_non_null(strstr(out, "total: 2145 deals read, 2143 accepted, 2 rejected\n"
                                "  2142 more games replay the deal of the game before"));
}

static void test_pbn_parser_tests_accepted_or_rejected_by_name(void **state)
{
    (void)state;
    static const char *good[] = {"pbnj_basic_10.pbn", "pbnj_basic_20.pbn", "pbnj_correct_10.pbn",
                                 "pbnj_correct_20.pbn", "pbnj_correct_21.pbn"};
    static const char *bad[] = {"pbnj_errors_10.pbn", "pbnj_errors_20.pbn", "pbnj_errors_21.pbn"};
    char rel[128];
    for (size_t i = 0; i < 5; i++) {
        snprintf(rel, sizeof rel, "corpora/pbn-parser-tests/%s", good[i]);
        int rc = test_run(out, sizeof out, "%s check %s 2>&1", test_bin(), test_shared(rel));
        if (rc != 0) fail_msg("%s rejected:\n%s", good[i], out);
    }
    /* two games give East as unknown ('-'): valid PBN, not analysable */
    test_run(out, sizeof out, "%s check %s 2>&1", test_bin(),
             test_shared("corpora/pbn-parser-tests/pbnj_correct_10.pbn"));
    assert_non_null(strstr(out, "9 deals read, 7 accepted, 2 incomplete"));
    for (size_t i = 0; i < 3; i++) {
        snprintf(rel, sizeof rel, "corpora/pbn-parser-tests/%s", bad[i]);
        int rc = test_run(out, sizeof out, "%s check %s 2>&1", test_bin(), test_shared(rel));
        if (rc != 1) fail_msg("%s: exit %d, expected 1:\n%s", bad[i], rc, out);
        char where[160];
        snprintf(where, sizeof where, "%s:", bad[i]);
        assert_non_null(strstr(out, where)); /* every diagnostic names file:line */
    }
}

static void test_check_bad_inputs(void **state)
{
    (void)state;
    const char *pbn = test_tmp("bad.pbn");
    test_write(pbn, "[Board \"1\"]\n[Dealer \"N\"]\n"
                    "[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n\n"
                    "[Board \"2\"]\n[Dealer \"N\"]\n"
                    "[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.76J\"]\n\n"
                    "[Board \"3\"]\n[Dealer \"N\"]\n"
                    "[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n");
    int rc = test_run(out, sizeof out, "%s check %s 2>&1", test_bin(), pbn);
    assert_int_equal(rc, 1);
    assert_non_null(strstr(out, "bad.pbn:3: hand E has 12 cards"));
    assert_non_null(strstr(out, "3 deals read, 1 accepted, 2 rejected"));
    assert_non_null(strstr(out, "bad.pbn:7: duplicate card CJ"));
    rc = test_run(out, sizeof out, "%s check --keep-going %s 2>&1", test_bin(), pbn);
    assert_int_equal(rc, 0);

    const char *junk = test_tmp("junk.bin");
    FILE *f = fopen(junk, "wb");
    for (int i = 0; i < 4096; i++) fputc((i * 131 + 7) & 255, f);
    fclose(f);
    rc = test_run(out, sizeof out, "%s check %s 2>&1", test_bin(), junk);
    assert_int_equal(rc, 3);
    assert_non_null(strstr(out, "junk.bin: binary data"));

    /* a gzip of a real corpus cut in half: fatal, with the position reached */
    const char *gz = test_tmp("cut.pbn.gz");
    rc = test_run(out, sizeof out, "gzip -c %s | head -c 20000 > %s", test_shared("corpora/pbn-dd-tables/bcdd_test1.bcdd.pbn"), gz);
    assert_int_equal(rc, 0);
    rc = test_run(out, sizeof out, "%s check %s 2>&1", test_bin(), gz);
    assert_int_equal(rc, 3);
    assert_non_null(strstr(out, "truncated gzip"));
    assert_non_null(strstr(out, "stopped early"));
    unlink(pbn);
    unlink(junk);
    unlink(gz);
}

static void test_show_book_hand(void **state)
{
    (void)state;
    int rc = test_run(out, sizeof out, "%s show --board 1 %s", test_bin(), test_shared("cases/book-hands.pbn"));
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "dealer South  trumps hearts  turn-up H5"));
    assert_non_null(strstr(out, "West leads (eldest hand)"));
    assert_non_null(strstr(out, "South (dealer)"));
    assert_non_null(strstr(out, "S QT865"));
    assert_non_null(strstr(out, "C AKQ9864")); /* North, the book's Y */
    rc = test_run(out, sizeof out, "%s show --board 99 %s 2>&1", test_bin(), test_shared("cases/book-hands.pbn"));
    assert_int_equal(rc, 1);
    assert_non_null(strstr(out, "no board 99"));
}

/* The cases: a PBN file of CR line ends (old Mac) reads its 3
 * deals; a damaged gzip CRC is named with its offset, after the deals
 * before it (the game it cuts is not one); an empty file is refused alike with and without --format. */
static void test_check_cr_file_damaged_gzip_empty_file(void **state)
{
    (void)state;
    char pbn[300];
    snprintf(pbn, sizeof pbn, "%s", test_tmp("mac.pbn"));
    test_write(pbn, "% PBN 2.1\r\r[Board \"1\"]\r[Dealer \"N\"]\r"
                    "[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\r\r"
                    "[Board \"2\"]\r[Dealer \"E\"]\r"
                    "[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\r\r"
                    "[Board \"3\"]\r[Dealer \"S\"]\r"
                    "[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\r");
    int rc = test_run(out, sizeof out, "%s check %s 2>&1", test_bin(), pbn);
    if (rc != 0 || !strstr(out, "3 deals read, 3 accepted, 0 rejected")) fail_msg("exit %d:\n%s", rc, out);

    char gz[300];
    snprintf(gz, sizeof gz, "%s", test_tmp("crc.pbn.gz"));
    rc = test_run(out, sizeof out, "tr '\\r' '\\n' < %s | gzip -c > %s && "
                  "printf '\\377' | dd of=%s bs=1 seek=$(($(stat -c %%s %s) - 6)) conv=notrunc 2>/dev/null",
                  pbn, gz, gz, gz);
    assert_int_equal(rc, 0);
    rc = test_run(out, sizeof out, "%s check %s 2>&1", test_bin(), gz);
    if (rc != 3 || !strstr(out, "gzip CRC mismatch at byte") || !strstr(out, "2 deals read"))
        fail_msg("exit %d:\n%s", rc, out);

    test_write(pbn, "");
    const char *how[] = {"", "--format pbn", "--format lin"};
    for (int i = 0; i < 3; i++) {
        rc = test_run(out, sizeof out, "%s check %s %s 2>&1", test_bin(), how[i], pbn);
        if (rc != 3 || !strstr(out, "empty input: no deals")) fail_msg("%s: exit %d:\n%s", how[i], rc, out);
    }
    unlink(pbn);
    unlink(gz);
}

/* A report that cannot be written is a failure naming standard output
 * (a full disk: /dev/full), whichever command wrote it. */
static void test_stdout_write_failure_exits_3(void **state)
{
    (void)state;
    const char *corpus = "corpora/whist-2000.pbn.gz";
    static const char *const runs[] = {"odds", "check", "show", "conventions", "replay --limit 4 --eval play"};
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        int rc = test_run(out, sizeof out, "%s %s %s 2>&1 >/dev/full", test_bin(), runs[i],
                          strcmp(runs[i], "odds") && strcmp(runs[i], "conventions") ? corpus : "");
        if (rc != 3 || !strstr(out, "whistlab: standard output: write failed"))
            fail_msg("%s: exit %d:\n%s", runs[i], rc, out);
    }
}

/* Outputs are whole or absent: a disk that fills half-way (here a file
 * size limit) fails the run and leaves no file under the output's name,
 * nor a temporary beside it; a CSV named .gz is gzip. */
static void test_outputs_whole_or_absent(void **state)
{
    (void)state;
    const char *corpus = "corpora/whist-2000.pbn.gz";
    static const char *const outs[] = {"full.pbn", "full.pbn.gz", "full.txt", "full.wda"};
    char dir[300];
    snprintf(dir, sizeof dir, "%s", test_tmp("outdir"));
    assert_int_equal(test_run(out, sizeof out, "rm -rf %s && mkdir %s", dir, dir), 0);
    for (size_t i = 0; i < sizeof outs / sizeof outs[0]; i++) {
        int rc = test_run(out, sizeof out, "trap '' XFSZ; ulimit -f 16; %s convert %s %s/%s 2>&1",
                          test_bin(), corpus, dir, outs[i]);
        if (rc != 3 || !strstr(out, "File too large")) fail_msg("%s: exit %d:\n%s", outs[i], rc, out);
        assert_int_equal(test_run(out, sizeof out, "ls -A %s | wc -l", dir), 0);
        if (atoi(out) != 0) fail_msg("%s: left files behind", outs[i]);
    }
    int rc = test_run(out, sizeof out, "trap '' XFSZ; ulimit -f 8; %s replay --no-progress --eval play --limit 300 "
                      "--csv-deals %s/d.csv %s 2>&1 >/dev/null", test_bin(), dir, corpus);
    if (rc != 3 || !strstr(out, "d.csv: write failed: File too large")) fail_msg("exit %d:\n%s", rc, out);
    assert_int_equal(test_run(out, sizeof out, "ls -A %s | wc -l", dir), 0);
    assert_int_equal(atoi(out), 0);
    rc = test_run(out, sizeof out, "trap '' XFSZ; ulimit -f 8; %s lead --csv %s/l.csv %s 2>&1", test_bin(), dir,
                  corpus);
    if (rc != 3 || !strstr(out, "l.csv: write failed: File too large")) fail_msg("exit %d:\n%s", rc, out);
    assert_int_equal(test_run(out, sizeof out, "ls -A %s | wc -l", dir), 0);
    assert_int_equal(atoi(out), 0);
    rc = test_run(out, sizeof out,
                  "%s lead --csv %s/l.csv.gz %s 2>/dev/null && gzip -dc %s/l.csv.gz | grep -v '^#' | head -1",
                  test_bin(), dir, corpus, dir);
    if (rc != 0 || strcmp(out, "file,line,board,leader,hand,trump,turnup,convention,lead,suit_rule,card_rule,tricks,best\n") != 0)
        fail_msg("exit %d:\n%s", rc, out);
    rc = test_run(out, sizeof out, "%s replay --no-progress --eval play --limit 3 --csv-deals %s/d.csv.gz "
                  "--csv-summary %s/s.csv.gz %s >/dev/null && gzip -dc %s/d.csv.gz | grep -v '^#' | head -1 && "
                  "gzip -dc %s/s.csv.gz | wc -l", test_bin(), dir, dir, corpus, dir, dir);
    assert_int_equal(rc, 0);
    if (strncmp(out, "file,line,index,board,", 22) != 0) fail_msg("%s", out);
    test_run(out, sizeof out, "rm -rf %s", dir);
}

/* Issue 25 item 6: an output naming an input (by another path, or a hard
 * link: the same st_dev/st_ino) is refused with exit 2, naming both, and
 * the input is left as it was -- in every command that reads files and
 * writes others. --save naming the state --resume reads stays allowed. */
static void test_outputs_never_overwrite_inputs(void **state)
{
    (void)state;
    static char before[256], after[256], bin[4096];
    assert_non_null(realpath(test_bin(), bin)); /* the commands run in the test's directory */
    char dir[300];
    snprintf(dir, sizeof dir, "%s", test_tmp("same"));
    int rc = test_run(out, sizeof out, "rm -rf %s && mkdir -p %s/figs && cd %s && %s deal -q -n 4 -o c.pbn && "
                      "ln c.pbn hard.pbn && %s replay -q --no-progress --save st.wls --csv-summary s.csv c.pbn >/dev/null "
                      "&& %s solve -q --no-progress -o v.wdv c.pbn >/dev/null && cp s.csv figs/net-gain.dat && "
                      "%s conventions --table long-suit | sed 's/^name      long-suit/name      mine/' >mine.table 2>&1",
                      dir, dir, dir, bin, bin, bin, bin);
    if (rc != 0) fail_msg("setup: exit %d:\n%s", rc, out);
    assert_int_equal(test_run(before, sizeof before, "cd %s && cat c.pbn st.wls v.wdv figs/net-gain.dat mine.table | md5sum", dir), 0);
    static const struct {
        const char *args, *says;
    } cases[] = {
        {"replay --no-progress --csv-deals c.pbn c.pbn",
         "whistlab replay: --csv-deals c.pbn is the same file as the corpus c.pbn: refusing to overwrite an input\n"},
        {"replay --no-progress --csv-summary ./hard.pbn c.pbn",
         "--csv-summary ./hard.pbn is the same file as the corpus c.pbn"},
        {"replay --no-progress --save c.pbn c.pbn", "--save c.pbn is the same file as the corpus c.pbn"},
        {"replay --no-progress --values v.wdv --csv-summary v.wdv c.pbn",
         "--csv-summary v.wdv is the same file as --values v.wdv"},
        {"replay --no-progress --resume st.wls --csv-summary st.wls",
         "--csv-summary st.wls is the same file as --resume st.wls"},
        {"replay --no-progress --plot figs figs/net-gain.dat",
         "--plot figs would write figs/net-gain.dat, the same file as the corpus figs/net-gain.dat"},
        {"replay --no-progress --conventions long-suit,mine.table --csv-summary mine.table c.pbn",
         "--csv-summary mine.table is the same file as the convention table mine.table"},
        {"replay --no-progress --eval play --opponents mine.table --save mine.table c.pbn",
         "--save mine.table is the same file as the convention table mine.table"},
        {"solve --no-progress -o c.pbn c.pbn",
         "whistlab solve: -o c.pbn is the same file as the corpus c.pbn: refusing to overwrite an input\n"},
        {"solve --merge -o v.wdv v.wdv", "-o v.wdv is the same file as the part v.wdv"},
        {"convert hard.pbn c.pbn", "whistlab convert: the output c.pbn is the same file as the input hard.pbn"},
        {"merge --save st.wls st.wls", "whistlab merge: --save st.wls is the same file as the state file st.wls"},
        {"merge --csv-summary hard.pbn st.wls c.pbn", "--csv-summary hard.pbn is the same file as the state file c.pbn"},
        {"merge --plot figs figs/net-gain.dat", "--plot figs would write figs/net-gain.dat, the same file as"},
        {"odds --corpus c.pbn --csv hard.pbn", "whistlab odds: --csv hard.pbn is the same file as the corpus c.pbn"},
        {"odds --corpus figs/net-gain.dat --plot figs", "whistlab odds: --plot figs would write figs/net-gain.dat"},
        {"lead --csv c.pbn c.pbn", "whistlab lead: --csv c.pbn is the same file as the corpus c.pbn"},
        {"lead --convention mine.table --csv mine.table c.pbn",
         "whistlab lead: --csv mine.table is the same file as the convention table mine.table"},
        {"lead --values v.wdv --csv v.wdv c.pbn", "whistlab lead: --csv v.wdv is the same file as --values v.wdv"},
        {"play --round-robin long-suit,short-suit --no-progress --csv-deals c.pbn c.pbn",
         "whistlab play: --csv-deals c.pbn is the same file as the corpus c.pbn"},
        {"play --round-robin long-suit,short-suit --no-progress --csv-summary hard.pbn c.pbn",
         "whistlab play: --csv-summary hard.pbn is the same file as the corpus c.pbn"},
        {"play --round-robin mine.table,short-suit --no-progress --csv-deals mine.table c.pbn",
         "whistlab play: --csv-deals mine.table is the same file as the convention table mine.table"},
        {"plot figs/net-gain.dat figs",
         "whistlab plot: DIR figs would write figs/net-gain.dat, the same file as the CSV figs/net-gain.dat"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rc = test_run(out, sizeof out, "cd %s && %s %s 2>&1 >/dev/null", dir, bin, cases[i].args);
        if (rc != 2 || !strstr(out, cases[i].says)) fail_msg("%s: exit %d:\n%s", cases[i].args, rc, out);
        assert_int_equal(test_run(after, sizeof after, "cd %s && cat c.pbn st.wls v.wdv figs/net-gain.dat mine.table | md5sum",
                                  dir), 0);
        if (strcmp(before, after) != 0) fail_msg("%s: an input changed", cases[i].args);
    }
    /* a resumed run goes on saving into its own state file */
    rc = test_run(out, sizeof out, "cd %s && %s replay --no-progress --resume st.wls --save st.wls 2>&1", dir,
                  bin);
    if (rc != 0 || !strstr(out, "LEADS COMPARED")) fail_msg("exit %d:\n%s", rc, out);
    test_run(out, sizeof out, "rm -rf %s", dir);
}

/* path with a NUL byte written at offset at of line lineno (1-based) of src. */
static void copy_with_nul(const char *src, const char *path, int lineno, size_t at)
{
    FILE *in = fopen(src, "rb"), *o = fopen(path, "wb");
    assert_non_null(in);
    assert_non_null(o);
    int line = 1, c;
    size_t col = 0;
    while ((c = fgetc(in)) != EOF) {
        if (line == lineno && col == at) fputc(0, o);
        fputc(c, o);
        col++;
        if (c == '\n') {
            line++;
            col = 0;
        }
    }
    fclose(in);
    fclose(o);
}

/* A damaged [Deal] tag (unterminated, a NUL, an orphan '#', no quotes) and
 * a DDS or LIN record with a NUL byte are rejected deals, counted in the
 * totals with file:line: reason -- not errors outside any deal. */
static void test_damaged_deal_is_a_rejected_deal(void **state)
{
    (void)state;
    static const char *const damaged[] = {
        "[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765]",
        "[Deal \"#\"]", "[Deal #\"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]",
        "[Deal \"N:AK\001QJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]",
    };
    static const char *const reason[] = {
        "unterminated string", "[Deal] cannot inherit its value", "tag Deal: the value must be a quoted string",
        "binary data (NUL byte)",
    };
    const char *good = "[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]";
    char pbn[300], text[1024], want[400];
    snprintf(pbn, sizeof pbn, "%s", test_tmp("damaged.pbn"));
    for (int i = 0; i < 4; i++) {
        snprintf(text, sizeof text, "[Board \"1\"]\n%s\n\n[Board \"2\"]\n%s\n\n[Board \"3\"]\n%s\n\n", good,
                 damaged[i], good);
        char *nul = strchr(text, '\001');
        size_t len = strlen(text);
        if (nul) *nul = 0;
        FILE *f = fopen(pbn, "wb");
        fwrite(text, 1, len, f);
        fclose(f);
        int rc = test_run(out, sizeof out, "%s check %s 2>&1", test_bin(), pbn);
        snprintf(want, sizeof want, "%s:5: %s", pbn, reason[i]);
        if (rc != 1 || !strstr(out, want) || !strstr(out, "3 deals read, 2 accepted, 1 rejected") ||
            strstr(out, "outside any deal"))
            fail_msg("case %d: exit %d:\n%s", i, rc, out);
    }
    unlink(pbn);
    static const struct { const char *src, *name, *expect, *where; int line; size_t at; } files[] = {
        {"corpora/dds-hands/list10.txt", "nul.txt", "10 deals read, 9 accepted, 1 rejected",
         ":2: binary data (NUL byte) in the deal's PBN line", 2, 20},
        {"corpora/dds-hands/list10.txt", "nul2.txt", "10 deals read, 9 accepted, 1 rejected",
         ":3: binary data (NUL byte) in a text line", 3, 20},
        {"corpora/lin/endplay_example1.lin", "nul.lin", "8 deals read, 7 accepted, 1 rejected",
         ":3: binary data (NUL byte) in the record's line", 3, 30},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[300];
        snprintf(path, sizeof path, "%s", test_tmp(files[i].name));
        copy_with_nul(test_shared(files[i].src), path, files[i].line, files[i].at);
        int rc = test_run(out, sizeof out, "%s check %s 2>&1", test_bin(), path);
        snprintf(want, sizeof want, "%s%s", path, files[i].where);
        if (rc != 1 || !strstr(out, want) || !strstr(out, files[i].expect) || strstr(out, "outside any deal"))
            fail_msg("%s: exit %d:\n%s", files[i].name, rc, out);
        unlink(path);
    }
}

/* play --board on a board that is there but rejected gives the reason
 * (as show does), not "no board"; a PBN line longer than 255 characters
 * is reported as such, not as a record that contradicts itself. */
static void test_rejected_board_and_long_line_reasons(void **state)
{
    (void)state;
    char pbn[300], text[2048], event[400];
    snprintf(pbn, sizeof pbn, "%s", test_tmp("reasons.pbn"));
    memset(event, 'x', 300);
    event[300] = 0;
    snprintf(text, sizeof text,
             "[Event \"%s\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Trump \"S\"]\n"
             "[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n\n"
             "[Board \"2\"]\n[Dealer \"N\"]\n[Trump \"S\"]\n"
             "[Deal \"N:AKQ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n\n", event);
    test_write(pbn, text);
    int rc = test_run(out, sizeof out, "%s play --board 2 %s 2>&1", test_bin(), pbn);
    char want[400];
    snprintf(want, sizeof want, "%s:10: hand N has 12 cards", pbn);
    if (rc != 1 || !strstr(out, want)) fail_msg("exit %d:\n%s", rc, out);
    rc = test_run(out, sizeof out, "%s check %s 2>&1", test_bin(), pbn);
    if (rc != 1 || strstr(out, "contradict") || !strstr(out, "1 lines longer than 255 characters (PBN 2.3)"))
        fail_msg("exit %d:\n%s", rc, out);
    unlink(pbn);
}

/* play --verify fails on a file whose records all fail to parse (a DDS or
 * LIN file), and on a 2-deal file with one 12-card hand does not say
 * "problems 0". */
static void test_verify_fails_on_unreadable_records(void **state)
{
    (void)state;
    char path[300];
    snprintf(path, sizeof path, "%s", test_tmp("verify.pbn"));
    test_write(path, "[Board \"1\"]\n[Dealer \"N\"]\n"
                     "[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n\n"
                     "[Board \"2\"]\n[Dealer \"N\"]\n"
                     "[Deal \"N:AKQ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n\n");
    int rc = test_run(out, sizeof out, "%s play --verify %s 2>&1", test_bin(), path);
    if (rc != 1 || !strstr(out, "hand N has 12 cards") || !strstr(out, "problems 1\n")) fail_msg("exit %d:\n%s", rc, out);
    test_write(path, "NUMBER 1\nPBN 0 0 0 0 \"N:garbage\"\n");
    rc = test_run(out, sizeof out, "%s play --verify --format dds %s 2>&1", test_bin(), path);
    if (rc == 0 || !strstr(out, "deals 0 ") || strstr(out, "problems 0")) fail_msg("dds: exit %d:\n%s", rc, out);
    test_write(path, "md|garbage|\nmd|3SKH4579|\n");
    rc = test_run(out, sizeof out, "%s play --verify --format lin %s 2>&1", test_bin(), path);
    if (rc == 0 || !strstr(out, "deals 0 ") || strstr(out, "problems 0")) fail_msg("lin: exit %d:\n%s", rc, out);
    unlink(path);
}

/* Reads every deal of path into a malloc'ed array. */
static deal_t *read_all(const char *path, int *n)
{
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(path, FMT_AUTO, &diag);
    assert_non_null(r);
    int cap = 2048;
    deal_t *v = malloc(sizeof *v * (size_t)cap);
    *n = 0;
    read_status st;
    while ((st = deal_reader_next(r, &v[*n], &diag)) == READ_DEAL) {
        if (!(v[*n].flags & DEAL_REPEAT)) (*n)++;
        assert_true(*n < cap);
    }
    assert_int_equal(st, READ_EOF);
    deal_reader_close(r);
    return v;
}

/* PBN -> one-line -> PBN keeps every deal: hands, board, dealer, trump, turn-up. */
static void test_round_trip_pbn_oneline_pbn(void **state)
{
    (void)state;
    const char *src = test_shared("corpora/pbn-dd-tables/bcdd_test1.bcdd.pbn");
    char line_path[256], pbn_path[256];
    snprintf(line_path, sizeof line_path, "%s", test_tmp("rt.txt.gz"));
    snprintf(pbn_path, sizeof pbn_path, "%s", test_tmp("rt.pbn"));
    int rc = test_run(out, sizeof out, "%s convert --trump H %s %s 2>&1 && %s convert %s %s 2>&1",
                      test_bin(), src, line_path, test_bin(), line_path, pbn_path);
    if (rc) fail_msg("%s", out);
    int n0, n2;
    deal_t *a = read_all(src, &n0);
    deal_t *b = read_all(pbn_path, &n2);
    assert_int_equal(n0, 396);
    assert_int_equal(n2, 396);
    for (int i = 0; i < n0; i++) {
        assert_true(deal_same_cards(&a[i], &b[i]));
        assert_int_equal(a[i].board, b[i].board);
        assert_int_equal(a[i].dealer, b[i].dealer);
        assert_int_equal(b[i].strain, SUIT_H);
    }
    free(a);
    free(b);
    unlink(line_path);
    unlink(pbn_path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check_counts_match_corpora_readme),
        cmocka_unit_test(test_check_lin_directory_total),
        cmocka_unit_test(test_pbn_parser_tests_accepted_or_rejected_by_name),
        cmocka_unit_test(test_check_bad_inputs),
        cmocka_unit_test(test_check_cr_file_damaged_gzip_empty_file),
        cmocka_unit_test(test_stdout_write_failure_exits_3),
        cmocka_unit_test(test_outputs_whole_or_absent),
        cmocka_unit_test(test_outputs_never_overwrite_inputs),
        cmocka_unit_test(test_damaged_deal_is_a_rejected_deal),
        cmocka_unit_test(test_rejected_board_and_long_line_reasons),
        cmocka_unit_test(test_verify_fails_on_unreadable_records),
        cmocka_unit_test(test_show_book_hand),
        cmocka_unit_test(test_round_trip_pbn_oneline_pbn),
    };
    return cmocka_run_group_tests_name("check, show, convert", tests, NULL, NULL);
}
