#!/usr/bin/env bash
# Step budgets (--max-steps) hold on every in-process backend and --stats
# says what ran: an unanswerable budget gives unknown, and the steps
# reported stay within it.  (Wall-clock limits are measured by
# `bench/bench limits`, not timed here.)
# usage: run-limits.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-limits.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd) # a relative SOURCE_DIR outlives the cd below
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-limits.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"

# A random 3-CNF at the threshold (3,000 variables, ratio 4.26), written
# by awk with a fixed seed: no solver answers it in a handful of steps.
awk 'BEGIN { srand(7); n = 3000; m = int(4.26 * n); print "p cnf", n, m
  for (i = 0; i < m; i++) { s = ""
    for (k = 0; k < 3; k++) { v = 1 + int(rand() * n); if (rand() < 0.5) v = -v; s = s v " " }
    print s "0" } }' >r3.cnf
# An empty 25x25 less its first row's givens: dlx needs many nodes.
ESCARGOT=1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..

# steps_within NAME KEY BUDGET: the --stats line "c KEY N" has N <= BUDGET.
steps_within() {
  local n
  n=$(grep -m1 "^c $2 " err.txt | awk '{print $3}')
  if [ -n "$n" ] && [ "$n" -le "$3" ]; then pass; else
    fail "$1" "c $2 is '${n:-missing}', budget $3"
  fi
}

check analog-steps 0 's UNKNOWN' first_line "$S" solve --backend analog \
  --max-steps 40 --stats r3.cnf
steps_within analog-steps-stats steps 40
check_file analog-calls grep -q '^c solve-calls 1$' err.txt
check picosat-steps 0 's UNKNOWN' first_line "$S" solve --backend picosat \
  --max-steps 5 --stats r3.cnf
check cadical-steps 0 's UNKNOWN' first_line "$S" solve --backend cadical \
  --max-steps 5 --stats r3.cnf
input "$ESCARGOT"
check dlx-nodes 0 'unknown' "$S" solve --backend dlx --propagate givens \
  --max-steps 3 --stats
steps_within dlx-nodes-stats dlx-nodes 3
check bits-nodes 0 'unknown' "$S" solve --backend bits --max-steps 3 --stats
steps_within bits-nodes-stats dlx-nodes 3
check bits-nodes-enough 10 '' valid_answers "$S" solve -q --backend bits \
  --max-steps 100000
check analog-puzzle-steps 0 'unknown' "$S" solve --backend analog \
  --max-steps 2 --stats
steps_within analog-puzzle-stats steps 2
# A deadline already passed when the reading starts (--time-limit 1e-9):
# an 81x81 with 810 givens is cut during propagation, before its givens
# are in, and every backend answers unknown at once; so is its CNF, cut
# while it is read.  (A cut load once crashed the auto route.)
awk 'BEGIN { n = 81; b = 9
  for (r = 0; r < n; r++) { s = ""
    for (c = 0; c < n; c++) {
      d = (r < 10) ? ((r % b) * b + int(r / b) + c) % n + 1 : 0
      s = s (c ? " " : "") d }
    print s } }' >big81.txt
"$S" encode -q big81.txt -o big81.cnf 2>/dev/null
for b in auto cadical picosat dlx bits analog; do
  check "cut-$b" 0 'unknown' "$S" solve -q --time-limit 1e-9 --backend "$b" \
    --stats big81.txt
  check_file "cut-$b-stats" grep -q '^c solve-calls 0$' err.txt
  check "cut-cnf-$b" 0 's UNKNOWN' first_line "$S" solve -q --time-limit 1e-9 \
    --backend "$b" big81.cnf
done
check cut-unique 0 'unknown' "$S" unique -q --time-limit 1e-9 big81.txt
summary
