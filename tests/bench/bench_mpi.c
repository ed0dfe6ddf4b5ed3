/* bench_mpi.c -- `mpirun -n 2 whistlab solve` (rank 0 reads and solves on
 * one thread, rank 1 solves) against one process solving on one thread,
 * over the same deals (DDS's list300), as whole processes, RUNS times in
 * turn. Passes on the CPU-time ratio one/two: at least 0.9 -- the second
 * rank adds a solver, not work (a rank polling its requests busily took a
 * core from the solvers). Also printed: the wall-clock speed-up, which
 * should be near 2 but is only meaningful on an idle machine. */
#include "tests/bench/bench.h"

#define RUNS 2
#define DEALS 300
#define TARGET 0.9

int main(void)
{
    const char *shared = getenv("WHISTLAB_SHARED");
    char one[1024], two[1024];
    snprintf(one, sizeof one,
             "./whistlab solve %s/corpora/dds-hands/list300.txt -o build/bench-mpi-1.wdv --threads 1 "
             "--no-progress > /dev/null",
             shared && *shared ? shared : "../shared");
    snprintf(two, sizeof two,
             "mpirun --oversubscribe --allow-run-as-root -n 2 ./whistlab solve %s/corpora/dds-hands/list300.txt "
             "-o build/bench-mpi-2.wdv --no-progress > /dev/null",
             shared && *shared ? shared : "../shared");
    bench_sample ratio = {0}, speedup = {0}, rate1 = {0}, rate2 = {0};
    for (int r = 0; r < RUNS; r++) {
        bench_time t1 = bench_run(one), t2 = bench_run(two);
        bench_add(&ratio, t1.cpu / t2.cpu);
        bench_add(&speedup, t1.wall / t2.wall);
        bench_add(&rate1, DEALS / t1.wall);
        bench_add(&rate2, DEALS / t2.wall);
    }
    if (system("cmp -s build/bench-mpi-1.wdv build/bench-mpi-2.wdv") != 0) {
        fprintf(stderr, "bench_mpi: the stores differ\n");
        return 2;
    }
    remove("build/bench-mpi-1.wdv");
    remove("build/bench-mpi-2.wdv");
    bench_figure("solve-one-thread", "%.1f", &rate1, "deals/s", "%d deals of list300, one process, one thread", DEALS);
    bench_figure("solve-mpi-2-wall", "%.2f", &speedup, "x one thread's wall time", "%.1f deals/s (idle machine: near 2)",
                 bench_median(&rate2));
    return bench_verdict("solve-mpi-2", &ratio, "solve-one-thread (CPU time)", ">=", TARGET, NULL) ? 0 : 1;
}
