#!/bin/sh
# demo.sh -- the main job on the shipped corpus: the opening leads of the
# long-suit game, Foster's American leads and Ward's short-suit game, valued
# double-dummy and compared pairwise (run by `make demo` from the repo root).
set -e
corpus=corpora/dds-list1000.pbn.gz
echo "== whistlab check $corpus"
./whistlab check "$corpus"
echo
echo "== whistlab show --board 1 $corpus"
./whistlab show --board 1 "$corpus"
echo
echo "== whistlab replay $corpus --conventions long-suit,american,short-suit --eval dd"
./whistlab replay "$corpus" --conventions long-suit,american,short-suit --eval dd
