#!/usr/bin/env bash
# End-to-end runs of `sudokusat canon` on variants, candidates puzzles
# and --symmetry: random disguises from each variant's own group (made
# here in awk from maps that keep its regions: swaps of mirrored lines
# and the half turn for Sudoku X, swaps of lines inside a window's band
# for windoku, the half turn of a half-turn-symmetric jigsaw map; the
# digits relabelled) canonicalise to one form, a puzzle with one clue
# more gets another, forms are fixed points; candidates lines likewise;
# --symmetry counts the automorphisms and names the layout's symmetry.
# usage: run-canon-variants.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-canon-variants.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-canon-v.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"

# disguise KIND W SEED < 9x9 lines (W = 1: one symbol a cell; W = 9: a
# candidates line): 40 random maps of KIND's group, then the digits
# relabelled.  KIND: sudoku, x, windoku, half (the half turn only).
disguise() {
  awk -v kind="$1" -v W="$2" -v seed="$3" '
    function swaprow(i, j,   c, t) { for (c = 0; c < 9; c++) { t = g[i, c]; g[i, c] = g[j, c]; g[j, c] = t } }
    function swapcol(i, j,   r, t) { for (r = 0; r < 9; r++) { t = g[r, i]; g[r, i] = g[r, j]; g[r, j] = t } }
    function transpose(   r, c, t) { for (r = 0; r < 9; r++) for (c = r + 1; c < 9; c++) { t = g[r, c]; g[r, c] = g[c, r]; g[c, r] = t } }
    function revrows(   i) { for (i = 0; i < 4; i++) swaprow(i, 8 - i) }
    function revcols(   i) { for (i = 0; i < 4; i++) swapcol(i, 8 - i) }
    function step(   k, i, j, b) {
      if (kind == "half") { revrows(); revcols(); return }
      if (kind == "sudoku") {
        k = int(rand() * 5); b = int(rand() * 3) * 3; i = int(rand() * 3); j = int(rand() * 3)
        if (k == 0) swaprow(b + i, b + j)
        else if (k == 1) swapcol(b + i, b + j)
        else if (k == 2) { for (b = 0; b < 3; b++) swaprow(i * 3 + b, j * 3 + b) }
        else if (k == 3) { for (b = 0; b < 3; b++) swapcol(i * 3 + b, j * 3 + b) }
        else transpose()
        return
      }
      if (kind == "x") {
        k = int(rand() * 5); i = int(rand() * 3); j = int(rand() * 3)
        if (k == 0 && i != j) { swaprow(i, j); swaprow(8 - i, 8 - j); swapcol(i, j); swapcol(8 - i, 8 - j) }
        else if (k == 1) { swaprow(3, 5); swapcol(3, 5) }
        else if (k == 2) { revrows(); revcols() }
        else if (k == 3) revcols()
        else transpose()
        return
      }
      k = int(rand() * 7) # windoku
      if (k == 0) swaprow(1, 2)
      else if (k == 1) swaprow(6, 7)
      else if (k == 2) swapcol(1, 2)
      else if (k == 3) swapcol(6, 7)
      else if (k == 4) revrows()
      else if (k == 5) revcols()
      else transpose()
    }
    BEGIN { srand(seed) }
    {
      for (r = 0; r < 9; r++) for (c = 0; c < 9; c++) g[r, c] = substr($0, (r * 9 + c) * W + 1, W)
      for (s = 0; s < 40; s++) step()
      for (d = 1; d <= 9; d++) sym[d] = d
      for (d = 9; d > 1; d--) { j = int(rand() * d) + 1; t = sym[d]; sym[d] = sym[j]; sym[j] = t }
      out = ""
      for (r = 0; r < 9; r++)
        for (c = 0; c < 9; c++) {
          if (W == 1) { ch = g[r, c]; out = out (ch == "." ? "." : sym[ch]); continue }
          for (d = 1; d <= 9; d++) blk[d] = "."
          for (d = 1; d <= 9; d++) if (substr(g[r, c], d, 1) != ".") blk[sym[d]] = sym[d]
          for (d = 1; d <= 9; d++) out = out blk[d]
        }
      print out
    }'
}

# One clue more: the first blank cell of a line gets the first digit that
# repeats nothing in its row and column (a different number of givens:
# another class).
one_more() {
  awk '{
    p = $0
    for (i = 1; i <= 81; i++) if (substr(p, i, 1) == ".") break
    r = int((i - 1) / 9); c = (i - 1) % 9
    for (d = 1; d <= 9; d++) {
      ok = 1
      for (k = 0; k < 9; k++)
        if (substr(p, r * 9 + k + 1, 1) == d || substr(p, k * 9 + c + 1, 1) == d) ok = 0
      if (ok) break
    }
    print substr(p, 1, i - 1) d substr(p, i + 1)
  }'
}

# variant NAME KIND OPTIONS...: generated puzzles and their disguises.
variant() {
  local name=$1 kind=$2
  shift 2
  "$S" generate -q "$@" --count 3 --seed 17 >gen.txt 2>/dev/null
  "$S" canon -q "$@" gen.txt >form.txt 2>/dev/null
  if [ "$(wc -l <form.txt)" -eq 3 ] && ! grep -q unknown form.txt; then pass; else
    fail "$name-forms" "$(cat form.txt)"
  fi
  for seed in 31 32 33; do
    disguise "$kind" 1 "$seed" <gen.txt >dis.txt
    check "$name-disguise-$seed" 0 "$(cat form.txt)" "$S" canon -q "$@" dis.txt
  done
  check "$name-fixed" 0 "$(cat form.txt)" "$S" canon -q "$@" form.txt
  one_more <gen.txt >more.txt
  "$S" canon -q "$@" more.txt >more-form.txt 2>/dev/null
  if [ "$(paste -d' ' form.txt more-form.txt | awk '$1 == $2' | wc -l)" -eq 0 ]; then pass; else
    fail "$name-inequivalent" "$(paste -d' ' form.txt more-form.txt)"
  fi
}

variant x x --variant x
variant windoku windoku --variant windoku
variant x-windoku half --variant x,windoku

# A jigsaw map with a half turn among its symmetries: the boxes with two
# cells traded at the top left and their images at the bottom right.
cat >half.map <<'EOF'
111122333
111222333
112222333
444555666
444555666
444555666
777888899
777888999
777889999
EOF
variant jigsaw half --variant jigsaw=half.map

# Rows 1 and 2 traded alone: the same plain puzzle, another Sudoku X one
# (the trade moves the diagonals' cells).
"$S" generate -q --variant x --count 1 --seed 5 >x1.txt 2>/dev/null
awk '{ print substr($0, 10, 9) substr($0, 1, 9) substr($0, 19) }' x1.txt >x2.txt
a1=$("$S" canon -q x1.txt) a2=$("$S" canon -q x2.txt)
b1=$("$S" canon -q --variant x x1.txt) b2=$("$S" canon -q --variant x x2.txt)
if [ -n "$a1" ] && [ "$a1" = "$a2" ] && [ -n "$b1" ] && [ -n "$b2" ] &&
  [ "$b1" != "$b2" ]; then pass; else
  fail x-vs-plain "$a1 $a2 / $b1 $b2"
fi

# ------------------------------------------------------------ candidates
CAND=$(sed -n 1p "$SRC/tests/author/canon-candidates.txt")
input "$CAND"
"$S" canon <in.txt >cform.txt 2>/dev/null
if [ "$(wc -c <cform.txt)" -eq 730 ]; then pass; else fail cand-form "$(cat cform.txt)"; fi
for seed in 41 42 43 44; do
  echo "$CAND" | disguise sudoku 9 "$seed" >>cdis.txt
done
check cand-disguises 0 "$(for _ in 1 2 3 4; do cat cform.txt; done)" "$S" canon -q cdis.txt
check cand-fixed 0 "$(cat cform.txt)" "$S" canon -q cform.txt
# one candidate fewer (the first one of a cell with three or more)
echo "$CAND" | awk '{
  for (i = 0; i < 81; i++) {
    b = substr($0, i * 9 + 1, 9); k = gsub(/[1-9]/, "&", b)
    if (k >= 3) { for (d = 1; d <= 9; d++) if (substr(b, d, 1) != ".") break
      print substr($0, 1, i * 9 + d - 1) "." substr($0, i * 9 + d + 1); exit }
  }}' >cless.txt
if [ "$("$S" canon -q cless.txt)" != "$(cat cform.txt)" ]; then pass; else fail cand-inequivalent same; fi
# --dedupe keys on the candidates too: the same givens with one candidate
# fewer is kept, a disguise dropped.
{ echo "$CAND"; cat cless.txt; sed -n 1p cdis.txt; } >cdedupe.txt
"$S" canon --dedupe cdedupe.txt >/dev/null 2>err.txt
if grep -q "3 puzzles: 2 kept, 1 dropped" err.txt; then pass; else fail cand-dedupe "$(cat err.txt)"; fi
# and on the variant: Sudoku X puzzles, disguised in their group
"$S" generate -q --variant x --count 2 --seed 9 >xd.txt 2>/dev/null
disguise x 1 61 <xd.txt >>xd.txt
"$S" canon --dedupe --variant x xd.txt >/dev/null 2>err.txt
if grep -q "4 puzzles: 2 kept, 2 dropped" err.txt; then pass; else fail x-dedupe "$(cat err.txt)"; fi
input "$CAND"
"$S" canon --format json <in.txt | sed 's/.*"result":"\([^"]*\)".*/\1/' >.out
check_file_same() { if [ "$(cat "$2")" = "$(cat "$3")" ]; then pass; else fail "$1" "$(cat "$2")"; fi; }
check_file_same cand-json .out cform.txt
# Sudoku X candidates: the X group's disguises
echo "$CAND" >cx.txt
for seed in 51 52; do echo "$CAND" | disguise x 9 "$seed" >>cx.txt; done
"$S" canon -q --variant x cx.txt | sort -u >cxform.txt
if [ "$(wc -l <cxform.txt)" -eq 1 ]; then pass; else fail cand-x "$(cat cxform.txt)"; fi

# -------------------------------------------------------------- symmetry
EMPTY=.................................................................................
input "$EMPTY"
check sym-x 0 "automorphisms 96 layout full givens full" "$S" canon --symmetry --variant x
check sym-windoku 0 "automorphisms 128 layout full givens full" "$S" canon --symmetry --variant windoku
check sym-jigsaw 0 "automorphisms 2 layout full givens rot180" "$S" canon --symmetry --variant jigsaw=half.map
# Givens that a half turn maps onto themselves with 1<->2, 3<->4, 5<->6
# and 7<->8 (made for this test).
input "...4.27....4.1.5.3.5....4.....3..6.5....9....6.5..4.....3....6.4.6.2.3....81.3..."
check sym-half 0 "automorphisms 2 layout rot180 givens rot180" "$S" canon --symmetry
# A generated puzzle with a symmetric layout
"$S" generate -q --symmetry diagonal --count 1 --seed 8 >diag.txt 2>/dev/null
check sym-layout 0 "diagonal" sh -c "\"$S\" canon --symmetry diag.txt | cut -d' ' -f4"
# --show lists each automorphism: the identity and the half turn
input "...4.27....4.1.5.3.5....4.....3..6.5....9....6.5..4.....3....6.4.6.2.3....81.3..."
check sym-show 0 "automorphisms 2 layout rot180 givens rot180
transpose no rows 1,2,3,4,5,6,7,8,9 cols 1,2,3,4,5,6,7,8,9 digits 1>1 2>2 3>3 4>4 5>5 6>6 7>7 8>8 9>9
transpose no rows 9,8,7,6,5,4,3,2,1 cols 9,8,7,6,5,4,3,2,1 digits 1>2 2>1 3>4 4>3 5>6 6>5 7>8 8>7 9>9" \
  "$S" canon --symmetry --show
"$S" canon --symmetry --format json <in.txt >.out
if grep -q '"status":"symmetry".*"automorphisms":2,"layout":"rot180","givens":"rot180"' .out; then pass; else
  fail sym-json "$(cat .out)"
fi
# Full grids: the most symmetric 9x9 grid (648, Russell and Jarvis 2006),
# and a 16x16 solution grid answered (the row search finds them)
input 123456789456789123789123456231564897564897231897231564312645978645978312978312645
check sym-grid-648 0 "automorphisms 648 layout full givens diagonals" "$S" canon --symmetry
"$S" generate -q --size 16 --count 1 --seed 3 2>/dev/null | "$S" solve -q >g16.txt
if "$S" canon --symmetry g16.txt | grep -q '^automorphisms [1-9][0-9]* layout full givens'; then
  pass
else
  fail sym-grid-16 "$("$S" canon --symmetry g16.txt 2>&1)"
fi
# Too many to search: the empty plain 9x9 (3,359,232 automorphisms)
input "$EMPTY"
check sym-budget 1 "unknown" "$S" canon --symmetry
check sym-dedupe 2 "" "$S" canon --symmetry --dedupe

summary
