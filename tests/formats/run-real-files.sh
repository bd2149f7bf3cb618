#!/usr/bin/env bash
# Real puzzle files people exchange (../shared/data/real-files: set1, set2
# and set3, each with a PROVENANCE.tsv naming the outcome a user expects),
# run through `solve` and `unique --show` with the options the TSV gives.
# read: every puzzle answered (as many as the TSV's `puzzles` says, where
# it says), exit 0, 10 or 20 (1 with an `unknown`), nothing on stderr;
# every solution printed is checked by a validator written here, which
# reads the givens from the file itself: with the form the TSV's `parser`
# column names (id-puzzle-rating, boxed-cells, json-input, json-grid,
# dims-header[:ALPHABET], size-header-numbers, comma-numbers,
# comma-letters, lines[:BLANK], char-grid, numbers, pe96, opensudoku,
# csv-puzzle-solution, equals-grids) it reads every puzzle of the file
# (their count must be the TSV's) and finds the one an answer names by its
# line (by its order for JSON); without a parser, by heuristics at the line
# the answer names.  Rows, columns, boxes (a dims header's shape) or
# jigsaw regions or diagonals hold n distinct digits, givens kept; a
# second solution differs from the first; `none` on a 12x12 or smaller is
# confirmed by this script's own search.
# reject: exit 3, nothing on stdout, a message naming the file, matching
# the TSV's `must_match` where it gives one.
# The validator checks itself first on grids spoilt on purpose.
# The files are not in the repository: they are read from
# SOURCE_DIR/../shared/data/real-files (or $SKS_REAL_FILES; also
# ../../shared, beside a worktree's folder).  A set that is absent is named
# on a SKIPPED line (exit 77 when nothing failed, so ctest reports the
# suite skipped); when none is there it says SKIPPED, what it did not test
# and where it looked, and exits 77.  Solving runs under --time-limit $SKS_REAL_TIME_LIMIT
# (0.2 s, to stay quick): what is tested is reading, and `unknown` counts
# as an answer (the 100x100 is not solved within it).
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
SETS=(set1 set2 set3)
present=0
for st in "${SETS[@]}"; do
  [ -f "$REAL/$st/PROVENANCE.tsv" ] && present=$((present + 1))
done
if [ $present -eq 0 ]; then
  # Status 77: ctest reports the suite as skipped, not passed; the line
  # says what was not tested and where the files were looked for.
  why="SKIPPED real-files: no set1, set2 or set3 PROVENANCE.tsv in ${SKS_REAL_FILES:-$SRC/../shared/data/real-files or $SRC/../../shared/data/real-files} (not part of the clone; SKS_REAL_FILES names another place): reading the real puzzle files people exchange was NOT tested"
  echo "$why" >&2
  echo "$why"
  echo "0 passed, 0 failed, 1 skipped"
  exit 77
fi

python3 - "$S" "$REAL" "${SKS_REAL_TIME_LIMIT:-0.2}" "${SETS[@]}" <<'PY'
import csv, json, math, os, re, subprocess, sys

S, REAL, TL = sys.argv[1], sys.argv[2], sys.argv[3]
SETS = sys.argv[4:]
failed = 0
checked = 0


shown = {}  # failures printed a file and command (the rest counted)
SHOW = 4


def fail(case, why, group=None):
    global failed
    failed += 1
    group = group or case
    shown[group] = shown.get(group, 0) + 1
    if shown[group] <= SHOW:
        print(f"FAIL {case}: {why}", file=sys.stderr)


def first_line(err):
    lines = err.strip().splitlines()
    more = f" (and {len(lines) - 1} more lines)" if len(lines) > 1 else ""
    return (lines[0][:240] if lines else "") + more


def more_failures():
    for group, k in shown.items():
        if k > SHOW:
            print(f"FAIL {group}: {k - SHOW} more failures not shown",
                  file=sys.stderr)


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


# ------------------------------------------------------------ the forms
# Each reader takes the file's lines and returns every puzzle of the file
# in document order: (first line, last line, n, givens 0..n, box shape
# (rows, cols) or None for the default, symbols of the answer).  They read
# strictly: a line they do not expect is an error of the checker's reading
# (reported, never skipped), so that a file read wrongly here is noticed.


class Puzzle:
    def __init__(self, first, last, n, cells, box=None, alpha=DIGITS):
        if len(cells) != n * n:
            raise ValueError(f"line {first}: {len(cells)} cells, not {n * n}")
        self.first, self.last, self.n, self.cells = first, last, n, cells
        self.box, self.alpha = box, alpha


def symbol_value(ch, alpha, blanks):
    if len(ch) != 1:
        raise ValueError(f"{ch!r} is not one symbol")
    if ch in blanks:
        return 0
    if ch.upper() in alpha:
        return alpha.index(ch.upper()) + 1
    if ch in alpha:
        return alpha.index(ch) + 1
    raise ValueError(f"{ch!r} is neither a digit nor a blank")


def number_value(tok, n, blanks=".0_-"):
    if tok in blanks or tok == "":
        return 0
    if not re.fullmatch(r"\d+", tok) or not 0 <= int(tok) <= n:
        raise ValueError(f"{tok!r} is no number 0-{n}")
    return int(tok)


def square_side(length):
    n = math.isqrt(length)
    return n if n * n == length and n >= 4 and \
        math.isqrt(n) ** 2 == n else None


def alphabet(spec):
    """'1-9A-Z?' -> '123...9AB...Z?'"""
    out, i = "", 0
    while i < len(spec):
        if i + 2 < len(spec) and spec[i + 1] == "-":
            out += "".join(chr(c) for c in range(ord(spec[i]),
                                                 ord(spec[i + 2]) + 1))
            i += 3
        else:
            out += spec[i]
            i += 1
    return out


def nonblank(lines):
    return [(i + 1, l) for i, l in enumerate(lines) if l.strip()]


def read_id_puzzle_rating(lines, arg, hexa):
    out = []
    for no, l in nonblank(lines):
        f = l.split()
        if len(f) != 3 or not re.fullmatch(r"[0-9a-f]{12}", f[0]) or \
                not re.fullmatch(r"\d{81}", f[1]) or \
                not re.fullmatch(r"\d+\.\d", f[2]):
            raise ValueError(f"line {no}: not 'ID PUZZLE RATING': {l[:60]!r}")
        out.append(Puzzle(no, no, 9, [int(c) for c in f[1]]))
    return out


def read_lines(lines, arg, hexa):
    """One puzzle a line: its first field, n*n symbols; // and # lines
    are comments; arg names one more blank symbol (lines:X)."""
    alpha = HEX if hexa else DIGITS
    blanks = set(".-_") | ({"0"} if not hexa else set()) | set(arg or "")
    out = []
    for no, l in nonblank(lines):
        s = l.strip()
        if s.startswith("//") or s.startswith("#"):
            continue
        field = s.split()[0]
        n = square_side(len(field))
        if not n:
            raise ValueError(f"line {no}: not a puzzle line: {s[:60]!r}")
        out.append(Puzzle(no, no, n, [symbol_value(c, alpha, blanks)
                                      for c in field], alpha=alpha))
    return out


def read_csv_puzzle_solution(lines, arg, hexa):
    out = []
    rows = nonblank(lines)
    for no, l in rows:
        field = l.strip().split(",")[0]
        n = square_side(len(field)) if field.isdigit() else None
        if not n:
            if no == rows[0][0]:
                continue  # a header
            raise ValueError(f"line {no}: no puzzle field: {l[:60]!r}")
        out.append(Puzzle(no, no, n, [int(c) for c in field]))
    return out


def read_opensudoku(lines, arg, hexa):
    out = []
    for no, l in enumerate(lines, 1):
        for m in re.finditer(r"<game\b[^>]*\bdata=[\"']([^\"']*)[\"']", l):
            n = square_side(len(m.group(1)))
            if not n:
                raise ValueError(f"line {no}: data of {len(m.group(1))}")
            out.append(Puzzle(no, no, n, [symbol_value(c, DIGITS, "0.")
                                          for c in m.group(1)]))
    return out


def read_pe96(lines, arg, hexa):
    out, i = [], 0
    while i < len(lines):
        l = lines[i].strip()
        i += 1
        if not l:
            continue
        if not re.fullmatch(r"Grid \d+", l):
            raise ValueError(f"line {i}: not a 'Grid NN' line: {l[:60]!r}")
        first, rows = i, []
        while len(rows) < 9:
            if i >= len(lines) or not re.fullmatch(r"\d{9}", lines[i].strip()):
                raise ValueError(f"line {i + 1}: not a row of 9 digits")
            rows.append(lines[i].strip())
            i += 1
        out.append(Puzzle(first, i, 9, [int(c) for r in rows for c in r]))
    return out


def grid_cells(line, numbers):
    """The cells of a grid's row: numbers (space or tab separated), or
    symbols (spaced, or packed, or between | bars); None for a line that
    is no row."""
    line = cut_comment(line).replace("|", " ")
    toks = line.split()
    if not toks:
        return None
    if numbers:
        return toks
    if all(len(t) == 1 for t in toks):
        return toks
    return [c for t in toks for c in t]


def read_grids(lines, arg, hexa, numbers=False):
    """Grids of n rows of n cells, rule (----, ====, +--+) and comment
    lines and blank lines between bands skipped; n from the first row.
    Reading stops at a line that is no row of n after a whole grid
    (free text after the last puzzle)."""
    alpha = HEX if hexa else DIGITS
    blanks = set("._-") | (set() if hexa else {"0"})
    out, i = [], 0
    while True:
        rows, first = [], None
        while i < len(lines):
            l = lines[i]
            i += 1
            s = l.strip()
            if not s or s.startswith("#") or rule(l):
                continue
            cells = grid_cells(l, numbers)
            if rows and len(cells) != len(rows[0]):
                raise ValueError(f"line {i}: {len(cells)} cells, the grid's "
                                 f"rows have {len(rows[0])}")
            if not rows:
                if out and len(cells) != out[-1].n:
                    return out  # free text after the last grid
                first = i
            rows.append(cells)
            if len(rows) == len(rows[0]):
                break
        if not rows:
            return out
        n = len(rows[0])
        if len(rows) < n:
            raise ValueError(f"line {first}: {len(rows)} rows of {n}")
        if numbers:
            cells = [number_value(t, n) for r in rows for t in r]
        else:
            cells = [symbol_value(t, alpha, blanks) for r in rows for t in r]
        out.append(Puzzle(first, i, n, cells, alpha=alpha))


def read_numbers(lines, arg, hexa):
    return read_grids(lines, arg, hexa, numbers=True)


def read_dims_header(lines, arg, hexa):
    """box rows, box columns on lines of their own, then the grid."""
    alpha = alphabet(arg) if arg else DIGITS
    nb = nonblank(lines)
    br, bc = int(nb[0][1]), int(nb[1][1])
    n = br * bc
    rows = nb[2:2 + n]
    if len(rows) != n or len(nb) != n + 2:
        raise ValueError(f"{len(nb) - 2} rows under the header, not {n}")
    cells = []
    for no, l in rows:
        if len(l.strip()) != n:
            raise ValueError(f"line {no}: {len(l.strip())} symbols, not {n}")
        cells += [symbol_value(c, alpha, ".") for c in l.strip()]
    return [Puzzle(nb[0][0], rows[-1][0], n, cells, (br, bc), alpha)]


def read_size_header_numbers(lines, arg, hexa):
    nb = nonblank(lines)
    n = int(nb[0][1])
    rows = nb[1:1 + n]
    if len(rows) != n or len(nb) != n + 1:
        raise ValueError(f"{len(nb) - 1} rows under the size line, not {n}")
    cells = []
    for no, l in rows:
        toks = l.split()
        if len(toks) != n:
            raise ValueError(f"line {no}: {len(toks)} numbers, not {n}")
        cells += [number_value(t, n, "_") for t in toks]
    return [Puzzle(nb[0][0], rows[-1][0], n, cells)]


def read_commas(lines, letters):
    nb = nonblank(lines)
    out = []
    while nb:
        n = len(nb[0][1].split(","))
        rows, nb = nb[:n], nb[n:]
        cells = []
        for no, l in rows:
            f = [t.strip() for t in l.split(",")]
            if len(f) != n:
                raise ValueError(f"line {no}: {len(f)} fields, not {n}")
            if letters:
                cells += [0 if t == "+" else
                          symbol_value(t, "abcdefghijklmnopqrstuvwxyz"[:n], "")
                          for t in f]
            else:
                cells += [number_value(t, n) for t in f]
        if len(rows) != n:
            raise ValueError(f"line {rows[0][0]}: {len(rows)} rows of {n}")
        out.append(Puzzle(rows[0][0], rows[-1][0], n, cells))
    return out


def read_comma_numbers(lines, arg, hexa):
    return read_commas(lines, False)


def read_comma_letters(lines, arg, hexa):
    return read_commas(lines, True)


def read_boxed_cells(lines, arg, hexa):
    """A grid drawn cell by cell: +---+ (or +   +) lines between rows, |
    bars; cell k of a row at column 4k+2, a letter a-p, a space blank."""
    out, rows, first = [], [], None
    for no, l in enumerate(lines, 1):
        if l.startswith("+"):
            if first is None:
                first = no
            if rows and len(rows) == len(rows[0]):
                out.append(Puzzle(first, no, len(rows), [c for r in rows
                                                         for c in r]))
                rows, first = [], None
            continue
        if not l.strip():
            continue
        if not l.startswith("|"):
            raise ValueError(f"line {no}: neither a rule nor a row")
        n = (len(l.rstrip()) - 1) // 4
        letters = "abcdefghijklmnopqrstuvwxyz"[:n]
        row = [symbol_value(l[4 * k + 2], letters, " ") for k in range(n)]
        for k in range(n + 1):
            if l[4 * k] != "|" and l[4 * k] != " ":
                raise ValueError(f"line {no}: column {4 * k + 1} is "
                                 f"{l[4 * k]!r}, not a bar or a space")
        rows.append(row)
    if rows:
        raise ValueError(f"{len(rows)} rows after the last rule")
    return out


def json_lines(text, key):
    """The line of each `"key": value` in document order: where the value
    starts."""
    return [text.count("\n", 0, m.end()) + 1
            for m in re.finditer(r'"%s"\s*:\s*' % key, text)]


def read_json_input(lines, arg, hexa):
    text = "\n".join(lines)
    starts = json_lines(text, "input")
    out = []
    for k, obj in enumerate(json.loads(text)):
        s = obj["input"]
        n = square_side(len(s))
        out.append(Puzzle(starts[k], starts[k], n,
                          [symbol_value(c, DIGITS, ".0") for c in s]))
    return out


def read_json_grid(lines, arg, hexa):
    text = "\n".join(lines)
    starts = json_lines(text, "grid")
    out = []
    for k, p in enumerate(json.loads(text)["puzzles"]):
        g = p["grid"]
        n = len(g)
        if any(len(r) != n or any(not isinstance(v, int) or not 0 <= v <= n
                                  for v in r) for r in g):
            raise ValueError(f"puzzle {k + 1}: not {n} rows of {n} numbers")
        out.append(Puzzle(starts[k], starts[k], n, [v for r in g for v in r]))
    return out


READERS = {
    "id-puzzle-rating": read_id_puzzle_rating,
    "boxed-cells": read_boxed_cells,
    "json-input": read_json_input,
    "json-grid": read_json_grid,
    "dims-header": read_dims_header,
    "size-header-numbers": read_size_header_numbers,
    "comma-numbers": read_comma_numbers,
    "comma-letters": read_comma_letters,
    "lines": read_lines,
    "char-grid": read_grids,
    "equals-grids": read_grids,
    "numbers": read_numbers,
    "pe96": read_pe96,
    "opensudoku": read_opensudoku,
    "csv-puzzle-solution": read_csv_puzzle_solution,
}
JSON_FORMS = ("json-input", "json-grid")


def read_puzzles(path, parser, hexa):
    """Every puzzle of the file, by the reader the parser names (a
    parser of the form NAME:ARG gives the reader ARG)."""
    name, _, arg = parser.partition(":")
    if name not in READERS:
        raise ValueError(f"no reader here for the parser {parser!r}")
    return READERS[name](text_lines(path), arg, hexa)


def units(n, regions, x, box=None):
    us = [[r * n + c for c in range(n)] for r in range(n)]
    us += [[r * n + c for r in range(n)] for c in range(n)]
    if regions:
        for lab in set(regions):
            us.append([i for i in range(n * n) if regions[i] == lab])
    else:
        if box:
            br, bc = box
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
    """An answer's values: space-separated numbers (over 35), letters
    (a letter puzzle: A=1), or the puzzle's symbols."""
    if " " in sol:
        return [int(t) for t in sol.split()]
    n = math.isqrt(len(sol))
    if alpha != HEX and n <= 26 and all(ch.isalpha() for ch in sol):
        alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:n]
    return [alpha.index(ch.upper()) + 1 if ch.upper() in alpha else -1
            for ch in sol]


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


NONE_MAX = 12  # `none` is re-decided by the search up to 12x12
BUDGET = 400000  # nodes: a fixed count, the same on any machine


def has_solution(givens, us, n, budget=BUDGET):
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


def self_check():
    """The validator must be able to fail: a valid grid passes, the same
    grid spoilt (two cells swapped, a given changed, a cell out of range,
    a short answer) fails, clashing givens have no solution, a puzzle
    missing one cell of a solution has one."""
    sol = "534678912672195348198342567859761423426853791713924856" \
          "961537284287419635345286179"
    us = units(9, None, False)
    vals = solution_values(sol, DIGITS)
    givens = [v if i % 3 == 0 else 0 for i, v in enumerate(vals)]
    bad = []
    if check_solution(vals, givens, us, 9):
        bad.append("a valid solution refused")
    swapped = vals[:]
    swapped[0], swapped[1] = swapped[1], swapped[0]
    if not check_solution(swapped, [0] * 81, us, 9):
        bad.append("two cells swapped accepted")
    other = givens[:]
    other[0] = 1 + other[0] % 9
    if not check_solution(vals, other, us, 9):
        bad.append("a given not kept accepted")
    if not check_solution(vals[:80], givens, us, 9):
        bad.append("80 cells accepted")
    if not check_solution(solution_values(sol[:80] + "?", DIGITS), givens,
                          us, 9):
        bad.append("a symbol out of range accepted")
    if check_solution(vals, givens, units(9, None, True), 9) is None:
        bad.append("a classic solution accepted as Sudoku-X")
    if has_solution([1, 1] + [0] * 79, us, 9) is not False:
        bad.append("clashing givens solved")
    if has_solution([0] + vals[1:], us, 9) is not True:
        bad.append("a one-blank puzzle unsolved")
    for b in bad:
        fail("the validator's self-check", b)
    return not bad


def run(case, cwd, args):
    p = subprocess.run([S, *args], cwd=cwd, capture_output=True)
    return (p.returncode, p.stdout.decode("utf-8", "replace"),
            p.stderr.decode("utf-8", "replace"))


def check_answer(case, where, rec, n, givens, us, alpha):
    """A solved, unique, multiple or none answer against the givens."""
    global checked

    def bad(why):
        fail(where, why, case)

    status = rec.get("status")
    for key in ("solution", "second_solution"):
        if rec.get(key):
            why = check_solution(solution_values(rec[key], alpha), givens,
                                 us, n)
            checked += 1
            if why:
                bad(f"{key}: {why}")
    if status in ("solved", "unique", "multiple") and not rec.get("solution"):
        bad(f"{status} without a solution")
    if rec.get("second_solution") and \
            rec["second_solution"] == rec.get("solution"):
        bad("the second solution is the first")
    if status == "multiple" and not rec.get("second_solution"):
        bad("multiple without a second solution")
    if status == "none" and n <= NONE_MAX and len(givens) == n * n:
        found = has_solution(givens, us, n)
        checked += 1
        if found:
            bad("none, but this script finds a solution")
        elif found is None:
            bad(f"none, not confirmed within {BUDGET} nodes of this "
                "script's search (raise BUDGET)")


def answers(case, want, rc, out, err):
    recs = [json.loads(l) for l in out.splitlines() if l.strip()]
    unknown = any(r.get("status") == "unknown" for r in recs)
    if rc not in (0, 10, 20) and not (rc == 1 and unknown):
        fail(case, f"exit {rc}, expected 0, 10 or 20: {first_line(err)}")
    elif err.strip():
        fail(case, f"stderr: {first_line(err)}")
    if want and len(recs) != int(want):
        fail(case, f"{len(recs)} answers, the TSV says {want}")
    return recs


def check_read(case, cwd, path, opts, want, rc, out, err):
    """Answers to a file the checker reads by heuristics at the line each
    answer names (no parser in the TSV)."""
    recs = answers(case, want, rc, out, err)
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
            fail(where, f"status {status}: {rec.get('message', '')}", case)
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
            fail(where, f"the checker cannot read the puzzle: {e}", case)
            continue
        if jig:
            regions = read_map(os.path.join(cwd, jig[0]), n)
        check_answer(case, where, rec, n, givens, units(n, regions, x), a)


def check_parsed(case, cwd, opts, puzzles, by_rank, rc, out, err):
    """Answers to a file the checker has read whole with the TSV's
    parser: each answer is the puzzle its line falls in (text) or the
    puzzle of its rank (JSON), every puzzle answered once."""
    recs = answers(case, len(puzzles), rc, out, err)
    x = "x" in [v for o in opts for v in o.split(",")]
    jig = [o.split("jigsaw=", 1)[1] for o in opts if "jigsaw=" in o]
    seen = set()
    notes = {}
    for k, rec in enumerate(recs):
        status = rec.get("status")
        where = f"{case} line {rec.get('line')}"
        if status not in ("solved", "none", "unknown", "unique", "multiple"):
            fail(where, f"status {status}: {rec.get('message', '')}", case)
            continue
        if by_rank and len(recs) != len(puzzles):
            at = [p for p in puzzles if p.first == rec.get("line")]
            if not at:
                fail(where, "no puzzle's value starts on this line (and "
                     "the answers are too many or few to match by order)",
                     case)
                continue
            p = at[0]
        elif by_rank:
            p = puzzles[k]
            if rec.get("line") != p.first and not notes.get(case):
                notes[case] = 1
                print(f"note {case}: answer {k + 1} names line "
                      f"{rec.get('line')}, its value starts on line "
                      f"{p.first}; answers matched by their order")
        else:
            at = [p for p in puzzles
                  if p.first <= (rec.get("line") or 0) <= p.last]
            if not at:
                fail(where, "the line is in none of the file's puzzles", case)
                continue
            p = at[0]
        if id(p) in seen:
            fail(where, f"a second answer to the puzzle of line {p.first}",
                 case)
        seen.add(id(p))
        regions = (read_map(os.path.join(cwd, jig[0]), p.n) if jig
                   else None)
        check_answer(case, where, rec, p.n, p.cells,
                     units(p.n, regions, x, p.box), p.alpha)


def check_reject(case, path, must, rc, out, err):
    if rc != 3:
        fail(case, f"exit {rc}, expected 3 (reject)")
    if out.strip():
        fail(case, f"stdout not empty: {out[:200]}")
    if not err.strip():
        fail(case, "no message on stderr")
    elif path not in err:
        fail(case, f"the message does not name the file: {first_line(err)}")
    if must and not re.search(must, err):
        fail(case, f"the message does not match /{must}/: "
             f"{first_line(err)}")


self_check()
ran = []
for st in SETS:
    cwd = os.path.join(REAL, st)
    tsv = os.path.join(cwd, "PROVENANCE.tsv")
    if not os.path.isfile(tsv):
        msg = (f"SKIPPED: {st} not found at {cwd}: its files were not "
               "tested")
        print(msg)
        print(msg, file=sys.stderr)
        continue
    ran.append(st)
    rows = list(csv.DictReader(open(tsv, newline=""), delimiter="\t"))
    for r in rows:
        exp = r.get("expected") or "read"
        if exp == "aux":
            continue
        path, opts = r["file"], (r.get("options") or "").split()
        want = r.get("puzzles") or ""
        parser = (r.get("parser") or "").strip()
        must = (r.get("must_match") or "").strip()
        puzzles = None
        if exp == "read" and parser and parser != "none":
            try:
                puzzles = read_puzzles(os.path.join(cwd, path), parser,
                                       "--hex" in opts)
            except (ValueError, KeyError, IndexError, TypeError) as e:
                fail(f"{st}/{path}", f"the checker cannot read it as "
                     f"{parser}: {e}")
                continue
            if want and len(puzzles) != int(want):
                fail(f"{st}/{path}", f"the checker reads {len(puzzles)} "
                     f"puzzles as {parser}, the TSV says {want}")
                continue
        for cmd in ("solve", "unique"):
            case = f"{st}/{path} {cmd}"
            args = [cmd, "-q", "-j2", "--time-limit", TL, "--format", "json",
                    *opts, *(["--show"] if cmd == "unique" else []), path]
            rc, out, err = run(case, cwd, args)
            if exp == "reject":
                check_reject(case, path, must, rc, out, err)
            elif puzzles is not None:
                check_parsed(case, cwd, opts, puzzles,
                             parser.partition(":")[0] in JSON_FORMS,
                             rc, out, err)
            else:
                check_read(case, cwd, path, opts, want, rc, out, err)

more_failures()
missing = [st for st in SETS if st not in ran]
print(f"real files ({', '.join(ran)}): {checked} answers checked, "
      f"{failed} failures" + (f"; SKIPPED {', '.join(missing)}"
                              if missing else ""))
sys.exit(1 if failed else 77 if missing else 0)
PY
