/* sudokusat solvers: one interface, several backends picked by name. */
#ifndef SKS_SOLVER_H
#define SKS_SOLVER_H

#include "sks_formats.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Room for the registry's backends (sks_stats.answered). */
enum { SKS_MAX_BACKENDS = 8 };

/* What a backend can do. */
enum sks_capability {
  SKS_CAP_CNF = 1u,        /* loads any CNF */
  SKS_CAP_EO = 2u,         /* loads an exactly-one system (a puzzle) */
  SKS_CAP_UNSAT = 4u,      /* can prove there is no solution */
  SKS_CAP_COUNT = 8u,      /* counts natively (sks_solver_count) */
  SKS_CAP_BLOCK = 16u,     /* takes added clauses (blocking) */
  SKS_CAP_PORTFOLIO = 32u, /* races seeds on one problem on threads */
  SKS_CAP_SEED = 64u,      /* a seed changes its search (options.seed) */
  SKS_CAP_STEPS = 128u,    /* a step limit bounds its search (max_steps) */
  SKS_CAP_COMMAND = 256u,  /* runs another program (options.command) */
  SKS_CAP_RULES = 512u     /* takes puzzles with variant rules (sks_rules.h:
                              it solves their CNF, rules lowered) */
};

typedef struct sks_limits {
  double time_limit;   /* seconds of this call; 0 = none */
  long long max_steps; /* conflicts / nodes / ODE steps; 0 = none */
} sks_limits;

typedef struct sks_stats {
  double seconds; /* time inside the backend */
  unsigned long long calls;
  unsigned long long decisions, propagations, conflicts; /* CDCL */
  unsigned long long nodes;                              /* DLX */
  unsigned long long steps, rejected, rhs, restarts;     /* analog */
  double analog_time;
  size_t bytes; /* memory the backend holds */
  /* Searches given up at their deadline while the engine was in a phase
   * that does not look at the clock: the answer was unknown on time, the
   * engine wound down on a thread of its own (its counters are not in
   * these). */
  unsigned long long abandoned;
  /* Searches raced by several instances of a CDCL engine on threads
   * (sks_solver_options.threads), and the instances they ran. */
  unsigned long long races, racers;
  /* Problems each backend answered, by its place in sks_backends() (the
   * auto route's choice; a backend named on its own counts its own). */
  unsigned long long answered[SKS_MAX_BACKENDS];
} sks_stats;

typedef struct sks_solver_options {
  unsigned long long seed; /* analog: initial state; others: phases */
  /* Threads one problem may use, 0/1 = one: the analog portfolio's
   * seeds; the CDCL engines (cadical, picosat) race that many instances
   * with other seeds on a big grid's own CNF, first answer wins. */
  int threads;
  const char *command;   /* external: the solver command line */
  int analog_memory;     /* analog: 1 = da/dt = a K (published law),
                            2 or 0 (default) = a K^2 (faster, measured) */
  int analog_method;     /* analog integrator, see analog.c; 0 = default */
  FILE *trace;           /* analog: CSV trace of the first solve, or NULL */
  long trace_every;      /* analog: a trace row every K accepted steps */
  double restart_base;   /* analog: first restart after this analog time */
  long long route_nodes; /* auto: the native engine's node budget before
                            a CDCL engine takes the puzzle over; 0 = the
                            measured default */
  const sks_encode_options *encode; /* lowering puzzles to CNF; NULL:
                                       extended, auto at-most-one */
  /* When set, the CDCL race takes its other threads from *spare only
   * (the cores the caller leaves idle now, at most threads - 1; read and
   * changed atomically, given back when the search ends); NULL: threads
   * as given. */
  int *spare;
} sks_solver_options;

typedef struct sks_solver sks_solver;

typedef struct sks_backend {
  const char *name;
  unsigned caps; /* SKS_CAP_* */
  const char *help;
  /* The propagation before this backend that measured fastest
   * (docs/backends.md, BENCHMARKS.md): what `--propagate auto` means for it. */
  sks_propagate propagate;
  /* Resident bytes a CNF variable costs it, measured (a CNF of 10^7
   * variables and one clause); 0 = not held in this process.  A CNF whose
   * variables would need more than the machine's memory is refused at
   * load (sks_solver_load_cnf) instead of ending the process. */
  unsigned var_bytes;
} sks_backend;

/* The registry: NULL-terminated list of backends. */
const sks_backend *const *sks_backends(void);
const sks_backend *sks_backend_find(const char *name);

/* The part an engine of the registry plays where a caller needs one of a
 * kind, not one the user named (a cross-check, a generator's search). */
typedef enum sks_role {
  SKS_ROLE_COUNTER,     /* counts natively by search, no clauses (dlx) */
  SKS_ROLE_BLOCKING,    /* CDCL counting by blocking clauses (picosat) */
  SKS_ROLE_CDCL,        /* the fastest CDCL on hard instances (cadical) */
  SKS_ROLE_FAST_COUNTER /* counts natively, bit-parallel, sides up to 64
                           (bits); past them the counter */
} sks_role;
/* The registry's engine for a role (never NULL). */
const sks_backend *sks_backend_for(sks_role role);

/* What is left of lim at this moment when its time began at start (from
 * sks_time): *left is lim with the seconds spent since taken off.
 * Returns false when the time is spent; *left then holds a time so short
 * that a solver given it stops at once. */
bool sks_limits_left(const sks_limits *lim, double start, sks_limits *left);

/* A new solver of the named backend; NULL with err filled when the name is
 * unknown or the backend cannot start (external: no command). */
sks_solver *sks_solver_new(const char *backend, const sks_solver_options *opt,
                           sks_error *err);
void sks_solver_delete(sks_solver *s); /* NULL is a no-op */
const sks_backend *sks_solver_backend(const sks_solver *s);

/* Loads a problem, replacing the previous one (and its added clauses).
 * The solver reuses what it can (a batch of one shape shares the base
 * rules).  Returns 0, or -1 with err filled (e.g. not supported). */
int sks_solver_load_cnf(sks_solver *s, const sks_cnf *cnf, sks_error *err);
/* Model variables are then x(r,c,d) = sks_var(n,r,c,d). */
int sks_solver_load_eo(sks_solver *s, const sks_eo *eo, sks_error *err);
/* Whether the backend takes a puzzle of this shape as it is
 * (sks_solver_load_puzzle): the caller may then skip the exactly-one
 * system's propagation.  Decoding its answers still takes a system of the
 * shape, loaded once with no puzzle (sks_eo_load(eo, NULL, ...)), which
 * leaves every candidate to the solver. */
bool sks_solver_takes_puzzle(const sks_solver *s, const sks_shape *shape);
/* Loads a puzzle (givens and removed candidates) when
 * sks_solver_takes_puzzle says so; returns 0, or -1 with err filled. */
int sks_solver_load_puzzle(sks_solver *s, const sks_puzzle *p, sks_error *err);
/* The time (sks_time's clock) past which loading a problem gives up, so a
 * time limit holds through the set-up of a big one: what is loaded by
 * then stays, and the next solve answers SKS_UNKNOWN at once.  0 = none
 * (the default). */
void sks_solver_set_deadline(sks_solver *s, double deadline);

/* Adds a clause to the loaded problem (gone with the next load). */
int sks_solver_add_clause(sks_solver *s, const int *lits, int n);

/* SKS_SAT, SKS_UNSAT or SKS_UNKNOWN (a limit stopped it). */
int sks_solver_solve(sks_solver *s, const sks_limits *lim);
/* After SKS_SAT: >0 when var is true, <0 when false. */
int sks_solver_value(const sks_solver *s, int var);
/* Whether the loaded problem is counted natively (sks_solver_count) rather
 * than with blocking clauses: an SKS_CAP_COUNT backend without
 * SKS_CAP_BLOCK always, the auto route when it chose such a backend. */
bool sks_solver_counts_natively(const sks_solver *s);
/* The propagation before loading a puzzle of this shape that measured
 * fastest for the backend (what --propagate auto means). */
sks_propagate sks_solver_propagation(const sks_solver *s,
                                     const sks_shape *shape);
/* Native count up to limit (0 = none), for SKS_CAP_COUNT backends.  Sets
 * *status: SKS_SAT when the count is exact or reached limit (there are at
 * least that many), SKS_UNKNOWN when a time or step limit stopped it.
 * Returns the solutions found. */
long long sks_solver_count(sks_solver *s, long long limit,
                           const sks_limits *lim, int *status);
void sks_solver_stats(const sks_solver *s, sks_stats *st);
/* After SKS_SAT, the model as an array (model[var] > 0: true) when the
 * backend keeps it so, else NULL; the same values sks_solver_value gives
 * for variables the loaded problem leaves open.  *nvars: its last index. */
const signed char *sks_solver_model(const sks_solver *s, int *nvars);
/* After a count that found them: the value of var in kept solution
 * `which` (0: the first, 1: the second) of a backend that counts
 * natively; the decoder shows two solutions of a puzzle that has several. */
int sks_solver_solution_value(const sks_solver *s, int which, int var);
/* After SKS_SAT (which 0) or a native count that found them (which 0 or
 * 1): solution `which` as a digit a cell (0..n-1, n*n cells, in the
 * model's variables x(r,c,d)), when the backend holds it so, else NULL.
 * The decoder reads it instead of the n^3 values; the validator checks
 * the grid either way. */
const unsigned char *sks_solver_grid(const sks_solver *s, int which);
/* sks_cleanup_run (sks_common.h): ends the process group of every
 * external solver running now and removes every temporary file, and no
 * new solver starts after it.  The external backend runs each solver in a
 * process group of its own, so a terminal's ^C reaches only sudokusat,
 * whose signal-handling thread calls this (not a signal handler: it takes
 * a lock). */
void sks_external_abandon(void);

/* Why the last solve gave SKS_UNKNOWN other than by a limit (an external
 * command failed, or its answer was unreadable or wrong); NULL when it
 * did not fail. */
const char *sks_solver_error(const sks_solver *s);

#ifdef __cplusplus
}
#endif
#endif
