/* fuzz_claims.c -- libFuzzer target (`make fuzz`): any bytes, as a claims
 * file of `whistlab claims --claims FILE` (analyze/claims/README.md), must
 * parse or be refused with a line and a reason, never crash or hang; a
 * file that parses is then prepared and measured on no deals (its
 * conventions opened, its conditions compiled, its odds rows found), when
 * every convention it names is a built-in one (a name may be a file path,
 * which the fuzzer must not open). Every claim gets a verdict. */
#include <stdlib.h>
#include <string.h>
#include "analyze/claims/claims.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    claim_set s;
    diag_t diag;
    memset(&diag, 0, sizeof diag);
    if (!claims_parse((const char *)data, size, "fuzz.tbl", &s, &diag)) {
        if (!diag.reason[0] || s.claim || s.n) abort(); /* refused without a reason, or kept */
        return 0;
    }
    if (s.n < 1) abort();
    bool builtin = true;
    for (int j = 0; j < s.n; j++)
        for (int i = 0; i < 2; i++)
            if (s.claim[j].conv[i][0] && !convention_builtin(s.claim[j].conv[i])) builtin = false;
    if (builtin) {
        claim_result *res = calloc((size_t)s.n, sizeof *res);
        claims_opts o = {.threads = 1};
        input_opts_init(&o.input);
        claims_account acc = {0};
        if (res && claims_run(&s, "fuzz.tbl", &o, NULL, 0, &acc, res, &diag) == CLAIMS_DONE)
            for (int j = 0; j < s.n; j++)
                if (res[j].verdict > VERDICT_NOT_TESTABLE) abort();
        free(res);
    }
    claims_free(&s);
    return 0;
}
