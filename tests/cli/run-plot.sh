#!/usr/bin/env bash
# rate --plot and --plot-data: no name (the picture's, the data's, TMPDIR)
# reaches gnuplot or a shell as a command, whatever quotes, blanks, ';' or
# '$()' it holds; the files appear under exactly their names, through
# temporaries renamed into place (none left over); an existing name, a
# dangling symbolic link included, is kept without --force; --plot-data
# works without --plot.
# usage: run-plot.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-plot.sh SUDOKUSAT [SOURCE_DIR]}
SRC=$(cd "${2:-$(dirname "$0")/../..}" && pwd)
case $S in /*) ;; *) S=$PWD/$S ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-plot.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"

echo '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..' >p.txt
rate() { "$S" rate --analog --runs 4 --rate-time 50 -q p.txt "$@" >/dev/null 2>err.txt; }
is_png() { [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; }
# Only the files named may be in the folder (no PWNED, no temporary).
only() {
  local want=$1 got
  got=$(ls -A | grep -v -e '^p\.txt$' -e '^err\.txt$' -e '^in\.txt$' -e '^tmp' | sort | tr '\n' '|')
  [ "$got" = "$want" ]
}

if ! command -v gnuplot >/dev/null; then
  skip plot "no gnuplot"
else
  mkdir "tmp'd \$(touch PWNED) x"
  names=("q'; system 'touch PWNED'; set output 'z.png"
    "it's a \"plot\"; \$(touch PWNED) \`touch PWNED\`.png"
    'a b;c.png')
  for name in "${names[@]}"; do
    if TMPDIR="$T/tmp'd \$(touch PWNED) x" rate --plot "$name" &&
      is_png "$name" && only "$name|"; then
      pass
    else
      fail "plot $name" "$(cat err.txt; ls -A)"
    fi
    rm -f -- "$name"
    [ -z "$(ls -A "tmp'd \$(touch PWNED) x")" ] || fail "tmp $name" "a temporary is left in TMPDIR"
  done
  # Data with the picture, under a name with quotes.
  if rate --plot "x'.png" --plot-data "d'\$(touch PWNED).dat" &&
    is_png "x'.png" && grep -q '^# line 1: kappa' "d'\$(touch PWNED).dat"; then
    pass
  else
    fail "plot-data" "$(cat err.txt)"
  fi
  rm -f -- *.png *.dat
fi

# --plot-data alone writes the data (no gnuplot needed).
if rate --plot-data alone.dat && grep -q '^# line 1: kappa' alone.dat; then
  pass
else
  fail "plot-data alone" "$(cat err.txt; ls)"
fi
# An existing name is kept without --force, a dangling link too.
echo keep >kept.dat
ln -s nowhere.png dangling.png
if ! rate --plot-data kept.dat && [ "$(cat kept.dat)" = keep ] &&
  grep -q 'exists' err.txt; then pass; else fail "plot-data exists" "$(cat err.txt)"; fi
if ! rate --plot dangling.png && [ -L dangling.png ] && [ ! -e nowhere.png ]; then
  pass
else
  fail "plot dangling link" "$(cat err.txt)"
fi
# With --force a link is replaced, not followed.
echo target >target.dat
ln -s target.dat link.dat
if rate --force --plot-data link.dat && [ ! -L link.dat ] &&
  [ "$(cat target.dat)" = target ]; then pass; else fail "plot-data link" "$(cat err.txt)"; fi
rm -f alone.dat kept.dat dangling.png target.dat link.dat
only "" || fail "leftovers" "$(ls -A)"
summary
