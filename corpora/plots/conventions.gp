# conventions.gp -- mean tricks and cost against the best lead, per convention
#
# Written by whistlab 0.1.0 from the summary table of the run (--csv-summary F keeps it); the data are in conventions.dat beside it.
# Redraw with:  cd corpora/plots && gnuplot conventions.gp   (writes conventions.svg)
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
    set terminal pngcairo size 1100,380 noenhanced font 'sans-serif,9' background '#ffffff'
} else {
    if (fig_format eq 'pdf') {
        set terminal pdfcairo size 11.458in,3.958in noenhanced font 'sans-serif,9'
    } else {
        set terminal svg size 1100,380 dynamic noenhanced font 'sans-serif,12' background '#ffffff'
    }
}
# the titles' font: cairo's sizes are points, the SVG's pixels
title_font = fig_format eq 'svg' ? ',12' : ',10'
if (!exists('fig_out')) fig_out = 'conventions.'.fig_format
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

set multiplot title 'Per convention: tricks and cost against the best (double-dummy)'."\n".'corpora/whist-2000.pbn.gz: 2000 deals; whistlab 0.1.0'."\n".'best lead on each deal: 6.332 ± 0.119 tricks (95% CI); each row''s figures are its mean and the half width of its 95% CI' font title_font
set tmargin at screen 0.6579
set bmargin at screen 0.1974
set yrange [-0.6:2.6]
set y2range [-0.6:2.6]
set ytics scale 0
set y2tics scale 0
set grid noytics
set bars 2   # the caps of the intervals
unset key

# left: the mean tricks of the eldest hand's side (the best on each deal is in the title)
set lmargin at screen 0.0873
set rmargin at screen 0.3918
set title 'Tricks of the eldest hand''s side (95% CI)'
set xlabel 'mean tricks per deal'
set xrange [5.89058:6.18991]
plot 'conventions.dat' index 0 using 3:1:4:5:ytic(2):y2tic(10) with xerrorbars lt 1 pt 7 ps 1.1

# right: the mean cost against the best (tricks lost per deal)
set lmargin at screen 0.5500
set rmargin at screen 0.8545
set title 'Cost against the best (95% CI)'
set ytics format ''
set xlabel 'tricks per deal lost against the best'
set xrange [0.252712:0.330405]
set yzeroaxis ls 100
plot 'conventions.dat' index 0 using 6:1:7:8:y2tic(11) with xerrorbars lt 2 pt 5 ps 1.1
unset multiplot
