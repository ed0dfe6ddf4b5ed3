# differences.gp -- the distribution of the per-deal differences of each pair
#
# Written by whistlab 0.1.0 from the summary table of the run (--csv-summary F keeps it); the data are in differences.dat beside it.
# Redraw with:  cd corpora/plots && gnuplot differences.gp   (writes differences.svg)
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
    set terminal pngcairo size 1000,578 noenhanced font 'sans-serif,9' background '#ffffff'
} else {
    if (fig_format eq 'pdf') {
        set terminal pdfcairo size 10.417in,6.021in noenhanced font 'sans-serif,9'
    } else {
        set terminal svg size 1000,578 dynamic noenhanced font 'sans-serif,12' background '#ffffff'
    }
}
# the titles' font: cairo's sizes are points, the SVG's pixels
title_font = fig_format eq 'svg' ? ',12' : ',10'
if (!exists('fig_out')) fig_out = 'differences.'.fig_format
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

set title 'Distribution of the per-deal differences (double-dummy)'."\n".'corpora/whist-2000.pbn.gz: 2000 deals; whistlab 0.1.0'."\n".'differences from -2 to +2 drawn; beyond them at most 0.15% of a pair''s deals (see differences.dat)' font title_font
set xlabel 'difference on the deal, first minus second (tricks)'
set ylabel 'deals (% of the deals)'
set xrange [-2.3:2.3]
set xtics 1
set yrange [0:105]
# set logscale y 10; set yrange [0.01:*]   # to see the tails
set grid noxtics
set key below center horizontal maxrows 4 height 1 width 2
plot 'differences.dat' index 0 using 1:2 with linespoints lt 1 dt 1 title 'long-suit − american (mean +0.000)', \
     'differences.dat' index 1 using 1:2 with linespoints lt 2 dt 2 title 'long-suit − short-suit (mean -0.018)', \
     'differences.dat' index 2 using 1:2 with linespoints lt 3 dt 3 title 'american − short-suit (mean -0.018)'
