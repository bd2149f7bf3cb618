#!/usr/bin/env bash
# bench/rate-agreement, the calibrated test of two analog ratings, in
# seconds: its statistics on synthetic data (an unchanged estimator
# passes about 95% of the time, a biased one or one that loses the order
# fails), then end to end on two puzzles with few short runs: the tool
# against itself with other seeds, and against itself with its etas
# scaled by 1.5, which must fail.  (The real test, 107 puzzles and 8
# seeds a side, is a long run: docs/analog.md.)
# usage: run-agreement.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-agreement.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-agree.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"
RA=$SRC/bench/rate-agreement
if "$RA" --self-test >self.txt 2>&1; then pass; else
  fail self-test "$(cat self.txt)"
fi
sed -n 6,7p "$SRC/docs/examples/famous.txt" >two.txt
args="-j 1 --runs 4 --rate-time 100"
"$RA" --sets famous=two.txt --old-seeds 1-3 --new-seeds 4-6 \
  --old-args "$args" --new-args "$args" --save same "$S" "$S" >same.txt 2>same.err
st=$?
# two puzzles: the verdict may go either way, but the report is whole
if [ $st -le 1 ] && grep -q '^3. order' same.txt && [ "$(grep -c '^famous' same.txt)" = 2 ]; then
  pass
else
  fail same-seeds "status $st: $(cat same.txt same.err)"
fi
# a line on stderr for each rating made
if [ "$(grep -c '^rate-agreement: same/[a-z]*: famous seed [1-6] rated in' same.err)" = 6 ]; then
  pass
else
  fail progress "$(cat same.err)"
fi
# --resume: every rating already saved, nothing is rated again (a binary
# that does not exist is never called) and the report is the same; one
# file taken away, only it is rated again
"$RA" --sets famous=two.txt --old-seeds 1-3 --new-seeds 4-6 --resume \
  --save same ./no-such-binary ./no-such-binary >resumed.txt 2>resumed.err
st=$?
if [ $st -le 1 ] && cmp -s same.txt resumed.txt && [ ! -s resumed.err ]; then pass; else
  fail resume "status $st: $(diff same.txt resumed.txt | head -20)"
fi
cp same/old/famous.seed1.csv kept.csv
rm same/new/famous.seed6.csv
"$RA" --sets famous=two.txt --old-seeds 1-3 --new-seeds 4-6 \
  --old-args "$args" --new-args "$args" --resume --save same \
  ./no-such-binary "$S" >resumed.txt 2>resumed.err
st=$?
if [ $st -le 1 ] && cmp -s same.txt resumed.txt && [ -s same/new/famous.seed6.csv ] &&
  grep -q '^rate-agreement: same/new: famous seed 6 rated in .* (3 of 3)$' resumed.err &&
  cmp -s kept.csv same/old/famous.seed1.csv && ! ls same/new/*.part >/dev/null 2>&1; then
  pass
else
  fail resume-one "status $st: $(diff same.txt resumed.txt | head -20; cat resumed.err)"
fi
# the saved ratings, read back with a bias: fails on criterion 2
"$RA" --sets famous=two.txt --old-seeds 1-3 --new-seeds 4-6 --scale-new 1.5 \
  same/old same/new >biased.txt 2>&1
st=$?
if [ $st = 1 ] && grep -q '^2. no bias.*FAIL' biased.txt; then pass; else
  fail biased "status $st: $(cat biased.txt)"
fi
summary
