/* The `bits` backend: the bit-parallel exact engine (solver/bits.c) over a
 * loaded exactly-one system of side up to 64: solves, proves none, counts
 * natively and keeps the first two solutions.  A CNF is taken only when
 * it carries the encoder's puzzle description. */
#include "bits_int.h"
#include "eo.h"
#include "require_int.h"
#include "solver_int.h"

#include <stdlib.h>
#include <string.h>

typedef struct bits_solver {
  struct sks_solver base;
  sks_bits *bits; /* for the shape of the last puzzle */
  uint64_t *mask; /* by cell: the loaded candidates */
  int n, nvars;
  int status;               /* the system's status at loading */
  bool loaded;              /* a puzzle is in */
  int nsolved;              /* solutions of the last call kept (0..2) */
  bool as_model;            /* model[] holds solution 0 */
  const signed char *fixed; /* the system's values (status SKS_SAT) */
  signed char *model;       /* by var, built on demand */
  sks_described cnf;        /* a CNF's puzzle, system and variable map */
  sks_bits_options opt;     /* how engines are made (sks_bits_solver_options) */
  bool from_cnf;            /* load_eo called by load_cnf: keep the map */
  sks_stats st;
} bits_solver;

static sks_solver *create(const sks_solver_options *opt, sks_error *err) {
  (void)opt; /* deterministic: no seed */
  (void)err;
  bits_solver *s = sks_calloc(1, sizeof *s);
  return &s->base;
}

static void destroy(sks_solver *base) {
  bits_solver *s = (bits_solver *)base;
  sks_bits_delete(s->bits);
  free(s->mask);
  free(s->model);
  sks_described_free(&s->cnf);
  free(s);
}

void sks_bits_solver_options(sks_solver *base, const sks_bits_options *opt) {
  sks_require(base->ops == &sks_bits_backend, "not a bits solver");
  bits_solver *s = (bits_solver *)base;
  s->opt = *opt;
  sks_bits_delete(s->bits); /* the next load makes one with opt */
  s->bits = NULL;
  s->loaded = false;
}

/* Sized for side n, for a puzzle about to load. */
static int fit(bits_solver *s, const sks_shape *shape, sks_error *err) {
  int n = shape->n, cells = n * n;
  if (n > SKS_BITS_MAX_N)
    return sks_error_set(err, -1, 0, 0,
                         "the bits backend takes sides up to %d, not %d "
                         "(use dlx or cadical)",
                         SKS_BITS_MAX_N, n);
  if (!s->bits || !sks_shape_same(sks_bits_shape(s->bits), shape)) {
    sks_bits_delete(s->bits);
    s->bits = sks_bits_new_with(shape, &s->opt);
    s->mask = sks_realloc(s->mask, (size_t)cells * sizeof *s->mask);
    s->model = sks_realloc(s->model, (size_t)cells * n + 1);
  }
  s->n = n;
  s->nvars = cells * n;
  s->loaded = true;
  s->nsolved = 0;
  s->as_model = false;
  return 0;
}

/* The puzzle as given (givens, removed candidates): the engine's own
 * propagation finds at once what the system's found. */
static void load_givens(bits_solver *s, const int *given,
                        const unsigned char *out) {
  if (!out && sks_bits_load_givens(s->bits, given))
    return;
  int n = s->n, cells = n * n;
  uint64_t full = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
  for (int c = 0; c < cells; c++) {
    int g = given[c];
    uint64_t x = g >= 0 ? (uint64_t)1 << g : full;
    if (out)
      for (int d = 0; d < n; d++)
        x &= ~((uint64_t)(out[(size_t)c * n + d] != 0) << d);
    s->mask[c] = x;
  }
  if (!sks_bits_load(s->bits, s->mask))
    s->status = SKS_UNSAT;
}

static int load_eo(sks_solver *base, const sks_eo *eo, sks_error *err) {
  bits_solver *s = (bits_solver *)base;
  if (!s->from_cnf)
    sks_described_unmap(&s->cnf);
  if (fit(s, eo->shape, err))
    return -1;
  s->status = eo->status;
  s->fixed = eo->val;
  if (eo->status == SKS_UNKNOWN)
    load_givens(s, eo->given, eo->has_removed ? eo->removed : NULL);
  return 0;
}

static bool takes_puzzle(const sks_solver *base, const sks_shape *shape) {
  (void)base;
  return shape->n <= SKS_BITS_MAX_N;
}

static int load_puzzle(sks_solver *base, const sks_puzzle *p, sks_error *err) {
  bits_solver *s = (bits_solver *)base;
  sks_described_unmap(&s->cnf);
  if (fit(s, p->shape, err))
    return -1;
  s->status = SKS_UNKNOWN;
  s->fixed = NULL;
  load_givens(s, p->cell, p->removed);
  return 0;
}

static int load_cnf(sks_solver *base, const sks_cnf *cnf, sks_error *err) {
  bits_solver *s = (bits_solver *)base;
  if (sks_described_load(&s->cnf, cnf, base->load_deadline, "a puzzle for bits",
                         err))
    return -1;
  if (sks_eo_cut(s->cnf.eo)) {
    s->loaded = true;
    s->status = SKS_UNKNOWN;
    base->cut = true; /* the deadline came first: solve answers unknown */
    return 0;
  }
  s->from_cnf = true;
  int rc = load_eo(base, s->cnf.eo, err);
  s->from_cnf = false;
  return rc;
}

/* Blocking clauses are not taken: the backend counts natively. */
static int add_clause(sks_solver *base, const int *lits, int n) {
  (void)base;
  (void)lits;
  (void)n;
  return -1;
}

static void add_counts(bits_solver *s) {
  sks_bits_counts k;
  sks_bits_counts_get(s->bits, &k);
  s->st.nodes += k.nodes;
  s->st.decisions += k.guesses;
  s->st.conflicts += k.conflicts;
}

/* The search for up to limit solutions, or the answer the system gave at
 * loading. */
static long long run(bits_solver *s, long long limit, const sks_limits *lim,
                     int *status) {
  sks_require(s->loaded, "nothing loaded");
  double t0 = sks_time();
  s->st.calls++;
  s->as_model = false;
  long long k = 0;
  *status = SKS_SAT;
  if (s->status == SKS_SAT)
    k = 1;
  else if (s->status == SKS_UNKNOWN) {
    k = sks_bits_search(s->bits, limit, lim, status);
    add_counts(s);
  }
  s->nsolved = k < 2 ? (int)k : 2;
  s->st.seconds += sks_time() - t0;
  return k;
}

static int solve(sks_solver *base, const sks_limits *lim) {
  bits_solver *s = (bits_solver *)base;
  int status;
  long long k = run(s, 1, lim, &status);
  return k ? SKS_SAT : status == SKS_UNKNOWN ? SKS_UNKNOWN : SKS_UNSAT;
}

static long long count(sks_solver *base, long long limit, const sks_limits *lim,
                       int *status) {
  bits_solver *s = (bits_solver *)base;
  int st;
  long long k = run(s, limit, lim, &st);
  if (status)
    *status = st;
  return k;
}

/* Solution `which`'s value of x var (1-based), +1 or -1. */
static int sol_value(const bits_solver *s, int which, int var) {
  var = sks_described_var(&s->cnf, var); /* 0: not modelled */
  if (var < 1 || var > s->nvars)
    return -1;
  if (s->status == SKS_SAT)
    return s->fixed[var] > 0 ? 1 : -1;
  int c = (var - 1) / s->n, d = (var - 1) - c * s->n;
  return sks_bits_solution(s->bits, which)[c] == d ? 1 : -1;
}

static int value(const sks_solver *base, int var) {
  const bits_solver *s = (const bits_solver *)base;
  sks_require(s->nsolved > 0, "no solution to read");
  return sol_value(s, 0, var);
}

static int solution_value(const sks_solver *base, int which, int var) {
  const bits_solver *s = (const bits_solver *)base;
  sks_require(which >= 0 && which < s->nsolved, "no such solution kept");
  return sol_value(s, which, var);
}

/* The engine's own solution grid: only while the solutions are its own
 * search's in the system's variables (not a system solved at loading,
 * not a renumbered CNF). */
static const unsigned char *grid(const sks_solver *base, int which) {
  const bits_solver *s = (const bits_solver *)base;
  if (which < 0 || which >= s->nsolved || s->cnf.map ||
      s->status != SKS_UNKNOWN)
    return NULL;
  return sks_bits_solution(s->bits, which);
}

static const signed char *model(const sks_solver *base, int *nvars) {
  bits_solver *s = (bits_solver *)base; /* the array is a cache */
  if (!s->nsolved || s->cnf.map)
    return NULL; /* a renumbered CNF: only value() knows the way */
  if (!s->as_model) {
    if (s->status == SKS_SAT)
      memcpy(s->model, s->fixed, (size_t)s->nvars + 1);
    else {
      memset(s->model, -1, (size_t)s->nvars + 1);
      const unsigned char *sol = sks_bits_solution(s->bits, 0);
      for (int c = 0, cells = s->n * s->n; c < cells; c++)
        s->model[c * s->n + sol[c] + 1] = 1;
    }
    s->as_model = true;
  }
  *nvars = s->nvars;
  return s->model;
}

static void stats(const sks_solver *base, sks_stats *st) {
  const bits_solver *s = (const bits_solver *)base;
  *st = s->st;
  st->bytes = sizeof *s + (s->bits ? sks_bits_bytes(s->bits) : 0) +
              (size_t)s->nvars + 1;
}

const sks_backend_ops sks_bits_backend = {
    .info = {"bits",
             SKS_CAP_EO | SKS_CAP_CNF | SKS_CAP_UNSAT | SKS_CAP_COUNT |
                 SKS_CAP_STEPS,
             "bit-parallel DPLL over candidate sets (naked and hidden "
             "singles at every node), sides up to 64; solves, proves none, "
             "counts",
             /* the engine propagates itself: the givens are enough */
             SKS_PROPAGATE_GIVENS, 0},
    .create = create,
    .destroy = destroy,
    .load_cnf = load_cnf,
    .load_eo = load_eo,
    .add_clause = add_clause,
    .solve = solve,
    .value = value,
    .count = count,
    .stats = stats,
    .model = model,
    .solution_value = solution_value,
    .grid = grid,
    .takes_puzzle = takes_puzzle,
    .load_puzzle = load_puzzle,
};
