#!/usr/bin/env python3
"""The Interactive Sudoku Solver's strings against brute force: random
4x4 puzzles written as ISS constraint strings, each constraint read here
as ISS defines it (its sudoku_constraint.js and sudoku_builder.js: dots,
X, V and '>' over every orthogonal pair of their cells, a pill read in
the grid's order, a little killer keyed by its first cell, X-sum and
skyscraper clues from either end, whispers with their difference, a
jigsaw with or without the boxes, a grid without boxes, the digits 0-3 of
Shape~4x4~0-3 in a fifth of the cases, where a 0 is no skyscraper,
row and column indexing, lunchboxes, numbered rooms, hidden skyscrapers, counting circles,
sum lines and loops run as the solver's SumLine handler runs, region-sum
lines cut into stretches by the boxes (a jigsaw's pieces without them), same value
sets, Pair and PairX keys written as its fnToBinaryKey writes them,
modular lines of any modulus, rellik and equality cages, sums over any
cells (a cell named twice in a cage or sum counting twice in the sum), value indexing, count distinct, equal sums of segments that may
share cells, FullRank clues with their ties, the last clue of a line and
end kept as ISS's parser keeps it, an earlier clue of the same line and end
replaced: sandwiches, little killers, X-sums, skyscrapers), and the tool's count must equal the
number of 4x4 Latin squares that keep every constraint.
usage: iss4.py SUDOKUSAT [CASES] [SEED]"""
import itertools
import random
import subprocess
import sys

N = 4
S = sys.argv[1]
CASES = int(sys.argv[2]) if len(sys.argv) > 2 else 200
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)

LATIN = []
for rows in itertools.product(itertools.permutations(range(1, 5)), repeat=4):
    if all(len({r[c] for r in rows}) == 4 for c in range(4)):
        LATIN.append([v for r in rows for v in r])
assert len(LATIN) == 576
LATIN0 = [[v - 1 for v in x] for x in LATIN]
LO = 1  # the first digit's value in the case being drawn
BOXES = [[(b // 2) * 8 + (b % 2) * 2 + d for d in (0, 1, 4, 5)] for b in range(4)]


def cid(i):
    return "R%dC%d" % (i // N + 1, i % N + 1)


def distinct(x, cells):
    return len({x[i] for i in cells}) == len(cells)


def walk(k):
    for _ in range(100):
        p = [rng.randrange(16)]
        while len(p) < k:
            r, c = divmod(p[-1], 4)
            nb = [(r + a) * 4 + c + b for a in (-1, 0, 1) for b in (-1, 0, 1)
                  if (a or b) and 0 <= r + a < 4 and 0 <= c + b < 4]
            nb = [q for q in nb if q not in p]
            if not nb:
                break
            p.append(rng.choice(nb))
        if len(p) == k:
            return p
    return walk(2)


def orth_pairs(cells):
    return [(a, b) for i, a in enumerate(cells) for b in cells[i + 1:]
            if abs(a // 4 - b // 4) + abs(a % 4 - b % 4) == 1]


def line(name, back):
    k = int(name[1]) - 1
    cells = [k * 4 + j for j in range(4)] if name[0] == "R" else [j * 4 + k for j in range(4)]
    return cells[::-1] if back else cells


def little_killer(key):
    r, c = divmod(key, 4)
    d = (1, 1) if c == 0 and r <= 2 else (1, -1) if r == 0 else (-1, -1) if c == 3 and 1 <= r <= 2 else (-1, 1)
    out = []
    while 0 <= r < 4 and 0 <= c < 4:
        out.append(r * 4 + c)
        r, c = r + d[0], c + d[1]
    return out


def sum_line(v, t, loop):
    """The solver's SumLine handler on fixed values v: partial sums as bits,
    a sum of t cut back to 0, passes to a fixed point, then one partial
    sum left or a total that is a multiple of t."""
    st = [(1 << t) - 1 if loop else 1] + [0] * len(v)
    while True:
        for i, u in enumerate(v):
            nxt = st[i] << u
            st[i + 1] = nxt | ((nxt >> t) & 1)
        st[-1] &= st[0]
        st[0] = st[-1]
        for i in range(len(v) - 1, -1, -1):
            after = st[i + 1]
            before = (after | ((after & 1) << t)) >> v[i]
            if not before & st[i]:
                return False
            st[i] &= before
        if st[0] == st[-1]:
            break
    if not st[0] & (st[0] - 1):
        return True
    return sum(v) >= t and sum(v) % t == 0


B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def binary_key(fn):
    """The solver's fnToBinaryKey over the values LO..LO+3."""
    out, v, bit = [], 0, 0
    for i in range(4):
        for j in range(4):
            v |= bool(fn(i + LO, j + LO)) << bit
            bit += 1
            if bit == 6:
                out.append(v)
                v = bit = 0
    out.append(v)
    while out and not out[-1]:
        out.pop()
    return "".join(B64[u] for u in out)


def before(fmt, v):
    """Now and then an earlier clue of the same line and end (fmt with {}
    for its value) with another value, which ISS's parser replaces by the
    later one (the last wins)."""
    if rng.random() >= 0.2:
        return ""
    return fmt.format(v + rng.choice([1, 2, 3]))


def make(g):
    """One constraint drawn from grid g: (text, test)."""
    k = rng.randrange(34)
    p = walk(rng.randint(2, 4))
    cs = "~".join(map(cid, p))
    if k == 0:  # a cell named twice counts twice in the sum (ISS's Sum)
        named = p + [rng.choice(p)] if rng.random() < 0.25 else p
        s = sum(g[i] for i in named) if rng.random() < 0.8 else 0
        return (".Cage~%d~%s" % (s, "~".join(map(cid, named))),
                lambda x: distinct(x, p) and (not s or sum(x[i] for i in named) == s))
    if k == 1:
        key = rng.choice([0, 4, 8, 1, 2, 3, 7, 11, 13, 14])
        cells = little_killer(key)
        s = sum(g[i] for i in cells) + rng.choice([0, 0, 1])
        return (before(".LittleKiller~{}~" + cid(key), s) + ".LittleKiller~%d~%s" % (s, cid(key)),
                lambda x: sum(x[i] for i in cells) == s)
    if k == 18:
        name = rng.choice("RC") + str(rng.randint(1, 4))
        hid = rng.random() < 0.5

        def room(x, back):
            v = [x[i] for i in line(name, back)]
            if hid:  # the first lower than one before it
                return next((v[j] for j in range(1, 4) if v[j] < max(v[:j])), None)
            return v[v[0] - 1] if 1 <= v[0] <= 4 else None
        f, b = room(g, False), room(g, True)
        f = f if rng.random() < 0.7 and f is not None else ""
        b = b if rng.random() < 0.5 and b is not None else ""
        return (".%s~%s~%s~%s" % ("HiddenSkyscraper" if hid else "NumberedRoom", name, f, b),
                lambda x: (f == "" or room(x, False) == f) and (b == "" or room(x, True) == b))
    if k in (2, 3, 4):
        name = rng.choice("RC") + str(rng.randint(1, 4))
        if k == 2:
            def sw(x, cells=line(name, False)):
                v = [x[i] for i in cells]
                a, b = sorted((v.index(min(v)), v.index(max(v))))
                return sum(v[a + 1:b])
            s = sw(g)
            return before(".Sandwich~{}~" + name, s) + ".Sandwich~%d~%s" % (s, name), lambda x: sw(x) == s
        def xs(x, back):
            v = [x[i] for i in line(name, back)]
            return sum(v[:v[0]]) if k == 3 else sum(1 for j in range(4) if v[j] == max(v[:j + 1]) and v[j] > 0)
        f, b = xs(g, False), xs(g, True)
        f = f if rng.random() < 0.7 and f else ""  # (a clue of 0 is refused)
        b = b if rng.random() < 0.5 and b else ""
        t = "XSum" if k == 3 else "Skyscraper"
        return ((before("." + t + "~" + name + "~{}~", f) if f else "") + ".%s~%s~%s~%s" % (t, name, f, b),
                lambda x: (f == "" or xs(x, False) == f) and (b == "" or xs(x, True) == b))
    if k == 5:
        return ".Thermo~" + cs, lambda x: all(x[p[i]] < x[p[i + 1]] for i in range(len(p) - 1))
    if k == 6:
        return ".Arrow~" + cs, lambda x: sum(x[i] for i in p[1:]) == x[p[0]]
    if k == 7:
        q = walk(3) if len(p) < 3 else p
        return ".DoubleArrow~" + "~".join(map(cid, q)), lambda x: sum(x[i] for i in q[1:-1]) == x[q[0]] + x[q[-1]]
    if k == 8:
        t = rng.choice(["WhiteDot", "BlackDot", "X", "V", "GreaterThan"])
        cells = rng.sample(range(16), rng.randint(2, 4)) if rng.random() < 0.3 else p
        pr = orth_pairs(cells)
        if not pr:
            a = rng.randrange(15)
            cells = [a, a + 1] if a % 4 != 3 else [a, a + 4] if a < 12 else [a - 4, a]
            pr = orth_pairs(cells)
        fn = {"WhiteDot": lambda u, v: abs(u - v) == 1, "BlackDot": lambda u, v: u == 2 * v or v == 2 * u,
              "X": lambda u, v: u + v == 10, "V": lambda u, v: u + v == 5, "GreaterThan": lambda u, v: u > v}[t]
        return ".%s~%s" % (t, "~".join(map(cid, cells))), lambda x: all(fn(x[a], x[b]) for a, b in pr)
    if k == 9:
        d = rng.choice([1, 2, 3])
        return ".Whisper~%d~%s" % (d, cs), lambda x: all(abs(x[p[i]] - x[p[i + 1]]) >= d for i in range(len(p) - 1))
    if k == 10:
        t = rng.choice(["Renban", "Palindrome", "Zipper", "Between", "AllDifferent"])
        def ok(x):
            v = [x[i] for i in p]
            if t == "Renban":
                return len(set(v)) == len(v) and max(v) - min(v) == len(v) - 1
            if t == "Palindrome":
                return v == v[::-1]
            if t == "AllDifferent":
                return len(set(v)) == len(v)
            if t == "Between":
                lo, hi = sorted((v[0], v[-1]))
                return all(lo < u < hi for u in v[1:-1])
            tot = v[len(v) // 2] if len(v) % 2 else v[0] + v[-1]
            return all(v[i] + v[-1 - i] == tot for i in range(len(v) // 2))
        return ".%s~%s" % (t, cs), ok
    if k == 11:
        d = rng.choice([1, 2])
        def lock(x):
            lo, hi = sorted((x[p[0]], x[p[-1]]))
            return hi - lo >= d and all(not lo <= x[i] <= hi for i in p[1:-1])
        return ".Lockout~%d~%s" % (d, cs), lock
    if k == 12:
        q = walk(3) if len(p) < 3 else p
        return (".Modular~3~" + "~".join(map(cid, q)),
                lambda x: all(len({x[q[j]] % 3 for j in range(i, i + 3)}) == 3 for i in range(len(q) - 2)))
    if k == 13:
        tl = rng.choice([0, 1, 2, 4, 5, 6, 8, 9, 10])
        cells = [tl, tl + 1, tl + 4, tl + 5]
        vs = sorted(rng.sample([g[i] for i in cells], rng.randint(1, 3)))
        if rng.random() < 0.3:
            vs[-1] = rng.randint(LO, LO + 3)
        return (".Quad~%s~%s" % (cid(tl), "~".join(map(str, vs))),
                lambda x: all(sum(1 for i in cells if x[i] == v) >= vs.count(v) for v in vs))
    if k == 14:
        t = rng.choice(["AntiKing", "AntiConsecutive", "DisjointSets", "Diagonal~1", "Diagonal~-1", "StrictXV", "StrictKropki"])
        def glob(x):
            for a in range(16):
                for b in range(a + 1, 16):
                    dr, dc = abs(a // 4 - b // 4), abs(a % 4 - b % 4)
                    same = x[a] == x[b]
                    if t == "AntiKing" and dr <= 1 and dc <= 1 and same:
                        return False
                    if t in ("AntiConsecutive", "StrictKropki") and dr + dc == 1 and abs(x[a] - x[b]) == 1:
                        return False
                    if t == "StrictKropki" and dr + dc == 1 and (x[a] == 2 * x[b] or x[b] == 2 * x[a]):
                        return False
                    if t == "StrictXV" and dr + dc == 1 and x[a] + x[b] in (5, 10):
                        return False
                    if t == "DisjointSets" and a // 4 % 2 == b // 4 % 2 and a % 2 == b % 2 and same:
                        return False
                    if t == "Diagonal~-1" and a // 4 == a % 4 and b // 4 == b % 4 and same:
                        return False
                    if t == "Diagonal~1" and a // 4 + a % 4 == 3 and b // 4 + b % 4 == 3 and same:
                        return False
            return True
        return "." + t, glob
    if k == 15:
        c = rng.randrange(16)
        vs = sorted(rng.sample(range(LO, LO + 4), rng.randint(1, 3)))
        if g[c] not in vs and rng.random() < 0.7:
            vs = sorted(set(vs) | {g[c]})
        return ".~%s_%s" % (cid(c), "_".join(map(str, vs))), lambda x: x[c] in vs
    if k == 19:
        cells = []
        for v in rng.sample(range(LO, LO + 4), rng.randint(1, 3)):
            if v >= 1:
                cells += rng.sample([i for i in range(16) if g[i] == v], v)
        if not cells:
            cells = [p[0]]
        return (".CountingCircles~" + "~".join(map(cid, cells)),
                lambda x: all(sum(1 for j in cells if x[j] == x[i]) == x[i] for i in cells))
    if k == 17:
        def lb(x):
            v = [x[i] for i in p]
            a, b = sorted((v.index(min(v)), v.index(max(v))))
            return sum(v[a + 1:b])
        s = lb(g) + rng.choice([0, 0, 1])
        return ".Lunchbox~%d~%s" % (s, cs), lambda x: distinct(x, p) and lb(x) == s
    if k == 16:
        col = rng.random() < 0.5

        def holds(x, i):
            r, c, v = i // 4, i % 4, x[i]
            return 1 <= v <= 4 and x[r * 4 + v - 1 if col else (v - 1) * 4 + c] == (c if col else r) + 1

        good = [i for i in range(16) if holds(g, i)] or [p[0]]
        cells = rng.sample(good, min(len(good), rng.randint(1, 3)))
        return (".Indexing~%s~%s" % ("C" if col else "R", "~".join(map(cid, cells))),
                lambda x: all(holds(x, i) for i in cells))
    if k == 21:
        loop = rng.random() < 0.4
        good = [t for t in range(1, 13) if sum_line([g[i] for i in p], t, loop)]
        t = rng.choice(good) if good and rng.random() < 0.8 else rng.randint(1, 10)
        return (".SumLine~%d~%s%s" % (t, cs, "~LOOP" if loop else ""),
                lambda x: sum_line([x[i] for i in p], t, loop))
    if k == 22:
        m = rng.choice([2, 2, 3, 5])
        q = walk(rng.choice([2, 4])) if rng.random() < 0.4 else None
        if q is None:  # sets g keeps: equal cells, or pairs of two values
            z = rng.choice([1, 2])
            vals = rng.sample(range(LO, LO + 4), z)
            where = {v: rng.sample([i for i in range(16) if g[i] == v], 2) for v in vals}
            q = [where[v][j] for j in range(2) for v in vals]
            m = 2
        def same(x):
            if m >= len(q):
                return len({x[i] for i in q}) == 1
            z = len(q) // m
            return all(sorted(x[i] for i in q[j * z:(j + 1) * z]) == sorted(x[i] for i in q[:z])
                       for j in range(m))
        if m < len(q) and len(q) % m:
            m = len(q)
        return ".SameValues~%d~%s" % (m, "~".join(map(cid, q))), same
    if k == 23:
        every = rng.random() < 0.5
        legacy = rng.random() < 0.25
        vals = range(LO, LO + 4)
        ok = {(a, b) for a in vals for b in vals if rng.random() < 0.4}
        groups = [p] + ([walk(rng.randint(2, 3))] if rng.random() < 0.3 else [])
        if rng.random() < 0.7:
            ok |= {(g[q[i]], g[q[i + 1]]) for q in groups for i in range(len(q) - 1)}
        if every:
            ok = {(a, b) for a, b in ok if (b, a) in ok} or {(LO, LO + 1), (LO + 1, LO)}
        ok = ok or {(LO, LO)}
        key = binary_key(lambda a, b: (a, b) in ok)
        if legacy:  # Binary's keys swap '-' and '_'
            key = key.translate(str.maketrans("-_", "_-"))
        items = []
        for j, q in enumerate(groups):
            if j:
                items.append("")
            if rng.random() < 0.5:
                items.append("_g%d" % j)
            items += [cid(i) for i in q]
        t = ("BinaryX" if legacy else "PairX") if every else ("Binary" if legacy else "Pair")

        def rel(x):
            for q in groups:
                prs = [(a, b) for i, a in enumerate(q) for b in q[i + 1:]] if every else list(zip(q, q[1:]))
                if not all((x[a], x[b]) in ok for a, b in prs):
                    return False
            return True
        return ".%s~%s~%s" % (t, key, "~".join(items)), rel
    if k == 24:
        m = rng.choice([1, 2, 2, 4, 5])
        q = walk(rng.randint(2, 4))

        def modular(x):  # the solver's: the first m differ, cells m apart agree
            v = [x[i] % m for i in q]
            return len(set(v[:m])) == len(v[:m]) and all(v[i] == v[i + m] for i in range(len(v) - m))
        return ".Modular~%d~%s" % (m, "~".join(map(cid, q))), modular
    if k == 25:  # no one or more of the cage's digits sum to the value
        def sums(x):
            v = [x[i] for i in p]
            return {sum(q) for r in range(1, len(v) + 1) for q in itertools.combinations(v, r)}
        # (a sum of 0 is refused: ISS's handler keeps no grid under it)
        bad = [t for t in range(1, 12) if t not in sums(g)]
        t = rng.choice(bad) if bad and rng.random() < 0.8 else rng.randint(1, 10)
        return ".RellikCage~%d~%s" % (t, cs), lambda x: distinct(x, p) and t not in sums(x)
    if k == 26:  # the solver's partitions: even and odd values, the lower
        # and the upper half of the values, as many of each
        q = walk(rng.choice([2, 4]))
        vals = list(range(LO, LO + 4))
        low, high = vals[:2], vals[2:]

        def eq(x):
            v = [x[i] for i in q]
            return (distinct(x, q) and sum(u % 2 == 0 for u in v) == sum(u % 2 == 1 for u in v)
                    and sum(u in low for u in v) == sum(u in high for u in v))
        return ".EqualityCage~" + "~".join(map(cid, q)), eq
    if k == 28:  # the handler's: the second cell's value V (1 or more)
        # indexes the cells after it, the V-th holds the first's value
        q = walk(rng.randint(3, 4))

        def vi(x):
            v = x[q[1]]
            return 1 <= v <= len(q) - 2 and x[q[1 + v]] == x[q[0]]
        return ".ValueIndexing~" + "~".join(map(cid, q)), vi
    if k == 29:  # the first cell's value counts the values of the others
        q = walk(rng.randint(2, 5)) or walk(3)
        return (".CountDistinct~" + "~".join(map(cid, q)),
                lambda x: len({x[i] for i in q[1:]}) == x[q[0]])
    if k == 30:  # segments of the same sum, which may share cells
        segs = [rng.sample(range(16), rng.randint(1, 3)) for _ in range(rng.randint(2, 3))]
        return (".EqualSum~" + "~-~".join("~".join(map(cid, q)) for q in segs),
                lambda x: len({sum(x[i] for i in q) for q in segs}) == 1)
    if k == 31:  # FullRank clues and their ties, one block a puzzle
        lines = [(rc + str(i + 1), back, line(rc + str(i + 1), back))
                 for i in range(4) for rc in "RC" for back in (False, True)]

        def seq(x, cells):
            return [x[i] for i in cells]

        def rank(x, cells):  # 1 + the lines read as smaller numbers
            return 1 + sum(1 for _, _, o in lines if seq(x, o) < seq(x, cells))

        def tied(x, cells):
            return any(o != cells and seq(x, o) == seq(x, cells) for _, _, o in lines)
        clues, text = {}, ""
        for _ in range(rng.randint(1, 3)):
            name, back, cells = rng.choice(lines)
            r = rank(g, cells) if rng.random() < 0.85 else rng.randint(1, 16)
            clues[(name, back)] = (cells, r)  # the last of a line and end
            text += ".FullRank~%s~%s~%s" % (name, "" if back else r, r if back else "")
        ties = rng.choice(["", "none", "only-unclued", "any"])
        text += ".FullRankTies~" + ties if ties else ""

        def ok(x):
            if ties == "none" and len({tuple(seq(x, o)) for _, _, o in lines}) < 16:
                return False
            return all(rank(x, c) == r and (ties == "any" or not tied(x, c))
                       for c, r in clues.values())
        return text, ok
    if k >= 32:  # stretches in one region, in order, all of one sum (the
        # boxes' regions, else a jigsaw's pieces); a line may come back
        q = walk(rng.randint(3, 6))
        regs = SUMREGS

        def rsl(x):
            region = {c: i for i, r in enumerate(regs) for c in r}
            sums, last = [], None
            for c in q:
                if region[c] != last:
                    sums.append(0)
                    last = region[c]
                sums[-1] += x[c]
            return len(set(sums)) == 1
        return ".RegionSumLine~" + "~".join(map(cid, q)), rsl
    if k == 27:  # a Sum over any cells: its digits may repeat
        q = rng.sample(range(16), rng.randint(2, 4))
        if rng.random() < 0.25:
            q.append(rng.choice(q))  # named twice: counted twice
        t = sum(g[i] for i in q) + rng.choice([0, 0, 1])
        return ".Sum~%d~%s" % (t, "~".join(map(cid, q))), lambda x: sum(x[i] for i in q) == t
    q = [i for i in range(16) if i // 4 == p[0] // 4][:rng.randint(2, 4)]
    s = sum(g[i] for i in q)
    return ".Sum~%d~%s" % (s, "~".join(map(cid, q))), lambda x: sum(x[i] for i in q) == s


# Jigsaws: the boxes, or pieces of 4 (a few fixed layouts), with and
# without the boxes beside them.
LAYOUTS = ["0011001122332233", "0001022212331333", "0000111122223333"]
texts, tests = [], []
for case in range(CASES):
    LO = 0 if rng.random() < 0.2 else 1
    regions, head = BOXES, ".Shape~4x4" + ("~0-3" if LO == 0 else "")
    if rng.random() < 0.1:
        regions, head = [], head + ".NoBoxes"  # rows and columns only
    elif rng.random() < 0.25:
        lay = rng.choice(LAYOUTS)
        pieces = [[i for i in range(16) if lay[i] == ch] for ch in sorted(set(lay))]
        if rng.random() < 0.5:
            regions, head = pieces, head + ".Jigsaw~%s.NoBoxes" % lay
        else:
            regions, head = BOXES + pieces, head + ".Jigsaw~%s" % lay
    pool = [x for x in (LATIN0 if LO == 0 else LATIN) if all(distinct(x, r) for r in regions)]
    if not pool:
        continue
    g = rng.choice(pool)
    SUMREGS = BOXES if ".NoBoxes" not in head else regions
    cons = [make(g) for _ in range(rng.randint(1, 3))]
    if not regions:  # no boxes: DisjointSets and RegionSumLine are refused
        no = (".DisjointSets", ".RegionSumLine")  # (tried in run-iss.sh)
        cons = [c for c in cons if not c[0].startswith(no)] or [make(g)]
        cons = [c for c in cons if not c[0].startswith(no)]
    blocks = [c for c in cons if c[0].startswith(".FullRank")]
    cons = [c for c in cons if c not in blocks[1:]]  # one FullRankTies
    if any(t.startswith(".StrictKropki") for t, _ in cons) and any(
            t.startswith((".WhiteDot", ".BlackDot")) for t, _ in cons):
        cons = [c for c in cons if not c[0].startswith(".StrictKropki")]
    texts.append(head + "".join(t for t, _ in cons))
    tests.append((pool, [f for _, f in cons]))

with open("iss4.txt", "w") as f:
    f.write("".join(t + "\n" for t in texts))
out = subprocess.run([S, "count", "--limit", "600", "-q", "iss4.txt"], capture_output=True, text=True)
got = out.stdout.split()
if len(got) != len(texts):
    print("FAIL: %d answers for %d cases: %s" % (len(got), len(texts), out.stderr[:500]))
    sys.exit(1)
fail = 0
for i, (pool, fs) in enumerate(tests):
    want = sum(1 for x in pool if all(f(x) for f in fs))
    if got[i] != str(want):
        fail += 1
        if fail < 10:
            print("FAIL case %d: count %s, brute force %d:\n%s" % (i, got[i], want, texts[i]))
print("%d ISS strings: %d failures" % (len(texts), fail))
sys.exit(1 if fail else 0)
