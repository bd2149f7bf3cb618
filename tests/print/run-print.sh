#!/usr/bin/env bash
# `sudokusat print`: the SVG pages rendered by rsvg-convert and checked
# pixel by pixel where the lines and symbols must be (thick region lines
# wider than thin cell lines, jigsaw borders where the regions change,
# symbols in the given cells and none in the empty ones, X diagonals
# shaded), pages split by --per-page, no file overwritten without
# --force, bad input reported with its place.
# usage: run-print.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-print.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd) # a relative SOURCE_DIR outlives the cd below
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-print.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"
if ! command -v rsvg-convert >/dev/null; then
  skip print "rsvg-convert (Debian librsvg2-bin) is not installed"
  summary
  exit
fi

ESCARGOT=1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..
echo "$ESCARGOT" >p.txt
# A jigsaw map (boxes with cells traded along their borders) and a puzzle.
printf '%s\n' 112222333 111122333 114225336 144255366 444555666 447555669 \
  477888699 777889999 777888899 >jig.txt
echo .3...2.9..1.4....7.......32...86.......9.1..5..6.8...3.......2.9......6...5..9.4. >jp.txt

check print-one 0 '' "$S" print --per-page 1 -o one.svg p.txt
check print-x 0 '' "$S" print --per-page 1 --variant x -o x.svg p.txt
check print-jigsaw 0 '' "$S" print --per-page 1 --variant jigsaw=jig.txt -o j.svg jp.txt
check print-solutions 0 '' "$S" print --per-page 2 --solutions -o sol.svg p.txt
for f in one x j sol; do
  rsvg-convert -w 1050 -o $f.png $f.svg 2>err.txt || fail "render-$f" "$(cat err.txt)"
done

python3 - "$ESCARGOT" "$SRC/tests/print" <<'PY'
import re, sys
sys.dont_write_bytecode = True  # nothing written into the source tree
sys.path.insert(0, sys.argv[2])
from png import png

failed = 0
def fail(case, why):
    global failed
    failed += 1
    print(f"FAIL {case}: {why}", file=sys.stderr)

def frames(svg):
    """The grids' frames (x, y, side) in mm, and the page width in mm."""
    text = open(svg).read()
    page = float(re.search(r'viewBox="0 0 ([0-9.]+)', text).group(1))
    rects = re.findall(r'<rect x="([0-9.]+)" y="([0-9.]+)" width="([0-9.]+)" height="[0-9.]+" fill="none"', text)
    return page, [tuple(map(float, r)) for r in rects]

def setup(name):
    page, fr = frames(name + ".svg")
    w, h, grey = png(name + ".png")
    return w / page, fr, grey

def dark_width(grey, x, y, span):
    """Dark pixels in a row around x (a vertical line's width)."""
    return sum(1 for dx in range(-span, span + 1) if grey(x + dx, y) < 128)

def dark_height(grey, x, y, span):
    return sum(1 for dy in range(-span, span + 1) if grey(x, y + dy) < 128)

def ink(grey, x0, y0, x1, y1):
    return sum(1 for y in range(y0, y1) for x in range(x0, x1) if grey(x, y) < 128)

puzzle = sys.argv[1]
scale, fr, grey = setup("one")
if len(fr) != 1:
    fail("one-frame", f"{len(fr)} grids on a page of one")
else:
    gx, gy, side = fr[0]
    c = side / 9
    px = lambda mm: int(round(mm * scale))
    span = px(c * 0.3)
    for k in range(1, 9):
        # away from the centred symbols: near a cell's corner
        x, y = px(gx + k * c), px(gy + 4.15 * c)
        wv = dark_width(grey, x, y, span)
        hv = dark_height(grey, px(gx + 4.15 * c), px(gy + k * c), span)
        thick = k % 3 == 0
        if thick and (wv < 3 or hv < 3):
            fail(f"box-line-{k}", f"widths {wv}/{hv} px where a thick line must be")
        if not thick and not (1 <= wv <= 2 and 1 <= hv <= 2):
            fail(f"cell-line-{k}", f"widths {wv}/{hv} px where a thin line must be")
    for i, ch in enumerate(puzzle):
        r, col = divmod(i, 9)
        cx, cy = gx + (col + 0.5) * c, gy + (r + 0.5) * c
        q = c * 0.3
        n = ink(grey, px(cx - q), px(cy - q), px(cx + q), px(cy + q))
        if ch != "." and n < 10:
            fail(f"digit-r{r + 1}c{col + 1}", f"no symbol drawn ({n} dark px)")
        if ch == "." and n:
            fail(f"empty-r{r + 1}c{col + 1}", f"{n} dark px in an empty cell")

scale, fr, grey = setup("x")
gx, gy, side = fr[0]
c = side / 9
px = lambda mm: int(round(mm * scale))
corner = lambda r, col: grey(px(gx + (col + 0.15) * c), px(gy + (r + 0.15) * c))
for r in range(9):
    for col in range(9):
        on = r == col or r + col == 8
        g = corner(r, col)
        if on and not 180 < g < 245:
            fail(f"x-shade-r{r + 1}c{col + 1}", f"grey {g:.0f}, expected a light shade")
        if not on and g < 250:
            fail(f"x-plain-r{r + 1}c{col + 1}", f"grey {g:.0f}, expected white")

scale, fr, grey = setup("j")
gx, gy, side = fr[0]
c = side / 9
px = lambda mm: int(round(mm * scale))
jig = [l.strip() for l in open("jig.txt")]
span = px(c * 0.3)
for r in range(9):
    for k in range(1, 9):
        wv = dark_width(grey, px(gx + k * c), px(gy + (r + 0.2) * c), span)
        border = jig[r][k - 1] != jig[r][k]
        if border != (wv >= 3):
            fail(f"jigsaw-r{r + 1}-{k}", f"{wv} px wide, {'a' if border else 'no'} region border")

page, fr = frames("sol.svg")
if len(fr) != 2:
    fail("solutions-frames", f"{len(fr)} grids, expected the puzzle and its solution")
print(f"pixels: {'FAILED' if failed else 'passed'} ({failed} failures)")
sys.exit(1 if failed else 0)
PY
[ $? = 0 ] && pass || fail pixels "see above"

# Pages: 3 puzzles, 2 a page -> OUT.svg and OUT-2.svg; no overwrite.
printf '%s\n' "$ESCARGOT" "$ESCARGOT" "$ESCARGOT" >three.txt
check print-pages 0 '' "$S" print --per-page 2 -o pages.svg three.txt
check_file print-page-2 test -s pages-2.svg
check print-no-overwrite 2 '' "$S" print --per-page 2 -o pages.svg three.txt
expect_stderr "sudokusat: pages.svg exists; not overwriting it without --force"
check print-force 0 '' "$S" print --per-page 2 --force -o pages.svg three.txt
check print-stdout-pages 2 '' "$S" print --per-page 2 three.txt
check print-stdout-one 0 '<?xml version="1.0" encoding="UTF-8"?>' first_line "$S" print p.txt
# Bad input: its place, status 3, and no page written.
printf '1..x\n' >bad.txt
check print-bad 3 '' "$S" print -o bad.svg bad.txt
expect_stderr "sudokusat: bad.txt:1:4: unexpected 'x' (expected 1-4, '.' or '0')"
check_file print-bad-nothing test ! -e bad.svg
ls ./*.svg.* >/dev/null 2>&1 && fail print-temporaries "$(ls ./*.svg.*)"
summary
