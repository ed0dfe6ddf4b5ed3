/* bench_mpi.c -- `mpirun -n 2 whistlab solve` (rank 0 reads and solves on
 * one thread, rank 1 solves) against one process solving on one thread,
 * over the same deals (DDS's list1000), interleaved, best of ROUNDS. The
 * issue's target: a deals/s ratio of 1.8 or more -- each rank adds a
 * solver, and the chunks handed out on demand keep both busy to the end.
 *
 * Prints "solve-mpi-2: N deals/s (ratio R vs one process, one thread)";
 * exits 1 below 1.8. Wall time: the ratio is about using a second core,
 * so run it on an idle machine. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define ROUNDS 2
#define DEALS 1000

static double wall_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double timed(const char *cmd)
{
    double t0 = wall_s();
    if (system(cmd) != 0) {
        fprintf(stderr, "bench_mpi: failed: %s\n", cmd);
        exit(2);
    }
    return wall_s() - t0;
}

int main(void)
{
    const char *shared = getenv("WHISTLAB_SHARED");
    char one[1024], two[1024];
    snprintf(one, sizeof one,
             "./whistlab solve %s/corpora/dds-hands/list1000.txt -o build/bench-mpi-1.wdv --threads 1 "
             "--no-progress > /dev/null",
             shared && *shared ? shared : "../shared");
    snprintf(two, sizeof two,
             "mpirun --oversubscribe --allow-run-as-root -n 2 ./whistlab solve %s/corpora/dds-hands/list1000.txt "
             "-o build/bench-mpi-2.wdv --no-progress > /dev/null",
             shared && *shared ? shared : "../shared");
    double best1 = 1e30, best2 = 1e30;
    for (int r = 0; r < ROUNDS; r++) {
        double t1 = timed(one), t2 = timed(two);
        if (t1 < best1) best1 = t1;
        if (t2 < best2) best2 = t2;
    }
    if (system("cmp -s build/bench-mpi-1.wdv build/bench-mpi-2.wdv") != 0) {
        fprintf(stderr, "bench_mpi: the stores differ\n");
        return 2;
    }
    double ratio = best1 / best2;
    printf("solve-one-thread: %.1f deals/s (%d deals, best of %d)\n", DEALS / best1, DEALS, ROUNDS);
    printf("solve-mpi-2: %.1f deals/s (ratio %.3f vs solve-one-thread; target >= 1.8)\n", DEALS / best2, ratio);
    remove("build/bench-mpi-1.wdv");
    remove("build/bench-mpi-2.wdv");
    return ratio >= 1.8 ? 0 : 1;
}
