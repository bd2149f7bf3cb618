"""Certificates checked (`sudokusat check`): the library's own proof
checker and validator over a puzzle and its certificate file.  Below the
puzzle (Puzzle.check) and the authoring calls (sudokusat.check): it takes
a puzzle's handle and line, and imports neither."""
import ctypes
import os
from collections import namedtuple
from ctypes import POINTER, Structure, byref, c_bool, c_char_p, c_double, \
    c_int, c_void_p

from . import _lib
from ._errors import OptionError, ParseError, _msg
from ._lib import lib


def _proto(name, restype, *argtypes):
    f = getattr(lib, name)
    f.restype, f.argtypes = restype, list(argtypes)


E = POINTER(_lib.Error)


class _Clauses(Structure):
    _fields_ = [("lit", POINTER(c_int)), ("nlits", ctypes.c_size_t),
                ("cap", ctypes.c_size_t), ("nvars", c_int),
                ("nclauses", ctypes.c_size_t), ("base", ctypes.c_size_t),
                ("base_clauses", ctypes.c_size_t),
                ("base_key", ctypes.c_uint64), ("base_shape", POINTER(c_int)),
                ("base_nshape", ctypes.c_size_t),
                ("base_shape_cap", ctypes.c_size_t)]


_proto("sks_clauses_init", None, POINTER(_Clauses))
_proto("sks_clauses_free", None, POINTER(_Clauses))
_proto("sks_drat_new", c_void_p)
_proto("sks_drat_delete", None, c_void_p)
_proto("sks_drat_set_deadline", None, c_void_p, c_double)
_proto("sks_time", c_double)
_proto("sks_cert_check", c_bool, c_char_p, c_void_p, c_void_p, c_void_p,
       POINTER(_Clauses), POINTER(c_int), E)
_CLAIMS = ("unique", "none", "multiple", "sat", "unsat")

Verdict = namedtuple("Verdict", "puzzle verified claim reason")
Verdict.__doc__ = """What check found for a puzzle: verified (bool), the
claim its certificate makes ("unique", "none", "multiple"; None when it
could not be read) and, when not verified, the reason."""


class _Checker:
    def __init__(self):
        self.d = lib.sks_drat_new()
        self.cl = _Clauses()
        lib.sks_clauses_init(byref(self.cl))

    def __del__(self, _drat_delete=lib.sks_drat_delete,
                _free=lib.sks_clauses_free):
        if getattr(self, "d", None):
            _drat_delete(self.d)
            _free(byref(self.cl))
            self.d = None

    def check(self, puzzle, path, time_limit):
        deadline = lib.sks_time() + time_limit if time_limit else 0.0
        lib.sks_drat_set_deadline(self.d, deadline)
        claim = c_int(-1)
        why = _lib.Error()
        ok = lib.sks_cert_check(os.fsencode(path), puzzle._a, None, self.d,
                                byref(self.cl), byref(claim), byref(why))
        name = _CLAIMS[claim.value] if 0 <= claim.value < 5 else None
        return Verdict(puzzle, bool(ok), name,
                       None if ok else "%s: %s" % (path, _msg(why)))


def _cert_path(directory, file, line, index):
    name = "%d-%d" % (file, line) + (".%d" % index if index > 1 else "")
    return os.path.join(os.fspath(directory), name + ".cert")


def check_puzzle(puzzle, certificate, file=1, time_limit=None):
    """Puzzle.check: the certificate of one puzzle checked, a Verdict."""
    if time_limit is not None and not time_limit > 0:
        raise OptionError("time_limit %r: seconds, more than 0"
                          % (time_limit,))
    where = os.fspath(certificate)
    if not os.path.exists(where):
        raise FileNotFoundError(2, "no certificate or certificate folder",
                                where)
    if os.path.isdir(where):
        if puzzle.line <= 0:
            raise OptionError("the puzzle was not read from a file, so its "
                              "certificate has no name in %s: give the "
                              ".cert file itself" % where)
        where = _cert_path(where, file, puzzle.line, 1)
    return _Checker().check(puzzle, where, time_limit)


def _check(source, directory, file, time_limit):
    checker = _Checker()
    last_line, index = None, 0
    for p in source:
        line = p.line if not isinstance(p, ParseError) else p.line
        index = index + 1 if line == last_line else 1
        last_line = line
        if isinstance(p, ParseError):
            continue  # it takes its place on its line, and has no verdict
        yield checker.check(p, _cert_path(directory, file, line, index),
                            time_limit)
