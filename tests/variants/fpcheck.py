#!/usr/bin/env python3
"""The tests' own reading of an f-puzzles document's rules: checks a grid
(a line of n*n digits) against the keys the f-puzzles test files use
(givens, boxes, killer cages, thermometers, arrows, kropki dots, X/V,
odd/even, minimum/maximum cells, sandwiches, little killers).  Exit 0 when every rule holds.

usage: fpcheck.py FILE.json GRID
"""
import json
import sys


def cell(s):
    r, c = s.upper()[1:].split("C")
    return int(r) - 1, int(c) - 1


def main():
    d = json.load(open(sys.argv[1]))
    n, g = d["size"], sys.argv[2]
    v = lambda rc: int(g[rc[0] * n + rc[1]], 36)
    bad = []
    box = {4: (2, 2), 6: (2, 3), 9: (3, 3)}[n]
    units = [[(r, c) for c in range(n)] for r in range(n)]
    units += [[(r, c) for r in range(n)] for c in range(n)]
    units += [[(br + i, bc + j) for i in range(box[0]) for j in range(box[1])]
              for br in range(0, n, box[0]) for bc in range(0, n, box[1])]
    for u in units:
        if sorted(v(x) for x in u) != list(range(1, n + 1)):
            bad.append("unit %s" % u)
    for r, row in enumerate(d["grid"]):
        for c, x in enumerate(row):
            if x.get("given") and x.get("value") and v((r, c)) != x["value"]:
                bad.append("given r%dc%d" % (r + 1, c + 1))
    for k in d.get("killercage", []):
        ds = [v(cell(x)) for x in k["cells"]]
        if len(set(ds)) != len(ds) or (k.get("value") and sum(ds) != int(k["value"])):
            bad.append("cage %s" % k)
    for t in d.get("thermometer", []):
        for line in t["lines"]:
            ds = [v(cell(x)) for x in line]
            if any(a >= b for a, b in zip(ds, ds[1:])):
                bad.append("thermo %s" % line)
    for a in d.get("arrow", []):
        circle = sorted(cell(x) for x in a["cells"])
        num = int("".join(str(v(x)) for x in circle))
        for line in a["lines"]:
            shaft = [cell(x) for x in line if cell(x) not in circle]
            if sum(v(x) for x in shaft) != num:
                bad.append("arrow %s" % line)
    for k in d.get("difference", []):
        a, b = (v(cell(x)) for x in k["cells"])
        if abs(a - b) != int(k.get("value") or 1):
            bad.append("white dot %s" % k)
    for k in d.get("ratio", []):
        a, b = (v(cell(x)) for x in k["cells"])
        if max(a, b) != min(a, b) * int(k.get("value") or 2):
            bad.append("black dot %s" % k)
    for k in d.get("xv", []):
        a, b = (v(cell(x)) for x in k["cells"])
        if a + b != {"X": 10, "V": 5}[k["value"].upper()]:
            bad.append("xv %s" % k)
    for k in d.get("odd", []):
        if v(cell(k["cell"])) % 2 == 0:
            bad.append("odd %s" % k)
    for k in d.get("even", []):
        if v(cell(k["cell"])) % 2:
            bad.append("even %s" % k)
    # A minimum (maximum) cell is less (greater) than each orthogonal
    # neighbour that is not a minimum (maximum) cell itself.
    for key, sign in (("minimum", -1), ("maximum", 1)):
        group = {cell(k["cell"]) for k in d.get(key, [])}
        for r, c in group:
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= rr < n and 0 <= cc < n and (rr, cc) not in group and \
                        sign * (v((r, c)) - v((rr, cc))) <= 0:
                    bad.append("%s r%dc%d" % (key, r + 1, c + 1))
    for k in d.get("sandwichsum", []):
        r, c = (int(x) for x in k["cell"].upper()[1:].split("C"))
        line = [v((r - 1, i)) for i in range(n)] if c in (0, n + 1) else \
               [v((i, c - 1)) for i in range(n)]
        i, j = sorted((line.index(1), line.index(n)))
        if sum(line[i + 1:j]) != int(k["value"]):
            bad.append("sandwich %s" % k)
    for k in d.get("littlekillersum", []):
        r, c = (int(x) for x in k["cell"].upper()[1:].split("C"))
        dr, dc = (-1 if k["direction"][0] == "U" else 1), (-1 if k["direction"][1] == "L" else 1)
        s, r, c = 0, r + dr, c + dc
        while 1 <= r <= n and 1 <= c <= n:
            s, r, c = s + v((r - 1, c - 1)), r + dr, c + dc
        if s != int(k["value"]):
            bad.append("little killer %s" % k)
    if bad:
        print("broken: " + "; ".join(bad))
        sys.exit(1)


main()
