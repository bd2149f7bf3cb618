"""Batches on threads: solve_many, unique_many and count_many over a file
or an iterable, a chunk at a time through the library's sessions
(sks_session_run_many), the chunk's answers packed in one call
(sks_session_pack) and read by each Answer when asked."""

import ctypes
import os
import struct
from concurrent.futures import ThreadPoolExecutor
from ctypes import byref, c_int, c_size_t
from itertools import chain, islice, repeat as _repeat

from . import _lib
from ._errors import OptionError, ParseError, _msg, _open_error
from ._lib import lib
from ._puzzle import Puzzle, _format_options, _layout
from ._read import parse
from ._solve import _limits, _Session

try:  # optional
    import numpy as _np
except ImportError:  # pragma: no cover - numpy is optional
    _np = None

__all__ = ["Answer", "solve_many", "unique_many", "count_many"]

_chain = chain.from_iterable


# ------------------------------------------------------------------ batches

class _Chunk:
    """Puzzles handed to the C batch together: their addresses (slots),
    the answers and the grids.  Puzzles read from a file belong to the
    chunk: when its last answer or puzzle goes, their memory goes back to
    the reading (pool) for the next chunk to be read into, or is freed
    once the reading is over.  Puzzles given as objects stay theirs."""
    __slots__ = ("slots", "k", "puzzles", "grids", "out", "offs", "size",
                 "kind", "digits", "unpack", "words", "texts", "own", "pool",
                 "bufs", "spare", "batch", "__weakref__")

    def __init__(self, slots, k, puzzles, pool=None):
        self.slots, self.k, self.puzzles, self.pool = slots, k, puzzles, pool
        self.grids = self.out = self.digits = self.texts = self.own = None
        self.bufs = self.spare = self.unpack = self.offs = None
        self.batch = None
        self.size = 0

    def puzzle(self, i):
        if self.puzzles is not None:
            return self.puzzles[i]
        return Puzzle._own(self.slots[i], self)

    def span(self, i):
        """Where puzzle i's cells start in the chunk's grids and digits,
        and how many they are."""
        size = self.size
        if size:
            return i * size, size
        o = self.offs
        return o[i], o[i + 1] - o[i]

    def side(self, i):
        """Puzzle i's side (its cells' square root)."""
        return int(round(self.span(i)[1] ** 0.5))

    def write(self, layout):
        """Every solution of the chunk as text (sks_session_write_answers,
        one call), a str an answer (None where there is none), kept for
        the chunk's other answers (layout -1, the puzzles' own, in own)."""
        texts = self.texts
        if texts is None:
            texts = self.texts = {}
        t = texts.get(layout)
        if t is not None:
            return t
        k = self.k
        ends = (c_size_t * k)()
        slots = ctypes.cast(self.slots, _lib.PP)
        r, data = _lib.memstream(lambda f: lib.sks_session_write_answers(
            f, slots, self.out, k, layout, ends))
        if r:
            raise OSError("the answers could not be written")
        text = data.decode("utf-8", "replace")
        size = len(data) // k
        if (size and len(text) == len(data)
                and bytes(ends) == _uniform(k, size, 1)):
            # ASCII texts of one length (a file of one kind): the slices
            # made once for the batch
            t = list(map(text.__getitem__, _slices(k, size)))
        else:
            ends = ends[:]
            starts = [0] + ends[:-1]
            if len(text) == len(data):  # ASCII: bytes and characters agree
                t = list(map(text.__getitem__, map(slice, starts, ends)))
            else:
                t = [data[a:b].decode("utf-8", "replace")
                     for a, b in zip(starts, ends)]
        kinds = self.kind[:k]
        if min(kinds) < _SOLVED:  # no text where there is no solution
            for i, x in enumerate(kinds):
                if x < _SOLVED:
                    t[i] = None
        texts[layout] = t
        if layout == -1:
            self.own = t
        return t

    def __del__(self, _delete=lib.sks_session_delete_puzzles):
        # the answers' buffers to the batch's next chunk (two kept at most)
        spare = self.spare
        if spare is not None and self.bufs is not None and len(spare) < 2:
            spare.append(self.bufs)
        self.bufs = None
        if self.puzzles is None and self.slots is not None:
            pool = self.pool
            if pool is not None and pool.open:
                pool.free.append(self.slots)
            else:  # the chunk's puzzles freed in one call
                _delete(self.slots, len(self.slots))
            self.slots = None


class _Pool:
    """Arrays of puzzles read before, their memory reused by the next
    chunk (sks_reader_fill overwrites a puzzle in place)."""
    __slots__ = ("free", "open")

    def __init__(self):
        self.free, self.open = [], True

    def close(self, _delete=lib.sks_session_delete_puzzles):
        self.open = False
        for slots in self.free:  # an array's puzzles freed in one call
            _delete(slots, len(slots))
        self.free = []


_INTS = {}
_BYTES = {}  # struct unpackers of n*n bytes


def _unpacker(size):
    return _unpacker_struct(size).unpack_from


def _unpacker_struct(size):
    s = _BYTES.get(size)
    if s is None:
        s = _BYTES[size] = struct.Struct("%dB" % size)
    return s


_iter_unpack = struct.Struct.iter_unpack


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
    solution (a Puzzle, checked by the validator) or None, its cells (a
    tuple), to_array() and text() without making that Puzzle, and the
    message of an "unknown" or "error".

    Made by the batch, many at once: each reads its chunk's packed answers
    (sks_session_pack) when a field is asked for."""
    __slots__ = ("_chunk", "_i", "status")

    def __init__(self, chunk, i, status):
        self._chunk = chunk
        self._i = i
        self.status = status

    @property
    def puzzle(self):
        return self._chunk.puzzle(self._i)

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
        at, size = self._chunk.span(self._i)
        t = _INTS.get(size)
        if t is None:
            t = _INTS[size] = c_int * size
        return t.from_buffer(self._chunk.grids, 4 * at)

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
            b = ch.batch
            if b is not None:  # counted: the next chunks' cells eager
                b.reads += 1
            return u(ch.digits, i * ch.size)
        d = ch.digits
        if d is not None:  # sides of several sizes
            at, size = ch.span(i)
            return _unpacker(size)(d, at)
        return tuple(v + 1 for v in self._grid())

    def to_array(self):
        """The solution's cells as a numpy array of shape (n, n) (numpy
        must be installed), or None: what solution.to_array() gives."""
        if _np is None:
            raise ImportError("to_array needs numpy (python3-numpy)")
        cells = self.cells
        if cells is None:
            return None
        n = self._chunk.side(self._i)
        return _np.array(cells, dtype=_np.int32).reshape(n, n)

    def text(self, layout=None):
        """The solution written as the command line writes it (the
        puzzle's own layout, or the one named), or None: what
        solution.text() gives, the chunk's written in one call."""
        if layout is None:  # the puzzle's own layout: the common case
            t = self._chunk.own
            if t is None:
                t = self._chunk.write(-1)
            return t[self._i]
        return self._chunk.write(_layout(layout))[self._i]

    def __repr__(self):
        return "<Answer %s %r>" % (self.status, self.puzzle)


class _AnswerCells(Answer):
    """An Answer whose cells were unpacked as it was made, with its
    chunk's (struct.iter_unpack over the chunk's digits, no Python a
    cell): made when the caller has been reading each answer's cells, so
    that reading them is an attribute's read, not a property's call.  Its
    cells slot stands in front of Answer.cells."""
    __slots__ = ("cells",)

    def __init__(self, chunk, i, status, cells):
        self._chunk = chunk
        self._i = i
        self.status = status
        self.cells = cells


# made and named as an Answer (type(a) says sudokusat.Answer)
_AnswerCells.__name__ = _AnswerCells.__qualname__ = "Answer"


class _Batch:
    """What the chunks of a batch share: the buffers of chunks gone
    (spare), and how many cells the caller read of the last chunk made
    lazily (reads of made), to make the next chunks' cells with their
    answers (eager, chunks made so in a row) when it reads them all."""
    __slots__ = ("spare", "reads", "made", "eager")

    def __init__(self):
        self.spare = []
        self.reads = self.made = self.eager = 0


# eager chunks in a row before one made lazily again, to see whether the
# caller still reads every answer's cells
_EAGER_RUN = 15


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


_CHUNK = 1024  # puzzles a chunk by default (up to 4 threads)


def _many(source, limit, kind, threads, backend, time_limit, max_steps,
          chunk, errors, read_options):
    if threads is None:
        threads = os.cpu_count() or 1
    if not isinstance(threads, int) or threads < 1:
        raise OptionError("threads %r: 1 or more" % (threads,))
    if chunk is None:
        # small enough for a chunk's buffers to stay in a core's cache
        # (4,096 cost 3 to 7% more on one thread), with 4 shares of 64
        # puzzles (what a C thread takes at a time) a thread
        chunk = max(_CHUNK, 256 * min(threads, 64))
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


_UNIFORM = {}


def _uniform(k, size, first=0):
    """The bytes of k + 1 - first offsets first * size, (first + 1) size,
    ... k size (a few kept)."""
    b = _UNIFORM.get((k, size, first))
    if b is None:
        if len(_UNIFORM) > 8:
            _UNIFORM.clear()
        offs = range(first * size, (k + 1) * size, size)
        b = _UNIFORM[k, size, first] = bytes(
            (ctypes.c_size_t * len(offs))(*offs))
    return b


_SLICES = {}


def _slices(k, size):
    """slice(0, size), slice(size, 2 size), ... k of them (a few kept)."""
    t = _SLICES.get((k, size))
    if t is None:
        if len(_SLICES) > 4:
            _SLICES.clear()
        t = _SLICES[k, size] = tuple(map(slice, range(0, k * size, size),
                                         range(size, (k + 1) * size, size)))
    return t


def _run(ch, sessions, lim, limit, kind, batch):
    """A chunk answered, and its answers packed (on the pool's thread:
    the C calls let go of the interpreter)."""
    k = ch.k
    slots = ctypes.cast(ch.slots, _lib.PP)
    offs = (ctypes.c_size_t * (k + 1))()
    cells = lib.sks_session_cells(slots, k, offs)
    offs[k] = cells
    # puzzles of one side (a file of one kind): offsets i * size, no list
    size = offs[1]
    if size and cells == k * size and ctypes.string_at(
            offs, ctypes.sizeof(offs)) == _uniform(k, size):
        ch.size, ch.offs = size, None
    else:
        ch.size, ch.offs = 0, offs[:]
    spare = batch.spare
    ch.bufs = grids, out, kinds, digits = _buffers(spare, k, max(cells, 1))
    ch.spare = spare
    ch.batch = batch
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
        # of the chunk has one side
        if ch.size:
            ch.unpack = _unpacker(ch.size)
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
    batch = _Batch()  # the buffers of chunks gone, for the next ones
    with ThreadPoolExecutor(1) as pool:
        prev = None
        for item in chunks:
            if isinstance(item, ParseError):
                if prev is not None:
                    yield _answers(prev.result(), batch)
                    prev = None
                if errors == "raise":
                    raise item
                if errors == "yield":
                    yield (item,)
                continue
            fut = pool.submit(_run, item, sessions, lim, limit, kind, batch)
            if prev is not None:
                yield _answers(prev.result(), batch)
            prev = fut
        if prev is not None:
            yield _answers(prev.result(), batch)


def _answers(ch, batch):
    # an Answer a puzzle, made by map (no Python a puzzle): each reads the
    # chunk when asked; with its cells already unpacked (_AnswerCells)
    # when the caller read each answer's cells in the last chunk made
    # lazily, and every puzzle of this one has a solution of one side
    k = ch.k
    kinds = ch.kind[:k]
    if kinds.count(kinds[0]) == k:  # one status for all: no call an answer
        status = _repeat(ch.words[kinds[0]], k)
    else:
        status = map(ch.words.__getitem__, kinds)
    size = ch.size
    if (batch.made and batch.reads * 2 >= batch.made
            and batch.eager < _EAGER_RUN and ch.unpack is not None
            and min(kinds) >= _SOLVED):
        batch.eager += 1
        cells = _iter_unpack(_unpacker_struct(size),
                             memoryview(ch.digits)[:k * size])
        return map(_AnswerCells, _repeat(ch, k), range(k), status, cells)
    # lazily: count the cells read of this chunk's solutions
    batch.eager = batch.reads = 0
    batch.made = len(kinds) - sum(map(kinds.count, range(_SOLVED)))
    return map(Answer, _repeat(ch, k), range(k), status)


def solve_many(source, threads=None, backend="auto", time_limit=None,
               max_steps=None, chunk=None, errors="raise", **read_options):
    """Solves every puzzle of source (a file's path, read as read() does,
    or an iterable of puzzles or puzzle texts) on threads (default: one a
    core) through the library's sessions, the interpreter free while C
    works; yields an Answer a puzzle, in input order."""
    return _many(source, 0, "solve", threads, backend, time_limit,
                 max_steps, chunk, errors, read_options)


def unique_many(source, threads=None, backend="auto", time_limit=None,
                max_steps=None, chunk=None, errors="raise", **read_options):
    """Whether each puzzle of source has one solution: Answers with status
    "unique", "multiple", "none", "unknown" or "error"."""
    return _many(source, 2, "unique", threads, backend, time_limit,
                 max_steps, chunk, errors, read_options)


def count_many(source, limit=0, threads=None, backend="auto",
               time_limit=None, max_steps=None, chunk=None, errors="raise",
               **read_options):
    """Each puzzle's count of solutions up to limit (0: all): Answers with
    count set (status "counted", or "none", "unknown", "error")."""
    if limit < 0:
        raise OptionError("limit %d: 0 (none) or more" % limit)
    # the C call counts when its limit is nonzero: "all" is a limit past
    # any count
    return _many(source, limit or (1 << 62), "count", threads, backend,
                 time_limit, max_steps, chunk, errors, read_options)


# the public classes are named as sudokusat exports them (their
# tracebacks and reprs say sudokusat.ParseError, not the file they are in)
Answer.__module__ = _AnswerCells.__module__ = "sudokusat"
