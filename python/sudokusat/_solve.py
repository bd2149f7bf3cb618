"""Sessions (decoder/session.c): a thread's solver of a backend, kept
from puzzle to puzzle, its limits and its errors; the library's version
and backends."""

import threading
from ctypes import byref, c_int

from . import _lib
from ._errors import OptionError, SolveError, TimeLimitError, _msg
from ._lib import lib

__all__ = ["backends", "version"]


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


def _raise_unknown(ss, status, err):
    if status == _lib.UNKNOWN:
        why = lib.sks_solver_error(lib.sks_session_solver(ss.ptr))
        if not why:
            raise TimeLimitError(_msg(err))
    raise SolveError(_msg(err))
