#!/bin/sh
# demo.sh -- the main job on the shipped corpus (run by `make demo` from the
# repo root): 2000 whist deals dealt as at the table (the dealer's last card
# turned up for trumps, the eldest hand on lead), the opening leads of the
# long-suit game, Foster's American leads and Ward's short-suit game valued
# double-dummy (read from the corpus's store of solved leads) and compared
# pairwise, then every convention double-dummy, then the three played out
# by the rule-based players; the figures of both replays are drawn into
# build/demo-plots/dd and build/demo-plots/play (SVG, gnuplot script, data);
# last, the books' claims tested on the same corpus and store, named here
# as `whistlab claims` takes them by default.
set -e
corpus=corpora/whist-2000.pbn.gz
values=corpora/whist-2000.wdv # its solved leads: whistlab solve "$corpus" -o "$values"
run() {
    echo "\$ whistlab $*"
    ./whistlab "$@"
    echo
}
run check "$corpus"
run show --board 1 "$corpus"
run lead --hand 'S:KJ8432 H:Q963 D:AK C:Q' --trump H --convention long-suit,american,short-suit --explain
run replay "$corpus" --values "$values" --conventions long-suit,american,short-suit --eval dd --plot build/demo-plots/dd
run replay "$corpus" --values "$values" --eval dd \
    --conventions long-suit,long-suit-pole,long-suit-clay,long-suit-hogarth,american,short-suit,short-suit-singleton,strongest-suit,master-card,highest,random,dd-best
run replay "$corpus" --conventions long-suit,american,short-suit --eval play --plot build/demo-plots/play
run claims "$corpus" --values "$values"
