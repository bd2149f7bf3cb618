#!/usr/bin/env bash
# Authoring puzzles with variant rules (docs/authoring.md): minimize keeps
# a puzzle's rules and leaves every given needed (each one taken out in
# turn gives several solutions); repair completes a rule puzzle with
# several solutions and names the givens that clash with each other and
# the rules; the rule lines written above a puzzle read back as the same
# rules; generate --killer makes killer sudoku (cages only, no givens)
# that read back unique, every cell in one cage of a size in the range
# asked for, the same seed giving the same puzzles.
# usage: run-author.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-author.sh SUDOKUSAT [SOURCE_DIR]}
SRC=$(cd "${2:-$(dirname "$0")/../..}" && pwd)
case $S in /*) ;; *) S=$PWD/$S ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-vauthor.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"

# rules_of FILE: its rule lines (those that start with a lowercase word
# followed by a number, a cell, a row, a column or '|'), in order.
rules_of() { grep -E '^[a-z+-]+ ' "$1"; }
# givens_of LINE: the cells (0-based) of a one-line puzzle's givens.
givens_of() {
  local line=$1 i
  for ((i = 0; i < ${#line}; i++)); do
    [ "${line:i:1}" = . ] || printf '%d\n' "$i"
  done
}
# each_needed FILE: FILE is rule lines then one 81-cell line; prints
# what is wrong unless every given is needed (taken out, several
# solutions).
each_needed() {
  local rules line i out
  rules=$(rules_of "$1")
  line=$(tail -n 1 "$1")
  : >each.txt
  for i in $(givens_of "$line"); do
    printf '%s\n%s\n' "$rules" "${line:0:i}.${line:i+1}" >>each.txt
  done
  [ -s each.txt ] || {
    echo "no givens left"
    return
  }
  out=$("$S" unique -q each.txt | sort | uniq -c)
  [ "$out" = "$(printf '%7d multiple' "$(grep -c . <(givens_of "$line"))")" ] ||
    echo "not every given needed: $out"
}

# AI Escargot under four rules its solution keeps.
E='1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..'
cat >keep.txt <<T4
thermo r1c3 r1c2 r1c4
cage 12 r2c1..r2c3
arrow r1c8 | r1c4 r1c1
white-dot r1c5 r1c7
$E
T4

# minimize: the rules kept above the puzzle (the same lines), unique,
# every given needed, fewer givens than the puzzle without its rules
# would keep.
check min-status 10 "" bash -c '"$0" minimize -q keep.txt >min.txt' "$S"
if [ "$(rules_of min.txt)" = "$(rules_of keep.txt)" ]; then pass; else
  fail min-rules "rules changed: $(cat min.txt)"
fi
check min-unique 10 unique "$S" unique -q min.txt
check_file min-needed each_needed min.txt
# The grid layout reads back as the same puzzle.
check min-grid-status 10 "" bash -c '"$0" minimize -q --layout grid keep.txt >min-grid.txt' "$S"
check min-grid-same 10 "$("$S" solve -q min.txt)" "$S" solve -q --layout line min-grid.txt
if [ "$(rules_of min-grid.txt)" = "$(rules_of keep.txt)" ]; then pass; else
  fail min-grid-rules "rules changed: $(cat min-grid.txt)"
fi
# JSON: the rules as read beside the minimized givens.
check min-json 0 '["thermo r1c3 r1c2 r1c4","cage 12 r2c1..r2c3","arrow r1c8 | r1c4 r1c1","white-dot r1c5 r1c7"]' \
  bash -c '"$0" minimize -q --format json keep.txt | grep -o "\"rules\":\[[^]]*\]" | cut -d: -f2-' "$S"
# A rule puzzle with several solutions or none is not minimized.
printf 'thermo r1c3 r1c2 r1c4\n%s\n' "$(printf '.%.0s' $(seq 81))" >many.txt
check min-many 10 multiple "$S" minimize -q many.txt
printf 'thermo r1c2 r1c3\n%s\n' "$E" >break.txt
check min-none 20 none "$S" minimize -q break.txt

# repair, several solutions: the givens added make the puzzle unique
# under its rules, which the repaired puzzle keeps.
M='.....7.......2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..'
printf 'thermo r1c3 r1c2 r1c4\ncage 12 r2c1..r2c3\n%s\n' "$M" >loose.txt
check rep-status 0 "" bash -c '"$0" repair -q loose.txt >rep.txt' "$S"
if head -n 1 rep.txt | grep -qE '^add [0-9]+ fewest:'; then pass; else
  fail rep-add "$(cat rep.txt)"
fi
tail -n +2 rep.txt >repaired.txt
if [ "$(rules_of repaired.txt)" = "$(rules_of loose.txt)" ]; then pass; else
  fail rep-rules "rules changed: $(cat rep.txt)"
fi
check rep-unique 10 unique "$S" unique -q repaired.txt
# Without its rules the same puzzle needs more givens: the rules count.
check rep-plain-more 0 yes bash -c \
  'k=$("$0" repair -q "$1" | head -n 1 | cut -d" " -f2); [ "$k" -gt "$2" ] && echo yes || echo "no: $k"' \
  "$S" <(printf '%s\n' "$M") "$(head -n 1 rep.txt | cut -d' ' -f2)"

# repair, no solution: a cage that the givens' only completion breaks.
# The clash named has no solution under the rules, and each of its
# givens is needed.
printf 'cage 3 r1c1 r1c2\n%s\n' "$E" >clash.txt
check core-status 0 "" bash -c '"$0" repair -q clash.txt >core.txt' "$S"
if head -n 1 core.txt | grep -qE '^clash [0-9]+ (fewest|minimal):'; then pass; else
  fail core-line "$(cat core.txt)"
fi
# Its JSON message speaks of the rules, not of the givens alone.
check core-json 0 yes bash -c \
  '"$0" repair -q --format json clash.txt | grep -q "among themselves under the puzzle.s rules" && echo yes' \
  "$S"
# core_puzzles: the core as a puzzle under the cage, then with each of
# its givens taken out.
python3 - "$(head -n 1 core.txt)" >core-puzzles.txt <<'PY'
import sys
cells = [t for t in sys.argv[1].split(':', 1)[1].split() if '=' in t]
g = ['.'] * 81
at = []
for t in cells:
    rc, d = t.split('=')
    r, c = rc[1:].split('c')
    i = (int(r) - 1) * 9 + int(c) - 1
    g[i] = d
    at.append(i)
for k in [-1] + at:
    h = list(g)
    if k >= 0:
        h[k] = '.'
    print('cage 3 r1c1 r1c2')
    print(''.join(h))
PY
check core-clashes 0 yes bash -c \
  '"$0" count -q "$1" >c.txt; [ "$(head -n 1 c.txt)" = 0 ] && ! tail -n +2 c.txt | grep -qx 0 && echo yes || cat c.txt' \
  "$S" core-puzzles.txt
# The rules alone clash: no given is to blame.
printf 'cage 45 r2c1..r2c8\n%s\n' "$E" >rules-clash.txt
check core-rules 0 "clash 0 fewest: (the rules alone have no solution)" \
  "$S" repair -q rules-clash.txt

# generate --killer: cages only, unique, read back; the same seed gives the
# same puzzles on one thread and on two.
check killer-made 0 "" bash -c '"$0" generate -q --killer --count 5 --seed 1 >k1.txt' "$S"
check killer-again 0 "" bash -c '"$0" generate -q --killer --count 5 --seed 1 -j2 >k2.txt' "$S"
if cmp -s k1.txt k2.txt; then pass; else fail killer-seed "seed 1 twice differs"; fi
check killer-unique 0 "$(printf 'unique\n%.0s' 1 2 3 4 5)" "$S" unique -q k1.txt
"$S" solve -q k1.txt >k1-sol.txt 2>err.txt
# killer_check FILE SOLUTIONS LO HI: every puzzle blank, its rules cages
# of LO..HI orthogonally connected cells covering each cell once, and its
# solution a sudoku that keeps every cage (distinct digits, the sum).
killer_check() {
  python3 - "$@" <<'PY'
import re, sys
path, sols, lo, hi = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
def cell(t):
    r, c = re.fullmatch(r'r(\d+)c(\d+)', t).groups()
    return (int(r) - 1, int(c) - 1)
def cells(tok):
    if '..' not in tok:
        return [cell(tok)]
    a, b = map(cell, tok.split('..'))
    dr = (b[0] > a[0]) - (b[0] < a[0]); dc = (b[1] > a[1]) - (b[1] < a[1])
    out = [a]
    while out[-1] != b:
        out.append((out[-1][0] + dr, out[-1][1] + dc))
    return out
puzzles, cages = [], []
for line in open(path):
    w = line.split()
    if w and w[0] == 'cage':
        cs = [x for t in w[2:] for x in cells(t)]
        cages.append((int(w[1]), cs))
    elif w:
        puzzles.append((w[0], cages)); cages = []
sol = [l.strip() for l in open(sols) if l.strip()]
bad = []
if len(sol) != len(puzzles):
    bad.append('%d solutions for %d puzzles' % (len(sol), len(puzzles)))
for k, ((grid, cs), s) in enumerate(zip(puzzles, sol)):
    n = int(round(len(grid) ** 0.5))
    if set(grid) != {'.'}:
        bad.append('puzzle %d has givens' % k)
    seen = {}
    for v, c in cs:
        if not lo <= len(c) <= hi:
            bad.append('puzzle %d: a cage of %d cells' % (k, len(c)))
        left, todo = set(c[1:]), [c[0]]
        while todo:
            r, q = todo.pop()
            for x in ((r + 1, q), (r - 1, q), (r, q + 1), (r, q - 1)):
                if x in left:
                    left.discard(x); todo.append(x)
        if left:
            bad.append('puzzle %d: a cage not connected' % k)
        d = [int(s[r * n + q], 36) for r, q in c]
        if len(set(d)) != len(d) or sum(d) != v:
            bad.append('puzzle %d: the solution breaks cage %s' % (k, c))
        for x in c:
            seen[x] = seen.get(x, 0) + 1
    if sorted(seen) != [(r, q) for r in range(n) for q in range(n)] or \
       set(seen.values()) != {1}:
        bad.append('puzzle %d: cells not each in one cage' % k)
    rows = [s[r * n:(r + 1) * n] for r in range(n)]
    if any(len(set(x)) != n for x in rows + [''.join(c) for c in zip(*rows)]):
        bad.append('puzzle %d: the solution repeats a digit' % k)
print('\n'.join(bad[:5]))
PY
}
check_file killer-cages killer_check k1.txt k1-sol.txt 2 5
# Cage sizes asked for, another side.
"$S" generate -q --killer --cage-size 1-3 --count 2 --seed 7 >k3.txt 2>err.txt
"$S" solve -q k3.txt >k3-sol.txt 2>>err.txt
check_file killer-range killer_check k3.txt k3-sol.txt 1 3
"$S" generate -q --killer --size 4 --count 3 --seed 2 >k4.txt 2>err.txt
"$S" solve -q k4.txt >k4-sol.txt 2>>err.txt
check_file killer-4x4 killer_check k4.txt k4-sol.txt 2 4
check killer-4x4-unique 0 "$(printf 'unique\n%.0s' 1 2 3)" "$S" unique -q k4.txt
# Many re-cuts in a row on small grids (a kept second solution still
# fitting the new cages): the cage ids stay within their arrays (seed 2
# wrote past them before; the sanitizer build sees any overflow).
for seed in 1 2 3 4 5 6; do
  "$S" generate -q --killer --size 4 --count 3 --seed $seed -j1
done >k4many.txt 2>err.txt
check killer-4x4-seeds 0 "$(printf 'unique\n%.0s' $(seq 18))" "$S" unique -q k4many.txt
# Options that do not apply, and a bad range.
check killer-minimal 2 "" "$S" generate --killer --minimal
expect_stderr_has "--minimal does not apply"
check killer-bad-range 2 "" "$S" generate --killer --cage-size 5-3
expect_stderr_has "does not fit a 9x9 grid"
check killer-bad-size 2 "" "$S" generate --killer --cage-size x
expect_stderr_has "expected MIN-MAX"
check cage-size-alone 2 "" "$S" generate --cage-size 3-4
expect_stderr_has "--cage-size is for --killer"
# A killer generated, then minimize: nothing to remove (no givens), the
# same cages back.
check killer-minimize 10 "$(head -n "$(grep -n '^\.' k1.txt | head -n 1 | cut -d: -f1)" k1.txt)" \
  bash -c 'head -n "$(grep -n "^\." "$1" | head -n 1 | cut -d: -f1)" "$1" | "$0" minimize -q' "$S" k1.txt

summary
