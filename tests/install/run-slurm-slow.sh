#!/usr/bin/env bash
# The Slurm recipe of docs/scale-out.md on a real Slurm: munged, slurmctld
# and slurmd started on this host from deploy/slurm/slurm.conf.in (the node's
# CPUs from `slurmd -C`), the array job and its join submitted with
# deploy/slurm/submit (sbatch), and checked:
#   - the joined answers equal one `sudokusat solve -q` of the whole file,
#     byte for byte, and so do the messages (positions of the whole input,
#     not of the part) and the status (3: the file holds a bad puzzle);
#   - a task that is killed fails the join cleanly: no output, the part
#     named, status 8, and no job left in the queue;
#   - the CPUs a task asks for never exceed the node's (a task asking for
#     more would pend for ever).
# Every daemon is stopped by its PID at the end.  Needs root (the daemons)
# and Debian's slurm-wlm and munge; without them it says SKIPPED and passes.
#   usage: bash run-slurm-slow.sh TOOL SOURCE_DIR   (.ci/run runs it)
set -uo pipefail
TOOL=$(realpath "$1")
SRC=$(realpath "$2")
skip() {
  echo "=================================================================="
  echo "SKIPPED: the Slurm recipe was NOT tested: $*"
  echo "=================================================================="
  echo "0 passed, 0 failed, 1 skipped"
  exit 0
}
[ "$(id -u)" -eq 0 ] || skip "starting munged, slurmctld and slurmd needs root"
for c in munged slurmctld slurmd sbatch squeue sinfo python3; do
  command -v "$c" >/dev/null || skip "$c is not installed (apt-get install slurm-wlm munge)"
done

passed=0 failed=0
pass() { passed=$((passed + 1)); echo "ok   $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1: $2"; }

# wait_until SECONDS COMMAND...: COMMAND every 0.1 s until it succeeds
# (0) or SECONDS have passed on the clock (1).  Every wait here is on its
# event (a daemon gone, the node idle, the queue empty) with a deadline in
# seconds, never a fixed time.
wait_until() {
  local end=$((${EPOCHREALTIME//[!0-9]/} + $1 * 1000000))
  shift
  until "$@"; do
    [ "${EPOCHREALTIME//[!0-9]/}" -lt "$end" ] || return 1
    sleep 0.1
  done
}
W=$(mktemp -d /tmp/sudokusat-slurm.XXXXXX)
chmod 755 "$W"
stop() {
  # Each daemon by the PID it wrote, then wait until it is gone.
  for d in slurmd slurmctld munged; do
    [ -s "$W/$d.pid" ] || continue
    pid=$(cat "$W/$d.pid")
    kill "$pid" 2>/dev/null || continue
    wait_until 30 eval '! kill -0 "$pid" 2>/dev/null'
    kill -9 "$pid" 2>/dev/null || true
  done
  [ -n "${KEEP:-}" ] || rm -rf "$W"
}
trap stop EXIT
now() { python3 -c "import time; print(f'{time.time()-$1:.1f}')"; }
started=$(date +%s.%N)

# munge with a key of its own, on a socket of its own.
head -c 1024 /dev/urandom >"$W/munge.key"
chmod 400 "$W/munge.key"
munged --force --key-file="$W/munge.key" --socket="$W/munge.socket" \
  --pid-file="$W/munged.pid" --log-file="$W/munged.log" \
  --seed-file="$W/munged.seed" || skip "munged did not start: $(tail -2 "$W/munged.log")"

# Two free ports, the node line from slurmd -C, the configuration.
read -r ctld_port d_port < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*(x.getsockname()[1] for x in s))')
node=$(slurmd -C | grep '^NodeName=')
node_cpus=$(sed -n 's/.* CPUs=\([0-9]*\).*/\1/p' <<<"$node")
mkdir -p "$W/state" "$W/spool"
sed -e "s|@HOST@|$(hostname -s)|g" -e "s|@NODE@|$node|" -e "s|@DIR@|$W|g" \
  -e "s|@CTLD_PORT@|$ctld_port|" -e "s|@D_PORT@|$d_port|" \
  -e "s|@MUNGE_SOCKET@|$W/munge.socket|" -e "s|@USER@|$(id -un)|" \
  "$SRC/deploy/slurm/slurm.conf.in" >"$W/slurm.conf"
export SLURM_CONF=$W/slurm.conf
slurmctld -c || skip "slurmctld did not start: $(tail -3 "$W/slurmctld.log")"
slurmd || skip "slurmd did not start: $(tail -3 "$W/slurmd.log")"
node_idle() { state=$(sinfo -h -o %T 2>/dev/null); [ "$state" = idle ]; }
wait_until 60 node_idle || skip "the node did not come up (state '$state'): $(tail -3 "$W/slurmd.log")"
echo "slurm up in $(now "$started") s (node: $node)"

# Waits until the queue is empty (at most 300 s); says so when it is not.
queue_empty() { [ -z "$(squeue -h -o %i)" ]; }
drain() {
  wait_until 300 queue_empty && return 0
  squeue
  return 1
}

cd "$W"
mkdir bin && ln -s "$TOOL" bin/sudokusat
export PATH=$W/bin:$PATH

# A file of one puzzle a line: the corpus five times, with a bad puzzle
# in the third of four parts (its line and column must come out as the
# whole file's).
grep -v '^#' "$SRC/tests/puzzles/corpus.txt" | cut -d: -f1 >corpus.txt
{ for _ in 1 2 3; do cat corpus.txt; done
  echo '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.x'
  for _ in 1 2; do cat corpus.txt; done; } >many.txt
sudokusat solve -j 1 -q many.txt >one.txt 2>one.err
echo $? >one.status

t0=$(date +%s.%N)
join=$("$SRC/deploy/slurm/submit" --parts 4 many.txt answers.txt 2>submit.err)
if [ -n "$join" ] && drain; then
  echo "array and join: $(now "$t0") s"
  if cmp -s one.txt answers.txt; then pass join-answers
  else fail join-answers "$(cmp one.txt answers.txt 2>&1 | head -3)"; fi
  if cmp -s one.err answers.txt.parts/messages; then pass join-messages
  else fail join-messages "$(diff one.err answers.txt.parts/messages | head -5)"; fi
  if [ "$(cat one.status)" = 3 ] && [ "$(cat answers.txt.parts/join.status 2>/dev/null)" = 3 ]
  then pass join-status
  else fail join-status "one solve $(cat one.status), join $(cat answers.txt.parts/join.status 2>/dev/null)"; fi
else
  fail submit "$(cat submit.err) $(tail -3 "$W/slurmctld.log")"
fi
want="of $((node_cpus < 4 ? node_cpus : 4)) CPUs"
if grep -q "$want" submit.err; then pass cpus-per-task
else fail cpus-per-task "expected '$want': $(cat submit.err)"; fi

# A task that is killed (as Slurm kills one at its time limit): the join
# still runs, writes no answers, names the part and says 8; nothing pends.
cat >bin/killed-part <<EOS
#!/bin/bash
case "\${!#}" in *part-001) kill -9 \$PPID; exit 137 ;; esac
exec "$TOOL" "\$@"
EOS
chmod +x bin/killed-part
join=$(SUDOKUSAT=killed-part "$SRC/deploy/slurm/submit" --parts 3 many.txt failed.txt 2>submit.err)
if [ -n "$join" ] && drain; then
  if [ ! -e failed.txt ] && [ "$(cat failed.txt.parts/join.status 2>/dev/null)" = 8 ] &&
    grep -q 'did not finish: part-001 ' failed.txt.parts/messages; then
    pass failed-part
  else
    fail failed-part "output $(ls failed.txt 2>&1), status $(cat failed.txt.parts/join.status 2>&1), $(cat failed.txt.parts/messages 2>&1)"
  fi
else
  fail failed-part-pending "a job stayed in the queue or was not submitted: $(cat submit.err)"
fi
# The recipe refuses to overwrite answers.
if "$SRC/deploy/slurm/submit" many.txt answers.txt 2>submit.err; then
  fail no-overwrite "submitted over answers.txt"
elif grep -q 'answers.txt exists' submit.err; then pass no-overwrite
else fail no-overwrite "$(cat submit.err)"; fi

echo "in all: $(now "$started") s"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
