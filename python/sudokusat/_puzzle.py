"""Shapes and puzzles: a Puzzle made, read cell by cell, written,
compared, solved and counted (through this thread's sessions)."""

import ctypes
import threading
from ctypes import byref, c_int

from . import _lib
from ._check import check_puzzle
from ._cnf import Cnf
from ._errors import DecodeError, OptionError, ParseError, _msg
from ._lib import lib
from ._solve import _limits, _local, _raise_unknown, _session

try:  # optional
    import numpy as _np
except ImportError:  # pragma: no cover - numpy is optional
    _np = None

__all__ = ["Shape", "Puzzle", "LAYOUTS"]


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
            # the copy's cells pointer read where it lies (no structure
            # made for it)
            _memmove(_ptr_at(q + _CELL).value, grid, 4 * cells)
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

    def check(self, certificate_dir, file=1, time_limit=None):
        """This puzzle's certificate, written by `sudokusat unique
        --certificate DIR` for the file it was read from, checked as
        sudokusat.check() checks a file's (the library's own proof checker
        and validator): a Verdict.  certificate_dir is DIR (the
        certificate DIR/FILE-LINE.cert, its line the puzzle's; file: the
        file's place on that command line) or the .cert file itself."""
        return check_puzzle(self, certificate_dir, file, time_limit)

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
_ptr_at = ctypes.c_void_p.from_address
_CELL = _lib.PuzzleC.cell.offset
_own = Puzzle._own


def _unpickle(cells, box, variants, jigsaw, rules, name, removed):
    p = Puzzle.from_list(cells, box=box, variants=variants, jigsaw=jigsaw,
                         rules=rules, name=name)
    n = p.n
    for r, c, d in removed:
        lib.sks_puzzle_remove(p._a, r * n + c, d - 1)
    return p


# the public classes are named as sudokusat exports them (their
# tracebacks and reprs say sudokusat.ParseError, not the file they are in)
for _c in (Shape, Puzzle):
    _c.__module__ = "sudokusat"
del _c
