/* The `auto` backend: picks the backend for each problem from a small
 * table (the grid's side), with a fallback when the pick runs out of its
 * budget.  The table and the measurements behind it are in docs/backends.md
 * ("Solvers", auto) and BENCHMARKS.md. */
#include "eo.h"
#include "require_int.h"
#include "solver_int.h"

#include <stdlib.h>

/* The route, by side n (BENCHMARKS.md, "Authoring through bits"):
 *   n <= BITS_MAX_N  bits (takes the puzzle as it is), searching at most
 *                    BUDGET_9 nodes up to 9x9, BUDGET up to SMALL_N and
 *                    BUDGET_LARGE above (a long search there is one for
 *                    CDCL), then a CDCL engine on the same puzzle: hall
 *                    up to HALL_MAX_N, cadical above
 *   larger           cadical (locked candidates before it)
 * A puzzle with variant rules goes to a CDCL engine (its rules are
 * clauses): hall up to HALL_MAX_N, whose sum propagator takes sums
 * inside its search (on the 9x9 puzzles of the Interactive Sudoku
 * Solver's collection: 93.9 s against cadical's 105.5 s, the puzzles
 * without sums 17.3 s against 27.9 s, killer cages even;
 * BENCHMARKS.md, "Variant puzzles on hall, and sums a house and the
 * sums crossing it imply"), cadical above.
 * A CNF goes to cadical.  Counting takes the same pick and the same
 * fallback: bits counts natively within the budget; when the budget runs
 * out with few solutions found, the puzzle moves to the CDCL engine and
 * the count says unknown while the route no longer counts natively, so
 * the caller (sks_count) counts again there with blocking clauses.  dlx
 * stays in the table's engines for a caller that names it. */
enum {
  BITS_MAX_N = 36,
  SMALL_N = 16,
  /* up to 9x9 a deep search is hall's: the pencil-mark puzzles of the
   * Interactive Sudoku Solver's collection, plain 9x9 grids of marks
   * that need 0.2-95 M nodes of bits (0.07-28 s), take hall 0.9-18 s;
   * a million nodes (about 0.3 s) keeps the shallow ones with bits
   * (BENCHMARKS.md, "Variant puzzles on hall, and sums a house and the
   * sums crossing it imply") */
  BUDGET_9 = 1000000,
  BUDGET = 200000,
  BUDGET_LARGE = 500,
  R_DLX = 0,
  R_CADICAL,
  R_BITS,
  R_HALL,
  R_ENGINES
};
/* The sides up to which puzzles with rules, and deep trees, go to hall
 * (the measurements were of 9x9 puzzles). */
enum { HALL_MAX_N = 9 };
/* A count that found fewer solutions than this within the budget goes to
 * the CDCL engine; more, and the native counter (enumerating them far faster
 * than blocking clauses would) counts on without the budget. */
enum { FEW_FOUND = 8 };

static const sks_backend_ops *const engine_ops[R_ENGINES] = {
    &sks_dlx_backend, &SKS_CDCL_FAST, &sks_bits_backend, &sks_hall_backend};

/* Whether engine k is a native one, searching within a node budget (the
 * CDCL engines search without one). */
static bool native(int k) {
  return k == R_DLX || k == R_BITS;
}

/* The CDCL engine for side n, for a puzzle with variant rules and for a
 * deep tree a native search hands over: hall up to HALL_MAX_N, cadical
 * above. */
static int cdcl_for(int n) {
  return n <= HALL_MAX_N ? R_HALL : R_CADICAL;
}

typedef struct route {
  struct sks_solver base;
  sks_solver_options opt;
  sks_solver *sub[R_ENGINES]; /* created when first needed */
  int cur;                    /* the engine holding the problem */
  const sks_eo *eo;           /* the loaded puzzle, for a fallback */
  const sks_puzzle *puzzle;   /* or the puzzle loaded as it is */
  sks_eo *own;                /* its system, made for a fallback */
  unsigned long long answered[R_ENGINES];
} route;

static sks_solver *create(const sks_solver_options *opt, sks_error *err) {
  (void)err;
  route *r = sks_calloc(1, sizeof *r);
  r->opt = *opt;
  return &r->base;
}

static void destroy(sks_solver *base) {
  route *r = (route *)base;
  for (int k = 0; k < R_ENGINES; k++)
    sks_solver_delete(r->sub[k]);
  sks_eo_delete(r->own);
  free(r);
}

static sks_solver *engine(route *r, int k) {
  if (!r->sub[k]) {
    r->sub[k] = sks_solver_new(engine_ops[k]->info.name, &r->opt, NULL);
    sks_require(r->sub[k], "a built-in backend failed to start");
  }
  return r->sub[k];
}

static int pick(const sks_shape *shape) {
  return shape->n <= BITS_MAX_N ? R_BITS : R_CADICAL;
}

/* The native engine's node budget before a CDCL engine takes over. */
static long long budget_of(const route *r) {
  if (r->opt.route_nodes > 0)
    return r->opt.route_nodes;
  const sks_shape *shape = r->eo ? r->eo->shape : r->puzzle->shape;
  return shape->n <= 9 ? BUDGET_9 : shape->n <= SMALL_N ? BUDGET : BUDGET_LARGE;
}

static sks_propagate propagation(const sks_solver *base,
                                 const sks_shape *shape) {
  (void)base;
  return engine_ops[pick(shape)]->info.propagate; /* once a puzzle */
}

static int load_eo(sks_solver *base, const sks_eo *eo, sks_error *err) {
  route *r = (route *)base;
  r->eo = eo;
  /* Variant rules are clauses: a CDCL engine's. */
  r->cur = eo->rules ? cdcl_for(eo->n) : pick(eo->shape);
  sks_solver_set_deadline(engine(r, r->cur), base->load_deadline);
  return sks_solver_load_eo(engine(r, r->cur), eo, err);
}

static bool takes_puzzle(const sks_solver *base, const sks_shape *shape) {
  (void)base;
  return pick(shape) == R_BITS;
}

static int load_puzzle(sks_solver *base, const sks_puzzle *p, sks_error *err) {
  route *r = (route *)base;
  r->eo = NULL;
  r->puzzle = p;
  r->cur = R_BITS;
  return sks_solver_load_puzzle(engine(r, r->cur), p, err);
}

/* The CDCL engine a native search hands a deep tree to. */
static int fallback(const route *r) {
  return cdcl_for(r->eo ? r->eo->n : r->puzzle->shape->n);
}

/* The system of a puzzle loaded as it is, for the fallback. */
static const sks_eo *system_of(route *r) {
  if (r->eo)
    return r->eo;
  if (!r->own || !sks_shape_same(sks_eo_shape(r->own), r->puzzle->shape)) {
    sks_eo_delete(r->own);
    r->own = sks_eo_new(r->puzzle->shape);
  }
  sks_eo_set_deadline(r->own, r->base.load_deadline);
  sks_eo_load(r->own, r->puzzle, engine_ops[fallback(r)]->info.propagate);
  return r->own;
}

static int load_cnf(sks_solver *base, const sks_cnf *cnf, sks_error *err) {
  route *r = (route *)base;
  r->eo = NULL;
  r->cur = R_CADICAL;
  sks_solver_set_deadline(engine(r, r->cur), base->load_deadline);
  return sks_solver_load_cnf(engine(r, r->cur), cnf, err);
}

static int add_clause(sks_solver *base, const int *lits, int n) {
  route *r = (route *)base;
  return sks_solver_add_clause(r->sub[r->cur], lits, n);
}

static int solve(sks_solver *base, const sks_limits *lim) {
  route *r = (route *)base;
  double start = sks_time();
  sks_limits first = *lim;
  bool budget = native(r->cur) && lim->max_steps <= 0;
  if (budget)
    first.max_steps = budget_of(r);
  int res = sks_solver_solve(r->sub[r->cur], &first);
  sks_limits rest;
  if (res == SKS_UNKNOWN && budget && sks_limits_left(lim, start, &rest)) {
    /* The search tree is deep: CDCL learns its way through it. */
    r->cur = fallback(r);
    sks_solver_load_eo(engine(r, r->cur), system_of(r), NULL);
    res = sks_solver_solve(r->sub[r->cur], &rest);
  }
  r->answered[r->cur]++;
  return res;
}

static int value(const sks_solver *base, int var) {
  const route *r = (const route *)base;
  return sks_solver_value(r->sub[r->cur], var);
}

static const signed char *model(const sks_solver *base, int *nvars) {
  const route *r = (const route *)base;
  return sks_solver_model(r->sub[r->cur], nvars);
}

static bool counts_natively(const sks_solver *base) {
  const route *r = (const route *)base;
  return native(r->cur);
}

static long long count(sks_solver *base, long long limit, const sks_limits *lim,
                       int *status) {
  route *r = (route *)base;
  double start = sks_time();
  sks_limits first = *lim, rest;
  bool budget = native(r->cur) && lim->max_steps <= 0;
  if (budget)
    first.max_steps = budget_of(r);
  long long n = sks_solver_count(r->sub[r->cur], limit, &first, status);
  if (*status == SKS_UNKNOWN && budget && n < FEW_FOUND) {
    /* A deep tree with few solutions in it: CDCL with blocking clauses
     * counts it (the caller sees that the route no longer counts
     * natively). */
    r->cur = fallback(r);
    sks_solver_set_deadline(engine(r, r->cur), base->load_deadline);
    sks_solver_load_eo(engine(r, r->cur), system_of(r), NULL);
    return n;
  }
  /* Many solutions: the native counter's ground; it counts on, in the
   * time left. */
  if (*status == SKS_UNKNOWN && budget && sks_limits_left(lim, start, &rest))
    n = sks_solver_count(r->sub[r->cur], limit, &rest, status);
  r->answered[r->cur]++;
  return n;
}

static int solution_value(const sks_solver *base, int which, int var) {
  const route *r = (const route *)base;
  return sks_solver_solution_value(r->sub[r->cur], which, var);
}

static const unsigned char *grid(const sks_solver *base, int which) {
  const route *r = (const route *)base;
  return sks_solver_grid(r->sub[r->cur], which);
}

static const char *error(const sks_solver *base) {
  const route *r = (const route *)base;
  return r->sub[r->cur] ? sks_solver_error(r->sub[r->cur]) : NULL;
}

/* The engines' figures added up; answered says which answered what. */
static void stats(const sks_solver *base, sks_stats *st) {
  const route *r = (const route *)base;
  for (int k = 0; k < R_ENGINES; k++) {
    if (!r->sub[k])
      continue;
    sks_stats e;
    sks_solver_stats(r->sub[k], &e);
    st->seconds += e.seconds;
    st->calls += e.calls;
    st->decisions += e.decisions;
    st->propagations += e.propagations;
    st->conflicts += e.conflicts;
    st->nodes += e.nodes;
    st->bytes += e.bytes;
    st->abandoned += e.abandoned;
    st->races += e.races;
    st->racers += e.racers;
    st->answered[sks_backend_index(r->sub[k]->ops)] = r->answered[k];
  }
}

const sks_backend_ops sks_auto_backend = {
    .info = {"auto",
             SKS_CAP_RULES | SKS_CAP_CNF | SKS_CAP_EO | SKS_CAP_UNSAT |
                 SKS_CAP_COUNT | SKS_CAP_BLOCK | SKS_CAP_SEED | SKS_CAP_STEPS,
             "picks per puzzle: bits up to 36x36 (after a node budget "
             "hall up to 9x9, cadical above), cadical above and for "
             "CNF; variant rules: hall up to 9x9, cadical above",
             SKS_PROPAGATE_LOCKED, 170},
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
    .error = error,
    .counts_natively = counts_natively,
    .propagation = propagation,
    .takes_puzzle = takes_puzzle,
    .load_puzzle = load_puzzle,
};
