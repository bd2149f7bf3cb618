#!/usr/bin/env python3
"""A 9x9 f-puzzles document with many kinds of rules, each found to hold in
a known solution (the grid below) by the tests' own search: whispers,
renban, palindrome, between and region-sum lines, a quadruple, odd and
even cells, a minimum and a maximum, an extra region, a sandwich and a
little killer, a thermometer, kropki dots and an X.  Givens: the solution
outside the cells the rules cover, less some, so the rules decide those.
Checks each rule against the solution itself before writing.

usage: padrich.py   (prints the document)
"""
import json

G = "162857493534129678789643521475312986913586742628794135356478219241935867897261354"
N = 9
v = lambda r, c: int(G[r * N + c])
name = lambda r, c: "R%dC%d" % (r + 1, c + 1)
box = lambda r, c: r // 3 * 3 + c // 3
STEPS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]


def paths(k, ok, used):
    """The first path of k king steps on free cells whose digits pass ok."""
    def grow(p):
        if len(p) == k:
            return p if ok([v(*x) for x in p], p) else None
        r, c = p[-1]
        for dr, dc in STEPS:
            q = (r + dr, c + dc)
            if 0 <= q[0] < N and 0 <= q[1] < N and q not in p and q not in used:
                got = grow(p + [q])
                if got:
                    return got
        return None
    for r in range(N):
        for c in range(N):
            if (r, c) not in used:
                got = grow([(r, c)])
                if got:
                    return got
    raise SystemExit("no path found")


def main():
    used, doc = set(), {"size": N, "title": "Rich SudokuPad test",
                        "ruleset": "Normal sudoku rules. German whispers: "
                        "neighbours on a green line differ by at least 5. "
                        "Renban: a purple line holds consecutive digits. "
                        "Palindrome: a grey line reads the same both ways. "
                        "Region sum lines: the blue line's segments in each "
                        "box have the same sum. Sandwich sums outside.",
                        "solution": [int(ch) for ch in G]}

    def take(k, ok, key):
        p = paths(k, ok, used)
        used.update(p)
        doc.setdefault(key, []).append({"lines": [[name(*x) for x in p]]})

    take(4, lambda d, p: all(abs(a - b) >= 5 for a, b in zip(d, d[1:])), "whispers")
    take(4, lambda d, p: sorted(d) == list(range(min(d), min(d) + 4)), "renban")
    take(3, lambda d, p: d[0] == d[-1], "palindrome")
    take(4, lambda d, p: all(min(d[0], d[-1]) < x < max(d[0], d[-1]) for x in d[1:-1]),
         "betweenline")

    def region_sum(d, p):
        sums = {}
        for x, q in zip(d, p):
            sums[box(*q)] = sums.get(box(*q), 0) + x
        boxes = [box(*q) for q in p]
        runs = sum(1 for a, b in zip(boxes, boxes[1:]) if a != b) + 1
        return len(sums) == 2 and runs == 2 and len(set(sums.values())) == 1
    take(3, region_sum, "regionsumline")
    take(3, lambda d, p: all(a < b for a, b in zip(d, d[1:])), "thermometer")
    # A quadruple on a free corner: two of its four digits.
    for y in range(1, N):
        for x in range(1, N):
            q = [(y - 1, x - 1), (y - 1, x), (y, x - 1), (y, x)]
            if not used & set(q):
                break
        else:
            continue
        break
    used.update(q)
    doc["quadruple"] = [{"cells": [name(*c) for c in q],
                         "values": sorted(v(*c) for c in q)[:2]}]
    # Odd and even cells, a minimum and a maximum.
    free = [(r, c) for r in range(N) for c in range(N) if (r, c) not in used]
    odd = [p for p in free if v(*p) % 2][:2]
    even = [p for p in free if not v(*p) % 2][:2]
    used.update(odd + even)
    doc["odd"] = [{"cell": name(*p)} for p in odd]
    doc["even"] = [{"cell": name(*p)} for p in even]

    def extreme(less):
        for r, c in free:
            nb = [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                  if 0 <= r + dr < N and 0 <= c + dc < N]
            if (r, c) not in used and all((v(r, c) < v(*q)) == less for q in nb):
                used.add((r, c))
                return name(r, c)
        raise SystemExit("no extreme cell")
    doc["minimum"] = [{"cell": extreme(True)}]
    doc["maximum"] = [{"cell": extreme(False)}]
    # An extra region: a free diagonal run of distinct digits.
    for r in range(N - 3):
        run = [(r + k, k) for k in range(4)]
        if not used & set(run) and len({v(*p) for p in run}) == 4:
            break
    used.update(run)
    doc["extraregion"] = [{"cells": [name(*p) for p in run]}]
    # A white dot, a black dot, an X (pairs not yet used).
    for key, ok in (("difference", lambda a, b: abs(a - b) == 1),
                    ("ratio", lambda a, b: max(a, b) == 2 * min(a, b)),
                    ("xv", lambda a, b: a + b == 10)):
        pair = next([(r, c), (r, c + 1)] for r in range(N) for c in range(N - 1)
                    if not used & {(r, c), (r, c + 1)} and ok(v(r, c), v(r, c + 1)))
        used.update(pair)
        e = {"cells": [name(*p) for p in pair]}
        if key == "xv":
            e["value"] = "X"
        doc[key] = [e]
    # A sandwich on row 1 and a little killer from above column 2.
    row = [v(0, c) for c in range(N)]
    i, j = sorted((row.index(1), row.index(9)))
    doc["sandwichsum"] = [{"cell": "R1C0", "value": str(sum(row[i + 1:j]))}]
    diag = sum(v(k, 1 + k) for k in range(N - 1))
    doc["littlekillersum"] = [{"cell": "R0C1", "direction": "DR", "value": str(diag)}]
    # Givens: the solution where no rule is, but for every third such cell.
    doc["grid"] = [[{} for c in range(N)] for r in range(N)]
    k = 0
    for r in range(N):
        for c in range(N):
            if (r, c) not in used:
                k += 1
                if k % 3:
                    doc["grid"][r][c] = {"value": v(r, c), "given": True}
    print(json.dumps(doc))


if __name__ == "__main__":
    main()
