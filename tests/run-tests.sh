#!/bin/sh
# run-tests.sh -- runs each cmocka test program given, then prints one closing
# line "tests: N passed, N failed" (programs) and fails if any program failed.
passed=0; failed=0; failures=""
for t in "$@"; do
    if "$t"; then passed=$((passed + 1)); else failed=$((failed + 1)); failures="$failures $t"; fi
done
[ -n "$failures" ] && echo "failed programs:$failures"
echo "test programs: $passed passed, $failed failed"
[ "$failed" = 0 ]
