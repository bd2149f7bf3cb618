"""A puzzle's CNF (the library's encoder): its clauses, the variable map,
the decoding of a model and DIMACS with the self-describing header."""

import ctypes
import os
from ctypes import byref, c_int

from . import _lib
from ._errors import DecodeError, OptionError, _msg
from ._lib import lib

__all__ = ["Cnf"]


# ------------------------------------------------------------------ CNF

def _parse_name(fn, name, what, known):
    v = c_int()
    if not isinstance(name, str) or fn(name.encode(), byref(v)):
        raise OptionError("%s %r (known: %s)" % (what, name, known))
    return v.value


class Cnf:
    """A puzzle's CNF.  clauses: a list of lists of ints, as pycosat and
    PySAT take them; var(row, col, digit) the variable of a digit (1..n)
    in a cell (row and col from 0); decode(model) the solution a model
    (the true and false literals, as pycosat returns them) gives."""

    def __init__(self, puzzle, encoding="extended", amo="auto",
                 propagate="givens"):
        enc = _lib.EncodeOptions()
        enc.encoding = _parse_name(lib.sks_encoding_parse, encoding,
                                   "encoding", "minimal, efficient, extended")
        enc.amo = _parse_name(lib.sks_amo_parse, amo, "amo",
                              "auto, pairwise, sequential, product, "
                              "commander, bimander")
        level = _parse_name(lib.sks_propagate_parse, propagate, "propagate",
                            "givens, singles, locked")
        self.puzzle = puzzle
        self._eo = lib.sks_eo_new(puzzle._c.shape)
        self._cnf = lib.sks_cnf_new()
        self.status = lib.sks_eo_load(self._eo, puzzle._a, level)
        lib.sks_encode(self._eo, byref(enc), self._cnf)
        self._clauses = None

    def __del__(self, _cnf_delete=lib.sks_cnf_delete,
                _eo_delete=lib.sks_eo_delete):
        if getattr(self, "_cnf", None):
            _cnf_delete(self._cnf)
            self._cnf = None
        if getattr(self, "_eo", None):
            _eo_delete(self._eo)
            self._eo = None

    @property
    def nvars(self):
        return self._cnf.contents.nvars

    @property
    def nclauses(self):
        return self._cnf.contents.nclauses

    @property
    def clauses(self):
        """The clauses, a list of lists of ints (made once)."""
        if self._clauses is None:
            self._clauses = list(self.iter_clauses())
        return self._clauses

    def iter_clauses(self):
        """The clauses one at a time."""
        c = self._cnf.contents
        lits = c.lits[:c.nlits]
        clause = []
        for x in lits:
            if x:
                clause.append(x)
            else:
                yield clause
                clause = []

    def __iter__(self):
        return self.iter_clauses()

    def __len__(self):
        return self.nclauses

    def var(self, row, col, digit):
        """The variable that says cell (row, col) (from 0) holds digit
        (1..n): sks_var's numbering, (row*n + col)*n + digit."""
        n = self.puzzle.n
        if not (0 <= row < n and 0 <= col < n and 1 <= digit <= n):
            raise IndexError("(%d, %d, %d) outside a %dx%d grid of digits "
                             "1..%d" % (row, col, digit, n, n, n))
        return (row * n + col) * n + digit

    def decode(self, model):
        """The solution a model gives, checked by the validator: model is
        the literals (true positive, false negative) as pycosat's solve
        returns them, or the true variables alone."""
        if isinstance(model, str):
            raise DecodeError("no model: %r" % model)
        lits = [int(x) for x in model]
        top = max([self.nvars] + [abs(x) for x in lits])
        vals = bytearray(top + 1)
        for x in lits:
            vals[abs(x)] = 1 if x > 0 else 255
        m = lib.sks_model_new()
        try:
            mem = _lib.libc.malloc(top + 1)
            ctypes.memmove(mem, bytes(vals), top + 1)
            m.contents.val = ctypes.cast(mem, ctypes.POINTER(ctypes.c_byte))
            m.contents.nvars = top
            m.contents.status = _lib.SAT
            n = self.puzzle.n
            grid = (c_int * (n * n))()
            err = _lib.Error()
            if lib.sks_decode_model(self._eo, self._cnf.contents.desc, m, grid,
                                    byref(err)):
                raise DecodeError(_msg(err))
            if not lib.sks_validate(self.puzzle._a, grid, byref(err)):
                raise DecodeError(_msg(err))
            return self.puzzle._with_cells(grid)
        finally:
            lib.sks_model_delete(m)

    def to_dimacs(self, path):
        """Writes the CNF in DIMACS with its description as comments (so
        `sudokusat decode` and decode() read a model of it back); a name
        ending .gz is written gzipped."""
        path = os.fspath(path)

        class DimacsOptions(ctypes.Structure):
            _fields_ = [("gzip", ctypes.c_bool), ("level", c_int),
                        ("temp_name", ctypes.c_void_p)]
        opt = DimacsOptions()
        opt.gzip = path.endswith(".gz")
        err = _lib.Error()
        if lib.sks_dimacs_write_file(self._cnf, path.encode(), byref(opt),
                                     byref(err)):
            raise OSError(0, _msg(err), path)


# the public classes are named as sudokusat exports them (their
# tracebacks and reprs say sudokusat.ParseError, not the file they are in)
Cnf.__module__ = "sudokusat"
