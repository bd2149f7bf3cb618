#!/usr/bin/env bash
# Real puzzle files people exchange (../shared/data/real-files: set1 and
# set2, each with a PROVENANCE.tsv naming the outcome a user expects), run
# through `solve` and `unique --show` with the options the TSV gives.
# read: every puzzle answered (as many as the TSV's `puzzles` says, where
# it says), exit 0, 10 or 20 (1 with an `unknown`), nothing on stderr; every solution printed is
# checked by a validator written here, which reads the givens (and a
# jigsaw's region map) from the file itself at the line the answer names:
# rows, columns, boxes or jigsaw regions or diagonals hold n distinct
# digits, givens kept; a second solution differs from the first; `none`
# on a 9x9 or smaller is confirmed by this script's own search.
# reject: exit 3 and nothing on stdout.
# The files are not in the repository: they are read from
# SOURCE_DIR/../shared/data/real-files (or $SKS_REAL_FILES), and the test
# says SKIPPED, what it did not test and where it looked, and exits 77
# (ctest: skipped) when they are absent.  Solving runs under --time-limit
# $SKS_REAL_TIME_LIMIT (0.2 s, to stay quick): what is tested is reading,
# and `unknown` counts as an answer (the 100x100 is not solved within it).
# usage: run-real-files.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-real-files.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
SRC=$(cd "$SRC" && pwd) # a relative SOURCE_DIR outlives any cd below
case $S in /*) ;; *) S=$PWD/$S ;; esac
# (../shared beside the clone, or beside a worktree's folder)
REAL=${SKS_REAL_FILES:-}
if [ -z "$REAL" ]; then
  for d in "$SRC/../shared" "$SRC/../../shared"; do
    REAL=$d/data/real-files
    [ -f "$REAL/set1/PROVENANCE.tsv" ] && break
  done
fi
if [ ! -f "$REAL/set1/PROVENANCE.tsv" ] || [ ! -f "$REAL/set2/PROVENANCE.tsv" ]; then
  # Status 77: ctest reports the suite as skipped, not passed; the line
  # says what was not tested and where the files were looked for.
  why="SKIPPED real-files: no set1/PROVENANCE.tsv and set2/PROVENANCE.tsv in ${SKS_REAL_FILES:-$SRC/../shared/data/real-files or $SRC/../../shared/data/real-files} (not part of the clone; SKS_REAL_FILES names another place): reading the real puzzle files of 40 repositories was NOT tested"
  echo "$why" >&2
  echo "$why"
  echo "0 passed, 0 failed, 1 skipped"
  exit 77
fi

python3 - "$S" "$REAL" "${SKS_REAL_TIME_LIMIT:-0.2}" <<'PY'
import csv, json, math, os, re, subprocess, sys

S, REAL, TL = sys.argv[1], sys.argv[2], sys.argv[3]
failed = 0
checked = 0


def fail(case, why):
    global failed
    failed += 1
    print(f"FAIL {case}: {why}", file=sys.stderr)


DIGITS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
HEX = "0123456789ABCDEF"
BLANKS = set(".0_-?")


def text_lines(path):
    raw = open(path, "rb").read().decode("latin-1")
    raw = raw.replace("\xc2\xa0", "  ")  # no-break spaces pad cells
    return re.split(r"\r\n|\n|\r", raw)


def cut_comment(line):
    m = re.search(r"\s#", line)
    return line[: m.start()] if m else line


def rule(line):
    s = line.strip()
    return s != "" and all(ch in "-=+|* " for ch in s)


def cell_value(tok, alpha):
    """A cell's value 1..n, or 0 for a blank."""
    if re.fullmatch(r"\d+", tok) and (len(tok) > 1 or alpha != HEX):
        return int(tok)  # a number (also a digit 1-9 or 0 as blank)
    if len(tok) == 1 and tok in BLANKS and not (alpha == HEX and tok == "0"):
        return 0
    return alpha.index(tok.upper()) + 1


def grid_rows(lines, i, n):
    """n rows of n cells from line index i on (blank, rule and comment
    lines between them skipped); returns (rows of tokens, next index)."""
    rows = []
    while i < len(lines) and len(rows) < n:
        line = lines[i]
        i += 1
        if line.strip().startswith("#") or rule(line):
            continue
        line = cut_comment(line)
        if not line.strip():
            if rows:
                continue  # between bands
            continue
        toks = line.split()
        if len(toks) == n:
            rows.append(toks)
            continue
        chars = [ch for ch in line if not ch.isspace() and ch != "|"]
        if len(chars) == n:
            rows.append(chars)
            continue
        raise ValueError(f"line {i}: not a row of {n}: {line[:60]!r}")
    if len(rows) < n:
        raise ValueError(f"{len(rows)} rows of {n}")
    return rows, i


def givens_at(lines, lineno, n, alpha):
    """The givens of the puzzle starting at line lineno (1-based), its
    region map when one follows it, from this script's own reading."""
    line = lines[lineno - 1]
    m = re.search(r"data=[\"']([^\"']+)[\"']", line)
    if m and len(m.group(1)) == n * n:
        return [cell_value(ch, alpha) for ch in m.group(1)], None
    toks = line.split()
    if len(toks) == n * n and n > 3:
        return [cell_value(t, alpha) for t in toks], None
    for field in re.split(r"[\s,:;\"']+", line):
        field = re.sub(r"\+(?=[0-9A-Za-z])", "", field)
        if len(field) == n * n and n > 3:
            return [cell_value(ch, alpha) for ch in field], None
    if len(toks) == 1 and n > 3 and all(
            len(l.split()) == 1 and len(l.strip()) <= min(3, n - 1)
            for l in lines[lineno - 1:lineno - 1 + n * n]):
        return [cell_value(l.strip(), alpha)  # numbers one a line
                for l in lines[lineno - 1:lineno - 1 + n * n]], None
    rows, i = grid_rows(lines, lineno - 1, n)
    cells = [cell_value(t, alpha) for r in rows for t in r]
    regions = None
    j = i
    while j < len(lines) and not lines[j].strip():
        j += 1
    if j < len(lines):
        first = lines[j].split()
        labels = first if len(first) == n else list(lines[j].strip())
        if len(labels) == n and len(set(labels)) < n and \
                all(re.fullmatch(r"[1-9A-Za-z][0-9A-Za-z]*", t) for t in labels):
            mrows, _ = grid_rows(lines, j, n)
            regions = [t for r in mrows for t in r]
    return cells, regions


def read_map(path, n):
    lines = text_lines(path)
    i = 0
    while not lines[i].strip():
        i += 1
    rows, _ = grid_rows(lines, i, n)
    return [t for r in rows for t in r]


def units(n, regions, x):
    us = [[r * n + c for c in range(n)] for r in range(n)]
    us += [[r * n + c for r in range(n)] for c in range(n)]
    if regions:
        for lab in set(regions):
            us.append([i for i in range(n * n) if regions[i] == lab])
    else:
        br = max(k for k in range(1, math.isqrt(n) + 1) if n % k == 0)
        bc = n // br
        for r0 in range(0, n, br):
            for c0 in range(0, n, bc):
                us.append([(r0 + i) * n + c0 + j
                           for i in range(br) for j in range(bc)])
    if x:
        us.append([i * n + i for i in range(n)])
        us.append([i * n + n - 1 - i for i in range(n)])
    return us


def solution_values(sol, alpha):
    if " " in sol:
        return [int(t) for t in sol.split()]
    return [alpha.index(ch.upper()) + 1 for ch in sol]


def check_solution(vals, givens, us, n):
    if len(vals) != n * n:
        return f"{len(vals)} cells, expected {n * n}"
    if any(not 1 <= v <= n for v in vals):
        return "a value out of range"
    for u in us:
        if sorted(vals[i] for i in u) != list(range(1, n + 1)):
            return f"a unit {u[:3]}... does not hold 1-{n}"
    for i, g in enumerate(givens):
        if g and g != vals[i]:
            return f"given {g} at r{i // n + 1}c{i % n + 1} not kept"
    return None


def has_solution(givens, us, n, budget=200000):
    """This script's own search: True, False, or None (budget spent)."""
    cell_units = [[] for _ in range(n * n)]
    for k, u in enumerate(us):
        for i in u:
            cell_units[i].append(k)
    used = [0] * len(us)
    grid = list(givens)
    full = (1 << (n + 1)) - 2
    for i, g in enumerate(grid):
        if g:
            for k in cell_units[i]:
                if used[k] & (1 << g):
                    return False
                used[k] |= 1 << g
    nodes = [0]

    def search():
        nodes[0] += 1
        if nodes[0] > budget:
            raise TimeoutError
        best, best_free = -1, None
        for i in range(n * n):
            if grid[i]:
                continue
            taken = 0
            for k in cell_units[i]:
                taken |= used[k]
            free = full & ~taken
            if best < 0 or bin(free).count("1") < bin(best_free).count("1"):
                best, best_free = i, free
                if not free:
                    return False
        if best < 0:
            return True
        for v in range(1, n + 1):
            if best_free & (1 << v):
                grid[best] = v
                for k in cell_units[best]:
                    used[k] |= 1 << v
                if search():
                    return True
                for k in cell_units[best]:
                    used[k] &= ~(1 << v)
                grid[best] = 0
        return False

    try:
        return search()
    except TimeoutError:
        return None


def run(case, cwd, args):
    p = subprocess.run([S, *args], cwd=cwd, capture_output=True)
    return (p.returncode, p.stdout.decode("utf-8", "replace"),
            p.stderr.decode("utf-8", "replace"))


def check_read(case, cwd, path, opts, want, cmd, rc, out, err):
    global checked
    recs = [json.loads(l) for l in out.splitlines() if l.strip()]
    unknown = any(r.get("status") == "unknown" for r in recs)
    if rc not in (0, 10, 20) and not (rc == 1 and unknown):
        fail(case, f"exit {rc}, expected 0, 10 or 20: {err[:300]}")
    if err.strip():
        fail(case, f"stderr: {err.strip()[:300]}")
    if want and len(recs) != int(want):
        fail(case, f"{len(recs)} answers, the TSV says {want}")
    if not recs:
        fail(case, "no answer")
    lines = text_lines(os.path.join(cwd, path))
    alpha = HEX if "--hex" in opts else DIGITS
    x = "x" in [v for o in opts for v in o.split(",")]
    jig = [o.split("jigsaw=", 1)[1] for o in opts if "jigsaw=" in o]
    for rec in recs:
        status = rec.get("status")
        where = f"{case} line {rec.get('line')}"
        if status not in ("solved", "none", "unknown", "unique", "multiple"):
            fail(where, f"status {status}: {rec.get('message', '')}")
            continue
        sol = rec.get("solution")
        n = (math.isqrt(len(sol.split())) if sol and " " in sol
             else math.isqrt(len(sol)) if sol else None)
        if n is None and status == "none":
            n = 9 if not jig else None
        if n is None:
            continue
        a = alpha
        if sol and " " not in sol and alpha != HEX and n <= 26 and \
                all(ch.isalpha() for ch in sol):
            a = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:n]
        try:
            givens, regions = givens_at(lines, rec["line"], n, a)
        except (ValueError, IndexError) as e:
            if status == "none" and not sol:
                continue  # a none of another size: nothing to check
            fail(where, f"the checker cannot read the puzzle: {e}")
            continue
        if jig:
            regions = read_map(os.path.join(cwd, jig[0]), n)
        us = units(n, regions, x)
        for key in ("solution", "second_solution"):
            if rec.get(key):
                why = check_solution(solution_values(rec[key], a), givens,
                                     us, n)
                checked += 1
                if why:
                    fail(where, f"{key}: {why}")
        if rec.get("second_solution") and \
                rec["second_solution"] == rec.get("solution"):
            fail(where, "the second solution is the first")
        if status == "multiple" and not rec.get("second_solution"):
            fail(where, "multiple without a second solution")
        if status == "none" and n <= 9 and len(givens) == n * n:
            found = has_solution(givens, us, n)
            checked += 1
            if found:
                fail(where, "none, but this script finds a solution")


for st in ("set1", "set2"):
    cwd = os.path.join(REAL, st)
    rows = list(csv.DictReader(open(os.path.join(cwd, "PROVENANCE.tsv")),
                               delimiter="\t"))
    for r in rows:
        exp = r.get("expected") or "read"
        if exp == "aux":
            continue
        path, opts = r["file"], (r.get("options") or "").split()
        want = r.get("puzzles") or ""
        for cmd in ("solve", "unique"):
            case = f"{st}/{path} {cmd}"
            args = [cmd, "-q", "-j2", "--time-limit", TL, "--format", "json",
                    *opts, *(["--show"] if cmd == "unique" else []), path]
            rc, out, err = run(case, cwd, args)
            if exp == "reject":
                if rc != 3:
                    fail(case, f"exit {rc}, expected 3 (reject)")
                if out.strip():
                    fail(case, f"stdout not empty: {out[:200]}")
                if not err.strip():
                    fail(case, "no message on stderr")
            else:
                check_read(case, cwd, path, opts, want, cmd, rc, out, err)

print(f"real files: {checked} answers checked, {failed} failures")
sys.exit(1 if failed else 0)
PY
