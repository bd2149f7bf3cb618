#!/usr/bin/env bash
# --time-limit while input is read: a CNF in the layout encode writes
# ("... 0" a line) is cut at the limit (its last clause, the empty one,
# never read: unknown, not UNSAT), so is a comment line that never ends;
# a clause that never ends is refused at a bounded size; endless puzzle
# input (/dev/zero, blank lines) ends at the limit with a message.  The
# inputs are made here; READ_LIMITS_MB sizes the CNF (default 60).  The
# limits are a microsecond, past at the reader's first look at the clock
# (once a mebibyte): no machine is fast enough to read past them, where
# 0.01 s let a fast one read a third of the CNF.
# usage: run-read-limits.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-read-limits.sh SUDOKUSAT [SOURCE_DIR]}
SRC=$(cd "${2:-$(dirname "$0")/../..}" && pwd)
case $S in /*) ;; *) S=$PWD/$S ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-readlim.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"

mb=${READ_LIMITS_MB:-60}
# ~mb MB of 3-literal clauses "a -b c 0", then the empty clause.
lines=$((mb * 1000000 / 20))
{
  echo "p cnf 100000 $((lines + 1))"
  awk -v n="$lines" 'BEGIN { for (i = 0; i < n; i++) printf "%d -%d %d 0\n", 10001 + i % 89999, 10002 + i % 89998, 10003 + i % 89997 }'
  echo 0
} >big.cnf
# Without a limit the empty clause is read: UNSAT.
check cnf-whole 20 "s UNSATISFIABLE" first_line "$S" solve big.cnf
# With one it is not reached: unknown.
check cnf-limit 0 "s UNKNOWN" first_line "$S" solve --time-limit 0.000001 big.cnf
# ... and the reading stopped there: a small part of the file held.  The
# deadline is looked at once a mebibyte; one already past at the first
# look (a microsecond) makes the figure the same on any machine, where
# 0.01 s let a fast one read and hold a third of the file.  What the
# process holds before any input (a sanitizer's shadow memory is tens of
# megabytes) is measured on a CNF of one clause and taken off; the rest
# must be under a tenth of the file.  The whole file, read to its end,
# holds more than its size.
printf 'p cnf 1 1\n1 0\n' >tiny.cnf
/usr/bin/time -q -f %M -o rss-base.txt "$S" solve tiny.cnf >/dev/null 2>&1
/usr/bin/time -q -f %M -o rss-whole.txt "$S" solve big.cnf >/dev/null 2>&1
/usr/bin/time -q -f %M -o rss.txt "$S" solve --time-limit 0.000001 big.cnf >/dev/null 2>&1
kb=$(($(stat -c %s big.cnf) / 1024))
base=$(tail -1 rss-base.txt) whole=$(tail -1 rss-whole.txt) held=$(tail -1 rss.txt)
if [ "$whole" -gt "$kb" ] && [ $((held - base)) -lt $((kb / 10)) ]; then pass; else
  fail cnf-limit-memory "$held KB held at the limit ($base KB before any input), $whole KB read whole, file $kb KB"
fi
# A comment line that never ends (as far as the limit goes), then an
# empty clause.
{
  echo "p cnf 2 2"
  echo "1 2 0"
  printf 'c '
  head -c $((mb * 1000000)) /dev/zero | tr '\0' x
  printf '\n0\n'
} >comment.cnf
check comment-whole 20 "s UNSATISFIABLE" first_line "$S" solve comment.cnf
check comment-limit 0 "s UNKNOWN" first_line "$S" solve --time-limit 0.000001 comment.cnf
# A clause without its final 0 that goes on and on: refused at once.
{
  echo "p cnf 10 1"
  yes '1 -2 ' | head -n 200000 | tr -d '\n'
} >endless.cnf
check clause-endless 3 "" "$S" solve endless.cnf
expect_stderr_has "a clause of more than"
# Endless puzzle input ends at the limit, with a message.
if [ -r /dev/zero ]; then
  check zero-limit 3 "error" timeout "$DEADLINE" "$S" solve --time-limit 0.5 /dev/zero
  expect_stderr_has "reached while reading"
fi
# ... and without a limit the bad line is reported at once, before the
# rest of the endless line is read (the run is then ended here, once the
# report is out: it never ends by itself).
reported() { grep -q 'line longer than' err.txt && [ "$(cat out.txt)" = error ]; }
if [ -r /dev/zero ]; then
  "$S" solve /dev/zero >out.txt 2>err.txt &
  pid=$!
  wait_until "$DEADLINE" reported
  kill $pid 2>/dev/null
  wait $pid 2>/dev/null
  if reported; then pass; else
    fail zero-report "not reported in ${DEADLINE}s: $(cat out.txt err.txt)"
  fi
fi
# A pipe that sends nothing: given up at the limit.  (The pipe is a FIFO
# held open here, with nothing written, until the tool has ended: it is
# stalled however long the tool takes to come to its limit.)
mkfifo stall
exec 4<>stall
timeout "$DEADLINE" "$S" solve --time-limit 0.5 - <stall >/dev/null 2>err.txt 4>&-
st=$?
exec 4>&-
if [ $st = 3 ] && grep -q 'reached while reading' err.txt && ! grep -q 'no puzzle' err.txt; then
  pass
else
  fail stalled-pipe "status $st: $(cat err.txt)"
fi
yes '' | head -n 20000000 >blank.txt
check blank-limit 3 "" "$S" solve --time-limit 0.000001 blank.txt
expect_stderr_has "reached while reading"
# exact-cover: an endless line is refused at a bounded size, a flood of
# blank lines ends at the limit.
if [ -r /dev/zero ]; then
  /usr/bin/time -q -f %M -o rss.txt timeout "$DEADLINE" "$S" exact-cover /dev/zero >/dev/null 2>err.txt
  st=$?
  if [ $st = 3 ] && grep -q 'line longer than' err.txt && [ "$(tail -1 rss.txt)" -lt 300000 ]; then
    pass
  else
    fail xc-zero "status $st, $(tail -1 rss.txt) KB: $(cat err.txt)"
  fi
fi
yes '' | timeout "$DEADLINE" "$S" exact-cover --time-limit 0.01 >/dev/null 2>err.txt
st=$?
if [ $st = 3 ] && grep -q 'reached while reading' err.txt; then pass; else
  fail xc-blank-limit "status $st: $(cat err.txt)"
fi
summary
