#!/usr/bin/env bash
# The hall backend from the command line: every variant rule kind counted
# on 4x4 against brute force (tests/variants/brute4.py), sums on 6x6 and
# 9x9 (brute6.py); solve, unique and
# count the same as cadical's on the examples, generated 9x9 (killer
# sudoku too), 16x16 and 25x25 puzzles, thinned ones with several
# solutions, and (when ../shared is there) top1465 and 17-clue puzzles,
# each solution checked by this script's own reading of the grid; a CNF
# that `encode` wrote; the time and step limits on an instance no engine
# answers quickly (pigeonhole 12 into 11).
# usage: run-hall.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-hall.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-hall.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"
SHARED=$SRC/../shared/data
[ -d "$SHARED" ] || SHARED=$SRC/../../shared/data

# Variant rules: 300 random rule sets on the blank 4x4, counted by hall.
if out=$(python3 "$SRC/tests/variants/brute4.py" "$S" 300 3 hall 2>&1); then
  pass
else
  fail brute4 "$(printf '%s' "$out" | tail -20)"
fi

# Sums (killer cages, little killers, arrows: the sum propagator's rules)
# on 6x6 and 9x9 puzzles with givens, counted and solved by hall against
# brute force (tests/variants/brute6.py).
if out=$(python3 "$SRC/tests/variants/brute6.py" "$S" 400 60 2 hall 2>&1); then
  pass
else
  fail brute6 "$(printf '%s' "$out" | tail -20)"
fi

# valid PUZZLES ANSWERS: every answer line that is a grid keeps the
# givens of its puzzle line and holds each digit once in every row,
# column and box (square boxes); prints what is wrong, else nothing.
valid() {
  python3 - "$1" "$2" <<'EOF'
import sys
SYM = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
puz = [l.split()[0] for l in open(sys.argv[1]) if l.strip() and l[0] not in "#c"]
ans = [l.strip() for l in open(sys.argv[2])]
if len(puz) != len(ans):
    print("%d answers for %d puzzles" % (len(ans), len(puz)))
for i, (p, a) in enumerate(zip(puz, ans)):
    if a in ("none", "unknown"):
        continue
    n = int(round(len(a) ** 0.5))
    b = int(round(n ** 0.5))
    d = [SYM.find(ch) for ch in a]
    bad = len(a) != n * n or len(p) != n * n or min(d) < 0
    bad = bad or any(p[k] not in ".0" and p[k] != a[k] for k in range(n * n))
    for g in range(n):
        row = {d[g * n + k] for k in range(n)}
        col = {d[k * n + g] for k in range(n)}
        box = {d[((g // b) * b + k // b) * n + (g % b) * b + k % b] for k in range(n)}
        bad = bad or len(row) != n or len(col) != n or len(box) != n
    if bad:
        print("answer %d is not a solution of its puzzle: %s" % (i + 1, a[:90]))
        break
EOF
}

# same_answers NAME FILE ARGS...: hall's answers to `ARGS FILE` equal
# cadical's, and (solve) each of hall's grids is a solution.
same_answers() {
  local name=$1 file=$2
  shift 2
  "$S" "$@" -q --backend hall "$file" >hall.txt 2>err.txt
  "$S" "$@" -q --backend cadical "$file" >cadical.txt 2>>err.txt
  if ! [ -s hall.txt ]; then
    fail "$name" "hall answered nothing: $(head -c 300 err.txt)"
  elif ! cmp -s hall.txt cadical.txt; then
    fail "$name" "hall and cadical differ: $(diff hall.txt cadical.txt | head -5)"
  else
    pass
  fi
  if [ "$1" = unique ]; then
    "$S" solve -q --backend hall "$file" >grids.txt 2>>err.txt
    check_file "$name-valid" valid "$file" grids.txt
  fi
}

same_answers examples "$SRC/docs/examples/puzzles.txt" unique
same_answers examples-count "$SRC/cnf-samples/several.txt" count --limit 0

# Generated puzzles, and the same with givens taken away (several
# solutions) or one changed (often none).
thin() { awk '{ s = $0; for (i = 3; i < length(s); i += 5) s = substr(s, 1, i - 1) "." substr(s, i + 1); print s }' "$1"; }
spoil() { awk '{ s = $0; for (i = 1; substr(s, i, 1) == "."; i++); c = substr(s, i, 1); print substr(s, 1, i - 1) (c == "1" ? "2" : "1") substr(s, i + 1) }' "$1"; }
for size in 9 16 25; do
  "$S" generate --size $size --count 6 --seed 43 -q >gen$size.txt
  thin gen$size.txt >thin$size.txt
  spoil gen$size.txt >spoil$size.txt
  cat gen$size.txt thin$size.txt spoil$size.txt >all$size.txt
  same_answers gen$size "all$size.txt" unique
  same_answers count$size "thin$size.txt" count --limit 3
done

"$S" generate --killer --count 3 --seed 5 -q >killer.txt
same_answers killer killer.txt unique
SKS_HALL=no-crossing same_answers killer-no-crossing killer.txt unique
SKS_HALL=sums-match same_answers killer-sums-match killer.txt unique
SKS_HALL=slow-reduce,both same_answers killer-slow-reduce killer.txt unique

# The engine's settings (SKS_HALL, docs/backends.md): the group
# propagator on, one mode only, no rephasing or trail reuse, learned
# clauses not shrunk, nor subsumed: the same answers; a setting not
# known stops the backend, named.
for setting in groups stable,no-reuse focused,no-rephase groups,stable no-shrink \
  no-shrink,no-subsume; do
  SKS_HALL=$setting same_answers "settings-$setting" all16.txt unique
done
input_file "$SRC/docs/examples/puzzles.txt"
SKS_HALL=groups,stabel check settings-unknown 2 "" "$S" solve -q --backend hall
expect_stderr_has "SKS_HALL: unknown setting 'stabel'"

# A CNF that `encode` wrote: the same model as cadical's.
"$S" encode -q -o escargot.cnf "$SRC/cnf-samples/escargot.txt"
check cnf 10 "s SATISFIABLE" first_line "$S" solve --backend hall escargot.cnf
same_answers cnf-decoded escargot.cnf solve

# The sets of ../shared, when it is there.
if [ -d "$SHARED" ]; then
  head -400 "$SHARED/puzzles3_magictour_top1465" | grep -v '^#' >top.txt
  same_answers top1465 top.txt unique
  sed -n '1000,1400p' "$SHARED/puzzles2_17_clue" | grep -v '^#' >17.txt
  same_answers 17-clue 17.txt unique
else
  skip shared "no ../shared/data beside the source ($SHARED): top1465 and the 17-clue set were NOT tried"
fi

# The default route: a 9x9 with variant rules goes to hall, a little
# killer, an arrow or killer cages alone (docs/backends.md).
PE96=..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
input "little-killer 11 r1c1..r3c3" "$PE96"
check route-little-killer 10 unique "$S" unique --stats
expect_stderr_has "c answered-by hall 2"
input "arrow r1c3 | r1c1 r2c2" "$PE96"
check route-arrow 20 none "$S" unique --stats
expect_stderr_has "c answered-by hall"
input "cage 12 r1c1 r1c2" "$PE96"
check route-cage 10 unique "$S" unique --stats
expect_stderr_has "c answered-by hall 2"

# Limits: pigeonhole 12 into 11 takes any CDCL engine minutes.
awk 'BEGIN { p = 12; h = 11; print "p cnf", p * h, p + h * p * (p - 1) / 2
  for (i = 0; i < p; i++) { s = ""; for (j = 1; j <= h; j++) s = s (i * h + j) " "; print s "0" }
  for (j = 1; j <= h; j++) for (i = 0; i < p; i++) for (k = i + 1; k < p; k++)
    print -(i * h + j), -(k * h + j), 0 }' >php.cnf
start=$(now_us)
check time-limit 0 "s UNKNOWN" first_line "$S" solve --backend hall \
  --time-limit 0.2 php.cnf
took=$(($(now_us) - start))
# promptly: the deadline plus what a loaded machine adds, not the search
if [ "$took" -lt 5000000 ]; then pass; else
  fail time-limit-prompt "--time-limit 0.2 answered after $((took / 1000)) ms"
fi
check max-steps 0 "s UNKNOWN" first_line "$S" solve --backend hall \
  --max-steps 300 --stats php.cnf
n=$(awk '/^c conflicts /{print $3}' err.txt)
if [ -n "$n" ] && [ "$n" -le 300 ] && [ "$n" -ge 290 ]; then pass; else
  fail max-steps-conflicts "c conflicts '${n:-missing}' for --max-steps 300"
fi
if [ -f "$SHARED/large/sudoku-64-1.txt" ]; then
  start=$(now_us)
  check big-time-limit 0 unknown "$S" solve -q --backend hall \
    --time-limit 0.2 "$SHARED/large/sudoku-64-1.txt"
  took=$(($(now_us) - start))
  if [ "$took" -lt 5000000 ]; then pass; else
    fail big-time-limit-prompt "sudoku-64-1 at --time-limit 0.2 answered after $((took / 1000)) ms"
  fi
fi

summary
