#!/usr/bin/env bash
# End-to-end runs of `sudokusat canon`: random disguises (made here in awk,
# apart from the library) of puzzles of several shapes canonicalise alike,
# forms are fixed points, --show's transformation (applied here) makes the
# form of the input, --dedupe drops exactly the disguised copies, -j keeps
# the order, and what is refused says why.
# usage: run-canon.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-canon.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-canon.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"

ESCARGOT='1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..'

# disguise R C SEED < one-line puzzles: each puzzle under a random element
# of the group of R x C boxes (rows within bands, bands, columns within
# stacks, stacks, the transposition when R = C, the symbols relabelled).
disguise() {
  awk -v R="$1" -v C="$2" -v seed="$3" '
    function shuffle(a, k,   i, j, t) {
      for (i = k; i > 1; i--) { j = int(rand() * i) + 1; t = a[i]; a[i] = a[j]; a[j] = t }
    }
    # lines in groups of g: map[1..n] = source line (1-based)
    function lines(map, g,   groups, order, within, i, j) {
      groups = n / g
      for (i = 1; i <= groups; i++) order[i] = i
      shuffle(order, groups)
      for (i = 1; i <= groups; i++) {
        for (j = 1; j <= g; j++) within[j] = j
        shuffle(within, g)
        for (j = 1; j <= g; j++) map[(i - 1) * g + j] = (order[i] - 1) * g + within[j]
      }
    }
    BEGIN { srand(seed); alpha = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ" }
    {
      n = R * C; p = substr($0, 1, n * n)
      lines(row, R); lines(col, C)
      for (d = 1; d <= n; d++) sym[d] = d
      shuffle(sym, n)
      for (d = 1; d <= n; d++) relabel[substr(alpha, d, 1)] = substr(alpha, sym[d], 1)
      tr = R == C && rand() < 0.5
      out = ""
      for (r = 1; r <= n; r++)
        for (c = 1; c <= n; c++) {
          i = tr ? (col[c] - 1) * n + row[r] : (row[r] - 1) * n + col[c]
          ch = substr(p, i, 1)
          out = out (ch == "." ? "." : relabel[ch])
        }
      print out
    }'
}

# ---------------------------------------------------------------- forms
input "$ESCARGOT"
"$S" canon <in.txt >escargot.txt 2>/dev/null
check canon-fixed 0 "$(cat escargot.txt)" "$S" canon escargot.txt
for seed in 1 2 3 4 5 6; do
  echo "$ESCARGOT" | disguise 3 3 "$seed" >>disguised.txt
done
check canon-disguises 0 "$(for _ in 1 2 3 4 5 6; do cat escargot.txt; done)" \
  "$S" canon -q disguised.txt

# --show: apply its map here to the input; it must give the form.
apply_show() {
  awk -v P="$ESCARGOT" '
    NR == 1 {
      n = split($4, row, ","); split($6, col, ","); tr = $2 == "yes"
      for (i = 8; i <= NF; i++) { split($i, ab, ">"); to[ab[1]] = ab[2] }
      next
    }
    NR == 2 {
      out = ""
      for (r = 1; r <= n; r++)
        for (c = 1; c <= n; c++) {
          i = tr ? (col[c] - 1) * n + row[r] : (row[r] - 1) * n + col[c]
          ch = substr(P, i, 1)
          out = out (ch == "." ? "." : to[ch])
        }
      if (out != $0) print "map gives " out ", form " $0
    }'
}
input "$ESCARGOT"
"$S" canon --show <in.txt >.out 2>/dev/null
check_file canon-show apply_show .out
json_fields() { sed 's/.*\("status":"[a-z]*"\).*\("result":"[^"]*"\).*/{\1,\2}/'; }
input "$ESCARGOT"
"$S" canon --format json <in.txt | json_fields >.out
if [ "$(cat .out)" = "{\"status\":\"canonical\",\"result\":\"$(cat escargot.txt)\"}" ]; then pass; else
  fail canon-json "got $(cat .out)"
fi

# Several shapes: generated puzzles and their disguises.
for shape in "2 2 4" "2 3 6" "3 3 9" "3 4 12" "4 4 16"; do
  read -r R C N <<<"$shape"
  box=(--box "${R}x$C")
  "$S" generate -q --size "$N" "${box[@]}" --count 4 --seed 11 >gen.txt 2>/dev/null
  "$S" canon -q "${box[@]}" gen.txt >form.txt 2>/dev/null
  for seed in 21 22 23; do
    disguise "$R" "$C" "$seed" <gen.txt >dis.txt
    check "canon-${R}x$C-$seed" 0 "$(cat form.txt)" "$S" canon -q "${box[@]}" dis.txt
  done
  check "canon-${R}x$C-fixed" 0 "$(cat form.txt)" "$S" canon -q "${box[@]}" form.txt
  # their solution grids (full grids: the first two rows chosen together)
  "$S" solve -q "${box[@]}" gen.txt >grids.txt 2>/dev/null
  "$S" canon -q "${box[@]}" grids.txt >gform.txt 2>/dev/null
  if [ "$(grep -c '^[1-9A-G]*$' gform.txt)" -eq 4 ]; then pass; else
    fail "canon-${R}x$C-grid-forms" "$(cat gform.txt)"
  fi
  disguise "$R" "$C" 24 <grids.txt >gdis.txt
  check "canon-${R}x$C-grids" 0 "$(cat gform.txt)" "$S" canon -q "${box[@]}" gdis.txt
  check "canon-${R}x$C-grids-fixed" 0 "$(cat gform.txt)" "$S" canon -q "${box[@]}" gform.txt
done

# ---------------------------------------------------------------- dedupe
"$S" generate -q --count 40 --seed 3 >orig.txt 2>/dev/null
echo "$ESCARGOT" >>orig.txt
disguise 3 3 99 <orig.txt >copies.txt
cat orig.txt copies.txt >all.txt
check dedupe-none 0 "$(cat orig.txt)" "$S" canon --dedupe -q orig.txt
check dedupe-copies 0 "$(cat orig.txt)" "$S" canon --dedupe -q all.txt
check dedupe-jobs 0 "$(cat orig.txt)" "$S" canon --dedupe -q -j2 all.txt
"$S" canon --dedupe all.txt >/dev/null 2>err.txt
if grep -q "82 puzzles: 41 kept, 41 dropped as repeats" err.txt; then pass; else
  fail dedupe-count "$(cat err.txt)"
fi
"$S" canon --dedupe -v all.txt >/dev/null 2>err.txt
if grep -q "all.txt:82: repeats all.txt:41" err.txt; then pass; else
  fail dedupe-verbose "$(cat err.txt)"
fi
# One class is one class, not "1 classes".
"$S" canon --dedupe "$SRC/cnf-samples/escargot.txt" >/dev/null 2>err.txt
if grep -q "; .* 1 class\$" err.txt; then pass; else
  fail dedupe-one-class "$(cat err.txt)"
fi
# The CSV summary row has the header's columns, kept and dropped in theirs.
"$S" canon --dedupe --format csv --summary all.txt >csv.txt 2>/dev/null
if awk -F, 'NR == 1 { n = NF; for (i = 1; i <= NF; i++) col[$i] = i; next }
    NF != n { bad = 1 }
    $5 == "summary" { row = 1
      if ($col["kept"] != 41 || $col["dropped"] != 41 || $col["puzzles"] != 82 ||
          $col["errors"] != 0 || $col["unknown"] != 0) bad = 1 }
    END { exit bad || !row || !col["kept"] || !col["dropped"] }' csv.txt; then
  pass
else
  fail dedupe-csv-summary "$(cat csv.txt | sed -n '1p;$p')"
fi
# -j keeps the order of canon's answers too.
"$S" canon -q -j1 all.txt >j1.txt
check canon-jobs 0 '' same_as j1.txt "$S" canon -q -j2 all.txt

# ---------------------------------------------------------------- refused
input "11${ESCARGOT:2}"
check canon-repeat 1 "unknown" "$S" canon
input "$ESCARGOT" "12x"
check canon-bad-line 3 "$(cat escargot.txt)
error" "$S" canon
check canon-show-dedupe 2 "" "$S" canon --show --dedupe
check canon-symmetry-dedupe 2 "" "$S" canon --symmetry --dedupe

summary
