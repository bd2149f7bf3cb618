"""The module's exceptions, and the library's error messages read."""

import os

__all__ = ["SudokusatError", "ParseError", "OptionError", "SolveError",
           "TimeLimitError", "DecodeError"]


# ------------------------------------------------------------------ errors

class SudokusatError(Exception):
    """Every error the module raises is one of these."""


class ParseError(SudokusatError, ValueError):
    """Bad puzzle text: where (file, line, col; 0 when not known) and why."""

    def __init__(self, message, file=None, line=0, col=0):
        self.message, self.file, self.line, self.col = message, file, line, col
        where = file or "<text>"
        if line > 0:
            where += ":%d:%d" % (line, col) if col > 0 else ":%d" % line
        super().__init__("%s: %s" % (where, message))

    def __reduce__(self):  # pickled with its parts, not its text
        return (type(self), (self.message, self.file, self.line, self.col))


class OptionError(SudokusatError, ValueError):
    """An option the library does not take (a backend, an encoding...)."""


class SolveError(SudokusatError, RuntimeError):
    """The backend refused the puzzle, failed, or gave an answer the
    validator rejected."""


class TimeLimitError(SolveError, TimeoutError):
    """A time or step limit stopped the search before it had an answer."""


class DecodeError(SudokusatError, ValueError):
    """A model that does not give a solution of the puzzle."""


def _msg(err):
    return err.msg.decode("utf-8", "replace")


def _open_error(path, err):
    text = _msg(err)
    e = FileNotFoundError if not os.path.exists(path) else OSError
    return e(2 if e is FileNotFoundError else 0, text, path)


# the public classes are named as sudokusat exports them (their
# tracebacks and reprs say sudokusat.ParseError, not the file they are in)
for _c in (SudokusatError, ParseError, OptionError, SolveError,
           TimeLimitError, DecodeError):
    _c.__module__ = "sudokusat"
del _c
