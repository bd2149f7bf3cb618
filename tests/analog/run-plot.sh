#!/usr/bin/env bash
# rate --analog --plot: the escape-rate picture is drawn (a PNG), its data
# say what the ratings say (one block a puzzle, starting at 1 and falling
# one run at a time to the unsolved share at tmax), and an existing
# picture is kept without --force.
# usage: run-plot.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-plot.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd) # a relative SOURCE_DIR outlives the cd below
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-plot.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"
if ! command -v gnuplot >/dev/null; then
  skip plot "gnuplot is not installed"
  summary
  exit
fi
printf '%s\n' \
  '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... first' \
  '..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.. second' >p.txt
"$S" rate --analog -q --runs 8 --rate-time 300 --seed 3 --plot pic.png \
  --plot-data pic.dat p.txt >out.txt 2>err.txt
st=$?
if [ $st = 0 ]; then pass; else fail plot-status "status $st: $(cat err.txt)"; fi
check_file plot-png sh -c '[ "$(head -c 8 pic.png | od -An -tx1 | tr -d " \n")" = 89504e470d0a1a0a ]'
# The data against the ratings: "eta [lo, hi] label SOLVED/8 name".
python3 - <<'PY'
import sys
blocks = [b for b in open("pic.dat").read().split("\n\n\n") if b.strip()]
ratings = [l.split() for l in open("out.txt")]
bad = []
if len(blocks) != len(ratings) or len(blocks) != 2:
    bad.append(f"{len(blocks)} blocks for {len(ratings)} ratings")
for b, r in zip(blocks, ratings):
    lines = b.strip().split("\n")
    name = lines[0].split(":")[0].lstrip("# ")
    pts = [tuple(map(float, l.split())) for l in lines[1:]]
    solved, runs = map(int, r[4].split("/"))
    if name != r[5]:
        bad.append(f"block {name} against rating of {r[5]}")
    if pts[0] != (0.0, 1.0):
        bad.append(f"{name}: starts at {pts[0]}")
    if any(b[1] > a[1] or b[0] < a[0] for a, b in zip(pts, pts[1:])):
        bad.append(f"{name}: not a falling staircase")
    steps = sum(1 for a, b in zip(pts, pts[1:]) if b[1] < a[1])
    if steps != solved or abs(pts[-1][1] - (1 - solved / runs)) > 1e-9:
        bad.append(f"{name}: {steps} steps to {pts[-1][1]}, rated {solved}/{runs}")
    if pts[-1][0] != 300:
        bad.append(f"{name}: ends at t = {pts[-1][0]}, not the budget 300")
for b in bad:
    print("FAIL plot-data:", b, file=sys.stderr)
sys.exit(1 if bad else 0)
PY
[ $? = 0 ] && pass || fail plot-data "see above"
check plot-no-overwrite 2 '' "$S" rate --analog -q --runs 2 --plot pic.png p.txt
expect_stderr "sudokusat: pic.png exists; not overwriting it without --force"
check_file plot-no-temporaries sh -c '! ls pic.png.* >/dev/null 2>&1'
summary
