"""A validator of the tests' own, sharing no code with the library: the
regions of a shape (rows, columns, boxes or a jigsaw map, the X
diagonals, the windoku windows), every region holding each digit once,
every given kept, and killer cages' sums."""
import os
import re

SOURCE = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def path(*parts):
    return os.path.join(SOURCE, *parts)


def regions(n, box_rows, box_cols, variants=(), jigsaw=None):
    out = [[r * n + c for c in range(n)] for r in range(n)]
    out += [[r * n + c for r in range(n)] for c in range(n)]
    if jigsaw is not None:
        for k in sorted(set(jigsaw)):
            out.append([i for i, v in enumerate(jigsaw) if v == k])
    else:
        for br in range(0, n, box_rows):
            for bc in range(0, n, box_cols):
                out.append([(br + r) * n + bc + c for r in range(box_rows)
                            for c in range(box_cols)])
    if "x" in variants:
        out.append([i * n + i for i in range(n)])
        out.append([i * n + n - 1 - i for i in range(n)])
    if "windoku" in variants:
        for r0 in (1, 5):
            for c0 in (1, 5):
                out.append([(r0 + r) * 9 + c0 + c for r in range(3)
                            for c in range(3)])
    return out


def cells_of(token, n):
    """The cells a token of the rules' text form names: rRcC, A..B (the
    straight line from A to B), rR (a row), cC (a column)."""
    one = r"[rR](\d+)[cC](\d+)"
    m = re.fullmatch(one, token)
    if m:
        return [(int(m.group(1)) - 1) * n + int(m.group(2)) - 1]
    m = re.fullmatch(one + r"\.\." + one, token)
    if m:
        r0, c0, r1, c1 = (int(x) - 1 for x in m.groups())
        k = max(abs(r1 - r0), abs(c1 - c0))
        dr, dc = (r1 > r0) - (r1 < r0), (c1 > c0) - (c1 < c0)
        return [(r0 + i * dr) * n + c0 + i * dc for i in range(k + 1)]
    m = re.fullmatch(r"[rR](\d+)", token)
    if m:
        return [(int(m.group(1)) - 1) * n + c for c in range(n)]
    m = re.fullmatch(r"[cC](\d+)", token)
    return [r * n + int(m.group(1)) - 1 for r in range(n)]


def valid(puzzle, solution):
    """Whether solution (a Puzzle or its cells) solves puzzle: full, the
    givens kept, every region of the shape a permutation of 1..n, and
    every cage's digits distinct and summing to its value."""
    sh = puzzle.shape
    n = sh.n
    cells = list(solution.cells if hasattr(solution, "cells") else solution)
    if len(cells) != n * n or any(not 1 <= v <= n for v in cells):
        return False
    if any(g and g != v for g, v in zip(puzzle.cells, cells)):
        return False
    for reg in regions(n, sh.box_rows, sh.box_cols, sh.variants, sh.jigsaw):
        if sorted(cells[i] for i in reg) != list(range(1, n + 1)):
            return False
    for rule in puzzle.rules:
        words = rule.split()
        if words[0] == "cage":
            value = int(words[1]) if words[1].isdigit() else None
            toks = words[2:] if value is not None else words[1:]
            ds = [cells[i] for t in toks for i in cells_of(t, n)]
            if len(set(ds)) != len(ds):
                return False
            if value is not None and sum(ds) != value:
                return False
    return True


ESCARGOT = ("1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4"
            "......7..7...3..")
ESCARGOT_SOLUTION = ("16285749353412967878964352147531298691358674262879413535"
                     "6478219241935867897261354")
TWO = ("......9....7.....2.....653.8....97.5..6..8....12...34........8..4..."
       "7...365.4....")
NONE = "12...7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
