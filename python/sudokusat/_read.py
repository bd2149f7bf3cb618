"""Reading puzzles: one from a text, or a generator over a text or a
file (the library's reader, any form it takes)."""

import ctypes
import os
from ctypes import byref

from . import _lib
from ._errors import OptionError, ParseError, _msg, _open_error
from ._lib import lib
from ._puzzle import Puzzle, _format_options

__all__ = ["parse", "parse_many", "read"]


# ------------------------------------------------------------------ reading

def parse(text, box=None, variants=(), jigsaw=None, symbols=None):
    """Exactly one puzzle from text, in any form the library reads (with
    its variant rule lines above it)."""
    opt, _keep = _format_options(box, variants, jigsaw, symbols)
    out = ctypes.c_void_p()
    err = _lib.Error()
    if isinstance(text, str):
        text = text.encode()
    if lib.sks_puzzle_parse(text, byref(opt), byref(out), byref(err)):
        raise ParseError(_msg(err), None, err.line, err.col)
    return Puzzle._own(out.value)


def parse_many(text, errors="raise", **options):
    """Every puzzle of a text, in order (a generator; see read)."""
    if isinstance(text, str):
        text = text.encode()
    buf = ctypes.create_string_buffer(text, len(text))
    inp = lib.sks_input_memory(buf, len(text))
    return _stream(inp, "<text>", errors, options, keep=buf)


def read(path, errors="raise", box=None, variants=(), jigsaw=None,
         symbols=None):
    """The puzzles of a file ("-": standard input; gzip read as it is), in
    any form the library reads: a generator, one puzzle at a time, so a
    file of millions takes no more memory than one.

    errors: "raise" (a ParseError with file, line and column ends the
    reading), "skip" (bad puzzles are passed over), or "yield" (the
    ParseError is yielded in the puzzle's place and reading goes on)."""
    if errors not in ("raise", "skip", "yield"):
        raise OptionError("errors=%r: 'raise', 'skip' or 'yield'" % errors)
    path = os.fspath(path)
    err = _lib.Error()
    inp = lib.sks_input_open(path.encode(), byref(err))
    if not inp:
        raise _open_error(path, err)
    return _stream(inp, path, errors,
                   dict(box=box, variants=variants, jigsaw=jigsaw,
                        symbols=symbols))


def _stream(inp, name, errors, options, keep=None):
    if errors not in ("raise", "skip", "yield"):
        lib.sks_input_close(inp)
        raise OptionError("errors=%r: 'raise', 'skip' or 'yield'" % errors)
    try:
        opt, keep2 = _format_options(**options)
    except Exception:
        lib.sks_input_close(inp)
        raise
    rd = lib.sks_reader_new(inp, byref(opt))
    return _generate(inp, rd, name, errors, (keep, keep2, opt))


def _generate(inp, rd, name, errors, _keep):
    out = ctypes.c_void_p()
    err = _lib.Error()
    nxt, copy = lib.sks_reader_next, lib.sks_puzzle_copy
    own = Puzzle._own
    try:
        while True:
            r = nxt(rd, byref(out), byref(err))
            if r == 1:
                yield own(copy(out.value))
            elif r == 0:
                return
            else:
                e = ParseError(_msg(err), name, err.line, err.col)
                if errors == "raise":
                    raise e
                if errors == "yield":
                    yield e
    finally:
        lib.sks_reader_delete(rd)
        lib.sks_input_close(inp)
