"""Puzzles, reading, solving, counting and CNF: the Python face of the
library's reader, sessions (decoder/session.c) and encoder."""

import ctypes
import os
import struct
import threading
from concurrent.futures import ThreadPoolExecutor
from ctypes import byref, c_int, c_size_t
from itertools import chain, islice, repeat as _repeat

_chain = chain.from_iterable

from . import _lib
from ._lib import lib

try:  # optional
    import numpy as _np
except ImportError:  # pragma: no cover - numpy is optional
    _np = None

__all__ = ["SudokusatError", "ParseError", "OptionError", "SolveError",
           "TimeLimitError", "DecodeError", "Puzzle", "Shape", "Cnf",
           "Answer", "parse", "parse_many", "read", "solve_many",
           "unique_many", "count_many", "backends", "version"]


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


def version():
    """The C library's version, "MAJOR.MINOR.PATCH"."""
    return lib.sks_version().decode()


def backends():
    """The names of the library's backends, in the registry's order."""
    names = []
    arr = lib.sks_backends()
    i = 0
    while arr[i]:
        names.append(arr[i].contents.name.decode())
        i += 1
    return names


# ------------------------------------------------------------------ shapes

_VARIANTS = [lib.sks_variant_name(1 << i).decode() for i in range(3)]
LAYOUTS = ["line", "grid", "numbers", "numbers-line", "numbers-column",
           "candidates", "ipuz"]


def _variant_bits(variants):
    if isinstance(variants, str):
        variants = [variants]
    bits = 0
    for v in variants or ():
        b = lib.sks_variant_parse(v.encode())
        if not b:
            raise OptionError("unknown variant %r (known: %s)"
                              % (v, ", ".join(_VARIANTS)))
        bits |= b
    return bits


class Shape(tuple):
    """A puzzle's shape: side n, box rows and columns, variant names, and
    the jigsaw map (n*n region ids) or None."""
    __slots__ = ()

    def __new__(cls, n, box_rows, box_cols, variants, jigsaw):
        return tuple.__new__(cls, (n, box_rows, box_cols, variants, jigsaw))

    n = property(lambda self: self[0])
    box_rows = property(lambda self: self[1])
    box_cols = property(lambda self: self[2])
    variants = property(lambda self: self[3])
    jigsaw = property(lambda self: self[4])

    def __repr__(self):
        v = ", " + "+".join(self.variants) if self.variants else ""
        return "Shape(%dx%d, boxes %dx%d%s)" % (self.n, self.n, self.box_rows,
                                                self.box_cols, v)


def _format_options(box=None, variants=(), jigsaw=None, symbols=None):
    opt = _lib.FormatOptions()
    keep = []
    if box is not None:
        opt.box_rows, opt.box_cols = box
    opt.variants = _variant_bits(variants)
    if jigsaw is not None:
        flat = _flatten(jigsaw)
        arr = (c_int * len(flat))(*flat)
        keep.append(arr)
        opt.jigsaw = ctypes.cast(arr, _lib.INT_P)
        opt.variants |= _variant_bits("jigsaw")
        if box is None:
            raise OptionError("a jigsaw map needs box=(rows, cols) to give "
                              "the side")
    if symbols:
        out = ctypes.create_string_buffer(64)
        err = _lib.Error()
        if lib.sks_symbols_parse(symbols.encode(), out, byref(err)) < 0:
            raise OptionError("symbols %r: %s" % (symbols, _msg(err)))
        keep.append(out)
        opt.symbols = out.value
    return opt, keep


def _flatten(rows):
    if _np is not None and isinstance(rows, _np.ndarray):
        return [int(x) for x in rows.reshape(-1)]
    out = []
    for r in rows:
        if isinstance(r, (list, tuple)) or (_np is not None and
                                            isinstance(r, _np.ndarray)):
            out.extend(int(x) for x in r)
        else:
            out.append(int(r))
    return out


# ------------------------------------------------------------------ puzzles

class Puzzle:
    """A puzzle as the library reads it: shape, givens, variant rules,
    candidates removed, and how it was written (layout, symbols, name).

    Made by :func:`parse`, :func:`read` or :meth:`from_list`; immutable
    from Python, equal and hashed by content (shape, givens, candidates,
    rules), not by name or layout."""

    __slots__ = ("_a", "_owner", "_key", "__weakref__")

    def __init__(self, *args, **kwargs):
        raise TypeError("make a Puzzle with sudokusat.parse(), read() or "
                        "Puzzle.from_list()")

    @classmethod
    def _own(cls, addr, owner=None):
        """The puzzle at addr, freed with this object, or kept by owner
        (a chunk of a batch, which frees its puzzles itself)."""
        self = object.__new__(cls)
        self._a = addr
        self._owner = owner
        self._key = None
        return self

    def __del__(self, _delete=lib.sks_puzzle_delete):
        a = getattr(self, "_a", None)
        if a and self._owner is None:
            _delete(a)
        self._a = None

    @property
    def _c(self):
        return _lib.PuzzleC.from_address(self._a)

    # -- making
    @classmethod
    def from_list(cls, cells, box=None, variants=(), jigsaw=None,
                  rules=(), name=None):
        """A puzzle from its cells: n rows of n numbers (or n*n numbers in
        one list), 0 a blank, 1..n a digit; box=(rows, cols) when not the
        most square; variants names ("x", "windoku"), jigsaw an n*n map of
        region ids 0..n-1 (rows or flat), rules their text form a line."""
        flat = _flatten(cells)
        n = int(round(len(flat) ** 0.5))
        if n * n != len(flat) or n < 1:
            raise ParseError("%d cells is not a square grid" % len(flat))
        if box is None:
            r, c = c_int(), c_int()
            lib.sks_shape_default_box(n, byref(r), byref(c))
            box = (r.value, c.value)
        bits = _variant_bits(variants)
        jig = None
        if jigsaw is not None:
            jf = _flatten(jigsaw)
            jig = (c_int * len(jf))(*jf)
            bits |= _variant_bits("jigsaw")
        err = _lib.Error()
        p = lib.sks_puzzle_new(box[0], box[1], bits,
                               ctypes.cast(jig, _lib.INT_P) if jig else None,
                               byref(err))
        if not p:
            raise ParseError(_msg(err))
        self = cls._own(p)
        side = self._c.shape.contents.n
        if side != n:
            raise ParseError("boxes of %dx%d make a side of %d, not %d"
                             % (box[0], box[1], side, n))
        for i, v in enumerate(flat):
            if not 0 <= v <= n:
                raise ParseError("cell r%dc%d holds %d (0 to %d)"
                                 % (i // n + 1, i % n + 1, v, n))
        vals = (c_int * (n * n))(*[v - 1 for v in flat])
        ctypes.memmove(self._c.cell, vals, ctypes.sizeof(vals))
        if rules:
            self._set_rules(rules)
        if name:
            b = name.encode()
            lib.sks_puzzle_set_name(p, b, len(b))
        return self

    def _set_rules(self, rules):
        if isinstance(rules, str):
            rules = rules.splitlines()
        n = self.n
        rs = lib.sks_rules_new(n)
        try:
            for k, line in enumerate(rules, 1):
                b = line.encode()
                err = _lib.Error()
                if lib.sks_rules_add_text(rs, b, len(b), byref(err)):
                    raise ParseError(_msg(err), "<rules>", k, err.col)
            lib.sks_puzzle_set_rules(self._a, rs)
        finally:
            lib.sks_rules_release(rs)

    @classmethod
    def from_array(cls, array, **kwargs):
        """The same from a numpy array of shape (n, n)."""
        return cls.from_list(array, **kwargs)

    def _with_cells(self, grid):
        """A copy of this puzzle with grid (n*n digits 0-based) as cells."""
        q = Puzzle._own(lib.sks_puzzle_copy(self._a))
        ctypes.memmove(q._c.cell, grid, ctypes.sizeof(c_int) * self.n * self.n)
        return q

    # -- reading
    @property
    def n(self):
        """The side: 9 for a 9x9."""
        return self._c.shape.contents.n

    @property
    def shape(self):
        s = self._c.shape.contents
        vs = tuple(v for i, v in enumerate(_VARIANTS)
                   if s.variants & (1 << i))
        jig = tuple(s.jigsaw[:s.n * s.n]) if s.jigsaw else None
        return Shape(s.n, s.box_rows, s.box_cols, vs, jig)

    @property
    def variants(self):
        """Variant names: "x", "windoku", "jigsaw"."""
        s = self._c.shape.contents
        return tuple(v for i, v in enumerate(_VARIANTS)
                     if s.variants & (1 << i))

    @property
    def cells(self):
        """The n*n cells row by row: 0 blank, else the digit 1..n."""
        n = self.n
        return tuple(v + 1 for v in self._c.cell[:n * n])

    @property
    def givens(self):
        """How many cells are given."""
        return lib.sks_puzzle_givens(self._a)

    @property
    def removed(self):
        """Candidates removed (a candidates puzzle): (row, col, digit)
        triples, 0-based row and column, digit 1..n."""
        p = self._c
        if not p.removed:
            return ()
        n = self.n
        flags = ctypes.string_at(p.removed, n * n * n)
        return tuple((i // (n * n), i // n % n, i % n + 1)
                     for i, f in enumerate(flags) if f)

    @property
    def rules(self):
        """The variant rules, each in its text form ("cage 15 r1c1 r1c2")."""
        rs = self._c.rules
        if not rs:
            return ()
        r = rs.contents
        out = []
        buf = ctypes.create_string_buffer(256)
        for i in range(r.count):
            need = lib.sks_rule_write(ctypes.byref(r.rule[i]), r.n, buf, 256)
            if need >= 256:
                big = ctypes.create_string_buffer(need + 1)
                lib.sks_rule_write(ctypes.byref(r.rule[i]), r.n, big,
                                   need + 1)
                out.append(big.value.decode())
            else:
                out.append(buf.value.decode())
        return tuple(out)

    @property
    def name(self):
        """The text after a one-line puzzle (its name), or None."""
        v = self._c.look.name
        return ctypes.string_at(v).decode("utf-8", "replace") if v else None

    @property
    def line(self):
        """The input line the puzzle started on (0: not read)."""
        return self._c.look.line

    @property
    def layout(self):
        """The layout it was written in ("line", "grid", ...)."""
        return LAYOUTS[self._c.look.layout]

    def __getitem__(self, rc):
        r, c = rc
        n = self.n
        if not (0 <= r < n and 0 <= c < n):
            raise IndexError("cell (%d, %d) outside a %dx%d grid"
                             % (r, c, n, n))
        return self._c.cell[r * n + c] + 1

    def to_list(self):
        """n rows of n numbers, 0 a blank."""
        n = self.n
        cells = self.cells
        return [list(cells[r * n:(r + 1) * n]) for r in range(n)]

    def to_array(self):
        """A numpy array of shape (n, n) (numpy must be installed)."""
        if _np is None:
            raise ImportError("to_array needs numpy (python3-numpy)")
        return _np.array(self.cells, dtype=_np.int32).reshape(self.n, self.n)

    def text(self, layout=None):
        """The puzzle written as the library writes it: in its own layout,
        or the one named ("line", "grid", "numbers", ...)."""
        return _text(self._a, None, _layout(layout))

    def __str__(self):
        return self.text("grid").rstrip("\n")

    def __repr__(self):
        n = self.n
        s = ""
        if n <= 35:
            s = " " + "".join("." if v == 0 else "%X" % v if v < 10 else
                              chr(55 + v) for v in self.cells[:20]) + "..."
        extra = ""
        if self.variants:
            extra += " " + "+".join(self.variants)
        rs = self._c.rules
        nr = rs.contents.count if rs else 0
        if nr:
            extra += " %d rule%s" % (nr, "s" if nr > 1 else "")
        return "<Puzzle %dx%d%s, %d givens%s>" % (n, n, extra, self.givens, s)

    def _content(self):
        if self._key is None:
            p = self._c
            n = self.n
            rem = (ctypes.string_at(p.removed, n * n * n)
                   if p.removed else None)
            self._key = (self.shape, tuple(p.cell[:n * n]), rem, self.rules)
        return self._key

    def __eq__(self, other):
        if not isinstance(other, Puzzle):
            return NotImplemented
        return self._content() == other._content()

    def __hash__(self):
        return hash(self._content())

    def copy(self):
        return Puzzle._own(lib.sks_puzzle_copy(self._a))

    def __reduce__(self):
        sh = self.shape
        return (_unpickle, (self.cells, (sh.box_rows, sh.box_cols),
                            tuple(v for v in sh.variants if v != "jigsaw"),
                            sh.jigsaw, self.rules, self.name, self.removed))

    # -- solving
    def solve(self, backend="auto", time_limit=None, max_steps=None,
              seed=None):
        """The solution, as a puzzle of every cell given (checked by the
        library's validator), or None when there is none.  Raises
        TimeLimitError when time_limit (seconds) or max_steps ran out."""
        try:
            ss = _local.sessions[backend, seed]
        except (AttributeError, KeyError, TypeError):
            ss = _session(backend, seed)
        a = self._a
        n = _PuzzleC_at(a).shape.contents.n
        cells = n * n
        grid = ss.grid(cells)
        lim = None
        if time_limit is not None or max_steps is not None:
            lim = _limits(time_limit, max_steps)
        r = _solve(ss.ptr, a, lim, grid, ss.errp)
        if r == 10:  # SKS_SAT
            q = _copy(a)
            _memmove(_PuzzleC_at(q).cell, grid, 4 * cells)
            return _own(q)
        if r == 20:  # SKS_UNSAT
            return None
        _raise_unknown(ss, r, ss.err)

    def count(self, limit=0, backend="auto", time_limit=None,
              max_steps=None):
        """The number of solutions, up to limit (0: all; at the limit the
        count is the limit: there are at least that many)."""
        if limit < 0:
            raise OptionError("limit %d: 0 (none) or more" % limit)
        ss = _session(backend, None)
        err = _lib.Error()
        r = lib.sks_session_count(ss.ptr, self._a, limit,
                                  _limits(time_limit, max_steps), None, None,
                                  byref(err))
        if r.status == _lib.SAT:
            return r.count
        _raise_unknown(ss, r.status, err)

    def is_unique(self, backend="auto", time_limit=None, max_steps=None):
        """Whether the puzzle has exactly one solution."""
        return self.count(2, backend, time_limit, max_steps) == 1

    def solutions(self, limit=2, backend="auto", time_limit=None):
        """Up to the first two solutions (puzzles), as counting finds them."""
        ss = _session(backend, None)
        n = self.n
        a, b = (c_int * (n * n))(), (c_int * (n * n))()
        err = _lib.Error()
        r = lib.sks_session_count(ss.ptr, self._a, max(1, min(limit, 2)),
                                  _limits(time_limit, None), a, b,
                                  byref(err))
        if r.status != _lib.SAT:
            _raise_unknown(ss, r.status, err)
        return [self._with_cells(g) for g in (a, b)[:min(r.count, 2)]]

    def valid(self, solution):
        """Whether solution (a Puzzle or rows) solves this puzzle, by the
        library's validator; the reason is in the ValueError of check."""
        try:
            self.check_solution(solution)
            return True
        except DecodeError:
            return False

    def check_solution(self, solution):
        """Raises DecodeError saying why unless solution solves the puzzle."""
        cells = (solution.cells if isinstance(solution, Puzzle)
                 else _flatten(solution))
        n = self.n
        if len(cells) != n * n:
            raise DecodeError("%d cells, not %d" % (len(cells), n * n))
        grid = (c_int * (n * n))(*[v - 1 for v in cells])
        err = _lib.Error()
        if not lib.sks_validate(self._a, grid, byref(err)):
            raise DecodeError(_msg(err))

    def cnf(self, encoding="extended", amo="auto", propagate="givens"):
        """The puzzle's CNF (the library's encoder): clauses over
        var(row, col, digit), with the description that makes it decode
        back (to_dimacs writes it)."""
        return Cnf(self, encoding, amo, propagate)

    def to_dimacs(self, path, **kwargs):
        """Writes the puzzle's CNF, with its self-describing header, to
        path (a name ending .gz is not compressed: see Cnf.to_dimacs)."""
        self.cnf(**kwargs).to_dimacs(path)


def _layout(layout):
    if layout is None:
        return -1
    try:
        return LAYOUTS.index(layout)
    except ValueError:
        raise OptionError("unknown layout %r (known: %s)"
                          % (layout, ", ".join(LAYOUTS))) from None


_text_buf = threading.local()


def _text(addr, grid, layout):
    """sks_puzzle_text of a puzzle (and a grid), in a buffer of the
    thread's that grows to the longest text."""
    buf = getattr(_text_buf, "buf", None)
    if buf is None:
        buf = _text_buf.buf = ctypes.create_string_buffer(8192)
    need = lib.sks_puzzle_text(addr, grid, layout, buf, len(buf))
    if need == ctypes.c_size_t(-1).value:
        raise OSError("the puzzle could not be written")
    if need >= len(buf):
        buf = _text_buf.buf = ctypes.create_string_buffer(need + 1)
        lib.sks_puzzle_text(addr, grid, layout, buf, len(buf))
    return buf.value.decode("utf-8", "replace")


_PuzzleC_at = _lib.PuzzleC.from_address
_solve = lib.sks_session_solve
_copy = lib.sks_puzzle_copy
_memmove = ctypes.memmove
_own = Puzzle._own


def _unpickle(cells, box, variants, jigsaw, rules, name, removed):
    p = Puzzle.from_list(cells, box=box, variants=variants, jigsaw=jigsaw,
                         rules=rules, name=name)
    n = p.n
    for r, c, d in removed:
        lib.sks_puzzle_remove(p._a, r * n + c, d - 1)
    return p


def _raise_unknown(ss, status, err):
    if status == _lib.UNKNOWN:
        why = lib.sks_solver_error(lib.sks_session_solver(ss.ptr))
        if not why:
            raise TimeLimitError(_msg(err))
    raise SolveError(_msg(err))


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


# ------------------------------------------------------------------ sessions

class _Session:
    """A thread's sks_session, with the buffers its calls reuse."""
    __slots__ = ("ptr", "buf", "cells", "err", "errp", "__weakref__")

    def grid(self, cells):
        if cells > self.cells:
            self.buf = (c_int * cells)()
            self.cells = cells
        return self.buf

    def __init__(self, backend, seed):
        self.buf, self.cells = None, 0
        self.err = _lib.Error()
        self.errp = byref(self.err)
        opt = _lib.SolverOptions()
        if seed is not None:
            opt.seed = seed
        err = _lib.Error()
        self.ptr = lib.sks_session_new(backend.encode(), byref(opt),
                                       byref(err))
        if not self.ptr:
            raise OptionError("backend %r: %s" % (backend, _msg(err)))

    def __del__(self, _delete=lib.sks_session_delete):
        if self.ptr:
            _delete(self.ptr)
            self.ptr = None


_local = threading.local()


def _session(backend, seed):
    """This thread's session of the backend (made on first use)."""
    cache = getattr(_local, "sessions", None)
    if cache is None:
        cache = _local.sessions = {}
    key = (backend, seed)
    ss = cache.get(key)
    if ss is None:
        if not isinstance(backend, str):
            raise OptionError("backend must be a name, not %r" % (backend,))
        ss = cache[key] = _Session(backend, seed)
    return ss


def _limits(time_limit, max_steps):
    lim = _lib.Limits()
    if time_limit is not None:
        if not time_limit > 0:
            raise OptionError("time_limit %r: seconds, more than 0"
                              % (time_limit,))
        lim.time_limit = float(time_limit)
    if max_steps is not None:
        if max_steps < 1:
            raise OptionError("max_steps %r: 1 or more" % (max_steps,))
        lim.max_steps = int(max_steps)
    return byref(lim)


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


# ------------------------------------------------------------------ batches

class _Chunk:
    """Puzzles handed to the C batch together: their addresses (slots),
    the answers and the grids.  Puzzles read from a file belong to the
    chunk: when its last answer or puzzle goes, their memory goes back to
    the reading (pool) for the next chunk to be read into, or is freed
    once the reading is over.  Puzzles given as objects stay theirs."""
    __slots__ = ("slots", "k", "puzzles", "grids", "out", "offs", "kind",
                 "digits", "unpack", "words", "texts", "pool", "bufs",
                 "spare", "__weakref__")

    def __init__(self, slots, k, puzzles, pool=None):
        self.slots, self.k, self.puzzles, self.pool = slots, k, puzzles, pool
        self.grids = self.out = self.digits = self.texts = None
        self.bufs = self.spare = self.unpack = None

    def puzzle(self, i):
        if self.puzzles is not None:
            return self.puzzles[i]
        return Puzzle._own(self.slots[i], self)

    def write(self, layout):
        """Every solution of the chunk as text (sks_session_write_answers,
        one call): the text (a str when it is ASCII, so offsets are
        characters, else bytes) and where each answer's ends."""
        k = self.k
        ends = (c_size_t * k)()
        slots = ctypes.cast(self.slots, _lib.PP)
        r, data = _lib.memstream(lambda f: lib.sks_session_write_answers(
            f, slots, self.out, k, layout, ends))
        if r:
            raise OSError("the answers could not be written")
        text = data.decode("utf-8", "replace")
        return (text if len(text) == len(data) else data), ends[:]

    def __del__(self, _delete=lib.sks_puzzle_delete):
        # the answers' buffers to the batch's next chunk (two kept at most)
        spare = self.spare
        if spare is not None and self.bufs is not None and len(spare) < 2:
            spare.append(self.bufs)
        self.bufs = None
        if self.puzzles is None and self.slots is not None:
            pool = self.pool
            if pool is not None and pool.open:
                pool.free.append(self.slots)
            else:
                for a in self.slots:
                    if a:
                        _delete(a)
            self.slots = None


class _Pool:
    """Arrays of puzzles read before, their memory reused by the next
    chunk (sks_reader_fill overwrites a puzzle in place)."""
    __slots__ = ("free", "open")

    def __init__(self):
        self.free, self.open = [], True

    def close(self, _delete=lib.sks_puzzle_delete):
        self.open = False
        for slots in self.free:
            for a in slots:
                if a:
                    _delete(a)
        self.free = []


_INTS = {}
_BYTES = {}  # struct unpackers of n*n bytes


def _unpacker(size):
    u = _BYTES.get(size)
    if u is None:
        u = _BYTES[size] = struct.Struct("%dB" % size).unpack_from
    return u
# the words of an answer's kind (sks_session_pack's SKS_ANSWER_UNKNOWN,
# _ERROR, _NONE, _ONE, _MORE), by the kind of batch
_WORDS = {"solve": ("unknown", "error", "none", "solved", "solved"),
          "unique": ("unknown", "error", "none", "unique", "multiple"),
          "count": ("unknown", "error", "none", "counted", "counted")}
_SOLVED = 3  # SKS_ANSWER_ONE and past: a solution in the chunk


class Answer:
    """One puzzle's answer in a batch: its puzzle, status ("solved",
    "none", "unknown", "error"; unique_many: "unique", "multiple";
    count_many: "counted"), count (solutions found), at_limit, the
    solution (a Puzzle, checked by the validator) or None, and the message
    of an "unknown" or "error".

    Made by the batch, many at once: each reads its chunk's packed answers
    (sks_session_pack) when a field is asked for."""
    __slots__ = ("_chunk", "_i")

    def __init__(self, chunk, i):
        self._chunk = chunk
        self._i = i

    @property
    def puzzle(self):
        return self._chunk.puzzle(self._i)

    @property
    def status(self):
        ch = self._chunk
        return ch.words[ch.kind[self._i]]

    @property
    def count(self):
        ch = self._chunk
        if ch.words[_SOLVED] == "solved":  # solving: 1 when solved
            return 1 if ch.kind[self._i] >= _SOLVED else 0
        return ch.out[self._i].count

    @property
    def at_limit(self):
        return self._chunk.out[self._i].at_limit

    @property
    def message(self):
        ch = self._chunk
        if ch.kind[self._i] > 1:  # neither unknown nor error
            return None
        return ch.out[self._i].err.msg.decode("utf-8", "replace")

    def _grid(self):
        ch, i = self._chunk, self._i
        o = ch.offs
        size = o[i + 1] - o[i]
        t = _INTS.get(size)
        if t is None:
            t = _INTS[size] = c_int * size
        return t.from_buffer(ch.grids, 4 * o[i])

    @property
    def solution(self):
        if self._chunk.kind[self._i] < _SOLVED:
            return None
        return self.puzzle._with_cells(self._grid())

    @property
    def cells(self):
        """The solution's n*n cells row by row (digits 1..n), or None:
        what solution.cells gives, without making the puzzle."""
        ch, i = self._chunk, self._i
        if ch.kind[i] < _SOLVED:
            return None
        u = ch.unpack
        if u is not None:  # one byte a digit, unpacked from the chunk's
            return u(ch.digits, ch.offs[i])
        d = ch.digits
        if d is not None:  # sides of several sizes
            o = ch.offs
            return _unpacker(o[i + 1] - o[i])(d, o[i])
        return tuple(v + 1 for v in self._grid())

    def text(self, layout=None):
        """The solution written as the command line writes it (the
        puzzle's own layout, or the one named), or None: what
        solution.text() gives, the chunk's written in one call."""
        ch, i = self._chunk, self._i
        lay = _layout(layout)
        if ch.kind[i] < _SOLVED:
            return None
        texts = ch.texts
        if texts is None:
            texts = ch.texts = {}
        t = texts.get(lay)
        if t is None:
            t = texts[lay] = ch.write(lay)
        text, ends = t
        s = text[ends[i - 1] if i else 0:ends[i]]
        return s if isinstance(s, str) else s.decode("utf-8", "replace")

    def __repr__(self):
        return "<Answer %s %r>" % (self.status, self.puzzle)


def _file_chunks(path, chunk, errors, read_options):
    """The puzzles of a file in chunks read by the C reader (no call a
    puzzle), and the ParseErrors between them."""
    path = os.fspath(path)
    err = _lib.Error()
    inp = lib.sks_input_open(path.encode(), byref(err))
    if not inp:
        raise _open_error(path, err)
    try:
        opt, _keep = _format_options(**read_options)
    except Exception:
        lib.sks_input_close(inp)
        raise
    rd = lib.sks_reader_new(inp, byref(opt))
    return _fill(inp, rd, path, chunk, (opt, _keep))


def _fill(inp, rd, path, chunk, _keep):
    err = _lib.Error()
    pool = _Pool()
    try:
        status = c_int()
        while True:
            slots = pool.free.pop() if pool.free else None
            if slots is None or len(slots) != chunk:
                slots = (ctypes.c_void_p * chunk)()
            k = lib.sks_reader_fill(rd, slots, chunk, byref(status),
                                    byref(err))
            if k:
                yield _Chunk(slots, k, None, pool)
            else:
                pool.free.append(slots)
            if status.value == 0:
                return
            if status.value < 0:
                yield ParseError(_msg(err), path, err.line, err.col)
    finally:
        pool.close()
        lib.sks_reader_delete(rd)
        lib.sks_input_close(inp)


def _object_chunks(source, chunk):
    items = (parse(x) if isinstance(x, str) else x for x in source)
    while True:
        batch = list(islice(items, chunk))
        if not batch:
            return
        for p in batch:
            if not isinstance(p, Puzzle):
                raise TypeError("expected puzzles or puzzle texts, not %r"
                                % (p,))
        k = len(batch)
        yield _Chunk((ctypes.c_void_p * k)(*[p._a for p in batch]), k, batch)


def _many(source, limit, kind, threads, backend, time_limit, max_steps,
          chunk, errors, read_options):
    if threads is None:
        threads = os.cpu_count() or 1
    if not isinstance(threads, int) or threads < 1:
        raise OptionError("threads %r: 1 or more" % (threads,))
    if not isinstance(chunk, int) or chunk < 1:
        raise OptionError("chunk %r: 1 or more" % (chunk,))
    if errors not in ("raise", "skip", "yield"):
        raise OptionError("errors=%r: 'raise', 'skip' or 'yield'" % errors)
    lim = _limits(time_limit, max_steps)
    # the batch's sessions, one a thread, made once for every chunk (an
    # unknown backend is refused here)
    sessions = [_Session(backend, None) for _ in range(min(threads, 64))]
    if isinstance(source, (str, bytes, os.PathLike)):
        chunks = _file_chunks(source, chunk, errors, read_options)
    else:
        if read_options:
            raise OptionError("reading options (%s) are for a file"
                              % ", ".join(sorted(read_options)))
        chunks = _object_chunks(source, chunk)
    return _pipeline(chunks, sessions, lim, limit, kind, errors)


def _buffers(spare, k, cells):
    """The answers' buffers of a chunk of k puzzles and cells cells: those
    of a chunk of the batch gone before when they are large enough (no
    memory asked of the system, and none zeroed, a chunk), else new."""
    try:
        bufs = spare.pop()
    except IndexError:
        bufs = None
    if bufs is None or len(bufs[2]) < k or len(bufs[3]) < cells:
        bufs = (bytearray(4 * cells), (_lib.SessionAnswer * k)(),
                bytearray(k), bytearray(cells))
    return bufs


def _run(ch, sessions, lim, limit, kind, spare):
    """A chunk answered, and its answers packed (on the pool's thread:
    the C calls let go of the interpreter)."""
    k = ch.k
    slots = ctypes.cast(ch.slots, _lib.PP)
    offs = (ctypes.c_size_t * (k + 1))()
    cells = lib.sks_session_cells(slots, k, offs)
    offs[k] = cells
    ch.offs = offs[:]
    ch.bufs = grids, out, kinds, digits = _buffers(spare, k, max(cells, 1))
    ch.spare = spare
    ch.grids, ch.out, ch.kind = grids, out, kinds
    lib.sks_session_run_many(
        (ctypes.c_void_p * len(sessions))(*[s.ptr for s in sessions]),
        len(sessions), lim, limit, slots, k,
        (c_int * (len(grids) // 4)).from_buffer(grids), out)
    if lib.sks_session_pack(slots, out, k,
                            (ctypes.c_ubyte * len(kinds)).from_buffer(kinds),
                            (ctypes.c_ubyte * len(digits)).from_buffer(
                                digits)) == 0:
        ch.digits = digits
        # the solutions' digits as tuples: one unpacker when every puzzle
        # of the chunk has the side of the first (a file of one kind)
        size = ch.offs[1] if k else 0
        if size and ch.offs == list(range(0, cells + 1, size)):
            ch.unpack = _unpacker(size)
    ch.words = _WORDS[kind]
    return ch


def _pipeline(chunks, sessions, lim, limit, kind, errors):
    # the answers of each chunk in turn, chained in C: no Python frame
    # between an answer and the caller
    return _chain(_chunk_answers(chunks, sessions, lim, limit, kind, errors))


def _chunk_answers(chunks, sessions, lim, limit, kind, errors):
    # one chunk is read (by this thread) while the one before is answered
    # (by the C threads, the interpreter free); yields each chunk's
    # answers (an iterator), or a ParseError as a list of one
    spare = []  # the buffers of chunks gone, for the next ones
    with ThreadPoolExecutor(1) as pool:
        prev = None
        for item in chunks:
            if isinstance(item, ParseError):
                if prev is not None:
                    yield _answers(prev.result(), kind)
                    prev = None
                if errors == "raise":
                    raise item
                if errors == "yield":
                    yield (item,)
                continue
            fut = pool.submit(_run, item, sessions, lim, limit, kind, spare)
            if prev is not None:
                yield _answers(prev.result(), kind)
            prev = fut
        if prev is not None:
            yield _answers(prev.result(), kind)


def _answers(ch, kind):
    # an Answer a puzzle, made by map (no Python a puzzle): each reads the
    # chunk when asked
    return map(Answer, _repeat(ch, ch.k), range(ch.k))


def solve_many(source, threads=None, backend="auto", time_limit=None,
               max_steps=None, chunk=4096, errors="raise", **read_options):
    """Solves every puzzle of source (a file's path, read as read() does,
    or an iterable of puzzles or puzzle texts) on threads (default: one a
    core) through the library's sessions, the interpreter free while C
    works; yields an Answer a puzzle, in input order."""
    return _many(source, 0, "solve", threads, backend, time_limit,
                 max_steps, chunk, errors, read_options)


def unique_many(source, threads=None, backend="auto", time_limit=None,
                max_steps=None, chunk=4096, errors="raise", **read_options):
    """Whether each puzzle of source has one solution: Answers with status
    "unique", "multiple", "none", "unknown" or "error"."""
    return _many(source, 2, "unique", threads, backend, time_limit,
                 max_steps, chunk, errors, read_options)


def count_many(source, limit=0, threads=None, backend="auto",
               time_limit=None, max_steps=None, chunk=4096, errors="raise",
               **read_options):
    """Each puzzle's count of solutions up to limit (0: all): Answers with
    count set (status "counted", or "none", "unknown", "error")."""
    if limit < 0:
        raise OptionError("limit %d: 0 (none) or more" % limit)
    # the C call counts when its limit is nonzero: "all" is a limit past
    # any count
    return _many(source, limit or (1 << 62), "count", threads, backend,
                 time_limit, max_steps, chunk, errors, read_options)
