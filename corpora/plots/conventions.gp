# conventions.gp -- mean tricks and cost against the best lead, per convention
#
# Written by whistlab 0.1.0 from the summary table of the run (--csv-summary F keeps it); the data are in conventions.dat beside it.
# Redraw with:  cd corpora/plots && gnuplot conventions.gp   (writes conventions.svg)
# Restyle freely: the terminal and size below, the line types (colour, point,
# width) of the style block, titles, labels, ranges; for a PDF figure use
#   set terminal pdfcairo size 16cm,10cm font 'Helvetica,9'; set output 'NAME.pdf'
#
# What the numbers rest on:
#   experiment: the double-dummy value of each convention's opening lead (after it DDS plays the rest of the deal perfectly, every hand in view).
#   version:    whistlab 0.1.0
#   command:    whistlab replay corpora/whist-2000.pbn.gz --conventions long-suit,american,short-suit --plot corpora/plots --no-progress
#   input 1:    corpora/whist-2000.pbn.gz: 2000 deals, digest 7ba23b3e56f0f1f20506bcc4f10c15fe
#   settings:   eval dd; conventions long-suit,american,short-suit; valued the conventions' leads; format auto; trump auto; leader as dealt; seed 0; limit none; shards 1;
#   status:     complete

set encoding utf8
set terminal svg size 900,520 dynamic noenhanced font 'sans-serif,12' background '#ffffff'
# svg_out: where the figure goes (whistlab draws it under a temporary name, then renames it)
if (!exists('svg_out')) svg_out = 'conventions.svg'
set output svg_out

# style: one line type per series (Okabe-Ito colours, distinct point shapes)
set linetype 1 lc rgb '#0072B2' lw 1.5 pt 7 ps 0.9
set linetype 2 lc rgb '#D55E00' lw 1.5 pt 5 ps 0.9
set linetype 3 lc rgb '#009E73' lw 1.5 pt 9 ps 1.0
set linetype 4 lc rgb '#CC79A7' lw 1.5 pt 11 ps 1.0
set linetype 5 lc rgb '#E69F00' lw 1.5 pt 13 ps 1.0
set linetype 6 lc rgb '#56B4E9' lw 1.5 pt 15 ps 1.0
set linetype 7 lc rgb '#000000' lw 1.5 pt 6 ps 1.0
set linetype 8 lc rgb '#999999' lw 1.5 pt 4 ps 1.0
set linetype cycle 8
set style line 100 lc rgb '#555555' lw 1 dt 2   # zero and reference lines
set grid back lc rgb '#dddddd' lw 1 dt 1
set border 3 back
set tics nomirror out
set datafile missing 'NaN'

set multiplot layout 1,2 title 'Per convention: tricks and cost against the best (double-dummy)'."\n".'corpora/whist-2000.pbn.gz: 2000 deals; whistlab 0.1.0' font ',12'
set key below center horizontal height 1

# left: the mean tricks of the eldest hand's side
set title 'Tricks of the eldest hand''s side'
set ylabel 'mean tricks per deal'
set xrange [-0.6:3.6]
plot 'conventions.dat' index 0 using 1:3:4:5:xtic(2) with yerrorbars lt 1 title 'mean tricks, 95% CI', \
     '' index 1 using 1:3:4:5:xtic(2) with yerrorbars lt 7 title 'best lead on each deal, 95% CI'

# right: the mean cost against the best (tricks lost per deal)
set title 'Cost against the best'
set ylabel 'tricks per deal lost against the best'
set xrange [-0.6:2.4]
set yrange [0:0.365225]
set xzeroaxis ls 100
plot 'conventions.dat' index 0 using 1:6:7:8:xtic(2) with yerrorbars lt 2 title 'mean cost against the best, 95% CI'
unset multiplot
