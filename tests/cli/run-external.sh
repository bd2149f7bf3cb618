#!/usr/bin/env bash
# The external backend at its edges: the solver runs in a process group
# of its own, so SIGINT, SIGTERM and SIGHUP to sudokusat, and
# --time-limit, end the whole group (a wrapper script and the child it
# started) and leave no temporary file; --solver is read with the shell's
# word rules; a crashing solver is reported with the puzzle's file; and
# a CNF too big for any in-process backend's memory is refused.
# usage: run-external.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-external.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd) # a relative SOURCE_DIR outlives the cd below
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-signals.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"
# Job control: a background job of a script otherwise starts with SIGINT
# ignored, and the tool keeps a signal ignored at its start.
set -m

# The "solver": records its pid and its child's, then waits for the child.
cat >solver.sh <<'SH'
#!/bin/sh
sleep 300 &
echo "$$ $!" >"$PIDS.tmp" && mv "$PIDS.tmp" "$PIDS"
wait
SH
chmod +x solver.sh
echo '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..' >p.txt

# alive PID...: the pids still running (zombies are gone for this purpose).
alive() {
  local p out=""
  for p in "$@"; do
    if kill -0 "$p" 2>/dev/null &&
      [ "$(ps -o stat= -p "$p" 2>/dev/null | cut -c1)" != Z ]; then
      out="$out $p"
    fi
  done
  echo "$out"
}

gone() { [ -z "$(alive "$@")" ]; }
# started_or_ended TOOL: the solver has written its pids, or the tool
# has ended without it.
started_or_ended() { [ -s "$PIDS" ] || ! running "$1"; }

# run_case NAME SIGNAL|deadline: starts a solve, ends it once its solver
# has started (by the signal, or by --time-limit), checks.
run_case() {
  local name=$1 how=$2 pids left tmp=$T/tmp-$1 status
  mkdir -p "$tmp"
  export PIDS=$T/pids-$name
  local extra=()
  # The limit counts the solver's start too: 2 s lets it start on a
  # loaded machine.  Should the limit still pass first, the tool is right
  # to answer unknown without a solver, and that is what is checked then.
  [ "$how" = deadline ] && extra=(--time-limit 2)
  TMPDIR=$tmp "$S" solve -q --backend external --solver "$T/solver.sh" \
    "${extra[@]}" p.txt >out-$name.txt 2>err-$name.txt &
  local tool=$!
  wait_until "$DEADLINE" started_or_ended $tool
  if [ ! -s "$PIDS" ] && [ "$how" = deadline ] && ! running $tool; then
    wait $tool
    status=$?
    echo "note $name: the time limit passed before the solver started" >&2
    if [ $status = 0 ] && [ "$(cat out-$name.txt)" = unknown ] && [ -z "$(ls -A "$tmp")" ]; then
      pass
    else
      fail "$name" "status $status, answer '$(cat out-$name.txt)', $(ls "$tmp"): expected 0, unknown and no temporary"
    fi
    return
  fi
  if [ ! -s "$PIDS" ]; then
    fail "$name" "the solver did not start in ${DEADLINE}s: $(cat err-$name.txt)"
    kill -9 $tool 2>/dev/null
    return
  fi
  pids=$(cat "$PIDS")
  [ "$how" != deadline ] && kill -s "$how" $tool
  wait $tool
  status=$?
  # (the tool kills the group before it ends; the kernel may take a
  # moment to finish them on a loaded machine)
  wait_until "$DEADLINE" gone $pids
  left=$(alive $pids)
  if [ -n "$left" ]; then
    fail "$name" "still running ${DEADLINE}s after the tool ended:$left"
    kill -9 $left 2>/dev/null
  elif [ -n "$(ls -A "$tmp")" ]; then
    fail "$name" "temporary files left: $(ls "$tmp")"
  elif [ "$how" = deadline ] && { [ $status != 0 ] || [ "$(cat out-$name.txt)" != unknown ]; }; then
    fail "$name" "status $status, answer '$(cat out-$name.txt)', expected 0 and unknown"
  elif [ "$how" != deadline ] && [ $status -le 128 ]; then
    fail "$name" "status $status: the signal should end the tool"
  else
    pass
  fi
}

run_case sigint INT
run_case sigterm TERM
run_case sighup HUP
run_case deadline deadline
set +m

# --solver as the shell reads it: quotes around the program, VAR=value
# before it; a program that is not there is refused before any puzzle.
ANSWER=162857493534129678789643521475312986913586742628794135356478219241935867897261354
check solver-quoted 10 "$ANSWER" "$S" solve --backend external \
  --solver '"cadical" -q' p.txt
check solver-assignment 10 "$ANSWER" "$S" solve --backend external \
  --solver 'FOO=1 cadical -q' p.txt
check solver-missing 2 '' "$S" solve --backend external \
  --solver "'no such solver' -q" p.txt
check_file solver-missing-says grep -qF "external solver 'no such solver' not found in PATH" err.txt
# A solver that crashes: unknown, and the message names file and line.
printf '#!/bin/sh\nkill -SEGV $$\n' >crash.sh
chmod +x crash.sh
check solver-crash 0 unknown "$S" solve --backend external \
  --solver "$T/crash.sh" p.txt
check_file solver-crash-names-file grep -qF 'sudokusat: p.txt:1: the solver was killed by signal 11' err.txt
# A time limit that passes while the puzzle is lowered, before its first
# clause (an empty 4x4, a microsecond): unknown, and no solver run; the
# empty CNF is not taken for a solved puzzle (it was: an empty model,
# "invalid", on a loaded machine under run-signals.sh).
echo '................' >empty4.txt
check deadline-before-clauses 0 unknown "$S" solve --backend external \
  --solver "$T/crash.sh" --time-limit 0.000001 empty4.txt
# A CNF whose variables a backend cannot hold in the memory there is
# refused with the figures (bad input, 3), not a crash inside a solver;
# ulimit -v makes "the memory there" 2 GB on any machine.
printf 'p cnf 500000000 1\n500000000 0\n' >huge.cnf
# (AddressSanitizer reserves terabytes of address space: not under it.)
if nm "$S" 2>/dev/null | grep -q __asan_init; then
  skip huge-cnf "the tool is built with AddressSanitizer"
else for b in picosat cadical auto; do
  check "huge-cnf-$b" 3 '' bash -c "ulimit -v 2097152; exec \"\$0\" solve --backend $b huge.cnf" "$S"
  check_file "huge-cnf-$b-says" grep -q "huge.cnf: 500000000 variables need about [0-9.]* GB in the $b backend, more than the 2.1 GB of memory here" err.txt
done; fi
summary
