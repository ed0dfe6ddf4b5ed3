#!/bin/sh
# refill-readme.sh OUTPUT [README] -- puts the figures of a `make bench` run
# (its output saved in OUTPUT) into README's benchmark table: in each row
# whose first cell is `NAME`, the last cell becomes the text that followed
# "NAME: " in the output, up to its first ';' (a verdict line keeps its
# "met"/"MISSED"); the rows `lead-CONVENTION` are one row, `lead-*`, given
# the range of the conventions' medians. The section's line that starts
# with "Machine: " is rewritten from the header and footer of the run, and
# the time make bench took.
# Only the "## Benchmarks" section is touched; rows with no line in OUTPUT
# are left as they were.
out=$1
readme=${2:-README.md}
awk -v out="$out" '
BEGIN {
    while ((getline line < out) > 0) {
        if (line ~ /^machine: /) { machine = substr(line, 10); continue }
        if (line ~ /^load at start: /) { start = substr(line, 16); continue }
        if (line ~ /^load at end: /) {
            end = substr(line, 14)
            took = end; sub(/.*took /, "", took); sub(/ min.*/, "", took)
            sub(/;.*/, "", end)
            continue
        }
        i = index(line, ": ")
        if (i == 0) continue
        name = substr(line, 1, i - 1)
        fig = substr(line, i + 2)
        j = index(fig, ";")
        if (j > 0 && fig !~ /^ratio /) fig = substr(fig, 1, j - 1)
        if (fig ~ /^ratio /) { k = index(fig, ": "); m = substr(fig, k + 2); sub(/;.*/, "", m); sub(/ vs .*/, "", fig); fig = fig ", " m }
        figure[name] = fig
        if (name ~ /^lead-/ && fig ~ / ns CPU a deal / && name != "lead-highest-card-loop" &&
            name != "lead-each-all-conventions") {
            split(fig, w, " ")
            v = w[1] + 0
            if (lo == "" || v < lo) lo = v
            if (hi == "" || v > hi) hi = v
        }
    }
    if (lo != "") figure["lead-*"] = lo "-" hi " ns CPU a deal (medians of the conventions)"
}
/^## / { inside = ($0 == "## Benchmarks") }
inside && /^\| `[^`]*` \|/ {
    n = split($0, cell, "|")
    name = cell[2]; gsub(/^ *`|` *$/, "", name)
    if (name in figure) {
        row = "|"
        for (c = 2; c < n - 1; c++) row = row cell[c] "|"
        print row " " figure[name] " |"
        next
    }
}
inside && /^Machine: / && machine != "" {
    print "Machine: " machine "; load average (1, 5, 15 min) " start " at the start, " end " at the end."
    next
}
inside && took != "" && /\(about [0-9N]+ minutes on the machine below\)/ {
    sub(/\(about [0-9N]+ minutes on the machine below\)/, "(about " took " minutes on the machine below)")
}
{ print }
' "$readme" > "$readme.tmp" && mv "$readme.tmp" "$readme"
