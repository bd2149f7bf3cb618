"""Reading puzzles (every form, variants and rules, streaming, errors
with file, line and column) and the Puzzle object."""
import os
import pickle
import subprocess

import pytest

import sudokusat
from check import ESCARGOT, path

LINE = ESCARGOT


def test_version_is_the_tools():
    tool = os.environ.get("SUDOKUSAT_TOOL")
    if not tool:
        pytest.skip("SUDOKUSAT_TOOL not set (run-python.sh sets it)")
    out = subprocess.run([tool, "--version"], capture_output=True, text=True)
    assert out.stdout.split()[1] == sudokusat.version()
    assert sudokusat.__version__ == sudokusat.version()


def test_backends():
    names = sudokusat.backends()
    for b in ("auto", "picosat", "cadical", "dlx", "bits"):
        assert b in names


def test_parse_line():
    p = sudokusat.parse(LINE)
    assert p.n == 9 and p.givens == 23
    assert p.shape.box_rows == 3 and p.shape.box_cols == 3
    assert p.cells[0] == 1 and p.cells[1] == 0
    assert p[0, 0] == 1 and p[0, 5] == 7 and p[8, 6] == 3
    assert p.layout == "line" and p.name is None and p.rules == ()


def test_parse_forms_read_as_the_same_puzzle():
    grid = sudokusat.parse(open(path("docs", "examples", "grid.txt")).read())
    assert grid.layout == "grid"
    numbers = "\n".join(" ".join(str(v) for v in row)
                        for row in sudokusat.parse(LINE).to_list())
    p = sudokusat.parse(numbers)
    assert p == sudokusat.parse(LINE)
    assert p.layout != "line"
    # the name after a one-line puzzle is kept but not compared
    named = sudokusat.parse(LINE + " AI Escargot")
    assert named.name == "AI Escargot"
    assert named == p and hash(named) == hash(p)


def test_parse_sizes_and_symbols():
    p16 = next(sudokusat.read(path("cnf-samples", "16x16.txt")))
    assert p16.n == 16 and p16.shape.box_rows == 4
    p4 = sudokusat.parse("1...\n..3.\n.2..\n...4")
    assert p4.n == 4 and p4.givens == 4
    letters = sudokusat.parse("A..D\n..C.\n.B..\n...A", symbols="A-D")
    assert letters.n == 4 and letters[0, 0] == 1 and letters[0, 3] == 4


def test_variants_and_rules():
    x = next(sudokusat.read(path("cnf-samples", "x.txt"), variants="x"))
    assert x.variants == ("x",)
    jig = next(sudokusat.read(path("docs", "examples", "jigsaw.txt")))
    assert "jigsaw" in jig.variants and len(jig.shape.jigsaw) == 81
    assert jig.name == "Jigsaw"
    ruled = list(sudokusat.read(path("docs", "examples", "variants.txt")))
    assert ruled[0].rules == ("thermo r1c3 r1c2 r1c4", "cage 12 r2c1..r2c3",
                              "arrow r1c8 | r1c4 r1c1",
                              "white-dot r1c5 r1c7")
    # rules are content: the same givens without them are another puzzle
    plain = sudokusat.parse(LINE)
    assert ruled[0] != plain and ruled[0].cells == plain.cells
    again = sudokusat.parse("\n".join(ruled[0].rules) + "\n" + LINE)
    assert again == ruled[0]


def test_variant_option():
    p = sudokusat.parse(LINE, variants=["x"])
    assert p.variants == ("x",)
    with pytest.raises(sudokusat.OptionError, match="unknown variant"):
        sudokusat.parse(LINE, variants=["nonsense"])


def test_parse_error_has_line_and_column():
    with pytest.raises(sudokusat.ParseError) as e:
        sudokusat.parse(LINE[:-1] + "x")
    assert e.value.line == 1 and e.value.col == 81
    assert "unexpected 'x'" in e.value.message
    assert isinstance(e.value, ValueError)
    with pytest.raises(sudokusat.ParseError):
        sudokusat.parse("")
    with pytest.raises(sudokusat.ParseError):
        sudokusat.parse(LINE + "\n" + LINE)  # two puzzles, not one


def test_read_errors_raise_skip_yield():
    bad = path("docs", "examples", "bad.txt")
    it = sudokusat.read(bad)
    assert next(it) == sudokusat.parse(LINE)
    with pytest.raises(sudokusat.ParseError) as e:
        next(it)
    assert (e.value.file, e.value.line, e.value.col) == (bad, 3, 81)
    assert str(e.value).startswith(bad + ":3:81: ")
    assert len(list(sudokusat.read(bad, errors="skip"))) == 1
    got = list(sudokusat.read(bad, errors="yield"))
    assert isinstance(got[0], sudokusat.Puzzle)
    assert isinstance(got[1], sudokusat.ParseError) and got[1].line == 3
    with pytest.raises(sudokusat.OptionError):
        sudokusat.read(bad, errors="ignore")
    # an error sent to another process (pickled) keeps where and why
    back = pickle.loads(pickle.dumps(got[1]))
    assert type(back) is sudokusat.ParseError and str(back) == str(got[1])
    assert (back.file, back.line, back.col, back.message) == (
        bad, 3, 81, got[1].message)


def test_read_missing_file():
    with pytest.raises(FileNotFoundError) as e:
        sudokusat.read(path("no", "such", "file.txt"))
    assert "file.txt" in str(e.value)


def test_read_is_a_generator_over_a_large_file(tmp_path):
    f = tmp_path / "many.txt"
    f.write_text((LINE + "\n") * 20000)
    it = sudokusat.read(f)
    assert iter(it) is it
    first = next(it)
    assert first == sudokusat.parse(LINE)
    assert sum(1 for _ in it) == 19999


def test_read_gzip(tmp_path):
    import gzip
    f = tmp_path / "p.txt.gz"
    with gzip.open(f, "wt") as out:
        out.write(LINE + "\n" + LINE + "\n")
    assert len(list(sudokusat.read(str(f)))) == 2


def test_parse_many():
    ps = list(sudokusat.parse_many(open(path("docs", "examples",
                                             "puzzles.txt")).read()))
    assert len(ps) == 4 and ps[1] == sudokusat.parse(LINE)


def test_str_repr():
    p = sudokusat.parse(LINE)
    rows = str(p).splitlines()
    assert len(rows) == 9 and rows[0].replace(" ", "").startswith("1....7.9")
    r = repr(p)
    assert r.startswith("<Puzzle 9x9") and "23 givens" in r and len(r) < 80
    assert p.text("line").strip() == LINE
    with pytest.raises(sudokusat.OptionError):
        p.text("sideways")


def test_equality_and_hash():
    a, b = sudokusat.parse(LINE), sudokusat.parse(LINE)
    assert a == b and a is not b and hash(a) == hash(b)
    assert len({a, b}) == 1
    c = sudokusat.parse("." + LINE[1:])
    assert a != c
    assert a != LINE  # not equal to its text
    assert a.copy() == a


def test_lists_round_trip():
    p = sudokusat.parse(LINE)
    rows = p.to_list()
    assert len(rows) == 9 and rows[0][:6] == [1, 0, 0, 0, 0, 7]
    q = sudokusat.Puzzle.from_list(rows)
    assert q == p
    flat = sudokusat.Puzzle.from_list(list(p.cells))
    assert flat == p
    j = next(sudokusat.read(path("docs", "examples", "jigsaw.txt")))
    jq = sudokusat.Puzzle.from_list(j.to_list(), jigsaw=j.shape.jigsaw,
                                    box=(3, 3))
    assert jq == j
    r6 = sudokusat.Puzzle.from_list([[0] * 6] * 6, box=(2, 3))
    assert r6.shape.box_rows == 2 and r6.shape.box_cols == 3
    named = sudokusat.Puzzle.from_list(rows, name="Escargot",
                                       rules=["cage 12 r2c1..r2c3"])
    assert named.name == "Escargot"
    assert named.rules == ("cage 12 r2c1..r2c3",)


def test_from_list_errors():
    with pytest.raises(sudokusat.ParseError, match="square"):
        sudokusat.Puzzle.from_list([1, 2, 3])
    with pytest.raises(sudokusat.ParseError, match="holds 10"):
        sudokusat.Puzzle.from_list([[10] + [0] * 8] + [[0] * 9] * 8)
    with pytest.raises(sudokusat.ParseError):
        sudokusat.Puzzle.from_list([[0] * 6] * 6, box=(3, 3))
    with pytest.raises(sudokusat.ParseError) as e:
        sudokusat.Puzzle.from_list([[0] * 9] * 9, rules=["cage 12 r2c1 r99c1"])
    assert e.value.line == 1
    with pytest.raises(TypeError):
        sudokusat.Puzzle()


def test_numpy_round_trip():
    np = pytest.importorskip("numpy")
    p = sudokusat.parse(LINE)
    a = p.to_array()
    assert a.shape == (9, 9) and a[0, 0] == 1 and a.sum() == sum(p.cells)
    assert sudokusat.Puzzle.from_array(a) == p
    assert sudokusat.Puzzle.from_array(np.zeros((4, 4), dtype=int)).n == 4


def test_pickle():
    ruled = next(sudokusat.read(path("docs", "examples", "variants.txt")))
    jig = next(sudokusat.read(path("docs", "examples", "jigsaw.txt")))
    x = next(sudokusat.read(path("cnf-samples", "x.txt"), variants="x"))
    sukaku = next(sudokusat.read(path("docs", "examples", "sukaku.txt")))
    assert sukaku.removed
    for p in (sudokusat.parse(LINE), ruled, jig, x, sukaku):
        q = pickle.loads(pickle.dumps(p))
        assert q == p and q.shape == p.shape and q.name == p.name
