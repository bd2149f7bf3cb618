#!/usr/bin/env bash
# End-to-end runs of the sudokusat tool: each case compares standard output
# and exit status exactly.  usage: run-cli.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-cli.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd) # a relative SOURCE_DIR outlives the cd below
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-cli.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"

# Well-known puzzles and their solutions (tests/puzzles/corpus.txt has the
# same, with counts established by two backends).
ESCARGOT='1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..'
ESCARGOT_SOL='162857493534129678789643521475312986913586742628794135356478219241935867897261354'
EULER='..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'
EULER_SOL='483921657967345821251876493548132976729564138136798245372689514814253769695417382'

# ---------------------------------------------------------------- solve
input "$ESCARGOT"
check solve-line 10 "$ESCARGOT_SOL" "$S" solve
check solve-line-file 10 "$ESCARGOT_SOL" "$S" solve in.txt
check solve-line-dlx 10 "$ESCARGOT_SOL" "$S" solve --backend dlx
check solve-line-givens 10 "$ESCARGOT_SOL" "$S" solve --propagate givens
check solve-line-numbers-out 10 "$(grid_of "$ESCARGOT_SOL" numbers)" \
  "$S" solve --layout numbers

input "$(grid_of "$ESCARGOT" ruled)"
check solve-grid-ruled 10 "$(grid_of "$ESCARGOT_SOL" ruled)" "$S" solve

input "$(grid_of "$EULER" plain)"
check solve-grid-plain 10 "$(grid_of "$EULER_SOL" plain)" "$S" solve
check solve-grid-as-line 10 "$EULER_SOL" "$S" solve --layout line

# A batch of grids: each grid ends with an empty line (the answers stay
# apart) and the whole reads back as the same puzzles.
input "$ESCARGOT" "$EULER"
check solve-grid-batch-apart 0 "10 20" blank_lines "$S" solve --layout grid
"$S" solve --layout grid in.txt >grids.txt 2>/dev/null
check solve-grid-batch-reads-back 0 "$ESCARGOT_SOL
$EULER_SOL" "$S" solve --layout line grids.txt

input "$(grid_of "$EULER" numbers)"
check solve-numbers 10 "$(grid_of "$EULER_SOL" numbers)" "$S" solve

input '.4....2...12....'
check solve-4x4 10 '2431312443121243' "$S" solve
input '................'
check solve-4x4-empty-valid 10 '' valid_answers "$S" solve

input '11..............'
check solve-none-twin 20 'none' "$S" solve
# A unique puzzle plus one wrong given that breaks no rule on its own (the
# solution has 6 in r1c2; 2 is not in that row, column or box).
input "12${ESCARGOT:2}"
check solve-none-wrong-given 20 'none' "$S" solve
check solve-none-dlx 20 'none' "$S" solve --backend dlx

# One DLX node cannot fill 58 open cells, so the limit always stops it.
input "$ESCARGOT"
check solve-unknown-dlx 0 'unknown' "$S" solve --backend dlx --max-steps 1 \
  --propagate givens

# ---------------------------------------------------------------- batches
input "$ESCARGOT" '11..............' "$EULER"
check batch-mixed 0 "$ESCARGOT_SOL
none
$EULER_SOL" "$S" solve -q
input "$EULER" "$ESCARGOT"
check batch-unknown 1 "$EULER_SOL
unknown" "$S" solve -q --backend dlx --max-steps 1
input "$EULER" '1x..............' "$ESCARGOT"
check batch-bad-line 3 "$EULER_SOL
error
$ESCARGOT_SOL" "$S" solve -q
expect_stderr "sudokusat: <stdin>:2:2: unexpected 'x' (expected 1-4, '.' or '0')"

printf '%s\n' "$EULER" '# a comment' "12x4${EULER:4}" >bad.txt
check bad-file-line-col 3 "$EULER_SOL
error" "$S" solve -q bad.txt
expect_stderr "sudokusat: bad.txt:3:3: unexpected 'x' (expected 1-9, '.' or '0')"
grid_of "$ESCARGOT" numbers | sed '3s/^0 0 9/0 0 19/' >bad-numbers.txt
check bad-number 3 'error' "$S" solve bad-numbers.txt
expect_stderr "sudokusat: bad-numbers.txt:3:5: digit 19 out of range 1-9"
grid_of "$ESCARGOT" ruled | sed '6s/^\. 1/. Q/' >bad-ruled.txt
check bad-ruled-grid 3 'error' "$S" solve bad-ruled.txt
expect_stderr "sudokusat: bad-ruled.txt:6:3: unexpected 'Q' (expected 1-9, '.' or '0')"
grid_of "$ESCARGOT" plain | sed '9d' >short-grid.txt
check short-grid 3 'error' "$S" solve short-grid.txt
expect_stderr "sudokusat: short-grid.txt:9:1: grid ended after 8 of 9 rows"
input "${ESCARGOT:1}"
check short-line 3 'error' "$S" solve
expect_stderr "sudokusat: <stdin>:1:81: 80 symbols: a one-line puzzle needs a square count such as 81"
check missing-file 3 '' "$S" solve no-such-file.txt
expect_stderr_has "no-such-file.txt"

# ---------------------------------------------------------------- usage
input "$ESCARGOT"
check usage-no-command 2 '' "$S"
check usage-unknown-command 2 '' "$S" frobnicate
expect_stderr "sudokusat: unknown command 'frobnicate' (see 'sudokusat --help')"
check usage-unknown-option 2 '' "$S" solve --frobnicate
expect_stderr "sudokusat: unknown option '--frobnicate' (see 'sudokusat --help')"
check usage-bad-number 2 '' "$S" solve --max-steps=lots
check usage-out-of-range 2 '' "$S" solve -j 5000
check usage-missing-value 2 '' "$S" solve --backend
check usage-bad-backend 2 '' "$S" solve --backend nosuch
check usage-bad-box 2 '' "$S" solve --box 3by3
check usage-bad-variant 2 '' "$S" solve --variant spiral
check usage-decode-args 2 '' "$S" decode only-one.cnf
# --symbols: an alphabet spec, refused with the place of what is wrong;
# --hex is --symbols 0-F.
check usage-symbols-backwards 2 '' "$S" solve --symbols P-A
expect_stderr "sudokusat: --symbols P-A: the range P-A runs backwards (the order is 0-9 then A-Z)"
check usage-symbols-twice 2 '' "$S" solve --symbols 1-9A-C9
expect_stderr "sudokusat: --symbols 1-9A-C9: '9' occurs twice"
check usage-symbols-bad 2 '' "$S" solve --symbols 'A.B'
expect_stderr "sudokusat: --symbols A.B: '.' is not a symbol (symbols are 0-9 and A-Z, ranges such as A-P)"
check usage-symbols-hex 2 '' "$S" solve --hex --symbols 0-F
expect_stderr "sudokusat: --hex is --symbols 0-F: give one of them"
# A puzzle in letters needs no option and is answered in letters (checked
# by the validator on the answer spelled back in digits); under --symbols
# the option's alphabet is read and written; a puzzle of another size is
# an error that names the alphabet.
ESC_DIGITS="1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
printf '%s\n' "$ESC_DIGITS" | tr 1-9 A-I >letters.txt
"$S" solve letters.txt >letters.out 2>err.txt
tr A-I 1-9 <letters.out >letters-digits.out
printf '%s\n' "$ESC_DIGITS" >escargot-digits.txt
check_file letters-valid valid_batch escargot-digits.txt letters-digits.out
if grep -qx '[A-I]\{81\}' letters.out; then pass; else fail letters-alphabet "$(cat letters.out)"; fi
printf '%s\n' "$ESC_DIGITS" | tr 1-9 3-9AB >own.txt
"$S" solve --symbols 3-9ab own.txt >own.out 2>err.txt
tr 3-9AB 1-9 <own.out >own-digits.out
check_file symbols-valid valid_batch escargot-digits.txt own-digits.out
if grep -qx '[3-9AB]\{81\}' own.out; then pass; else fail symbols-alphabet "$(cat own.out)"; fi
input "$ESC_DIGITS"
check symbols-size 3 error "$S" solve --hex -
expect_stderr "sudokusat: <stdin>:1:1: a 9x9 puzzle does not fit the alphabet 0-9A-F (16 symbols)"
# generate: the alphabet gives the size, and the puzzle is written in it.
"$S" generate -q --symbols A-P --seed 2 >gen.txt 2>err.txt
if grep -qx '[A-P.]\{256\}' gen.txt; then pass; else fail generate-symbols "$(cat gen.txt err.txt)"; fi
check generate-symbols-size 2 '' "$S" generate -q --symbols A-P --size 9
expect_stderr "sudokusat: a 9x9 puzzle does not fit --symbols A-P (16 symbols)"
# Options are typed, and a command refuses the options it does not take.
check usage-not-this-command 2 '' "$S" unique --force --gzip
expect_stderr "sudokusat: unique takes no --force (it is an option of solve, encode, rate or print)"
check usage-not-this-command-count 2 '' "$S" count --layout grid
expect_stderr "sudokusat: count takes no --layout (it is an option of solve, decode, unique, generate, minimize or canon)"
# check and explain build no CNF and run no bounded search
check usage-explain-max-steps 2 '' "$S" explain --max-steps 5
expect_stderr "sudokusat: explain takes no --max-steps (it is an option of solve, unique, count, exact-cover, repair or grade)"
check usage-check-encoding 2 '' "$S" check --certificate d --encoding minimal
expect_stderr "sudokusat: check takes no --encoding (it is an option of solve, encode, unique, count, rate, repair or grade)"
check usage-bad-layout 2 '' "$S" solve --layout sideways
expect_stderr "sudokusat: --layout: unknown 'sideways' (expected same, line, grid, numbers or ipuz)"
check usage-bad-encoding 2 '' "$S" solve --encoding tiny
expect_stderr "sudokusat: --encoding: unknown 'tiny' (expected minimal, efficient or extended)"
check usage-bad-memory 2 '' "$S" rate --analog --analog-memory K3
expect_stderr "sudokusat: --analog-memory: unknown 'K3' (expected K or K2)"
check usage-bad-backend-names 2 '' "$S" unique --backend nosuch
expect_stderr_has "(expected auto, picosat, cadical, dlx, bits, analog, external or hall)"
# A jigsaw map is checked once, before any puzzle, and its errors name it.
printf '1 1 1 1\n1 2 2 2\n3 3 3 4\n4 4 4 2\n' >badjig.txt
check usage-bad-jigsaw 2 '' "$S" solve --variant jigsaw=badjig.txt
expect_stderr "sudokusat: --variant jigsaw=badjig.txt: jigsaw region 1 has more than 4 cells"
check usage-missing-jigsaw 2 '' "$S" solve --variant jigsaw=no-such-map.txt
expect_stderr "sudokusat: --variant jigsaw=no-such-map.txt: cannot open: No such file or directory"
# A region map after the puzzle in the same file: the same answer as the
# map given by --variant jigsaw=FILE, and the file's map wins over one the
# option gives (the box map here, under which the puzzle is another).
JIGSAW='8.3.......7..48......35..46...1......31...27..4...............5.29..1.38...9.....'
printf '111122333\n111222333\n112222333\n444555566\n444555666\n447556666\n477788999\n777888999\n778888999\n' >jigmap.txt
printf '111222333\n111222333\n111222333\n444555666\n444555666\n444555666\n777888999\n777888999\n777888999\n' >boxmap.txt
JIGSAW_SOL=$("$S" solve --variant jigsaw=jigmap.txt --layout line <<<"$JIGSAW")
{ echo "$JIGSAW"; cat jigmap.txt; } >in.txt
check jigsaw-in-file 10 "$JIGSAW_SOL" "$S" solve --layout line
check jigsaw-in-file-wins 10 "$JIGSAW_SOL" "$S" solve --layout line --variant jigsaw=boxmap.txt
check jigsaw-in-file-unique 10 unique "$S" unique
{ grid_of "$JIGSAW" plain; echo; tr 1-9 A-I <jigmap.txt; } >in.txt
check jigsaw-in-file-grid 10 "$(grid_of "$JIGSAW_SOL" plain)" "$S" solve
check help 0 '' stdout_has "exit status:" "$S" --help
check help-backends 0 '' stdout_has "solver: auto, picosat, cadical, dlx, bits, analog, external or hall" "$S" --help
check version 0 'sudokusat 0.1.0' "$S" --version

# ---------------------------------------------------------------- truncated DIMACS
# A CNF cut short is an error (status 3, its position), as CaDiCaL and
# Kissat read it; --relaxed reads it with a warning.
printf 'p cnf 2 3\n1 2 0\n-1 0\n' >short.cnf
check dimacs-truncated 3 '' "$S" solve short.cnf
expect_stderr "sudokusat: short.cnf:1:1: the header says 3 clauses, found 2 (a truncated file? --relaxed accepts it)"
check dimacs-relaxed 10 's SATISFIABLE' first_line "$S" solve --relaxed short.cnf
rm -f short.cnf
# DIMACS is told by its content, whatever the name: blank lines and
# comments may come first.
printf '\n\nc made by hand\n\np cnf 2 1\n1 -2 0\n' >formula.txt
check dimacs-by-content 10 's SATISFIABLE' first_line "$S" solve formula.txt
rm -f formula.txt

# ---------------------------------------------------------------- signals
# An interrupted `encode -o FILE --force` leaves FILE as it was and no
# temporary behind: each signal while the (empty 64x64, pairwise) CNF is
# being written beside it.
awk 'BEGIN { for (r = 0; r < 64; r++) { s = "0"; for (c = 1; c < 64; c++) s = s " 0"; print s } }' >empty64.txt
# Job control: without it a script's background job starts with SIGINT
# ignored, and the tool keeps a signal ignored at its start.
set -m
temp_or_end() { ls keep.cnf.* >/dev/null 2>&1 || ! running "$1"; }
for sig in INT TERM HUP; do
  echo "old contents" >keep.cnf
  "$S" encode --force --amo pairwise --propagate givens empty64.txt \
    -o keep.cnf 2>/dev/null &
  pid=$!
  # The signal goes once the temporary is there (it takes seconds to
  # write), not after a fixed time.
  if ! wait_until "$DEADLINE" temp_or_end "$pid" || ! running "$pid"; then
    kill -KILL "$pid" 2>/dev/null
    fail "encode-signal-$sig" "no temporary keep.cnf.* seen while encode ran (${DEADLINE}s)"
    wait "$pid" 2>/dev/null
    continue
  fi
  kill -"$sig" "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  left=$(ls keep.cnf.* 2>/dev/null | wc -l)
  if [ "$(cat keep.cnf)" = "old contents" ] && [ "$left" = 0 ]; then pass; else
    fail "encode-signal-$sig" "keep.cnf: '$(head -c 40 keep.cnf)', $left temporaries left"
  fi
done
set +m
rm -f keep.cnf empty64.txt

# ---------------------------------------------------------------- rate
# The rating reads through the batch path: answers in input order, an
# unreadable puzzle answered "error" in its place (status 3), a puzzle
# whose givens clash rated "none"; a short budget keeps it quick.
input "$EULER" "$EULER" '11...............'
check rate-batch 3 'error' last_line "$S" rate --analog -q --runs 4 \
  --rate-time 200 -j 1
check_file rate-lines awk 'NR <= 2 && !/^[0-9.]+ \[[0-9.]+, [0-9.]+\] (easy|medium|hard|ultra-hard) [0-9]+\/4$/ { exit 1 } NR == 3 && $0 != "error" { exit 1 } END { exit NR != 3 }' .out
input '11..............'
check rate-none 0 '- - - none 0/0 ' "$S" rate --analog --runs 4 --rate-time 50
# The rating's options without --analog are refused, not ignored.
input "$EULER"
check grade-runs-alone 2 '' "$S" grade --rate-time 50 --runs 8
expect_stderr "sudokusat: grade takes --rate-time only with --analog (it is an option of the analog rating)"
check grade-encoding-alone 2 '' "$S" grade --amo pairwise
expect_stderr "sudokusat: grade takes --amo only with --analog (it is an option of the analog rating)"
check grade-encoding-analog 0 '' stdout_has 'eta=' "$S" grade --analog \
  --encoding minimal --amo pairwise --runs 4 --rate-time 50
check rate-width-alone 2 '' "$S" rate --rate-width 0.3
expect_stderr "sudokusat: rate takes --rate-width only with --analog (it is an option of the analog rating)"
# An interval the runs cannot reach is said (not with -q), and every run
# is counted.
check rate-width-unreachable 0 '' stdout_has ' 6/6' "$S" rate --analog \
  --rate-width 0.3 --runs 6 --rate-time 100
expect_stderr "sudokusat: warning: --rate-width 0.3 needs 9 solved runs, more than --runs 6: no rating stops early"
check rate-width-unreachable-q 0 '' stdout_has ' 6/6' "$S" rate --analog \
  -q --rate-width 0.3 --runs 6 --rate-time 100
expect_stderr ""
# The default stopping rule (--rate-width 0.2: 19 solved runs) on a puzzle
# whose runs all solve, and every run with --rate-width 0; both
# precisions; a precision that is not one refused.
input "$EULER"
check rate-stops 0 '' stdout_has ' 19/19 of 32' "$S" rate --analog \
  --rate-time 200
for p in single double; do
  check "rate-every-$p" 0 '' stdout_has ' 20/20' "$S" rate --analog \
    --rate-time 200 --rate-width 0 --rate-precision $p --runs 20
done
check usage-bad-precision 2 '' "$S" rate --analog --rate-precision half
expect_stderr "sudokusat: --rate-precision: unknown 'half' (expected single or double)"

# ---------------------------------------------------------------- unique / count
input "$ESCARGOT"
check unique-one 10 'unique' "$S" unique
check unique-show 10 "unique
$ESCARGOT_SOL" "$S" unique --show
check count-one 10 '1' "$S" count
check count-one-dlx 10 '1' "$S" count --backend dlx
check count-one-cadical 10 '1' "$S" count --backend cadical
# A count stopped by a limit says what it found: at least that many.
input '1...............'
check count-stopped 0 '6+' "$S" count --backend dlx --max-steps 50 --limit 0
input "$ESCARGOT"
check solve-cadical 10 "$ESCARGOT_SOL" "$S" solve --backend cadical
# The default route answers a 9x9 with bits and says so.
check solve-auto-stats 10 "$ESCARGOT_SOL" "$S" solve --stats
expect_stderr_has "c answered-by bits 1"
check cross-check 10 'unique' "$S" unique --cross-check
# A solver that claims every CNF unsatisfiable: dlx finds the solution, so
# the cross-check must fail loudly (exit 5, the puzzle's line on stderr).
printf '#!/bin/sh\necho "s UNSATISFIABLE"\nexit 20\n' >liar.sh
chmod +x liar.sh
check cross-check-disagree 5 'disagree' "$S" unique --cross-check \
  --backend external --solver "$PWD/liar.sh"
check_file cross-check-names-line grep -q '<stdin>:1: backends disagree' err.txt
input '1.........2.....'
check unique-multiple 10 'multiple' "$S" unique
check unique-show-two 10 '' show_two "$S" unique --show
check unique-show-two-bits 10 '' show_two "$S" unique --show --backend bits
input '................'
check count-empty-4x4 10 '288' "$S" count --limit 0
check count-empty-4x4-dlx 10 '288' "$S" count --limit 0 --backend dlx
check count-empty-4x4-bits 10 '288' "$S" count --limit 0 --backend bits
check count-limit 10 '10+' "$S" count --limit 10
check count-limit-dlx 10 '10+' "$S" count --limit 10 --backend dlx
# --limit 1 says a solution exists, not that there are several (a unique
# puzzle too): JSON status solved, counted as undecided (exit 0, one puzzle)
input "$ESCARGOT"
check count-limit-one 0 '1+' "$S" count --limit 1
check count-limit-one-json 0 '"status":"solved"' grep -o '"status":"[a-z]*"' \
  <("$S" count --limit 1 --format json <in.txt)
input '................'
input '11..............'
check unique-none 20 'none' "$S" unique
check count-none 20 '0' "$S" count
input "$ESCARGOT" '1.........2.....' '11..............'
check unique-batch 0 'unique
multiple
none' "$S" unique -q
check unique-analog-refused 2 '' "$S" unique --backend analog

# dlx keeps no state between puzzles: a puzzle with many solutions gets
# the same answer alone, after other puzzles, and with any -j.
MANY1=".${ESCARGOT:1}"
MANY2="${ESCARGOT:0:5}.${ESCARGOT:6}"
input "$MANY1"
"$S" solve --backend dlx <in.txt >alone1.txt 2>/dev/null
input "$MANY2"
"$S" solve --backend dlx <in.txt >alone2.txt 2>/dev/null
input "$EULER" "$MANY2" "$ESCARGOT" "$MANY1"
check solve-dlx-stateless-j1 0 "$EULER_SOL
$(cat alone2.txt)
$ESCARGOT_SOL
$(cat alone1.txt)" "$S" solve --backend dlx -j 1
check solve-dlx-stateless-j2 0 "$EULER_SOL
$(cat alone2.txt)
$ESCARGOT_SOL
$(cat alone1.txt)" "$S" solve --backend dlx -j 2

# --trace over a batch: the first puzzle's run only, under one header.
input "$EULER" '.4....2...12....'
check solve-analog-trace-batch 0 "$EULER_SOL
2431312443121243" "$S" solve --backend analog --propagate givens \
  --trace trace.csv --trace-every 1
check analog-trace-one-header 0 '1' grep -c '^run,t,unsat,' trace.csv
check analog-trace-columns 0 'rows agree' \
  awk -F, 'NR == 1 { n = NF } NR > 1 && NF != n { bad = 1 }
    END { print (NR > 1 && !bad) ? "rows agree" : "ragged" }' trace.csv

# ---------------------------------------------------------------- encode
input "$ESCARGOT"
check encode-stdout 0 '' is_dimacs "$S" encode
check encode-file 0 '' "$S" encode in.txt -o e.cnf
check_file encode-file-dimacs is_dimacs e.cnf
check encode-no-overwrite 2 '' "$S" encode in.txt -o e.cnf
expect_stderr "sudokusat: e.cnf exists; not overwriting it without --force"
echo keep >keep.cnf
check encode-no-overwrite-keeps 2 '' "$S" encode in.txt -o keep.cnf
check_file encode-no-overwrite-kept same_text keep.cnf keep
check encode-force 0 '' "$S" encode in.txt -o keep.cnf --force
check_file encode-force-wrote is_dimacs keep.cnf
check encode-gz 0 '' "$S" encode in.txt -o e.cnf.gz
check_file encode-gz-magic is_gzip e.cnf.gz
check_file encode-gz-dimacs is_gzip_dimacs e.cnf.gz
check encode-gzip-flag 0 '' "$S" encode in.txt -o z.cnf --gzip
check_file encode-gzip-flag-magic is_gzip z.cnf
for amo in pairwise sequential product commander bimander; do
  check "encode-amo-$amo" 0 '' "$S" encode in.txt -o "e-$amo.cnf" --amo $amo
  check_file "encode-amo-$amo-dimacs" is_dimacs "e-$amo.cnf"
  check "solve-amo-$amo" 10 "c grid $ESCARGOT_SOL" last_line "$S" solve "e-$amo.cnf"
done
for level in givens singles locked; do
  check "encode-propagate-$level" 0 '' "$S" encode in.txt -o "p-$level.cnf" \
    --propagate $level
  check "solve-propagate-$level" 10 "c grid $ESCARGOT_SOL" last_line "$S" solve \
    "p-$level.cnf"
  check "decode-propagate-$level" 10 "$ESCARGOT_SOL" sh -c \
    "minisat -verb=0 p-$level.cnf m-$level.txt >/dev/null; \"$S\" decode p-$level.cnf m-$level.txt"
done
check encode-renumber 0 '' "$S" encode in.txt -o r.cnf --renumber
check solve-renumbered 10 "c grid $ESCARGOT_SOL" last_line "$S" solve r.cnf
input "$ESCARGOT" "$EULER"
check encode-two-puzzles 3 '' "$S" encode

# ---------------------------------------------------------------- CNF in, model in
check solve-cnf 10 "s SATISFIABLE" first_line "$S" solve e.cnf
check_file solve-cnf-shape sh -c "\"$S\" solve e.cnf | grep -v '^[svc] '; true"
check solve-cnf-grid 10 "c grid $ESCARGOT_SOL" last_line "$S" solve e.cnf
check solve-cnf-gz 10 "c grid $ESCARGOT_SOL" last_line "$S" solve e.cnf.gz
check solve-cnf-dlx 10 "c grid $ESCARGOT_SOL" last_line "$S" solve --backend dlx e.cnf
# solve's answer to a CNF is SAT-competition output (the grid goes out as
# `c grid` comments), so it is a model decode reads as it is.
"$S" solve e.cnf >model.txt
check decode-file 10 "$ESCARGOT_SOL" "$S" decode e.cnf model.txt
input_file model.txt
check decode-stdin 10 "$ESCARGOT_SOL" "$S" decode e.cnf -
check count-cnf 10 '1' "$S" count e.cnf
# A model with one literal flipped no longer satisfies the CNF (var 15 is
# x(r1,c2,6): the 6 of the open cell r1c2).
sed 's/ 15 / -15 /' model.txt >flipped.txt
check decode-wrong-model 4 '' "$S" decode e.cnf flipped.txt
printf 's UNSATISFIABLE\n' >unsat.txt
check decode-unsat-model 20 'none' "$S" decode e.cnf unsat.txt
printf 'p cnf 2 2\n1 2 0\n-1 0\n' >plain.cnf
check solve-plain-cnf 10 's SATISFIABLE
v -1 2 0' "$S" solve plain.cnf
printf 'p cnf 1 2\n1 0\n-1 0\n' >unsat.cnf
check solve-unsat-cnf 20 's UNSATISFIABLE' "$S" solve unsat.cnf
check decode-plain-cnf 3 '' "$S" decode plain.cnf model.txt
printf 'p cnf 2 1\n1 x 0\n' >broken.cnf
check solve-broken-cnf 3 '' "$S" solve broken.cnf
expect_stderr_has "broken.cnf:2:"

input '11..............'
"$S" encode -q -o none.cnf in.txt
check solve-cnf-none 20 's UNSATISFIABLE' "$S" solve none.cnf

# ---------------------------------------------------------------- external solvers
# encode -> solver binary -> decode, for every solver that is installed.
"$S" encode -q -o bt.cnf <<<"$EULER"
for solver in "minisat" "cadical -q" "picosat" "cryptominisat5 --verb=0" \
  "clasp --verbose=0"; do
  name=${solver%% *}
  if ! command -v "$name" >/dev/null; then
    skip "roundtrip-$name" "not installed"
    continue
  fi
  for cnf in e.cnf e-sequential.cnf r.cnf bt.cnf none.cnf; do
    if [ "$name" = minisat ]; then
      minisat -verb=0 "$cnf" out.txt >/dev/null 2>&1
    else
      $solver "$cnf" >out.txt 2>/dev/null
    fi
    case $cnf in
    none.cnf) want=none status=20 ;;
    bt.cnf) want=$EULER_SOL status=10 ;;
    *) want=$ESCARGOT_SOL status=10 ;;
    esac
    check "roundtrip-$name-$cnf" $status "$want" "$S" decode "$cnf" out.txt
  done
done

# ---------------------------------------------------------------- corpus
# The tool on tests/puzzles/corpus.txt: counts with both backends agreeing,
# solutions valid and equal to the corpus's where it has one.
CORPUS=$SRC/tests/puzzles/corpus.txt
grep -v '^#' "$CORPUS" | cut -d: -f1 >corpus-puzzles.txt
grep -v '^#' "$CORPUS" | cut -d: -f2 >corpus-counts.txt
check corpus-count 0 '' same_as corpus-counts.txt "$S" count -q --limit 0 \
  --cross-check corpus-puzzles.txt
# bits counts natively too: the cross-check pairs it with picosat.
check corpus-count-bits 0 '' same_as corpus-counts.txt "$S" count -q \
  --limit 0 --backend bits --cross-check corpus-puzzles.txt
check corpus-unique-bits-stats 0 '' stdout_has unique "$S" unique -q \
  --stats --backend bits corpus-puzzles.txt
expect_stderr_has "c answered-by bits 65"
expect_stderr_has "c decisions "
"$S" solve -q corpus-puzzles.txt >corpus-answers.txt
check_file corpus-solve-valid valid_batch corpus-puzzles.txt corpus-answers.txt
check_file corpus-solve-none awk -F: 'NR == FNR { if (!/^#/) c[++n] = $2; next }
  (c[FNR] == 0) != ($1 == "none") { print "answer " FNR ": " $1 }' \
  "$CORPUS" corpus-answers.txt
check_file corpus-solve-same awk -F: 'NR == FNR { if (!/^#/) s[++n] = $3; next }
  s[FNR] != "" && s[FNR] != $1 { print "answer " FNR " differs" }' \
  "$CORPUS" corpus-answers.txt

# ---------------------------------------------------------------- -j
# A few hundred generated puzzles of mixed sizes (unique, several, none):
# the answers, even the choice among several solutions, must not depend on
# the number of threads.
gen_batch 300 7 >batch.txt
"$S" unique -q -j 1 batch.txt >u1.txt
check unique-j2-same $? '' same_as u1.txt "$S" unique -q -j 2 batch.txt
"$S" solve -q -j 1 batch.txt >j1.txt
r1=$?
"$S" solve -q -j 2 batch.txt >j2.txt
r2=$?
check_file solve-j2-status test $r1 = $r2
check_file solve-j1-valid valid_batch batch.txt j1.txt
check_file solve-j2-valid valid_batch batch.txt j2.txt
check_file solve-j2-same diff j1.txt j2.txt
# The batch holds every kind of answer.
check_file batch-kinds awk '{ n[$1]++ } END {
  if (n["unique"] < 30 || n["multiple"] < 30 || n["none"] < 30) print "too few of a kind" }' u1.txt
"$S" count -q --limit 5 -j 1 --backend dlx batch.txt >c1.txt
check count-j2-same $? '' same_as c1.txt "$S" count -q --limit 5 -j 2 \
  --backend dlx batch.txt
check count-dlx-picosat $? '' same_as c1.txt "$S" count -q --limit 5 -j 2 \
  batch.txt

summary
