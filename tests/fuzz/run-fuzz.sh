#!/bin/sh
# run-fuzz.sh -- seeds and runs a libFuzzer target built by `make fuzz`.
#
#   run-fuzz.sh build/fuzz/TARGET SECONDS
#
# Seeds: for fuzz_read, the shared book cases and the heads of the shared
# corpora (PBN, LIN, DDS test hands), the repo's own test data and a small
# .wda, each behind a 0 byte (its first byte picks the format: 0 =
# detect); for fuzz_convention, the built-in convention tables; for
# fuzz_claims, the built-in claims file; for
# fuzz_digest, the same tables and bytes of every length around a chunk of
# 512 (500..520); for fuzz_where, --where conditions of the README's kind
# and nestings of "(" and "!" 99, 100, 101 and 4000 deep; for fuzz_wls, the
# state files of two small runs (one whole, one shard); for fuzz_wdv, the
# store of DDS's sol10 hands and the shipped corpus's store. Each
# target's corpus stays in build/fuzz/TARGET.run/ between runs. Exits non-zero
# when the fuzzer found a crash, a hang or a leak: the input is left as
# build/fuzz/TARGET.run/crash-* (or timeout-*, leak-*, oom-*); rerun it
# with `build/fuzz/TARGET FILE`. Such a file fails every later run too,
# until it is deleted: its fix then gets a test under tests/.
set -u
target=$1
seconds=$2
name=$(basename "$target")
dir=build/fuzz/$name.run
shared=${WHISTLAB_SHARED:-../shared}
rm -rf "$dir/seed"
mkdir -p "$dir/seed" "$dir/corpus"
i=0
case $name in
fuzz_read)
    for f in "$shared"/cases/*.pbn \
             $(find "$shared/corpora" -type f \( -name '*.pbn' -o -name '*.lin' -o -name '*.txt' \) \
                   ! -iname 'license*' ! -iname 'readme*' 2>/dev/null | sort | head -60) \
             tests/data/*; do
        [ -f "$f" ] || continue
        i=$((i + 1))
        { printf '\000'; head -c 6000 "$f"; } > "$dir/seed/s$i"
    done
    if ./whistlab deal -n 3 --seed 5 -o "$dir/seed.wda" > /dev/null 2>&1; then
        i=$((i + 1))
        { printf '\000'; cat "$dir/seed.wda"; } > "$dir/seed/wda"
    fi
    ;;
fuzz_claims)
    i=$((i + 1))
    cp analyze/claims/claims.tbl "$dir/seed/"
    ;;
fuzz_convention)
    for f in analyze/lead/conventions/*.tbl; do
        i=$((i + 1))
        cp "$f" "$dir/seed/"
    done
    ;;
fuzz_digest)
    for f in analyze/lead/conventions/*.tbl; do
        i=$((i + 1))
        cp "$f" "$dir/seed/"
    done
    for n in $(seq 500 520); do
        i=$((i + 1))
        head -c "$n" corpora/whist-2000.pbn.gz > "$dir/seed/len$n"
    done
    ;;
fuzz_where)
    for depth in 99 100 101 4000; do
        i=$((i + 2))
        { printf "%${depth}s" | tr ' ' '('; printf 'trumps(leader) >= 5'; printf "%${depth}s" | tr ' ' ')'; } \
            > "$dir/seed/paren$depth"
        { printf "%${depth}s" | tr ' ' '!'; printf 'hcp(north) > 3'; } > "$dir/seed/not$depth"
    done
    for w in 'trumps(leader) >= 5 && longest(leader) >= 5 && holds(leader, "AKQ", longest_suit)' \
             'shape(dealer) == "4-4-3-2" || !hcp(north, spades) > 3' \
             'count(second, "AKQJT", trumps) + honours(third) - len(west, clubs) != 2' \
             'shape(east) == "5=4=3=1" && (shortest(south) <= 1 || points(leader) > 12)'; do
        i=$((i + 1))
        printf '%s' "$w" > "$dir/seed/w$i"
    done
    ;;
fuzz_wls)
    for shard in 1/1 1/2; do
        i=$((i + 1))
        ./whistlab replay --no-progress --eval play --limit 4 --shard "$shard" --save "$dir/seed/s$i.wls" \
            corpora/whist-2000.pbn.gz > /dev/null 2>&1 || i=$((i - 1))
    done
    ;;
fuzz_wdv)
    if ./whistlab solve --no-progress --trump S "$shared/corpora/dds-hands/sol10.txt" -o "$dir/seed/s.wdv" > /dev/null 2>&1; then
        i=$((i + 1))
    fi
    cp corpora/whist-2000.wdv "$dir/seed/whist-2000.wdv" && i=$((i + 1))
    ;;
esac
echo "fuzz: $name for $seconds s on 2 workers, $i seed files (logs: $dir/fuzz-*.log)"
cd "$dir" || exit 2
rm -f fuzz-*.log
"../$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=8192 \
    -jobs=2 -workers=2 corpus seed > /dev/null 2>&1
found=$(ls crash-* timeout-* leak-* oom-* 2>/dev/null)
if [ -n "$found" ]; then
    echo "fuzz: $name FOUND, in $dir:" $found
    grep -h -m1 -A3 'ERROR\|SUMMARY' fuzz-*.log
    exit 1
fi
runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' fuzz-*.log | awk '{ n += $1 } END { print n + 0 }')
echo "fuzz: $name: $runs runs, no crash, hang or leak; corpus $(ls corpus | wc -l) inputs"
