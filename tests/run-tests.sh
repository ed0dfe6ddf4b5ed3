#!/bin/sh
# run-tests.sh [-j N] [NAME=VALUE ...] PROGRAM ... -- runs the cmocka test
# programs given, N at a time (default: one per processor), each one's output
# captured and printed whole under a line with its name and its CPU and wall
# seconds, in the order given, once it has ended (parallel programs never
# interleave their lines); then one closing line "test programs: N passed,
# N failed", and fails if any program failed.
# NAME=VALUE sets a variable for the programs after it (a later NAME=VALUE
# of the same name overrides it): make check passes both builds' programs
# in one pool, the heaviest first, each after the variables of its build.

# One program, run by the pool: run-tests.sh --job DIR K [NAME=VALUE ...]
# PROGRAM writes its output to DIR/K.out, its CPU and wall seconds to
# DIR/K.time, then its exit status to DIR/K.rc (through a rename: K.rc
# appears whole, after the others).
if [ "$1" = --job ]; then
    dir=$2
    k=$3
    shift 3
    start=$(date +%s.%N)
    env "$@" >"$dir/$k.out" 2>&1
    rc=$?
    end=$(date +%s.%N)
    # the second line of `times`: this shell's children, i.e. the program
    # (into a file: in a pipe, `times` would run in a subshell, childless)
    times >"$dir/$k.times"
    awk -v s="$start" -v e="$end" 'NR == 2 {
        split($1, u, /[ms]/); split($2, y, /[ms]/)
        printf "%.1f s CPU, %.1f s wall\n", u[1] * 60 + u[2] + y[1] * 60 + y[2], e - s }' "$dir/$k.times" >"$dir/$k.time"
    echo $rc >"$dir/$k.tmp"
    mv "$dir/$k.tmp" "$dir/$k.rc"
    exit 0
fi

jobs=$(nproc 2>/dev/null || echo 2)
if [ "$1" = -j ]; then
    jobs=$2
    shift 2
fi
dir=$(mktemp -d "${TMPDIR:-/tmp}/whistlab-tests.XXXXXX") || exit 3
trap 'rm -rf "$dir"' EXIT

# one line a program: its number, the variables set before it, the program
vars=""
n=0
for a in "$@"; do
    case $a in
    *=*) vars="$vars $a" ;;
    *)
        n=$((n + 1))
        echo "$n$vars $a" >>"$dir/list"
        ;;
    esac
done
[ "$n" -gt 0 ] || { echo "run-tests.sh: no test programs given" >&2; exit 2; }

# Prints each program's result in the order given, as it comes, then the
# closing lines; its exit status is the run's. It runs in the background
# while the pool runs in the foreground: an interrupt (^C) reaches the
# programs, which a background pool would ignore.
print_results() {
    passed=0
    failed=0
    failures=""
    while read -r k line; do
        t=${line##* }
        while [ ! -f "$dir/$k.rc" ]; do
            if [ -f "$dir/ended" ] && [ ! -f "$dir/$k.rc" ]; then
                echo "-1" >"$dir/$k.rc" # the pool ended without running it
                break
            fi
            sleep 0.2
        done
        echo "--- $t ($(cat "$dir/$k.time" 2>/dev/null))"
        cat "$dir/$k.out" 2>/dev/null
        if [ "$(cat "$dir/$k.rc")" = 0 ]; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
            failures="$failures $t"
        fi
    done <"$dir/list"
    [ -n "$failures" ] && echo "failed programs:$failures"
    echo "test programs: $passed passed, $failed failed"
    [ "$failed" = 0 ]
}
print_results &
printer=$!
trap 'kill $printer 2>/dev/null; exit 130' INT TERM

xargs -P "$jobs" -L 1 sh "$0" --job "$dir" <"$dir/list"
: >"$dir/ended"
wait $printer
