#!/usr/bin/env bash
# Slow (label slow): every corpus puzzle in every encoding through the
# external SAT solvers and back, and -j 1 against -j 2 on thousands of
# generated puzzles.  usage: run-slow-roundtrip.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-slow-roundtrip.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd) # a relative SOURCE_DIR outlives the cd below
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-slow.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"

SOLVERS=()
for solver in "minisat" "cadical -q" "cryptominisat5 --verb=0" \
  "clasp --verbose=0" "picosat"; do
  if command -v "${solver%% *}" >/dev/null; then
    SOLVERS+=("$solver")
  else
    skip "${solver%% *}" "not installed"
  fi
done

# corpus line -> encode (3 AMO x 3 encodings x 3 propagation levels, and
# renumbered) -> each solver -> decode -> checked against the corpus.
n=0
grep -v '^#' "$SRC/tests/puzzles/corpus.txt" | while IFS=: read -r puzzle count solution; do
  n=$((n + 1))
  echo "$puzzle" >p.txt
  for amo in pairwise sequential product commander bimander; do
    for enc in minimal efficient extended; do
      for level in givens singles locked; do
        opts="--amo $amo --encoding $enc --propagate $level"
        [ $level = locked ] && [ $enc = extended ] && opts="$opts --renumber"
        # shellcheck disable=SC2086
        if ! "$S" encode -q --force $opts -o e.cnf p.txt 2>err.txt; then
          fail "corpus-$n-encode" "$opts: $(cat err.txt)"
          continue
        fi
        for solver in "${SOLVERS[@]}"; do
          bin=${solver%% *}
          # minisat and cadical take every encoding, the others one.
          case $bin in minisat | cadical) ;; *)
            [ $amo/$enc = sequential/extended ] || continue ;;
          esac
          if [ "$bin" = minisat ]; then
            minisat -verb=0 e.cnf model.txt >/dev/null 2>&1
          else
            $solver e.cnf >model.txt 2>/dev/null
          fi
          got=$("$S" decode e.cnf model.txt 2>err.txt)
          status=$?
          case=corpus-$n-$bin-$amo-$enc-$level
          if [ "$count" = 0 ]; then
            if [ $status = 20 ] && [ "$got" = none ]; then pass; else
              fail "$case" "expected none (20), got '$got' ($status) $(cat err.txt)"
            fi
          elif [ $status != 10 ]; then
            fail "$case" "exit status $status: $(cat err.txt)"
          elif [ -n "$solution" ]; then
            if [ "$got" = "$solution" ]; then pass; else
              fail "$case" "not the corpus solution: $got"
            fi
          else
            echo "$got" >a.txt
            why=$(valid_batch p.txt a.txt)
            if [ -z "$why" ]; then pass; else fail "$case" "$why"; fi
          fi
        done
      done
    done
  done
  # The subshell's counts go back through a file.
  echo "$PASSED $FAILED" >counts.txt
done
if [ -f counts.txt ]; then
  read -r PASSED FAILED <counts.txt
fi

# Thread count must not change any answer, on a large mixed batch.
gen_batch 5000 11 >batch.txt
"$S" solve -q -j 1 batch.txt >j1.txt
check solve-5000-j2 $? '' same_as j1.txt "$S" solve -q -j 2 batch.txt
check_file solve-5000-valid valid_batch batch.txt j1.txt
"$S" unique -q -j 1 --cross-check batch.txt >u1.txt
check unique-5000-j2 $? '' same_as u1.txt "$S" unique -q -j 2 \
  --cross-check batch.txt

summary
