#!/usr/bin/env bash
# Files people have, through the tool (docs/formats.md): several
# big puzzles one a line as numbers (the form solve --layout line writes
# past 35x35), each read and its answer checked here; files of no puzzle
# text refused as a whole (exit 3, one message, nothing on stdout); known
# text skipped and named under -v; --box on a puzzle of another size.
# usage: run-reader-text.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-reader-text.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
SRC=$(cd "$SRC" && pwd) # a relative SOURCE_DIR outlives any cd below
case $S in /*) ;; *) S=$PWD/$S ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-text.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
BAD=$SRC/tests/bad-input/puzzles
failed=0
fail() {
  echo "FAIL $1: $2" >&2
  failed=$((failed + 1))
}

# Three 36x36 puzzles one a line: solutions of the empty grid as solve
# writes them, a third of their cells blanked.
zeros=$(printf '0 %.0s' $(seq 1296))
printf '%s\n%s\n' "$zeros" "$zeros" >empty36.txt
"$S" solve -q --layout line empty36.txt >full36.txt 2>err.txt
[ "$(wc -l <full36.txt)" = 2 ] || fail big-lines-setup "$(cat err.txt)"
awk '{ for (i = 1; i <= NF; i++) if ((i + NR) % 3 == 0) $i = 0; print }' \
  full36.txt >big36.txt
awk 'NR == 1 { for (i = 1; i <= NF; i++) if (i % 2) $i = 0; print }' \
  full36.txt >>big36.txt
"$S" solve -q --format json big36.txt >big36.json 2>err.txt
rc=$?
[ $rc = 0 ] || fail big-lines "exit $rc: $(head -c 300 err.txt)"
[ -s err.txt ] && fail big-lines-stderr "$(head -c 300 err.txt)"
python3 - big36.txt big36.json <<'PY' || fail big-lines-check "see above"
import json, sys
puzzles = [list(map(int, l.split())) for l in open(sys.argv[1])]
answers = [json.loads(l) for l in open(sys.argv[2])]
ok = len(answers) == len(puzzles) == 3
for k, (g, a) in enumerate(zip(puzzles, answers)):
    n = 36
    sol = list(map(int, a.get("solution", "").split()))
    units = [[r * n + c for c in range(n)] for r in range(n)]
    units += [[r * n + c for r in range(n)] for c in range(n)]
    units += [[(br + i) * n + bc + j for i in range(6) for j in range(6)]
              for br in range(0, n, 6) for bc in range(0, n, 6)]
    good = (a.get("line") == k + 1 and a.get("status") == "solved" and
            len(sol) == n * n and
            all(sorted(sol[i] for i in u) == list(range(1, n + 1))
                for u in units) and
            all(x == 0 or x == y for x, y in zip(g, sol)))
    if not good:
        print(f"puzzle {k + 1}: {str(a)[:200]}", file=sys.stderr)
    ok &= good
sys.exit(0 if ok else 1)
PY

# Files of no puzzle text: exit 3, one message naming the file, no
# answer line.
for f in map-first minus-one killer; do
  "$S" solve "$BAD/$f.txt" >out.txt 2>err.txt
  rc=$?
  [ $rc = 3 ] || fail "reject-$f" "exit $rc"
  [ -s out.txt ] && fail "reject-$f-stdout" "$(head -c 200 out.txt)"
  [ "$(wc -l <err.txt)" = 1 ] || fail "reject-$f-stderr" "$(cat err.txt)"
  grep -q "$f.txt" err.txt || fail "reject-$f-name" "$(cat err.txt)"
done
grep -q 'no line of this file is a puzzle sudokusat reads (6 lines' err.txt ||
  fail reject-killer-message "$(cat err.txt)"
# A map before its puzzle in a file with other puzzles: an error in its
# place (exit 3), the puzzle after the map unanswered, the rest answered.
"$S" solve -q "$BAD/map-first-mixed.txt" >out.txt 2>err.txt
rc=$?
[ $rc = 3 ] && [ "$(cat out.txt)" = "error
162857493534129678789643521475312986913586742628794135356478219241935867897261354" ] ||
  fail map-first-mixed "exit $rc: $(cat out.txt)"
grep -q 'map-first-mixed.txt:1:1: a jigsaw region map before its puzzle' err.txt ||
  fail map-first-mixed-message "$(cat err.txt)"

# Known text: skipped, named under -v (not without), no error.
"$S" solve -q "$BAD/text-lines.txt" >out.txt 2>err.txt
rc=$?
[ $rc = 0 ] && [ "$(wc -l <out.txt)" = 2 ] && [ ! -s err.txt ] ||
  fail text-lines "exit $rc: $(cat out.txt err.txt)"
"$S" solve -q -v "$BAD/text-lines.txt" "$BAD/size-header.txt" \
  "$BAD/csv-names.txt" >out.txt 2>err.txt
want="sudokusat: $BAD/text-lines.txt:1: skipped: a title
sudokusat: $BAD/text-lines.txt:3: skipped: a URL
sudokusat: $BAD/text-lines.txt:4: skipped: a note
sudokusat: $BAD/size-header.txt:1: skipped: a size header
sudokusat: $BAD/csv-names.txt:1: skipped: a column header
sudokusat: $BAD/csv-names.txt:3: skipped: a column header"
[ "$(cat err.txt)" = "$want" ] || fail text-lines-verbose "$(cat err.txt)"

# A grid under a box-shape header its size alone would not give (3x2
# boxes in a 6x6) is answered under the same header, and the answer reads
# back as the same puzzle (solved again, it is its own answer).
"$S" solve -q "$SRC/tests/formats/samples/box-header.txt" >out.txt 2>err.txt
head -8 out.txt >first.txt
[ "$(head -2 first.txt | tr '\n' ' ')" = "3 2 " ] ||
  fail box-header-written "$(head -3 out.txt)"
"$S" solve -q first.txt >again.txt 2>>err.txt
[ "$(cat first.txt)" = "$(sed '/^$/d' again.txt)" ] ||
  fail box-header-read-back "$(cat again.txt err.txt)"

# --box on a puzzle of another size names both sizes.
echo '.4....2...12....' | "$S" solve --box 3x3 >out.txt 2>err.txt
[ "$(cat err.txt)" = "sudokusat: <stdin>:1:1: a 4x4 puzzle (16 cells) does not fit 3x3 boxes, which make a 9x9 puzzle (81 cells)" ] ||
  fail box-size "$(cat err.txt)"

echo "reader text: $([ $failed = 0 ] && echo passed || echo FAILED) ($failed failures)"
[ $failed = 0 ]
