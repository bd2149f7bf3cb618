#!/usr/bin/env bash
# End-to-end runs of `sudokusat grade` and `sudokusat repair`: output and
# exit status, the same answers on any -j, bad input with its position,
# and repaired puzzles judged by picosat through `unique`.
# usage: run-grade.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-grade.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd) # a relative SOURCE_DIR outlives the cd below
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-grade.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"
first_line_cells() { head -n 1 | sed -E 's/r[0-9]+c[0-9]+=[0-9]+/rRcC=D/g'; }
FILTERS="$FILTERS first_line_cells "

ESCARGOT='1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..'
EULER='..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'
# EULER without its r1c7 (a 6), and with a 7 at r1c1 that no row, column
# or box rules out but its solution (4 there) does.
EULER_HOLE='..3.2....9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'
EULER_CLASH='7.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'

# ---------------------------------------------------------------- grade
input "$EULER"
check grade-singles 0 "singles 0.0 easy hidden-single-box 1.2" "$S" grade
# A 17-clue puzzle whose easiest path with every technique takes simple
# colouring (6.9 here), which Sudoku Explainer does not have: by default
# (and with --se-rating) it is rated by SE's techniques only, 6.6 by an
# X-chain as SE's own serate rates it (ED=6.6/1.5/1.5); --path-rating
# gives the path with every technique; both flags at once are refused
input ".................1....23.4......2.3...51.......67......2......7.8......943...8..."
check grade-se-default 0 "search 75.2 unfair x-chain 6.6" "$S" grade
check grade-se-rating 0 "search 75.2 unfair x-chain 6.6" "$S" grade --se-rating
check grade-path-rating 0 "search 75.2 hard simple-colouring 6.9" "$S" grade \
  --path-rating
check grade-two-ratings 2 "" "$S" grade --se-rating --path-rating
expect_stderr_has "--se-rating and --path-rating"
# top1465 puzzle 420: SE's pick at each forcing level is the shortest
# chain of all the level's deductions (serate: ED=8.9); the deduction of
# lowest depth sum, taken before, led to a dynamic chain at 9.0
input "..6..43.....3...7..1...7.4....9....536....1.8.2........9..86.....7......5....12.."
check grade-se-forcing-pick 0 "search 132.5 extreme dynamic-forcing 8.9" "$S" grade
input "$ESCARGOT Escargot"
search_label() {
  awk '{ ok = $1 == "search" && $2 + 0 > 0 &&
         $3 == "extreme" && $4 ~ /forcing/ && $5 + 0 >= 9 && $6 == "Escargot" }
       END { if (!ok || NR != 1) print "not a search grade: " $0 }' .out
}
"$S" grade <in.txt >.out 2>/dev/null
check_file grade-search search_label
input "${ESCARGOT:0:5}.${ESCARGOT:6}"
check grade-multiple 0 "multiple" "$S" grade
input "$EULER_CLASH"
check grade-none 0 "none" "$S" grade
input "$EULER" "$ESCARGOT" "$EULER_CLASH" "${ESCARGOT:0:5}.${ESCARGOT:6}"
"$S" grade -q -j1 <in.txt >g1.txt
check grade-jobs 0 '' same_as g1.txt "$S" grade -q -j2
check grade-seed 0 '' same_as g1.txt "$S" grade -q --seed 1
# --analog adds the analog solver's eta (a short rating: 2 runs).
input "$ESCARGOT"
has_eta() {
  awk '{ ok = $1 == "search" && $6 ~ /^eta=[0-9.]+$|^eta=inf$/ }
       END { if (!ok) print "no eta: " $0 }' .out
}
"$S" grade --analog --runs 2 --rate-time 200 <in.txt >.out 2>/dev/null
check_file grade-analog has_eta
input "$EULER" "${EULER:0:80}x"
check grade-bad 3 "singles 0.0 easy hidden-single-box 1.2
error" "$S" grade -q
expect_stderr_has "<stdin>:2:81: unexpected 'x'"
input "p cnf 1 1" "1 0"
check grade-dimacs 3 "error" "$S" grade -q

# ---------------------------------------------------------------- repair
input "$EULER"
check repair-unique 0 "unique" "$S" repair
input "$EULER_HOLE"
# One given makes it unique; which one follows the engine's search order,
# so the check takes the form and the next one proves the result unique.
check repair-add 0 "add 1 fewest: rRcC=D" first_line_cells "$S" repair
"$S" repair <in.txt | tail -n 1 >fixed.txt
input_file fixed.txt
check repair-add-unique 10 "unique" "$S" unique --backend picosat
keeps_givens() {
  awk -v p="$EULER_HOLE" '{ for (i = 1; i <= 81; i++)
    if (substr(p, i, 1) != "." && substr(p, i, 1) != substr($0, i, 1))
      { print "given " i " changed"; exit } }' fixed.txt
}
check_file repair-keeps-givens keeps_givens
input "$EULER_CLASH"
"$S" repair <in.txt >clash.txt 2>/dev/null
core_has_clash() {
  awk '{ ok = $1 == "clash" && / r1c1=7/ } END { if (!ok) print "no clash at r1c1: " $0 }' clash.txt
}
check_file repair-core core_has_clash
core_fewest() {
  awk '$3 != "fewest:" { print "not the fewest: " $0 }' clash.txt
}
# The core alone has no solution (picosat), and every given of it counts.
core_puzzle() {
  awk -v skip="${1:-}" '{ for (i = 1; i <= 81; i++) g[i] = "."
    for (f = 3; f <= NF; f++) if (f != skip && match($f, /^r[0-9]c[0-9]=/)) {
      split(substr($f, 2), a, /[c=]/); g[(a[1] - 1) * 9 + a[2]] = a[3] }
    s = ""; for (i = 1; i <= 81; i++) s = s g[i]; print s }' clash.txt
}
core_puzzle >core.txt
input_file core.txt
check repair-core-none 20 "none" "$S" unique --backend picosat
check_file repair-core-fewest core_fewest
fields=$(awk '{ print NF }' clash.txt)
[ "$fields" -ge 5 ] || { echo "FAIL repair-core-fields: $(cat clash.txt)"; exit 1; }
for ((f = 4; f <= fields; f++)); do
  core_puzzle "$f" >less.txt
  input_file less.txt
  check "repair-core-needed-$f" 10 "multiple" "$S" unique --backend picosat
done
input "$EULER_HOLE" "$EULER" "$EULER_CLASH" "${ESCARGOT:0:5}.${ESCARGOT:6}"
"$S" repair -q -j1 <in.txt >r1.txt
check repair-jobs 0 '' same_as r1.txt "$S" repair -q -j2
# A given that repeats a digit in its row clashes with that digit alone.
input "${ESCARGOT:0:8}1${ESCARGOT:9}"
check repair-core-row 0 "clash 2 fewest: r1c1=1 r1c9=1" "$S" repair
input "${EULER:0:40}"
check repair-bad 3 "error" "$S" repair -q
expect_stderr_has "<stdin>:1:37:"

summary
