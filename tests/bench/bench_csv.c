/* bench_csv.c -- what the per-deal table costs a play run (issue 28 item
 * 2): `whistlab replay --eval play --conventions all` (11 conventions) over
 * N generated deals as a whole process, without a table, with
 * `--csv-deals F.csv` and with `--csv-deals F.csv.gz`, RUNS times in turn
 * (each run's ratio against the run without a table just before it):
 *
 *   csv-deals-plain: CPU-time ratio with the plain table / without, at most
 *     TARGET_PLAIN;
 *   csv-deals-gzip: the same with the gzip-compressed table (level 1,
 *     stats/report/csv_out.c), at most TARGET_GZIP.
 *
 * The run without a table is printed as a time of its own.
 *
 *   bench_csv [N]   (default 200000 deals) */
#include <sys/stat.h>
#include "tests/bench/bench.h"

#define RUNS 3
#define TARGET_PLAIN 1.15
#define TARGET_GZIP 1.30

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 200000;
    char wda[128], gen[256], none[512], plain[512], gzip[512];
    snprintf(wda, sizeof wda, "build/bench-csv-%ld.wda", n);
    snprintf(gen, sizeof gen, "./whistlab deal -n %ld --seed 2802 -o %s > /dev/null 2>&1", n, wda);
    struct stat st;
    if (stat(wda, &st) != 0 && system(gen) != 0) {
        fprintf(stderr, "bench_csv: cannot write %s (run from the repository after `make whistlab`)\n", wda);
        return 2;
    }
    const char *cmd = "./whistlab replay --eval play --conventions all --no-progress -q";
    snprintf(none, sizeof none, "%s %s > /dev/null", cmd, wda);
    snprintf(plain, sizeof plain, "%s --csv-deals build/bench-csv.csv %s > /dev/null", cmd, wda);
    snprintf(gzip, sizeof gzip, "%s --csv-deals build/bench-csv.csv.gz %s > /dev/null", cmd, wda);
    bench_sample base = {0}, ratio_plain = {0}, ratio_gzip = {0};
    for (int r = 0; r < RUNS; r++) {
        bench_time a = bench_run(none), b = bench_run(plain);
        bench_time c = bench_run(none), d = bench_run(gzip);
        bench_add(&base, a.cpu < c.cpu ? a.cpu : c.cpu);
        bench_add(&ratio_plain, b.cpu / a.cpu);
        bench_add(&ratio_gzip, d.cpu / c.cpu);
    }
    remove("build/bench-csv.csv");
    remove("build/bench-csv.csv.gz");
    bench_figure("csv-deals-none", "%.2f", &base, "s CPU", "`replay --eval play --conventions all`, %ld deals, no table",
                 n);
    bool ok = bench_verdict("csv-deals-plain", &ratio_plain, "the run without a table", "<=", TARGET_PLAIN,
                            "`--csv-deals F.csv`, %ld deals x 11 conventions", n);
    ok = bench_verdict("csv-deals-gzip", &ratio_gzip, "the run without a table", "<=", TARGET_GZIP,
                       "`--csv-deals F.csv.gz` (gzip level 1)") && ok;
    return ok ? 0 : 1;
}
