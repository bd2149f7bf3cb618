/* The picosat backend: PicoSAT linked in process, as an engine of the
 * shared CDCL layer (solver/cdcl.c).  Between puzzles on the same base
 * rules it forgets what the last puzzle taught it, so an answer does not
 * depend on the puzzles before it; blocking clauses live in push/pop. */
#include "cdcl_int.h"

#include "memory_int.h"

#include <picosat/picosat.h>
#include <stdlib.h>

/* PicoSAT's allocations come through these, so that memory running out is
 * the library's documented status 6 and not PicoSAT's own abort.  A size
 * of 0 frees (PicoSAT expects NULL back). */
static void *ps_new(void *mgr, size_t bytes) {
  (void)mgr;
  void *p = bytes ? malloc(bytes) : NULL;
  if (!p && bytes)
    sks_out_of_memory("PicoSAT", bytes);
  return p;
}

static void *ps_resize(void *mgr, void *p, size_t old, size_t bytes) {
  (void)mgr, (void)old;
  if (!bytes) {
    free(p);
    return NULL;
  }
  void *q = realloc(p, bytes);
  if (!q)
    sks_out_of_memory("PicoSAT", bytes);
  return q;
}

static void ps_delete(void *mgr, void *p, size_t bytes) {
  (void)mgr, (void)bytes;
  free(p);
}

static void *init(unsigned long long seed) {
  PicoSAT *ps = picosat_minit(NULL, ps_new, ps_resize, ps_delete);
  picosat_set_seed(ps, (unsigned)seed);
  return ps;
}

static void counters(void *e, sks_stats *st) {
  st->decisions += picosat_decisions(e);
  st->propagations += picosat_propagations(e);
}

static void release(void *e, sks_stats *st) {
  counters(e, st);
  picosat_reset(e);
}

static void reserve(void *e, int nvars) {
  picosat_adjust(e, nvars);
}
static void add(void *e, int lit) {
  picosat_add(e, lit);
}
static void assume(void *e, int lit) {
  picosat_assume(e, lit);
}

static int solve(void *e, long long max_steps) {
  int limit = max_steps > 0 && max_steps < 0x7fffffff ? (int)max_steps : -1;
  return picosat_sat(e, limit); /* PicoSAT's 10 / 20 / 0 are SKS_* */
}

static int val(void *e, int var) {
  return picosat_deref(e, var);
}
static int nvars(void *e) {
  return picosat_variables(e);
}

static void set_terminate(void *e, void *state, int (*fn)(void *)) {
  picosat_set_interrupt(e, state, fn);
}

static void stats(void *e, sks_stats *st) {
  counters(e, st);
  st->bytes = picosat_max_bytes_allocated(e);
}

static void new_puzzle(void *e, unsigned long long seed, bool searched) {
  /* Clauses learned under another puzzle's assumptions are valid but
   * mostly useless here, and they slow propagation (BENCHMARKS.md,
   * "PicoSAT per puzzle"). */
  if (searched)
    picosat_remove_learned(e, 100);
  /* The answer to a puzzle must not depend on the puzzles before it (a
   * batch on N threads prints what one thread prints), so the search
   * heuristics start afresh too. */
  picosat_reset_phases(e);
  picosat_reset_scores(e);
  picosat_set_seed(e, (unsigned)seed);
}

static void push(void *e) {
  picosat_push(e);
}
static void pop(void *e) {
  picosat_pop(e);
}

/* Base rules for every puzzle up to 16x16: base + assumptions beat a
 * fresh instance on 9x9 and on 16x16, but not on 20x20, where the base's
 * search space is the whole grid's (BENCHMARKS.md, "PicoSAT per puzzle",
 * "Fresh instances"). */
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
    .new_puzzle = new_puzzle,
    .push = push,
    .pop = pop,
};

static sks_solver *create(const sks_solver_options *opt, sks_error *err) {
  (void)err;
  return sks_cdcl_create(&engine, opt);
}

const sks_backend_ops sks_picosat_backend = {
    .info = {"picosat",
             SKS_CAP_RULES | SKS_CAP_CNF | SKS_CAP_EO | SKS_CAP_UNSAT |
                 SKS_CAP_BLOCK | SKS_CAP_SEED | SKS_CAP_STEPS,
             "PicoSAT in process (CDCL); incremental across a batch",
             SKS_PROPAGATE_LOCKED, 120},
    .create = create,
    SKS_CDCL_OPS,
};
