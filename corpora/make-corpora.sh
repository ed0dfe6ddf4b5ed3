#!/bin/sh
# make-corpora.sh -- builds the standard large random corpora on demand
# (`make corpora`); they are not committed, and any machine rebuilds the same
# deals from the same seeds (the scheme: analyze/deal/deal_gen.h):
#
#   corpora/random-1m.wda    1,000,000 deals, seed 1   (16 MB)
#   corpora/random-10m.wda  10,000,000 deals, seed 42  (160 MB)
#
# A corpus already there is kept if `whistlab check` reads it whole; one
# that fails (truncated, corrupt) is made again. Run from the repository root.
set -e
bin=${WHISTLAB_BIN:-./whistlab}
[ -x "$bin" ] || { echo "make-corpora.sh: $bin not found (run make whistlab)" >&2; exit 1; }

build() { # name count seed
    out="corpora/$1"
    if [ -f "$out" ] && "$bin" check "$out" >/dev/null 2>&1; then
        echo "$out: present, $2 deals"
        return
    fi
    "$bin" deal -n "$2" --seed "$3" --to wda -o "$out.part"
    mv "$out.part" "$out"
    "$bin" check "$out"
}

build random-1m.wda 1000000 1
build random-10m.wda 10000000 42
