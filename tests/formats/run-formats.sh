#!/usr/bin/env bash
# --format json and --format csv: every answer parsed by python3's json and
# csv modules, every solution checked by a validator written here (rows,
# columns, boxes, givens kept), the fields against what the text form says.
# usage: run-formats.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-formats.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd) # a relative SOURCE_DIR outlives the cd below
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-formats.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1

# Escargot (unique), a 17-clue with a name holding a quote and a comma,
# a row that leaves its last cell only a 9 its column holds (none), an
# empty 4x4 (multiple), a bad line.
cat >in.txt <<'PUZ'
1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... say "hi", then
12345678.........9...............................................................
................
12x4
PUZ
"$S" encode -q -o one.cnf <(head -n 1 in.txt)

python3 - "$S" <<'PY'
import csv, io, json, subprocess, sys

S = sys.argv[1]
failed = 0
def fail(case, why):
    global failed
    failed += 1
    print(f"FAIL {case}: {why}", file=sys.stderr)

def run(*args):
    p = subprocess.run([S, *args], capture_output=True, text=True)
    return p.returncode, p.stdout

puzzles = [l.split()[0] if l.split() else "" for l in open("in.txt")]

def valid(puzzle, sol):
    n = int(round(len(puzzle) ** 0.5))
    b = int(round(n ** 0.5))
    if len(sol) != n * n:
        return False
    sym = "123456789ABCDEFG"[:n]
    g = [[sym.index(ch) if ch in sym else -1 for ch in sol[r*n:(r+1)*n]]
         for r in range(n)]
    units = [[(r, c) for c in range(n)] for r in range(n)]
    units += [[(r, c) for r in range(n)] for c in range(n)]
    units += [[(br*b + i, bc*b + j) for i in range(b) for j in range(b)]
              for br in range(n // b) for bc in range(n // b)]
    if any(sorted(g[r][c] for r, c in u) != list(range(n)) for u in units):
        return False
    return all(p in ".0" or p == s for p, s in zip(puzzle, sol))

want = {"solve": ["solved", "solved", "none", "solved", "error"],
        "unique": ["unique", "unique", "none", "multiple", "error"],
        "count": ["unique", "unique", "none", "multiple", "error"]}
for cmd, statuses in want.items():
    extra = ["--show"] if cmd == "unique" else []
    status, out = run(cmd, "--format", "json", *extra, "in.txt")
    if status != 3:
        fail(f"{cmd}-json-status", f"exit {status}, expected 3")
    lines = out.splitlines()
    if len(lines) != 5:
        fail(f"{cmd}-json-lines", f"{len(lines)} lines")
        continue
    for i, line in enumerate(lines):
        case = f"{cmd}-json-{i + 1}"
        try:
            o = json.loads(line)
        except ValueError as e:
            fail(case, f"not JSON: {e}: {line}")
            continue
        if o.get("command") != cmd or o.get("file") != "in.txt" \
                or o.get("line") != i + 1:
            fail(case, f"command/file/line wrong: {line}")
        if o.get("status") != statuses[i]:
            fail(case, f"status {o.get('status')}, expected {statuses[i]}")
        if "solution" in o and not valid(puzzles[i], o["solution"]):
            fail(case, f"invalid solution {o['solution']}")
        if o["status"] in ("solved", "unique") and cmd != "count" \
                and "solution" not in o:
            fail(case, "no solution")
        if cmd == "unique" and o["status"] == "multiple":
            if o.get("solution") == o.get("second_solution") or \
                    not valid(puzzles[i], o.get("second_solution", "")):
                fail(case, "two different valid solutions expected")
        if cmd == "count" and o["status"] != "error":
            want_count = {"unique": 1, "none": 0}.get(o["status"])
            if want_count is not None and o.get("count") != want_count:
                fail(case, f"count {o.get('count')}")
            if o["status"] == "multiple" and o.get("count") != 288:
                fail(case, f"empty 4x4 counts {o.get('count')}, not 288")
        if o["status"] == "error" and \
                f"in.txt:{i + 1}:" not in o.get("message", ""):
            fail(case, f"error without its place: {line}")
        if not isinstance(o.get("seconds"), float):
            fail(case, "no seconds")
        if i == 1 and o.get("name") != 'say "hi", then':
            fail(case, f"name {o.get('name')!r}")

    status, out = run(cmd, "--format", "csv", "in.txt")
    rows = list(csv.reader(io.StringIO(out)))
    head = rows[0] if rows else []
    if head[:5] != ["command", "file", "line", "name", "status"]:
        fail(f"{cmd}-csv-header", str(head))
        continue
    if len(rows) != 6 or any(len(r) != len(head) for r in rows):
        fail(f"{cmd}-csv-rows", f"{len(rows)} rows, widths "
             f"{[len(r) for r in rows]} against {len(head)}")
        continue
    got = [dict(zip(head, r)) for r in rows[1:]]
    if [g["status"] for g in got] != statuses:
        fail(f"{cmd}-csv-status", str([g["status"] for g in got]))
    if got[1]["name"] != 'say "hi", then':
        fail(f"{cmd}-csv-name", got[1]["name"])
    for i, g in enumerate(got):
        if g["solution"] and not valid(puzzles[i], g["solution"]):
            fail(f"{cmd}-csv-{i + 1}", "invalid solution")

# A DIMACS file: the model is the CNF's, and the grid it stands for.
status, out = run("solve", "--format", "json", "one.cnf")
try:
    o = json.loads(out)
    if status != 10 or o["status"] != "solved" or not valid(puzzles[0], o["solution"]):
        fail("cnf-json", out)
    if not all(abs(l) == i + 1 for i, l in enumerate(o["model"])):
        fail("cnf-json-model", "model is not 1..n with signs")
except (ValueError, KeyError) as e:
    fail("cnf-json", f"{e}: {out}")

# The same CNF as CSV: the grid alone in the solution column, the model
# in a column of its own (literals apart by spaces), and the backend that
# answered (the auto route takes a CNF to cadical), as in JSON.
status, out = run("solve", "--format", "csv", "one.cnf")
rows = list(csv.DictReader(io.StringIO(out)))
try:
    r = rows[0]
    if status != 10 or len(rows) != 1 or r["status"] != "solved" \
            or not valid(puzzles[0], r["solution"]):
        fail("cnf-csv", out[:300])
    lits = [int(x) for x in r["model"].split()]
    if [abs(l) for l in lits] != list(range(1, len(lits) + 1)):
        fail("cnf-csv-model", "model is not 1..n with signs")
    if r["backend"] != "cadical" or r["puzzle"] != puzzles[0]:
        fail("cnf-csv-backend", f"backend {r['backend']}, puzzle {r['puzzle']}")
except (KeyError, IndexError, ValueError) as e:
    fail("cnf-csv", f"{e}: {out[:300]}")
status, out = run("solve", "--format", "json", "one.cnf")
try:
    o = json.loads(out)
    if o["backend"] != "cadical":
        fail("cnf-json-backend", f"backend {o['backend']} (the route's pick is cadical)")
    if o["puzzle"] != puzzles[0]:
        fail("cnf-json-puzzle", o["puzzle"])
except (ValueError, KeyError) as e:
    fail("cnf-json-backend", f"{e}: {out[:300]}")

# A DIMACS operand that cannot be answered gets an error record, so a
# script sees every operand (the message also on stderr, status 3).
with open("broken.cnf", "w") as f:
    f.write("p cnf 2 1\n1 x 0\n")
with open("plain.cnf", "w") as f:
    f.write("p cnf 2 1\n1 2 0\n")
for cmd, path, where in (("solve", "broken.cnf", "broken.cnf:2:3: "),
                         ("count", "plain.cnf", "plain.cnf: "),
                         ("grade", "one.cnf", "one.cnf: grade reads puzzles"),
                         ("repair", "one.cnf", "one.cnf: repair reads puzzles"),
                         ("minimize", "one.cnf", "one.cnf: minimize reads")):
    for fmt in ("json", "csv"):
        status, out = run(cmd, "--format", fmt, path)
        got = [json.loads(l) for l in out.splitlines()] if fmt == "json" \
            else list(csv.DictReader(io.StringIO(out)))
        if status != 3 or len(got) != 1 or got[0]["status"] != "error" \
                or not got[0]["message"].startswith(where):
            fail(f"cnf-error-{cmd}-{fmt}", f"status {status}: {out[:300]}")

# The puzzle as read comes back with every answer, in both forms.
for fmt in ("json", "csv"):
    status, out = run("solve", "--format", fmt, "in.txt")
    got = [json.loads(l) for l in out.splitlines()] if fmt == "json" \
        else list(csv.DictReader(io.StringIO(out)))
    echoed = [g.get("puzzle", "") for g in got]
    if echoed != puzzles[:4] + [""]:
        fail(f"puzzle-echo-{fmt}", str(echoed))

# An unknown answer says why (the limit that stopped it).
status, out = run("solve", "--format", "json", "--backend", "dlx",
                  "--max-steps", "1", "in.txt")
try:
    o = json.loads(out.splitlines()[0])
    if o["status"] != "unknown" or "--max-steps 1" not in o.get("message", ""):
        fail("unknown-message", out.splitlines()[0])
except (ValueError, KeyError, IndexError) as e:
    fail("unknown-message", f"{e}: {out[:300]}")
status, out = run("unique", "--format", "csv", "--time-limit", "0.000001",
                  "in.txt")
rows = list(csv.DictReader(io.StringIO(out)))
for r in rows:
    if r["status"] == "unknown" and "--time-limit" not in r["message"]:
        fail("unknown-message-csv", str(r))

# Anything not solved says why: none and multiple too.
for cmd in ("solve", "unique"):
    status, out = run(cmd, "--format", "json", "in.txt")
    for line in out.splitlines():
        o = json.loads(line)
        if o["status"] not in ("solved", "unique") and not o.get("message"):
            fail(f"{cmd}-message-{o['status']}", line)

# --summary: one last record with the totals by status, in both forms.
for cmd, words in (("solve", ["solved"]), ("unique", ["unique", "multiple"]),
                   ("count", ["unique", "multiple"])):
    status, out = run(cmd, "--format", "json", "--summary", "in.txt")
    lines = out.splitlines()
    try:
        o = json.loads(lines[-1])
        answers = [json.loads(l)["status"] for l in lines[:-1]]
        want = {"command": cmd, "status": "summary", "puzzles": 5,
                "none": answers.count("none"), "unknown": 0, "errors": 1}
        for w in words:
            want[w] = answers.count(w)
        for k, v in want.items():
            if o.get(k) != v:
                fail(f"{cmd}-summary-json", f"{k}: {o.get(k)!r}, expected {v!r}")
        if not isinstance(o.get("seconds"), float) or "rate" not in o:
            fail(f"{cmd}-summary-json", f"no seconds or rate: {lines[-1]}")
    except (ValueError, IndexError) as e:
        fail(f"{cmd}-summary-json", f"{e}: {out[-300:]}")
    status, out = run(cmd, "--format", "csv", "--summary", "in.txt")
    rows = list(csv.reader(io.StringIO(out)))
    if not rows or any(len(r) != len(rows[0]) for r in rows):
        fail(f"{cmd}-summary-csv", "rows of different widths")
        continue
    got = [dict(zip(rows[0], r)) for r in rows[1:]]
    last = got[-1]
    if len(got) != 6 or last["status"] != "summary" or last["puzzles"] != "5" \
            or last["errors"] != "1" or any(last.get(w) is None for w in words) \
            or any(g["puzzles"] for g in got[:-1]):
        fail(f"{cmd}-summary-csv", str(last))
status, out = run("solve", "--format", "json", "in.txt")
if "summary" in out:
    fail("summary-only-asked", "a summary record without --summary")

# rate: its own fields, in JSON and as CSV columns.
p = subprocess.run([S, "rate", "--analog", "--runs", "4", "--rate-time",
                    "200", "--format", "json"],
                   input=open("in.txt").readline(), capture_output=True,
                   text=True)
try:
    o = json.loads(p.stdout)
    high = o["eta_high"] if o["eta_high"] is not None else float("inf")
    if not (o["eta_low"] <= o["eta"] <= high) or o["runs"] != 4 \
            or o["status"] != "rated" or not o["label"]:
        fail("rate-json", p.stdout)
except (ValueError, KeyError, TypeError) as e:
    fail("rate-json", f"{e}: {p.stdout}")

# Project Euler 96: a "Grid NN" line names the grid after it.
with open("pe.txt", "w") as f:
    f.write("Grid 01\n" + "\n".join(puzzles[0][r * 9:(r + 1) * 9].replace(".", "0")
                                      for r in range(9)) + "\nGrid 02\n"
            + "\n".join(puzzles[1][r * 9:(r + 1) * 9].replace(".", "0") for r in range(9)) + "\n")
status, out = run("solve", "--format", "json", "pe.txt")
try:
    o = [json.loads(l) for l in out.splitlines()]
    if status != 0 or [x.get("name") for x in o] != ["Grid 01", "Grid 02"] \
            or [x["line"] for x in o] != [2, 12] \
            or not all(valid(puzzles[i], x["solution"]) for i, x in enumerate(o)):
        fail("euler-names", f"status {status}: {out}")
except (ValueError, KeyError) as e:
    fail("euler-names", f"{e}: {out}")

# grade: level, effort and label as fields.
status, out = run("grade", "--format", "json", "in.txt")
lines = out.splitlines()
try:
    o = [json.loads(l) for l in lines]
    if [x["status"] for x in o] != ["graded", "graded", "none", "multiple", "error"] \
            or o[0]["level"] not in ("singles", "locked", "search") \
            or not o[0]["effort"] >= 0 or not o[0]["label"]:
        fail("grade-json", out)
except (ValueError, KeyError, TypeError, IndexError) as e:
    fail("grade-json", f"{e}: {out}")

status, out = run("solve", "--format", "yaml", "in.txt")
if status != 2:
    fail("format-unknown", f"exit {status}")

print(f"formats: {'FAILED' if failed else 'passed'} ({failed} failures)")
sys.exit(1 if failed else 0)
PY
