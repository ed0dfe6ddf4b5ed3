/* test_csv_values.c -- `lead FILE --values F.wdv --csv-values OUT`, the
 * export of what a store of solved leads holds (issue 28 item 2): a row per
 * card of each eldest hand, whose tricks must be DDS's own value of that
 * lead, solved here again for the first deals of the shipped corpus and
 * its store. */
#include "testutil.h"
#include "analyze/dd/dd_solve.h"
#include "formats/reader.h"

#define CORPUS "corpora/whist-2000.pbn.gz"
#define STORE "corpora/whist-2000.wdv"
#define DEALS 5

static char out[4096];

static void test_store_export_equals_dds(void **state)
{
    (void)state;
    if (dd_init(DD_ENGINE_DDS) == 0) skip();
    char csv[256];
    snprintf(csv, sizeof csv, "%s", test_tmp("values.csv"));
    assert_int_equal(test_run(out, sizeof out, "%s lead --values %s --csv-values %s %s > /dev/null 2>&1", test_bin(),
                              STORE, csv, CORPUS), 0);
    FILE *f = fopen(csv, "r");
    assert_non_null(f);
    char line[512];
    assert_non_null(fgets(line, sizeof line, f));
    assert_true(strncmp(line, "# version: ", 11) == 0); /* the provenance first */
    while (line[0] == '#') assert_non_null(fgets(line, sizeof line, f));
    assert_string_equal(line, "file,line,board,leader,hand,trump,card,tricks,best\n");
    /* board 1 (README, show --board 1): East leads S:K H:J543 D:A7 C:AK7543, diamonds trumps */
    assert_non_null(fgets(line, sizeof line, f));
    assert_string_equal(line, CORPUS ",7,1,E,S:K H:J543 D:A7 C:AK7543,D,SK,10,10\n");
    rewind(f);
    do assert_non_null(fgets(line, sizeof line, f));
    while (line[0] == '#');

    diag_t diag = {0};
    deal_reader *r = deal_reader_open(CORPUS, FMT_PBN, &diag);
    assert_non_null(r);
    int cards = 0;
    for (int k = 0; k < DEALS; k++) {
        deal_t d;
        assert_int_equal(deal_reader_next(r, &d, &diag), READ_DEAL);
        dd_leads oracle;
        dd_solver dds = dd_solver_make(DD_ENGINE_DDS, 0);
        assert_int_equal(dd_solve_leads(&dds, &d, &oracle), DD_OK);
        int best = dd_best_tricks(&oracle);
        for (int n = __builtin_popcountll(d.hand[d.leader]); n > 0; n--, cards++) {
            assert_non_null(fgets(line, sizeof line, f));
            /* ...,LEADER,HAND,TRUMP,CARD,TRICKS,BEST: the last four fields */
            char *field[4];
            char *end = line + strlen(line) - 1;
            *end = 0;
            for (int i = 3; i >= 0; i--) {
                char *comma = strrchr(line, ',');
                assert_non_null(comma);
                *comma = 0;
                field[i] = comma + 1;
            }
            assert_int_equal(field[0][0], SUIT_CHARS[d.strain]);
            card_t c = card_parse(field[1]);
            assert_true(c != CARD_NONE && (d.hand[d.leader] & card_bit(c)));
            assert_int_equal(atoi(field[2]), oracle.tricks[c]);
            assert_int_equal(atoi(field[3]), best);
        }
    }
    assert_int_equal(cards, 13 * DEALS);
    deal_reader_close(r);
    fclose(f);
    remove(csv);
}

static void test_csv_values_needs_a_store(void **state)
{
    (void)state;
    assert_int_equal(test_run(out, sizeof out, "%s lead --csv-values x.csv %s 2>&1", test_bin(), CORPUS), 2);
    assert_non_null(strstr(out, "--csv-values writes the values of a store: give --values F.wdv"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_store_export_equals_dds),
        cmocka_unit_test(test_csv_values_needs_a_store),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
