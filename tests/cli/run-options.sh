#!/usr/bin/env bash
# The command line's refusals and messages: options the chosen backend
# does not use, --solver picking the external backend, help of an unknown
# command, singular counts and status words in the summary, decode of a
# result without a model, the auto route's fallback when counting, and the
# test scripts taking relative paths.
# usage: run-options.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-options.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd) # a relative SOURCE_DIR outlives the cd below
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-options.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"

ESCARGOT='1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..'
ESCARGOT_SOL='162857493534129678789643521475312986913586742628794135356478219241935867897261354'

# ---------------------------------------------------------------- help
check help-unknown 2 '' "$S" help nosuch
expect_stderr "sudokusat: help: unknown command 'nosuch' (see 'sudokusat --help')"
check help-known 0 'usage: sudokusat solve [OPTIONS] [PUZZLES|CNF ...]' first_line \
  "$S" help solve

# The help says what --cross-check pairs and what --max-steps counts for
# each engine (worker.c, the backends' solve calls).
"$S" --help >help.txt 2>&1
if grep -q -- "--cross-check .*dlx, bits: by picosat; picosat, cadical, hall, external: by dlx" help.txt &&
  grep -q -- "--max-steps .*picosat decisions / cadical and hall conflicts / dlx and bits nodes / analog steps" help.txt; then
  pass
else
  fail help-limits "$(grep -- '--cross-check\|--max-steps' help.txt)"
fi

# ---------------------------------------------------------------- backends
input "$ESCARGOT"
# An option of another backend is refused with the backends that use it.
check backend-option-picosat 2 '' "$S" solve --backend picosat --analog-method split
expect_stderr "sudokusat: the picosat backend does not use --analog-method (it is an option of analog)"
check backend-option-auto 2 '' "$S" solve --analog-memory K
expect_stderr "sudokusat: the auto backend does not use --analog-memory (it is an option of analog)"
check backend-option-trace 2 '' "$S" solve --backend dlx --trace t.csv
expect_stderr_has "does not use --trace (it is an option of analog)"
check backend-option-seed-dlx 2 '' "$S" unique --backend dlx --seed 3
expect_stderr "sudokusat: the dlx backend does not use --seed (it is an option of auto, picosat, cadical, analog or hall)"
check backend-option-analog 10 "$ESCARGOT_SOL" "$S" solve -q --backend analog \
  --analog-method split --seed 2
# Under auto, what its engines use (dlx, cadical) is taken.
check backend-option-auto-steps 10 "$ESCARGOT_SOL" "$S" solve --max-steps 100000 --seed 2
# rate runs the analog solver whatever: its options are its own.
"$S" rate -q --analog --analog-method split --runs 2 --rate-time 50 \
  <in.txt >/dev/null 2>err.txt
check_file backend-option-rate test $? = 0
# The tool itself is an external DIMACS solver: --solver alone picks it.
printf '#!/bin/sh\nexec "%s" solve -q "$@"\n' "$S" >self.sh
chmod +x self.sh
check solver-alone 10 "$ESCARGOT_SOL" "$S" solve --stats --solver "$PWD/self.sh"
expect_stderr_has "c backend external"
check solver-auto 10 "$ESCARGOT_SOL" "$S" solve --backend auto --solver "$PWD/self.sh"
check solver-with-dlx 2 '' "$S" solve --backend dlx --solver "$PWD/self.sh"
expect_stderr "sudokusat: --solver runs an external solver: it does not go with --backend dlx (give --backend external, or no --backend)"
check solver-missing 2 '' "$S" solve --solver nosuch-solver
expect_stderr "sudokusat: external solver 'nosuch-solver' not found in PATH"
check solver-max-steps 2 '' "$S" solve --solver "$PWD/self.sh" --max-steps 5
expect_stderr_has "the external backend does not use --max-steps"

# ---------------------------------------------------------------- counts
# Singular counts; count's summary in the words its answers use.
input "$ESCARGOT" '1.........2.....' '12x'
check count-summary 3 '1
2+
error' "$S" count --limit 2
check_file count-summary-words grep -qx 'sudokusat: 3 puzzles: 1 unique, 1 multiple, 0 none, 0 unknown, 1 error; .*' err.txt
input "$ESCARGOT" '11..............'
check solve-summary-errors 0 "$ESCARGOT_SOL
none" "$S" solve
check_file solve-summary-no-errors grep -q ', 0 unknown, 0 errors; ' err.txt

# ---------------------------------------------------------------- decode
input "$ESCARGOT"
"$S" encode -q -o e.cnf in.txt
printf 's SATISFIABLE\n' >nomodel.txt
check decode-no-model 3 '' "$S" decode e.cnf nomodel.txt
expect_stderr "sudokusat: nomodel.txt: no model given: the result is SATISFIABLE but no values follow (expected 'v' lines or a list of literals)"
printf 's SATISFIABLE\nv 1 0\n' >badmodel.txt
check decode-bad-model 4 '' "$S" decode e.cnf badmodel.txt
expect_stderr_has "the model does not satisfy e.cnf: clause"

# ---------------------------------------------------------------- route
# A 20x20 that bits needs about 11,000 nodes to prove unique (made by
# `generate --size 20 --box 4x5 --minimal --count 4 --seed 5`, the first):
# past the route's budget of 500 nodes above 16x16 (checked, so the case
# keeps its meaning), bits gives it up and cadical counts; --stats says so.
HARD20='35..GEF.....A..7..K.9...7....C1...2..4....2.6.8.J....G...F9.1.....5I.......AB...........DE6.....C...2B..J.G....5.E.I..3.DH...31BF5.I.....J..A....K...9.4....G...H.8.5......B743..C....J2.I..C.D...84.BF96C.1D7..A.5....3I..2..7.4.EG..J.F............A4..B..G..92..F...A.......F....K5I.B....8I.3....C.D417A.7..2..H.6.K...8...CG1.8.9...A..CJ.K6.B.7....1...4.A..I....5.3.C.H..5J9......D...45J...F..8HK....GC.'
input "$HARD20"
check route-hard-past-budget 0 unknown "$S" unique -q --backend bits --max-steps 500
check route-unique-fallback 10 unique "$S" unique --stats
check_file route-unique-cadical grep -q '^c answered-by cadical' err.txt
check_file route-unique-not-dlx sh -c '! grep "^c answered-by dlx" err.txt'
check route-count-fallback-json 10 '' stdout_has '"backend":"cadical"' \
  "$S" count --format json
check route-dlx-asked 10 unique "$S" unique --backend dlx --stats
check_file route-dlx-asked-no-fallback grep -q '^c answered-by dlx' err.txt
# The same on a file of ../shared (millions of nodes), where it is there.
# (../shared beside the repository, or beside a worktree's folder)
HARD=
for d in "$SRC/../shared" "$SRC/../../shared"; do
  f=$d/data/real-files/set2/big/convert16x16_test5.1g
  [ -f "$f" ] && HARD=$f && break
done
if [ -n "$HARD" ]; then
  tr -d '\r' <"$HARD" >hard16.txt
  check route-shared-fallback 10 unique "$S" unique --stats hard16.txt
  check_file route-count-cadical grep -q '^c answered-by cadical' err.txt
  check_file route-count-not-dlx sh -c '! grep "^c answered-by dlx" err.txt'
  check route-shared-json 10 '' stdout_has '"backend":"cadical"' \
    "$S" count --format json hard16.txt
else
  skip route-shared-fallback "no data/real-files/set2/big/convert16x16_test5.1g in $SRC/../shared or $SRC/../../shared (not part of the clone): the auto route's fallback from dlx to cadical on a real 16x16 that takes dlx millions of nodes was NOT tested (the generated 20x20 above was)"
fi

# ---------------------------------------------------------------- paths
# The suites take a relative tool and source folder (they change folder
# before they use them): each resolves both first, and one runs so.
for f in "$SRC"/tests/*/run-*.sh; do
  if grep -q '^SRC=\${2' "$f" && ! awk '
      /^SRC=\$\(cd "\$SRC" && pwd\)/ { ok = 1 }
      /^cd "\$T"/ { exit !ok }
      END { exit !ok }' "$f"; then
    fail "paths-${f#"$SRC"/}" "does not resolve SOURCE_DIR before it changes folder"
  else
    pass
  fi
done
# A suite that skips a case ends with status 77 (ctest: skipped, not
# passed) and says so in its summary; a failure outweighs a skip.
harness() { (mkdir -p h && cd h && . "$SRC/tests/cli/lib.sh" && eval "$1" && summary) 2>/dev/null; }
# (the reason again on standard output, before the closing line, where
# ctest -V and LastTest.log show it)
out=$(harness 'pass; skip a "no tool"'); st=$?
[ $st = 77 ] && [ "$out" = "SKIPPED a: no tool
1 passed, 0 failed, 1 skipped" ] && pass ||
  fail harness-skip "status $st, '$out'"
out=$(harness 'pass'); st=$?
[ $st = 0 ] && [ "$out" = "1 passed, 0 failed" ] && pass ||
  fail harness-pass "status $st, '$out'"
harness 'skip a "no tool"; fail b "wrong"' >/dev/null; st=$?
[ $st = 1 ] && pass || fail harness-fail "status $st"
# wait_until: true as soon as the event comes, false once its deadline
# (in seconds on the clock) has passed without it.
# (only a lower bound on the time: a loaded machine may take longer)
out=$(harness '(sleep 0.2; : >ready) & wait_until 30 test -e ready && echo seen
  t0=$(now_us); wait_until 1 test -e never ||
    echo "gave up after 1 s: $((($(now_us) - t0) >= 1000000))"')
[ "$out" = "seen
gave up after 1 s: 1
0 passed, 0 failed" ] && pass || fail harness-wait "'$out'"
rel=$(python3 -c 'import os, sys; print(os.path.relpath(sys.argv[1], sys.argv[2]))' "$S" "$SRC")
if (cd "$SRC" && bash tests/cli/run-limits.sh "$rel" . >"$T/paths.out" 2>&1); then pass; else
  fail paths-relative "run-limits.sh $rel . from $SRC: $(tail -3 "$T/paths.out")"
fi

summary
