#!/usr/bin/env bash
# The threaded paths (-j): solve, unique, count, generate, grade, rate,
# the analog portfolio and the external backend give with -j 2 and -j 4
# what they give with -j 1, byte for byte.  .ci/run runs this under a
# ThreadSanitizer build (a race there is exit status 66: a failure here).
# usage: run-threads.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-threads.sh SUDOKUSAT [SOURCE_DIR]}
SRC=$(cd "${2:-$(dirname "$0")/../..}" && pwd)
case $S in /*) ;; *) S=$PWD/$S ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-threads.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1 exitcode=66}

grep -v '^#' "$SRC/tests/puzzles/corpus.txt" | cut -d: -f1 >p.txt
grep -v "^#" "$SRC/tests/puzzles/corpus.txt" | awk -F: '$2 == 1 { print $1 }' | head -6 >few.txt # one solution each: a race finds the same

# same NAME ARGS...: -j 1, -j 2 and -j 4 agree (output and status).
same() {
  local name=$1
  shift
  "$S" "$@" -j 1 >one.txt 2>err1.txt
  local s1=$?
  for j in 2 4; do
    # (a pipe: answers are flushed as they come, a puzzle a chunk, so the
    # threads interleave)
    "$S" "$@" -j $j 2>err.txt | cat >many.txt
    local sj=${PIPESTATUS[0]}
    if [ $sj -ne $s1 ] || ! cmp -s one.txt many.txt; then
      fail "$name -j $j" "status $sj (-j 1: $s1): $(head -c 600 err.txt)"
      return
    fi
  done
  [ -s one.txt ] || { fail "$name" "no output: $(head -c 300 err1.txt)"; return; }
  pass
}
same solve solve -q p.txt
same solve-dlx solve -q --backend dlx p.txt
same unique unique -q p.txt
same count count -q --limit 3 p.txt
same generate generate -q --count 6 --seed 7
same grade grade -q few.txt
same rate rate -q --analog --runs 4 --rate-time 50 --seed 3 few.txt
same analog solve -q --backend analog --seed 5 few.txt
# a big grid's search raced on the idle threads (one answer: the same)
"$S" generate -q --box 5x5 --count 2 --seed 5 >big.txt
same race unique -q --backend cadical --propagate givens big.txt
if command -v cadical >/dev/null; then
  same external solve -q --backend external --solver 'cadical -q' few.txt
fi
# The race's memory guard: a racer is counted at 64 bytes a literal of
# the CNF (solver/cdcl.c, racers_fit), so an empty 25x25 with only the
# givens propagated (1,562,500 literals) races at -j 2 under a 400 MB
# address-space limit and does not under 250 MB, where the one search
# still answers.  (A sanitizer build cannot start under ulimit -v:
# skipped.)
if starts_limited "$S"; then
  python3 -c 'print("\n".join(" ".join(["0"] * 25) for _ in range(25)))' >blank25.txt
  guard() { # NAME LIMIT_KB RACES
    (ulimit -v "$2" && exec "$S" solve -q -j 2 --backend cadical \
      --propagate givens --stats blank25.txt) >out.txt 2>err.txt
    local st=$? races
    races=$(awk '$2 == "raced-searches" { print $3 }' err.txt)
    if [ $st -eq 10 ] && [ "${races:-0}" -eq "$3" ] && [ -s out.txt ]; then
      pass
    else
      fail "$1" "status $st, ${races:-0} races (want 10, $3): $(head -c 300 err.txt)"
    fi
  }
  guard race-memory-400mb 400000 1
  guard race-memory-250mb 250000 0
  # Under a limit, the threads share one malloc arena: -j 2 answers
  # where -j 1 does (it ran out of memory at 130 and 170 MB when each
  # thread reserved an arena of its own).
  guard race-memory-170mb 170000 0
  guard race-memory-130mb 130000 0
else
  skip race-memory "$LIMITED_WHY"
fi
summary
