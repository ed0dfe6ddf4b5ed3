/* csv_typed.h -- for the test programs: whether a CSV table loads typed, as
 * pandas (read_csv(F, comment='#')) and R (read.csv(F, comment.char='#'))
 * load it: its '#' comment lines skipped wherever they stand, and every cell
 * of the columns named numeric either empty (NA) or a number as a whole, so
 * that the column loads as numbers, not as text (issue 28 item 2). Include
 * after testutil.h. */
#ifndef WHISTLAB_TEST_CSV_TYPED_H
#define WHISTLAB_TEST_CSV_TYPED_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define CSV_TYPED_MAX_COLS 64

/* Whether name is one of the comma-separated names of list. */
static inline bool csv_typed_listed(const char *list, const char *name, size_t n)
{
    for (const char *p = list; *p;) {
        size_t k = strcspn(p, ",");
        if (k == n && strncmp(p, name, n) == 0) return true;
        p += k + (p[k] == ',');
    }
    return false;
}

/* Reads the table at path and fails the test on the first cell of a column
 * named in `numeric` (comma-separated) that is neither empty nor a number,
 * and when a column of `numeric` is not in the header. The header's columns
 * are compared with `header` when it is not NULL. Returns the data rows. */
static inline int test_csv_typed(const char *path, const char *header, const char *numeric)
{
    char *text = test_slurp(path);
    assert_non_null(text);
    bool is_num[CSV_TYPED_MAX_COLS] = {0};
    char field[4096];
    size_t flen = 0;
    int col = 0, rows = -1, found = 0;
    bool quoted = false, row_start = true;
    for (const char *p = text; *p; p++) {
        if (row_start && *p == '#') { /* a comment line */
            p += strcspn(p, "\n");
            if (!*p) break;
            continue;
        }
        row_start = false;
        if (quoted) {
            if (*p == '"' && p[1] == '"') field[flen++] = *p++;
            else if (*p == '"') quoted = false;
            else field[flen++] = *p;
            assert_true(flen < sizeof field);
            continue;
        }
        if (*p == '"') {
            quoted = true;
            continue;
        }
        if (*p != ',' && *p != '\n') {
            field[flen++] = *p;
            assert_true(flen < sizeof field);
            continue;
        }
        field[flen] = 0;
        assert_true(col < CSV_TYPED_MAX_COLS);
        if (rows < 0) { /* the header */
            is_num[col] = csv_typed_listed(numeric, field, flen);
            found += is_num[col];
        } else if (is_num[col] && field[0]) {
            char *end;
            strtod(field, &end);
            if (*end) fail_msg("%s: data row %d, column %d: \"%s\" is not a number", path, rows + 1, col + 1, field);
        }
        flen = 0;
        col++;
        if (*p == '\n') {
            rows++;
            col = 0;
            row_start = true;
        }
    }
    int want = 0;
    for (const char *q = numeric; *q; q += strcspn(q, ",") + (q[strcspn(q, ",")] == ',')) want++;
    if (found != want) fail_msg("%s: %d of the %d numeric columns %s are in the header", path, found, want, numeric);
    if (header) {
        char line[4096];
        snprintf(line, sizeof line, "\n%s\n", header);
        if (!strstr(text, line) && strncmp(text, line + 1, strlen(line + 1)) != 0)
            fail_msg("%s: no header row %s", path, header);
    }
    free(text);
    return rows;
}

#endif
