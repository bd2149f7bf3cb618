#!/usr/bin/env bash
# sudokusat as a filter in a pipeline and under GNU parallel: standard
# input to standard output in input order; answers reach a pipe as they
# are found (a slow puzzle's answer before the next is solved); a closed
# pipe ends it quietly by SIGPIPE (status 141), also when the parent
# ignores SIGPIPE; the GNU parallel recipe of docs/scale-out.md (--pipepart
# --keep-order) gives output byte-identical to one process's.
# usage: run-filter.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-filter.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-filter.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"

ESCARGOT='1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..'

# The corpus's unique puzzles (one answer each, whatever the batch) up to
# 16x16, twenty times over: a file of one puzzle a line.
grep -v '^#' "$SRC/tests/puzzles/corpus.txt" |
  awk -F: '$2 == 1 && length($1) <= 256 { print $1 }' >unique.txt
for _ in $(seq 20); do cat unique.txt; done >puzzles.txt
"$S" solve -j 1 -q puzzles.txt >one.txt
input_file puzzles.txt
check_file one-valid valid_batch puzzles.txt one.txt

# Standard input to standard output, order kept, with threads too.
check stdin-j1 0 "$(cat one.txt)" "$S" solve -j 1 -q
check stdin-j2 0 "$(cat one.txt)" "$S" solve -j 2 -q
check stdin-pipe 0 "$(cat one.txt)" bash -c "cat puzzles.txt | '$S' solve -j 2 -q | cat"

# A closed pipe: killed quietly by SIGPIPE, whether the parent left SIGPIPE
# alone or ignored it (then the tool must not solve on into the pipe).
yes "$ESCARGOT" | head -n 20000 >big.txt
for how in default ignored; do
  trap_cmd=""
  [ $how = ignored ] && trap_cmd="trap '' PIPE;"
  out=$(bash -c "$trap_cmd"' "$0" solve -j 1 big.txt 2>err.txt | head -n 1; echo "${PIPESTATUS[0]}"' "$S")
  first=$(head -n 1 <<<"$out")
  st=$(tail -n 1 <<<"$out")
  if [ "$st" = 141 ] && [ ! -s err.txt ] &&
    [ "$(valid_batch <(echo "$ESCARGOT") <(echo "$first"))" = "" ]; then
    pass
  else
    fail "sigpipe-$how" "status $st, stderr '$(head -c 200 err.txt)', first '$first'"
  fi
done

# Answers that cannot be written are not a success.
if [ -w /dev/full ]; then
  "$S" solve -j 1 -q puzzles.txt >/dev/full 2>err.txt
  st=$?
  if [ $st = 3 ] && grep -q "standard output: write error" err.txt; then pass
  else fail write-error "status $st, stderr '$(head -c 200 err.txt)'"; fi
else
  skip write-error "no /dev/full"
fi

# A slow puzzle's answer reaches the pipe when it is found: four puzzles
# of 0.5 s each (the analog solver cannot prove that this one has no
# solution, so each runs to its time limit); the first answer must arrive
# well before the last.
NONE="11${ESCARGOT:2}"
printf '%s\n' "$NONE" "$NONE" "$NONE" "$NONE" >slow.txt
"$S" solve --backend analog -j 1 -q --time-limit 0.5 slow.txt 2>/dev/null |
  while read -r line; do echo "$(date +%s.%N) $line"; done >stamps.txt
start_end=$(awk 'NR == 1 { a = $1 } { b = $1; n++; if ($2 != "unknown") bad++ }
  END { printf "%d %d %.2f\n", n, bad, (b - a) }' stamps.txt)
read -r n bad spread <<<"$start_end"
# The four answers come ~0.5 s apart: first to last ~1.5 s.  Printed all
# at the end, they would come within a few ms.
if [ "$n" = 4 ] && [ "$bad" = 0 ] && awk -v s="$spread" 'BEGIN { exit !(s > 0.75) }'; then
  pass
else
  fail flush-per-puzzle "answers $n (not unknown: $bad), first to last ${spread}s"
fi

# The GNU parallel recipe of docs/scale-out.md on one machine: byte-identical output.
if command -v parallel >/dev/null; then
  check parallel-pipepart 0 "$(cat one.txt)" parallel --pipepart -a puzzles.txt \
    --block 8k --keep-order "$S" solve -j 1 -q
  check parallel-pipe 0 "$(cat one.txt)" parallel --pipe --block 8k \
    --keep-order "$S" solve -j 1 -q
  # Across machines (-S): the jobs go through ssh; a stand-in for ssh
  # that runs the command here checks the recipe without a network.
  cat >fakessh <<'SSH'
#!/usr/bin/env bash
# ssh HOST -- COMMAND, run here (options before HOST skipped).
while [ $# -gt 0 ]; do
  case $1 in
    -[oplFiJ]) shift 2 ;;
    -*) shift ;;
    *) shift; break ;;
  esac
done
[ "${1:-}" = -- ] && shift
# ssh gives the command a login environment: HOME and SHELL from the
# account (GNU parallel's remote worker runs the job with $SHELL; under
# an environment without SHELL, as CI's, it would run nothing).
account=$(getent passwd "$(id -u)")
export HOME=${HOME:-$(echo "$account" | cut -d: -f6)}
export SHELL=${SHELL:-$(echo "$account" | cut -d: -f7)}
export SHELL=${SHELL:-/bin/sh}
exec bash -c "$*"
SSH
  chmod +x fakessh
  check parallel-hosts 0 "$(cat one.txt)" parallel --ssh "$PWD/fakessh" \
    --pipepart -a puzzles.txt --block 8k --keep-order -S 1/host1,1/host2 \
    "$S" solve -j 1 -q
else
  skip parallel "GNU parallel is not installed (Debian package parallel)"
fi
# The Slurm array job of docs/scale-out.md, its tasks run here one after another: the
# file split at line ends, each part solved alone, the parts joined.
mkdir -p bin parts
ln -sf "$S" bin/sudokusat
cat >solve.sbatch <<'JOB'
#!/bin/bash
#SBATCH --job-name=sudokusat
#SBATCH --array=0-3
#SBATCH --cpus-per-task=2
part=$(printf 'parts/part-%03d' "$SLURM_ARRAY_TASK_ID")
sudokusat solve -j "$SLURM_CPUS_PER_TASK" -q "$part" >"$part.out"
JOB
split -n l/4 -d -a 3 puzzles.txt parts/part-
for id in 0 1 2 3; do
  PATH=$PWD/bin:$PATH SLURM_ARRAY_TASK_ID=$id SLURM_CPUS_PER_TASK=2 \
    bash solve.sbatch
done
check slurm-array 0 "$(cat one.txt)" bash -c 'cat parts/part-???.out'
summary
