#!/usr/bin/env bash
# JSON puzzle files and ipuz documents (docs/formats.md, "JSON and ipuz"):
# every shape the reader takes (strings, arrays of N*N cells, N arrays of
# N, objects with a puzzle field and lists of them, an object of N rows,
# ipuz), the line each answer names, names, a solution field that is
# checked and never read as a puzzle, --layout ipuz and its round trip,
# malformed JSON at its line and column, documents with no puzzle, the
# size limit, gzip, and the
# two real JSON files of ../shared/data/real-files/set3 (when present).
# usage: run-json.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-json.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-json.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1

python3 - "$S" "${SKS_REAL_FILES:-$SRC/../shared/data/real-files}" <<'PY'
import gzip, json, os, subprocess, sys, time

S, REAL = sys.argv[1], sys.argv[2]
failed = passed = 0

def fail(case, why):
    global failed
    failed += 1
    print(f"FAIL {case}: {why}", file=sys.stderr)

def ok():
    global passed
    passed += 1

# A guard against a hang, not a measure of speed (a sanitizer build on a
# loaded machine is slow): SKS_TEST_DEADLINE, as tests/cli/lib.sh waits.
HANG = int(os.environ.get("SKS_TEST_DEADLINE", "60")) * 10


def run(args, data=None, path=None):
    if data is not None:
        path = path or "in.json"
        with open(path, "w") as f:
            f.write(data)
    p = subprocess.run([S, *args, path], capture_output=True, text=True,
                       timeout=HANG)
    return p.returncode, p.stdout, p.stderr

def answers(args, data, path=None):
    rc, out, err = run(["solve", "-q", "--format", "json", *args], data, path)
    return rc, [json.loads(l) for l in out.splitlines()], err

ESC = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
ESC_SOL = "162857493534129678789643521475312986913586742628794135356478219241935867897261354"
EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
EASY_SOL = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

def ints(line):
    return [0 if c == "." else int(c) for c in line]

def rows(line, n=9, blank=0):
    v = [blank if c == "." else int(c) for c in line]
    return [v[r * n:(r + 1) * n] for r in range(n)]

def expect(case, data, want, args=(), path=None, status=None):
    """want: (line, name or None, givens) for each answer, in order; every
    answer solved and its givens kept."""
    rc, got, err = answers(list(args), data, path)
    if status is not None and rc != status:
        return fail(case, f"exit {rc}, expected {status}: {err}")
    if rc not in (0, 10) and status is None:
        return fail(case, f"exit {rc}: {err}")
    if err:
        return fail(case, f"stderr: {err}")
    if len(got) != len(want):
        return fail(case, f"{len(got)} answers, expected {len(want)}: {got}")
    for k, (o, (line, name, givens)) in enumerate(zip(got, want)):
        if o.get("line") != line:
            return fail(case, f"#{k + 1}: line {o.get('line')}, expected {line}")
        if o.get("name") != name:
            return fail(case, f"#{k + 1}: name {o.get('name')!r}, expected {name!r}")
        if o.get("puzzle") != givens:
            return fail(case, f"#{k + 1}: puzzle {o.get('puzzle')}, expected {givens}")
        if o.get("status") != "solved":
            return fail(case, f"#{k + 1}: status {o.get('status')}")
    ok()

def refused(case, data, message, args=(), where=None):
    """Refused as a whole: exit 3, nothing on stdout, message on stderr
    (at FILE:LINE:COL when where is given)."""
    rc, out, err = run(["solve", *args], data)
    head = f"sudokusat: in.json:{where}: " if where else "sudokusat: in.json"
    if rc != 3 or out or message not in err or not err.startswith(head):
        return fail(case, f"exit {rc}, stdout {out!r}, stderr {err!r}")
    ok()

# -- shapes --------------------------------------------------------------
expect("strings", json.dumps([EASY, ESC], indent=1),
       [(2, None, EASY), (3, None, ESC)])
expect("flat-ints", json.dumps(ints(ESC)), [(1, None, ESC)])
expect("nested-null",
       "[\n" + ",\n".join(json.dumps(r) for r in rows(EASY, blank=None)) + "\n]\n",
       [(1, None, EASY)])
expect("rows-as-strings",
       json.dumps({"grid": [EASY[r * 9:r * 9 + 9] for r in range(9)]}),
       [(1, None, EASY)])
expect("object-rows",
       json.dumps({f"row{r + 1}": row for r, row in enumerate(rows(ESC))},
                  indent=2), [(1, None, ESC)])
expect("cells-as-strings",
       json.dumps({"board": [c for c in EASY]}), [(1, None, EASY)])
# objects with a puzzle field, names, lists of them
def line_of(text, marker):
    return 1 + text[:text.index(marker)].count("\n")
doc = json.dumps({"puzzles": [
    {"id": 7, "board": rows(EASY)},
    {"name": "AI Escargot", "puzzle": ESC, "difficulty": "hard"}]}, indent=2)
expect("puzzles-ids", doc, [(5, "7", EASY),
                            (line_of(doc, '"puzzle": '), "AI Escargot", ESC)])
expect("arnaud-like", json.dumps([{"input": EASY, "solutions": [EASY_SOL],
                                   "type": "easy"}], indent=2),
       [(3, None, EASY)])
expect("quizzes-solutions", json.dumps({"quizzes": [EASY, ESC],
                                        "solutions": [EASY_SOL, ESC_SOL]}),
       [(1, None, EASY), (1, None, ESC)])
# small and large sizes; letters
expect("4x4", json.dumps(["1...2...3...4..."[::-1], [[1, 0, 0, 0], [0, 0, 0, 0],
                                                       [0, 0, 0, 0], [0, 0, 0, 2]]]),
       [(1, None, "...4...3...2...1"), (1, None, "1..............2")])
letters = "".join("." if c == "." else "ABCDEFGHI"[int(c) - 1] for c in EASY)
expect("letters", json.dumps({"puzzle": letters}), [(1, None, letters)])
rc, got, err = answers([], json.dumps({"puzzle": [0] * 256}))
if rc == 10 and len(got) == 1 and len(got[0].get("solution", "")) == 256:
    ok()
else:
    fail("16x16-empty", f"exit {rc}: {got} {err}")
# the lines after a document are read as any other form, and the line of
# each answer is where its value starts
expect("mixed", ESC + "\n[\n  \"" + EASY + "\",\n\n  \"" + ESC + "\"\n]\n" +
       EASY + "\n", [(1, None, ESC), (3, None, EASY), (5, None, ESC),
                     (7, None, EASY)])
# JSON Lines
expect("json-lines", json.dumps({"puzzle": EASY}) + "\n" +
       json.dumps({"puzzle": ESC}) + "\n", [(1, None, EASY), (2, None, ESC)])
# a one-line document past the 65,536-byte line limit
expect("long-line", json.dumps([EASY] * 1000),
       [(1, None, EASY)] * 1000)
# gzip goes through the same byte input
with gzip.open("in.json.gz", "wt") as f:
    f.write(json.dumps({"puzzles": [{"grid": rows(EASY)}]}, indent=1))
expect("gzip", None, [(4, None, EASY)], path="in.json.gz")
# .sdk's [Puzzle] line is no JSON
expect("sdk-section", "[Puzzle]\n" + "\n".join(
    EASY[r * 9:r * 9 + 9] for r in range(9)) + "\n", [(2, None, EASY)])

# -- solutions -----------------------------------------------------------
# a solution field is never read as a puzzle; a wrong one is a mismatch
expect("solution-not-puzzle", json.dumps(
    {"puzzle": EASY, "solution": EASY_SOL, "answer": EASY_SOL}),
    [(1, None, EASY)])
rc, got, err = answers([], json.dumps(
    [{"input": EASY, "solutions": ["4" + EASY_SOL[1:]]}]))
if rc == 7 and [o["status"] for o in got] == ["mismatch"] \
        and "the file's solution is wrong" in err:
    ok()
else:
    fail("solution-checked", f"exit {rc}: {got} {err}")
# several published solutions (a puzzle with several): none is checked
expect("several-solutions", json.dumps(
    [{"input": EASY, "solutions": ["4" + EASY_SOL[1:], EASY_SOL]}]),
    [(1, None, EASY)])

# -- ipuz ----------------------------------------------------------------
ipuz = {"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/sudoku#1"],
        "title": "Easy one", "charset": "123456789", "displaycharset": True,
        "boxes": True,
        "puzzle": [[{"given": v} if v else None for v in r] for r in rows(EASY)],
        "solution": rows(EASY_SOL)}
expect("ipuz-read", json.dumps(ipuz, indent=2), [(10, "Easy one", EASY)])
rc, out, err = run(["solve", "--layout", "ipuz"], json.dumps(ipuz))
try:
    doc = json.loads(out)
    assert out.count("\n") == 1 and rc == 10 and not err
    assert doc["kind"] == ["http://ipuz.org/sudoku#1"]
    assert doc["title"] == "Easy one" and doc["puzzle"] == rows(EASY)
    assert doc["solution"] == rows(EASY_SOL)
    ok()
except Exception as e:
    fail("ipuz-write", f"{e!r}: exit {rc}: {out} {err}")
# round trip: ipuz written from other forms reads back as the same puzzle
for case, text in [("line", ESC + " AI Escargot\n"),
                   ("letters", letters + "\n"),
                   ("hex", "0" + "." * 255 + "\n"),
                   ("quote-name", EASY + ' "quoted" \\ name\n')]:
    args = ["--hex"] if case == "hex" else []
    rc, out, err = run(["solve", "--layout", "ipuz", *args], text, "in.txt")
    first = subprocess.run([S, "solve", "--format", "json", *args, "in.txt"],
                           capture_output=True, text=True).stdout
    with open("back.ipuz", "w") as f:
        f.write(out)
    back = subprocess.run([S, "solve", "--format", "json", *args, "back.ipuz"],
                          capture_output=True, text=True)
    a, b = json.loads(first), json.loads(back.stdout or "{}")
    if rc == 10 and a.get("puzzle") == b.get("puzzle") and \
            a.get("name") == b.get("name") and b.get("status") == "solved":
        ok()
    else:
        fail(f"ipuz-round-trip-{case}", f"{a} != {b} {back.stderr}")
# answers in the puzzle's own layout read back as the puzzle (a 2x2 and
# a 3x3 as grids: a line of 4 or 9 symbols would be a grid row)
for case, doc in [("2x2", [1, 0, 0, 0]), ("3x3", [[1, 0, 0], [0, 0, 0], [0, 0, 0]]),
                  ("9x9", rows(EASY))]:
    rc, out, err = run(["solve"], json.dumps(doc))
    first = json.loads(run(["solve", "--format", "json"], json.dumps(doc))[1])
    with open("back.txt", "w") as f:
        f.write(out)
    back = subprocess.run([S, "solve", "--format", "json", "back.txt"],
                          capture_output=True, text=True)
    b = json.loads(back.stdout or "{}")
    if rc == 10 and b.get("status") == "solved" and \
            b.get("puzzle") == first.get("solution"):
        ok()
    else:
        fail(f"own-layout-{case}", f"{out!r} read back {b} {back.stderr}")
# several puzzles: one ipuz document a line (JSON Lines), read back
rc, out, err = run(["solve", "--layout", "ipuz"], EASY + "\n" + ESC + "\n",
                   "two.txt")
docs = [json.loads(l) for l in out.splitlines()]
expect("ipuz-json-lines", out, [(1, None, EASY), (2, None, ESC)])
if len(docs) != 2:
    fail("ipuz-two", out)
refused("ipuz-crossword", json.dumps({"kind": ["http://ipuz.org/crossword#1"],
                                      "puzzle": [[0]]}),
        "an ipuz document of kind http://ipuz.org/crossword#1", where="1:1")
refused("ipuz-zones", json.dumps({"kind": ["http://ipuz.org/sudoku#1"],
                                  "puzzle": rows(EASY), "zones": []}),
        "an ipuz sudoku with zones")

# -- errors --------------------------------------------------------------
refused("malformed", '{"puzzle": "' + EASY + '",\n "name": x}\n',
        "JSON: invalid token near 'x'", where="2:10")
refused("unclosed", '[\n  "' + EASY + '",\n', "JSON:", where="3:1")
refused("duplicate-key", '{"puzzle": "' + EASY + '", "puzzle": "' + ESC + '"}',
        "JSON: duplicate object key", where="1:104")
refused("no-puzzle-field", '{"version": 3, "tags": ["a", "b"]}\n',
        'a JSON document with no puzzle field: an object with keys '
        '"version", "tags"', where="1:1")
refused("empty-array", "[]\n", "a JSON document that is an empty array")
# a bad puzzle in a document is an error in its place, the others answered
rc, got, err = answers([], '[\n "' + EASY + '",\n "' + EASY[:80] + '",\n'
                       ' [1, 2, 10, 0],\n "' + ESC + '"\n]\n')
want = ["solved", "error", "error", "solved"]
if [o["status"] for o in got] != want or \
        "in.json:3:83: 80 symbols: a one-line puzzle needs a square count" \
        not in err or "in.json:4:2: cell 3 (row 2, column 1): digit 10 " \
        "out of range 1-2" not in err:
    fail("bad-puzzles", f"{[o['status'] for o in got]} {err}")
else:
    ok()
rc, got, err = answers([], '{"puzzle": "' + EASY + '"} x\n')
if [o["status"] for o in got] != ["solved", "error"] or \
        "in.json:1:97: text after the JSON document" not in err:
    fail("text-after", f"{got} {err}")
else:
    ok()

# -- limits --------------------------------------------------------------
# a document past 16 MiB is refused at once, in bounded memory
with open("big.json", "w") as f:
    f.write("[")
    f.write(("\"" + EASY + "\",\n") * 220000)
    f.write("\"" + EASY + "\"]\n")
p = subprocess.run(["/usr/bin/time", "-f", "%M", S, "solve", "big.json"],
                   capture_output=True, text=True, timeout=HANG)
rss = int(p.stderr.strip().splitlines()[-1])
if p.returncode == 3 and not p.stdout and \
        "a JSON document longer than 16777216 bytes" in p.stderr and \
        rss < 600000:
    ok()
else:
    fail("size-limit", f"exit {p.returncode}, {rss} KB: {p.stderr[:300]}")
# -- the real files ------------------------------------------------------
for name, count in [("09-arnaud_puzzles_strings.json", 13),
                    ("10-lbdev_puzzles_int_arrays.json", 10)]:
    path = os.path.join(REAL, "set3", "json", name)
    if not os.path.exists(path):
        print(f"skip real {name}: not found", file=sys.stderr)
        continue
    for cmd in (["solve", "-q", "--format", "json"],
                ["unique", "-q", "--show", "--format", "json"]):
        p = subprocess.run([S, *cmd, path], capture_output=True, text=True)
        got = [json.loads(l) for l in p.stdout.splitlines()]
        if p.returncode in (0, 10, 20) and not p.stderr and \
                len(got) == count and \
                all(o["status"] in ("solved", "none", "unique", "multiple")
                    for o in got):
            ok()
        else:
            fail(f"real {name} {cmd[0]}",
                 f"exit {p.returncode}, {len(got)} answers: {p.stderr[:300]}")

print(f"json: {'FAILED' if failed else 'passed'} ({passed} passed, "
      f"{failed} failed)")
sys.exit(1 if failed else 0)
PY
