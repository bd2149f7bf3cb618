"""grade, explain, generate, minimize, repair, canon, dedupe and
print_svg, against the command line's answers and check.py's validator."""
import os
import subprocess

import pytest

import sudokusat
from check import ESCARGOT, NONE, TWO, path, valid

TOOL = os.environ.get("SUDOKUSAT_TOOL")


def tool(*args, stdin=None):
    if not TOOL:
        pytest.skip("SUDOKUSAT_TOOL not set (run-python.sh sets it)")
    return subprocess.run([TOOL] + list(args), capture_output=True,
                          text=True, input=stdin).stdout


def test_grade_as_the_command_line():
    # the easy and the newspaper puzzle of famous.txt, and AI Escargot
    # (the other extreme ones take seconds each)
    text = "".join(open(path("docs", "examples", "famous.txt"))
                   .readlines()[-2:])
    text += ESCARGOT + "\n"
    lines = tool("grade", "-", stdin=text).splitlines()
    puzzles = list(sudokusat.parse_many(text))
    assert len(lines) == len(puzzles) == 3
    for p, line in zip(puzzles, lines):
        g = sudokusat.grade(p)
        w = line.split()
        assert g.status == "unique"
        assert (g.level, "%.1f" % g.effort, g.label, g.technique,
                "%.1f" % g.rating) == tuple(w[:5])
    assert sudokusat.grade(sudokusat.parse(TWO)).status == "multiple"
    assert sudokusat.grade(sudokusat.parse(NONE)).status == "none"
    with pytest.raises(sudokusat.OptionError):
        sudokusat.grade(sudokusat.parse(ESCARGOT), permutations=-1)


def test_grade_se_rating_by_default_and_the_path_on_request():
    # the easiest path with every technique takes simple colouring (6.9);
    # Sudoku Explainer, which lacks it, rates the puzzle 6.6
    p = sudokusat.parse(".................1....23.4......2.3...51......."
                        "67......2......7.8......943...8...")
    se, path = sudokusat.grade(p), sudokusat.grade(p, path_rating=True)
    assert (se.technique, "%.1f" % se.rating) == ("x-chain", "6.6")
    assert sudokusat.grade(p, se_rating=True) == se
    assert (path.technique, "%.1f" % path.rating) == ("simple-colouring",
                                                      "6.9")
    w = tool("grade", "--path-rating", "-", stdin=str(p) + "\n").split()
    assert (path.technique, "%.1f" % path.rating) == tuple(w[3:5])
    with pytest.raises(sudokusat.OptionError):
        sudokusat.grade(p, se_rating=True, path_rating=True)


def test_explain_steps_solve_the_puzzle():
    p = sudokusat.parse(".4....2...12....")
    steps = sudokusat.explain(p)
    grid = list(p.cells)
    for st in steps:
        assert st.rating > 0 and st.technique and st.text
        if st.placement:
            r, c, d = st.placement
            assert grid[r * 4 + c] == 0
            grid[r * 4 + c] = d
    assert valid(p, grid)
    hard = sudokusat.explain(sudokusat.parse(ESCARGOT))
    assert any(st.eliminations for st in hard)
    assert max(st.rating for st in hard) == pytest.approx(10.4)
    with pytest.raises(sudokusat.OptionError):
        sudokusat.explain(sudokusat.Puzzle.from_list([[0] * 81] * 81))
    # placements and cells, read from the placement and eliminations
    for st in steps + hard:
        assert st.placements == ((st.placement,) if st.placement else ())
        touched = {(r, c) for r, c, _ in st.placements + st.eliminations}
        assert st.cells == tuple(sorted(touched)) and st.cells


def test_generate_as_the_command_line():
    got = list(sudokusat.generate(3, symmetry="rot180", minimal=True,
                                  seed=7))
    want = tool("generate", "--count", "3", "--symmetry", "rot180",
                "--minimal", "--seed", "7").split()
    assert [p.text("line").strip() for p in got] == want
    for p in got:
        assert p.is_unique()
        assert valid(p, p.solve())
    six = next(sudokusat.generate(box=(2, 3), seed=3))
    assert six.n == 6 and six.is_unique()
    killer = next(sudokusat.generate(killer=True, seed=2))
    assert killer.givens == 0 and killer.rules and killer.is_unique()
    assert valid(killer, killer.solve())
    hard = [p.text("line").strip() for p in
            sudokusat.generate(3, difficulty="hard", seed=4)]
    assert hard == tool("generate", "--count", "3", "--grade", "hard",
                        "--seed", "4").split()
    for t in hard:
        assert sudokusat.grade(sudokusat.parse(t)).label == "hard"
    with pytest.raises(sudokusat.OptionError):
        sudokusat.generate(difficulty="impossible")
    with pytest.raises(sudokusat.OptionError):
        sudokusat.generate(symmetry="spiral")
    with pytest.raises(sudokusat.OptionError):
        sudokusat.generate(box=(2, 3), symmetry="rot90")
    with pytest.raises(sudokusat.OptionError):
        sudokusat.generate(time_limit=-1)


def test_minimize_keeps_it_unique():
    full = sudokusat.parse(ESCARGOT).solve()
    m = sudokusat.minimize(full, seed=3)
    assert m.is_unique() and m.givens < 40
    assert all(v in (0, f) for v, f in zip(m.cells, full.cells))
    for i, v in enumerate(m.cells):
        if v:  # every given is needed
            cells = list(m.cells)
            cells[i] = 0
            assert sudokusat.Puzzle.from_list(cells).count(limit=2) == 2
            break
    with pytest.raises(sudokusat.SolveError):
        sudokusat.minimize(sudokusat.parse(TWO))


def test_repair():
    two = sudokusat.parse(TWO)
    r = sudokusat.repair(two)
    assert r.kind == "added" and r.fewest and len(r.cells) == 1
    cells = list(two.cells)
    for row, col, d in r.cells:
        cells[row * 9 + col] = d
    assert sudokusat.Puzzle.from_list(cells).is_unique()
    core = sudokusat.repair(sudokusat.parse(NONE))
    assert core.kind == "core" and core.cells
    assert sudokusat.repair(sudokusat.parse(ESCARGOT)).kind == "unique"


def test_canon_and_dedupe():
    disguised = path("docs", "examples", "disguised.txt")
    puzzles = list(sudokusat.read(disguised))
    forms = [sudokusat.canon(p).text("line").strip() for p in puzzles]
    want = [l[:81] for l in tool("canon", disguised).splitlines()]
    assert forms == want
    kept = list(sudokusat.dedupe(puzzles))
    want = tool("canon", "--dedupe", disguised).splitlines()
    assert len(kept) == len(want) < len(puzzles)
    assert [p.name for p in kept] == [l[82:] for l in want]
    assert len(list(sudokusat.dedupe(disguised, threads=2))) == len(kept)
    with pytest.raises(sudokusat.OptionError):
        sudokusat.dedupe(puzzles, threads=0)
    # a candidates puzzle: its removed candidates go through the map
    sukaku = next(sudokusat.read(path("docs", "examples", "sukaku.txt")))
    c = sudokusat.canon(sukaku)
    assert len(c.removed) == len(sukaku.removed) and sudokusat.canon(c) == c


def test_print_svg():
    p = sudokusat.parse(ESCARGOT)
    svg = sudokusat.print_svg([p, sudokusat.parse(TWO)], [p.solve(), None])
    assert svg.startswith("<?xml") and svg.rstrip().endswith("</svg>")
    assert svg.count("<text") == 81 + sudokusat.parse(TWO).givens
    with pytest.raises(sudokusat.OptionError):
        sudokusat.print_svg([])
    with pytest.raises(sudokusat.OptionError):
        sudokusat.print_svg([p, p], per_page=1)


def test_check_certificates(tmp_path):
    puzzles = path("docs", "examples", "puzzles.txt")
    certs = tmp_path / "certs"
    tool("unique", "-q", "--certificate", str(certs), puzzles)
    got = list(sudokusat.check(puzzles, certs))
    assert [(v.verified, v.claim) for v in got] == [
        (True, "unique"), (True, "unique"), (True, "multiple"),
        (True, "none")]
    assert all(v.reason is None for v in got)
    # a solution changed: the certificate is rejected, saying why
    cert = certs / "1-3.cert"
    text = cert.read_text()
    sol = "162857493534129678789643521475312986913586742628794135356478219241935867897261354"
    assert sol in text
    cert.write_text(text.replace(sol, "261857493" + sol[9:]))
    v = list(sudokusat.check(puzzles, certs))[1]
    assert not v.verified and str(cert) in v.reason
    (certs / "1-5.cert").unlink()
    v = list(sudokusat.check(puzzles, certs))[3]
    assert not v.verified and v.claim is None and "1-5.cert" in v.reason
    with pytest.raises(FileNotFoundError):
        sudokusat.check(puzzles, tmp_path / "nothing")
    with pytest.raises(sudokusat.OptionError):
        sudokusat.check(puzzles, certs, time_limit=0)


def test_check_one_puzzle(tmp_path):
    puzzles = path("docs", "examples", "puzzles.txt")
    certs = tmp_path / "certs"
    tool("unique", "-q", "--certificate", str(certs), puzzles)
    read = list(sudokusat.read(puzzles))
    for p, want in zip(read, ["unique", "unique", "multiple", "none"]):
        v = p.check(certs)
        assert v.verified and v.claim == want and v.puzzle is p
    # the .cert file itself; another puzzle's is rejected, saying why
    assert read[1].check(certs / "1-3.cert").verified
    v = read[0].check(certs / "1-3.cert")
    assert not v.verified and "1-3.cert" in v.reason
    # the file's place on the command line names another certificate
    with pytest.raises(FileNotFoundError):
        read[0].check(tmp_path / "nothing")
    v = read[0].check(certs, file=2)
    assert not v.verified and "2-2.cert" in v.reason
    # a puzzle not read from a file has no line to name its certificate
    made = sudokusat.Puzzle.from_list(read[1].to_list())
    with pytest.raises(sudokusat.OptionError):
        made.check(certs)
    assert made.check(certs / "1-3.cert").verified
    with pytest.raises(sudokusat.OptionError):
        read[0].check(certs, time_limit=-1)
