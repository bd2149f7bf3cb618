"""Making and judging puzzles: grade, explain, generate, minimize,
repair, canonical forms, dedupe and printing, over author/, human/ and
canon/ of the library (sks_author.h, sks_human.h, sks_canon.h)."""

import ctypes
from collections import namedtuple
from ctypes import (POINTER, Structure, byref, c_bool, c_double, c_int,
                    c_longlong, c_uint, c_ulonglong, c_void_p,
                    c_char_p)

from . import _lib
from ._errors import OptionError, SolveError, _msg
from ._check import Verdict  # noqa: F401 (sudokusat.Verdict)
from ._puzzle import Puzzle, _variant_bits
from ._lib import lib, memstream

__all__ = ["Grade", "Step", "Repair", "grade", "explain", "generate",
           "minimize", "repair", "canon", "dedupe", "print_svg"]


class _GradeOptions(Structure):
    _fields_ = [("permutations", c_int), ("seed", c_ulonglong),
                ("max_nodes", c_longlong), ("known_unique", c_bool),
                ("se_rating", c_bool), ("path_rating", c_bool)]


class _Grade(Structure):
    _fields_ = [("status", c_int), ("multiple", c_bool), ("level", c_int),
                ("effort", c_double), ("at_budget", c_bool), ("label", c_int),
                ("technique", c_int), ("rating", c_double)]


class _HumanOptions(Structure):
    _fields_ = [("known_unique", c_bool), ("text", c_bool),
                ("max_tech", c_int), ("se_only", c_bool),
                ("se_rating", c_bool)]


class _Step(Structure):
    _fields_ = [("tech", c_int), ("rating", c_double), ("cell", c_int),
                ("digit", c_int), ("nelim", c_int), ("elim", POINTER(c_int)),
                ("size", c_int), ("text", c_char_p), ("label", c_int)]


class _GenerateOptions(Structure):
    _fields_ = [("symmetry", c_int), ("minimal", c_bool), ("givens", c_int),
                ("seed", c_ulonglong), ("time_limit", c_double),
                ("killer", c_bool), ("cage_min", c_int), ("cage_max", c_int)]


class _RepairOptions(Structure):
    _fields_ = [("solutions", c_int), ("max_nodes", c_longlong),
                ("max_hits", c_longlong), ("time_limit", c_double)]


class _Repair(Structure):
    _fields_ = [("kind", c_int), ("ncells", c_int), ("cell", POINTER(c_int)),
                ("digit", POINTER(c_int)), ("fewest", c_bool),
                ("minimal", c_bool), ("all_solutions", c_bool),
                ("solutions", c_longlong)]


class _CanonMap(Structure):
    _fields_ = [("n", c_int), ("transpose", c_bool), ("row", POINTER(c_int)),
                ("col", POINTER(c_int)), ("digit", POINTER(c_int))]


class _Verdict(Structure):
    _fields_ = [("seen", c_int), ("id", c_longlong), ("err", _lib.Error)]


class _PrintOptions(Structure):
    _fields_ = [("per_page", c_int), ("page_width", c_double),
                ("page_height", c_double)]


def _proto(name, restype, *argtypes):
    f = getattr(lib, name)
    f.restype, f.argtypes = restype, list(argtypes)


E = POINTER(_lib.Error)
_proto("sks_grader_new", c_void_p)
_proto("sks_grader_delete", None, c_void_p)
_proto("sks_grade_puzzle", c_int, c_void_p, c_void_p, POINTER(_GradeOptions),
       POINTER(_Grade))
_proto("sks_grade_level_name", c_char_p, c_int)
_proto("sks_grade_label_name", c_char_p, c_int)
_proto("sks_technique_key", c_char_p, c_int)
_proto("sks_technique_name", c_char_p, c_int)
_proto("sks_human_new", c_void_p)
_proto("sks_human_delete", None, c_void_p)
_proto("sks_human_load", c_int, c_void_p, c_void_p, POINTER(_HumanOptions))
_proto("sks_human_status", c_int, c_void_p)
_proto("sks_human_contradiction", c_char_p, c_void_p)
_proto("sks_human_next", c_int, c_void_p, POINTER(_Step))
_proto("sks_human_apply", None, c_void_p, POINTER(_Step))
_proto("sks_human_label_name", c_char_p, c_int)
_proto("sks_symmetry_parse", c_int, c_char_p, POINTER(c_int))
_proto("sks_symmetry_name", c_char_p, c_int)
_proto("sks_symmetry_of", c_int, c_void_p)
_proto("sks_shape_new", c_void_p, c_int, c_int, c_uint, POINTER(c_int), E)
_proto("sks_shape_release", None, c_void_p)
_proto("sks_puzzle_of", c_void_p, c_void_p)
_proto("sks_generator_new", c_void_p, c_void_p, POINTER(_GenerateOptions), E)
_proto("sks_generator_delete", None, c_void_p)
_proto("sks_generate", c_int, c_void_p, c_ulonglong, c_void_p,
       POINTER(c_int))
_proto("sks_minimize", c_int, c_void_p, c_ulonglong, c_void_p)
_proto("sks_generator_cut", c_bool, c_void_p)
_proto("sks_grade_parse", c_int, c_char_p, POINTER(c_int), POINTER(c_int))
_proto("sks_generate_graded", c_int, c_void_p, c_void_p, c_ulonglong, c_int,
       c_int, c_double, c_void_p, POINTER(c_int), POINTER(c_bool))
_proto("sks_repairer_new", c_void_p)
_proto("sks_repairer_delete", None, c_void_p)
_proto("sks_repair_puzzle", c_int, c_void_p, c_void_p, POINTER(_RepairOptions),
       POINTER(_Repair))
_proto("sks_canon_new", c_void_p)
_proto("sks_canon_delete", None, c_void_p)
_proto("sks_canon_puzzle", c_int, c_void_p, c_void_p, POINTER(c_int),
       POINTER(_CanonMap), E)
_proto("sks_canon_apply_removed", None, POINTER(_CanonMap), c_void_p,
       c_void_p)
_proto("sks_canon_classes_new", c_void_p, c_int, c_double)
_proto("sks_canon_classes_delete", None, c_void_p)
_proto("sks_canon_classes_add", None, c_void_p, POINTER(c_void_p), c_int,
       POINTER(_Verdict))
_proto("sks_print_svg", c_int, c_void_p, POINTER(c_void_p), c_void_p, c_int,
       POINTER(_PrintOptions))
_proto("sks_puzzle_clear_removed", None, c_void_p)


def _s(b):
    return b.decode() if b else None


Grade = namedtuple("Grade", "status level effort label technique rating "
                   "at_budget")
Grade.__doc__ = """A puzzle's grade: status ("unique", "multiple", "none",
"unknown"), level ("singles", "locked", "search"), effort (dlx nodes, 0
when propagation solves it), label (HoDoKu's: "easy" to "extreme"),
technique (the hardest step of the easiest human path, its key), rating
(that step on Sudoku Explainer's scale), at_budget (effort is a floor)."""


def grade(puzzle, permutations=0, seed=1, max_nodes=0, se_rating=False,
          path_rating=False):
    """Grades a puzzle as `sudokusat grade` does: the rating Sudoku
    Explainer gives (se_rating=True says so too), or with
    path_rating=True the easiest path's with every technique."""
    if permutations < 0 or max_nodes < 0:
        raise OptionError("permutations and max_nodes: 0 (default) or more")
    if se_rating and path_rating:
        raise OptionError("se_rating and path_rating ask for two ratings: "
                          "give one")
    g = lib.sks_grader_new()
    try:
        opt = _GradeOptions(permutations, seed, max_nodes, False, se_rating,
                            path_rating)
        out = _Grade()
        lib.sks_grade_puzzle(g, puzzle._a, byref(opt), byref(out))
    finally:
        lib.sks_grader_delete(g)
    status = {10: "multiple" if out.multiple else "unique", 20: "none",
              0: "unknown"}[out.status]
    tech = _s(lib.sks_technique_key(out.technique)) \
        if out.technique >= 0 else None
    return Grade(status, _s(lib.sks_grade_level_name(out.level)),
                 round(out.effort, 6), _s(lib.sks_grade_label_name(out.label)),
                 tech, round(out.rating, 6), out.at_budget)


class Step(namedtuple("Step", "technique name rating placement "
                      "eliminations text label")):
    """One step of the easiest human path: technique (its key), name,
    rating (Sudoku Explainer's scale), placement ((row, col, digit) or
    None; rows and columns from 0, digits from 1), eliminations ((row,
    col, digit) triples), text (the pattern in words), label (HoDoKu's
    level); placements (the placement as a tuple of none or one) and
    cells (the cells the step changes) read from them."""
    __slots__ = ()

    @property
    def placements(self):
        """The digits the step places: ((row, col, digit),) or ()."""
        return (self.placement,) if self.placement else ()

    @property
    def cells(self):
        """The cells the step changes, (row, col) in order: the one it
        places a digit in and those it takes candidates from."""
        return tuple(sorted({(r, c) for r, c, _ in
                             self.placements + self.eliminations}))


def explain(puzzle, known_unique=False, se_only=False):
    """The easiest human path through the puzzle, step by step (a list of
    Step); it ends where the puzzle is solved or no technique goes on."""
    n = puzzle.n
    if n > 64:
        raise OptionError("explain works up to 64x64, not %dx%d" % (n, n))
    h = lib.sks_human_new()
    try:
        opt = _HumanOptions(known_unique, True, 0, se_only, False)
        lib.sks_human_load(h, puzzle._a, byref(opt))
        steps = []
        st = _Step()
        while lib.sks_human_next(h, byref(st)) == 1:
            place = None
            if st.cell >= 0:
                place = (st.cell // n, st.cell % n, st.digit + 1)
            elim = tuple((e // n // n, e // n % n, e % n + 1)
                         for e in st.elim[:st.nelim])
            steps.append(Step(_s(lib.sks_technique_key(st.tech)),
                              _s(lib.sks_technique_name(st.tech)),
                              round(st.rating, 6), place, elim,
                              _s(st.text),
                              _s(lib.sks_human_label_name(st.label))))
            lib.sks_human_apply(h, byref(st))
        return steps
    finally:
        lib.sks_human_delete(h)


def _symmetry(name):
    v = c_int()
    if not isinstance(name, str) or lib.sks_symmetry_parse(name.encode(),
                                                           byref(v)):
        raise OptionError("symmetry %r (known: none, rot180, rot90, "
                          "left-right, top-bottom, diagonal, anti-diagonal, "
                          "diagonals, mirrors, full)" % (name,))
    return v.value


class _Generator:
    def __init__(self, box, variants, symmetry, minimal, givens, seed,
                 time_limit, killer=False):
        opt = _GenerateOptions(_symmetry(symmetry), minimal, givens, seed,
                               time_limit or 0.0, killer, 0, 0)
        err = _lib.Error()
        shape = lib.sks_shape_new(box[0], box[1], _variant_bits(variants),
                                  None, byref(err))
        if not shape:
            raise OptionError(_msg(err))
        try:
            self.g = lib.sks_generator_new(shape, byref(opt), byref(err))
            if not self.g:
                raise OptionError(_msg(err))
            self.shape = shape
            lib.sks_shape_new  # the generator holds its own reference
        finally:
            lib.sks_shape_release(shape)

    def __del__(self, _delete=lib.sks_generator_delete):
        if getattr(self, "g", None):
            _delete(self.g)
            self.g = None


def generate(count=None, box=(3, 3), variants=(), symmetry="none",
             minimal=False, givens=0, seed=1, time_limit=None, killer=False,
             difficulty=None):
    """New puzzles with one solution each (an iterator; count None: no
    end): puzzle i of a seed is always the same, and the command line's.
    box=(rows, cols) gives the shape; symmetry of the givens' pattern;
    minimal: no given can go; givens: stop at that many; killer: cages
    instead of givens; difficulty: a level ("singles", "locked",
    "search") or HoDoKu label ("easy" ... "extreme") each puzzle must
    grade as (past singles and easy, digging is minimal, as
    `generate --grade` does)."""
    if givens < 0 or (count is not None and count < 0):
        raise OptionError("count and givens: 0 or more")
    if time_limit is not None and not time_limit > 0:
        raise OptionError("time_limit %r: seconds, more than 0"
                          % (time_limit,))
    level = label = -1
    if difficulty is not None:
        lv, lb = c_int(), c_int()
        if not isinstance(difficulty, str) or lib.sks_grade_parse(
                difficulty.encode(), byref(lv), byref(lb)):
            raise OptionError("difficulty %r: a level (singles, locked, "
                              "search) or a label (easy, medium, hard, "
                              "unfair, extreme)" % (difficulty,))
        level, label = lv.value, lb.value
        if level > 0 or label > 0:
            minimal = True
    gen = _Generator(box, variants, symmetry, minimal, givens, seed,
                     time_limit, killer)
    return _generate(gen, count, difficulty is not None, level, label)


def _generate(gen, count, graded, level, label):
    grader = lib.sks_grader_new() if graded else None
    try:
        i = 0
        cut = c_bool()
        while count is None or i < count:
            p = Puzzle._own(lib.sks_puzzle_of(
                lib.sks_generator_shape(gen.g)))
            if lib.sks_generate_graded(gen.g, grader, i, level, label, 0.0,
                                       p._a, None, byref(cut)):
                raise SolveError(
                    "puzzle %d: %s" % (i, "the time limit ran out"
                                       if cut.value else
                                       "none of the difficulty asked for "
                                       "within the tries, or no full grid "
                                       "within the budgets"))
            yield p
            i += 1
    finally:
        if grader:
            lib.sks_grader_delete(grader)


lib.sks_generator_shape.restype = c_void_p
lib.sks_generator_shape.argtypes = [c_void_p]


def minimize(puzzle, symmetry="none", seed=1, time_limit=None):
    """The puzzle with givens removed until none more can go (whole orbits
    of the symmetry), still unique; SolveError when it is not unique."""
    sh = puzzle.shape
    gen = _Generator((sh.box_rows, sh.box_cols),
                     [v for v in sh.variants if v != "jigsaw"]
                     if not sh.jigsaw else (), symmetry, True, 0, seed,
                     time_limit)
    if sh.jigsaw:
        raise OptionError("minimize: a jigsaw puzzle is minimized by the "
                          "command line (sudokusat minimize)")
    q = puzzle.copy()
    r = lib.sks_minimize(gen.g, 0, q._a)
    if r != 1:
        raise SolveError({0: "no solution", 2: "more than one solution",
                          -1: "the time limit ran out"}.get(r, str(r)))
    return q


Repair = namedtuple("Repair", "kind cells fewest minimal solutions")
Repair.__doc__ = """What repair found: kind ("unique": nothing to do;
"added": cells to add, from one solution, make it unique; "core": givens
that together have no solution; "unknown": a budget ran out), cells
((row, col, digit) triples), fewest (no smaller set), minimal (a core
every given of which is needed), solutions (enumerated)."""


def repair(puzzle, time_limit=None):
    """Repairs a puzzle as `sudokusat repair` does."""
    r = lib.sks_repairer_new()
    try:
        opt = _RepairOptions(0, 0, 0, time_limit or 0.0)
        out = _Repair()
        kind = lib.sks_repair_puzzle(r, puzzle._a, byref(opt), byref(out))
        n = puzzle.n
        cells = tuple((c // n, c % n, d + 1) for c, d in
                      zip(out.cell[:out.ncells], out.digit[:out.ncells]))
        return Repair(("unique", "added", "core", "unknown")[kind], cells,
                      out.fewest, out.minimal, out.solutions)
    finally:
        lib.sks_repairer_delete(r)


def canon(puzzle):
    """The canonical form (minlex) under the shape's symmetry group: equal
    for every disguise of the same puzzle."""
    z = lib.sks_canon_new()
    try:
        n = puzzle.n
        out = (c_int * (n * n))()
        m = _CanonMap()
        err = _lib.Error()
        if lib.sks_canon_puzzle(z, puzzle._a, out, byref(m), byref(err)):
            raise SolveError(_msg(err))
        q = puzzle._with_cells(out)
        c = puzzle._c
        if c.removed:
            buf = (ctypes.c_ubyte * (n * n * n))()
            lib.sks_canon_apply_removed(byref(m), c.removed, buf)
            lib.sks_puzzle_clear_removed(q._a)
            for i, f in enumerate(buf):
                if f:
                    # flags are cell * n + digit
                    lib.sks_puzzle_remove(q._a, i // n, i % n)
        return q
    finally:
        lib.sks_canon_delete(z)


def dedupe(puzzles, threads=1, time_limit=None, chunk=1024):
    """The puzzles of an iterable (or a file's path) with every disguised
    repeat of an earlier one left out (canonical forms, as `sudokusat
    canon --dedupe`); a puzzle without a canonical form is kept."""
    from ._read import read
    import os
    if isinstance(puzzles, (str, bytes, os.PathLike)):
        puzzles = read(puzzles)
    if threads < 1:
        raise OptionError("threads %r: 1 or more" % (threads,))
    return _dedupe(puzzles, threads, time_limit, chunk)


def _dedupe(puzzles, threads, time_limit, chunk):
    from itertools import islice
    c = lib.sks_canon_classes_new(min(threads, 64), time_limit or 0.0)
    try:
        it = iter(puzzles)
        while True:
            batch = list(islice(it, chunk))
            if not batch:
                return
            k = len(batch)
            arr = (c_void_p * k)(*[p._a for p in batch])
            out = (_Verdict * k)()
            lib.sks_canon_classes_add(c, arr, k, out)
            for p, v in zip(batch, out):
                if v.seen != 1:  # SKS_CANON_REPEAT
                    yield p
    finally:
        lib.sks_canon_classes_delete(c)


def print_svg(puzzles, solutions=None, per_page=0, page=(0, 0)):
    """One SVG page (its text) of the puzzles (at most per_page; 0: all),
    as `sudokusat print` draws them; solutions (puzzles or None each)
    show their digits, the givens bold."""
    puzzles = list(puzzles)
    k = len(puzzles)
    if k == 0:
        raise OptionError("print_svg: no puzzle")
    if per_page < 0 or (per_page and k > per_page):
        raise OptionError("print_svg: %d puzzles on a page of %d"
                          % (k, per_page))
    arr = (c_void_p * k)(*[p._a for p in puzzles])
    grids = None
    keep = []
    if solutions is not None:
        solutions = list(solutions)
        if len(solutions) != k:
            raise OptionError("print_svg: %d solutions for %d puzzles"
                              % (len(solutions), k))
        grids = (c_void_p * k)()
        for i, s in enumerate(solutions):
            if s is not None:
                g = (c_int * len(s.cells))(*[v - 1 for v in s.cells])
                keep.append(g)
                grids[i] = ctypes.addressof(g)
    opt = _PrintOptions(per_page or k, page[0], page[1])
    res, data = memstream(lambda f: lib.sks_print_svg(
        f, arr, grids, k, byref(opt)))
    if res:
        raise OSError("print_svg: writing failed")
    return data.decode("utf-8")


# ---------------------------------------------------------------- certificates

def check(source, certificate_dir, file=1, time_limit=None):
    """Checks the certificates `sudokusat unique --certificate DIR` wrote
    for the puzzles of source (a file's path, or puzzles as read from
    it), as `sudokusat check` does, with the library's own proof checker
    and validator: a Verdict a puzzle, in order.  file: the place of the
    file on that command line (DIR/FILE-LINE.cert)."""
    import os
    from ._read import read
    from ._check import _check
    if time_limit is not None and not time_limit > 0:
        raise OptionError("time_limit %r: seconds, more than 0"
                          % (time_limit,))
    if not os.path.isdir(certificate_dir):
        raise FileNotFoundError(2, "no certificate folder", certificate_dir)
    if isinstance(source, (str, bytes, os.PathLike)):
        source = read(source, errors="yield")
    return _check(source, certificate_dir, file, time_limit)
