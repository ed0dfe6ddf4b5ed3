#!/bin/sh
# run-bench.sh -- runs each benchmark program given (tests/bench/bench_*.c,
# built by `make bench`) and prints its lines (tests/bench/bench.h: one per
# row of the README's benchmark table), between a header naming the machine
# and its load at the start and a footer with the load at the end and the
# total time: CPU ratios move with the machine's other load, and a reader
# comparing figures needs both. A program exits non-zero when its figure
# misses its target: that is shown and makes the whole run fail, after all
# programs have run.
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
echo "machine: $(nproc) CPUs, ${cpu:-unknown CPU}, $(uname -sr)"
echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
start=$(date +%s)
failed=""
for b in "$@"; do
    "$b"
    rc=$?
    [ "$rc" = 0 ] || failed="$failed $(basename "$b")(exit $rc)"
done
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null); make bench took $(( ($(date +%s) - start) / 60 )) min"
if [ -n "$failed" ]; then
    echo "benchmarks below target or failed:$failed"
    exit 1
fi
