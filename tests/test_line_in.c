/* test_line_in.c -- line input: plain and gzip alike, LF, CRLF, CR and BOM,
 * and the bad inputs (truncated or damaged gzip, junk after it, NUL bytes, a
 * 10 MB line) reported with their position instead of crashing or hanging. */
#include <zlib.h>
#include "testutil.h"
#include "formats/line_in.h"

static void write_file(const char *path, const char *data, size_t n, int gz)
{
    if (gz) {
        gzFile g = gzopen(path, "wb");
        assert_non_null(g);
        assert_int_equal(gzwrite(g, data, (unsigned)n), (int)n);
        assert_int_equal(gzclose(g), Z_OK);
    } else {
        FILE *f = fopen(path, "wb");
        assert_non_null(f);
        assert_int_equal(fwrite(data, 1, n, f), n);
        fclose(f);
    }
}

static void test_plain_and_gzip_read_alike(void **state)
{
    (void)state;
    static const char text[] = "\xEF\xBB\xBF" "first\r\nsecond\n\nlast without newline";
    for (int gz = 0; gz < 2; gz++) {
        const char *path = test_tmp(gz ? "lines.gz" : "lines.txt");
        write_file(path, text, sizeof text - 1, gz);
        diag_t diag = {0};
        line_in *in = line_in_open(path, &diag);
        assert_non_null(in);
        const char *peek;
        assert_true(line_in_peek(in, &peek) == sizeof text - 1);
        char *line;
        assert_int_equal(line_in_next(in, &line, &diag), 5);
        assert_string_equal(line, "first");
        assert_int_equal(line_in_next(in, &line, &diag), 6);
        assert_string_equal(line, "second");
        assert_int_equal(line_in_next(in, &line, &diag), 0);
        assert_int_equal(line_in_next(in, &line, &diag), 20);
        assert_string_equal(line, "last without newline");
        assert_int_equal(line_in_lineno(in), 4);
        assert_int_equal(line_in_next(in, &line, &diag), LINE_EOF);
        line_in_close(in);
        unlink(path);
    }
}

static void test_truncated_gzip_is_fatal_with_position(void **state)
{
    (void)state;
    size_t n = 200000;
    char *text = malloc(n);
    for (size_t i = 0; i < n; i++) text[i] = (i % 50 == 49) ? '\n' : (char)('a' + (i * 7919) % 26);
    const char *path = test_tmp("trunc.gz");
    write_file(path, text, n, 1);
    FILE *f = fopen(path, "rb");
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    assert_int_equal(truncate(path, size / 2), 0);

    diag_t diag = {0};
    line_in *in = line_in_open(path, &diag);
    assert_non_null(in);
    char *line;
    long r;
    uint64_t lines = 0;
    while ((r = line_in_next(in, &line, &diag)) >= 0) lines++;
    assert_int_equal(r, LINE_FATAL);
    assert_true(lines > 0 && lines < n / 50);
    assert_non_null(strstr(diag.reason, "truncated gzip"));
    assert_int_equal(diag.line, lines + 1);
    line_in_close(in);
    unlink(path);
    free(text);
}

/* Reads every line of path into out ("|" after each); returns the last
 * line_in_next code (LINE_EOF or an error) and leaves diag filled. */
static long read_lines(const char *path, char *out, size_t cap, diag_t *diag)
{
    line_in *in = line_in_open(path, diag);
    assert_non_null(in);
    size_t used = 0;
    out[0] = 0;
    char *line;
    long r;
    while ((r = line_in_next(in, &line, diag)) >= 0 || r == LINE_BINARY || r == LINE_TOO_LONG) {
        if (r < 0) continue;
        int n = snprintf(out + used, cap - used, "%s|", line);
        assert_true(n >= 0 && (size_t)n < cap - used);
        used += (size_t)n;
    }
    line_in_close(in);
    return r;
}

/* Old Mac files end their lines with CR alone: CR, LF and CRLF are all line
 * ends, mixed in one file too. */
static void test_cr_lf_crlf_read_alike(void **state)
{
    (void)state;
    static const char text[] = "one\rtwo\r\nthree\nfour\r\rsix\r";
    char got[256];
    for (int gz = 0; gz < 2; gz++) {
        const char *path = test_tmp(gz ? "cr.gz" : "cr.txt");
        write_file(path, text, sizeof text - 1, gz);
        diag_t diag = {0};
        assert_int_equal(read_lines(path, got, sizeof got, &diag), LINE_EOF);
        assert_string_equal(got, "one|two|three|four||six|");
        unlink(path);
    }
    /* a CRLF cut by the end of a read chunk (256 KiB) is one line end, and
     * a long file of CR line ends reads in linear time */
    size_t n = 3u << 20;
    char *big = malloc(n);
    for (size_t i = 0; i < n; i++) big[i] = (i % 16 == 15) ? '\r' : 'x';
    big[(256u << 10) - 1] = '\r';
    big[256u << 10] = '\n';
    const char *path = test_tmp("cr-big.txt");
    write_file(path, big, n, 0);
    free(big);
    diag_t diag = {0};
    line_in *in = line_in_open(path, &diag);
    char *line;
    long r;
    uint64_t lines = 0, empty = 0;
    while ((r = line_in_next(in, &line, &diag)) >= 0) {
        lines++;
        empty += r == 0;
    }
    assert_int_equal(r, LINE_EOF);
    assert_int_equal(lines, n / 16); /* the CRLF is one line end */
    assert_int_equal(empty, 0);
    line_in_close(in);
    unlink(path);
}

static long file_size(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    return size;
}

static void flip_byte(const char *path, long at)
{
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    fseek(f, at, SEEK_SET);
    int c = fgetc(f);
    fseek(f, at, SEEK_SET);
    fputc(c ^ 0x55, f);
    fclose(f);
}

/* A damaged gzip trailer is named with its byte offset, after every line
 * before it; so is junk after the last member; members follow each other. */
static void test_gzip_trailer_and_junk_named_with_offset(void **state)
{
    (void)state;
    static const char text[] = "first\nsecond\nthird\n";
    const char *path = test_tmp("crc.gz");
    char got[256], want[128];
    static const struct { int from_end; const char *what; } damage[] = {
        {8, "gzip CRC mismatch at byte"}, {4, "gzip length mismatch at byte"},
    };
    for (int i = 0; i < 2; i++) {
        write_file(path, text, sizeof text - 1, 1);
        long at = file_size(path) - damage[i].from_end;
        flip_byte(path, at);
        diag_t diag = {0};
        assert_int_equal(read_lines(path, got, sizeof got, &diag), LINE_FATAL);
        assert_string_equal(got, "first|second|third|");
        snprintf(want, sizeof want, "%s %ld", damage[i].what, at);
        if (!strstr(diag.reason, want)) fail_msg("\"%s\", expected \"%s\"", diag.reason, want);
        assert_int_equal(diag.line, 4);
    }

    /* two members, then junk */
    write_file(path, text, sizeof text - 1, 1);
    long one = file_size(path);
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "cat %s %s > %s.2 && printf 'junk' >> %s.2", path, path, path, path);
    assert_int_equal(system(cmd), 0);
    char two[300];
    snprintf(two, sizeof two, "%s.2", path);
    diag_t diag = {0};
    assert_int_equal(read_lines(two, got, sizeof got, &diag), LINE_FATAL);
    assert_string_equal(got, "first|second|third|first|second|third|");
    snprintf(want, sizeof want, "junk after the gzip stream at byte %ld", 2 * one);
    if (!strstr(diag.reason, want)) fail_msg("\"%s\", expected \"%s\"", diag.reason, want);
    unlink(two);
    unlink(path);
}

static void test_binary_and_long_lines_are_skipped(void **state)
{
    (void)state;
    size_t big = 10u << 20; /* a 10 MB line */
    size_t n = big + 64;
    char *text = malloc(n);
    size_t k = 0;
    k += (size_t)sprintf(text + k, "ok one\nbin");
    text[k++] = 0;
    k += (size_t)sprintf(text + k, "ary\n");
    memset(text + k, 'x', big);
    k += big;
    k += (size_t)sprintf(text + k, "\nok two\n");
    const char *path = test_tmp("bad.txt");
    write_file(path, text, k, 0);
    free(text);

    diag_t diag = {0};
    line_in *in = line_in_open(path, &diag);
    char *line;
    assert_int_equal(line_in_next(in, &line, &diag), 6);
    assert_int_equal(line_in_next(in, &line, &diag), LINE_BINARY);
    assert_int_equal(diag.line, 2);
    assert_non_null(strstr(diag.reason, "NUL"));
    assert_int_equal(line_in_next(in, &line, &diag), LINE_TOO_LONG);
    assert_int_equal(diag.line, 3);
    assert_non_null(strstr(diag.reason, "longer than"));
    assert_int_equal(line_in_next(in, &line, &diag), 6);
    assert_string_equal(line, "ok two");
    assert_int_equal(line_in_lineno(in), 4);
    assert_int_equal(line_in_next(in, &line, &diag), LINE_EOF);
    line_in_close(in);
    unlink(path);
}

/* NULs are looked for once a chunk, not at every line (line_in.c): lines
 * holding one, anywhere in a 3 MB input read chunk by chunk (a line across
 * a chunk's end, two such lines in a row, one at the very end without its
 * line end), are each reported at their number, and every other line comes
 * back whole, plain and gzip alike. */
static void test_nul_found_in_every_chunk(void **state)
{
    (void)state;
    enum { LINES = 200000, EVERY = 7919 };
    size_t cap = (size_t)LINES * 24, k = 0;
    int nuls = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    for (int i = 1; i <= LINES; i++) {
        bool nul = i % EVERY == 0 || i % EVERY == 1 || i == LINES;
        k += (size_t)sprintf(text + k, "line %d", i);
        if (nul) {
            nuls++;
            text[k++] = 0;
            k += (size_t)sprintf(text + k, "x");
        }
        if (i < LINES) text[k++] = '\n';
    }
    for (int gz = 0; gz < 2; gz++) {
        const char *path = test_tmp(gz ? "nuls.gz" : "nuls.txt");
        write_file(path, text, k, gz);
        diag_t diag = {0};
        line_in *in = line_in_open(path, &diag);
        assert_non_null(in);
        char *line, want[32];
        long r;
        int n = 0, binary = 0;
        while ((r = line_in_next(in, &line, &diag)) != LINE_EOF) {
            n++;
            bool nul = n % EVERY == 0 || n % EVERY == 1 || n == LINES;
            snprintf(want, sizeof want, "line %d%s", n, nul ? "\x1Ax" : "");
            assert_int_equal(r, nul ? LINE_BINARY : (long)strlen(want));
            assert_string_equal(line, want);
            if (nul) {
                assert_int_equal(diag.line, n);
                binary++;
            }
        }
        assert_int_equal(n, LINES);
        assert_int_equal(binary, nuls);
        line_in_close(in);
        unlink(path);
    }
    free(text);
}

static void test_missing_file_names_it(void **state)
{
    (void)state;
    diag_t diag = {0};
    assert_null(line_in_open("/nonexistent/x.pbn", &diag));
    assert_string_equal(diag.file, "/nonexistent/x.pbn");
    assert_non_null(strstr(diag.reason, "cannot open"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plain_and_gzip_read_alike),
        cmocka_unit_test(test_truncated_gzip_is_fatal_with_position),
        cmocka_unit_test(test_cr_lf_crlf_read_alike),
        cmocka_unit_test(test_gzip_trailer_and_junk_named_with_offset),
        cmocka_unit_test(test_binary_and_long_lines_are_skipped),
        cmocka_unit_test(test_nul_found_in_every_chunk),
        cmocka_unit_test(test_missing_file_names_it),
    };
    return cmocka_run_group_tests_name("line input", tests, NULL, NULL);
}
