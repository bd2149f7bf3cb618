#!/usr/bin/env python3
"""Variant rules against brute force: every 4x4 grid (288) is checked by
this script's own reading of each rule (written here, apart from the
tool's encoder and validator), and the tool's count of a blank 4x4 under
random rules must equal the number of grids that keep them.  A lowering
that loses a solution or lets a wrong one through changes a count.  A
quarter of the cases carry from-zero (the digits 0-3): their grids and
every rule's reading are of those values.
usage: brute4.py SUDOKUSAT [CASES] [SEED] [BACKENDS]
BACKENDS: the backends that count, comma-separated (default cadical,picosat)."""
import base64
import itertools
import random
import re
import subprocess
import sys

N = 4
S = sys.argv[1]
CASES = int(sys.argv[2]) if len(sys.argv) > 2 else 300
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
BACKENDS = sys.argv[4].split(",") if len(sys.argv) > 4 else ["cadical", "picosat"]


def grids():
    rows = list(itertools.permutations(range(1, N + 1)))
    out = []

    def ok(g):
        for c in range(N):
            col = [r[c] for r in g]
            if len(set(col)) != len(col):
                return False
        for br in range(0, len(g), 2):
            if br + 1 < len(g):
                for bc in (0, 2):
                    box = {g[br][bc], g[br][bc + 1], g[br + 1][bc], g[br + 1][bc + 1]}
                    if len(box) != 4:
                        return False
        return True

    def rec(g):
        if len(g) == N:
            out.append([v for r in g for v in r])
            return
        for r in rows:
            if ok(g + [r]):
                rec(g + [r])

    rec([])
    return out


ALL = grids()
ALL0 = [[v - 1 for v in x] for x in ALL]  # the same grids in the digits 0-3
LO = 1  # the first digit's value in the case being drawn
CUR = {"kropki": set(), "xv": set()}  # the case being drawn
assert len(ALL) == 288, len(ALL)


def rc(i):
    return (i // N, i % N)


def name(i):
    return "r%dc%d" % (i // N + 1, i % N + 1)


def orth(a, b):
    (ra, ca), (rb, cb) = rc(a), rc(b)
    return abs(ra - rb) + abs(ca - cb) == 1


def walk(k):
    """A path of k distinct cells, each a king's move from the last."""
    for _ in range(100):
        p = [rng.randrange(N * N)]
        while len(p) < k:
            r, c = rc(p[-1])
            nb = [(r + dr) * N + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                  if (dr or dc) and 0 <= r + dr < N and 0 <= c + dc < N]
            nb = [x for x in nb if x not in p]
            if not nb:
                break
            p.append(rng.choice(nb))
        if len(p) == k:
            return p
    return None


def line_of(i, vertical, rev):
    cells = [j * N + i for j in range(N)] if vertical else [i * N + j for j in range(N)]
    return cells[::-1] if rev else cells


def box(i):
    r, c = rc(i)
    return (r // 2) * 2 + c // 2


# Each kind: make(g) -> (text, test) with test(grid) -> bool; g a grid the
# rule is drawn from (so it usually has solutions).
def k_cage(g):
    p = walk(rng.randint(1, 4))
    s = sum(g[i] for i in p)
    use = rng.random() < 0.8
    t = "cage %s%s" % ("%d " % s if use else "", " ".join(map(name, p)))
    return t, lambda x: len({x[i] for i in p}) == len(p) and (not use or sum(x[i] for i in p) == s)


def k_little(g):
    p = walk(rng.randint(2, 4))
    s = sum(g[i] for i in p) + rng.choice([0, 0, 1])
    return "little-killer %d %s" % (s, " ".join(map(name, p))), lambda x: sum(x[i] for i in p) == s


def k_sandwich(g):
    cells = line_of(rng.randrange(N), rng.random() < 0.5, rng.random() < 0.5)

    def val(x):
        v = [x[i] for i in cells]
        a, b = sorted((v.index(min(v)), v.index(max(v))))
        return sum(v[a + 1:b])

    s = val(g)
    return "sandwich %d %s" % (s, " ".join(map(name, cells))), lambda x: val(x) == s


def k_xsum(g):
    cells = line_of(rng.randrange(N), rng.random() < 0.5, rng.random() < 0.5)

    def val(x):
        v = [x[i] for i in cells]
        return sum(v[:v[0]])

    s = val(g)
    return "x-sum %d %s" % (s, " ".join(map(name, cells))), lambda x: val(x) == s


def k_sky(g):
    cells = line_of(rng.randrange(N), rng.random() < 0.5, rng.random() < 0.5)

    def val(x):
        top = seen = 0  # a 0 is no building
        for i in cells:
            if x[i] > top:
                top, seen = x[i], seen + 1
        return seen

    s = val(g)
    return "skyscraper %d %s" % (s, " ".join(map(name, cells))), lambda x: val(x) == s


def k_thermo(g):
    p = walk(rng.randint(2, 4))
    slow = rng.random() < 0.3
    if slow:
        return "slow-thermo " + " ".join(map(name, p)), lambda x: all(x[p[i]] <= x[p[i + 1]] for i in range(len(p) - 1))
    return "thermo " + " ".join(map(name, p)), lambda x: all(x[p[i]] < x[p[i + 1]] for i in range(len(p) - 1))


def k_arrow(g):
    p = walk(rng.randint(2, 4))
    split = 2 if len(p) >= 3 and rng.random() < 0.3 else 1
    a, b = p[:split], p[split:]

    def ok(x):
        num = 0
        for i in a:
            num = num * 10 + x[i]
        return sum(x[i] for i in b) == num

    return "arrow %s | %s" % (" ".join(map(name, a)), " ".join(map(name, b))), ok


def k_double(g):
    p = walk(rng.randint(3, 4))
    return "double-arrow " + " ".join(map(name, p)), lambda x: sum(x[i] for i in p[1:-1]) == x[p[0]] + x[p[-1]]


def pair():
    a = rng.randrange(N * N)
    r, c = rc(a)
    nb = [(r + dr) * N + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
          if 0 <= r + dr < N and 0 <= c + dc < N]
    return a, rng.choice(nb)


def k_dot(g):
    a, b = pair()
    kind = rng.choice(["white-dot", "black-dot", "x", "v", "greater", "sum-pair"])
    if kind == "white-dot":
        return "white-dot %s %s" % (name(a), name(b)), lambda x: abs(x[a] - x[b]) == 1
    if kind == "black-dot":
        return "black-dot %s %s" % (name(a), name(b)), lambda x: x[a] == 2 * x[b] or x[b] == 2 * x[a]
    if kind == "x":
        return "x %s %s" % (name(a), name(b)), lambda x: x[a] + x[b] == 10
    if kind == "v":
        return "v %s %s" % (name(a), name(b)), lambda x: x[a] + x[b] == 5
    if kind == "sum-pair":
        s = g[a] + g[b]
        return "sum-pair %d %s %s" % (s, name(a), name(b)), lambda x: x[a] + x[b] == s
    return "greater %s %s" % (name(a), name(b)), lambda x: x[a] > x[b]


def k_line(g):
    p = walk(rng.randint(2, 4))
    kind = rng.choice(["whispers", "renban", "palindrome", "zipper", "region-sum",
                       "between", "lockout", "modular"])
    t = kind + " " + " ".join(map(name, p))
    x0 = p
    if kind == "whispers":
        return t, lambda x: all(abs(x[p[i]] - x[p[i + 1]]) >= 2 for i in range(len(p) - 1))
    if kind == "renban":
        return t, lambda x: len({x[i] for i in p}) == len(p) and max(x[i] for i in p) - min(x[i] for i in p) == len(p) - 1
    if kind == "palindrome":
        return t, lambda x: all(x[p[i]] == x[p[-1 - i]] for i in range(len(p)))
    if kind == "zipper":
        def ok(x):
            k = len(p)
            tot = x[p[k // 2]] if k % 2 else x[p[0]] + x[p[-1]]
            return all(x[p[i]] + x[p[-1 - i]] == tot for i in range(k // 2))
        return t, ok
    if kind == "region-sum":
        def ok(x):
            sums = {}
            for i in p:
                sums[box(i)] = sums.get(box(i), 0) + x[i]
            return len(set(sums.values())) <= 1
        return t, ok
    if kind == "between":
        if len(p) < 3:
            p = walk(3)
            t = kind + " " + " ".join(map(name, p))
        return t, lambda x: all(min(x[p[0]], x[p[-1]]) < x[i] < max(x[p[0]], x[p[-1]]) for i in p[1:-1])
    if kind == "lockout":
        return ("lockout 2 " + " ".join(map(name, p)),
                lambda x: abs(x[p[0]] - x[p[-1]]) >= 2 and all(not (min(x[p[0]], x[p[-1]]) <= x[i] <= max(x[p[0]], x[p[-1]])) for i in p[1:-1]))
    m = rng.choice([2, 3, 3, 4])  # modular: windows of m, written unless 3
    if len(p) < m or (m == 3 and rng.random() < 0.5):
        p = walk(max(m, len(p)))
    t = "modular %s%s" % ("" if m == 3 and rng.random() < 0.5 else "%d " % m, " ".join(map(name, p)))
    return t, lambda x: all(len({x[p[j]] % m for j in range(i, i + m)}) == m for i in range(len(p) - m + 1))


def k_cells(g):
    kind = rng.choice(["odd", "even", "minimum", "maximum", "quadruple", "region", "clone"])
    if kind in ("odd", "even"):
        c = rng.randrange(N * N)
        return "%s %s" % (kind, name(c)), lambda x: x[c] % 2 == (kind == "odd")
    if kind in ("minimum", "maximum"):
        c = rng.randrange(N * N)
        nb = [j for j in range(N * N) if orth(c, j)]
        if kind == "minimum":
            return "minimum " + name(c), lambda x: all(x[c] < x[j] for j in nb)
        return "maximum " + name(c), lambda x: all(x[c] > x[j] for j in nb)
    if kind == "quadruple":
        r, c = rng.randrange(N - 1), rng.randrange(N - 1)
        cells = [r * N + c, r * N + c + 1, (r + 1) * N + c, (r + 1) * N + c + 1]
        ds = sorted(rng.sample([g[i] for i in cells], rng.randint(1, 3)))
        if rng.random() < 0.3:
            ds[-1] = rng.randint(LO, LO + N - 1)
        def ok(x):
            return all(sum(1 for i in cells if x[i] == d) >= ds.count(d) for d in set(ds))
        return "quadruple %s %s" % (" ".join(map(str, ds)), " ".join(map(name, cells))), ok
    if kind == "region":
        cells = rng.sample(range(N * N), rng.randint(2, 4))
        return "region " + " ".join(map(name, cells)), lambda x: len({x[i] for i in cells}) == len(cells)
    cells = rng.sample(range(N * N), 4)
    a, b = cells[:2], cells[2:]
    return ("clone %s | %s" % (" ".join(map(name, a)), " ".join(map(name, b))),
            lambda x: all(x[a[i]] == x[b[i]] for i in range(2)))


def k_global(g):
    kind = rng.choice(["anti-knight", "anti-king", "non-consecutive", "disjoint-groups",
                       "diagonal+", "diagonal-", "anti-taxicab", "modular-squares"])
    if kind == "modular-squares":  # (4 digits: two share a remainder)
        return kind, lambda x: all(
            len({x[a] % 3, x[a + 1] % 3, x[a + N] % 3, x[a + N + 1] % 3}) == 3
            for a in range(N * N) if a // N < N - 1 and a % N < N - 1)

    def ok(x):
        for a in range(N * N):
            for b in range(a + 1, N * N):
                (ra, ca), (rb, cb) = rc(a), rc(b)
                dr, dc = abs(ra - rb), abs(ca - cb)
                same = x[a] == x[b]
                if kind == "anti-knight" and {dr, dc} == {1, 2} and same:
                    return False
                if kind == "anti-king" and dr <= 1 and dc <= 1 and same:
                    return False
                if kind == "non-consecutive" and dr + dc == 1 and abs(x[a] - x[b]) == 1:
                    return False
                if kind == "disjoint-groups" and ra % 2 == rb % 2 and ca % 2 == cb % 2 and same:
                    return False
                if kind == "diagonal-" and ra == ca and rb == cb and same:
                    return False
                if kind == "diagonal+" and ra + ca == N - 1 and rb + cb == N - 1 and same:
                    return False
                if kind == "anti-taxicab" and same and x[a] == dr + dc:
                    return False
        return True

    return kind, ok


def k_all(g):
    kind = rng.choice(["white-dot-all", "black-dot-all", "xv-all"])
    marks = []
    for _ in range(rng.randint(0, 6)):
        a, b = pair()
        # either dot under either kropki rule (a 1-2 pair may carry
        # either, and a dot of either kind exempts its pair from both)
        if kind != "xv-all" and abs(g[a] - g[b]) == 1 and rng.random() < 0.7:
            marks.append(("white-dot", a, b))
        elif kind != "xv-all" and (g[a] == 2 * g[b] or g[b] == 2 * g[a]):
            marks.append(("black-dot", a, b))
        if kind == "xv-all" and g[a] + g[b] == 5:
            marks.append(("v", a, b))
    # The pairs with a dot (white or black: either kind exempts a pair
    # from both kropki rules) or an X or V, over the whole case (CUR is
    # filled once the case's rules are drawn).
    def ok(x, cur=CUR):
        marked = cur["xv"] if kind == "xv-all" else cur["kropki"]
        for a in range(N * N):
            for b in range(a + 1, N * N):
                if not orth(a, b) or frozenset((a, b)) in marked:
                    continue
                if kind == "white-dot-all" and abs(x[a] - x[b]) == 1:
                    return False
                if kind == "black-dot-all" and (x[a] == 2 * x[b] or x[b] == 2 * x[a]):
                    return False
                if kind == "xv-all" and x[a] + x[b] in (5, 10):
                    return False
        rest = [m for m in marks]
        for m, a, b in rest:
            if m == "white-dot" and abs(x[a] - x[b]) != 1:
                return False
            if m == "black-dot" and not (x[a] == 2 * x[b] or x[b] == 2 * x[a]):
                return False
            if m == "v" and x[a] + x[b] != 5:
                return False
        return True

    lines = ["%s %s %s" % (m, name(a), name(b)) for m, a, b in marks] + [kind]
    return "\n".join(lines), ok


def k_hidden(g):
    cells = line_of(rng.randrange(N), rng.random() < 0.5, rng.random() < 0.5)

    def val(x):
        top = x[cells[0]]
        for i in cells[1:]:
            if x[i] < top:
                return x[i]
            top = x[i]
        return None

    s = val(g)
    if s is None or rng.random() < 0.2:
        s = rng.randint(LO, LO + N - 1)
    return ("hidden-skyscraper %d %s" % (s, " ".join(map(name, cells))),
            lambda x: val(x) == s)


def k_circles(g):
    cells = []
    for v in rng.sample(range(LO, LO + N), rng.randint(1, 3)):
        if v >= 1:  # v of the cells that hold v
            cells += rng.sample([i for i in range(N * N) if g[i] == v], v)
    if not cells or rng.random() < 0.2:
        cells.append(rng.choice([i for i in range(N * N) if i not in cells]))
    return ("counting-circles " + " ".join(map(name, cells)),
            lambda x: all(sum(1 for j in cells if x[j] == x[i]) == x[i] for i in cells))


def k_room(g):
    cells = line_of(rng.randrange(N), rng.random() < 0.5, rng.random() < 0.5)

    def val(x):
        v = x[cells[0]]
        return x[cells[v - 1]] if 1 <= v <= N else None

    s = val(g)
    if s is None or rng.random() < 0.2:
        s = rng.randint(LO, LO + N - 1)
    return ("numbered-room %d %s" % (s, " ".join(map(name, cells))),
            lambda x: val(x) == s)


def k_lunch(g):
    p = walk(rng.randint(1, 4)) if rng.random() < 0.7 else line_of(rng.randrange(N), rng.random() < 0.5, rng.random() < 0.5)

    def val(x):
        v = [x[i] for i in p]
        a, b = sorted((v.index(min(v)), v.index(max(v))))
        return sum(v[a + 1:b])

    s = val(g) + rng.choice([0, 0, 0, 1])
    return ("lunchbox %d %s" % (s, " ".join(map(name, p))),
            lambda x: len({x[i] for i in p}) == len(p) and val(x) == s)


def k_index(g):
    col = rng.random() < 0.5

    def holds(x, i):
        (r, c), v = rc(i), x[i]
        if not 1 <= v <= N:
            return False
        return x[r * N + v - 1 if col else (v - 1) * N + c] == (c if col else r) + 1

    good = [i for i in range(N * N) if holds(g, i)]
    cells = rng.sample(good, min(len(good), rng.randint(1, 3))) if good and rng.random() < 0.8 else []
    if not cells or rng.random() < 0.2:
        cells = cells + [rng.choice([i for i in range(N * N) if i not in cells])]
    return ("%s-indexing %s" % ("column" if col else "row", " ".join(map(name, cells))),
            lambda x: all(holds(x, i) for i in cells))


def cut(v, total, target):
    """The total since the last cut after the values v from total, cut
    each time it makes target; None when it passes target."""
    for u in v:
        total += u
        if total > target:
            return None
        if total == target:
            total = 0
    return total


def k_sumline(g):
    p = walk(rng.randint(1, 4))
    loop = rng.random() < 0.4

    def ok(x, s):
        v = [x[i] for i in p]
        if not loop:
            return cut(v, 0, s) == 0
        # a loop: read from some cell that starts a piece, a line; a
        # piece at least (a loop of 0s has none)
        return sum(v) > 0 and any(cut(v[j:] + v[:j], 0, s) == 0 for j in range(len(v)))

    good = [s for s in range(1, 17) if ok(g, s)]
    s = rng.choice(good) if good and rng.random() < 0.8 else rng.randint(1, 12)
    return ("sum-%s %d %s" % ("loop" if loop else "line", s, " ".join(map(name, p))),
            lambda x: ok(x, s))


def k_same(g):
    m, z = rng.choice([2, 3]), rng.choice([1, 1, 2])
    if rng.random() < 0.3:
        cells = rng.sample(range(N * N), m * z)
    else:  # sets that g keeps: z values, a cell of each value in each set
        vals = rng.sample(range(LO, LO + N), z)
        where = {v: rng.sample([i for i in range(N * N) if g[i] == v], m) for v in vals}
        cells = []
        for j in range(m):
            part = [where[v][j] for v in vals]
            rng.shuffle(part)
            cells += part
    sets = [cells[j * z:(j + 1) * z] for j in range(m)]
    return ("same-values %d %s" % (m, " ".join(map(name, cells))),
            lambda x: all(sorted(x[i] for i in q) == sorted(x[i] for i in sets[0]) for q in sets))


def k_pair(g):
    p = walk(rng.randint(2, 4))
    every = rng.random() < 0.5
    rel = [(i, j) for i in range(len(p)) for j in range(i + 1, len(p)) if every or j == i + 1]
    vals = range(LO, LO + N)
    allowed = {(a, b) for a in vals for b in vals if rng.random() < 0.35}
    if rng.random() < 0.7:
        allowed |= {(g[p[i]], g[p[j]]) for i, j in rel}
    if not allowed:
        allowed = {(LO, LO)}
    pairs = sorted(allowed)
    return ("pair%s %s %s" % ("-all" if every else "", " ".join("%d %d" % ab for ab in pairs),
                              " ".join(map(name, p))),
            lambda x: all((x[p[i]], x[p[j]]) in allowed for i, j in rel))


def k_sum(g):
    cells = rng.sample(range(N * N), rng.randint(1, 4))
    s = sum(g[i] for i in cells) + rng.choice([0, 0, 0, 1])
    return "sum %d %s" % (s, " ".join(map(name, cells))), lambda x: sum(x[i] for i in cells) == s


def subset_sums(v):
    """The totals of one or more of the values v."""
    return {sum(q) for r in range(1, len(v) + 1) for q in itertools.combinations(v, r)}


def k_rellik(g):
    p = walk(rng.randint(1, 4))
    bad = [s for s in range(0, 12) if s not in subset_sums([g[i] for i in p])]
    s = rng.choice(bad) if bad and rng.random() < 0.8 else rng.randint(0, 10)
    return ("rellik %d %s" % (s, " ".join(map(name, p))),
            lambda x: len({x[i] for i in p}) == len(p) and s not in subset_sums([x[i] for i in p]))


def k_equality(g):
    p = walk(rng.choice([1, 2, 2, 3, 4, 4]))
    lo = LO

    def ok(x):  # as many even as odd, as many low (the first two digits) as high
        v = [x[i] for i in p]
        return (len(set(v)) == len(v) and 2 * sum(1 for u in v if u % 2 == 0) == len(v)
                and 2 * sum(1 for u in v if u - lo < N // 2) == len(v))
    return "equality-cage " + " ".join(map(name, p)), ok


def k_vindex(g):
    p = walk(rng.randint(3, 5)) or walk(3)
    if rng.random() < 0.6:  # the index names a cell that agrees in g
        good = [i for i in range(2, len(p)) if g[p[i]] == g[p[0]] and g[p[1]] == i - 1]
        if not good:
            p = walk(3)

    def ok(x):
        v = x[p[1]]
        return 1 <= v <= len(p) - 2 and x[p[1 + v]] == x[p[0]]
    return "value-indexing " + " ".join(map(name, p)), ok


def k_distinct(g):
    p = walk(rng.randint(2, 5)) or walk(3)
    return ("count-distinct " + " ".join(map(name, p)),
            lambda x: len({x[i] for i in p[1:]}) == x[p[0]])


def k_equal(g):
    cells = rng.sample(range(N * N), rng.randint(2, 5))
    cut = rng.randint(1, len(cells) - 1)
    a, b = cells[:cut], cells[cut:]
    return ("equal-sum %s | %s" % (" ".join(map(name, a)), " ".join(map(name, b))),
            lambda x: sum(x[i] for i in a) == sum(x[i] for i in b))


def k_rank(g):
    """full-rank: the 16 lines read as numbers; with a rank, that many
    less one are smaller than the line; without one, no other line reads
    the same."""
    cells = line_of(rng.randrange(N), rng.random() < 0.5, rng.random() < 0.5)
    others = [line_of(i, v, r) for i in range(N) for v in (False, True)
              for r in (False, True)]
    others = [o for o in others if o != cells]

    def less(x):
        e = [x[i] for i in cells]
        return sum(1 for o in others if [x[i] for i in o] < e)

    def ties(x):
        e = [x[i] for i in cells]
        return any([x[i] for i in o] == e for o in others)

    line = " ".join(map(name, cells))
    if rng.random() < 0.3:
        return "full-rank " + line, lambda x: not ties(x)
    r = less(g) + 1 if rng.random() < 0.8 else rng.randint(1, 4 * N)
    return "full-rank %d %s" % (r, line), lambda x: less(x) == r - 1


def rx_from(t):
    """A regular expression that the digit string t likely matches:
    each stretch of t written as itself, a class holding it, '.', a
    negated class, an alternation, or a class repeated; then sometimes a
    character changed, so that some do not match."""
    digits = "".join(str(v) for v in range(LO, LO + N))
    parts, i = [], 0
    while i < len(t):
        r = rng.random()
        if r < 0.2:
            parts.append(t[i])
            i += 1
        elif r < 0.35:
            parts.append("[" + "".join(sorted(set(t[i]) | set(rng.sample(digits, 1)))) + "]")
            i += 1
        elif r < 0.45:
            parts.append(".")
            i += 1
        elif r < 0.55:
            out = [d for d in digits if d != t[i]]
            parts.append("[^" + "".join(rng.sample(out, rng.randint(1, 2))) + "]")
            i += 1
        elif r < 0.7:
            parts.append("(%s|%s%s)" % (t[i], rng.choice(digits), rng.choice(["", "", rng.choice(digits)])))
            i += 1
        else:
            j = min(len(t), i + rng.randint(1, 3))
            cls = "".join(sorted(set(t[i:j]) | set(rng.sample(digits, rng.randint(0, 1)))))
            a = j - i
            parts.append("[%s]%s" % (cls, rng.choice(["*", "+", "{%d}" % a, "{%d,}" % max(0, a - 1),
                                                       "{%d,%d}" % (max(0, a - 1), a + 1)])))
            i = j
    if rng.random() < 0.4:  # a part that may match nothing, or must match
        parts.insert(rng.randint(0, len(parts)),  # something
                     rng.choice(digits) + rng.choice(["?", "*", "+", "{0,1}", "{1,}"]))
    pat = "".join(parts)
    if rng.random() < 0.25:  # a digit changed (not a repeat's count)
        depth, places = 0, []
        for k, ch in enumerate(pat):
            depth += ch == "{"
            depth -= ch == "}"
            if ch.isdigit() and not depth:
                places.append(k)
        if places:
            k = rng.choice(places)
            pat = pat[:k] + rng.choice(digits + "5") + pat[k + 1:]
    return pat


def k_regex(g):
    p = walk(rng.randint(1, 4)) if rng.random() < 0.6 else line_of(rng.randrange(N), rng.random() < 0.5, rng.random() < 0.5)
    pat = rx_from("".join(str(g[i]) for i in p))
    rx = re.compile(pat)
    return ("regex %s %s" % (pat, " ".join(map(name, p))),
            lambda x: rx.fullmatch("".join(str(x[i]) for i in p)) is not None)


def nfa_encode(ns, nstart, start_acc, nacc, moves, symbols, packed):
    """The Interactive Sudoku Solver's NFA encoding, written here from its
    description (docs/formats.md): states 0..ns-1, the first nstart the
    starts (start_acc: which of them accept), the next nacc accepting;
    moves (state, symbol from 1, to); a header, each state's moves, the
    bits in bytes from the top bit, base64url without padding."""
    bits = []

    def put(v, k):
        bits.extend((v >> (k - 1 - i)) & 1 for i in range(k))

    sb = max(1, (ns - 1).bit_length())
    put(1 if packed else 0, 2)
    put(sb - 1, 4)
    put(symbols - 1, 4)
    put(nstart, sb)
    put(nacc, sb)
    put(start_acc, nstart)
    out = [sorted((m[1], m[2]) for m in moves if m[0] == st) for st in range(ns)]
    if packed:
        for st in range(ns):
            mask = 0
            for sym, _ in out[st]:
                mask |= 1 << (sym - 1)
            put(mask, symbols)
            for _, to in out[st]:
                put(to, sb)
    else:
        tcb = max(len(o) for o in out).bit_length()
        put(tcb, 4)
        for st in range(ns):
            put(len(out[st]), tcb)
            for sym, to in out[st]:
                put(sym - 1, (symbols - 1).bit_length())
                put(to, sb)
    while len(bits) % 8:
        bits.append(0)
    data = bytes(int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8))
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def k_nfa(g):
    """A random automaton over the digits' ranks (symbol s: the digit of
    rank s; a symbol past N never read), often given the moves that read
    g's digits along the cells."""
    p = walk(rng.randint(1, 4)) if rng.random() < 0.6 else line_of(rng.randrange(N), rng.random() < 0.5, rng.random() < 0.5)
    for _ in range(100):
        ns = rng.randint(1, 6)
        nstart = rng.randint(1, ns)
        nacc = rng.randint(0, ns - nstart)
        sb = max(1, (ns - 1).bit_length())
        if nstart < 1 << sb and nacc < 1 << sb:
            break
    start_acc = rng.randrange(1 << nstart)
    symbols = N + (rng.random() < 0.2)
    packed = rng.random() < 0.5
    moves = set()
    for st in range(ns):
        for sym in range(1, symbols + 1):
            if rng.random() < 0.3:
                moves.add((st, sym, rng.randrange(ns)))
    if rng.random() < 0.7:  # a path reading g's digits
        st = rng.randrange(nstart)
        for i in p:
            to = rng.randrange(ns)
            moves.add((st, g[i] - LO + 1, to))
            st = to
    if packed:  # one move at most for a state and a symbol
        seen = {}
        for m in sorted(moves):
            seen.setdefault((m[0], m[1]), m)
        moves = set(seen.values())
    accept = {i for i in range(nstart) if start_acc >> i & 1} | set(range(nstart, nstart + nacc))
    text = nfa_encode(ns, nstart, start_acc, nacc, moves, symbols, packed)

    def ok(x, lo=LO):
        cur = set(range(nstart))
        for i in p:
            cur = {m[2] for m in moves if m[0] in cur and m[1] == x[i] - lo + 1}
        return bool(cur & accept)
    return "nfa %s %s" % (text, " ".join(map(name, p))), ok


def k_look(g):
    """look-and-say: (count, value) pairs, each value held exactly count
    times by the cells (0: never), mostly g's own counts."""
    cells = rng.sample(range(N * N), rng.randint(1, 6))
    vals = rng.sample(range(LO, LO + N), rng.randint(1, 2))
    pairs = []
    for v in vals:
        c = sum(1 for i in cells if g[i] == v)
        if rng.random() < 0.2:
            c = rng.randint(0, min(3, len(cells)))
        pairs.append((c, v))
    return ("look-and-say %s %s" % (" ".join("%d %d" % p for p in pairs), " ".join(map(name, cells))),
            lambda x: all(sum(1 for i in cells if x[i] == v) == c for c, v in pairs))


KINDS = [k_cage, k_little, k_sandwich, k_xsum, k_sky, k_thermo, k_arrow, k_double,
         k_dot, k_line, k_cells, k_global, k_all, k_index, k_lunch,
         k_room, k_hidden, k_circles, k_sumline, k_same, k_pair,
         k_sum, k_rellik, k_equality, k_vindex, k_distinct, k_equal, k_rank,
         k_regex, k_nfa, k_look]

texts, tests = [], []
ZERO = []
for case in range(CASES):
    LO = 0 if rng.random() < 0.25 else 1
    ZERO.append(LO == 0)
    g = rng.choice(ALL0 if LO == 0 else ALL)
    CUR = {"kropki": set(), "xv": set()}
    rules = [rng.choice(KINDS)(g) for _ in range(rng.randint(1, 3))]
    if LO == 0:
        rules.insert(rng.choice([0, len(rules)]), ("from-zero", lambda x: True))
    for text, _ in rules:
        for line in text.split("\n"):
            w = line.split()
            if len(w) == 3 and w[0] in ("white-dot", "black-dot", "x", "v"):
                cells = frozenset(int(t[1]) * N - N + int(t[3]) - 1 for t in w[1:])
                CUR["kropki" if w[0].endswith("dot") else "xv"].add(cells)
    texts.append("\n".join(t for t, _ in rules) + "\n" + "." * 16 + "\n")
    tests.append([f for _, f in rules])

data = "".join(texts)
with open("brute4.txt", "w") as f:
    f.write(data)
fail = 0
for backend in BACKENDS:
    out = subprocess.run([S, "count", "--limit", "300", "--backend", backend, "-q", "brute4.txt"],
                         capture_output=True, text=True)
    got = out.stdout.split()
    if len(got) != CASES:
        print("FAIL %s: %d answers for %d cases: %s" % (backend, len(got), CASES, out.stderr[:300]))
        sys.exit(1)
    for case in range(CASES):
        want = sum(1 for x in (ALL0 if ZERO[case] else ALL) if all(t(x) for t in tests[case]))
        if got[case] != str(want):
            fail += 1
            if fail < 10:
                print("FAIL %s case %d: count %s, brute force %d:\n%s" % (backend, case, got[case], want, texts[case]))
# The solutions solve prints keep the rules by this script's reading.
out = subprocess.run([S, "solve", "-q", "brute4.txt"], capture_output=True, text=True)
for case, line in enumerate(out.stdout.split("\n")[:CASES]):
    pool = ALL0 if ZERO[case] else ALL
    if line in ("none", "error", ""):
        if any(all(t(x) for t in tests[case]) for x in pool):
            fail += 1
            print("FAIL solve case %d: %s, but a grid keeps the rules" % (case, line))
        continue
    if not line.isdigit():  # "invalid": the answer failed the validator
        fail += 1
        print("FAIL solve case %d: %s:\n%s" % (case, line, texts[case]))
        continue
    x = [int(ch) - ZERO[case] for ch in line]  # the symbols 1-4 name the digits
    if not all(t(x) for t in tests[case]) or x not in pool:
        fail += 1
        print("FAIL solve case %d: %s breaks a rule:\n%s" % (case, line, texts[case]))
print("%d cases, %d backends: %d failures" % (CASES, len(BACKENDS), fail))
sys.exit(1 if fail else 0)
