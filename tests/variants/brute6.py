#!/usr/bin/env python3
"""Sum-bearing variant rules against brute force on 6x6 and 9x9 puzzles
with many givens: each case is a random solution grid, some of its
digits given, and random rules drawn on it (killer cages with and
without sums, a grid cut into cages, little killers, arrows and pill
arrows with long shafts, double arrows, sandwiches, x-sums, skyscrapers,
region-sum lines, zippers, and renban lines, lowered by digit sets
too).  This script completes the givens by plain backtracking on the
Sudoku rules, keeps the completions its own reading of every rule
accepts, and compares their number (up to LIMIT) with the tool's count; each grid `solve` prints must keep the rules, and `solve`
must answer none exactly when no completion does.  A lowering of a sum
that loses a solution or lets a wrong one through changes a count.
Nothing here is shared with the tool's encoder or validator.
usage: brute6.py SUDOKUSAT [CASES6] [CASES9] [SEED] [BACKEND]
BACKEND: the backend that counts and solves (default: the tool's own pick)."""
import random
import subprocess
import sys

S = sys.argv[1]
CASES6 = int(sys.argv[2]) if len(sys.argv) > 2 else 400
CASES9 = int(sys.argv[3]) if len(sys.argv) > 3 else 60
rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
LIMIT = 40  # counts compared up to this
PICK = ["--backend", sys.argv[5]] if len(sys.argv) > 5 else []


class Shape:
    def __init__(self, n, br, bc):
        self.n, self.br, self.bc = n, br, bc
        self.houses = []
        for i in range(n):
            self.houses.append([i * n + j for j in range(n)])
            self.houses.append([j * n + i for j in range(n)])
        for b in range(n):
            r0, c0 = (b // (n // bc)) * br, (b % (n // bc)) * bc
            self.houses.append([(r0 + r) * n + c0 + c for r in range(br) for c in range(bc)])
        self.peers = [set() for _ in range(n * n)]
        for h in self.houses:
            for a in h:
                self.peers[a].update(x for x in h if x != a)

    def box(self, i):
        r, c = divmod(i, self.n)
        return (r // self.br) * (self.n // self.bc) + c // self.bc

    def name(self, i):
        return "r%dc%d" % (i // self.n + 1, i % self.n + 1)

    def names(self, cells):
        return " ".join(self.name(i) for i in cells)


def fill(sh, grid, limit, keep=None, order=None):
    """Completions of grid (0: empty) by backtracking on the Sudoku rules,
    the most constrained cell first; those keep() accepts, up to limit."""
    n, out = sh.n, []
    g = list(grid)
    full = (1 << (n + 1)) - 2

    def cands(i):
        m = full
        for p in sh.peers[i]:
            if g[p]:
                m &= ~(1 << g[p])
        return m

    def rec():
        best, bm, bc = -1, 0, n + 1
        for i in range(n * n):
            if not g[i]:
                m = cands(i)
                c = bin(m).count("1")
                if c < bc:
                    best, bm, bc = i, m, c
                    if c <= 1:
                        break
        if best < 0:
            if keep is None or keep(g):
                out.append(list(g))
            return len(out) >= limit
        for v in order or range(1, n + 1):
            if bm >> v & 1:
                g[best] = v
                if rec():
                    g[best] = 0
                    return True
        g[best] = 0
        return False

    rec()
    return out


def solution(sh):
    n = sh.n
    g = [0] * (n * n)
    # a random first row, then the first completion of a shuffled search
    row = list(range(1, n + 1))
    rng.shuffle(row)
    g[:n] = row
    perm = list(range(1, n + 1))
    rng.shuffle(perm)
    return fill(sh, g, 1, order=perm)[0]


def nbrs(sh, i, king=False):
    n = sh.n
    r, c = divmod(i, n)
    d = [(0, 1), (1, 0), (0, -1), (-1, 0)]
    if king:
        d += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    return [(r + a) * n + c + b for a, b in d if 0 <= r + a < n and 0 <= c + b < n]


def walk(sh, k, start=None, king=True, avoid=()):
    for _ in range(100):
        p = [start if start is not None else rng.randrange(sh.n * sh.n)]
        if p[0] in avoid:
            continue
        while len(p) < k:
            nb = [x for x in nbrs(sh, p[-1], king) if x not in p and x not in avoid]
            if not nb:
                break
            p.append(rng.choice(nb))
        if len(p) == k:
            return p
    return None


# Each kind: make(sh, g) -> list of (text, test) with test(grid) -> bool,
# drawn on the solution g so it usually keeps them (a value is sometimes
# off by one, so some cases have none).
def off():
    return 1 if rng.random() < 0.06 else 0


def k_cage(sh, g):
    k = rng.randint(2, sh.n)
    p = None
    for _ in range(50):  # distinct digits in g
        q = walk(sh, k, king=False)
        if q and len({g[i] for i in q}) == len(q):
            p = q
            break
    if p is None:
        p = walk(sh, 2, king=False)
    use = rng.random() < 0.85
    s = sum(g[i] for i in p) + off()
    t = "cage %s%s" % ("%d " % s if use else "", sh.names(p))
    return [(t, lambda x: len({x[i] for i in p}) == len(p) and (not use or sum(x[i] for i in p) == s))]


def k_layout(sh, g):
    """The grid cut into cages of distinct digits, most with sums."""
    n, left, out = sh.n, set(range(sh.n * sh.n)), []
    while left:
        a = rng.choice(sorted(left))
        cage, want = [a], rng.randint(1, min(6, n))
        left.discard(a)
        while len(cage) < want:
            nb = [x for c in cage for x in nbrs(sh, c) if x in left and g[x] not in {g[y] for y in cage}]
            if not nb:
                break
            x = rng.choice(nb)
            cage.append(x)
            left.discard(x)
        if rng.random() < 0.85:
            s = sum(g[i] for i in cage)
            out.append(("cage %d %s" % (s, sh.names(cage)),
                        lambda x, p=cage, s=s: len({x[i] for i in p}) == len(p) and sum(x[i] for i in p) == s))
        else:
            out.append(("cage " + sh.names(cage), lambda x, p=cage: len({x[i] for i in p}) == len(p)))
    if rng.random() < 0.2:  # one sum off
        t, _ = out[0]
        w = t.split()
        if w[1].isdigit():
            p = [int(a[1:a.index("c")]) * n - n + int(a[a.index("c") + 1:]) - 1 for a in w[2:]]
            s = int(w[1]) + 1
            out[0] = ("cage %d %s" % (s, sh.names(p)),
                      lambda x, p=p, s=s: len({x[i] for i in p}) == len(p) and sum(x[i] for i in p) == s)
    return out


def diagonal(sh):
    n = sh.n
    while True:
        r, c = rng.randrange(n), rng.randrange(n)
        dr, dc = rng.choice([(1, 1), (1, -1), (-1, 1), (-1, -1)])
        # back to the edge, then along to the other edge
        while 0 <= r - dr < n and 0 <= c - dc < n:
            r, c = r - dr, c - dc
        p = []
        while 0 <= r < n and 0 <= c < n:
            p.append(r * n + c)
            r, c = r + dr, c + dc
        if len(p) >= 2:
            return p


def k_little(sh, g):
    p = diagonal(sh)
    s = sum(g[i] for i in p) + off()
    return [("little-killer %d %s" % (s, sh.names(p)), lambda x: sum(x[i] for i in p) == s)]


def pill_value(x, a):
    v = 0
    for i in a:
        v = v * 10 + x[i]
    return v


def k_arrow(sh, g):
    n = sh.n
    for _ in range(300):
        split = rng.choice([1, 1, 2, 2, 3]) if n == 9 else rng.choice([1, 1, 2])
        a = walk(sh, split, king=False)
        if a is None:
            continue
        want = pill_value(g, a)
        # a shaft from a neighbour of the circle, grown until its sum is
        # reached (long shafts through many houses)
        start = [x for c in a for x in nbrs(sh, c, True) if x not in a]
        b, tot = [rng.choice(start)], 0
        tot = g[b[0]]
        while tot < want:
            nb = [x for x in nbrs(sh, b[-1], True) if x not in a and x not in b]
            if not nb:
                break
            x = rng.choice(nb)
            b.append(x)
            tot += g[x]
        if tot == want and b:
            break
    else:
        a, b = [0], [1]
    d = off()
    ok = lambda x: sum(x[i] for i in b) == pill_value(x, a) + d
    t = "arrow %s | %s" % (sh.names(a), sh.names(b))
    if d:  # the arrow as it is, a little killer one off beside it
        t2 = "little-killer %d %s" % (sum(g[i] for i in b) + d, sh.names(b))
        return [(t, lambda x: sum(x[i] for i in b) == pill_value(x, a)),
                (t2, lambda x, s=sum(g[i] for i in b) + d: sum(x[i] for i in b) == s)]
    return [(t, ok)]


def k_double(sh, g):
    for _ in range(200):
        p = walk(sh, rng.randint(3, 7))
        if p and sum(g[i] for i in p[1:-1]) == g[p[0]] + g[p[-1]]:
            break
    return [("double-arrow " + sh.names(p),
             lambda x: sum(x[i] for i in p[1:-1]) == x[p[0]] + x[p[-1]])]


def line(sh):
    n, i = sh.n, rng.randrange(sh.n)
    cells = [j * n + i for j in range(n)] if rng.random() < 0.5 else [i * n + j for j in range(n)]
    return cells[::-1] if rng.random() < 0.5 else cells


def k_sandwich(sh, g):
    cells = line(sh)

    def val(x):
        v = [x[i] for i in cells]
        a, b = sorted((v.index(1), v.index(sh.n)))
        return sum(v[a + 1:b])

    s = val(g) + off()
    return [("sandwich %d %s" % (s, sh.names(cells)), lambda x: val(x) == s)]


def k_xsum(sh, g):
    cells = line(sh)

    def val(x):
        v = [x[i] for i in cells]
        return sum(v[:v[0]])

    s = val(g) + off()
    return [("x-sum %d %s" % (s, sh.names(cells)), lambda x: val(x) == s)]


def k_sky(sh, g):
    cells = line(sh)

    def val(x):
        top = seen = 0
        for i in cells:
            if x[i] > top:
                top, seen = x[i], seen + 1
        return seen

    s = val(g)
    return [("skyscraper %d %s" % (s, sh.names(cells)), lambda x: val(x) == s)]


def k_region_sum(sh, g):
    def ok(x, p):
        sums = {}
        for i in p:
            sums[sh.box(i)] = sums.get(sh.box(i), 0) + x[i]
        return len(set(sums.values())) <= 1

    for _ in range(300):
        p = walk(sh, rng.randint(3, 8), king=False)
        if p and len({sh.box(i) for i in p}) > 1 and ok(g, p):
            break
    return [("region-sum " + sh.names(p), lambda x: ok(x, p))]


def k_zipper(sh, g):
    def ok(x, p):
        k = len(p)
        tot = x[p[k // 2]] if k % 2 else x[p[0]] + x[p[-1]]
        return all(x[p[i]] + x[p[-1 - i]] == tot for i in range(k // 2))

    for _ in range(300):
        p = walk(sh, rng.randint(3, 6))
        if p and ok(g, p):
            break
    return [("zipper " + sh.names(p), lambda x: ok(x, p))]


def k_renban(sh, g):
    def ok(x, p):
        v = {x[i] for i in p}
        return len(v) == len(p) and max(v) - min(v) == len(p) - 1

    for _ in range(300):
        p = walk(sh, rng.randint(2, 6))
        if p and ok(g, p):
            break
    return [("renban " + sh.names(p), lambda x: ok(x, p))]


KINDS = [k_cage, k_cage, k_little, k_little, k_arrow, k_arrow, k_arrow, k_double,
         k_sandwich, k_xsum, k_sky, k_region_sum, k_zipper, k_renban]


def case(sh, givens):
    g = solution(sh)
    if rng.random() < 0.25:
        rules = k_layout(sh, g) + [f(sh, g)[0] for f in rng.sample(KINDS, rng.randint(0, 2))]
    else:
        rules = [r for _ in range(rng.randint(2, 6)) for r in rng.choice(KINDS)(sh, g)]
    keep = set(rng.sample(range(sh.n * sh.n), givens))
    puzzle = [g[i] if i in keep else 0 for i in range(sh.n * sh.n)]
    text = "\n".join(t for t, _ in rules) + "\n" + "".join(str(v) if v else "." for v in puzzle) + "\n"
    tests = [f for _, f in rules]
    sols = fill(sh, puzzle, LIMIT, lambda x: all(t(x) for t in tests))
    return text, tests, len(sols), sh


cases = []
SIX, NINE = Shape(6, 2, 3), Shape(9, 3, 3)
for _ in range(CASES6):
    cases.append(case(SIX, rng.randint(9, 16)))
for _ in range(CASES9):
    cases.append(case(NINE, rng.randint(32, 48)))

with open("brute6.txt", "w") as f:
    f.write("".join(c[0] for c in cases))
fail = 0
out = subprocess.run([S, "count", "--limit", str(LIMIT), "-q"] + PICK + ["brute6.txt"],
                     capture_output=True, text=True)
got = out.stdout.split()
if len(got) != len(cases):
    print("FAIL: %d answers for %d cases: %s" % (len(got), len(cases), out.stderr[:300]))
    sys.exit(1)
for k, (text, tests, want, sh) in enumerate(cases):
    w = "%d+" % LIMIT if want >= LIMIT else str(want)
    if got[k] != w:
        fail += 1
        if fail < 10:
            print("FAIL case %d: count %s, brute force %s:\n%s" % (k, got[k], w, text))
out = subprocess.run([S, "solve", "-q"] + PICK + ["brute6.txt"], capture_output=True, text=True)
lines = out.stdout.split("\n")
for k, (text, tests, want, sh) in enumerate(cases):
    line = lines[k] if k < len(lines) else ""
    if line == "none":
        if want:
            fail += 1
            print("FAIL solve case %d: none, but a grid keeps the rules:\n%s" % (k, text))
        continue
    if not line.isdigit():
        fail += 1
        print("FAIL solve case %d: %s:\n%s" % (k, line or "nothing", text))
        continue
    x = [int(ch) for ch in line]
    puzzle = text.strip().split("\n")[-1]
    good = (len(x) == sh.n * sh.n
            and all(sorted(x[i] for i in h) == list(range(1, sh.n + 1)) for h in sh.houses)
            and all(p == "." or int(p) == v for p, v in zip(puzzle, x))
            and all(t(x) for t in tests))
    if not good:
        fail += 1
        print("FAIL solve case %d: %s breaks a rule:\n%s" % (k, line, text))
print("%d cases (%d 6x6, %d 9x9): %d failures" % (len(cases), CASES6, CASES9, fail))
sys.exit(1 if fail else 0)
