#!/usr/bin/env bash
# `sudokusat print` of puzzles with variant rules: a page with a rule of
# every kind (every-rule.txt) rendered by rsvg-convert without a word on
# stderr; its SVG read back: cages as dashed runs inset inside their
# outlines (an L of 6 runs, a T of 8, a ring of 8) with the sum in the
# top left cell's corner, a thermometer's bulb, the diagonals, the clues
# outside the grid in the margin cell before their row, column or
# diagonal, the grid shrunk by that margin, the global rules named under
# it; its pixels where a bulb, dots, odd and even shapes, a shaded region
# and a margin clue must be; --solutions of a puzzle with rules; other
# sides; a puzzle without rules printed byte for byte as before rules
# were drawn (plain.svg).
# usage: run-print-rules.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-print-rules.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd) # a relative SOURCE_DIR outlives the cd below
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-print-rules.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"

# Without rules: the page of before, byte for byte (plain.svg was
# written before print drew rules).
echo '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..  AI Escargot' >plain.txt
check plain-same 0 '' same_as "$SRC/tests/print/plain.svg" "$S" print --per-page 2 --solutions plain.txt

if ! command -v rsvg-convert >/dev/null; then
  skip print-rules "rsvg-convert (Debian librsvg2-bin) is not installed"
  summary
  exit
fi

cp "$SRC/tests/print/every-rule.txt" every.txt
tail -n 1 every.txt >bare.txt # the same puzzle without its rules
printf '%s\n' 'cage 40 r5c5 r5c6 r5c7 r6c5 r6c7 r7c5 r7c6 r7c7' \
  "$(printf '.%.0s' $(seq 81))" >ring.txt
check print-every 0 '' "$S" print --per-page 1 -o every.svg every.txt
check print-bare 0 '' "$S" print --per-page 1 -o bare.svg bare.txt
check print-ring 0 '' "$S" print --per-page 1 -o ring.svg ring.txt
# --solutions: the solution under the same rules.
check print-solutions 0 '' "$S" print --per-page 2 --solutions -o sol.svg "$SRC/docs/examples/variants.txt"
check_file print-solutions-two test "$(grep -c "<rect [^>]*fill=\"none\"" sol.svg)" = 2
# Other sides: a 4x4 and a 16x16 with cages, lines and outside clues.
printf '%s\n' 'cage 5 r1c1 r2c1' 'sandwich 0 r2' 'little-killer 6 r1c2..r3c4' \
  'thermo r3c1..r3c3' 'white-dot r4c3 r4c4' 'anti-king' '1...........4...' >four.txt
printf '%s\n' 'cage 30 r1c1..r1c4' 'x-sum 40 c16' 'whispers r5c1..r5c9' \
  'arrow r8c8 r8c9 | r9c10 r10c11' 'quadruple 1 16 r3c3 r3c4 r4c3 r4c4' \
  "$(printf '.%.0s' $(seq 256))" >sixteen.txt
check print-four 0 '' "$S" print -o four.svg four.txt
# Three clues in one margin cell (left of row 3) and two little killers
# from one cell above column 5: apart, each in its cell, a little killer
# on the side its diagonal goes.
printf '%s\n' 'sandwich 12 r3' 'x-sum 7 r3' 'skyscraper 3 r3' \
  'little-killer 17 r1c6..r4c9' 'little-killer 10 r1c4..r4c1' \
  "$(printf '.%.0s' $(seq 81))" >share.txt
check print-share 0 '' "$S" print --per-page 1 -o share.svg share.txt
check print-sixteen 0 '' "$S" print -o sixteen.svg sixteen.txt
for f in every bare ring sol four sixteen share; do
  if rsvg-convert -w 1050 -o $f.png $f.svg 2>err.txt && [ ! -s err.txt ]; then pass; else
    fail "render-$f" "$(head -c 300 err.txt)"
  fi
done

python3 - "$SRC/tests/print" <<'PY'
import re, sys
import xml.etree.ElementTree as ET
sys.dont_write_bytecode = True  # nothing written into the source tree
sys.path.insert(0, sys.argv[1])
from png import png

NS = "{http://www.w3.org/2000/svg}"
failed = 0
def fail(case, why):
    global failed
    failed += 1
    print(f"FAIL {case}: {why}", file=sys.stderr)

def near(a, b, eps=0.02):
    return abs(a - b) <= eps

def page(name):
    root = ET.parse(name + ".svg").getroot()
    frames = [tuple(float(e.get(k)) for k in ("x", "y", "width"))
              for e in root.iter(NS + "rect") if e.get("fill") == "none"]
    return root, frames

def texts(root):
    """(text, x, y of its middle, size) of every text element."""
    out = []
    for e in root.iter(NS + "text"):
        size = float(e.get("font-size") or 0)
        out.append(("".join(e.itertext()), float(e.get("x")),
                    float(e.get("y")) - 0.36 * size, size))
    return out

def cages(root):
    """Each dashed group's runs, as lists of endpoint pairs."""
    out = []
    for g in root.iter(NS + "g"):
        if not g.get("stroke-dasharray"):
            continue
        runs = []
        for p in g.iter(NS + "path"):
            m = re.fullmatch(r"M([0-9.]+) ([0-9.]+)([HV])([0-9.]+)", p.get("d"))
            x, y, hv, to = float(m[1]), float(m[2]), m[3], float(m[4])
            runs.append(((x, y), (to, y) if hv == "H" else (x, to)))
        out.append(runs)
    return out

def inset_corners(runs, cells, gx, gy, c):
    """Whether every run ends on a corner of the outline of cells moved
    inwards by the inset, each corner met by exactly two runs."""
    ends = {}
    for run in runs:
        for (x, y) in run:
            key = (round((x - gx) / c * 1000), round((y - gy) / c * 1000))
            ends[key] = ends.get(key, 0) + 1
    # the outline's corners: vertices with 1 or 3 of their 4 cells in the
    # cage, moved into the cage (1: towards the cell in; 3: away from the
    # cell out); the shapes tested have no two cells meeting at a corner
    want = {}
    quadrants = ((-1, -1), (-1, 0), (0, -1), (0, 0))  # the cells round a vertex
    for vr in range(10):
        for vc in range(10):
            q = [((vr + dr, vc + dc) in cells) for dr, dc in quadrants]
            k = sum(q)
            if k not in (1, 3):
                continue
            dr, dc = quadrants[q.index(k == 1)]
            sign = 0.08 if k == 1 else -0.08  # towards that cell, or away
            key = (round((vc + sign * (2 * dc + 1)) * 1000), round((vr + sign * (2 * dr + 1)) * 1000))
            want[key] = 2
    return ends == want, ends, want

# --- every.svg: the margin, cages, bulb, diagonals, outside clues, caption
root, fr = page("every")
_, bare = page("bare")
if len(fr) != 1 or len(bare) != 1:
    fail("frames", f"{len(fr)} and {len(bare)} grids")
    sys.exit(1)
gx, gy, side = fr[0]
bx, by, bside = bare[0]
c = side / 9
if not (near(side, bside * 9 / 11) and near(gx, bx + bside / 11) and near(gy, by + bside / 11)):
    fail("margin", f"grid {fr[0]}, without rules {bare[0]}: not a cell's margin round it")

groups = cages(root)
if [len(g) for g in groups] != [6, 4, 8]:
    fail("cage-runs", f"dashed runs {[len(g) for g in groups]}, expected 6 (L), 4 (a row), 8 (T)")
else:
    for name, runs, cells in (
            ("L", groups[0], {(0, 0), (0, 1), (1, 0)}),
            ("row", groups[1], {(8, 0), (8, 1), (8, 2), (8, 3)}),
            ("T", groups[2], {(3, 3), (3, 4), (3, 5), (4, 4)})):
        ok, got, want = inset_corners(runs, cells, gx, gy, c)
        if not ok:
            fail(f"cage-{name}", f"run ends {sorted(got.items())}, expected {sorted(want.items())}")

tx = texts(root)
def find(text):
    return [t for t in tx if t[0] == text]
def in_cell(t, r, col, part=1.0):
    """t's middle in cell (r, col) (-1..9: the margin), within the first
    `part` of the cell from its top left corner."""
    _, x, y, _ = t
    return (gx + col * c <= x <= gx + (col + part) * c and
            gy + r * c <= y <= gy + (r + part) * c)

if not any(in_cell(t, 0, 0, 0.5) and t[3] < 0.3 * c for t in find("15")):
    fail("cage-sum", f"no small 15 in r1c1's corner: {find('15')}")
if any(in_cell(t, 8, 0, 0.5) for t in tx):
    fail("cage-no-sum", "a text in r9c1's corner, whose cage has no value")
if not any(in_cell(t, 3, 3, 0.5) for t in find("25")):
    fail("cage-sum-T", f"no 25 in r4c4's corner: {find('25')}")
for text, r, col, what in (("12", 2, -1, "sandwich left of row 3"),
                           ("21", 3, 9, "x-sum right of row 4"),
                           ("3", -1, 1, "skyscraper above column 2"),
                           ("4", 9, 8, "skyscraper below column 9"),
                           ("23", -1, 0, "little killer above column 1"),
                           ("10", 0, -1, "little killer left of row 1")):
    if not any(in_cell(t, r, col) for t in find(text)):
        fail("outside-" + text, f"no {text} in the margin cell of the {what}: {find(text)}")
arrows = [e for e in root.iter(NS + "polyline") if e.get("stroke") == "#000"]
if len(arrows) < 4:  # two little killers: a shaft and a head each
    fail("little-killer-arrows", f"{len(arrows)} black polylines")

bulbs = [e for e in root.iter(NS + "circle") if e.get("fill") == "#c4c4c4"
         and near(float(e.get("cx")), gx + 1.5 * c) and near(float(e.get("cy")), gy + 1.5 * c)]
if len(bulbs) != 1 or not near(float(bulbs[0].get("r")), 0.4 * c):
    fail("thermo-bulb", f"{len(bulbs)} bulbs at r2c2")
diag = [e for e in root.iter(NS + "line") if e.get("stroke") == "#5b7fb5"]
if len(diag) != 2:
    fail("diagonals", f"{len(diag)} diagonal lines")
globals_ = "anti-knight, anti-king, non-consecutive, disjoint-groups, diagonal+, diagonal-, white-dot-all, black-dot-all, xv-all"
cap = find(globals_)
if len(cap) != 1 or not cap[0][2] > gy + side + c:
    fail("caption", f"the global rules' caption under the grid: {cap}")

w, h, grey = png("every.png")
scale = w / 210
px = lambda mm: int(round(mm * scale))
at = lambda r, col, fx=0.5, fy=0.5: grey(px(gx + (col + fx) * c), px(gy + (r + fy) * c))
for case, g, lo, hi in (
        ("bulb", at(1, 1, 0.5, 0.25), 180, 215),  # grey bulb r2c2, off the diagonal
        ("black-dot", at(0, 5, 0.0), 0, 90),   # on the edge r1c5|r1c6: the dot's ink (white 3 inside is small)
        ("white-dot", at(0, 3, 0.0), 240, 255),  # the edge r1c3|r1c4: white inside
        ("odd", at(2, 8), 190, 225),           # grey circle r3c9
        ("even", at(3, 7, 0.25, 0.25), 190, 225),  # grey square r4c8, off centre
        ("region", at(7, 8, 0.2, 0.2), 200, 250),  # tinted r8c9
        ("plain", at(8, 5, 0.8, 0.2), 250, 255)):  # r9c6 away from its dot
    if not lo <= g <= hi:
        fail("pixel-" + case, f"grey {g:.0f}, expected {lo}..{hi}")
ink = sum(1 for y in range(px(gy + 2.2 * c), px(gy + 2.8 * c))
          for x in range(px(gx - 0.8 * c), px(gx - 0.2 * c)) if grey(x, y) < 128)
if ink < 20:
    fail("pixel-sandwich", f"{ink} dark px where the sandwich clue must be")

# --- ring.svg: a cage round a hole is its outer and its inner outline
root, fr = page("ring")
gx, gy, side = fr[0]
c = side / 9
groups = cages(root)
ring = {(r, col) for r in range(4, 7) for col in range(4, 7)} - {(5, 5)}
ok, got, want = inset_corners(groups[0] if groups else [], ring, gx, gy, c) if len(groups) == 1 else (False, {}, {})
if len(groups) != 1 or len(groups[0]) != 8 or not ok:
    fail("cage-ring", f"runs {[len(g) for g in groups]}, ends {sorted(got.items())}, expected {sorted(want.items())}")
if page("ring")[1] and not near(page("ring")[1][0][2], page("bare")[1][0][2]):
    fail("ring-no-margin", "the grid shrank with no clue outside it")

# --- share.svg: clues that share a margin cell stand apart
root, fr = page("share")
gx, gy, side = fr[0]
c = side / 9
tx = texts(root)
def cell_of(t):
    return (int((t[2] - gy) // c), int((t[1] - gx) // c))
for group, cell in ((("12", "7", "3"), (2, -1)), (("17", "10"), (-1, 4))):
    got = [t for t in tx if t[0] in group]
    if sorted(t[0] for t in got) != sorted(group) or any(cell_of(t) != cell for t in got):
        fail("share-cell", f"{group} in {[(t[0], cell_of(t)) for t in got]}, expected all in {cell}")
        continue
    for i, a in enumerate(got):
        for b in got[i + 1:]:
            # apart by more than the bigger one's font size, on one axis
            if abs(a[1] - b[1]) < max(a[3], b[3]) * 0.9 and abs(a[2] - b[2]) < max(a[3], b[3]) * 0.9:
                fail("share-apart", f"{a} and {b} overlap")
# each little killer on the side its diagonal goes: 10 (down-left) left
lk = {t[0]: t[1] for t in tx if t[0] in ("10", "17")}
if len(lk) == 2 and not lk["10"] < lk["17"]:
    fail("share-lean", f"10 (down-left) at x {lk['10']}, 17 (down-right) at x {lk['17']}")
print(f"svg and pixels: {'FAILED' if failed else 'passed'} ({failed} failures)")
sys.exit(1 if failed else 0)
PY
[ $? = 0 ] && pass || fail svg "see above"
ls ./*.svg.* >/dev/null 2>&1 && fail print-temporaries "$(ls ./*.svg.*)"
summary
