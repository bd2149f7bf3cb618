"""The examples of docs/python.md, run as doctests from the root of the
source tree (where their files are)."""
import doctest
import os

from check import SOURCE


def test_python_md(monkeypatch):
    monkeypatch.chdir(SOURCE)
    doc = os.path.join(SOURCE, "docs", "python.md")
    res = doctest.testfile(doc, module_relative=False,
                           optionflags=doctest.ELLIPSIS |
                           doctest.NORMALIZE_WHITESPACE)
    assert res.attempted >= 20
    assert res.failed == 0


def test_module_docstrings(monkeypatch):
    import sudokusat
    monkeypatch.chdir(SOURCE)
    res = doctest.testmod(sudokusat, optionflags=doctest.ELLIPSIS)
    assert res.attempted >= 1 and res.failed == 0
