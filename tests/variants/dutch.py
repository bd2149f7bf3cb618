#!/usr/bin/env python3
"""dutch-flatmates against brute force: each 5 of a 9x9 has a 1 directly
above it or a 9 directly below it (this script's own reading of the
rule).  A grid the tool makes under the rule is checked by it; then
puzzles of that grid with many cells blanked (and some with a cell
changed) are counted by the tool (cadical, hall) and by this script's
own search of the completions, up to 3, and each solution the tool
prints is checked.  A lowering that loses a solution or lets one through
changes a count.
usage: dutch.py SUDOKUSAT [CASES] [SEED]"""
import random
import subprocess
import sys

S = sys.argv[1]
CASES = int(sys.argv[2]) if len(sys.argv) > 2 else 12
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)


def dutch_ok(g):
    for i, v in enumerate(g):
        if v == 5 and not ((i >= 9 and g[i - 9] == 1) or (i + 9 < 81 and g[i + 9] == 9)):
            return False
    return True


def sudoku_ok(g):
    for k in range(9):
        row = [g[k * 9 + j] for j in range(9)]
        col = [g[j * 9 + k] for j in range(9)]
        box = [g[(k // 3 * 3 + j // 3) * 9 + k % 3 * 3 + j % 3] for j in range(9)]
        if any(sorted(x) != list(range(1, 10)) for x in (row, col, box)):
            return False
    return True


PEERS = [set() for _ in range(81)]
for i in range(81):
    r, c = divmod(i, 9)
    for j in range(81):
        rr, cc = divmod(j, 9)
        if j != i and (rr == r or cc == c or (rr // 3 == r // 3 and cc // 3 == c // 3)):
            PEERS[i].add(j)


def count(g, limit=3):
    """Completions of g (0: blank) keeping sudoku and the rule, up to limit."""
    g = list(g)
    found = []

    def rec():
        if len(found) >= limit:
            return
        best, opts = -1, None
        for i in range(81):
            if g[i]:
                continue
            o = [v for v in range(1, 10) if all(g[j] != v for j in PEERS[i])]
            if opts is None or len(o) < len(opts):
                best, opts = i, o
                if len(o) < 2:
                    break
        if best < 0:
            # the givens may clash (a changed one): the whole grid checked
            if dutch_ok(g) and sudoku_ok(g):
                found.append(list(g))
            return
        for v in opts:
            g[best] = v
            # a 5 whose neighbours are both set and wrong, or a neighbour
            # set so that a 5 beside it is wrong: prune early
            bad = False
            for i in (best, best - 9, best + 9):
                if 0 <= i < 81 and g[i] == 5:
                    up = g[i - 9] if i >= 9 else -1
                    down = g[i + 9] if i + 9 < 81 else -1
                    if up not in (0, 1) and down not in (0, 9):
                        bad = True
            if not bad:
                rec()
            g[best] = 0

    rec()
    return found


def run(args, text):
    return subprocess.run([S] + args + ["-"], input=text, capture_output=True, text=True).stdout.split()


fail = 0
sol = run(["solve", "-q", "--seed", str(rng.randrange(1, 1000))], "dutch-flatmates\n" + "." * 81 + "\n")
grid = [int(ch) for ch in sol[0]] if sol and sol[0].isdigit() else []
if not (grid and sudoku_ok(grid) and dutch_ok(grid)):
    print("FAIL the grid made breaks the rule: %s" % sol[0])
    sys.exit(1)
for case in range(CASES):
    g = list(grid)
    for i in rng.sample(range(81), rng.randint(40, 56)):
        g[i] = 0
    if case % 3 == 2:  # a given changed: often none
        i = rng.choice([j for j in range(81) if g[j]])
        g[i] = rng.randint(1, 9)
    text = "dutch-flatmates\n" + "".join(str(v) if v else "." for v in g) + "\n"
    want = count(g)
    for backend in ("cadical", "hall"):
        got = run(["count", "-q", "--limit", "3", "--backend", backend], text)
        if got != ["3+" if len(want) == 3 else str(len(want))]:
            fail += 1
            print("FAIL %s case %d: count %s, brute force %d:\n%s" % (backend, case, got, len(want), text))
    out = run(["solve", "-q"], text)
    x = [int(ch) for ch in out[0]] if out and out[0].isdigit() else None
    if (x is None) != (not want) or (x and not (
            sudoku_ok(x) and dutch_ok(x) and all(not v or v == x[i] for i, v in enumerate(g)))):
        fail += 1
        print("FAIL solve case %d: %s, brute force %d:\n%s" % (case, out, len(want), text))
print("%d cases: %d failures" % (CASES, fail))
sys.exit(1 if fail else 0)
