#!/usr/bin/env bash
# End-to-end runs of `sudokusat explain`: the path in words, --next, JSON,
# a puzzle without solution explained down to its contradiction, one with
# several solutions, puzzles given on the command line, and the path
# replayed here (independently of the tool) to the solution.
# usage: run-explain.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-explain.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-explain.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"

EULER='..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'
EULER_SOL='483921657967345821251876493548132976729564138136798245372689514814253769695417382'
NEWSPAPER='..3.2..9...2..5...9.4.8...14...6..8....5.7....3..1...41...5.3.9...1..8...7..9.2..'
# EULER with a 7 at r1c1 (its solution has 4 there): no solution.
EULER_CLASH='7.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'

input "$EULER"
check next 10 "r2c2 = 6: hidden single in box 1 (1.2)" "$S" explain --next
check first 10 "unique" first_line "$S" explain
check last 10 "solved in 49 steps: rating 1.2, hidden single (hidden-single-box), easy" last_line "$S" explain
# every step of a singles path places a cell: 49 blanks, 49 steps
"$S" explain <in.txt >path.txt 2>/dev/null
replays() {
  awk -v p="$EULER" -v s="$EULER_SOL" '
    /^[0-9]+\. r[0-9]c[0-9] = [0-9]:/ {
      split($2, rc, "c"); r = substr(rc[1], 2); c = rc[2]; d = $4 + 0
      i = (r - 1) * 9 + c
      if (substr(p, i, 1) != ".") { print "placed on a given: " $0; exit }
      if (substr(s, i, 1) != d) { print "not the solution: " $0; exit }
      p = substr(p, 1, i - 1) d substr(p, i + 1)
    }
    END { if (p != s) print "does not reach the solution: " p }' path.txt
}
check_file replay replays

# The puzzle on the command line, JSON
json_ok() {
  awk '{ ok = /^\{"command":"explain"/ && /"status":"unique"/ &&
         /"technique":"hidden-single-box"/ && /"open":0/ && /"label":"easy"/ }
       END { if (!ok || NR != 1) print "bad record: " $0 }' .out
}
"$S" explain --format json "$EULER" >.out 2>/dev/null
check_file json json_ok

# CSV has no place for a path of steps: refused, not ignored
check csv-refused 2 "" "$S" explain --format csv "$EULER"

# A harder path names its techniques
input "$NEWSPAPER"
# (SE's direct hidden pair: the pair's eliminations leave 7 one place in
# row 3, and the step places it)
has_pair() { grep -q "^12. r3c7 = 7: direct hidden pair in row 3: 36 only in r3c4, r3c6, which leaves 7 one place (2.0)$" path.txt || echo "no direct hidden pair"; }
"$S" explain <in.txt >path.txt 2>/dev/null
check_file direct-hidden-pair has_pair
# the label: HoDoKu's level of the hardest step by level (its X-wing is
# hard), not of the step SE rates highest
check newspaper-rating 10 "solved in 63 steps: rating 3.6, naked triple (naked-triple), hard" last_line "$S" explain

# No solution: the contradiction, exit status 20
input "$EULER_CLASH"
check none 20 "no solution: r5c1 has no candidate left" last_line "$S" explain
# Several solutions: the path stops
input "....2.6..9....5..1..1..64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
stuck() { tail -n 1 | sed 's/after [0-9]* steps with [0-9]* cells/after N steps with K cells/'; }
"$S" explain <in.txt 2>/dev/null | stuck >multi.txt
check_file multiple awk '$0 != "stuck after N steps with K cells open: the puzzle has several solutions" { print "got " $0 }' multi.txt
# Bad input: its position
input "${EULER:0:80}x"
check bad 3 "error" "$S" explain -q
expect_stderr_has "<stdin>:1:81: unexpected 'x'"

echo "explain: $PASSED passed, $FAILED failed"
[ "$FAILED" = 0 ]
