/* The cadical backend: CaDiCaL linked in process (Debian's libcadical-dev,
 * C API ccadical.h), as an engine of the shared CDCL layer
 * (solver/cdcl.c); the strong engine for big grids.  CaDiCaL has no
 * push/pop: a puzzle's blocking clauses hang on an activation literal. */
#include "cadical_int.h"
#include "cdcl_int.h"

#include <limits.h>
#include <stdlib.h>

/* The instance, and the counts its C API does not give. */
typedef struct cad {
  CCaDiCaL *s;
  int nvars; /* the largest variable added */
  /* written by the searching thread only, read atomically by any (peek) */
  unsigned long long learned;
} cad;

/* Every learned clause is one conflict: the count --stats shows. */
static void learn(void *state, int *clause) {
  (void)clause;
  cad *c = state;
  __atomic_store_n(&c->learned,
                   __atomic_load_n(&c->learned, __ATOMIC_RELAXED) + 1,
                   __ATOMIC_RELAXED);
}

static void *init(unsigned long long seed) {
  cad *c = sks_calloc(1, sizeof *c);
  c->s = sks_cadical_init();
  /* The library never prints: CaDiCaL's own messages go to stdout. */
  ccadical_set_option(c->s, "quiet", 1);
  ccadical_set_option(c->s, "seed", (int)(seed & INT_MAX));
  /* Backtracking to the jump's level, not chronologically: the variant
   * puzzles' CNFs take a sixth less CPU so, big grids and the 9x9 sets
   * the same (BENCHMARKS.md, "CaDiCaL without chronological
   * backtracking"). */
  ccadical_set_option(c->s, "chrono", 0);
  sks_cadical_set_learn(c->s, c, INT_MAX, learn);
  return c;
}

static void release(void *e, sks_stats *st) {
  cad *c = e;
  st->conflicts += c->learned;
  ccadical_release(c->s);
  free(c);
}

/* CaDiCaL grows on its own as literals come; a big step is taken here
 * (a variable frozen and melted is set up, nothing else), so that the
 * set-up of millions of variables comes in steps a deadline can stop. */
static void reserve(void *e, int nvars) {
  cad *c = e;
  if (nvars > c->nvars + 65536) {
    sks_cadical_freeze(c->s, nvars);
    sks_cadical_melt(c->s, nvars);
  }
  if (nvars > c->nvars)
    c->nvars = nvars;
}

static void add(void *e, int lit) {
  cad *c = e;
  if (abs(lit) > c->nvars)
    c->nvars = abs(lit);
  sks_cadical_add(c->s, lit);
}

static void assume(void *e, int lit) {
  sks_cadical_assume(((cad *)e)->s, lit);
}

static int solve(void *e, long long max_steps) {
  cad *c = e;
  /* A limit holds for the next call only. */
  if (max_steps > 0)
    ccadical_limit(c->s, "conflicts",
                   max_steps < INT_MAX ? (int)max_steps : INT_MAX);
  int res = sks_cadical_solve(c->s);
  return res == 10 ? SKS_SAT : res == 20 ? SKS_UNSAT : SKS_UNKNOWN;
}

static int val(void *e, int var) {
  return ccadical_val(((cad *)e)->s, var) > 0 ? 1 : -1;
}

static int nvars(void *e) {
  return ((cad *)e)->nvars;
}

static void set_terminate(void *e, void *state, int (*fn)(void *)) {
  sks_cadical_set_terminate(((cad *)e)->s, state, fn);
}

static void stats(void *e, sks_stats *st) {
  st->conflicts += ((cad *)e)->learned;
}

static void peek(const void *e, sks_stats *st) {
  st->conflicts +=
      __atomic_load_n(&((const cad *)e)->learned, __ATOMIC_RELAXED);
}

/* Base rules up to 16x16, as for picosat and for the same reason: past
 * it a fresh instance is faster (BENCHMARKS.md, "Fresh instances"). */
static const sks_engine engine = {
    .base_max_vars = 16 * 16 * 16,
    .init = init,
    .release = release,
    .reserve = reserve,
    .add = add,
    .assume = assume,
    .solve = solve,
    .val = val,
    .nvars = nvars,
    .set_terminate = set_terminate,
    .stats = stats,
    .peek = peek,
};

static sks_solver *create(const sks_solver_options *opt, sks_error *err) {
  (void)err;
  return sks_cdcl_create(&engine, opt);
}

const sks_backend_ops sks_cadical_backend = {
    .info = {"cadical",
             SKS_CAP_RULES | SKS_CAP_CNF | SKS_CAP_EO | SKS_CAP_UNSAT |
                 SKS_CAP_BLOCK | SKS_CAP_SEED | SKS_CAP_STEPS,
             "CaDiCaL in process (CDCL); the strong engine for big grids",
             SKS_PROPAGATE_LOCKED, 170},
    .create = create,
    SKS_CDCL_OPS,
};
