"""sudokusat: Sudoku puzzles to SAT problems and back, from Python.

The installed C library (libsudokusat.so.0) through ctypes: every puzzle
form it reads, its solvers and counting, its CNF with the variable map
and the decoding of a model, and batches on threads.  See docs/python.md.

>>> import sudokusat
>>> p = sudokusat.parse("1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..")
>>> p.is_unique()
True
"""

from ._core import (Answer, Cnf, DecodeError, OptionError, ParseError,
                    Puzzle, Shape, SolveError, SudokusatError,
                    TimeLimitError, backends, count_many, parse, parse_many,
                    read, solve_many, unique_many, version)

from ._author import (Grade, Repair, Step, Verdict, canon, check, dedupe,
                      explain, generate, grade, minimize, print_svg, repair)

__version__ = version()

__all__ = ["Answer", "Cnf", "DecodeError", "OptionError", "ParseError",
           "Puzzle", "Shape", "SolveError", "SudokusatError",
           "TimeLimitError", "backends", "count_many", "parse", "parse_many",
           "read", "solve_many", "unique_many", "version", "Grade", "Repair",
           "Step", "canon", "dedupe", "explain", "generate", "grade",
           "minimize", "print_svg", "repair", "Verdict", "check"]
