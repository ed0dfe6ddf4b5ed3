# by-trumps.gp -- mean net gain of each pair by trumps held by the eldest hand, with 95% CIs
#
# Written by whistlab 0.1.0 from the summary table of the run (--csv-summary F keeps it); the data are in by-trumps.dat beside it.
# Redraw with:  cd corpora/plots && gnuplot by-trumps.gp   (writes by-trumps.svg)
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
if (!exists('fig_out')) fig_out = 'by-trumps.'.fig_format
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

set title 'Net gain by trumps held by the eldest hand (double-dummy)'."\n".'corpora/whist-2000.pbn.gz: 2000 deals; whistlab 0.1.0'."\n".'95% CIs per level, not adjusted for multiple comparisons; levels with fewer than 10 deals not drawn' font title_font
set xlabel 'trumps held by the eldest hand (n = deals)' offset 0,-0.8   # below the two-line tic labels
set ylabel 'net gain, first minus second (tricks per deal)'
set xrange [-0.6:7.6]
set yrange [-0.187623:0.187623]
set xtics ("0\nn=35" 0, "1\nn=171" 1, "2\nn=498" 2, "3\nn=583" 3, "4\nn=455" 4, "5\nn=184" 5, "6\nn=61" 6, "7\nn=13" 7)
set grid noxtics
set xzeroaxis ls 100   # zero: no difference
set key below center horizontal maxrows 3 height 1
plot 'by-trumps.dat' index 0 using 2:3:4:5 with yerrorbars lt 1 title 'long-suit − american', \
     'by-trumps.dat' index 1 using 2:3:4:5 with yerrorbars lt 2 title 'long-suit − short-suit', \
     'by-trumps.dat' index 2 using 2:3:4:5 with yerrorbars lt 3 title 'american − short-suit'
