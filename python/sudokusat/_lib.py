"""The C library, loaded through ctypes: its structures and prototypes.

Everything here mirrors the installed public headers (sks_*.h); the
headers are the one source of truth, and a change there is a change
here.  The library is ``libsudokusat.so.0``: the file named by the
environment variable SUDOKUSAT_LIBRARY when it is set (the tests point it
at the build tree's), else the one installed with the module by `cmake
--install` (_installed.py names it), else the one the dynamic loader finds
(installed in /usr/local/lib and ldconfig run), else /usr/local/lib's.
"""

import ctypes
import ctypes.util
import os
from ctypes import (POINTER, Structure, c_bool, c_char, c_char_p, c_double,
                    c_int, c_long, c_longlong, c_size_t, c_ubyte, c_uint,
                    c_ulonglong, c_void_p, c_byte)

SONAME = "libsudokusat.so.0"


def _load():
    path = os.environ.get("SUDOKUSAT_LIBRARY")
    if path:
        return ctypes.CDLL(path)
    tried = []
    try:  # written by cmake --install beside the module
        from ._installed import LIBRARY
        if os.path.exists(LIBRARY):
            return ctypes.CDLL(LIBRARY)
    except ImportError:
        pass
    for name in (SONAME, "/usr/local/lib/" + SONAME,
                 "/usr/lib/x86_64-linux-gnu/" + SONAME):
        try:
            return ctypes.CDLL(name)
        except OSError as e:
            tried.append(str(e))
    raise ImportError(
        "sudokusat: cannot load %s (install the library with "
        "'cmake --install build && ldconfig', or set SUDOKUSAT_LIBRARY to "
        "its path): %s" % (SONAME, "; ".join(tried)))


lib = _load()
libc = ctypes.CDLL(None)

SAT, UNSAT, UNKNOWN = 10, 20, 0
READ_NOT_PUZZLES = -2


class Error(Structure):
    _fields_ = [("line", c_long), ("col", c_long), ("msg", c_char * 256)]


class Shape(Structure):
    _fields_ = [("n", c_int), ("box_rows", c_int), ("box_cols", c_int),
                ("variants", c_uint), ("nregions", c_int),
                ("region", POINTER(c_int)), ("jigsaw", POINTER(c_int))]


class Presentation(Structure):
    _fields_ = [("layout", c_int), ("blank", c_char),
                ("symbols", c_char * 36), ("ruled", c_bool),
                ("box_header", c_bool), ("line", c_long),
                ("name", c_void_p), ("solution", POINTER(c_int))]


class Rule(Structure):
    _fields_ = [("kind", c_int), ("value", c_int), ("ncells", c_int),
                ("split", c_int), ("cells", POINTER(c_int)),
                ("ndigits", c_int), ("digits", POINTER(c_int)),
                ("line", c_long), ("text", c_char_p)]


class Rules(Structure):
    _fields_ = [("n", c_int), ("count", c_int), ("rule", POINTER(Rule))]


class PuzzleC(Structure):
    _fields_ = [("shape", POINTER(Shape)), ("cell", POINTER(c_int)),
                ("removed", POINTER(c_ubyte)), ("look", Presentation),
                ("rules", POINTER(Rules))]


class FormatOptions(Structure):
    _fields_ = [("box_rows", c_int), ("box_cols", c_int),
                ("variants", c_uint), ("jigsaw", POINTER(c_int)),
                ("symbols", c_char_p)]


class Limits(Structure):
    _fields_ = [("time_limit", c_double), ("max_steps", c_longlong)]


class EncodeOptions(Structure):
    _fields_ = [("encoding", c_int), ("amo", c_int), ("renumber", c_bool)]


class SolverOptions(Structure):
    _fields_ = [("seed", c_ulonglong), ("threads", c_int),
                ("command", c_char_p), ("analog_memory", c_int),
                ("analog_method", c_int), ("trace", c_void_p),
                ("trace_every", c_long), ("restart_base", c_double),
                ("route_nodes", c_longlong),
                ("encode", POINTER(EncodeOptions)), ("spare", POINTER(c_int))]


class CountResult(Structure):
    _fields_ = [("count", c_longlong), ("status", c_int),
                ("at_limit", c_bool)]


class SessionAnswer(Structure):
    _fields_ = [("status", c_int), ("count", c_longlong),
                ("at_limit", c_bool), ("grid", POINTER(c_int)),
                ("err", Error)]


class Cnf(Structure):
    _fields_ = [("nvars", c_int), ("nclauses", c_long),
                ("lits", POINTER(c_int)), ("nlits", c_size_t),
                ("cap", c_size_t), ("maxlen", c_int), ("desc", c_void_p),
                ("cut", c_bool)]


class Model(Structure):
    _fields_ = [("status", c_int), ("nvars", c_int),
                ("val", POINTER(c_byte)), ("has_status", c_bool)]


class Backend(Structure):
    _fields_ = [("name", c_char_p), ("caps", c_uint), ("help", c_char_p),
                ("propagate", c_int), ("var_bytes", c_uint)]


P = c_void_p  # a puzzle: its address (PuzzleC.from_address reads it)
PP = POINTER(c_void_p)
E = POINTER(Error)
INT_P = POINTER(c_int)


def _proto(name, restype, *argtypes):
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


# common
_proto("sks_version", c_char_p)
# shapes and puzzles (sks_encoder.h)
_proto("sks_variant_name", c_char_p, c_uint)
_proto("sks_variant_parse", c_uint, c_char_p)
_proto("sks_puzzle_new", P, c_int, c_int, c_uint, INT_P, E)
_proto("sks_puzzle_copy", P, P)
_proto("sks_puzzle_delete", None, P)
_proto("sks_puzzle_set_name", None, P, c_char_p, c_size_t)
_proto("sks_puzzle_givens", c_int, P)
_proto("sks_puzzle_set_rules", None, P, c_void_p)
_proto("sks_puzzle_removed_count", c_long, P)
_proto("sks_puzzle_remove", None, P, c_int, c_int)
_proto("sks_rules_new", POINTER(Rules), c_int)
_proto("sks_rules_release", None, c_void_p)
_proto("sks_rules_add_text", c_int, c_void_p, c_char_p, c_size_t, E)
_proto("sks_rule_write", c_size_t, POINTER(Rule), c_int, c_char_p, c_size_t)
_proto("sks_eo_new", c_void_p, c_void_p)
_proto("sks_eo_delete", None, c_void_p)
_proto("sks_eo_load", c_int, c_void_p, P, c_int)
_proto("sks_cnf_new", POINTER(Cnf))
_proto("sks_cnf_delete", None, POINTER(Cnf))
_proto("sks_encode", c_int, c_void_p, POINTER(EncodeOptions), POINTER(Cnf))
_proto("sks_encoding_parse", c_int, c_char_p, INT_P)
_proto("sks_amo_parse", c_int, c_char_p, INT_P)
_proto("sks_propagate_parse", c_int, c_char_p, INT_P)
# formats (sks_formats.h)
_proto("sks_input_open", c_void_p, c_char_p, E)
_proto("sks_input_memory", c_void_p, c_void_p, c_size_t)
_proto("sks_input_close", None, c_void_p)
_proto("sks_reader_new", c_void_p, c_void_p, POINTER(FormatOptions))
_proto("sks_reader_delete", None, c_void_p)
_proto("sks_reader_fill", c_int, c_void_p, PP, c_int, INT_P, E)
_proto("sks_reader_next", c_int, c_void_p, PP, E)
_proto("sks_puzzle_parse", c_int, c_char_p, POINTER(FormatOptions), PP, E)
_proto("sks_symbols_parse", c_int, c_char_p, c_char_p, E)
_proto("sks_puzzle_write_as", c_int, c_void_p, P, INT_P, c_int)
_proto("sks_puzzle_write", c_int, c_void_p, P, INT_P)
_proto("sks_puzzle_text", c_size_t, P, c_void_p, c_int, c_char_p, c_size_t)
_proto("sks_dimacs_write_file", c_int, POINTER(Cnf), c_char_p, c_void_p, E)
_proto("sks_model_new", POINTER(Model))
_proto("sks_model_delete", None, POINTER(Model))
# solvers and the decoder
_proto("sks_backends", POINTER(POINTER(Backend)))
_proto("sks_backend_find", POINTER(Backend), c_char_p)
_proto("sks_shape_default_box", None, c_int, INT_P, INT_P)
_proto("sks_solver_error", c_char_p, c_void_p)
_proto("sks_session_solver", c_void_p, c_void_p)
_proto("sks_validate", c_bool, P, INT_P, E)
_proto("sks_decode_model", c_int, c_void_p, c_void_p, POINTER(Model), INT_P,
       E)
_proto("sks_session_new", c_void_p, c_char_p, POINTER(SolverOptions), E)
_proto("sks_session_delete", None, c_void_p)
_proto("sks_session_solve", c_int, c_void_p, P, POINTER(Limits), INT_P, E)
_proto("sks_session_count", CountResult, c_void_p, P, c_longlong,
       POINTER(Limits), INT_P, INT_P, E)
_proto("sks_session_cells", c_size_t, PP, c_int, POINTER(c_size_t))
_proto("sks_session_run_many", None, POINTER(c_void_p), c_int,
       POINTER(Limits), c_longlong, PP, c_int, INT_P, POINTER(SessionAnswer))
_proto("sks_session_delete_puzzles", None, POINTER(c_void_p), c_int)
_proto("sks_session_pack", c_int, PP, POINTER(SessionAnswer), c_int,
       POINTER(c_ubyte), POINTER(c_ubyte))
_proto("sks_session_write_answers", c_int, c_void_p, PP,
       POINTER(SessionAnswer), c_int, c_int, POINTER(c_size_t))

libc.open_memstream.restype = c_void_p
libc.open_memstream.argtypes = [POINTER(c_void_p), POINTER(c_size_t)]
libc.fclose.restype = c_int
libc.fclose.argtypes = [c_void_p]
libc.free.restype = None
libc.free.argtypes = [c_void_p]
libc.malloc.restype = c_void_p
libc.malloc.argtypes = [c_size_t]
libc.fflush.restype = c_int
libc.fflush.argtypes = [c_void_p]


def memstream(write):
    """What write(FILE *) writes, as bytes (through open_memstream)."""
    buf = c_void_p()
    size = c_size_t()
    f = libc.open_memstream(ctypes.byref(buf), ctypes.byref(size))
    if not f:
        raise MemoryError("open_memstream failed")
    try:
        res = write(f)
    finally:
        libc.fclose(f)
    try:
        data = ctypes.string_at(buf.value, size.value) if buf.value else b""
    finally:
        libc.free(buf)
    return res, data
