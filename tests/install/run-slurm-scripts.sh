#!/usr/bin/env bash
# The Slurm recipe's task and join scripts (deploy/slurm/) without Slurm:
# the tasks run here one after another with the variables Slurm sets, then
# the join.  The joined answers, messages (positions of the whole input)
# and status must equal one `sudokusat solve -q` of the whole file; a task
# that left no status fails the join (status 8, no output, the part named).
# run-slurm-slow.sh runs the same recipe on a real Slurm (as root, in CI).
#   usage: bash run-slurm-scripts.sh TOOL SOURCE_DIR
set -u
S=${1:?usage: run-slurm-scripts.sh SUDOKUSAT SOURCE_DIR}
SRC=${2:?usage: run-slurm-scripts.sh SUDOKUSAT SOURCE_DIR}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-slurm-scripts.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"
mkdir bin && ln -s "$S" bin/sudokusat
export PATH=$T/bin:$PATH
A=$SRC/deploy/slurm/sudokusat-array.sh
J=$SRC/deploy/slurm/sudokusat-join.sh

# The corpus three times, a bad puzzle in the third of four parts, and a
# last line without its line end.
grep -v '^#' "$SRC/tests/puzzles/corpus.txt" | cut -d: -f1 >corpus.txt
{ cat corpus.txt corpus.txt
  echo '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.x'
  cat corpus.txt
  printf '%s' '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..'
} >many.txt
sudokusat solve -j 1 -q many.txt >one.txt 2>one.err
echo $? >one.status

# Runs the recipe by hand: split as deploy/slurm/submit does, the tasks, the join.
recipe() { # OUTPUT PARTS [TASKS TO RUN]
  local out=$1 parts=$2 dir=$1.parts
  mkdir -p "$dir"
  split -n "l/$parts" -d -a 3 many.txt "$dir/part-"
  echo "$parts" >"$dir/parts"
  for ((i = 0; i < parts; i++)); do
    case " ${3:-all} " in " all " | *" $i "*)
      SLURM_ARRAY_TASK_ID=$i SLURM_CPUS_PER_TASK=2 bash "$A" "$dir" ;; esac
  done >/dev/null 2>&1
  bash "$J" "$dir" many.txt "$out" 2>join.err
}

recipe answers.txt 4
echo $? >join.status
if cmp -s one.txt answers.txt; then pass; else
  fail answers "$(cmp one.txt answers.txt 2>&1)"; fi
if cmp -s one.err answers.txt.parts/messages; then pass; else
  fail messages "$(diff one.err answers.txt.parts/messages | head -5)"; fi
if grep -q 'many.txt:[0-9]*:81: unexpected' answers.txt.parts/messages &&
  [ "$(cat one.status)" = 3 ] && [ "$(cat join.status)" = 3 ] &&
  [ "$(cat answers.txt.parts/join.status)" = 3 ]; then pass; else
  fail status "one solve $(cat one.status), join $(cat join.status): $(cat answers.txt.parts/messages)"
fi

# More parts than the tasks that ran: parts 1 and 3 never finished.
recipe failed.txt 5 "0 2 4"
status=$?
if [ "$status" = 8 ] && [ ! -e failed.txt ] && ! ls failed.txt.join-* >/dev/null 2>&1 &&
  grep -q 'did not finish: part-001 part-003 ' failed.txt.parts/messages &&
  grep -q 'did not finish' join.err; then pass; else
  fail failed-part "status $status, $(ls failed.txt* 2>&1), $(cat failed.txt.parts/messages)"
fi

# A task killed as Slurm kills one leaves no status file, not a wrong one.
mkdir k && split -n l/2 -d -a 3 many.txt k/part- && echo 2 >k/parts
cat >bin/slow <<EOS
#!/bin/bash
echo \$\$ >$T/slow.pid
exec sleep 30
EOS
chmod +x bin/slow
SUDOKUSAT=slow SLURM_ARRAY_TASK_ID=0 bash "$A" k &
task=$!
# Killed once its solve has started (not after a fixed time, which a
# loaded machine may not have started it by).
if wait_until "$DEADLINE" test -s slow.pid; then
  { kill -9 "$task" && wait "$task"; } 2>/dev/null
  kill "$(cat slow.pid)" 2>/dev/null
  if [ ! -e k/part-000.status ]; then pass; else fail killed-task "left $(cat k/part-000.status)"; fi
else
  { kill -9 "$task" && wait "$task"; } 2>/dev/null
  fail killed-task "the task did not start its solve in ${DEADLINE}s"
fi
summary
