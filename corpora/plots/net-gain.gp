# net-gain.gp -- the pairs of conventions as a matrix: mean net gain per deal
#
# Written by whistlab 0.1.0 from the summary table of the run (--csv-summary F keeps it); the data are in net-gain.dat beside it.
# Redraw with:  cd corpora/plots && gnuplot net-gain.gp   (writes net-gain.svg)
# Restyle freely: the terminals and size below, the line types (colour, point,
# width, dashes) of the style block, titles, labels, ranges; for a PNG or a PDF
# figure: gnuplot -e "fig_format='pdf'" NAME.gp
#
# What the numbers rest on:
#   experiment: the double-dummy value of each convention's opening lead (after it DDS plays the rest of the deal perfectly, every hand in view).
#   version:    whistlab 0.1.0
#   command:    whistlab replay corpora/whist-2000.pbn.gz --conventions long-suit,american,short-suit --plot corpora/plots --no-progress
#   input 1:    corpora/whist-2000.pbn.gz: 2000 deals, digest 7ba23b3e56f0f1f20506bcc4f10c15fe
#   settings:   eval dd; conventions long-suit,american,short-suit; valued the conventions' leads; format auto; trump auto; leader as dealt; seed 0; limit none; shards 1;
#   status:     complete

set encoding utf8
# fig_format: svg, png or pdf (whistlab plot --format says which to draw);
# fig_out: where the figure goes (whistlab draws it under a temporary name, then renames it)
if (!exists('fig_format')) fig_format = 'svg'
if (fig_format eq 'png') {
    set terminal pngcairo size 1000,540 noenhanced font 'sans-serif,9' background '#ffffff'
} else {
    if (fig_format eq 'pdf') {
        set terminal pdfcairo size 10.417in,5.625in noenhanced font 'sans-serif,9'
    } else {
        set terminal svg size 1000,540 dynamic noenhanced font 'sans-serif,12' background '#ffffff'
    }
}
# the titles' font: cairo's sizes are points, the SVG's pixels
title_font = fig_format eq 'svg' ? ',12' : ',10'
if (!exists('fig_out')) fig_out = 'net-gain.'.fig_format
set output fig_out

# style: one line type per series (colour and point shape)
set linetype 1 lc rgb '#0072B2' lw 1.5 pt 7 ps 0.9
set linetype 2 lc rgb '#D55E00' lw 1.5 pt 5 ps 0.9
set linetype 3 lc rgb '#009E73' lw 1.5 pt 9 ps 1.0
set linetype 4 lc rgb '#CC79A7' lw 1.5 pt 11 ps 1.0
set linetype 5 lc rgb '#E69F00' lw 1.5 pt 13 ps 1.0
set linetype 6 lc rgb '#56B4E9' lw 1.5 pt 15 ps 1.0
set linetype 7 lc rgb '#000000' lw 1.5 pt 6 ps 1.0
set linetype 8 lc rgb '#999999' lw 1.5 pt 4 ps 1.0
set linetype 9 lc rgb '#882255' lw 1.5 pt 8 ps 1.0
set linetype 10 lc rgb '#44AA99' lw 1.5 pt 10 ps 1.0
set linetype 11 lc rgb '#332288' lw 1.5 pt 12 ps 1.0
set linetype 12 lc rgb '#999933' lw 1.5 pt 14 ps 1.0
set linetype cycle 12
set style line 100 lc rgb '#555555' lw 1 dt 2   # zero and reference lines
set grid back lc rgb '#dddddd' lw 1 dt 1
set border 3 back
set tics nomirror out
set datafile missing 'NaN'

set title 'Net gain of each convention over each other (double-dummy)'."\n".'corpora/whist-2000.pbn.gz: 2000 deals; whistlab 0.1.0'."\n".'cell: mean net gain per deal, row minus column (tricks); * Holm-adjusted p < 0.05 over the 3 pairs (0 marked)'."\n".'rows by mean tricks, the most first' font title_font
set lmargin at screen 0.3184
set rmargin at screen 0.6484
set tmargin at screen 0.7407
set bmargin at screen 0.1296
set xrange [-0.5:2.5]
set yrange [-0.5:2.5]
set xlabel 'column: the convention of that rank'
set ylabel 'row'
set xtics ("1" 0, "2" 1, "3" 2) scale 0
set ytics ('short-suit 1' 2, 'long-suit 2' 1, 'american 3' 0) scale 0
unset grid
unset key
set border 0
set palette defined (-1 '#D6604D', -0.5 '#F4A582', 0 '#F7F7F7', 0.5 '#92C5DE', 1 '#4393C3')
set cbrange [-0.0175:0.0175]
set cblabel 'net gain, row minus column (tricks per deal)'
set colorbox user origin screen 0.6684, screen 0.1296 size screen 0.02, screen 0.6111
set style fill solid 1.0 border lc rgb '#ffffff'
plot 'net-gain.dat' using 1:2:(0.5):(0.5):5 with boxxyerror fillcolor palette, \
     '' using 1:2:11 with labels font ',11' tc rgb '#000000'
