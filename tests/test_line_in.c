/* test_line_in.c -- line input: plain and gzip alike, CRLF and BOM, and the
 * bad inputs (truncated gzip, NUL bytes, a 10 MB line) reported with their
 * position instead of crashing or hanging. */
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
        cmocka_unit_test(test_binary_and_long_lines_are_skipped),
        cmocka_unit_test(test_missing_file_names_it),
    };
    return cmocka_run_group_tests_name("line input", tests, NULL, NULL);
}
