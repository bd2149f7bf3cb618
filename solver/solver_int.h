/* Private: what a backend implements.  Each backend's solver struct starts
 * with `struct sks_solver base;` and registers a vtable in solver.c. */
#ifndef SKS_SOLVER_INT_H
#define SKS_SOLVER_INT_H

#include "sks_solver.h"

typedef struct sks_backend_ops {
  sks_backend info;
  sks_solver *(*create)(const sks_solver_options *opt, sks_error *err);
  void (*destroy)(sks_solver *s);
  int (*load_cnf)(sks_solver *s, const sks_cnf *cnf, sks_error *err);
  int (*load_eo)(sks_solver *s, const sks_eo *eo, sks_error *err);
  int (*add_clause)(sks_solver *s, const int *lits, int n);
  int (*solve)(sks_solver *s, const sks_limits *lim);
  int (*value)(const sks_solver *s, int var);
  long long (*count)(sks_solver *s, long long limit, const sks_limits *lim,
                     int *status);
  void (*stats)(const sks_solver *s, sks_stats *st);
  /* Optional: the model as an array by variable (after SKS_SAT), when the
   * backend holds it that way; *nvars receives its last index. */
  const signed char *(*model)(const sks_solver *s, int *nvars);
  /* Optional (SKS_CAP_COUNT): kept solution `which` after a count. */
  int (*solution_value)(const sks_solver *s, int which, int var);
  /* Optional: solution `which` as a digit a cell, or NULL. */
  const unsigned char *(*grid)(const sks_solver *s, int which);
  /* Optional: why the last solve failed, or NULL. */
  const char *(*error)(const sks_solver *s);
  /* Optional (the route): native counting and propagation decided per
   * problem rather than by the registry row. */
  bool (*counts_natively)(const sks_solver *s);
  sks_propagate (*propagation)(const sks_solver *s, const sks_shape *shape);
  /* Optional: puzzles taken as they are (sks_solver_load_puzzle). */
  bool (*takes_puzzle)(const sks_solver *s, const sks_shape *shape);
  int (*load_puzzle)(sks_solver *s, const sks_puzzle *p, sks_error *err);
} sks_backend_ops;

struct sks_solver {
  const sks_backend_ops *ops;
  double load_deadline; /* sks_solver_set_deadline; 0 = none */
  bool cut; /* the loaded system was cut at its deadline (sks_eo_cut):
               solve and count answer SKS_UNKNOWN without the backend */
};

extern const sks_backend_ops sks_picosat_backend;
extern const sks_backend_ops sks_cadical_backend;
extern const sks_backend_ops sks_dlx_backend;
extern const sks_backend_ops sks_bits_backend;
extern const sks_backend_ops sks_analog_backend;
extern const sks_backend_ops sks_external_backend;
extern const sks_backend_ops sks_hall_backend;
extern const sks_backend_ops sks_auto_backend;

/* The CDCL engines the route and the roles (sks_backend_for) take:
 * CaDiCaL's and PicoSAT's, or, in a build without their libraries (the
 * WebAssembly build: solver/CMakeLists.txt defines SKS_CDCL_OWN_ONLY),
 * the project's own hall for both. */
#ifdef SKS_CDCL_OWN_ONLY
#define SKS_CDCL_FAST sks_hall_backend
#define SKS_CDCL_BLOCKING sks_hall_backend
#else
#define SKS_CDCL_FAST sks_cadical_backend
#define SKS_CDCL_BLOCKING sks_picosat_backend
#endif

/* The backend's place in the registry (sks_stats.answered). */
int sks_backend_index(const sks_backend_ops *ops);

/* A written CNF solved from the puzzle its description gives, not from
 * its clauses (dlx, bits; solver/described.c): the puzzle, its system
 * propagated as the description says, and the CNF's variable map (CNF var
 * i+1 -> x var map[i]; NULL when the CNF kept the numbering). */
typedef struct sks_described {
  sks_puzzle *puzzle;
  sks_eo *eo; /* kept for the next CNF of the same shape */
  int *map;
  int nmap;
} sks_described;
/* Loads cnf's description into d, the system's deadline `deadline`; -1
 * and err when there is none (what: "an exact-cover problem for dlx", the
 * backend's name last). */
int sks_described_load(sks_described *d, const sks_cnf *cnf, double deadline,
                       const char *what, sks_error *err);
/* Drops the variable map: a puzzle loaded another way keeps its numbers. */
void sks_described_unmap(sks_described *d);
void sks_described_free(sks_described *d);
/* The x var of CNF var var: itself without a map, 0 for a variable the
 * map does not hold (an auxiliary one). */
int sks_described_var(const sks_described *d, int var);

#endif
