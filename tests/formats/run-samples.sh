#!/usr/bin/env bash
# One sample file per puzzle file form (tests/formats/samples/*): each is
# solved through --format json, and every answer is checked here against
# the file's .want: the line the puzzle starts on, its name, its givens as
# one line ('.' blank) and, for a jigsaw, its regions (one letter a cell).
# The validator is this script's own: rows, columns and regions hold n
# distinct symbols, and the givens are kept.
# usage: run-samples.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-samples.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd) # a relative SOURCE_DIR outlives the cd below

python3 - "$S" "$SRC/tests/formats/samples" <<'PY'
import glob, json, math, os, subprocess, sys

S, DIR = sys.argv[1], sys.argv[2]
failed = 0
def fail(case, why):
    global failed
    failed += 1
    print(f"FAIL {case}: {why}", file=sys.stderr)

def boxes(n):
    r = max(k for k in range(1, int(math.isqrt(n)) + 1) if n % k == 0)
    return r, n // r

def valid(givens, sol, regions):
    """sol: n*n cells (a list of symbols); every unit holds n distinct
    symbols, and each given (not '.') equals the solution's cell."""
    n = math.isqrt(len(givens))
    if len(sol) != n * n:
        return f"{len(sol)} cells, expected {n * n}"
    if len(set(sol)) != n:
        return f"{len(set(sol))} distinct symbols"
    units = [[r * n + c for c in range(n)] for r in range(n)]
    units += [[r * n + c for r in range(n)] for c in range(n)]
    if regions:
        for label in set(regions):
            units.append([i for i in range(n * n) if regions[i] == label])
    else:
        br, bc = boxes(n)
        units += [[(b // (n // bc) * br + i) * n + b % (n // bc) * bc + j
                   for i in range(br) for j in range(bc)] for b in range(n)]
    for u in units:
        if len({sol[i] for i in u}) != n:
            return f"unit {u[:3]}... repeats a symbol"
    for i, g in enumerate(givens):
        if g != "." and g != sol[i]:
            return f"given {g} at cell {i} became {sol[i]}"
    return None

def cells(text):
    """A solution as the tool writes it: one line of symbols, or numbers."""
    return text.split() if " " in text.strip() else list(text.strip())

samples = sorted(f for f in glob.glob(os.path.join(DIR, "*"))
                 if not f.endswith(".want") and not f.endswith(".args"))
if not samples:
    fail("samples", f"none in {DIR}")
for path in samples:
    case = os.path.basename(path)
    want = [l.rstrip("\n").split("\t") for l in open(path + ".want")
            if l.strip() and not l.startswith("#")]
    args = open(path + ".args").read().split() \
        if os.path.exists(path + ".args") else []
    p = subprocess.run([S, "solve", "--format", "json", "--layout", "line",
                        *args, path], capture_output=True, text=True)
    if p.returncode not in (0, 10):  # 10: a single puzzle solved
        fail(case, f"exit {p.returncode}: {p.stderr.strip()}")
    got = [json.loads(l) for l in p.stdout.splitlines()]
    if len(got) != len(want):
        fail(case, f"{len(got)} answers, expected {len(want)}")
        continue
    for k, (o, w) in enumerate(zip(got, want)):
        line, name, givens = int(w[0]), w[1], w[2]
        regions = w[3] if len(w) > 3 else None
        if o.get("line") != line:
            fail(f"{case} #{k + 1}", f"line {o.get('line')}, expected {line}")
        if o.get("name", "-") != name:
            fail(f"{case} #{k + 1}", f"name {o.get('name')!r}, expected {name!r}")
        if o.get("status") != "solved":
            fail(f"{case} #{k + 1}", f"status {o.get('status')}: {o}")
            continue
        sol = cells(o["solution"])
        g = cells(givens) if " " in givens else list(givens)
        g = ["." if x in (".", "0") else x for x in g]
        why = valid(g, sol, regions)
        if why:
            fail(f"{case} #{k + 1}", why)

# A solution column is checked against the answer: a wrong one is status
# mismatch and exit 7, naming the cell; a second solution of a puzzle with
# several is told apart from a wrong one.
esc = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
good = "162857493534129678789643521475312986913586742628794135356478219241935867897261354"
bad = "4" + good[1:]
other = "2143341212344321"  # a solution of the empty 4x4 (which has 288)
import tempfile
with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
    f.write(f"puzzle,solution\n{esc},{bad}\n{'.' * 16},{other}\n")
    name = f.name
p = subprocess.run([S, "solve", "--format", "json", name], capture_output=True,
                   text=True)
os.unlink(name)
got = [json.loads(l) for l in p.stdout.splitlines()]
if p.returncode != 7 or [o.get("status") for o in got] != ["mismatch"] * 2:
    fail("mismatch", f"exit {p.returncode}: {p.stdout}")
elif "row 1 column 1 (1, the file's 4): the file's solution is wrong" \
        not in got[0].get("message", "") \
        or "the puzzle has more than one solution" not in got[1].get("message", ""):
    fail("mismatch-message", p.stdout)
elif valid(list(esc), list(got[0]["solution"]), None):
    fail("mismatch-answer", "the answer itself is not a solution")

print(f"samples: {'FAILED' if failed else 'passed'} ({len(samples)} files, "
      f"{failed} failures)")
sys.exit(1 if failed else 0)
PY
