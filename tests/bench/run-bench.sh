#!/bin/sh
# run-bench.sh -- runs each benchmark program given (tests/bench/bench_*.c,
# built by `make bench`) and prints its lines, "name: value unit (ratio R vs
# REF)". A program exits non-zero when it misses its target: that is shown
# and makes the whole run fail, after all programs have run.
failed=""
for b in "$@"; do
    "$b"
    rc=$?
    [ "$rc" = 0 ] || failed="$failed $(basename "$b")(exit $rc)"
done
if [ -n "$failed" ]; then
    echo "benchmarks below target or failed:$failed"
    exit 1
fi
