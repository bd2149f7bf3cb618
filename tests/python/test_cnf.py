"""The CNF: clauses, the variable map, decoding a model, DIMACS with its
self-describing header, and the round trip through pycosat (the CNF solved
by another solver, decoded back, compared with sudokusat's own answer)."""
import os
import subprocess

import pytest

import sudokusat
from check import ESCARGOT, NONE, TWO, path, valid

pycosat = pytest.importorskip(
    "pycosat", reason="python3-pycosat is not installed (the README's first "
    "command installs it)")


def test_clauses_and_var():
    p = sudokusat.parse(ESCARGOT)
    cnf = p.cnf()
    clauses = cnf.clauses
    assert len(clauses) == cnf.nclauses == len(cnf) > 0
    assert all(c and all(isinstance(x, int) and x for x in c)
               for c in clauses)
    assert max(abs(x) for c in clauses for x in c) <= cnf.nvars
    assert cnf.var(0, 0, 1) == 1 and cnf.var(0, 0, 9) == 9
    assert cnf.var(0, 1, 1) == 10 and cnf.var(8, 8, 9) == 729
    with pytest.raises(IndexError):
        cnf.var(9, 0, 1)
    with pytest.raises(IndexError):
        cnf.var(0, 0, 0)
    assert list(cnf) == clauses


def test_pycosat_round_trip():
    cases = [sudokusat.parse(ESCARGOT),
             next(sudokusat.read(path("cnf-samples", "x.txt"), variants="x")),
             next(sudokusat.read(path("cnf-samples", "16x16.txt"))),
             next(sudokusat.read(path("docs", "examples", "jigsaw.txt"))),
             next(sudokusat.read(path("docs", "examples", "variants.txt")))]
    for p in cases:
        for encoding, propagate in (("extended", "givens"),
                                    ("minimal", "singles"),
                                    ("efficient", "locked")):
            cnf = p.cnf(encoding=encoding, propagate=propagate)
            model = pycosat.solve(cnf.clauses)
            assert isinstance(model, list)
            s = cnf.decode(model)
            assert valid(p, s)
            assert s == p.solve()  # a unique puzzle: the same answer


def test_pycosat_unsat_and_enumeration():
    assert pycosat.solve(sudokusat.parse(NONE).cnf().clauses) == "UNSAT"
    two = sudokusat.parse(TWO)
    cnf = two.cnf()
    # enumerating by blocking clauses over the var map: two solutions
    found = []
    clauses = list(cnf.clauses)
    while len(found) < 5:
        model = pycosat.solve(clauses)
        if model == "UNSAT":
            break
        s = cnf.decode(model)
        assert valid(two, s) and s not in found
        found.append(s)
        clauses.append([-cnf.var(r, c, s[r, c]) for r in range(9)
                        for c in range(9) if not two[r, c]])
    assert len(found) == 2
    assert set(found) == set(two.solutions())


def test_decode_errors():
    cnf = sudokusat.parse(ESCARGOT).cnf()
    with pytest.raises(sudokusat.DecodeError):
        cnf.decode("UNSAT")
    with pytest.raises(sudokusat.DecodeError):
        cnf.decode([-v for v in range(1, cnf.nvars + 1)])
    # a model of another puzzle does not solve this one
    other = sudokusat.parse(TWO).cnf()
    with pytest.raises(sudokusat.DecodeError):
        cnf.decode(pycosat.solve(other.clauses))


def test_bad_cnf_options():
    p = sudokusat.parse(ESCARGOT)
    with pytest.raises(sudokusat.OptionError):
        p.cnf(encoding="tiny")
    with pytest.raises(sudokusat.OptionError):
        p.cnf(amo="none")
    with pytest.raises(sudokusat.OptionError):
        p.cnf(propagate="everything")


def test_to_dimacs_self_describing(tmp_path):
    p = sudokusat.parse(ESCARGOT)
    f = tmp_path / "escargot.cnf"
    p.to_dimacs(f)
    text = f.read_text()
    header = [l for l in text.splitlines() if l.startswith("p cnf")]
    cnf = p.cnf()
    assert header == ["p cnf %d %d" % (cnf.nvars, cnf.nclauses)]
    assert text.startswith("c ")
    # another solver's model of the file, decoded by the command line
    model = pycosat.solve(cnf.clauses)
    m = tmp_path / "model.txt"
    m.write_text("s SATISFIABLE\nv " + " ".join(map(str, model)) + " 0\n")
    tool = os.environ.get("SUDOKUSAT_TOOL")
    if not tool:
        pytest.skip("SUDOKUSAT_TOOL not set (run-python.sh sets it)")
    out = subprocess.run([tool, "decode", str(f), str(m)],
                         capture_output=True, text=True)
    assert out.returncode == 10, out.stderr  # 10: solved, as SAT solvers say
    assert out.stdout.strip() == p.solve().text("line").strip()
    g = tmp_path / "escargot.cnf.gz"
    cnf.to_dimacs(g)
    assert g.read_bytes()[:2] == b"\x1f\x8b"
    with pytest.raises(OSError):
        cnf.to_dimacs(tmp_path / "no" / "such" / "dir.cnf")
