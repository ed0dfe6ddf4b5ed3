/* bench_play_robin.c -- issue 26's bound on the play by tables: the round
 * robin of the seven book conventions,
 *
 *   whistlab play --round-robin long-suit,long-suit-pole,long-suit-clay,
 *     long-suit-hogarth,american,short-suit,strongest-suit
 *
 * each side playing its own table's [play] rows, costs at most TARGET
 * times the CPU of the same command run by the whistlab of before issue 26
 * (git revision REF_REV: every side played Foster's rules, written in C).
 * Both binaries run it in turn, RUNS times, as whole processes:
 *
 *   play-robin-7-time: this binary's wall and CPU time, no target;
 *   play-robin-7: passes on the CPU-time ratio this/reference, each run's
 *     taken against the reference run just before it, at most TARGET.
 *
 * The reference is built once from REF_REV (git archive into
 * build/bench-ref-REF_REV, `make whistlab` there), or is the binary that
 * WHISTLAB_BENCH_REF names. Where neither can be had (a copy of the source
 * without its history), the bound is stated against a reference run in
 * this benchmark instead: the CPU of the seven-convention round robin over
 * that of `--round-robin long-suit,american` on the same deals, at most
 * TARGET times what it was before issue 26 (PRE26_RELATIVE, measured with
 * both commands on the whistlab of REF_REV).
 *
 * Over the first N deals of bench_play's 1M-deal corpus
 * (build/bench-play-1m.wda), 200,000 by default: the ratio is one of CPU
 * per deal, and `bench_play_robin 1000000` runs the whole million. One
 * thread (--threads 1), as the figure was measured: two threads
 * share the last-level cache, and the seven tables' rows and indexes, a
 * larger working set than Foster's rules in C, lose more to that (on the
 * 2-CPU machine of README's table: 1.35 on two threads against 1.27-1.28
 * on one, in the same hour).
 *
 *   bench_play_robin [N] */
#include <sys/stat.h>
#include "tests/bench/bench.h"

#define RUNS 5 /* the median of 3 ratios moved with one loaded run: 5 */
#define TARGET 1.25
#define REF_REV "4f23030"
/* 7 conventions / long-suit,american, CPU, at REF_REV: 18.3 (17.2-24.2 over
 * 3 runs of 50,000 deals, load 6-10) */
#define PRE26_RELATIVE 18.3
#define SEVEN "long-suit,long-suit-pole,long-suit-clay,long-suit-hogarth,american,short-suit,strongest-suit"
#define WDA "build/bench-play-1m.wda"
#define REF_DIR "build/bench-ref-" REF_REV

/* The reference binary: WHISTLAB_BENCH_REF, or REF_REV built (once) under
 * REF_DIR; NULL when it cannot be had. */
static const char *reference(void)
{
    const char *env = getenv("WHISTLAB_BENCH_REF");
    if (env && *env) return env;
    static const char bin[] = REF_DIR "/whistlab";
    struct stat st;
    if (stat(bin, &st) == 0) return bin;
    if (system("git rev-parse -q --verify " REF_REV "^{commit} > /dev/null 2>&1") != 0) return NULL;
    fprintf(stderr, "bench_play_robin: building the whistlab of %s in %s (once)\n", REF_REV, REF_DIR);
    if (system("rm -rf " REF_DIR " && mkdir -p " REF_DIR " && git archive " REF_REV " | tar -x -C " REF_DIR
               " && env -u MAKEFLAGS -u MAKELEVEL make -j2 -C " REF_DIR " whistlab > " REF_DIR ".log 2>&1") != 0) {
        fprintf(stderr, "bench_play_robin: could not build %s (see %s.log)\n", REF_REV, REF_DIR);
        return NULL;
    }
    return bin;
}

static void robin(char *cmd, size_t size, const char *bin, const char *conventions, long n)
{
    snprintf(cmd, size, "'%s' play --round-robin %s --limit %ld --threads 1 --no-progress " WDA " > /dev/null", bin,
             conventions, n);
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 200000;
    struct stat st;
    if (stat(WDA, &st) != 0 && system("./whistlab deal -n 1m --seed 1829 -o " WDA " > /dev/null 2>&1") != 0) {
        fprintf(stderr, "bench_play_robin: cannot write %s (run from the repository after `make whistlab`)\n", WDA);
        return 2;
    }
    const char *ref = reference();
    char mine[1024], theirs[1024];
    robin(mine, sizeof mine, "./whistlab", SEVEN, n);
    robin(theirs, sizeof theirs, ref ? ref : "./whistlab", ref ? SEVEN : "long-suit,american", n);
    bench_sample wall = {0}, cpu = {0}, ratio = {0};
    for (int r = 0; r < RUNS; r++) {
        bench_time a = bench_run(theirs), b = bench_run(mine);
        bench_add(&wall, b.wall);
        bench_add(&cpu, b.cpu);
        bench_add(&ratio, ref ? b.cpu / a.cpu : b.cpu / a.cpu / PRE26_RELATIVE);
    }
    bench_figure("play-robin-7-time", "%.1f", &cpu, "s CPU", "`play --round-robin` of the seven book conventions, %ld "
                 "deals, one thread (%.1f s wall)", n, bench_median(&wall));
    bool ok = ref ? bench_verdict("play-robin-7", &ratio, "whistlab " REF_REV " (before issue 26)", "<=", TARGET,
                                  "%ld deals", n)
                  : bench_verdict("play-robin-7", &ratio, "the long-suit,american round robin, over its " REF_REV
                                  " ratio " "(no build of " REF_REV ")", "<=", TARGET, "%ld deals", n);
    return ok ? 0 : 1;
}
