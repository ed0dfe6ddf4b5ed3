/* test_lead_conditions.c -- a lead problem with conditions on the hidden
 * hands (`lead --hand ... --simulate N --predeal ... --where ...`, issue 28
 * item 4): the fixed cards in the named seat on every layout, every layout
 * meeting the condition, the layouts those of `deal` under the same
 * constraints and seed (the same stream, kept in order), the tries
 * counted, and a condition that cannot be met stopped with its count, never
 * a hang. The runs use the rule-based play (no solver) to stay quick. */
#include <stdbool.h>
#include "testutil.h"

static char out[1 << 16];

#define HAND "S:KJ8432 H:Q963 D:AK C:Q"
#define WHERE "trumps(dealer) >= 4 && trumps(partner) <= 1"

/* Seat letters N E S W to 0..3. */
static int seat_of(char c) { return (int)(strchr("NESW", c) - "NESW"); }

/* How many cards of suit (0 S .. 3 C) a dotted hand "AK.QJ.T9.87" holds. */
static int suit_len(const char *dotted, int suit)
{
    const char *p = dotted;
    for (int s = 0; s < suit; s++) p = strchr(p, '.') + 1;
    return (int)strcspn(p, ".,");
}

static void test_layouts_meet_the_conditions(void **state)
{
    (void)state;
    const char *csv = test_tmp("cond-layouts.csv");
    int rc = test_run(out, sizeof out,
                      "%s lead --hand '" HAND "' --trump H --convention long-suit --eval play --simulate 12 --seed 3 "
                      "--threads 1 --predeal 'dealer=S:A' --where '" WHERE "' --csv-layouts %s 2>&1",
                      test_bin(), csv);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "12 layouts of the other 39 cards (seed 3)"));
    assert_non_null(strstr(out, "\nfixed: the dealer holds S:A H:- D:- C:- (the cards dealt exactly, not by "
                                "rejection)\n"));
    assert_non_null(strstr(out, "\nwhere: " WHERE ": 12 of the 76 layouts dealt met it (15.8%), the others left\n"));
    FILE *f = fopen(csv, "r");
    assert_non_null(f);
    char line[512];
    do assert_non_null(fgets(line, sizeof line, f));
    while (line[0] == '#'); /* the provenance, then the header */
    int rows = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#') continue; /* the status after the last row */
        /* ,0,0,LAYOUT,DEALER,TURNUP,N,E,S,W,play,long-suit,LEAD,TRICKS */
        char *fld[16];
        int n = 0;
        for (char *p = line; n < 16 && p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL) fld[n++] = p;
        assert_int_equal(n, 14);
        int dealer = seat_of(fld[4][0]), leader = (dealer + 1) & 3, partner = (dealer + 3) & 3;
        const char *hand[4] = {fld[6], fld[7], fld[8], fld[9]};
        assert_int_equal(strncmp(hand[leader], "KJ8432.Q963.AK.Q,", 17), 0);
        assert_int_equal(hand[dealer][0], 'A');        /* the SA fixed in the dealer's hand */
        assert_int_equal(fld[5][0], 'H');              /* the turn-up a trump */
        assert_true(suit_len(hand[dealer], 1) >= 4);   /* --where */
        assert_true(suit_len(hand[partner], 1) <= 1);
        rows++;
    }
    fclose(f);
    assert_int_equal(rows, 12 * 13);
    /* the same layouts as `deal` makes under the same constraints and seed */
    rc = test_run(out, sizeof out,
                  "%s deal -n 12 --seed 3 -j 1 --predeal 'eldest=" HAND "' --predeal 'dealer=S:A' --trump H "
                  "--where '" WHERE "' -q | awk '{print $2 \",\" $4 \",\" $6 \",\" $8}' > %s.deal && "
                  "awk -F, '!/^#/ && $13 == \"SK\" {print $7 \",\" $8 \",\" $9 \",\" $10}' %s | cmp - %s.deal && "
                  "echo same",
                  test_bin(), csv, csv, csv);
    assert_int_equal(rc, 0);
    assert_string_equal(out, "same\n");
    /* the tries as deal counts them */
    rc = test_run(out, sizeof out, "%s deal -n 12 --seed 3 -j 1 --predeal 'eldest=" HAND "' --predeal 'dealer=S:A' "
                  "--trump H --where '" WHERE "' 2>&1 >/dev/null", test_bin());
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "; 76 dealt, 15.79% met --where"));
    char deal_out[300];
    snprintf(deal_out, sizeof deal_out, "%s.deal", csv);
    unlink(deal_out);
    unlink(csv);
}

static void test_impossible_or_rare(void **state)
{
    (void)state;
    /* nine hearts for the dealer besides the leader's four: impossible with
     * the partner's two fixed; stopped at 1000 tries a layout */
    int rc = test_run(out, sizeof out,
                      "%s lead --hand '" HAND "' --trump H --convention long-suit --eval play --simulate 5 "
                      "--predeal 'partner=H:AK' --where 'trumps(dealer) == 9' 2>&1",
                      test_bin());
    assert_int_equal(rc, 1);
    assert_non_null(strstr(out, "whistlab lead: only 0 of the 5 layouts asked for met --where in 5000 dealt "
                                "(--max-dealt): the condition is impossible with this hand and these fixed cards, "
                                "or too rare\n"));
    /* too rare for --max-dealt: the layouts found stand, marked INCOMPLETE */
    rc = test_run(out, sizeof out,
                  "%s lead --hand '" HAND "' --trump H --convention long-suit --eval play --simulate 20 "
                  "--where 'hcp(partner) >= 15' --max-dealt 300 2>&1",
                  test_bin());
    assert_int_equal(rc, 1);
    assert_non_null(strstr(out, "INCOMPLETE: only 18 of the 20 layouts asked for met --where in 300 dealt"));
    assert_non_null(strstr(out, "\nwhere: hcp(partner) >= 15: 18 of the 300 layouts dealt met it (6%)"));
}

static void test_usage(void **state)
{
    (void)state;
    static const struct {
        const char *args, *why;
    } BAD[] = {
        {"--simulate 2 --predeal 'north=S:A'", "give the seats as second, partner (third) or dealer, not by compass"},
        {"--simulate 2 --predeal 'leader=S:A'", "the leader's cards are the hand's"},
        {"--simulate 2 --predeal 'dealer=S:K'", "SK given to both the leader and the dealer"},
        {"--predeal 'dealer=S:A'", "--predeal goes with --simulate N"},
        {"--where 'hcp(dealer) > 3'", "--where with --hand goes with --simulate N"},
        {"--simulate 2 --max-dealt 10", "--max-dealt goes with --hand, --simulate N and --where"},
        {"--simulate 2 --predeal 'behind=S:A'", "expected SEAT=HAND"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        int rc = test_run(out, sizeof out, "%s lead --hand '" HAND "' --trump H %s 2>&1", test_bin(), BAD[i].args);
        if (rc != 2 || !strstr(out, BAD[i].why)) fail_msg("%s: exit %d: %s", BAD[i].args, rc, out);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layouts_meet_the_conditions),
        cmocka_unit_test(test_impossible_or_rare),
        cmocka_unit_test(test_usage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
