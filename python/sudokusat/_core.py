"""The module's Python side, gathered: each concept in a file of its own
(_errors, _solve: sessions, _puzzle: shapes and puzzles, _cnf, _read:
reading, _many: batches); this module names them all, as it did when it
held them (sudokusat/__init__.py takes the public ones from here)."""

from ._cnf import Cnf  # noqa: F401
from ._errors import (DecodeError, OptionError, ParseError, SolveError,
                      SudokusatError, TimeLimitError)
from ._many import Answer, count_many, solve_many, unique_many
from ._puzzle import Puzzle, Shape, _unpickle
from ._read import parse, parse_many, read
from ._solve import backends, version

# a Puzzle pickled before the split names sudokusat._core._unpickle
_PICKLED = _unpickle

__all__ = ["SudokusatError", "ParseError", "OptionError", "SolveError",
           "TimeLimitError", "DecodeError", "Puzzle", "Shape", "Cnf",
           "Answer", "parse", "parse_many", "read", "solve_many",
           "unique_many", "count_many", "backends", "version"]
