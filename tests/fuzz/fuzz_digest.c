/* fuzz_digest.c -- libFuzzer target (`make fuzz`): any bytes, of any length
 * (a convention table's text is digested whole, formats/digest128.h), give
 * the digest of the independent reference (tests/digest_ref.h), as bytes
 * and as a file, never a write outside the digest's buffer (issue 25 item
 * 3: lengths 504..511 mod 512 did). */
#include "tests/fuzz/fuzz_file.h"
#include <stdlib.h>
#include "tests/digest_ref.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    digest128 want = digest_ref_bytes(data, size), got = digest128_bytes(data, size);
    if (got.lane[0] != want.lane[0] || got.lane[1] != want.lane[1]) abort();
    char path[64];
    int fd = fuzz_file(data, size, path);
    if (fd < 0) return 0;
    diag_t diag;
    memset(&diag, 0, sizeof diag);
    bool ok = digest128_file(path, &got, &diag);
    close(fd);
    if (!ok || got.lane[0] != want.lane[0] || got.lane[1] != want.lane[1]) abort();
    return 0;
}
