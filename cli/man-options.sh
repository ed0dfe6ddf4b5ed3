#!/bin/sh
# man-options.sh -- the OPTIONS section of whistlab.1, made from what each
# command's --help prints: its option list is the command's option table
# (cli/options.h), so the man page lists the same options, arguments and
# help as the program. `make man` puts the output between the two
# "generated" marker lines of whistlab.1; tests/test_docs.c fails when the
# page is not current.
#
#   sh cli/man-options.sh WHISTLAB   (roff on standard output)
set -eu
bin=$1
# The commands, in the order `whistlab --help` lists them (its command table).
cmds=$("$bin" --help | awk '/^commands:/ { on = 1; next } on && /^$/ { exit } on { print $1 }')
echo '.SH OPTIONS'
printf '%s\n' 'Each command'"'"'s options, as its \fB\-\-help\fR prints them.'
for cmd in $cmds; do
    echo ".SS $cmd"
    "$bin" "$cmd" --help | awk '
        # roff text: backslashes and hyphens escaped, no control character first
        function roff(s) {
            gsub(/\\/, "\\e", s)
            gsub(/-/, "\\-", s)
            if (s ~ /^[.'"'"']/) s = "\\&" s
            return s
        }
        # "-o, --output FILE": the options bold, their arguments italic
        function spec(s,    n, i, w, out, sep) {
            n = split(s, w, " ")
            out = ""
            for (i = 1; i <= n; i++) {
                sep = w[i] ~ /,$/ ? "," : ""
                sub(/,$/, "", w[i])
                if (w[i] ~ /^-/) out = out (out == "" ? "" : " ") "\\fB" roff(w[i]) "\\fR" sep
                else out = out " \\fI" roff(w[i]) "\\fR" sep
            }
            return out
        }
        function flush() {
            if (item == "") return
            print ".TP"
            print spec(item)
            if (text != "") print roff(text)
            item = text = ""
        }
        /^  -/ {
            flush()
            on = 1
            line = substr($0, 3)
            k = match(line, /  +/)
            if (k) { item = substr(line, 1, k - 1); text = substr(line, k + RLENGTH) }
            else { item = line; text = "" }
            next
        }
        on && /^$/ { flush(); exit }
        on && /^    / { t = $0; sub(/^ +/, "", t); text = text (text == "" ? "" : " ") t; next }
        END { flush() }
    '
done
