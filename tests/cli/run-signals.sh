#!/usr/bin/env bash
# Signals under -j: SIGINT, SIGTERM, SIGHUP, SIGPIPE to a `solve -j N
# --backend external` run that keeps starting solvers (each one timed out
# after a few milliseconds) leave no solver process and no temporary file,
# whatever moment the signal comes; repeated to catch the race between a
# signal and a solver being started.  SIGNALS_TRIALS sets the repetitions
# (default: a few, for the quick suite; the measurement runs 20 and 5).
# usage: run-signals.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-signals.sh SUDOKUSAT [SOURCE_DIR]}
SRC=$(cd "${2:-$(dirname "$0")/../..}" && pwd)
case $S in /*) ;; *) S=$PWD/$S ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-sig.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"
set -m # a background job otherwise starts with SIGINT ignored

# The solver never answers; its argument is unique to this run, so its
# processes are found (and counted) by it alone.
tag="1007.$$$RANDOM"
printf '#!/bin/sh\nexec sleep %s\n' "$tag" >spin
chmod +x spin
grep -v '^#' "$SRC/tests/puzzles/corpus.txt" | cut -d: -f1 >one.txt
for _ in $(seq 40); do cat one.txt; done >many.txt

solvers() { ps -eo args= | grep -c "^sleep $tag\$"; }
# The solvers still running once they have had up to 5 s to go: SIGKILL is
# sent before the tool ends, and the kernel takes a moment (longer on a
# loaded machine).
solvers_left() {
  local left
  for _ in $(seq 250); do
    left=$(solvers)
    [ "$left" -eq 0 ] && break
    sleep 0.02
  done
  echo "$left"
}

# trial NAME JOBS SIGNAL DELAY [pipe]: one run, ended by SIGNAL after DELAY
# seconds (pipe: the output goes to `head -1`, which ends it by SIGPIPE).
trial() {
  local name=$1 jobs=$2 sig=$3 delay=$4 mode=${5:-} tmp=$T/tmp-$1 pid
  mkdir -p "$tmp"
  if [ "$mode" = pipe ]; then
    (TMPDIR=$tmp "$S" solve -q -j "$jobs" --backend external --solver ./spin \
      --time-limit 0.02 many.txt | head -c 1 >/dev/null) 2>/dev/null &
    pid=$!
    wait $pid 2>/dev/null
  else
    TMPDIR=$tmp "$S" solve -q -j "$jobs" --backend external --solver ./spin \
      --time-limit 0.03 many.txt >/dev/null 2>&1 &
    pid=$!
    sleep "$delay"
    # (solvers come and go every few milliseconds: look a few times, for
    # up to 3 s on a loaded machine)
    local seen=0
    for _ in $(seq 300); do
      seen=$(solvers)
      [ "$seen" -gt 0 ] && break
      sleep 0.01
    done
    [ "$seen" -gt 0 ] || fail "$name" "no solver was running after ${delay}s"
    kill -"$sig" $pid 2>/dev/null
    wait $pid 2>/dev/null
  fi
  local left files
  left=$(solvers_left)
  files=$(find "$tmp" -type f | wc -l)
  LEFT=$((LEFT + left)) FILES=$((FILES + files))
  if [ "$left" -ne 0 ] || [ "$files" -ne 0 ]; then
    fail "$name" "$left solvers and $files temporaries left: $(ls "$tmp")"
    ps -eo pid=,args= | awk -v t="$tag" '$2 == "sleep" && $3 == t { print $1 }' |
      xargs -r kill -KILL 2>/dev/null
  else
    pass
  fi
}

n=${SIGNALS_TRIALS:-3}
LEFT=0 FILES=0
delays=(0.3 0.45 0.6 0.8 1.0)
for i in $(seq "$n"); do
  trial "int-j2-$i" 2 INT "${delays[i % 5]}"
done
echo "-j 2 SIGINT x$n: $LEFT solvers, $FILES temporaries left" >&2
LEFT=0 FILES=0
for i in $(seq "$(((n + 3) / 4))"); do
  trial "int-j16-$i" 16 INT "${delays[i % 5]}"
done
echo "-j 16 SIGINT x$(((n + 3) / 4)): $LEFT solvers, $FILES temporaries left" >&2
LEFT=0 FILES=0
trial "int-j8" 8 INT 0.5
trial "term-j8" 8 TERM 0.5
trial "hup-j8" 8 HUP 0.5
trial "usr1-j2" 2 USR1 0.5
trial "alrm-j2" 2 ALRM 0.5
trial "pipe-j1" 1 - 0 pipe
trial "pipe-j8" 8 - 0 pipe
echo "-j 8 TERM, HUP, USR1, ALRM, SIGPIPE: $LEFT solvers, $FILES temporaries left" >&2

# Out of memory (status 6) in one thread while another's solver runs: the
# same cleanup.  (A sanitizer build cannot start under ulimit -v: skipped.)
if (ulimit -v 400000 && "$S" --version) >/dev/null 2>&1; then
  mkdir -p "$T/tmp-oom"
  python3 -c 'print(" ".join(["0"] * 4096))' >blank64.txt
  # (a pipe on standard output: one puzzle a chunk, one a thread; and a
  # time cap, since a tool that waited for the spinning solver would hang)
  { head -1 one.txt; sleep 0.5; cat blank64.txt; } |
    (ulimit -v 400000 && TMPDIR=$T/tmp-oom timeout -s KILL 60 "$S" solve -q -j 2 \
      --backend external --solver ./spin - 2>err.txt | cat >/dev/null
    exit "${PIPESTATUS[0]}")
  st=$?
  left=$(solvers_left)
  files=$(find "$T/tmp-oom" -type f | wc -l)
  if [ $st -eq 6 ] && [ "$left" -eq 0 ] && [ "$files" -eq 0 ]; then
    pass
  else
    fail oom "status $st, $left solvers and $files temporaries left: $(cat err.txt)"
    ps -eo pid=,args= | awk -v t="$tag" '$2 == "sleep" && $3 == t { print $1 }' |
      xargs -r kill -KILL 2>/dev/null
  fi
else
  skip oom "ulimit -v stops this build"
fi
summary
