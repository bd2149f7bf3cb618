"""Batches: solve_many, unique_many and count_many over files and
iterables, on threads, in input order, with the errors of a file."""
import pytest

import sudokusat
from check import ESCARGOT, NONE, TWO, path, valid

PUZZLES = path("docs", "examples", "puzzles.txt")


def test_solve_many_file_in_order():
    answers = list(sudokusat.solve_many(PUZZLES, threads=2))
    assert [a.status for a in answers] == ["solved"] * 3 + ["none"]
    read = list(sudokusat.read(PUZZLES))
    for a, p in zip(answers, read):
        assert a.puzzle == p
        if a.status == "solved":
            assert valid(p, a.solution) and a.count == 1
        else:
            assert a.solution is None and a.count == 0


@pytest.mark.parametrize("threads", [1, 2, 4, 7])
def test_threads_give_the_same_answers(threads, tmp_path):
    famous = list(sudokusat.read(path("docs", "examples", "famous.txt")))
    many = (famous + [sudokusat.parse(NONE), sudokusat.parse(TWO)]) * 40
    answers = list(sudokusat.solve_many(many, threads=threads, chunk=64))
    assert len(answers) == len(many)
    for p, a in zip(many, answers):
        assert a.puzzle is p
        if p == sudokusat.parse(NONE):
            assert a.status == "none"
        else:
            assert a.status == "solved" and valid(p, a.solution)
    uniq = list(sudokusat.unique_many(many, threads=threads, chunk=50))
    want = ["none" if p == sudokusat.parse(NONE) else
            "multiple" if p == sudokusat.parse(TWO) else "unique"
            for p in many]
    assert [a.status for a in uniq] == want


def test_strings_are_parsed():
    got = [a.status for a in sudokusat.unique_many([ESCARGOT, TWO, NONE])]
    assert got == ["unique", "multiple", "none"]


def test_count_many():
    got = list(sudokusat.count_many([TWO, ESCARGOT, NONE], threads=2))
    assert [a.count for a in got] == [2, 1, 0]
    assert [a.status for a in got] == ["counted", "counted", "none"]
    at = list(sudokusat.count_many([TWO], limit=1))
    assert at[0].count == 1 and at[0].at_limit
    with pytest.raises(sudokusat.OptionError):
        sudokusat.count_many([TWO], limit=-1)


def test_file_errors():
    bad = path("docs", "examples", "bad.txt")
    it = sudokusat.solve_many(bad)
    first = next(it)
    assert first.status == "solved"
    with pytest.raises(sudokusat.ParseError) as e:
        next(it)
    assert (e.value.file, e.value.line, e.value.col) == (bad, 3, 81)
    assert len(list(sudokusat.solve_many(bad, errors="skip"))) == 1
    got = list(sudokusat.solve_many(bad, errors="yield"))
    assert got[0].status == "solved"
    assert isinstance(got[1], sudokusat.ParseError)
    with pytest.raises(FileNotFoundError):
        sudokusat.solve_many(path("no", "such.txt"))


def test_bad_options():
    with pytest.raises(sudokusat.OptionError):
        sudokusat.solve_many([ESCARGOT], backend="nosuch")
    with pytest.raises(sudokusat.OptionError):
        sudokusat.solve_many([ESCARGOT], threads=0)
    with pytest.raises(sudokusat.OptionError):
        sudokusat.solve_many([ESCARGOT], chunk=0)
    # None: the default, by the number of threads
    for threads in (1, 200):
        got = sudokusat.solve_many([ESCARGOT], threads=threads, chunk=None)
        assert [a.status for a in got] == ["solved"]
    with pytest.raises(sudokusat.OptionError):
        sudokusat.solve_many([ESCARGOT], time_limit=-2)
    with pytest.raises(sudokusat.OptionError):
        sudokusat.solve_many([ESCARGOT], variants="x")  # a file's option
    with pytest.raises(TypeError):
        list(sudokusat.solve_many([42]))


def test_time_limit_in_a_batch():
    big = sudokusat.Puzzle.from_list([[0] * 64] * 64)
    got = list(sudokusat.solve_many([big, ESCARGOT], backend="cadical",
                                    time_limit=1e-9, threads=1))
    assert got[0].status == "unknown" and got[0].message
    assert got[0].solution is None


def test_answers_outlive_the_batch():
    answers = list(sudokusat.solve_many(PUZZLES, chunk=1))
    import gc
    gc.collect()
    assert valid(answers[0].puzzle, answers[0].solution)
    assert answers[0].cells == answers[0].solution.cells
    assert answers[3].cells is None and answers[3].message is None
    assert answers[0].text() == answers[0].solution.text()
    assert answers[0].text("grid") == answers[0].solution.text("grid")
    assert answers[3].text() is None
    with pytest.raises(sudokusat.OptionError):
        answers[0].text("sideways")
    assert answers[2].puzzle.givens == 23


def test_the_interpreter_runs_while_c_works(monkeypatch):
    """Python code of another thread runs inside the C call of a batch
    (ctypes lets go of the interpreter): stamps this thread takes fall
    well inside the call's start and end, taken around the call itself."""
    import threading
    import time
    from sudokusat import _lib
    real = _lib.lib.sks_session_run_many
    calls = []

    def timed(*args):
        t0 = time.monotonic()
        real(*args)
        calls.append((t0, time.monotonic()))

    monkeypatch.setattr(_lib.lib, "sks_session_run_many", timed)
    p = sudokusat.parse(ESCARGOT)
    size = 2000
    while True:
        calls.clear()
        stamps = []
        done = threading.Event()

        def work():
            for _ in sudokusat.solve_many([p] * size, threads=1, chunk=size):
                pass
            done.set()

        th = threading.Thread(target=work)
        th.start()
        while not done.is_set():
            stamps.append(time.monotonic())
        th.join()
        assert len(calls) == 1
        start, end = calls[0]
        if end - start > 0.2:
            break
        size *= 2  # a call long enough to look inside
    margin = (end - start) / 4
    inside = [t for t in stamps if start + margin < t < end - margin]
    assert inside


def test_mixed_sides_in_one_chunk():
    """A chunk of puzzles of several sides: each answer's cells and text
    read from the chunk's packed digits and written text are its own
    solution's."""
    six = sudokusat.Puzzle.from_list([[0] * 6] * 6, box=(2, 3))
    big = sudokusat.Puzzle.from_list([[0] * 16] * 16)
    many = [sudokusat.parse(ESCARGOT), six, sudokusat.parse(NONE), big,
            sudokusat.parse(TWO)] * 3
    answers = list(sudokusat.solve_many(many, threads=2, chunk=7))
    for p, a in zip(many, answers):
        if a.status == "none":
            assert a.cells is None and a.text() is None
            continue
        s = a.solution
        assert valid(p, s)
        assert a.cells == s.cells and len(a.cells) == p.n * p.n
        assert a.text() == s.text() and a.text("grid") == s.text("grid")


def test_digits_past_a_byte(monkeypatch):
    """When the chunk's digits cannot be packed in bytes (a side past
    255: sks_session_pack says -1), cells are read from the int grids."""
    from sudokusat import _lib
    real = _lib.lib.sks_session_pack
    calls = []

    def refuse(*args):
        calls.append(real(*args))
        return -1

    monkeypatch.setattr(_lib.lib, "sks_session_pack", refuse)
    answers = list(sudokusat.solve_many(PUZZLES, threads=1))
    assert calls == [0]
    assert [a.status for a in answers] == ["solved"] * 3 + ["none"]
    for a in answers[:3]:
        assert a.cells == a.solution.cells and valid(a.puzzle, a.solution)


def test_kept_answers_survive_later_chunks(tmp_path):
    """A chunk's buffers go to a later chunk only once none of its
    answers is left: answers kept while the batch goes on keep theirs."""
    famous = list(sudokusat.read(path("docs", "examples", "famous.txt")))
    f = tmp_path / "many.txt"
    f.write_text("".join(p.text("line") for p in famous) * 30)
    kept = []
    for k, a in enumerate(sudokusat.solve_many(str(f), threads=2, chunk=5)):
        if k % 4 == 0:
            kept.append(a)
    import gc
    gc.collect()
    assert len(kept) == -(-len(famous) * 30 // 4)
    for a in kept:
        want = a.puzzle.solve()
        assert a.cells == want.cells and a.solution == want
        assert a.text() == want.text()


def test_answer_to_array():
    np = pytest.importorskip("numpy")
    six = sudokusat.Puzzle.from_list([[0] * 6] * 6, box=(2, 3))
    got = list(sudokusat.solve_many([ESCARGOT, six, NONE]))
    for a in got[:2]:
        arr = a.to_array()
        assert arr.shape == (a.puzzle.n, a.puzzle.n)
        assert np.array_equal(arr, a.solution.to_array())
    assert got[2].to_array() is None


def test_cells_made_with_the_answers_once_all_are_read(tmp_path):
    """A caller that reads every answer's cells gets the next chunks'
    answers with their cells already unpacked (one C-level unpacking a
    chunk), the same cells; one that stops reading them goes back to
    answers that unpack their own when asked.  A chunk with a puzzle of
    no solution keeps None for its cells."""
    from sudokusat import _many
    famous = list(sudokusat.read(path("docs", "examples", "famous.txt")))
    f = tmp_path / "many.txt"
    lines = [p.text("line") for p in famous] * 40  # 280, 4 a chunk below
    lines[150] = NONE + "\n"  # chunk 37 holds a puzzle of no solution
    f.write_text("".join(lines))
    got = []
    for a in sudokusat.solve_many(str(f), threads=2, chunk=4):
        got.append((a, a.cells))  # each read as it comes
    eager = []
    for k, (a, cells) in enumerate(got):
        eager.append(isinstance(a, _many._AnswerCells))
        assert cells == a.cells
        assert isinstance(a, sudokusat.Answer)
        assert type(a).__name__ == "Answer"
        if k == 150:
            assert a.status == "none" and a.cells is None and not eager[-1]
            continue
        assert a.status == "solved"
        want = a.puzzle.solve()
        assert a.cells == want.cells and a.solution == want
        assert a.text() == want.text()
    chunks = [eager[c:c + 4] for c in range(0, len(eager), 4)]
    assert all(len(set(c)) == 1 for c in chunks)  # a chunk is made one way
    chunks = "".join("e" if c[0] else "l" for c in chunks)
    # the first chunk lazy (cells not yet read), and the chunk with the
    # puzzle of no solution; else eager, but for one chunk made lazily in
    # every _EAGER_RUN + 1 to look again
    assert chunks[0] == "l" and chunks[37] == "l" and "ll" not in chunks
    assert max(map(len, chunks.split("l"))) == _many._EAGER_RUN
    # answers whose cells are not read: eager no longer, from the chunk
    # made lazily to look again (one chunk in _EAGER_RUN + 1) on
    kinds = []
    for k, a in enumerate(sudokusat.solve_many(str(f), threads=1, chunk=4)):
        kinds.append(isinstance(a, _many._AnswerCells))
        if k < 100:
            a.cells
    after = max(k for k in range(100) if not kinds[k]) + 1  # a lazy one's
    assert all(kinds[after:after + 4 * _many._EAGER_RUN])
    assert not any(kinds[after + 4 * _many._EAGER_RUN:])


def test_texts_of_one_length_and_not_ascii():
    """A chunk's texts cut at one length when they all have it, at each
    one's end when not, and decoded as UTF-8 (a name in an ipuz text)."""
    import json
    esc = sudokusat.parse(ESCARGOT)
    named = sudokusat.Puzzle.from_list(esc.to_list(), name="Café ☕")
    six = sudokusat.Puzzle.from_list([[0] * 6] * 6, box=(2, 3))
    for many in ([esc] * 9, [esc, six, esc, esc], [named, esc, named]):
        answers = list(sudokusat.solve_many(many, threads=2))
        for p, a in zip(many, answers):
            s = p.solve()
            assert a.text() == s.text() and a.text("grid") == s.text("grid")
            ipuz = json.loads(a.text("ipuz"))  # one whole text each
            assert ipuz["solution"] == s.to_list()
            assert (ipuz.get("title") == "Café ☕") == (p is named)
