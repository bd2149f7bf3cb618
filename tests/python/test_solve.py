"""Solving, counting and uniqueness, every backend, errors and limits,
and threads; answers checked by check.py, not by the library."""
from concurrent.futures import ThreadPoolExecutor

import pytest

import sudokusat
from check import ESCARGOT, ESCARGOT_SOLUTION, NONE, TWO, path, valid


def test_solve_every_backend():
    p = sudokusat.parse(ESCARGOT)
    for backend in ("auto", "picosat", "cadical", "dlx", "bits"):
        s = p.solve(backend=backend)
        assert valid(p, s), backend
        assert s.text("line").strip() == ESCARGOT_SOLUTION
        assert s.givens == 81


def test_solve_none():
    assert sudokusat.parse(NONE).solve() is None


def test_solve_variants_rules_sizes():
    files = [("cnf-samples", "x.txt"), ("cnf-samples", "16x16.txt"),
             ("cnf-samples", "25x25.txt"), ("docs", "examples", "jigsaw.txt"),
             ("docs", "examples", "variants.txt")]
    for f in files:
        p = next(sudokusat.read(path(*f), variants="x" if f[1] == "x.txt"
                                else ()))
        s = p.solve()
        assert s is not None and valid(p, s), f
        assert s.shape == p.shape and s.rules == p.rules


def test_killer_cages_are_kept():
    rows = sudokusat.parse(ESCARGOT).to_list()
    p = sudokusat.Puzzle.from_list(rows, rules=["cage 8 r1c2 r1c3"])
    s = p.solve()
    assert valid(p, s) and s[0, 1] + s[0, 2] == 8
    # the solution has 6 and 2 there: a cage of 13 leaves none
    assert sudokusat.Puzzle.from_list(
        rows, rules=["cage 13 r1c2 r1c3"]).solve() is None


def test_count_and_unique():
    assert sudokusat.parse(ESCARGOT).count() == 1
    assert sudokusat.parse(ESCARGOT).is_unique()
    two = sudokusat.parse(TWO)
    assert two.count() == 2 and two.count(limit=1) == 1
    assert not two.is_unique()
    assert sudokusat.parse(NONE).count() == 0
    assert not sudokusat.parse(NONE).is_unique()
    blank4 = sudokusat.Puzzle.from_list([[0] * 4] * 4)
    assert blank4.count() == 288
    for backend in ("picosat", "dlx", "bits"):
        assert two.count(backend=backend) == 2


def test_solutions_are_two_different_valid_grids():
    two = sudokusat.parse(TWO)
    a, b = two.solutions()
    assert a != b and valid(two, a) and valid(two, b)
    assert len(sudokusat.parse(ESCARGOT).solutions()) == 1


def test_check_solution():
    p = sudokusat.parse(ESCARGOT)
    s = p.solve()
    assert p.valid(s)
    wrong = s.to_list()
    wrong[0][1], wrong[0][2] = wrong[0][2], wrong[0][1]
    assert not p.valid(wrong)
    with pytest.raises(sudokusat.DecodeError):
        p.check_solution(wrong)


def test_bad_options():
    p = sudokusat.parse(ESCARGOT)
    with pytest.raises(sudokusat.OptionError, match="nosuch"):
        p.solve(backend="nosuch")
    with pytest.raises(sudokusat.OptionError):
        p.solve(time_limit=-1)
    with pytest.raises(sudokusat.OptionError):
        p.solve(time_limit=0)
    with pytest.raises(sudokusat.OptionError):
        p.count(limit=-1)
    with pytest.raises(sudokusat.OptionError):
        p.solve(max_steps=0)
    with pytest.raises(sudokusat.OptionError):
        p.solve(backend=None)


def test_time_and_step_limits():
    # a 64x64 with no given cannot be set up in a nanosecond
    big = sudokusat.Puzzle.from_list([[0] * 64] * 64)
    with pytest.raises(sudokusat.TimeLimitError) as e:
        big.solve(backend="cadical", time_limit=1e-9)
    assert isinstance(e.value, TimeoutError) and str(e.value)
    with pytest.raises(sudokusat.TimeLimitError):
        big.count(backend="cadical", time_limit=1e-9)
    # the analog solver does not finish AI Escargot in one step
    with pytest.raises(sudokusat.TimeLimitError):
        sudokusat.parse(ESCARGOT).solve(backend="analog", max_steps=1)


def test_external_backend_without_command():
    with pytest.raises(sudokusat.OptionError):
        sudokusat.parse(ESCARGOT).solve(backend="external")


def test_threads_share_nothing():
    puzzles = [p for p in sudokusat.read(path("docs", "examples",
                                              "famous.txt"))] * 8
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda p: p.solve(), puzzles))
    for p, s in zip(puzzles, answers):
        assert valid(p, s)
    with ThreadPoolExecutor(4) as pool:
        counts = list(pool.map(lambda p: p.count(limit=3), puzzles))
    assert counts == [1] * len(puzzles)
