#!/usr/bin/env bash
# `sudokusat generate` and `sudokusat minimize`: every puzzle checked
# unique by another engine (picosat), solved answers checked by the
# validator (solve validates every answer it prints), minimality by
# removing each given, the symmetry on the output, the same output on any
# -j, and the refusals.  usage: run-generate.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-generate.sh SUDOKUSAT [SOURCE_DIR]}
case $S in /*) ;; *) S=$PWD/$S ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-gen.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
PASSED=0 FAILED=0
fail() {
  FAILED=$((FAILED + 1))
  echo "FAIL $1: $2" >&2
}
pass() { PASSED=$((PASSED + 1)); }
ok() { if [ "$2" = 0 ]; then pass; else fail "$1" "$3"; fi; }

# all_unique NAME FILE [OPTIONS]: picosat says unique for every line.
all_unique() {
  local name=$1 file=$2
  shift 2
  local n good
  n=$(grep -c . "$file")
  good=$("$S" unique -q --backend picosat "$@" "$file" | grep -c '^unique$')
  if [ "$n" -gt 0 ] && [ "$good" = "$n" ]; then pass; else
    fail "$name" "$good of $n puzzles unique (picosat)"
  fi
}

# solved NAME FILE [OPTIONS]: solve answers every puzzle (each answer
# passed the validator, or solve would say invalid).
solved() {
  local name=$1 file=$2
  shift 2
  "$S" solve -q --backend picosat "$@" "$file" >sol.txt
  local st=$?
  if [ $st = 0 ] || [ $st = 10 ]; then
    if ! grep -qv '^[1-9A-Za-z.]*$' sol.txt && ! grep -q '\.' sol.txt; then
      pass
      return
    fi
  fi
  fail "$name" "solve status $st or an answer not a full grid"
}

# each_removed FILE: every puzzle with one given (or one orbit: the cells
# awk's `orbit` maps a cell to, for SYM) taken out, one a line.
each_removed() {
  awk -v sym="${2:-none}" '
    function img(m, i,   r, c, k) {
      r = int(i / n); c = i % n; k = n - 1
      if (m == "rot90") return c * n + k - r
      if (m == "rot180") return (k - r) * n + k - c
      if (m == "rot270") return (k - c) * n + r
      if (m == "lr") return r * n + k - c
      if (m == "tb") return (k - r) * n + c
      if (m == "diag") return c * n + r
      return (k - c) * n + k - r
    }
    {
      len = length($0); n = int(sqrt(len) + 0.5)
      split(maps[sym], ms, " ")
      for (i = 0; i < len; i++) {
        if (substr($0, i + 1, 1) == ".") continue
        s = $0; t = substr(s, 1, i) "." substr(s, i + 2); s = t
        for (j in ms) { o = img(ms[j], i); s = substr(s, 1, o) "." substr(s, o + 2) }
        print s
      }
    }
    BEGIN {
      maps["none"] = ""; maps["rot180"] = "rot180"
      maps["rot90"] = "rot90 rot180 rot270"; maps["mirrors"] = "lr tb rot180"
      maps["diagonals"] = "diag anti rot180"
      maps["full"] = "rot90 rot180 rot270 lr tb diag anti"
    }' "$1"
}

# minimal NAME FILE [SYM]: no puzzle stays unique with a given (an orbit)
# out.
minimal() {
  each_removed "$2" "${3:-none}" >removed.txt
  local bad
  bad=$("$S" unique -q --backend picosat removed.txt | grep -c '^unique$')
  if [ -s removed.txt ] && [ "$bad" = 0 ]; then pass; else
    fail "$1" "$bad removals keep the puzzle unique"
  fi
}

# symmetric NAME FILE SYM: the pattern of givens maps onto itself.
symmetric() {
  awk -v sym="$3" '
    { len = length($0); n = int(sqrt(len) + 0.5); k = n - 1
      for (i = 0; i < len; i++) {
        r = int(i / n); c = i % n; g = substr($0, i + 1, 1) != "."
        if (sym == "rot180") o = (k - r) * n + k - c
        else if (sym == "rot90") o = c * n + k - r
        else if (sym == "left-right") o = r * n + k - c
        else if (sym == "top-bottom") o = (k - r) * n + c
        else if (sym == "diagonal") o = c * n + r
        else o = (k - c) * n + k - r
        if (g != (substr($0, o + 1, 1) != ".")) bad++
      } }
    END { exit bad > 0 }' "$2"
  ok "$1" $? "the givens are not $3-symmetric"
}

# ---- 9x9, every symmetry, default and minimal
for sym in none rot180 rot90 left-right top-bottom diagonal anti-diagonal \
  diagonals mirrors full; do
  "$S" generate -q --count 20 --symmetry $sym --seed 7 >g.txt
  ok "gen-$sym-status" $? "status"
  all_unique "gen-$sym" g.txt
  "$S" generate -q --count 10 --symmetry $sym --minimal --seed 8 >m.txt
  all_unique "gen-$sym-minimal" m.txt
  solved "gen-$sym-solved" m.txt
  case $sym in none | rot180 | rot90 | mirrors | diagonals | full)
    minimal "gen-$sym-is-minimal" m.txt $sym ;;
  esac
  case $sym in rot180 | rot90 | left-right | top-bottom | diagonal | \
    anti-diagonal)
    symmetric "gen-$sym-symmetric" g.txt $sym
    symmetric "gen-$sym-minimal-symmetric" m.txt $sym ;;
  esac
done

# ---- other shapes and variants
for shape in "--box 2x2" "--box 2x3" "--box 3x2" "--box 2x4" "--size 12" \
  "--size 16" "--box 4x5" "--size 25"; do
  count=20
  case $shape in *25*) count=2 ;; esac
  # shellcheck disable=SC2086
  "$S" generate -q --count $count $shape --seed 3 >s.txt
  read_opt=${shape/--size*/}
  # shellcheck disable=SC2086
  all_unique "gen${shape// /}" s.txt $read_opt
  # shellcheck disable=SC2086
  solved "gen${shape// /}-solved" s.txt $read_opt
done
"$S" generate -q --count 5 --size 16 --minimal --seed 4 >s16.txt
all_unique gen-16-minimal s16.txt
minimal gen-16-is-minimal s16.txt
"$S" generate --seed 1 -q --count 10 --box 2x3 --symmetry mirrors --minimal >s6.txt
all_unique gen-2x3-mirrors s6.txt --box 2x3
symmetric gen-2x3-mirrors-symmetric s6.txt top-bottom
symmetric gen-2x3-mirrors-symmetric2 s6.txt left-right
for v in x windoku x,windoku; do
  "$S" generate --seed 1 -q --count 20 --variant $v --symmetry rot90 --minimal >v.txt
  all_unique "gen-$v" v.txt --variant $v
  solved "gen-$v-solved" v.txt --variant $v
  symmetric "gen-$v-symmetric" v.txt rot90
done
"$S" generate --seed 1 -q --count 10 --size 16 --variant x >v16.txt
all_unique gen-16-x v16.txt --variant x
# A pinwheel jigsaw map: symmetric under the quarter turn, not the diagonal.
echo 1112312233423444 >pinwheel.txt
"$S" generate --seed 1 -q --count 10 --variant jigsaw=pinwheel.txt --symmetry rot90 \
  --minimal >j.txt
all_unique gen-jigsaw j.txt --variant jigsaw=pinwheel.txt
symmetric gen-jigsaw-symmetric j.txt rot90

# ---- 36x36 (numbers on one line, past the symbols)
"$S" generate -q --size 36 --seed 5 >big.txt
ok gen-36-status $? status
words=$(wc -w <big.txt)
[ "$words" = 1296 ]
ok gen-36-numbers $? "expected 1296 numbers, got $words"
r=$("$S" unique -q big.txt)
[ "$r" = unique ]
ok gen-36-unique $? "got '$r'"

# ---- the same seed gives the same puzzles on any -j; another seed not
"$S" generate -q --count 300 --minimal --symmetry rot180 --seed 11 -j 1 >a.txt
"$S" generate -q --count 300 --minimal --symmetry rot180 --seed 11 -j 2 >b.txt
cmp -s a.txt b.txt
ok gen-same-seed-j $? "-j 1 and -j 2 differ"
"$S" generate -q --count 20 --size 16 --seed 11 -j 1 >a16.txt
"$S" generate -q --count 20 --size 16 --seed 11 -j 2 >b16.txt
cmp -s a16.txt b16.txt
ok gen-same-seed-j-16 $? "-j 1 and -j 2 differ (16x16)"
"$S" generate -q --count 300 --minimal --symmetry rot180 --seed 12 >c.txt
! cmp -s a.txt c.txt
ok gen-other-seed $? "seeds 11 and 12 give the same puzzles"
[ "$(sort -u a.txt | wc -l)" = 300 ]
ok gen-distinct $? "repeated puzzles"

# ---- without --seed: a fresh seed each run, said in the summary line, in
# --stats and in the records, and giving it back repeats the run
"$S" generate --count 3 --stats >f1.txt 2>f1.err
"$S" generate --count 3 >f2.txt 2>f2.err
! cmp -s f1.txt f2.txt
ok gen-fresh-seed $? "two runs without --seed made the same puzzles"
seed=$(sed -n 's/^sudokusat: 3 puzzles generated, .*; seed \([0-9]*\); .*/\1/p' f1.err)
[ -n "$seed" ]
ok gen-fresh-seed-said $? "no seed in the summary: $(cat f1.err)"
grep -qx "c seed $seed" f1.err
ok gen-fresh-seed-stats $? "--stats does not say c seed $seed: $(cat f1.err)"
"$S" generate -q --count 3 --seed "$seed" >f3.txt
cmp -s f1.txt f3.txt
ok gen-fresh-seed-repeats $? "--seed $seed does not repeat the run"
"$S" generate -q --count 2 --format json >f4.txt
s4=$(python3 -c 'import json, sys
o = [json.loads(l) for l in open(sys.argv[1])]
assert len(o) == 2 and o[0]["seed"] == o[1]["seed"] > 0, o
assert [x["index"] for x in o] == [1, 2] and all(x["status"] == "generated" for x in o)
print(o[0]["seed"])' f4.txt)
ok gen-fresh-seed-json $? "the records do not carry the seed"
"$S" generate -q --count 2 --seed "$s4" | python3 -c 'import json, sys
o = [json.loads(l) for l in open(sys.argv[1])]
got = sys.stdin.read().split()
assert got == [x["puzzle"] for x in o], (got, o)' f4.txt
ok gen-json-puzzles $? "the records' puzzles are not the text form's of --seed $s4"
# one puzzle: singular
"$S" generate --count 1 --seed 3 2>f5.err >/dev/null
grep -q '^sudokusat: 1 puzzle generated, ' f5.err
ok gen-one-puzzle $? "$(cat f5.err)"

# ---- --format and --summary: generate, minimize and repair speak records
"$S" generate -q --count 4 --seed 2 --format csv --summary >g.csv
python3 - g.csv <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert [r["status"] for r in rows] == ["generated"] * 4 + ["summary"], rows
assert all(r["seed"] == "2" and len(r["puzzle"]) == 81 for r in rows[:4]), rows
s = rows[4]
assert s["puzzles"] == "4" and s["generated"] == "4" and s["errors"] == "0", s
PY
ok gen-csv-summary $? "generate --format csv --summary"
cut -d, -f6 g.csv | sed -n '2,5p' >g4.txt
"$S" minimize --format json --summary --seed 1 g4.txt >m.json
python3 - m.json g4.txt <<'PY'
import json, sys
o = [json.loads(l) for l in open(sys.argv[1])]
puzzles = open(sys.argv[2]).read().split()
assert [x["status"] for x in o] == ["minimized"] * 4 + ["summary"], o
for x, p in zip(o, puzzles):
    assert x["puzzle"] == p and len(x["result"]) == 81, x
    assert x["givens"] == sum(ch != "." for ch in x["result"]) <= sum(ch != "." for ch in p), x
    assert all(r == "." or r == q for r, q in zip(x["result"], p)), x
assert o[4]["puzzles"] == 4 and o[4]["minimized"] == 4, o[4]
PY
ok minimize-json $? "minimize --format json: $(head -c 300 m.json)"
python3 -c 'import json, sys
for l in open(sys.argv[1]):
    o = json.loads(l)
    if "result" in o: print(o["result"])' m.json >m-result.txt
all_unique minimize-json-unique m-result.txt
# repair: a second solution gets its added givens, a clash its givens
printf '%s\n' '.....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..' \
  '11..............' >r.txt
"$S" repair --format json r.txt >r.json
python3 - r.json <<'PY'
import json, sys
o = [json.loads(l) for l in open(sys.argv[1])]
assert [x["status"] for x in o] == ["repaired", "clash"], o
assert o[0]["cells"] and o[0]["result"].count(".") < o[0]["puzzle"].count("."), o[0]
assert o[0]["givens"] == len(o[0]["cells"].split()), o[0]
assert o[1]["cells"] == "r1c1=1 r1c2=1", o[1]
PY
ok repair-json $? "repair --format json: $(cat r.json)"
r=$("$S" unique -q <(python3 -c 'import json, sys; print(json.loads(open(sys.argv[1]).readline())["result"])' r.json))
[ "$r" = unique ]
ok repair-json-unique $? "the repaired puzzle is $r"

# ---- --givens
"$S" generate --seed 1 -q --count 20 --givens 30 >k.txt
bad=$(awk '{ g = gsub(/[^.]/, "x"); if (g > 30) b++ } END { print b + 0 }' k.txt)
[ "$bad" = 0 ]
ok gen-givens $? "$bad puzzles above 30 givens"
all_unique gen-givens-unique k.txt
"$S" generate --seed 1 --count 2 --givens 5 >k.txt 2>err.txt
ok gen-givens-unreached-status $? status
grep -q '^sudokusat: puzzle 1: [0-9]* givens, the fewest reached (asked for at most 5)$' err.txt
ok gen-givens-unreached $? "$(cat err.txt)"

# ---- refused symmetries and bad options: status 2 and a message
refuse() {
  local name=$1 want=$2
  shift 2
  "$S" "$@" >out.txt 2>err.txt
  local st=$?
  if [ $st = 2 ] && [ ! -s out.txt ] && [ "$(cat err.txt)" = "$want" ]; then
    pass
  else
    fail "$name" "status $st, stderr: $(cat err.txt)"
  fi
}
refuse gen-refuse-rot90 "sudokusat: --symmetry rot90: the 2x3 boxes do not map onto boxes under a quarter turn (it needs square boxes)" \
  generate --box 2x3 --symmetry rot90
refuse gen-refuse-diagonal "sudokusat: --symmetry diagonal: the 3x4 boxes do not map onto boxes under the main-diagonal mirror (it needs square boxes)" \
  generate --box 3x4 --symmetry diagonal
refuse gen-refuse-jigsaw "sudokusat: --symmetry diagonal: the jigsaw map is not symmetric under the main-diagonal mirror" \
  generate --variant jigsaw=pinwheel.txt --symmetry diagonal
refuse gen-refuse-name "sudokusat: --symmetry: unknown 'spiral' (expected none, rot180, rot90, left-right, top-bottom, diagonal, anti-diagonal, diagonals, mirrors or full)" \
  generate --symmetry spiral
refuse gen-refuse-size "sudokusat: --size 16 and --box 3x3 disagree" \
  generate --size 16 --box 3x3
refuse gen-refuse-count "sudokusat: --count: 0 is out of range (at least 1)" \
  generate --count 0
refuse gen-refuse-file "sudokusat: generate takes no files (got 'x.txt')" \
  generate x.txt
refuse xc-count-still-bool "sudokusat: exact-cover takes no --minimal (it is an option of generate)" \
  exact-cover --count --minimal

# ---- minimize
# Puzzles with many givens (the default digging stops early for 16x16):
# minimized, they stay unique, keep their solution and are minimal.
"$S" generate -q --count 20 --seed 9 >full.txt
"$S" minimize -q full.txt >min.txt
ok min-status $? status
all_unique min-unique min.txt
minimal min-is-minimal min.txt
"$S" solve -q full.txt >s1.txt
"$S" solve -q min.txt >s2.txt
cmp -s s1.txt s2.txt
ok min-same-solution $? "the minimized puzzles have other solutions"
"$S" minimize -q -j 2 full.txt >min2.txt
cmp -s min.txt min2.txt
ok min-same-j $? "-j 1 and -j 2 differ"
"$S" minimize -q --symmetry rot180 <(head -5 a.txt) >mins.txt
symmetric min-symmetry mins.txt rot180
# Not unique, no solution, bad input.
{
  echo '.................................................................................'
  echo '11...............................................................................'
  head -1 full.txt
} >mixed.txt
"$S" minimize -q mixed.txt >out.txt
st=$?
[ $st = 0 ] && [ "$(sed -n 1p out.txt)" = multiple ] &&
  [ "$(sed -n 2p out.txt)" = none ] && [ "$(wc -l <out.txt)" = 3 ]
ok min-not-unique $? "status $st, output $(head -2 out.txt | tr '\n' ' ')"
printf '%s\n' '1..x' >bad.txt
"$S" minimize bad.txt >out.txt 2>err.txt
st=$?
[ $st = 3 ] && grep -q '^sudokusat: bad.txt:1:4: ' err.txt
ok min-bad-input $? "status $st, stderr $(cat err.txt)"

# --grade: every puzzle of the level or label asked for, as `grade` (its
# default seed) judges it, and unique by picosat; a name that is neither
# is refused.
for g in locked search hard; do
  "$S" generate -q --count 8 --grade $g --seed 4 -j 2 >graded.txt
  all_unique "grade-$g-unique" graded.txt
  "$S" grade -q graded.txt | awk -v g=$g '$1 != g && $3 != g { bad++ } END { exit bad > 0 || NR != 8 }'
  ok "grade-$g" $? "$("$S" grade -q graded.txt | tr '\n' ';')"
done
"$S" generate --grade hardest >out.txt 2>err.txt
st=$?
[ $st = 2 ] && grep -q "not a level" err.txt
ok grade-refused $? "status $st, stderr $(cat err.txt)"

echo "generate: $PASSED passed, $FAILED failed"
[ "$FAILED" = 0 ]
