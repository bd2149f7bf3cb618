#!/usr/bin/env bash
# The third hardening pass's reproductions (an outside audit): a bad line
# before encode's puzzle, several puzzles on one line under --certificate,
# signals while certificates are written, explain/minimize/generate/canon
# held to --time-limit, bytes that are not UTF-8 in JSON and SVG, and
# formulas in the free-text columns of --format csv.
# usage: run-harden3.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-harden3.sh SUDOKUSAT [SOURCE_DIR]}
SRC=$(cd "${2:-$(dirname "$0")/../..}" && pwd)
case $S in /*) ;; *) S=$PWD/$S ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-harden3.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"
set -m

P='1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..'
# ok NAME CONDITION...: passes when the command succeeds.
ok() {
  local name=$1
  shift
  if "$@"; then pass; else fail "$name" "$(head -c 400 err.txt 2>/dev/null)"; fi
}
status() { "$@" >out.txt 2>err.txt; echo $?; }

# 1. A bad line before encode's puzzle: the error, status 2, no crash
# (the reader kept its puzzle as the caller's too: a double free).
printf '1 2\n%081d\n' 0 >bad.txt
ok "encode bad line first" [ "$(status "$S" encode bad.txt)" = 3 ]
ok "encode bad line message" grep -q "bad.txt:2:1: grid ended after 1 of 2 rows" err.txt
ok "encode bad line no output" [ ! -s out.txt ]
# A bad line after the puzzle: its own error, not "more than one puzzle".
printf '%081d\n1 2\n' 0 >bad2.txt
ok "encode bad line after" [ "$(status "$S" encode bad2.txt)" = 3 ]
ok "encode bad line after message" grep -q "bad2.txt:3:1: grid ended" err.txt
summary
