#!/usr/bin/env bash
# Variant rules (docs/formats.md, "Variant rules"): every rule kind counted
# on every 4x4 grid by brute force against the tool's counts (brute4.py,
# its own reading of the rules), sums on 6x6 and 9x9 puzzles with givens
# likewise (brute6.py); rule lines above a puzzle read, written
# into a CNF's description and read back from it (decode with the CNF
# alone); the engines without rules refused with a message; the commands
# that do not take rules yet refuse them; bad rule lines name line and
# column; a title that starts with a rule's name stays a title.
# usage: run-variants.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-variants.sh SUDOKUSAT [SOURCE_DIR]}
SRC=$(cd "${2:-$(dirname "$0")/../..}" && pwd)
case $S in /*) ;; *) S=$PWD/$S ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-variants.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"

# Brute force on 4x4: 300 random rule sets, cadical and picosat.
if out=$(python3 "$SRC/tests/variants/brute4.py" "$S" 300 1 2>&1); then pass; else
  fail brute4 "$(printf '%s' "$out" | tail -20)"
fi
# Sums on 6x6 and 9x9 puzzles with givens (brute6.py): cages, cut grids,
# little killers, arrows and pills, sandwiches, x-sums... by brute force.
if out=$(python3 "$SRC/tests/variants/brute6.py" "$S" 400 60 1 2>&1); then pass; else
  fail brute6 "$(printf '%s' "$out" | tail -20)"
fi

# dutch-flatmates on 9x9 puzzles with many blanks, by brute force.
if out=$(python3 "$SRC/tests/variants/dutch.py" "$S" 40 1 2>&1); then pass; else
  fail dutch "$(printf '%s' "$out" | tail -20)"
fi

# AI Escargot with rules its solution keeps: unique; one it breaks: none.
E='1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..'
SOL=162857493534129678789643521475312986913586742628794135356478219241935867897261354
cat >keep.txt <<T4
thermo r1c3 r1c2 r1c4
cage 12 r2c1..r2c3
arrow r1c8 | r1c4 r1c1
white-dot r1c5 r1c7
$E
T4
printf 'thermo r1c2 r1c3\n%s\n' "$E" >break.txt
check keep-solve 10 "$SOL" "$S" solve -q keep.txt
check keep-unique 10 unique "$S" unique -q keep.txt
check keep-cross 10 unique "$S" unique -q --cross-check keep.txt
check keep-picosat 10 unique "$S" unique -q --backend picosat keep.txt
check break-unique 20 none "$S" unique -q break.txt
check break-count 20 0 "$S" count -q break.txt
# JSON carries the rules as read (in their written form).
"$S" unique --format json keep.txt >out.json 2>err.txt
if python3 -c '
import json, sys
r = json.load(open("out.json"))
assert r["status"] == "unique", r
assert r["rules"] == ["thermo r1c3 r1c2 r1c4", "cage 12 r2c1..r2c3",
                      "arrow r1c8 | r1c4 r1c1", "white-dot r1c5 r1c7"], r["rules"]
'; then pass; else fail json-rules "$(cat out.json err.txt)"; fi

# encode writes the rules into the description; decode needs the CNF alone.
"$S" encode keep.txt >keep.cnf 2>err.txt
if grep -q '^c rules 4$' keep.cnf && grep -q '^c rule arrow r1c8 | r1c4 r1c1$' keep.cnf; then pass; else
  fail encode-desc "$(grep '^c' keep.cnf | head -20)"
fi
if command -v cadical >/dev/null; then
  cadical -q keep.cnf >keep.model
  check decode 10 "$SOL" "$S" decode -q keep.cnf keep.model
fi
check cnf-count 10 1 "$S" count -q keep.cnf
# The engines that solve a CNF from its description refuse one with rules.
check cnf-dlx 3 "" "$S" solve -q --backend dlx keep.cnf
expect_stderr_has "variant rules"

# The engines that know only regions refuse rules, naming them.
check dlx 3 error "$S" solve -q --backend dlx keep.txt
expect_stderr_has "keep.txt:5:1: the dlx backend does not take variant rules"
check bits 3 error "$S" count -q --backend bits keep.txt
expect_stderr_has "the first a thermo"
# The commands that do not take rules yet say so, for each puzzle.
for c in grade explain canon; do
  check "refuse-$c" 3 "" bash -c "\"\$0\" $c -q keep.txt >/dev/null" "$S"
  expect_stderr_has "variant rules"
done
# print draws the rules (tests/print/run-print-rules.sh).
check print 0 "" "$S" print -o p.svg keep.txt
# Certificates: the plain CNF holds the rules (the checker's own clauses
# of them); unique, none and multiple verified; a rule changed after the
# certificate was written is another puzzle.
cat keep.txt break.txt >three.txt
printf 'cage 3 r1c1 r1c2\n%s\n' "$(printf '.%.0s' $(seq 81))" >>three.txt
mkdir certs
check cert-unique 0 "$(printf 'unique\nnone\nmultiple')" "$S" unique -q --certificate certs three.txt
check cert-check 0 "$(printf 'verified unique\nverified none\nverified multiple')" "$S" check -q --certificate certs three.txt
sed 's/^cage 12 /cage 13 /' three.txt >changed.txt
check cert-changed 4 "$(printf 'rejected: 1-5.cert: the certificate is for another puzzle (its plain CNF differs)\nverified none\nverified multiple')" "$S" check -q --certificate certs changed.txt
# Every 4x4 case of the brute-force run, certified and checked.
mkdir certs4
"$S" unique -q --certificate certs4 brute4.txt >u4.txt 2>err.txt
"$S" check -q --certificate certs4 brute4.txt >c4.txt 2>>err.txt
if [ "$(sed 's/^/verified /' u4.txt)" = "$(cat c4.txt)" ] && [ "$(wc -l <c4.txt)" -eq 300 ]; then pass; else
  fail cert-brute4 "$(paste u4.txt c4.txt | grep -v 'verified' | head -5) $(head -c 300 err.txt)"
fi

# Little killers of one direction summed together (their diagonals share
# no cell): eight clues of 49 with no solution (the Interactive Sudoku
# Solver's collection) are decided within 20,000 conflicts with the sum,
# and not within 200,000 without it.
{
  for d in r1c9..r9c1 r1c8..r8c1 r9c2..r2c9 r9c3..r3c9 r7c9..r1c3 \
    r1c1..r9c9 r2c1..r9c8 r3c1..r9c7; do
    echo "little-killer 49 $d"
  done
  printf '.%.0s' $(seq 81)
  echo
} >lk49.txt
check lk-combined 20 none "$S" unique -q -j 1 --max-steps 20000 lk49.txt

# Bad rule lines: the line and the column of the token.
printf 'cage 15 r1c1 r1c1\n%s\n' "$E" >bad1.txt
check bad-twice 3 error "$S" solve -q bad1.txt
expect_stderr_has "bad1.txt:1:1: cage rule: cell r1c1 named twice"
printf '\nthermo r1c1 r1c10\n%s\n' "$E" >bad2.txt
check bad-outside 3 error "$S" solve -q bad2.txt
expect_stderr_has "bad2.txt:2:13: 'r1c10' is outside the grid"
printf 'sum-loop 100000 r1 r2 r3\n%s\n' "$E" >bad-loop.txt
check bad-loop 3 error "$S" solve -q bad-loop.txt
expect_stderr_has "bad-loop.txt:1:1: sum-loop rule: a sum of 100000 over 27 cells: too many totals"
printf 'arrow r1c1 r1c2\n%s\n' "$E" >bad3.txt
check bad-parts 3 error "$S" solve -q bad3.txt
expect_stderr_has "two parts are needed"
# A negative value is refused, not read as no value, nor the line as a
# title (the puzzle read without the rule).
printf 'sandwich -1 r4\n%s\n' "$E" >bad4.txt
check bad-negative 3 error "$S" solve -q bad4.txt
expect_stderr_has "bad4.txt:1:10: '-1': a value is a number from 0"
printf '%s\ncage 15 r1c1 r1c2\n' "$E" >orphan.txt
check orphan 3 "$(printf '%s\nerror' "$SOL")" "$S" solve -q orphan.txt
expect_stderr_has "orphan.txt:2:1: 1 rule line with no puzzle after it"
# Rule lines above an f-puzzles document or a SudokuPad link add to the
# rules it brings (its rules text may say more than its keys: a person's
# reading of it); above an ISS string, which says all its rules, they
# are refused, not merged and not put in place of its own.
{ echo "anti-knight"; cat "$SRC/docs/examples/fpuzzles.json"; } >both.json
check both-rules 0 "6 anti-knight" bash -c \
  '"$0" solve --format json "$1" | python3 -c "import json,sys; r=json.load(sys.stdin)[\"rules\"]; print(len(r), r[-1])"' \
  "$S" both.json
{ echo "thermo r1c1 r1c2"; head -n 1 "$SRC/docs/examples/iss.txt"; } >both-iss.txt
check both-iss 3 error "$S" unique -q both-iss.txt
expect_stderr_has "both-iss.txt:1:1: rule lines above an Interactive Sudoku Solver string"
# Bounds: more rules than four a cell, and more than 16 MiB of rule
# lines above one puzzle, are refused, not held.
python3 -c '
line = "cage 45 r1c1..r1c9 r2c1..r2c9 r3c1..r3c9\n"
print(line * 325 + "." * 81)' >many.txt
check too-many-rules 3 error "$S" solve -q many.txt
expect_stderr_has "many.txt:325:1: cage rule: more than 324 rules on one 9x9 puzzle"
python3 -c '
import sys
line = "cage 45 " + " ".join("r%dc%d" % (r, c) for r in range(1, 10) for c in range(1, 10)) + "\n"
sys.stdout.write(line * (17 * 1024 * 1024 // len(line) + 10))
print("." * 81)' >huge.txt
check rule-text-bound 3 error "$S" solve -q huge.txt
expect_stderr_has "more than 16 MiB of rule lines above one puzzle"
# All dots given: a pair with a dot of either colour is exempt from both
# (a 1-2 pair may carry a white dot under black-dot-all), as setters
# write them.
# The grid below with every ratio-2 pair dotted: black, but a 1-2 pair
# white.
cat >kropki.txt <<K
white-dot r1c1 r1c2
black-dot r1c2 r2c2
black-dot r1c4 r2c4
black-dot r2c3 r2c4
black-dot r3c1 r3c2
black-dot r3c1 r4c1
black-dot r3c3 r4c3
black-dot r4c3 r4c4
black-dot-all
1234341221434321
K
check kropki-all 10 1234341221434321 "$S" solve -q kropki.txt
# A title that starts with a rule's name is a title.
printf 'Killer sudoku\n%s\n' "$E" >title.txt
check title 10 "$SOL" "$S" solve -q title.txt
for t in 'Regex sudoku 2' 'NFA puzzles' 'regex'; do
  printf '%s\n%s\n' "$t" "$E" >title.txt
  check "title-$t" 10 "$SOL" "$S" solve -q title.txt
done
# A value the grid does not have matches no digit: no grid.
printf 'regex 5 r1c1\n....\n....\n....\n....\n' >rx5.txt
check regex-no-digit 20 none "$S" unique -q rx5.txt
# A regex rule's pattern and cells, written into the CNF's description
# and read back from it: the CNF's model decodes alone.
printf 'regex 1.*3 r1\nregex [^3]{2}(4|1)+.* c5\n%s\n' "$E" >rx.txt
check regex-keep 10 unique "$S" unique -q rx.txt
"$S" encode rx.txt >rx.cnf 2>err.txt
if grep -q '^c rule regex \[^3\]{2}(4|1)+\.\* r1c5\.\.r9c5$' rx.cnf; then pass; else
  fail regex-desc "$(grep '^c rule' rx.cnf)"
fi
if command -v cadical >/dev/null; then
  cadical -q rx.cnf >rx.model
  check regex-decode 10 "$SOL" "$S" decode rx.cnf rx.model
fi
# Lines, rows and columns: r1c1..r1c3 is three cells, r2 a row.
printf 'sandwich 0 r1\ncage r1c1..r3c3\n%s\n' "$E" >forms.txt
check line-forms 20 none "$S" unique -q forms.txt
summary
