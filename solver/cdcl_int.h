/* Private: puzzles on an incremental CDCL solver (solver/cdcl.c), with the
 * SAT library behind a small engine table, so picosat and cadical share
 * everything but the calls into their libraries. */
#ifndef SKS_CDCL_INT_H
#define SKS_CDCL_INT_H

#include "solver_int.h"

typedef struct sks_engine {
  /* Puzzles of shapes up to this many candidates get the base rules once
   * per shape (fixed cells as assumptions); larger ones a fresh instance
   * of their reduced CNF each. */
  int base_max_vars;
  void *(*init)(unsigned long long seed);
  /* Adds the instance's counters to st, then frees it. */
  void (*release)(void *e, sks_stats *st);
  /* Makes variables 1 .. nvars known (before adding them). */
  void (*reserve)(void *e, int nvars);
  void (*add)(void *e, int lit);
  void (*assume)(void *e, int lit);
  /* SKS_SAT / SKS_UNSAT / SKS_UNKNOWN (terminated or max_steps conflicts
   * or decisions spent; 0 = none). */
  int (*solve)(void *e, long long max_steps);
  int (*val)(void *e, int var); /* after SKS_SAT: > 0 true */
  int (*nvars)(void *e);        /* the largest variable known */
  /* fn(state) != 0 stops the search; fn NULL clears it. */
  void (*set_terminate)(void *e, void *state, int (*fn)(void *));
  /* The instance's counters so far (added to st) and its bytes. */
  void (*stats)(void *e, sks_stats *st);
  /* Optional: the counters stats gives, read while another thread
   * searches on the instance (a race's abandoned search). */
  void (*peek)(const void *e, sks_stats *st);
  /* Optional: a new puzzle on the base rules; searched says whether the
   * last call was a search (its learned clauses are there). */
  void (*new_puzzle)(void *e, unsigned long long seed, bool searched);
  /* Optional: a clause context the next pop removes; without it blocking
   * clauses hang on an activation literal that the next puzzle retires. */
  void (*push)(void *e);
  void (*pop)(void *e);
  /* Optional: the variant rules of a puzzle loaded as a fresh instance,
   * after its clauses (which hold every rule): eo the puzzle's system
   * (its shape and eo->rules), var[x] the engine variable of candidate x
   * (0: not in the clauses), fixed[x] its value when propagation fixed it
   * (+1 / -1, else 0).  An engine may propagate some rules itself (hall's
   * sums). */
  void (*rules)(void *e, const sks_eo *eo, const int *var,
                const signed char *fixed);
} sks_engine;

/* cdcl_watch.c: a race of n instances on a problem (n = 1: one search
 * watched by the clock), each on a thread of its own, the first answer
 * (SAT or UNSAT) winning; the others are told
 * to stop at once and free their instance when they return.  e[0] is
 * loaded; e[i > 0] is NULL and each such thread makes its own instance
 * (eng->init(seeds[i])) and loads load(data, instance), which must stop
 * when stop(race) says so, before it searches.  Returns the answer, and
 * in *kept the instance the caller keeps (the winner's, else e[0]'s
 * when every search returned unknown), or NULL past the deadline (plus
 * the watch's grace): then every instance is left to its thread.
 * Counters of the instances the caller does not keep go to st, those of a
 * search left running too where the engine can peek. */
typedef struct sks_race sks_race;
int sks_cdcl_race(const sks_engine *eng, void *e0, int n,
                  const unsigned long long *seeds,
                  void (*load)(void *data, const sks_race *r, void *e),
                  void *data, double deadline, long long max_steps, void **kept,
                  sks_stats *st);
/* True once the race is decided or left: a loading thread stops. */
bool sks_race_stopped(const sks_race *r);

/* Adds e's counters to st, then frees e on a thread of its own. */
void sks_cdcl_retire(const sks_engine *eng, void *e, sks_stats *st);

/* The backend calls, over an engine. */
sks_solver *sks_cdcl_create(const sks_engine *eng,
                            const sks_solver_options *opt);
void sks_cdcl_destroy(sks_solver *s);
int sks_cdcl_load_cnf(sks_solver *s, const sks_cnf *cnf, sks_error *err);
int sks_cdcl_load_eo(sks_solver *s, const sks_eo *eo, sks_error *err);
int sks_cdcl_add_clause(sks_solver *s, const int *lits, int n);
int sks_cdcl_solve(sks_solver *s, const sks_limits *lim);
int sks_cdcl_value(const sks_solver *s, int var);
const signed char *sks_cdcl_model(const sks_solver *s, int *nvars);
void sks_cdcl_stats(const sks_solver *s, sks_stats *st);

/* The vtable entries every CDCL backend shares. */
#define SKS_CDCL_OPS                                                           \
  .destroy = sks_cdcl_destroy, .load_cnf = sks_cdcl_load_cnf,                  \
  .load_eo = sks_cdcl_load_eo, .add_clause = sks_cdcl_add_clause,              \
  .solve = sks_cdcl_solve, .value = sks_cdcl_value, .stats = sks_cdcl_stats,   \
  .model = sks_cdcl_model

#endif
