#!/usr/bin/env bash
# The options' typed choices against their one table (tools/options.c):
# each choice an option lists (--list-options) is the list its --help line
# gives, each name parses on a command that takes the option, a wrong name
# is refused with every name; each command's --help shows the default that
# command really uses (generate's fresh seed).
# usage: run-choices.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-choices.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-choices.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"

"$S" --list-options >list.txt
"$S" --help >help.txt
# The choice options: a --list-options line of names, not --variant (a
# comma-separated text whose jigsaw= takes a file).
grep '^--' list.txt | grep -v '^--variant ' >choices.txt
[ "$(wc -l <choices.txt)" -ge 10 ] && pass ||
  fail choices-listed "$(wc -l <choices.txt) choice options listed"
for opt in --symmetry --grade --backend --encoding --layout --format; do
  grep -q "^$opt " choices.txt && pass || fail "choice$opt" "not a choice"
done

while read -r opt names; do
  # The --help line's names: after its last ': ', before ' [default]' (an
  # option a command takes as a switch, canon's --symmetry, has a line of
  # its own without names).
  line=$(grep -E "^  $opt +.*\]$" help.txt)
  shown=$(printf '%s\n' "$line" | sed -E 's/.*: ([^:]*) \[[^]]*\]$/\1/' |
    sed -E 's/,? or /, /g; s/, / /g')
  [ "$shown" = "$names" ] && pass ||
    fail "help$opt" "--help lists '$shown', --list-options '$names'"
  # A command that takes it: the first --list-options line naming it.
  cmd=$(awk -v o="$opt" '$1 !~ /^-/ { for (i = 2; i <= NF; i++) if ($i == o) { print $1; exit } }' list.txt)
  [ -n "$cmd" ] || { fail "taker$opt" "no command takes $opt"; continue; }
  for name in $names; do
    "$S" "$cmd" "$opt=$name" --help >/dev/null 2>err.txt
    rc=$?
    [ $rc = 0 ] && [ ! -s err.txt ] && pass ||
      fail "parse$opt=$name" "$cmd: status $rc, $(cat err.txt)"
  done
  "$S" "$cmd" "$opt" no-such-name --help >out.txt 2>err.txt
  rc=$?
  want=$(printf '%s\n' "$line" | sed -E 's/.*: ([^:]*) \[[^]]*\]$/\1/')
  [ $rc = 2 ] && [ ! -s out.txt ] && grep -qF "'no-such-name'" err.txt &&
    grep -qF "(expected $want)" err.txt && pass ||
    fail "refuse$opt" "$cmd: status $rc, $(cat err.txt)"
done <choices.txt

# --grade keeps its words for what a wrong name is.
check grade-refused 2 '' "$S" generate --grade hardest
expect_stderr "sudokusat: --grade: 'hardest' is not a level or a label (expected singles, locked, search, easy, medium, hard, unfair or extreme)"

# --seed: 1 where the commands start from 1, fresh where generate draws one.
"$S" help generate | grep -qE '^  --seed .* \[fresh each run\]$' && pass ||
  fail seed-generate "$("$S" help generate | grep -- --seed)"
"$S" help solve | grep -qE '^  --seed .* \[1\]$' && pass ||
  fail seed-solve "$("$S" help solve | grep -- --seed)"
grep -qE '^  --seed .* \[1; generate: fresh each run\]$' help.txt && pass ||
  fail seed-all "$(grep -- --seed help.txt)"
a=$("$S" generate -q --format csv --count 1 | tail -1)
b=$("$S" generate -q --format csv --count 1 | tail -1)
[ "$a" != "$b" ] && pass || fail seed-fresh "two runs made the same: $a"

summary
