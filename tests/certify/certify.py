# The certificate suite (run by run-certify.sh in a fresh folder):
# certificates made, verified, spoiled and rejected, and small proofs
# checked lemma by lemma with Debian's SAT solvers.
import os, re, shutil, subprocess, sys

S, SRC = sys.argv[1], sys.argv[2]
failed = passed = 0


def check(case, ok, why=""):
    global failed, passed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {case}: {why}", file=sys.stderr)


def run(*args):
    p = subprocess.run([S, *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def puzzles_of(path, n=None):
    """The puzzle lines of a corpus file (puzzle[:count[:solution]])."""
    out = []
    for line in open(path):
        if not line.strip() or line[0] == "#":
            continue
        p = line.split()[0].split(":")[0]
        if n is None or len(p) == n * n:
            out.append(p)
    return out


def write(path, lines):
    with open(path, "w") as f:
        f.write("".join(l + "\n" for l in lines))


def certify(case, folder, puzzles, args=(), want=None):
    """unique --certificate, then check: every answer verified."""
    st, out, err = run("unique", "-q", "--certificate", folder, *args, puzzles)
    answers = out.split()
    check(f"{case}-unique", st in (0, 10, 20) and answers,
          f"exit {st}: {err[:300]}")
    if want is not None:
        check(f"{case}-answers", answers == want, f"{answers} != {want}")
    st, out, err = run("check", "--certificate", folder, *args, puzzles)
    verdicts = out.splitlines()
    check(f"{case}-check", st == 0 and verdicts == [f"verified {a}" for a in
                                                   answers],
          f"exit {st}: {out[:300]} {err[:300]}")
    return answers


# ---------------------------------------------------------------- corpora
corpus = f"{SRC}/tests/puzzles/corpus.txt"
samples = f"{SRC}/cnf-samples"
write("c9.txt", puzzles_of(corpus, 9))
a9 = certify("9x9", "c9", "c9.txt")
check("9x9-kinds", {"unique", "multiple"} <= set(a9), str(set(a9)))
certify("none", "none", f"{samples}/none.txt", want=["none"])
certify("several", "several", f"{samples}/several.txt", want=["multiple"])
certify("16x16", "c16", f"{samples}/16x16.txt", want=["unique"])
certify("25x25", "c25", f"{samples}/25x25.txt", want=["unique"])
certify("x", "cx", f"{samples}/x.txt", ["--variant", "x"], want=["unique"])
certify("jigsaw", "cj", f"{SRC}/tests/formats/samples/jigsaw.txt")
certify("candidates", "cc", f"{SRC}/tests/formats/candidates.txt",
        want=["unique", "multiple", "none", "unique"])
# windoku: an empty grid has many solutions; Sudoku-X with two 1s on a
# diagonal has none
write("w.txt", ["." * 81])
certify("windoku", "cw", "w.txt", ["--variant", "windoku"], want=["multiple"])
write("xnone.txt", ["1" + "." * 9 + "1" + "." * 70])
certify("x-none", "cxn", "xnone.txt", ["--variant", "x"], want=["none"])
write("c4.txt", puzzles_of(corpus, 4))
certify("4x4", "c4", "c4.txt")

# A 36x36 grid with a few blanks: propagation alone decides it.
n, b = 36, 6
SYM = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
grid = [(r * b + r // b + c) % n for r in range(n) for c in range(n)]
nums = [str(d + 1) for d in grid]
for i in range(0, n * n, 7):
    nums[i] = "0"
write("big.txt", [" ".join(nums[r * n:(r + 1) * n]) for r in range(n)])
certify("36x36", "c36", "big.txt", want=["unique"])

def lemmas_of(data):
    """Binary DRAT: ('a'|'d', literals) lines."""
    out, i = [], 0
    while i < len(data):
        kind, i, lits = chr(data[i]), i + 1, []
        while True:
            u = shift = 0
            while True:
                byte = data[i]
                i += 1
                u |= (byte & 0x7F) << shift
                shift += 7
                if not byte & 0x80:
                    break
            if not u:
                break
            lits.append(-(u >> 1) if u & 1 else u >> 1)
        out.append((kind, lits))
    return out


def encode(steps):
    """Binary DRAT again."""
    out = bytearray()
    for kind, lits in steps:
        out.append(ord(kind))
        for l in lits:
            u = 2 * abs(l) + (l < 0)
            while u > 127:
                out.append(u & 127 | 128)
                u >>= 7
            out.append(u)
        out.append(0)
    return bytes(out)


# ------------------------------------------------------------ rejections
def verdict(folder, puzzles, args=()):
    st, out, err = run("check", "--certificate", folder, *args, puzzles)
    return st, out.strip()


def rejected(case, folder, puzzles, reason, args=()):
    st, out = verdict(folder, puzzles, args)
    check(f"reject-{case}", st == 4 and out.startswith("rejected: ") and
          re.search(reason, out) is not None, f"exit {st}: {out[:300]}")


def fresh(case, lines):
    """A one-puzzle file and a new copy of its certificates."""
    write(f"{case}.txt", lines)
    shutil.rmtree(case, ignore_errors=True)
    st, out, err = run("unique", "-q", "--certificate", case, f"{case}.txt")
    return out.split()


# the unique puzzles whose proofs are longest (one that propagation
# decides is refuted before its proof is read: any proof does)
def size(k):
    path = f"c9/1-{k + 1}.drat"
    return os.path.getsize(path) if os.path.exists(path) else 0



unique9 = [p for k, (p, a) in sorted(enumerate(zip(puzzles_of("c9.txt"), a9)),
                                     key=lambda e: -size(e[0]) if e[1][1] ==
                                     "unique" else 0) if a == "unique"]
check("long-proofs", size(puzzles_of("c9.txt").index(unique9[1])) > 20,
      "the corpus has no two unique puzzles that need search")
multi9 = [p for p, a in zip(puzzles_of("c9.txt"), a9) if a == "multiple"]
none9 = puzzles_of(f"{samples}/none.txt")
u, u2 = unique9[0], unique9[1]

# a digit of the puzzle changed: the certificate is for another puzzle
fresh("digit", [u])
i = u.index(".")
changed = u[:i] + str(1 + (int(u[u.index(".") - 1] if i else 0) % 9)) + u[i + 1:]
write("digit2.txt", [changed])
rejected("changed-digit", "digit", "digit2.txt", "for another puzzle")

# another puzzle's certificate under this one's name
fresh("other", [u])
fresh("other2", [u2])
shutil.copy("other2/1-1.cert", "other/1-1.cert")
rejected("foreign", "other", "other.txt", "for another puzzle")

# another puzzle's proof (a proof of the wrong clause set)
fresh("wrongproof", [u])
shutil.copy("other2/1-1.drat", "wrongproof/1-1.drat")
rejected("wrong-clauses", "wrongproof", "wrongproof.txt",
         "neither RUP nor RAT|before the clauses are refuted")

# the proof line taken out: propagation alone does not refute it
fresh("noproof", [u])
cert = open("noproof/1-1.cert").read()
open("noproof/1-1.cert", "w").write(re.sub(r"proof .*\n", "", cert))
rejected("no-proof-line", "noproof", "noproof.txt",
         "names no proof, and unit propagation alone")
# a puzzle that propagation decides needs no proof file
easy = [p for k, p in enumerate(puzzles_of("c9.txt"))
        if a9[k] == "unique" and size(k) == 0]
check("empty-proof-kinds", easy != [], "every unique puzzle needs search")
if easy:
    fresh("easy", easy[:1])
    check("empty-proof-no-file", not os.path.exists("easy/1-1.drat") and
          "proof" not in open("easy/1-1.cert").read())
    st, out = verdict("easy", "easy.txt")
    check("empty-proof-verified", st == 0 and out == "verified unique", out)

# a none puzzle's proof: its lemmas do not refute a unique puzzle's set
fresh("noneproof", [u])
fresh("nn", none9)
shutil.copy("nn/1-1.drat", "noneproof/1-1.drat")
rejected("none-proof", "noneproof", "noneproof.txt",
         "neither RUP nor RAT|before the clauses are refuted")

# a truncated proof: half of it, and its last byte cut off
fresh("trunc", [u])
data = open("trunc/1-1.drat", "rb").read()
check("proof-nonempty", len(data) > 4, f"{len(data)} bytes")
open("trunc/1-1.drat", "wb").write(data[: len(data) // 2])
rejected("truncated-half", "trunc", "trunc.txt", "truncated|before the")
# cut inside a lemma: its closing 0 missing
steps = lemmas_of(data)
open("trunc/1-1.drat", "wb").write(
    encode(steps[: len(steps) // 2]) + encode([steps[len(steps) // 2]])[:-1])
rejected("truncated-line", "trunc", "trunc.txt", "truncated inside the line")

# a corrupted proof: a lemma's literal changed; a byte that is no line
fresh("corrupt", [u])
data = bytearray(open("corrupt/1-1.drat", "rb").read())
# the first lemma's first literal: 2*var+sign, one byte for var < 64 (9x9
# has var <= 729: its literals take two bytes, the low seven bits first)
# every literal of every lemma negated
open("corrupt/1-1.drat", "wb").write(
    encode([(k, [-l for l in lits]) for k, lits in lemmas_of(data)]))
rejected("corrupt-signs", "corrupt", "corrupt.txt", "neither RUP nor RAT")
# the lemmas in reverse order: the empty clause first
open("corrupt/1-1.drat", "wb").write(encode(lemmas_of(data)[::-1]))
rejected("corrupt-order", "corrupt", "corrupt.txt",
         "lemma 1 .*neither RUP nor RAT")
open("corrupt/1-1.drat", "wb").write(b"x" + bytes(data[1:]))
rejected("corrupt-kind", "corrupt", "corrupt.txt", "neither 'a' nor 'd'|unexpected")
open("corrupt/1-1.drat", "wb").write(b"1 0\n0\n")
rejected("non-rup", "corrupt", "corrupt.txt", "lemma 1 .* neither RUP nor RAT")
open("corrupt/1-1.drat", "wb").write(b"")
rejected("empty-proof", "corrupt", "corrupt.txt", "before the clauses are refuted")

# the solution changed, the certificate's text spoiled
fresh("sol", [u])
cert = open("sol/1-1.cert").read()
sol = re.search(r"solution (\d+)", cert).group(1)
swapped = sol[1] + sol[0] + sol[2:]
open("sol/1-1.cert", "w").write(cert.replace(sol, swapped))
rejected("solution-swapped", "sol", "sol.txt", "solution 1: ")
open("sol/1-1.cert", "w").write(cert.replace(sol, sol[:40]))
rejected("solution-short", "sol", "sol.txt", "a solution must be 81 digits")
open("sol/1-1.cert", "w").write(cert.replace("claim unique", "claim multiple"))
rejected("claim-changed", "sol", "sol.txt", "needs 2 solutions")
open("sol/1-1.cert", "w").write(cert.replace("claim unique", "claim sat"))
rejected("claim-cnf", "sol", "sol.txt", "not sat")
open("sol/1-1.cert", "w").write(cert[: cert.index("for ")])
rejected("cert-truncated", "sol", "sol.txt", "truncated: no 'for' line")
open("sol/1-1.cert", "wb").write(b"\x01\x02garbage\x00")
rejected("cert-garbage", "sol", "sol.txt", "not a certificate")
open("sol/1-1.cert", "wb").write(b"\x1f\x8b\x08\x00garbage")
rejected("cert-bad-gzip", "sol", "sol.txt", "cannot read")
open("sol/1-1.cert", "w").write(cert.replace("proof 1-1.drat", "proof ../x"))
rejected("proof-path", "sol", "sol.txt", "file name in the certificate's folder")

# multiple: the same solution twice
fresh("two", [multi9[0]])
cert = open("two/1-1.cert").read()
sols = re.findall(r"solution (\d+)", cert)
open("two/1-1.cert", "w").write(cert.replace(sols[1], sols[0]))
rejected("same-twice", "two", "two.txt", "the same")

# missing files
fresh("miss", [u])
os.remove("miss/1-1.drat")
rejected("missing-proof", "miss", "miss.txt", "missing or unreadable")
os.remove("miss/1-1.cert")
rejected("missing-cert", "miss", "miss.txt", "no certificate")
write("miss2.txt", [u, u2])
st, out = verdict("miss", "miss2.txt")
check("missing-batch", st == 4 and out.count("rejected") == 2, out)

# random spoilage, proofs and certificates: a verdict every time, never
# a crash (exit 0 or 4 only; a flipped bit may leave a proof valid)
import random
rng = random.Random(24)
fresh("fuzz", [u])
proof0 = open("fuzz/1-1.drat", "rb").read()
cert0 = open("fuzz/1-1.cert", "rb").read()
bad_exit = []
for k in range(40):
    target, data = (("fuzz/1-1.drat", proof0) if k % 2 else
                    ("fuzz/1-1.cert", cert0))
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(data))
        data[i] = rng.randrange(256) if k % 4 < 2 else data[i] ^ (1 << rng.randrange(8))
    if k % 5 == 0:
        data = data[: rng.randrange(len(data))]
    open(target, "wb").write(bytes(data))
    st, out = verdict("fuzz", "fuzz.txt")
    if st not in (0, 4) or not out:
        bad_exit.append((k, st, out[:80]))
    open("fuzz/1-1.drat", "wb").write(proof0)
    open("fuzz/1-1.cert", "wb").write(cert0)
check("fuzz-verdicts", not bad_exit, str(bad_exit[:3]))

# check's own errors
st, out, err = run("check", "c9.txt")
check("check-needs-folder", st == 2 and "--certificate" in err, err)
st, out, err = run("check", "--certificate", "nowhere", "c9.txt")
check("check-no-folder", st == 2 and "nowhere" in err, err)
st, out, err = run("unique", "--certificate", "c9", "c9.txt")
check("unique-folder-not-empty", st == 2 and "not empty" in err, err)

# ------------------------------------------------------------------ CNFs
for name, claim in [("easy", "sat"), ("none", "unsat"), ("several", "sat")]:
    folder = f"cnf-{name}"
    st, out, err = run("solve", "-q", "--certificate", folder,
                       f"{samples}/{name}.cnf")
    check(f"cnf-{name}-solve", st in (10, 20), f"exit {st}: {err[:300]}")
    st, out, err = run("check", "--certificate", folder,
                       f"{samples}/{name}.cnf")
    check(f"cnf-{name}-check", st == 0 and out.strip() == f"verified {claim}",
          f"exit {st}: {out} {err[:300]}")
st, out = verdict("cnf-easy", f"{samples}/none.cnf")
check("cnf-foreign", st == 4 and "for another CNF" in out, out)
cert = open("cnf-easy/1.cert").read()
model = re.search(r"model (.*) 0", cert).group(1).split()
flip = " ".join(str(-int(l)) for l in model)
open("cnf-easy/1.cert", "w").write(cert.replace(" ".join(model), flip))
st, out = verdict("cnf-easy", f"{samples}/easy.cnf")
check("cnf-model-flipped", st == 4 and "falsifies clause" in out, out)
# unique on CNFs the encoder wrote certifies the puzzles they describe
st, out, err = run("unique", "-q", "--certificate", "cnf-u",
                   f"{samples}/escargot.cnf", f"{samples}/none.cnf")
check("cnf-unique", out.split() == ["unique", "none"], f"{out} {err[:200]}")
st, out, err = run("check", "--certificate", "cnf-u",
                   f"{samples}/escargot.cnf", f"{samples}/none.cnf")
check("cnf-unique-check", st == 0 and out.split("\n")[:2] ==
      ["verified unique", "verified none"], f"exit {st}: {out} {err[:200]}")
st, out, err = run("solve", "--certificate", "cnf-p", f"{samples}/easy.txt")
check("solve-puzzle-refused", st == 3 and "unique --certificate" in err, err)


# ------------------------------------------------- the independent check
def plain_cnf(puzzle, n, box_rows, box_cols):
    """The documented plain CNF, written again here from the puzzle text."""
    var = lambda i, d: i * n + d + 1
    regions = [[r * n + c for c in range(n)] for r in range(n)]
    regions += [[r * n + c for r in range(n)] for c in range(n)]
    regions += [[(R + i) * n + C + j for i in range(box_rows)
                 for j in range(box_cols)]
                for R in range(0, n, box_rows) for C in range(0, n, box_cols)]
    clauses = []

    def eo(vs):
        clauses.append(list(vs))
        clauses.extend([-a, -b] for k, a in enumerate(vs) for b in vs[k + 1:])

    for i in range(n * n):
        eo([var(i, d) for d in range(n)])
    for reg in regions:
        for d in range(n):
            eo([var(i, d) for i in reg])
    for i, ch in enumerate(puzzle):
        if ch not in ".0":
            clauses.append([var(i, SYM.index(ch))])
    return clauses


def unsat(solver, clauses, nvars):
    text = f"p cnf {nvars} {len(clauses)}\n" + "".join(
        " ".join(map(str, c)) + " 0\n" for c in clauses)
    if solver == "minisat":
        open("lemma.cnf", "w").write(text)
        p = subprocess.run(["minisat", "-verb=0", "lemma.cnf"],
                           capture_output=True, text=True)
    else:
        p = subprocess.run(["cadical", "-q"], input=text, capture_output=True,
                           text=True)
    return p.returncode == 20


def rup(clauses, occurs, lits):
    """Unit propagation written here: the lemma's negation conflicts."""
    val = {}
    queue = []
    for l in lits:
        if val.get(-l) is None and val.get(l) is None:
            val[-l] = True
            val[l] = False
            queue.append(-l)
    for c in clauses:
        if len(c) == 1:
            l = c[0]
            if val.get(l) is False:
                return True
            if val.get(l) is None:
                val[l], val[-l] = True, False
                queue.append(l)
    while queue:
        falsified = -queue.pop()
        for k in occurs.get(falsified, ()):
            c, free, sat = clauses[k], None, False
            nfree = 0
            for l in c:
                v = val.get(l)
                if v is True:
                    sat = True
                    break
                if v is None:
                    nfree += 1
                    free = l
            if sat:
                continue
            if nfree == 0:
                return True
            if nfree == 1:
                val[free], val[-free] = True, False
                queue.append(free)
    return False


def valid9(puzzle, sol):
    rows = [sol[r * 9:r * 9 + 9] for r in range(9)]
    cols = [sol[c::9] for c in range(9)]
    boxes = [[sol[(R + i) * 9 + C + j] for i in range(3) for j in range(3)]
             for R in (0, 3, 6) for C in (0, 3, 6)]
    return all(sorted(u) == list("123456789") for u in rows + cols + boxes) \
        and all(p in ".0" or p == s for p, s in zip(puzzle, sol))


solvers = [s for s in ("cadical", "minisat") if shutil.which(s)]
if not solvers:
    print("skip independent: neither cadical nor minisat is installed",
          file=sys.stderr)
checked = 0
cases = [(p, "c9", k + 1) for k, p in enumerate(puzzles_of("c9.txt"))]
cases += [(none9[0], "none", 2)]
for puzzle, folder, line in cases:
    if not solvers or checked >= 8:
        break
    cert = open(f"{folder}/1-{line}.cert").read()
    claim = re.search(r"claim (\w+)", cert).group(1)
    if claim == "multiple":
        continue
    clauses = plain_cnf(puzzle, 9, 3, 3)
    if claim == "unique":
        sol = re.search(r"solution (\d+)", cert).group(1)
        check(f"independent-valid-{folder}-{line}", valid9(puzzle, list(sol)))
        clauses.append([-(i * 9 + int(ch)) for i, ch in enumerate(sol)])
    path = f"{folder}/1-{line}.drat"
    # no proof file: the empty proof, its one lemma the empty clause
    steps = (lemmas_of(open(path, "rb").read()) if os.path.exists(path)
             else [("a", [])])
    occurs = {}
    for k, c in enumerate(clauses):
        for l in c:
            occurs.setdefault(l, []).append(k)
    ok = bool(steps)
    for k, (kind, lits) in enumerate(steps):
        if kind != "a":
            continue
        solver = solvers[k % len(solvers)]
        # each lemma entailed: the clauses so far and its negation are
        # UNSAT; and RUP by the propagation written above
        if not unsat(solver, clauses + [[-l] for l in lits], 729):
            ok = False
            check(f"independent-{folder}-{line}", False,
                  f"lemma {k + 1} {lits} not entailed ({solver})")
            break
        if not rup(clauses, occurs, lits):
            ok = False
            check(f"independent-{folder}-{line}", False,
                  f"lemma {k + 1} {lits} is not RUP")
            break
        for l in lits:
            occurs.setdefault(l, []).append(len(clauses))
        clauses.append(lits)
    check(f"independent-{folder}-{line}", ok and steps[-1][1] == [],
          "no empty clause at the end" if ok else "")
    checked += 1
check("independent-some", checked >= 5 or not solvers, f"{checked} checked")

print(f"certify: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
