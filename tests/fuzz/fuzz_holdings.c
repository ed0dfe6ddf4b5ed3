/* fuzz_holdings.c -- libFuzzer target (`make fuzz`): any bytes, as a table
 * of holding groups of `whistlab lead --by-holding --holdings FILE`
 * (analyze/lead/README.md, "Holding groups"), must parse or be refused
 * with a line and a reason, never crash or hang; a table that parses then
 * groups every holding of a suit, each to one of its groups or to "other",
 * and names at most its columns' cards, each of them held. */
#include <stdlib.h>
#include <string.h>
#include "analyze/lead/holding_groups.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static holding_groups g;
    diag_t diag;
    memset(&diag, 0, sizeof diag);
    if (!holding_groups_parse(&g, (const char *)data, size, "fuzz.tbl", &diag)) {
        if (!diag.reason[0]) abort(); /* refused without a reason */
        return 0;
    }
    if (g.n < 1 || g.n > HOLDING_MAX_GROUPS) abort();
    for (uint32_t ranks = 0; ranks < 1u << 13; ranks += 1 + (ranks & 7)) {
        uint16_t held = (uint16_t)(ranks << 2);
        int gi = holding_group_of(&g, held), rank[HOLDING_MAX_COLS];
        if (gi < HOLDING_OTHER || gi >= g.n) abort();
        holding_group_cards(&g, gi, held, rank);
        for (int c = 0; c < HOLDING_MAX_COLS; c++)
            if (rank[c] && (gi < 0 || c >= g.g[gi].ncols || !(held >> rank[c] & 1))) abort();
    }
    return 0;
}
